"""The play as far as reports tell it (who is on lead, which trick) and when restrictions end;
and the play-period defects of issue 12 (items 1-7), each named by its law."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.cards import Suit, parse_card
from core.engine import ChoiceMade, apply, replay
from core.errors import RuleError
from core.laws.course import PlayReported, RestrictionSpent
from core.laws.flow import AuctionEnded, LeadLost
from core.laws.leads import LeadOutOfTurn
from core.laws.obligations import must_play
from core.laws.opening_lead import OpeningLeadOutOfTurn
from core.laws.penalty import PartnerLead, PenaltyNotPlayed, lead_ruling
from core.laws.premature import PrematurePlay
from core.seats import Seat
from core.state import TableState
from core.view import view_of
from tests.core.helpers import hand, play_state, tokens


def forbid_spades_on_w(trick=3):
    """E has the SK as a major penalty card; W is on lead to ``trick`` and declarer forbids
    spades while W keeps the lead."""
    state = play_state("S", "E:SK:major")
    _, state = apply(state, PartnerLead(Seat.W, trick=trick))
    _, state = apply(state, ChoiceMade(Seat.W, "forbid:S"))
    return state


def w_tokens(state):
    return [r.token for r in state.restrictions_on(Seat.W)]


# --- issue 11 item 4: the course of play --------------------------------------------------


def test_50D2a_forbid_ends_as_soon_as_someone_else_is_on_lead():
    state = forbid_spades_on_w()
    ruling, state = apply(state, PartnerLead(Seat.N))  # dummy won the trick and leads
    assert w_tokens(state) == [] and state.on_lead is Seat.N
    assert any("no longer binding" in s for s in ruling.steps)


def test_50D2a_forbid_holds_while_he_leads_the_next_trick():
    state = forbid_spades_on_w(trick=3)
    ruling, state = apply(state, PartnerLead(Seat.W, trick=4))
    assert w_tokens(state) == ["forbid:S"] and not state.pending
    assert "W leads, bound by" in ruling.summary and "side loses the lead" in ruling.summary


def test_50D2a_forbid_in_doubt_after_unreported_tricks_asks_the_table():
    state = forbid_spades_on_w(trick=3)
    ruling, state = apply(state, PartnerLead(Seat.W, trick=7))
    assert ruling.option_tokens == ("kept", "lost") and ruling.chooser == "declarer_side"
    assert w_tokens(state) == ["forbid:S"]  # kept until answered, never silently dropped
    waiting = must_play(state, Seat.W)
    assert waiting.outcome["waiting"] is True
    ruling, state = apply(state, ChoiceMade(Seat.W, "lost"))
    assert w_tokens(state) == [] and not state.pending
    assert "may lead any card" in ruling.summary


def test_50D2a_requirement_ends_with_its_lead():
    state = play_state("S", "E:SK:major")
    _, state = apply(state, PartnerLead(Seat.W, trick=3))
    _, state = apply(state, ChoiceMade(Seat.W, "require:S"))
    assert w_tokens(state) == ["require:S"]
    _, state = apply(state, PartnerLead(Seat.W, trick=4))
    assert w_tokens(state) == []


def test_57A_instruction_ends_with_its_trick():
    state = play_state("S", trick=5)
    _, state = apply(state, PrematurePlay(Seat.W, parse_card("H9"), led=Suit.CLUBS))
    _, state = apply(state, ChoiceMade(Seat.E, "lowest"))
    assert [r.token for r in state.restrictions_on(Seat.E)] == ["lowest"]
    _, same = apply(state, PlayReported(trick=5))
    assert [r.token for r in same.restrictions_on(Seat.E)] == ["lowest"]
    _, later = apply(state, PlayReported(trick=6))
    assert later.restrictions == ()
    _, led_again = apply(state, PartnerLead(Seat.S))
    assert led_again.restrictions == ()


def _stored_before_tricks(state):
    """``state`` as a snapshot stored before choices carried their trick: loaded, each of its
    pending choices has none."""
    data = json.loads(state.to_json())
    for pending in data["pending"]:
        del pending["trick"]
    old = TableState.from_json(json.dumps(data))
    assert old.pending and all(p.trick is None for p in old.pending)
    return old


def test_57A_a_stored_choice_without_its_trick_lapses_once_a_later_trick_is_reported():
    """Declarer's 57A choice covers one trick (57A, 57B). One stored before choices carried
    their trick lapsed only when another leader was reported: a later trick reported without
    its leader (an incident at trick 6, /lead naming the same player) left it waiting, and
    holding up E's play, for the rest of the board. It is taken to be for the trick the board
    is at, as the reports tell it."""
    state = play_state("S", trick=5)
    _, state = apply(state, PrematurePlay(Seat.W, parse_card("H9"), led=Suit.CLUBS))
    old = _stored_before_tricks(state)
    _, same = apply(old, PlayReported(trick=5))
    assert [p.law for p in same.pending] == ["57A"]  # trick 5 is still being played
    _, later = apply(old, PlayReported(trick=6))
    assert later.pending == () and later.trick == 6
    assert must_play(later, Seat.E).outcome.get("waiting") is not True
    _, led_again = apply(old, PartnerLead(Seat.S, trick=6))
    assert led_again.pending == ()


def test_57A_a_choice_made_before_any_trick_was_reported_lapses_once_the_state_can_tell():
    """No report had said which trick it was when W played early: the choice has no trick.
    A trick reported then tells the board's trick, and the next later one ends the choice."""
    state = play_state("S")
    assert state.trick is None
    _, state = apply(state, PrematurePlay(Seat.W, parse_card("H9"), led=Suit.CLUBS))
    assert state.pending[0].trick is None
    _, state = apply(state, PlayReported(trick=4))
    assert [p.law for p in state.pending] == ["57A"]  # which trick W played to: unknown
    _, state = apply(state, PlayReported(trick=5))
    assert state.pending == ()


def test_57A_restriction_spent_when_the_table_says_he_played():
    state = play_state("S")
    _, state = apply(state, PrematurePlay(Seat.W, parse_card("H9"), led=Suit.CLUBS))
    _, state = apply(state, ChoiceMade(Seat.E, "highest"))
    _, state = apply(state, RestrictionSpent(Seat.E))
    assert state.restrictions == ()


def test_41A_auction_end_puts_the_opening_leader_on_lead_to_trick_1():
    state = TableState(dealer=Seat.N)
    _, state = apply(state, AuctionEnded(Seat.S, "4S"))
    assert (state.trick, state.on_lead) == (1, Seat.W)


def test_course_replay_equals_the_step_by_step_state_and_round_trips():
    events = [AuctionEnded(Seat.S, "3NT"), PartnerLead(Seat.E, trick=2),
              PlayReported(trick=3, leader=Seat.E), PartnerLead(Seat.W, trick=9)]
    state = TableState(dealer=Seat.N)
    for ev in events:
        _, state = apply(state, ev)
    assert replay(events, TableState(dealer=Seat.N)) == state
    assert TableState.from_json(state.to_json()) == state


# --- issue 12 items 1-7 -----------------------------------------------------------------


def test_52B2_minor_penalty_card_passed_over_for_a_lower_card_is_required():
    ev = PenaltyNotPlayed(Seat.E, parse_card("D2"))
    ruling, state = apply(play_state("S", "E:D7:minor"), ev)
    assert ruling.outcome["substitute"] == "D7" and "52B2" in ruling.laws
    assert tokens(state) == {"E:D2:major"}


def test_52B1_minor_penalty_card_passed_over_declarer_accepts_and_it_stays():
    ev = PenaltyNotPlayed(Seat.E, parse_card("D2"), accepted=True)
    ruling, state = apply(play_state("S", "E:D7:minor"), ev)
    assert "52B1(a)" in ruling.laws and tokens(state) == {"E:D7:minor"}


def test_54B_opening_lead_of_own_penalty_card_accepted_leaves_the_table():
    state = play_state("S", "E:SK:major")
    _, state = apply(state, OpeningLeadOutOfTurn(Seat.E, parse_card("SK")))
    ruling, state = apply(state, ChoiceMade(Seat.W, "accept"))
    assert tokens(state) == set() and not state.pending
    assert "50D1" in " ".join(map(str, ruling.steps))


def test_54A_declarer_becomes_dummy_the_led_penalty_card_leaves_the_table():
    state = play_state("S", "E:SK:major")
    _, state = apply(state, OpeningLeadOutOfTurn(Seat.E, parse_card("SK")))
    _, state = apply(state, ChoiceMade(Seat.W, "become_dummy"))
    assert tokens(state) == set() and state.declarer is Seat.N


def test_56A_lead_of_own_penalty_card_accepted_leaves_the_table():
    state = play_state("S", "W:HQ:major")
    _, state = apply(state, LeadOutOfTurn(Seat.W, parse_card("HQ"), Seat.S, trick=4))
    _, state = apply(state, ChoiceMade(Seat.S, "accept"))
    assert tokens(state) == set() and state.on_lead is Seat.W


def test_50D2a_while_on_lead_ends_when_either_defender_reports_the_lost_lead():
    for reported in (Seat.W, Seat.E):
        state = forbid_spades_on_w()
        _, state = apply(state, LeadLost(reported))
        assert w_tokens(state) == [], reported


def test_50D2a_prohibition_binds_the_lead_only_never_a_discard():
    state = forbid_spades_on_w()
    holding = hand("K5.-.Q7.J9")  # no heart: W may discard a spade when hearts are led
    ruling = must_play(state, Seat.W, holding, Suit.HEARTS)
    assert "SK" in ruling.outcome["legal"] and "S5" in ruling.outcome["legal"]
    leading = must_play(state, Seat.W, holding)
    assert not any(c.startswith("S") for c in leading.outcome["legal"])
    words = must_play(state, Seat.W, None, Suit.HEARTS)
    assert any("does not bind this play" in s for s in (words.summary, *words.steps))


def test_54C_forced_acceptance_leaves_no_50D2_choice_waiting():
    state = play_state("S", "E:SK:major")
    _, state = apply(state, PartnerLead(Seat.W))  # auction over: 50D2 waits before W's lead
    assert state.pending_for(Seat.W)
    ruling, state = apply(state, OpeningLeadOutOfTurn(Seat.E, parse_card("H2"),
                                                      dummy_seen=True))
    assert "54C" in ruling.laws and state.pending == ()
    assert must_play(state, Seat.S, hand("A2.K3.Q4.J5"), Suit.HEARTS).outcome["legal"]


def test_50D1_lead_with_own_major_penalty_card_must_lead_it():
    ruling, state = apply(play_state("S", "W:SK:major"), PartnerLead(Seat.W))
    assert "must lead his penalty card" in ruling.summary and "50D1" in ruling.laws
    assert ruling.options == () and "may lead any card" not in ruling.summary
    ruling, _ = apply(play_state("S", "W:SK:major", "W:H4:major"), PartnerLead(Seat.W))
    assert "51A" in ruling.laws and "declarer names" in ruling.summary


def test_51B2b_declarer_may_forbid_both_suits():
    _, state = apply(play_state("S", "E:SQ:major", "E:D5:major"), PartnerLead(Seat.W))
    ruling, state = apply(state, ChoiceMade(Seat.W, "forbid:SD"))
    assert "51B2(b)" in ruling.laws and tokens(state) == set()
    assert sorted(w_tokens(state)) == ["forbid:D", "forbid:S"]
    assert must_play(state, Seat.W, hand("K5.A2.Q7.-")).outcome["legal"] == ["HA", "H2"]


def test_50D2a_a_later_trick_reported_without_its_leader_puts_the_forbid_in_doubt():
    """An incident at trick 8 says nothing of who led: did W keep the lead since trick 3?"""
    state = forbid_spades_on_w(trick=3)
    ruling, state = apply(state, PlayReported(trick=8))
    assert state.pending_for(Seat.W)[0].options == ("kept", "lost")
    assert must_play(state, Seat.W).outcome["waiting"] is True
    assert any("kept the lead" in line for line in view_of(state).lines())
    kept, after = apply(state, ChoiceMade(Seat.W, "kept"))
    assert w_tokens(after) == ["forbid:S"] and after.on_lead is Seat.W and not after.pending
    _, lost = apply(state, LeadLost(Seat.E))  # the lapse button answers it too
    assert w_tokens(lost) == [] and not lost.pending


# --- /state, /mustplay and /lead agree, whatever the reports --------------------------------

SEATS = [Seat.N, Seat.E, Seat.S, Seat.W]
TRICKS = st.one_of(st.none(), st.integers(1, 13))
STEPS = st.one_of(
    st.builds(PartnerLead, st.sampled_from(SEATS), TRICKS),
    st.builds(PlayReported, TRICKS, st.one_of(st.none(), st.sampled_from(SEATS))),
    st.builds(LeadLost, st.sampled_from([Seat.E, Seat.W])),
    st.builds(ChoiceMade, st.sampled_from([Seat.E, Seat.W]),
              st.sampled_from(["forbid:S", "forbid:D", "forbid:SD", "require:S", "any", "kept",
                               "lost"])),
)


def said(lines, seat):
    """The lead restrictions on ``seat`` a text states (``forbid:spade`` ...)."""
    text = " ".join(map(str, lines))
    return {f"{verb}:{suit}" for suit in ("spade", "diamond")
            for verb, words in (("forbid", "may not lead a"), ("require", "must lead a"))
            if f"{seat.value} {words} {suit}" in text or f"You {words} {suit}" in text}


CHOICES = st.sampled_from(["forbid:S", "forbid:D", "forbid:SD", "require:S", "require:D"])


@settings(max_examples=80)
@given(first=CHOICES, steps=st.lists(STEPS, max_size=12))
def test_50D2_state_mustplay_and_lead_agree_after_every_report(first, steps):
    """Whatever is reported after declarer's choice, the three answers state the same
    restrictions (or all wait for the table's answer)."""
    state = play_state("S", "E:SK:major", "E:D5:major", "W:S7:major", "W:D4:major")
    for ev in [PartnerLead(Seat.W, trick=2), ChoiceMade(Seat.W, first), *steps]:
        try:
            _, state = apply(state, ev)
        except RuleError:
            continue  # a refused report changes nothing
        for seat in (Seat.E, Seat.W):
            in_state = said(view_of(state).lines(), seat)
            words = must_play(state, seat)
            if any(p.chooser in ("players", "declarer_side") for p in state.pending_for(seat)):
                assert words.outcome["waiting"] is True
                continue
            if state.pending_for(seat):
                continue  # declarer's choice first: /mustplay says wait
            assert said((words.summary, *words.steps), seat) == in_state
            if state.on_lead is seat:
                lead, _ = lead_ruling(state, seat)
                assert said((lead.summary, *lead.steps), seat) == in_state


def test_54_no_opening_lead_out_of_turn_once_the_reports_are_past_trick_1():
    """E declares; N is reported on lead to a later trick (declarer's 50D2 options for S's ♠A
    wait for it): an opening lead out of turn by N is refused (the opening lead was made long
    ago), so no 54 choice is added beside the 50D2 one and nothing changes."""
    state = play_state("E", "S:SA:major")
    _, later = apply(state, PartnerLead(Seat.N))
    with pytest.raises(RuleError, match="the opening lead has been made"):
        apply(later, OpeningLeadOutOfTurn(Seat.N, parse_card("SK")))
    ruling, _ = apply(state, OpeningLeadOutOfTurn(Seat.N, parse_card("SK")))
    assert "54" in " ".join(ruling.laws), ruling.laws
