"""The one place SQLite and PostgreSQL differ (core.storage.repo.dialect): the questions the
storage asks, and which database errors are worth a retry."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError

from core.storage.repo.dialect import Dialect, transient


def test_sqlite_writes_are_serial_and_postgresql_ones_are_not():
    assert Dialect("sqlite").serial_writes and Dialect("sqlite").single_writer
    assert not Dialect("postgresql").serial_writes
    assert not Dialect("postgresql").single_writer


class PgError(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__(f"pg error {sqlstate}")
        self.sqlstate = sqlstate


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (OperationalError("x", {}, sqlite3.OperationalError("database is locked")), "SQLite busy"),
        (IntegrityError("x", {}, sqlite3.IntegrityError("UNIQUE constraint failed: t.c")),
         "unique conflict"),
        (IntegrityError("x", {}, sqlite3.IntegrityError("NOT NULL constraint failed: t.c")),
         None),
        (DBAPIError("x", {}, PgError("40001")), "PostgreSQL 40001"),
        (DBAPIError("x", {}, PgError("55P03")), "PostgreSQL 55P03"),
        (IntegrityError("x", {}, PgError("23505")), "unique conflict"),
        (DBAPIError("x", {}, PgError("42P01")), None),
    ],
)
def test_which_errors_are_retried(error, reason):
    assert transient(error, retry_disconnect=True) == reason


def test_a_lost_connection_is_retried_only_when_the_work_may_be_repeated():
    lost = DBAPIError("x", {}, sqlite3.OperationalError("gone"), connection_invalidated=True)
    assert transient(lost, retry_disconnect=True) == "connection lost"
    assert transient(lost, retry_disconnect=False) is None


async def test_the_storage_knows_its_database(storage, backend):
    assert storage.tx.dialect.name == backend
    assert storage.tx.dialect.serial_writes is (backend == "sqlite")
