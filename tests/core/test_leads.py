"""Leads out of turn: Laws 41A, 47E1, 53, 54, 55, 56."""

import pytest

from core.cards import Card, Suit, parse_card
from core.engine import ChoiceMade, apply, event_from_data, event_to_data, replay
from core.errors import RuleError
from core.laws.flow import BoardSet, CardPlayed
from core.laws.leads import LeadOutOfTurn, refusal_options
from core.laws.obligations import must_play
from core.laws.opening_lead import OpeningLeadOutOfTurn
from core.laws.penalty import PartnerLead, lead_options
from core.laws.play import add_major
from core.seats import Seat
from core.state import LeadPenalty, Phase, TableState
from core.text import Msg
from tests.core.helpers import hand, play_state, tokens

FIVE = {"accept", "become_dummy", "require:H", "forbid:H", "any"}


def oloot(state=None, offender="E", card="HK", **facts):
    state = state if state is not None else play_state("S")
    return apply(state, OpeningLeadOutOfTurn(Seat(offender), parse_card(card), **facts))


def loot(offender, card, correct, state=None, **facts):
    state = state if state is not None else play_state("S")
    return apply(state, LeadOutOfTurn(Seat(offender), parse_card(card), Seat(correct), **facts))


def choose(state, seat, option):
    return apply(state, ChoiceMade(Seat(seat), option))


# --- Law 41A: a face-down opening lead ------------------------------------------------


def test_41A_face_down_lead_out_of_turn_goes_back_without_penalty():
    ruling, state = oloot(card="HK", faced=False)
    assert ruling.options == () and state.pending == ()
    assert tokens(state) == set()
    assert ruling.outcome["next_to_play"] == "W" and ruling.outcome["declarer_after"] == "S"
    assert "41A" in ruling.laws and "47A" in ruling.laws


# --- Law 54: faced opening lead out of turn --------------------------------------------


def test_54_declarer_has_five_options_and_the_correct_leader_waits():
    ruling, state = oloot()
    assert set(ruling.option_tokens) == FIVE
    assert ruling.chooser == "declarer" and "54" in ruling.laws
    waiting = state.pending_for(Seat.W)
    assert waiting and set(waiting[0].options) == FIVE and waiting[0].offender is Seat.E
    assert must_play(state, Seat.W).outcome["waiting"] is True
    with pytest.raises(RuleError, match="must wait"):
        apply(state, CardPlayed(Seat.W, parse_card("S2")))
    assert tokens(state) == set()  # nothing is a penalty card until declarer refuses


def test_54_options_labels_are_for_people():
    ruling, _ = oloot()
    labels = {o.token: o.label for o in ruling.options}
    assert "N declares" in labels["become_dummy"]
    assert labels["require:H"].startswith("Refuse the lead")


def test_54B_accept_declarer_stays_and_plays_second_from_his_hand():
    _, state = oloot()
    ruling, state = choose(state, "W", "accept")
    assert ruling.outcome["declarer_after"] == "S" and state.declarer is Seat.S
    assert ruling.outcome["next_to_play"] == "S"
    assert tokens(state) == set() and state.restrictions == () and state.pending == ()
    assert "54B1" in ruling.laws and "53A" in ruling.laws


def test_54B2_second_card_from_dummy_stands_and_counts_as_acceptance():
    ruling, state = oloot(dummy_played_second=True)
    assert ruling.option_tokens == ("accept",) and state.pending == ()
    assert ruling.outcome["declarer_after"] == "S" and ruling.outcome["next_to_play"] == "S"
    assert "54B2" in ruling.laws
    assert any("only to correct a revoke" in s for s in ruling.steps)


def test_54A_become_dummy_swaps_declarer_and_the_new_dummy_plays_second():
    _, state = oloot()
    ruling, state = choose(state, "W", "become_dummy")
    assert state.declarer is Seat.N and ruling.outcome["declarer_after"] == "N"
    assert ruling.outcome["next_to_play"] == "S"
    assert tokens(state) == set() and "54A" in ruling.laws


def test_54A_spreading_begun_forces_declarer_to_become_dummy():
    ruling, state = oloot(spread_begun=True)
    assert ruling.option_tokens == ("become_dummy",)
    assert state.declarer is Seat.N and state.pending == ()
    assert ruling.outcome["declarer_after"] == "N" and "54A" in ruling.laws


def test_54C_dummy_seen_declarer_must_accept_and_stays_declarer():
    ruling, state = oloot(card="C6", dummy_seen=True)
    assert ruling.option_tokens == ("accept",) and ruling.outcome["options"] == ["accept"]
    assert state.declarer is Seat.S and state.pending == ()
    assert ruling.outcome["next_to_play"] == "S" and "54C" in ruling.laws


def test_54C_prevails_over_a_begun_spread():
    ruling, state = oloot(dummy_seen=True, spread_begun=True)
    assert ruling.option_tokens == ("accept",) and state.declarer is Seat.S


def test_54D_reject_then_require_returns_card_and_binds_the_correct_leader():
    _, state = oloot(card="DT")
    ruling, state = choose(state, "W", "require:D")
    assert tokens(state) == set()
    assert [(r.seat, r.token, r.lasts.value) for r in state.restrictions] == [
        (Seat.W, "require:D", "this_lead")]
    assert ruling.outcome == {"declarer_after": "S", "next_to_play": "W", "penalty_cards": [],
                              "restriction": "require:D"}
    assert "54D" in ruling.laws and "50D2(a)" in ruling.laws
    assert "50E2" in ruling.information  # the returned card is UI for W, AI for declarer


def test_54D_50D2a_the_steps_say_the_card_becomes_a_penalty_card_then_goes_back():
    """In order: refused, the card becomes a major penalty card; declarer's requirement then
    returns it (50D2(a)). No step says it stays on the table while another says it goes back."""
    _, state = oloot(card="DT")
    ruling, _ = choose(state, "W", "require:D")
    said = [str(step) for step in ruling.steps]
    assert not any("stays face up" in step for step in said), said
    becomes = next(i for i, step in enumerate(said) if "becomes a major penalty card" in step)
    back = next(i for i, step in enumerate(said) if "goes back to E's hand" in step)
    assert becomes < back


def test_54D_reject_then_forbid_lasts_while_the_leader_keeps_the_lead():
    _, state = oloot(card="SJ")
    ruling, state = choose(state, "W", "forbid:S")
    assert state.restrictions[0].token == "forbid:S"
    assert state.restrictions[0].lasts.value == "while_on_lead"
    assert must_play(state, Seat.W, hand("Q84.KT62.A73.J52")).outcome["legal"] == [
        "HK", "HT", "H6", "H2", "DA", "D7", "D3", "CJ", "C5", "C2"]


def test_54D_reject_then_any_leaves_a_major_penalty_card():
    _, state = oloot(card="H4")
    ruling, state = choose(state, "W", "any")
    assert tokens(state) == {"E:H4:major"}  # a low card, but led deliberately (50B)
    assert state.restrictions == () and ruling.outcome["restriction"] == ""
    assert "50D2(b)" in ruling.laws and ruling.outcome["next_to_play"] == "W"


def test_54D_with_an_earlier_penalty_card_declarer_gets_the_51B_options():
    state = play_state("S", "E:C5:minor")
    ruling, state = oloot(state, card="HK")
    assert {"require:H", "require:C", "forbid:H", "forbid:C", "any"} <= set(ruling.option_tokens)
    _, state = choose(state, "W", "forbid:H")
    assert tokens(state) == {"E:C5:major"}  # the minor card turned major (50B), stays


def test_54D_50D2_26B_the_five_options_then_the_26B_prohibition_on_its_own():
    """E, whose withdrawn call left a Law 26B penalty, leads the HK out of turn; W is the
    correct leader. Law 54D brings in Law 50D only (the card becomes a major penalty card), so
    declarer's Law 54 choice is the five options of the format; the 26B prohibition is a right
    at W's first lead, offered after it, whatever 50D2 option he chose: 'let W lead anything'
    (50D2(b)) does not waive it (before, the 54 buttons held the 26B prohibitions too and 'any'
    declined both)."""
    state = play_state("S", lead_penalties=(LeadPenalty(Seat.E, (Suit.CLUBS,)),))
    ruling, state = oloot(state, card="HK")
    assert set(ruling.option_tokens) == FIVE
    with pytest.raises(RuleError):
        choose(state, "W", "forbid:S")  # a 26B prohibition is no Law 54 option
    chosen, after = choose(state, "W", "any")
    assert "50D2(b)" in chosen.laws and tokens(after) == {"E:HK:major"}
    assert set(chosen.option_tokens) == {"forbid:S", "forbid:H", "forbid:D", "any"}
    prohibited, after = choose(after, "W", "forbid:S")
    assert "26B" in prohibited.laws and prohibited.outcome["restriction"] == "forbid:S"
    assert tokens(after) == {"E:HK:major"} and after.lead_penalties == ()
    chosen, after = choose(state, "W", "forbid:H")  # 50D2: the 26B prohibition of another suit
    assert set(chosen.option_tokens) == {"forbid:S", "forbid:D", "any"}
    _, accepted = choose(state, "W", "accept")
    assert accepted.lead_penalties  # W has not led yet: the 26B right still waits


def test_54_preliminary_partners_face_down_lead_is_retracted():
    ruling, _ = oloot(partner_led_face_down=True)
    assert "face-down lead is taken back" in ruling.steps[0]


def test_54E_declaring_side_opening_lead_is_a_law_24_matter():
    ruling, state = oloot(offender="N", card="SA")
    assert ruling.options == () and tokens(state) == set()
    assert {"54E", "24D"} <= set(ruling.laws)
    assert ruling.outcome["next_to_play"] == "W"
    assert "unauthorized for the declaring side" in ruling.information


def test_54E_face_down_attempt_by_declarer_simply_goes_back():
    ruling, state = oloot(offender="S", card="SA", faced=False)
    assert ruling.options == () and "54E" in ruling.laws and tokens(state) == set()


def test_54_correct_leader_leading_is_not_out_of_turn():
    with pytest.raises(RuleError, match="in turn"):
        oloot(offender="W")


def test_54_needs_a_declarer_and_a_board_in_play():
    with pytest.raises(RuleError, match="declarer"):
        oloot(TableState())
    with pytest.raises(RuleError, match="ended"):
        oloot(play_state("S", phase=Phase.FINISHED))


def test_54_card_cannot_be_another_players_penalty_card():
    with pytest.raises(RuleError, match="W's penalty card"):
        oloot(play_state("S", "W:HK:major"), card="HK")


def test_54_choice_not_offered_is_refused():
    _, state = oloot()
    with pytest.raises(RuleError, match="not an option"):
        choose(state, "W", "require:S")


# --- Law 56: a defender's lead out of turn ------------------------------------------------


def test_56_partner_should_lead_options_are_accept_and_the_50D2_choices():
    ruling, state = loot("W", "HA", "E", trick=7)
    assert set(ruling.option_tokens) == {"accept", "require:H", "forbid:H", "any"}
    assert ruling.chooser == "declarer" and state.pending_for(Seat.E)
    assert "56" in ruling.laws


def test_56B_forbid_picks_the_card_up_and_binds_the_partner():
    _, state = loot("W", "HA", "E", trick=7)
    ruling, state = choose(state, "E", "forbid:H")
    assert tokens(state) == set() and ruling.outcome["next_to_lead"] == "E"
    assert ruling.outcome["restriction"] == "forbid:H"
    assert {"56B", "50D2(a)"} <= set(ruling.laws)


def test_56B_any_leaves_the_card_as_a_major_penalty_card():
    _, state = loot("W", "H5", "E", trick=7)
    ruling, state = choose(state, "E", "any")
    assert tokens(state) == {"W:H5:major"} and ruling.outcome["restriction"] == ""


def test_56A_accepted_lead_stands_and_offender_has_led():
    _, state = loot("W", "HA", "E", trick=7)
    ruling, state = choose(state, "E", "accept")
    assert ruling.outcome["next_to_lead"] == "W" and tokens(state) == set()
    assert "53A" in ruling.laws and state.pending == ()


def test_56_correct_leader_on_declarers_side_options_are_accept_and_reject():
    ruling, state = loot("E", "D6", "N", trick=3)
    assert set(ruling.option_tokens) == {"accept", "reject"}
    ruling, state = choose(state, "N", "reject")
    assert tokens(state) == {"E:D6:major"} and ruling.outcome["next_to_lead"] == "N"
    assert ruling.outcome["restriction"] == "" and "56B" in ruling.laws


def test_56_penalty_card_then_gives_lead_options_when_partner_gets_the_lead():
    _, state = loot("E", "D6", "S", trick=3)
    _, state = choose(state, "S", "reject")
    ruling, _ = apply(state, PartnerLead(Seat.W))
    assert set(ruling.option_tokens) == {"require:D", "forbid:D", "any"}


# --- Law 55: declarer's lead out of turn --------------------------------------------------


def test_55A_defenders_choose_and_next_defender_prevails():
    ruling, state = loot("N", "H7", "E")
    assert ruling.chooser == "defenders" and set(ruling.option_tokens) == {"accept", "reject"}
    assert ruling.outcome["prevails"] == "E"
    ruling, state = choose(state, "E", "accept")
    assert ruling.outcome["next_to_lead"] == "N" and tokens(state) == set()
    assert "55A" in ruling.laws


def test_55B1_retracted_at_a_defenders_turn_no_further_rectification():
    _, state = loot("S", "C4", "W")
    ruling, state = choose(state, "W", "reject")
    assert ruling.outcome["next_to_lead"] == "W" and tokens(state) == set()
    assert "55B1" in ruling.laws and "55C" in ruling.judgement


def test_55B2_wrong_hand_declarer_leads_any_card_from_the_right_hand():
    ruling, state = loot("N", "C3", "S", trick=4)
    assert ruling.chooser == "defenders"
    ruling, state = choose(state, "S", "reject")
    assert ruling.outcome == {"next_to_lead": "S", "penalty_cards": [], "restriction": ""}
    assert "55B2" in ruling.laws and state.restrictions == ()


# --- Law 53 and 47E1 ----------------------------------------------------------------------


def test_53A_next_hand_playing_to_the_lead_accepts_it():
    ruling, state = loot("W", "SQ", "E", next_hand_played=True)
    assert ruling.option_tokens == ("accept",) and state.pending == ()
    assert ruling.outcome["next_to_lead"] == "W" and tokens(state) == set()
    assert {"53A", "60A1"} <= set(ruling.laws)


def test_53A_trick_13_lead_out_of_turn_must_be_retracted_defender():
    ruling, state = loot("W", "C3", "S", trick=13)
    assert ruling.option_tokens == ("reject",) and state.pending == ()
    assert tokens(state) == {"W:C3:major"} and ruling.outcome["next_to_lead"] == "S"
    assert "53A" in ruling.laws and "trick 13" in ruling.summary


def test_53A_trick_13_even_a_play_to_it_does_not_accept_it():
    ruling, _ = loot("N", "C3", "E", trick=13, next_hand_played=True)
    assert ruling.option_tokens == ("reject",) and ruling.outcome["next_to_lead"] == "E"
    assert ruling.outcome["chooser"] == "defenders" and ruling.outcome["penalty_cards"] == []


def test_53A_trick_13_partner_to_lead_leaves_only_the_50D2_choices():
    ruling, state = loot("W", "C3", "E", trick=13)
    assert set(ruling.option_tokens) == {"require:C", "forbid:C", "any"}
    assert state.pending_for(Seat.E)


def test_53B_proper_lead_by_the_opponent_stands_and_the_card_goes_back():
    ruling, state = loot("W", "SQ", "S", proper_lead=parse_card("H2"))
    assert tokens(state) == set() and ruling.outcome["next_to_lead"] == "S"
    assert "53B" in ruling.laws and ruling.options == ()


def test_53B_needs_an_opponent_as_the_correct_leader():
    with pytest.raises(RuleError, match="opponent"):
        loot("W", "SQ", "E", proper_lead=parse_card("H2"))


def test_53C_wrong_defender_plays_to_declarers_lead_then_57_applies():
    # Declarer leads the D4 from dummy (N) at W's turn; W, on dummy's right, plays the D9.
    ruling, state = loot("N", "D4", "W", rho_card=parse_card("D9"))
    assert tokens(state) == {"W:D9:major"}
    assert {"highest", "lowest", "require:S", "forbid:C"} <= set(ruling.option_tokens)
    assert {"53C", "57A"} <= set(ruling.laws)
    assert state.pending_for(Seat.E)


def test_47E1_misinformed_lead_is_retracted_without_rectification():
    ruling, state = loot("E", "HA", "W", misinformed=True)
    assert ruling.options == () and tokens(state) == set() and state.pending == ()
    assert ruling.outcome["next_to_lead"] == "W" and "47E1" in ruling.laws
    assert ruling.outcome["chooser"] == "declarer"  # a defender led; nothing is left to choose


@pytest.mark.parametrize("trick", [0, 1, 14])
def test_53_impossible_trick_numbers_are_refused(trick):
    with pytest.raises(RuleError):
        loot("W", "HA", "E", trick=trick)


def test_53_offender_cannot_be_the_correct_leader():
    with pytest.raises(RuleError, match="in turn"):
        loot("W", "HA", "W")


def test_leads_refuse_a_dummy_penalty_card_in_the_state():
    with pytest.raises(RuleError, match="never has penalty cards"):
        loot("W", "HA", "E", state=play_state("S", "N:SK:major"))


# --- events are stored and replayed -----------------------------------------------------------


def test_54_events_round_trip_and_replay_to_the_same_state():
    start = play_state("S")
    events = [OpeningLeadOutOfTurn(Seat.E, parse_card("DT")), ChoiceMade(Seat.W, "any"),
              LeadOutOfTurn(Seat.W, parse_card("S3"), Seat.S, trick=4,
                            proper_lead=None, rho_card=None)]
    stored = [event_from_data(event_to_data(e)) for e in events]
    assert stored == events
    final = replay(stored, start)
    assert TableState.from_json(final.to_json()) == final
    assert tokens(final) == {"E:DT:major"}
    assert final.pending[0].law == "56" and final.pending[0].seat is Seat.S


# --- the conformance adapters ----------------------------------------------------------------


def test_54C_adapter_accepts_the_forced_choice_and_refuses_another():
    from core.scenarios.runner import run_case

    base = {"id": "x", "kind": "opening_lead_out_of_turn", "declarer": "S", "offender": "E",
            "card": "C6", "dummy_seen": True}
    forced = run_case({**base, "choice": "accept",
                       "expect": {"options": ["accept"], "declarer_after": "S",
                                  "next_to_play": "S", "cites": ["54C"]}})
    assert forced.status == "pass", forced.detail
    refused = run_case({**base, "choice": "become_dummy", "expect": {"error": True}})
    assert refused.status == "pass", refused.detail


def test_56_adapter_reports_next_leader_and_restriction_after_choice():
    from core.scenarios.runner import run_case

    result = run_case({"id": "y", "kind": "lead_out_of_turn", "declarer": "N", "offender": "W",
                       "card": "DQ", "correct_leader": "E", "trick": 6, "choice": "require:D",
                       "expect": {"chooser": "declarer", "next_to_lead": "E",
                                  "penalty_cards": [], "restriction": "require:D",
                                  "options": ["accept", "require:D", "forbid:D", "any"]}})
    assert result.status == "pass", result.detail


@pytest.mark.parametrize("offender", [Seat.E, Seat.N])
def test_41A_a_face_down_card_is_never_named_in_the_public_ruling(offender):
    """Law 16: partner never saw the card, so the public answer must not show it."""
    ruling, _ = apply(play_state(), OpeningLeadOutOfTurn(offender, parse_card("HK"), faced=False))
    text = " ".join(map(str, (ruling.summary, *ruling.steps, ruling.information)))
    assert "♥K" not in text and "HK" not in text


def test_53A_next_hand_accepting_declarers_lead_names_the_defenders_as_chooser():
    """Declarer (S) led out of turn, and W, next in rotation, played to it: the defenders were
    the ones who could accept, and the ruling says so."""
    ruling, _ = loot("S", "SQ", "N", next_hand_played=True)
    assert ruling.chooser == "defenders" and ruling.outcome["chooser"] == "defenders"


def test_47E1_ruling_states_its_chooser():
    ruling, _ = loot("E", "HA", "W", misinformed=True)
    assert ruling.chooser == "declarer"


def test_55A_the_choice_waits_for_the_defender_next_in_turn_after_the_card():
    """Either defender may answer, but W's answer (next after S's card) prevails if they
    disagree, so only W (or a director) closes the choice; from dummy's card it is E."""
    from core.state import may_choose

    for offender, prevails, other in (("S", Seat.W, Seat.E), ("N", Seat.E, Seat.W)):
        ruling, state = loot(offender, "C9", "S" if offender == "N" else "N")
        (pending,) = state.pending
        assert ruling.outcome["prevails"] == prevails.value
        assert may_choose(pending.chooser, prevails, director=False, declarer=Seat.S,
                          offender=pending.offender)
        assert not may_choose(pending.chooser, other, director=False, declarer=Seat.S,
                              offender=pending.offender)


def test_47E1_an_opening_lead_made_on_misinformation_goes_back_without_rectification():
    ruling, state = oloot(offender="E", card="HQ", misinformed=True)
    assert "47E1" in ruling.laws and ruling.outcome["options"] == []
    assert not state.penalty_cards and not state.pending
    assert ruling.outcome["next_to_play"] == "W" and ruling.outcome["declarer_after"] == "S"


def test_53C_57C1_dummy_has_also_played_so_the_early_card_is_not_rectified():
    ruling, state = loot("S", "C5", "N", trick=5, rho_card=parse_card("CK"), dummy_played=True)
    assert "53C" in ruling.laws and "57C1" in ruling.laws
    assert not state.penalty_cards and not state.pending
    without, state = loot("S", "C5", "N", trick=5, rho_card=parse_card("CK"))
    assert tokens(state) == {"E:CK:major"} and "57A" in without.laws


@pytest.mark.parametrize("majors, specified", [
    (("SK",), None), (("SK", "HQ"), None), (("SK", "HQ", "DJ"), None),
    (("SK",), ()), (("SK", "HQ"), (Suit.CLUBS,)),
])
def test_refusal_labels_say_each_lead_option_as_its_own_label_does(majors, specified):
    """``refusal_options`` says "Refuse the lead, then: " and each 50D2/51B option of
    ``lead_options`` as one sentence (to be translated whole): the same English as the
    option's own label with its first letter lower case. A 26B prohibition waiting is offered
    after that choice, not in it."""
    state = TableState(declarer=Seat.S, phase=Phase.PLAY)
    for text in majors[1:]:
        state, _ = add_major(state, Seat.E, Card.parse(text), "50B")
    if specified is not None:
        state = state.evolve(lead_penalties=(LeadPenalty(Seat.E, specified),))
    after, _ = add_major(state, Seat.E, Card.parse(majors[0]), "54D")
    options = lead_options(after, Seat.W)
    refusals = refusal_options(state, Seat.E, Card.parse(majors[0]), Seat.W, "54D")
    assert [o.token for o in refusals] == [o.token for o in options]
    for option, refusal in zip(options, refusals, strict=True):
        label = str(option.label)
        assert str(refusal.label) == "Refuse the lead, then: " + label[0].lower() + label[1:]
        assert isinstance(refusal.label, Msg) and "{option}" not in refusal.label.template


def test_54B_once_an_opening_lead_out_of_turn_stands_no_other_opening_lead_follows():
    """E's opening lead out of turn is accepted: it is the opening lead (54B). Another opening
    lead out of turn reported after it is refused and changes nothing (the random evenings had
    a second one refused with declarer's lead options waiting for W while E was on lead)."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4H"))
    _, state = oloot(state)
    _, state = choose(state, "W", "accept")
    assert state.on_lead is Seat.E and state.trick == 1
    with pytest.raises(RuleError, match="opening lead has been made"):
        oloot(state, card="SA")


def test_54_no_opening_lead_out_of_turn_once_the_opening_leader_has_led():
    """W, the opening leader, leads his penalty card HK (its play is the one card the bot
    records in play): the opening lead is made (41C), so E's card faced after it is no opening
    lead out of turn and gives declarer no Law 54 options; refused, nothing changes."""
    _, state = apply(play_state("S", "W:HK:major"), CardPlayed(Seat.W, parse_card("HK")))
    with pytest.raises(RuleError, match="opening lead has been made"):
        oloot(state, offender="E", card="SA")


def test_54D_refusing_the_lead_puts_the_correct_leader_on_lead():
    """Declarer refuses W's opening lead out of turn: E leads (54D), so declarer's lead options
    that follow (50D2, with W's 26B prohibition) wait for E. (The random evenings had S
    reported on lead by a later report while the 54 choice waited; such a report is now
    refused: nobody leads while the choice waits.)"""
    start = TableState(lead_penalties=(LeadPenalty(Seat.W),))
    _, state = apply(start, BoardSet(dealer=Seat.N, declarer=Seat.N, contract="4H"))
    _, state = oloot(state, offender="W", card="SA")
    _, state = choose(state, "E", "require:S")
    assert state.on_lead is Seat.E
    assert all(p.seat is Seat.E for p in state.pending if p.law in ("50D2", "26B"))


def test_54_55_56_nobody_leads_or_plays_while_the_lead_out_of_turn_waits_for_its_choice():
    """While declarer (or the defenders) choose about a lead out of turn, nobody plays: a
    second lead out of turn, a premature play or another opening lead out of turn reported
    meanwhile is refused, as a card played is (a card shown then is exposed, /exposed). The
    random evenings had W lead out of turn while E's opening lead out of turn waited, and
    the two choices then left a 26B choice for E beside W on lead."""
    from core.laws.premature import PrematurePlay

    _, opening = oloot(offender="E", card="SA")  # S declares: W was to lead
    _, later = loot("W", "HK", "E", trick=3)  # E to lead to trick 3, W led
    for state, event in (
        (opening, LeadOutOfTurn(Seat.W, parse_card("SK"), Seat.E, trick=2)),
        (opening, OpeningLeadOutOfTurn(Seat.W, parse_card("SK"))),
        (opening, PrematurePlay(Seat.W, parse_card("SK"), led=Suit.HEARTS)),
        (later, LeadOutOfTurn(Seat.N, parse_card("C2"), Seat.E, trick=3)),
        (later, PrematurePlay(Seat.E, parse_card("C2"), led=Suit.HEARTS)),
    ):
        with pytest.raises(RuleError, match="must wait: the (declarer|defenders) must first "
                                            "choose an option"):
            apply(state, event)


def test_54_a_corrected_declarer_lets_the_choice_of_the_old_one_lapse():
    """S declares and E leads out of turn: the 54 choice waits for S. The declarer is then
    corrected (a board change): whoever it is, the lead was judged out of turn from S, and the
    choice was S's, so it lapses with him instead of waiting beside the new opening leader
    (to be offered to N, or to E, for E's own lead). Declarer's lead options for a defender's
    lead follow the lead, as before: none is left for a player not on lead."""
    for declarer in (Seat.N, Seat.E, Seat.W):
        _, waiting = oloot(offender="E", card="SK")
        assert [p.law for p in waiting.pending] == ["54"]
        _, state = apply(waiting, BoardSet(declarer=declarer))
        assert state.pending == (), (declarer, state.pending)
        assert state.declarer is declarer and state.on_lead is declarer.lho
        assert state.penalty_cards == ()
