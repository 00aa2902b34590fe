"""Re-ruling a board from a corrected incident (``/ruling amend … facts:``).

A correction is not a new incident at the end of the board: the corrected incident takes the
place of the one recorded, and everything recorded after it on that board is ruled again over
it, in order, by the engine. A later event that no longer applies (a choice nobody is offered
any more, a penalty card that is not there) drops out with the engine's reason. The director
sees the whole before/after before anything is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.engine import ChoiceMade, Event, apply
from core.errors import USER_ERRORS, error_text
from core.ruling import Ruling
from core.state import TableState
from core.text import Msg, Text


@dataclass(frozen=True)
class Logged:
    """One event of the board as it is stored."""

    id: int
    event: Event
    ruling: Ruling
    void: bool = False


@dataclass(frozen=True)
class Redone:
    """A later event ruled again over the correction: ``after`` is None when it no longer
    applies (``reason`` says why)."""

    id: int
    event: Event
    before: Ruling
    after: Ruling | None
    reason: Text = ""

    @property
    def changed(self) -> bool:
        return self.after is None or (
            (self.after.summary, self.after.laws, self.after.option_tokens)
            != (self.before.summary, self.before.laws, self.before.option_tokens)
        )


@dataclass(frozen=True)
class Correction:
    """The board re-ruled from the corrected incident: its ruling before and after, each later
    event's, and the board's state at the end."""

    target: Logged
    event: Event
    after: Ruling
    later: tuple[Redone, ...]
    state: TableState

    @property
    def dropped(self) -> tuple[Redone, ...]:
        return tuple(r for r in self.later if r.after is None)

    @property
    def kept(self) -> tuple[Redone, ...]:
        return tuple(r for r in self.later if r.after is not None)


def correct(history: Sequence[Logged], target_id: int, event: Event) -> Correction:
    """Re-rule the board whose events are ``history`` (in order) with ``event`` in the place
    of event ``target_id``. Void events stay out, except the target itself: a voided ruling
    can still be corrected. Raises the engine's errors when the corrected incident itself
    cannot be ruled on."""
    state = TableState()
    target: Logged | None = None
    after: Ruling | None = None
    later: list[Redone] = []
    labels: dict[str, Text] = {}  # each option offered so far, in words
    for logged in history:
        labels.update((o.token, o.label) for o in logged.ruling.options)
        if logged.id == target_id:
            target = logged
            after, state = apply(state, event)
            continue
        if logged.void:
            continue
        if target is None:
            _, state = apply(state, logged.event)
            continue
        try:
            ruling, state = apply(state, logged.event)
        except USER_ERRORS as exc:
            reason: Text = error_text(exc)
            if isinstance(logged.event, ChoiceMade):  # the engine's reason names tokens
                label = labels.get(logged.event.option, Msg("that option"))
                reason = Msg("“{label}” is no longer offered", label=label)
            later.append(Redone(logged.id, logged.event, logged.ruling, None, reason))
        else:
            later.append(Redone(logged.id, logged.event, logged.ruling, ruling))
    if target is None or after is None:
        raise LookupError(f"event #{target_id} is not on this board")
    return Correction(target, event, after, tuple(later), state)


def declarer_source(events: Sequence[tuple[int, str, dict[str, object]]]) -> int | None:
    """Which recorded event (id, kind, facts) named the board's declarer, the latest one: the
    event a director's correction of the declarer re-rules the board from (so every ruling
    after it is ruled again for the right declarer). None when the declarer came from the
    recorded calls, or nothing named one."""
    found = None
    for event_id, kind, facts in events:
        if kind in ("board_set", "auction_ends") and facts.get("declarer"):
            found = event_id
    return found
