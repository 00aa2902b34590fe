"""Claims and concessions (Laws 68-70): play stops; agreed, the claim stands; disputed, the
director rules, resolving doubtful points against the claimer.

The bot records the claim (who, how many of the remaining tricks, the statement, who objects)
and gives the director what Law 70 has him weigh; the adjudication itself is his judgement.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.cards import Card, Suit, cards_text
from core.errors import RuleError
from core.laws.play import require_play
from core.registry import Event, event, rule
from core.ruling import Ruling
from core.seats import SEATS, Seat
from core.state import TableState

#: The longest statement kept with a claim.
STATEMENT_MAX = 500

#: What Law 70 has the director weigh, as questions in our words.
LAW70_QUESTIONS = (
    "Did the claimer state a line of play when he claimed (68C)? Have him repeat it as he "
    "gave it (70B1), then hear the opponents' objections (70B2).",
    "Does an opponent hold a trump the claimer did not mention? If the claimer was probably "
    "unaware of it and a trick could be lost to it by any normal play, that trick goes to the "
    "opponents (70C).",
    "Does the claim need a line the claimer did not state (a finesse, a suit played in a "
    "particular order)? It is not accepted unless any other normal line would be irrational "
    "(70D, 70E).",
    "Could the claimer lose a trick by any normal play, careless or inferior for a player of "
    "his class but not irrational? Every doubtful point is resolved against the claimer (70A).",
)


@event("claim")
@dataclass(frozen=True)
class Claim(Event):
    """``claimer`` claims ``tricks`` of the ``remaining`` tricks for his side (0: a concession
    of them all); ``statement`` as he gave it; ``objector`` is the player who disputes it."""

    claimer: Seat
    tricks: int
    remaining: int
    statement: str = ""
    objector: Seat | None = None


@rule(Claim)
def claim(state: TableState, ev: Claim) -> tuple[Ruling, TableState]:
    require_play(state)
    if not 1 <= ev.remaining <= 13:
        raise RuleError("a claim is about 1 to 13 remaining tricks")
    if not 0 <= ev.tricks <= ev.remaining:
        raise RuleError(f"a claim is for 0 to {ev.remaining} of the {ev.remaining} remaining "
                        "tricks")
    if ev.objector is ev.claimer:
        raise RuleError("the claimer cannot object to his own claim")
    if len(ev.statement) > STATEMENT_MAX:
        raise RuleError(f"a statement is at most {STATEMENT_MAX} characters")
    side = ev.claimer.side
    what = (f"{ev.claimer.value} concedes the remaining {ev.remaining} tricks" if ev.tricks == 0
            else f"{ev.claimer.value} claims {ev.tricks} of the remaining {ev.remaining} tricks "
                 f"for {side}")
    said = ev.statement.strip()
    steps = [
        "Play stops (68D): nobody plays another card.",
        f"The statement: {said}" if said else
        "No line of play was stated with it (68C asks for one).",
    ]
    if ev.objector is None:
        summary = f"{what}; nobody objects: it stands as agreed (69A)."
        steps.append("An agreed claim stands; a trick conceded that could not have been lost "
                     "by any normal play may still be restored to its side within the "
                     "correction period (69B).")
        laws: tuple[str, ...] = ("68A", "68D", "69A")
        judgement = ""
    else:
        summary = (f"{what}; {ev.objector.value} objects: play stops and the director rules "
                   "(68D, 70).")
        steps.append("The director hears the claimer's statement again and the objection, "
                     "and rules under Law 70 (/claim review gives him its questions and, with "
                     "the hand records, the remaining hands).")
        laws = ("68C", "68D", "70A", "70B", "70C", "70D", "70E")
        judgement = ("Law 70: the director adjudicates as equitably as he can to both sides, "
                     "every doubtful point against the claimer.")
    return Ruling(
        kind="claim",
        summary=summary,
        laws=laws,
        steps=tuple(steps),
        judgement=judgement,
        outcome={"claimer": ev.claimer.value, "tricks": ev.tricks, "remaining": ev.remaining,
                 "disputed": ev.objector is not None},
    ), state


def trump_of(contract: str | None) -> Suit | None:
    """The trump suit of a contract like ``4H`` or ``3NTX`` (None: no trumps or unknown)."""
    if not contract or len(contract) < 2 or contract[1:3].upper() == "NT":
        return None
    try:
        return Suit(contract[1].upper())
    except ValueError:
        return None


def remaining_hands(
    hands: Mapping[Seat, frozenset[Card]], played: tuple[Card, ...]
) -> dict[Seat, frozenset[Card]]:
    """The hands as they are now: the deal less the cards played (each must be in the deal)."""
    return {s: frozenset(c for c in hands[s] if c not in played) for s in SEATS}


def outstanding_trumps(
    hands: Mapping[Seat, frozenset[Card]], trump: Suit | None, claimer: Seat
) -> str:
    """The trumps the claimer's opponents still hold (70C), in words for the director."""
    if trump is None:
        return "No trumps: there is no outstanding trump (70C does not apply)."
    held = {s: sorted(c for c in hands[s] if c.suit is trump)
            for s in (claimer.lho, claimer.rho)}
    if not any(held.values()):
        return f"The opponents hold no {trump.plural}: no outstanding trump."
    parts = [f"{s.value} {cards_text(cards)}" for s, cards in held.items() if cards]
    return f"Outstanding {trump.plural}: " + ", ".join(parts) + " (70C)."
