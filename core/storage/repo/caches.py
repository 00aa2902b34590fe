"""The storage's in-memory caches, all in one place. Each is per :class:`Storage` instance,
can only be briefly stale where that is harmless, and is kept because a profile showed its cost:

* :class:`ClubCache` — a club's settings for :data:`CLUB_CACHE_SECONDS` (every director check,
  ``/setup`` answer and log command starts from them; the table lookup refreshes them for
  free), and a session-gap club's session known to be in play for :data:`LIVE_RECHECK` (the
  precise check reads the session's last event). Other bot processes sharing the database see
  a change within those times; a generation per guild stops a read that raced an update from
  caching the old value.
* :class:`StateCache` — parsed board snapshots keyed by the stored JSON text itself, so an entry
  can never be stale (the same text always parses to the same state). Part of the second
  performance pass (``benchmarks/README.md``: "a parsed-snapshot cache keyed by the stored JSON
  text"): parsing a snapshot was the largest CPU cost of a table command.
* :class:`DealCache` — a session's hand records, read once for the deal check on every report,
  and a mark per club that moves whenever its hand records are stored, so that a report's
  write can tell, in its own transaction, that the deal it was checked against is still the
  club's (hand records are stored only from the club's own shard: this process sees it).
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

import orjson

from core import serial
from core.deal import Deal
from core.state import TableState
from core.storage.db import json_text
from core.storage.values import ClubSettings

#: How long a club's settings are served from memory. Other bot processes sharing the database
#: may change them (or delete the club): what they change is seen here within this many seconds.
CLUB_CACHE_SECONDS = 3.0
#: Parsed board snapshots kept per Storage instance.
STATE_CACHE_MAX = 4096
#: Sessions whose deals are kept in memory for the checks on every report.
DEAL_CACHE_MAX = 256
#: How long a session-gap club's session, once checked, is taken to be in play without a recheck.
LIVE_RECHECK = dt.timedelta(minutes=5)


class ClubCache:
    """guild id -> (expires at, club id, settings), and a session-gap club's live session."""

    def __init__(self) -> None:
        self._clubs: dict[int, tuple[float, int, ClubSettings]] = {}
        self._generation: dict[int, int] = {}
        # guild id -> (session id, in play at least until)
        self._live: dict[int, tuple[int, dt.datetime]] = {}

    def generation(self, guild_id: int) -> int:
        """Take this before a read whose result is to be remembered."""
        return self._generation.get(guild_id, 0)

    def get(self, guild_id: int) -> tuple[int, ClubSettings] | None:
        found = self._clubs.get(guild_id)
        if found is None:
            return None
        if found[0] < time.monotonic():
            del self._clubs[guild_id]
            return None
        return found[1], found[2]

    def remember(
        self, guild_id: int, club_id: int, settings: ClubSettings, generation: int
    ) -> None:
        """Keep what a read found, unless the club changed since the read began."""
        if self._generation.get(guild_id, 0) == generation:
            self._clubs[guild_id] = (time.monotonic() + CLUB_CACHE_SECONDS, club_id, settings)

    def forget(self, guild_id: int) -> None:
        self._generation[guild_id] = self._generation.get(guild_id, 0) + 1
        self._clubs.pop(guild_id, None)

    def live_session(self, guild_id: int) -> tuple[int, dt.datetime] | None:
        """(session id, in play at least until), if the session was checked recently."""
        return self._live.get(guild_id)

    def session_checked(self, guild_id: int, session_id: int, now: dt.datetime) -> None:
        self._live[guild_id] = (session_id, now + LIVE_RECHECK)

    def sessions_changed(self, guild_id: int) -> None:
        self._live.pop(guild_id, None)


class StateCache:
    """Parsed snapshots by their stored JSON text."""

    def __init__(self) -> None:
        self._states: dict[str, TableState] = {}

    def parse(self, text: str | dict[str, Any]) -> TableState:
        """A stored snapshot, parsed (served from the cache when seen before)."""
        if not isinstance(text, str):  # a driver that decoded the JSON itself
            return serial.from_data(TableState, text)
        state = self._states.get(text)
        if state is None:
            state = serial.from_data(TableState, orjson.loads(text))
            self._keep(text, state)
        return state

    def written(self, data: Any, state: TableState) -> None:
        """Cache a snapshot just written, under the text the JSON type stores for it (if the
        database gives back other text, that is only a cache miss)."""
        self._keep(json_text(data), state)

    def _keep(self, text: str, state: TableState) -> None:
        if len(self._states) >= STATE_CACHE_MAX:
            self._states.clear()
        self._states[text] = state


class DealCache:
    """(guild id, session id) -> {board number: deal}, and per guild a mark of its hand records."""

    def __init__(self) -> None:
        self._deals: dict[tuple[int, int], dict[int, Deal]] = {}
        self._marks: dict[int, int] = {}
        self._storing: dict[int, int] = {}

    def session(self, guild_id: int, session_id: int) -> dict[int, Deal] | None:
        return self._deals.get((guild_id, session_id))

    def keep(self, guild_id: int, session_id: int, deals: dict[int, Deal]) -> None:
        if len(self._deals) >= DEAL_CACHE_MAX:
            self._deals.clear()
        self._deals[(guild_id, session_id)] = deals

    def mark(self, guild_id: int) -> int:
        """The club's mark now: take it before reading a deal to check a report against."""
        return self._marks.get(guild_id, 0)

    def unchanged(self, guild_id: int, mark: int) -> bool:
        """No hand record of the club stored since ``mark`` was taken, nor being stored now."""
        return not self._storing.get(guild_id) and self.mark(guild_id) == mark

    def storing(self, guild_id: int, begun: bool) -> None:
        """A store of the club's hand records begins or ends: either moves its mark (a deal
        read before it is not current) and forgets its sessions' deals."""
        self._storing[guild_id] = self._storing.get(guild_id, 0) + (1 if begun else -1)
        self._marks[guild_id] = self.mark(guild_id) + 1
        for key in [k for k in self._deals if k[0] == guild_id]:
            del self._deals[key]
