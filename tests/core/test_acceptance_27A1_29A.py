"""The offender's LHO may accept an insufficient bid (27A1) or a call out of rotation (29A):
the ruling always offers him the choice, and he accepts by choosing it or by calling over the
irregular call; once anyone else calls, the chance has passed."""

import pytest

from core.auction import Auction
from core.engine import ChoiceMade, apply
from core.errors import RuleError
from core.laws.auction_calls import CallMade
from core.laws.insufficient import InsufficientBid
from core.laws.rotation import CallOutOfRotation
from core.ruling import is_ruling
from core.seats import Seat
from core.state import TableState


def at(dealer: str, calls: str = "") -> TableState:
    return TableState(dealer=Seat(dealer), calls=Auction.parse(dealer, calls).texts)


def test_27A1_lho_is_offered_acceptance_as_a_choice():
    ruling, state = apply(at("N", "1S"), InsufficientBid("1H"))
    assert ruling.chooser == "LHO" and set(ruling.option_tokens) == {"accept", "decline"}
    assert [p.seat for p in state.pending if p.chooser == "LHO"] == [Seat.S]


def test_27A1_lho_accepts_with_the_choice_the_bid_stands():
    _, state = apply(at("N", "1S"), InsufficientBid("1H"))
    ruling, state = apply(state, ChoiceMade(Seat.S, "accept"))
    assert "27A1" in ruling.laws
    assert state.calls == ("1S", "1H") and not state.pending and not state.pass_obligations
    _, state = apply(state, CallMade(Seat.S, "2H"))
    assert state.calls[-1] == "2H"


def test_27A1_lho_accepts_by_calling_over_it():
    _, state = apply(at("N", "1S"), InsufficientBid("1H"))
    ruling, state = apply(state, CallMade(Seat.S, "2S"))
    assert "27A1" in ruling.laws and state.calls == ("1S", "1H", "2S")
    assert not state.pending


def test_27A1_declined_then_the_offender_must_replace_it():
    _, state = apply(at("N", "1S"), InsufficientBid("1H"))
    ruling, state = apply(state, ChoiceMade(Seat.S, "decline"))
    assert ruling.outcome == {"accepted": False}
    ruling, state = apply(state, CallMade(Seat.E, "2H"))
    assert "27B1(a)" in ruling.laws and state.calls == ("1S", "2H")


def test_27A1_chance_passes_once_the_offender_replaces_the_bid():
    _, state = apply(at("N", "1S"), InsufficientBid("1H"))
    _, state = apply(state, CallMade(Seat.E, "2H"))
    assert not [p for p in state.pending if p.chooser == "LHO"]
    with pytest.raises(RuleError):
        apply(state, ChoiceMade(Seat.S, "accept"))


def test_29A_lho_accepts_a_bid_out_of_rotation_with_the_choice():
    """E opens 1S at N's turn; S (E's LHO) accepts: N lost his turn, no rectification."""
    ruling, state = apply(at("N"), CallOutOfRotation(Seat.E, "1S"))
    assert ruling.chooser == "LHO" and "29A" in " ".join(map(str, ruling.steps))
    assert [p.seat for p in state.pending if p.chooser == "LHO"] == [Seat.S]
    ruling, state = apply(state, ChoiceMade(Seat.S, "accept"))
    assert "29A" in ruling.laws and state.calls == ("P", "1S")
    assert not state.pending


def test_29A_chance_passes_once_the_player_whose_turn_it_was_calls():
    _, state = apply(at("N"), CallOutOfRotation(Seat.E, "1S"))
    _, state = apply(state, CallMade(Seat.N, "1H"))
    assert not [p for p in state.pending if p.chooser == "LHO"]


def test_29A_acceptance_after_something_else_was_recorded_is_refused_not_lost():
    """A card exposed (Law 24) after the call out of rotation: accepting now would lose it, so
    the LHO's late 'accept' is refused and the exposure stays."""
    from core.cards import parse_card
    from core.laws.exposure import AuctionExposureIncident

    _, state = apply(at("N"), CallOutOfRotation(Seat.E, "1S"))
    _, state = apply(state, AuctionExposureIncident(Seat.W, (parse_card("S2"),)))
    with pytest.raises(RuleError, match="too late"):
        apply(state, ChoiceMade(Seat.S, "accept"))


def test_22_a_call_in_rotation_is_a_plain_call_but_an_accepted_irregular_one_is_not():
    """Only a clean call in rotation is kept out of the directors' log channel."""
    plain, state = apply(at("N", "1S"), CallMade(Seat.E, "2H"))
    assert not is_ruling("call", plain)
    _, state = apply(at("N", "1S"), InsufficientBid("1H"))
    accepted, _ = apply(state, CallMade(Seat.S, "2S"))  # LHO calls over it: 27A1
    assert "27A1" in accepted.laws and is_ruling("call", accepted)
