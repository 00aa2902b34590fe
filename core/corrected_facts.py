"""A director's corrected facts for a logged incident (``/ruling amend … facts:``): the stored
facts with some fields replaced, written ``field=value`` (``cards=SQ how=deliberate``), checked
by rebuilding the engine's event from them."""

from __future__ import annotations

import re
from typing import Any

from core.cards import CardError
from core.engine import Event, event_from_data
from core.errors import RuleError, error_text
from core.seats import SeatError
from core.serial import DataError
from core.text import Msg

_PAIR = re.compile(r"([a-z_]+)\s*=\s*(\"[^\"]*\"|\S+)")
_TRUE, _FALSE = {"true", "yes", "y", "1"}, {"false", "no", "n", "0"}


def parse_changes(text: str) -> dict[str, str]:
    """``"cards=SQ how=deliberate"`` → ``{"cards": "SQ", "how": "deliberate"}``."""
    text = text.strip()
    pairs = _PAIR.findall(text)
    if not pairs or _PAIR.sub("", text).strip():
        raise RuleError(Msg(
            "write the corrected facts as field=value pairs, e.g. cards=SQ how=deliberate"
        ))
    changes: dict[str, str] = {}
    for key, value in pairs:
        if key in changes:
            raise RuleError(Msg("{key} is given twice", key=key))
        changes[key] = value.strip('"')
    return changes


def corrected_event(facts: dict[str, Any], changes: dict[str, str]) -> tuple[Event, dict[str, Any]]:
    """The event the stored ``facts`` describe with ``changes`` applied, and its facts.

    Only the incident's own fields may change (not its kind); each value is read like the
    stored one (a list of cards from ``SK,SQ``, a yes/no, a number or a word).
    """
    fields = sorted(k for k in facts if k != "kind")
    data = dict(facts)
    for key, value in changes.items():
        if key not in data or key == "kind":
            raise RuleError(Msg("this incident has no fact called {key} (its facts: {facts})",
                                key=repr(key), facts=", ".join(fields)))
        data[key] = _value_like(data[key], value, key)
    try:
        return event_from_data(data), data
    except (DataError, CardError, SeatError, ValueError, TypeError) as exc:
        raise RuleError(Msg("the corrected facts do not make sense: {reason}",
                            reason=error_text(exc))) from None


def _value_like(old: Any, text: str, key: str) -> Any:
    if text.lower() in {"none", "-"} and not isinstance(old, list | bool):
        return None
    if isinstance(old, bool):
        low = text.lower()
        if low not in _TRUE | _FALSE:
            raise RuleError(Msg("{key} is yes or no", key=key))
        return low in _TRUE
    if isinstance(old, int):
        try:
            return int(text)
        except ValueError:
            raise RuleError(Msg("{key} is a number", key=key)) from None
    if isinstance(old, list):
        return [part for part in re.split(r"[,\s]+", text) if part]
    return text
