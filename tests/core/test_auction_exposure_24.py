"""Cards exposed or led during the auction: Law 24, and their fate when it ends."""

import pytest

from core.engine import ChoiceMade, apply
from core.errors import RuleError
from core.laws.auction_calls import CallMade
from core.laws.exposure import AuctionExposureIncident
from core.laws.flow import AuctionEnded
from core.seats import Seat
from core.state import Chooser, PassLasts, PassObligation, TableState
from core.view import view_of
from tests.core.helpers import cards, play_state, tokens


def exposed(seat, text, premature=False, state=None):
    return apply(state or TableState(), AuctionExposureIncident(Seat(seat), cards(text), premature))


def test_24A_single_low_card_no_pass_obligation():
    ruling, state = exposed("S", "D7")
    assert ruling.outcome["partner_must_pass"] == "none"
    assert state.pass_obligations == ()
    assert "24A" in ruling.laws


@pytest.mark.parametrize(("text", "premature", "law"),
                         [("ST", False, "24B"), ("D4", True, "24B"), ("H4 C2", False, "24C")])
def test_24B_24C_partner_must_pass_once(text, premature, law):
    ruling, state = exposed("W", text, premature)
    assert ruling.outcome["partner_must_pass"] == "next_turn"
    assert [p.token for p in state.pass_obligations] == ["E:next_turn"]
    assert law in ruling.laws


def test_24_information_is_unauthorized_for_partner():
    ruling, _ = exposed("W", "SA")
    assert "16C" in ruling.laws and "unauthorized for E" in ruling.information


def test_24E_offender_becomes_defender_low_card_is_minor():
    _, state = exposed("S", "D7")
    _, state = apply(state, AuctionEnded(Seat.W))
    assert tokens(state) == {"S:D7:minor"}


def test_24E_premature_lead_becomes_major_even_below_honour():
    _, state = exposed("W", "D4", premature=True)
    _, state = apply(state, AuctionEnded(Seat.S))
    assert tokens(state) == {"W:D4:major"}


def test_24E_two_cards_become_major():
    _, state = exposed("W", "H4 C2")
    ruling, state = apply(state, AuctionEnded(Seat.S))
    assert tokens(state) == {"W:H4:major", "W:C2:major"}
    assert "24E" in ruling.laws


@pytest.mark.parametrize("declarer", [Seat.N, Seat.S])
def test_24D_offender_on_declaring_side_picks_the_card_up(declarer):
    _, state = exposed("N", "HK")
    ruling, state = apply(state, AuctionEnded(declarer))
    assert state.penalty_cards == () and state.auction_exposed == ()
    assert "24D" in ruling.laws


def test_24_pass_obligations_lapse_when_the_auction_ends():
    _, state = exposed("W", "SK")
    _, state = apply(state, AuctionEnded(Seat.N))
    assert state.pass_obligations == ()


def test_24_and_50D2_openers_partner_holds_a_major_card_declarer_chooses_first():
    _, state = exposed("E", "SK")  # E defends, W (S's LHO) makes the opening lead
    ruling, state = apply(state, AuctionEnded(Seat.S))
    assert set(ruling.option_tokens) == {"require:S", "forbid:S", "any"}
    assert state.pending_for(Seat.W)


def test_24_not_during_the_play():
    with pytest.raises(RuleError, match="auction is over"):
        exposed("W", "SK", state=play_state())


def test_24_same_card_twice_is_refused():
    _, state = exposed("W", "SK")
    with pytest.raises(RuleError, match="already face up"):
        exposed("W", "SK", state=state)


def test_24E_naming_the_declarer_on_the_board_ends_the_auction_too():
    from core.laws.flow import BoardSet

    _, state = exposed("W", "H4 C2")
    ruling, state = apply(state, BoardSet(declarer=Seat.S, contract="4S"))
    assert tokens(state) == {"W:H4:major", "W:C2:major"}
    assert state.contract == "4S" and "24E" in ruling.laws


def test_50E1_auction_end_says_penalty_cards_from_24E_are_authorized_and_cites_only_24E():
    _, state = exposed("W", "SA")
    ruling, _ = apply(state, AuctionEnded(Seat.S))
    assert "50E1" in ruling.laws and "24E" in ruling.laws and "24D" not in ruling.laws
    assert "authorized for everyone (50E1)" in ruling.information


def test_24D_16C_cards_picked_up_stay_unauthorized_for_the_offending_side():
    _, state = exposed("N", "HK")
    ruling, _ = apply(state, AuctionEnded(Seat.S))
    assert "24D" in ruling.laws and "24E" not in ruling.laws and "50E1" not in ruling.laws
    assert "stays unauthorized for his side (N and S)" in ruling.information
    assert "♥K goes back" in " ".join(map(str, ruling.steps))


def test_17D_auction_end_without_law_24_cards_cites_neither():
    ruling, _ = apply(TableState(), AuctionEnded(Seat.S))
    assert "24D" not in ruling.laws and "24E" not in ruling.laws and not ruling.information


def test_24C_partner_barred_throughout_keeps_one_bar():
    """24C asks a pass at the partner's next turn; a partner already barred for the rest of the
    auction (27B2) keeps that one bar, not a second obligation beside it."""
    barred = TableState(pass_obligations=(PassObligation(Seat.E, PassLasts.THROUGHOUT, "27B2"),))
    _, state = exposed("W", "H4 C2", state=barred)
    assert [p.token for p in state.pass_obligations] == ["E:throughout"]


def test_24B_partner_already_to_pass_next_turn_has_one_obligation():
    """30A already makes E pass at his next turn; W's honour (24B) asks the same pass: one pass
    uses up both, so one obligation."""
    once = TableState(pass_obligations=(PassObligation(Seat.E, PassLasts.NEXT_TURN, "30A"),))
    _, state = exposed("W", "SA", state=once)
    assert [p.token for p in state.pass_obligations] == ["E:next_turn"]


@pytest.mark.parametrize(("text", "law"), [("SA", "24B"), ("H4 C2", "24C")])
def test_24B_24C_ruling_says_the_whole_auction_bar_that_holds(text, law):
    """E is already barred for the rest of the auction (27B2) when W shows cards that would make
    him pass at his next turn (24B, 24C): the bar that holds is the whole-auction one, so the
    ruling's outcome and words say that, not 'at his next turn' (the state keeps one bar)."""
    barred = TableState(pass_obligations=(PassObligation(Seat.E, PassLasts.THROUGHOUT, "27B2"),))
    ruling, state = exposed("W", text, state=barred)
    assert ruling.outcome["partner_must_pass"] == "throughout"
    words = " ".join(str(s) for s in (ruling.summary, *ruling.steps))
    assert "next turn" not in words and "rest of the auction (27B2)" in words
    assert law in ruling.laws and [p.token for p in state.pass_obligations] == ["E:throughout"]


def test_24A_24C_a_second_low_card_shown_later_is_the_directors_judgement():
    """W shows the H4 (24A: no further rectification); later in the same auction he shows the
    C2. Law 24 rules on the card(s) the Director finds exposed: 'it' in 24A is a single card,
    and 24C speaks of 'two or more cards ... so exposed' without saying whether cards shown at
    different moments, the first already ruled on, count together. The text leaves that open,
    so the ruling does not pick: it says it is the Director's judgement and asks him (together:
    24C, E must pass at his next turn; separately: 24A again). Until he answers E is free."""
    state = TableState(dealer=Seat.N)
    _, state = exposed("W", "H4", state=state)
    ruling, state = exposed("W", "C2", state=state)
    assert ruling.chooser is Chooser.DIRECTOR and ruling.outcome["judgement_pending"] is True
    assert {o.token for o in ruling.options} == {"together", "separately"}
    assert {"24A", "24C"} <= set(ruling.laws) and "judgement" in str(ruling.judgement)
    assert ruling.outcome["partner_must_pass"] == "none" and state.pass_obligations == ()
    lines = [str(line) for line in view_of(state).lines()]
    assert "Waiting for the director to judge whether W's cards shown at different moments of " \
           "the auction count together (Law 24C)" in lines, lines
    judged, together = apply(state, ChoiceMade(Seat.W, "together"))
    assert "24C" in judged.laws and judged.outcome["partner_must_pass"] == "next_turn"
    assert [p.token for p in together.pass_obligations] == ["E:next_turn"]
    judged, apart = apply(state, ChoiceMade(Seat.W, "separately"))
    assert "24A" in judged.laws and judged.outcome["partner_must_pass"] == "none"
    assert apart.pass_obligations == () and not apart.pending


def test_24C_together_after_partner_has_called_bars_nobody():
    """As above, but E has called before the Director answers 'together': his next turn is
    gone, so the Director rules on that call (16C, 72C) rather than barring him now."""
    state = TableState(dealer=Seat.W)
    _, state = exposed("W", "H4", state=state)
    _, state = exposed("W", "C2", state=state)
    for seat, text in (("W", "1H"), ("N", "P"), ("E", "2H")):
        _, state = apply(state, CallMade(Seat(seat), text))
    judged, state = apply(state, ChoiceMade(Seat.W, "together"))
    assert judged.outcome["partner_must_pass"] == "none" and state.pass_obligations == ()


def test_24B_a_later_honour_needs_no_judgement():
    """After W's H4, his SA: a single honour makes E pass at his next turn by itself (24B),
    counted alone or with the H4, so nothing is left to judge."""
    _, state = exposed("W", "H4")
    ruling, state = exposed("W", "SA", state=state)
    assert not ruling.options and ruling.outcome["partner_must_pass"] == "next_turn"
    assert [p.token for p in state.pass_obligations] == ["E:next_turn"]
