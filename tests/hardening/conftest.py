"""Fixtures for the hardening tests: the database backends come from ``tests/conftest.py``
(SQLite and PostgreSQL; PostgreSQL must run under CI), the Discord harness from tests/cogs."""

from __future__ import annotations

import pytest

from core.storage.service import Storage
from tdbot.client import EXTENSIONS

# The Discord harness (a LocalDiscord ``ld``, ``start_bot`` and ``bot``), shared with tests/cogs.
from tests.cogs.conftest import bot, ld, start_bot  # noqa: F401


@pytest.fixture
def extensions() -> tuple[str, ...]:
    """Every cog of the bot (a module that needs fewer or other ones says so itself)."""
    return EXTENSIONS


@pytest.fixture
def storage(db_storage: Storage) -> Storage:
    """A real migrated database on each backend (a module with its own set-up overrides it)."""
    return db_storage
