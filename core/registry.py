"""Where law modules register what they handle: event kinds, the rule for each event type, and
the handler for each law under which a choice can wait.

Law modules import this module, never :mod:`core.engine`; the engine imports the law modules
plainly and dispatches through the tables kept here. Nothing here imports a law module, so the
imports run one way: engine -> laws -> registry (and ruling, state).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from core import serial
from core.errors import RuleError
from core.text import Msg

if TYPE_CHECKING:
    from core.ruling import Ruling
    from core.state import PendingChoice, TableState


@dataclass(frozen=True)
class Event:
    """An incident reported at a table, or a follow-up to one."""

    kind: ClassVar[str] = ""


E = TypeVar("E", bound=Event)
Rule = Callable[["TableState", Any], "tuple[Ruling, TableState]"]
ChoiceRule = Callable[["TableState", "PendingChoice", str], "tuple[Ruling, TableState]"]

#: Every event type by its stored ``kind`` name.
EVENT_TYPES: dict[str, type[Event]] = {}
RULES: dict[type[Event], Rule] = {}
CHOICES: dict[str, ChoiceRule] = {}

def event(kind: str) -> Callable[[type[E]], type[E]]:
    """Class decorator: register an event type under its stored ``kind`` name."""

    def register(cls: type[E]) -> type[E]:
        if kind in EVENT_TYPES:
            raise RuntimeError(f"event kind {kind!r} registered twice")
        cls.kind = kind
        EVENT_TYPES[kind] = cls
        return cls

    return register


def rule(event_type: type[E]) -> Callable[[Callable[[TableState, E], tuple[Ruling, TableState]]],
                                          Callable[[TableState, E], tuple[Ruling, TableState]]]:
    """Function decorator: the rule that handles one event type."""

    def register(
        fn: Callable[[TableState, E], tuple[Ruling, TableState]],
    ) -> Callable[[TableState, E], tuple[Ruling, TableState]]:
        RULES[event_type] = fn
        return fn

    return register


def choice_handler(law: str) -> Callable[[ChoiceRule], ChoiceRule]:
    """Function decorator: resolves a :class:`PendingChoice` whose ``law`` is ``law``."""

    def register(fn: ChoiceRule) -> ChoiceRule:
        CHOICES[law] = fn
        return fn

    return register


def rule_for(ev: Event) -> Rule:
    """The rule registered for ``ev``'s type (used by the engine, and by acceptance, which rules
    a recorded incident again as accepted)."""
    fn = RULES.get(type(ev))
    if fn is None:
        raise RuleError(Msg("no rule for {event}", event=type(ev).__name__))
    return fn


def event_to_data(ev: Event) -> dict[str, Any]:
    return {"kind": ev.kind, **serial.to_data(ev)}


def event_from_data(data: dict[str, Any]) -> Event:
    """The event stored as ``data`` (every kind is known once :mod:`core.engine` is imported)."""
    data = dict(data)
    kind = data.pop("kind", None)
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RuleError(Msg("unknown event kind {kind}", kind=repr(kind)))
    return serial.from_data(cls, data)
