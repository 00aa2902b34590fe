"""The course of play as far as players report it: which trick is being played and who is on lead,
and so when each lead or play restriction ends.

The bot never sees the cards; it knows only what reports say: a ``trick`` given with an incident
or follow-up, ``/lead seat:X`` (X is on lead now), the correct leader named by a lead out of turn,
a side said to have lost the lead. From them:

- a restriction "while he keeps the lead" (50D2(a), 51B, 26B) ends as soon as another player is on
  lead, or his side is said to have lost the lead;
- a restriction for one lead (50D2(a)/51B require) ends once that lead is over (a later trick, or
  someone else on lead); a 57A/57D instruction ends with its trick, and declarer's 57A choice
  not made by then lapses with it;
- when the reports cannot tell whether a restriction still binds (the same player on lead again
  with no trick to say whether he kept the lead meanwhile, or a later trick reported without its
  leader), the table is asked (``kept`` / ``lost``) rather than answered from stale state.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from core.errors import RuleError
from core.laws import lead26
from core.laws.waits import HOLDS_FOLLOWER, LEAD_CHOICE_LAWS, claimed_by, without_lead_made
from core.registry import Event, choice_handler, event, rule
from core.ruling import Option, Ruling
from core.seats import Seat
from core.state import Chooser, Lasts, PendingChoice, Restriction, TableState
from core.text import Msg, Text

LAST_TRICK = 13
QUESTION_LAW = "course"  # the pending question "has he kept the lead?", asked by /lead
REPORT_QUESTION_LAW = "course-trick"  # the same, raised by a later trick reported without leader
KEPT = "kept"
LOST = "lost"


def check_trick(trick: int) -> None:
    if not isinstance(trick, int) or isinstance(trick, bool) or not 1 <= trick <= LAST_TRICK:
        raise RuleError(Msg("there is no trick {trick}: a board has tricks 1 to 13",
                            trick=repr(trick)))


HOLDS, ENDED, DOUBT = "holds", "ended", "doubt"


def tricks_complete(state: TableState) -> int:
    """At least how many tricks are complete, as the reports tell: every one before the trick
    reported (0 when none is: the count is unknown)."""
    return state.trick - 1 if state.trick else 0


def trick_over(of_trick: int | None, trick: int | None, leader: Seat | None,
               state: TableState) -> bool:
    """Whether a report (``trick`` is being played, ``leader`` is on lead) says the trick
    ``of_trick`` is over: a later trick, or a leader reported to a trick not said to be that
    one (the player already on lead named again, with no trick, is no news). One rule for a
    57A/57D instruction and for declarer's 57A choice not yet made. One without its trick (a
    choice stored before choices carried it, or made before any report said the trick) is
    taken to be for the trick the board is at, once the reports tell it: else it would lapse
    only when another leader is reported."""
    if of_trick is None:
        of_trick = state.trick
    later = trick is not None and of_trick is not None and trick > of_trick
    same = trick is not None and of_trick is not None and trick == of_trick
    news = leader is not None and (leader is not state.on_lead or trick is not None)
    return later or (news and not same)


def _fate(r: Restriction, trick: int | None, leader: Seat | None, state: TableState,
          again: bool = False) -> str:
    """What a report (``trick`` is being played, ``leader`` is on lead) means for ``r``;
    ``again``: the leader, having led, is on lead to the next trick (he kept the lead)."""
    if again:
        return HOLDS if r.seat is leader and r.lasts is Lasts.WHILE_ON_LEAD else ENDED
    later = trick is not None and r.trick is not None and trick > r.trick
    same = trick is not None and r.trick is not None and trick == r.trick
    if r.lasts is Lasts.THIS_PLAY:  # 57A/57D: one play to one trick
        return ENDED if trick_over(r.trick, trick, leader, state) else HOLDS
    if leader is None:  # a later trick, and the report does not say who leads to it
        if r.lasts is Lasts.THIS_LEAD and later:
            return ENDED
        moved = trick is not None and state.trick is not None and trick > state.trick
        return DOUBT if moved else HOLDS
    if leader is not r.seat:  # someone else is on lead: his lead is over, or his side lost it
        return ENDED
    if trick is None and state.on_lead is r.seat:
        return HOLDS  # nothing reported since he was on lead: it is still that lead for the bot
    if r.lasts is Lasts.THIS_LEAD:
        return ENDED if later else HOLDS if same else DOUBT
    # WHILE_ON_LEAD, and he is on lead again: he kept it only if nothing happened between
    last = state.trick if state.on_lead is r.seat else None
    if trick is not None and last is not None and trick in (last, last + 1):
        return HOLDS
    return DOUBT


def report(state: TableState, *, trick: int | None = None, leader: Seat | None = None,
           again: bool = False) -> tuple[TableState, list[Restriction], list[Restriction]]:
    """Fold one report into the state: the new state, the restrictions it ended, and those it
    leaves in doubt (they are kept until the table answers). Declarer's 57A choice not made for
    a trick that is over lapses with it (57A covers that trick only, 57B): its button is then
    refused. ``again``: ``leader`` has made his lead to the trick reported and is on lead once
    more, so this is the next trick (its number not reported): he kept the lead."""
    if trick is not None:
        check_trick(trick)
        claimer = claimed_by(state)
        if claimer is not None and state.trick is not None and trick > state.trick:
            raise RuleError(Msg("Play has stopped: {seat.value} has claimed or conceded (68D), "
                                "so trick {n} was never played.", seat=claimer, n=trick))
    lapsed = [p for p in state.pending
              if p.law in HOLDS_FOLLOWER and (again or trick_over(p.trick, trick, leader, state))]
    ended: list[Restriction] = []
    doubtful: list[Restriction] = []
    for r in state.restrictions:
        fate = _fate(r, trick, leader, state, again)
        if fate == ENDED:
            ended.append(r)
        elif fate == DOUBT:
            doubtful.append(r)
    previous = state.on_lead
    if again and trick is None:
        new_trick: int | None = min(state.trick + 1, LAST_TRICK) if state.trick else None
    elif trick is not None:
        new_trick = max(trick, state.trick or trick)
    elif leader is not None and leader is not state.on_lead:
        new_trick = None  # a new leader without a trick number: some later trick
    else:
        new_trick = state.trick
    on_lead = leader if leader is not None else (
        state.on_lead if new_trick == state.trick else None)
    moved = again or on_lead is not state.on_lead or new_trick != state.trick
    later = again or (new_trick is not None and state.trick is not None
                      and new_trick > state.trick)
    state = state.evolve(
        restrictions=tuple(r for r in state.restrictions if r not in ended),
        pending=tuple(p for p in state.pending if p not in lapsed),
        trick=new_trick, on_lead=on_lead)
    if moved:
        state = lead_moment_passed(state, on_lead, later=later, previous=previous)
    return state, ended, doubtful


def lead_moment_passed(state: TableState, on_lead: Seat | None, *, later: bool,
                       previous: Seat | None = None) -> TableState:
    """The play has moved on (another leader, or a ``later`` trick): a choice already made for
    a lead is not remembered past it, and declarer's lead options for a lead that is over
    lapse, a Law 26B right with them (it belongs to that first lead only): once a later trick
    is reported, or another player is reported on lead (a ``/lead`` that names no new trick
    waits on the choice instead: :func:`core.laws.waits.holds_report`). The player who was on
    lead (``previous``) has had his turn: a 26B right for his lead is over even when he is on
    lead again, chosen or not. Another player on lead also answers whether someone else kept
    the lead: his restrictions are over, and the question goes with them."""
    first_over = previous is not None and (later or on_lead is not previous)
    stale = [p for p in state.pending if (p.seat is not on_lead and (
        ((later or on_lead is not None) and p.law in LEAD_CHOICE_LAWS)
        or (on_lead is not None and p.law in (QUESTION_LAW, REPORT_QUESTION_LAW))))
        or (first_over and p.law == lead26.LAW and p.seat is previous)]
    for p in stale:
        if p.law == lead26.LAW:
            state = lead26.drop(state, p.offender or p.seat.partner)
    if first_over and previous is not None:
        state = lead26.drop(state, previous.partner)
    return without_lead_made(state).evolve(
        pending=tuple(p for p in state.pending if p not in stale), lead_chosen=None)


def described(restrictions: Iterable[Restriction]) -> Msg:
    """Restrictions said one after another, separated by semicolons."""
    return Msg.join("; ", [r.describe() for r in restrictions])


def ended_step(ended: list[Restriction]) -> list[Text]:
    """One line saying which restrictions a report ended (nothing when none did)."""
    if not ended:
        return []
    return [Msg("Over now, so no longer binding: {restrictions}.", restrictions=described(ended))]


def ask(state: TableState, leader: Seat, doubtful: list[Restriction], trick: int | None,
        law: str = QUESTION_LAW) -> tuple[TableState, Ruling]:
    """Record the question whether ``leader`` kept the lead, and the ruling that asks it."""
    listed = described(doubtful)
    question = json.dumps(Msg("declarer or dummy (or a director) says whether {seat.value} has "
                              "kept the lead since his restriction began ({restrictions})",
                              seat=leader, restrictions=listed).to_data())
    options = (Option(KEPT, Msg("{seat.value} has kept the lead", seat=leader)),
               Option(LOST, Msg("{seat.value}'s side lost it meanwhile", seat=leader)))
    pending = PendingChoice(law=law, chooser=Chooser.DECLARER_SIDE, seat=leader,
                            options=tuple(o.token for o in options), note=question, trick=trick)
    state = state.without_pending(leader)
    state = state.evolve(pending=(*state.pending, pending))
    ruling = Ruling(
        kind="lead_question",
        summary=Msg("Has {seat.value} kept the lead since the restriction began? The reports do "
                    "not tell, so the bot asks before answering.", seat=leader),
        laws=tuple(dict.fromkeys(r.origin for r in doubtful)),
        steps=(Msg("In force when last reported: {restrictions}.", restrictions=listed),
               Msg("A lead restriction lasts only while its player keeps the lead, or for one lead "
                   "(50D2(a), 51B, 26B). Declarer or dummy (or a director) says which: the side it "
                   "would favour does not. Give {opt[trick]}: with /{cmd[lead]} next time and the "
                   "bot can tell by itself.")),
        options=options,
        chooser=Chooser.DECLARER_SIDE,
        outcome={"options": [o.token for o in options], "waiting": True},
    )
    return state, ruling


@choice_handler(REPORT_QUESTION_LAW)
def answer_report(state: TableState, pending: PendingChoice,
                  token: str) -> tuple[Ruling, TableState]:
    """The table says whether ``pending.seat`` kept the lead through the tricks reported."""
    seat = pending.seat
    mine = [r for r in state.restrictions_on(seat) if r.lasts is not Lasts.THIS_PLAY]
    laws = tuple(dict.fromkeys(r.origin for r in mine))
    if token == LOST:
        state = state.evolve(restrictions=tuple(r for r in state.restrictions if r not in mine))
        return Ruling(kind="lead_question",
                      summary=Msg("{seat.value}'s side lost the lead: his lead restrictions have "
                                  "ended.", seat=seat), laws=laws,
                      steps=tuple(ended_step(mine))), state
    state = state.evolve(on_lead=seat)
    return Ruling(kind="lead_question",
                  summary=Msg("{seat.value} kept the lead: {restrictions}.", seat=seat,
                              restrictions=described(mine)), laws=laws), state


@event("play_reported")
@dataclass(frozen=True)
class PlayReported(Event):
    """A report says which trick is being played (an incident's ``trick``), and perhaps who is
    on lead to it."""

    trick: int | None = None
    leader: Seat | None = None


@rule(PlayReported)
def play_reported(state: TableState, ev: PlayReported) -> tuple[Ruling, TableState]:
    state, ended, doubtful = report(state, trick=ev.trick, leader=ev.leader)
    steps = ended_step(ended)
    options: tuple[Option, ...] = ()
    for seat in dict.fromkeys(r.seat for r in doubtful):  # tricks went by: did he keep it?
        state, asked = ask(state, seat, [r for r in doubtful if r.seat is seat], ev.trick,
                           REPORT_QUESTION_LAW)
        steps.append(asked.summary)
        options = options or asked.options  # buttons for the first seat asked
    return Ruling(kind="play_reported", summary=_trick_summary(ev.trick, ev.leader),
                  laws=tuple(dict.fromkeys(r.origin for r in (*ended, *doubtful))),
                  steps=tuple(steps), options=options,
                  chooser=Chooser.DECLARER_SIDE if options else Chooser.NOBODY), state


def _trick_summary(trick: int | None, leader: Seat | None) -> Msg:
    """"Trick 5, W on lead." and its variants."""
    if trick:
        if leader:
            return Msg("Trick {n}, {seat.value} on lead.", n=trick, seat=leader)
        return Msg("Trick {n}.", n=trick)
    if leader:
        return Msg("The current trick, {seat.value} on lead.", seat=leader)
    return Msg("The current trick.")


@event("restriction_spent")
@dataclass(frozen=True)
class RestrictionSpent(Event):
    """``seat`` has made the lead, or the play to the trick, that his restriction was for."""

    seat: Seat


@rule(RestrictionSpent)
def restriction_spent(state: TableState, ev: RestrictionSpent) -> tuple[Ruling, TableState]:
    spent = [r for r in state.restrictions_on(ev.seat)
             if r.lasts in (Lasts.THIS_LEAD, Lasts.THIS_PLAY)]
    if not spent:
        raise RuleError(Msg("{seat.value} has no restriction for one lead or one trick",
                            seat=ev.seat))
    state = state.evolve(restrictions=tuple(r for r in state.restrictions if r not in spent))
    return Ruling(kind="restriction_spent",
                  summary=Msg("{seat.value} has made that play: the restriction is over.",
                              seat=ev.seat),
                  laws=tuple(dict.fromkeys(r.origin for r in spent)),
                  steps=tuple(ended_step(spent))), state
