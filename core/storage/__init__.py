"""Storage: clubs, sessions, tables, boards and the ruling log in SQLAlchemy (SQLite/PostgreSQL).

The cogs call :class:`Storage`, which returns the plain values of :mod:`core.storage.values`;
the ORM models never leave this package. At start-up::

    await upgrade_to_head(url)            # the real Alembic migrations
    engine = make_engine(url)             # url None: $DATABASE_URL, else ./tdbot.db
    storage = Storage(make_sessionmaker(engine))
    ...
    await engine.dispose()
"""

from core.storage.db import database_url, make_engine, make_sessionmaker, upgrade_to_head
from core.storage.errors import STORAGE_ERRORS, Busy, Conflict, NotFound, StorageError
from core.storage.service import UNSET, Storage
from core.storage.values import (
    BoardInfo,
    ClubSettings,
    ClubStats,
    DirectorCallInfo,
    LogEntry,
    LogFilter,
    LogPage,
    RecordedEvent,
    Seating,
    SessionInfo,
    TableInfo,
    Verdict,
    VerdictKind,
)

__all__ = [
    "STORAGE_ERRORS",
    "UNSET",
    "BoardInfo",
    "Busy",
    "ClubSettings",
    "ClubStats",
    "Conflict",
    "DirectorCallInfo",
    "LogEntry",
    "LogFilter",
    "LogPage",
    "NotFound",
    "RecordedEvent",
    "Seating",
    "SessionInfo",
    "Storage",
    "StorageError",
    "TableInfo",
    "Verdict",
    "VerdictKind",
    "database_url",
    "make_engine",
    "make_sessionmaker",
    "upgrade_to_head",
]
