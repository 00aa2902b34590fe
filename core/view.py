"""One view of a table: what every follow-up may say, computed once from the stored state.

``/state``, ``/mustplay``, ``/lead``, ``/mustpass`` and the buttons each used to build their own
picture of the table, and the pictures drifted (``/mustplay`` said "lead anything" while
``/lead`` said "wait for declarer"). They now ask :func:`view_of` and render its answer:

- the phase, the trick and who is on lead as far as reports tell (the opening leader follows
  from the declarer);
- every choice that holds a player up: those recorded in the state (a ruling offered them) and
  those the Laws make due although no report has raised them yet (declarer's 50D2/51B/26B
  options before a defender leads while his partner has major penalty cards);
- the restrictions, pass obligations and penalty cards, each saying when it ends.

Asking never changes the table: nothing here returns a new state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.cards import Hand, Suit
from core.laws.auction_state import awaiting
from core.laws.must_pass import owed_call
from core.laws.obligations import (
    held_lead_ruling,
    lead_waits,
    not_on_lead,
    obligation,
    option_words,
    stopped_ruling,
    waiting_ruling,
)
from core.laws.penalty import due_lead_options, offer_lead_options, offered_again
from core.laws.waits import (
    HOLDS_EVERYONE,
    HOLDS_FOLLOWER,
    HOLDS_SEAT,
    LEAD_CHOICE_LAWS,
    chooser_of,
    claim_revoke_words,
    claimed_by,
    lead_held_for,
    lead_made,
    live,
    question_asked,
    recorded_wait,
    stopped_words,
)
from core.ruling import Ruling
from core.seats import Seat
from core.state import Chooser, PendingChoice, Phase, TableState, chooser_words
from core.text import Msg, Text


@dataclass(frozen=True)
class Wait:
    """A choice that must be made before ``seat`` may act.

    ``recorded`` is False for a choice the Laws make due that no report has raised yet: the
    buttons come with ``/lead``, which records that the seat is on lead."""

    seat: Seat
    law: str
    chooser: Chooser
    options: tuple[str, ...]
    recorded: bool
    question: Text = ""  # for a question of fact: the question itself
    prevails: Seat | None = None  # the defender whose choice stands if they disagree (55A)

    def option_words(self) -> Msg:
        return Msg.join("; ", (option_words(o) for o in self.options))


@dataclass(frozen=True)
class TableView:
    """Everything a follow-up may say about one board, from its state alone."""

    state: TableState
    waits: tuple[Wait, ...]

    @property
    def trick(self) -> int | None:
        """The trick being played, as far as reports tell."""
        return self.state.trick

    @property
    def on_lead(self) -> Seat | None:
        """Who leads (or is about to lead) to it, as far as reports tell."""
        return self.state.on_lead

    def wait_for(self, seat: Seat, *, leading: bool) -> Wait | None:
        """What holds up ``seat``'s lead (``leading``) or his play to a trick now: a recorded
        choice (:func:`core.laws.waits.recorded_wait`), else, before his lead, declarer's lead
        options that are due although no report has raised them (not while the reports put
        someone else on lead: they are due at his next lead, :meth:`off_lead`)."""
        # a recorded choice that holds him up, or another player's lead to this trick
        pending = (recorded_wait(self.state, seat, leading=leading)
                   or lead_held_for(self.state, seat))
        if pending is not None:
            return _recorded(pending)
        if not leading or self.off_lead(seat):
            return None
        return due_lead_choice(self.state, seat)

    def off_lead(self, seat: Seat) -> bool:
        """Whether the reports put someone other than ``seat`` on lead now."""
        return self.on_lead is not None and self.on_lead is not seat

    def lines(self) -> list[Text]:
        """The public state in short lines (``/state``), the due choices included."""
        state = self.state
        lines: list[Text] = []
        if state.declarer:
            if state.contract:
                lines.append(Msg("Declarer: {seat.value} ({contract})", seat=state.declarer,
                                 contract=state.contract))
            else:
                lines.append(Msg("Declarer: {seat.value}", seat=state.declarer))
        lines.append(_PHASES[state.phase])
        if state.phase is Phase.PLAY and (self.trick or self.on_lead):
            lines.append(_play_line(self.trick, self.on_lead))
        lines += state.describe_facts()
        claimer = claimed_by(state)
        if claimer is not None:
            lines += [stopped_words(claimer), claim_revoke_words(claimer)]
        for w in self.waits:
            lines.append(w.question or _wait_line(w))
        if state.phase is Phase.AUCTION:  # the calls the auction still owes (as /mustpass says)
            lines += [line for item in awaiting(state)
                      if (line := owed_call(state, item)) is not None]
        return lines


_PHASES = {
    Phase.AUCTION: Msg("Phase: auction"),
    Phase.PLAY: Msg("Phase: play"),
    Phase.FINISHED: Msg("Phase: finished"),
}


def _play_line(trick: int | None, on_lead: Seat | None) -> Msg:
    """Where the play is, as far as reports tell (a trick, a leader, or both)."""
    if trick and on_lead:
        return Msg("Play: trick {n}, {seat.value} on lead (as reported)", n=trick, seat=on_lead)
    if trick:
        return Msg("Play: trick {n} (as reported)", n=trick)
    return Msg("Play: the current trick, {seat.value} on lead (as reported)", seat=on_lead)


def _wait_line(w: Wait) -> Msg:
    """A choice that holds a player up, in one line (a question of fact is its own line)."""
    if w.chooser is Chooser.DIRECTOR and w.law == "24C":
        return Msg("Waiting for the director to judge whether {seat.value}'s cards shown at "
                   "different moments of the auction count together (Law 24C)", seat=w.seat)
    if w.chooser is Chooser.DIRECTOR:
        return Msg("Waiting for the director to judge whether {seat.value}'s call is comparable "
                   "(Law 23, {law})", seat=w.seat, law=w.law)
    if w.chooser is Chooser.LHO:
        return Msg("Waiting for {seat.value} to say whether he accepts the irregular call "
                   "(Law {law})", seat=w.seat, law=w.law)
    who = chooser_words(w.chooser)
    if w.prevails is not None:
        return Msg("Waiting for the defenders to choose (Law {law}): nobody plays until then; "
                   "if they disagree, {seat.value}'s choice stands (55A)", law=w.law,
                   seat=w.prevails)
    if w.recorded and w.law in HOLDS_EVERYONE:
        return Msg("Waiting for {who} to choose (Law {law}): nobody plays until then",
                   who=who, law=w.law)
    if w.recorded and w.law in HOLDS_FOLLOWER:
        return Msg("Waiting for {who} to choose (Law {law}) before {seat.value} plays to the "
                   "trick", who=who, law=w.law, seat=w.seat)
    if w.recorded and w.law in HOLDS_SEAT:
        return Msg("Waiting for {who} to choose (Law {law}) before {seat.value} leads or plays",
                   who=who, law=w.law, seat=w.seat)
    if w.recorded:
        return Msg("Waiting for {who} to choose (Law {law}) before {seat.value} leads",
                   who=who, law=w.law, seat=w.seat)
    # the seat as typed in the command (N, E, S or W in every language)
    return Msg("Before {seat.value} leads, declarer chooses (Law {law}): {options}; "
               "/{cmd[lead]} {opt[seat]}:{typed} shows the buttons", seat=w.seat, law=w.law,
               options=w.option_words(), typed=w.seat.value)


def _recorded(p: PendingChoice) -> Wait:
    chooser, prevails = chooser_of(p)
    return Wait(p.seat, p.law, chooser, p.options, True, question_asked(p), prevails)


def due_lead_choice(state: TableState, leader: Seat) -> Wait | None:
    """Declarer's lead options before ``leader`` leads, due and not yet recorded
    (:func:`core.laws.penalty.due_lead_options`), as a wait."""
    due = due_lead_options(state, leader)
    if due is None:
        return None
    law, options = due
    return Wait(leader, law, Chooser.DECLARER, tuple(o.token for o in options), False)


def view_of(state: TableState) -> TableView:
    """The one view of a board every command renders."""
    waits = [_recorded(p) for p in live(state)]
    on_lead = state.on_lead
    if on_lead is not None and not any(w.seat is on_lead for w in waits):
        due = due_lead_choice(state, on_lead)
        if due is not None:
            waits.append(due)
    return TableView(state, tuple(waits))


def must_play(state: TableState, seat: Seat, hand: Hand | None = None,
              led: Suit | None = None) -> Ruling:
    """``/mustplay``: wait while a choice holds ``seat`` up (recorded or due), else what binds
    his lead (``led`` None) or play."""
    claimer = claimed_by(state)
    if claimer is not None:
        return stopped_ruling(claimer)
    view = view_of(state)
    wait = view.wait_for(seat, leading=led is None)
    if wait is not None and wait.seat is not seat and wait.law in LEAD_CHOICE_LAWS:
        return held_lead_ruling(wait.seat, wait.law, seat)
    if wait is not None:
        ruling = waiting_ruling(seat, led is None, law=wait.law, chooser=wait.chooser,
                                options=wait.options, question=wait.question,
                                prevails=wait.prevails)
        also = tuple(Msg("Also in force: {restriction}.", restriction=r.describe())
                     for r in state.restrictions_on(seat))
        hint = () if wait.recorded else (
            Msg("/{cmd[lead]} {opt[seat]}:{typed} gives declarer the buttons.", typed=seat.value),)
        return replace(ruling, steps=(*ruling.steps, *hint, *also))
    if led is None and view.on_lead is not None and view.off_lead(seat):
        # asked about his lead while another player leads: who does, and what binds his next
        # card (declarer's options are due at his next lead, not now)
        later = due_lead_choice(state, seat)
        return not_on_lead(state, seat, view.on_lead, view.trick,
                           (later.law, later.options) if later is not None else None)
    if led is None and lead_made(state, seat):
        # he has led to the trick reported: what binds him now is for his next lead, and
        # declarer's lead options (spent for this one) come back then (50D2(b))
        ruling = obligation(state, seat, hand, led)
        _, again = offer_lead_options(state, seat)
        if again:
            return replace(ruling, summary=Msg(
                "{seat.value} has already led to this trick (as reported): before his next "
                "lead declarer chooses again (50D2), as /{cmd[lead]} offers then.", seat=seat),
                steps=ruling.steps)
        return replace(ruling, summary=Msg(
            "{seat.value} has already led to this trick (as reported): what follows is for his "
            "next lead.", seat=seat), steps=(ruling.summary, *ruling.steps))
    return obligation(state, seat, hand, led)


def lead_wait(state: TableState, seat: Seat, trick: int | None = None) -> Ruling | None:
    """``/lead`` (to ``trick``, if given) when it must record nothing: the answer the engine
    would give (:func:`core.laws.obligations.lead_waits`). None when ``/lead`` may record."""
    return lead_waits(state, seat, trick)


def lead_offered_again(state: TableState, seat: Seat, trick: int | None = None) -> Ruling | None:
    """``/lead`` asked again while declarer's lead options for ``seat`` are open and nothing
    has changed them: the pending choice, up to date, to show under the ruling that offered
    it (:func:`core.laws.penalty.offered_again`). None when ``/lead`` records."""
    return offered_again(state, seat, trick)
