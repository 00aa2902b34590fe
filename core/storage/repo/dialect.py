"""What differs between SQLite and PostgreSQL, in one place, so that the storage's business code
asks a question ("are writers serial?", "is this error worth a retry?") instead of naming a
database.

* SQLite has one writer at a time (``BEGIN IMMEDIATE``): a process queues its own writers on a
  lock instead of polling the file lock, and a check read in the same statement as the board is
  current (writes are serial).
* PostgreSQL evaluates a subquery with the snapshot taken before waiting for a row lock, so a
  check that must see the latest rows is read again after the board's row lock; the club's time
  zone is share-locked for the monthly roll-up (``rollup.CLUB_TIME_ZONE_FOR_WRITE``).
* ``SELECT … FOR UPDATE`` is written once: SQLAlchemy leaves it out on SQLite. Upserts (the
  roll-up's ``ON CONFLICT``) are in :mod:`core.storage.rollup`, which builds them per dialect.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.exc import DBAPIError, IntegrityError

#: Retry reasons that mean a full lock timeout was already waited.
LOCK_WAITS = ("SQLite busy", "PostgreSQL 55P03")


@dataclass(frozen=True)
class Dialect:
    """The database's answers to the questions the storage asks."""

    name: str

    @property
    def serial_writes(self) -> bool:
        """Write transactions run one at a time (SQLite): a check read together with the board
        in a write transaction is current, and needs no second read after the lock."""
        return self.name == "sqlite"

    @property
    def single_writer(self) -> bool:
        """The database takes one writer at a time: this process queues its writers itself."""
        return self.name == "sqlite"


def transient(exc: DBAPIError, retry_disconnect: bool) -> str | None:
    """Why a database error is worth retrying, or None when it is not."""
    if exc.connection_invalidated:
        return "connection lost" if retry_disconnect else None
    orig = exc.orig
    code = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if code in ("40001", "40P01", "55P03"):
        return f"PostgreSQL {code}"
    if isinstance(exc, IntegrityError):
        if code == "23505":
            return "unique conflict"
        name = getattr(orig, "sqlite_errorname", "") or ""
        if "UNIQUE" in name or "PRIMARYKEY" in name or "UNIQUE constraint" in str(orig):
            return "unique conflict"
        return None
    text = str(orig).lower()
    if "database is locked" in text or "database is busy" in text:
        return "SQLite busy"
    return None
