"""Reading a case's facts into engine values, and the registry of kind adapters."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from core.cards import Card, Hand, Suit, parse_card, parse_hand
from core.errors import RuleError
from core.seats import Seat
from core.state import (
    Lasts,
    PenaltyCard,
    PenaltyKind,
    Phase,
    Restriction,
    RestrictionKind,
    TableState,
)
from core.validity import check_state

#: What an adapter observed, keyed by the expectation names of FORMAT.md.
Observed = dict[str, Any]
Adapter = Callable[["Facts", TableState], tuple[Observed, TableState]]

ADAPTERS: dict[str, Adapter] = {}


def kind(name: str) -> Callable[[Adapter], Adapter]:
    """Register the adapter for one case kind (or sequence step ``do``)."""

    def register(fn: Adapter) -> Adapter:
        ADAPTERS[name] = fn
        return fn

    return register


class Facts:
    """Typed access to a case's (or a step's) facts."""

    def __init__(self, data: dict[str, Any]):
        self.data = data

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def seat(self, key: str) -> Seat:
        if key not in self.data:
            raise RuleError(f"the case gives no {key!r}")
        return Seat.parse(self.data[key])

    def opt_seat(self, key: str) -> Seat | None:
        return Seat.parse(self.data[key]) if key in self.data else None

    def card(self, key: str) -> Card:
        if key not in self.data:
            raise RuleError(f"the case gives no {key!r}")
        return parse_card(self.data[key])

    def cards(self, key: str) -> tuple[Card, ...]:
        value = self.data.get(key, [])
        if isinstance(value, str):
            value = value.split()
        return tuple(parse_card(c) for c in value)

    def hand(self, key: str = "hand") -> Hand | None:
        return parse_hand(self.data[key]) if key in self.data else None

    def suit(self, key: str) -> Suit | None:
        return Suit.parse(self.data[key]) if self.data.get(key) else None

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise RuleError(f"{key!r} must be true or false")
        return value

    def number(self, key: str, default: int = 0) -> int:
        value = self.data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise RuleError(f"{key!r} must be a whole number")
        return value


def parse_penalty_token(token: str) -> PenaltyCard:
    """``W:SK:major`` → a penalty card."""
    try:
        seat, card, kind_text = token.split(":")
    except ValueError:
        raise RuleError(f"{token!r} is not a penalty card (SEAT:CARD:KIND)") from None
    return PenaltyCard(Seat.parse(seat), parse_card(card), PenaltyKind(kind_text), "50")


def parse_restriction_token(seat: Seat, token: str, origin: str = "case", *,
                            following: bool = False) -> Restriction:
    """``require:H`` / ``forbid:H`` / ``highest`` / ``lowest`` binding ``seat``. Given to a seat
    that is ``following`` (FORMAT.md: the case names ``led``), every token is a restriction on
    this play as Law 57A imposes it, so a suit requirement binds a follower void in the suit led
    and comes before his major penalty card (50D1(b))."""
    verb, _, letter = token.partition(":")
    try:
        kind_ = RestrictionKind(verb)
    except ValueError:
        raise RuleError(f"{token!r} is not a restriction") from None
    suit = Suit.parse(letter) if letter else None
    if following or kind_ in (RestrictionKind.HIGHEST, RestrictionKind.LOWEST):
        lasts, law = Lasts.THIS_PLAY, "57A"
    elif kind_ is RestrictionKind.REQUIRE:
        lasts, law = Lasts.THIS_LEAD, "50D2(a)"
    else:
        lasts, law = Lasts.WHILE_ON_LEAD, "50D2(a)"
    if suit is None and kind_ in (RestrictionKind.REQUIRE, RestrictionKind.FORBID):
        raise RuleError(f"{token!r} names no suit")
    return Restriction(seat, kind_, suit, lasts, law if origin == "case" else origin)


def with_facts(state: TableState, facts: Facts, *, declarer_key: str | None = "declarer",
               restricted_seat: Seat | None = None, following: bool = False) -> TableState:
    """The running state with whatever the facts restate (declarer, dealer, penalty cards, a
    restriction on ``restricted_seat``); facts not given keep the running state's values."""
    if declarer_key and declarer_key in facts:
        declarer = facts.seat(declarer_key)
        state = state.evolve(declarer=declarer,
                        phase=Phase.PLAY if state.phase is Phase.AUCTION else state.phase)
    if "dealer" in facts:
        state = state.evolve(dealer=facts.seat("dealer"))
    if "penalty_cards" in facts:
        tokens = facts.get("penalty_cards") or []
        state = state.evolve(penalty_cards=tuple(parse_penalty_token(t) for t in tokens))
    if restricted_seat is not None and facts.get("restriction"):
        state = replace(
            state,
            restrictions=(
                *(r for r in state.restrictions if r.seat is not restricted_seat),
                parse_restriction_token(restricted_seat, facts.get("restriction"),
                                        following=following),
            ),
        )
    return check_state(state)


def restriction_lasts(state: TableState, seat: Seat) -> str:
    found = state.restrictions_on(seat)
    return found[-1].lasts.value if found else ""
