"""Premature leads and plays (Law 57) and simultaneous leads or plays (Law 58)."""

import pytest

from core.cards import Suit, parse_card
from core.engine import ChoiceMade, apply, event_from_data, event_to_data
from core.errors import RuleError
from core.laws.flow import CardPlayed
from core.laws.obligations import must_play
from core.laws.premature import PrematurePlay, SimultaneousCards, SimultaneousPlays
from core.seats import Seat
from core.state import Place
from tests.core.helpers import cards, hand, play_state, tokens

ALL_57A = {"highest", "lowest", "require:H", "require:D", "require:C",
           "forbid:H", "forbid:D", "forbid:C"}


def early(offender="W", card="SK", led=Suit.SPADES, state=None, **facts):
    state = state if state is not None else play_state("S")
    return apply(state, PrematurePlay(Seat(offender), parse_card(card), led, **facts))


def instruct(state, option, partner="E"):
    return apply(state, ChoiceMade(Seat(partner), option))


# --- 57A ---------------------------------------------------------------------------------


def test_57A_premature_lead_is_a_major_penalty_card_with_eight_options():
    ruling, state = early()
    assert tokens(state) == {"W:SK:major"}
    assert set(ruling.option_tokens) == ALL_57A and ruling.chooser == "declarer"
    assert "57A" in ruling.laws
    assert state.pending_for(Seat.E)[0].law == "57A"


def test_57A_low_card_played_early_is_still_major():
    _, state = early(card="S4")
    assert tokens(state) == {"W:S4:major"}  # deliberate play, not an accident (50B)


def test_57A_partner_waits_for_declarers_instruction():
    _, state = early()
    waiting = must_play(state, Seat.E, hand("Q74.K3.982.J642"), Suit.SPADES)
    assert waiting.outcome["waiting"] is True and "57A" in waiting.laws
    with pytest.raises(RuleError, match="must wait"):
        apply(state, CardPlayed(Seat.E, parse_card("S4")))


def test_57A1_highest_of_the_suit_led():
    _, state = early()
    ruling, state = instruct(state, "highest")
    assert ruling.outcome["restriction"] == "highest"
    assert ruling.outcome["restriction_lasts"] == "this_play"
    legal = must_play(state, Seat.E, hand("Q74.K3.982.J642"), Suit.SPADES).outcome["legal"]
    assert legal == ["SQ"]


def test_57A2_lowest_of_the_suit_led():
    _, state = early()
    _, state = instruct(state, "lowest")
    assert must_play(state, Seat.E, hand("Q74.K3.982.J642"), Suit.SPADES).outcome["legal"] == [
        "S4"]


def test_57A3_require_another_suit_binds_only_when_void_in_the_suit_led():
    _, state = early()
    _, state = instruct(state, "require:H")
    following = must_play(state, Seat.E, hand("Q74.K3.982.J642"), Suit.SPADES)
    assert set(following.outcome["legal"]) == {"SQ", "S7", "S4"}  # follow suit first (44C)
    void = must_play(state, Seat.E, hand("-.K3.98732.J642"), Suit.SPADES)
    assert set(void.outcome["legal"]) == {"HK", "H3"}


def test_57A4_forbid_another_suit_when_void():
    _, state = early()
    _, state = instruct(state, "forbid:D")
    legal = set(must_play(state, Seat.E, hand("-.K3.98732.J642"), Suit.SPADES).outcome["legal"])
    assert legal == {"HK", "H3", "CJ", "C6", "C4", "C2"}


def test_57B_partner_who_cannot_comply_plays_any_card():
    _, state = early()
    _, state = instruct(state, "highest")
    ruling = must_play(state, Seat.E, hand("-.K3.98732.J642"), Suit.SPADES)
    assert len(ruling.outcome["legal"]) == 11 and "57B" in ruling.laws
    assert "Playing his highest card of the suit led binds only when he can follow suit" in (
        " ".join(map(str, ruling.steps)))
    _, state = early()
    _, state = instruct(state, "require:H")
    ruling = must_play(state, Seat.E, hand("-.-.98732.J6432"), Suit.SPADES)
    assert len(ruling.outcome["legal"]) == 10 and "59" in ruling.laws


def test_57A_instruction_is_used_up_by_partners_play_penalty_card_stays():
    _, state = early()
    _, state = instruct(state, "lowest")
    _, state = apply(state, CardPlayed(Seat.E, parse_card("S4")))
    assert state.restrictions == () and tokens(state) == {"W:SK:major"}


def test_57A_premature_card_joins_an_earlier_minor_card_both_become_major():
    _, state = early(offender="E", card="H3", led=Suit.SPADES,
                     state=play_state("S", "E:D4:minor"))
    assert tokens(state) == {"E:D4:major", "E:H3:major"}


def test_57A_needs_the_suit_led():
    with pytest.raises(RuleError, match="suit was led"):
        early(led=None)


def test_57A_card_cannot_be_someone_elses_penalty_card():
    with pytest.raises(RuleError, match="E's penalty card"):
        early(state=play_state("S", "E:SK:major"))


# --- 57C, 57D ------------------------------------------------------------------------------


def test_57C1_declarer_played_from_both_hands_no_rectification():
    ruling, state = early(offender="E", card="H5", led=Suit.HEARTS, declarer_played_both=True)
    assert ruling.options == () and tokens(state) == set() and state.pending == ()
    assert "57C1" in ruling.laws


def test_57C2_dummy_played_on_his_own_initiative_no_rectification():
    ruling, state = early(offender="E", card="H5", led=Suit.HEARTS, dummy_initiative=True)
    assert ruling.options == () and tokens(state) == set() and "57C2" in ruling.laws


def test_57C3_declarers_premature_play_stands_without_penalty():
    ruling, state = early(offender="N", card="H5", led=Suit.HEARTS)
    assert ruling.options == () and tokens(state) == set() and "57C3" in ruling.laws


def test_57D_legal_card_at_rhos_turn_must_be_played_at_his_turn():
    ruling, state = early(offender="E", card="H5", led=Suit.HEARTS, rho_turn=True)
    assert tokens(state) == set() and ruling.outcome["must_play_card"] == "H5"
    assert "57D" in ruling.laws and "16" in ruling.information
    assert [r.token for r in state.restrictions_on(Seat.E)] == ["card:H5"]


def test_57D_must_i_play_it_answers_the_card_tried_early():
    _, state = early(offender="E", card="H5", led=Suit.HEARTS, rho_turn=True)
    ruling = must_play(state, Seat.E, hand("K8.Q52.AJ94.T7"), Suit.HEARTS)
    assert ruling.outcome["legal"] == ["H5"] and "57D" in ruling.laws
    words = must_play(state, Seat.E, None, Suit.HEARTS)
    assert "♥5" in words.summary + " ".join(map(str, words.steps))
    _, state = apply(state, CardPlayed(Seat.E, parse_card("H5")))
    assert state.restrictions == ()


def test_57D_illegal_card_at_rhos_turn_becomes_a_major_penalty_card():
    ruling, state = early(offender="E", card="C5", led=Suit.HEARTS, rho_turn=True,
                          card_legal=False)
    assert tokens(state) == {"E:C5:major"} and "57D" in ruling.laws


def test_57D_unsaid_legality_a_card_of_the_suit_led_waits_for_his_turn():
    """Legality not reported: a card of the suit led can be played to the trick (44C)."""
    ruling, state = early(offender="E", card="H5", led=Suit.HEARTS, rho_turn=True,
                          card_legal=None)
    assert tokens(state) == set() and ruling.outcome["must_play_card"] == "H5"
    assert [r.token for r in state.restrictions_on(Seat.E)] == ["card:H5"]


def test_57D_unsaid_legality_of_a_card_of_another_suit_is_asked_for():
    """A club to a heart trick is legal only if he has no heart: the bot cannot know, so the
    report must say; nothing changes."""
    start = play_state("S")
    with pytest.raises(RuleError, match="could legally play the ♣5"):
        apply(start, PrematurePlay(Seat.E, parse_card("C5"), Suit.HEARTS, rho_turn=True,
                                   card_legal=None))


def test_57D_legal_card_of_another_suit_when_void_waits_for_his_turn():
    ruling, state = early(offender="E", card="C5", led=Suit.HEARTS, rho_turn=True)
    assert tokens(state) == set() and ruling.outcome["must_play_card"] == "C5"


# --- 58 --------------------------------------------------------------------------------------


def test_58A_simultaneous_play_counts_after_the_legal_one():
    ruling, state = apply(play_state("S"), SimultaneousPlays(Seat.W, Seat.E))
    assert "58A" in ruling.laws and "W's card counts first" in ruling.summary
    assert state == play_state("S")


def test_58B1_only_one_face_seen_that_card_is_played():
    ruling, state = apply(play_state("S"), SimultaneousCards(Seat.W, cards("S4 H9"),
                                                             visible=cards("S4")))
    assert ruling.outcome["played"] == "S4" and tokens(state) == set()
    assert "58B1" in ruling.laws


def test_58B2_defender_designates_the_other_seen_card_is_a_penalty_card():
    ruling, state = apply(play_state("S"), SimultaneousCards(
        Seat.W, cards("S4 H9"), visible=cards("S4 H9"), designated=parse_card("S4")))
    assert tokens(state) == {"W:H9:minor"}  # a single low card exposed by accident (50B)
    assert {"58B2", "58B3"} <= set(ruling.laws)


def test_58B2_an_honour_seen_is_a_major_penalty_card():
    _, state = apply(play_state("S"), SimultaneousCards(
        Seat.W, cards("S4 HQ"), visible=cards("S4 HQ"), designated=parse_card("S4")))
    assert tokens(state) == {"W:HQ:major"}


def test_58B2_declarers_extra_cards_go_back():
    ruling, state = apply(play_state("S"), SimultaneousCards(
        Seat.S, cards("S4 HQ"), visible=cards("S4 HQ"), designated=parse_card("HQ")))
    assert tokens(state) == set() and "48A" in ruling.laws


def test_58B2_several_faces_seen_he_must_name_his_card():
    with pytest.raises(RuleError, match="must say which"):
        apply(play_state("S"), SimultaneousCards(Seat.W, cards("S4 H9"),
                                                 visible=cards("S4 H9")))


def test_58B4_discovered_after_the_next_trick_is_a_defective_trick():
    ruling, state = apply(play_state("S"), SimultaneousCards(Seat.W, cards("S4 H9"),
                                                             discovered_late=True))
    assert {"58B4", "67"} <= set(ruling.laws) and tokens(state) == set()


def test_58_bad_facts_are_refused():
    with pytest.raises(RuleError):
        apply(play_state("S"), SimultaneousCards(Seat.W, cards("S4")))
    with pytest.raises(RuleError):
        apply(play_state("S"), SimultaneousCards(Seat.W, cards("S4 H9"), visible=cards("C2")))
    with pytest.raises(RuleError):
        apply(play_state("S"), SimultaneousPlays(Seat.W, Seat.W))


def test_58A_the_next_player_in_rotation_is_simply_in_turn():
    """W leads and N (dummy, next after W) plays at the same moment: N's card, counted after
    W's, is in turn; nothing to rectify and nothing changes."""
    ruling, state = apply(play_state("S"), SimultaneousPlays(Seat.W, Seat.N))
    assert ruling.laws == ("58A",) and ruling.outcome["next_law"] == ""
    assert "in turn" in " ".join(map(str, ruling.steps))
    assert state == play_state("S")


@pytest.mark.parametrize(("legal", "other", "law"), [
    ("N", "W", "57A"),  # W, counted after N, played before his partner E
    ("W", "E", "57D"),  # E, after his partner W, played at his RHO N's turn
    ("W", "S", "57C3"),  # declarer's own card, counted after W's, came before dummy's
    ("E", "N", "57C3"),  # dummy's card, counted after E's, came before declarer's
])
def test_58A_the_card_counted_second_falls_under_the_law_its_place_gives(legal, other, law):
    ruling, state = apply(play_state("S"), SimultaneousPlays(Seat(legal), Seat(other)))
    assert ruling.laws == ("58A", law) and ruling.outcome["next_law"] == law
    assert law in " ".join(map(str, ruling.steps))
    assert state == play_state("S")


def test_58B1_the_card_seen_is_his_play_and_uses_up_his_57A_instruction():
    """W played early; declarer told E to play his lowest spade (57A). E's ♠4 and ♠Q come out
    together, only the ♠4 seen: it is E's play to the trick, so the instruction is spent and
    the ♠Q is back in his hand; W's penalty card stays."""
    _, state = early()
    _, state = instruct(state, "lowest")
    ruling, state = apply(state, SimultaneousCards(Seat.E, cards("S4 SQ"), visible=cards("S4")))
    assert ruling.outcome["played"] == "S4" and state.restrictions == ()
    assert tokens(state) == {"W:SK:major"}
    assert state.where(parse_card("S4")).place is Place.PLAYED
    assert state.where(parse_card("SQ")).place is Place.HAND
    later = must_play(state, Seat.E, hand("Q7.K3.982.J642"), Suit.SPADES).outcome["legal"]
    assert set(later) == {"SQ", "S7"}  # "lowest" bound that one play only (57A)


def test_58B1_only_the_card_seen_is_played_he_names_no_other():
    with pytest.raises(RuleError, match="only the ♠4 was seen"):
        apply(play_state("S"), SimultaneousCards(Seat.W, cards("S4 H9"), visible=cards("S4"),
                                                 designated=parse_card("H9")))


def test_58B1_no_face_seen_the_card_he_names_is_played():
    ruling, state = apply(play_state("S"), SimultaneousCards(
        Seat.W, cards("S4 H9"), designated=parse_card("H9")))
    steps = " ".join(map(str, ruling.steps))
    assert ruling.outcome["played"] == "H9" and "No face was seen" in steps
    assert "Only the" not in steps and tokens(state) == set()
    assert state.where(parse_card("S4")).place is Place.HAND


def test_58B_the_card_he_plays_is_one_of_the_cards_played_together():
    with pytest.raises(RuleError, match="one of the cards played together"):
        apply(play_state("S"), SimultaneousCards(Seat.W, cards("S4 H9"),
                                                 designated=parse_card("C2")))


def test_58B2_the_penalty_card_binds_his_next_play():
    """E's ♥9 and ♠4, both seen; he names the ♠4: the ♥9 is a minor penalty card that
    /mustplay names, and the ♠4 is in the trick."""
    ruling, state = apply(play_state("S"), SimultaneousCards(
        Seat.E, cards("S4 H9"), visible=cards("S4 H9"), designated=parse_card("S4")))
    assert tokens(state) == {"E:H9:minor"} and state.where(parse_card("S4")).place is Place.PLAYED
    answer = must_play(state, Seat.E, None, Suit.HEARTS)
    assert "♥9" in str(answer.summary) + " ".join(map(str, answer.steps))
    assert "becomes a minor penalty card" in " ".join(map(str, ruling.steps))


def test_58B3_an_opponent_who_played_after_the_cards_may_change_his_card():
    ruling, _ = apply(play_state("S"), SimultaneousCards(
        Seat.W, cards("S4 H9"), visible=cards("S4 H9"), designated=parse_card("S4")))
    said = " ".join(map(str, ruling.steps))
    assert "had played to the trick after these cards" in said and "W's side (16C)" in said
    assert {"58B3", "16C"} <= set(ruling.laws)


def test_58B_cards_led_while_declarers_lead_choice_is_due_are_refused():
    """E has a major penalty card and W is on lead: declarer chooses first (50D2), so cards W
    leads together meanwhile are refused as any lead of his is, and nothing is written."""
    state = play_state("S", "E:SK:major", trick=2, on_lead=Seat.W)
    with pytest.raises(RuleError, match="W must wait"):
        apply(state, SimultaneousCards(Seat.W, cards("H4 H9"), visible=cards("H4")))


def test_58B4_points_to_the_defective_trick_report():
    ruling, _ = apply(play_state("S"), SimultaneousCards(Seat.W, cards("S4 H9"),
                                                         discovered_late=True))
    assert "/defective-trick defect:too_many late:True" in " ".join(map(str, ruling.steps))


def test_57_events_round_trip():
    ev = PrematurePlay(Seat.W, parse_card("SK"), Suit.SPADES, rho_turn=False)
    assert event_from_data(event_to_data(ev)) == ev
    ev2 = SimultaneousCards(Seat.W, cards("S4 H9"), visible=cards("S4"))
    assert event_from_data(event_to_data(ev2)) == ev2
