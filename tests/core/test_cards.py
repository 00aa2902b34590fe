"""Cards, seats and the forgiving parser (what players type on a phone)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.cards import SUITS, Card, CardError, Suit, parse_card, parse_cards, parse_hand
from core.seats import Role, Seat, SeatError, role_of

cards = st.builds(Card, st.sampled_from(SUITS), st.integers(2, 14))


@pytest.mark.parametrize(
    "text",
    ["SK", "KS", "♠K", "K♠", "sk", "ks", "♠️K", "king of spades", "King Spades", " sK "],
)
def test_spade_king_spellings(text):
    assert parse_card(text) == Card(Suit.SPADES, 13)


@pytest.mark.parametrize("text", ["10h", "Th", "h10", "♥10", "HT", "ten of hearts", "10♥"])
def test_heart_ten_spellings(text):
    assert parse_card(text) == Card(Suit.HEARTS, 10)


@pytest.mark.parametrize(
    ("text", "complaint"),
    [("11S", "'11' is not a rank"), ("SX", "'X' is not a rank"), ("", "no card"),
     ("banana", "is not a card"), ("S1", "'1' is not a rank")],
)
def test_bad_cards_name_the_problem(text, complaint):
    with pytest.raises(CardError, match=complaint):
        parse_card(text)


@given(cards)
def test_every_card_round_trips_through_canonical_and_symbol_text(card):
    assert parse_card(card.text) == card
    assert parse_card(card.symbol) == card
    assert parse_card(card.text.lower()) == card


@given(st.lists(cards, min_size=1, max_size=13, unique=True))
def test_card_lists_round_trip(card_list):
    assert parse_cards(" ".join(c.symbol for c in card_list)) == tuple(card_list)
    assert parse_cards(", ".join(c.text for c in card_list)) == tuple(card_list)


@given(st.lists(cards, max_size=13, unique=True))
def test_hands_round_trip_through_pbn(card_list):
    hand = parse_hand(" ".join(c.text for c in card_list)) if card_list else parse_hand("-")
    assert set(hand) == set(card_list)
    assert parse_hand(hand.pbn) == hand


def test_card_lists_in_words_and_symbols():
    assert parse_cards("SK D4") == parse_cards("♠K ♦4") == parse_cards(
        "king of spades and the four of diamonds")


def test_duplicate_card_in_list_is_refused():
    with pytest.raises(CardError, match="twice"):
        parse_cards("SK ♠K")


@pytest.mark.parametrize(
    "text",
    ["S:K8 H:Q52 D:AJ942 C:-", "K8.Q52.AJ942.-", "♠K8 ♥Q52 ♦AJ942 ♣-", "s: k8 h: q52 d: aj942"],
)
def test_hand_formats(text):
    hand = parse_hand(text)
    assert hand.pbn == "K8.Q52.AJ942.-"
    assert len(hand) == 10


def test_fourteen_card_hand_is_refused():
    with pytest.raises(CardError, match="at most 13"):
        parse_hand("AKQJT98765432.A.-.-")


def test_duplicate_in_hand_is_refused():
    with pytest.raises(CardError, match="twice"):
        parse_hand("S:KK H:- D:- C:-")


def test_bad_holding_is_named():
    with pytest.raises(CardError, match="not a heart holding"):
        parse_hand("K8.QZ2.AJ942.-")


def test_definitions_ten_is_an_honour_nine_is_not():
    """2017 Definitions: honours are A K Q J 10 (seed 000 wrongly leaves the Ten out)."""
    assert parse_card("DT").is_honour
    assert not parse_card("D9").is_honour


def test_seat_relations():
    assert Seat.N.lho is Seat.E and Seat.N.rho is Seat.W and Seat.N.partner is Seat.S
    assert role_of(Seat.N, Seat.S) is Role.DUMMY
    assert role_of(Seat.W, Seat.S) is Role.DEFENDER
    assert role_of(Seat.S, Seat.S) is Role.DECLARER


@pytest.mark.parametrize("text", ["X", "", "northeast", "5"])
def test_unknown_seat_is_refused(text):
    with pytest.raises(SeatError, match="not a seat"):
        Seat.parse(text)


def test_a_bad_card_of_invisible_characters_is_quoted_briefly():
    """Characters that repr() spells out as escapes (line separators) cannot make an error
    message long: the bad text is cut before it is quoted (found by the hardening fuzz test)."""
    text = "S000" + "\u2028" * 20 + "\u202a"
    with pytest.raises(CardError, match="is not a rank") as info:
        parse_card(text)
    assert len(str(info.value)) <= 320


def test_a_rank_and_one_suits_holding_read_as_typed():
    """/dummy-call reads a rank named alone and dummy's ranks of one suit through these."""
    from core.cards import parse_holding, parse_rank

    assert [parse_rank(t) for t in ("Q", "t", "10", "2")] == [12, 10, 10, 2]
    with pytest.raises(CardError):
        parse_rank("QQ")
    assert parse_holding(Suit.SPADES, "Q104") == {parse_card(c) for c in ("SQ", "ST", "S4")}
    with pytest.raises(CardError, match="given twice"):
        parse_holding(Suit.SPADES, "KK")
