"""When a club's session is over by itself (the session gap), as a pure function of the clock.

A club plays one session an evening. Unless a director ends it, a session ends at the first
command after the club's gap: by default at the start of a new *club day* in the club's time
zone (a club day starts at :data:`DAY_STARTS`, so an evening that runs past midnight stays one
session), or, when the club set ``session_gap_hours``, after that many hours without a new event.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

#: The hour at which a new club day begins (local time): a late evening is still one session.
DAY_STARTS = dt.timedelta(hours=6)


def zone_of(time_zone: str) -> dt.tzinfo:
    try:
        return ZoneInfo(time_zone)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        return dt.UTC


def club_day(moment: dt.datetime, time_zone: str) -> dt.date:
    """The club day a moment belongs to, in the club's time zone."""
    return (moment.astimezone(zone_of(time_zone)) - DAY_STARTS).date()


def session_due(
    now: dt.datetime,
    *,
    time_zone: str,
    gap_hours: int | None,
    started: dt.datetime,
    last_activity: dt.datetime | None,
    ended: dt.datetime | None,
) -> bool:
    """Whether a new session must start: the last one ended, or the club's gap has passed."""
    if ended is not None:
        return True
    if gap_hours:
        return now - max(started, last_activity or started) >= dt.timedelta(hours=gap_hours)
    return club_day(now, time_zone) != club_day(started, time_zone)
