"""Who has played a board: counted per member, not per table.

A member has played board N of a session when he sat at a table while board N was in play
there (set and not ended), that table has finished it (ended it or moved on to another board)
or he has left that table since, and at least :data:`PLAYED_WITH` members sat at that table
for it. In a Mitchell movement the pairs that move reach tables that have played boards they
play later: counted per table, a moving playing director would "have played" them; one who
sits down at a table after it ended a board has not played that board either. A member alone
at an empty table who sets a board and ends it has not played it (else anyone could read any
deal: sit alone, ``/board set``, ``/board end``, ``/board deal``). So the players seated at a
table are written down for each board while it is in play there (:func:`note_players`, when
the table moves to the board, and :func:`note_sitter`, when someone sits during it), and
:func:`played_boards` is the one predicate every blind-spot check asks (:func:`blind_spot`: the
boards closed to a member, for ``Desk.is_blind`` and the ruling log's queries alike;
:func:`has_played`: what a player may read of a board, its deal and its appeals' reasons).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, exists, func, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlalchemy.orm import aliased

from core import serial
from core.permissions import may_be_blind
from core.state import Phase, TableState
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


#: How many members must have sat at a table for a board it finished for any of them to have
#: played it: one member alone at a table proves nothing (he may have set and ended the board
#: by himself to read its deal); two do not play a board at an empty table by chance. A club
#: whose tables have only one member on Discord still works: a board he played alone opens
#: to him when the session ends (or a director shows it).
PLAYED_WITH = 2


def with_company(board: Any) -> Any:
    """SQL: at least :data:`PLAYED_WITH` members sat at ``board``'s table for it (``board``:
    :class:`Board` or an alias of it, from the enclosing query)."""
    others = aliased(BoardPlayer)
    return (
        select(func.count()).select_from(others).where(others.board_id == board.id)
        .correlate(board).scalar_subquery()
    ) >= PLAYED_WITH


def played_elsewhere(user_id: Any, table_id: Any, session_id: Any, number: Any) -> Any:
    """SQL: member ``user_id`` has played board ``number`` of ``session_id`` (as
    :func:`played_boards` counts it) at a table other than ``table_id``: a member plays a
    board once a session, so a player may not set it, or sit down to it, there (a director
    may: a board replayed on purpose is his decision)."""
    board = aliased(Board)
    return exists().where(
        BoardPlayer.user_id == user_id,
        BoardPlayer.board_id == board.id,
        board.session_id == session_id,
        board.number == number,
        board.table_id != table_id,
        with_company(board),
    )


def _finished(state: Any) -> bool:
    """Whether a board's stored snapshot says it has ended (``/board end``)."""
    return serial.from_data(TableState, state).phase is Phase.FINISHED


async def note_sitter(s: AsyncSession, club_id: int, table: Table, user_id: int) -> None:
    """``user_id`` sits at ``table``: he is playing the board it is playing now, if any (one
    it has ended is over: sitting down after it is not playing it)."""
    if table.current_board is None:
        return
    found = (await s.execute(
        select(Board.id, Board.state).where(Board.table_id == table.id,
                                            Board.number == table.current_board)
    )).first()
    if found is None or _finished(found.state):
        return
    board_id = found.id
    known = await s.scalar(
        select(BoardPlayer.user_id).where(BoardPlayer.board_id == board_id,
                                          BoardPlayer.user_id == user_id)
    )
    if known is None:
        s.add(BoardPlayer(club_id=club_id, board_id=board_id, user_id=user_id))
        await s.flush()


async def played_here_before(s: AsyncSession, table: Table, user_id: int) -> bool:
    """Whether ``user_id``, sitting down at ``table``, would play again the board it has in
    play: he has played it at another table this session (:func:`played_elsewhere`)."""
    if table.current_board is None:
        return False
    state = await s.scalar(select(Board.state).where(Board.table_id == table.id,
                                                      Board.number == table.current_board))
    if state is None or _finished(state):
        return False
    return bool(await s.scalar(select(played_elsewhere(user_id, table.id, table.session_id,
                                                       table.current_board))))


async def played_boards(
    s: AsyncSession, club_id: int, user_id: int, session_id: int, seat: Any
) -> frozenset[int]:
    """The numbers of the boards of ``session_id`` ``user_id`` has played: he sat at a table
    while it played each, with at least :data:`PLAYED_WITH` members in all, and that table has
    finished it (or he has left that table since). ``seat``: the table he sits at now, as
    :func:`_seat` read it (None: seated nowhere)."""
    rows = (await s.execute(
        select(Board.id, Board.number, Board.table_id)
        .join(BoardPlayer, BoardPlayer.board_id == Board.id)
        .where(
            BoardPlayer.club_id == club_id,
            BoardPlayer.user_id == user_id,
            Board.session_id == session_id,
            with_company(Board),
        )
    )).all()
    played = set()
    for board_id, number, table_id in rows:
        # the board his table is on now: played once it has ended, not while in play
        if (seat is not None and seat.id == table_id and seat.current_board == number
                and not _finished(await s.scalar(select(Board.state)
                                                 .where(Board.id == board_id)))):
            continue
        played.add(number)
    return frozenset(played)


async def has_played(
    s: AsyncSession, club_id: int, user_id: int, session_id: int, board_no: int
) -> bool:
    """Whether ``user_id`` may read what a player of board ``board_no`` may (its deal, what
    the others wrote about it): he has played it (:func:`played_boards`), or the session is
    over."""
    ended = await s.scalar(
        select(GameSession.ended_at).where(
            GameSession.club_id == club_id, GameSession.id == session_id
        )
    )
    if ended is not None:
        return True
    return board_no in await played_boards(s, club_id, user_id, session_id,
                                           await _seat(s, club_id, user_id))


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


#: What a number names, for :func:`shut`: its session, board number and (to count what
#: happened at the member's own table as open to him) table id; None when nothing has it.
Where = tuple[int, int, int | None] | None


def shut(spot: BlindSpot | None, where: Where) -> bool:
    """The one rule for what names a board (a ruling's, a consultation's, an appeal's, a
    call's number, and the lists of them): whether it is shut to the member ``spot`` is
    (:func:`blind_spot`) for. To a member some board is closed to, a number nothing has is
    shut as one on a board he has not played: both get one answer, so a number tells him
    nothing (that it exists, on which board)."""
    if spot is None:
        return False
    return where is None or spot.covers(*where)


async def _seat(s: AsyncSession, club_id: int, user_id: int) -> Any:
    """The table ``user_id`` sits at (its id, session and current board), or None."""
    return (await s.execute(
        select(Table.id, Table.session_id, Table.current_board)
        .join(SeatBinding, SeatBinding.table_id == Table.id)
        .where(SeatBinding.club_id == club_id, SeatBinding.user_id == user_id)
    )).first()
