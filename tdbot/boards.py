"""Who may move a table from board to board, and what moving ends: the checks ``/board set``
makes before it writes anything (so a refusal leaves state and log untouched)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.cards import cards_text
from core.seats import Seat
from core.state import Phase
from core.storage.service import Storage
from core.storage.values import BoardInfo
from tdbot.context import AtTable, ContextError, NotDirector
from tdbot.messages import N_


@dataclass(frozen=True)
class BoardSetPlan:
    """What ``/board set`` will do besides setting the board: end the board in play (when the
    table moves on) and void the ``board_end`` events of a board a director reopens."""

    end_current: BoardInfo | None = None
    reopen_events: tuple[int, ...] = ()


LOCKED_END = N_("Board {board} at table {table} has a ruling on it: only a director can end "
                "it.")
LOCKED_MOVE = N_("Board {board} at table {table} has a ruling on it: only a director can end "
                 "it or move the table to board {number}.")
LOCKED_DECLARER = N_("Board {board} at table {table} has a ruling on it: only a director can "
                     "change its declarer.")


def locked(board: BoardInfo, template: str, **params: Any) -> NotDirector:
    """The refusal to change a board with a ruling on it (``template``: what is refused)."""
    return NotDirector(template, board=board.number, table=board.table_number, **params)


def ended_line(board: BoardInfo) -> str:
    """What ending a board took with it, in one sentence for the answer."""
    state = board.state
    gone = []
    if state.penalty_cards:
        gone.append(f"its penalty cards ({cards_text(p.card for p in state.penalty_cards)})")
    if state.restrictions:
        gone.append(
            "its restrictions (" + ", ".join(
                f"{r.seat.value} {r.describe()}" for r in state.restrictions
            ) + ")"
        )
    if state.pass_obligations:
        gone.append("its pass obligations")
    went = " and ".join(gone) if gone else "nothing was pending on it"
    verb = " go with it" if gone else ""
    return f"Board {board.number} has ended: {went}{verb}."


async def plan_board_set(
    storage: Storage, at: AtTable, number: int, *, declarer: str | None, reopen: bool
) -> BoardSetPlan:
    """Check that the user may make board ``number`` the table's board (with that declarer),
    and say what else that does. Raises a :class:`ContextError` naming the reason otherwise.

    ``at`` was looked up with ``board_number=number``: board ``number`` (if the table has it)
    came with the table, whether a ruling is on it included."""
    current = at.board
    t = at.table.number
    moving = (
        current is not None
        and current.number != number
        and current.state.phase is not Phase.FINISHED
    )
    if moving and current is not None and current.has_incidents and not at.director:
        raise locked(current, LOCKED_MOVE, number=number)
    target = current if current is not None and current.number == number else at.named_board
    reopen_events: tuple[int, ...] = ()
    if target is not None and target.state.phase is Phase.FINISHED:
        if not reopen:
            raise ContextError(
                N_(
                    "Board {number} was already played at table {table} in this session. "
                    "A director can reopen it: /board set number:{number} reopen:True"
                ),
                number=number,
                table=t,
            )
        if not at.director:
            raise NotDirector(N_("Only a director can reopen a board."))
        events = await storage.board_events(at.guild_id, target.id, include_void=False)
        reopen_events = tuple(e.id for e in events if e.kind == "board_end")
    elif reopen:
        raise ContextError(
            N_("Board {number} has not ended at table {table}: nothing to reopen."),
            number=number,
            table=t,
        )
    if declarer is not None and target is not None and not at.director:
        new = Seat.parse(declarer)
        if target.declarer is not None and new is not target.declarer and target.state.calls:
            raise NotDirector(
                    f"The auction recorded at table {t} makes {target.declarer.value} declarer: "
                    "only a director can change that."
                )
        if (
            new is not target.declarer
            and (target.declarer is not None or target.state.phase is not Phase.AUCTION)
            and target.has_incidents
        ):
            raise locked(target, LOCKED_DECLARER)
    return BoardSetPlan(current if moving else None, reopen_events)
