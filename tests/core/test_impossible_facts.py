"""Facts that cannot happen are refused where they enter, with the reason (50B, 48A, 57A,
Law 38 for contracts), never ruled on as if they could."""

import pytest

from core.cards import CardError, parse_hand
from core.engine import apply
from core.errors import RuleError
from core.laws.flow import BoardSet
from core.laws.obligations import must_play
from core.scenarios.facts import Facts, with_facts
from core.seats import Seat
from core.state import TableState
from core.validity import parse_contract
from tests.core.helpers import hand, play_state


def facts(**data):
    return Facts(data)


@pytest.mark.parametrize("text", ["8NT", "ZZZ", "4H4H", "4HXXX", "X", "0S"])
def test_38_nonsense_contract_is_refused_with_the_format(text):
    with pytest.raises(RuleError, match="e.g. 4H"):
        parse_contract(text)
    with pytest.raises(RuleError, match="not a contract"):
        apply(TableState(), BoardSet(contract=text))


def test_contract_is_stored_in_canonical_form():
    _, state = apply(TableState(), BoardSet(declarer=Seat.S, contract="3nt x"))
    assert state.contract == "3NTX"


def test_50B_an_honour_is_never_a_minor_penalty_card():
    with pytest.raises(RuleError, match="50B"):
        with_facts(TableState(), facts(declarer="S", penalty_cards=["W:SK:minor"]))


def test_50B_two_penalty_cards_of_one_defender_are_both_major():
    with pytest.raises(RuleError, match="each of them is major"):
        with_facts(TableState(), facts(declarer="S", penalty_cards=["W:S5:minor", "W:H5:major"]))


@pytest.mark.parametrize("seat", ["S", "N"])
def test_48A_declarer_and_dummy_never_have_penalty_cards(seat):
    with pytest.raises(RuleError, match="48A"):
        with_facts(TableState(), facts(declarer="S", penalty_cards=[f"{seat}:SK:major"]))


def test_48A_naming_a_penalty_card_holder_declarer_is_refused():
    state = play_state("S", "W:SK:major")
    with pytest.raises(RuleError, match="48A"):
        apply(state, BoardSet(declarer=Seat.W))


def test_one_card_cannot_be_two_seats_penalty_card():
    with pytest.raises(RuleError, match="one place"):
        with_facts(TableState(), facts(declarer="S", penalty_cards=["W:SK:major", "E:SK:major"]))


def test_one_card_cannot_be_in_a_hand_and_another_seats_penalty_card():
    state = play_state("S", "W:SK:major")
    with pytest.raises(RuleError, match="W's penalty card"):
        must_play(state, Seat.E, hand("K.AQ2.-.-"))


def test_50D1_a_full_hand_without_the_askers_own_penalty_card_is_refused():
    state = play_state("S", "W:SK:major")
    full = hand("QJ2.A32.K32.5432")
    assert len(full) == 13
    with pytest.raises(RuleError, match="penalty card ♠K"):
        must_play(state, Seat.W, full)


def test_57A_instruction_only_binds_a_defender():
    with pytest.raises(RuleError, match="57A"):
        with_facts(TableState(), facts(declarer="S", restriction="highest"),
                   restricted_seat=Seat.N)


def test_hand_format_error_explains_the_format():
    with pytest.raises(CardError, match=r"S\.H\.D\.C.*KQ5\.A72\.-\.JT9843"):
        parse_hand("KQ5.A72.JT9843")
