"""Tables, seats and the channels bound to tables; the one table lookup every table command
starts from."""

from __future__ import annotations

import datetime as dt
from typing import Any, cast

from sqlalchemy import and_, delete, select
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.selectable import ScalarSelect

from core.permissions import (
    BoardFacts,
    Reason,
    Refusal,
    Refused,
    may_leave_seat,
    may_take_seat,
)
from core.seats import Seat
from core.storage.errors import Conflict, NotFound
from core.storage.models import (
    Board,
    EventRow,
    GameSession,
    SeatBinding,
    Table,
    TableChannel,
    utcnow,
)
from core.storage.played import note_sitter, played_here_before
from core.storage.repo.clubs import Clubs
from core.storage.repo.rows import (
    check_positive,
    club_settings,
    current_or_new_session,
    find_club_id,
    get_or_create_club,
    require_club,
    seatings_where,
    session_over,
    session_row,
    state_of,
    table_value,
)
from core.storage.repo.sessions import Sessions
from core.storage.repo.statements import SEATING, TABLE_LOOKUP_MINE, TABLE_LOOKUP_NUMBERED
from core.storage.values import BoardInfo, BoardSeen, Seating, TableInfo, TableLookup
from core.text import Msg


class Tables(Clubs, Sessions):
    """Tables, seats, channels and the table lookup."""

    async def table(
        self, guild_id: int, number: int, *, session_id: int | None = None
    ) -> TableInfo:
        """Table ``number`` of a session (default: the current one, or a new one for today),
        created if need be."""
        check_positive(number, "table number")

        now = self.now()

        async def work(s: AsyncSession) -> TableInfo:
            club = await get_or_create_club(s, guild_id)
            if session_id is None:
                session = await current_or_new_session(s, club, now)
            else:
                session = await session_row(s, club.id, session_id)
            row = await s.scalar(
                select(Table).where(Table.session_id == session.id, Table.number == number)
            )
            if row is None:
                row = Table(club_id=club.id, session_id=session.id, number=number)
                s.add(row)
                await s.flush()
            return table_value(row)

        return await self.tx.write(work)

    async def find_table(
        self, guild_id: int, number: int, *, session_id: int | None = None
    ) -> TableInfo | None:
        """Table ``number`` of a session (default: the current one), without creating it."""
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return None
            session_q: ScalarSelect[Any] | int
            if session_id is None:
                session_q = (
                    select(GameSession.id)
                    .where(GameSession.club_id == club_id)
                    .order_by(GameSession.id.desc())
                    .limit(1)
                    .scalar_subquery()
                )
            else:
                session_q = session_id
            row = await s.scalar(
                select(Table).where(
                    Table.club_id == club_id,
                    Table.session_id == session_q,
                    Table.number == number,
                )
            )
            return table_value(row) if row else None

    async def table_lookup(
        self,
        guild_id: int,
        user_id: int,
        number: int | None = None,
        *,
        channel_id: int | None = None,
        create: bool = False,
        board_number: int | None = None,
    ) -> TableLookup:
        """Everything a table command starts from, in one read: the club (created on first
        use), where ``user_id`` sits, table ``number`` of the session in play (default: the
        table ``channel_id`` is bound to, else the user's table) and its current board.

        The same as :meth:`club`, :meth:`seating`, :meth:`find_table` and :meth:`find_board`
        one after the other, in one statement. When the last session is over (ended, or the
        club's session gap passed) a new one is started first (:meth:`live_session`). With
        ``create``, a table named by number is made for the session if it does not exist yet.
        With ``board_number``, board ``board_number`` of that table too (``named_board``, as
        :meth:`find_board` and :meth:`has_incidents` would give it), in the same statement.
        """
        generation = self._club_cache.generation(guild_id)
        q = TABLE_LOOKUP_MINE if number is None else TABLE_LOOKUP_NUMBERED
        params = {
            "guild_id": guild_id,
            "user_id": user_id,
            "number": number,
            "channel_id": channel_id,
            "board_number": board_number,
        }
        row = await self.tx.first(q, params)
        if row is None:  # first use: the club is created (as club() does), with nothing in it
            await self.club(guild_id)
            return await self.table_lookup(
                guild_id,
                user_id,
                number,
                channel_id=channel_id,
                create=create,
                board_number=board_number,
            )
        club = club_settings(row)
        self._club_cache.remember(guild_id, row.id, club, generation)
        if not self._session_fresh(guild_id, club, row.session_id, row.session_created_at,
                                   row.session_ended_at):
            await self.live_session(guild_id)
            row = await self.tx.first(q, params)
            assert row is not None
        wanted = number if number is not None else row.channel_table_no
        if create and row.table_id is None and wanted is not None:
            await self.table(guild_id, wanted)
            row = await self.tx.first(TABLE_LOOKUP_NUMBERED, {**params, "number": wanted})
            assert row is not None
        seating = (
            Seating(
                row.seat_session_id, row.seat_table_id, row.seat_table_no, Seat(row.seat), user_id
            )
            if row.seat_table_no is not None
            else None
        )
        table = board = named = None
        if row.table_id is not None:
            table = TableInfo(row.table_id, row.table_session_id, row.table_no, row.current_board)
            if row.board_id is not None:
                board = self._looked_up_board(
                    row, row.board_id, row.board_session_id, row.board_no, row.last_seq,
                    row.state, row.has_incidents,
                    BoardSeen(row.id, row.board_version, row.time_zone, row.state),
                )
            if row.named_id is not None and board_number is not None:
                named = self._looked_up_board(
                    row, row.named_id, row.named_session_id, board_number,
                    row.named_last_seq, row.named_state, row.named_has_incidents,
                )
        return TableLookup(
            club, seating, table, board, row.channel_table_no, named,
            table_channel=row.table_channel_id if table is not None else None,
            playing_director=row.playing_director is not None,
            no_peeking=bool(row.no_peeking),
        )

    def _looked_up_board(
        self,
        row: Row[Any],
        board_id: int,
        session_id: int,
        number: int,
        last_seq: int,
        state_text: str | dict[str, Any],
        incident: int | None,
        seen: BoardSeen | None = None,
    ) -> BoardInfo:
        """A board of the table a lookup found (``seen``: its row, for a recording on it)."""
        state = self._states.parse(state_text)
        return BoardInfo(
            id=board_id,
            session_id=session_id,
            table_id=row.table_id,
            table_number=row.table_no,
            number=number,
            dealer=state.dealer,
            declarer=state.declarer,
            contract=state.contract,
            last_seq=last_seq,
            state=state,
            has_incidents=incident is not None,
            seen=seen,
        )

    async def sit(
        self,
        guild_id: int,
        user_id: int,
        table_id: int,
        seat: Seat | str,
        *,
        take_over: bool = False,
        director: bool | None = None,
    ) -> Seating:
        """Bind ``user_id`` to a seat (leaving any other seat of his in this club).

        A seat held by someone else raises :class:`Conflict` unless ``take_over``.
        ``director`` (the asker is one: True or False) makes it ``/sit`` as a member asks it:
        leaving the seat he holds for another, and sitting down at a table whose board has a
        ruling on it, are decided in this transaction (:func:`leaving_refused`), and
        :class:`~core.permissions.Refused` writes nothing.
        ``director=None``: the caller decided (tests, imports).
        """
        seat = Seat.parse(seat)
        now = self.now()

        async def work(s: AsyncSession) -> Seating:
            club_id = await require_club(s, guild_id)
            table = await s.scalar(
                select(Table).where(Table.id == table_id, Table.club_id == club_id)
            )
            if table is None:
                raise NotFound(Msg("there is no such table"))
            holder = await s.scalar(
                select(SeatBinding).where(
                    SeatBinding.table_id == table.id, SeatBinding.seat == seat.value
                )
            )
            if holder is not None and holder.user_id == user_id:
                holder = None  # his own seat
            if holder is not None and not take_over:
                raise Conflict(
                    Msg("{seat.full_name} at table {table} is taken by <@{member}>", seat=seat,
                        table=table.number, member=holder.user_id)
                )
            if director is not None:
                refusal = await leaving_refused(s, club_id, user_id, now, director=director,
                                                to=(table.id, seat))
                if refusal is not None:
                    raise Refused(refusal)
                if not director and await played_here_before(s, table, user_id):
                    raise Refused(Refusal(Reason.PLAYED_ELSEWHERE, {
                        "board": table.current_board, "table": table.number}))
            if holder is not None:
                await s.delete(holder)
            await s.execute(
                delete(SeatBinding).where(
                    SeatBinding.club_id == club_id, SeatBinding.user_id == user_id
                )
            )
            await s.flush()
            s.add(
                SeatBinding(
                    club_id=club_id,
                    table_id=table.id,
                    seat=seat.value,
                    user_id=user_id,
                    bound_at=utcnow(),
                )
            )
            await s.flush()
            await note_sitter(s, club_id, table, user_id)  # he plays the table's board now
            return Seating(table.session_id, table.id, table.number, seat, user_id)

        return await self.tx.write(work)

    async def stand(
        self, guild_id: int, user_id: int, *, director: bool | None = None
    ) -> Seating | None:
        """Unbind the user; returns where he was sitting (None if nowhere).

        ``director`` (the asker is one: True or False) makes it ``/stand`` as a member asks it:
        whether he may leave is decided in this transaction (:func:`leaving_refused`), and
        :class:`~core.permissions.Refused` writes nothing. ``director=None``: the caller
        decided (tests, imports)."""
        now = self.now()

        async def work(s: AsyncSession) -> Seating | None:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return None
            if director is not None:
                refusal = await leaving_refused(s, club_id, user_id, now, director=director)
                if refusal is not None:
                    raise Refused(refusal)
            found = await seatings_where(s, club_id, SeatBinding.user_id == user_id)
            await s.execute(
                delete(SeatBinding).where(
                    SeatBinding.club_id == club_id, SeatBinding.user_id == user_id
                )
            )
            return found[0] if found else None

        return await self.tx.write(work)

    async def free_seat(self, guild_id: int, table_id: int, seat: Seat | str) -> Seating | None:
        """A director frees a seat: whoever sat there sits nowhere (None if it was free)."""
        seat = Seat.parse(seat)

        async def work(s: AsyncSession) -> Seating | None:
            club_id = await require_club(s, guild_id)
            found = await seatings_where(
                s, club_id, and_(SeatBinding.table_id == table_id, SeatBinding.seat == seat.value)
            )
            await s.execute(
                delete(SeatBinding).where(
                    SeatBinding.club_id == club_id,
                    SeatBinding.table_id == table_id,
                    SeatBinding.seat == seat.value,
                )
            )
            return found[0] if found else None

        return await self.tx.write(work)

    # ------------------------------------------------------------------------------------
    # channels bound to tables

    async def bind_channel(self, guild_id: int, channel_id: int, number: int | None) -> None:
        """Bind a channel (or thread) to a table number for every session; None unbinds it."""
        if number is not None:
            check_positive(number, "table number")

        async def work(s: AsyncSession) -> None:
            club = await get_or_create_club(s, guild_id)
            await s.execute(
                delete(TableChannel).where(
                    TableChannel.club_id == club.id, TableChannel.channel_id == channel_id
                )
            )
            if number is not None:
                s.add(TableChannel(club_id=club.id, channel_id=channel_id, number=number))
                await s.flush()

        await self.tx.write(work)

    async def table_channels(self, guild_id: int, number: int) -> tuple[int, ...]:
        """The channels (or threads) bound to table ``number`` with ``/table channel``, the
        first bound first."""
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return ()
            rows = await s.scalars(
                select(TableChannel.channel_id)
                .where(TableChannel.club_id == club_id, TableChannel.number == number)
                .order_by(TableChannel.id)
            )
            return tuple(rows)

    async def channel_table(self, guild_id: int, channel_id: int) -> int | None:
        """The number of the table ``channel_id`` is bound to with ``/table channel``, if any."""
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return None
            return cast(int | None, await s.scalar(
                select(TableChannel.number)
                .where(TableChannel.club_id == club_id, TableChannel.channel_id == channel_id)
                .limit(1)
            ))

    async def seating(self, guild_id: int, user_id: int) -> Seating | None:
        """Where the user sits in this guild, if anywhere."""
        row = await self.tx.first(SEATING, {"guild_id": guild_id, "user_id": user_id})
        return Seating(row[0], row[1], row[2], Seat(row[3]), user_id) if row else None

    async def seated_at(self, guild_id: int, table_id: int) -> tuple[Seating, ...]:
        """Everyone bound to a seat at the table."""
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return ()
            return await seatings_where(s, club_id, SeatBinding.table_id == table_id)


async def leaving_refused(
    s: AsyncSession,
    club_id: int,
    user_id: int,
    now: dt.datetime,
    *,
    director: bool,
    to: tuple[int, Seat] | None = None,
) -> Refusal | None:
    """Whether ``user_id`` may leave the seat he holds (for seat ``to`` — a table id and a seat
    — when he sits down elsewhere; the seat he holds is no move):
    :func:`core.permissions.may_leave_seat` on his table's board, then, for ``to``,
    :func:`core.permissions.may_take_seat` on that table's board; read in the caller's write
    transaction after both tables' rows are locked, in id order (a ``/board set`` there, which
    locks its table too, runs wholly before or after). A board of a session that is over is
    not in play."""
    held = await s.scalar(
        select(SeatBinding).where(SeatBinding.club_id == club_id, SeatBinding.user_id == user_id)
    )
    if held is not None and to is not None and (held.table_id, held.seat) == (to[0],
                                                                             to[1].value):
        return None
    ids = sorted({t.table_id for t in (held,) if t is not None}
                 | {t[0] for t in (to,) if t is not None})
    tables = {t.id: t for t in await s.scalars(
        select(Table).where(Table.id.in_(ids)).order_by(Table.id).with_for_update())}
    if held is not None:
        refusal = may_leave_seat(await _board_in_play(s, club_id, tables.get(held.table_id),
                                                      now), director=director)
        if refusal is not None:
            return refusal
    if to is not None and not director:
        return may_take_seat(await _board_in_play(s, club_id, tables.get(to[0]), now,
                                                  rulings=True), director=director)
    return None


async def _board_in_play(s: AsyncSession, club_id: int, table: Table | None, now: dt.datetime,
                         *, rulings: bool = False) -> BoardFacts | None:
    """The facts of ``table``'s board, None when none is set or its session is over
    (``rulings``: whether a ruling stands on it is read too)."""
    if (table is None or table.current_board is None
            or await session_over(s, club_id, table.session_id, now)):
        return None
    row = await s.scalar(select(Board).where(Board.table_id == table.id,
                                             Board.number == table.current_board))
    if row is None:
        return None
    has_ruling = rulings and await s.scalar(
        select(EventRow.id).where(EventRow.board_id == row.id, EventRow.void.is_(False),
                                  EventRow.is_ruling.is_(True)).limit(1)) is not None
    return BoardFacts.of(row.number, table.number, state_of(row), has_ruling=has_ruling)
