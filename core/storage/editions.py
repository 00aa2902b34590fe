"""Which edition of the Laws a club rules under today, read inside the recording transaction
and kept for a few seconds per process (record() is the hot path)."""

from __future__ import annotations

import datetime as dt
import time
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import bindparam, select

from core.editions import DEFAULT_EDITION, edition_on
from core.storage.models import Club, EditionChange

CACHE_SECONDS = 3.0
#: (database URL, club id) -> (expires at, edition): keyed by database too, as one process
#: (the tests) may use several databases whose clubs share ids
_cache: dict[tuple[str, int], tuple[float, str]] = {}


def local_today(time_zone: str) -> dt.date:
    try:
        zone: dt.tzinfo = ZoneInfo(time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        zone = dt.UTC
    return dt.datetime.now(zone).date()


#: A club's time zone and edition, and its edition changes: prebuilt, so that a recording's
#: transaction on PostgreSQL runs them on the driver too (``ON_THE_DRIVER``).
CLUB_SCHEDULE = select(Club.time_zone, Club.law_edition).where(Club.id == bindparam("club_id"))
EDITION_CHANGES = (
    select(EditionChange.starts_on, EditionChange.edition)
    .where(EditionChange.club_id == bindparam("club_id"))
    .order_by(EditionChange.starts_on)
)


async def schedule(s: Any, club_id: int) -> tuple[str, str, Any]:
    """(time zone, edition before any change, [(starts_on, edition), …]) of a club."""
    club = (await s.execute(CLUB_SCHEDULE, {"club_id": club_id})).one()
    rows = await s.execute(EDITION_CHANGES, {"club_id": club_id})
    return club.time_zone, club.law_edition or DEFAULT_EDITION, [tuple(r) for r in rows]


async def edition_in_force(s: Any, club_id: int) -> str:
    """The edition a ruling recorded now is made under."""
    key = (_database(s), club_id)
    found = _cache.get(key)
    if found is not None and found[0] > time.monotonic():
        return found[1]
    zone, default, changes = await schedule(s, club_id)
    edition = edition_on(local_today(zone), changes, default)
    if len(_cache) > 10_000:
        _cache.clear()
    _cache[key] = (time.monotonic() + CACHE_SECONDS, edition)
    return edition


def forget(club_id: int) -> None:
    """Drop the cached edition of ``club_id`` (every database), after a change of schedule."""
    for key in [k for k in _cache if k[1] == club_id]:
        _cache.pop(key, None)


def _database(s: Any) -> str:
    """Which database ``s`` talks to (a session, a connection or the hot path's connection)."""
    engine = (
        getattr(s, "engine", None)
        or getattr(s, "bind", None)
        or getattr(getattr(s, "_conn", None), "engine", None)
    )
    url = getattr(engine, "url", None)
    return f"{url.host}/{url.database}" if url is not None else ""
