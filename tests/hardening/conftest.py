"""Fixtures for the hardening tests: the database backends come from ``tests/conftest.py``
(SQLite and PostgreSQL; PostgreSQL must run under CI), the Discord harness from tests/cogs."""

from __future__ import annotations

# The Discord harness (a LocalDiscord ``ld``, ``start_bot`` and ``bot``), shared with tests/cogs.
from tests.cogs.conftest import bot, ld, start_bot  # noqa: F401
