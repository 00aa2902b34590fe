"""A fifth card played to a trick (Law 45E) and a defective trick (Law 67).

A defender's fifth card becomes a penalty card through the very rule an exposure goes through
(:func:`core.laws.exposure.exposure`), so Law 50B classifies it and every later answer
(``/state``, ``/mustplay``, declarer's 50D2 options) knows it; declarer's goes back to his hand
(45E2). A defective trick (a player with too few or too many cards in it) is put right at once
while a player of each side has not yet played to the next trick (67A); later the Director
establishes which trick was defective and rectifies it (67B): a card added from the hand
(deemed a revoke, one trick under 64A2), extra cards restored to the hand (a revoke earlier, for
him to judge), or a played card found and put back among the offender's tricks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from core.cards import Card, Suit, cards_text
from core.errors import RuleError
from core.laws.course import check_trick
from core.laws.exposure import Exposure, How, exposure
from core.laws.penalty import INFORMATION_ON_TABLE, add_penalty_cards
from core.laws.play import check_card_free, check_may_play, require_play
from core.laws.revoke import remember_revoke
from core.laws.waits import claimed_by
from core.registry import Event, event, rule
from core.ruling import Ruling, sentences
from core.seats import Seat, is_defender
from core.state import Place, TableState, penalty_tokens
from core.text import Msg, Text

# --- Law 45E: a fifth card -------------------------------------------------------------


@event("fifth_card")
@dataclass(frozen=True)
class FifthCard(Event):
    """``seat`` contributed ``card`` to a trick he had already played to (45E). ``how``: played
    (deliberate, the usual case) or dropped on the trick by accident (50B decides minor or
    major)."""

    seat: Seat
    card: Card
    how: How = How.DELIBERATE


_LED_DEFENDER = Msg("If the Director deems that the card was led to the next trick, it is "
                    "not a fifth card: Law 53 or 56 (a lead out of turn) applies instead (45E1).")
_LED_DECLARER = Msg("If the Director deems that the card was led to the next trick, it is not a "
                    "fifth card: Law 55 (declarer's lead out of turn) applies instead (45E2).")


@rule(FifthCard)
def fifth_card(state: TableState, ev: FifthCard) -> tuple[Ruling, TableState]:
    require_play(state)
    check_may_play(state, ev.seat, held_lead=False)  # no card is played after a claim (68D)
    return _fifth(state, ev.seat, (ev.card,), ev.how, ())


def _fifth(state: TableState, seat: Seat, cards: tuple[Card, ...], how: How,
           before: tuple[str, ...]) -> tuple[Ruling, TableState]:
    """The 45E ruling on ``cards`` that ``seat`` played to a trick beyond his one card;
    ``before``: the laws that sent here (67A2)."""
    declarer = require_play(state)
    if not cards or len(set(cards)) != len(cards):
        raise RuleError(Msg("name the card(s) played too many, each once"))
    shown = cards_text(cards)
    if not is_defender(seat, declarer):
        for card in cards:
            check_card_free(state, seat, card)
            state = state.placed(seat, card, Place.HAND)
        return Ruling(
            kind="fifth_card",
            summary=(Msg("{cards} goes back to {seat.value}'s hand; no rectification (45E2).",
                         cards=shown, seat=seat) if len(cards) == 1 else
                     Msg("{cards} go back to {seat.value}'s hand; no rectification (45E2).",
                         cards=shown, seat=seat)),
            laws=(*before, "45E2", "48A"),
            steps=(Msg("A fifth card declarer contributes to a trick, from his hand or from "
                       "dummy, is returned to the hand without further rectification (45E2); "
                       "declarer's cards never become penalty cards (48A)."),),
            judgement=_LED_DECLARER,
            outcome={"penalty_cards": penalty_tokens(state), "returned": [c.text for c in cards]},
        ), state
    ruling, state = exposure(state, Exposure(seat, cards, how))
    why = Msg("{seat.value} had already played to this trick: {cards} is a fifth card and "
              "becomes a penalty card, subject to Law 50 (45E1).", seat=seat, cards=shown) \
        if len(cards) == 1 else \
        Msg("{seat.value} had already played to this trick: {cards} are played too many and "
            "become penalty cards, subject to Law 50 (45E1).", seat=seat, cards=shown)
    return replace(
        ruling, kind="fifth_card", laws=(*before, "45E1", *ruling.laws),
        steps=(why, *ruling.steps),
        judgement=sentences([_LED_DEFENDER, *([ruling.judgement] if ruling.judgement else [])]),
        outcome={**ruling.outcome, "returned": []},
    ), state


# --- Law 67: defective trick -----------------------------------------------------------


class Defect(Enum):
    """What was wrong with the trick."""

    OMITTED = "omitted"  # the offender played no card to it
    TOO_MANY = "too_many"  # he played more than one card to it
    MISPLACED = "misplaced"  # he played to it, but his card is not among his quitted tricks (67B3)


@event("defective_trick")
@dataclass(frozen=True)
class DefectiveTrick(Event):
    """``seat``'s play to ``trick`` was defective (67). ``late``: attention was drawn only after a
    player of each side had played to the next trick (67B; before: 67A).

    ``card``: omitted, the card he now plays or places among his played cards (67A1, 67B1); for
    ``misplaced``, the card the Director finds (67B3). ``cards``: too many, the cards he played
    to the trick. ``kept``: late, the one of them he faced in playing to it (None: not known, so
    the highest he could legally have played, from ``led``). ``led``: the suit led to the trick.
    ``exposed``: late, the extra cards were seen when restored (footnote 20: a defender's become
    penalty cards). ``side_won``: his side won the defective trick or a later one (64A2; None:
    not known yet). ``played_again``: 67B3, the found card was also played to a later trick.
    """

    seat: Seat
    defect: Defect
    late: bool = False
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    kept: Card | None = None
    led: Suit | None = None
    trick: int | None = None
    exposed: bool = False
    side_won: bool | None = None
    played_again: bool = False


def _check(state: TableState, ev: DefectiveTrick) -> Seat:
    """The declarer, once the report's facts fit together."""
    declarer = require_play(state)
    if ev.trick is not None:
        check_trick(ev.trick)
    if ev.defect is not Defect.TOO_MANY and ev.cards:
        raise RuleError(Msg("name the cards played to the trick only when he played too many"))
    if ev.defect is Defect.TOO_MANY and ev.card is not None:
        raise RuleError(Msg("too many cards: name the cards he played to the trick ({opt[cards]}), "
                            "not one card"))
    return declarer


def _at(trick: int | None) -> Msg:
    return Msg("trick {n}", n=trick) if trick else Msg("the defective trick")


@rule(DefectiveTrick)
def defective_trick(state: TableState, ev: DefectiveTrick) -> tuple[Ruling, TableState]:
    declarer = _check(state, ev)
    if ev.defect is Defect.MISPLACED:
        if not ev.late:
            raise RuleError(Msg("a card played but missing from the quitted tricks is found "
                                "after play to the next trick (67B3): report it as late"))
        return _misplaced(state, ev)
    if not ev.late:
        return _in_time(state, ev)
    if ev.defect is Defect.OMITTED:
        return _omitted_late(state, ev)
    return _too_many_late(state, ev, declarer)


_DIRECTOR_FINDS = Msg("The Director establishes the defective trick from the player with too "
                      "few or too many cards in his hand and the matching wrong number of played "
                      "cards (67B).")


def _in_time(state: TableState, ev: DefectiveTrick) -> tuple[Ruling, TableState]:
    """67A: noticed before a player of each side has played to the next trick."""
    if ev.defect is Defect.TOO_MANY:
        played = [c for c in ev.cards if c != ev.kept]
        if ev.kept is None and len(ev.cards) >= 2:
            raise RuleError(Msg("say which of {cards} is his card to the trick ({opt[kept]}): the "
                                "others are the cards played too many (67A2)",
                                cards=cards_text(ev.cards)))
        if not played:
            raise RuleError(Msg("name the card(s) played too many ({opt[cards]})"))
        check_may_play(state, ev.seat, held_lead=False)
        ruling, state = _fifth(state, ev.seat, tuple(played), How.DELIBERATE, ("67A", "67A2"))
        told: tuple[Text, ...] = (
            Msg("{seat.value} played too many cards to {trick}, noticed before both sides had "
                "played to the next trick: it is put right now (67A).", seat=ev.seat,
                trick=_at(ev.trick)), *ruling.steps)
        if ev.kept is not None:
            state = state.placed(ev.seat, ev.kept)
        return replace(ruling, kind="defective_trick", steps=told, judgement=sentences([
            Msg("Cards that came out at the same moment as his card are ruled under Law 58B "
                "(simultaneous cards) instead of 45E (67A2)."), ruling.judgement])), state
    check_may_play(state, ev.seat, held_lead=False)
    steps: list[Text] = [Msg(
        "{seat.value} omitted to play to {trick}, noticed before both sides had played to the "
        "next trick: he now plays a card he can legally play to it, following suit if he can "
        "(67A1, 44C).", seat=ev.seat, trick=_at(ev.trick))]
    if ev.card is not None:
        check_card_free(state, ev.seat, ev.card)
        state = state.placed(ev.seat, ev.card)
        steps.append(Msg("The {card.symbol} is his card to that trick; there is no further "
                         "rectification.", card=ev.card))
    return Ruling(
        kind="defective_trick",
        summary=Msg("{seat.value} plays a legal card to {trick} now; no penalty (67A1).",
                    seat=ev.seat, trick=_at(ev.trick)),
        laws=("67A", "67A1", "44C"),
        steps=tuple(steps),
        outcome={"penalty_cards": penalty_tokens(state), "tricks_transferred": 0,
                 "played": ev.card.text if ev.card else ""},
    ), state


def _transfer(state: TableState, ev: DefectiveTrick) -> tuple[int, Msg]:
    """67B1: deemed a revoke on the defective trick, one trick under 64A2; after a claim play
    has ended (68D), so the trick comes off the claim's result rather than "after play"."""
    side = ev.seat
    claimed = claimed_by(state) is not None
    if ev.side_won is None:
        if claimed:
            return 1, Msg("Provisional: 1 trick goes to {nos.side} from the result of the claim "
                          "(68D) if {seat.side} won the defective trick or any later trick, one "
                          "the claim gives them included; none if it won neither (67B1, 64A2).",
                          nos=side.lho, seat=side)
        return 1, Msg("Provisional: 1 trick goes to {nos.side} after play ends if {seat.side} "
                      "won the defective trick or any later trick, none if it won neither "
                      "(67B1, 64A2).", nos=side.lho, seat=side)
    if ev.side_won:
        if claimed:
            return 1, Msg("1 trick goes to {nos.side} from the result of the claim (68D): "
                          "{seat.side} won the defective trick or a later one (67B1, 64A2).",
                          nos=side.lho, seat=side)
        return 1, Msg("1 trick goes to {nos.side} after play ends: {seat.side} won the defective "
                      "trick or a later one (67B1, 64A2).", nos=side.lho, seat=side)
    return 0, Msg("No trick is transferred: {seat.side} won neither the defective trick nor any "
                  "later trick (67B1, 64A2).", seat=side)


def _which_b1(ev: DefectiveTrick) -> tuple[str, ...]:
    """67B1(a) (a card of the suit led) or 67B1(b) (none held), when the report tells."""
    if ev.card is None or ev.led is None:
        return ("67B1(a)", "67B1(b)")
    return ("67B1(a)",) if ev.card.suit is ev.led else ("67B1(b)",)


def _omitted_late(state: TableState, ev: DefectiveTrick) -> tuple[Ruling, TableState]:
    """67B1: a card from his hand is placed among his played cards; deemed a revoke."""
    steps: list[Text] = [
        _DIRECTOR_FINDS,
        Msg("{seat.value} played no card to {trick}: he faces a card from his hand in front of "
            "him and it is placed among his played cards; it does not change who won the "
            "trick (67B1).", seat=ev.seat, trick=_at(ev.trick)),
        Msg("He must choose a card of the suit led if he has one (67B1(a)); with none, any card "
            "(67B1(b)).") if ev.led is None else
        Msg("He must choose a {suit.singular} if he has one (67B1(a)); with none, any card "
            "(67B1(b)).", suit=ev.led),
    ]
    if ev.card is not None:
        check_card_free(state, ev.seat, ev.card)
        state = state.placed(ev.seat, ev.card)
        if ev.led is not None and ev.card.suit is not ev.led:
            steps.append(Msg("The {card.symbol} is right only if {seat.value} holds no "
                             "{suit.singular}.", card=ev.card, seat=ev.seat, suit=ev.led))
    count, said = _transfer(state, ev)
    known = 0 if ev.side_won is None else count
    steps.append(Msg("Either way he is deemed to have revoked on that trick (67B1)."))
    state = remember_revoke(state, ev.seat, ev.led)  # a revoke of the board's (64B2, 64B7)
    state = state.evolve(tricks_transferred=state.tricks_transferred + known)
    return Ruling(
        kind="defective_trick",
        summary=said,
        laws=("67B", "67B1", *_which_b1(ev), "64A2", "64C"),
        steps=tuple(steps),
        judgement=Msg("The trick goes across under 64A2 as for a revoke; whether a 64B exception "
                      "spares it, and an adjusted score if the transfer does not make up for the "
                      "damage (64C), are the Director's judgement."),
        outcome={"penalty_cards": penalty_tokens(state), "tricks_transferred": known,
                 "provisional": ev.side_won is None, "played": ev.card.text if ev.card else ""},
    ), state


def _faced(ev: DefectiveTrick) -> Card:
    """67B2(a): the card that stays among his played cards: the one he faced, or else the
    highest-ranking of them he could legally have played (refused, with the reason, when the
    facts cannot tell)."""
    if ev.kept is not None:
        if ev.kept not in ev.cards:
            raise RuleError(Msg("the card that stays ({opt[kept]}) must be one of the cards he "
                                "played to the trick"))
        return ev.kept
    if ev.led is None:
        raise RuleError(Msg("Name the card he faced ({opt[kept]}), or the suit led: the highest "
                            "card he could legally have played stays (67B2(a))."))
    # of the suit led if any of them is (he had to follow), else any of them
    legal = [c for c in ev.cards if c.suit is ev.led] or list(ev.cards)
    top = max(c.rank for c in legal)
    highest = [c for c in legal if c.rank == top]
    if len(highest) > 1:
        raise RuleError(Msg("{cards} rank alike: which stays is the Director's decision "
                            "(67B2(a)).", cards=cards_text(highest)))
    return highest[0]


def _too_many_late(state: TableState, ev: DefectiveTrick,
                   declarer: Seat) -> tuple[Ruling, TableState]:
    """67B2: the extra cards go back to his hand; the one he faced stays."""
    if len(ev.cards) < 2 or len(set(ev.cards)) != len(ev.cards):
        raise RuleError(Msg("name the two or more different cards he played to the trick "
                            "({opt[cards]})"))
    stays = _faced(ev)
    extra = tuple(c for c in ev.cards if c != stays)
    for card in ev.cards:
        check_card_free(state, ev.seat, card)
    steps: list[Text] = [
        _DIRECTOR_FINDS,
        Msg("{seat.value} played {n} cards to {trick}: the {card.symbol} stays among his played "
            "cards and {cards} go back to his hand; who won the trick does not change "
            "(67B2(a)).", seat=ev.seat, n=len(ev.cards), trick=_at(ev.trick), card=stays,
            cards=cards_text(extra)),
    ]
    if ev.kept is None:
        steps.append(Msg("The card he faced is not known, so the highest card he could legally "
                         "have played stays (67B2(a))."))
    laws = ["67B", "67B2(a)", "67B2(b)"]
    state = state.placed(ev.seat, stays)
    if ev.exposed and is_defender(ev.seat, declarer):
        state, extra_steps = add_penalty_cards(state, ev.seat, extra, deliberate=False,
                                               origin="67B2")
        steps.append(Msg("{cards} were seen when restored: a defender's extra card that has been "
                         "exposed becomes a penalty card (67B2 footnote, 50).",
                         cards=cards_text(extra)))
        steps += extra_steps
        laws.append("50B")
    else:
        for card in extra:
            state = state.placed(ev.seat, card, Place.HAND)
    steps.append(Msg("A card restored to his hand counts as having been in it all along "
                     "(67B2(b))."))
    return Ruling(
        kind="defective_trick",
        summary=Msg("The {card.symbol} stays in {trick}; {cards} go back to {seat.value}'s hand "
                    "(67B2).", card=stays, trick=_at(ev.trick), cards=cards_text(extra),
                    seat=ev.seat),
        laws=tuple(laws),
        steps=tuple(steps),
        information=INFORMATION_ON_TABLE if state.penalty_cards_of(ev.seat) else "",
        judgement=Msg("If he could have played a restored card to an earlier trick and did not, "
                      "that failure may be a revoke (67B2(b), 61-64): the Director judges it. "
                      "He should avoid exposing a defender's played cards (67B2 footnote)."),
        outcome={"penalty_cards": penalty_tokens(state), "tricks_transferred": 0,
                 "played": stays.text, "returned": [c.text for c in extra]},
    ), state


def _misplaced(state: TableState, ev: DefectiveTrick) -> tuple[Ruling, TableState]:
    """67B3: he did play to the trick; his card was not put among his quitted tricks."""
    if ev.card is None:
        raise RuleError(Msg("name the card he played to the trick ({opt[card]})"))
    check_card_free(state, ev.seat, ev.card)
    where = state.where(ev.card) if state.whereabouts else None
    if where is not None and where.seat is not ev.seat:
        raise RuleError(Msg("{record}, so {seat.value} cannot hold it", record=where.describe(),
                            seat=ev.seat))
    steps: list[Text] = [
        Msg("{seat.value} did play the {card.symbol} to {trick}, but it was not among his "
            "quitted tricks: the Director finds it and puts it in its place among his played "
            "cards (67B3).", seat=ev.seat, card=ev.card, trick=_at(ev.trick)),
    ]
    judgement: Text = ""
    if ev.played_again:
        steps.append(Msg("The same card was played again to a later trick and it is too late to "
                         "correct that play: the Director awards an adjusted score (67B3)."))
        judgement = Msg("The adjusted score is the Director's: he restores, as nearly as he can, "
                        "the result without the illegal play (67B3, 12C).")
    return Ruling(
        kind="defective_trick",
        summary=(Msg("The {card.symbol} goes back among {seat.value}'s played cards; the Director "
                     "awards an adjusted score (67B3).", card=ev.card, seat=ev.seat)
                 if ev.played_again else
                 Msg("The {card.symbol} goes back among {seat.value}'s played cards; no other "
                     "rectification (67B3).", card=ev.card, seat=ev.seat)),
        laws=("67B", "67B3", *(("12C",) if ev.played_again else ())),
        steps=tuple(steps),
        judgement=judgement,
        outcome={"penalty_cards": penalty_tokens(state), "tricks_transferred": 0,
                 "adjusted_score": ev.played_again, "played": ev.card.text},
    ), state.placed(ev.seat, ev.card)
