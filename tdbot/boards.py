"""What ending a board took with it, as the answers of ``/board set`` and ``/session end`` say it.
Who may move a table or end a board is decided in :mod:`core.permissions`."""

from __future__ import annotations

from core.cards import cards_text
from core.storage.values import BoardInfo


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
