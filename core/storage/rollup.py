"""The monthly roll-up of the ruling log (table ``log_rollup``): kept right on every write so
that ``/log stats`` over a year reads a few hundred rows instead of every event.

``benchmarks/log.py --events 1000000`` (``levers``, same run): ``stats`` for the whole year
607 ms counted from the events → 1.6 ms from here, one month 38 → 1.2 ms, a count by law number
74 → 1.2 ms; the price is one upsert in each recording's own transaction.

Who changes what:

* :func:`add_event` — a ruling recorded (:meth:`Storage.record`, a re-ruling);
* :func:`verdict_changed` — a director's verdict (reviewed, confirmed) or a void (live → voided);
  reviewed and confirmed follow the director's own verdict on the ruling
  (``EventRow.own_verdict``): a ruling voided with another one gets no review of its own, and
  one he reviewed before a re-ruling carried it keeps his review (once);
* :func:`rebuild` — the club's time zone changed (months move), or rows were bulk-loaded;
* deleting a club's data deletes its roll-up rows with everything else.

Months are the club's, as ``"YYYY-MM"`` (an unknown zone counts as UTC, as in
:func:`core.storage.logquery.month_buckets`). ``law_number`` 0 is the row for the rulings
themselves; a row with a law number counts the rulings citing that law (live and voided), each
once.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import (
    Integer,
    bindparam,
    case,
    delete,
    distinct,
    func,
    insert,
    literal,
    select,
)
from sqlalchemy import text as sql_text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from core.storage import logquery
from core.storage.models import Club, EventLaw, EventRow, LogRollup
from core.storage.values import VerdictKind

#: The row of the rulings themselves (law numbers start at 1).
RULINGS = 0
CONFIRMED = VerdictKind.CONFIRMED.value

# One statement both SQLite (3.24+) and PostgreSQL accept: add the deltas to the row, creating
# it the first time.
_UPSERT = sql_text(
    "INSERT INTO log_rollup (club_id, month, incident, law_number, live, voided, reviewed, "
    "confirmed) VALUES (:club_id, :month, :incident, :law_number, :live, :voided, :reviewed, "
    ":confirmed) ON CONFLICT (club_id, month, incident, law_number) DO UPDATE SET "
    "live = log_rollup.live + excluded.live, voided = log_rollup.voided + excluded.voided, "
    "reviewed = log_rollup.reviewed + excluded.reviewed, "
    "confirmed = log_rollup.confirmed + excluded.confirmed"
)

#: A ruling a director reviewed: a verdict of its own, not one it took when voided with
#: another ruling (a re-ruling carrying it or finding it no longer applies, "Void them
#: together"): one re-ruling is one review, and a ruling he reviewed stays reviewed when a
#: later re-ruling carries it (:func:`reviewed` for a row). Confirmed: his own last word.
REVIEWED = EventRow.own_verdict.is_not(None)
CONFIRMED_BY_DIRECTOR = EventRow.own_verdict == CONFIRMED


def reviewed(ev: EventRow) -> bool:
    """:data:`REVIEWED` for a row in hand."""
    return ev.own_verdict is not None


#: The club's time zone, read for a write: on PostgreSQL the club row is share-locked, so a
#: time-zone change (which rebuilds the roll-up) waits for this transaction, and this one for
#: it (SQLite's writers are serial already).
CLUB_TIME_ZONE_FOR_WRITE = (
    select(Club.time_zone).where(Club.id == bindparam("club_id")).with_for_update(read=True)
)

Conn = AsyncConnection | AsyncSession


def zone(time_zone: str | None) -> dt.tzinfo:
    try:
        return ZoneInfo(time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return dt.UTC


def month_label(at: dt.datetime, time_zone: str | None) -> str:
    """``"YYYY-MM"`` of the instant ``at`` in the club's time zone."""
    local = at.astimezone(zone(time_zone))
    return f"{local.year:04d}-{local.month:02d}"


def _rows(
    club_id: int,
    month: str,
    incident: str,
    law_numbers: Iterable[int],
    *,
    live: int,
    voided: int = 0,
    reviewed: int = 0,
    confirmed: int = 0,
) -> list[dict[str, Any]]:
    key = {"club_id": club_id, "month": month, "incident": incident}
    out = [
        {**key, "law_number": RULINGS, "live": live, "voided": voided, "reviewed": reviewed,
         "confirmed": confirmed}
    ]
    if live or voided:
        out += [
            {**key, "law_number": n, "live": live, "voided": voided, "reviewed": 0,
             "confirmed": 0}
            for n in sorted(set(law_numbers))
        ]
    return out


async def add_event(
    conn: Conn,
    club_id: int,
    created_at: dt.datetime,
    time_zone: str | None,
    incident: str,
    law_numbers: Iterable[int],
) -> None:
    """A new (live, unreviewed) ruling: one upsert (one row per law number it cites). Only for
    rulings: the table's record (``EventRow.is_ruling`` false) is not counted."""
    month = month_label(created_at, time_zone)
    await conn.execute(_UPSERT, _rows(club_id, month, incident, law_numbers, live=1))


async def verdict_changed(
    conn: Conn,
    ev: EventRow,
    time_zone: str | None,
    *,
    old_own: str | None,
    voiding: bool,
) -> None:
    """Call after a verdict was given on ``ev`` (its row as now stored; ``old_own``: its
    ``own_verdict`` before it): moves reviewed and confirmed, and for a void the ruling from
    live to voided."""
    if not ev.is_ruling:
        return
    reviewed_now = int(reviewed(ev)) - int(old_own is not None)
    confirmed = int(ev.own_verdict == CONFIRMED) - int(old_own == CONFIRMED)
    laws: Iterable[int] = ()
    if voiding:
        laws = (
            await conn.scalars(
                select(distinct(EventLaw.law_number)).where(EventLaw.event_id == ev.id)
            )
        ).all()
    if not (reviewed_now or confirmed or voiding):
        return
    rows = _rows(
        ev.club_id,
        month_label(ev.created_at, time_zone),
        ev.incident,
        laws,
        live=-1 if voiding else 0,
        voided=1 if voiding else 0,
        reviewed=reviewed_now,
        confirmed=confirmed,
    )
    await conn.execute(_UPSERT, rows)


async def rebuild(conn: Conn, club_id: int, time_zone: str | None) -> None:
    """The club's roll-up recomputed from its log (after a time-zone change, or a bulk load):
    two INSERT … SELECT, the month of each event found by comparing timestamps with the
    club's month boundaries (no per-row time-zone function)."""
    await conn.execute(delete(LogRollup).where(LogRollup.club_id == club_id))
    rulings_only = (EventRow.club_id == club_id, EventRow.is_ruling.is_(True))
    first, last = (
        await conn.execute(
            select(func.min(EventRow.created_at), func.max(EventRow.created_at)).where(
                *rulings_only
            )
        )
    ).one()
    if first is None or last is None:
        return
    month = logquery.month_of(
        EventRow.created_at, logquery.month_buckets(first, last, time_zone or "UTC")
    ).label("month")

    def count_if(condition: Any) -> Any:
        return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)

    live = EventRow.void.is_(False)
    rulings = (
        select(
            EventRow.club_id,
            month,
            EventRow.incident,
            literal(RULINGS, Integer).label("law_number"),
            count_if(live).label("live"),
            count_if(EventRow.void.is_(True)).label("voided"),
            count_if(REVIEWED).label("reviewed"),
            count_if(CONFIRMED_BY_DIRECTOR).label("confirmed"),
        )
        .where(*rulings_only)
        .group_by(EventRow.club_id, "month", EventRow.incident)
    )
    laws = (
        select(EventLaw.event_id, EventLaw.law_number)
        .where(EventLaw.club_id == club_id)
        .distinct()
        .subquery()
    )
    per_law = (
        select(
            EventRow.club_id,
            month,
            EventRow.incident,
            laws.c.law_number,
            count_if(live).label("live"),
            count_if(EventRow.void.is_(True)).label("voided"),
            literal(0, Integer).label("reviewed"),
            literal(0, Integer).label("confirmed"),
        )
        .join(laws, laws.c.event_id == EventRow.id)
        .where(*rulings_only)
        .group_by(EventRow.club_id, "month", EventRow.incident, laws.c.law_number)
    )
    columns = ["club_id", "month", "incident", "law_number", "live", "voided", "reviewed",
               "confirmed"]
    await conn.execute(insert(LogRollup).from_select(columns, rulings))
    await conn.execute(insert(LogRollup).from_select(columns, per_law))
