"""Law 82C, director error: a ruling the director later finds wrong, when no rectification
lets the board be scored normally, gets an adjusted score with both sides treated as
non-offending. Played boards get an assigned score (12C1); unplayed boards an artificial one,
which for a side in no way at fault is at least average plus (12C2)."""

from __future__ import annotations

from dataclasses import dataclass

from core.adjusted import AdjustedScore, parse_adjusted
from core.authority import Authority, authority
from core.errors import RuleError
from core.text import Msg, Text


@dataclass(frozen=True)
class DirectorError:
    """What the bot says and records when a ruling is corrected for director error."""

    score: str  # canonical (core.adjusted)
    laws: tuple[str, ...]
    explanation: Text
    adjusted: AdjustedScore


def check_allowed(score: AdjustedScore, profile: Authority) -> None:
    """A :class:`RuleError` when the club's regulating authority does not allow a kind of
    adjusted score used in ``score`` (weighted scores, 12C1(c), are its option)."""
    for kind in sorted(score.kinds):
        if not profile.allows(kind):
            raise RuleError(_not_allowed(kind, profile.code))


def _not_allowed(kind: str, code: str) -> Msg:
    """The refusal of a kind of adjusted score the club's authority does not allow."""
    if kind == "weighted":
        return Msg("{authority} regulations do not allow weighted adjusted scores (12C1(c)): "
                   "give one assigned result per side", authority=code)
    if kind == "split":
        return Msg("{authority} regulations do not allow split adjusted scores (12C1(c)): "
                   "give one assigned result per side", authority=code)
    if kind == "artificial":
        return Msg("{authority} regulations do not allow artificial adjusted scores (12C1(c)): "
                   "give one assigned result per side", authority=code)
    return Msg("{authority} regulations do not allow assigned adjusted scores (12C1(c)): "
               "give one assigned result per side", authority=code)


def adjusted_score(text: str, authority_code: str | None = None) -> AdjustedScore:
    """``text`` parsed (:mod:`core.adjusted`) and allowed by the club's authority."""
    score = parse_adjusted(text)
    check_allowed(score, authority(authority_code))
    return score


def director_error(score: str, *, board_played: bool,
                   authority_code: str | None = None) -> DirectorError:
    """Check ``score`` against what 82C allows and explain it; a :class:`RuleError` says
    which kind of score the board needs."""
    if not score.strip():
        raise RuleError(Msg("director error (82C) needs the adjusted score"))
    adjusted = adjusted_score(score, authority_code)
    artificial = {adjusted.ns.kind, adjusted.ew.kind} == {"artificial"}
    if board_played and (adjusted.ns.artificial or adjusted.ew.artificial):
        raise RuleError(Msg(
            "the board was played, so Law 82C gives an assigned adjusted score (12C1): "
            "the probable result without the error, e.g. 4HS= (or weighted: 60% 4HS=, "
            "40% 4HS-1)"
        ))
    if not board_played:
        if not artificial:
            raise RuleError(Msg(
                "the board was not played, so Law 82C gives an artificial adjusted score "
                "(12C2): average plus to both sides, e.g. A+/A+ or 60%/60%"
            ))
        for side in (adjusted.ns, adjusted.ew):
            if (side.percent or 0) < 60:
                raise RuleError(Msg(
                    "{score} is less than average plus: under 82C both sides are "
                    "treated as non-offending, so each gets at least average plus (12C2)",
                    score=side.artificial
                ))
    kind = _kind_words(adjusted) if board_played else Msg(
        "an artificial adjusted score, at least average plus to each side (12C2)"
    )
    text = adjusted.text()
    return DirectorError(
        score=text,
        laws=("82C", "12C1" if board_played else "12C2"),
        explanation=Msg(
            "Director error (82C): the ruling given was wrong and the board cannot be scored "
            "normally, so both sides are treated as non-offending and get {kind}: {score}.",
            kind=kind, score=text
        ),
        adjusted=adjusted,
    )


def _kind_words(score: AdjustedScore) -> Msg:
    if score.kind == "weighted":
        return Msg("a weighted assigned adjusted score (12C1)")
    if score.kind == "split":
        return Msg("an assigned adjusted score, different for each side (12C1)")
    return Msg("an assigned adjusted score (12C1)")
