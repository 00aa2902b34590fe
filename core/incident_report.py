"""The director's report of an incident, as a Markdown file he can keep or send on: where and
when, the facts as reported, the auction as recorded, the ruling, the verdicts (any adjusted
score), and — when the hand records give the board — the diagram and the double-dummy table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from core.deal import Deal
from core.diagram import diagram_text, heading
from core.ruling import Ruling
from core.seats import Seat


@dataclass(frozen=True)
class ReportVerdict:
    """A director's verdict as the report states it."""

    kind: str
    text: str | None
    adjusted_score: str | None
    when: str


#: Facts the bot found rather than the reporter gave, said in words; left out when unset.
_IN_WORDS = {
    "records_trick": "dummy's cards: read from the hand records at trick {} (less the cards "
                     "recorded played before it)",
}


def _fact_line(key: str, value: Any) -> str | None:
    if key in _IN_WORDS:
        return None if value is None else "- " + _IN_WORDS[key].format(value)
    return f"- {key}: {_fact(value)}"


def _fact(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value) or "none"
    return "—" if value is None else str(value)


def auction_text(dealer: Seat | None, calls: Iterable[str]) -> str:
    calls = tuple(calls)
    if dealer is None:
        return "not recorded (no dealer)"
    if not calls:
        return f"dealer {dealer.value}; no calls recorded"
    seats = " ".join(dealer.after(i).value + ":" + c for i, c in enumerate(calls))
    return f"dealer {dealer.value}; {seats}"


def report_text(
    *,
    ruling_id: int,
    where: str,
    when: str,
    facts: Mapping[str, Any],
    ruling: Ruling,
    auction: str,
    contract: str | None,
    declarer: Seat | None,
    verdicts: Iterable[ReportVerdict],
    deal: Deal | None,
    double_dummy: str | None,
    dd_label: str,
) -> str:
    """The report as Markdown (code blocks for the diagram and the table)."""
    lines = [f"# Ruling #{ruling_id}: {where}", "", f"Recorded {when}.", "", "## Facts"]
    lines += [line for key, value in facts.items() if key != "kind"
              if (line := _fact_line(key, value)) is not None]
    lines += ["", "## Auction as recorded", auction]
    if contract:
        lines.append(f"Contract {contract}" + (f" by {declarer.value}" if declarer else ""))
    lines += ["", "## Ruling", str(ruling.summary), ""]
    lines += [f"{n}. {step}" for n, step in enumerate(ruling.steps, start=1)]
    if ruling.laws:
        lines.append(f"\nLaws: {', '.join(ruling.laws)}")
    if ruling.information:
        lines.append(f"\nInformation: {ruling.information}")
    if ruling.judgement:
        lines.append(f"\nDirector's judgement: {ruling.judgement}")
    given = list(verdicts)
    lines += ["", "## Verdicts"]
    if not given:
        lines.append("None yet.")
    for v in given:
        line = f"- {v.when}: {v.kind}"
        if v.adjusted_score:
            line += f"; adjusted score {v.adjusted_score}"
        if v.text:
            line += f" ({v.text})"
        lines.append(line)
    if deal is not None:
        lines += ["", "## The deal", str(heading(deal, contract=contract, declarer=declarer)), "",
                  "```", diagram_text(deal), "```"]
        if double_dummy:
            lines += ["", dd_label, "", "```", double_dummy, "```"]
    return "\n".join(lines) + "\n"
