"""The notes the desk writes on the rulings a verdict voids or carries: stored in English (the
log, its exports and the script read them as written), each one template, so the same
template writes the note and reads it back as a message in the reader's language."""

from __future__ import annotations

import re

from core.text import Msg, Text

VOIDED_WITH = Msg("voided with ruling #{ruling}")
RECORDED_AGAIN = Msg("recorded again as #{copy} after ruling #{ruling} was voided")
RE_RULED = Msg("re-ruled as #{copy}: {words}")
NO_LONGER_APPLIES = Msg("no longer applies after ruling #{ruling} was corrected: {reason}")
RULED_AGAIN = Msg("ruled again as #{copy} after ruling #{ruling} was corrected")
_NOTES = (VOIDED_WITH, RECORDED_AGAIN, RE_RULED, NO_LONGER_APPLIES, RULED_AGAIN)


def written(template: Msg, **values: object) -> str:
    """The note to store: ``template`` filled in, in English."""
    return str(Msg(template.template, **values))


def _pattern(template: Msg) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template.template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.*?)"
                              for i, p in enumerate(parts)), re.DOTALL)


_PATTERNS = tuple((t, _pattern(t)) for t in _NOTES)


def note_message(stored: str) -> Text:
    """A stored note as the message it was written from (said in the reader's language); any
    other note is the director's own words, as he typed them."""
    for template, pattern in _PATTERNS:
        found = pattern.fullmatch(stored)
        if found:
            return Msg(template.template, **found.groupdict())
    return stored


def directors_words(stored: str | None) -> Text | None:
    """What the script reads of a voided ruling's note: the director's own words in a
    re-ruling's note ("re-ruled as #N: words"), any other note as its message
    (:func:`note_message`, said in the reader's language)."""
    if not stored:
        return stored
    found = _PATTERNS[2][1].fullmatch(stored)
    return found["words"] if found else note_message(stored)
