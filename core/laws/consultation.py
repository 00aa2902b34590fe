"""A private consultation with the directors, as a log entry: the player's question, the
director's answer and what the table is told. It changes nothing on the board; it is an event
only so that the answer sits in the ruling log with the board's other rulings."""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import RuleError
from core.registry import Event, event, rule
from core.ruling import Ruling, law_parts
from core.state import TableState
from core.text import Msg


@event("consultation")
@dataclass(frozen=True)
class Consultation(Event):
    """``question`` asked away from the table, ``answer`` given by a director; ``table_note``
    is the part the whole table must know (may be empty); ``laws`` are the director's."""

    question: str
    answer: str
    table_note: str = ""
    laws: tuple[str, ...] = ()


@rule(Consultation)
def consultation(state: TableState, ev: Consultation) -> tuple[Ruling, TableState]:
    if not ev.question.strip() or not ev.answer.strip():
        raise RuleError(Msg("a consultation needs a question and an answer"))
    for law in ev.laws:
        law_parts(law, strict=True)
    told = ev.table_note.strip()
    return Ruling(
        kind="consultation",
        summary=Msg("Private consultation answered: {answer}", answer=ev.answer.strip()),
        laws=tuple(ev.laws),
        steps=(Msg("Asked away from the table: {question}", question=ev.question.strip()),),
        information=(
            Msg("The table was told only: {told}", told=told) if told
            else Msg("The table was told nothing.")
        ),
        private=True,
    ), state
