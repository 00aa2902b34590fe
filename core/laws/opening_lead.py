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
    WITHDRAWN_INFORMATION,
    forced,
    lead_stands,
    pending_parts,
    refusal_options,
    refuse_defender_lead,
    restriction_words,
)
from core.laws.penalty import require_declarer
from core.laws.play import check_card_free, check_may_play, require_play, with_pending
from core.laws.waits import OPENING_LAW
from core.registry import Event, choice_handler, event, rule
from core.ruling import Draft, Option, Ruling
from core.seats import Seat, is_defender, opening_leader
from core.state import (
    Chooser,
    PendingChoice,
    Place,
    TableState,
    penalty_tokens,
    restriction_token,
)
from core.text import Msg, Text

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
        Option(ACCEPT, Msg("Accept the lead: dummy goes down and {seat.value} plays the second "
                           "card from his own hand (54B)", seat=declarer)),
        Option(BECOME_DUMMY, Msg("Spread your hand: {seat.value} becomes dummy and "
                                 "{partner.value} declares (54A)", seat=declarer,
                                 partner=declarer.partner)),
        *refusal_options(state, ev.offender, ev.card, leader, "54D"),
    )


@rule(OpeningLeadOutOfTurn)
def opening_lead_out_of_turn(state: TableState,
                             ev: OpeningLeadOutOfTurn) -> tuple[Ruling, TableState]:
    declarer = require_play(state)
    check_may_play(state, ev.offender, held_lead=False)  # no lead once play stopped (68D)
    leader = opening_leader(declarer)
    if ev.offender is leader:
        raise RuleError(Msg("{seat.value} sits on declarer's left: his opening lead is in turn, "
                            "not out of turn", seat=leader))
    if state.trick == 1 and state.on_lead is not None and state.on_lead is not leader:
        # a lead out of turn stood (54B): that was the opening lead
        raise RuleError(Msg("the opening lead has been made: {seat.value}'s lead to trick 1 "
                            "stands", seat=state.on_lead))
    if (state.trick or 0) > 1 or (state.trick is None and state.on_lead not in (None, leader)):
        # the reports put the play past trick 1 (a later trick, or another player on lead to one)
        raise RuleError(Msg("the opening lead has been made: the reports put the play past "
                            "trick 1, so a lead out of turn now is reported with "
                            "/{cmd[lead-out-of-turn]}"))
    played = next((w for w in state.whereabouts if w.place is Place.PLAYED), None)
    if played is not None:  # a card in a trick: the opening lead was faced (41C)
        raise RuleError(Msg("the opening lead has been made ({record}): a card faced now is no "
                            "opening lead out of turn", record=played.describe()))
    own = check_card_free(state, ev.offender, ev.card)
    if own and not is_defender(ev.offender, declarer):
        raise RuleError(Msg("the {card.symbol} cannot be a penalty card of {seat.value}",
                            card=ev.card, seat=ev.offender))
    if not is_defender(ev.offender, declarer):
        return _wrong_side(state, ev, declarer, leader)
    if not ev.faced:
        return _face_down(state, ev, declarer, leader)
    if ev.misinformed:
        return _misinformed(state, ev, declarer, leader)
    pre: list[Text] = []
    if ev.partner_led_face_down:
        pre.append(Msg("{seat.value}'s face-down lead is taken back first: only the faced card "
                       "is dealt with (54).", seat=leader))
    if ev.dummy_seen:
        ruling, state = _accept_opening(state, ev.offender, ev.card, leader, declarer, forced=True)
        return forced(ruling, pre, ["54C"], ACCEPT,
                       Msg("Declarer could have seen dummy's cards, so he must accept the lead "
                           "and stays declarer; {seat.value} plays second (54C).",
                           seat=declarer)), state
    if ev.dummy_played_second:
        ruling, state = _accept_opening(state, ev.offender, ev.card, leader, declarer, forced=True)
        step = Msg("Declarer accepted the lead by calling the second card from dummy: that card "
                   "stands and may only be withdrawn to correct a revoke (54B2); his own hand "
                   "still plays in its turn (57C3).")
        return forced(ruling, [*pre, step], ["54B2", "57C3"], ACCEPT,
                       Msg("The lead is accepted; dummy's card stands and {seat.value} plays "
                           "next from his own hand (54B2).", seat=declarer)), state
    if ev.spread_begun:
        ruling, state = _become_dummy(state, ev.offender, ev.card, declarer)
        step = Msg("Declarer began to spread his hand and exposed cards: he must spread it all, "
                   "so he becomes dummy (54A).")
        return forced(ruling, [*pre, step], ["54A"], BECOME_DUMMY,
                       Msg("{seat.value} must finish spreading his hand: {partner.value} "
                           "declares (54A).", seat=declarer, partner=declarer.partner)), state
    options = _opening_options(state, ev, declarer)
    state = with_pending(state, PendingChoice(
        law=OPENING_LAW, chooser=Chooser.DECLARER, seat=leader,
        options=tuple(o.token for o in options), offender=ev.offender, card=ev.card))
    steps = [
        *pre,
        Msg("{offender.value} faced the {card.symbol} when {leader.value} was to lead. Nobody "
            "plays until declarer has chosen; the Director explains every option first (10C1, "
            "54).", offender=ev.offender, card=ev.card, leader=leader),
        Msg("Accept: the lead stands, dummy is spread, and {seat.value} plays second from his "
            "own hand (54B1).", seat=declarer),
        Msg("Spread his own hand: {seat.value} becomes dummy and {partner.value} declares (54A).",
            seat=declarer, partner=declarer.partner),
        Msg("Refuse: the {card.symbol} becomes a major penalty card and {seat.value} leads; "
            "declarer then requires or forbids a lead of its suit (the card is picked up) or "
            "leaves it on the table (54D, 50D2).", card=ev.card, seat=leader),
    ]
    return Ruling(
        kind="opening_lead_out_of_turn",
        summary=Msg("Opening lead out of turn by {seat.value}: declarer has {n} options.",
                    seat=ev.offender, n=len(options)),
        laws=("54", "54A", "54B", "54D", "50D2"),
        steps=tuple(steps),
        options=options,
        chooser=Chooser.DECLARER,
        information=Msg("Everyone may use what the faced {card.symbol} shows while it is on the "
                        "table (50E1); if it is picked up after a requirement or prohibition, it "
                        "becomes unauthorized for {seat.value} but stays authorized for declarer "
                        "(50E2).", card=ev.card, seat=leader),
        outcome={"options": [o.token for o in options], "chooser": "declarer",
                 "penalty_cards": penalty_tokens(state), "correct_leader": leader.value},
    ), state


def _misinformed(state: TableState, ev: OpeningLeadOutOfTurn, declarer: Seat,
                 leader: Seat) -> tuple[Ruling, TableState]:
    """47E1: a lead made because an opponent said it was his lead is simply taken back."""
    return Ruling(
        kind="opening_lead_out_of_turn",
        summary=Msg("The {card.symbol} goes back without rectification: an opponent told "
                    "{offender.value} it was his lead (47E1); {leader.value} leads.",
                    card=ev.card, offender=ev.offender, leader=leader),
        laws=("47E1", "16C"),
        steps=(Msg("{seat.value} led because an opponent wrongly told him it was his turn: he "
                   "takes the card back with no rectification, and it is not a penalty card "
                   "(47E1).", seat=ev.offender),
               Msg("Declarer has none of the Law 54 options: he may not accept that lead "
                   "(47E1)."),
               Msg("{leader.value}, on declarer's left, makes the opening lead; "
                   "{declarer.value} stays declarer.", leader=leader, declarer=declarer)),
        information=WITHDRAWN_INFORMATION,
        outcome={"options": [], "chooser": "", "declarer_after": declarer.value,
                 "next_to_play": leader.value, "penalty_cards": penalty_tokens(state),
                 "restriction": ""},
    ), state


def _wrong_side(state: TableState, ev: OpeningLeadOutOfTurn, declarer: Seat,
                leader: Seat) -> tuple[Ruling, TableState]:
    """54E: a player of the declaring side tried to make the opening lead: a Law 24 matter."""
    is_declarer = ev.offender is declarer
    steps: tuple[Text, ...]
    if ev.faced:
        steps = (
            Msg("{seat.value} (declarer) is on the declaring side: a lead from him is not an "
                "opening lead at all, because only a defender's faced lead starts the play (54E).",
                seat=ev.offender) if is_declarer else
            Msg("{seat.value} (dummy) is on the declaring side: a lead from him is not an "
                "opening lead at all, because only a defender's faced lead starts the play (54E).",
                seat=ev.offender),
            Msg("The {card.symbol} is treated as a card exposed during the auction (24B, a card "
                "led too early) and, {seat.value} being declarer or dummy, it goes back to his "
                "hand without penalty (24D).", card=ev.card, seat=ev.offender),
            Msg("{seat.value} makes the opening lead as usual (41A).", seat=leader),
        )
        laws: tuple[str, ...] = ("54E", "24B", "24D", "41A")
        # never name an unseen card (16)
        summary = Msg("No lead: the {card.symbol} goes back to {offender.value}'s hand and "
                      "{leader.value} leads (54E).", card=ev.card, offender=ev.offender,
                      leader=leader)
    else:
        steps = (
            Msg("{seat.value} (declarer) put a card face down as if to lead; nobody saw it, so "
                "it simply goes back to his hand (54E, 41A).", seat=ev.offender) if is_declarer
            else Msg("{seat.value} (dummy) put a card face down as if to lead; nobody saw it, "
                     "so it simply goes back to his hand (54E, 41A).", seat=ev.offender),
            Msg("{seat.value} makes the opening lead as usual.", seat=leader),
        )
        laws = ("54E", "41A")
        summary = Msg("No lead: the face-down card goes back to {offender.value}'s hand and "
                      "{leader.value} leads (54E).", offender=ev.offender, leader=leader)
    return Ruling(
        kind="opening_lead_out_of_turn",
        summary=summary,
        laws=laws,
        steps=steps,
        information=Msg("What the card showed is authorized for the defenders and unauthorized "
                        "for the declaring side (16C).") if ev.faced else "",
        outcome={"options": [], "chooser": "", "declarer_after": declarer.value,
                 "next_to_play": leader.value, "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, leader)},
    ), state


def _face_down(state: TableState, ev: OpeningLeadOutOfTurn, declarer: Seat,
               leader: Seat) -> tuple[Ruling, TableState]:
    """41A/47: a face-down opening lead by the wrong defender is simply taken back."""
    return Ruling(
        kind="opening_lead_out_of_turn",
        summary=Msg("The face-down card goes back to {offender.value}'s hand; {leader.value} "
                    "leads. No penalty card.", offender=ev.offender, leader=leader),
        laws=("41A", "47A", "49"),
        steps=(
            Msg("The opening lead belongs to {seat.value}, on declarer's left (41A).",
                seat=leader),
            Msg("{seat.value}'s card was never faced, so his partner could not see it: it is "
                "withdrawn on the Director's instruction and is not a penalty card (47A, 49).",
                seat=ev.offender),
            Msg("Law 54 only deals with a faced opening lead out of turn."),
        ),
        information=Msg("If declarer or dummy learned anything about the card, the Director may "
                        "still apply Law 16."),
        outcome={"options": [], "chooser": "", "declarer_after": declarer.value,
                 "next_to_play": leader.value, "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, leader)},
    ), state


def _accept_opening(state: TableState, offender: Seat, card: Card, leader: Seat,
                    declarer: Seat, forced: bool = False) -> tuple[Ruling, TableState]:
    state, left = lead_stands(state, offender, card, leader)
    steps = [*left,
        Msg("The {card.symbol} is the opening lead (53A, 54B) and dummy is spread (41).",
            card=card),
        Msg("{declarer.value} plays the second card from his own hand (54B1); after him "
            "{leader.value}, then dummy.", declarer=declarer, leader=leader),
        Msg("If declarer calls the second card from dummy instead, it stands and may be "
            "withdrawn only to correct a revoke (54B2)."),
    ]
    return Ruling(
        kind="opening_lead_choice",
        summary=Msg("Lead accepted: {seat.value} stays declarer and plays second from his own "
                    "hand.", seat=declarer),
        laws=("54B", "54B1", "53A"),
        steps=tuple(steps),
        chooser=Chooser.DECLARER,
        information=Msg("An accepted lead is a legal play: what it shows is authorized for "
                        "everyone (16A)."),
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
        Msg("{dummy.value} spreads his whole hand and becomes dummy; {declarer.value} becomes "
            "declarer (54A).", dummy=declarer, declarer=new_declarer),
        Msg("{offender.value}'s card stands as the opening lead (it is now from declarer's "
            "left); the second card comes from the spread hand of {dummy.value}, played by "
            "{declarer.value}.", offender=offender, dummy=declarer, declarer=new_declarer),
    )
    return Ruling(
        kind="opening_lead_choice",
        summary=Msg("{declarer.value} declares; {dummy.value}'s hand is dummy and plays second.",
                    declarer=new_declarer, dummy=declarer),
        laws=("54A",),
        steps=steps,
        chooser=Chooser.DECLARER,
        information=Msg("Everyone may use what the spread hand shows: it is now dummy."),
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
    draft.summary.append(
        Msg("Lead refused: {leader.value} leads; {restriction}; {declarer.value} stays "
            "declarer.", leader=leader, restriction=words, declarer=declarer) if words
        else Msg("Lead refused: {leader.value} leads any card; {declarer.value} stays declarer.",
                 leader=leader, declarer=declarer))
    draft.judgement.append(Msg("If the card on the table helped the defenders and damaged "
                               "declarer, the Director may adjust at the end of play (50E4)."))
    draft.outcome.update(declarer_after=declarer.value, next_to_play=leader.value,
                         penalty_cards=penalty_tokens(state),
                         restriction=restriction_token(state, leader))
    return draft.build("opening_lead_choice"), state


