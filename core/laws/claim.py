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
from core.laws import course, waits
from core.laws.consultation import Consultation
from core.laws.course import LAST_TRICK, PlayReported
from core.laws.exposure import Exposure
from core.laws.play import require_play
from core.laws.revoke import corrected_after_claim
from core.registry import Event, event, rule
from core.ruling import Ruling
from core.seats import SEATS, Seat, is_defender
from core.state import PendingChoice, TableState
from core.text import Msg, Text

#: The longest statement kept with a claim.
STATEMENT_MAX = 500

#: What Law 70 has the director weigh, as questions in our words.
LAW70_QUESTIONS: tuple[Msg, ...] = (
    Msg("Did the claimer state a line of play when he claimed (68C)? Have him repeat it as he "
        "gave it (70B1), then hear the opponents' objections (70B2)."),
    Msg("Does an opponent hold a trump the claimer did not mention? If the claimer was probably "
        "unaware of it and a trick could be lost to it by any normal play, that trick goes to "
        "the opponents (70C)."),
    Msg("Does the claim need a line the claimer did not state (a finesse, a suit played in a "
        "particular order)? It is not accepted unless any other normal line would be "
        "irrational (70D, 70E)."),
    Msg("Could the claimer lose a trick by any normal play, careless or inferior for a player "
        "of his class but not irrational? Every doubtful point is resolved against the claimer "
        "(70A)."),
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


#: The reports made at a defender's concession his partner objected to (68B2): the concession
#: itself, a card exposed at it (not a penalty card), the director called to it. Any other
#: report means play went on.
AT_CONCESSION: frozenset[type] = frozenset({Claim, Exposure, Consultation})


def at_concession(state: TableState, ev: Event) -> bool:
    """Whether ``ev`` is a report made at the objected concession (68B2), not one that play
    went on: one of :data:`AT_CONCESSION`, or the trick an exposure names when it is the
    concession's own (or an earlier one), which its command records just before it."""
    if type(ev) in AT_CONCESSION:
        return True
    if isinstance(ev, PlayReported) and ev.leader is None and ev.trick is not None:
        at = waits.concession_trick(state)
        return at is not None and ev.trick <= at
    return False


@rule(Claim)
def claim(state: TableState, ev: Claim) -> tuple[Ruling, TableState]:
    declarer = require_play(state)
    if ev.claimer is declarer.partner:
        raise RuleError(Msg("{seat.value} is dummy: only declarer or a defender claims or "
                            "concedes tricks (68A, 68B)", seat=ev.claimer))
    if not 1 <= ev.remaining <= 13:
        raise RuleError(Msg("a claim is about 1 to 13 remaining tricks"))
    done = course.tricks_complete(state)
    if ev.remaining > LAST_TRICK - done:
        raise RuleError(Msg("trick {trick} is reported, so at least {done} tricks are complete "
                            "and a claim is about at most {most} remaining tricks, not "
                            "{remaining}", trick=state.trick, done=done, most=LAST_TRICK - done,
                            remaining=ev.remaining))
    if not 0 <= ev.tricks <= ev.remaining:
        raise RuleError(Msg("a claim is for 0 to {remaining} of the {remaining} remaining tricks",
                            remaining=ev.remaining))
    if ev.objector is ev.claimer:
        raise RuleError(Msg("the claimer cannot object to his own claim"))
    if waits.claimed_by(state) is not None:
        raise RuleError(Msg("a claim has already been made on this board: the director settles "
                            "it (70); a new one needs the old one voided first"))
    if len(ev.statement) > STATEMENT_MAX:
        raise RuleError(Msg("a statement is at most {n} characters", n=STATEMENT_MAX))
    if (ev.objector is not None and ev.objector is ev.claimer.partner and ev.tricks < ev.remaining
            and state.declarer is not None and is_defender(ev.claimer, state.declarer)):
        # 68B2: a defender's concession (of one trick or more: a claim concedes the rest, 68B1)
        # his partner objects to at once never happened
        return Ruling(
            kind="claim",
            summary=Msg("No concession: {partner.value} objects at once to {seat.value}'s, so "
                        "none has occurred and play goes on (68B2).", partner=ev.objector,
                        seat=ev.claimer),
            laws=("68B2", "16", "16C"),
            steps=(Msg("What was said may be unauthorized information for the defenders: call "
                       "the director now (68B2, 16)."),
                   Msg("A card either defender exposed at it is not a penalty card, but what it "
                       "showed is unauthorized for his partner (68B2, 16C): report it now with "
                       "/{cmd[exposed]}.")),
            outcome={"claimer": ev.claimer.value, "tricks": ev.tricks,
                     "remaining": ev.remaining, "disputed": True, "conceded": False},
        ), waits.with_concession(state, ev.claimer, trick=14 - ev.remaining)
    what = (Msg("{seat.value} concedes the remaining {remaining} tricks", seat=ev.claimer,
                remaining=ev.remaining) if ev.tricks == 0
            else Msg("{seat.value} claims {tricks} of the remaining {remaining} tricks for "
                     "{seat.side}", seat=ev.claimer, tricks=ev.tricks, remaining=ev.remaining))
    said = ev.statement.strip()
    steps: list[Text] = [
        Msg("Play stops (68D): nobody plays another card."),
        Msg("The statement: {statement}", statement=said) if said else
        Msg("No line of play was stated with it (68C asks for one)."),
    ]
    first = 14 - ev.remaining
    if state.trick is not None and state.trick < first:
        # the record keeps the first trick claimed; the reports may lag, or the claimer left
        # out the trick in progress (68): which it was is the table's to say
        steps.append(Msg("The reports put play at trick {trick}, but {remaining} remaining tricks "
                         "start at trick {first}: the claim is recorded from trick {first}, so "
                         "trick {trick} was complete or in progress and left out of it (68).",
                         trick=state.trick, remaining=ev.remaining, first=first))
    judgement: Text
    if ev.objector is None:
        summary = Msg("{what}; nobody objects: it stands as agreed (69A).", what=what)
        steps.append(Msg("An agreed claim stands; a trick conceded that could not have been lost "
                         "by any normal play may still be restored to its side within the "
                         "correction period (69B)."))
        laws: tuple[str, ...] = ("68A", "68D", "69A")
        judgement = ""
    else:
        summary = Msg("{what}; {objector.value} objects: play stops and the director rules "
                      "(68D, 70).", what=what, objector=ev.objector)
        steps.append(Msg("The director hears the claimer's statement again and the objection, and "
                         "rules under Law 70 (/{cmd[claim review]} gives him its questions and, "
                         "with the hand records, the remaining hands)."))
        laws = ("68C", "68D", "70A", "70B", "70C", "70D", "70E")
        judgement = Msg("Law 70: the director adjudicates as equitably as he can to both sides, "
                        "every doubtful point against the claimer.")
    after, kept_laws, kept_steps = _choices_kept(
        state, waits.with_claim(state, ev.claimer, trick=first,
                                agreed=ev.objector is None))
    return Ruling(
        kind="claim",
        summary=summary,
        laws=(*laws, *kept_laws),
        steps=(*steps, *kept_steps),
        judgement=judgement,
        outcome={"claimer": ev.claimer.value, "tricks": ev.tricks, "remaining": ev.remaining,
                 "disputed": ev.objector is not None},
    ), after


@event("claim_play_on")
@dataclass(frozen=True)
class PlayOn(Event):
    """Play goes on after a claim or concession: the non-claiming side asked to and all four
    players agreed (68D2(b))."""


@rule(PlayOn)
def play_on(state: TableState, ev: PlayOn) -> tuple[Ruling, TableState]:
    """68D2(b): the claim is void and not adjudicated, and play goes on. It was made all the
    same: a revoke of the claimer's side before it stays established (63A3, 63B), which a
    director's void of the claim (the record taken back, as if never made) would undo."""
    claimer = waits.claimed_by(state)
    if claimer is None:
        raise RuleError(Msg("no claim or concession has stopped play on this board, so there is "
                            "none to play on from (68D2(b))"))
    return Ruling(
        kind="claim_play_on",
        summary=Msg("Play goes on: at the request of the non-claiming side, all four agreeing, "
                    "{seat.value}'s claim or concession is void and not adjudicated (68D2(b)).",
                    seat=claimer),
        laws=("68D2(b)", "63A3", "63B"),
        steps=(Msg("Laws 16 and 50 do not apply to it: a card shown while play was suspended "
                   "is no penalty card and its information is not unauthorized; the score "
                   "obtained from here stands (68D2(b))."),
               Msg("A revoke by {seat.side} before the claim stays established: the claim was "
                   "made (63A3), and once established a revoke is no longer corrected (63B).",
                   seat=claimer)),
        outcome={"claimer": claimer.value},
    ), waits.with_play_on(state)


def _choices_kept(before: TableState,
                  claimed: TableState) -> tuple[TableState, tuple[str, ...], list[Text]]:
    """The choices that survive the claim (``claimed``: the board with it, play stopped), and
    the laws and steps that say what became of a 52B1 decision. No card is played now (68D):
    a choice about the next lead or play has nothing left to choose (a void of the claim
    brings it back, replayed). Declarer's decision whether he accepts a card played instead
    of a penalty card (52B1) is about a card already played: it stays while that failure may
    still be corrected (the other side's claim does not establish it, 63A4; trick 12, 62D1);
    established by the offending side's claim (63A3), it lapses and the card stands (63B),
    as :func:`core.laws.revoke.not_played` rules it then. The others are set aside
    (``claim_held``), for play may go on from the claim (68D2(b), :func:`play_on`)."""
    kept: list[PendingChoice] = []
    held: list[PendingChoice] = []
    laws: list[str] = []
    steps: list[Text] = []
    for p in before.pending:
        if p.law not in waits.HOLDS_SEAT or p.card is None:
            held.append(p)
            continue
        after_claim = corrected_after_claim(claimed, p.seat)
        if after_claim is None:
            held.append(p)
            continue
        corrected, how_laws, how_steps = after_claim
        if corrected:
            kept.append(p)
            laws += ["52B1", *how_laws]
            steps += [Msg("Declarer still decides whether he accepts {seat.value}'s "
                          "{card.symbol}, played instead of a penalty card (52B1).",
                          seat=p.seat, card=p.card), *how_steps]
        else:
            claimed = claimed.placed(p.seat, p.card)
            laws += [*how_laws, "61A", "63B", "64B3", "64C"]
            steps += [*how_steps,
                      Msg("So {seat.value}'s {card.symbol} stands and declarer's choice (52B1) "
                          "lapses: failing to play a penalty card is a revoke (61A), no longer "
                          "corrected (63B); no automatic trick transfer (64B3), the director "
                          "restores equity (64C).", seat=p.seat, card=p.card)]
    return (claimed.evolve(pending=tuple(kept), claim_held=tuple(held)),
            tuple(dict.fromkeys(laws)), steps)


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
) -> Msg:
    """The trumps the claimer's opponents still hold (70C), in words for the director."""
    if trump is None:
        return Msg("No trumps: there is no outstanding trump (70C does not apply).")
    held = {s: sorted(c for c in hands[s] if c.suit is trump)
            for s in (claimer.lho, claimer.rho)}
    if not any(held.values()):
        return Msg("The opponents hold no {suit.plural}: no outstanding trump.", suit=trump)
    parts = [Msg("{seat.value} {cards}", seat=s, cards=cards_text(cards))
             for s, cards in held.items() if cards]
    return Msg("Outstanding {suit.plural}: {held} (70C).", suit=trump,
               held=Msg.join(", ", parts))
