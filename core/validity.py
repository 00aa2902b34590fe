"""Facts that cannot happen at a bridge table, refused where they enter (scenario facts, board
facts, commands) with a reason a player understands, before any law is applied to them.

A ruling built on an impossible state would be wrong however good the law code is: an honour is
never a minor penalty card, a defender with two penalty cards has no minor one, declarer and
dummy never have penalty cards, a card is in one place only, and a player never has more
penalty cards than cards in his hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from core.auction import parse_call
from core.errors import RuleError
from core.seats import Role, Seat, role_of
from core.state import PenaltyCard, PenaltyKind, Restriction, RestrictionKind, TableState
from core.text import Msg, Text

_CONTRACT_RE = re.compile(r"^(?P<bid>.+?)\s*(?P<risk>XX|X|REDOUBLED|DOUBLED|RDBL|DBL)?$")
_CONTRACT_HINT = Msg("a contract is a level 1-7 and a denomination, maybe doubled: e.g. 4H, 3NTX, "
                     "6SXX")


def parse_contract(text: str) -> str:
    """A contract as typed (``4H``, ``4♥``, ``3nt x``, ``6SXX``) in canonical form; nonsense such
    as ``8NT``, ``ZZZ`` or ``4H4H`` raises a :class:`RuleError` that explains the format."""
    raw = text.strip().upper() if isinstance(text, str) else ""
    if not raw or len(raw) > 16:
        raise RuleError(Msg("that is not a contract: {hint}", hint=_CONTRACT_HINT))
    m = _CONTRACT_RE.match(raw)
    level = re.match(r"\d+", raw)
    if level and int(level[0]) > 7:
        raise RuleError(Msg("{text} is not a contract: no bid is above seven (Law 38); {hint}",
                            text=repr(text.strip()), hint=_CONTRACT_HINT))
    try:
        bid = parse_call(m["bid"]) if m else None
    except RuleError:
        bid = None
    if bid is None or not bid.is_bid or m is None:
        raise RuleError(Msg("{text} is not a contract: {hint}", text=repr(text.strip()),
                            hint=_CONTRACT_HINT))
    risk = {"X": "X", "DBL": "X", "DOUBLED": "X", "XX": "XX", "RDBL": "XX",
            "REDOUBLED": "XX"}.get(m["risk"] or "", "")
    return bid.text + risk


def penalty_card_problem(cards: Iterable[PenaltyCard], declarer: Seat | None) -> Text | None:
    """Why these penalty cards cannot be on the table together (None when they can)."""
    cards = tuple(cards)
    seen: dict[object, PenaltyCard] = {}
    for p in cards:
        if p.card in seen:
            other = seen[p.card]
            if other.seat is p.seat:
                return Msg("the {card.symbol} cannot be a penalty card twice: a card is in one "
                           "place", card=p.card)
            return Msg("the {card.symbol} cannot be a penalty card for both {other.value} and "
                       "{seat.value}: a card is in one place", card=p.card, other=other.seat,
                       seat=p.seat)
        seen[p.card] = p
        if declarer is not None and role_of(p.seat, declarer) is not Role.DEFENDER:
            if p.seat is declarer:
                return Msg("{seat.value} is declarer: declarer's and dummy's cards never become "
                           "penalty cards (48A), so the {card.symbol} cannot be one",
                           seat=p.seat, card=p.card)
            return Msg("{seat.value} is dummy: declarer's and dummy's cards never become penalty "
                       "cards (48A), so the {card.symbol} cannot be one", seat=p.seat, card=p.card)
        if p.kind is PenaltyKind.MINOR and p.card.is_honour:
            return Msg("the {card.symbol} is an honour: an exposed honour is always a major "
                       "penalty card, never a minor one (50B)", card=p.card)
    for seat in Seat:
        minors = [p for p in cards if p.seat is seat and p.kind is PenaltyKind.MINOR]
        if minors and len([p for p in cards if p.seat is seat]) > 1:
            return Msg("{seat.value} cannot have a minor penalty card among two or more: when a "
                       "defender has two or more penalty cards, each of them is major (50B)",
                       seat=seat)
    return None


#: The cards dealt to each player (Law 6).
HAND = 13


def cards_held(state: TableState) -> int:
    """The most cards a player still holds: thirteen, less one for each trick finished as far
    as the reports tell (``state.trick`` is the trick being played)."""
    return HAND - (state.trick - 1 if state.trick else 0)


def hand_size_problem(state: TableState, seat: Seat) -> Text | None:
    """Why ``seat`` cannot have the cards ``state`` puts face up in front of him (penalty cards,
    or cards exposed in the auction, Law 24): more than he holds."""
    most = cards_held(state)
    if len(state.penalty_cards) + len(state.auction_exposed) <= most:
        return None  # not that many face up at the whole table (the usual case, at once)
    n = len(state.penalty_cards_of(seat)) + sum(e.seat is seat for e in state.auction_exposed)
    if n > most:
        return Msg("{seat.value} cannot have {n} cards face up on the table: he holds at most "
                   "{most} cards at this point (13, less one for each trick played)", seat=seat,
                   n=n, most=most)
    return None


def restriction_problem(restrictions: Iterable[Restriction],
                        declarer: Seat | None) -> Text | None:
    """A 57A instruction binds the partner of the defender who played early: a defender."""
    for r in restrictions:
        if r.kind in (RestrictionKind.HIGHEST, RestrictionKind.LOWEST) and declarer is not None \
                and role_of(r.seat, declarer) is not Role.DEFENDER:
            return Msg("a 57A instruction binds only the partner of the defender who played "
                       "early; {seat.value} is not a defender", seat=r.seat)
    return None


def check_state(state: TableState) -> TableState:
    """``state`` if its facts can happen at a table; a :class:`RuleError` saying why not."""
    problem = (penalty_card_problem(state.penalty_cards, state.declarer)
               or restriction_problem(state.restrictions, state.declarer))
    if problem:
        raise RuleError(problem)
    return state
