"""Revokes: Laws 61 (definition, inquiries), 62 (correction), 63 (establishment), 64 (transfer)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.cards import Suit, parse_card
from core.engine import ChoiceMade, apply, event_from_data, event_to_data
from core.errors import RuleError
from core.laws.revoke import (
    Attention,
    EstablishedBy,
    Revoke,
    RevokeInquiry,
    WonBy,
    revoke_check,
    unreported_trick,
)
from core.seats import Seat
from core.state import Lasts, Phase, Restriction, RestrictionKind, TableState
from tests.core.helpers import hand, play_state, tokens


def revoke(offender="E", established=True, state=None, **facts):
    state = state if state is not None else play_state("S")
    if isinstance(facts.get("card"), str):
        facts["card"] = parse_card(facts["card"])
    return apply(state, Revoke(Seat(offender), established, **facts))


def transferred(**facts):
    ruling, state = revoke(**facts)
    assert state.tricks_transferred == ruling.outcome["tricks_transferred"]
    return ruling.outcome["tricks_transferred"], ruling


# --- 61A: what a revoke is -------------------------------------------------------------


def test_61A_failing_to_follow_suit_is_a_revoke():
    ruling = revoke_check(play_state("S"), Seat.E, hand("K4.T83.96.Q8742"), Suit.HEARTS,
                          parse_card("C2"))
    assert ruling.outcome["revoke"] is True and ruling.private
    assert set(ruling.outcome["legal"]) == {"HT", "H8", "H3"} and "61A" in ruling.laws


def test_61A_discard_when_void_is_not_a_revoke():
    ruling = revoke_check(play_state("S"), Seat.E, hand("K4.-.96532.Q8742"), Suit.HEARTS,
                          parse_card("C2"))
    assert ruling.outcome["revoke"] is False


def test_61A_failing_to_play_a_major_penalty_card_is_a_revoke():
    state = play_state("S", "E:SK:major")
    ruling = revoke_check(state, Seat.E, hand("4.-.96532.Q8742"), Suit.HEARTS, parse_card("C2"))
    assert ruling.outcome["revoke"] is True and ruling.outcome["legal"] == ["SK"]


def test_61A_ignoring_declarers_specified_suit_is_a_revoke():
    state = play_state("S").with_restriction(
        Restriction(Seat.W, RestrictionKind.REQUIRE, Suit.DIAMONDS, Lasts.THIS_LEAD, "50D2(a)"))
    ruling = revoke_check(state, Seat.W, hand("A92.K74.863.QJ4"), None, parse_card("SA"))
    assert ruling.outcome["revoke"] is True


def test_61A_card_not_in_the_hand_is_refused():
    with pytest.raises(RuleError, match="not in that hand"):
        revoke_check(play_state("S"), Seat.E, hand("K4.T83.96.Q8742"), Suit.HEARTS,
                     parse_card("SA"))


# --- 61B: who may ask ---------------------------------------------------------------------


@pytest.mark.parametrize(("asker", "about", "allowed", "law"), [
    ("S", "E", True, "61B1"),
    ("N", "S", True, "61B2(a)"),
    ("N", "E", False, "61B2(b)"),
    ("E", "S", True, "61B3"),
    ("E", "W", True, "61B3"),
])
def test_61B_inquiries(asker, about, allowed, law):
    ruling, _ = apply(play_state("S"), RevokeInquiry(Seat(asker), Seat(about)))
    assert ruling.outcome["allowed"] is allowed and law in ruling.laws


def test_61B3_asking_partner_warns_about_unauthorized_information():
    ruling, _ = apply(play_state("S"), RevokeInquiry(Seat.E, Seat.W))
    assert "16B" in ruling.information


# --- 62: correcting an unestablished revoke ------------------------------------------------


def test_62B1_defender_unestablished_card_becomes_major_penalty_card():
    ruling, state = revoke("E", False, state=play_state("S", "W:SK:major"), card="C2", trick=4)
    assert ruling.outcome["correct"] is True and ruling.outcome["tricks_transferred"] == 0
    assert tokens(state) == {"W:SK:major", "E:C2:major"}
    assert {"62A", "62B1"} <= set(ruling.laws) and state.tricks_transferred == 0


def test_62B1_needs_the_revoke_card_of_a_defender():
    with pytest.raises(RuleError, match="name the revoke card"):
        revoke("E", False)


def test_62B2_declarers_revoke_card_goes_back_without_penalty():
    ruling, state = revoke("S", False, card="C2")
    assert ruling.outcome["correct"] is True and tokens(state) == set()
    assert "62B2" in ruling.laws


def test_62B2_dummys_revoke_is_corrected_without_penalty():
    ruling, state = revoke("N", False, card="C2")
    assert tokens(state) == set() and "62B2" in ruling.laws


def test_62B2_defenders_faced_card_is_no_penalty_card():
    _, state = revoke("E", False, card="C2", faced_card=True)
    assert tokens(state) == set()


def test_62C1_62C2_partner_withdraws_after_nos_card_becomes_penalty_card():
    ruling, state = revoke("E", False, card="C2", nos_withdrew=True,
                           partner_card=parse_card("H9"))
    assert tokens(state) == {"E:C2:major", "W:H9:major"}
    assert {"62C1", "62C2"} <= set(ruling.laws)


def test_62C2_declarers_side_withdraws_without_penalty():
    _, state = revoke("S", False, card="C2", nos_withdrew=True, partner_card=parse_card("H9"))
    assert tokens(state) == set()


def test_62C2_only_after_a_non_offender_withdrew():
    with pytest.raises(RuleError, match="62C2"):
        revoke("E", False, card="C2", partner_card=parse_card("H9"))


def test_62C3_both_sides_revoke_on_one_trick_both_corrected_no_transfer():
    ruling, state = revoke("E", True, card="C2", won_by=WonBy.OFFENDER,
                           other_offender=Seat.S, other_card=parse_card("D3"))
    assert ruling.outcome["correct"] is True and ruling.outcome["tricks_transferred"] == 0
    assert tokens(state) == {"E:C2:major"}
    assert {"62C3", "64B8"} <= set(ruling.laws)


def test_62C3_other_revoker_must_be_an_opponent():
    with pytest.raises(RuleError, match="opponent"):
        revoke("E", False, card="C2", other_offender=Seat.W, other_card=parse_card("D3"))


def test_62D1_trick_12_revoke_corrected_even_when_established():
    ruling, state = revoke("E", True, card="C2", trick=12, won_by=WonBy.OFFENDER)
    assert ruling.outcome["correct"] is True and ruling.outcome["tricks_transferred"] == 0
    assert tokens(state) == {"E:C2:major"}
    assert {"62D1", "64B6"} <= set(ruling.laws)
    assert "62D2" in ruling.laws and "16C" in ruling.information


def test_62D1_trick_12_revoke_found_after_the_round_is_not_corrected():
    ruling, _ = revoke("E", True, trick=12, won_by=WonBy.OFFENDER, later_tricks=1,
                       attention=Attention.AFTER_ROUND)
    assert ruling.outcome["correct"] is False and ruling.outcome["tricks_transferred"] == 0
    assert {"64B5", "64B6"} <= set(ruling.laws)


# --- 63: establishment ------------------------------------------------------------------------


@pytest.mark.parametrize(("how", "law"), [
    (EstablishedBy.PLAY, "63A1"), (EstablishedBy.DESIGNATION, "63A2"),
    (EstablishedBy.CLAIM, "63A3"), (EstablishedBy.AGREED_CLAIM, "63A4"),
])
def test_63A_each_way_of_establishing_is_cited(how, law):
    ruling, _ = revoke("E", True, established_by=how, won_by=WonBy.OFFENDER)
    assert law in ruling.laws and "63B" in ruling.laws
    assert ruling.outcome["correct"] is False and ruling.outcome["tricks_transferred"] == 1


def test_63A1_47E1_play_after_misinformation_does_not_establish():
    ruling, state = revoke("E", True, established_by=EstablishedBy.PLAY, misinformed=True,
                           card="C2")
    assert ruling.outcome["correct"] is True and ruling.outcome["tricks_transferred"] == 0
    assert "47E1" in ruling.laws and tokens(state) == {"E:C2:major"}


def test_63A1_47E1_misinformation_alone_says_the_establishing_play_was_misinformed():
    """``misinformed`` means the play to the next trick followed an opponent's wrong word
    (47E1), so a revoke reported established with it, and no other way of establishing named,
    is not established by that play: corrected, not transferred (it had been ruled on as
    established, the misinformation dropped, and refused for want of won_by)."""
    ruling, state = revoke("E", True, misinformed=True, card="C2")
    assert ruling.outcome["correct"] is True and ruling.outcome["tricks_transferred"] == 0
    assert "47E1" in ruling.laws and tokens(state) == {"E:C2:major"}


def test_63A_conflicting_facts_are_refused():
    with pytest.raises(RuleError, match="conflict"):
        revoke("E", False, established_by=EstablishedBy.CLAIM, card="C2")


def test_63A_unestablished_revoke_cannot_be_found_after_the_round():
    with pytest.raises(RuleError, match="established"):
        revoke("E", False, card="C2", attention=Attention.AFTER_ROUND)


# --- 64A: the transfer ------------------------------------------------------------------------


def test_64A1_offender_won_revoke_trick_and_a_later_trick_two_tricks():
    n, ruling = transferred(offender="E", trick=7, won_by=WonBy.OFFENDER, later_tricks=2)
    assert n == 2 and "64A1" in ruling.laws
    assert ruling.outcome["arithmetic"].startswith(
        "2 tricks: the revoke trick (won by the offender, E) + 1 later trick won by E-W")
    assert "64C1" in ruling.judgement and "N-S" in ruling.summary


def test_64A1_offender_won_revoke_trick_no_later_trick_one_trick():
    n, ruling = transferred(offender="E", won_by=WonBy.OFFENDER, later_tricks=0)
    assert n == 1 and "64A1" in ruling.laws and "won no later trick" in ruling.steps[2]


def test_64A2_nos_won_revoke_trick_offenders_won_later_one_trick():
    n, ruling = transferred(offender="W", won_by=WonBy.OPPONENTS, later_tricks=1)
    assert n == 1 and "64A2" in ruling.laws


def test_64A2_partner_won_revoke_trick_and_nothing_later_is_one_trick_not_the_seed_003_zero():
    # Seed 003's "one trick per yes" short-cut (did the offender win the revoke trick? did his
    # side win a later trick?) answers no, no -> 0. Law 64A2: the offending side won the revoke
    # trick (through the offender's partner), so one trick is transferred.
    n, ruling = transferred(offender="E", won_by=WonBy.PARTNER, later_tricks=0)
    assert n == 1 and "64A2" in ruling.laws and "64B1" not in ruling.laws
    assert "won by the offender's partner, W" in ruling.outcome["arithmetic"]


def test_64A2_partner_won_revoke_trick_later_tricks_add_nothing():
    n, _ = transferred(offender="E", won_by=WonBy.PARTNER, later_tricks=3)
    assert n == 1


def test_64A_footnote_trick_won_in_dummy_is_not_won_by_declarer():
    n, ruling = transferred(offender="S", won_by=WonBy.PARTNER, later_tricks=4)
    assert n == 1 and "won in dummy (N)" in ruling.outcome["arithmetic"]
    assert "E-W" in ruling.summary


def test_64A_transfers_accumulate_on_the_board():
    _, state = revoke("E", won_by=WonBy.OFFENDER, later_tricks=2)
    _, state = revoke("W", state=state, won_by=WonBy.OPPONENTS, later_tricks=1, trick=9)
    assert state.tricks_transferred == 3


def test_64A_needs_to_know_who_won_the_revoke_trick():
    with pytest.raises(RuleError, match="who won the revoke trick"):
        revoke("E", True)


# --- 64B: no automatic transfer -----------------------------------------------------------------


def test_64B1_offending_side_won_nothing_from_the_revoke_trick_on():
    n, ruling = transferred(offender="E", won_by=WonBy.OPPONENTS, later_tricks=0)
    assert n == 0 and "64B1" in ruling.laws and "(64B1)" in ruling.summary


def test_64B2_repeated_revoke_in_the_same_suit():
    n, ruling = transferred(won_by=WonBy.OFFENDER, later_tricks=2, repeat_same_suit=True)
    assert n == 0 and "64B2" in ruling.laws and "64C2(a)" in ruling.judgement


def test_64B3_failure_to_play_a_penalty_card():
    n, ruling = transferred(won_by=WonBy.OFFENDER, later_tricks=2, penalty_card_failure=True)
    assert n == 0 and "64B3" in ruling.laws and "64C1" in ruling.judgement


def test_64B3_dummys_revoke():
    n, ruling = transferred(offender="N", won_by=WonBy.OFFENDER, later_tricks=3)
    assert n == 0 and "64B3" in ruling.laws and ruling.outcome["correct"] is False


def test_64B4_found_after_a_non_offender_called_on_the_next_board():
    n, ruling = transferred(won_by=WonBy.OFFENDER, later_tricks=1,
                            attention=Attention.AFTER_NEXT_CALL)
    assert n == 0 and "64B4" in ruling.laws


def test_64B5_found_after_the_round():
    n, ruling = transferred(won_by=WonBy.OFFENDER, later_tricks=1, attention=Attention.AFTER_ROUND)
    assert n == 0 and "64B5" in ruling.laws


def test_64B7_both_sides_established_revokes():
    n, ruling = transferred(won_by=WonBy.OFFENDER, later_tricks=1, both_sides_established=True)
    assert n == 0 and "64B7" in ruling.laws and "64C2(b)" in ruling.judgement


def test_64B7_the_board_knows_both_sides_revoked_and_no_transfer_stands():
    """W's established revoke is ruled with its transfer (64A1); then S's established revoke on
    the same board: the board knows both sides revoked, so neither revoke transfers a trick
    (64B7) and the director adjusts (64C2(b)). It used to transfer 2 tricks each way, 64B7
    never applied outside the scenario facts."""
    first, state = revoke("W", trick=3, won_by=WonBy.OFFENDER, later_tricks=4, suit=Suit.SPADES)
    assert first.outcome["tricks_transferred"] == 2 and state.tricks_transferred == 2
    second, state = revoke("S", state=state, trick=8, won_by=WonBy.OFFENDER, later_tricks=1,
                           suit=Suit.DIAMONDS)
    assert second.outcome["tricks_transferred"] == 0 and second.outcome["exception"] == "64B7"
    assert "64C2(b)" in second.judgement
    assert any("does not happen either (64B7)" in str(step) for step in second.steps)
    assert state.tricks_transferred == 0
    # a second revoke by the same side is 64B2's business, not 64B7's
    _, same = revoke("W", trick=3, won_by=WonBy.OFFENDER, later_tricks=4, suit=Suit.SPADES)
    again, _ = revoke("E", state=same, trick=8, won_by=WonBy.OFFENDER, later_tricks=1,
                      suit=Suit.DIAMONDS)
    assert again.outcome["exception"] != "64B7"


def test_64B_first_applicable_exception_leads_the_ruling_others_also_cited():
    n, ruling = transferred(offender="N", won_by=WonBy.OFFENDER, later_tricks=1,
                            attention=Attention.AFTER_ROUND)
    assert n == 0 and ruling.outcome["exception"] == "64B3"
    assert "(64B3)" in ruling.summary and "64B5" in ruling.laws


def test_64B_no_won_by_needed_when_an_exception_applies():
    n, _ = transferred(offender="N")
    assert n == 0


def test_43B2b_dummy_first_to_ask_declarer_corrects_and_64_applies_as_if_established():
    n, ruling = transferred(offender="S", established=False, card="C2", won_by=WonBy.OFFENDER,
                            later_tricks=1, dummy_asked_first=True)
    assert n == 2 and ruling.outcome["correct"] is True
    assert {"43B2(b)", "64A1"} <= set(ruling.laws)


def test_43B2b_only_for_declarers_own_revoke():
    with pytest.raises(RuleError, match="not declarer"):
        revoke("E", False, card="C2", dummy_asked_first=True)


# --- bad facts ------------------------------------------------------------------------------


@pytest.mark.parametrize("trick", [0, 13, 14])
def test_61_impossible_revoke_tricks_are_refused(trick):
    with pytest.raises(RuleError):
        revoke("E", True, trick=trick, won_by=WonBy.OFFENDER)


def test_64_more_later_tricks_than_remain_are_refused():
    with pytest.raises(RuleError, match="only 3 tricks remain"):
        revoke("E", True, trick=10, won_by=WonBy.OFFENDER, later_tricks=4)


def test_64B3_dummy_cannot_fail_to_play_a_penalty_card():
    with pytest.raises(RuleError, match="never has penalty cards"):
        revoke("N", True, won_by=WonBy.OFFENDER, penalty_card_failure=True)


def test_48A_a_penalty_card_of_dummy_in_the_facts_is_refused():
    with pytest.raises(RuleError, match="N is dummy"):
        revoke("N", True, state=play_state("S", "N:SK:major"), won_by=WonBy.OFFENDER)


def test_62_revoke_card_still_on_the_table_as_penalty_card_is_refused():
    with pytest.raises(RuleError, match="still a penalty card"):
        revoke("E", False, state=play_state("S", "E:C2:major"), card="C2")


def test_64_revoke_events_round_trip():
    ev = Revoke(Seat.E, True, parse_card("C2"), trick=7, won_by=WonBy.PARTNER,
                attention=Attention.AFTER_NEXT_CALL, established_by=EstablishedBy.CLAIM)
    assert event_from_data(event_to_data(ev)) == ev


# --- properties -----------------------------------------------------------------------------


@given(offender=st.sampled_from(["E", "W", "S"]), trick=st.integers(1, 11),
       won_by=st.sampled_from(list(WonBy)), later=st.integers(0, 12))
def test_64A_transfer_never_exceeds_what_the_offending_side_won(offender, trick, won_by, later):
    later = min(later, 13 - trick)
    n, _ = transferred(offender=offender, trick=trick, won_by=won_by, later_tricks=later)
    won_from_revoke_trick_on = later + (won_by is not WonBy.OPPONENTS)
    assert 0 <= n <= min(2, won_from_revoke_trick_on)
    assert (n == 2) == (won_by is WonBy.OFFENDER and later > 0)


def test_64A1_reported_mid_play_without_later_tricks_is_provisional_not_one_trick_for_good():
    """Play goes on: whether E-W win a later trick is not known, so the ruling says 1 trick so
    far and that a later trick makes it 2 (64A1), instead of ruling as if they won none."""
    ruling, state = revoke("E", won_by=WonBy.OFFENDER, trick=6)
    assert ruling.outcome["provisional"] is True
    assert ruling.outcome["depends_on"] == ["later_tricks"]
    assert ruling.outcome["tricks_transferred"] == 1 and "2 tricks" in ruling.summary
    assert "no later trick" not in " ".join(map(str, ruling.steps))
    settled, _ = revoke("E", won_by=WonBy.OFFENDER, trick=6, later_tricks=1)
    assert settled.outcome["provisional"] is False and settled.outcome["tricks_transferred"] == 2


def test_64A2_64B1_opponents_won_revoke_trick_later_tricks_unknown_is_provisional():
    ruling, _ = revoke("W", won_by=WonBy.OPPONENTS, trick=4)
    assert ruling.outcome["tricks_transferred"] == 0 and ruling.outcome["provisional"] is True
    assert ruling.outcome["exception"] == ""  # 64B1 is not known to apply yet


def test_64A2_partner_won_revoke_trick_needs_no_later_tricks():
    ruling, _ = revoke("E", won_by=WonBy.PARTNER, trick=4)
    assert ruling.outcome["tricks_transferred"] == 1 and ruling.outcome["provisional"] is False


def test_64B2_a_second_revoke_in_the_same_suit_is_known_from_the_board():
    _, state = revoke("E", won_by=WonBy.OFFENDER, trick=3, later_tricks=2, suit=Suit.HEARTS)
    again, _ = revoke("E", state=state, won_by=WonBy.OFFENDER, trick=7, later_tricks=1,
                      suit=Suit.HEARTS)
    assert again.outcome["tricks_transferred"] == 0 and again.outcome["exception"] == "64B2"
    other, _ = revoke("E", state=state, won_by=WonBy.OFFENDER, trick=7, later_tricks=1,
                      suit=Suit.CLUBS)
    assert other.outcome["tricks_transferred"] == 2 and other.outcome["exception"] == ""


def test_64B2_a_second_revoke_without_its_suit_is_flagged_not_guessed():
    _, state = revoke("E", won_by=WonBy.OFFENDER, trick=3, later_tricks=2, suit=Suit.HEARTS)
    again, _ = revoke("E", state=state, won_by=WonBy.OFFENDER, trick=7, later_tricks=1)
    assert again.outcome["provisional"] is True
    assert again.outcome["depends_on"] == ["repeat_same_suit"] and "64B2" in again.laws
    partner, _ = revoke("W", state=state, won_by=WonBy.OFFENDER, trick=8, later_tricks=1)
    assert partner.outcome["provisional"] is False  # 64B2 is about the same player


def test_64C_every_established_revoke_is_flagged_for_the_directors_equity_check():
    for facts in ({"won_by": WonBy.OFFENDER, "later_tricks": 1},
                  {"won_by": WonBy.OFFENDER, "later_tricks": 1, "penalty_card_failure": True}):
        ruling, _ = revoke("E", **facts)
        assert ruling.outcome["equity_64C"] is True and "64C" in ruling.laws
        assert "64C" in ruling.judgement


def test_63A_64B6_a_revoke_reported_without_its_trick_takes_the_tables_last_trick():
    """No trick named: the trick the table reported last, the one before it for an established
    revoke (his side has played to the next trick, 63A); trick 5 when nothing is reported."""
    at = {n: TableState(declarer=Seat.S, phase=Phase.PLAY, trick=n) for n in (1, 13)}
    assert unreported_trick(at[13], True) == 12 and unreported_trick(at[13], False) == 13
    assert unreported_trick(at[1], True) == 1
    assert unreported_trick(TableState(declarer=Seat.S, phase=Phase.PLAY), True) == 5


def test_63A3_62D1_after_a_claim_a_revoke_without_its_trick_is_on_the_claims_trick():
    """Play stopped at the claim, and the claim may be what established the revoke (63A3):
    with no trick named, the revoke is on the claim's own trick, not the one before. A
    concession at trick 12 and an established revoke reported then is a trick-12 revoke,
    corrected (62D1), not a trick-11 one that transfers."""
    from core.laws.claim import Claim
    from core.laws.course import PlayReported

    _, state = apply(TableState(declarer=Seat.S, phase=Phase.PLAY), PlayReported(trick=12))
    _, state = apply(state, Claim(Seat.W, 0, 2))
    assert unreported_trick(state, True) == 12


# --- 52 with 62: an unestablished revoke that was a failure to play a penalty card -----------


def test_52B_62_unestablished_penalty_card_failure_is_ruled_as_law_52_asks_declarer():
    """E owes his ♠K (major), is void in the heart led and discards the ♦2; noticed before it
    is established. The same answer as /penalty not-played: declarer chooses between 52B1(a)
    (the ♦2 stands, the ♠K stays) and 52B2 (the ♠K is played, the ♦2 becomes major), with
    buttons; never both cards on the table, and the ruling cites Law 52."""
    from core.laws.penalty import PenaltyNotPlayed

    start = play_state("S", "E:SK:major")
    ruling, waiting = revoke("E", False, state=start, card="D2", penalty_card_failure=True,
                             trick=3)
    same, _ = apply(start, PenaltyNotPlayed(Seat.E, parse_card("D2"), accepted=None))
    assert set(ruling.option_tokens) == {"accept", "reject"} == set(same.option_tokens)
    assert ruling.chooser == same.chooser and "52B1(a)" in ruling.laws and "52B2" in ruling.laws
    assert "62B1" not in ruling.laws
    assert ruling.outcome["correct"] is True and ruling.outcome["tricks_transferred"] == 0
    assert tokens(waiting) == {"E:SK:major"} and waiting.pending_for(Seat.E)
    kept, state = apply(waiting, ChoiceMade(Seat.E, "accept"))
    assert "52B1(a)" in kept.laws and tokens(state) == {"E:SK:major"}
    swapped, state = apply(waiting, ChoiceMade(Seat.E, "reject"))
    assert swapped.outcome["substitute"] == "SK" and tokens(state) == {"E:D2:major"}


def test_52B2_62_unestablished_penalty_card_failure_declarer_not_accepting():
    """Reported with declarer's answer (not accepted): 52B2 at once, as /penalty not-played
    rules it."""
    ruling, state = revoke("E", False, state=play_state("S", "E:SK:major"), card="D2",
                           penalty_card_failure=True, accepted=False)
    assert "52B2" in ruling.laws and ruling.outcome["substitute"] == "SK"
    assert tokens(state) == {"E:D2:major"} and not state.pending


@pytest.mark.parametrize("accepted", [True, False])
def test_52B_62_revoke_with_declarers_answer_ends_as_penalty_not_played(accepted):
    """One rule, two reports: /revoke with declarer's answer and /penalty not-played with the
    same answer leave the same table (penalty cards, cards played, nothing waiting)."""
    from core.laws.penalty import PenaltyNotPlayed

    start = play_state("S", "E:SK:major")
    by_revoke, after_revoke = revoke("E", False, state=start, card="D2",
                                     penalty_card_failure=True, accepted=accepted)
    by_52, after_52 = apply(start, PenaltyNotPlayed(Seat.E, parse_card("D2"), accepted=accepted))
    assert after_revoke == after_52 and not after_revoke.pending
    assert by_revoke.summary == by_52.summary
    assert ("52B1(a)" if accepted else "52B2") in by_revoke.laws


def test_52_62_penalty_card_failure_without_a_penalty_card_is_refused():
    with pytest.raises(RuleError, match="no penalty card"):
        revoke("E", False, card="D2", penalty_card_failure=True)
