"""The cards a report places in a player's hand, and the one check every such report passes:
a card is in one place, so a card on the table as one player's penalty card is no other
player's card, whatever the report (exposed, led, played, revoked with) and whoever it names."""

from __future__ import annotations

from collections.abc import Iterator

from core.cards import Card
from core.laws.exposure import AuctionExposureIncident, Exposure
from core.laws.flow import CardPlayed
from core.laws.leads import LeadOutOfTurn
from core.laws.opening_lead import OpeningLeadOutOfTurn
from core.laws.penalty import PenaltyCardReturned, PenaltyNotPlayed
from core.laws.play import check_card_free
from core.laws.premature import PrematurePlay, SimultaneousCards
from core.laws.revoke import Revoke
from core.registry import Event
from core.seats import Seat
from core.state import TableState


def held_cards(event: Event) -> Iterator[tuple[Seat, Card]]:
    """The (seat, card) pairs an event says were in that seat's hand."""
    match event:
        case Exposure(seat=seat, cards=cards) | AuctionExposureIncident(seat=seat, cards=cards):
            yield from ((seat, c) for c in cards)
        case CardPlayed(seat=seat, card=card) | PenaltyCardReturned(seat=seat, card=card):
            yield seat, card
        case LeadOutOfTurn(offender=seat, card=card) | PrematurePlay(offender=seat, card=card):
            yield seat, card
        case OpeningLeadOutOfTurn(offender=seat, card=card):
            yield seat, card
        case PenaltyNotPlayed(seat=seat, played=played, instead_of=instead_of):
            yield seat, played
            if instead_of is not None:
                yield seat, instead_of
        case SimultaneousCards(seat=seat, cards=cards):
            yield from ((seat, c) for c in cards)
        case Revoke(offender=seat, card=card, other_offender=other, other_card=other_card):
            if card is not None:
                yield seat, card
            if other is not None and other_card is not None:
                yield other, other_card


#: The reports that name cards in a hand (:func:`held_cards`): any other event is let through
#: at once (the engine asks before every rule, a lead or a choice included).
CARD_REPORTS = (Exposure, AuctionExposureIncident, CardPlayed, PenaltyCardReturned,
                LeadOutOfTurn, PrematurePlay, OpeningLeadOutOfTurn, PenaltyNotPlayed,
                SimultaneousCards, Revoke)


def check_cards_in_place(state: TableState, event: Event) -> None:
    """Refuse ``event`` when it names a card of one seat that ``state`` has on the table as
    another seat's penalty card (50A): asked by the engine before every rule, so declarer's
    and dummy's cards (48A) and every other report are checked alike."""
    if not state.penalty_cards or not isinstance(event, CARD_REPORTS):
        return
    for seat, card in held_cards(event):
        check_card_free(state, seat, card)
