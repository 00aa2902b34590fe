"""Law 23: whether a call is comparable is the Director's judgement. An identical call is
comparable without asking; any other call made at the offender's proper turn waits for the
Director's word, and nobody is barred until he gives it (Laws 30B1, 31, 32)."""

import pytest

from core.auction import Auction
from core.engine import ChoiceMade, apply
from core.errors import RuleError
from core.laws.auction_calls import CallMade
from core.laws.must_pass import must_pass
from core.laws.rotation import CallOutOfRotation
from core.seats import Seat
from core.state import TableState


def at(dealer: str, calls: str = "") -> TableState:
    return TableState(dealer=Seat(dealer), calls=Auction.parse(dealer, calls).texts)


def calls(state, *pairs):
    ruling = None
    for pair in pairs:
        seat, text = pair.split(":")
        ruling, state = apply(state, CallMade(Seat(seat), text))
    return ruling, state


def obligations(state):
    return {p.token for p in state.pass_obligations}


def s_opens_1nt_at_norths_turn():
    """Dealer N; S opened 1NT at N's turn (31B), not accepted; N and E have called since."""
    _, state = apply(at("N"), CallOutOfRotation(Seat.S, "1NT"))
    return calls(state, "N:P", "E:P")[1]


def test_23A_identical_call_is_comparable_without_asking_the_director():
    ruling, state = calls(s_opens_1nt_at_norths_turn(), "S:1NT")
    assert "31A2(a)" in ruling.laws and not ruling.options
    assert "same call" in " ".join(map(str, ruling.steps))
    assert not state.pass_obligations and not state.pending and not state.lead_penalties


def test_23A_other_call_waits_for_the_director_and_bars_nobody_meanwhile():
    ruling, state = calls(s_opens_1nt_at_norths_turn(), "S:2C")
    assert ruling.outcome["judgement_pending"] is True
    assert ruling.chooser == "director"
    assert set(ruling.option_tokens) == {"comparable", "not_comparable"}
    assert "Director judged" not in " ".join(map(str, (ruling.summary, *ruling.steps)))
    assert not state.pass_obligations and not state.lead_penalties
    answer = must_pass(state, Seat.N)
    assert answer.outcome["must_pass"] == "none"
    assert any("judgement is pending" in step for step in answer.steps)


def test_23A_director_judges_not_comparable_31A2b_partner_passes_next_turn():
    _, state = calls(s_opens_1nt_at_norths_turn(), "S:2C")
    ruling, state = apply(state, ChoiceMade(Seat.S, "not_comparable"))
    assert "31A2(b)" in ruling.laws and "not comparable" in ruling.summary
    assert obligations(state) == {"N:next_turn"} and state.lead_penalties
    assert not state.pending
    with pytest.raises(RuleError):  # the judgement is made once
        apply(state, ChoiceMade(Seat.S, "comparable"))


def test_23A_director_judges_comparable_31A2a_no_rectification():
    _, state = calls(s_opens_1nt_at_norths_turn(), "S:2C")
    ruling, state = apply(state, ChoiceMade(Seat.S, "comparable"))
    assert "31A2(a)" in ruling.laws
    assert not state.pass_obligations and not state.lead_penalties and not state.pending


def test_23A_judgement_after_partner_has_called_does_not_bar_a_turn_already_past():
    _, state = calls(s_opens_1nt_at_norths_turn(), "S:2C", "W:P", "N:2H")
    ruling, state = apply(state, ChoiceMade(Seat.S, "not_comparable"))
    assert not state.pass_obligations and ruling.outcome["partner_must_pass"] == "none"
    assert state.lead_penalties


def test_31B1_partners_own_turn_is_free_when_the_offenders_call_is_known_in_advance():
    """The offender's later call is reported with the incident and judged not comparable: the
    forced pass starts at partner's turn after that call, not at once (31B1, 31B2)."""
    ruling, state = apply(at("N"), CallOutOfRotation(Seat.S, "1NT", offender_call="2C",
                                                     comparable=False))
    assert ruling.outcome["partner_must_pass"] == "next_turn"
    assert not state.pass_obligations
    assert must_pass(state, Seat.N).outcome["must_pass"] == "none"
    _, state = calls(state, "N:P", "E:P")
    ruling, state = calls(state, "S:2C")
    assert "31A2(b)" in ruling.laws and obligations(state) == {"N:next_turn"}
    _, state = calls(state, "W:P")
    ruling, state = calls(state, "N:P")
    assert not state.pass_obligations


def test_32B1_partner_free_and_pending_judgement_when_not_yet_given():
    """W doubles at E's turn; his later call is known but not judged: nobody is barred."""
    ruling, state = apply(at("N", "1H"), CallOutOfRotation(Seat.W, "X", offender_call="2C"))
    assert ruling.outcome["judgement_pending"] is True
    assert not state.pass_obligations and not state.lead_penalties
    _, state = calls(state, "E:P", "S:P")
    ruling, state = calls(state, "W:2C")
    assert ruling.chooser == "director" and not state.pass_obligations


# --- 27B: the replacement of an insufficient bid ----------------------------------------------

from core.laws.insufficient import InsufficientBid  # noqa: E402


def test_27B1b_unjudged_replacement_waits_for_the_director_and_bars_nobody():
    """N 1H, E 1S, S 1D (insufficient); S replaces it with 1NT and nobody has judged it: the
    Director is asked, the auction waits, N is not barred."""
    ruling, state = apply(at("N", "1H 1S"), InsufficientBid("1D", replacement="1NT"))
    assert ruling.outcome["judgement_pending"] is True and ruling.chooser == "director"
    assert "Director judged" not in ruling.summary
    assert not state.pass_obligations and state.calls == ("1H", "1S")
    with pytest.raises(RuleError, match="Director must first judge"):
        apply(state, CallMade(Seat.W, "P"))


def test_27B2_director_judges_not_comparable_partner_barred():
    _, state = apply(at("N", "1H 1S"), InsufficientBid("1D", replacement="1NT"))
    ruling, state = apply(state, ChoiceMade(Seat.S, "not_comparable"))
    assert "27B2" in ruling.laws and obligations(state) == {"N:throughout"}
    assert state.calls == ("1H", "1S", "1NT")


def test_27B1b_director_judges_comparable_no_rectification():
    _, state = apply(at("N", "1H 1S"), InsufficientBid("1D", replacement="1NT"))
    ruling, state = apply(state, ChoiceMade(Seat.S, "comparable"))
    assert "27B1(b)" in ruling.laws and not state.pass_obligations
    assert state.calls == ("1H", "1S", "1NT")


def test_27B1a_lowest_bid_in_the_same_denomination_needs_no_judgement():
    ruling, state = apply(at("N", "1H 1S"), InsufficientBid("1D", replacement="2D"))
    assert "27B1(a)" in ruling.laws and not ruling.options


def test_27B3_unjudged_double_waits_then_not_comparable_is_cancelled():
    _, state = apply(at("N", "1H 1S"), InsufficientBid("1D"))
    ruling, state = apply(state, CallMade(Seat.S, "X"))
    assert ruling.outcome["judgement_pending"] is True and state.calls == ("1H", "1S")
    ruling, state = apply(state, ChoiceMade(Seat.S, "not_comparable"))
    assert "27B3" in ruling.laws and obligations(state) == {"N:throughout"}
    assert state.calls == ("1H", "1S")


def test_31B1_partners_bid_at_his_own_turn_is_not_law_37():
    """S opened 1NT at N's turn, his 2C at his own turn already judged not comparable: N's
    bid at his turn before it is free, so nobody is barred for the rest of the auction."""
    _, state = apply(at("N"), CallOutOfRotation(Seat.S, "1NT", offender_call="2C",
                                                comparable=False))
    ruling, state = calls(state, "N:1D")
    assert "37B1" not in ruling.laws and state.calls == ("1D",)
    assert not any(p.lasts.value == "throughout" for p in state.pass_obligations)
    assert must_pass(state, Seat.S).outcome["must_pass"] == "none"


def s_opens_artificial_2c_at_norths_turn():
    """Dealer N; S opened a strong artificial 2C (showing no suit) at N's turn (31B)."""
    _, state = apply(at("N"), CallOutOfRotation(Seat.S, "2C", artificial=True, specifies=()))
    return calls(state, "N:P", "E:P")[1]


def test_23A_31B_same_call_natural_after_artificial_judged_not_comparable_bars_partner():
    """The 2C again, now natural: comparable is about meaning, so the Director's 'not
    comparable' stands and N must pass at his next turn, with 26B to follow (31A2(b))."""
    ruling, state = apply(s_opens_artificial_2c_at_norths_turn(),
                          CallMade(Seat.S, "2C", comparable=False))
    assert "31A2(b)" in ruling.laws and "26B" in ruling.laws
    assert obligations(state) == {"N:next_turn"} and state.lead_penalties


def test_23A_31B_same_call_with_another_meaning_waits_for_the_director():
    ruling, state = apply(s_opens_artificial_2c_at_norths_turn(), CallMade(Seat.S, "2C"))
    assert ruling.outcome["judgement_pending"] is True and not state.pass_obligations
    same, state = apply(s_opens_artificial_2c_at_norths_turn(),
                        CallMade(Seat.S, "2C", specifies=()))
    assert "31A2(a)" in same.laws and not state.pass_obligations and not state.pending


def test_23A_31B_the_directors_not_comparable_counts_even_for_the_same_call_named_earlier():
    """Reported with the incident: offender_call 2C and the judgement 'not comparable'."""
    ruling, state = apply(at("N"), CallOutOfRotation(Seat.S, "2C", artificial=True,
                                                     offender_call="2C", comparable=False))
    assert ruling.outcome["partner_must_pass"] == "next_turn", ruling.summary
    ruling, state = apply(at("N"), CallOutOfRotation(Seat.S, "2C", offender_call="2C"))
    assert ruling.outcome["partner_must_pass"] == "none", ruling.summary
