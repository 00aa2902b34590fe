"""Fixtures for the directors' cogs: a real migrated Storage on SQLite and on PostgreSQL.

PostgreSQL needs ``TEST_DATABASE_URL`` (``eval "$(bash .ci/start-postgres.sh)"``); without it
those cases skip, except under CI (``CI`` set), where they fail: CI must exercise both backends.
"""

from __future__ import annotations

import pytest


@pytest.fixture
def storage(db_storage):
    """The bot's storage: a fresh database at the newest migration, on each backend."""
    return db_storage
