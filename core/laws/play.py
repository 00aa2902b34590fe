"""Checks and changes every play irregularity needs (leads out of turn, premature plays,
revokes): the board is in play, a card is free to be played, a card becomes a major penalty
card, a choice waits on a seat."""

from __future__ import annotations

from dataclasses import replace

from core.cards import Card
from core.errors import RuleError
from core.laws import waits
from core.laws.penalty import add_penalty_cards, require_declarer
from core.seats import Role, Seat, is_defender, role_of
from core.state import PenaltyKind, PendingChoice, Phase, TableState
from core.text import Msg, Text


def require_play(state: TableState) -> Seat:
    """The declarer, checking the board is still being played."""
    declarer = require_declarer(state)
    if state.phase is Phase.FINISHED:
        raise RuleError(Msg("this board has ended: nothing more can be led or played on it"))
    check_penalty_owners(state)
    return declarer


def check_penalty_owners(state: TableState) -> None:
    """Only a defender can own a penalty card (48A): refuse a state that says otherwise."""
    declarer = require_declarer(state)
    for p in state.penalty_cards:
        if not is_defender(p.seat, declarer):
            if role_of(p.seat, declarer) is Role.DECLARER:
                raise RuleError(Msg("{seat.value} is declarer: declarer's side never has penalty "
                                    "cards (48A), so {card.symbol} cannot be one",
                                    seat=p.seat, card=p.card))
            raise RuleError(Msg("{seat.value} is dummy: declarer's side never has penalty cards "
                                "(48A), so {card.symbol} cannot be one", seat=p.seat, card=p.card))


def check_may_play(state: TableState, seat: Seat, *, held_lead: bool = True) -> None:
    """Refuse a card played or led while play has stopped after a claim (68D), or while
    declarer decides about the player's card played instead of a penalty card (52B1); and, with
    ``held_lead``, before the lead declarer's options wait for (50D2, 51B, 26B: another player
    is on lead to the trick); and while a lead out of turn waits for its choice (54, 55, 56:
    nobody plays meanwhile, a card shown then is exposed, not led). The one check every report
    of a card played makes."""
    claimer = waits.claimed_by(state)
    if claimer is not None:
        raise RuleError(waits.stopped_words(claimer))
    for own in state.pending_for(seat):  # declarer decides about his card played (52B1)
        if own.law in waits.HOLDS_SEAT:
            raise RuleError(Msg("{seat.value} must wait: the declarer must first choose an "
                                "option (Law {law})", seat=seat, law=own.law))
    for p in waits.live(state):  # a lead out of turn waits for its choice: nobody plays (54-56)
        if p.law in waits.HOLDS_EVERYONE:
            raise RuleError(waits.must_wait_words(seat, waits.chooser_of(p)[0], p.law))
    held = waits.lead_held_for(state, seat) if held_lead else None
    if held is not None:
        raise RuleError(waits.held_lead_words(held.seat, held.law))


def check_card_free(state: TableState, seat: Seat, card: Card) -> bool:
    """Refuse a card that is another player's penalty card; True when it is ``seat``'s own."""
    for p in state.penalty_cards:
        if p.card == card:
            if p.seat is not seat:
                raise RuleError(Msg("the {card.symbol} is {owner.value}'s penalty card, so "
                                    "{seat.value} cannot hold it", card=card, owner=p.seat,
                                    seat=seat))
            return True
    return False


def add_major(state: TableState, seat: Seat, card: Card, origin: str) -> tuple[TableState,
                                                                              list[Text]]:
    """Make ``card`` a major penalty card of ``seat`` (it was led or played deliberately, 50B);
    a card that already was one of his penalty cards simply stays (now major)."""
    own = [p for p in state.penalty_cards_of(seat) if p.card == card]
    if own:
        others = [p for p in state.penalty_cards if p not in own]
        kept = replace(own[0], kind=PenaltyKind.MAJOR)
        return state.with_penalty_cards([*others, kept]), [
            Msg("The {card.symbol} was already a penalty card of {seat.value}; it stays on the "
                "table, now a major one.", card=card, seat=seat)]
    return add_penalty_cards(state, seat, [card], deliberate=True, origin=origin)


def with_pending(state: TableState, pending: PendingChoice) -> TableState:
    """Record ``pending``, replacing whatever else waited on the same seat."""
    state = state.without_pending(pending.seat)
    return state.evolve(pending=(*state.pending, pending))


def unique(items: list[str]) -> tuple[str, ...]:
    """``items`` in order, each once (law citations gathered from several rulings)."""
    return tuple(dict.fromkeys(items))
