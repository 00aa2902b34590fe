"""The rule registry: every incident and follow-up is an :class:`Event`, and every rule is a pure
function ``(state, event) -> (ruling, new state)``.

Law modules register their events with :func:`event` and their rules with :func:`rule`; choices
the non-offending side makes later (declarer's options) are resolved by the handler registered
for the pending choice's law with :func:`choice_handler`. A board's state is the fold of its
events: :func:`replay`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from core import serial
from core.errors import RuleError
from core.ruling import Ruling
from core.seats import Seat
from core.state import PendingChoice, TableState


@dataclass(frozen=True)
class Event:
    """An incident reported at a table, or a follow-up to one."""

    kind: ClassVar[str] = ""


E = TypeVar("E", bound=Event)
Rule = Callable[[TableState, Any], tuple[Ruling, TableState]]
ChoiceRule = Callable[[TableState, PendingChoice, str], tuple[Ruling, TableState]]

EVENT_TYPES: dict[str, type[Event]] = {}
_RULES: dict[type[Event], Rule] = {}
_CHOICES: dict[str, ChoiceRule] = {}


def event(kind: str) -> Callable[[type[E]], type[E]]:
    """Class decorator: register an event type under its stored ``kind`` name."""

    def register(cls: type[E]) -> type[E]:
        if kind in EVENT_TYPES:
            raise RuntimeError(f"event kind {kind!r} registered twice")
        cls.kind = kind
        EVENT_TYPES[kind] = cls
        return cls

    return register


def rule(event_type: type[E]) -> Callable[[Callable[[TableState, E], Any]], Rule]:
    """Function decorator: the rule that handles one event type."""

    def register(fn: Callable[[TableState, E], tuple[Ruling, TableState]]) -> Rule:
        _RULES[event_type] = fn
        return fn

    return register


def choice_handler(law: str) -> Callable[[ChoiceRule], ChoiceRule]:
    """Function decorator: resolves a :class:`PendingChoice` whose ``law`` is ``law``."""

    def register(fn: ChoiceRule) -> ChoiceRule:
        _CHOICES[law] = fn
        return fn

    return register


_laws_loaded = False


def _load_laws() -> None:
    """Import every law module once, so that their rules are registered."""
    global _laws_loaded
    if not _laws_loaded:
        importlib.import_module("core.laws")
        _laws_loaded = True


def apply(state: TableState, ev: Event) -> tuple[Ruling, TableState]:
    """Rule on one event. Raises :class:`RuleError` (or a card/seat error) for bad facts;
    the state passed in is never changed."""
    _load_laws()
    fn = _RULES.get(type(ev))
    if fn is None:
        raise RuleError(f"no rule for {type(ev).__name__}")
    return fn(state, ev)


def replay(events: Iterable[Event], start: TableState | None = None) -> TableState:
    """The state after all ``events``: the fold the stored snapshot must always equal."""
    state = start or TableState()
    for ev in events:
        _, state = apply(state, ev)
    return state


def event_to_data(ev: Event) -> dict[str, Any]:
    return {"kind": ev.kind, **serial.to_data(ev)}


def event_from_data(data: dict[str, Any]) -> Event:
    _load_laws()
    data = dict(data)
    kind = data.pop("kind", None)
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RuleError(f"unknown event kind {kind!r}")
    return serial.from_data(cls, data)


# --- choices the non-offending side makes ---------------------------------------------


@event("choice")
@dataclass(frozen=True)
class ChoiceMade(Event):
    """The non-offending side picks one of the options a ruling offered.

    ``seat`` is the player the pending choice is about (the one waiting to lead or play).
    """

    seat: Seat
    option: str


@rule(ChoiceMade)
def _resolve_choice(state: TableState, ev: ChoiceMade) -> tuple[Ruling, TableState]:
    waiting = state.pending_for(ev.seat)
    if not waiting:
        raise RuleError(f"there is no choice waiting to be made for {ev.seat.value}")
    pending = next((p for p in waiting if ev.option in p.options), waiting[0])
    if ev.option not in pending.options:
        allowed = ", ".join(pending.options)
        raise RuleError(f"{ev.option!r} is not an option here (options: {allowed})")
    handler = _CHOICES.get(pending.law)
    if handler is None:
        raise RuleError(f"no handler for choices under Law {pending.law}")
    rest = tuple(p for p in state.pending if p is not pending)

    return handler(state.evolve(pending=rest), pending, ev.option)
