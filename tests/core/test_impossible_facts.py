"""Facts that cannot happen are refused where they enter, with the reason (50B, 48A, 57A,
Law 38 for contracts), never ruled on as if they could."""

import pytest

from core.cards import CardError, parse_hand
from core.engine import apply
from core.errors import RuleError
from core.laws.exposure import AuctionExposureIncident, Exposure
from core.laws.flow import BoardSet
from core.laws.obligations import must_play
from core.scenarios.facts import Facts, with_facts
from core.seats import Seat
from core.state import TableState
from core.validity import parse_contract
from tests.core.helpers import cards, hand, play_state


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


FOURTEEN = "SK HK DK CK SQ HQ DQ CQ SJ HJ DJ CJ ST HT"


def test_6_more_penalty_cards_than_a_hand_holds_are_refused():
    """A club night: /exposed with fourteen cards was taken as fourteen penalty cards of W. A
    player is dealt thirteen cards (Law 6), and holds one fewer for each trick played."""
    with pytest.raises(RuleError, match="W cannot have 14 cards face up on the table: he "
                                        "holds at most 13 cards at this point"):
        apply(play_state("S"), Exposure(Seat.W, cards(FOURTEEN)))
    _, state = apply(play_state("S"), Exposure(Seat.W, cards(FOURTEEN)[:13]))
    assert len(state.penalty_cards_of(Seat.W)) == 13


def test_6_cards_played_to_finished_tricks_are_no_longer_in_the_hand():
    """At trick 12 a defender has played eleven cards: he holds two, so a third penalty card
    (with the two already on the table) cannot be."""
    at_12 = play_state("S", "W:SK:major", "W:HK:major", trick=12)
    with pytest.raises(RuleError, match="W cannot have 3 cards face up on the table: he holds "
                                        "at most 2"):
        apply(at_12, Exposure(Seat.W, cards("DK")))
    _, state = apply(play_state("S", "W:SK:major", trick=12), Exposure(Seat.W, cards("DK")))
    assert len(state.penalty_cards_of(Seat.W)) == 2


def test_24_more_cards_exposed_in_the_auction_than_a_hand_holds_are_refused():
    """The same for cards exposed during the auction (Law 24): they would become fourteen
    penalty cards at its end, and refuse the auction's end then."""
    with pytest.raises(RuleError, match="W cannot have 14 cards face up"):
        apply(TableState(), AuctionExposureIncident(Seat.W, cards(FOURTEEN)))
