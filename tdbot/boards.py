"""What ending a board took with it, as the answers of ``/board set`` and ``/session end`` say it,
in the language of the answer. Who may move a table or end a board is decided in
:mod:`core.permissions`."""

from __future__ import annotations

from core.cards import cards_text
from core.storage.values import BoardInfo
from tdbot.messages import N_, Locale, localize, say

ENDED_NOTHING = N_("Board {board} has ended: nothing was pending on it.")
ENDED = N_("Board {board} has ended, and with it go {what}.")
PENALTY_CARDS = N_("its penalty cards ({cards})")
RESTRICTIONS = N_("its restrictions ({restrictions})")
PASS_OBLIGATIONS = N_("its pass obligations")
AND = N_("{first} and {second}")


def ended_line(board: BoardInfo, locale: Locale = None) -> str:
    """What ending a board took with it, in one sentence for the answer."""
    state = board.state
    gone: list[str] = []
    if state.penalty_cards:
        gone.append(localize(locale, PENALTY_CARDS,
                             cards=cards_text(p.card for p in state.penalty_cards)))
    if state.restrictions:
        listed = ", ".join(say(locale, r.describe()) for r in state.restrictions)
        gone.append(localize(locale, RESTRICTIONS, restrictions=listed))
    if state.pass_obligations:
        gone.append(localize(locale, PASS_OBLIGATIONS))
    if not gone:
        return localize(locale, ENDED_NOTHING, board=board.number)
    what = gone[0]
    for more in gone[1:]:
        what = localize(locale, AND, first=what, second=more)
    return localize(locale, ENDED, board=board.number, what=what)
