"""The hot paths' statements, built once: run through
:meth:`~core.storage.repo.transactions.Transactions.connected` and ``write_conn``, so on SQLite
they run on the loop's own connection (:mod:`core.storage.hotpath`).

The SELECTs are wrapped in ``lambda_stmt`` (SQLAlchemy's documented route for statements that
never change): their compiled form is found in the compiled cache by the lambda's code alone, not
by walking the whole statement for its cache key on every run (a table lookup 47 → 31 µs of CPU,
``benchmarks/statements.py``). Each needs a lambda of its own at module level, naming a global:
the lambda's code is the key, so one lambda shared by several statements would mix them up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Text,
    and_,
    bindparam,
    cast,
    exists,
    func,
    insert,
    lambda_stmt,
    null,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from core import serial
from core.state import TableState
from core.storage.editions import CLUB_SCHEDULE, EDITION_CHANGES
from core.storage.models import (
    Board,
    Club,
    DeskSettings,
    EventLaw,
    EventRow,
    GameSession,
    PlayingDirector,
    SeatBinding,
    Table,
    TableChannel,
    VerdictRow,
)
from core.storage.played import NOTE_PLAYERS, played_elsewhere


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

_CLUB_ID = select(Club.id).where(Club.guild_id == bindparam("guild_id"))
CLUB_ID = lambda_stmt(lambda: _CLUB_ID)
_CLUB_ZONE = select(Club.id, Club.time_zone).where(Club.guild_id == bindparam("guild_id"))
CLUB_ZONE = lambda_stmt(lambda: _CLUB_ZONE)

_SEATING = (
    select(Table.session_id, SeatBinding.table_id, Table.number, SeatBinding.seat)
    .join(Table, Table.id == SeatBinding.table_id)
    .join(Club, Club.id == SeatBinding.club_id)
    .where(Club.guild_id == bindparam("guild_id"), SeatBinding.user_id == bindparam("user_id"))
    .order_by(SeatBinding.seat)
    .limit(1)
)
SEATING = lambda_stmt(lambda: _SEATING)

BOARD_COLUMNS = (
    Board.id,
    Board.session_id,
    Board.table_id,
    Board.number,
    Board.last_seq,
    STATE_TEXT.label("state"),
    Table.number.label("table_no"),
)

_BOARD_BY_ID = (
    select(*BOARD_COLUMNS)
    .join(Club, Club.id == Board.club_id)
    .join(Table, Table.id == Board.table_id)
    .where(Club.guild_id == bindparam("guild_id"), Board.id == bindparam("board_id"))
)
BOARD_BY_ID = lambda_stmt(lambda: _BOARD_BY_ID)

def latest_session_id() -> Any:
    """The id of the club's latest session, for a statement that reads ``clubs``."""
    return (
        select(func.max(GameSession.id))
        .where(GameSession.club_id == Club.id)
        .correlate(Club)
        .scalar_subquery()
    )


def blind_check_columns() -> tuple[Any, Any]:
    """What the blind check needs (:func:`core.permissions.may_be_blind`) for the member
    ``user_id`` of the club read (``clubs``): whether he marked himself a playing director, and
    the club's ``no_peeking``; read with the table or the press, so that a member whom no board
    can be closed to costs no second read."""
    playing = (
        select(PlayingDirector.user_id)
        .where(PlayingDirector.club_id == Club.id, PlayingDirector.user_id == bindparam("user_id"))
        .correlate(Club)
        .scalar_subquery()
    )
    no_peeking = (
        select(DeskSettings.no_peeking)
        .where(DeskSettings.club_id == Club.id)
        .correlate(Club)
        .scalar_subquery()
    )
    return playing, no_peeking


def choice_context_select() -> Any:
    """A press's one read: the offering ruling, its board (with what a recording starts from:
    ``version``, the club's id and time zone), whether the board is still its table's board in
    the club's latest session (with that session's times and the club's settings, to judge
    whether the session is still in play), and the presser's seat."""
    latest = GameSession.__table__.alias("latest_session")
    latest_id = latest_session_id()
    playing, no_peeking = blind_check_columns()
    return (
        select(
            EventRow.id.label("event_id"),
            EventRow.ruling,
            *BOARD_COLUMNS,
            Board.version,
            Table.current_board,
            Club.id.label("club_id"),
            *club_select().selected_columns[1:],
            latest.c.id.label("latest_session_id"),
            latest.c.created_at.label("session_created_at"),
            latest.c.ended_at.label("session_ended_at"),
            SeatBinding.table_id.label("seat_table_id"),
            SeatBinding.seat,
            playing.label("playing_director"),
            no_peeking.label("no_peeking"),
        )
        .select_from(EventRow)
        .join(Club, Club.id == EventRow.club_id)
        .join(Board, and_(Board.id == EventRow.board_id, Board.club_id == EventRow.club_id))
        .join(Table, Table.id == Board.table_id)
        .outerjoin(latest, latest.c.id == latest_id)
        .outerjoin(
            SeatBinding,
            and_(SeatBinding.club_id == Club.id, SeatBinding.user_id == bindparam("user_id")),
        )
        .where(Club.guild_id == bindparam("guild_id"), EventRow.id == bindparam("event_id"))
        .limit(1)
    )


_CHOICE_CONTEXT = choice_context_select()
CHOICE_CONTEXT = lambda_stmt(lambda: _CHOICE_CONTEXT)

_EVENT_BY_ID = select(EventRow.__table__).where(EventRow.id == bindparam("event_id"))
EVENT_BY_ID = lambda_stmt(lambda: _EVENT_BY_ID)

_FIRST_FOR_INTERACTION = select(EventRow.id).where(
    EventRow.club_id == bindparam("club_id"),
    EventRow.interaction_id == bindparam("interaction_id"),
)
FIRST_FOR_INTERACTION = lambda_stmt(lambda: _FIRST_FOR_INTERACTION)

#: The seat a member holds at a table (none: no row): a choice's presser, read again in its
#: write (``Storage.record(seated=…)``).
SEAT_AT_TABLE = select(SeatBinding.seat).where(
    SeatBinding.table_id == bindparam("table_id"), SeatBinding.user_id == bindparam("user_id")
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

_SET_BOARD_SELECT = (
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
SET_BOARD_SELECT = lambda_stmt(lambda: _SET_BOARD_SELECT)




# ----------------------------------------------------------- /board set as a member asks it
# (Storage.set_board with its checks): the table's row locked first, then its boards, then
# what is on them read after the locks.

#: The table's row, locked, with its club and whether this interaction already wrote (an event
#: or a verdict keyed by it: a redelivery).
TABLE_FOR_MOVE = (
    select(
        Table.current_board,
        Table.number.label("table_no"),
        Table.session_id.label("table_session_id"),
        Club.id.label("club_id"),
        Club.time_zone,
        select(EventRow.id)
        .where(EventRow.club_id == Club.id,
               EventRow.interaction_id == bindparam("interaction_id"))
        .correlate(Club)
        .scalar_subquery()
        .label("first_event"),
        select(VerdictRow.id)
        .where(VerdictRow.club_id == Club.id,
               VerdictRow.interaction_id == bindparam("interaction_id"))
        .correlate(Club)
        .scalar_subquery()
        .label("first_verdict"),
        # a member seated here has played board ``number`` at another table this session
        exists()
        .where(SeatBinding.table_id == Table.id,
               played_elsewhere(SeatBinding.user_id, Table.id, Table.session_id,
                                bindparam("number")))
        .label("played_elsewhere"),
    )
    .join(Club, Club.id == Table.club_id)
    .where(Table.id == bindparam("table_id"), Club.guild_id == bindparam("guild_id"))
    .with_for_update(of=Table)
)
#: The table's board in play and board ``number``, locked in id order.
BOARDS_FOR_MOVE = (
    select(Board.id, Board.number, Board.session_id, Board.last_seq, Board.version,
           STATE_TEXT.label("state"))
    .where(
        Board.table_id == bindparam("table_id"),
        or_(Board.number == bindparam("current", type_=Board.number.type),
            Board.number == bindparam("number")),
    )
    .order_by(Board.id)
    .with_for_update(of=Board)
)
#: Which of the two boards ``a`` and ``b`` (the same id twice for one) a ruling (not only the
#: table's record) stands on. Two plain parameters rather than an expanding list: the statement
#: renders once and runs on the driver (``ON_THE_DRIVER``).
RULINGS_ON_BOARDS = (
    select(EventRow.board_id)
    .where(EventRow.board_id.in_([bindparam("a", type_=EventRow.board_id.type),
                                  bindparam("b", type_=EventRow.board_id.type)]),
           EventRow.void.is_(False), EventRow.is_ruling.is_(True))
    .distinct()
)
#: A board's standing ``board_end`` events (a director reopens it).
BOARD_ENDS = (
    select(EventRow.id)
    .where(EventRow.board_id == bindparam("board_id"), EventRow.kind == "board_end",
           EventRow.void.is_(False))
    .order_by(EventRow.seq)
)
VOID_EVENTS = (
    update(EventRow)
    .where(EventRow.id.in_(bindparam("ids", expanding=True)))
    .values(void=True, verdict=bindparam("verdict"), verdict_by=bindparam("by"),
            verdict_at=bindparam("at"), verdict_note=bindparam("note"))
    .execution_options(synchronize_session=False)
)
INSERT_VERDICT = insert(VerdictRow)


def table_lookup_select(numbered: bool) -> Any:
    seat_table = Table.__table__.alias("seat_table")
    latest_session = latest_session_id()
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
    # the first channel bound to the table looked up (where its board may be shown to all,
    # tdbot.context.shown_here), so that a command typed in no table's channel costs no read
    table_channel = (
        select(TableChannel.channel_id)
        .where(TableChannel.club_id == Club.id, TableChannel.number == Table.number)
        .correlate(Club, Table)
        .order_by(TableChannel.id)
        .limit(1)
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
    playing, no_peeking = blind_check_columns()
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
            table_channel.label("table_channel_id"),
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
            Board.version.label("board_version"),
            STATE_TEXT.label("state"),
            named.c.id.label("named_id"),
            named.c.session_id.label("named_session_id"),
            named.c.last_seq.label("named_last_seq"),
            cast(named.c.state, Text).label("named_state"),
            named_incident.label("named_has_incidents"),
            playing.label("playing_director"),
            no_peeking.label("no_peeking"),
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


_TABLE_LOOKUP_MINE = table_lookup_select(numbered=False)
TABLE_LOOKUP_MINE = lambda_stmt(lambda: _TABLE_LOOKUP_MINE)
_TABLE_LOOKUP_NUMBERED = table_lookup_select(numbered=True)
TABLE_LOOKUP_NUMBERED = lambda_stmt(lambda: _TABLE_LOOKUP_NUMBERED)


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


_BOARD_READ = board_for_record_select(by_interaction=False, lock=False)
_BOARD_LOCK = board_for_record_select(by_interaction=False, lock=True)
_BOARD_READ_FIRST = board_for_record_select(by_interaction=True, lock=False)
_BOARD_LOCK_FIRST = board_for_record_select(by_interaction=True, lock=True)
#: :func:`board_for_record`'s statements, by (by_interaction, lock): a lambda each (see above).
BOARD_FOR_RECORD = {
    (False, False): lambda_stmt(lambda: _BOARD_READ),
    (False, True): lambda_stmt(lambda: _BOARD_LOCK),
    (True, False): lambda_stmt(lambda: _BOARD_READ_FIRST),
    (True, True): lambda_stmt(lambda: _BOARD_LOCK_FIRST),
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


def _typed(name: str, column: Any) -> Any:
    return bindparam(name, type_=column.type)


def record_writes(*, counted: bool, seat: str | None = None) -> Any:
    """PostgreSQL: a recording's writes in ONE statement (issue 27): the interaction's duplicate
    check, the event, its laws, the monthly roll-up and the new snapshot, as data-modifying
    CTEs. Each was a round trip of its own (10 per recording with BEGIN, the lock and COMMIT),
    and on loopback a round trip costs the bot ~0.1 ms of CPU.

    One statement is atomic on its own, so on the driver it runs without a transaction around
    it (``Transactions.write_conn(one_statement=True)``: the board read, then this; 2 round
    trips). Every check guards the write it guards inside the statement itself: the duplicate
    check; the club's time zone, share-locked (``FOR SHARE``: a time-zone change waits, or this
    statement waits for it and sees its result) and compared with the one the roll-up's month
    was worked out with (``:time_zone``: nothing is written when they differ, and the caller
    retries); the board's version, the one the ruling was worked out on (``:b_version``: nothing
    is written when the board has moved on). A writer that moves the board while this statement
    runs makes it fail as a whole: its event takes the same ``seq`` (the unique ``(board_id,
    seq)``), or the snapshot's update finds the version moved and the last column is an error
    (``board_changed``); the caller then runs the recording again. Under the board's row lock,
    in a transaction (the SQLAlchemy path), the same statement simply always finds its version.
    ``counted``: a ruling (laws and roll-up); the table's record writes the event and the
    snapshot only. ``seat``: a choice pressed by a player, checked against his seat at the
    board's table in the statement too (``"held"``: ``:seat_user`` still holds ``:seat_held``
    there; ``"none"``: he holds no seat there), so a director's reseat since the press's read
    writes nothing and the caller checks again.

    Returns one row: ``first_id`` (the interaction's earlier event: nothing was written),
    ``event_id`` (None: nothing written) and ``updated`` (boards updated, 1 when written)."""
    ev = EventRow.__table__.c
    b = Board.__table__.c
    guard = "NOT EXISTS (SELECT 1 FROM dup) AND EXISTS (SELECT 1 FROM cur)"
    source = ""
    if counted:
        source = " FROM tz"
        guard += " AND tz.time_zone = :time_zone"
    columns = ("club_id", "session_id", "table_id", "board_id", "table_no", "board_no", "seq",
               "kind", "incident", "actor_id", "interaction_id", "created_at", "facts", "ruling",
               "summary", "laws", "void", "law_edition", "is_ruling")
    sql = [
        "WITH dup AS (SELECT id FROM events WHERE club_id = :club_id "
        "AND interaction_id = :interaction_id)",
        "cur AS (SELECT 1 FROM boards WHERE id = :board_id AND version = :b_version)",
    ]
    if counted:
        sql.append("tz AS (SELECT time_zone FROM clubs WHERE id = :club_id FOR SHARE)")
    if seat is not None:
        sql.append("seat AS (SELECT seat FROM seat_bindings WHERE table_id = :table_id "
                   "AND user_id = :seat_user)")
        guard += (" AND EXISTS (SELECT 1 FROM seat WHERE seat.seat = :seat_held)"
                  if seat == "held" else " AND NOT EXISTS (SELECT 1 FROM seat)")
    sql.append(
        f"ev AS (INSERT INTO events ({', '.join(columns)}) "
        f"SELECT {', '.join(':' + c for c in columns)}{source} WHERE {guard} RETURNING id)"
    )
    if counted:
        sql.append(
            "laws AS (INSERT INTO event_laws (event_id, law, club_id, law_number, law_key) "
            "SELECT ev.id, u.law, :club_id, u.law_number, u.law_key FROM ev, "
            "unnest(CAST(:law_texts AS varchar[]), CAST(:law_numbers AS smallint[]), "
            "CAST(:law_keys AS varchar[])) AS u(law, law_number, law_key))"
        )
        sql.append(
            "roll AS (INSERT INTO log_rollup (club_id, month, incident, law_number, live, "
            "voided, reviewed, confirmed) SELECT :club_id, :month, :incident, n, 1, 0, 0, 0 "
            "FROM ev, unnest(CAST(:rollup_numbers AS smallint[])) AS n "
            "ON CONFLICT (club_id, month, incident, law_number) DO UPDATE SET "
            "live = log_rollup.live + excluded.live)"
        )
    sql.append(
        "snap AS (UPDATE boards SET state = :new_state, dealer = :new_dealer, "
        "declarer = :new_declarer, contract = :new_contract, version = :new_version, "
        "updated_at = :new_updated_at, last_seq = :seq FROM ev "
        "WHERE boards.id = :board_id AND boards.version = :b_version RETURNING boards.id)"
    )
    statement = ",\n".join(sql) + (
        "\nSELECT (SELECT id FROM dup) AS first_id, (SELECT id FROM ev) AS event_id, "
        "(SELECT count(*) FROM snap) AS updated, "
        # an event written without its snapshot: fail the whole statement (not a constant, so
        # it is worked out only when the case arises)
        "CASE WHEN EXISTS (SELECT 1 FROM ev) AND (SELECT count(*) FROM snap) <> 1 "
        "THEN CAST((SELECT 'board changed under the recording' FROM ev) AS integer) "
        "END AS board_changed"
    )
    return text(statement).bindparams(
        *(_typed(c, ev[c]) for c in columns),
        _typed("new_state", b.state),
        _typed("new_dealer", b.dealer),
        _typed("new_declarer", b.declarer),
        _typed("new_contract", b.contract),
        _typed("new_version", b.version),
        _typed("new_updated_at", b.updated_at),
        _typed("b_version", b.version),
        *((_typed("seat_user", SeatBinding.__table__.c.user_id),)
          if seat is not None else ()),
        *((_typed("seat_held", SeatBinding.__table__.c.seat),) if seat == "held" else ()),
    )


#: :func:`record_writes`, by ``counted`` and the seat check.
RECORD_WRITES = {(counted, seat): record_writes(counted=counted, seat=seat)
                 for counted in (True, False) for seat in (None, "held", "none")}


#: The prebuilt statements a write on PostgreSQL runs on asyncpg's own connection
#: (:class:`core.storage.driver.DriverConnection`, by identity): a recording's lock and writes,
#: what a redelivered one looks up, the edition in force, and all of ``/board set``'s (its
#: locking reads, the board ended and the facts set, a new board, the table moved on, who plays
#: it). A write that meets any other statement there is rolled back and runs through SQLAlchemy
#: (:class:`core.storage.driver.NotOnDriver`).
ON_THE_DRIVER = frozenset(
    id(statement)
    for statement in (
        *BOARD_FOR_RECORD.values(),
        *RECORD_WRITES.values(),
        FIRST_FOR_INTERACTION,
        EVENT_BY_ID,
        SEAT_AT_TABLE,
        TABLE_FOR_MOVE,
        BOARDS_FOR_MOVE,
        RULINGS_ON_BOARDS,
        SET_BOARD_SELECT,
        INSERT_EVENT,
        UPDATE_SNAPSHOT,
        UPDATE_SNAPSHOT_SEQ,
        INSERT_BOARD,
        SET_CURRENT_BOARD,
        NOTE_PLAYERS,
        CLUB_SCHEDULE,
        EDITION_CHANGES,
    )
)

#: The writes in one statement that run on the driver with no transaction around them
#: (``Transactions.write_conn(one_statement=True)``): they guard themselves.
ONE_STATEMENT_WRITES = frozenset(id(statement) for statement in RECORD_WRITES.values())
