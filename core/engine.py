"""The engine: every incident and follow-up is an :class:`Event`, and every rule is a pure
function ``(state, event) -> (ruling, new state)``.

The law modules (:mod:`core.laws`) register their events, rules and choice handlers in
:mod:`core.registry`; importing this module imports them all, so :func:`apply` knows every rule
and :data:`EVENT_TYPES` every kind. Choices the non-offending side makes later (declarer's
options) are resolved here, by the handler registered for the pending choice's law. A board's
state is the fold of its events: :func:`replay`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import core.laws  # noqa: F401 - the rules this engine dispatches to
from core.errors import RuleError
from core.held import check_cards_in_place, track
from core.laws.claim import at_concession
from core.laws.waits import concession_over
from core.registry import (
    CHOICES,
    EVENT_TYPES,
    Event,
    event,
    event_from_data,
    event_to_data,
    rule,
    rule_for,
)
from core.ruling import Ruling
from core.seats import Seat
from core.state import TableState
from core.text import Msg

__all__ = ["EVENT_TYPES", "ChoiceMade", "Event", "apply",
           "event_from_data", "event_to_data", "replay"]


def apply(state: TableState, ev: Event) -> tuple[Ruling, TableState]:
    """Rule on one event. Raises :class:`RuleError` (or a card/seat error) for bad facts;
    the state passed in is never changed. A card the event places in a hand is checked first:
    it is nobody else's penalty card, nor a card the reports put in a trick or in another
    player's hand (:func:`core.held.check_cards_in_place`); after the rule, the record of
    where the cards went is brought up to date (:func:`core.held.track`)."""
    check_cards_in_place(state, ev)
    ruling, after = rule_for(ev)(state, ev)
    if after.notes and not at_concession(state, ev):  # play goes on after 68B2
        after = concession_over(after)
    return ruling, track(state, after, ev)


def replay(events: Iterable[Event], start: TableState | None = None) -> TableState:
    """The state after all ``events``: the fold the stored snapshot must always equal."""
    state = start or TableState()
    for ev in events:
        _, state = apply(state, ev)
    return state


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
        raise RuleError(Msg("there is no choice waiting to be made for {seat.value}",
                            seat=ev.seat))
    pending = next((p for p in waiting if ev.option in p.options), waiting[0])
    if ev.option not in pending.options:
        raise RuleError(Msg("{option} is not an option here (options: {options})",
                            option=repr(ev.option), options=", ".join(pending.options)))
    handler = CHOICES.get(pending.law)
    if handler is None:
        raise RuleError(Msg("no handler for choices under Law {law}", law=pending.law))
    rest = tuple(p for p in state.pending if p is not pending)

    return handler(state.evolve(pending=rest), pending, ev.option)
