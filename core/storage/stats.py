"""``/log stats``: figures over a club's ruling log, from the monthly roll-up where it can
answer (:mod:`core.storage.rollup`: whole months in the club's time zone, no other filter) and
from the events themselves for the rest (other filters, the part-months at a range's ends)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, distinct, func, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from core.storage import logquery, rollup
from core.storage.models import EventLaw, EventRow, LogRollup
from core.storage.values import ClubStats, LogFilter

Conn = AsyncConnection | AsyncSession


@dataclass
class Tally:
    """Counts that add up: a part of the log's figures."""

    live: int = 0
    voided: int = 0
    reviewed: int = 0
    confirmed: int = 0
    per_law: Counter[int] = field(default_factory=Counter)
    per_month: Counter[str] = field(default_factory=Counter)
    per_incident: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        self.live += other.live
        self.voided += other.voided
        self.reviewed += other.reviewed
        self.confirmed += other.confirmed
        self.per_law.update(other.per_law)
        self.per_month.update(other.per_month)
        self.per_incident.update(other.per_incident)

    def value(self) -> ClubStats:
        return ClubStats(
            total=self.live,
            voided=self.voided,
            per_law=tuple(sorted((n, c) for n, c in self.per_law.items() if c > 0)),
            per_month=tuple(sorted((m, c) for m, c in self.per_month.items() if c > 0)),
            per_incident=tuple(
                sorted(((k, c) for k, c in self.per_incident.items() if c > 0),
                       key=lambda kc: (-kc[1], kc[0]))
            ),
            reviewed=self.reviewed,
            confirmed=self.confirmed,
            confirmation_rate=(self.confirmed / self.reviewed) if self.reviewed else None,
        )


async def club_stats(conn: Conn, club_id: int, time_zone: str, filters: LogFilter) -> ClubStats:
    """The figures for ``filters``: whole months from the roll-up, the rest from the events."""
    split = whole_months(filters, time_zone)
    if split is None:
        return (await from_events(conn, club_id, time_zone, filters)).value()
    first_month, last_month, edges = split
    tally = await from_rollup(conn, club_id, first_month, last_month)
    for since, until in edges:
        tally.add(
            await from_events(conn, club_id, time_zone, LogFilter(since=since, until=until))
        )
    return tally.value()


def whole_months(
    filters: LogFilter, time_zone: str
) -> tuple[str | None, str | None, list[tuple[dt.datetime, dt.datetime]]] | None:
    """How the roll-up can serve ``filters``: the first and last whole month inside the date
    range (None: unbounded) and the part-month ranges at its ends that it cannot; None when
    another filter is set or the range holds no whole month."""
    if dataclasses.replace(filters, since=None, until=None) != LogFilter():
        return None
    zone = rollup.zone(time_zone)
    since = logquery.instant(filters.since) if filters.since is not None else None
    until = logquery.instant(filters.until) if filters.until is not None else None
    edges: list[tuple[dt.datetime, dt.datetime]] = []
    first = last = None
    if since is not None:
        local = since.astimezone(zone)
        start = _month_start(local.year, local.month, zone)
        if start < since:
            start = _month_start(*_next(local.year, local.month), zone)
            edges.append((since, start))
        first = rollup.month_label(start, time_zone)
    if until is not None:
        local = until.astimezone(zone)
        end = _month_start(local.year, local.month, zone)  # months before this one are whole
        if end < until:
            edges.append((end, until))
        last = rollup.month_label(end - dt.timedelta(microseconds=1), time_zone)
    if first is not None and last is not None and first > last:
        return None
    return first, last, edges


def _month_start(year: int, month: int, zone: dt.tzinfo) -> dt.datetime:
    return dt.datetime(year, month, 1, tzinfo=zone).astimezone(dt.UTC)


def _next(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)


async def from_rollup(
    conn: Conn, club_id: int, first_month: str | None, last_month: str | None
) -> Tally:
    """The figures of whole months (inclusive; None: unbounded) from the roll-up."""
    where: list[ColumnElement[bool]] = [LogRollup.club_id == club_id]
    if first_month is not None:
        where.append(LogRollup.month >= first_month)
    if last_month is not None:
        where.append(LogRollup.month <= last_month)
    rows = await conn.execute(
        select(
            LogRollup.month,
            LogRollup.incident,
            LogRollup.law_number,
            LogRollup.live,
            LogRollup.voided,
            LogRollup.reviewed,
            LogRollup.confirmed,
        ).where(*where)
    )
    tally = Tally()
    for month, incident, law_number, live, voided, reviewed, confirmed in rows:
        if law_number != rollup.RULINGS:
            tally.per_law[law_number] += live
            continue
        tally.live += live
        tally.voided += voided
        tally.reviewed += reviewed
        tally.confirmed += confirmed
        tally.per_month[month] += live
        tally.per_incident[incident] += live
    return tally


def _rulings_only(q: Any, club_id: int, filters: LogFilter) -> Any:
    """A log query restricted to the club, the filters and rulings (the table's record is
    never counted, whatever the filter says: ``EventRow.is_ruling``)."""
    return logquery.apply_filters(q, club_id, dataclasses.replace(filters, records=False))


async def from_events(conn: Conn, club_id: int, time_zone: str, filters: LogFilter) -> Tally:
    """The figures read from the events themselves (any filters; rulings only)."""
    tally = Tally()
    counts = (
        await conn.execute(
            _rulings_only(
                select(
                    func.count(EventRow.id),
                    func.count(EventRow.id).filter(EventRow.void.is_(True)),
                    func.count(EventRow.id).filter(rollup.REVIEWED),
                    func.count(EventRow.id).filter(rollup.CONFIRMED_BY_DIRECTOR),
                    func.min(EventRow.created_at),
                    func.max(EventRow.created_at),
                ),
                club_id,
                filters,
            )
        )
    ).one()
    total_all, tally.voided, tally.reviewed, tally.confirmed = (int(c or 0) for c in counts[:4])
    tally.live = total_all - tally.voided
    first, last = counts[4:]
    if first is None or last is None:
        return tally

    live_ids = (
        _rulings_only(select(EventRow.id), club_id, filters)
        .where(EventRow.void.is_(False))
        .subquery()
    )
    per_law: Any = await conn.execute(
        select(EventLaw.law_number, func.count(distinct(EventLaw.event_id)))
        .where(EventLaw.club_id == club_id, EventLaw.event_id.in_(select(live_ids.c.id)))
        .group_by(EventLaw.law_number)
    )
    tally.per_law.update({int(n): int(c) for n, c in per_law})
    # Months in the club's time zone: the month boundaries are worked out here, so the
    # database only compares timestamps (no time-zone function per row).
    month = logquery.month_of(
        EventRow.created_at, logquery.month_buckets(first, last, time_zone)
    )
    per_month: Any = await conn.execute(
        _rulings_only(
            select(month.label("month"), func.count(EventRow.id)), club_id, filters
        )
        .where(EventRow.void.is_(False))
        .group_by("month")
    )
    tally.per_month.update({str(m): int(c) for m, c in per_month})
    per_incident: Any = await conn.execute(
        _rulings_only(
            select(EventRow.incident, func.count(EventRow.id)), club_id, filters
        )
        .where(EventRow.void.is_(False))
        .group_by(EventRow.incident)
    )
    tally.per_incident.update({str(k): int(c) for k, c in per_incident})
    return tally
