""""Must I pass?": pass obligations answered from the state, ending when they should (Laws 24,
27B2, 30A, 31, 36, 37), and the call step's own checks (turn, legality, Law 37, Law 36)."""

import pytest

from core.auction import Auction
from core.engine import apply
from core.errors import RuleError
from core.laws.auction_calls import CallMade
from core.laws.exposure import AuctionExposureIncident
from core.laws.flow import AuctionEnded
from core.laws.insufficient import InsufficientBid
from core.laws.must_pass import must_pass
from core.laws.rotation import CallOutOfRotation
from core.seats import Seat
from core.state import Phase, TableState
from tests.core.helpers import cards


def at(dealer: str, calls: str = "") -> TableState:
    return TableState(dealer=Seat(dealer), calls=Auction.parse(dealer, calls).texts)


def call(state, seat, text, **kw):
    return apply(state, CallMade(Seat(seat), text, **kw))


def word(state, seat):
    return must_pass(state, Seat(seat)).outcome["must_pass"]


def test_no_obligation_any_legal_call():
    """With nothing recorded, a player may make any legal call."""
    ruling = must_pass(at("N"), Seat.N)
    assert ruling.outcome == {"must_pass": "none", "your_turn": True}


def test_24B_next_turn_used_by_partners_own_call():
    """W's premature lead: E passes once; S's and W's calls do not use it, E's pass does."""
    state = at("S", "1NT P 3NT")
    _, state = apply(state, AuctionExposureIncident(Seat.W, cards("SQ"), premature_lead=True))
    assert word(state, "E") == "next_turn"
    assert "24B" in must_pass(state, Seat.E).laws
    _, state = call(state, "E", "P")
    assert word(state, "E") == "none"


def test_30A_offenders_next_turn_survives_other_calls():
    """An obligation is used only by its own seat's call."""
    _, state = apply(at("N"), CallOutOfRotation(Seat.E, "P"))
    _, state = call(state, "N", "1H")
    assert word(state, "E") == "next_turn" and word(state, "N") == "none"
    _, state = call(state, "E", "P")
    assert word(state, "E") == "none"


def test_27B2_throughout_survives_own_pass_and_ends_with_the_auction():
    """A bar for the rest of the auction stays after the barred player's pass."""
    _, state = apply(at("N", "1H 1S"), InsufficientBid("1D", replacement="1NT", comparable=False))
    _, state = call(state, "W", "2S")
    _, state = call(state, "N", "P")
    assert word(state, "N") == "throughout"
    assert "rest of the auction" in must_pass(state, Seat.N).summary
    _, state = call(state, "E", "P")
    _, state = call(state, "S", "P")
    assert state.phase is Phase.PLAY and not state.pass_obligations
    assert word(state, "N") == "none"


def test_auction_ends_event_clears_obligations():
    """The explicit end of the auction clears every pass obligation too."""
    _, state = apply(at("N", "1H 1S"), InsufficientBid("1D", replacement="1NT", comparable=False))
    _, state = apply(state, AuctionEnded(Seat.N))
    assert not state.pass_obligations


def test_37B_bid_by_barred_player_cancelled_both_pass_throughout():
    """N must pass but bids: the bid becomes a pass, N and S are barred; 26B may follow."""
    _, state = apply(at("N", "1H 1S"), InsufficientBid("1D", replacement="1NT", comparable=False))
    _, state = call(state, "W", "2S")
    ruling, state = call(state, "N", "3H")
    assert "37B2" in ruling.laws and "26B" in ruling.laws
    assert state.calls[-1] == "P"
    assert {p.token for p in state.pass_obligations} == {"N:throughout", "S:throughout"}
    assert "unauthorized for S" in ruling.information


def test_37A_lho_called_first_everything_stands_bar_continues():
    """LHO called before rectification: the bid stands, the bar for the rest continues."""
    _, state = apply(at("N", "1H 1S"), InsufficientBid("1D", replacement="1NT", comparable=False))
    _, state = call(state, "W", "2S")
    ruling, state = call(state, "N", "3H", lho_called=True)
    assert "37A" in ruling.laws and state.calls[-1] == "3H"
    assert word(state, "N") == "throughout"
    assert [lp.offender for lp in state.lead_penalties] == [Seat.S]  # S's from 27B2 only


def test_36B_inadmissible_double_in_rotation():
    """S doubles partner's bid: cancelled, N barred throughout, S calls again."""
    ruling, state = call(at("N", "1H P"), "S", "X")
    assert "36B2" in ruling.laws and word(state, "N") == "throughout"
    assert state.calls == ("1H", "P") and state.lead_penalties
    ruling, state = call(at("N", "1H P"), "S", "X", lho_called=True)
    assert "36A" in ruling.laws and not state.pass_obligations


def test_call_checks_turn_and_legality():
    """A call out of turn or an insufficient bid is refused with a pointer to its law."""
    with pytest.raises(RuleError, match="out of rotation"):
        call(at("N"), "E", "1H")
    with pytest.raises(RuleError, match="insufficient bid"):
        call(at("N", "1H 1S"), "S", "1D")
    with pytest.raises(RuleError, match="dealer is not known"):
        call(TableState(), "N", "1H")
    with pytest.raises(RuleError, match="8S is not a bid"):
        call(at("N"), "N", "8S")


def test_39A_call_after_the_auction_is_cancelled_not_added():
    """Once the auction is over a call is ruled under Law 39 and never joins the auction."""
    _, state = call(at("N", "1H P P"), "W", "P")
    assert state.declarer is Seat.N and state.contract == "1H"
    ruling, after = call(state, "N", "2H")
    assert "39A" in ruling.laws and after.calls == state.calls


def test_22B_passed_out():
    """Four passes: the board is passed out."""
    ruling, state = call(at("N", "P P P"), "W", "P")
    assert "22B" in ruling.laws and state.phase is Phase.FINISHED


def test_31A1_must_repeat_shown_by_the_query():
    """After RHO's pass the offender is told he must repeat his call."""
    _, state = apply(at("N"), CallOutOfRotation(Seat.E, "1S", turn_call="P"))
    ruling = must_pass(state, Seat.E)
    assert "31A1" in ruling.laws and "repeat" in " ".join(map(str, ruling.steps))
