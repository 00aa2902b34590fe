"""The director's script (the "spiel"): a ruling as the director says it at the table, in
plain spoken words and in order — what happened, the options and who chooses (every one of
them, Law 10C1), what each choice leads to, who may know what afterwards (Laws 16, 50E) — and,
apart, the law references for the director himself.

One source: the options are the ruling's own, one line each, and what each leads to is asked
of the engine by applying the choice to the state the ruling left; so the script can never
list fewer options than the buttons, nor disagree with the ruling they give. A later word of
the director (an amendment, a Law 82C correction with its adjusted score) is read first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.editions import edition_title
from core.engine import ChoiceMade, apply
from core.errors import USER_ERRORS
from core.ruling import Option, Ruling
from core.seats import Seat
from core.state import Chooser, PendingChoice, TableState
from core.text import Text

NO_INFORMATION_RULE = (
    "Nothing special about information here: everyone may use the legal calls and plays, "
    "and nothing else."
)

#: Rulings about a call that may be withdrawn or cancelled: Law 16C speaks of what it showed.
WITHDRAWN_CALL_KINDS = frozenset(
    {"insufficient_bid", "call_out_of_rotation", "change_of_call", "call_after_final_pass"}
)

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve")

# A law reference as rulings write it: 54, 50D2(a), 27B1(b), 16C2, "Law 16", "Laws 16, 50E".
_REF = r"(?:Laws? )?\d{1,2}[A-Z]?\d?(?:\([a-z]\))?(?:\((?:i{1,3}|iv|\d)\))?"
_LAW_PARENTHESIS = re.compile(rf"\s*\({_REF}(?:(?:, | and | or ){_REF})*\)")


@dataclass(frozen=True)
class Correction:
    """The director's later word on the ruling: an amendment or a Law 82C correction."""

    verdict: str  # "amended", "voided", "upheld" …
    text: str | None = None
    adjusted_score: str | None = None
    replaced_by: int | None = None  # the ruling that re-ruled it on corrected facts


@dataclass(frozen=True)
class Script:
    """The script in sections (title, lines), in the order the director reads them; the last
    section (the laws) is for the director and is not read aloud."""

    sections: tuple[tuple[str, tuple[str, ...]], ...]

    def text(self) -> str:
        """The whole script as plain text, one numbered section after another."""
        out: list[str] = []
        for n, (title, lines) in enumerate(self.sections, 1):
            out.append(f"{n}. {title}")
            out.extend(f"   {line}" for line in lines)
        return "\n".join(out)

    def section(self, title: str) -> tuple[str, ...]:
        return dict(self.sections).get(title, ())


def build_script(
    ruling: Ruling,
    state: TableState | None = None,
    *,
    edition: str = "2017",
    correction: Correction | None = None,
) -> Script:
    """The script of ``ruling``; ``state`` is the board's state right after it (for what each
    choice leads to and who waits for it); ``correction`` the director's later word on it."""
    sections: list[tuple[str, tuple[str, ...]]] = []
    if correction is not None:
        sections.append(("The director's correction", _correction_lines(correction)))
    happened = [spoken(ruling.summary), *(spoken(s) for s in ruling.steps)]
    sections.append(("What happened", tuple(line for line in happened if line)))
    pending = _pending(ruling, state)
    sections.append(("The choice", _choice_lines(ruling, state, pending)))
    sections.append(("Who may know what", _information_lines(ruling, pending)))
    closing = []
    if ruling.judgement:
        closing.append(spoken(ruling.judgement))
    closing.append("If you think I have ruled wrongly, you may ask me to look at it again, "
                   "or appeal.")
    sections.append(("Afterwards", tuple(closing)))
    laws = ", ".join(dict.fromkeys(ruling.laws))
    sections.append(("For the director (not read aloud)", (
        f"Laws: {laws or 'none cited'} ({edition_title(edition)}).",
    )))
    return Script(tuple(sections))


#: The director speaks of himself in the first person.
_FIRST_PERSON = (
    ("the Director explains", "I explain"), ("the Director judges", "I judge"),
    ("the Director judged", "I judged"), ("The Director judged", "I judged"),
    ("the Director may", "I may"), ("The Director may", "I may"),
    ("the Director's judgement", "my judgement"), ("the Director's word", "my word"),
    ("my word: nobody is barred until he gives it", "my word: nobody is barred until I give it"),
)


def spoken(text: Text) -> str:
    """``text`` as said aloud: law references in parentheses left out, the director in the
    first person, ending as a sentence."""
    text = _LAW_PARENTHESIS.sub("", str(text))
    for third, first in _FIRST_PERSON:
        text = text.replace(third, first)
    return _sentence(text)


def number_word(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def option_line(n: int, option: Option) -> str:
    """How option ``n`` (from 1) is read: the script's line starts with this, always."""
    return f"{number_word(n).capitalize()}: {spoken(option.label)}"


# --- the choice ---------------------------------------------------------------------------


def _choice_lines(ruling: Ruling, state: TableState | None,
                  pending: PendingChoice | None) -> tuple[str, ...]:
    options = ruling.options
    if not options:
        return ("There is nothing to choose: play goes on.",)
    n = len(options)
    counted = f"{number_word(n)} option{'s' if n != 1 else ''}"
    lines: list[str] = []
    chooser = Chooser(ruling.chooser) if ruling.chooser in set(Chooser) else Chooser.NOBODY
    if chooser is Chooser.DIRECTOR:
        lines.append("This is my judgement, not a choice for the table: I will decide it, "
                     "usually away from the table, and tell you. Here is what follows either "
                     "way.")
        for option in options:
            lines.append(_with_outcome(f"If I decide: {spoken(option.label)}", ruling, state,
                                       option))
        lines.append("Until I have decided, please carry on as the Laws allow; nobody is "
                     "barred yet.")
        return tuple(lines)
    if chooser is Chooser.PLAYERS:
        lines.append(f"First a question of fact, and I need the table's answer: which of these "
                     f"{number_word(n)} is true?")
        for i, option in enumerate(options, 1):
            lines.append(_with_outcome(option_line(i, option), ruling, state, option))
        return tuple(lines)
    if n == 1:
        lines.append(f"{_addressee(chooser, pending)}, the Laws leave you only one course:")
    else:
        lines.append(f"{_addressee(chooser, pending)}, you have {counted}. Please hear them "
                     "all before you choose.")
    for i, option in enumerate(options, 1):
        lines.append(_with_outcome(option_line(i, option), ruling, state, option))
    if n > 1:
        if chooser is Chooser.DEFENDERS:
            prevails = ruling.outcome.get("prevails")
            lines.append("Please don't discuss it with each other"
                         + (f"; if you choose differently, {prevails}'s choice stands."
                            if prevails else "."))
        else:
            lines.append("Please don't consult your partner: the choice is yours alone, and "
                         "you may pick whichever suits you best.")
    return tuple(lines)


def _addressee(chooser: Chooser, pending: PendingChoice | None) -> str:
    if chooser is Chooser.DECLARER:
        return "Declarer"
    if chooser is Chooser.DEFENDERS:
        return "Defenders"
    if chooser is Chooser.LHO and pending is not None:
        return pending.seat.value
    return "Non-offending side"


def _with_outcome(line: str, ruling: Ruling, state: TableState | None, option: Option) -> str:
    outcome = _outcome(ruling, state, option.token)
    return f"{line} Then: {outcome}" if outcome else line


def _pending(ruling: Ruling, state: TableState | None) -> PendingChoice | None:
    """The choice the ruling left waiting in ``state`` (the one offering its options)."""
    if state is None or not ruling.options:
        return None
    tokens = set(ruling.option_tokens)
    return next((p for p in state.pending if tokens & set(p.options)), None)


def _outcome(ruling: Ruling, state: TableState | None, token: str) -> str:
    """What the engine rules when ``token`` is chosen ("" when no choice waits in ``state``)."""
    pending = _pending(ruling, state)
    if state is None or pending is None or token not in pending.options:
        return ""
    try:
        result, _ = apply(state, ChoiceMade(pending.seat, token))
    except USER_ERRORS:
        return ""
    said = spoken(result.summary)
    if result.information and result.information != ruling.information:
        said += " " + spoken(result.information)  # what changes for information
    return said


# --- information ----------------------------------------------------------------------------


def _information_lines(ruling: Ruling, pending: PendingChoice | None) -> tuple[str, ...]:
    lines = [spoken(ruling.information)] if ruling.information else []
    if ruling.kind in WITHDRAWN_CALL_KINDS and "16C" not in ruling.information:
        lines.append(_withdrawn_call_rule(ruling, pending.offender if pending else None))
    return tuple(lines) or (NO_INFORMATION_RULE,)


def _withdrawn_call_rule(ruling: Ruling, offender: Seat | None) -> str:
    """Law 16C for a call that is (or may yet be) withdrawn: unauthorized for the offender's
    partner, authorized for the opponents; 27B1 replacements are the exception."""
    if offender is not None:
        partner = f"{offender.partner.value}, you are {offender.value}'s partner: if"
        opponents = f"{offender.lho.value} and {offender.rho.value} may use it freely."
    else:
        partner = "To the offender's partner: if"
        opponents = "The opponents may use it freely."
    line = (f"{partner} the call is withdrawn or cancelled, what it told you is unauthorized "
            "information. You may not choose a call or a play it suggests over a logical "
            f"alternative, and you must act as if you had not heard it. {opponents}")
    if ruling.kind == "insufficient_bid":
        line += (" The exception: if the replacement is the lowest sufficient bid in the same "
                 "denomination, or a call I judge comparable, partner may use it; I may still "
                 "adjust at the end of the hand if the offenders gained.")
    return line


# --- the director's later word --------------------------------------------------------------


def _correction_lines(correction: Correction) -> tuple[str, ...]:
    lines: list[str] = []
    if correction.replaced_by is not None:
        lines.append(f"I have ruled again on corrected facts (ruling #{correction.replaced_by}); "
                     "this is the ruling as it now stands.")
    elif correction.verdict == "voided":
        lines.append("I have cancelled this ruling.")
    else:
        lines.append("I have to correct what I said before.")
    if correction.text:
        lines.append(_sentence(correction.text))
    if correction.adjusted_score:
        lines.append("Because my earlier ruling was wrong, the board's score is adjusted: "
                     f"{_sentence(correction.adjusted_score)}")
    return tuple(lines)


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    if not text or text[-1] in ".!?:" or text.endswith((".)", "!)", "?)")):
        return text
    return text + "."
