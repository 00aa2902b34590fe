"""Hand records: PBN deals and files read strictly (generated deals only, never real ones)."""

from __future__ import annotations

import random

import pytest

from core.cards import Suit
from core.deal import (
    ALL,
    EW,
    NONE,
    NS,
    DealError,
    cycle_dealer,
    cycle_vulnerability,
    make_deal,
    parse_deal,
    random_deal,
)
from core.pbn import PbnError, parse_pbn, random_pbn, write_pbn
from core.seats import SEATS, Seat


def test_the_16_board_cycle_dealer_turns_and_vulnerability_repeats() -> None:
    assert [cycle_dealer(b).value for b in (1, 2, 3, 4, 5, 17)] == ["N", "E", "S", "W", "N", "N"]
    expected = [NONE, NS, EW, ALL, NS, EW, ALL, NONE, EW, ALL, NONE, NS, ALL, NONE, NS, EW]
    assert [cycle_vulnerability(b) for b in range(1, 17)] == expected
    assert [cycle_vulnerability(b + 16) for b in range(1, 17)] == expected


def test_a_deal_round_trips_through_pbn_notation_from_any_first_seat() -> None:
    deal = random_deal(7, random.Random(3))
    again = parse_deal(deal.pbn)
    assert again == dict(deal.hands)
    # the same deal written from East's hand first
    east_first = "E:" + " ".join(
        ".".join("".join(c.text[1] for c in deal.hand(s).in_suit(suit)) for suit in Suit)
        for s in (Seat.E, Seat.S, Seat.W, Seat.N)
    )
    assert parse_deal(east_first) == dict(deal.hands)
    assert sum(len(h) for h in again.values()) == 52


def test_a_void_may_be_written_empty_or_as_a_dash() -> None:
    deal = random_deal(1, random.Random(11))
    text = deal.pbn
    hands = text[2:].split()
    north = hands[0]
    # rebuild a hand with a void written both ways: swap in '-' for every empty suit
    dashed = ".".join(part or "-" for part in north.split("."))
    assert parse_deal("N:" + " ".join([dashed, *hands[1:]])) == dict(deal.hands)


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda h: [h[0][:-1], *h[1:]], "has 12 cards, not 13"),
        (lambda h: h[:3], "four hands"),
        (lambda h: [h[0].replace(".", "", 1), *h[1:]], "is not S.H.D.C"),
        (lambda h: [h[0] + "X", *h[1:]], "'X' is not a rank"),
    ],
)
def test_a_bad_deal_is_refused_with_the_reason(change, complaint) -> None:  # type: ignore[no-untyped-def]
    deal = random_deal(1, random.Random(5))
    hands = deal.pbn[2:].split()
    with pytest.raises(DealError) as caught:
        parse_deal("N:" + " ".join(change(hands)))
    assert any(complaint in p for p in caught.value.problems)


def test_a_card_in_two_hands_and_a_card_in_none_are_each_one_line() -> None:
    deal = random_deal(1, random.Random(8))
    north = sorted(deal.hand(Seat.N))
    east = sorted(deal.hand(Seat.E))
    stolen, lost = east[0], north[0]
    hands = {s: set(deal.hand(s)) for s in SEATS}
    hands[Seat.N] = (hands[Seat.N] - {lost}) | {stolen}
    text = "N:" + " ".join(
        ".".join("".join(c.text[1] for c in sorted(hands[s]) if c.suit is suit) for suit in Suit)
        for s in SEATS
    )
    with pytest.raises(DealError) as caught:
        parse_deal(text)
    problems = caught.value.problems
    assert f"the {stolen.symbol} is in both North's and East's hands" in problems
    assert f"no hand has the {lost.symbol}" in problems
    assert len(problems) == 2


def test_make_deal_takes_dealer_and_vulnerability_from_the_cycle_and_checks_given_ones() -> None:
    text = random_deal(1, random.Random(2)).pbn
    deal = make_deal(6, text)
    assert (deal.dealer, deal.vulnerable) == (Seat.E, EW)
    with pytest.raises(DealError) as caught:
        make_deal(6, text, dealer=Seat.N, vulnerable=ALL)
    assert caught.value.problems == (
        "board 6 is dealt by East, not North",
        "board 6 has vulnerability EW, not All",
    )


def test_a_generated_36_board_file_reads_back_board_by_board() -> None:
    text = random_pbn(36, seed=4)
    deals = parse_pbn(text.encode())
    assert [d.board for d in deals] == list(range(1, 37))
    assert all(d.in_cycle for d in deals)
    assert write_pbn(deals) == text


def test_other_tags_comments_and_sections_are_read_past() -> None:
    deal = random_deal(3, random.Random(9))
    text = "\n".join([
        "% PBN 2.1",
        "{ a note",
        "  over two lines }",
        '[Event "Club pairs"]',
        '[Site "Upstairs"]',
        '[Board "3"]',
        '[Dealer "S"]',
        '[Vulnerable "E-W"]',
        f'[Deal "{deal.pbn}"]',
        '[Auction "S"]',
        "1NT Pass 3NT AP",
        "; a comment line",
        "",
    ])
    [read] = parse_pbn(text.encode("latin-1"))
    assert read.hands == deal.hands and read.vulnerable == EW and read.dealer is Seat.S


def test_double_dummy_tags_are_kept_by_declarer_and_strain() -> None:
    deal = random_deal(1, random.Random(1))
    digits = "98a7b" "98a7b" "43625" "43625"
    text = write_pbn([deal]).replace(
        f'[Deal "{deal.pbn}"]', f'[Deal "{deal.pbn}"]\n[DoubleDummyTricks "{digits}"]'
    )
    [read] = parse_pbn(text)
    assert read.dd_tricks is not None
    assert read.dd_tricks[Seat.N, "NT"] == 9 and read.dd_tricks[Seat.S, "H"] == 10
    assert read.dd_tricks[Seat.N, "C"] == 11 and read.dd_tricks[Seat.W, "C"] == 5
    bad = text.replace(digits, "98a7b98a7b4362543")
    with pytest.raises(PbnError, match="20 hexadecimal digits"):
        parse_pbn(bad)


def test_every_problem_of_a_bad_file_is_listed_and_nothing_is_returned() -> None:
    text = random_pbn(8, seed=6)
    text = text.replace('[Board "2"]\n[Dealer "E"]', '[Board "2"]\n[Dealer "S"]')
    text = text.replace('[Board "5"]', '[Board "4"]')
    text = text.replace('[Vulnerable "All"]', '[Vulnerable "None"]', 1)  # board 4
    text = text.replace('[Board "7"]', '[Board "x7"]')
    with pytest.raises(PbnError) as caught:
        parse_pbn(text)
    problems = caught.value.problems
    assert any("board 2 is dealt by East, not South" in p for p in problems)
    assert any("board 4 has vulnerability All, not None" in p for p in problems)
    assert any("board 4 is in the file twice" in p for p in problems)
    assert any("'x7' is not a board number" in p for p in problems)


@pytest.mark.parametrize(
    ("data", "complaint"),
    [
        (b"", "no deals found"),
        (b"hello\x00world", "not a text file"),
        (b"x" * (600 * 1024), "at most 512 KB"),
        (b'[Board "1"]\n[Dealer "N"]\n', "no [Deal] tag"),
        (b'[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. '
         b'...AKQJT98765432"]\n', "without a [Board] tag"),
    ],
)
def test_files_that_are_not_hand_records_are_refused(data: bytes, complaint: str) -> None:
    with pytest.raises(PbnError) as caught:
        parse_pbn(data)
    assert complaint in caught.value.summary()


def test_the_summary_lists_at_most_fifteen_problems_and_counts_the_rest() -> None:
    text = random_pbn(20, seed=1).replace('[Dealer "', '[Dealer "x')
    with pytest.raises(PbnError) as caught:
        parse_pbn(text)
    lines = caught.value.summary().splitlines()
    assert len(lines) == 16 and lines[-1] == "… and 5 more problems"


def test_holder_names_the_seat_dealt_a_card() -> None:
    deal = random_deal(2, random.Random(12))
    for seat in SEATS:
        for card in deal.hand(seat):
            assert deal.holder(card) is seat

