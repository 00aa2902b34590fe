"""Calls out of rotation (Laws 28-32), with 17D3, 25 and 36, case by case."""

import pytest

from core.auction import Auction
from core.engine import ChoiceMade, apply
from core.errors import RuleError
from core.laws.auction_calls import CallMade
from core.laws.auction_state import note_meaning
from core.laws.insufficient import InsufficientBid
from core.laws.rotation import CallOutOfRotation
from core.seats import Seat
from core.state import PassLasts, PassObligation, TableState


def at(dealer: str, calls: str = "", **changes) -> TableState:
    auction = Auction.parse(dealer, calls)
    return TableState(dealer=Seat(dealer), calls=auction.texts, **changes)


def obligations(state):
    return {p.token for p in state.pass_obligations}


def coor(state, offender, call, **kw):
    return apply(state, CallOutOfRotation(Seat(offender), call, **kw))


def call(state, seat, text, **kw):
    return apply(state, CallMade(Seat(seat), text, **kw))


# --- positions --------------------------------------------------------------------------------


@pytest.mark.parametrize(("calls", "offender", "position"), [
    ("", "E", "rho"),          # N's turn, E is N's LHO
    ("", "S", "partner"),
    ("", "W", "lho"),          # W has not called yet
    ("1C 1H 1S", "S", "change_of_call"),
    ("1C", "S", "rho"),
    ("1C", "W", "partner"),
])
def test_28_to_32_position_relative_to_the_offender(calls, offender, position):
    """Whose turn it was, seen from the offender."""
    ruling, _ = coor(at("N", calls), offender, "P")
    assert ruling.outcome["position"] == position


def test_call_in_turn_is_not_out_of_rotation():
    """A call by the player whose turn it is must be reported as a call."""
    with pytest.raises(RuleError, match="in rotation"):
        coor(at("N"), "N", "1H")


# --- 28 and 29 ------------------------------------------------------------------------------


def test_28A_rho_required_to_pass_call_counts_in_rotation():
    """S must pass; W calls at S's turn: in rotation, S deemed to pass."""
    state = at("N", "1H P", pass_obligations=(PassObligation(Seat.S, PassLasts.NEXT_TURN, "24B"),))
    ruling, state = coor(state, "W", "1S")
    assert "28A" in ruling.laws
    assert state.calls == ("1H", "P", "P", "1S") and not state.pass_obligations


def test_28B_player_whose_turn_it_was_calls_first():
    """N calls at his turn before rectification: E's call is cancelled, no rectification."""
    ruling, state = coor(at("N"), "E", "1S", turn_call="1H", before_rectification=True)
    assert "28B" in ruling.laws
    assert ruling.outcome["partner_must_pass"] == "none"
    assert ruling.outcome["lead_restriction"] is False
    assert state.calls == ("1H",) and not state.lead_penalties
    assert "unauthorized" in ruling.information


def test_29A_lho_calls_over_it():
    """S calls over E's 1S: accepted, no rectification; N lost his turn."""
    ruling, state = coor(at("N"), "E", "1S", accepted=True)
    assert "29A" in ruling.laws and ruling.outcome["position"] == "rho"
    assert ruling.outcome["must_repeat"] is False
    assert state.calls == ("P", "1S")
    assert Auction.trusted(Seat.N, state.calls).turn is Seat.S


def test_29B_not_accepted_call_cancelled():
    """Not accepted: cancelled, the auction goes back to the player whose turn it was."""
    ruling, state = coor(at("N"), "E", "1S")
    assert "29B" in ruling.laws and state.calls == ()


def test_29C_artificial_call_cited():
    """An artificial call out of rotation: the laws apply to the denominations it specified."""
    ruling, _ = coor(at("N"), "S", "2C", artificial=True, offender_call="2D")
    assert "29C" in ruling.laws


# --- 30 -------------------------------------------------------------------------------------


def test_30A_pass_at_rho_turn_offender_passes_next_turn():
    """W passes at S's turn: W must pass at his next turn, E is free."""
    ruling, state = coor(at("N", "1H P"), "W", "P")
    assert ruling.outcome["offender_must_pass"] == "next_turn"
    assert ruling.outcome["partner_must_pass"] == "none"
    assert ruling.outcome["must_repeat"] is False
    assert "30A" in ruling.laws
    assert obligations(state) == {"W:next_turn"}


def test_30A_obligation_used_by_offenders_own_pass_only():
    """N's call does not use up E's obligation; E's own pass does."""
    _, state = coor(at("N"), "E", "P")
    _, state = call(state, "N", "1H")
    assert obligations(state) == {"E:next_turn"}
    _, state = call(state, "E", "P")
    assert obligations(state) == set()


def test_30B1a_partner_may_call_freely_with_16C2():
    """S passes at N's turn: N may call anything, the cancelled pass is UI for him."""
    ruling, state = coor(at("N"), "S", "P", turn_call="1H")
    assert "30B1(a)" in ruling.laws and "16C2" in ruling.information
    assert state.calls == ("1H",) and not state.pass_obligations


def test_30B1bi_comparable_call_no_rectification():
    """The offender's later pass is comparable to his cancelled pass: nothing more."""
    ruling, state = coor(at("N"), "S", "P", offender_call="P", comparable=True)
    assert "30B1(b)(i)" in ruling.laws
    assert ruling.outcome["partner_must_pass"] == "none"
    assert ruling.outcome["lead_restriction"] is False


def test_30B1bii_not_comparable_partner_passes_at_his_turn_after_that_call():
    """A bid judged not comparable to the cancelled pass: partner passes once, at his turn
    after the offender's bid; his own turn before it is free; 26B."""
    ruling, state = coor(at("N"), "S", "P", offender_call="1S", comparable=False)
    assert "30B1(b)(ii)" in ruling.laws
    assert ruling.outcome["partner_must_pass"] == "next_turn"
    assert ruling.outcome["lead_restriction"] is True
    assert "at his first turn after S's 1♠" in ruling.summary
    assert not state.pass_obligations and not state.lead_penalties
    _, state = call(state, "N", "1H")
    _, state = call(state, "E", "P")
    ruling, state = call(state, "S", "1S")
    assert "30B1(b)(ii)" in ruling.laws
    assert obligations(state) == {"N:next_turn"} and state.lead_penalties


def test_30B1_lho_turn_before_offender_called():
    """W (not yet called) passes at dealer N's turn: treated like partner's turn."""
    ruling, _ = coor(at("N"), "W", "P", offender_call="1H", comparable=False)
    assert ruling.outcome["position"] == "lho" and "30B1(b)(ii)" in ruling.laws


def test_30B2_pass_at_lho_turn_after_calling_is_a_change_of_call():
    """S has called; a pass at W's turn is a change of call (Law 25)."""
    ruling, state = coor(at("N", "1C 1H 1S"), "S", "P")
    assert ruling.outcome["position"] == "change_of_call"
    assert "30B2" in ruling.laws and "25B2" in ruling.laws
    assert state.calls == ("1C", "1H", "1S")


def test_30C_artificial_pass_goes_to_law_31():
    """An artificial pass at RHO's turn is treated as a bid: 31A."""
    ruling, _ = coor(at("N", "1H"), "S", "P", artificial=True, turn_call="P")
    assert "30C" in ruling.laws and "31A1" in ruling.laws
    assert ruling.outcome["must_repeat"] is True


def test_30C_pass_of_partners_artificial_call_goes_to_law_31():
    """N's 2C is recorded artificial; S passes it at E's turn, E bids 2D and S's 2H is not
    comparable: a pass of partner's artificial call is ruled under 31A2 (30C), so N (not S)
    passes once; before, the table's own record was ignored and 30A barred S, then 37B both."""
    state = at("N", "2C")
    state = note_meaning(state, 0, ())
    ruling, state = coor(state, "S", "P", turn_call="2D", offender_call="2H", comparable=False)
    assert "30C" in ruling.laws and "31A2(b)" in ruling.laws and "30A" not in ruling.laws
    assert ruling.outcome["offender_must_pass"] == "none"
    assert ruling.outcome["partner_must_pass"] == "next_turn"
    assert obligations(state) == {"N:next_turn"}
    assert state.calls == ("2C", "2D", "2H")


def test_30C_pass_of_partners_natural_call_stays_30A():
    """The same pass over a natural 2C is 30A: S must pass at his next turn."""
    ruling, _ = coor(at("N", "2C"), "S", "P", turn_call="2D")
    assert "30A" in ruling.laws and "30C" not in ruling.laws
    assert ruling.outcome["offender_must_pass"] == "next_turn"


# --- 31 -------------------------------------------------------------------------------------


def test_31A1_rho_passes_offender_must_repeat():
    """E opens 1S at N's turn; N passes: E must repeat 1S, no rectification."""
    ruling, state = coor(at("N"), "E", "1S", turn_call="P")
    assert ruling.outcome["must_repeat"] is True
    assert ruling.outcome["partner_must_pass"] == "none"
    assert ruling.outcome["lead_restriction"] is False
    assert "31A1" in ruling.laws
    with pytest.raises(RuleError, match="must repeat"):
        call(state, "E", "1H")
    ruling, state = call(state, "E", "1S")
    assert state.calls == ("P", "1S") and not state.pending


def test_31A2a_rho_bids_offender_comparable():
    """N opens, E's repeated-meaning call is comparable: no rectification, no 26B."""
    ruling, state = coor(at("N"), "E", "1S", turn_call="1H", offender_call="1S",
                         comparable=True)
    assert "31A2(a)" in ruling.laws and ruling.outcome["partner_must_pass"] == "none"
    assert state.calls == ("1H", "1S") and not state.lead_penalties


def test_31A2b_rho_bids_offender_not_comparable():
    """E's later call is not comparable: W passes at his next turn; 26B may follow."""
    ruling, state = coor(at("N"), "E", "1S", turn_call="1H", offender_call="2S",
                         comparable=False)
    assert "31A2(b)" in ruling.laws
    assert ruling.outcome["partner_must_pass"] == "next_turn"
    assert ruling.outcome["lead_restriction"] is True
    assert obligations(state) == {"W:next_turn"}
    assert state.calls == ("1H", "2S")


def test_31A_rho_call_not_known_yet_waits():
    """Without RHO's call the ruling explains both branches; RHO's pass then forces a repeat."""
    ruling, state = coor(at("N"), "E", "1S")
    assert "31A" in ruling.laws and ruling.outcome["must_repeat"] is False
    ruling, state = call(state, "N", "P")
    assert "31A1" in ruling.laws and ruling.outcome["must_repeat"] is True


@pytest.mark.parametrize("route", ["replaced", "replaced_later", "accepted"])
def test_31A2_rho_call_made_through_law_27_is_his_call(route):
    """N 1S; S bids 2H at E's turn; E's call is an insufficient 1H, then replaced by 2H (in the
    report or as his next call) or accepted: either way RHO has made a legal bid, so S may call
    freely and a call not comparable to 2H bars N at his next turn (31A2(b), its footnote)."""
    _, state = coor(at("N", "1S"), "S", "2H")
    if route == "replaced":
        _, state = apply(state, InsufficientBid("1H", replacement="2H"))
    elif route == "replaced_later":
        _, state = apply(state, InsufficientBid("1H"))
        _, state = call(state, "E", "2H")
    else:
        _, state = apply(state, InsufficientBid("1H", accepted=True))
    ruling, state = call(state, "S", "3C", comparable=False)
    assert "31A2(b)" in ruling.laws
    assert obligations(state) == {"N:next_turn"}


def test_31B_bid_at_partner_turn_not_comparable():
    """S opens 1NT at N's turn; later 2NT judged not comparable: N passes once."""
    ruling, state = coor(at("N"), "S", "1NT", offender_call="2NT", comparable=False)
    assert ruling.outcome["position"] == "partner"
    assert ruling.outcome["partner_must_pass"] == "next_turn"
    assert ruling.outcome["lead_restriction"] is True
    assert "31B2" in ruling.laws and "31B1" in ruling.laws


def test_31B_offenders_later_call_judged_when_made():
    """With the intermediate calls reported, S's own call settles the judgement."""
    _, state = coor(at("N"), "S", "1NT", turn_call="P")
    _, state = call(state, "E", "P")
    ruling, state = call(state, "S", "1NT", comparable=True)
    assert "31A2(a)" in ruling.laws and not state.pass_obligations
    _, state = coor(at("N"), "S", "1NT", turn_call="P")
    _, state = call(state, "E", "P")
    ruling, state = call(state, "S", "3NT", comparable=False)
    assert "31A2(b)" in ruling.laws and obligations(state) == {"N:next_turn"}


def test_31C_later_bid_at_lho_turn_is_a_change_of_call():
    """S bid 1S; at W's turn he says 2S: Law 25 applies."""
    ruling, state = coor(at("N", "1C 1H 1S"), "S", "2S")
    assert ruling.outcome["position"] == "change_of_call"
    assert "31C" in ruling.laws and "25B2" in ruling.laws
    assert state.calls == ("1C", "1H", "1S") and state.lead_penalties


def test_25B1_change_accepted_by_lho():
    """W calls over the changed call: 2S stands, 1S withdrawn; Law 26 may apply."""
    ruling, state = coor(at("N", "1C 1H 1S"), "S", "2S", accepted=True)
    assert "25B1" in ruling.laws and state.calls == ("1C", "1H", "2S")


def test_25A_unintended_change_at_lho_turn():
    """A slip corrected before partner calls: the intended call stands, no 26."""
    ruling, state = coor(at("N", "1C 1H 1S"), "S", "1NT", unintended=True)
    assert "25A1" in ruling.laws and state.calls == ("1C", "1H", "1NT")
    assert not state.lead_penalties


# --- 32 and 36 -------------------------------------------------------------------------------


def test_32A1_double_at_rho_turn_rho_passes_must_repeat():
    """N 1H, E P; W doubles at S's turn, S passes: W must repeat the double."""
    ruling, state = coor(at("N", "1H P"), "W", "X", turn_call="P")
    assert "32A1" in ruling.laws and ruling.outcome["must_repeat"] is True


def test_32A2b_double_at_rho_turn_rho_bids_not_comparable():
    """S bids after W's cancelled double; W's 2C is not comparable: E passes once."""
    ruling, state = coor(at("N", "1H P"), "W", "X", turn_call="2H", offender_call="3C",
                         comparable=False)
    assert "32A2(b)" in ruling.laws and obligations(state) == {"E:next_turn"}


def test_32B_double_at_partner_turn_comparable():
    """W doubles at E's turn; his later double is comparable: no rectification."""
    ruling, state = coor(at("N", "1H"), "W", "X", offender_call="X", comparable=True)
    assert ruling.outcome["position"] == "partner"
    assert "32B2" in ruling.laws and "32A2(a)" in ruling.laws
    assert ruling.outcome["partner_must_pass"] == "none"
    assert ruling.outcome["lead_restriction"] is False


def test_32C_later_double_at_lho_turn_is_a_change_of_call():
    """S bid; at W's turn he doubles: a change of call (Law 25)."""
    ruling, _ = coor(at("N", "1C 1H 1S"), "S", "X")
    assert "32C" in ruling.laws


def test_32_inadmissible_double_can_never_be_accepted():
    """S doubles partner's 1H at E's turn; W calls over it: cancelled anyway (36A)."""
    ruling, state = coor(at("N", "1H"), "S", "X", accepted=True)
    assert "36A" in ruling.laws and "29A" not in ruling.laws
    assert state.calls == ("1H",) and not state.lead_penalties


def test_36B4_inadmissible_double_out_of_turn_partner_barred():
    """Not accepted: partner must pass throughout, 26B may follow."""
    ruling, state = coor(at("N", "1H"), "S", "X")
    assert "36B4" in ruling.laws
    assert ruling.outcome["partner_must_pass"] == "throughout"
    assert obligations(state) == {"N:throughout"}


# --- 17D3 -------------------------------------------------------------------------------------


def test_17D3_accepted_pass_out_of_rotation_does_not_end_the_auction():
    """N 1H, E P; W passes at S's turn and N accepts it by passing: S lost his turn among the
    three passes, so the auction goes back to S."""
    ruling, state = coor(at("N", "1H P"), "W", "P", accepted=True)
    assert "17D3" in ruling.laws and state.phase.value == "auction"
    ruling, state = call(state, "N", "P")
    assert "17D3" in ruling.laws
    assert state.calls == ("1H", "P")
    assert Auction.trusted(Seat.N, state.calls).turn is Seat.S


def test_17D3_accepted_pass_out_of_rotation_as_the_third_pass():
    """N 1H, E P, S P; N passes at W's turn and E accepts it by passing: W's lost turn is no
    pass, so N's pass may stand (29A) and the auction goes back to W (17D3), not over."""
    ruling, state = coor(at("N", "1H P P"), "N", "P", accepted=True)
    assert "29A" in ruling.laws and state.phase.value == "auction"
    ruling, state = call(state, "E", "P")
    assert "17D3" in ruling.laws
    assert state.calls == ("1H", "P", "P")
    assert Auction.trusted(Seat.N, state.calls).turn is Seat.W


def test_29A_offenders_lho_calls_next_in_rotation_after_an_accepted_pass():
    """N 1H, E P; W passes at S's turn and N accepts it by bidding 2H: N's call is in turn
    (he is W's LHO), the auction does not end, and E calls next."""
    _, state = coor(at("N", "1H P"), "W", "P", accepted=True)
    with pytest.raises(RuleError, match="N accepted"):
        call(state, "S", "2S")
    ruling, state = call(state, "N", "2H")
    assert "29A" in ruling.laws and state.phase.value == "auction"
    assert state.calls[-1] == "2H"
    assert Auction.trusted(Seat.N, state.calls).turn is Seat.E
    ruling, state = call(state, "E", "P")
    assert ruling.summary.startswith("E: pass")


def test_29A_offenders_lho_calls_next_after_an_accepted_opening_pass():
    """Dealer N; W passes at N's turn and N accepts by opening 1C: the four passes before it
    do not pass the board out; E calls next."""
    _, state = coor(at("N"), "W", "P", accepted=True)
    assert state.phase.value == "auction"
    _, state = call(state, "N", "1C")
    assert Auction.trusted(Seat.N, state.calls).turn is Seat.E
    for seat in "ESW":
        ruling, state = call(state, seat, "P")
    assert state.declarer is Seat.N and "22A" in ruling.laws


def test_17D3_lost_turn_early_in_the_auction_does_not_matter():
    """E opens at N's turn, accepted; three later passes end the auction normally."""
    _, state = coor(at("N"), "E", "1S", accepted=True)
    for seat in "SWN":
        ruling, state = call(state, seat, "P")
    assert "22A" in ruling.laws and state.declarer is Seat.E


def test_17D3_accepting_pass_after_lost_turn_reverts_to_the_missed_player():
    """S passes at E's turn and W accepts with a pass: E never called, so it goes back to E."""
    _, state = coor(at("N", "1H"), "S", "P", accepted=True)
    assert state.calls == ("1H", "P", "P")
    ruling, state = call(state, "W", "P")
    assert "17D3" in ruling.laws and state.calls == ("1H",)
    assert state.phase.value == "auction"
    assert Auction.trusted(Seat.N, state.calls).turn is Seat.E


def test_23B_comparable_call_makes_16C_not_apply():
    """After a comparable replacement the withdrawn call is not unauthorized for partner."""
    ruling, _ = coor(at("N", "1H"), "W", "X", offender_call="X", comparable=True)
    assert "does not apply" in ruling.information and "unauthorized" not in ruling.information
    ruling, _ = coor(at("N", "1H"), "W", "X", offender_call="2C")
    assert "unauthorized for E" in ruling.information


# --- an insufficient bid at the offender's proper turn ----------------------------------------


def test_31A2_judges_the_replacement_of_an_insufficient_bid_at_the_offenders_turn():
    """E's 1S at N's turn is cancelled and N opens 1NT; E's 1S now is insufficient and he
    corrects it to 2S (27B1(a)): that 2S is his call at his turn, so the Director judges it
    against the cancelled 1S now (31A2, 23A), and his answer binds W's next turn."""
    _, state = coor(at("N"), "E", "1S")
    _, state = call(state, "N", "1NT")
    ruling, state = apply(state, InsufficientBid("1S", replacement="2S"))
    assert "27B1(a)" in ruling.laws and "31A2" in ruling.laws
    assert ruling.outcome["judgement_pending"] is True
    assert {o.token for o in ruling.options} == {"comparable", "not_comparable"}
    ruling, state = apply(state, ChoiceMade(Seat.E, "not_comparable"))
    assert "31A2(b)" in ruling.laws
    assert obligations(state) == {"W:next_turn"}


def test_31A2_an_accepted_insufficient_bid_is_the_call_judged_not_a_later_one():
    """As above, but S accepts E's insufficient 1S (27A1): the same call as the cancelled 1S,
    so comparable with no rectification; E's pass at a later turn is not judged again."""
    _, state = coor(at("N"), "E", "1S")
    _, state = call(state, "N", "1NT")
    ruling, state = apply(state, InsufficientBid("1S", accepted=True))
    assert "31A2(a)" in ruling.laws
    for seat, text in (("S", "2NT"), ("W", "P"), ("N", "3NT")):
        _, state = call(state, seat, text)
    ruling, state = call(state, "E", "P")
    assert "judgement_pending" not in ruling.outcome and not ruling.options
    assert obligations(state) == set()


# (dealer, calls before, offender, call out of rotation, calls up to his turn, insufficient bid,
#  its later replacement, the law that judges the call standing for his turn)
_LATER_REPLACEMENT = [
    # the brief's story: S's 1NT at N's turn; N 2C, E pass; S's 1NT is insufficient
    ("N", "", "S", "1NT", "N:2C E:P", "1NT", "2NT", "31B"),
    ("N", "", "E", "1S", "N:1NT", "1S", "2S", "31A2"),
    ("N", "", "S", "P", "N:1NT E:P", "1C", "2C", "30B1"),
    ("W", "1C P", "S", "X", "E:1H", "1D", "2D", "32A2"),
    ("W", "1H", "S", "X", "N:P E:2H", "2D", "3D", "32B"),
]


@pytest.mark.parametrize(("dealer", "before", "offender", "cancelled", "between", "bid",
                          "replacement", "stage"), _LATER_REPLACEMENT)
def test_31A2_30B1_31B_32A2_32B_judge_a_later_replacement_of_the_insufficient_bid(
        dealer, before, offender, cancelled, between, bid, replacement, stage):
    """The offender's call out of rotation is cancelled; at his proper turn he bids
    insufficiently and the report leaves the replacement to come (27B). The call that finally
    stands for that turn is his replacement, so it is the one judged against the cancelled call
    (23A) when it is made: the Director's 'comparable?' buttons come with it, and 'not
    comparable' bars his partner at his next turn (the law of ``stage``, 26B)."""
    _, state = coor(at(dealer, before), offender, cancelled)
    for step in between.split():
        seat, text = step.split(":")
        _, state = call(state, seat, text)
    _, state = apply(state, InsufficientBid(bid))
    ruling, state = call(state, offender, replacement)
    assert "27B1(a)" in ruling.laws and ruling.outcome["judgement_pending"] is True
    assert {o.token for o in ruling.options} == {"comparable", "not_comparable"}
    assert obligations(state) == set()
    ruling, state = apply(state, ChoiceMade(Seat(offender), "not_comparable"))
    bad = {"30B1": "30B1(b)(ii)", "31A2": "31A2(b)", "31B": "31A2(b)", "32A2": "32A2(b)",
           "32B": "32A2(b)"}[stage]
    assert bad in ruling.laws and ruling.outcome["partner_must_pass"] == "next_turn"
    partner = Seat(offender).partner.value
    assert obligations(state) == {f"{partner}:next_turn"}
    assert [lp.offender for lp in state.lead_penalties] == [Seat(offender)]


def test_31B_a_later_replacement_with_the_directors_word_is_judged_at_once():
    """As the brief's story, but the Director gives his word with S's 2NT: 2NT is the lowest
    sufficient notrump bid, so Law 27 asks no judgement of it (27B1(a)) and the word given is
    the 23A judgement of S's call at his turn: not comparable to the cancelled 1NT, so N must
    pass at his next turn (31B2, 31A2(b)), with Law 26B for S."""
    _, state = coor(at("N"), "S", "1NT")
    _, state = call(state, "N", "2C")
    _, state = call(state, "E", "P")
    _, state = apply(state, InsufficientBid("1NT"))
    ruling, state = call(state, "S", "2NT", comparable=False)
    assert {"27B1(a)", "31B2", "31A2(b)"} <= set(ruling.laws) and not ruling.options
    assert ruling.outcome["partner_must_pass"] == "next_turn"
    assert obligations(state) == {"N:next_turn"} and state.lead_penalties


def test_31B_after_the_directors_27B1b_judgement_the_31_judgement_follows():
    """S's insufficient 1NT (over N's 2C) is later replaced by 2D, not the lowest notrump bid:
    the Director first judges it under Law 27 (comparable to the insufficient 1NT: it stands,
    27B1(b)); then 2D, the call standing for S's turn, is judged against the cancelled 1NT
    (31B, 23A): two questions, asked one after the other."""
    _, state = coor(at("N"), "S", "1NT")
    _, state = call(state, "N", "2C")
    _, state = call(state, "E", "P")
    _, state = apply(state, InsufficientBid("1NT"))
    ruling, state = call(state, "S", "2D")
    assert "27B1(b)" in ruling.laws and ruling.outcome["judgement_pending"] is True
    ruling, state = apply(state, ChoiceMade(Seat.S, "comparable"))
    assert "27B1(b)" in ruling.laws and state.calls == ("2C", "P", "2D")
    assert ruling.outcome["judgement_pending"] is True and "31B2" in ruling.laws
    assert {o.token for o in ruling.options} == {"comparable", "not_comparable"}
    ruling, state = apply(state, ChoiceMade(Seat.S, "not_comparable"))
    assert "31A2(b)" in ruling.laws
    assert obligations(state) == {"N:next_turn"}


def test_31B_a_later_pass_replacing_the_insufficient_bid_keeps_the_27B2_bar():
    """S replaces his insufficient 1NT by a pass later, which the Director judges not
    comparable to it (27B2: N barred for the rest of the auction, 26B). The 31B judgement of
    that pass still comes; 'not comparable' adds nothing to N's bar, and the ruling says the
    bar that holds, not 'at his next turn'."""
    _, state = coor(at("N"), "S", "1NT")
    _, state = call(state, "N", "2C")
    _, state = call(state, "E", "P")
    _, state = apply(state, InsufficientBid("1NT"))
    _, state = call(state, "S", "P")
    ruling, state = apply(state, ChoiceMade(Seat.S, "not_comparable"))  # 27B's question
    assert "27B2" in ruling.laws and obligations(state) == {"N:throughout"}
    assert ruling.outcome["judgement_pending"] is True and "31B2" in ruling.laws
    ruling, state = apply(state, ChoiceMade(Seat.S, "not_comparable"))  # 31B's question
    assert "31A2(b)" in ruling.laws and obligations(state) == {"N:throughout"}
    assert ruling.outcome["partner_must_pass"] == "throughout"
    assert "rest of the auction" in str(ruling.summary)


def test_31A2_state_names_the_partner_whose_pass_the_offenders_next_call_decides():
    """While E's next call after his 1♠ out of rotation is still to come, /state's line says
    whom it bars (W, by seat), not "his partner at his next turn", which read as E's own."""
    from core.view import view_of

    _, state = coor(at("N"), "E", "1S", turn_call="1H")
    lines = [str(line) for line in view_of(state).lines()]
    assert any(line.startswith("E's next call:") and "W must pass at W's next turn (31A2(b))"
               in line for line in lines), lines
