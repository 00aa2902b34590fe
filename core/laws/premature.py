"""Premature leads and plays (Law 57) and simultaneous leads or plays (Law 58).

A defender who leads or plays before his partner has played to the trick leaves a major penalty
card, and declarer chooses what the partner must play to this trick (57A): his highest or lowest
card of the suit led, a card of another suit, or not a card of another suit. The choice is a
:class:`PendingChoice` on the partner; the restriction it leaves lasts for this one play and the
"must I play it now?" query (:mod:`core.laws.obligations`) enforces it, following suit first.

Two players' cards at once (58A): the one made at the same moment as a legal card comes after
it, and the ruling names the law that card falls under (the seats tell it). One player's cards at
once (58B): the card that counts is played as any card is (:func:`core.laws.flow.card_played`),
so every view sees the same trick; a defender's other cards seen are penalty cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.cards import Card, Suit, cards_text
from core.errors import RuleError
from core.laws.flow import CardPlayed, card_played
from core.laws.penalty import INFORMATION_ON_TABLE, add_penalty_cards
from core.laws.play import (
    add_major,
    check_card_free,
    check_may_play,
    require_play,
    unique,
    with_pending,
)
from core.laws.waits import PREMATURE_LAW
from core.registry import Event, choice_handler, event, rule
from core.ruling import Option, Ruling
from core.seats import Seat, is_defender
from core.state import (
    Chooser,
    Lasts,
    PenaltyKind,
    PendingChoice,
    Place,
    Restriction,
    RestrictionKind,
    TableState,
    penalty_tokens,
)
from core.text import Msg, Text


@event("premature_play")
@dataclass(frozen=True)
class PrematurePlay(Event):
    """``offender`` led to the next trick, or played, before his partner played to the current
    trick, to which ``led`` was led.

    ``declarer_played_both``: declarer had already played from both hands to the trick (57C1).
    ``dummy_initiative``: dummy had picked out or suggested a card on his own first (57C2).
    ``rho_turn``: the defender tried to play at his right-hand opponent's turn, after his partner
    had played (57D); ``card_legal`` then says whether the card could legally be played to the
    trick (None: not said, so a card of the suit led is legal and any other must be said).
    """

    offender: Seat
    card: Card
    led: Suit | None = None
    declarer_played_both: bool = False
    dummy_initiative: bool = False
    rho_turn: bool = False
    card_legal: bool | None = True


def premature_options(partner: Seat, led: Suit) -> tuple[Option, ...]:
    others = [s for s in Suit if s is not led]
    return (
        Option("highest", Msg("{seat.value} plays his highest {suit.singular}", seat=partner,
                              suit=led)),
        Option("lowest", Msg("{seat.value} plays his lowest {suit.singular}", seat=partner,
                             suit=led)),
        *(Option(f"require:{s.letter}", Msg("{seat.value} plays a {suit.singular}", seat=partner,
                                            suit=s)) for s in others),
        *(Option(f"forbid:{s.letter}", Msg("{seat.value} may not play a {suit.singular}",
                                           seat=partner, suit=s))
          for s in others),
    )


@rule(PrematurePlay)
def premature_play(state: TableState, ev: PrematurePlay) -> tuple[Ruling, TableState]:
    declarer = require_play(state)
    check_may_play(state, ev.offender)  # play stopped (68D), or another player leads first
    if not is_defender(ev.offender, declarer):
        return _declarer_premature(state, ev, declarer)
    check_card_free(state, ev.offender, ev.card)
    if ev.rho_turn:
        return _at_rho_turn(state, ev)
    if ev.declarer_played_both or ev.dummy_initiative:
        return _no_rectification(state, ev)
    if ev.led is None:
        raise RuleError(Msg("say which suit was led to the current trick: declarer's options "
                            "depend on it"))
    partner = ev.offender.partner
    state, extra = add_major(state, ev.offender, ev.card, PREMATURE_LAW)
    options = premature_options(partner, ev.led)
    state = with_pending(state, PendingChoice(
        law=PREMATURE_LAW, chooser=Chooser.DECLARER, seat=partner,
        options=tuple(o.token for o in options), offender=ev.offender, card=ev.card,
        note=ev.led.letter, trick=state.trick))  # the choice lapses with this trick (course)
    steps: tuple[Text, ...] = (
        Msg("{seat.value} played the {card.symbol} before his partner {partner.value} had "
            "played to the trick: it becomes a major penalty card (57A, 50B).",
            seat=ev.offender, card=ev.card, partner=partner),
        *extra,
        Msg("Before {partner.value} plays, declarer tells him to play his highest or his lowest "
            "{suit.singular}, or to play a card of another suit he names, or not to play a card "
            "of another suit he names (57A).", partner=partner, suit=ev.led),
        Msg("Following suit comes first; if {partner.value} cannot comply he plays any legal "
            "card (57B, 59).", partner=partner),
        Msg("The {card.symbol} must then be played at {seat.value}'s first legal "
            "opportunity (50D1).", card=ev.card, seat=ev.offender),
    )
    return Ruling(
        kind="premature_play",
        summary=Msg("{seat.value}'s {card.symbol} is a major penalty card; declarer chooses "
                    "what {partner.value} plays to this trick.", seat=ev.offender, card=ev.card,
                    partner=partner),
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
    summary: Msg
    fallback: Msg
    if kind in (RestrictionKind.HIGHEST, RestrictionKind.LOWEST):
        highest = kind is RestrictionKind.HIGHEST
        if led is not None:
            summary = (Msg("{seat.value} must play his highest {suit.singular} to this trick.",
                           seat=partner, suit=led) if highest else
                       Msg("{seat.value} must play his lowest {suit.singular} to this trick.",
                           seat=partner, suit=led))
            fallback = Msg("with no {suit.singular} he may play any card (57B, 59)", suit=led)
        else:
            summary = (Msg("{seat.value} must play his highest suit led to this trick.",
                           seat=partner) if highest else
                       Msg("{seat.value} must play his lowest suit led to this trick.",
                           seat=partner))
            fallback = Msg("with no suit led he may play any card (57B, 59)")
    else:
        assert suit is not None
        summary = (Msg("{seat.value} must play a {suit.singular} to this trick.",
                       seat=partner, suit=suit) if kind is RestrictionKind.REQUIRE else
                   Msg("{seat.value} may not play a {suit.singular} to this trick.",
                       seat=partner, suit=suit))
        fallback = Msg("he must still follow suit if he can (44C); otherwise, if he cannot "
                       "comply, any card (57B, 59)")
    return Ruling(
        kind="premature_choice",
        summary=summary,
        laws=("57A", "57B", "59"),
        steps=(Msg("Declarer's instruction binds {seat.value} for this trick only: {fallback}.",
                   seat=partner, fallback=fallback),),
        chooser=Chooser.DECLARER,
        information=Msg("The instruction is authorized for everyone; the penalty card is too "
                        "while it stays on the table (50E1)."),
        outcome={"restriction": restriction.token, "restriction_lasts": Lasts.THIS_PLAY.value,
                 "penalty_cards": penalty_tokens(state)},
    ), state


def _declarer_premature(state: TableState, ev: PrematurePlay,
                        declarer: Seat) -> tuple[Ruling, TableState]:
    dummy = ev.offender is declarer.partner
    return Ruling(
        kind="premature_play",
        summary=(Msg("Declarer's card from dummy is played; no rectification.") if dummy else
                 Msg("Declarer's card from his own hand is played; no rectification.")),
        laws=("57C3", "48A"),
        steps=(
            Msg("A card declarer plays too early from dummy counts as played and, if it is a "
                "legal card, may not be taken back (57C3).") if dummy else
            Msg("A card declarer plays too early from his own hand counts as played and, if it "
                "is a legal card, may not be taken back (57C3)."),
            Msg("It never becomes a penalty card (48A). A lead out of turn by declarer is a "
                "different matter (55)."),
        ),
        outcome={"options": [], "chooser": "", "penalty_cards": penalty_tokens(state)},
    ), state.placed(ev.offender, ev.card)


def _no_rectification(state: TableState, ev: PrematurePlay) -> tuple[Ruling, TableState]:
    if ev.declarer_played_both:
        law = "57C1"
        why = Msg("{seat.value} played before his partner, but declarer had already played "
                  "from both his hand and dummy (a card of dummy counts once declarer has called "
                  "or indicated it) ({law}).", seat=ev.offender, law=law)
    else:
        law = "57C2"
        why = Msg("{seat.value} played before his partner, but dummy had picked out or "
                  "suggested a card on his own before ({law}).", seat=ev.offender, law=law)
    return Ruling(
        kind="premature_play",
        summary=Msg("No rectification: {seat.value}'s {card.symbol} stands as played.",
                    seat=ev.offender, card=ev.card),
        laws=(law,),
        steps=(why,
               Msg("The {card.symbol} counts as his card to the trick; it is no penalty card "
                   "and his partner plays freely.", card=ev.card)),
        judgement=Msg("If the premature card was a lead to the next trick rather than a play to "
                      "this one, whether this exemption covers it is for the Director to judge.")
        if ev.declarer_played_both
        else Msg("The Director may deal with dummy's conduct (43, 45F)."),
        outcome={"options": [], "chooser": "", "penalty_cards": penalty_tokens(state)},
    ), state.placed(ev.offender, ev.card)


def _legal_at_rho_turn(ev: PrematurePlay) -> bool:
    """Whether 57D's card could legally be played to the trick: as reported, else a card of
    the suit led is (44C); whether a card of another suit is (a void) only the table knows."""
    if ev.card_legal is not None:
        return ev.card_legal
    if ev.led is None:
        raise RuleError(Msg("say which suit was led to the current trick: whether the card "
                            "could legally be played to it depends on it (57D)"))
    if ev.card.suit is ev.led:
        return True
    raise RuleError(Msg("say whether {seat.value} could legally play the {card.symbol} to this "
                        "trick ({opt[legal]}:True if he has no {suit.singular}): a legal card "
                        "waits for his turn, any other is a major penalty card (57D)",
                        seat=ev.offender, card=ev.card, suit=ev.led))


def _at_rho_turn(state: TableState, ev: PrematurePlay) -> tuple[Ruling, TableState]:
    if _legal_at_rho_turn(ev):
        must = Restriction(ev.offender, RestrictionKind.CARD, None, Lasts.THIS_PLAY, "57D",
                           card=ev.card)
        state = state.with_restriction(must)
        return Ruling(
            kind="premature_play",
            summary=Msg("{seat.value} must play the {card.symbol} when his turn comes.",
                        seat=ev.offender, card=ev.card),
            laws=("57D", "16"),
            steps=(Msg("{seat.value} tried to play at his right-hand opponent's turn; the "
                       "{card.symbol} is legal to this trick, so it goes back only until his "
                       "turn, and then he must play it (57D).", seat=ev.offender, card=ev.card),),
            information=Msg("Law 16 may apply to what the early card told his partner."),
            judgement=Msg("The Director may adjust if the early play passed information (16)."),
            outcome={"options": [], "chooser": "", "penalty_cards": penalty_tokens(state),
                     "must_play_card": ev.card.text},
        ), state
    state, extra = add_major(state, ev.offender, ev.card, "57D")
    return Ruling(
        kind="premature_play",
        summary=Msg("{seat.value}'s {card.symbol} is a major penalty card (57D).",
                    seat=ev.offender, card=ev.card),
        laws=("57D", "50D"),
        steps=(Msg("{seat.value} tried to play at his right-hand opponent's turn a card he "
                   "could not legally play to this trick: it becomes a major penalty card (57D).",
                   seat=ev.offender),
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


def _after_legal(legal: Seat, other: Seat, declarer: Seat) -> tuple[str, Text]:
    """The law ``other``'s card falls under once it counts after ``legal``'s (58A), from the
    seats alone (the bot does not see the trick): "" when it is simply his turn."""
    if other is legal.lho:
        return "", Msg("{other.value} plays next after {legal.value}: counted after it, his card "
                       "is in turn and nothing is rectified.", other=other, legal=legal)
    if not is_defender(other, declarer):
        return "57C3", Msg("{other.value}'s card is declarer's, played before its turn: a play "
                           "counts as played and, if legal, is not taken back (57C3); a lead "
                           "from the wrong hand or out of turn is Law 55.", other=other)
    if other is legal.partner:
        return "57D", Msg("{other.value} played at his right-hand opponent's turn, after his "
                          "partner {legal.value}: Law 57D applies (/{cmd[premature-play]} "
                          "{opt[rho_turn]}:True): a card he may legally play to the trick is "
                          "played at his turn; any other is a major penalty card.", other=other,
                          legal=legal)
    return "57A", Msg("{other.value} played before his partner {partner.value}: a premature "
                      "play, Law 57A applies (/{cmd[premature-play]}), unless declarer had already "
                      "played from both hands (57C1).", other=other, partner=other.partner)


@rule(SimultaneousPlays)
def simultaneous_plays(state: TableState, ev: SimultaneousPlays) -> tuple[Ruling, TableState]:
    declarer = require_play(state)
    if ev.legal is ev.other:
        raise RuleError(Msg("two different players are needed for simultaneous plays"))
    check_may_play(state, ev.other, held_lead=False)  # no card is played after a claim (68D)
    law, then = _after_legal(ev.legal, ev.other, declarer)
    return Ruling(
        kind="simultaneous_plays",
        summary=Msg("{legal.value}'s card counts first; {other.value}'s card is played after "
                    "it.", legal=ev.legal, other=ev.other),
        laws=("58A", law) if law else ("58A",),
        steps=(Msg("A card played at the same moment as a legal lead or play counts as played "
                   "after it (58A): {legal.value}'s stands, {other.value}'s follows.",
                   legal=ev.legal, other=ev.other),
               then,
               Msg("If {legal.value}'s card completed the trick, {other.value}'s is a lead to "
                   "the next one: it stands if he won the trick, otherwise it is a lead out of "
                   "turn (53-56).", legal=ev.legal, other=ev.other)),
        outcome={"next_law": law},
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


def _back(state: TableState, seat: Seat, cards: Iterable[Card]) -> TableState:
    """``cards`` of ``seat``, played together with his card and not made penalty cards, are
    back in his hand (58B1, 58B2, 48A)."""
    for card in cards:
        state = state.placed(seat, card, Place.HAND)
    return state


@rule(SimultaneousCards)
def simultaneous_cards(state: TableState, ev: SimultaneousCards) -> tuple[Ruling, TableState]:
    declarer = require_play(state)
    check_may_play(state, ev.seat, held_lead=False)  # no card played once play stopped (68D)
    if len(ev.cards) < 2 or len(set(ev.cards)) != len(ev.cards):
        raise RuleError(Msg("name two or more different cards played at once"))
    if not set(ev.visible) <= set(ev.cards):
        raise RuleError(Msg("a visible card must be one of the cards played together"))
    if ev.designated is not None and ev.designated not in ev.cards:
        raise RuleError(Msg("the card he plays must be one of the cards played together"))
    if ev.discovered_late:
        return Ruling(
            kind="simultaneous_cards",
            summary=Msg("Too late to sort out here: the trick is treated as a defective trick "
                        "(67)."),
            laws=("58B4", "67"),
            steps=(Msg("Both sides have played to the next trick since: Law 67 (defective "
                       "trick) decides (58B4)."),
                   Msg("Once the Director has established the trick, report it as a trick with too "
                       "many cards: /{cmd[defective-trick]} {opt[defect]}:too_many "
                       "{opt[late]}:True (67B2).")),
            outcome={"penalty_cards": penalty_tokens(state)},
        ), state
    visible = list(dict.fromkeys(ev.visible))
    if len(visible) <= 1:
        return _one_seen(state, ev, visible[0] if visible else None)
    return _several_seen(state, ev, declarer, visible)


def _play(state: TableState, seat: Seat, card: Card) -> tuple[Ruling, TableState]:
    """The card that counts is played as any card is (Law 44, :func:`card_played`): it uses up
    what bound his play or lead and is refused while he must wait for a choice."""
    return card_played(state, CardPlayed(seat, card))


def _one_seen(state: TableState, ev: SimultaneousCards,
              seen: Card | None) -> tuple[Ruling, TableState]:
    """58B1: the one card seen is played (none seen: the one he names, if he has named it);
    every other card goes back without rectification (47F)."""
    if seen is not None and ev.designated not in (None, seen):
        raise RuleError(Msg("only the {card.symbol} was seen, so it is the card played (58B1): "
                            "{seat.value} does not choose another", card=seen, seat=ev.seat))
    played = seen if seen is not None else ev.designated
    back = [c for c in ev.cards if c != played]
    if seen is not None:
        step = Msg("Only the {card.symbol} was seen, so it is the card played; {cards} go "
                   "back without rectification (58B1, 47F).", card=seen, cards=cards_text(back))
    elif played is not None:
        step = Msg("No face was seen: he plays the {card.symbol}, the card he names; {cards} go "
                   "back without rectification (58B1, 47F).", card=played,
                   cards=cards_text(back))
    else:
        step = Msg("No face was seen: he plays the card he chooses; {cards} go back without "
                   "rectification (58B1, 47F).", cards=cards_text(back))
    laws: list[str] = ["58B1", "47F"]
    steps: list[Text] = [step]
    if played is not None:
        made, state = _play(state, ev.seat, played)
        laws += made.laws
        steps += made.steps
    return Ruling(
        kind="simultaneous_cards",
        summary=(Msg("The {card.symbol} is played; the other cards go back.", card=played)
                 if played else Msg("The cards go back; he plays the one he chooses.")),
        laws=unique(laws),
        steps=tuple(steps),
        outcome={"played": played.text if played else "",
                 "penalty_cards": penalty_tokens(state)},
    ), _back(state, ev.seat, back)


def _several_seen(state: TableState, ev: SimultaneousCards, declarer: Seat,
                  visible: list[Card]) -> tuple[Ruling, TableState]:
    """58B2: he names the card he plays among those seen; a defender's other cards seen are
    penalty cards (50B), declarer's go back (48A); the unseen go back (58B1)."""
    if ev.designated is None or ev.designated not in visible:
        raise RuleError(Msg("several faces were seen: {seat.value} must say which of {cards} he "
                            "plays (58B2)", seat=ev.seat, cards=cards_text(visible)))
    others = [c for c in visible if c != ev.designated]
    hidden = [c for c in ev.cards if c not in visible]
    defender = is_defender(ev.seat, declarer)
    played, state = _play(state, ev.seat, ev.designated)
    steps: list[Text] = [Msg("{seat.value} plays the {card.symbol}, the card he names (58B2).",
                             seat=ev.seat, card=ev.designated)]
    laws = ["58B2"]
    made: dict[str, str] = {}  # the kind of the penalty cards it made, compared on a void (50B)
    if defender:
        state, extra = add_penalty_cards(state, ev.seat, others, deliberate=False, origin="58B2")
        kind = state.penalty_cards_of(ev.seat)[-1].kind
        made["penalty_kind"] = kind.value
        major = kind is PenaltyKind.MAJOR
        one = len(others) == 1
        shown = cards_text(others)
        if one and major:
            exposed = Msg("{cards} is exposed and becomes a major penalty card (58B2, 50B).",
                          cards=shown)
        elif one:
            exposed = Msg("{cards} is exposed and becomes a minor penalty card (58B2, 50B).",
                          cards=shown)
        elif major:
            exposed = Msg("{cards} are exposed and become major penalty cards (58B2, 50B).",
                          cards=shown)
        else:
            exposed = Msg("{cards} are exposed and become minor penalty cards (58B2, 50B).",
                          cards=shown)
        steps.append(exposed)
        steps += extra
        laws.append("50B")
        back = hidden
    else:
        steps.append(Msg("{cards} go back: declarer's cards never become penalty cards (48A).",
                         cards=cards_text(others)))
        laws.append("48A")
        back = others + hidden
    if hidden:
        steps.append(Msg("{cards}, never seen, go back without rectification (58B1).",
                         cards=cards_text(hidden)))
    steps.append(Msg("An opponent who had played to the trick after these cards, before the "
                     "seen card was taken back, may take his card back and play another, with "
                     "no further rectification (58B3); what his card showed is unauthorized for "
                     "{seat.value}'s side (16C).", seat=ev.seat))
    laws += ["58B3", "16C", *played.laws]
    steps += played.steps
    return Ruling(
        kind="simultaneous_cards",
        summary=(Msg("The {card.symbol} is played; the other exposed cards are penalty cards.",
                     card=ev.designated) if defender else
                 Msg("The {card.symbol} is played; the others go back.", card=ev.designated)),
        laws=unique(laws),
        steps=tuple(steps),
        information=INFORMATION_ON_TABLE if defender else "",
        outcome={"played": ev.designated.text, "penalty_cards": penalty_tokens(state),
                 **made},
    ), _back(state, ev.seat, back)
