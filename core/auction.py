"""The auction: calls, their parser, and an auction's legality (Laws 17-22).

Canonical call text is ``1C``…``7NT``, ``P``, ``X``, ``XX``; the parser also takes what players
type on a phone (``1♣``, ``1n``, ``1 NT``, ``pass``, ``dbl``, ``redouble``). An
:class:`Auction` is the dealer and the calls made so far; it knows whose turn it is, whether a
call would be legal there (and says why not), the last bid, the lowest sufficient bid in a
denomination, when the auction is over and who declares.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cached_property, lru_cache, total_ordering

from core.cards import Suit, _clean, shown
from core.errors import RuleError
from core.seats import Seat
from core.text import Msg, Text


class Strain(Enum):
    """The five denominations, lowest first (Law 18E)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    # Members are singletons: hash by identity, in C (see ``Seat.__hash__``; issue 27).
    __hash__ = object.__hash__

    @property
    def order(self) -> int:
        return _STRAIN_ORDER[self]

    @property
    def suit(self) -> Suit | None:
        """The suit a natural bid in this denomination names (none for notrump)."""
        return _STRAIN_SUIT[self]

    @property
    def symbol(self) -> str:
        suit = _STRAIN_SUIT[self]
        return "NT" if suit is None else suit.symbol

    @property
    def plural(self) -> str:
        suit = _STRAIN_SUIT[self]
        return "notrump" if suit is None else suit.plural

    @classmethod
    def of(cls, suit: Suit) -> Strain:
        return cls(suit.letter)

    @classmethod
    def parse(cls, text: str) -> Strain:
        key = _clean(text).strip().lower().replace(" ", "").replace("-", "")
        if key in _NOTRUMP_WORDS:
            return cls.NOTRUMP
        try:
            return cls.of(Suit.parse(key))
        except ValueError:
            raise RuleError(Msg("{text} is not a denomination (use C, D, H, S or NT)",
                                text=repr(shown(text)))) from None


_STRAINS: tuple[Strain, ...] = tuple(Strain)
#: Looked up, not computed, since ruling on an auction asks them dozens of times (issue 27).
_STRAIN_ORDER = {strain: i for i, strain in enumerate(_STRAINS)}
_STRAIN_SUIT = {strain: None if strain is Strain.NOTRUMP else Suit(strain.value)
                for strain in _STRAINS}
_NOTRUMP_WORDS = {"n", "nt", "notrump", "notrumps", "sa"}


class CallKind(Enum):
    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"

    __hash__ = object.__hash__  # singletons: hash by identity (see ``Seat.__hash__``)


@total_ordering
@dataclass(frozen=True)
class Call:
    """One call. Bids compare by rank (1C lowest, 7NT highest).

    A call never changes, and rulings ask its rank, text and kind again and again: each is worked
    out once per call (``cached_property``; the parser hands out the same ``Call`` objects), kept
    outside the dataclass fields, so equality, hashing and storage are unchanged (issue 27)."""

    kind: CallKind
    level: int = 0
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            if not isinstance(self.strain, Strain) or not 1 <= self.level <= 7:
                raise RuleError(Msg("no such bid: level {level}, {strain}",
                                    level=repr(self.level), strain=repr(self.strain)))
        elif self.level or self.strain is not None:
            raise RuleError(_NO_LEVEL[self.kind])

    @cached_property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @cached_property
    def is_pass(self) -> bool:
        return self.kind is CallKind.PASS

    @cached_property
    def is_double(self) -> bool:
        return self.kind is CallKind.DOUBLE

    @cached_property
    def is_redouble(self) -> bool:
        return self.kind is CallKind.REDOUBLE

    @cached_property
    def rank(self) -> int:
        """0 for 1C … 34 for 7NT; -1 for calls that are not bids."""
        if self.strain is None:
            return -1
        return (self.level - 1) * 5 + self.strain.order

    def __lt__(self, other: Call) -> bool:
        if not isinstance(other, Call):
            return NotImplemented
        return self.rank < other.rank

    @cached_property
    def text(self) -> str:
        """Canonical text: ``1C``, ``3NT``, ``P``, ``X``, ``XX``."""
        if self.strain is not None:
            return f"{self.level}{self.strain.value}"
        return {CallKind.PASS: "P", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}[self.kind]

    @cached_property
    def symbol(self) -> str:
        """Display text: ``1♣``, ``3NT``, ``Pass``, ``Dbl``, ``Rdbl``."""
        if self.strain is not None:
            return f"{self.level}{self.strain.symbol}"
        return {CallKind.PASS: "Pass", CallKind.DOUBLE: "Dbl", CallKind.REDOUBLE: "Rdbl"}[self.kind]

    @property
    def words(self) -> str:
        """As a player says it: ``1♣``, ``3NT``, ``pass``, ``double``, ``redouble``."""
        if self.strain is not None:
            return self.symbol
        return {CallKind.PASS: "pass", CallKind.DOUBLE: "double",
                CallKind.REDOUBLE: "redouble"}[self.kind]

    def specified(self, specifies: Iterable[Suit] | None = None) -> frozenset[Suit]:
        """The suits this call specifies: ``specifies`` when the call was artificial, otherwise
        the suit of a natural suit bid (none for notrump, pass, double, redouble)."""
        if specifies is not None:
            return frozenset(specifies)
        suit = self.strain.suit if self.strain is not None else None
        return frozenset({suit}) if suit else frozenset()

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Call({self.text!r})"

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        return cls(CallKind.BID, level, strain)

    @classmethod
    def parse(cls, text: str | Call) -> Call:
        return parse_call(text)


_NO_LEVEL: dict[CallKind, Msg] = {
    CallKind.BID: Msg("a bid has no level or denomination"),
    CallKind.PASS: Msg("a pass has no level or denomination"),
    CallKind.DOUBLE: Msg("a double has no level or denomination"),
    CallKind.REDOUBLE: Msg("a redouble has no level or denomination"),
}


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)
ALL_BIDS: tuple[Call, ...] = tuple(Call.bid(lv, s) for lv in range(1, 8) for s in _STRAINS)

_WORDS = {
    "p": PASS, "pass": PASS, "passes": PASS, "nobid": PASS, "nb": PASS,
    "x": DOUBLE, "d": DOUBLE, "dbl": DOUBLE, "double": DOUBLE, "doubled": DOUBLE, "dble": DOUBLE,
    "xx": REDOUBLE, "rdbl": REDOUBLE, "redouble": REDOUBLE, "redoubled": REDOUBLE,
    "rdl": REDOUBLE, "rd": REDOUBLE, "rdble": REDOUBLE,
}
_BID_RE = re.compile(r"^(\d+)\s*(.+)$")
_HINT = Msg("use 1C…7NT, P (pass), X (double) or XX (redouble)")


def parse_call(text: str | Call) -> Call:
    """One call from ``1C 1♣ 1c 1N 1NT 1 nt P Pass X Dbl Double XX Rdbl Redouble``."""
    if isinstance(text, Call):
        return text
    if not isinstance(text, str):
        raise RuleError(Msg("{text} is not a call", text=repr(text)))
    if len(text) <= 20:
        return _parse_short_call(text)
    return _parse_call_text(text)


@lru_cache(maxsize=1024)
def _parse_short_call(text: str) -> Call:
    """Calls are few and parsed again and again while ruling: remember them (errors are not
    cached, so a bad call raises each time)."""
    return _parse_call_text(text)


def _parse_call_text(text: str) -> Call:
    raw = _clean(text).strip()
    if not raw:
        raise RuleError(Msg("no call given: {hint}", hint=_HINT))
    if len(raw) > 20:
        raise RuleError(Msg("that is too long to be a call"))
    key = raw.lower().replace(" ", "").replace("-", "").replace(".", "")
    if key in _WORDS:
        return _WORDS[key]
    m = _BID_RE.match(raw)
    if not m:
        raise RuleError(Msg("{text} is not a call: {hint}", text=repr(raw), hint=_HINT))
    level = int(m[1])
    try:
        strain = Strain.parse(m[2])
    except RuleError:
        raise RuleError(Msg("{text} is not a call: {strain} is not a denomination "
                            "(C, D, H, S or NT)", text=repr(raw), strain=repr(m[2]))) from None
    if not 1 <= level <= 7:
        raise RuleError(Msg("{text} is not a bid: a bid is at a level from 1 to 7 "
                            "(a bid above seven is never allowed, Law 38)", text=raw))
    return Call.bid(level, strain)


def parse_calls(text: str | Iterable[str | Call]) -> tuple[Call, ...]:
    """Calls in order from ``"1H 1S P"`` (spaces or commas between) or a list of texts."""
    if isinstance(text, str):
        raw = _clean(text)
        if len(raw) > 1000:
            raise RuleError(Msg("that auction is too long"))
        tokens = [t for t in re.split(r"[\s,;/]+", raw) if t]
        tokens = _join_split_notrump(tokens)
    else:
        tokens = list(text)
    return tuple(parse_call(t) for t in tokens)


def _join_split_notrump(tokens: list[str]) -> list[str]:
    """``1 NT`` typed with a space: glue a lone level to the denomination after it."""
    out: list[str] = []
    for tok in tokens:
        if out and out[-1].isdigit() and not tok[:1].isdigit() and tok.lower() not in _WORDS:
            out[-1] += tok
        else:
            out.append(tok)
    return out


_NONE_WORDS = {"none", "-", "no", "nothing"}


def parse_denominations(text: str) -> tuple[Strain, ...]:
    """The denominations an artificial call shows, as a player types them: ``S``, ``H S``,
    ``HS``, ``♥♠``, ``H,S``, ``NT``, or ``none`` (a relay that shows no denomination)."""
    raw = _clean(text).strip()
    if len(raw) > 40:
        raise RuleError(Msg("that is too long for the denominations a call shows"))
    if raw.lower() in _NONE_WORDS:
        return ()
    tokens = [t for t in re.split(r"[\s,;/+&]+", raw) if t]
    if len(tokens) == 1 and tokens[0].lower() not in _NOTRUMP_WORDS and len(tokens[0]) > 1 \
            and tokens[0].lower() not in {"spades", "hearts", "diamonds", "clubs", "spade",
                                          "heart", "diamond", "club"}:
        tokens = list(tokens[0])  # "HS" or "♥♠"
    found: list[Strain] = []
    for token in tokens:
        try:
            strain = Strain.parse(token)
        except RuleError:
            raise RuleError(Msg("{text} is not a list of denominations: say which the call "
                                "shows, e.g. `H S` for both majors, `C`, `NT`, or `none`",
                                text=repr(shown(raw)))) from None
        if strain not in found:
            found.append(strain)
    if not found:
        raise RuleError(Msg("say which denominations the call shows, e.g. `H S`, or `none`"))
    return tuple(sorted(found, key=lambda s: s.order))


@dataclass(frozen=True)
class Auction:
    """The dealer and the calls made so far, dealer first.

    Building one with the constructor trusts the calls (an accepted insufficient bid is legal,
    Law 27A1); :meth:`parse` and :meth:`with_call` check every call.
    """

    dealer: Seat
    calls: tuple[Call, ...] = ()

    # --- building ------------------------------------------------------------------------
    @classmethod
    def parse(cls, dealer: Seat | str, text: str | Iterable[str | Call] = "") -> Auction:
        """A legal auction from its calls; the first illegal call raises a :class:`RuleError`
        naming it and its place."""
        auction = cls(Seat.parse(dealer))
        for call in parse_calls(text):
            problem = auction.problem(call)
            if problem:
                n = len(auction.calls) + 1
                if auction.is_over:
                    raise RuleError(Msg("call {n} ({call}, nobody): {problem}", n=n,
                                        call=call.text, problem=problem))
                raise RuleError(Msg("call {n} ({call}, {seat.value}): {problem}", n=n,
                                    call=call.text, seat=auction.turn, problem=problem))
            auction = auction.plus(call)
        return auction

    @classmethod
    def trusted(cls, dealer: Seat, texts: Iterable[str]) -> Auction:
        """The auction stored in a table state (its calls were checked when they were made)."""
        return cls(dealer, tuple(parse_call(t) for t in texts))

    def plus(self, call: Call) -> Auction:
        """This auction with ``call`` added, unchecked."""
        return Auction(self.dealer, (*self.calls, call))

    def with_call(self, call: Call | str) -> Auction:
        """This auction with ``call`` added by the player whose turn it is; illegal calls raise."""
        call = parse_call(call)
        problem = self.problem(call)
        if problem:
            raise RuleError(problem)
        return self.plus(call)

    def upto(self, count: int) -> Auction:
        return Auction(self.dealer, self.calls[:count])

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(c.text for c in self.calls)

    # --- rotation ------------------------------------------------------------------------
    def seat_of(self, index: int) -> Seat:
        """Who made (or makes) call number ``index`` (0 = the dealer's first call)."""
        return self.dealer.after(index)

    @property
    def turn(self) -> Seat:
        """Whose turn it is to call (Law 17B, 17C). Meaningless once the auction is over."""
        return self.seat_of(len(self.calls))

    def has_called(self, seat: Seat) -> bool:
        return any(self.seat_of(i) is seat for i in range(len(self.calls)))

    # --- the state of the bidding --------------------------------------------------------
    def last_bid_index(self) -> int | None:
        for i in range(len(self.calls) - 1, -1, -1):
            if self.calls[i].is_bid:
                return i
        return None

    @property
    def last_bid(self) -> Call | None:
        i = self.last_bid_index()
        return None if i is None else self.calls[i]

    @property
    def last_bidder(self) -> Seat | None:
        i = self.last_bid_index()
        return None if i is None else self.seat_of(i)

    def _risk(self) -> tuple[Call | None, int | None]:
        """The last double or redouble since the last bid, and its index."""
        i = self.last_bid_index()
        if i is None:
            return None, None
        found: tuple[Call | None, int | None] = (None, None)
        for j in range(i + 1, len(self.calls)):
            if not self.calls[j].is_pass:
                found = (self.calls[j], j)
        return found

    @property
    def doubled(self) -> bool:
        call, _ = self._risk()
        return call is not None and call.is_double

    @property
    def redoubled(self) -> bool:
        call, _ = self._risk()
        return call is not None and call.is_redouble

    @property
    def is_over(self) -> bool:
        """Four passes at the start, or three passes in a row after a bid (Law 22)."""
        n = len(self.calls)
        if n == 4 and all(c.is_pass for c in self.calls):
            return True  # (a call after four passes exists only after 29A, 17D3)
        return (n >= 4 and self.last_bid_index() is not None
                and all(c.is_pass for c in self.calls[-3:]))

    @property
    def passed_out(self) -> bool:
        return self.is_over and self.last_bid_index() is None

    @property
    def contract(self) -> str | None:
        """``4H``, ``3NTX``, ``2SXX``; None while no bid has been made."""
        bid = self.last_bid
        if bid is None:
            return None
        return bid.text + ("XX" if self.redoubled else "X" if self.doubled else "")

    @property
    def declarer(self) -> Seat | None:
        """The player of the side that made the final bid who first named its denomination."""
        i = self.last_bid_index()
        if i is None:
            return None
        bid, side = self.calls[i], self.seat_of(i)
        for j, call in enumerate(self.calls):
            seat = self.seat_of(j)
            if call.is_bid and call.strain is bid.strain and seat in (side, side.partner):
                return seat
        return side  # pragma: no cover - the final bid itself always matches

    # --- legality --------------------------------------------------------------------------
    def is_sufficient(self, call: Call) -> bool:
        last = self.last_bid
        return call.is_bid and (last is None or call.rank > last.rank)

    def lowest_sufficient(self, strain: Strain | str) -> Call | None:
        """The lowest bid in ``strain`` that supersedes the last bid (None above 7NT)."""
        if isinstance(strain, str):
            strain = Strain.parse(strain)
        last = self.last_bid  # once, not once per candidate bid
        floor = -1 if last is None else last.rank
        for bid in ALL_BIDS:
            if bid.strain is strain and bid.rank > floor:
                return bid
        return None

    def problem(self, call: Call | str, seat: Seat | None = None, *,
                ignore_end: bool = False) -> Text | None:
        """Why ``call`` by ``seat`` (default: the player whose turn it is) would not be legal
        now, in words; None when it is legal. Turn order is not checked here. ``ignore_end``:
        passes that only look final (a lost turn, 17D3) do not end the auction."""
        call = parse_call(call)
        if self.is_over and not ignore_end:
            return (_OVER_PASSED_OUT if self.passed_out else _OVER)
        seat = seat or self.turn
        if call.is_pass:
            return None
        last, last_seat = self.last_bid, self.last_bidder
        if call.is_bid:
            if last is not None and call.rank <= last.rank:
                low = self.lowest_sufficient(call.strain) if call.strain else None
                if low is None or call.strain is None:
                    return Msg("{call} is insufficient after {last}", call=call.symbol,
                               last=last.symbol)
                suit = call.strain.suit
                if suit is None:
                    return Msg("{call} is insufficient after {last}; the lowest sufficient "
                               "notrump bid is {low}", call=call.symbol, last=last.symbol,
                               low=low.symbol)
                return Msg("{call} is insufficient after {last}; the lowest sufficient "
                           "{suit.plural} bid is {low}", call=call.symbol, last=last.symbol,
                           suit=suit, low=low.symbol)
            return None
        risk, risk_at = self._risk()
        if call.is_double:
            if last is None or last_seat is None:
                return _NO_BID_TO_DOUBLE
            if last_seat is seat.partner:
                return _DOUBLE_PARTNER
            if last_seat is seat:
                return _DOUBLE_OWN
            if risk is not None:
                if risk.is_redouble:
                    return Msg("{bid} is already redoubled", bid=last.text)
                return Msg("{bid} is already doubled", bid=last.text)
            return None
        # redouble
        if risk is None or risk_at is None or not risk.is_double:
            if risk is not None and risk.is_redouble:
                if last is None:
                    return Msg("the bid is already redoubled")
                return Msg("{bid} is already redoubled", bid=last.text)
            return _NO_DOUBLE_TO_REDOUBLE
        doubler = self.seat_of(risk_at)
        if doubler is seat.partner:
            return _REDOUBLE_PARTNER
        if doubler is seat:
            return _REDOUBLE_OWN
        return None

    def legal_calls(self) -> list[Call]:
        """Every call the player whose turn it is may legally make now."""
        if self.is_over:
            return []
        return [c for c in (PASS, DOUBLE, REDOUBLE, *ALL_BIDS) if self.problem(c) is None]

    # --- Law 26B ---------------------------------------------------------------------------
    def specified_suits(self, seat: Seat,
                        artificial: Mapping[int, Iterable[Suit]] | None = None) -> frozenset[Suit]:
        """The suits ``seat`` has specified in this (legal) auction: the suit of each natural
        suit bid he made, or, for a call listed in ``artificial`` (by its index), the suits
        that call specified."""
        artificial = artificial or {}
        found: set[Suit] = set()
        for i, call in enumerate(self.calls):
            if self.seat_of(i) is seat:
                found |= call.specified(artificial.get(i))
        return frozenset(found)

    def describe(self) -> Text:
        if not self.calls:
            return Msg("Dealer {seat.value}; no call yet.", seat=self.dealer)
        calls = Msg.join(" ", [Msg("{seat.value}:{call}", seat=self.seat_of(i),
                                   call=c.symbol if c.is_bid else _SYMBOLS[c.kind])
                               for i, c in enumerate(self.calls)])
        return Msg("Dealer {seat.value}: {calls}", seat=self.dealer, calls=calls)


#: Pass, double and redouble as the auction shows them, in the reader's language (the messages of
#: ``core.laws.auction_calls.CALL_SYMBOLS``, which the law modules use).
_SYMBOLS = {CallKind.PASS: Msg("Pass"), CallKind.DOUBLE: Msg("Dbl"), CallKind.REDOUBLE: Msg("Rdbl")}

# Why a call is illegal (Auction.problem): the engine asks for every call it considers, so the
# fixed sentences are made once.
_OVER_PASSED_OUT = Msg("the auction is over (all four players passed)")
_OVER = Msg("the auction is over (three passes followed the last bid)")
_NO_BID_TO_DOUBLE = Msg("there is no bid to double")
_DOUBLE_PARTNER = Msg("a double of partner's bid is not allowed")
_DOUBLE_OWN = Msg("a player may not double his own bid")
_NO_DOUBLE_TO_REDOUBLE = Msg("there is no double to redouble")
_REDOUBLE_PARTNER = Msg("a redouble of partner's double is not allowed")
_REDOUBLE_OWN = Msg("a player may not redouble his own double")
