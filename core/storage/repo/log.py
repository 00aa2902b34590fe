"""The ruling log: search pages, counts, streamed exports, statistics and the monthly roll-up."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import AsyncGenerator, AsyncIterator, Sequence
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.storage import logquery, rollup
from core.storage import stats as log_stats
from core.storage.models import Appeal, EventRow
from core.storage.repo.base import EXPORT_CHUNK_ROWS, StorageBase
from core.storage.repo.rows import clamp_limit, find_club_id
from core.storage.repo.statements import CLUB_ZONE
from core.storage.values import ClubStats, LogFilter, LogPage


class RulingLog(StorageBase):
    """The ruling log's queries."""

    async def search_log(
        self,
        guild_id: int,
        filters: LogFilter = LogFilter(),  # noqa: B008 - frozen, never mutated
        *,
        limit: int = 10,
        cursor: str | None = None,
    ) -> LogPage:
        """One page of the log, newest first. ``cursor`` is the previous page's
        ``next_cursor`` (keyset paging: stable while new rulings arrive)."""
        limit = clamp_limit(limit)
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return LogPage((), None)
            filters = await logquery.for_reader(s, club_id, filters)
            q = logquery.apply_filters(
                logquery.entry_select(), club_id, filters, law_exists=True
            )
            if cursor:
                at, last_id = logquery.decode_cursor(cursor)
                q = q.where(
                    or_(
                        EventRow.created_at < at,
                        and_(EventRow.created_at == at, EventRow.id < last_id),
                    )
                )
            q = q.order_by(EventRow.created_at.desc(), EventRow.id.desc()).limit(limit + 1)
            rows = (await s.execute(q)).all()
            entries = tuple(logquery.entry_value(r) for r in rows[:limit])
            more = len(rows) > limit
            return LogPage(entries, logquery.encode_cursor(entries[-1]) if more else None)

    async def count_log(self, guild_id: int, filters: LogFilter = LogFilter()) -> int:  # noqa: B008
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return 0
            filters = await logquery.for_reader(s, club_id, filters)
            q = logquery.law_count(club_id, filters)
            if q is None:
                q = logquery.apply_filters(select(func.count(EventRow.id)), club_id, filters)
            return int(await s.scalar(q) or 0)

    async def export_csv(
        self,
        guild_id: int,
        filters: LogFilter = LogFilter(),  # noqa: B008
        *,
        chunk_rows: int = EXPORT_CHUNK_ROWS,
        names: logquery.NameLookup | None = None,
    ) -> AsyncGenerator[str, None]:
        """The filtered log as CSV text, oldest first, in chunks of ``chunk_rows`` rows;
        ``names`` looks up members' display names to put beside their ids.

        Rows are streamed from the database (server-side cursor), so memory does not grow with
        the log. Text fields a spreadsheet would run as a formula are prefixed with ``'``.
        """
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\r\n")
        writer.writerow(logquery.CSV_COLUMNS)
        yield logquery.drain(buf)
        async for rows, appeals, known in self._stream(guild_id, filters, chunk_rows, names):
            for r in rows:
                writer.writerow(logquery.csv_row(r, known.get, appeals.get(r.id)))
            yield logquery.drain(buf)

    async def export_json(
        self,
        guild_id: int,
        filters: LogFilter = LogFilter(),  # noqa: B008
        *,
        chunk_rows: int = EXPORT_CHUNK_ROWS,
        names: logquery.NameLookup | None = None,
    ) -> AsyncGenerator[str, None]:
        """The filtered log as one JSON array, oldest first, streamed like :meth:`export_csv`.

        Discord ids are strings (as in Discord's own API: they do not fit a JavaScript number).
        """
        yield "["
        first = True
        async for rows, appeals, known in self._stream(guild_id, filters, chunk_rows, names):
            parts = []
            for r in rows:
                text = json.dumps(logquery.json_row(r, known.get, appeals.get(r.id)),
                                  ensure_ascii=False)
                parts.append(("\n" if first else ",\n") + text)
                first = False
            yield "".join(parts)
        yield "\n]\n" if not first else "]\n"

    async def _stream(
        self, guild_id: int, filters: LogFilter, chunk_rows: int,
        names: logquery.NameLookup | None = None,
    ) -> AsyncIterator[
        tuple[Sequence[Any], dict[int, list[dict[str, Any]]], dict[int, str | None]]
    ]:
        """The rows in chunks, each with the appeals against its rulings (by ruling id) and
        the display names of the members they name."""
        chunk_rows = max(1, min(int(chunk_rows), 5000))
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return
            filters = await logquery.for_reader(s, club_id, filters)
            q = logquery.apply_filters(logquery.export_select(), club_id, filters).order_by(
                EventRow.created_at, EventRow.id
            )
            result = await s.stream(q.execution_options(yield_per=chunk_rows))
            async for partition in result.partitions(chunk_rows):
                rows = await self._appeal_rows(club_id, [r.id for r in partition])
                known: dict[int, str | None] = {}
                if names is not None:
                    ids = {i for r in partition for i in (r.actor_id, r.verdict_by)}
                    ids |= {a.appellant_id for found in rows.values() for a in found}
                    known = {i: await names(i) for i in ids if i is not None}
                appeals = {event_id: [logquery.appeal_data(a, known.get) for a in found]
                           for event_id, found in rows.items()}
                yield partition, appeals, known

    async def _appeal_rows(self, club_id: int, event_ids: list[int]) -> dict[int, list[Appeal]]:
        """The appeals against ``event_ids``, as export data (a second read: the first one
        is still streaming)."""
        found: dict[int, list[Appeal]] = {}
        if not event_ids:
            return found
        async with self.tx.reading() as s:
            rows = await s.scalars(
                select(Appeal).where(Appeal.club_id == club_id, Appeal.event_id.in_(event_ids))
                .order_by(Appeal.id)
            )
            for a in rows:
                found.setdefault(a.event_id, []).append(a)
        return found

    async def stats(
        self,
        guild_id: int,
        filters: LogFilter = LogFilter(),  # noqa: B008
    ) -> ClubStats:
        """Figures over the (filtered) log: rulings per law number, per month in the club's
        time zone and per incident kind, and how often directors confirmed them. Only rulings
        count: a board set or ended, an ordinary call or play is not one (whole months from
        the monthly roll-up: :mod:`core.storage.stats`)."""
        async with self.tx.reading() as s:
            club = (await s.execute(CLUB_ZONE, {"guild_id": guild_id})).first()
            if club is None:
                return ClubStats(0, 0, (), (), (), 0, 0, None)
            filters = await logquery.for_reader(s, club.id, filters)
            return await log_stats.club_stats(s, club.id, club.time_zone, filters)

    async def rebuild_log_rollup(self, guild_id: int) -> None:
        """Recompute the club's monthly roll-up from its log (after loading events in bulk,
        or as a repair)."""

        async def work(s: AsyncSession) -> None:
            club = (await s.execute(CLUB_ZONE, {"guild_id": guild_id})).first()
            if club is not None:
                await rollup.rebuild(s, club.id, club.time_zone)

        await self.tx.write(work)
