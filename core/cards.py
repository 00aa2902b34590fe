"""Cards, suits and hands, and a forgiving parser for what players type on a phone.

Canonical text is suit then rank with T for the ten (``SK``, ``HT``); the symbol text is what
players see (``♠K``, ``♥10``). Every parser raises :class:`CardError` naming what was wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import total_ordering

from core.templated import TemplatedError


class CardError(TemplatedError):
    """Input that does not describe a card, a list of cards or a hand.

    Raised with a sentence's template and its fields (:class:`core.templated.TemplatedError`).
    """


class Suit(Enum):
    """The four suits, in the order of a PBN hand (spades first)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons: hash by identity, in C (see ``Seat.__hash__``; issue 27).
    __hash__ = object.__hash__

    # The names below are read while writing nearly every ruling: plain lookups, not Enum's
    # ``value``/``name`` descriptors (issue 27).
    @property
    def letter(self) -> str:
        return self._value_

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def plural(self) -> str:
        return _SUIT_PLURALS[self]

    @property
    def singular(self) -> str:
        return _SUIT_PLURALS[self][:-1]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from a letter, a symbol or a word (``h``, ``♥``, ``hearts``)."""
        key = _clean(text).strip().lower()
        suit = _SUIT_WORDS.get(key)
        if suit is None:
            raise CardError("{text} is not a suit (use S, H, D or C)", text=repr(shown(text)))
        return suit


SUITS: tuple[Suit, ...] = tuple(Suit)

_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_PLURALS = {suit: suit.name.lower() for suit in SUITS}
_SUIT_WORDS: dict[str, Suit] = {}
for _suit in Suit:
    for _key in (_suit.letter.lower(), _suit.plural, _suit.singular, _suit.symbol):
        _SUIT_WORDS[_key] = _suit
_OUTLINE_SYMBOLS = {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_SUIT_WORDS.update(_OUTLINE_SYMBOLS)

RANK_LETTERS = "23456789TJQKA"
_RANK_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "jack": 11, "queen": 12, "king": 13, "ace": 14,
}
_RANK_TOKENS: dict[str, int] = {letter.lower(): i + 2 for i, letter in enumerate(RANK_LETTERS)}
_RANK_TOKENS["10"] = 10

TEN = 10


def rank_letter(rank: int) -> str:
    return RANK_LETTERS[rank - 2]


def rank_display(rank: int) -> str:
    return "10" if rank == TEN else rank_letter(rank)


def shown(text: str, limit: int = 20) -> str:
    """User text as an error message may quote it: at most ``limit`` characters."""
    return text if len(text) <= limit else text[:limit] + "…"


def _clean(text: str) -> str:
    """Drop emoji variation selectors and zero-width characters phones insert."""
    return re.sub("[\ufe0e\ufe0f\u200b-\u200d\u2060]", "", text)


@total_ordering
@dataclass(frozen=True)
class Card:
    """One card. Sorting puts spades first and, within a suit, the highest first."""

    suit: Suit
    rank: int

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit) or not 2 <= self.rank <= 14:
            raise CardError("no such card: {suit} {rank}", suit=repr(self.suit),
                            rank=repr(self.rank))

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (SUITS.index(self.suit), -self.rank) < (SUITS.index(other.suit), -other.rank)

    @property
    def text(self) -> str:
        """Canonical text: ``SK``, ``HT``."""
        return self.suit.letter + rank_letter(self.rank)

    @property
    def symbol(self) -> str:
        """Display text: ``♠K``, ``♥10``."""
        return self.suit.symbol + rank_display(self.rank)

    @property
    def is_honour(self) -> bool:
        """Ace, King, Queen, Jack or Ten (2017 Definitions: the Ten is an honour)."""
        return self.rank >= TEN

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)


_WORDS_RE = re.compile(
    r"\b(?P<rank>ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|10|[2-9akqjt])"
    r"\s+(?:of\s+)?(?P<suit>spades?|hearts?|diamonds?|clubs?)\b",
    re.IGNORECASE,
)


def parse_card(text: str) -> Card:
    """One card from any of ``SK KS ♠K K♠ sk 10h Th h10 ♥10`` or ``king of spades``."""
    if not isinstance(text, str):
        raise CardError("{text} is not a card", text=repr(text))
    raw = _clean(text).strip()
    if not raw:
        raise CardError("no card given")
    if len(raw) > 40:
        raise CardError("that is too long to be a card")
    words = _WORDS_RE.fullmatch(raw)
    if words:
        rank = _RANK_WORDS.get(words["rank"].lower()) or _RANK_TOKENS[words["rank"].lower()]
        return Card(Suit.parse(words["suit"]), rank)
    token = raw.lower().replace(" ", "")
    head, tail = token[:1], token[1:]
    if head in _SUIT_WORDS and tail in _RANK_TOKENS:
        return Card(_SUIT_WORDS[head], _RANK_TOKENS[tail])
    head, tail = token[:-1], token[-1:]
    if tail in _SUIT_WORDS and head in _RANK_TOKENS:
        return Card(_SUIT_WORDS[tail], _RANK_TOKENS[head])
    raise _card_complaint(raw)


def _card_complaint(raw: str) -> CardError:
    token = raw.lower().replace(" ", "")
    for suit_at_start in (True, False):
        suit_part = token[:1] if suit_at_start else token[-1:]
        rank_part = token[1:] if suit_at_start else token[:-1]
        if suit_part in _SUIT_WORDS and rank_part:
            return CardError("{text} is not a card: {rank} is not a rank (use A K Q J T or 10, "
                             "9 … 2)", text=repr(shown(raw)), rank=repr(shown(rank_part.upper())))
    return CardError("{text} is not a card: write the suit and the rank, like SK, ♥10 or "
                     "'king of spades'", text=repr(shown(raw)))


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Several distinct cards: ``SK D4``, ``♠K, ♦4`` or ``king of spades and four of diamonds``."""
    if isinstance(text, str):
        raw = _clean(text)
        if len(raw) > 400:
            raise CardError("that list is too long")
        raw = _WORDS_RE.sub(lambda m: f" {m['suit'][0]}{_word_rank(m['rank'])} ", raw)
        raw = re.sub(r"\b(?:and|the|of)\b", " ", raw, flags=re.IGNORECASE)
        tokens = [t for t in re.split(r"[\s,;/+&]+", raw) if t]
    else:
        tokens = list(text)
    if not tokens:
        raise CardError("no card given")
    cards = tuple(parse_card(t) for t in tokens)
    _refuse_duplicates(cards)
    return cards


def _word_rank(word: str) -> str:
    rank = _RANK_WORDS.get(word.lower()) or _RANK_TOKENS[word.lower()]
    return rank_letter(rank)


def _refuse_duplicates(cards: Iterable[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError("the {card.symbol} is given twice", card=card)
        seen.add(card)


class Hand(frozenset[Card]):
    """The cards one player still holds (at most thirteen, no duplicates)."""

    def in_suit(self, suit: Suit) -> list[Card]:
        return sorted(c for c in self if c.suit is suit)

    def has_suit(self, suit: Suit) -> bool:
        return any(c.suit is suit for c in self)

    @property
    def pbn(self) -> str:
        return ".".join(
            "".join(rank_letter(c.rank) for c in self.in_suit(s)) or "-" for s in SUITS
        )

    @property
    def symbol(self) -> str:
        return " ".join(
            s.symbol + ("".join(rank_display(c.rank) for c in self.in_suit(s)) or "—")
            for s in SUITS
        )

    def __repr__(self) -> str:
        return f"Hand({self.pbn!r})"


_HOLDING_RE = re.compile(r"^(?:10|[AKQJT2-9])*$", re.IGNORECASE)
_LABELLED_RE = re.compile(r"([SHDC♠♥♦♣♤♡♢♧])\s*:?\s*((?:10|[AKQJT2-9xX]|-|—)*)", re.IGNORECASE)


def parse_rank(text: str) -> int:
    """A rank as typed: ``Q``, ``T`` or ``10`` (12, 10, 10)."""
    rank = _RANK_TOKENS.get(text.strip().lower())
    if rank is None:
        raise CardError("{text} is not a rank (A K Q J T 9 … 2)", text=repr(shown(text)))
    return rank


def parse_holding(suit: Suit, text: str) -> Hand:
    """One suit's ranks as typed (``KJ3``, ``Q104``) as the cards of ``suit``, none twice."""
    cards = _holding(suit, text)
    _refuse_duplicates(cards)
    return Hand(cards)


def _holding(suit: Suit, text: str) -> list[Card]:
    text = text.strip()
    if text in {"", "-", "—"}:
        return []
    if not _HOLDING_RE.match(text):
        raise CardError("{text} is not a {suit.singular} holding (ranks A K Q J T 9 … 2)",
                        text=repr(text), suit=suit)
    ranks = [10 if r == "10" else _RANK_TOKENS[r.lower()] for r in re.findall(r"10|.", text)]
    return [Card(suit, r) for r in ranks]


# Each suit group is atomic: its runs of spaces could otherwise be split between the \s* in
# exponentially many ways before a bad character fails the match (ranks never include a suit
# letter, so the greedy reading inside one group is always the only one that can succeed).
_LABELLED_FULL_RE = re.compile(
    r"(?>\s*[SHDC♠♥♦♣♤♡♢♧]\s*:?\s*(?:10|[AKQJT2-9]|-|—)*\s*)+", re.IGNORECASE
)


def _labelled(raw: str) -> list[Card]:
    cards: list[Card] = []
    seen_suits: set[Suit] = set()
    for label, holding in _LABELLED_RE.findall(raw):
        suit = Suit.parse(label)
        if suit in seen_suits:
            raise CardError("{suit.plural} are given twice in that hand", suit=suit)
        seen_suits.add(suit)
        cards += _holding(suit, holding)
    return cards


def parse_hand(text: str) -> Hand:
    """A hand as PBN ``K8.Q52.AJ942.-``, labelled ``S:K8 H:Q52 D:AJ942 C:-``, or a card list."""
    if not isinstance(text, str):
        raise CardError("{text} is not a hand", text=repr(text))
    raw = _clean(text).strip()
    if len(raw) > 200:
        raise CardError("that is too long to be a hand")
    try:
        cards = _hand_cards(raw)
    except CardError as exc:
        english = str(exc)
        why: str | CardError = exc  # the reason as a sentence, unless the English was cut
        if english.endswith(".") or len(english) > 200:
            why = english.rstrip(".")
            why = why if len(why) <= 200 else why[:199] + "…"
        raise CardError("{reason}. A hand is S.H.D.C (spades.hearts.diamonds.clubs, - for a "
                        "void), e.g. KQ5.A72.-.JT9843, or cards like SK SQ HA",
                        reason=why) from None
    _refuse_duplicates(cards)
    if len(cards) > 13:
        raise CardError("a hand has at most 13 cards; that one has {n}", n=len(cards))
    return Hand(cards)


def _hand_cards(raw: str) -> list[Card]:
    cards: list[Card] = []
    if raw.count(".") == 3 and not re.search(r"\s", raw.strip()):
        for suit, part in zip(SUITS, raw.split("."), strict=True):
            cards += _holding(suit, part)
    elif ":" in raw and _LABELLED_FULL_RE.fullmatch(raw):
        cards = _labelled(raw)
    elif raw in {"", "-"}:
        cards = []
    else:
        try:
            cards = list(parse_cards(raw))
        except CardError:
            if not _LABELLED_FULL_RE.fullmatch(raw):
                raise
            cards = _labelled(raw)
    return cards


def cards_text(cards: Iterable[Card]) -> str:
    """Cards for display, highest first: ``♠K ♦4``."""
    return " ".join(c.symbol for c in sorted(cards)) or "none"
