"""Law 26B: the lead penalty after a withdrawn call that was not replaced by a comparable call.

The auction laws record a :class:`~core.state.LeadPenalty` for the offender (and add the suits
he specifies later in the legal auction). If he becomes a defender, at his partner's first turn
to lead (perhaps the opening lead) declarer may prohibit one suit the offender did not specify;
the prohibition lasts as long as the partner keeps the lead. Since the June 2017 correction
declarer may only prohibit, never require. No penalty follows a comparable call (26A).

When the partner is also to lead while the offender has major penalty cards, the 50D2 options
and the 26B prohibitions are offered as one choice (handler ``26B``): a 50D2 token is resolved
by Law 50D2 (forbidding a suit under 50D2 also uses up the 26B right), a prohibition of another
suit is the 26B one and the penalty cards stay on the table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from core.cards import SUITS, Suit
from core.laws.auction_state import auction_of, call_meanings
from core.ruling import Option, Ruling
from core.seats import Seat, is_defender
from core.state import (
    Chooser,
    LeadPenalty,
    TableState,
)
from core.text import Msg, Text

LAW = "26B"


def _suits(found: Iterable[Suit]) -> tuple[Suit, ...]:
    found = set(found)
    return tuple(s for s in SUITS if s in found)


def record_lead_penalty(state: TableState, offender: Seat,
                        extra: Iterable[Suit] = ()) -> TableState:
    """Law 26B may apply to ``offender``: remember the suits he has specified in the legal auction
    so far (natural suit bids, plus ``extra`` for artificial calls)."""
    specified = set(extra)
    if state.dealer is not None:
        specified |= auction_of(state).specified_suits(offender, call_meanings(state))
    for lp in state.lead_penalties:
        if lp.offender is offender:
            specified |= set(lp.specified)
    others = tuple(lp for lp in state.lead_penalties if lp.offender is not offender)
    return state.evolve(lead_penalties=(*others, LeadPenalty(offender, _suits(specified), LAW)))


def note_specified(state: TableState, seat: Seat, suits: Iterable[Suit]) -> TableState:
    """``seat`` specified ``suits`` in a legal call: a pending 26B penalty of his shrinks."""
    suits = set(suits)
    if not suits or not any(lp.offender is seat for lp in state.lead_penalties):
        return state
    return state.evolve(lead_penalties=tuple(
        replace(lp, specified=_suits({*lp.specified, *suits})) if lp.offender is seat else lp
        for lp in state.lead_penalties))


def eligible_suits(state: TableState, leader: Seat) -> list[Suit]:
    """The suits declarer may prohibit under 26B before ``leader`` leads (none when no penalty
    of his partner's waits, or the partner is not a defender)."""
    offender = leader.partner
    if state.declarer is None or not is_defender(offender, state.declarer):
        return []
    found = [lp for lp in state.lead_penalties if lp.offender is offender]
    if not found:
        return []
    specified = {s for lp in found for s in lp.specified}
    return [s for s in SUITS if s not in specified]


def prohibit_options(state: TableState, leader: Seat) -> list[Option]:
    return [Option(f"forbid:{s.letter}",
                   Msg("Prohibit {suit.plural} while {seat.value} keeps the lead (26B)",
                       suit=s, seat=leader))
            for s in eligible_suits(state, leader)]


def combine(state: TableState, leader: Seat, options: tuple[Option, ...],
            law: str) -> tuple[tuple[Option, ...], str]:
    """The lead options before ``leader`` leads: 50D2 ``options`` plus any 26B prohibitions."""
    extra = prohibit_options(state, leader)
    if not extra:
        return options, law
    merged = [o for o in options if o.token != "any"]
    have = {o.token for o in merged}
    merged += [o for o in extra if o.token not in have]
    merged.append(Option("any", Msg("No restriction: {seat.value} may lead anything (the "
                                    "penalty cards stay)", seat=leader) if options else
                         Msg("No restriction: {seat.value} may lead anything", seat=leader)))
    return tuple(merged), LAW


def suit_list(suits: list[Suit]) -> Msg:
    """``suits`` named one after another, separated by commas (one to four of them)."""
    if len(suits) == 1:
        return Msg("{suit1.plural}", suit1=suits[0])
    if len(suits) == 2:
        return Msg("{suit1.plural}, {suit2.plural}", suit1=suits[0], suit2=suits[1])
    if len(suits) == 3:
        return Msg("{suit1.plural}, {suit2.plural}, {suit3.plural}", suit1=suits[0],
                   suit2=suits[1], suit3=suits[2])
    return Msg("{suit1.plural}, {suit2.plural}, {suit3.plural}, {suit4.plural}",
               suit1=suits[0], suit2=suits[1], suit3=suits[2], suit4=suits[3])


def explain(leader: Seat, suits: list[Suit]) -> list[Text]:
    return [
        Msg("{offender.value}'s withdrawn call was not replaced by a comparable call, so at "
            "{seat.value}'s first turn to lead declarer may prohibit one suit "
            "{offender.value} did not specify in the legal auction ({suits}); the "
            "prohibition lasts as long as {seat.value} keeps the lead (26B).",
            offender=leader.partner, seat=leader, suits=suit_list(suits)),
        Msg("Declarer may not require a lead under Law 26 (the June 2017 correction left only "
            "the prohibition). If the leader holds only cards of the prohibited suit he may lead "
            "one (59)."),
    ]


def offer_ruling(state: TableState, leader: Seat, options: tuple[Option, ...]) -> Ruling:
    """The ruling for a lead where only Law 26B gives declarer options."""
    suits = eligible_suits(state, leader)
    return Ruling(
        kind="partner_lead",
        summary=Msg("Before {seat.value} leads, declarer may prohibit one suit "
                    "{offender.value} did not specify in the auction (26B).",
                    seat=leader, offender=leader.partner),
        laws=(LAW,),
        steps=tuple(explain(leader, suits)),
        options=options,
        chooser=Chooser.DECLARER,
        information=Msg("Information from {offender.value}'s withdrawn call is unauthorized "
                        "for {seat.value} and authorized for declarer (16C).",
                        offender=leader.partner, seat=leader),
        outcome={"options": [o.token for o in options]},
    )


def drop(state: TableState, offender: Seat) -> TableState:
    """``state`` without ``offender``'s Law 26 lead penalties (the same state when he has none:
    no copy, on every lead reported)."""
    if not any(lp.offender is offender for lp in state.lead_penalties):
        return state
    return state.evolve(lead_penalties=tuple(lp for lp in state.lead_penalties
                                               if lp.offender is not offender))


