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
