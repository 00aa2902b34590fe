"""The opening lead out of turn (Laws 41A, 54): declarer accepts it (54B), spreads his hand and
becomes dummy (54A), or refuses it (54D: a defender's card becomes a major penalty card, with
declarer's 50D2 options when the offender's partner is to lead); a face-down lead (41A, 47)
and a lead from the declaring side (54E) are settled at once."""

from __future__ import annotations

from dataclasses import dataclass

from core.cards import Card
from core.errors import RuleError
from core.laws.leads import (
    ACCEPT,
    BECOME_DUMMY,
    forced,
    lead_stands,
    pending_parts,
    refusal_options,
    refuse_defender_lead,
    restriction_words,
)
from core.laws.penalty import require_declarer
from core.laws.play import check_card_free, require_play, with_pending
from core.laws.waits import OPENING_LAW
from core.registry import Event, choice_handler, event, rule
from core.ruling import Draft, Option, Ruling
from core.seats import Seat, is_defender, opening_leader
from core.state import Chooser, PendingChoice, TableState, penalty_tokens, restriction_token

# --- Law 54: opening lead out of turn -------------------------------------------------


@event("opening_lead_out_of_turn")
@dataclass(frozen=True)
class OpeningLeadOutOfTurn(Event):
    """After the auction, ``offender`` (not declarer's LHO) makes the opening lead with ``card``.

    ``faced``: the card was faced (false: still face down). ``dummy_seen``: declarer could have
    seen some of dummy's cards (54C). ``spread_begun``: declarer began to spread his hand and
    exposed cards (54A). ``partner_led_face_down``: the offender's partner had also led, face
    down. ``dummy_played_second``: declarer took the lead by calling the second card from dummy
    (54B2). ``misinformed``: he led because an opponent wrongly told him it was his lead (47E1).
    """

    offender: Seat
    card: Card
    faced: bool = True
    dummy_seen: bool = False
    spread_begun: bool = False
    partner_led_face_down: bool = False
    dummy_played_second: bool = False
    misinformed: bool = False


def _opening_options(state: TableState, ev: OpeningLeadOutOfTurn,
                     declarer: Seat) -> tuple[Option, ...]:
    leader = opening_leader(declarer)
    return (
        Option(ACCEPT, f"Accept the lead: dummy goes down and {declarer.value} plays the second "
               "card from his own hand (54B)"),
        Option(BECOME_DUMMY, f"Spread your hand: {declarer.value} becomes dummy and "
               f"{declarer.partner.value} declares (54A)"),
        *refusal_options(state, ev.offender, ev.card, leader, "54D"),
    )


@rule(OpeningLeadOutOfTurn)
def opening_lead_out_of_turn(state: TableState,
                             ev: OpeningLeadOutOfTurn) -> tuple[Ruling, TableState]:
    declarer = require_play(state)
    leader = opening_leader(declarer)
    if ev.offender is leader:
        raise RuleError(f"{leader.value} sits on declarer's left: his opening lead is in turn, "
                        "not out of turn")
    own = check_card_free(state, ev.offender, ev.card)
    if own and not is_defender(ev.offender, declarer):
        raise RuleError(f"the {ev.card.symbol} cannot be a penalty card of {ev.offender.value}")
    if not is_defender(ev.offender, declarer):
        return _wrong_side(state, ev, declarer, leader)
    if not ev.faced:
        return _face_down(state, ev, declarer, leader)
    if ev.misinformed:
        return _misinformed(state, ev, declarer, leader)
    pre: list[str] = []
    if ev.partner_led_face_down:
        pre.append(f"{leader.value}'s face-down lead is taken back first: only the faced card is "
                   "dealt with (54).")
    if ev.dummy_seen:
        ruling, state = _accept_opening(state, ev.offender, ev.card, leader, declarer, forced=True)
        return forced(ruling, pre, ["54C"], ACCEPT,
                       f"Declarer could have seen dummy's cards, so he must accept the lead and "
                       f"stays declarer; {declarer.value} plays second (54C)."), state
    if ev.dummy_played_second:
        ruling, state = _accept_opening(state, ev.offender, ev.card, leader, declarer, forced=True)
        step = ("Declarer accepted the lead by calling the second card from dummy: that card "
                "stands and may only be withdrawn to correct a revoke (54B2); his own hand still "
                "plays in its turn (57C3).")
        return forced(ruling, [*pre, step], ["54B2", "57C3"], ACCEPT,
                       f"The lead is accepted; dummy's card stands and {declarer.value} plays "
                       "next from his own hand (54B2)."), state
    if ev.spread_begun:
        ruling, state = _become_dummy(state, ev.offender, ev.card, declarer)
        step = ("Declarer began to spread his hand and exposed cards: he must spread it all, so "
                "he becomes dummy (54A).")
        return forced(ruling, [*pre, step], ["54A"], BECOME_DUMMY,
                       f"{declarer.value} must finish spreading his hand: "
                       f"{declarer.partner.value} declares (54A)."), state
    options = _opening_options(state, ev, declarer)
    state = with_pending(state, PendingChoice(
        law=OPENING_LAW, chooser=Chooser.DECLARER, seat=leader,
        options=tuple(o.token for o in options), offender=ev.offender, card=ev.card))
    steps = [
        *pre,
        f"{ev.offender.value} faced the {ev.card.symbol} when {leader.value} was to lead. "
        "Nobody plays until declarer has chosen; the Director explains every option first "
        "(10C1, 54).",
        f"Accept: the lead stands, dummy is spread, and {declarer.value} plays second from his "
        "own hand (54B1).",
        f"Spread his own hand: {declarer.value} becomes dummy and {declarer.partner.value} "
        "declares (54A).",
        f"Refuse: the {ev.card.symbol} becomes a major penalty card and {leader.value} leads; "
        "declarer then requires or forbids a lead of its suit (the card is picked up) or leaves "
        "it on the table (54D, 50D2).",
    ]
    return Ruling(
        kind="opening_lead_out_of_turn",
        summary=f"Opening lead out of turn by {ev.offender.value}: declarer has "
        f"{len(options)} options.",
        laws=("54", "54A", "54B", "54D", "50D2"),
        steps=tuple(steps),
        options=options,
        chooser=Chooser.DECLARER,
        information=f"Everyone may use what the faced {ev.card.symbol} shows while it is on the "
        "table (50E1); if it is picked up after a requirement or prohibition, it becomes "
        f"unauthorized for {leader.value} but stays authorized for declarer (50E2).",
        outcome={"options": [o.token for o in options], "chooser": "declarer",
                 "penalty_cards": penalty_tokens(state), "correct_leader": leader.value},
    ), state


def _misinformed(state: TableState, ev: OpeningLeadOutOfTurn, declarer: Seat,
                 leader: Seat) -> tuple[Ruling, TableState]:
    """47E1: a lead made because an opponent said it was his lead is simply taken back."""
    return Ruling(
        kind="opening_lead_out_of_turn",
        summary=f"The {ev.card.symbol} goes back without rectification: an opponent told "
        f"{ev.offender.value} it was his lead (47E1); {leader.value} leads.",
        laws=("47E1", "16C"),
        steps=(f"{ev.offender.value} led because an opponent wrongly told him it was his turn: "
               "he takes the card back with no rectification, and it is not a penalty card "
               "(47E1).",
               "Declarer has none of the Law 54 options: he may not accept that lead (47E1).",
               f"{leader.value}, on declarer's left, makes the opening lead; {declarer.value} "
               "stays declarer."),
        information="What the withdrawn card shows is authorized for the side that misinformed "
        "the player and unauthorized for his partner (16C).",
        outcome={"options": [], "chooser": "", "declarer_after": declarer.value,
                 "next_to_play": leader.value, "penalty_cards": penalty_tokens(state),
                 "restriction": ""},
    ), state


def _wrong_side(state: TableState, ev: OpeningLeadOutOfTurn, declarer: Seat,
                leader: Seat) -> tuple[Ruling, TableState]:
    """54E: a player of the declaring side tried to make the opening lead: a Law 24 matter."""
    who = "declarer" if ev.offender is declarer else "dummy"
    steps: tuple[str, ...]
    if ev.faced:
        steps = (
            f"{ev.offender.value} ({who}) is on the declaring side: a lead from him is not an "
            "opening lead at all, because only a defender's faced lead starts the play (54E).",
            f"The {ev.card.symbol} is treated as a card exposed during the auction (24B, a card "
            f"led too early) and, {ev.offender.value} being declarer or dummy, it goes back to "
            "his hand without penalty (24D).",
            f"{leader.value} makes the opening lead as usual (41A).",
        )
        laws: tuple[str, ...] = ("54E", "24B", "24D", "41A")
    else:
        steps = (
            f"{ev.offender.value} ({who}) put a card face down as if to lead; nobody saw it, so "
            "it simply goes back to his hand (54E, 41A).",
            f"{leader.value} makes the opening lead as usual.",
        )
        laws = ("54E", "41A")
    shown = ev.card.symbol if ev.faced else "face-down card"  # never name an unseen card (16)
    return Ruling(
        kind="opening_lead_out_of_turn",
        summary=f"No lead: the {shown} goes back to {ev.offender.value}'s hand and "
        f"{leader.value} leads (54E).",
        laws=laws,
        steps=steps,
        information="What the card showed is authorized for the defenders and unauthorized for "
        "the declaring side (16C)." if ev.faced else "",
        outcome={"options": [], "chooser": "", "declarer_after": declarer.value,
                 "next_to_play": leader.value, "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, leader)},
    ), state


def _face_down(state: TableState, ev: OpeningLeadOutOfTurn, declarer: Seat,
               leader: Seat) -> tuple[Ruling, TableState]:
    """41A/47: a face-down opening lead by the wrong defender is simply taken back."""
    return Ruling(
        kind="opening_lead_out_of_turn",
        summary=f"The face-down card goes back to {ev.offender.value}'s hand; "
        f"{leader.value} leads. No penalty card.",
        laws=("41A", "47A", "49"),
        steps=(
            f"The opening lead belongs to {leader.value}, on declarer's left (41A).",
            f"{ev.offender.value}'s card was never faced, so his partner could not see it: it is "
            "withdrawn on the Director's instruction and is not a penalty card (47A, 49).",
            "Law 54 only deals with a faced opening lead out of turn.",
        ),
        information="If declarer or dummy learned anything about the card, the Director may "
        "still apply Law 16.",
        outcome={"options": [], "chooser": "", "declarer_after": declarer.value,
                 "next_to_play": leader.value, "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, leader)},
    ), state


def _accept_opening(state: TableState, offender: Seat, card: Card, leader: Seat,
                    declarer: Seat, forced: bool = False) -> tuple[Ruling, TableState]:
    state, left = lead_stands(state, offender, card, leader)
    steps = [*left,
        f"The {card.symbol} is the opening lead (53A, 54B) and dummy is spread (41).",
        f"{declarer.value} plays the second card from his own hand (54B1); after him "
        f"{leader.value}, then dummy.",
        "If declarer calls the second card from dummy instead, it stands and may be withdrawn "
        "only to correct a revoke (54B2).",
    ]
    return Ruling(
        kind="opening_lead_choice",
        summary=f"Lead accepted: {declarer.value} stays declarer and plays second from his own "
        "hand.",
        laws=("54B", "54B1", "53A"),
        steps=tuple(steps),
        chooser=Chooser.DECLARER,
        information="An accepted lead is a legal play: what it shows is authorized for everyone "
        "(16A).",
        outcome={"declarer_after": declarer.value, "next_to_play": declarer.value,
                 "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, leader)},
    ), state


def _become_dummy(state: TableState, offender: Seat, card: Card,
                  declarer: Seat) -> tuple[Ruling, TableState]:
    new_declarer = declarer.partner
    state, left = lead_stands(state, offender, card, opening_leader(declarer))
    state = state.evolve(declarer=new_declarer)
    steps = (*left,
        f"{declarer.value} spreads his whole hand and becomes dummy; {new_declarer.value} "
        "becomes declarer (54A).",
        f"{offender.value}'s card stands as the opening lead (it is now from declarer's left); "
        f"the second card comes from the spread hand of {declarer.value}, played by "
        f"{new_declarer.value}.",
    )
    return Ruling(
        kind="opening_lead_choice",
        summary=f"{new_declarer.value} declares; {declarer.value}'s hand is dummy and plays "
        "second.",
        laws=("54A",),
        steps=steps,
        chooser=Chooser.DECLARER,
        information="Everyone may use what the spread hand shows: it is now dummy.",
        outcome={"declarer_after": new_declarer.value, "next_to_play": declarer.value,
                 "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, offender.partner)},
    ), state


@choice_handler(OPENING_LAW)
def choose_opening(state: TableState, pending: PendingChoice,
                   token: str) -> tuple[Ruling, TableState]:
    declarer = require_declarer(state)
    offender, card, leader = pending_parts(pending)
    if token == ACCEPT:
        return _accept_opening(state, offender, card, leader, declarer)
    if token == BECOME_DUMMY:
        return _become_dummy(state, offender, card, declarer)
    draft = Draft(chooser=Chooser.DECLARER)
    state = refuse_defender_lead(state, offender, card, leader, token, "54D", draft)
    words = restriction_words(state, leader)
    draft.summary.append(f"Lead refused: {leader.value} leads"
                         + (f"; {words}" if words else " any card")
                         + f"; {declarer.value} stays declarer.")
    draft.judgement.append("If the card on the table helped the defenders and damaged declarer, "
                           "the Director may adjust at the end of play (50E4).")
    draft.outcome.update(declarer_after=declarer.value, next_to_play=leader.value,
                         penalty_cards=penalty_tokens(state),
                         restriction=restriction_token(state, leader))
    return draft.build("opening_lead_choice"), state


