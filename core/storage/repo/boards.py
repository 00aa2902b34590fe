"""Boards and their events: ``/board set``, the board reads, and appending an event under the
board's row lock with its snapshot moved in the same transaction
(see :mod:`core.storage.service`)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from core import serial
from core.engine import Event, apply, event_from_data, event_to_data
from core.laws.flow import BoardEnded
from core.permissions import BoardFacts, Refusal, Refused, may_set_board
from core.ruling import Ruling, is_ruling
from core.seats import Seat
from core.state import TableState
from core.storage import logquery, rollup
from core.storage.editions import edition_in_force
from core.storage.errors import NotFound, Stale
from core.storage.models import SUMMARY_MAX, Board, Club, EventRow, Table, utcnow
from core.storage.played import note_players
from core.storage.repo.rows import (
    board_facts,
    board_row,
    board_value,
    check_positive,
    club_settings,
    find_club_id,
    fold,
    law_values,
    laws_text,
    recorded_value,
    require_club,
    store_state,
    update_snapshot,
)
from core.storage.repo.sessions import Sessions
from core.storage.repo.statements import (
    BOARD_BY_ID,
    BOARD_ENDS,
    BOARDS_FOR_MOVE,
    CHOICE_CONTEXT,
    EMPTY_STATE_DATA,
    EVENT_BY_ID,
    FIRST_FOR_INTERACTION,
    INSERT_BOARD,
    INSERT_EVENT,
    INSERT_LAW,
    INSERT_VERDICT,
    RECORD_WRITES,
    RULINGS_ON_BOARDS,
    SEAT_AT_TABLE,
    SET_BOARD_SELECT,
    SET_CURRENT_BOARD,
    TABLE_FOR_MOVE,
    VOID_EVENTS,
    BoardRow,
    board_for_record,
)
from core.storage.repo.transactions import BoardChanged
from core.storage.values import (
    BoardInfo,
    BoardMove,
    BoardSeen,
    ChoiceContext,
    LogEntry,
    RecordedEvent,
    VerdictKind,
)
from core.text import Msg


def seen_row(board: BoardInfo) -> BoardRow | None:
    """The row a recording works on, as the table lookup that found ``board`` read it (None:
    it came from another read)."""
    seen = board.seen
    if seen is None:
        return None
    return BoardRow(
        id=board.id, club_id=seen.club_id, session_id=board.session_id, table_id=board.table_id,
        number=board.number, table_no=board.table_number, last_seq=board.last_seq,
        version=seen.version, state=seen.state, time_zone=seen.time_zone, first_id=None,
    )


async def named_by(conn: AsyncConnection, board_id: int, fact: str) -> int | None:
    """Who named the board's ``fact`` (``declarer``, ``contract``) with ``/board set`` (its
    latest standing ``board_set`` event that names one); None when none did (the auction made
    it, or nobody)."""
    rows = await conn.execute(
        select(EventRow.actor_id, EventRow.facts)
        .where(EventRow.board_id == board_id, EventRow.kind == "board_set",
               EventRow.void.is_(False))
        .order_by(EventRow.seq.desc())
    )
    for actor_id, facts in rows:
        data = json.loads(facts) if isinstance(facts, str) else facts
        if isinstance(data, dict) and data.get(fact):
            return int(actor_id) if actor_id is not None else None
    return None


@dataclass(frozen=True)
class MovePlace:
    """The table a move happens at and the board it moves to, as ``SET_BOARD_SELECT`` reads
    them (the same attribute names; ``id`` and the board's other fields None when the board
    is new), built from what
    :meth:`Boards._checked_move` read under its locks, so the move needs no read of its own.
    The board it ends is never the board it moves to (:func:`core.permissions.may_set_board`
    ends only a board of another number); a reopen rewrites the board, which is read again."""

    club_id: int
    time_zone: str
    table_id: int
    table_session_id: int
    table_no: int
    current_board: int | None
    id: int | None
    session_id: int | None
    board_table_id: int | None
    number: int | None
    last_seq: int | None
    version: int | None
    state: str | dict[str, Any] | None
    first_id: int | None = None  # checked already (a redelivery is answered by the checks)


@dataclass(frozen=True)
class CheckedMove:
    """What :meth:`Boards.set_board`'s checks found: the board asked for (its row, locked),
    the board in play to end, whether to reopen, where the move happens; or the answer of a
    redelivery."""

    target: BoardRow | None = None
    end: BoardRow | None = None
    reopen: bool = False
    redelivered: BoardMove | None = None
    place: MovePlace | None = None


class Boards(Sessions):
    """Boards and the event log's appends."""

    async def set_board(
        self,
        guild_id: int,
        table_id: int,
        number: int,
        *,
        dealer: Seat | str | None = None,
        declarer: Seat | str | None = None,
        contract: str | None = None,
        actor_id: int | None = None,
        interaction_id: int | None = None,
        director: bool | None = None,
        reopen: bool = False,
        deals_seen: int | None = None,
        dealt_by: Seat | str | None = None,
    ) -> BoardMove:
        """Make board ``number`` the table's current board (created if need be).

        What is given of dealer, declarer and contract that differs from the board's state is
        recorded as a ``board_set`` event, so it is part of the fold like everything else.

        ``director`` (the asker is one: True or False) makes it ``/board set`` as a member asks
        it: who may move the table, reopen a board or change its declarer is decided by
        :func:`core.permissions.may_set_board` on the rows this transaction locked (the table's,
        then its boards': ``SELECT … FOR UPDATE`` on PostgreSQL; ``BEGIN IMMEDIATE`` on SQLite),
        and :class:`~core.permissions.Refused` when it is not allowed, with nothing written.
        Then the board in play is ended when the table moves on from it, a reopened board's
        ``board_end`` events are voided (``reopen``), and the board is set: all in that one
        transaction, keyed by ``interaction_id`` (a redelivered interaction writes nothing).
        ``director=None``: the caller decided (tests, imports): no checks, nothing ended.
        ``deals_seen``: as for :meth:`record`, when the dealer was checked against the deal.
        ``dealt_by``: the dealer the hand records give, the board's only while it has none (read
        in this transaction): hand records stored after a dealer was set never change it, so
        they are no dealer change for a later ``/board set`` (a dealer the table set that they
        contradict is kept; the caller says so).
        """
        check_positive(number, "board number")
        dealer_seat = Seat.parse(dealer) if dealer is not None else None
        dealt_seat = Seat.parse(dealt_by) if dealt_by is not None else None

        def dealer_for(state: TableState) -> Seat | None:
            """The dealer given, else the hand records' where the board has none yet."""
            return dealer_seat or (dealt_seat if state.dealer is None else None)
        declarer_seat = Seat.parse(declarer) if declarer is not None else None
        contract = contract.strip() if contract else None

        # One write transaction: the board made current (created if need be) and, when the
        # facts given differ from its state, a board_set event recorded as record() would.
        inline = self.tx.dialect.serial_writes

        async def work(conn: AsyncConnection) -> BoardMove:
            self._check_deals_unchanged(guild_id, deals_seen)
            params = {
                "guild_id": guild_id,
                "table_id": table_id,
                "number": number,
                "interaction_id": interaction_id,
            }
            ended: BoardInfo | None = None
            reopened: tuple[int, ...] = ()
            key = interaction_id  # the first row written carries it (one per interaction)
            target: BoardRow | None = None
            found: Any = None
            if director is not None:
                move = await self._checked_move(
                    conn, guild_id, table_id, number, director=director, reopen=reopen,
                    declarer=declarer_seat, actor_id=actor_id, interaction_id=interaction_id,
                    contract=contract, dealer=dealer_seat,
                )
                if move.redelivered is not None:
                    return move.redelivered
                target = move.target
                if move.end is not None:
                    before = self._states.parse(move.end.state)
                    await self._append(conn, move.end, before, BoardEnded(),
                                       event_to_data(BoardEnded()), actor_id, key)
                    key = None
                    ended = self._row_info(move.end, before)
                if move.reopen and target is not None:
                    reopened = await self._void_board_ends(conn, target, actor_id, key)
                    key = None if reopened else key
                if not reopened:  # what the checks read still stands: no second read
                    found = move.place
            if found is None:
                found = (await conn.execute(SET_BOARD_SELECT, params)).first()
            if found is None:
                raise NotFound(Msg("this server has no tables or rulings yet"))
            if found.table_id is None:
                raise NotFound(Msg("there is no such table"))
            club_id = found.club_id
            if found.id is None:
                board_id = await conn.scalar(
                    INSERT_BOARD,
                    {
                        "club_id": club_id,
                        "session_id": found.table_session_id,
                        "table_id": found.table_id,
                        "number": number,
                        "state": EMPTY_STATE_DATA,
                        "last_seq": 0,
                        "version": 0,
                        "updated_at": utcnow(),
                    },
                )
                assert board_id is not None
                board = BoardRow(
                    id=board_id,
                    club_id=club_id,
                    session_id=found.table_session_id,
                    table_id=found.table_id,
                    number=number,
                    table_no=found.table_no,
                    last_seq=0,
                    version=0,
                    state=EMPTY_STATE_DATA,
                    time_zone=found.time_zone,
                    first_id=found.first_id,
                )
                state = TableState()
            else:
                board = BoardRow(
                    id=found.id,
                    club_id=club_id,
                    session_id=found.session_id,
                    table_id=found.board_table_id,
                    number=found.number,
                    table_no=found.table_no,
                    last_seq=found.last_seq,
                    version=found.version,
                    state=found.state,
                    time_zone=found.time_zone,
                    first_id=found.first_id,
                )
                state = self._states.parse(found.state)
            if found.current_board != number:
                await conn.execute(
                    SET_CURRENT_BOARD, {"t_id": found.table_id, "current": number}
                )
                await note_players(conn, found.table_id, board.id)  # who plays it (per member)
            facts = board_facts(state, dealer_for(state), declarer_seat, contract)
            if facts and found.id is not None and not inline and target is None:
                # PostgreSQL: the board row locked, then the facts checked against it again
                locked = await board_for_record(conn, guild_id, board.id, None, lock=True)
                assert locked is not None
                board = locked
                state = self._states.parse(board.state)
                facts = board_facts(state, dealer_for(state), declarer_seat, contract)
            first_id = found.first_id if director is None else None  # checked already
            if facts and interaction_id is not None and not inline and director is None:
                first_id = await conn.scalar(
                    FIRST_FOR_INTERACTION,
                    {"club_id": club_id, "interaction_id": interaction_id},
                )
            if facts and first_id is None:
                ev = event_from_data({"kind": "board_set", **facts})
                recorded = await self._append(
                    conn, board, state, ev, event_to_data(ev), actor_id, key
                )
                state = recorded.state
                last_seq = recorded.seq
            else:
                last_seq = board.last_seq
            return BoardMove(
                id=board.id,
                session_id=board.session_id,
                table_id=board.table_id,
                table_number=board.table_no or 0,
                number=number,
                dealer=state.dealer,
                declarer=state.declarer,
                contract=state.contract,
                last_seq=last_seq,
                state=state,
                ended=ended,
                reopened=reopened,
            )

        # a lost COMMIT is repeated only when nothing unkeyed may have been logged
        given = (dealer_seat is not None or dealt_seat is not None or declarer_seat is not None
                 or bool(contract))
        keyed = interaction_id is not None or not (given or director is not None)
        return await self.tx.write_conn(work, retry_disconnect=keyed, on_driver=True)

    async def _checked_move(
        self,
        conn: AsyncConnection,
        guild_id: int,
        table_id: int,
        number: int,
        *,
        director: bool,
        reopen: bool,
        declarer: Seat | None,
        actor_id: int | None,
        interaction_id: int | None,
        contract: str | None = None,
        dealer: Seat | None = None,
    ) -> CheckedMove:
        """:meth:`set_board`'s checks, on rows locked in its transaction: the table's row
        first, then its board in play and board ``number`` (in id order), then what is on them
        read after the locks (PostgreSQL reads each statement's snapshot when it starts)."""
        head = (await conn.execute(
            TABLE_FOR_MOVE,
            {"guild_id": guild_id, "table_id": table_id, "interaction_id": interaction_id,
             "number": number},
        )).first()
        if head is None:
            raise NotFound(Msg("there is no such table"))
        current_no = head.current_board
        rows = {
            r.number: BoardRow(
                id=r.id, club_id=head.club_id, session_id=r.session_id, table_id=table_id,
                number=r.number, table_no=head.table_no, last_seq=r.last_seq,
                version=r.version, state=r.state, time_zone=head.time_zone, first_id=None,
            )
            for r in await conn.execute(
                BOARDS_FOR_MOVE,
                {"table_id": table_id, "current": current_no, "number": number},
            )
        }
        target = rows.get(number)
        if head.first_event is not None or head.first_verdict is not None:
            # this interaction already did it (Discord delivered it again): nothing new
            if target is None:
                raise Stale(Msg("the board of a redelivered /{cmd[board set]} is gone"))
            state = self._states.parse(target.state)
            return CheckedMove(redelivered=BoardMove(
                **vars(self._row_info(target, state)), redelivered=True
            ))
        with_ruling: set[int] = set()
        if rows:
            ids = [r.id for r in rows.values()]  # the board in play and board ``number``
            with_ruling = set(await conn.scalars(RULINGS_ON_BOARDS, {"a": ids[0], "b": ids[-1]}))
        current = rows.get(current_no) if current_no is not None else None
        facts: dict[int, BoardFacts] = {}
        for row in rows.values():
            state = self._states.parse(row.state)
            declarer_by = contract_by = None
            if (row is target and not director and declarer is not None
                    and state.declarer is not None and declarer is not state.declarer):
                declarer_by = await named_by(conn, row.id, "declarer")
            if (row is target and not director and contract is not None
                    and state.contract is not None and contract != state.contract):
                contract_by = await named_by(conn, row.id, "contract")
            facts[row.number] = BoardFacts.of(
                row.number, head.table_no, state, has_ruling=row.id in with_ruling,
                declarer_named_by=declarer_by, contract_named_by=contract_by,
            )
        plan = may_set_board(
            facts.get(current_no) if current_no is not None else None,
            facts.get(number),
            number,
            head.table_no,
            director=director,
            reopen=reopen,
            declarer=declarer,
            asker_id=actor_id,
            contract=contract,
            dealer=dealer,
            played_elsewhere=bool(head.played_elsewhere),
        )
        if isinstance(plan, Refusal):
            raise Refused(plan)
        place = MovePlace(
            club_id=head.club_id, time_zone=head.time_zone, table_id=table_id,
            table_session_id=head.table_session_id, table_no=head.table_no,
            current_board=current_no,
            id=target.id if target else None,
            session_id=target.session_id if target else None,
            board_table_id=table_id if target else None,
            number=number if target else None,
            last_seq=target.last_seq if target else None,
            version=target.version if target else None,
            state=target.state if target else None,
        )
        return CheckedMove(
            target=target,
            end=current if plan.ends_current else None,
            reopen=plan.reopens,
            place=place,
        )

    async def _void_board_ends(
        self, conn: AsyncConnection, board: BoardRow, director_id: int | None, key: int | None
    ) -> tuple[int, ...]:
        """A director's reopen, in :meth:`set_board`'s transaction: the board's standing
        ``board_end`` events voided (each with its verdict, the first keyed by ``key``) and its
        state folded again. A board end is the table's record, never a ruling: the monthly
        roll-up does not count it, so it has nothing to move."""
        ids = tuple(await conn.scalars(BOARD_ENDS, {"board_id": board.id}))
        if not ids:
            return ()
        now = utcnow()
        note = "board reopened by the director"
        await conn.execute(
            VOID_EVENTS,
            {"ids": list(ids), "verdict": VerdictKind.VOIDED.value, "by": director_id,
             "at": now, "note": note},
        )
        await conn.execute(INSERT_VERDICT, [
            {"club_id": board.club_id, "event_id": event_id, "director_id": director_id,
             "verdict": VerdictKind.VOIDED.value, "text": note, "adjusted_score": None,
             "created_at": now, "interaction_id": key if i == 0 else None}
            for i, event_id in enumerate(ids)
        ])
        state = await fold(conn, board.id, voiding=ids[0])
        data = await update_snapshot(conn, board.id, board.version, state, last_seq=None)
        self._states.written(data, state)
        return ids

    def _row_info(
        self, row: BoardRow | Row[Any], state: TableState, seen: BoardSeen | None = None
    ) -> BoardInfo:
        """A :class:`BoardInfo` from a board row (a write's, or a row of :data:`BOARD_COLUMNS`)
        and its state (``seen``: the row, for a recording on it)."""
        return BoardInfo(
            id=row.id,
            session_id=row.session_id,
            table_id=row.table_id,
            table_number=row.table_no or 0,
            number=row.number,
            dealer=state.dealer,
            declarer=state.declarer,
            contract=state.contract,
            last_seq=row.last_seq,
            state=state,
            seen=seen,
        )

    async def board(self, guild_id: int, board_id: int) -> BoardInfo:
        """A board of this guild, with its current state."""
        row = await self.tx.first(BOARD_BY_ID, {"guild_id": guild_id, "board_id": board_id})
        if row is None:
            async with self.tx.connected() as conn:
                await require_club(conn, guild_id)
            raise NotFound(Msg("there is no such board"))
        return self._board_info(row)

    def _board_info(self, row: Row[Any]) -> BoardInfo:
        """A :class:`BoardInfo` from a row of :data:`BOARD_COLUMNS`."""
        return self._row_info(row, self._states.parse(row.state))

    async def choice_context(self, guild_id: int, event_id: int, user_id: int) -> ChoiceContext:
        """What pressing a choice button needs, in one read: the ruling that offered the
        choice, its board now and whether it is still its table's board in the session in play,
        and where the presser sits in this club (if anywhere).
        :class:`NotFound` when the guild has no such event."""
        params = {"guild_id": guild_id, "event_id": event_id, "user_id": user_id}
        row = await self.tx.first(CHOICE_CONTEXT, params)
        if row is None:
            raise NotFound(Msg("there is no ruling #{id}", id=event_id))
        live = row.latest_session_id
        if not self._session_fresh(guild_id, club_settings(row), live, row.session_created_at,
                                   row.session_ended_at):
            # the latest session may be over (ended, a new club day, its gap passed): settled,
            # and the next one started, as a table lookup does
            live = (await self.live_session(guild_id)).id
        seen = BoardSeen(row.club_id, row.version, row.time_zone, row.state)
        return ChoiceContext(
            event_id=row.event_id,
            ruling=Ruling.from_data(row.ruling),
            board=self._row_info(row, self._states.parse(row.state), seen),
            seat_table_id=row.seat_table_id,
            seat=Seat(row.seat) if row.seat is not None else None,
            in_play=row.session_id == live and row.current_board == row.number,
            playing_director=row.playing_director is not None,
            no_peeking=bool(row.no_peeking),
        )

    async def find_board(
        self, guild_id: int, table_id: int, number: int | None = None
    ) -> BoardInfo | None:
        """Board ``number`` at a table; without a number, the table's current board."""
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return None
            table = await s.scalar(
                select(Table).where(Table.id == table_id, Table.club_id == club_id)
            )
            if table is None:
                return None
            number = number if number is not None else table.current_board
            if number is None:
                return None
            row = await s.scalar(
                select(Board).where(Board.table_id == table.id, Board.number == number)
            )
            return board_value(row, table.number) if row else None

    async def has_incidents(self, guild_id: int, board_id: int) -> bool:
        """Whether a ruling (not only the table's record) stands on the board."""
        async with self.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            found = await s.scalar(
                select(EventRow.id)
                .where(
                    EventRow.club_id == club_id,
                    EventRow.board_id == board_id,
                    EventRow.void.is_(False),
                    EventRow.is_ruling.is_(True),
                )
                .limit(1)
            )
            return found is not None

    async def offered_by(
        self, guild_id: int, board_id: int, options: tuple[str, ...],
        interaction_id: int | None = None,
    ) -> int | None:
        """The number of the board's latest live ruling that offered a choice, when it offered
        ``options``: the choice still pending that a repeated ``/lead`` shows again instead of
        ruling anew. None when the last choice offered was another, or its options have changed
        since (a penalty card returned): then ``/lead`` rules again; and None for an
        ``interaction_id`` already recorded (Discord delivering it again): recording gives
        its first answer."""
        async with self.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            if interaction_id is not None and await s.scalar(
                FIRST_FOR_INTERACTION, {"club_id": club_id, "interaction_id": interaction_id}
            ) is not None:
                return None
            rows = await s.execute(
                select(EventRow.id, EventRow.ruling)
                .where(
                    EventRow.club_id == club_id,
                    EventRow.board_id == board_id,
                    EventRow.void.is_(False),
                    EventRow.is_ruling.is_(True),
                )
                .order_by(EventRow.seq.desc())
            )
            for event_id, data in rows:
                offered = Ruling.from_data(data).option_tokens
                if offered:
                    return int(event_id) if offered == options else None
            return None

    async def board_state(self, guild_id: int, board_id: int) -> TableState:
        return (await self.board(guild_id, board_id)).state

    async def board_events(
        self, guild_id: int, board_id: int, *, include_void: bool = True
    ) -> tuple[LogEntry, ...]:
        """A board's events in sequence order."""
        async with self.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            await board_row(s, club_id, board_id)
            q = logquery.entry_select().where(
                EventRow.club_id == club_id, EventRow.board_id == board_id
            )
            if not include_void:
                q = q.where(EventRow.void.is_(False))
            rows = await s.execute(q.order_by(EventRow.seq))
            return tuple(logquery.entry_value(r) for r in rows)

    async def rebuild(self, guild_id: int, board_id: int, *, store: bool = False) -> TableState:
        """The fold of the board's non-void events; with ``store``, also save it as the
        snapshot (the repair for a snapshot that disagrees)."""
        if not store:
            async with self.tx.reading() as s:
                club_id = await require_club(s, guild_id)
                row = await board_row(s, club_id, board_id)
                return await fold(s, row.id)

        async def work(s: AsyncSession) -> TableState:
            club_id = await require_club(s, guild_id)
            row = await board_row(s, club_id, board_id, lock=True)
            state = await fold(s, row.id)
            await store_state(s, row, state)
            return state

        return await self.tx.write(work)

    async def record(
        self,
        guild_id: int,
        board_id: int,
        event: Event,
        *,
        actor_id: int | None = None,
        interaction_id: int | None = None,
        before: Sequence[Event] = (),
        expect_seq: int | None = None,
        seen: BoardInfo | None = None,
        deals_seen: int | None = None,
        seated: tuple[int, Seat | None] | None = None,
    ) -> RecordedEvent:
        """Rule on ``event`` against the board's state and log it, all in one transaction.

        Raises the engine's errors (:data:`core.errors.USER_ERRORS`) for facts it cannot rule
        on; nothing is written then. With an ``interaction_id`` already recorded in this guild,
        returns that first recording (``duplicate=True``) and writes nothing.

        ``before``: events of the same command recorded first, in the same transaction (the
        auction caught up, a reported trick): all are written or none. ``expect_seq``: the
        board's ``last_seq`` the caller's checks were made on; if the board has moved on, under
        the lock, :class:`Stale` is raised and nothing is written. ``seen``: the board as the
        command's table lookup read it (:attr:`BoardInfo.seen`); where the write is one
        statement that checks the board's version (PostgreSQL on the driver) the recording
        starts from it instead of reading the board again, and reads it only when that check
        finds the board moved on, at once, in the same attempt (issue 27: a ``/lead`` in two
        round trips). ``deals_seen``: the mark of the hand records (:meth:`deals_seen`) taken
        before the caller checked the event against the deal; if hand records were stored
        since, :class:`Stale` is raised in the transaction and nothing is written.

        ``seated``: a member, and the seat the caller's checks found him holding at the board's
        table (None: not at it). His seat there is read again in this transaction, under the
        board's lock, and :class:`Stale` raised (nothing written) when a director has reseated
        it since: a choice is checked against the seat's member at press time.
        """
        for each in (*before, event):
            if not isinstance(each, Event):
                raise TypeError(f"expected an Event, got {type(each).__name__}")
        facts = event_to_data(event)
        looked = seen_row(seen) if seen is not None and seen.id == board_id else None

        async def work(conn: AsyncConnection) -> RecordedEvent:
            nonlocal looked
            self._check_deals_unchanged(guild_id, deals_seen)
            inline = self.tx.dialect.serial_writes
            # the row locked, unless nothing holds a lock past this read (the driver's one
            # statement with no transaction: its write checks the board's version instead)
            locks = getattr(conn, "row_locks_hold", True)
            if looked is not None and not (locks or inline or before):
                # once, as the lookup read it: the write's version check stands for the read
                # (and its seat check for the presser's seat)
                first_try, looked = looked, None
                try:
                    return await self._append_folded(
                        conn, first_try, event, facts, actor_id, interaction_id, expect_seq,
                        seated,
                    )
                except BoardChanged:
                    pass  # moved since the lookup (nothing written): read it, as without seen
            # one round trip: the board (locked), its table's number, the club check and (on
            # SQLite) the idempotency check; then the event, its laws and the snapshot
            board = await board_for_record(
                conn, guild_id, board_id, interaction_id if inline else None, lock=locks
            )
            if board is None:
                await require_club(conn, guild_id)
                raise NotFound(Msg("there is no such board"))
            if seated is not None:
                held = await conn.scalar(SEAT_AT_TABLE,
                                         {"table_id": board.table_id, "user_id": seated[0]})
                if held != (seated[1].value if seated[1] is not None else None):
                    raise Stale(Msg("the seat changed while this command was checked"))
            if not inline and not before:  # PostgreSQL, one event: the writes in one statement
                return await self._append_folded(
                    conn, board, event, facts, actor_id, interaction_id, expect_seq, seated
                )
            first_id = board.first_id
            if interaction_id is not None and not inline:
                first_id = await conn.scalar(
                    FIRST_FOR_INTERACTION,
                    {"club_id": board.club_id, "interaction_id": interaction_id},
                )
            if first_id is not None:
                return await self._first_recording(conn, first_id)
            if expect_seq is not None and board.last_seq != expect_seq:
                raise Stale(Msg("the board changed while this command was checked"))
            state = self._states.parse(board.state)
            earlier = []
            for each in before:
                done = await self._append(
                    conn, board, state, each, event_to_data(each), actor_id, None
                )
                earlier.append(done)
                board = replace(board, last_seq=done.seq, version=board.version + 1)
                state = done.state
            recorded = await self._append(
                conn, board, state, event, facts, actor_id, interaction_id
            )
            return replace(recorded, earlier=tuple(earlier)) if earlier else recorded

        # on PostgreSQL one event is written in one statement (_append_folded), which guards
        # itself: on the driver it needs no transaction around it; this process's writers of
        # one board take turns before it (Transactions.turn)
        async with self.tx.turn(("board", board_id)):
            return await self.tx.write_conn(
                work, retry_disconnect=interaction_id is not None, on_driver=not before,
                one_statement=not before,
            )

    async def _first_recording(self, conn: AsyncConnection, first_id: int) -> RecordedEvent:
        """The event already recorded for an interaction id, as record() returned it."""
        first = (await conn.execute(EVENT_BY_ID, {"event_id": first_id})).first()
        assert first is not None
        return await recorded_value(conn, first, duplicate=True)

    async def _append_folded(
        self,
        conn: AsyncConnection,
        board: BoardRow,
        event: Event,
        facts: dict[str, Any],
        actor_id: int | None,
        interaction_id: int | None,
        expect_seq: int | None,
        seated: tuple[int, Seat | None] | None = None,
    ) -> RecordedEvent:
        """:meth:`_append` on PostgreSQL for a recording of one event, ``board`` locked: the
        duplicate check, the event, its laws, the roll-up and the snapshot in one statement
        (:data:`~core.storage.repo.statements.RECORD_WRITES`; 5 round trips instead of 10).

        The duplicate check runs in that statement, after the ruling is worked out; a
        redelivered interaction whose first recording moved the board (``expect_seq``) or
        made the event no longer apply is looked up when that check or the engine refuses,
        so it still returns the first recording instead of the refusal."""
        try:
            if expect_seq is not None and board.last_seq != expect_seq:
                raise Stale(Msg("the board changed while this command was checked"))
            ruling, new_state = apply(self._states.parse(board.state), event)
        except Exception:
            if interaction_id is not None:
                first_id = await conn.scalar(
                    FIRST_FOR_INTERACTION,
                    {"club_id": board.club_id, "interaction_id": interaction_id},
                )
                if first_id is not None:
                    return await self._first_recording(conn, first_id)
            raise
        now = self.now()
        counted = is_ruling(event.kind, ruling)
        laws = tuple(dict.fromkeys(ruling.laws))
        seq = board.last_seq + 1
        data = serial.to_data(new_state)
        params: dict[str, Any] = {
            **await self._event_row(conn, board, event, ruling, facts, actor_id,
                                    interaction_id, now),
            "new_state": data,
            "new_dealer": new_state.dealer.value if new_state.dealer else None,
            "new_declarer": new_state.declarer.value if new_state.declarer else None,
            "new_contract": new_state.contract,
            "new_version": board.version + 1,
            "new_updated_at": utcnow(),
            "b_version": board.version,
        }
        if counted:  # the table's record stays out of the law index and the figures
            law_rows = law_values(board.club_id, None, laws)
            params.update(
                time_zone=board.time_zone,
                month=rollup.month_label(now, board.time_zone),
                law_texts=[r["law"] for r in law_rows],
                law_numbers=[r["law_number"] for r in law_rows],
                law_keys=[r["law_key"] for r in law_rows],
                rollup_numbers=[rollup.RULINGS, *sorted({r["law_number"] for r in law_rows})],
            )
        seat_check = None
        if seated is not None:  # the presser's seat, checked in the statement (record())
            seat_check = "held" if seated[1] is not None else "none"
            params["seat_user"] = seated[0]
            if seated[1] is not None:
                params["seat_held"] = seated[1].value
        row = (await conn.execute(RECORD_WRITES[counted, seat_check], params)).one()
        if row.first_id is not None:
            return await self._first_recording(conn, row.first_id)
        if row.event_id is None or row.updated != 1:
            # the club's time zone changed since the board was read, or the board did: the
            # transaction is rolled back and run again
            raise BoardChanged()
        self._states.written(data, new_state)
        return RecordedEvent(
            id=row.event_id,
            board_id=board.id,
            seq=seq,
            event=event,
            ruling=ruling,
            state=new_state,
            actor_id=actor_id,
            interaction_id=interaction_id,
            created_at=now,
        )

    async def _event_row(
        self,
        conn: AsyncConnection,
        board: BoardRow,
        event: Event,
        ruling: Ruling,
        facts: dict[str, Any],
        actor_id: int | None,
        interaction_id: int | None,
        now: dt.datetime,
    ) -> dict[str, Any]:
        """The ``events`` row of a recording (both write paths store the same columns)."""
        return {
            "club_id": board.club_id,
            "session_id": board.session_id,
            "table_id": board.table_id,
            "board_id": board.id,
            "table_no": board.table_no,
            "board_no": board.number,
            "seq": board.last_seq + 1,
            "kind": event.kind[:40],
            "incident": (ruling.kind or event.kind)[:40],
            "actor_id": actor_id,
            "interaction_id": interaction_id,
            "created_at": now,
            "facts": facts,
            "ruling": ruling.to_data(),
            "summary": str(ruling.summary)[:SUMMARY_MAX],
            "laws": laws_text(tuple(dict.fromkeys(ruling.laws))),
            "void": False,
            "law_edition": await edition_in_force(conn, board.club_id),
            "is_ruling": is_ruling(event.kind, ruling),
        }

    async def _append(
        self,
        conn: AsyncConnection,
        board: BoardRow,
        state: TableState,
        event: Event,
        facts: dict[str, Any],
        actor_id: int | None,
        interaction_id: int | None,
    ) -> RecordedEvent:
        """Rule on ``event`` against ``state`` and log it on ``board`` (read in this write
        transaction: locked on PostgreSQL): the event, its laws, the new
        snapshot and the monthly roll-up."""
        ruling, new_state = apply(state, event)
        now = self.now()
        counted = is_ruling(event.kind, ruling)
        laws = tuple(dict.fromkeys(ruling.laws))
        seq = board.last_seq + 1
        club_id = board.club_id
        event_id = await conn.scalar(
            INSERT_EVENT,
            await self._event_row(conn, board, event, ruling, facts, actor_id, interaction_id,
                                  now),
        )
        assert event_id is not None
        if counted:  # the table's record stays out of the law index and the figures
            law_rows = law_values(club_id, event_id, laws)
            if law_rows:
                await conn.execute(INSERT_LAW, law_rows)
            # the club's time zone (for the roll-up's month): read with the board on SQLite,
            # whose writers are serial; share-locked on PostgreSQL (rollup.CLUB_TIME_ZONE_FOR_WRITE)
            time_zone: str | None = board.time_zone
            if not self.tx.dialect.serial_writes:
                time_zone = await conn.scalar(
                    rollup.CLUB_TIME_ZONE_FOR_WRITE, {"club_id": club_id}
                )
            await rollup.add_event(
                conn,
                club_id,
                now,
                time_zone,
                (ruling.kind or event.kind)[:40],
                (row["law_number"] for row in law_rows),
            )
        data = await update_snapshot(conn, board.id, board.version, new_state, last_seq=seq)
        self._states.written(data, new_state)
        return RecordedEvent(
            id=event_id,
            board_id=board.id,
            seq=seq,
            event=event,
            ruling=ruling,
            state=new_state,
            actor_id=actor_id,
            interaction_id=interaction_id,
            created_at=now,
        )

    async def event(self, guild_id: int, event_id: int) -> LogEntry:
        """One logged event of this guild."""
        async with self.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            row = (
                await s.execute(
                    logquery.entry_select().where(
                        EventRow.club_id == club_id, EventRow.id == event_id
                    )
                )
            ).first()
            if row is None:
                raise NotFound(Msg("there is no ruling #{id}", id=event_id))
            return logquery.entry_value(row)

    async def recorded(self, guild_id: int, event_id: int) -> RecordedEvent:
        """A logged event as :meth:`record` returned it (the state is the one right after it)."""
        async with self.tx.reading() as s:
            row = await s.scalar(
                select(EventRow)
                .join(Club, Club.id == EventRow.club_id)
                .where(Club.guild_id == guild_id, EventRow.id == event_id)
            )
            if row is None:
                await require_club(s, guild_id)
                raise NotFound(Msg("there is no ruling #{id}", id=event_id))
            return await recorded_value(s, row, duplicate=False)
