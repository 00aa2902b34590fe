"""Small builders shared by the rules tests: states written the way the Laws talk about them."""

from dataclasses import replace

from core.cards import parse_card, parse_hand
from core.seats import Seat
from core.state import PenaltyCard, PenaltyKind, Phase, TableState


def penalty(token: str) -> PenaltyCard:
    """``E:SK:major`` → a penalty card."""
    seat, card, kind = token.split(":")
    return PenaltyCard(Seat(seat), parse_card(card), PenaltyKind(kind), "50B")


def play_state(declarer: str = "S", *penalties: str, **changes) -> TableState:
    """A board in the play period with ``declarer`` and the given penalty cards."""
    state = TableState(declarer=Seat(declarer), phase=Phase.PLAY,
                       penalty_cards=tuple(penalty(p) for p in penalties))
    return replace(state, **changes)


def tokens(state: TableState) -> set[str]:
    return {p.token for p in state.penalty_cards}


def hand(text: str):
    return parse_hand(text)


def cards(text: str):
    return tuple(parse_card(c) for c in text.split())
