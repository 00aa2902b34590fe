"""Errors the storage service raises; every message is fit to show the user."""

from __future__ import annotations

from core.text import Msg


class StorageError(ValueError):
    """A request the stored data cannot satisfy."""


class NotFound(StorageError):
    """No such club, board, event or call in this guild (whether or not another guild has one)."""


class Conflict(StorageError):
    """The request clashes with what is stored (a taken seat, an event already voided …)."""


class Busy(StorageError):
    """The database stayed busy through every retry."""


class Stale(StorageError):
    """The board moved on since the command read it (another command wrote first): the
    command's checks were made on old facts, so nothing was written and the caller checks
    again (:func:`tdbot.context.checked`)."""


#: What a cog may show the user as a plain message.
STORAGE_ERRORS = (StorageError,)

#: The answer when the database itself failed (down, unreachable, disk full): nothing was saved.
NOT_SAVED = Msg(
    "Could not record this: the database is not available, so nothing was saved. "
    "Please try again in a moment."
)


#: SQLSTATE classes of a database that is not there for us: connection exceptions (08),
#: insufficient resources (53: too many connections, disk full), operator intervention (57:
#: shutting down, starting up, "cannot connect now"), system errors (58: I/O).
OUTAGE_SQLSTATES = ("08", "53", "57", "58")

#: Driver errors (by class name, so that a driver need not be installed) that mean the database
#: or the connection to it failed: asyncpg's connection errors and aiosqlite's closed connection.
OUTAGE_NAMES = frozenset({
    "CannotConnectNowError",
    "ConnectionDoesNotExistError",
    "ConnectionFailureError",
    "ConnectionRejectionError",
    "PostgresConnectionError",
    "ClientCannotConnectError",
    "TooManyConnectionsError",
    "AdminShutdownError",
    "CrashShutdownError",
    "OperatorInterventionError",
    "InterfaceError",
    "OperationalError",
})


#: What aiosqlite raises (as ValueError) when its connection's thread is gone.
AIOSQLITE_CLOSED = frozenset({"no active connection", "Connection closed"})


def is_outage(error: BaseException) -> bool:
    """Whether ``error`` (or what it wraps) is the database failing, not a bug or a bad request:
    a driver's operational or interface error (server down, connection refused, disk full,
    read-only file, asyncpg's "cannot connect now" while the server starts or stops), an
    SQLSTATE of :data:`OUTAGE_SQLSTATES`, or the connection itself failing (refused, reset,
    timed out)."""
    from sqlalchemy.exc import InterfaceError, OperationalError

    seen: set[int] = set()
    todo: list[BaseException | None] = [error]
    while todo:
        item = todo.pop()
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, OperationalError | InterfaceError | ConnectionError | TimeoutError):
            return True
        if type(item).__name__ in OUTAGE_NAMES:
            return True
        if isinstance(item, ValueError) and str(item) in AIOSQLITE_CLOSED:
            return True
        code = getattr(item, "sqlstate", None) or getattr(item, "pgcode", None)
        if isinstance(code, str) and code.startswith(OUTAGE_SQLSTATES):
            return True
        orig = getattr(item, "orig", None)
        todo += [getattr(item, "original", None), item.__cause__, item.__context__,
                 orig if isinstance(orig, BaseException) else None]
    return False
