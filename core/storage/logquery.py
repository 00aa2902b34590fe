"""The ruling log's queries and export formats: one place that turns a :class:`LogFilter` into
SQL (always scoped to one club), and log rows into values, CSV rows and JSON objects."""

from __future__ import annotations

import base64
import binascii
import dataclasses
import datetime as dt
import io
import json
from collections.abc import Awaitable, Callable
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import ColumnElement, Select, and_, case, distinct, func, literal, null, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.adjusted import parse_adjusted
from core.errors import RuleError
from core.storage.errors import StorageError
from core.storage.lawref import law_key
from core.storage.models import EventLaw, EventRow, GameSession, SessionDeal, VerdictRow
from core.storage.played import blind_spot
from core.storage.values import BlindSpot, LogEntry, LogFilter, VerdictKind
from core.text import Msg


def entry_select() -> Select[Any]:
    return select(
        EventRow.id,
        EventRow.session_id,
        GameSession.date,
        GameSession.name,
        EventRow.table_id,
        EventRow.table_no,
        EventRow.board_id,
        EventRow.board_no,
        EventRow.seq,
        EventRow.kind,
        EventRow.incident,
        EventRow.actor_id,
        EventRow.created_at,
        EventRow.summary,
        EventRow.laws,
        EventRow.facts,
        EventRow.ruling,
        EventRow.void,
        EventRow.verdict,
        EventRow.verdict_by,
        EventRow.verdict_at,
        EventRow.verdict_note,
        EventRow.adjusted_score,
        EventRow.is_ruling,
        EventRow.law_edition,
    ).join(GameSession, GameSession.id == EventRow.session_id)


def export_select() -> Select[Any]:
    """:func:`entry_select` with the board's deal from the session's hand records (issue 26):
    exports are for directors only (a playing director's wait for the end of his play), so the
    deal may go with them."""
    return entry_select().add_columns(SessionDeal.deal).outerjoin(
        SessionDeal,
        and_(
            SessionDeal.session_id == EventRow.session_id,
            SessionDeal.board_no == EventRow.board_no,
        ),
    )


def entry_value(r: Any) -> LogEntry:
    return LogEntry(
        id=r.id,
        session_id=r.session_id,
        session_date=r.date,
        session_name=r.name,
        table_id=r.table_id,
        table_number=r.table_no,
        board_id=r.board_id,
        board_number=r.board_no,
        seq=r.seq,
        kind=r.kind,
        incident=r.incident,
        actor_id=r.actor_id,
        created_at=r.created_at,
        summary=r.summary,
        laws=tuple(r.laws.split()) if r.laws else (),
        facts=r.facts,
        ruling=r.ruling,
        void=bool(r.void),
        verdict=VerdictKind(r.verdict) if r.verdict else None,
        verdict_by=r.verdict_by,
        verdict_at=r.verdict_at,
        verdict_note=r.verdict_note,
        adjusted_score=r.adjusted_score,
        is_ruling=bool(r.is_ruling),
        law_edition=r.law_edition or "2017",
    )


def apply_filters(
    q: Select[Any], club_id: int, f: LogFilter, *, law_exists: bool = False
) -> Select[Any]:
    """``q`` restricted to the club and the filters (every log query goes through here).

    ``law_exists``: filter by law with a correlated ``EXISTS`` (best for a page in date order,
    which stops after a few rows) instead of ``id IN (…)`` (best for counting them all).
    """
    q = q.where(EventRow.club_id == club_id)
    if f.since is not None:
        q = q.where(EventRow.created_at >= instant(f.since))
    if f.until is not None:
        q = q.where(EventRow.created_at < instant(f.until))
    if f.session_id is not None:
        q = q.where(EventRow.session_id == f.session_id)
    if f.table is not None:
        q = q.where(EventRow.table_no == f.table)
    if f.board is not None:
        q = q.where(EventRow.board_no == f.board)
    if f.kind:
        q = q.where(EventRow.kind == f.kind)
    if f.incident:
        q = q.where(EventRow.incident == f.incident)
    if f.actor_id is not None:
        q = q.where(EventRow.actor_id == f.actor_id)
    if not f.include_void:
        q = q.where(EventRow.void.is_(False))
    if not f.records:
        q = q.where(EventRow.is_ruling.is_(True))
    if f.verdict is not None:
        verdict = f.verdict.value if isinstance(f.verdict, VerdictKind) else str(f.verdict)
        if verdict == "none":
            q = q.where(EventRow.verdict.is_(None))
        elif verdict in {v.value for v in VerdictKind}:
            q = q.where(EventRow.verdict == verdict)
        else:
            raise StorageError(
                Msg("verdict must be one of confirmed, amended, voided, adjusted or none")
            )
    if f.director_id is not None:
        q = q.where(
            EventRow.id.in_(
                select(VerdictRow.event_id).where(
                    VerdictRow.club_id == club_id, VerdictRow.director_id == f.director_id
                )
            )
        )
    if f.closed is not None:  # boards closed to the reader: not even counted
        q = q.where(~closed_rows(f.closed))
    if f.law:
        number, key = law_key(f.law)
        laws = select(EventLaw.event_id).where(
            EventLaw.club_id == club_id, EventLaw.law_number == number
        )
        if key != f"{number}.":
            laws = laws.where(EventLaw.law_key.startswith(key, autoescape=True))
        if law_exists:
            q = q.where(laws.where(EventLaw.event_id == EventRow.id).exists())
        else:
            q = q.where(EventRow.id.in_(laws))
    return q


def closed_rows(spot: BlindSpot) -> ColumnElement[bool]:
    """The log's rows on boards ``spot`` closes (:meth:`BlindSpot.covers`, in SQL)."""
    parts = [EventRow.session_id == spot.session_id]
    if spot.played:
        parts.append(EventRow.board_no.not_in(sorted(spot.played)))
    if spot.own_table is not None:
        parts.append(EventRow.table_id != spot.own_table)
    return and_(*parts)


async def for_reader(s: AsyncSession, club_id: int, f: LogFilter) -> LogFilter:
    """``f`` with its reader's closed boards worked out (:func:`core.storage.played.
    blind_spot`), in the read that queries the log: a playing director (or, with no_peeking,
    a member) is told nothing of a board he has not played, not even that a filter matched a
    ruling on it or how many there are."""
    if f.reader is None:
        return f
    spot = await blind_spot(s, club_id, f.reader.user_id, director=f.reader.director)
    return dataclasses.replace(f, reader=None, closed=spot)


def law_count(club_id: int, f: LogFilter) -> Select[Any] | None:
    """Counting the events citing a law, when that is the only filter: read from the event-law
    index alone (``benchmarks/log.py --events 1000000``, ``levers.count_law_50``: 74 ms through
    the events table, 24 ms here); None for any other filter."""
    if not f.law or dataclasses.replace(f, law=None) != LogFilter():
        return None
    number, key = law_key(f.law)
    q = select(func.count(distinct(EventLaw.event_id))).where(
        EventLaw.club_id == club_id, EventLaw.law_number == number
    )
    if key != f"{number}.":
        q = q.where(EventLaw.law_key.startswith(key, autoescape=True))
    return q


def instant(value: dt.datetime | dt.date) -> dt.datetime:
    if not isinstance(value, dt.datetime):
        value = dt.datetime.combine(value, dt.time())
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def encode_cursor(entry: LogEntry) -> str:
    raw = f"{entry.created_at.isoformat()}|{entry.id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[dt.datetime, int]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        at, _, ident = raw.partition("|")
        return instant(dt.datetime.fromisoformat(at)), int(ident)
    except (ValueError, UnicodeDecodeError, binascii.Error) as exc:
        raise StorageError(Msg("that page of the log has expired; search again")) from exc


def month_buckets(
    first: dt.datetime, last: dt.datetime, time_zone: str
) -> list[tuple[str, dt.datetime]]:
    """The club's months from the one holding ``first`` to the one holding ``last``: each
    ``("YYYY-MM", the UTC instant it ends)``, in order (an unknown zone counts as UTC)."""
    try:
        zone: dt.tzinfo = ZoneInfo(time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        zone = dt.UTC
    start = first.astimezone(zone)
    end = last.astimezone(zone)
    year, month = start.year, start.month
    out = []
    while (year, month) <= (end.year, end.month):
        nxt = (year + 1, 1) if month == 12 else (year, month + 1)
        ends = dt.datetime(*nxt, 1, tzinfo=zone).astimezone(dt.UTC)
        out.append((f"{year:04d}-{month:02d}", ends))
        year, month = nxt
    return out


def month_of(column: Any, buckets: list[tuple[str, dt.datetime]]) -> ColumnElement[Any]:
    """SQL for the month label of ``column`` (a UTC timestamp at or after the first bucket's
    start), from :func:`month_buckets`: plain comparisons, no per-row time-zone function."""
    return case(*((column < ends, literal(label)) for label, ends in buckets), else_=null())


def local_month(dialect: str, column: Any, time_zone: str) -> ColumnElement[str]:
    if dialect == "postgresql":
        return func.to_char(func.timezone(time_zone, column), "YYYY-MM")
    # SQLite: see core.storage.db, which registers tdbot_local_month on every connection
    return func.tdbot_local_month(column, time_zone)


CSV_COLUMNS = (
    "id",
    "created_at",
    "session_date",
    "session",
    "table",
    "board",
    "seq",
    "kind",
    "incident",
    "actor_id",
    "summary",
    "laws",
    "void",
    "verdict",
    "verdict_by",
    "verdict_at",
    "verdict_note",
    "adjusted_score",
    "facts",
    # issue 24: for people and for scoring programs (see README, "The log export")
    "edition",
    "actor_name",
    "verdict_by_name",
    "adjusted_kind",
    "adjusted_ns",
    "adjusted_ew",
    "adjusted_penalties",
    "appeals",
    "deal",
)

#: A member's display name from a Discord id (None when unknown): looked up (NameLookup,
#: by the cog: the server's members) once per chunk, then read (Names).
Names = Callable[[int], str | None]
NameLookup = Callable[[int], Awaitable[str | None]]

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str | None) -> str:
    if not text:
        return ""
    return "'" + text if text.startswith(_FORMULA_START) else text


def _iso(value: dt.datetime | None) -> str:
    return value.astimezone(dt.UTC).isoformat() if value else ""


def _name(names: Names | None, user_id: int | None) -> str | None:
    if names is None or user_id is None:
        return None
    return names(user_id)


def adjusted_data(text: str | None) -> dict[str, Any] | None:
    """A stored adjusted score as data (:mod:`core.adjusted`); None when there is none, or
    the free text of an older row that does not parse (it stays in ``adjusted_score``)."""
    if not text:
        return None
    try:
        return parse_adjusted(text).to_data()
    except RuleError:
        return None


def _side_text(data: dict[str, Any] | None, side: str) -> str:
    if data is None:
        return ""
    part = data[side]
    if part["kind"] == "artificial":
        return f"{part['percent']:g}%"
    return ", ".join(
        f"{o['weight']}% {o['contract']}{o['doubled']}{o['declarer']}"
        + ("=" if o["result"] == 0 else f"{o['result']:+d}")
        for o in part["outcomes"]
    )


def appeal_data(a: Any, names: Names | None) -> dict[str, Any]:
    return {
        "id": a.id,
        "appellant_id": _snowflake(a.appellant_id),
        "appellant_name": _name(names, a.appellant_id),
        "reason": a.reason,
        "director_answer": a.director_answer,
        "committee_answer": a.committee_answer,
        "outcome": a.outcome,
        "without_merit": bool(a.without_merit),
        "outcome_text": a.outcome_text,
        "closed_at": _iso(a.closed_at) or None,
    }


def _appeals_cell(appeals: list[dict[str, Any]]) -> str:
    return "; ".join(
        f"#{a['id']} {a['outcome'] or 'open'}" + (" without merit" if a["without_merit"] else "")
        for a in appeals
    )


def csv_row(r: Any, names: Names | None = None,
            appeals: list[dict[str, Any]] | None = None) -> list[Any]:
    adjusted = adjusted_data(r.adjusted_score)
    return [
        r.id,
        _iso(r.created_at),
        r.date.isoformat(),
        _cell(r.name),
        r.table_no,
        r.board_no,
        r.seq,
        r.kind,
        r.incident,
        r.actor_id if r.actor_id is not None else "",
        _cell(r.summary),
        r.laws,
        "true" if r.void else "false",
        r.verdict or "",
        r.verdict_by if r.verdict_by is not None else "",
        _iso(r.verdict_at),
        _cell(r.verdict_note),
        _cell(r.adjusted_score),
        json.dumps(r.facts, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
        r.law_edition,
        _cell(_name(names, r.actor_id)),
        _cell(_name(names, r.verdict_by)),
        adjusted["kind"] if adjusted else "",
        _cell(_side_text(adjusted, "ns")),
        _cell(_side_text(adjusted, "ew")),
        _cell("; ".join(f"{p['side']} {p['amount']:g} {p['unit']}"
                        for p in adjusted["penalties"]) if adjusted else ""),
        _cell(_appeals_cell(appeals or [])),
        getattr(r, "deal", None) or "",
    ]


def _snowflake(value: int | None) -> str | None:
    return str(value) if value is not None else None


def json_row(r: Any, names: Names | None = None,
             appeals: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "id": r.id,
        "created_at": _iso(r.created_at),
        "session_date": r.date.isoformat(),
        "session": r.name,
        "table": r.table_no,
        "board": r.board_no,
        "seq": r.seq,
        "kind": r.kind,
        "incident": r.incident,
        "actor_id": _snowflake(r.actor_id),
        "summary": r.summary,
        "laws": r.laws.split() if r.laws else [],
        "void": bool(r.void),
        "verdict": r.verdict,
        "verdict_by": _snowflake(r.verdict_by),
        "verdict_at": _iso(r.verdict_at) or None,
        "verdict_note": r.verdict_note,
        "adjusted_score": r.adjusted_score,
        "facts": r.facts,
        "ruling": r.ruling,
        "edition": r.law_edition,
        "actor_name": _name(names, r.actor_id),
        "verdict_by_name": _name(names, r.verdict_by),
        "adjusted": adjusted_data(r.adjusted_score),
        "appeals": appeals or [],
        "deal": getattr(r, "deal", None),
    }


def drain(buf: io.StringIO) -> str:
    text = buf.getvalue()
    buf.seek(0)
    buf.truncate(0)
    return text
