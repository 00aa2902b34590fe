"""Errors the storage service raises; every message is fit to show the user."""

from __future__ import annotations


class StorageError(ValueError):
    """A request the stored data cannot satisfy."""


class NotFound(StorageError):
    """No such club, board, event or call in this guild (whether or not another guild has one)."""


class Conflict(StorageError):
    """The request clashes with what is stored (a taken seat, an event already voided …)."""


class Busy(StorageError):
    """The database stayed busy through every retry."""


#: What a cog may show the user as a plain message.
STORAGE_ERRORS = (StorageError,)

#: The answer when the database itself failed (down, unreachable, disk full): nothing was saved.
NOT_SAVED = (
    "Could not record this: the database is not available, so nothing was saved. "
    "Please try again in a moment."
)


def is_outage(error: BaseException) -> bool:
    """Whether ``error`` (or what it wraps) is the database failing, not a bug or a bad request:
    a driver's operational or interface error (server down, connection refused, disk full,
    read-only file), or the connection itself failing."""
    from sqlalchemy.exc import InterfaceError, OperationalError

    seen: set[int] = set()
    todo: list[BaseException | None] = [error]
    while todo:
        item = todo.pop()
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, OperationalError | InterfaceError | ConnectionError):
            return True
        todo += [getattr(item, "original", None), item.__cause__, item.__context__]
    return False
