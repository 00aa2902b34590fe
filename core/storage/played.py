"""Who has played a board: counted per member, not per table.

A member has played board N of a session when he sat at a table while it played board N and
that table has finished it (it has moved on to another board), or he has left that table
since. In a Mitchell movement the pairs that move reach tables that have played boards they
play later: counted per table, a moving playing director would "have played" them. So the
players seated at a table are written down for each board it plays (:func:`note_players`,
when the table moves to the board, and :func:`note_sitter`, when someone sits during it), and
:func:`has_played` is the one predicate every blind-spot check asks.
"""

from __future__ import annotations

from sqlalchemy import bindparam, exists, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from core.storage.models import Board, BoardPlayer, SeatBinding, Table

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


async def has_played(
    s: AsyncSession, club_id: int, user_id: int, session_id: int, board_number: int,
    *, finished: bool = True,
) -> bool:
    """Whether ``user_id`` has played board ``board_number`` of ``session_id``: he sat at a
    table for it, and that table has finished it (or he has left that table since). With
    ``finished`` false, sitting at the table for it is enough (he is playing it now)."""
    seat = (await s.execute(
        select(Table.id, Table.current_board)
        .join(SeatBinding, SeatBinding.table_id == Table.id)
        .where(SeatBinding.club_id == club_id, SeatBinding.user_id == user_id)
    )).first()
    tables = await s.scalars(
        select(Board.table_id)
        .join(BoardPlayer, BoardPlayer.board_id == Board.id)
        .where(
            BoardPlayer.club_id == club_id,
            BoardPlayer.user_id == user_id,
            Board.session_id == session_id,
            Board.number == board_number,
        )
    )
    for table_id in tables:
        playing_now = (finished and seat is not None and seat.id == table_id
                       and seat.current_board == board_number)
        if not playing_now:
            return True
    return False
