"""Regulating-authority profiles: what the Laws leave to the regulating authority, in one
place per authority, so that national differences (and the next edition of the Laws) are a
new profile, not a change scattered through the code.

A profile says which kinds of adjusted score a club may award (a weighted score under 12C1(c)
is the authority's option) and where the appeal deadline of Law 92B runs from by default. A
club chooses its profile with ``/setup authority`` and may still set its own deadline rule.
The values here are tdbot's defaults for each authority; a club whose regulations say
otherwise sets ``appeal_from`` and ``appeal_minutes`` itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import RuleError
from core.text import Msg, Text

SESSION_END = "session_end"
SCORES_PUBLISHED = "scores_published"
APPEAL_FROM = (SESSION_END, SCORES_PUBLISHED)


@dataclass(frozen=True)
class Authority:
    code: str
    title: Text
    weighted: bool  # weighted assigned scores (12C1(c)) allowed
    appeal_from: str  # where the appeal deadline runs from by default (Law 92B)

    def allows(self, kind: str) -> bool:
        """Whether an adjusted score of ``kind`` (:data:`core.adjusted.KINDS`) may be awarded."""
        return kind != "weighted" or self.weighted


AUTHORITIES = {
    "WBF": Authority("WBF", Msg("World Bridge Federation (the Laws as written)"), weighted=True,
                     appeal_from=SCORES_PUBLISHED),
    "ACBL": Authority("ACBL", "American Contract Bridge League", weighted=False,
                      appeal_from=SCORES_PUBLISHED),
    "EBU": Authority("EBU", "English Bridge Union", weighted=True, appeal_from=SESSION_END),
}
DEFAULT = "WBF"


def authority(code: str | None) -> Authority:
    """The profile called ``code`` (None: the WBF default); a :class:`RuleError` naming the
    known ones otherwise."""
    found = AUTHORITIES.get((code or DEFAULT).strip().upper())
    if found is None:
        raise RuleError(Msg("unknown regulating authority {code}: one of {known}",
                            code=repr(code), known=", ".join(AUTHORITIES)))
    return found


def deadline_words(appeal_from: str, minutes: int) -> Msg:
    """The deadline rule in words, for ``/setup`` and the README."""
    if appeal_from == SCORES_PUBLISHED:
        return Msg("within {minutes} minutes after the session's scores are published "
                   "(/{cmd[session scores-published]})", minutes=minutes)
    return Msg("within {minutes} minutes after the session ends", minutes=minutes)
