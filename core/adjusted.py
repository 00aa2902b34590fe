"""Adjusted scores as data (Law 12C), so a club's scoring program can import them.

One notation, typed by the director, parsed here into values, and written back in canonical
form (what is stored and shown); :meth:`AdjustedScore.to_data` is what the export carries.

- artificial (12C2): ``A+/A-`` or ``60%/40%`` — North-South's first, East-West's second;
  A+ is 60%, A 50%, A- 40% (pairs);
- assigned (12C1): a contract, its declarer and the result — ``4HS=``, ``3NTN-1``,
  ``4SXE+1`` (spaces allowed: ``4H S =``); a score may follow for people: ``4HS= NS +420``;
- weighted (12C1(c)): outcomes with weights that sum to 100 — ``60% 4HS=, 40% 4HS-1``;
- split: a different score for each side — ``NS: 4HS= | EW: 60% 4HS=, 40% 4HS-1``;
- procedural penalties (Law 90), after a semicolon, a fraction of a board or IMPs —
  ``4HS=; PP EW 25%`` or ``…; PP NS 3 IMP`` (several allowed).

Bad input raises :class:`RuleError` with one line that says what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from core.errors import RuleError
from core.text import Msg

KINDS = ("artificial", "assigned", "weighted", "split")
ARTIFICIAL_PERCENT = {"A+": 60, "A": 50, "A-": 40}
SIDES = ("NS", "EW")

_ASSIGNED = re.compile(
    r"^(?P<level>[1-7])\s*(?P<strain>NT|N|S|H|D|C)\s*(?P<doubled>XX|X)?\s*"
    r"(?P<declarer>[NESW])?\s*(?P<result>=|[+-]\s*\d{1,2})"
    r"(?:\s+(?P<side>NS|EW)\s*(?P<points>[+-]?\d{1,5}))?$"
)
_ARTIFICIAL = re.compile(r"^(A[+-]?|\d{1,3}(?:\.\d)?\s*%)$")
_WEIGHTED_PART = re.compile(r"^(?P<weight>\d{1,3})\s*%\s*(?P<result>.+)$")
_PENALTY = re.compile(r"^PP\s+(?P<side>NS|EW)\s+(?P<amount>\d{1,3}(?:\.\d{1,2})?)\s*"
                      r"(?P<unit>%|IMPS?|BOARDS?)$")

EXAMPLES = ("A+/A-, 60%/40%, 4HS=, 3NTN-1, 60% 4HS=, 40% 4HS-1, "
            "NS: 4HS= | EW: 4HS-1, 4HS=; PP EW 25%")


@dataclass(frozen=True)
class Result:
    """An assigned result: a contract played by a declarer, and tricks over or under."""

    contract: str  # "4H", "3NT"
    doubled: str  # "", "X", "XX"
    declarer: str  # N E S W ("" when not given: the board's declarer)
    over: int  # 0 made exactly, +1 an overtrick, -1 one down
    score: str = ""  # as typed for people: "NS +420"

    @property
    def tricks(self) -> int:
        return 6 + int(self.contract[0]) + self.over

    def text(self) -> str:
        result = "=" if self.over == 0 else f"{self.over:+d}"
        out = f"{self.contract}{self.doubled}{self.declarer}{result}"
        return f"{out} {self.score}" if self.score else out

    def to_data(self) -> dict[str, Any]:
        return {"contract": self.contract, "doubled": self.doubled, "declarer": self.declarer,
                "result": self.over, "tricks": self.tricks, "score": self.score or None}


@dataclass(frozen=True)
class SideScore:
    """What one side gets: an artificial score, or one or more weighted results."""

    artificial: str = ""  # "A+", "60%" …
    outcomes: tuple[tuple[int, Result], ...] = ()  # (weight, result); one at 100: assigned

    @property
    def kind(self) -> str:
        if self.artificial:
            return "artificial"
        return "assigned" if len(self.outcomes) == 1 else "weighted"

    @property
    def percent(self) -> float | None:
        """An artificial score as a percentage (A+ 60, A 50, A- 40)."""
        if not self.artificial:
            return None
        if self.artificial in ARTIFICIAL_PERCENT:
            return float(ARTIFICIAL_PERCENT[self.artificial])
        return float(self.artificial.rstrip("%"))

    def text(self) -> str:
        if self.artificial:
            return self.artificial
        if len(self.outcomes) == 1:
            return self.outcomes[0][1].text()
        return ", ".join(f"{w}% {r.text()}" for w, r in self.outcomes)

    def to_data(self) -> dict[str, Any]:
        if self.artificial:
            return {"kind": "artificial", "value": self.artificial, "percent": self.percent}
        return {"kind": self.kind,
                "outcomes": [{"weight": w, **r.to_data()} for w, r in self.outcomes]}


@dataclass(frozen=True)
class Penalty:
    """A procedural penalty (Law 90) on one side, in addition to any adjustment."""

    side: str
    amount: float
    unit: str  # "%" of a board, "IMP", "board"

    def text(self) -> str:
        amount = f"{self.amount:g}"
        return f"PP {self.side} {amount}{'%' if self.unit == '%' else ' ' + self.unit}"

    def to_data(self) -> dict[str, Any]:
        return {"side": self.side, "amount": self.amount, "unit": self.unit}


@dataclass(frozen=True)
class AdjustedScore:
    ns: SideScore
    ew: SideScore
    penalties: tuple[Penalty, ...] = ()

    @property
    def kind(self) -> str:
        """artificial, assigned, weighted, or split (each side its own result)."""
        if self.ns.artificial and self.ew.artificial:
            return "artificial"
        if self.ns != self.ew:
            return "split"
        return self.ns.kind

    @property
    def kinds(self) -> frozenset[str]:
        """Every kind used (a split score of weighted results uses both)."""
        return frozenset({self.kind, self.ns.kind, self.ew.kind})

    def text(self) -> str:
        if self.kind == "artificial":
            body = f"{self.ns.text()}/{self.ew.text()}"
        elif self.kind == "split":
            body = f"NS: {self.ns.text()} | EW: {self.ew.text()}"
        else:
            body = self.ns.text()
        return "; ".join([body, *(p.text() for p in self.penalties)])

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "ns": self.ns.to_data(), "ew": self.ew.to_data(),
                "penalties": [p.to_data() for p in self.penalties], "text": self.text()}


def parse_adjusted(text: str) -> AdjustedScore:
    """``text`` in the notation above, as values; :class:`RuleError` (one line) otherwise."""
    cleaned = " ".join(text.upper().split())
    if not cleaned:
        raise RuleError(Msg("give the adjusted score, e.g. {examples}", examples=EXAMPLES))
    body, *extra = (part.strip() for part in cleaned.split(";"))
    penalties = tuple(_penalty(p) for p in extra)
    if "|" in body or re.match(r"^(NS|EW)\s*:", body):
        return _split(body, penalties)
    if "/" in body:
        ns, _, ew = body.partition("/")
        return AdjustedScore(_artificial(ns), _artificial(ew), penalties)
    side = _side(body)
    return AdjustedScore(side, side, penalties)


def _split(body: str, penalties: tuple[Penalty, ...]) -> AdjustedScore:
    parts: dict[str, SideScore] = {}
    for piece in body.split("|"):
        name, colon, rest = piece.strip().partition(":")
        if not colon or name.strip() not in SIDES:
            raise RuleError(Msg("a split score names each side: NS: <score> | EW: <score> "
                                "(got {got})", got=repr(piece.strip())))
        parts[name.strip()] = _side(rest.strip())
    if set(parts) != set(SIDES):
        raise RuleError(Msg("a split score gives both sides: NS: <score> | EW: <score>"))
    return AdjustedScore(parts["NS"], parts["EW"], penalties)


def _side(text: str) -> SideScore:
    if _ARTIFICIAL.match(text.replace(" ", "")):
        return _artificial(text)
    if "," in text or "%" in text:
        return _weighted(text)
    return SideScore(outcomes=((100, _result(text)),))


def _weighted(text: str) -> SideScore:
    outcomes = []
    for part in text.split(","):
        found = _WEIGHTED_PART.match(part.strip())
        if not found:
            raise RuleError(Msg("a weighted score lists outcomes as 'weight% result', e.g. "
                                "60% 4HS=, 40% 4HS-1 (got {got})", got=repr(part.strip())))
        weight = int(found["weight"])
        if not 0 < weight < 100:
            raise RuleError(Msg("each weight is between 1% and 99% (got {weight}%)", weight=weight))
        outcomes.append((weight, _result(found["result"])))
    if len(outcomes) < 2:
        raise RuleError(Msg("a weighted score has at least two outcomes, e.g. 60% 4HS=, 40% "
                            "4HS-1"))
    total = sum(w for w, _ in outcomes)
    if total != 100:
        raise RuleError(Msg("the weights of a weighted score sum to 100% (these sum to {total}%)",
                            total=total))
    results = [r.text() for _, r in outcomes]
    if len(set(results)) != len(results):
        raise RuleError(Msg("each outcome of a weighted score appears once"))
    return SideScore(outcomes=tuple(outcomes))


def _result(text: str) -> Result:
    found = _ASSIGNED.match(text.strip())
    if not found:
        raise RuleError(Msg("{text} is not a result: write contract, declarer and result, e.g. "
                            "4HS= or 3NTN-1 or 4SXE+1", text=repr(text.strip())))
    level = int(found["level"])
    strain = "NT" if found["strain"] in ("N", "NT") else found["strain"]
    over = 0 if found["result"] == "=" else int(found["result"].replace(" ", ""))
    tricks = 6 + level + over
    if not 0 <= tricks <= 13:
        raise RuleError(Msg("{contract} {over} would be {tricks} tricks: there are 13",
                            contract=f"{level}{strain}", over=f"{over:+d}", tricks=tricks))
    if over == 0 and found["result"] != "=":
        raise RuleError(Msg("write a made contract with '=', e.g. 4HS="))
    score = ""
    if found["side"]:
        score = f"{found['side']} {int(found['points']):+d}"
    return Result(f"{level}{strain}", found["doubled"] or "", found["declarer"] or "", over,
                  score)


def _artificial(text: str) -> SideScore:
    value = text.strip().replace(" ", "")
    if not _ARTIFICIAL.match(value):
        raise RuleError(Msg("{text} is not an artificial score: A+, A, A- or a percentage, "
                            "e.g. A+/A- or 60%/40%", text=repr(text.strip())))
    if value.endswith("%") and not 0 <= float(value.rstrip("%")) <= 100:
        raise RuleError(Msg("{value} is not a percentage between 0% and 100%", value=value))
    return SideScore(artificial=value)


def _penalty(text: str) -> Penalty:
    found = _PENALTY.match(text)
    if not found:
        raise RuleError(Msg("a procedural penalty reads 'PP <side> <amount>', e.g. PP EW 25% "
                            "or PP NS 3 IMP (got {got})", got=repr(text)))
    unit = found["unit"]
    unit = "%" if unit == "%" else ("IMP" if unit.startswith("IMP") else "board")
    amount = float(found["amount"])
    if amount <= 0 or (unit == "%" and amount > 100) or (unit == "board" and amount > 1):
        raise RuleError(Msg("a procedural penalty of {amount} {unit} is out of range",
                            amount=found["amount"], unit=Msg("board") if unit == "board" else unit))
    return Penalty(found["side"], amount, unit)
