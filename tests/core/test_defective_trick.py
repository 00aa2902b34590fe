"""A fifth card played to a trick (Law 45E) and a defective trick (Law 67)."""

import pytest

from core.cards import Suit, parse_card
from core.engine import apply
from core.errors import RuleError
from core.laws.claim import Claim
from core.laws.defective import Defect, DefectiveTrick, FifthCard
from core.laws.exposure import How
from core.laws.flow import CardPlayed
from core.laws.penalty import due_lead_options
from core.laws.revoke import Revoke, WonBy
from core.seats import Seat
from core.state import Place
from tests.core.helpers import cards, play_state, tokens


def card(text):
    return parse_card(text)


# --- 45E -------------------------------------------------------------------------------


def test_45E1_a_defenders_fifth_card_is_a_penalty_card_as_an_exposure_makes_one():
    ruling, state = apply(play_state("S"), FifthCard(Seat.W, card("D6")))
    assert tokens(state) == {"W:D6:major"}  # played, so exposed through deliberate play (50B)
    assert ruling.laws[:2] == ("45E1", "49") and "50D" in ruling.laws
    assert "53 or 56" in str(ruling.judgement)  # deemed led: a lead out of turn instead
    # a penalty card like any other: declarer's 50D2 options are due before E's lead
    due = due_lead_options(state, Seat.E)
    assert due is not None and due[0] == "50D2"


def test_45E1_a_spot_card_dropped_on_the_trick_is_minor_and_joins_earlier_penalty_cards():
    _, state = apply(play_state("N"), FifthCard(Seat.E, card("C4"), How.ACCIDENTAL))
    assert tokens(state) == {"E:C4:minor"}
    _, state = apply(play_state("N", "E:H5:minor"), FifthCard(Seat.E, card("C4"),
                                                               How.ACCIDENTAL))
    assert tokens(state) == {"E:H5:major", "E:C4:major"}


@pytest.mark.parametrize("seat", [Seat.S, Seat.N])
def test_45E2_declarers_or_dummys_fifth_card_goes_back_without_rectification(seat):
    ruling, state = apply(play_state("S"), FifthCard(seat, card("HQ")))
    assert tokens(state) == set()
    assert "45E2" in ruling.laws and "Law 55" in str(ruling.judgement)
    where = state.where(card("HQ"))
    assert where is not None and where.seat is seat and where.place is Place.HAND


def test_45E_another_players_card_or_a_card_after_a_claim_is_refused():
    played = apply(play_state("S"), CardPlayed(Seat.W, card("SK")))[1]
    with pytest.raises(RuleError, match="cannot hold it"):
        apply(played, FifthCard(Seat.E, card("SK")))
    claimed = apply(play_state("S", trick=6), Claim(Seat.S, 7, 8))[1]
    with pytest.raises(RuleError, match="68D|stopped|claim"):
        apply(claimed, FifthCard(Seat.W, card("D6")))


# --- 67A -------------------------------------------------------------------------------


def test_67A1_an_omission_noticed_in_time_is_put_right_with_no_penalty():
    ruling, state = apply(play_state("S"), DefectiveTrick(Seat.E, Defect.OMITTED,
                                                          card=card("H7"), trick=4))
    assert "67A1" in ruling.laws and tokens(state) == set()
    assert ruling.outcome["tricks_transferred"] == 0 and state.tricks_transferred == 0
    assert state.where(card("H7")).place is Place.PLAYED
    assert "trick 4" in str(ruling.summary)


def test_67A2_too_many_cards_noticed_in_time_are_fifth_cards():
    ev = DefectiveTrick(Seat.W, Defect.TOO_MANY, cards=cards("S3 SJ"), kept=card("S3"), trick=6)
    ruling, state = apply(play_state("N"), ev)
    assert tokens(state) == {"W:SJ:major"}
    assert {"67A2", "45E1"} <= set(ruling.laws) and "58B" in str(ruling.judgement)
    assert state.where(card("S3")).place is Place.PLAYED
    ruling, state = apply(play_state("W"), ev)  # W declares: his extra card simply goes back
    assert tokens(state) == set() and "45E2" in ruling.laws
    with pytest.raises(RuleError, match="kept"):
        apply(play_state("N"), DefectiveTrick(Seat.W, Defect.TOO_MANY, cards=cards("S3 SJ")))


# --- 67B -------------------------------------------------------------------------------


def test_67B1_an_omission_found_late_is_a_revoke_costing_one_trick_under_64A2():
    ev = DefectiveTrick(Seat.W, Defect.OMITTED, late=True, card=card("H2"), led=Suit.HEARTS,
                        trick=5, side_won=True)
    ruling, state = apply(play_state("S"), ev)
    assert ruling.outcome["tricks_transferred"] == 1 and state.tricks_transferred == 1
    assert {"67B1", "67B1(a)", "64A2"} <= set(ruling.laws) and "67B1(b)" not in ruling.laws
    assert "N-S" in str(ruling.summary)
    assert "64B" in str(ruling.judgement) and "64C" in str(ruling.judgement)
    assert state.where(card("H2")).place is Place.PLAYED


def test_67B1_no_trick_when_his_side_won_nothing_and_provisional_when_not_known():
    ev = DefectiveTrick(Seat.N, Defect.OMITTED, late=True, card=card("C9"), trick=10,
                        side_won=False)
    ruling, state = apply(play_state("E"), ev)
    assert ruling.outcome["tricks_transferred"] == 0 and state.tricks_transferred == 0
    ruling, state = apply(play_state("E"), DefectiveTrick(Seat.N, Defect.OMITTED, late=True))
    assert ruling.outcome["provisional"] and str(ruling.summary).startswith("Provisional")
    assert {"67B1(a)", "67B1(b)"} <= set(ruling.laws)


def test_67B1_a_card_of_another_suit_is_right_only_without_a_card_of_the_suit_led():
    ev = DefectiveTrick(Seat.W, Defect.OMITTED, late=True, card=card("C4"), led=Suit.HEARTS)
    ruling, _ = apply(play_state("S"), ev)
    assert "67B1(b)" in ruling.laws
    assert any("holds no heart" in str(s) for s in ruling.steps)


def test_67B2_the_faced_card_stays_and_the_extra_cards_go_back_to_the_hand():
    ev = DefectiveTrick(Seat.E, Defect.TOO_MANY, late=True, cards=cards("D5 D9"),
                        kept=card("D5"), led=Suit.DIAMONDS, trick=3)
    ruling, state = apply(play_state("S"), ev)
    assert tokens(state) == set() and ruling.outcome["returned"] == ["D9"]
    assert state.where(card("D5")).place is Place.PLAYED
    assert state.where(card("D9")).place is Place.HAND
    assert "revoke" in str(ruling.judgement)  # 67B2(b): the Director judges an earlier revoke


def test_67B2_when_the_faced_card_is_not_known_the_highest_legal_one_stays():
    ev = DefectiveTrick(Seat.W, Defect.TOO_MANY, late=True, cards=cards("S4 SQ C2"),
                        led=Suit.SPADES)
    ruling, _ = apply(play_state("N"), ev)
    assert ruling.outcome["played"] == "SQ" and ruling.outcome["returned"] == ["S4", "C2"]
    with pytest.raises(RuleError, match="suit led"):
        apply(play_state("N"), DefectiveTrick(Seat.W, Defect.TOO_MANY, late=True,
                                              cards=cards("S4 SQ")))


def test_67B2_footnote_a_defenders_extra_card_seen_when_restored_is_a_penalty_card():
    ev = DefectiveTrick(Seat.E, Defect.TOO_MANY, late=True, cards=cards("H3 H8"),
                        kept=card("H3"), exposed=True)
    _, state = apply(play_state("S"), ev)
    assert tokens(state) == {"E:H8:minor"}
    _, state = apply(play_state("E"), ev)  # E declares: never a penalty card (48A)
    assert tokens(state) == set()


def test_67B3_a_card_missing_from_his_tricks_goes_back_adjusted_score_if_played_again():
    ev = DefectiveTrick(Seat.S, Defect.MISPLACED, late=True, card=card("SK"))
    ruling, _ = apply(play_state("S"), ev)
    assert "67B3" in ruling.laws and not ruling.outcome["adjusted_score"]
    ruling, _ = apply(play_state("S"), DefectiveTrick(Seat.S, Defect.MISPLACED, late=True,
                                                      card=card("SK"), played_again=True))
    assert ruling.outcome["adjusted_score"] and "adjusted score" in str(ruling.judgement)
    with pytest.raises(RuleError, match="67B3"):
        apply(play_state("S"), DefectiveTrick(Seat.S, Defect.MISPLACED, card=card("SK")))


def test_67_a_card_recorded_for_another_player_is_refused():
    played = apply(play_state("S"), CardPlayed(Seat.W, card("SK")))[1]
    for ev in (DefectiveTrick(Seat.E, Defect.OMITTED, card=card("SK")),
               DefectiveTrick(Seat.E, Defect.MISPLACED, late=True, card=card("SK")),
               DefectiveTrick(Seat.E, Defect.TOO_MANY, late=True, cards=cards("SK S2"),
                              kept=card("S2"))):
        with pytest.raises(RuleError, match="cannot hold it"):
            apply(played, ev)


def test_67B1_64B7_a_deemed_revoke_counts_as_the_boards_revoke_for_both_sides_revoking():
    """67B1 deems the omission a revoke: a later established revoke by the other side is the
    second side's revoke on the board (64B7), so neither transfer stands. The deemed revoke was
    not recorded, so the later revoke transferred its tricks as if it were the only one."""
    deemed = DefectiveTrick(Seat.W, Defect.OMITTED, late=True, card=card("H2"), led=Suit.HEARTS,
                            trick=3, side_won=True)
    _, state = apply(play_state("S"), deemed)
    assert state.tricks_transferred == 1
    ruling, state = apply(state, Revoke(Seat.S, True, trick=8, won_by=WonBy.OFFENDER,
                                        later_tricks=1, suit=Suit.DIAMONDS))
    assert ruling.outcome["exception"] == "64B7" and ruling.outcome["tricks_transferred"] == 0
    assert state.tricks_transferred == 0  # the deemed revoke's trick does not go across either


def test_67B1_64B2_a_later_revoke_in_the_suit_of_the_deemed_one_repeats_it():
    """The same player's later established revoke in the suit led to the defective trick
    repeats the deemed revoke (64B2): no automatic transfer for it."""
    deemed = DefectiveTrick(Seat.W, Defect.OMITTED, late=True, card=card("H2"), led=Suit.HEARTS,
                            trick=3, side_won=True)
    _, state = apply(play_state("S"), deemed)
    ruling, _ = apply(state, Revoke(Seat.W, True, trick=8, won_by=WonBy.OFFENDER,
                                    later_tricks=1, suit=Suit.HEARTS))
    assert ruling.outcome["exception"] == "64B2" and ruling.outcome["tricks_transferred"] == 0


@pytest.mark.parametrize("side_won", [True, None])
def test_67B1_68D_after_a_claim_the_trick_comes_off_the_claims_result(side_won):
    """Play ended with the claim (68D): the deemed revoke's trick is taken from the claim's
    result, not "after play ends", as a revoke's transfer after a claim is (64A, 69A)."""
    claimed = apply(play_state("S", trick=9), Claim(Seat.S, 4, 5))[1]
    ev = DefectiveTrick(Seat.W, Defect.OMITTED, late=True, card=card("H2"), led=Suit.HEARTS,
                        trick=5, side_won=side_won)
    ruling, _ = apply(claimed, ev)
    assert "from the result of the claim (68D)" in str(ruling.summary), ruling.summary
    assert "after play ends" not in str(ruling.summary)
    unclaimed, _ = apply(play_state("S", trick=9), ev)
    assert "after play ends" in str(unclaimed.summary)
