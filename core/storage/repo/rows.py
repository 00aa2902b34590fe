"""The queries and conversions the parts of the storage share (and the director's desk uses):
the club of a guild, sessions, boards and their snapshots, the fold, seats, calls, and the
checks on what a user typed. Functions over an ORM session or a plain connection."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import ColumnElement, delete, func, or_, select, update
from sqlalchemy.engine import CursorResult, Result, Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from core import serial
from core.engine import Event, apply, event_from_data
from core.errors import error_text
from core.ruling import Ruling, is_ruling
from core.seats import Seat
from core.state import TableState
from core.storage.errors import Conflict, NotFound, StorageError
from core.storage.lawref import law_key
from core.storage.models import (
    NAME_MAX,
    Board,
    Club,
    DirectorCall,
    EventRow,
    GameSession,
    SeatBinding,
    Table,
    VerdictRow,
    utcnow,
)
from core.storage.repo.base import DEFAULT_SESSION_NAME, LAW_EDITIONS, PAGE_MAX
from core.storage.repo.statements import CLUB_ID, UPDATE_SNAPSHOT, UPDATE_SNAPSHOT_SEQ
from core.storage.repo.transactions import BoardChanged
from core.storage.sessions import club_day, session_due
from core.storage.values import (
    BoardInfo,
    ClubSettings,
    DirectorCallInfo,
    RecordedEvent,
    Seating,
    SessionInfo,
    TableInfo,
    Verdict,
    VerdictKind,
)
from core.text import Msg, Text

log = logging.getLogger(__name__)


def rowcount(result: Result[Any]) -> int:
    """The rows an UPDATE or DELETE touched (its result is a cursor result)."""
    return cast(CursorResult[Any], result).rowcount or 0


async def find_club_id(s: AsyncSession | AsyncConnection, guild_id: int) -> int | None:
    return cast(int | None, await s.scalar(CLUB_ID, {"guild_id": guild_id}))


async def require_club(s: AsyncSession | AsyncConnection, guild_id: int) -> int:
    club_id = await find_club_id(s, guild_id)
    if club_id is None:
        raise NotFound(Msg("this server has no tables or rulings yet"))
    return club_id


async def get_or_create_club(s: AsyncSession, guild_id: int) -> Club:
    club = await s.scalar(select(Club).where(Club.guild_id == guild_id))
    if club is None:
        club = Club(
            guild_id=guild_id,
            time_zone="UTC",
            law_edition=LAW_EDITIONS[-1],
            language="en",
            created_at=utcnow(),
        )
        s.add(club)
        await s.flush()  # a concurrent creation fails here and the transaction is retried
    return club


async def session_row(s: AsyncSession, club_id: int, session_id: int) -> GameSession:
    row = await s.scalar(
        select(GameSession).where(GameSession.id == session_id, GameSession.club_id == club_id)
    )
    if row is None:
        raise NotFound(Msg("there is no such session"))
    return row


async def latest_session_row(s: AsyncSession, club_id: int) -> GameSession | None:
    row = await s.scalar(
        select(GameSession)
        .where(GameSession.club_id == club_id)
        .order_by(GameSession.id.desc())
        .limit(1)
    )
    return row


async def current_or_new_session(s: AsyncSession, club: Club, now: dt.datetime) -> GameSession:
    """The session in play; a new one when there is none, the last one ended, or the club's
    session gap has passed since it started (or since its last event)."""
    row = await latest_session_row(s, club.id)
    if row is not None and await session_end(s, club, row, now) is None:
        return row
    return await new_session(s, club, club_day(now, club.time_zone), DEFAULT_SESSION_NAME, now)


async def session_over(s: AsyncSession, club_id: int, session_id: int,
                       now: dt.datetime) -> bool:
    """Whether session ``session_id`` is over (ended, or over by the club's gap,
    :func:`session_end`): its deals, and what was written about its boards, are then open."""
    session = await s.get(GameSession, session_id)
    club = await s.get(Club, club_id)
    return (session is not None and club is not None
            and await session_end(s, club, session, now) is not None)


async def session_end(
    s: AsyncSession, club: Club, row: GameSession, now: dt.datetime
) -> dt.datetime | None:
    """When session ``row`` ended, None while it is being played (one answer to whether it is
    over, for the next command, publishing and appeals): its ``ended_at``; or, over by the
    club's gap (:func:`core.storage.sessions.session_due`) with nobody ending it, when play
    stopped, at its last event (its start if it has none), not when a later command found it
    over: the appeal deadline (Law 92B) runs from there."""
    if row.ended_at is not None:
        return row.ended_at
    last = await _last_event(s, club.id, row.id) if club.session_gap_hours else None
    if not session_due(now, time_zone=club.time_zone, gap_hours=club.session_gap_hours,
                       started=row.created_at, last_activity=last, ended=None):
        return None
    if not club.session_gap_hours:  # the club day's end: asked only once it has come
        last = await _last_event(s, club.id, row.id)
    return max(row.created_at, last or row.created_at)


async def keep_session_end(s: AsyncSession, club_id: int, session_id: int,
                           now: dt.datetime) -> bool:
    """Before a director writes late into session ``session_id`` (a re-ruling's rows, on a
    board of a session nobody ended and the club's gap has ended): close it when play stopped,
    as the next session would, so the rows written now are not its last event and neither
    move its end nor put it back in play (the appeal deadline, Law 92B, runs from there).
    True when it closed the session (the club's live-session cache is to be told)."""
    row = await s.get(GameSession, session_id)
    club = await s.get(Club, club_id)
    if row is None or club is None or row.ended_at is not None:
        return False
    end = await session_end(s, club, row, now)
    if end is None:
        return False
    await close_session(s, row, end)
    return True


async def _last_event(s: AsyncSession, club_id: int, session_id: int) -> dt.datetime | None:
    last: dt.datetime | None = await s.scalar(
        select(func.max(EventRow.created_at)).where(
            EventRow.club_id == club_id, EventRow.session_id == session_id
        )
    )
    return last


async def new_session(
    s: AsyncSession, club: Club, day: dt.date, name: str, now: dt.datetime
) -> GameSession:
    """Start a session (the one in play ends first); a name used that day gets a number."""
    latest = await latest_session_row(s, club.id)
    if latest is not None and latest.ended_at is None:  # over by the gap: when play stopped
        await close_session(s, latest, await session_end(s, club, latest, now) or now)
    unique = await _unique_name(s, club.id, day, name)
    row = GameSession(club_id=club.id, date=day, name=unique, created_at=now)
    s.add(row)
    await s.flush()  # a concurrent start fails here (same name and day) and is retried
    # seats belong to one session: whoever sat anywhere before sits nowhere now
    await s.execute(
        delete(SeatBinding).where(
            SeatBinding.club_id == club.id,
            SeatBinding.table_id.in_(select(Table.id).where(Table.session_id != row.id)),
        )
    )
    return row


async def fresh_session(
    s: AsyncSession, club: Club, day: dt.date, name: str, now: dt.datetime
) -> tuple[GameSession, tuple[Seating, ...], bool]:
    """A director's new session, keeping the seats taken that club day: a session in play
    that day with no board yet becomes this one (renamed; no empty session is left behind, and
    a repeated start finds it); one with boards ends, and its seats move to the same tables of
    the new session. Returns the session, the seats it keeps and whether they moved.

    The club row is locked first (PostgreSQL), so that two starts at once run one after the
    other and the second finds the session the first made."""
    await s.execute(select(Club.id).where(Club.id == club.id).with_for_update())
    latest = await latest_session_row(s, club.id)
    kept: tuple[Seating, ...] = ()
    if latest is not None and latest.ended_at is None and latest.date == day:
        played = await s.scalar(select(Board.id).where(Board.session_id == latest.id).limit(1))
        if played is None:  # nothing played yet: it becomes the director's session
            if latest.name != name:
                latest.name = await _unique_name(s, club.id, day, name, besides=latest.id)
            latest.created_at = now
            await s.flush()
            seats = await seatings_where(s, club.id, Table.session_id == latest.id)
            return latest, seats, False
        kept = await seatings_where(s, club.id, Table.session_id == latest.id)
    row = await new_session(s, club, day, name, now)
    tables: dict[int, int] = {}
    for seat in kept:
        if seat.table_number not in tables:
            table = Table(club_id=club.id, session_id=row.id, number=seat.table_number)
            s.add(table)
            await s.flush()
            tables[seat.table_number] = table.id
        s.add(SeatBinding(club_id=club.id, table_id=tables[seat.table_number],
                          seat=seat.seat.value, user_id=seat.user_id, bound_at=now))
    await s.flush()
    moved = tuple(
        Seating(row.id, tables[k.table_number], k.table_number, k.seat, k.user_id) for k in kept
    )
    return row, moved, bool(moved)


async def _unique_name(
    s: AsyncSession, club_id: int, day: dt.date, name: str, *, besides: int | None = None
) -> str:
    """``name``, numbered if another session of that day has it already."""
    q = select(GameSession.name).where(GameSession.club_id == club_id, GameSession.date == day)
    if besides is not None:
        q = q.where(GameSession.id != besides)
    used = set(await s.scalars(q))
    unique, n = name, 1
    while unique in used:
        n += 1
        unique = f"{name[: NAME_MAX - 6]} ({n})"
    return unique


async def close_session(s: AsyncSession, row: GameSession, ended: dt.datetime) -> None:
    """End a session (it ended at ``ended``): no board is in play any more at its tables, and
    its seats are free."""
    row.ended_at = ended
    await s.execute(
        update(Table)
        .where(Table.session_id == row.id)
        .values(current_board=None)
        .execution_options(synchronize_session=False)
    )
    await s.execute(
        delete(SeatBinding).where(
            SeatBinding.table_id.in_(select(Table.id).where(Table.session_id == row.id))
        )
    )
    await s.flush()


async def board_row(
    s: AsyncSession, club_id: int, board_id: int, *, lock: bool = False
) -> Board:
    q = select(Board).where(Board.id == board_id, Board.club_id == club_id)
    if lock:
        q = q.with_for_update()
    row = await s.scalar(q)
    if row is None:
        raise NotFound(Msg("there is no such board"))
    return row


def state_of(board: Board) -> TableState:
    return serial.from_data(TableState, board.state)


async def store_state(
    s: AsyncSession, board: Board, state: TableState, *, last_seq: int | None = None
) -> None:
    """Save a new snapshot, unless the board changed since we read it (then retry)."""
    await update_snapshot(s, board.id, board.version, state, last_seq=last_seq)


async def update_snapshot(
    s: AsyncSession | AsyncConnection,
    board_id: int,
    version: int,
    state: TableState,
    *,
    last_seq: int | None,
) -> Any:
    """Save a new snapshot unless the board's version moved (then retry); returns the stored
    data."""
    data = serial.to_data(state)
    params: dict[str, Any] = {
        "b_id": board_id,
        "b_version": version,
        "new_state": data,
        "new_dealer": state.dealer.value if state.dealer else None,
        "new_declarer": state.declarer.value if state.declarer else None,
        "new_contract": state.contract,
        "new_version": version + 1,
        "new_updated_at": utcnow(),
    }
    if last_seq is None:
        q = UPDATE_SNAPSHOT
    else:
        q = UPDATE_SNAPSHOT_SEQ
        params["new_last_seq"] = last_seq
    if rowcount(await s.execute(q, params)) != 1:
        raise BoardChanged()
    return data


#: What a ruling decided besides its choice, compared when a void replays it: a revoke's transfer
#: and the 64B exception that cancels one (64B7 needs both sides' revokes); whose claim
#: suspended play when a defender's card was shown (68D: without the claim it would be a
#: penalty card, which 68D2(b) forbids once play goes on); the kind of the penalty card a
#: ruling made (50B: a second penalty card makes a minor one major, and 50C's free leads
#: become 50D's declarer's options).
_DECIDED = ("tricks_transferred", "exception", "suspended_by", "penalty_kind")


def ruled_otherwise(kind: str, stored: Any, was_ruling: bool, ruling: Ruling) -> bool:
    """A ruling replayed after an earlier event was voided, ruled otherwise now: its choice
    has other options, it is no longer a ruling at all (declarer's 50D2 options on W's lead
    once E's penalty card is void: a plain lead), or what it decided changed (:data:`_DECIDED`:
    a revoke's transfer, a penalty card's kind). It cannot stand as logged, any more than an
    event that no longer applies. Only these are compared, and only when both outcomes hold
    them, so a ruling logged by an older version, worded or cited otherwise, is not flagged."""
    if not was_ruling:
        return False
    old = Ruling.from_data(stored)
    if old.option_tokens != ruling.option_tokens or not is_ruling(kind, ruling):
        return True
    return any(key in old.outcome and key in ruling.outcome
               and old.outcome[key] != ruling.outcome[key] for key in _DECIDED)


@dataclass(frozen=True)
class Dependent:
    """A later event that cannot stand once some earlier ones are void: why (the engine's
    refusal), or None when it would be ruled otherwise (:func:`ruled_otherwise`)."""

    id: int
    kind: str
    reason: Text | None


@dataclass(frozen=True)
class Replayed:
    """A later event on the board replayed without the voided ones: what it gets now, and the
    dependent it is when it cannot stand as logged."""

    id: int
    event: Event
    ruling: Ruling | None
    dependent: Dependent | None


#: Reports of the course of the play: what happened at the table whatever it is ruled, so a
#: void that makes one rule otherwise keeps it, ruled again (``replay_later``).
PLAY_REPORTS = frozenset({"partner_lead", "play", "play_reported", "lead_lost"})


async def replay_without(
    s: AsyncSession | AsyncConnection, board_id: int, voided: Collection[int]
) -> tuple[TableState, tuple[Dependent, ...]]:
    """Replay the board's non-void events but ``voided``: a later event that no longer applies
    without them, or a later ruling ruled otherwise, is skipped and named (so are the ones
    after it that needed it); one that is now the table's record only is named and kept."""
    state, later = await replay_later(s, board_id, voided)
    return state, tuple(r.dependent for r in later if r.dependent is not None)


async def replay_later(
    s: AsyncSession | AsyncConnection, board_id: int, voided: Collection[int]
) -> tuple[TableState, list[Replayed]]:
    """:func:`replay_without`, with every event after the first voided one, in order."""
    after = await s.scalar(select(func.min(EventRow.seq)).where(EventRow.id.in_(voided)))
    rows = await s.execute(
        select(EventRow.id, EventRow.seq, EventRow.kind, EventRow.facts, EventRow.ruling,
               EventRow.is_ruling)
        .where(EventRow.board_id == board_id, EventRow.void.is_(False))
        .order_by(EventRow.seq)
    )
    state, later = TableState(), []
    for ev_id, seq, kind, facts, stored, was_ruling in rows:
        if ev_id in voided:
            continue
        event = event_from_data(facts)
        is_later = after is not None and seq > after
        try:
            ruling, replayed = apply(state, event)
        except ValueError as exc:
            later.append(Replayed(ev_id, event, None, Dependent(ev_id, kind, error_text(exc))))
            continue
        dependent = None
        if is_later and ruled_otherwise(kind, stored, was_ruling, ruling):
            dependent = Dependent(ev_id, kind, None)
            if is_ruling(kind, ruling) and kind not in PLAY_REPORTS:
                # another ruling now: it goes, replayed no further (a report of the play
                # stays, ruled as it is now: who led to which trick is still what happened)
                later.append(Replayed(ev_id, event, None, dependent))
                continue
        if is_later:
            later.append(Replayed(ev_id, event, ruling, dependent))
        state = replayed
    return state, later


async def fold(
    s: AsyncSession | AsyncConnection, board_id: int, *, voiding: EventRow | int | None = None
) -> TableState:
    """Replay the board's non-void events. While voiding (the event, or its id), a later event
    that cannot stand without it (:func:`replay_without`) is a :class:`Conflict` naming it."""
    if voiding is None:
        state = TableState()
        for (facts,) in await s.execute(
            select(EventRow.facts)
            .where(EventRow.board_id == board_id, EventRow.void.is_(False))
            .order_by(EventRow.seq)
        ):
            _, state = apply(state, event_from_data(facts))
        return state
    voided = voiding if isinstance(voiding, int) else voiding.id
    state, dependents = await replay_without(s, board_id, {voided})
    if dependents:
        first = dependents[0]
        reason = first.reason or Msg("without #{voided} it would be ruled otherwise",
                                     voided=voided)
        raise Conflict(
            Msg("ruling #{id} ({kind}) depends on ruling #{voided}: void #{id} first "
                "({reason})", id=first.id, kind=first.kind, voided=voided, reason=reason)
        )
    return state


async def recorded_value(
    s: AsyncSession | AsyncConnection, row: Any, *, duplicate: bool
) -> RecordedEvent:
    """A stored event as :meth:`Storage.record` returns it; the state is the fold up to it."""
    facts = await s.execute(
        select(EventRow.facts)
        .where(
            EventRow.board_id == row.board_id,
            EventRow.seq <= row.seq,
            or_(EventRow.void.is_(False), EventRow.id == row.id),
        )
        .order_by(EventRow.seq)
    )
    state = TableState()
    for (data,) in facts:
        _, state = apply(state, event_from_data(data))
    return RecordedEvent(
        id=row.id,
        board_id=row.board_id,
        seq=row.seq,
        event=event_from_data(row.facts),
        ruling=Ruling.from_data(row.ruling),
        state=state,
        actor_id=row.actor_id,
        interaction_id=row.interaction_id,
        created_at=row.created_at,
        duplicate=duplicate,
    )


def laws_text(laws: Iterable[str], limit: int = 200) -> str:
    """The citations for display, cut at a whole citation if there are too many to store."""
    text = ""
    for law in laws:
        joined = f"{text} {law}" if text else law
        if len(joined) > limit:
            break
        text = joined
    return text


def law_values(club_id: int, event_id: int | None, laws: Iterable[str]) -> list[dict[str, Any]]:
    """The ``event_laws`` rows of an event, as parameter sets for one executemany (``event_id``
    None: not known yet, the rows are for :data:`~core.storage.repo.statements.RECORD_WRITES`)."""
    rows = []
    for law in laws:
        try:
            number, key = law_key(law, strict=True)
        except StorageError:
            log.warning("not indexing malformed law reference %r of event %s", law, event_id)
            continue
        rows.append(
            {
                "event_id": event_id,
                "law": law,
                "club_id": club_id,
                "law_number": number,
                "law_key": key,
            }
        )
    return rows


async def seatings_where(
    s: AsyncSession, club_id: int, where: ColumnElement[bool]
) -> tuple[Seating, ...]:
    rows = await s.execute(
        select(SeatBinding, Table.session_id, Table.number)
        .join(Table, Table.id == SeatBinding.table_id)
        .where(SeatBinding.club_id == club_id, where)
        .order_by(SeatBinding.seat)
    )
    return tuple(
        Seating(session_id, b.table_id, number, Seat(b.seat), b.user_id)
        for b, session_id, number in rows
    )


async def call_row(s: AsyncSession, club_id: int, call_id: int) -> DirectorCall:
    row = await s.scalar(
        select(DirectorCall).where(DirectorCall.id == call_id, DirectorCall.club_id == club_id)
    )
    if row is None:
        raise NotFound(Msg("there is no such call"))
    return row


async def call_value(
    s: AsyncSession, row: DirectorCall, *, joined: bool = False
) -> DirectorCallInfo:
    table_no = board_no = None
    if row.table_id is not None:
        table_no = await s.scalar(select(Table.number).where(Table.id == row.table_id))
    if row.board_id is not None:
        board_no = await s.scalar(select(Board.number).where(Board.id == row.board_id))
    return DirectorCallInfo(
        id=row.id,
        caller_id=row.caller_id,
        event_id=row.event_id,
        table_id=row.table_id,
        table_number=table_no,
        board_id=row.board_id,
        board_number=board_no,
        note=row.note,
        channel_id=row.channel_id,
        message_id=row.message_id,
        created_at=row.created_at,
        claimed_by=row.claimed_by,
        claimed_at=row.claimed_at,
        origin_channel_id=row.origin_channel_id,
        joined=joined,
    )


def club_settings(row: Row[Any]) -> ClubSettings:
    return ClubSettings(
        guild_id=row.guild_id,
        director_role_id=row.director_role_id,
        log_channel_id=row.log_channel_id,
        time_zone=row.time_zone,
        law_edition=row.law_edition,
        language=row.language,
        session_gap_hours=row.session_gap_hours,
    )


def club_value(row: Club) -> ClubSettings:
    return ClubSettings(
        guild_id=row.guild_id,
        director_role_id=row.director_role_id,
        log_channel_id=row.log_channel_id,
        time_zone=row.time_zone,
        law_edition=row.law_edition,
        language=row.language,
        session_gap_hours=row.session_gap_hours,
    )


def session_value(row: GameSession, guild_id: int) -> SessionInfo:
    return SessionInfo(row.id, guild_id, row.date, row.name, row.created_at, row.ended_at)


def table_value(row: Table) -> TableInfo:
    return TableInfo(row.id, row.session_id, row.number, row.current_board)


def board_value(row: Board, table_number: int) -> BoardInfo:
    state = state_of(row)
    return BoardInfo(
        id=row.id,
        session_id=row.session_id,
        table_id=row.table_id,
        table_number=table_number,
        number=row.number,
        dealer=state.dealer,
        declarer=state.declarer,
        contract=state.contract,
        last_seq=row.last_seq,
        state=state,
    )


def verdict_value(row: VerdictRow) -> Verdict:
    return Verdict(
        id=row.id,
        event_id=row.event_id,
        director_id=row.director_id,
        verdict=VerdictKind(row.verdict),
        text=row.text,
        adjusted_score=row.adjusted_score,
        created_at=row.created_at,
    )


def check_time_zone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError) as exc:
        raise StorageError(
            Msg("{name} is not a time zone (e.g. Europe/London)", name=repr(name))
        ) from exc
    return name


def checked_text(value: str | None, limit: int, what: str) -> str:
    value = (value or "").strip()
    if len(value) > limit:
        raise StorageError(too_long(what, limit))
    return value


def too_long(what: str, limit: int) -> Text:
    """The refusal of a text longer than ``limit``, a whole sentence for each kind of text."""
    match what:
        case "reason":
            return Msg("the reason is too long (at most {limit} characters)", limit=limit)
        case "answer":
            return Msg("the answer is too long (at most {limit} characters)", limit=limit)
        case "note":
            return Msg("the note is too long (at most {limit} characters)", limit=limit)
        case "text":
            return Msg("the text is too long (at most {limit} characters)", limit=limit)
        case "question":
            return Msg("the question is too long (at most {limit} characters)", limit=limit)
        case "note for the table":
            return Msg("the note for the table is too long (at most {limit} characters)",
                       limit=limit)
        case "session name":
            return Msg("the session name is too long (at most {limit} characters)",
                       limit=limit)
        case "adjusted score":
            return Msg("the adjusted score is too long (at most {limit} characters)",
                       limit=limit)
    return f"the {what} is too long (at most {limit} characters)"  # a caller's new kind


def check_positive(value: int, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10_000:
        raise StorageError(not_positive(what))


def not_positive(what: str) -> Text:
    """The refusal of a number that is not a whole number from 1, by what it numbers."""
    if what == "table number":
        return Msg("the table number must be a whole number from 1")
    if what == "board number":
        return Msg("the board number must be a whole number from 1")
    return f"the {what} must be a whole number from 1"  # a caller's new kind


def clamp_limit(limit: int) -> int:
    return max(1, min(int(limit), PAGE_MAX))


def board_facts(
    state: TableState, dealer: Seat | None, declarer: Seat | None, contract: str | None
) -> dict[str, Any]:
    """What /board set gives that differs from the board's state."""
    facts: dict[str, Any] = {}
    if dealer and dealer is not state.dealer:
        facts["dealer"] = dealer.value
    if declarer and declarer is not state.declarer:
        facts["declarer"] = declarer.value
    if contract and contract != state.contract:
        facts["contract"] = contract
    return facts

