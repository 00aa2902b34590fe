"""Errors the engine raises for facts it cannot rule on; every message is fit for a player."""

from __future__ import annotations

from core.cards import CardError
from core.seats import SeatError


class RuleError(ValueError):
    """The facts given are impossible or incomplete for the incident described."""


#: Everything a caller may show the user as a plain ``ValueError`` message.
USER_ERRORS = (RuleError, CardError, SeatError)
