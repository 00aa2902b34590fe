"""Declarer's lead options (Laws 50D2, 51B) and a penalty card not played (Law 52)."""

import pytest

from core.cards import parse_card
from core.engine import ChoiceMade, apply
from core.errors import RuleError
from core.laws.flow import CardPlayed, LeadLost
from core.laws.penalty import PartnerLead, PenaltyNotPlayed
from core.seats import Seat
from core.view import must_play, view_of
from tests.core.helpers import play_state, tokens


def lead(state, leader="W"):
    return apply(state, PartnerLead(Seat(leader)))


def choose(state, option, leader="W"):
    return apply(state, ChoiceMade(Seat(leader), option))


def test_50C_minor_penalty_card_gives_no_lead_options():
    ruling, state = lead(play_state("S", "E:D4:minor"))
    assert ruling.options == () and state.pending == ()
    assert "50C" in ruling.laws


def test_50D2_single_major_three_options_and_leader_waits():
    ruling, state = lead(play_state("S", "E:SK:major"))
    assert set(ruling.option_tokens) == {"require:S", "forbid:S", "any"}
    assert ruling.chooser == "declarer"
    assert state.pending_for(Seat.W)[0].options == ruling.option_tokens


def test_50D2a_require_picks_card_up_for_this_lead_only():
    _, state = lead(play_state("S", "E:SK:major"))
    ruling, state = choose(state, "require:S")
    assert tokens(state) == set()
    assert [(r.token, r.lasts.value) for r in state.restrictions] == [("require:S", "this_lead")]
    assert "50D2(a)" in ruling.laws and "50E2" in ruling.information
    played, state = apply(state, CardPlayed(Seat.W, parse_card("S3")))
    assert state.restrictions == ()
    used = " ".join(map(str, played.steps))
    assert "This card uses up W's restriction: W must lead a spade" in used
    assert "require:S" not in used


def test_50D2a_forbid_lasts_until_the_lead_is_lost():
    _, state = lead(play_state("S", "E:SK:major"))
    _, state = choose(state, "forbid:S")
    _, state = apply(state, CardPlayed(Seat.W, parse_card("H3")))
    assert [r.token for r in state.restrictions_on(Seat.W)] == ["forbid:S"]
    _, state = apply(state, LeadLost(Seat.W))
    assert state.restrictions == ()


def test_50D2b_any_leaves_the_card_and_the_choice_recurs():
    _, state = lead(play_state("S", "E:SK:major"))
    ruling, state = choose(state, "any")
    assert tokens(state) == {"E:SK:major"} and state.restrictions == ()
    assert "50D2(b)" in ruling.laws
    same, state = lead(state)  # asked again before W has led: the same lead, chosen already
    assert same.option_tokens == () and "already chosen" in same.summary
    _, state = apply(state, CardPlayed(Seat.W, parse_card("H3")))  # W makes that lead
    # the choice was for that lead: no command offers it again for the trick he led to
    assert view_of(state).wait_for(Seat.W, leading=True) is None
    assert not any("Before W leads" in str(line) for line in view_of(state).lines())
    again, state = lead(state)  # W kept the lead: declarer has the options again (footnote)
    assert "any" in again.option_tokens


def test_50D2b_after_any_a_later_trick_brings_the_options_back():
    _, state = lead(play_state("S", "E:SK:major"))
    _, state = choose(state, "any")
    again, _ = apply(state, PartnerLead(Seat.W, trick=4))
    assert "any" in again.option_tokens


def test_50D2_leader_cannot_play_before_declarer_chooses():
    _, state = lead(play_state("S", "E:SK:major"))
    with pytest.raises(RuleError, match="must wait"):
        apply(state, CardPlayed(Seat.W, parse_card("H3")))


def test_50D2_choice_must_be_one_of_the_options():
    _, state = lead(play_state("S", "E:SK:major"))
    with pytest.raises(RuleError, match="not an option"):
        choose(state, "require:H")


def test_51B1_two_cards_one_suit_require_picks_both_up():
    _, state = lead(play_state("S", "E:SK:major", "E:S4:major"))
    ruling, state = choose(state, "require:S")
    assert tokens(state) == set() and "51B1(a)" in ruling.laws


def test_51B2_forbid_one_suit_other_penalty_card_stays():
    ruling, state = lead(play_state("S", "E:SQ:major", "E:D5:major"))
    assert set(ruling.option_tokens) == {"require:S", "require:D", "forbid:S", "forbid:D",
                                         "forbid:SD", "any"}
    ruling, state = choose(state, "forbid:D")
    assert tokens(state) == {"E:SQ:major"}
    assert "51B2(b)" in ruling.laws


def test_51B2c_neither_keeps_all_cards():
    _, state = lead(play_state("S", "E:SQ:major", "E:D5:major"))
    ruling, state = choose(state, "any")
    assert tokens(state) == {"E:SQ:major", "E:D5:major"} and "51B2(c)" in ruling.laws


def test_50D2_declarers_side_on_lead_gets_no_lead_options():
    """Dummy on lead: no 50D2 choice (only a defender's partner has one), nothing waits."""
    ruling, state = lead(play_state("S", "E:SK:major"), leader="N")
    assert ruling.options == () and state.pending == () and state.on_lead is Seat.N


def test_52B2_rejected_penalty_card_substituted_and_wrong_card_becomes_major():
    ev = PenaltyNotPlayed(Seat.E, parse_card("D2"), accepted=False)
    ruling, state = apply(play_state("S", "E:HJ:major"), ev)
    assert ruling.outcome == {"must_accept": False, "substitute": "HJ"}
    assert tokens(state) == {"E:D2:major"}
    assert "52B2" in ruling.laws


def test_52B1a_accepted_card_stands_penalty_card_stays():
    ev = PenaltyNotPlayed(Seat.E, parse_card("D2"), accepted=True)
    ruling, state = apply(play_state("S", "E:HJ:major"), ev)
    assert ruling.outcome["substitute"] == "" and tokens(state) == {"E:HJ:major"}
    assert "52B1(a)" in ruling.laws and "64B3" in ruling.judgement


def test_52B1b_declarer_played_since_must_accept_whatever_he_says():
    ev = PenaltyNotPlayed(Seat.E, parse_card("D2"), accepted=False, declarer_played_since=True)
    ruling, state = apply(play_state("S", "E:HJ:major"), ev)
    assert ruling.outcome["must_accept"] is True and tokens(state) == {"E:HJ:major"}
    assert "52B1(b)" in ruling.laws


def test_52_a_minor_penalty_card_does_not_bar_other_suits():
    with pytest.raises(RuleError, match="50C"):
        apply(play_state("S", "E:D4:minor"), PenaltyNotPlayed(Seat.E, parse_card("C2")))


def test_52_needs_a_penalty_card():
    with pytest.raises(RuleError, match="no penalty card"):
        apply(play_state("S"), PenaltyNotPlayed(Seat.E, parse_card("C2")))


def test_52_with_several_penalty_cards_declarer_names_the_substitute():
    ev = PenaltyNotPlayed(Seat.E, parse_card("C2"), instead_of=parse_card("HJ"))
    ruling, state = apply(play_state("S", "E:HJ:major", "E:S4:major"), ev)
    assert ruling.outcome["substitute"] == "HJ"
    assert tokens(state) == {"E:S4:major", "E:C2:major"}


def test_50_director_returns_a_penalty_card_to_the_hand():
    from core.laws.penalty import PenaltyCardReturned

    ruling, state = apply(play_state("S", "E:SK:major"), PenaltyCardReturned(Seat.E,
                                                                              parse_card("SK")))
    assert tokens(state) == set() and "50E2" in ruling.laws


def test_50D2_returned_card_withdraws_declarers_waiting_options():
    from core.laws.penalty import PenaltyCardReturned

    _, state = lead(play_state("S", "E:SK:major", "E:D5:major"))
    _, state = apply(state, PenaltyCardReturned(Seat.E, parse_card("SK")))
    assert state.pending_for(Seat.W)[0].options == ("require:D", "forbid:D", "any")
    _, state = apply(state, PenaltyCardReturned(Seat.E, parse_card("D5")))
    assert state.pending == ()


def test_returning_a_card_that_is_not_a_penalty_card_is_refused():
    from core.laws.penalty import PenaltyCardReturned

    with pytest.raises(RuleError, match="E.s penalty card, so W cannot hold it"):
        apply(play_state("S", "E:SK:major"), PenaltyCardReturned(Seat.W, parse_card("SK")))


def test_52B2_of_several_penalty_cards_the_one_in_the_suit_played_is_substituted():
    ev = PenaltyNotPlayed(Seat.E, parse_card("H2"))
    ruling, state = apply(play_state("S", "E:HJ:major", "E:SQ:major"), ev)
    assert ruling.outcome["substitute"] == "HJ"
    assert tokens(state) == {"E:SQ:major", "E:H2:major"}


def test_51A_52B2_several_penalty_cards_none_in_that_suit_declarer_names_it():
    ev = PenaltyNotPlayed(Seat.E, parse_card("D2"))
    ruling, state = apply(play_state("S", "E:HJ:major", "E:SQ:major"), ev)
    assert ruling.outcome["substitute"] == "" and "declarer names" in ruling.summary
    assert tokens(state) == {"E:HJ:major", "E:SQ:major", "E:D2:major"}


def test_52B1a_unanswered_report_offers_declarer_accept_or_reject_first():
    """A defender reporting his own failure has not asked declarer: the ruling waits for
    declarer's 52B1(a) choice, and each answer rules as Law 52 says (instead_of kept)."""
    start = play_state("S", "E:HJ:major", "E:S4:major")
    ev = PenaltyNotPlayed(Seat.E, parse_card("C2"), accepted=None, instead_of=parse_card("S4"))
    asked, waiting = apply(start, ev)
    assert set(asked.option_tokens) == {"accept", "reject"} and "52B1(a)" in asked.laws
    assert tokens(waiting) == {"E:HJ:major", "E:S4:major"} and waiting.pending_for(Seat.E)
    kept, state = apply(waiting, ChoiceMade(Seat.E, "accept"))
    assert "52B1(a)" in kept.laws and tokens(state) == {"E:HJ:major", "E:S4:major"}
    assert not state.pending
    swapped, state = apply(waiting, ChoiceMade(Seat.E, "reject"))
    assert swapped.outcome["substitute"] == "S4" and "52B2" in swapped.laws
    assert tokens(state) == {"E:HJ:major", "E:C2:major"} and not state.pending


def test_52B1b_unanswered_but_declarer_played_since_is_ruled_at_once():
    ev = PenaltyNotPlayed(Seat.E, parse_card("D2"), accepted=None, declarer_played_since=True)
    ruling, state = apply(play_state("S", "E:HJ:major"), ev)
    assert ruling.outcome["must_accept"] is True and not state.pending


def test_50D2_lead_asked_again_with_nothing_changed_is_the_same_choice():
    """W reported on lead again while declarer's choice waits: the same options, to be shown
    under the ruling that offered them; news (another penalty card, a later trick, the choice
    made) is ruled on as before."""
    from core.laws.exposure import Exposure
    from core.laws.penalty import offered_again

    start = play_state("S", "E:SK:major")
    assert offered_again(start, Seat.W) is None  # nothing offered yet: /lead records
    first, state = lead(start)
    again = offered_again(state, Seat.W)
    assert again is not None and again.option_tokens == first.option_tokens
    assert offered_again(state, Seat.W, trick=3) is None  # the trick is news
    _, at_three = apply(start, PartnerLead(Seat.W, trick=3))
    assert offered_again(at_three, Seat.W, trick=3) is not None  # the same trick again
    assert offered_again(at_three, Seat.W, trick=4) is None  # he kept the lead: a new lead
    assert offered_again(state, Seat.N) is None  # someone else: not this choice
    _, more = apply(state, Exposure(Seat.E, (parse_card("HQ"),)))
    assert offered_again(more, Seat.W) is None  # hearts join the options
    _, chosen = choose(state, "forbid:S")
    assert offered_again(chosen, Seat.W) is None


def test_50D2_a_lead_before_declarers_due_choice_is_refused_as_once_it_is_asked():
    """E's ♣A is a major penalty card and W is on lead: declarer's 50D2 choice is due (``/state``
    shows it) though nobody has asked for it. W's lead (his own ♥A) is refused, "W must wait",
    as it is once /lead has asked; once declarer has chosen, it is taken."""
    state = play_state("S", "E:CA:major", "W:HA:major", on_lead=Seat.W)
    assert any(w.seat is Seat.W and w.law == "50D2" for w in view_of(state).waits)
    with pytest.raises(RuleError, match="W must wait: the declarer must first choose"):
        apply(state, CardPlayed(Seat.W, parse_card("HA")))
    _, asked = lead(state)
    with pytest.raises(RuleError, match="W must wait: the declarer must first choose"):
        apply(asked, CardPlayed(Seat.W, parse_card("HA")))
    _, chosen = choose(asked, "any")
    played, after = apply(chosen, CardPlayed(Seat.W, parse_card("HA")))
    assert "HA" not in {p.card.text for p in after.penalty_cards}, played.summary


def test_50D1b_61A_a_lead_against_declarers_requirement_is_a_revoke_if_he_could_comply():
    """Declarer requires a spade lead (50D2(a)); W leads the ♥3. The bot cannot see his hand:
    it says the lead is a revoke if he held a spade (61A) and legal if he had none (59),
    instead of only that the card used up the requirement. A spade lead says no such thing;
    nor does a lead of another suit under a prohibition of spades."""
    _, state = lead(play_state("S", "E:SK:major", on_lead=Seat.W))
    _, required = choose(state, "require:S")
    wrong, _ = apply(required, CardPlayed(Seat.W, parse_card("H3")))
    said = " ".join(map(str, wrong.steps))
    assert "revoke (61A)" in said and "(59)" in said and "61A" in wrong.laws, said
    right, _ = apply(required, CardPlayed(Seat.W, parse_card("S3")))
    assert "61A" not in right.laws and "revoke" not in " ".join(map(str, right.steps))
    _, forbidden = choose(state, "forbid:S")
    other, _ = apply(forbidden, CardPlayed(Seat.W, parse_card("H3")))
    assert "61A" not in other.laws
    against, _ = apply(forbidden, CardPlayed(Seat.W, parse_card("S3")))
    assert "61A" in against.laws


def test_50D2b_after_his_lead_mustplay_speaks_of_his_next_lead():
    """Declarer let W lead anything (E's ♠K stays, 50D2(b)) and W has led: /mustplay for W's
    lead says he has led to this trick and that declarer chooses again before his next lead,
    not that he may lead any card. With nothing of his partner's on the table it says what
    follows is for his next lead."""
    _, state = lead(play_state("S", "E:SK:major", on_lead=Seat.W))
    _, state = choose(state, "any")
    _, led = apply(state, CardPlayed(Seat.W, parse_card("C3")))
    answer = must_play(led, Seat.W)
    assert str(answer.summary).startswith("W has already led to this trick"), answer.summary
    assert "declarer chooses again (50D2)" in str(answer.summary)
    _, free = apply(play_state("S", on_lead=Seat.W), CardPlayed(Seat.W, parse_card("C3")))
    plain = must_play(free, Seat.W)
    assert "what follows is for his next lead" in str(plain.summary), plain.summary


def test_52B1_while_declarer_decides_the_player_leads_nothing_out_of_turn():
    """E played the ♠K instead of his penalty card ♠Q and declarer has not yet said whether he
    accepts it (52B1): E's lead of the ♠Q out of turn is refused ("E must wait"), as a card
    played is, so the ♠Q is never both the card 52B2 plays and a lead out of turn."""
    from core.laws.leads import LeadOutOfTurn

    state = play_state("N", "E:SQ:major")
    _, waiting = apply(state, PenaltyNotPlayed(Seat.E, parse_card("SK"), accepted=None))
    with pytest.raises(RuleError, match="E must wait: the declarer must first choose"):
        apply(waiting, LeadOutOfTurn(Seat.E, parse_card("SQ"), Seat.N, trick=5))


def test_56_52_a_card_played_instead_of_a_penalty_card_waits_for_declarers_56_choice():
    """S (a defender, E declares) leads his penalty card ♠A out of turn and declarer has not
    chosen yet (56: nobody plays meanwhile): S's ♠Q reported played instead of that penalty
    card is refused ("S must wait"), as any card played is, so the ♠A is never both the lead
    waiting for declarer and the card 52B2 plays."""
    from core.laws.leads import LeadOutOfTurn

    state = play_state("E", "S:SA:major")
    _, led = apply(state, LeadOutOfTurn(Seat.S, parse_card("SA"), Seat.N, trick=3))
    with pytest.raises(RuleError, match="S must wait: the declarer must first choose"):
        apply(led, PenaltyNotPlayed(Seat.S, parse_card("SQ"), accepted=None))
