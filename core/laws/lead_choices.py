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


def choose_offered_lead(state: TableState, leader: Seat,
                        token: str) -> tuple[Ruling, TableState]:
    """Declarer's ``token``, chosen in the same breath (a lead refused, :mod:`core.laws.leads`),
    over the options :func:`~core.laws.penalty.offer_lead_options` has just recorded for
    ``leader`` (50D2/51B, or 26B with them)."""
    waiting = state.pending_for(leader)
    pending = next((p for p in waiting if token in p.options), None)
    if pending is None:
        raise RuleError(f"{token!r} is not one of declarer's options here")
    rest = tuple(p for p in state.pending if p is not pending)
    handler = choose_with_26b if pending.law == lead26.LAW else penalty.choose_lead_option
    return handler(state.evolve(pending=rest), pending, token)


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
        ruling, state = penalty.choose_lead_option(state, replace(pending, law="50D2"), token)
        left = [s for s in eligible if not (token.startswith("forbid:")
                                            and s in penalty.token_suits(token))]
        if not left:
            state = lead26.drop(state, offender)
            return replace(ruling, laws=(*ruling.laws, lead26.LAW), steps=(
                *ruling.steps, "That prohibition also covers every suit declarer could "
                "prohibit under Law 26B.")), state
        options = (*(o for o in lead26.prohibit_options(state, leader)
                     if penalty.token_suits(o.token)[0] in left),
                   Option("any", "No Law 26B prohibition"))
        state = state.without_pending(leader).evolve(pending=(*state.without_pending(
            leader).pending, PendingChoice(
                law=lead26.LAW, chooser=Chooser.DECLARER, seat=leader,
                options=tuple(o.token for o in options), offender=offender,
                note=SEPARATE_26B)))
        return replace(
            ruling, laws=(*ruling.laws, lead26.LAW), options=options, chooser=Chooser.DECLARER,
            steps=(*ruling.steps, f"Law 26B is a separate right: declarer may also prohibit "
                   f"one of {', '.join(s.plural for s in left)} for as long as {leader.value} "
                   "keeps the lead, or decline (26B)."),
            outcome={**ruling.outcome, "options": [o.token for o in options]}), state
    state = lead26.drop(state, offender).evolve(lead_chosen=leader)
    if token in fifty:  # "any": declarer declines the 50D2 options and the 26B prohibition
        ruling, state = penalty.choose_lead_option(state, replace(pending, law="50D2"), token)
        extra = [f"Declarer did not use his Law 26B prohibition; it lapses with this lead "
                 f"(26B applies only at {leader.value}'s first lead)."] if eligible else []
        return replace(ruling, steps=(*ruling.steps, *extra)), state
    if token == "any":
        return Ruling(
            kind="lead_choice",
            summary=f"Declarer prohibits nothing: {leader.value} may lead any card.",
            laws=(lead26.LAW,),
            steps=("The Law 26B right is used only at this first lead, so it lapses now.",),
            outcome={"restriction": "", "restriction_lasts": ""},
        ), state
    verb, _, letter = token.partition(":")
    suit = Suit.parse(letter) if letter else None
    if verb != "forbid" or suit not in eligible:
        raise RuleError(f"{token!r} is not a Law 26B option here")
    restriction = Restriction(leader, RestrictionKind.FORBID, suit, Lasts.WHILE_ON_LEAD,
                              lead26.LAW)
    state = state.with_restriction(restriction)
    steps = [f"{leader.value} may not lead a {suit.singular} for as long as he keeps the lead "
             "(26B); with nothing but that suit he may lead one (59)."]
    offered: tuple[Option, ...] = ()
    if fifty:  # the 50D2/51B options are a separate right: declarer is asked them next
        state, offered = penalty.offer_lead_options(state, leader)
        steps.append(f"Law 50D2 is a separate right: declarer now also chooses over "
                     f"{offender.value}'s penalty cards (require or forbid their suit, or leave "
                     "them on the table, where they must be played at the first legal "
                     "opportunity, 50D1).")
    return Ruling(
        kind="lead_choice",
        summary=f"{leader.value} may not lead a {suit.singular} for as long as he keeps the lead.",
        laws=(lead26.LAW, "59", *(("50D2",) if offered else ())),
        steps=tuple(steps),
        options=offered,
        chooser=Chooser.DECLARER if offered else Chooser.NOBODY,
        information=f"Information from {offender.value}'s withdrawn call remains unauthorized for "
        f"{leader.value} (16C).",
        outcome={"restriction": restriction.token, "restriction_lasts": restriction.lasts.value,
                 **({"options": [o.token for o in offered]} if offered else {})},
    ), state


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
        first = [f"{leader.value} kept the lead: {'; '.join(str(r.describe()) for r in mine)}."]
    ruling, state = penalty.lead_ruling(state, leader)
    return replace(ruling, steps=(*first, *ruling.steps)), state
