"""Who has played a board: counted per member, not per table.

A member has played board N of a session when he sat at a table while it played board N and
that table has finished it (it has moved on to another board), or he has left that table
since. In a Mitchell movement the pairs that move reach tables that have played boards they
play later: counted per table, a moving playing director would "have played" them. So the
players seated at a table are written down for each board it plays (:func:`note_players`,
when the table moves to the board, and :func:`note_sitter`, when someone sits during it), and
:func:`played_boards` is the one predicate every blind-spot check asks (:func:`blind_spot`: the
boards closed to a member, for ``Desk.is_blind`` and the ruling log's queries alike).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, exists, func, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from core.permissions import may_be_blind
from core.storage.models import (
    Board,
    BoardPlayer,
    DeskSettings,
    GameSession,
    PlayingDirector,
    SeatBinding,
    Table,
)
from core.storage.values import BlindSpot

#: Everyone seated at table ``t_id`` has (also) sat at the table for board ``b_id``.
NOTE_PLAYERS = insert(BoardPlayer).from_select(
    ["club_id", "board_id", "user_id"],
    select(
        SeatBinding.club_id,
        bindparam("b_id", type_=BoardPlayer.board_id.type),
        SeatBinding.user_id,
    ).where(
        SeatBinding.table_id == bindparam("t_id"),
        ~exists().where(
            BoardPlayer.board_id == bindparam("b_id"),
            BoardPlayer.user_id == SeatBinding.user_id,
        ),
    ),
)


async def note_players(conn: AsyncConnection | AsyncSession, table_id: int,
                       board_id: int) -> None:
    """The table has moved to board ``board_id``: those seated at it are playing it."""
    await conn.execute(NOTE_PLAYERS, {"t_id": table_id, "b_id": board_id})


async def note_sitter(s: AsyncSession, club_id: int, table: Table, user_id: int) -> None:
    """``user_id`` sits at ``table``: he is playing the board it is playing now, if any."""
    if table.current_board is None:
        return
    board_id = await s.scalar(
        select(Board.id).where(Board.table_id == table.id, Board.number == table.current_board)
    )
    if board_id is None:
        return
    known = await s.scalar(
        select(BoardPlayer.user_id).where(BoardPlayer.board_id == board_id,
                                          BoardPlayer.user_id == user_id)
    )
    if known is None:
        s.add(BoardPlayer(club_id=club_id, board_id=board_id, user_id=user_id))
        await s.flush()


async def played_boards(
    s: AsyncSession, club_id: int, user_id: int, session_id: int, seat: Any
) -> frozenset[int]:
    """The numbers of the boards of ``session_id`` ``user_id`` has played: he sat at a table
    for each, and that table has finished it (or he has left that table since). ``seat``: the
    table he sits at now, as :func:`_seat` read it (None: seated nowhere)."""
    rows = await s.execute(
        select(Board.number, Board.table_id)
        .join(BoardPlayer, BoardPlayer.board_id == Board.id)
        .where(
            BoardPlayer.club_id == club_id,
            BoardPlayer.user_id == user_id,
            Board.session_id == session_id,
        )
    )
    return frozenset(
        number for number, table_id in rows
        # the board his table is playing now: he is playing it, he has not played it
        if not (seat is not None and seat.id == table_id and seat.current_board == number)
    )


async def blind_spot(
    s: AsyncSession, club_id: int, user_id: int, *, director: bool
) -> BlindSpot | None:
    """The boards closed to ``user_id`` (None: none is): a playing director's boards of the
    running session he has not played (:func:`played_boards`, counted per member), and, where the
    club has ``no_peeking``, any member's who is not a director (``director``: the caller knows
    his roles), except what happened at his own table. Seats and boards are the session's: one
    who is seated nowhere has every board of the latest session closed to him; once that
    session has ended, nothing is. Every blind check (``Desk.is_blind``, the ruling log's
    queries) asks this one function."""
    playing = await s.scalar(
        select(PlayingDirector.user_id).where(
            PlayingDirector.club_id == club_id, PlayingDirector.user_id == user_id
        )
    )
    if playing is None:
        no_peeking = (not director) and bool(await s.scalar(
            select(DeskSettings.no_peeking).where(DeskSettings.club_id == club_id)
        ))
        if not may_be_blind(playing=False, director=director, no_peeking=no_peeking):
            return None
    seat = await _seat(s, club_id, user_id)
    if seat is None:  # what he has played is unknown: the whole running session is closed
        session_id = await s.scalar(
            select(func.max(GameSession.id)).where(GameSession.club_id == club_id)
        )
    else:
        session_id = seat.session_id
    if session_id is None or await s.scalar(
        select(GameSession.ended_at).where(
            GameSession.club_id == club_id, GameSession.id == session_id
        )
    ) is not None:  # the session is over: its play can no longer be helped
        return None
    if seat is None:
        return BlindSpot(session_id)
    return BlindSpot(
        session_id,
        await played_boards(s, club_id, user_id, session_id, seat),
        own_table=seat.id if playing is None else None,  # a playing director is blind there too
    )


async def _seat(s: AsyncSession, club_id: int, user_id: int) -> Any:
    """The table ``user_id`` sits at (its id, session and current board), or None."""
    return (await s.execute(
        select(Table.id, Table.session_id, Table.current_board)
        .join(SeatBinding, SeatBinding.table_id == Table.id)
        .where(SeatBinding.club_id == club_id, SeatBinding.user_id == user_id)
    )).first()
