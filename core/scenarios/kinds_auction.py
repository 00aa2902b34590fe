"""Adapters for the auction family (Laws 16, 17D3, 23, 25-32, 36, 37) and the ``call`` step."""

from __future__ import annotations

from core.auction import Auction, Strain, parse_call
from core.cards import Suit
from core.engine import apply
from core.errors import RuleError
from core.laws.auction_calls import CallMade
from core.laws.auction_state import note_meaning
from core.laws.change_of_call import ChangeOfCall
from core.laws.insufficient import InsufficientBid
from core.laws.rotation import CallOutOfRotation
from core.ruling import Ruling
from core.scenarios.facts import Facts, Observed, kind, with_facts
from core.state import Phase, TableState


def _text(facts: Facts, key: str) -> str | None:
    value = facts.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RuleError(f"{key!r} must be a call written as text")
    return value


def _strains(facts: Facts, key: str) -> tuple[Strain, ...] | None:
    value = facts.get(key)
    if value is None:
        return None
    items = value.split() if isinstance(value, str) else list(value)
    return tuple(Strain.parse(v) for v in items)


def _suits(facts: Facts, key: str) -> tuple[Suit, ...]:
    strains = _strains(facts, key) or ()
    return tuple(s.suit for s in strains if s.suit is not None)


def _annotated(text: str) -> tuple[str, dict[int, tuple[Suit, ...]]]:
    """EXTENSIONS.md: ``2D:H`` in an auction is an artificial 2D specifying hearts (``2C:-``
    specifies no suit); the plain calls, and the suits each annotated call specified."""
    calls, meanings = [], {}
    for index, token in enumerate(text.split()):
        call, sep, shown = token.partition(":")
        calls.append(call)
        if sep:
            strains = () if shown == "-" else tuple(Strain.parse(c) for c in shown)
            meanings[index] = tuple(s.suit for s in strains if s.suit is not None)
    return " ".join(calls), meanings


def auction_state(facts: Facts, state: TableState, *, may_be_over: bool = False) -> TableState:
    """The running state with the dealer and the auction the facts restate. A declarer named for
    the story is only the presumed one while the auction is still going on."""
    state = with_facts(state, facts, declarer_key=None)
    if "auction" in facts:
        if state.dealer is None:
            raise RuleError("the case gives an auction but no dealer")
        text = facts.get("auction") or ""
        if not isinstance(text, str):
            raise RuleError("'auction' must be the calls as text, e.g. \"1H 1S P\"")
        plain, meanings = _annotated(text)
        auction = Auction.parse(state.dealer, plain)
        if auction.is_over and not may_be_over:
            raise RuleError("that auction is already over")
        state = state.evolve(calls=auction.texts)
        for index, suits in meanings.items():
            state = note_meaning(state, index, suits)
    if state.phase is Phase.PLAY and state.dealer is not None:
        auction = Auction.trusted(state.dealer, state.calls)
        if not auction.is_over:
            state = state.evolve(phase=Phase.AUCTION)
    return state


def _observed(ruling: Ruling, state: TableState) -> Observed:
    return {**ruling.outcome, "_cited": list(ruling.laws)}


@kind("insufficient_bid")
def insufficient_bid(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = auction_state(facts, state)
    ev = InsufficientBid(
        bid=_text(facts, "bid") or "",
        seat=facts.opt_seat("seat"),
        accepted=facts.flag("accepted"),
        replacement=_text(facts, "replacement"),
        comparable=facts.flag("comparable"),
        artificial=facts.flag("artificial"),
        specifies=_strains(facts, "specifies") or (),
        replacement_specifies=_strains(facts, "replacement_specifies"),
        replacement_accepted=facts.flag("replacement_accepted"),
        premature=facts.flag("premature"),
    )
    ruling, state = apply(state, ev)
    return _observed(ruling, state), state


def _judgement(facts: Facts) -> bool | None:
    """FORMAT: ``comparable`` is the Director's judgement, default false. A repeat of the very
    call needs no judgement (the engine presumes it comparable), so none is assumed for it;
    a judgement the case states always counts (23A: the same call may mean something else)."""
    if "comparable" in facts:
        return facts.flag("comparable")
    mine, first = _text(facts, "offender_call"), _text(facts, "call")
    same = mine is not None and first is not None and parse_call(mine) == parse_call(first)
    return None if same else False


@kind("call_out_of_rotation")
def call_out_of_rotation(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = auction_state(facts, state)
    ev = CallOutOfRotation(
        offender=facts.seat("offender"),
        call=_text(facts, "call") or "",
        accepted=facts.flag("accepted"),
        turn_call=_text(facts, "turn_call"),
        offender_call=_text(facts, "offender_call"),
        comparable=_judgement(facts),
        artificial=facts.flag("artificial"),
        specifies=_suits(facts, "specifies"),
        before_rectification=facts.flag("before_rectification"),
        unintended=facts.flag("unintended"),
    )
    ruling, state = apply(state, ev)
    return _observed(ruling, state), state


@kind("call")
def call(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = auction_state(facts, state)
    comparable = facts.flag("comparable") if "comparable" in facts else None
    specifies = _suits(facts, "specifies") if "specifies" in facts else None
    ev = CallMade(facts.seat("seat"), _text(facts, "call") or "", comparable, specifies,
                  facts.flag("lho_called"))
    ruling, state = apply(state, ev)
    return _observed(ruling, state), state


@kind("change_of_call")
def change_of_call(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    """EXTENSIONS.md: a player replaces his last call (Law 25); an intended call that is
    insufficient is then ruled under Law 27 with the insufficient-bid facts given."""
    state = auction_state(facts, state, may_be_over=True)
    seat, new = facts.seat("seat"), _text(facts, "call") or ""
    ev = ChangeOfCall(seat, new, unintended=facts.flag("unintended"),
                      accepted=facts.flag("accepted"), comparable=facts.flag("comparable"),
                      period_over=facts.flag("period_over"))
    ruling, state = apply(state, ev)
    observed = _observed(ruling, state)
    if ruling.outcome.get("stands") == "" and "27" in ruling.laws:  # 25A, then Law 27
        insufficient = InsufficientBid(
            bid=new, seat=seat, accepted=facts.flag("lho_accepts"),
            replacement=_text(facts, "replacement"),
            comparable=facts.flag("replacement_comparable")
            if "replacement_comparable" in facts else None)
        then, state = apply(state, insufficient)
        observed.update(then.outcome)
        observed["_cited"] += list(then.laws)
        observed["stands"] = (_text(facts, "replacement") or "") if then.outcome.get(
            "replacement_stands") else (new if facts.flag("lho_accepts") else "")
    return observed, state
