"""The director's script (the "spiel"): a ruling as the director says it at the table, in
plain spoken words and in order — what happened, the options and who chooses (every one of
them, Law 10C1), what each choice leads to, who may know what afterwards (Laws 16, 50E) — and,
apart, the law references for the director himself.

One source: the options are the ruling's own, one line each, and what each leads to is asked
of the engine by applying the choice to the state the ruling left; so the script can never
list fewer options than the buttons, nor disagree with the ruling they give. Once the choice
is made, the script reads it as made (from the stored choice, as the table's message shows
it: the option and what it ruled), not the options again. A later word of the director (an
amendment, a Law 82C correction with its adjusted score) is read first.

The script is said in the reader's language (issue 29): ``build_script(..., tr=...)`` renders
the ruling's messages and the script's own sentences with that catalog; law references in
parentheses are left out in every language, and the director speaks of himself in the first
person (in English; other languages keep the rulings' third person).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from core.editions import edition_title
from core.engine import ChoiceMade, apply
from core.errors import USER_ERRORS
from core.registry import event_from_data
from core.ruling import Option, Ruling
from core.seats import Seat
from core.state import Chooser, PendingChoice, TableState
from core.text import Msg, Text, Translate, render, word

NO_INFORMATION_RULE = Msg(
    "Nothing special about information here: everyone may use the legal calls and plays, "
    "and nothing else."
)

#: Rulings about a call that may be withdrawn or cancelled: Law 16C speaks of what it showed.
WITHDRAWN_CALL_KINDS = frozenset(
    {"insufficient_bid", "call_out_of_rotation", "change_of_call", "call_after_final_pass"}
)

_NUMBER_WORDS = (
    word("number", "no"), word("number", "one"), word("number", "two"),
    word("number", "three"), word("number", "four"), word("number", "five"),
    word("number", "six"), word("number", "seven"), word("number", "eight"),
    word("number", "nine"), word("number", "ten"), word("number", "eleven"),
    word("number", "twelve"),
)

# A law reference as rulings write it: 54, 50D2(a), 27B1(b), 16C2, "Law 16", "Laws 16, 50E".
_REF = r"(?:Laws? )?\d{1,2}[A-Z]?\d?(?:\([a-z]\))?(?:\((?:i{1,3}|iv|\d)\))?"
_LAW_PARENTHESIS = re.compile(rf"\s*\({_REF}(?:(?:, | and | or ){_REF})*\)")


@dataclass(frozen=True)
class Correction:
    """The director's later word on the ruling: an amendment or a Law 82C correction."""

    verdict: str  # "amended", "voided", "upheld" …
    text: Text | None = None  # the director's words, or the desk's note (a message)
    adjusted_score: str | None = None
    replaced_by: int | None = None  # the ruling that re-ruled it on corrected facts
    superseded_by: int | None = None  # a later ruling that undid its trick transfer (64B7)


@dataclass(frozen=True)
class Chosen:
    """The choice made on a ruling: the option (its token) and what the engine ruled on it, as
    stored (the table's message shows the same: "Chosen by …")."""

    option: str
    ruling: Ruling


def chosen_on(ruling: Ruling, state: TableState,
              later: Iterable[tuple[Mapping[str, Any], Mapping[str, Any]]]) -> Chosen | None:
    """The choice made on ``ruling`` (``state``: the board right after it), from the board's
    later non-void events as stored, in order (facts, ruling): the first choice among its
    options while they still wait. None while they wait, or once something else ended them."""
    pending = _pending(ruling, state)
    if pending is None:
        return None
    offered = set(pending.options)
    for facts, data in later:
        if not any(p.seat is pending.seat and offered & set(p.options) for p in state.pending):
            return None  # it lapsed, or another ruling offers the choice now
        event = event_from_data(dict(facts))
        if (isinstance(event, ChoiceMade) and event.seat is pending.seat
                and event.option in offered):
            return Chosen(event.option, Ruling.from_data(dict(data)))
        try:
            _, state = apply(state, event)
        except USER_ERRORS:
            return None
    return None


def superseded_by(ruling: Ruling,
                  later: Iterable[tuple[int, Mapping[str, Any]]]) -> int | None:
    """The number of the later ruling that undid ``ruling``'s trick transfer, from the board's
    later non-void rulings as stored (number, ruling): with established revokes by both sides
    no transfer happens for either (64B7), so a transfer ruled before the second one's ruling
    no longer stands. None when nothing has superseded it."""
    if ruling.kind != "revoke" or not ruling.outcome.get("tricks_transferred"):
        return None
    for number, data in later:
        if data.get("kind") == "revoke" and \
                Ruling.from_data(dict(data)).outcome.get("cancels_transfers"):
            return number
    return None


#: The sections, in the order they are read (their English titles are their message ids).
CORRECTION = Msg("The director's correction")
HAPPENED = Msg("What happened")
CHOICE = Msg("The choice")
INFORMATION = Msg("Who may know what")
AFTERWARDS = Msg("Afterwards")
FOR_THE_DIRECTOR = Msg("For the director (not read aloud)")


@dataclass(frozen=True)
class Script:
    """The script in sections (title, lines) in the reader's language, in the order the
    director reads them; the last section (the laws) is for the director and is not read
    aloud. ``keys`` are the sections' English titles, by which :meth:`section` finds one."""

    sections: tuple[tuple[str, tuple[str, ...]], ...]
    keys: tuple[str, ...] = ()

    def text(self) -> str:
        """The whole script as plain text, one numbered section after another."""
        out: list[str] = []
        for n, (title, lines) in enumerate(self.sections, 1):
            out.append(f"{n}. {title}")
            out.extend(f"   {line}" for line in lines)
        return "\n".join(out)

    def section(self, title: str) -> tuple[str, ...]:
        """The lines of the section whose English title is ``title``."""
        keys = self.keys or tuple(t for t, _ in self.sections)
        return dict(zip(keys, (lines for _, lines in self.sections), strict=True)).get(title, ())


def build_script(
    ruling: Ruling,
    state: TableState | None = None,
    *,
    edition: str = "2017",
    correction: Correction | None = None,
    chosen: Chosen | None = None,
    tr: Translate | None = None,
) -> Script:
    """The script of ``ruling``; ``state`` is the board's state right after it (for what each
    choice leads to and who waits for it); ``correction`` the director's later word on it;
    ``chosen`` the choice made on it (:func:`chosen_on`), read instead of the options;
    ``tr`` the reader's catalog (English without one)."""
    say = _Speaker(tr)
    sections: list[tuple[Msg, tuple[str, ...]]] = []
    if correction is not None:
        sections.append((CORRECTION, _correction_lines(correction, say)))
    happened = [say.spoken(ruling.summary), *(say.spoken(s) for s in ruling.steps)]
    sections.append((HAPPENED, tuple(line for line in happened if line)))
    pending = _pending(ruling, state)
    sections.append((CHOICE, _chosen_lines(ruling, pending, chosen, say) if chosen is not None
                     else _choice_lines(ruling, state, pending, say)))
    sections.append((INFORMATION, _information_lines(ruling, pending, say)))
    closing = []
    if ruling.judgement:
        closing.append(say.spoken(ruling.judgement))
    closing.append(say(Msg("If you think I have ruled wrongly, you may ask me to look at it "
                           "again, or appeal.")))
    sections.append((AFTERWARDS, tuple(closing)))
    laws = ", ".join(dict.fromkeys(ruling.laws))
    title = edition_title(edition)
    sections.append((FOR_THE_DIRECTOR, (
        say(Msg("Laws: {laws} ({edition}).", laws=laws, edition=title)) if laws
        else say(Msg("Laws: none cited ({edition}).", edition=title)),
    )))
    return Script(tuple((say(t), lines) for t, lines in sections),
                  tuple(str(t) for t, _ in sections))


class _Speaker:
    """Says a message in the reader's language (``say(msg)``), or as spoken aloud."""

    def __init__(self, tr: Translate | None) -> None:
        self.tr = tr

    def __call__(self, text: Text) -> str:
        return render(text, self.tr)

    def spoken(self, text: Text) -> str:
        return spoken(text, self.tr)

    def number(self, n: int) -> str:
        return number_word(n, self.tr)


#: The director speaks of himself in the first person.
_FIRST_PERSON = (
    ("the Director explains", "I explain"), ("the Director judges", "I judge"),
    ("the Director judged", "I judged"), ("The Director judged", "I judged"),
    ("the Director may", "I may"), ("The Director may", "I may"),
    ("the Director's judgement", "my judgement"), ("the Director's word", "my word"),
    ("my word: nobody is barred until he gives it", "my word: nobody is barred until I give it"),
)


def spoken(text: Text, tr: Translate | None = None) -> str:
    """``text`` as said aloud in the language of ``tr``: law references in parentheses left
    out, the director in the first person (English), ending as a sentence."""
    said = _LAW_PARENTHESIS.sub("", render(text, tr))
    if tr is None:
        for third, first in _FIRST_PERSON:
            said = said.replace(third, first)
    return _sentence(said)


def number_word(n: int, tr: Translate | None = None) -> str:
    if not 0 <= n < len(_NUMBER_WORDS):
        return str(n)
    english = _NUMBER_WORDS[n]
    return (tr(english, "number") if tr is not None else None) or english


def option_line(n: int, option: Option, tr: Translate | None = None) -> str:
    """How option ``n`` (from 1) is read: the script's line starts with this, always."""
    return f"{number_word(n, tr).capitalize()}: {spoken(option.label, tr)}"


# --- the choice ---------------------------------------------------------------------------


def _choice_lines(ruling: Ruling, state: TableState | None,
                  pending: PendingChoice | None, say: _Speaker) -> tuple[str, ...]:
    options = ruling.options
    if not options:
        return (say(Msg("There is nothing to choose: play goes on.")),)
    n = len(options)
    lines: list[str] = []
    chooser = _chooser(ruling)
    if chooser is Chooser.DIRECTOR:
        lines.append(say(Msg("This is my judgement, not a choice for the table: I will decide "
                             "it, usually away from the table, and tell you. Here is what "
                             "follows either way.")))
        for option in options:
            line = say(Msg("If I decide: {option}", option=say.spoken(option.label)))
            lines.append(_with_outcome(line, ruling, state, option, say))
        lines.append(say(Msg("Until I have decided, please carry on as the Laws allow; nobody "
                             "is barred yet.")))
        return tuple(lines)
    if chooser is Chooser.PLAYERS:
        lines.append(say(Msg("First a question of fact, and I need the table's answer: which "
                             "of these {number} is true?", number=say.number(n))))
        for i, option in enumerate(options, 1):
            lines.append(_with_outcome(option_line(i, option, say.tr), ruling, state, option,
                                       say))
        return tuple(lines)
    who = _addressee(chooser, pending)
    if n == 1:
        lines.append(say(Msg("{who}, the Laws leave you only one course:", who=who)))
    else:
        lines.append(say(Msg("{who}, you have {number} options. Please hear them all before "
                             "you choose.", who=who, number=say.number(n))))
    for i, option in enumerate(options, 1):
        lines.append(_with_outcome(option_line(i, option, say.tr), ruling, state, option, say))
    if n > 1:
        if chooser is Chooser.DEFENDERS:
            prevails = ruling.outcome.get("prevails")
            lines.append(say(
                Msg("Please don't discuss it with each other; if you choose differently, "
                    "{seat.value}'s choice stands.", seat=Seat.parse(prevails)) if prevails
                else Msg("Please don't discuss it with each other.")))
        else:
            lines.append(say(Msg("Please don't consult your partner: the choice is yours "
                                 "alone, and you may pick whichever suits you best.")))
    return tuple(lines)


def _chooser(ruling: Ruling) -> Chooser:
    """Who chooses the ruling's options (NOBODY for a value this version does not know)."""
    return Chooser(ruling.chooser) if ruling.chooser in set(Chooser) else Chooser.NOBODY


def _chosen_lines(ruling: Ruling, pending: PendingChoice | None, chosen: Chosen,
                  say: _Speaker) -> tuple[str, ...]:
    """The choice as made: who chose which option, and what it led to."""
    label = next((o.label for o in ruling.options if o.token == chosen.option), chosen.option)
    option = say.spoken(label)
    chooser = _chooser(ruling)
    if chooser is Chooser.DIRECTOR:
        line = say(Msg("I have judged: {option}", option=option))
    elif chooser is Chooser.PLAYERS:
        line = say(Msg("The table has answered: {option}", option=option))
    else:
        line = say(Msg("{who} has chosen: {option}", who=_addressee(chooser, pending),
                       option=option))
    return (line, _ruled(chosen.ruling, ruling, say))


def _addressee(chooser: Chooser, pending: PendingChoice | None) -> Msg:
    if chooser is Chooser.DECLARER:
        return Msg("Declarer")
    if chooser is Chooser.DEFENDERS:
        return Msg("Defenders")
    if chooser is Chooser.LHO and pending is not None:
        return Msg("{seat.value}", seat=pending.seat)
    return Msg("Non-offending side")


def _with_outcome(line: str, ruling: Ruling, state: TableState | None, option: Option,
                  say: _Speaker) -> str:
    outcome = _outcome(ruling, state, option.token, say)
    return say(Msg("{line} Then: {outcome}", line=line, outcome=outcome)) if outcome else line


def _pending(ruling: Ruling, state: TableState | None) -> PendingChoice | None:
    """The choice the ruling left waiting in ``state`` (the one offering its options)."""
    if state is None or not ruling.options:
        return None
    tokens = set(ruling.option_tokens)
    return next((p for p in state.pending if tokens & set(p.options)), None)


def _outcome(ruling: Ruling, state: TableState | None, token: str, say: _Speaker) -> str:
    """What the engine rules when ``token`` is chosen ("" when no choice waits in ``state``)."""
    pending = _pending(ruling, state)
    if state is None or pending is None or token not in pending.options:
        return ""
    try:
        result, _ = apply(state, ChoiceMade(pending.seat, token))
    except USER_ERRORS:
        return ""
    return _ruled(result, ruling, say)


def _ruled(result: Ruling, ruling: Ruling, say: _Speaker) -> str:
    """What a choice on ``ruling`` ruled, as said: its summary, and what it changes about
    information."""
    said = say.spoken(result.summary)
    if result.information and result.information != ruling.information:
        said += " " + say.spoken(result.information)
    return said


# --- information ----------------------------------------------------------------------------


def _information_lines(ruling: Ruling, pending: PendingChoice | None,
                       say: _Speaker) -> tuple[str, ...]:
    lines = [say.spoken(ruling.information)] if ruling.information else []
    if ruling.kind in WITHDRAWN_CALL_KINDS and "16C" not in ruling.information:
        lines.append(say(_withdrawn_call_rule(ruling, pending.offender if pending else None)))
    return tuple(lines) or (say(NO_INFORMATION_RULE),)


def _withdrawn_call_rule(ruling: Ruling, offender: Seat | None) -> Text:
    """Law 16C for a call that is (or may yet be) withdrawn: unauthorized for the offender's
    partner, authorized for the opponents; 27B1 replacements are the exception."""
    if offender is not None:
        line = Msg("{partner.value}, you are {offender.value}'s partner: if the call is withdrawn "
                   "or cancelled, what it told you is unauthorized information. You may not "
                   "choose a call or a play it suggests over a logical alternative, and you must "
                   "act as if you had not heard it. {lho.value} and {rho.value} may use it "
                   "freely.", partner=offender.partner, offender=offender, lho=offender.lho,
                   rho=offender.rho)
    else:
        line = Msg("To the offender's partner: if the call is withdrawn or cancelled, what it "
                   "told you is unauthorized information. You may not choose a call or a play it "
                   "suggests over a logical alternative, and you must act as if you had not "
                   "heard it. The opponents may use it freely.")
    if ruling.kind != "insufficient_bid":
        return line
    return Msg.join(" ", (line, Msg(
        "The exception: if the replacement is the lowest sufficient bid in the same "
        "denomination, or a call I judge comparable, partner may use it; I may still adjust at "
        "the end of the hand if the offenders gained.")))


# --- the director's later word --------------------------------------------------------------


def _correction_lines(correction: Correction, say: _Speaker) -> tuple[str, ...]:
    lines: list[str] = []
    if correction.superseded_by is not None:
        lines.append(say.spoken(Msg("Ruling #{number} has since superseded this ruling's trick "
                                    "transfer: both sides have an established revoke on this "
                                    "board, so no trick is transferred for either (64B7); read "
                                    "that ruling.", number=correction.superseded_by)))
    if correction.replaced_by is not None:
        lines.append(say(Msg("I have ruled again on corrected facts (ruling #{number}); this is "
                             "the ruling as it now stands.", number=correction.replaced_by)))
    elif correction.verdict == "superseded":
        pass  # said above
    elif correction.verdict == "voided":
        lines.append(say(Msg("I have cancelled this ruling.")))
    else:
        lines.append(say(Msg("I have to correct what I said before.")))
    if correction.text:
        lines.append(_sentence(say(correction.text)))
    if correction.adjusted_score:
        lines.append(say(Msg("Because my earlier ruling was wrong, the board's score is "
                             "adjusted: {score}", score=_sentence(correction.adjusted_score))))
    return tuple(lines)


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    if not text or text[-1] in ".!?:" or text.endswith((".)", "!)", "?)")):
        return text
    return text + "."
