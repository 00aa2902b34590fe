"""The cards a report places in a player's hand, and the one check every such report passes:
a card is in one place, so a card on the table as one player's penalty card is no other
player's card, whatever the report (exposed, led, played, revoked with) and whoever it names."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

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


def _cards(event: Any) -> Iterable[tuple[Seat, Card]]:
    return ((event.seat, c) for c in event.cards)


def _card(event: Any) -> Iterable[tuple[Seat, Card]]:
    return ((event.seat, event.card),)


def _offenders_card(event: Any) -> Iterable[tuple[Seat, Card]]:
    return ((event.offender, event.card),)


def _instead(event: PenaltyNotPlayed) -> Iterable[tuple[Seat, Card]]:
    yield event.seat, event.played
    if event.instead_of is not None:
        yield event.seat, event.instead_of


def _revoke_cards(event: Revoke) -> Iterable[tuple[Seat, Card]]:
    if event.card is not None:
        yield event.offender, event.card
    if event.other_offender is not None and event.other_card is not None:
        yield event.other_offender, event.other_card


#: Per report that names cards in a hand, the (seat, card) pairs it names: one table, so the
#: check below lets every other event through with one lookup (it runs before every rule).
_HELD: dict[type, Callable[[Any], Iterable[tuple[Seat, Card]]]] = {
    Exposure: _cards, AuctionExposureIncident: _cards, SimultaneousCards: _cards,
    CardPlayed: _card, PenaltyCardReturned: _card,
    LeadOutOfTurn: _offenders_card, PrematurePlay: _offenders_card,
    OpeningLeadOutOfTurn: _offenders_card,
    PenaltyNotPlayed: _instead, Revoke: _revoke_cards,
}


def held_cards(event: Event) -> Iterable[tuple[Seat, Card]]:
    """The (seat, card) pairs an event says were in that seat's hand."""
    named = _HELD.get(type(event))
    return named(event) if named is not None else ()


def check_cards_in_place(state: TableState, event: Event) -> None:
    """Refuse ``event`` when it names a card of one seat that ``state`` has on the table as
    another seat's penalty card (50A): asked by the engine before every rule, so declarer's
    and dummy's cards (48A) and every other report are checked alike."""
    if not state.penalty_cards or type(event) not in _HELD:
        return
    for seat, card in held_cards(event):
        check_card_free(state, seat, card)
