"""Insufficient bids (Law 27) with Laws 16C, 23, 25A and 26B, case by case."""

import pytest

from core.auction import Auction, Strain
from core.engine import apply
from core.errors import RuleError
from core.laws.auction_calls import CallMade
from core.laws.change_of_call import ChangeOfCall
from core.laws.insufficient import InsufficientBid
from core.seats import Seat
from core.state import TableState


def at(dealer: str, calls: str = "", **changes) -> TableState:
    auction = Auction.parse(dealer, calls)
    return TableState(dealer=Seat(dealer), calls=auction.texts, **changes)


def obligations(state):
    return {p.token for p in state.pass_obligations}


def ib(state, bid, **kw):
    return apply(state, InsufficientBid(bid, **kw))


def test_27A1_lho_accepts_the_insufficient_bid():
    """W accepts S's 1H over E's 1S by calling: it stands, no rectification."""
    ruling, state = ib(at("E", "1S"), "1H", accepted=True)
    assert ruling.outcome["lowest_sufficient"] == "2H"
    assert ruling.outcome["partner_must_pass"] == "none"
    assert ruling.outcome["lead_restriction"] is False
    assert "27A1" in ruling.laws
    assert state.calls == ("1S", "1H") and not state.pass_obligations and not state.lead_penalties


def test_27B1a_lowest_sufficient_same_denomination_no_rectification():
    """1H (1S) 1D corrected to 2D: no rectification, 16C and 26B do not apply."""
    ruling, state = ib(at("N", "1H 1S"), "1D", replacement="2D")
    assert ruling.outcome == {"lowest_sufficient": "2D", "partner_must_pass": "none",
                              "lead_restriction": False, "replacement_stands": True}
    assert "27B1(a)" in ruling.laws and "27D" in ruling.laws
    assert "16C does not apply" in ruling.information
    assert state.calls == ("1H", "1S", "2D")
    assert not state.pass_obligations and not state.lead_penalties


def test_27B1a_notrump_insufficient_bid():
    """1S (2C) 1NT corrected to 2NT is the lowest sufficient notrump bid."""
    ruling, state = ib(at("N", "1S 2C"), "1NT", replacement="2NT")
    assert ruling.outcome["lowest_sufficient"] == "2NT" and "27B1(a)" in ruling.laws
    assert state.calls[-1] == "2NT"


def test_27B1a_artificial_bid_same_denominations_specified():
    """An artificial IB showing hearts, replaced by a bid that specifies hearts: 27B1(a)."""
    ruling, state = ib(at("N", "1NT 2S"), "2D", artificial=True, specifies=(Strain.HEARTS,),
                       replacement="3D", replacement_specifies=(Strain.HEARTS,))
    assert "27B1(a)" in ruling.laws and ruling.outcome["partner_must_pass"] == "none"


def test_27B1b_comparable_call_no_rectification():
    """A replacement judged comparable costs nothing; the ruling explains the 23A test."""
    ruling, state = ib(at("N", "1H 1S"), "1D", replacement="2C", comparable=True)
    assert "27B1(b)" in ruling.laws and "23A" in ruling.laws
    assert ruling.outcome["partner_must_pass"] == "none"
    assert ruling.outcome["lead_restriction"] is False
    assert "subset" in " ".join(map(str, ruling.steps))
    assert not state.pass_obligations


def test_27B1b_comparable_double_stands():
    """A double may replace the IB when the Director judges it comparable (27B1(b))."""
    ruling, state = ib(at("N", "1H 1S"), "1D", replacement="X", comparable=True)
    assert "27B1(b)" in ruling.laws and ruling.outcome["replacement_stands"] is True
    assert state.calls[-1] == "X"


def test_27B2_partner_barred_throughout():
    """A non-comparable 1NT stands; N must pass for the rest of the auction; 26B may follow."""
    ruling, state = ib(at("N", "1H 1S"), "1D", replacement="1NT", comparable=False)
    assert ruling.outcome["partner_must_pass"] == "throughout"
    assert ruling.outcome["lead_restriction"] is True
    assert ruling.outcome["replacement_stands"] is True
    assert "27B2" in ruling.laws and "72C" in ruling.laws
    assert obligations(state) == {"N:throughout"}
    assert [lp.offender for lp in state.lead_penalties] == [Seat.S]
    assert "unauthorized for N" in ruling.information


def test_27B2_higher_bid_in_same_denomination_is_not_27B1a():
    """3D is not the lowest sufficient diamond bid: 27B2 unless comparable."""
    ruling, _ = ib(at("N", "1H 1S"), "1D", replacement="3D", comparable=False)
    assert "27B2" in ruling.laws and ruling.outcome["partner_must_pass"] == "throughout"


def test_27B2_pass_as_replacement():
    """A pass replacing the IB bars partner too."""
    ruling, state = ib(at("N", "1H 1S"), "1D", replacement="P", comparable=False)
    assert "27B2" in ruling.laws and obligations(state) == {"N:throughout"}
    assert state.calls == ("1H", "1S", "P")


def test_27B3_double_not_comparable_is_cancelled():
    """The double is cancelled, partner barred, and S must still replace the IB."""
    ruling, state = ib(at("N", "1H 1S"), "1D", replacement="X", comparable=False)
    assert ruling.outcome["replacement_stands"] is False
    assert ruling.outcome["partner_must_pass"] == "throughout"
    assert ruling.outcome["lead_restriction"] is True
    assert "27B3" in ruling.laws
    assert state.calls == ("1H", "1S")
    with pytest.raises(RuleError, match="bid or a pass"):
        apply(state, CallMade(Seat.S, "X"))
    ruling, state = apply(state, CallMade(Seat.S, "2D"))
    assert state.calls == ("1H", "1S", "2D") and obligations(state) == {"N:throughout"}


def test_27B3_illegal_double_cannot_be_comparable():
    """A double of partner's bid is not a legal call, so it is cancelled whatever the judgement."""
    ruling, _ = ib(at("N", "1H 1S"), "1D", replacement="X", comparable=True)
    assert ruling.outcome["replacement_stands"] is True  # W's 1S may be doubled: legal
    ruling, _ = ib(at("N", "1H P"), "1C", replacement="X", comparable=True)
    assert "27B3" in ruling.laws and ruling.outcome["replacement_stands"] is False


def test_27B4_second_insufficient_bid_not_accepted():
    """Another insufficient bid, not accepted: ruled as 27B3."""
    ruling, state = ib(at("N", "1H 1S"), "1D", replacement="1H")
    assert "27B4" in ruling.laws and "27B3" in ruling.laws
    assert ruling.outcome["partner_must_pass"] == "throughout"
    assert ruling.outcome["replacement_stands"] is False
    assert state.calls == ("1H", "1S")


def test_27B4_second_insufficient_bid_accepted():
    """LHO may accept the second insufficient bid (27A1)."""
    ruling, state = ib(at("N", "1H 1S"), "1D", replacement="1H", replacement_accepted=True)
    assert "27B4" in ruling.laws and ruling.outcome["replacement_stands"] is True
    assert state.calls == ("1H", "1S", "1H")


def test_27C_premature_replacement_ruled_as_27B():
    """Replaced before the Director ruled: the replacement stands and 27B applies to it."""
    ruling, state = ib(at("N", "1H 1S"), "1D", replacement="2D", premature=True)
    assert "27C" in ruling.laws and "27B1(a)" in ruling.laws


def test_27C_premature_replacement_withdrawn_when_ib_accepted():
    """LHO accepts the insufficient bid: the premature replacement is withdrawn (UI, 16C)."""
    ruling, state = ib(at("N", "1H 1S"), "1D", replacement="2D", premature=True, accepted=True)
    assert "27C" in ruling.laws and state.calls == ("1H", "1S", "1D")
    assert "unauthorized" in ruling.information


def test_27B_replacement_not_yet_known_waits_for_the_offenders_call():
    """Without a replacement the ruling lists the options; the next call by S settles it."""
    ruling, state = ib(at("N", "1H 1S"), "1D")
    assert ruling.outcome["lowest_sufficient"] == "2D"
    assert {"27B1(a)", "27B2", "27B3"} <= set(ruling.laws)
    ruling, state = apply(state, CallMade(Seat.S, "2D"))
    assert "27B1(a)" in ruling.laws and not state.pass_obligations
    _, state = ib(at("N", "1H 1S"), "1D")
    ruling, state = apply(state, CallMade(Seat.S, "2NT", comparable=False))
    assert "27B2" in ruling.laws and obligations(state) == {"N:throughout"}
    _, state = ib(at("N", "1H 1S"), "1D")
    ruling, state = apply(state, CallMade(Seat.S, "2C", comparable=True))
    assert "27B1(b)" in ruling.laws and not state.pass_obligations


def test_27D_and_72C_named_as_judgements():
    """The ruling says where the Director may still adjust."""
    ruling, _ = ib(at("N", "1H 1S"), "1D", replacement="2D")
    assert "27D" in ruling.judgement
    ruling, _ = ib(at("N", "1H 1S"), "1D", replacement="1NT", comparable=False)
    assert "72C" in ruling.judgement


def test_27B2_passes_out_the_auction():
    """A pass replacing the IB may end the auction."""
    ruling, state = ib(at("N", "1S P P"), "1H", replacement="P", comparable=False)
    assert state.phase.value == "play" and state.declarer is Seat.N
    assert "22A" in ruling.laws


def test_25A_unintended_call_corrected_no_lead_restrictions():
    """A slip of the tongue replaced before partner calls; no Law 26 restrictions."""
    ruling, state = apply(at("N", "1H 1S 2C"), ChangeOfCall(Seat.S, "2D", unintended=True))
    assert "25A1" in ruling.laws and state.calls == ("1H", "1S", "2D")
    assert not state.lead_penalties and not state.pass_obligations


def test_25A_intended_call_insufficient_then_27_applies():
    """The intended call is subject to its own law: an insufficient bid goes to Law 27."""
    ruling, state = apply(at("N", "1H 1S 2C"), ChangeOfCall(Seat.S, "1D", unintended=True))
    assert "27" in ruling.laws and state.calls == ("1H", "1S")
    ruling, state = ib(state, "1D", replacement="2D")
    assert "27B1(a)" in ruling.laws and state.calls == ("1H", "1S", "2D")


@pytest.mark.parametrize(("calls", "bid", "message"), [
    ("1H 1S", "2D", "sufficient"),
    ("1H 1S", "P", "not a bid"),
    ("1H 1S", "8D", "not a bid"),
    ("1H P P P", "1C", "auction is over"),
])
def test_27_bad_facts_are_refused(calls, bid, message):
    """A sufficient bid, a non-bid or a finished auction is not an insufficient-bid incident."""
    with pytest.raises(RuleError, match=message):
        ib(at("N", calls), bid)


def test_27A2_insufficient_bid_out_of_rotation_is_law_31():
    """An insufficient bid out of rotation is a call out of rotation."""
    with pytest.raises(RuleError, match="27A2"):
        ib(at("N", "1H 1S"), "1D", seat=Seat.N)


def test_27_offender_obliged_to_pass_is_law_37():
    """A player who must pass and bids is ruled under Law 37, not 27."""
    _, state = ib(at("N", "1H 1S"), "1D", replacement="1NT", comparable=False)
    _, state = apply(state, CallMade(Seat.W, "2S"))
    with pytest.raises(RuleError, match="Law 37"):
        ib(state, "1H")


def test_27B1a_artificial_stayman_replaced_by_natural_3C_is_not_the_same_denominations():
    """1NT (2S) 2C Stayman, showing the majors: 3C natural shows clubs, so it is not 27B1(a)."""
    from core.auction import Strain, parse_denominations

    shows = parse_denominations("H S")
    assert shows == (Strain.HEARTS, Strain.SPADES)
    ruling, _ = ib(at("N", "1NT 2S"), "2C", artificial=True, specifies=shows,
                   replacement="3C", comparable=False)
    assert "27B1(a)" not in ruling.laws and "27B2" in ruling.laws
    natural, _ = ib(at("N", "1NT 2S"), "2C", replacement="3C")
    assert "27B1(a)" in natural.laws


def test_27B_an_artificial_insufficient_bid_may_specify_no_denomination():
    """A Stayman-type 2C over (2S) asks and shows nothing (meaning 'none'): it is accepted as
    facts, and a natural 3C replacement does not 'specify the same denominations' (27B1(a)
    would need a call showing none either), so the Director's judgement decides."""
    ruling, state = ib(at("N", "1NT 2S"), "2C", artificial=True, specifies=())
    assert ruling.outcome["lowest_sufficient"] == "3C" and not state.pass_obligations
    ruling, state = apply(state, CallMade(Seat.S, "3C"))
    assert ruling.outcome.get("judgement_pending") is True, ruling.summary
    ruling, state = ib(at("N", "1NT 2S"), "2C", artificial=True, specifies=(),
                       replacement="3C", comparable=False)
    assert "27B2" in ruling.laws and obligations(state) == {"N:throughout"}


def test_27B1a_artificial_no_denomination_replaced_by_one_showing_none_too():
    ruling, state = ib(at("N", "1NT 2S"), "2C", artificial=True, specifies=(),
                       replacement="3C", replacement_specifies=())
    assert "27B1(a)" in ruling.laws and not state.pass_obligations
    assert ruling.outcome["lead_restriction"] is False


def test_25A5_a_slip_that_ended_the_auction_may_be_changed_only_within_the_auction_period():
    """W 1S, N P, E P, S P (S meant to double): before the opening lead is faced S may double
    and the auction goes on; once the auction period is over the pass stands."""
    over = at("W", "1S P P P")
    ruling, state = apply(over, ChangeOfCall(Seat.S, "X", unintended=True))
    assert ruling.outcome["stands"] == "X" and "25A5" in ruling.laws
    assert state.calls == ("1S", "P", "P", "X") and state.declarer is None
    late, state = apply(over, ChangeOfCall(Seat.S, "X", unintended=True, period_over=True))
    assert late.outcome["stands"] == "P" and "25A5" in late.laws
    assert state.calls == over.calls


def test_25A6_lho_may_withdraw_his_call_over_the_slip():
    ruling, state = apply(at("N", "1H 2C"), ChangeOfCall(Seat.N, "1NT", unintended=True))
    assert ruling.outcome["lho_may_withdraw"] is True and "25A6" in ruling.laws
    assert state.calls == ("1NT",) and ruling.outcome["stands"] == "1NT"


def test_27B1a_an_artificial_bid_above_the_natural_lowest_is_not_the_lowest_showing_it():
    """N 1H, E P, S 2H, W 2D (natural, insufficient): 3D is the lowest sufficient bid showing
    diamonds, so a 3H cue-bid showing diamonds is not 27B1(a): the Director judges it."""
    ruling, state = ib(at("N", "1H P 2H"), "2D", replacement="3H",
                       replacement_specifies=(Strain.DIAMONDS,))
    assert "27B1(a)" not in ruling.laws and ruling.outcome.get("judgement_pending") is True
    ruling, _ = ib(at("N", "1H P 2H"), "2D", replacement="3D")
    assert "27B1(a)" in ruling.laws


def test_25B1_26A_comparable_change_is_said_as_calls_not_notation():
    """E changes 1S to 2S, S calls over it and the Director judges 2S comparable: no Law 26
    restriction, and the ruling says the calls as a player does (2♠, 1♠), not as stored."""
    ruling, state = apply(at("N", "1H 1S"), ChangeOfCall(Seat.E, "2S", accepted=True,
                                                         comparable=True))
    assert "25B1" in ruling.laws and "26A" in ruling.laws and not state.lead_penalties
    said = " ".join(str(s) for s in ruling.steps)
    assert "2♠ was judged comparable to 1♠" in said and "2S" not in said


def test_27C_withdrawn_premature_replacement_is_said_as_a_call():
    """The 27C sentence names the withdrawn replacement as a player says it (2♦), not 2D."""
    ruling, _ = ib(at("N", "1H 1S"), "1D", premature=True, replacement="2D", accepted=True)
    said = " ".join(str(s) for s in ruling.steps)
    assert "replacement 2♦ is withdrawn" in said and "2D" not in said
