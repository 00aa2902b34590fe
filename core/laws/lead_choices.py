"""Declarer's choices before a defender leads, resolved: the 50D2/51B options (handled in
:mod:`core.laws.penalty`) with a Law 26B prohibition joined to them, and the table's answer to
"has he kept the lead?" (:mod:`core.laws.course`), after which the lead is ruled as usual.

Kept apart from those modules so that none of them needs another that imports it."""

from __future__ import annotations

from dataclasses import replace

from core.cards import Suit
from core.errors import RuleError
from core.laws import course, lead26, penalty
from core.registry import choice_handler
from core.ruling import Option, Ruling
from core.seats import Seat
from core.state import (
    Chooser,
    Lasts,
    PendingChoice,
    Restriction,
    RestrictionKind,
    TableState,
)
from core.text import Msg, Text


def choose_offered_lead(state: TableState, leader: Seat,
                        token: str) -> tuple[Ruling, TableState]:
    """Declarer's 50D2/51B ``token``, chosen with his refusal of a lead (54D, 56:
    :mod:`core.laws.leads`), over the options :func:`~core.laws.penalty.offer_lead_options` has
    just recorded for ``leader``. A Law 26B prohibition waiting for this lead is not part of
    that choice (Law 54D/56 bring in Law 50D only): it is asked next, whatever he chose, "let
    him lead anything" (50D2(b)) included."""
    waiting = state.pending_for(leader)
    pending = next((p for p in waiting if token in p.options), None)
    if pending is None:
        raise RuleError(Msg("{token} is not one of declarer's options here", token=repr(token)))
    rest = state.evolve(pending=tuple(p for p in state.pending if p is not pending))
    if pending.law == lead26.LAW:
        return _then_26b(rest, pending, token)
    return penalty.choose_lead_option(rest, pending, token)


#: The note of a 26B prohibition offered on its own, after declarer's 50D2/51B choice.
SEPARATE_26B = "26B after 50D2"


@choice_handler(lead26.LAW)
def choose_with_26b(state: TableState, pending: PendingChoice,
                    token: str) -> tuple[Ruling, TableState]:
    """Declarer's choice at the offender's partner's first lead (26B, with any 50D2 options).

    Laws 50D2 and 26B are separate rectifications: after a 50D2/51B requirement or prohibition
    declarer is asked next whether he also prohibits a suit under 26B; "any" declines both."""
    leader = pending.seat
    offender = pending.offender or leader.partner
    eligible = lead26.eligible_suits(state, leader)
    fifty = set() if pending.note == SEPARATE_26B else {
        o.token for o in penalty.lead_options(state, leader)}
    if token in fifty and token != "any":
        return _then_26b(state, pending, token)
    state = lead26.drop(state, offender).evolve(lead_chosen=leader)
    if token in fifty:  # "any": declarer declines the 50D2 options and the 26B prohibition
        ruling, state = penalty.choose_lead_option(state, replace(pending, law="50D2"), token)
        extra = [Msg("Declarer did not use his Law 26B prohibition; it lapses with this lead "
                     "(26B applies only at {seat.value}'s first lead).", seat=leader)
                 ] if eligible else []
        return replace(ruling, steps=(*ruling.steps, *extra)), state
    if token == "any":
        return Ruling(
            kind="lead_choice",
            summary=Msg("Declarer prohibits nothing: {seat.value} may lead any card.",
                        seat=leader),
            laws=(lead26.LAW,),
            steps=(Msg("The Law 26B right is used only at this first lead, so it lapses now."),),
            outcome={"restriction": "", "restriction_lasts": ""},
        ), state
    verb, _, letter = token.partition(":")
    suit = Suit.parse(letter) if letter else None
    if verb != "forbid" or suit not in eligible:
        raise RuleError(Msg("{token} is not a Law 26B option here", token=repr(token)))
    restriction = Restriction(leader, RestrictionKind.FORBID, suit, Lasts.WHILE_ON_LEAD,
                              lead26.LAW)
    state = state.with_restriction(restriction)
    steps: list[Text] = [Msg("{seat.value} may not lead a {suit.singular} for as long as he keeps "
                             "the lead (26B); with nothing but that suit he may lead one (59).",
                             seat=leader, suit=suit)]
    offered: tuple[Option, ...] = ()
    if fifty:  # the 50D2/51B options are a separate right: declarer is asked them next
        state, offered = penalty.offer_lead_options(state, leader)
        steps.append(Msg("Law 50D2 is a separate right: declarer now also chooses over "
                         "{offender.value}'s penalty cards (require or forbid their suit, or "
                         "leave them on the table, where they must be played at the first legal "
                         "opportunity, 50D1).", offender=offender))
    return Ruling(
        kind="lead_choice",
        summary=Msg("{seat.value} may not lead a {suit.singular} for as long as he keeps the "
                    "lead.", seat=leader, suit=suit),
        laws=(lead26.LAW, "59", *(("50D2",) if offered else ())),
        steps=tuple(steps),
        options=offered,
        chooser=Chooser.DECLARER if offered else Chooser.NOBODY,
        information=Msg("Information from {offender.value}'s withdrawn call remains unauthorized "
                        "for {seat.value} (16C).", offender=offender, seat=leader),
        outcome={"restriction": restriction.token, "restriction_lasts": restriction.lasts.value,
                 **({"options": [o.token for o in offered]} if offered else {})},
    ), state


def _then_26b(state: TableState, pending: PendingChoice,
              token: str) -> tuple[Ruling, TableState]:
    """Declarer's 50D2/51B ``token`` over the offender's penalty cards; then the Law 26B
    prohibition, a separate right, is offered on its own (unless his 50D2 prohibition already
    covers every suit 26B would let him prohibit)."""
    leader = pending.seat
    offender = pending.offender or leader.partner
    eligible = lead26.eligible_suits(state, leader)
    ruling, state = penalty.choose_lead_option(state, replace(pending, law="50D2"), token)
    left = [s for s in eligible if not (token.startswith("forbid:")
                                        and s in penalty.token_suits(token))]
    if not left:
        state = lead26.drop(state, offender)
        return replace(ruling, laws=(*ruling.laws, lead26.LAW), steps=(
            *ruling.steps, Msg("That prohibition also covers every suit declarer could "
                               "prohibit under Law 26B."))), state
    options = (*(o for o in lead26.prohibit_options(state, leader)
                 if penalty.token_suits(o.token)[0] in left),
               Option("any", Msg("No Law 26B prohibition")))
    state = state.without_pending(leader).evolve(pending=(*state.without_pending(
        leader).pending, PendingChoice(
            law=lead26.LAW, chooser=Chooser.DECLARER, seat=leader,
            options=tuple(o.token for o in options), offender=offender,
            note=SEPARATE_26B)))
    return replace(
        ruling, laws=(*ruling.laws, lead26.LAW), options=options, chooser=Chooser.DECLARER,
        steps=(*ruling.steps, Msg("Law 26B is a separate right: declarer may also prohibit "
                                  "one of {suits} for as long as {seat.value} keeps the lead, "
                                  "or decline (26B).", suits=lead26.suit_list(left),
                                  seat=leader)),
        outcome={**ruling.outcome, "options": [o.token for o in options]}), state


@choice_handler(course.QUESTION_LAW)
def answer_question(state: TableState, pending: PendingChoice,
                    token: str) -> tuple[Ruling, TableState]:
    """The table says whether the leader kept the lead; then his lead is ruled as usual."""
    leader = pending.seat
    mine = [r for r in state.restrictions_on(leader) if r.lasts is not Lasts.THIS_PLAY]
    if token == course.LOST:
        state = state.evolve(restrictions=tuple(r for r in state.restrictions if r not in mine))
        first = course.ended_step(mine)
    else:
        first = [Msg("{seat.value} kept the lead: {restrictions}.", seat=leader,
                     restrictions=course.described(mine))]
    ruling, state = penalty.lead_ruling(state, leader)
    return replace(ruling, steps=(*first, *ruling.steps)), state
