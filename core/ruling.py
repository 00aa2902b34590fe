"""What the engine answers: a ruling with its steps, the laws it rests on, and the options
open to the non-offending side."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any, cast

from core import serial
from core.errors import RuleError
from core.state import Chooser
from core.text import Msg, Text

_LAW_RE = re.compile(r"^(\d{1,2})([A-Z]?)(\d?)(?:\(?([a-z])\)?)?(?:\(?(\d|i{1,3}|iv)\)?)?$")
# typed: a subsection digit only after a section letter ("100" is not Law 10, section 0)
_TYPED_RE = re.compile(
    r"^(\d{1,2})(?!\d)(?:([a-z])(\d)?)?(?:\(?([a-z])\)?)?(?:\(?(\d|iv|i{1,3})\)?)?$", re.IGNORECASE
)
_PREFIX = re.compile(r"^\s*(?:laws?\s*)?", re.IGNORECASE)

#: The Laws of Duplicate Bridge run from Law 1 to Law 93.
LAW_NUMBERS = range(1, 94)


def law_parts(ref: str, *, strict: bool = False) -> tuple[str, ...]:
    """The parts of a citation (``"law 50 d2 (a)"`` → ``("50", "D", "2", "a")``), a law of the
    book (1 to 93): the one rule for a law a person types (``/log search law:``, a director's
    ``/consult answer laws:``) and for the log's index. ``strict`` reads a citation as the
    engine writes it (``50D2(a)``); otherwise as a person types it. Raises :class:`RuleError`
    for text that is not a law reference."""
    if strict:
        m = _LAW_RE.match(ref.strip())
    else:
        m = _TYPED_RE.match(_PREFIX.sub("", ref).replace(" ", ""))
    if not m or int(m.group(1)) not in LAW_NUMBERS:
        shown = ref if len(ref) <= 20 else ref[:20] + "…"
        raise RuleError(Msg("{ref} is not a law reference (e.g. 50, 50D or 50D2(a))",
                            ref=repr(shown)))
    number, letter, digit, sub, roman = m.groups()
    parts = [str(int(number))]
    if letter:
        parts.append(letter.upper())
    if digit:
        parts.append(digit)
    if sub:
        parts.append(sub.lower())
    if roman:
        parts.append(roman.lower())
    return tuple(parts)


@dataclass(frozen=True)
class Option:
    """One choice for the non-offending side: a machine token and a label for people."""

    token: str  # scenario notation: "require:H", "forbid:H", "any", "accept", "highest" …
    label: Text


#: The laws a call in rotation cites when nothing irregular happened.
PLAIN_CALL_LAWS = frozenset({"22A", "22B", "17D"})

#: Event kinds that only ever keep the table's record: the board set or ended, the end of the
#: auction, a card played, the play reported, a restriction reported over. Their answer is a
#: record unless it waits on a choice.
RECORD_KINDS = frozenset(
    {"board_set", "board_end", "auction_ends", "play", "play_reported", "lead_lost",
     "restriction_spent"}
)


@dataclass(frozen=True)
class Ruling:
    """A Director-style answer.

    ``outcome`` holds the machine-readable facts of the ruling under the names the scenario
    format uses (``tricks_transferred``, ``legal``, ``partner_must_pass`` …) so that tests, the
    runner and the log read one place. ``private`` marks an answer that reveals a holding and
    must only be shown to the player who asked (Law 16).
    """

    kind: str
    summary: Text
    laws: tuple[str, ...]
    steps: tuple[Text, ...] = ()
    options: tuple[Option, ...] = ()
    chooser: Chooser = Chooser.NOBODY  # who chooses when ``options`` wait for a choice
    information: Text = ""  # who may use what (Laws 16, 50E)
    judgement: Text = ""  # where the Director may still adjust (Laws 12, 16, 23, 64C, 72C)
    private: bool = False
    outcome: dict[str, Any] = field(default_factory=dict)
    #: Set by a rule whose answer this time only keeps the table's record (a call in rotation,
    #: a lead nothing binds): see :func:`is_ruling`.
    record: bool = False

    def __post_init__(self) -> None:
        for law in self.laws:
            if not _well_formed(law):
                raise ValueError(f"malformed law reference {law!r}")

    @property
    def option_tokens(self) -> tuple[str, ...]:
        return tuple(o.token for o in self.options)

    def to_data(self) -> dict[str, Any]:
        return cast(dict[str, Any], serial.to_data(self))

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Ruling:
        return serial.from_data(cls, data)


def is_ruling(kind: str, ruling: Ruling) -> bool:
    """Whether the answer to an event of ``kind`` is a ruling: a law applied to an irregularity,
    a choice someone must make, or a director's judgement. Everything else is the table's
    record (calls in rotation, plain leads, boards set and ended, tricks reported, plays): stored
    and replayed like a ruling, but never numbered as one, never sent to the directors, out of
    the log's search and figures, and no reason to need a director to move the board on."""
    if ruling.options or ruling.judgement:
        return True
    return not (ruling.record or kind in RECORD_KINDS)


@cache
def _well_formed(law: str) -> bool:
    return _LAW_RE.match(law) is not None


def law_satisfies(cited: str, expected: str) -> bool:
    """True when the citation ``cited`` (``50D2(a)``) covers the reference ``expected`` (``50D2``).

    Same law number, and the citation starts with the same subdivisions; ``5`` never matches ``50``.
    """
    a, b = _parts(cited), _parts(expected)
    return a is not None and b is not None and a[: len(b)] == b


def _parts(ref: str) -> tuple[str, ...] | None:
    m = _LAW_RE.match(ref.strip())
    if not m:
        return None
    return tuple(p for p in m.groups() if p)


@dataclass
class Draft:
    """A ruling being assembled by several laws in turn: each adds its summary sentences, laws,
    steps, information and judgement; :meth:`build` joins them into one :class:`Ruling`.
    Every law module builds its rulings this way (or with :class:`Ruling` at once)."""

    summary: list[Text] = field(default_factory=list)
    laws: list[str] = field(default_factory=list)
    steps: list[Text] = field(default_factory=list)
    information: list[Text] = field(default_factory=list)
    judgement: list[Text] = field(default_factory=list)
    outcome: dict[str, Any] = field(default_factory=dict)
    options: list[Option] = field(default_factory=list)
    chooser: Chooser = Chooser.NOBODY

    def cite(self, *laws: str) -> None:
        """Cite ``laws``, each once, in the order first cited."""
        for law in laws:
            if law not in self.laws:
                self.laws.append(law)

    def build(self, kind: str) -> Ruling:
        return Ruling(
            kind=kind,
            summary=sentences(self.summary),
            laws=tuple(self.laws),
            steps=tuple(self.steps),
            information=sentences(self.information),
            judgement=sentences(self.judgement),
            outcome=self.outcome,
            options=tuple(self.options),
            chooser=self.chooser,
        )


def sentences(parts: list[Text]) -> Text:
    """Sentences said one after another (``" ".join`` that keeps each a message)."""
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return Msg.join(" ", parts)
