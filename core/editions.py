"""Editions of the Laws of Duplicate Bridge a club may rule under, and which one applies on a
given day: a club switches edition from a date of its choosing, and each ruling keeps the
edition it was made under, so history is never rewritten."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from core.errors import RuleError
from core.text import Msg, Text

#: The editions this bot's engine and ``/law`` summaries implement, by their short name.
EDITIONS: dict[str, Text] = {"2017": Msg("Laws of Duplicate Bridge 2017")}
DEFAULT_EDITION = "2017"


def edition_title(edition: str) -> Text:
    if edition in EDITIONS:
        return EDITIONS[edition]
    return Msg("Laws of Duplicate Bridge {edition}", edition=edition)


def check_edition(edition: str) -> str:
    """The edition's short name, or a :class:`RuleError` naming the ones the bot knows."""
    name = edition.strip()
    if name not in EDITIONS:
        known = ", ".join(sorted(EDITIONS))
        raise RuleError(Msg("the bot knows no {name} edition of the Laws (it knows: {known})",
                            name=repr(name[:20]), known=known))
    return name


def edition_on(day: dt.date, changes: Iterable[tuple[dt.date, str]], default: str) -> str:
    """The edition in force on ``day``: the latest change starting on or before it, else
    ``default`` (the club's edition before any change)."""
    current, since = default, None
    for starts_on, edition in changes:
        if starts_on <= day and (since is None or starts_on > since):
            current, since = edition, starts_on
    return current
