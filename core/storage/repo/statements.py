"""The hot paths' statements, built once (their SQL is compiled once and cached; on the loop's
connection the SELECTs marked :func:`~core.storage.hotpath.compiled_once` skip even the cache
lookup): run through :meth:`~core.storage.repo.transactions.Transactions.connected` and
``write_conn``, so on SQLite they run on the loop's own connection (:mod:`core.storage.hotpath`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Text, and_, bindparam, cast, func, insert, null, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from core import serial
from core.state import TableState
from core.storage.hotpath import compiled_once
from core.storage.models import (
    Board,
    Club,
    EventLaw,
    EventRow,
    GameSession,
    SeatBinding,
    Table,
    TableChannel,
)


def club_select() -> Any:
    return select(
        Club.id,
        Club.guild_id,
        Club.director_role_id,
        Club.log_channel_id,
        Club.time_zone,
        Club.law_edition,
        Club.language,
        Club.session_gap_hours,
    )


#: A board's snapshot as the stored JSON text (parsed through the snapshot cache).
STATE_TEXT = cast(Board.state, Text)
EMPTY_STATE_DATA = serial.to_data(TableState())

CLUB_ID = compiled_once(select(Club.id).where(Club.guild_id == bindparam("guild_id")))
CLUB_ZONE = compiled_once(
    select(Club.id, Club.time_zone).where(Club.guild_id == bindparam("guild_id"))
)

SEATING = compiled_once(
    select(Table.session_id, SeatBinding.table_id, Table.number, SeatBinding.seat)
    .join(Table, Table.id == SeatBinding.table_id)
    .join(Club, Club.id == SeatBinding.club_id)
    .where(Club.guild_id == bindparam("guild_id"), SeatBinding.user_id == bindparam("user_id"))
    .order_by(SeatBinding.seat)
    .limit(1)
)

BOARD_COLUMNS = (
    Board.id,
    Board.session_id,
    Board.table_id,
    Board.number,
    Board.last_seq,
    STATE_TEXT.label("state"),
    Table.number.label("table_no"),
)

BOARD_BY_ID = compiled_once(
    select(*BOARD_COLUMNS)
    .join(Club, Club.id == Board.club_id)
    .join(Table, Table.id == Board.table_id)
    .where(Club.guild_id == bindparam("guild_id"), Board.id == bindparam("board_id"))
)

CHOICE_CONTEXT = compiled_once(
    select(
        EventRow.id.label("event_id"),
        EventRow.ruling,
        *BOARD_COLUMNS,
        SeatBinding.table_id.label("seat_table_id"),
        SeatBinding.seat,
    )
    .select_from(EventRow)
    .join(Club, Club.id == EventRow.club_id)
    .join(Board, and_(Board.id == EventRow.board_id, Board.club_id == EventRow.club_id))
    .join(Table, Table.id == Board.table_id)
    .outerjoin(
        SeatBinding,
        and_(SeatBinding.club_id == Club.id, SeatBinding.user_id == bindparam("user_id")),
    )
    .where(Club.guild_id == bindparam("guild_id"), EventRow.id == bindparam("event_id"))
    .limit(1)
)

EVENT_BY_ID = compiled_once(select(EventRow.__table__).where(EventRow.id == bindparam("event_id")))

FIRST_FOR_INTERACTION = compiled_once(
    select(EventRow.id).where(
        EventRow.club_id == bindparam("club_id"),
        EventRow.interaction_id == bindparam("interaction_id"),
    )
)

INSERT_EVENT = insert(EventRow).returning(EventRow.id)
INSERT_LAW = insert(EventLaw)
INSERT_BOARD = insert(Board).returning(Board.id)
SET_CURRENT_BOARD = (
    update(Table)
    .where(Table.id == bindparam("t_id"))
    .values(current_board=bindparam("current", type_=Table.current_board.type))
)


def snapshot_update(with_seq: bool) -> Any:
    values: dict[str, Any] = {
        "state": bindparam("new_state", type_=Board.state.type),
        "dealer": bindparam("new_dealer", type_=Board.dealer.type),
        "declarer": bindparam("new_declarer", type_=Board.declarer.type),
        "contract": bindparam("new_contract", type_=Board.contract.type),
        "version": bindparam("new_version", type_=Board.version.type),
        "updated_at": bindparam("new_updated_at", type_=Board.updated_at.type),
    }
    if with_seq:
        values["last_seq"] = bindparam("new_last_seq", type_=Board.last_seq.type)
    return (
        update(Board)
        .where(Board.id == bindparam("b_id"), Board.version == bindparam("b_version"))
        .values(**values)
        .execution_options(synchronize_session=False)
    )


UPDATE_SNAPSHOT = snapshot_update(False)
UPDATE_SNAPSHOT_SEQ = snapshot_update(True)

FIRST_ID_OF_INTERACTION = (
    select(EventRow.id)
    .where(EventRow.club_id == Club.id, EventRow.interaction_id == bindparam("interaction_id"))
    .correlate(Club)
    .scalar_subquery()
)

SET_BOARD_SELECT = compiled_once(
    select(
        Club.id.label("club_id"),
        Club.time_zone,
        Table.id.label("table_id"),
        Table.session_id.label("table_session_id"),
        Table.number.label("table_no"),
        Table.current_board,
        Board.id,
        Board.session_id,
        Board.table_id.label("board_table_id"),
        Board.number,
        Board.last_seq,
        Board.version,
        STATE_TEXT.label("state"),
        FIRST_ID_OF_INTERACTION.label("first_id"),
    )
    .select_from(Club)
    .outerjoin(Table, and_(Table.id == bindparam("table_id"), Table.club_id == Club.id))
    .outerjoin(Board, and_(Board.table_id == Table.id, Board.number == bindparam("number")))
    .where(Club.guild_id == bindparam("guild_id"))
)


def table_lookup_select(numbered: bool) -> Any:
    seat_table = Table.__table__.alias("seat_table")
    latest_session = (
        select(func.max(GameSession.id))
        .where(GameSession.club_id == Club.id)
        .correlate(Club)
        .scalar_subquery()
    )
    latest = GameSession.__table__.alias("latest_session")
    channel_no = (
        select(TableChannel.number)
        .where(
            TableChannel.club_id == Club.id,
            TableChannel.channel_id == bindparam("channel_id", type_=TableChannel.channel_id.type),
        )
        .correlate(Club)
        .scalar_subquery()
    )
    incident = (
        select(EventRow.id)
        .where(
            EventRow.board_id == Board.id,
            EventRow.void.is_(False),
            EventRow.is_ruling.is_(True),
        )
        .correlate(Board)
        .limit(1)
        .scalar_subquery()
    )
    # the board a command names (``/board set``), with its own "is there a ruling on it?"
    named = Board.__table__.alias("named_board")
    named_incident = (
        select(EventRow.id)
        .where(
            EventRow.board_id == named.c.id,
            EventRow.void.is_(False),
            EventRow.is_ruling.is_(True),
        )
        .correlate(named)
        .limit(1)
        .scalar_subquery()
    )
    wanted = (
        bindparam("number", type_=Table.number.type)
        if numbered
        else func.coalesce(channel_no, seat_table.c.number)
    )
    return (
        club_select()
        .add_columns(
            latest.c.id.label("session_id"),
            latest.c.created_at.label("session_created_at"),
            latest.c.ended_at.label("session_ended_at"),
            channel_no.label("channel_table_no"),
            incident.label("has_incidents"),
            SeatBinding.table_id.label("seat_table_id"),
            SeatBinding.seat,
            seat_table.c.number.label("seat_table_no"),
            seat_table.c.session_id.label("seat_session_id"),
            Table.id.label("table_id"),
            Table.session_id.label("table_session_id"),
            Table.number.label("table_no"),
            Table.current_board,
            Board.id.label("board_id"),
            Board.session_id.label("board_session_id"),
            Board.number.label("board_no"),
            Board.last_seq,
            STATE_TEXT.label("state"),
            named.c.id.label("named_id"),
            named.c.session_id.label("named_session_id"),
            named.c.last_seq.label("named_last_seq"),
            cast(named.c.state, Text).label("named_state"),
            named_incident.label("named_has_incidents"),
        )
        .outerjoin(
            SeatBinding,
            and_(SeatBinding.club_id == Club.id, SeatBinding.user_id == bindparam("user_id")),
        )
        .outerjoin(
            seat_table,
            and_(
                seat_table.c.id == SeatBinding.table_id,
                seat_table.c.session_id == latest_session,
            ),
        )
        .outerjoin(latest, latest.c.id == latest_session)
        .outerjoin(
            Table,
            and_(
                Table.club_id == Club.id,
                Table.session_id == latest_session,
                Table.number == wanted,
            ),
        )
        .outerjoin(Board, and_(Board.table_id == Table.id, Board.number == Table.current_board))
        .outerjoin(
            named,
            and_(
                named.c.table_id == Table.id,
                named.c.number == bindparam("board_number", type_=Board.number.type),
            ),
        )
        .where(Club.guild_id == bindparam("guild_id"))
        .order_by(SeatBinding.seat)
        .limit(1)
    )


TABLE_LOOKUP_MINE = compiled_once(table_lookup_select(numbered=False))
TABLE_LOOKUP_NUMBERED = compiled_once(table_lookup_select(numbered=True))


@dataclass(slots=True)
class BoardRow:
    """A board as a write transaction read it (locked on PostgreSQL): what appending an event
    to it needs, with its table's number, the club's time zone and ``first_id``, the event
    already recorded for the interaction being handled (if any)."""

    id: int
    club_id: int
    session_id: int
    table_id: int
    number: int
    table_no: int | None
    last_seq: int
    version: int
    #: The stored snapshot (JSON text, or data when the driver decoded it).
    state: str | dict[str, Any]
    time_zone: str
    first_id: int | None


def board_for_record_select(*, by_interaction: bool, lock: bool) -> Any:
    """The board row a recording works on, built once per shape (a statement built per call
    cost ~8 comparisons, a join and its cache key each time: the recording steps of
    ``benchmarks/interactions.py``). ``by_interaction``: also ``first_id``, the event already
    recorded for the ``interaction_id`` parameter in this club; ``lock``: the row locked."""
    first: Any = null()
    if by_interaction:
        first = (
            select(EventRow.id)
            .where(
                EventRow.club_id == Board.club_id,
                EventRow.interaction_id == bindparam("interaction_id"),
            )
            .correlate(Board)
            .scalar_subquery()
        )
    q = (
        select(
            Board.id,
            Board.club_id,
            Board.session_id,
            Board.table_id,
            Board.number,
            STATE_TEXT.label("state"),
            Board.last_seq,
            Board.version,
            Table.number.label("table_no"),
            Club.time_zone,
            first.label("first_id"),
        )
        .join(Club, Club.id == Board.club_id)
        .join(Table, Table.id == Board.table_id)
        .where(Club.guild_id == bindparam("guild_id"), Board.id == bindparam("board_id"))
    )
    return q.with_for_update(of=Board) if lock else q


#: :func:`board_for_record`'s statements, by (by_interaction, lock).
BOARD_FOR_RECORD = {
    (by_interaction, lock): compiled_once(
        board_for_record_select(by_interaction=by_interaction, lock=lock)
    )
    for by_interaction in (False, True)
    for lock in (False, True)
}


async def board_for_record(
    s: AsyncSession | AsyncConnection,
    guild_id: int,
    board_id: int,
    interaction_id: int | None,
    *,
    lock: bool = False,
) -> BoardRow | None:
    """The board row :meth:`Storage.record` works on (None if the guild has no such board):
    its snapshot and version, its table's number, and ``first_id``, the event already recorded
    for ``interaction_id`` in this club (if any). With ``lock``, the board row is locked."""
    params = {"guild_id": guild_id, "board_id": board_id, "interaction_id": interaction_id}
    q = BOARD_FOR_RECORD[interaction_id is not None, lock]
    row = (await s.execute(q, params)).first()
    return BoardRow(**row._mapping) if row is not None else None
