"""A card is in one place (issue: whereabouts): once the reports put a card in a trick (a lead,
a play, a card played instead of a penalty card, a revoke card) or back in a hand (a penalty
card picked up, a lead taken back, declarer's exposed card), no report names it for another
seat, and a card played is never led, played or shown again. The refusal says what the table's
record says, from the reports alone (never the hand records); the state changes not at all."""

from __future__ import annotations

import json

import pytest

from core.cards import parse_card
from core.engine import ChoiceMade, apply, replay
from core.errors import RuleError
from core.laws.exposure import Exposure, How
from core.laws.flow import CardPlayed
from core.laws.leads import LeadOutOfTurn
from core.laws.penalty import PartnerLead, PenaltyCardReturned, PenaltyNotPlayed
from core.laws.premature import PrematurePlay, SimultaneousCards
from core.laws.revoke import Revoke, WonBy
from core.seats import Seat
from core.state import Place, TableState
from tests.core.helpers import cards, play_state

D3 = parse_card("D3")


def led_at_4() -> TableState:
    """W led the ♦3 out of turn to trick 4 and N, next, played to it: the lead stands (53A)."""
    _, state = apply(play_state("S"), LeadOutOfTurn(Seat.W, D3, Seat.N, trick=4,
                                                     next_hand_played=True))
    return state


@pytest.mark.parametrize("event", [
    Exposure(Seat.E, (D3,)),
    Exposure(Seat.N, (D3,)),  # dummy's card, 48A: still not his
    LeadOutOfTurn(Seat.E, D3, Seat.S, trick=6),
    PrematurePlay(Seat.E, D3, led=None),
    CardPlayed(Seat.S, D3),
    PenaltyNotPlayed(Seat.E, D3, accepted=True),
    Revoke(Seat.E, True, D3, trick=4, won_by=WonBy.OPPONENTS, later_tricks=0),
])
def test_45_65_a_card_led_to_a_trick_is_no_other_players_card(event):
    """W's ♦3 is in trick 4: reported afterwards as anyone else's card (exposed, led, played,
    revoked with), it is refused in one line naming the record, and nothing changes."""
    state = led_at_4()
    with pytest.raises(RuleError) as refused:
        apply(state, event)
    said = str(refused.value)
    assert said.startswith("the ♦3 was played by W earlier on this board, so "), said
    assert "cannot hold it" in said and "\n" not in said
    assert "hand record" not in said


@pytest.mark.parametrize("event", [
    LeadOutOfTurn(Seat.W, D3, Seat.N, trick=5),
    CardPlayed(Seat.W, D3),
    Exposure(Seat.W, (D3,)),
    PrematurePlay(Seat.W, D3, led=None),
])
def test_45_a_card_played_is_not_played_again(event):
    """The ♦3 led to trick 4 and then again to trick 5, by W himself: a card is played once."""
    with pytest.raises(RuleError, match="♦3 was played by W earlier on this board: a card is "
                                        "played only once"):
        apply(led_at_4(), event)


def test_63B_the_revoke_report_names_the_card_played_to_the_revoke_trick():
    """A revoke is reported about a card already played: W's own ♦3 in trick 4 may be named as
    his revoke card, and stays played; for anyone else it is refused."""
    revoke = Revoke(Seat.W, True, D3, trick=4, won_by=WonBy.OPPONENTS, later_tricks=0)
    _, state = apply(led_at_4(), revoke)
    assert state.where(D3) is not None and state.where(D3).place is Place.PLAYED
    with pytest.raises(RuleError, match="played by W earlier on this board, so E cannot hold it"):
        apply(state, Exposure(Seat.E, (D3,)))


def test_63B_an_established_revoke_card_is_in_the_trick():
    _, state = apply(play_state("S"), Revoke(Seat.E, True, parse_card("C2"), trick=7,
                                             won_by=WonBy.PARTNER, later_tricks=2))
    with pytest.raises(RuleError, match="♣2 was played by E earlier on this board, so W "
                                        "cannot hold it"):
        apply(state, Exposure(Seat.W, (parse_card("C2"),)))


def test_62B1_a_corrected_revoke_card_is_a_penalty_card_again_and_playable():
    """E's ♦3, led and stood, then named as the card of a revoke not yet established: it comes
    back as E's major penalty card (62B1), which he then plays (/penalty played) once more."""
    _, state = apply(play_state("S"), LeadOutOfTurn(Seat.E, D3, Seat.N, trick=4,
                                                     next_hand_played=True))
    _, state = apply(state, Revoke(Seat.E, False, D3, trick=4))
    assert [p.token for p in state.penalty_cards] == ["E:D3:major"]
    _, state = apply(state, CardPlayed(Seat.E, D3))
    assert state.where(D3).place is Place.PLAYED


def test_52B1_a_card_played_instead_of_a_penalty_card_is_in_the_trick():
    _, state = apply(play_state("S", "E:SK:major"),
                     PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=True))
    with pytest.raises(RuleError, match="♥2 was played by E"):
        apply(state, Exposure(Seat.W, (parse_card("H2"),)))
    with pytest.raises(RuleError, match="played only once"):
        apply(state, PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=True))


def test_52B2_the_penalty_card_played_in_its_place_is_in_the_trick():
    _, state = apply(play_state("S", "E:SK:major"),
                     PenaltyNotPlayed(Seat.E, parse_card("S2"), accepted=False))
    assert [p.token for p in state.penalty_cards] == ["E:S2:major"]  # the ♠2 is back, face up
    with pytest.raises(RuleError, match="♠K was played by E"):
        apply(state, Exposure(Seat.W, (parse_card("SK"),)))


def test_50D1_a_penalty_card_played_is_not_played_again():
    _, state = apply(play_state("S", "E:SK:major"), CardPlayed(Seat.E, parse_card("SK")))
    assert not state.penalty_cards
    for event in (CardPlayed(Seat.E, parse_card("SK")), Exposure(Seat.E, cards("SK"))):
        with pytest.raises(RuleError, match="♠K was played by E.*played only once"):
            apply(state, event)


def test_58B2_the_card_played_of_several_is_in_the_trick():
    _, state = apply(play_state("S"), SimultaneousCards(
        Seat.E, cards("S5 S6"), visible=cards("S5 S6"), designated=parse_card("S5")))
    with pytest.raises(RuleError, match="♠5 was played by E"):
        apply(state, Exposure(Seat.W, cards("S5")))


def picked_up() -> TableState:
    """E dropped the ♠K; W is to lead; declarer requires a spade: the ♠K goes back to E's hand
    (50D2(a))."""
    _, state = apply(play_state("S"), Exposure(Seat.E, cards("SK")))
    _, state = apply(state, PartnerLead(Seat.W))
    _, state = apply(state, ChoiceMade(Seat.W, "require:S"))
    assert not state.penalty_cards
    return state


@pytest.mark.parametrize("event", [
    Exposure(Seat.W, cards("SK")),
    CardPlayed(Seat.N, parse_card("SK")),
    LeadOutOfTurn(Seat.W, parse_card("SK"), Seat.N, trick=6),
])
def test_50D2a_a_penalty_card_picked_up_is_back_in_its_owners_hand(event):
    with pytest.raises(RuleError) as refused:
        apply(picked_up(), event)
    assert str(refused.value).startswith(
        "the ♠K went back to E's hand earlier on this board, so "), refused.value


def test_50D2a_the_owner_plays_his_picked_up_card_later():
    """Back in E's hand, the ♠K is his to play (or expose) again; once played it is in a
    trick."""
    _, state = apply(picked_up(), CardPlayed(Seat.E, parse_card("SK")))
    assert state.where(parse_card("SK")).place is Place.PLAYED


def test_50_a_penalty_card_the_director_returns_is_back_in_its_owners_hand():
    _, state = apply(play_state("S", "E:SK:major"), PenaltyCardReturned(Seat.E,
                                                                        parse_card("SK")))
    with pytest.raises(RuleError, match="went back to E's hand"):
        apply(state, Exposure(Seat.W, cards("SK")))


@pytest.mark.parametrize("lead", [
    LeadOutOfTurn(Seat.W, D3, Seat.N, trick=4, misinformed=True),  # 47E1
    LeadOutOfTurn(Seat.W, D3, Seat.N, trick=4, proper_lead=parse_card("D9")),  # 53B
])
def test_47E1_53B_a_lead_taken_back_is_back_in_its_owners_hand(lead):
    _, state = apply(play_state("S"), lead)
    with pytest.raises(RuleError, match="♦3 went back to W's hand"):
        apply(state, Exposure(Seat.E, (D3,)))
    _, state = apply(state, Exposure(Seat.W, (D3,)))  # still his
    assert [p.token for p in state.penalty_cards] == ["W:D3:minor"]


def test_53B_the_proper_lead_is_in_the_trick():
    _, state = apply(play_state("S"), LeadOutOfTurn(Seat.W, D3, Seat.N, trick=4,
                                                     proper_lead=parse_card("D9")))
    with pytest.raises(RuleError, match="♦9 was played by N earlier on this board"):
        apply(state, Exposure(Seat.E, cards("D9")))


def test_55B1_declarers_lead_taken_back_is_back_in_his_hand():
    _, state = apply(play_state("S"), LeadOutOfTurn(Seat.S, D3, Seat.W, trick=4))
    _, state = apply(state, ChoiceMade(Seat.W, "reject"))
    with pytest.raises(RuleError, match="♦3 went back to S's hand"):
        apply(state, Exposure(Seat.E, (D3,)))


def test_56_a_lead_waiting_for_declarers_choice_is_the_leaders_card():
    """W's ♦3 lies face up while declarer decides (56): nobody else holds it."""
    _, state = apply(play_state("S"), LeadOutOfTurn(Seat.W, D3, Seat.N, trick=4))
    assert state.pending
    with pytest.raises(RuleError, match="♦3 is W's card, face up on the table while a choice "
                                        "about it waits, so E cannot hold it"):
        apply(state, Exposure(Seat.E, (D3,)))


def test_48A_declarers_exposed_card_stays_his():
    _, state = apply(play_state("S"), Exposure(Seat.S, cards("HA"), How.DELIBERATE))
    with pytest.raises(RuleError, match="♥A went back to S's hand"):
        apply(state, Exposure(Seat.W, cards("HA")))


def test_a_refused_report_changes_nothing_and_the_fold_is_the_record():
    """The record is part of the state the engine folds: replaying the same reports gives the
    same record, and a refused report leaves it as it was."""
    events = [LeadOutOfTurn(Seat.W, D3, Seat.N, trick=4, next_hand_played=True),
              Exposure(Seat.E, cards("SK")), PartnerLead(Seat.W),
              ChoiceMade(Seat.W, "forbid:S")]
    state = replay(events, play_state("S"))
    assert {(w.seat, w.card.text, w.place) for w in state.whereabouts} == {
        (Seat.W, "D3", Place.PLAYED), (Seat.E, "SK", Place.HAND)}
    with pytest.raises(RuleError):
        apply(state, Exposure(Seat.W, cards("SK")))
    assert replay(events, play_state("S")) == state


def test_a_state_stored_before_the_record_still_loads():
    """Snapshots stored before the record existed have no ``whereabouts``: they load with an
    empty one (no migration needed), and the rules go on from there."""
    stored = json.loads(play_state("S", "E:SK:major").to_json())
    stored.pop("whereabouts")
    old = TableState.from_json(json.dumps(stored))
    assert old.whereabouts == () and old == play_state("S", "E:SK:major")
    _, state = apply(old, CardPlayed(Seat.E, parse_card("SK")))
    assert TableState.from_json(state.to_json()) == state


def test_56_a_lead_waiting_for_declarers_choice_is_not_led_again():
    """W's ♦3 lies face up while declarer decides (56): reported again as led or played by W,
    it is refused; the choice decides what becomes of it."""
    _, state = apply(play_state("S"), LeadOutOfTurn(Seat.W, D3, Seat.N, trick=4))
    for event in (LeadOutOfTurn(Seat.W, D3, Seat.N, trick=5), CardPlayed(Seat.W, D3)):
        with pytest.raises(RuleError, match="♦3 is already face up on the table while a "
                                            "choice about it waits"):
            apply(state, event)
