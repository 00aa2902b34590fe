"""The auction vocabulary, parser, legality and turn order (Laws 17, 18, 19, 22)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.auction import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Call,
    Strain,
    parse_call,
    parse_calls,
)
from core.cards import Suit
from core.errors import RuleError
from core.seats import SEATS, Seat

# --- vocabulary and parser ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "canonical"), [
    ("1C", "1C"), ("1♣", "1C"), ("1c", "1C"), ("1N", "1NT"), ("1NT", "1NT"), ("1 nt", "1NT"),
    ("3♥", "3H"), ("2 hearts", "2H"), ("7nt", "7NT"), ("4s", "4S"), ("1♢", "1D"),
    ("P", "P"), ("Pass", "P"), ("pass", "P"), ("X", "X"), ("Dbl", "X"), ("Double", "X"),
    ("XX", "XX"), ("Rdbl", "XX"), ("Redouble", "XX"), ("redouble", "XX"),
])
def test_parse_call_accepts_what_players_type(text, canonical):
    """Every usual spelling of a call reads as its canonical text."""
    assert parse_call(text).text == canonical


@pytest.mark.parametrize(("text", "message"), [
    ("8S", "8S is not a bid"),
    ("0H", "0H is not a bid"),
    ("1Z", "not a denomination"),
    ("", "no call given"),
    ("hello", "is not a call"),
])
def test_parse_call_rejects_bad_input_clearly(text, message):
    """Bad input raises a RuleError saying what is wrong."""
    with pytest.raises(RuleError, match=message):
        parse_call(text)


def test_call_symbols_and_ranks():
    """Display text and the Law 18E rank order (NT > S > H > D > C)."""
    assert parse_call("1C").symbol == "1♣" and PASS.symbol == "Pass"
    assert parse_call("1NT") > parse_call("1S") > parse_call("1H") > parse_call("1C")
    assert parse_call("2C") > parse_call("1NT")
    assert [b.text for b in ALL_BIDS][:6] == ["1C", "1D", "1H", "1S", "1NT", "2C"]
    assert len(ALL_BIDS) == 35


def test_parse_calls_reads_a_whole_auction():
    """An auction as space- or comma-separated calls, ``1 NT`` typed with a space included."""
    assert [c.text for c in parse_calls("1H, 1S P 1 NT")] == ["1H", "1S", "P", "1NT"]
    assert parse_calls("") == ()


@given(st.sampled_from([*ALL_BIDS, PASS, DOUBLE, REDOUBLE]))
def test_parse_format_round_trip(call):
    """Parsing the canonical text or the symbol text gives the same call back."""
    assert parse_call(call.text) == call
    if call.is_bid:
        assert parse_call(call.symbol) == call
        assert parse_call(call.text.lower()) == call


# --- legality -------------------------------------------------------------------------------


def test_18_insufficient_bid_is_named_with_the_lowest_sufficient():
    """After 1H 1S a 1D is insufficient, and the lowest sufficient diamond is 2D."""
    auction = Auction.parse("N", "1H 1S")
    assert auction.problem("1D") == "1♦ is insufficient after 1♠; the lowest sufficient " \
                                    "diamonds bid is 2♦"
    assert auction.lowest_sufficient(Strain.DIAMONDS).text == "2D"
    assert auction.lowest_sufficient("S").text == "2S"
    assert auction.lowest_sufficient("NT").text == "1NT"
    assert Auction.parse("N").lowest_sufficient("C").text == "1C"
    assert Auction.parse("N", "7NT").lowest_sufficient("C") is None


@pytest.mark.parametrize(("calls", "call", "message"), [
    ("", "X", "there is no bid to double"),
    ("1H P", "X", "a double of partner's bid is not allowed"),
    ("1H X", "X", "a double of partner's bid is not allowed"),
    ("1H P P", "X", None),
    ("1H X P", "X", "1H is already doubled"),
    ("1H", "XX", "there is no double to redouble"),
    ("1H X P", "XX", "a redouble of partner's double is not allowed"),
    ("1H X", "XX", None),
    ("1H X XX", "XX", "1H is already redoubled"),
    ("1H X XX", "X", "1H is already redoubled"),
    ("1H X XX P", "X", "a player may not double his own bid"),
    ("1H X 1S", "X", None),
])
def test_19_doubles_and_redoubles(calls, call, message):
    """Only an opponent's undoubled bid may be doubled, only an opponent's double redoubled."""
    assert Auction.parse("N", calls).problem(call) == message


def test_22_auction_ends_after_three_passes_or_four_at_the_start():
    """Three passes after a bid end it; four passes at the start pass the board out."""
    assert not Auction.parse("N", "P P P").is_over
    assert Auction.parse("N", "P P P P").passed_out
    auction = Auction.parse("S", "1NT P 3NT P P P")
    assert auction.is_over and auction.declarer is Seat.S and auction.contract == "3NT"
    assert Auction.parse("N", "1H X P P P").contract == "1HX"
    assert Auction.parse("N", "1H X XX P P P").contract == "1HXX"
    with pytest.raises(RuleError, match="the auction is over"):
        Auction.parse("N", "1H P P P 1S")


def test_declarer_is_the_first_of_the_side_to_name_the_denomination():
    """N names hearts first, S raises: N declares."""
    assert Auction.parse("N", "1H P 2H P P P").declarer is Seat.N
    assert Auction.parse("E", "1S 2H P 4H P P P").declarer is Seat.S


def test_parse_names_the_first_illegal_call():
    """The error says which call, by whom, and why."""
    with pytest.raises(RuleError, match=r"call 2 \(1D, E\): 1♦ is insufficient after 1♥"):
        Auction.parse("N", "1H 1D")


def test_17_whose_turn():
    """The dealer calls first, then clockwise."""
    auction = Auction.parse("S", "1NT P 3NT")
    assert auction.turn is Seat.E
    assert [auction.seat_of(i).value for i in range(4)] == ["S", "W", "N", "E"]
    assert auction.has_called(Seat.W) and not auction.has_called(Seat.E)


def test_26B_specified_suits_natural_and_artificial():
    """Natural suit bids specify their suit; an artificial call the suits it showed."""
    auction = Auction.parse("N", "1H P 2C P 2NT")
    assert auction.specified_suits(Seat.N) == {Suit.HEARTS}
    assert auction.specified_suits(Seat.S) == {Suit.CLUBS}
    assert auction.specified_suits(Seat.S, {2: [Suit.SPADES]}) == {Suit.SPADES}
    assert auction.specified_suits(Seat.E) == set()


# --- properties -------------------------------------------------------------------------------


@st.composite
def legal_auctions(draw):
    """A random legal auction, built one legal call at a time."""
    auction = Auction(draw(st.sampled_from(SEATS)))
    for _ in range(draw(st.integers(0, 30))):
        if auction.is_over:
            break
        auction = auction.plus(draw(st.sampled_from(auction.legal_calls())))
    return auction


@settings(max_examples=200)
@given(legal_auctions())
def test_random_legal_auctions_are_never_rejected(auction):
    """Re-reading any legal auction from its text accepts every call."""
    again = Auction.parse(auction.dealer, " ".join(auction.texts))
    assert again == auction


@settings(max_examples=200)
@given(legal_auctions())
def test_whose_turn_arithmetic(auction):
    """The turn moves one seat clockwise per call, starting with the dealer."""
    n = len(auction.calls)
    assert auction.turn is auction.dealer.after(n)
    assert auction.seat_of(n - 1).lho is auction.turn if n else auction.turn is auction.dealer


@settings(max_examples=200)
@given(legal_auctions(), st.sampled_from(list(Strain)))
def test_lowest_sufficient_is_sufficient_and_lowest(auction, strain):
    """The lowest sufficient bid supersedes the last bid; one level lower does not."""
    low = auction.lowest_sufficient(strain)
    if low is None:
        assert auction.last_bid is not None and auction.last_bid.rank >= 30
        return
    assert auction.is_sufficient(low)
    if low.level > 1:
        assert not auction.is_sufficient(Call.bid(low.level - 1, strain))


def test_22A_calls_and_contracts_in_words_as_players_say_them():
    """Item 7: no internal tokens in answers: ``pass``, ``double``, ``4♥ doubled``."""
    from core.laws.auction_calls import contract_words

    assert [parse_call(c).words for c in ("P", "X", "XX", "1H", "3NT")] == [
        "pass", "double", "redouble", "1♥", "3NT"]
    assert [contract_words(c) for c in ("4H", "4HX", "3NTXX")] == [
        "4♥", "4♥ doubled", "3NT redoubled"]
