"""A deal: the four hands of a board, its dealer and its vulnerability.

Boards follow the standard 16-board cycle: the dealer turns N, E, S, W with the board number and
the vulnerability repeats every 16 boards. A deal is written as PBN ``Deal`` notation,
``N:KQ5.A72.-.JT9843 …`` — the first seat, then the four hands clockwise from it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from core.cards import RANK_LETTERS, SUITS, Card, Hand, shown
from core.errors import error_text
from core.seats import SEATS, Seat, SeatError
from core.text import Msg, Text


class DealError(ValueError):
    """A deal that cannot be: each problem is one line of :attr:`problems`."""

    def __init__(self, problems: Iterable[Text]) -> None:
        self.problems = tuple(problems)
        super().__init__(Msg.join("\n", self.problems))


#: Vulnerability in PBN words: nobody, North-South, East-West, both sides.
NONE, NS, EW, ALL = "None", "NS", "EW", "All"
VULNERABILITIES = (NONE, NS, EW, ALL)
_VULNERABLE_WORDS = {
    "none": NONE, "love": NONE, "-": NONE, "ns": NS, "n-s": NS, "ew": EW, "e-w": EW,
    "all": ALL, "both": ALL, "b": ALL,
}
#: The vulnerability of boards 1 to 16; board 17 is board 1 again.
_CYCLE = (
    NONE, NS, EW, ALL, NS, EW, ALL, NONE, EW, ALL, NONE, NS, ALL, NONE, NS, EW,
)
FULL_DECK = frozenset(Card(s, r) for s in SUITS for r in range(2, 15))


def cycle_dealer(board: int) -> Seat:
    """The dealer of ``board`` in the standard cycle: board 1 North, 2 East, 3 South, 4 West."""
    return SEATS[(board - 1) % 4]


def cycle_vulnerability(board: int) -> str:
    """The vulnerability of ``board`` in the standard 16-board cycle."""
    return _CYCLE[(board - 1) % 16]


def parse_vulnerability(text: str) -> str:
    key = text.strip().lower()
    if key not in _VULNERABLE_WORDS:
        raise DealError([Msg("{text} is not a vulnerability (None, NS, EW or All)",
                             text=repr(shown(text)))])
    return _VULNERABLE_WORDS[key]


_VULNERABLE_SAID = {NONE: Msg("nobody vulnerable"), NS: Msg("N-S vulnerable"),
                    EW: Msg("E-W vulnerable"), ALL: Msg("both sides vulnerable")}


def vulnerable_words(vulnerable: str) -> Msg:
    return _VULNERABLE_SAID[vulnerable]


def is_vulnerable(vulnerable: str, seat: Seat) -> bool:
    return vulnerable == ALL or vulnerable == seat.side.replace("-", "")


@dataclass(frozen=True)
class Deal:
    """The four hands of one board (thirteen cards each, the whole pack between them)."""

    board: int
    dealer: Seat
    vulnerable: str
    hands: Mapping[Seat, Hand] = field(hash=False)
    #: Double-dummy tricks from the file (``DoubleDummyTricks``), by declarer and strain, if any.
    dd_tricks: Mapping[tuple[Seat, str], int] | None = field(default=None, hash=False)

    def hand(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def holder(self, card: Card) -> Seat:
        """The seat dealt ``card``."""
        return next(seat for seat in SEATS if card in self.hands[seat])

    @property
    def pbn(self) -> str:
        """PBN ``Deal`` notation from North: ``N:KQ5.A72.-.JT9843 …``."""
        return "N:" + " ".join(pbn_hand(self.hands[s]) for s in SEATS)

    @property
    def in_cycle(self) -> bool:
        return (self.dealer is cycle_dealer(self.board)
                and self.vulnerable == cycle_vulnerability(self.board))


def pbn_hand(hand: Hand) -> str:
    """A hand as PBN writes it, a void empty: ``KQ5.A72..JT9843``."""
    return ".".join("".join(c.text[1] for c in hand.in_suit(s)) for s in SUITS)


def _hand_from_pbn(text: str, seat: Seat) -> tuple[list[Card], list[Text]]:
    """The cards of one PBN hand (``KQ5.A72.-.JT9843``), and what is wrong with it."""
    if text == "-":  # an unknown hand: not allowed in hand records
        return [], [Msg("{seat.full_name}'s hand is missing", seat=seat)]
    parts = text.split(".")
    if len(parts) != 4:
        return [], [Msg("{seat.full_name}'s hand {text} is not S.H.D.C (four suits separated "
                        "by dots)", seat=seat, text=repr(shown(text)))]
    cards: list[Card] = []
    problems: list[Text] = []
    for suit, part in zip(SUITS, parts, strict=True):
        for letter in ("" if part in ("-", "—") else part.upper()):
            if letter not in RANK_LETTERS:
                problems.append(Msg("{seat.full_name}'s {suit.plural} {text}: {letter} is not a "
                                    "rank (A K Q J T 9 … 2)", seat=seat, suit=suit,
                                    text=repr(shown(part)), letter=repr(letter)))
                break
            card = Card(suit, RANK_LETTERS.index(letter) + 2)
            if card in cards:
                problems.append(Msg("{seat.full_name} has the {card.symbol} twice", seat=seat,
                                    card=card))
            else:
                cards.append(card)
    return cards, problems


def parse_deal(text: str) -> dict[Seat, Hand]:
    """The four hands of PBN ``Deal`` notation, checked: 52 distinct cards, 13 in each hand.
    Raises :class:`DealError` with one line per problem."""
    raw = text.strip()
    if len(raw) > 120:
        raise DealError([Msg("that is too long to be a deal")])
    first, colon, rest = raw.partition(":")
    if not colon:
        raise DealError([Msg("a deal starts with the first hand's seat and a colon, e.g. "
                             "N:KQ5.A72.-.JT9843 …, then the four hands clockwise")])
    try:
        start = Seat.parse(first)
    except SeatError as exc:
        raise DealError([error_text(exc)]) from None
    texts = rest.split()
    if len(texts) != 4:
        raise DealError([Msg("a deal has four hands separated by spaces; that one has {n}",
                             n=len(texts))])
    problems: list[Text] = []
    hands: dict[Seat, list[Card]] = {}
    for i, hand_text in enumerate(texts):
        seat = start.after(i)
        hands[seat], found = _hand_from_pbn(hand_text, seat)
        problems += found
    if problems:
        raise DealError(problems)
    problems += deal_problems(hands)
    if problems:
        raise DealError(problems)
    return {seat: Hand(hands[seat]) for seat in SEATS}


def deal_problems(hands: Mapping[Seat, Iterable[Card]]) -> list[Text]:
    """What keeps four hands from being a deal: a hand without 13 cards, a card in two hands,
    a card in none (one line each)."""
    problems: list[Text] = []
    where: dict[Card, Seat] = {}
    for seat in SEATS:
        cards = list(hands[seat])
        if len(cards) != 13:
            problems.append(Msg("{seat.full_name} has {n} cards, not 13", seat=seat,
                                n=len(cards)))
        for card in cards:
            if card in where:
                problems.append(Msg("the {card.symbol} is in both {first.full_name}'s and "
                                    "{seat.full_name}'s hands", card=card, first=where[card],
                                    seat=seat))
            else:
                where[card] = seat
    missing = sorted(FULL_DECK - where.keys())
    if missing:
        listed = " ".join(c.symbol for c in missing[:13])
        if len(missing) > 13:
            problems.append(Msg("no hand has the {cards} …", cards=listed))
        else:
            problems.append(Msg("no hand has the {cards}", cards=listed))
    return problems


def make_deal(
    board: int,
    text: str,
    *,
    dealer: Seat | None = None,
    vulnerable: str | None = None,
) -> Deal:
    """A deal for ``board`` from PBN notation; dealer and vulnerability default to the cycle and,
    when given, must agree with it. Raises :class:`DealError` with every problem."""
    problems = board_problems(board, dealer, vulnerable)
    try:
        hands = parse_deal(text)
    except DealError as exc:
        raise DealError(problems + list(exc.problems)) from None
    if problems:
        raise DealError(problems)
    return Deal(board, cycle_dealer(board), cycle_vulnerability(board), hands)


def board_problems(board: int, dealer: Seat | None, vulnerable: str | None) -> list[Text]:
    """Dealer and vulnerability that break the standard cycle for ``board`` (one line each)."""
    if board < 1:
        return [Msg("a board number is 1 or more")]
    problems: list[Text] = []
    if dealer is not None and dealer is not cycle_dealer(board):
        problems.append(Msg("board {board} is dealt by {dealer.full_name}, not "
                            "{given.full_name}", board=board, dealer=cycle_dealer(board),
                            given=dealer))
    if vulnerable is not None and vulnerable != cycle_vulnerability(board):
        problems.append(Msg("board {board} has vulnerability {vulnerability}, not {given}",
                            board=board, vulnerability=cycle_vulnerability(board),
                            given=vulnerable))
    return problems


def random_deal(board: int, rng: random.Random) -> Deal:
    """A shuffled deal for ``board`` (for tests and benchmarks: never real hand records)."""
    pack = sorted(FULL_DECK)
    rng.shuffle(pack)
    hands = {seat: Hand(pack[13 * i: 13 * i + 13]) for i, seat in enumerate(SEATS)}
    return Deal(board, cycle_dealer(board), cycle_vulnerability(board), hands)
