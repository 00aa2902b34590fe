"""Law 82C, director error: a ruling the director later finds wrong, when no rectification
lets the board be scored normally, gets an adjusted score with both sides treated as
non-offending. Played boards get an assigned score (12C1); unplayed boards an artificial one,
which for a side in no way at fault is at least average plus (12C2)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.errors import RuleError

_ARTIFICIAL = re.compile(r"^\s*(A[+-]?|\d{1,3}\s*%)\s*/\s*(A[+-]?|\d{1,3}\s*%)\s*$", re.I)


@dataclass(frozen=True)
class DirectorError:
    """What the bot says and records when a ruling is corrected for director error."""

    score: str
    laws: tuple[str, ...]
    explanation: str


def director_error(score: str, *, board_played: bool) -> DirectorError:
    """Check ``score`` against what 82C allows and explain it; a :class:`RuleError` says
    which kind of score the board needs."""
    score = score.strip()
    if not score:
        raise RuleError("director error (82C) needs the adjusted score")
    artificial = _ARTIFICIAL.match(score)
    if board_played and artificial:
        raise RuleError(
            "the board was played, so Law 82C gives an assigned adjusted score (12C1): "
            "the probable result without the error, e.g. 4H= NS +420"
        )
    if not board_played:
        if not artificial:
            raise RuleError(
                "the board was not played, so Law 82C gives an artificial adjusted score "
                "(12C2): average plus to both sides, e.g. A+/A+ or 60%/60%"
            )
        for part in artificial.groups():
            if not _at_least_average_plus(part):
                raise RuleError(
                    f"{part.strip()} is less than average plus: under 82C both sides are "
                    "treated as non-offending, so each gets at least average plus (12C2)"
                )
    kind = "an assigned adjusted score (12C1)" if board_played else (
        "an artificial adjusted score, at least average plus to each side (12C2)"
    )
    return DirectorError(
        score=score,
        laws=("82C", "12C1" if board_played else "12C2"),
        explanation=(
            "Director error (82C): the ruling given was wrong and the board cannot be scored "
            "normally, so both sides are treated as non-offending and get "
            f"{kind}: {score}."
        ),
    )


def _at_least_average_plus(part: str) -> bool:
    text = part.strip().upper().replace(" ", "")
    if text.startswith("A"):
        return text == "A+"
    return int(text.rstrip("%")) >= 60
