"""Cards exposed during the play: Laws 48, 49 and 50B."""

import pytest

from core.engine import apply
from core.errors import RuleError
from core.laws.exposure import Exposure, How
from core.seats import Seat
from core.state import TableState
from tests.core.helpers import cards, play_state, tokens


def expose(state, seat, text, how=How.ACCIDENTAL):
    return apply(state, Exposure(Seat(seat), cards(text), how))


def test_50B_dropped_ten_is_major_because_2017_ten_is_an_honour():
    """Seed 000 says a Ten is not an honour; the 2017 Definitions say it is."""
    ruling, state = expose(play_state(), "E", "DT")
    assert tokens(state) == {"E:DT:major"}
    assert "50B" in ruling.laws


def test_50B_single_low_card_dropped_is_minor():
    ruling, state = expose(play_state(), "W", "C3")
    assert tokens(state) == {"W:C3:minor"}
    assert "50C" in ruling.laws
    assert "minor" in ruling.summary


def test_50B_two_low_cards_exposed_together_are_both_major():
    _, state = expose(play_state(), "E", "S6 D3")
    assert tokens(state) == {"E:S6:major", "E:D3:major"}


def test_50B_existing_minor_turns_major_when_a_second_card_appears():
    ruling, state = expose(play_state("S", "W:H5:minor"), "W", "D8")
    assert tokens(state) == {"W:H5:major", "W:D8:major"}
    assert any("becomes a major" in s for s in ruling.steps)


def test_50B_other_defenders_minor_card_is_not_upgraded():
    _, state = expose(play_state("S", "E:H5:minor"), "W", "D8")
    assert tokens(state) == {"E:H5:minor", "W:D8:minor"}


def test_50B_low_card_exposed_through_deliberate_play_is_major():
    _, state = expose(play_state(), "E", "D5", How.DELIBERATE)
    assert tokens(state) == {"E:D5:major"}


@pytest.mark.parametrize("seat", ["S", "N"])
def test_48A_declarers_and_dummys_cards_never_become_penalty_cards(seat):
    ruling, state = expose(play_state("S", "W:C3:minor"), seat, "SA")
    assert tokens(state) == {"W:C3:minor"}
    assert ruling.laws == ("48A",)


def test_49_exposure_needs_a_declarer():
    with pytest.raises(RuleError, match="declarer is not known"):
        expose(TableState(), "E", "SK")


def test_49_a_card_already_on_the_table_cannot_be_exposed_again():
    with pytest.raises(RuleError, match="already a penalty card"):
        expose(play_state("S", "E:SK:major"), "E", "SK")


def test_50E1_ruling_says_the_penalty_card_is_authorized_information():
    ruling, _ = expose(play_state(), "E", "HQ")
    assert "50E1" in ruling.information
