""""Must I play it now?" (Laws 44C, 50C, 50D1, 51A, 57A, 59) with and without a hand."""

import pytest

from core.cards import Suit
from core.errors import RuleError
from core.laws.obligations import must_play
from core.seats import Seat
from core.state import Lasts, Restriction, RestrictionKind
from tests.core.helpers import hand, play_state


def legal(state, seat, holding, led=None):
    ruling = must_play(state, Seat(seat), hand(holding), Suit.parse(led) if led else None)
    return set(ruling.outcome["legal"]), ruling


def restricted(seat, kind, suit=None, lasts=Lasts.THIS_LEAD, origin="50D2(a)"):
    return Restriction(Seat(seat), kind, Suit.parse(suit) if suit else None, lasts, origin)


def test_50C_minor_card_on_its_suit_led_honours_allowed_other_low_cards_not():
    cards, ruling = legal(play_state("S", "E:D4:minor"), "E", "K8.Q52.AJ942.-", "D")
    assert cards == {"D4", "DA", "DJ"}
    assert "50C" in ruling.laws and ruling.private


def test_50C_minor_card_on_lead_only_other_low_cards_of_its_suit_barred():
    cards, _ = legal(play_state("S", "E:D4:minor"), "E", "K8.Q52.AJ942.-")
    assert cards == {"SK", "S8", "HQ", "H5", "H2", "DA", "DJ", "D4"}


def test_50D1_major_card_must_be_led():
    cards, ruling = legal(play_state("S", "W:SQ:major"), "W", "Q962.K84.J73.A5")
    assert cards == {"SQ"} and ruling.summary == "W must lead the ♠Q."


def test_50D1b_following_suit_comes_before_the_penalty_card():
    cards, ruling = legal(play_state("S", "E:SK:major"), "E", "K8.Q52.AJ94.T7", "H")
    assert cards == {"HQ", "H5", "H2"}
    assert any("50D1(b)" in s for s in ruling.steps)


def test_50D1_void_in_suit_led_must_discard_or_ruff_with_penalty_card():
    cards, _ = legal(play_state("S", "E:SK:major"), "E", "K8.-.AJ94.T7652", "H")
    assert cards == {"SK"}


def test_51A_two_playable_penalty_cards_declarer_designates():
    cards, ruling = legal(play_state("S", "E:HQ:major", "E:C5:major"), "E", "J73.Q86.K42.T52")
    assert cards == {"HQ", "C5"} and ruling.outcome["declarer_designates"] is True


def test_50D1_one_of_two_penalty_cards_in_suit_led_no_designation():
    cards, ruling = legal(play_state("S", "E:D4:major", "E:H6:major"), "E", "K8.Q62.AJ942.-", "D")
    assert cards == {"D4"} and ruling.outcome["declarer_designates"] is False


def test_59_required_suit_void_may_lead_anything():
    state = play_state("S", restrictions=(restricted("W", RestrictionKind.REQUIRE, "H"),))
    cards, ruling = legal(state, "W", "A92.-.8632.QJ74")
    assert len(cards) == 11 and "59" in ruling.laws


def test_50D2a_forbidden_suit_excluded_from_leads():
    state = play_state("S", "E:CT:major",
                       restrictions=(restricted("W", RestrictionKind.FORBID, "H",
                                                Lasts.WHILE_ON_LEAD),))
    cards, _ = legal(state, "W", "A92.K74.863.QJ4")
    assert cards == {"SA", "S9", "S2", "D8", "D6", "D3", "CQ", "CJ", "C4"}


def test_59_only_forbidden_suit_left_may_lead_it():
    state = play_state("S", restrictions=(restricted("W", RestrictionKind.FORBID, "H",
                                                     Lasts.WHILE_ON_LEAD),))
    cards, ruling = legal(state, "W", "-.K74.-.-")
    assert cards == {"HK", "H7", "H4"} and "59" in ruling.laws


@pytest.mark.parametrize(("kind", "expected"), [(RestrictionKind.HIGHEST, {"SK"}),
                                                (RestrictionKind.LOWEST, {"S3"})])
def test_57A_highest_or_lowest_of_the_suit_led(kind, expected):
    state = play_state("S", "W:D9:major",
                       restrictions=(restricted("E", kind, None, Lasts.THIS_PLAY, "57A"),))
    cards, _ = legal(state, "E", "KJ73.95.Q84.T2", "S")
    assert cards == expected


def test_57B_highest_lapses_when_he_cannot_follow():
    state = play_state("S", restrictions=(restricted("E", RestrictionKind.HIGHEST, None,
                                                     Lasts.THIS_PLAY, "57A"),))
    cards, ruling = legal(state, "E", "-.95.Q84.T2", "S")
    assert len(cards) == 7 and "57B" in ruling.laws


def test_hand_typed_without_the_penalty_card_still_counts_it():
    cards, _ = legal(play_state("S", "W:SQ:major"), "W", "962.K84.J73.A5")
    assert cards == {"SQ"}


def test_hand_holding_another_players_penalty_card_is_refused():
    with pytest.raises(RuleError, match="E's penalty card"):
        legal(play_state("S", "E:SK:major"), "W", "K62.K84.J73.A5")


def test_without_a_hand_the_answer_is_in_words_and_public():
    ruling = must_play(play_state("S", "W:SK:major"), Seat.W, None, None)
    assert "♠K" in ruling.summary and not ruling.private
    ruling = must_play(play_state("S", "E:D4:minor"), Seat.E, None, Suit.DIAMONDS)
    assert "♦4" in " ".join(map(str, ruling.steps)) and "50C" in ruling.laws


def test_without_a_hand_following_with_a_major_in_the_suit_led():
    ruling = must_play(play_state("S", "W:HK:major"), Seat.W, None, Suit.HEARTS)
    assert "must play it now" in " ".join(map(str, ruling.steps))


def test_nothing_binds_a_player_without_penalty_cards():
    cards, ruling = legal(play_state(), "N", "AK.Q.J.T9")
    assert len(cards) == 6 and "any card" in ruling.summary
