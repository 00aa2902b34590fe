"""Law 39: a call after the final pass is ruled on, never refused: it is cancelled, and only a
defender's bid, double or redouble has a consequence (39C: Law 26 lead restrictions)."""

from core.auction import Auction
from core.engine import apply
from core.laws.auction_calls import CallMade
from core.laws.penalty import PartnerLead
from core.seats import Seat
from core.state import Phase, TableState


def over() -> TableState:
    """Dealer N: N 1H, S 4H, all pass: N declares, E leads."""
    state = TableState(dealer=Seat.N, calls=Auction.parse("N", "1H P 4H P P").texts)
    _, state = apply(state, CallMade(Seat.E, "P"))
    assert state.phase is Phase.PLAY and state.declarer is Seat.N
    return state


def test_39A_39B_call_by_the_declaring_side_is_cancelled_without_rectification():
    ruling, state = apply(over(), CallMade(Seat.S, "5H"))
    assert "39A" in ruling.laws and "39B" in ruling.laws
    assert ruling.outcome == {"cancelled": True, "lead_restriction": False}
    assert state.calls == over().calls and not state.lead_penalties


def test_39B_defenders_pass_is_cancelled_without_rectification():
    ruling, state = apply(over(), CallMade(Seat.E, "P"))
    assert "39B" in ruling.laws and not state.lead_penalties


def test_39C_defenders_double_brings_26B_at_his_partners_first_lead():
    ruling, state = apply(over(), CallMade(Seat.W, "X"))
    assert "39C" in ruling.laws and ruling.outcome["lead_restriction"] is True
    assert "unauthorized" in ruling.information
    assert state.calls == over().calls
    offer, _ = apply(state, PartnerLead(Seat.E))
    assert {"forbid:S", "forbid:H", "forbid:D", "forbid:C"} & set(offer.option_tokens)


def test_39A_call_after_a_passed_out_board_is_cancelled():
    state = TableState(dealer=Seat.N, calls=("P", "P", "P"))
    _, state = apply(state, CallMade(Seat.W, "P"))
    assert state.phase is Phase.FINISHED
    ruling, _ = apply(state, CallMade(Seat.N, "1NT"))
    assert "39A" in ruling.laws and ruling.outcome["cancelled"] is True


def test_39_call_after_final_pass_is_an_incident_of_its_own():
    from core.laws.auction_calls import CallAfterFinalPass

    ruling, state = apply(over(), CallAfterFinalPass(Seat.W, "X"))
    assert "39C" in ruling.laws and state.lead_penalties
    import pytest

    from core.errors import RuleError
    with pytest.raises(RuleError, match="not over"):
        apply(TableState(dealer=Seat.N), CallAfterFinalPass(Seat.N, "1H"))


def test_39B_lho_called_over_a_defenders_double_before_rectification_no_26B():
    """The double after the final pass is still cancelled (39A), but once the next player has
    called over it nothing more follows: no 39C, no lead restriction for partner."""
    from core.laws.auction_calls import CallAfterFinalPass

    for event in (CallAfterFinalPass(Seat.W, "X", lho_called=True),
                  CallMade(Seat.W, "X", lho_called=True)):
        ruling, state = apply(over(), event)
        assert "39B" in ruling.laws and "39C" not in ruling.laws and "26B" not in ruling.laws
        assert ruling.outcome == {"cancelled": True, "lead_restriction": False}
        assert not state.lead_penalties and state.calls == over().calls
        offer, _ = apply(state, PartnerLead(Seat.E))
        assert not any(t.startswith("forbid") for t in offer.option_tokens)
