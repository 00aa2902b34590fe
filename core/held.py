"""The cards a report places in a player's hand, and the one check every such report passes:
a card is in one place, so a card on the table as one player's penalty card, or one the
reports put in a trick or back in a player's hand (``TableState.whereabouts``), is no other
player's card, whatever the report (exposed, led, played, revoked with) and whoever it names;
and a card played is never led, played or shown again. :func:`track` keeps that record, after
every rule, from what the rule did; a rule that plays a card says so itself
(``TableState.placed``), since only it knows whether a lead stood or went back."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from core.cards import Card
from core.errors import RuleError
from core.laws.defective import Defect, DefectiveTrick, FifthCard
from core.laws.dummy_call import DummyCall
from core.laws.exposure import AuctionExposureIncident, Exposure
from core.laws.flow import CardPlayed
from core.laws.leads import LeadOutOfTurn
from core.laws.opening_lead import OpeningLeadOutOfTurn
from core.laws.penalty import PenaltyCardReturned, PenaltyNotPlayed
from core.laws.play import check_card_free
from core.laws.premature import PrematurePlay, SimultaneousCards
from core.laws.revoke import Revoke
from core.laws.waits import PREMATURE_LAW
from core.registry import Event
from core.seats import Seat
from core.state import Phase, Place, TableState
from core.text import Msg


def _cards(event: Any) -> Iterable[tuple[Seat, Card]]:
    return [(event.seat, c) for c in event.cards]


def _card(event: Any) -> Iterable[tuple[Seat, Card]]:
    return ((event.seat, event.card),)


def _offenders_card(event: Any) -> Iterable[tuple[Seat, Card]]:
    return ((event.offender, event.card),)


def _lead_cards(event: LeadOutOfTurn) -> Iterable[tuple[Seat, Card]]:
    yield event.offender, event.card
    if event.proper_lead is not None:  # 53B: the correct leader's own lead
        yield event.correct_leader, event.proper_lead
    if event.rho_card is not None:  # 53C: the card the defender on the lead's right played
        yield event.offender.rho, event.rho_card


def _simultaneous(event: SimultaneousCards) -> Iterable[tuple[Seat, Card]]:
    yield from _cards(event)
    if event.designated is not None and event.designated not in event.cards:
        yield event.seat, event.designated


def _dummy_call(event: DummyCall) -> Iterable[tuple[Seat, Card]]:
    return ((event.seat, event.plays),) if event.plays is not None else ()


def _instead(event: PenaltyNotPlayed) -> Iterable[tuple[Seat, Card]]:
    yield event.seat, event.played
    if event.instead_of is not None:
        yield event.seat, event.instead_of


def _revoke_cards(event: Revoke) -> Iterable[tuple[Seat, Card]]:
    if event.card is not None:
        yield event.offender, event.card
    if event.other_offender is not None and event.other_card is not None:
        yield event.other_offender, event.other_card
    if event.partner_card is not None:  # 62C2: the revoker's partner's card taken back
        yield event.offender.partner, event.partner_card


def _defective(event: DefectiveTrick) -> Iterable[tuple[Seat, Card]]:
    """The cards a defective trick's report takes from the hand: the card added (67A1, 67B1),
    or the cards played to the trick (67A2, 67B2); 67B3's card is about a play already made."""
    if event.defect is Defect.MISPLACED:
        return ()
    cards = event.cards if event.defect is Defect.TOO_MANY else (
        (event.card,) if event.card is not None else ())
    return [(event.seat, c) for c in cards]


#: Per report that names cards in a hand, the (seat, card) pairs it names: one table, so the
#: check below lets every other event through with one lookup (it runs before every rule).
_HELD: dict[type, Callable[[Any], Iterable[tuple[Seat, Card]]]] = {
    Exposure: _cards, AuctionExposureIncident: _cards, SimultaneousCards: _simultaneous,
    CardPlayed: _card, PenaltyCardReturned: _card,
    LeadOutOfTurn: _lead_cards, PrematurePlay: _offenders_card,
    OpeningLeadOutOfTurn: _offenders_card,
    PenaltyNotPlayed: _instead, Revoke: _revoke_cards, DummyCall: _dummy_call,
    FifthCard: _card, DefectiveTrick: _defective,
}


def held_cards(event: Event) -> Iterable[tuple[Seat, Card]]:
    """The (seat, card) pairs an event says were in that seat's hand."""
    named = _HELD.get(type(event))
    return named(event) if named is not None else ()


#: Reports about a card already in a trick (the revoke card was played to the revoke trick):
#: they may name their own seat's played card; any other report naming it plays it twice.
_ABOUT_PLAYED: frozenset[type] = frozenset({Revoke})


def check_cards_in_place(state: TableState, event: Event) -> None:
    """Refuse ``event`` when it names a card of one seat that ``state`` has on the table as
    another seat's penalty card (50A), or that the reports put in another seat's trick or hand,
    or that waits face up for a choice about it, or a card already played (save a report about
    that play): asked by the engine before every
    rule, so declarer's and dummy's cards (48A) and every other report are checked alike."""
    if not (state.penalty_cards or state.whereabouts or state.pending) or (
            type(event) not in _HELD):
        return
    for seat, card in _HELD[type(event)](event):
        check_card_free(state, seat, card)
        for p in state.pending:  # a lead (or a card played) face up, waiting for a choice
            if p.card != card or p.offender is None or p.law == PREMATURE_LAW:
                continue  # 57A's card is a penalty card, checked above
            if p.offender is not seat:
                raise RuleError(Msg("the {card.symbol} is {owner.value}'s card, face up on the "
                                    "table while a choice about it waits, so {seat.value} "
                                    "cannot hold it", card=card, owner=p.offender, seat=seat))
            if type(event) not in _ABOUT_PLAYED:
                raise RuleError(Msg("the {card.symbol} is already face up on the table while a "
                                    "choice about it waits: it is not led, played or shown "
                                    "again", card=card))
        where = state.where(card) if state.whereabouts else None
        if where is None:
            continue
        if where.seat is not seat:
            raise RuleError(Msg("{record}, so {seat.value} cannot hold it",
                                record=where.describe(), seat=seat))
        if where.place is Place.PLAYED and type(event) not in _ABOUT_PLAYED:
            raise RuleError(Msg("{record}: a card is played only once", record=where.describe()))


def track(before: TableState, after: TableState, event: Event) -> TableState:
    """``after`` with the cards a rule took off the table or named, and left neither on the
    table nor in the record (played, or picked up by the rule itself), recorded back in their
    owner's hand (a lead taken back, declarer's exposed card, 48A). The engine calls it after
    every rule: it answers at once when the rule named no card and took none off the table, or
    when a choice's rule kept the record itself (a lead that stood, a penalty card picked up:
    it says where every card it moved went)."""
    named = _HELD.get(type(event))
    if named is None and after.whereabouts is not before.whereabouts or (
            type(event) is Exposure):  # its rule says where each card went (penalty or hand)
        return after
    gone = named(event) if named is not None else ()
    if before.penalty_cards and before.penalty_cards is not after.penalty_cards:
        gone = [*gone, *[(p.seat, p.card) for p in before.penalty_cards
                         if p not in after.penalty_cards]]
    if before.auction_exposed and before.auction_exposed is not after.auction_exposed:
        gone = [*gone, *[(e.seat, e.card) for e in before.auction_exposed]]
    if before.pending and before.pending is not after.pending:
        gone = [*gone, *[(p.offender, p.card) for p in before.pending
                         if p.offender is not None and p.card is not None
                         and p.law != PREMATURE_LAW]]
    if not gone or after.phase is Phase.FINISHED:
        return after
    for seat, card in gone:
        where = after.where(card) if after.whereabouts else None
        if _face_up(after, card):  # on the table again (a corrected revoke card, 62B1)
            if where is not None:
                after = after.evolve(whereabouts=tuple(
                    w for w in after.whereabouts if w is not where))
        elif where is None:
            after = after.placed(seat, card, Place.HAND)
    return after


def _face_up(state: TableState, card: Card) -> bool:
    """Whether ``card`` lies face up on the table: a penalty card, a Law 24 card, a lead (or a
    card played) waiting for a choice (57A's premature card is a penalty card: once played, its
    choice still waits on the partner's play to the trick)."""
    for p in state.penalty_cards:
        if p.card is card or p.card == card:  # the card a report just made one: at once
            return True
    return (card in [e.card for e in state.auction_exposed]
            or card in [p.card for p in state.pending if p.law != PREMATURE_LAW])
