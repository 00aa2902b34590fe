"""Errors the engine raises for facts it cannot rule on; every message is fit for a player.

A :class:`RuleError` is raised with a :class:`core.text.Msg`; a :class:`CardError` or
:class:`SeatError` with a Msg's template and fields (core.text imports their modules).
:func:`error_text` gives any of them back as a sentence, to be said in the reader's language;
``str(error)`` is always the English."""

from __future__ import annotations

from core.cards import CardError
from core.seats import SeatError
from core.templated import TemplatedError
from core.text import Msg, Text


class RuleError(ValueError):
    """The facts given are impossible or incomplete for the incident described."""


#: Everything a caller may show the user as a plain ``ValueError`` message.
USER_ERRORS = (RuleError, CardError, SeatError)


def error_text(error: BaseException) -> Text:
    """What ``error`` says, as a sentence when it was raised with one, else as its text."""
    if isinstance(error, TemplatedError):
        return Msg(error.template, **{key: error_text(value)
                                      if isinstance(value, TemplatedError) else value
                                      for key, value in error.params.items()})
    if len(error.args) == 1 and isinstance(error.args[0], Msg):
        return error.args[0]
    return str(error)
