"""The storage service the cogs call: clubs, sessions, tables, boards, seats, the event log,
directors' verdicts and calls, the ruling-log queries, exports, statistics and retention.

Every method takes the Discord guild id first and scopes every statement to that guild's club:
ids belonging to another guild behave exactly like ids that do not exist (:class:`NotFound`).
Every method runs in its own transaction (an ORM session, or a plain connection with prebuilt
Core statements on the hot paths) and returns plain values
(:mod:`core.storage.values`), never ORM rows.

A board's table state is the fold of its non-void events (:func:`core.engine.replay`), kept as a
snapshot on the board row. :meth:`Storage.record` appends an event and moves the snapshot in one
transaction: the board row is locked (``SELECT … FOR UPDATE`` on PostgreSQL, ``BEGIN IMMEDIATE``
on SQLite), the next ``seq`` is taken under ``UNIQUE(board_id, seq)``, the snapshot update checks
the board's ``version``, and a conflict or a busy database is retried. An interaction id makes a
recording idempotent: the same id again returns the first result and writes nothing.

:class:`Storage` is a facade: each concept is a part of :mod:`core.storage.repo` (clubs,
sessions, tables, boards, verdicts, calls, the log) over one base that owns the transactions
(:mod:`core.storage.repo.transactions`) and the caches (:mod:`core.storage.repo.caches`).
"""

from __future__ import annotations

from core.storage.repo.base import UNSET
from core.storage.repo.boards import Boards
from core.storage.repo.calls import Calls
from core.storage.repo.deals import Deals
from core.storage.repo.log import RulingLog
from core.storage.repo.tables import Tables
from core.storage.repo.verdicts import Verdicts

__all__ = ["UNSET", "Storage"]


class Storage(Tables, Boards, Verdicts, Calls, RulingLog, Deals):
    """The repository the cogs use. Build it once from the app's sessionmaker:
    ``Storage(sessionmaker, attempts=10, now=None, hot_path_on_loop=True,
    keep_connections=True, driver_reads=True)`` (the last three: the hot paths' levers,
    ``core.storage.hotpath`` and ``core.storage.driver``)."""
