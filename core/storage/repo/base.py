"""What every part of the storage starts from: the clock, the transactions
(:class:`~core.storage.repo.transactions.Transactions`) and the caches
(:mod:`core.storage.repo.caches`), plus the constants the parts share."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from core.storage.errors import Stale
from core.storage.models import utcnow
from core.storage.repo.caches import ClubCache, DealCache, StateCache
from core.storage.repo.transactions import Transactions
from core.text import Msg

LAW_EDITIONS = ("2017",)
DEFAULT_SESSION_NAME = "Session"
PAGE_MAX = 100
EXPORT_CHUNK_ROWS = 500
LANGUAGE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


#: "Leave this setting as it is" (``None`` clears a setting).
UNSET: Any = _Unset()


def _clock() -> dt.datetime:
    return utcnow()  # looked up at each call, so that a test may replace it


class StorageBase:
    """The clock, the transactions and the caches every part of :class:`Storage` uses."""

    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        *,
        attempts: int = 10,
        now: Callable[[], dt.datetime] | None = None,
        hot_path_on_loop: bool = True,
        keep_connections: bool = True,
        driver_reads: bool = True,
    ) -> None:
        #: The clock (UTC, aware): sessions roll over and rulings are dated by it. Tests give
        #: their own, so that a week can pass without waiting.
        self.now: Callable[[], dt.datetime] = now or _clock
        #: Sessions, connections and write retries (also what the director's desk writes with).
        #: ``hot_path_on_loop`` and ``keep_connections`` are the hot paths' levers on SQLite
        #: (:class:`~core.storage.hotpath.HotPath`), ``driver_reads`` on both (the prebuilt
        #: statements on the driver's own connection: asyncpg's, :mod:`core.storage.driver`,
        #: or the loop's ``sqlite3``, :class:`~core.storage.hotpath.LoopConnection`); leave
        #: them on outside an A/B.
        self.tx = Transactions(
            sessionmaker,
            attempts=attempts,
            hot_path_on_loop=hot_path_on_loop,
            keep_connections=keep_connections,
            driver_reads=driver_reads,
        )
        self._club_cache = ClubCache()
        self._states = StateCache()
        self._deals = DealCache()

    def sessions_changed(self, guild_id: int) -> None:
        """A write outside the sessions' own methods ended the club's session (the desk, before
        a late re-ruling): the next command checks for the session in play again."""
        self._club_cache.sessions_changed(guild_id)

    def _check_deals_unchanged(self, guild_id: int, seen: int | None) -> None:
        """In a write's transaction: the hand records a check read (``seen``, their mark then)
        are still the club's, or :class:`Stale` (the caller checks again, on the new ones)."""
        if seen is not None and not self._deals.unchanged(guild_id, seen):
            raise Stale(Msg("the hand records changed while this command was checked"))
