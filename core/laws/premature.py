"""Premature leads and plays (Law 57) and simultaneous leads or plays (Law 58).

A defender who leads or plays before his partner has played to the trick leaves a major penalty
card, and declarer chooses what the partner must play to this trick (57A): his highest or lowest
card of the suit led, a card of another suit, or not a card of another suit. The choice is a
:class:`PendingChoice` on the partner; the restriction it leaves lasts for this one play and the
"must I play it now?" query (:mod:`core.laws.obligations`) enforces it, following suit first.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.cards import Card, Suit, cards_text
from core.errors import RuleError
from core.laws.penalty import INFORMATION_ON_TABLE, add_penalty_cards
from core.laws.play import add_major, check_card_free, require_play, with_pending
from core.laws.waits import PREMATURE_LAW
from core.registry import Event, choice_handler, event, rule
from core.ruling import Option, Ruling
from core.seats import Seat, is_defender
from core.state import (
    Chooser,
    Lasts,
    PendingChoice,
    Restriction,
    RestrictionKind,
    TableState,
    penalty_tokens,
)
from core.text import Text


@event("premature_play")
@dataclass(frozen=True)
class PrematurePlay(Event):
    """``offender`` led to the next trick, or played, before his partner played to the current
    trick, to which ``led`` was led.

    ``declarer_played_both``: declarer had already played from both hands to the trick (57C1).
    ``dummy_initiative``: dummy had picked out or suggested a card on his own first (57C2).
    ``rho_turn``: the defender tried to play at his right-hand opponent's turn, after his partner
    had played (57D); ``card_legal`` then says whether the card could legally be played to the
    trick.
    """

    offender: Seat
    card: Card
    led: Suit | None = None
    declarer_played_both: bool = False
    dummy_initiative: bool = False
    rho_turn: bool = False
    card_legal: bool = True


def premature_options(partner: Seat, led: Suit) -> tuple[Option, ...]:
    others = [s for s in Suit if s is not led]
    return (
        Option("highest", f"{partner.value} plays his highest {led.singular}"),
        Option("lowest", f"{partner.value} plays his lowest {led.singular}"),
        *(Option(f"require:{s.letter}", f"{partner.value} plays a {s.singular}") for s in others),
        *(Option(f"forbid:{s.letter}", f"{partner.value} may not play a {s.singular}")
          for s in others),
    )


@rule(PrematurePlay)
def premature_play(state: TableState, ev: PrematurePlay) -> tuple[Ruling, TableState]:
    declarer = require_play(state)
    if not is_defender(ev.offender, declarer):
        return _declarer_premature(state, ev, declarer)
    check_card_free(state, ev.offender, ev.card)
    if ev.rho_turn:
        return _at_rho_turn(state, ev)
    if ev.declarer_played_both or ev.dummy_initiative:
        return _no_rectification(state, ev)
    if ev.led is None:
        raise RuleError("say which suit was led to the current trick: declarer's options depend "
                        "on it")
    partner = ev.offender.partner
    state, extra = add_major(state, ev.offender, ev.card, PREMATURE_LAW)
    options = premature_options(partner, ev.led)
    state = with_pending(state, PendingChoice(
        law=PREMATURE_LAW, chooser=Chooser.DECLARER, seat=partner,
        options=tuple(o.token for o in options), offender=ev.offender, card=ev.card,
        note=ev.led.letter))
    steps = (
        f"{ev.offender.value} played the {ev.card.symbol} before his partner {partner.value} had "
        "played to the trick: it becomes a major penalty card (57A, 50B).",
        *extra,
        f"Before {partner.value} plays, declarer tells him to play his highest or his lowest "
        f"{ev.led.singular}, or to play a card of another suit he names, or not to play a card "
        "of another suit he names (57A).",
        f"Following suit comes first; if {partner.value} cannot comply he plays any legal card "
        "(57B, 59).",
        f"The {ev.card.symbol} must then be played at {ev.offender.value}'s first legal "
        "opportunity (50D1).",
    )
    return Ruling(
        kind="premature_play",
        summary=f"{ev.offender.value}'s {ev.card.symbol} is a major penalty card; declarer "
        f"chooses what {partner.value} plays to this trick.",
        laws=("57A", "50B", "50D"),
        steps=steps,
        options=options,
        chooser=Chooser.DECLARER,
        information=INFORMATION_ON_TABLE,
        outcome={"options": [o.token for o in options], "chooser": "declarer",
                 "penalty_cards": penalty_tokens(state)},
    ), state


@choice_handler(PREMATURE_LAW)
def choose_premature(state: TableState, pending: PendingChoice,
                     token: str) -> tuple[Ruling, TableState]:
    partner = pending.seat
    led = Suit.parse(pending.note) if pending.note else None
    verb, _, letter = token.partition(":")
    kind = RestrictionKind(verb)
    suit = Suit.parse(letter) if letter else None
    restriction = Restriction(partner, kind, suit, Lasts.THIS_PLAY, PREMATURE_LAW)
    state = state.with_restriction(restriction)
    led_name = led.singular if led else "suit led"
    if kind in (RestrictionKind.HIGHEST, RestrictionKind.LOWEST):
        what = f"must play his {kind.value} {led_name}"
        fallback = f"with no {led_name} he may play any card (57B, 59)"
    else:
        assert suit is not None
        verb_text = "must play" if kind is RestrictionKind.REQUIRE else "may not play"
        what = f"{verb_text} a {suit.singular}"
        fallback = ("he must still follow suit if he can (44C); otherwise, if he cannot "
                    "comply, any card (57B, 59)")
    return Ruling(
        kind="premature_choice",
        summary=f"{partner.value} {what} to this trick.",
        laws=("57A", "57B", "59"),
        steps=(f"Declarer's instruction binds {partner.value} for this trick only: {fallback}.",),
        chooser=Chooser.DECLARER,
        information="The instruction is authorized for everyone; the penalty card is too while "
        "it stays on the table (50E1).",
        outcome={"restriction": restriction.token, "restriction_lasts": Lasts.THIS_PLAY.value,
                 "penalty_cards": penalty_tokens(state)},
    ), state


def _declarer_premature(state: TableState, ev: PrematurePlay,
                        declarer: Seat) -> tuple[Ruling, TableState]:
    hand = "dummy" if ev.offender is declarer.partner else "his own hand"
    return Ruling(
        kind="premature_play",
        summary=f"Declarer's card from {hand} is played; no rectification.",
        laws=("57C3", "48A"),
        steps=(
            f"A card declarer plays too early from {hand} counts as played and, if it is a legal "
            "card, may not be taken back (57C3).",
            "It never becomes a penalty card (48A). A lead out of turn by declarer is a different "
            "matter (55).",
        ),
        outcome={"options": [], "chooser": "", "penalty_cards": penalty_tokens(state)},
    ), state


def _no_rectification(state: TableState, ev: PrematurePlay) -> tuple[Ruling, TableState]:
    if ev.declarer_played_both:
        law = "57C1"
        why = ("declarer had already played from both his hand and dummy (a card of dummy counts "
               "once declarer has called or indicated it)")
    else:
        law = "57C2"
        why = "dummy had picked out or suggested a card on his own before"
    return Ruling(
        kind="premature_play",
        summary=f"No rectification: {ev.offender.value}'s {ev.card.symbol} stands as played.",
        laws=(law,),
        steps=(f"{ev.offender.value} played before his partner, but {why} ({law}).",
               f"The {ev.card.symbol} counts as his card to the trick; it is no penalty card and "
               "his partner plays freely."),
        judgement="If the premature card was a lead to the next trick rather than a play to this "
        "one, whether this exemption covers it is for the Director to judge." if
        ev.declarer_played_both else "The Director may deal with dummy's conduct (43, 45F).",
        outcome={"options": [], "chooser": "", "penalty_cards": penalty_tokens(state)},
    ), state


def _at_rho_turn(state: TableState, ev: PrematurePlay) -> tuple[Ruling, TableState]:
    if ev.card_legal:
        must = Restriction(ev.offender, RestrictionKind.CARD, None, Lasts.THIS_PLAY, "57D",
                           card=ev.card)
        state = state.with_restriction(must)
        return Ruling(
            kind="premature_play",
            summary=f"{ev.offender.value} must play the {ev.card.symbol} when his turn comes.",
            laws=("57D", "16"),
            steps=(f"{ev.offender.value} tried to play at his right-hand opponent's turn; the "
                   f"{ev.card.symbol} is legal to this trick, so it goes back only until his "
                   "turn, and then he must play it (57D).",),
            information="Law 16 may apply to what the early card told his partner.",
            judgement="The Director may adjust if the early play passed information (16).",
            outcome={"options": [], "chooser": "", "penalty_cards": penalty_tokens(state),
                     "must_play_card": ev.card.text},
        ), state
    state, extra = add_major(state, ev.offender, ev.card, "57D")
    return Ruling(
        kind="premature_play",
        summary=f"{ev.offender.value}'s {ev.card.symbol} is a major penalty card (57D).",
        laws=("57D", "50D"),
        steps=(f"{ev.offender.value} tried to play at his right-hand opponent's turn a card he "
               "could not legally play to this trick: it becomes a major penalty card (57D).",
               *extra),
        information=INFORMATION_ON_TABLE,
        outcome={"options": [], "chooser": "", "penalty_cards": penalty_tokens(state)},
    ), state


# --- Law 58: simultaneous leads or plays ----------------------------------------------


@event("simultaneous_plays")
@dataclass(frozen=True)
class SimultaneousPlays(Event):
    """``other`` led or played at the same moment as ``legal`` made his legal lead or play."""

    legal: Seat
    other: Seat


@rule(SimultaneousPlays)
def simultaneous_plays(state: TableState, ev: SimultaneousPlays) -> tuple[Ruling, TableState]:
    require_play(state)
    if ev.legal is ev.other:
        raise RuleError("two different players are needed for simultaneous plays")
    return Ruling(
        kind="simultaneous_plays",
        summary=f"{ev.legal.value}'s card counts first; {ev.other.value}'s card is played after "
        "it.",
        laws=("58A",),
        steps=(f"A card played at the same moment as a legal lead or play counts as played after "
               f"it (58A): {ev.legal.value}'s stands, {ev.other.value}'s follows.",
               f"If that makes {ev.other.value}'s card a lead or play out of turn, or premature, "
               "the law for that irregularity applies (53-57)."),
        outcome={},
    ), state


@event("simultaneous_cards")
@dataclass(frozen=True)
class SimultaneousCards(Event):
    """``seat`` led or played ``cards`` at once; ``visible`` are those whose faces could be seen;
    ``designated`` is the card he says he plays; ``discovered_late``: not noticed until both
    sides had played to the next trick (58B4)."""

    seat: Seat
    cards: tuple[Card, ...]
    visible: tuple[Card, ...] = ()
    designated: Card | None = None
    discovered_late: bool = False


@rule(SimultaneousCards)
def simultaneous_cards(state: TableState, ev: SimultaneousCards) -> tuple[Ruling, TableState]:
    declarer = require_play(state)
    if len(ev.cards) < 2 or len(set(ev.cards)) != len(ev.cards):
        raise RuleError("name two or more different cards played at once")
    if not set(ev.visible) <= set(ev.cards):
        raise RuleError("a visible card must be one of the cards played together")
    for card in ev.cards:
        check_card_free(state, ev.seat, card)
    if ev.discovered_late:
        return Ruling(
            kind="simultaneous_cards",
            summary="Too late to sort out here: the trick is treated as a defective trick (67).",
            laws=("58B4", "67"),
            steps=("Both sides have played to the next trick since: Law 67 (defective trick) "
                   "decides (58B4).",),
            outcome={"penalty_cards": penalty_tokens(state)},
        ), state
    visible = list(dict.fromkeys(ev.visible))
    if len(visible) <= 1:
        played = visible[0] if visible else ev.designated
        back = [c for c in ev.cards if c != played]
        if played:
            first = f"Only the {played.symbol} was seen, so it is the card played; "
        else:
            first = "No face was seen: he plays the card he chooses; "
        steps: list[Text] = [
            first + f"{cards_text(back)} go back without rectification (58B1, 47F)."]
        return Ruling(
            kind="simultaneous_cards",
            summary=(f"The {played.symbol} is played; the other cards go back." if played else
                     "The cards go back; he plays the one he chooses."),
            laws=("58B1", "47F"),
            steps=tuple(steps),
            outcome={"played": played.text if played else "",
                     "penalty_cards": penalty_tokens(state)},
        ), state
    if ev.designated is None or ev.designated not in visible:
        raise RuleError(f"several faces were seen: {ev.seat.value} must say which of "
                        f"{cards_text(visible)} he plays (58B2)")
    others = [c for c in visible if c != ev.designated]
    hidden = [c for c in ev.cards if c not in visible]
    steps = [f"{ev.seat.value} plays the {ev.designated.symbol}, the card he names (58B2)."]
    laws = ["58B2"]
    if is_defender(ev.seat, declarer):
        state, extra = add_penalty_cards(state, ev.seat, others, deliberate=False, origin="58B2")
        kind = state.penalty_cards_of(ev.seat)[-1].kind.value
        steps.append(f"{cards_text(others)} {'is' if len(others) == 1 else 'are'} exposed and "
                     f"become{'s' if len(others) == 1 else ''} {kind} penalty "
                     f"card{'s' if len(others) > 1 else ''} (58B2, 50B).")
        steps += extra
        laws.append("50B")
    else:
        steps.append(f"{cards_text(others)} go back: declarer's cards never become penalty cards "
                     "(48A).")
        laws.append("48A")
    if hidden:
        steps.append(f"{cards_text(hidden)}, never seen, go back without rectification (58B1).")
    steps.append("An opponent who played to the trick after the card was withdrawn may take his "
                 "card back and play another (58B3, 16C).")
    laws.append("58B3")
    return Ruling(
        kind="simultaneous_cards",
        summary=f"The {ev.designated.symbol} is played"
        + ("; the other exposed cards are penalty cards." if is_defender(ev.seat, declarer)
           else "; the others go back."),
        laws=tuple(laws),
        steps=tuple(steps),
        information=INFORMATION_ON_TABLE if is_defender(ev.seat, declarer) else "",
        outcome={"played": ev.designated.text, "penalty_cards": penalty_tokens(state)},
    ), state
