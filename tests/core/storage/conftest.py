"""The storage tests use the database fixtures of ``tests/conftest.py``: every test runs on
SQLite and on PostgreSQL (skipped without ``TEST_DATABASE_URL``, failing under CI)."""

from __future__ import annotations

import pytest


@pytest.fixture
def storage(db_storage):
    """The storage service on a fresh database at the newest migration."""
    return db_storage
