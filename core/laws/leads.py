"""Leads out of turn during the play (Laws 53, 55, 56) and a lead retracted after an opponent
said it was the player's turn (Law 47E1), with what every lead out of turn shares: a lead that
stands, a defender's lead refused (the opening lead, Law 54, is :mod:`core.laws.opening_lead`).

Each incident either settles at once (a lead declarer must accept, a lead the Laws send back) or
records a :class:`PendingChoice` for the non-offending side, resolved later by a
:class:`core.engine.ChoiceMade` through the handlers registered here. The pending choice waits
on the hand that should have led: it may not lead until the choice is made.

Refusing a defender's lead makes the card a major penalty card; when the correct leader is the
offender's partner, declarer's Law 50D2 choice is made in the same breath (``require:X``,
``forbid:X``, ``any``), through :mod:`core.laws.penalty` so the 50D/51B logic lives in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.cards import Card
from core.errors import RuleError
from core.laws.course import LAST_TRICK, check_trick, report
from core.laws.lead_choices import choose_offered_lead
from core.laws.penalty import (
    INFORMATION_ON_TABLE,
    offer_lead_options,
    require_declarer,
)
from core.laws.play import add_major, check_card_free, require_play, unique, with_pending
from core.laws.premature import PrematurePlay, premature_play
from core.laws.waits import DECLARER_LAW, DEFENDER_LAW
from core.registry import Event, choice_handler, event, rule
from core.ruling import Draft, Option, Ruling
from core.seats import Role, Seat, is_defender, role_of
from core.state import (
    Chooser,
    PendingChoice,
    TableState,
    penalty_tokens,
    restriction_token,
)

ACCEPT = "accept"
REJECT = "reject"
BECOME_DUMMY = "become_dummy"


# --- what every lead out of turn shares --------------------------------------------------


def lead_stands(state: TableState, offender: Seat, card: Card,
                correct: Seat) -> tuple[TableState, list[str]]:
    """A lead out of turn that stands is a card played: if it was the offender's own penalty card
    it leaves the table, and the correct leader no longer leads, so no choice waits on him."""
    own = [p for p in state.penalty_cards_of(offender) if p.card == card]
    state = state.without_penalty_cards(own).without_pending(correct).evolve(on_lead=offender)
    steps = [f"The {card.symbol} was {offender.value}'s penalty card: now that it has been led "
             "it leaves the table (50D1); how it came to be exposed is unauthorized for his "
             "partner (50E3)."] if own else []
    return state, steps


def refusal_options(state: TableState, offender: Seat, card: Card, leader: Seat,
                     origin: str) -> tuple[Option, ...]:
    """Declarer's 50D2/51B options over ``leader`` once the offender's card is a major penalty
    card (computed on the state as it would be; nothing is stored)."""
    after, _ = add_major(state, offender, card, origin)
    _, options = offer_lead_options(after, leader)
    return tuple(
        Option(o.token, "Refuse the lead, then: " + str(o.label)[0].lower() + str(o.label)[1:])
        for o in options
    )


def refuse_defender_lead(state: TableState, offender: Seat, card: Card, leader: Seat, token: str,
                         law: str, draft: Draft) -> TableState:
    """A defender's lead (opening or later) is refused: the card becomes a major penalty card
    (54D / 56) and, if his partner is the correct leader, declarer's 50D2 choice ``token`` is
    applied. Adds the laws, steps and information to ``draft``; returns the new state."""
    state, extra = add_major(state, offender, card, law)
    draft.cite(law, "50D")
    draft.steps += [f"The {card.symbol} is taken off the trick but stays face up in front of "
                    f"{offender.value} as a major penalty card: it was led on purpose ({law}, "
                    "50B).", *extra]
    information = INFORMATION_ON_TABLE
    if leader is offender.partner:
        # The same choice the partner's lead always brings (50D2/51B, with a Law 26B
        # prohibition when one waits for this lead), resolved by its own handler.
        state, options = offer_lead_options(state, leader)
        tokens = [o.token for o in options]
        if token not in tokens:
            raise RuleError(f"{token!r} is not one of declarer's options here "
                            f"({', '.join(tokens)})")
        chosen, state = choose_offered_lead(state, leader, token)
        draft.cite(*chosen.laws)
        draft.steps += chosen.steps
        if chosen.options:  # the separate 26B / 50D2 right, offered next
            draft.options.extend(chosen.options)
            draft.chooser = chosen.chooser
        information = str(chosen.information) or information
    else:
        draft.steps.append(f"{leader.value} now leads as he should have. {offender.value} must "
                           "play the penalty card at his first legal opportunity (50D1); "
                           "whenever his partner is to lead while it is still on the table, "
                           "declarer chooses a lead option first (50D2).")
    draft.information.append(information)
    return state


def restriction_words(state: TableState, seat: Seat) -> str:
    """The latest restriction binding ``seat`` in words ("W must lead a diamond for his next
    lead (50D2(a))"), or ``""``; never the internal token."""
    found = state.restrictions_on(seat)
    return found[-1].describe() if found else ""


def forced(ruling: Ruling, pre: list[str], laws: list[str], token: str,
            summary: str) -> Ruling:
    """A ruling where the Laws leave one course: listed as the only option, already applied."""
    chooser = ruling.chooser or Chooser.DECLARER
    return replace(
        ruling,
        summary=summary,
        laws=unique([*laws, *ruling.laws]),
        steps=(*pre, *ruling.steps),
        options=(Option(token, "The only course the Laws allow here"),),
        chooser=chooser,
        outcome={**ruling.outcome, "options": [token], "chooser": chooser},
    )


def pending_parts(pending: PendingChoice) -> tuple[Seat, Card, Seat]:
    if pending.offender is None or pending.card is None:
        raise RuleError("this choice has lost track of the card led out of turn")
    return pending.offender, pending.card, pending.seat


# --- Laws 53, 55, 56: a lead out of turn during the play --------------------------------


@event("lead_out_of_turn")
@dataclass(frozen=True)
class LeadOutOfTurn(Event):
    """At ``trick`` (2-13, when known), ``card`` was led from ``offender``'s hand (dummy's seat
    for a card led from dummy) when ``correct_leader`` should have led.

    ``misinformed``: an opponent had told the player it was his turn (47E1).
    ``next_hand_played``: the hand next in rotation has already played to it (53A, 60A).
    ``proper_lead``: the correct leader, an opponent of the offender, then made his proper lead
    with this card (53B). ``rho_card``: after declarer's lead out of turn, the defender on the
    right of the irregular lead played this card to it (53C); ``dummy_played``: declarer had
    played from his other hand too before the defender's partner played (57C1: no rectification).
    """

    offender: Seat
    card: Card
    correct_leader: Seat
    trick: int | None = None  # None: not reported (some trick after the first)
    misinformed: bool = False
    next_hand_played: bool = False
    proper_lead: Card | None = None
    rho_card: Card | None = None
    dummy_played: bool = False


def _check_lead(state: TableState, ev: LeadOutOfTurn) -> Seat:
    declarer = require_play(state)
    if ev.trick is not None:
        check_trick(ev.trick)
    if ev.trick == 1:
        raise RuleError("the lead to trick 1 is the opening lead: report it as an opening lead "
                        "out of turn (Law 54)")
    if ev.offender is ev.correct_leader:
        raise RuleError(f"{ev.offender.value} was the correct leader: that lead was in turn")
    own = check_card_free(state, ev.offender, ev.card)
    if own and not is_defender(ev.offender, declarer):
        raise RuleError(f"the {ev.card.symbol} cannot be a penalty card of {ev.offender.value}")
    if ev.proper_lead is not None and ev.rho_card is not None:
        raise RuleError("give either the proper lead made afterwards (53B) or the card the "
                        "defender on the right played (53C), not both")
    return declarer


@rule(LeadOutOfTurn)
def lead_out_of_turn(state: TableState, ev: LeadOutOfTurn) -> tuple[Ruling, TableState]:
    declarer = _check_lead(state, ev)
    # the correct leader is on lead to this trick: other players' lead restrictions are over
    state, _, _ = report(state, trick=ev.trick, leader=ev.correct_leader)
    defender_led = is_defender(ev.offender, declarer)
    chooser = Chooser.DECLARER if defender_led else Chooser.DEFENDERS
    if ev.misinformed:
        return _misinformed(state, ev, chooser)
    last = ev.trick == LAST_TRICK
    pre: list[str] = []
    if last:
        pre.append("At trick 13 a lead out of turn cannot be accepted, even by a play to it: it "
                   "must be taken back (53A).")
    elif ev.proper_lead is not None:
        return _proper_lead_made(state, ev, declarer, chooser)
    elif ev.rho_card is not None:
        return _wrong_defender_played(state, ev, declarer)
    elif ev.next_hand_played:
        ruling, state = _accept_lead(state, ev.offender, ev.card, ev.correct_leader, declarer)
        nxt = ev.offender.lho
        step = (f"{nxt.value}, next in rotation, played to the lead before any rectification was "
                "assessed: that accepts it, and the right to rectification is lost (53A, 60A).")
        return forced(replace(ruling, chooser=chooser), [step], ["53A", "60A1"], ACCEPT,
                       f"The {ev.card.symbol} stands as the lead: {nxt.value} has played to it "
                       "(53A, 60A)."), state
    options = _lead_options(state, ev, declarer, last)
    tokens = tuple(o.token for o in options)
    law = DEFENDER_LAW if defender_led else DECLARER_LAW
    if len(tokens) == 1:
        ruling, state = _resolve_lead(state, law, ev.offender, ev.card, ev.correct_leader,
                                      tokens[0])
        return forced(replace(ruling, chooser=chooser), pre, ["53A"], tokens[0],
                       f"At trick 13 the {ev.card.symbol} must be taken back: "
                       + ruling.summary), state
    state = with_pending(state, PendingChoice(
        law=law, chooser=pending_chooser_55A(chooser), seat=ev.correct_leader, options=tokens,
        offender=ev.offender, card=ev.card))
    if defender_led:
        ruling = _defender_lead_ruling(state, ev, declarer, options, pre)
    else:
        ruling = _declarer_lead_ruling(state, ev, declarer, options, pre)
    return ruling, state


def pending_chooser_55A(chooser: Chooser) -> Chooser:
    """Who answers the buttons. After declarer's lead out of turn either defender may choose,
    but if they disagree the defender next in turn after the card (the offending hand's LHO)
    prevails (55A): his answer is the one that stands either way, so the choice waits for him
    and the other defender's press cannot close it first."""
    return Chooser.LHO if chooser is Chooser.DEFENDERS else chooser


def prevailing_55A(pending: PendingChoice, declarer: Seat, choices: dict[Seat, str]) -> str:
    """The defenders' answer to declarer's lead out of turn: theirs when they agree, else that
    of the defender next in turn after the irregular lead (55A)."""
    if pending.law != DECLARER_LAW or pending.offender is None:
        raise RuleError("only declarer's lead out of turn is chosen by both defenders (55A)")
    for seat, token in choices.items():
        if not is_defender(seat, declarer):
            raise RuleError(f"{seat.value} is not a defender: only they choose (55A)")
        if token not in pending.options:
            raise RuleError(f"{token!r} is not an option here (options: "
                            f"{', '.join(pending.options)})")
    prevails = pending.offender.lho
    if prevails not in choices:
        raise RuleError(f"{prevails.value}, next in turn after the lead, has not chosen: his "
                        "choice prevails if the defenders disagree (55A)")
    return choices[prevails]


def _lead_options(state: TableState, ev: LeadOutOfTurn, declarer: Seat,
                  last: bool) -> tuple[Option, ...]:
    accept = () if last else (Option(ACCEPT, f"Accept the {ev.card.symbol} as the lead (53A)"),)
    if is_defender(ev.offender, declarer):
        if ev.correct_leader is ev.offender.partner:
            return (*accept, *refusal_options(state, ev.offender, ev.card, ev.correct_leader,
                                               "56"))
        return (*accept, Option(REJECT, f"Refuse it: the {ev.card.symbol} becomes a major "
                                f"penalty card and {ev.correct_leader.value} leads (56)"))
    if is_defender(ev.correct_leader, declarer):
        label = f"Have it taken back: {ev.correct_leader.value} leads (55B1)"
    else:
        label = f"Have it taken back: declarer leads from {ev.correct_leader.value}'s hand (55B2)"
    return (*accept, Option(REJECT, label))


def _defender_lead_ruling(state: TableState, ev: LeadOutOfTurn, declarer: Seat,
                          options: tuple[Option, ...], pre: list[str]) -> Ruling:
    partner_leads = ev.correct_leader is ev.offender.partner
    steps = [
        *pre,
        f"{ev.offender.value} led the {ev.card.symbol} when {ev.correct_leader.value} was to "
        "lead. Declarer chooses; nobody plays meanwhile (56).",
    ]
    if ACCEPT in [o.token for o in options]:
        steps.append(f"Accept: the {ev.card.symbol} is the lead and {ev.offender.lho.value} "
                     "plays next (53A, 56A).")
    if partner_leads:
        steps.append(f"Refuse: the {ev.card.symbol} becomes a major penalty card and "
                     f"{ev.correct_leader.value}, the offender's partner, leads; declarer at once "
                     "requires or forbids its suit (the card is picked up) or leaves it on the "
                     "table (56B, 50D2).")
        laws: tuple[str, ...] = ("56", "53A", "50D2")
    else:
        steps.append(f"Refuse: the {ev.card.symbol} becomes a major penalty card (56B, 50D) "
                     f"and {ev.correct_leader.value} leads.")
        laws = ("56", "53A", "50D")
    return Ruling(
        kind="lead_out_of_turn",
        summary=f"Lead out of turn by {ev.offender.value}: declarer accepts it or refuses it.",
        laws=laws,
        steps=tuple(steps),
        options=options,
        chooser=Chooser.DECLARER,
        information=INFORMATION_ON_TABLE,
        outcome={"options": [o.token for o in options], "chooser": "declarer",
                 "penalty_cards": penalty_tokens(state)},
    )


def _declarer_lead_ruling(state: TableState, ev: LeadOutOfTurn, declarer: Seat,
                          options: tuple[Option, ...], pre: list[str]) -> Ruling:
    hand = "dummy" if ev.offender is declarer.partner else "his own hand"
    prevails = ev.offender.lho
    wrong_hand = not is_defender(ev.correct_leader, declarer)
    steps = [
        *pre,
        f"Declarer led the {ev.card.symbol} from {hand} when {ev.correct_leader.value} was to "
        "lead. Either defender may accept it or have it taken back; if they disagree, "
        f"{prevails.value}, next to play after the irregular lead, decides (55A).",
    ]
    if ACCEPT in [o.token for o in options]:
        steps.append(f"Accept: the lead stands and {prevails.value} plays next (53A).")
    if wrong_hand:
        steps.append(f"Take back: the card returns to {hand} and declarer leads any card from "
                     f"{ev.correct_leader.value}'s hand (55B2); no penalty card (48A).")
    else:
        steps.append(f"Take back: the card returns to {hand} and {ev.correct_leader.value} "
                     "leads; nothing more (55B1).")
    steps.append("A defender who plays after a retraction but before declarer's lead from the "
                 "right hand makes his card a major penalty card (60B).")
    return Ruling(
        kind="lead_out_of_turn",
        summary=f"Declarer's lead out of turn: the defenders accept it or have it taken back "
        f"({prevails.value} decides if they disagree).",
        laws=("55A", "55B2" if wrong_hand else "55B1", "53A"),
        steps=tuple(steps),
        options=options,
        chooser=Chooser.DEFENDERS,
        information="What the retracted card shows is authorized for the defenders (16C1).",
        judgement="If declarer's later play could have been based on information from his own "
        "lead out of turn, the Director applies Law 16 (55C).",
        outcome={"options": [o.token for o in options], "chooser": "defenders",
                 "prevails": prevails.value, "penalty_cards": penalty_tokens(state)},
    )


def _accept_lead(state: TableState, offender: Seat, card: Card, correct: Seat,
                 declarer: Seat) -> tuple[Ruling, TableState]:
    law = "56A" if is_defender(offender, declarer) else "55A"
    state, left = lead_stands(state, offender, card, correct)
    return Ruling(
        kind="lead_choice",
        summary=f"The {card.symbol} stands as the lead; {offender.lho.value} plays next.",
        laws=(law, "53A"),
        steps=(*left, f"The lead out of turn is treated as a correct lead (53A); the hand that led "
               f"it, {offender.value}, has the lead for this trick.",
               "Any earlier penalty card or restriction still applies (60A3)."),
        chooser=Chooser.DECLARER if is_defender(offender, declarer) else Chooser.DEFENDERS,
        information="An accepted lead is a legal play: what it shows is authorized (16A).",
        outcome={"next_to_lead": offender.value, "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, offender)},
    ), state


def _resolve_lead(state: TableState, law: str, offender: Seat, card: Card, correct: Seat,
                  token: str) -> tuple[Ruling, TableState]:
    declarer = require_declarer(state)
    if token == ACCEPT:
        return _accept_lead(state, offender, card, correct, declarer)
    if law == DECLARER_LAW:
        return _retract_declarer_lead(state, offender, card, correct, declarer)
    if token != REJECT and correct is not offender.partner:
        raise RuleError(f"{token!r} is not an option: {correct.value} is not the offender's "
                        "partner")
    draft = Draft(chooser=Chooser.DECLARER)
    draft.cite("56B")
    state = refuse_defender_lead(state, offender, card, correct, token, "56", draft)
    words = restriction_words(state, correct)
    draft.summary.append(
        f"Lead refused: {correct.value} leads"
        + (f"; {words}" if words else "")
        + f"; {card.symbol} " + ("is a major penalty card." if any(
            p.card == card for p in state.penalty_cards) else "has been picked up."))
    draft.judgement.append("If the penalty card helped the defenders and damaged declarer, the "
                           "Director may adjust at the end of play (50E4).")
    draft.outcome.update(next_to_lead=correct.value, penalty_cards=penalty_tokens(state),
                         restriction=restriction_token(state, correct))
    return draft.build("lead_choice"), state


def _retract_declarer_lead(state: TableState, offender: Seat, card: Card, correct: Seat,
                           declarer: Seat) -> tuple[Ruling, TableState]:
    wrong_hand = not is_defender(correct, declarer)
    if wrong_hand:
        law = "55B2"
        steps = (f"Declarer takes the {card.symbol} back into {offender.value}'s hand and must "
                 f"lead from {correct.value}'s hand, any card he likes (55B2).",
                 "Declarer's cards never become penalty cards (48A).")
        summary = f"The {card.symbol} goes back; declarer leads any card from {correct.value}."
    else:
        law = "55B1"
        steps = (f"The {card.symbol} goes back to {offender.value}'s hand with no further "
                 f"rectification, and {correct.value} leads (55B1).",
                 "Declarer's cards never become penalty cards (48A).")
        summary = f"The {card.symbol} goes back; {correct.value} leads."
    return Ruling(
        kind="lead_choice",
        summary=summary,
        laws=(law, "48A"),
        steps=steps,
        chooser=Chooser.DEFENDERS,
        information="What the retracted card shows is authorized for the defenders (16C1).",
        judgement="If declarer's later play could have been based on information from his own "
        "lead out of turn, the Director applies Law 16 (55C).",
        outcome={"next_to_lead": correct.value, "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, correct)},
    ), state


@choice_handler(DEFENDER_LAW)
def choose_defender_lead(state: TableState, pending: PendingChoice,
                         token: str) -> tuple[Ruling, TableState]:
    offender, card, correct = pending_parts(pending)
    return _resolve_lead(state, DEFENDER_LAW, offender, card, correct, token)


@choice_handler(DECLARER_LAW)
def choose_declarer_lead(state: TableState, pending: PendingChoice,
                         token: str) -> tuple[Ruling, TableState]:
    offender, card, correct = pending_parts(pending)
    return _resolve_lead(state, DECLARER_LAW, offender, card, correct, token)


def _misinformed(state: TableState, ev: LeadOutOfTurn, chooser: Chooser) -> tuple[Ruling,
                                                                              TableState]:
    return Ruling(
        kind="lead_out_of_turn",
        summary=f"The {ev.card.symbol} goes back without rectification: an opponent told "
        f"{ev.offender.value} it was his turn (47E1).",
        laws=("47E1", "16C"),
        steps=(
            f"{ev.offender.value} led because an opponent wrongly told him it was his turn: the "
            "card is taken back and nothing more happens; it is not a penalty card (47E1).",
            f"{ev.offender.lho.value} may not accept that lead (47E1).",
            f"{ev.correct_leader.value} leads.",
            "A play made in these circumstances does not establish an earlier revoke (47E1, "
            "63A1).",
        ),
        information="What the withdrawn card shows is authorized for the side that misinformed "
        "the player and unauthorized for his partner (16C).",
        chooser=chooser,
        outcome={"options": [], "chooser": chooser, "next_to_lead": ev.correct_leader.value,
                 "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, ev.correct_leader)},
    ), state


def _proper_lead_made(state: TableState, ev: LeadOutOfTurn, declarer: Seat,
                      chooser: Chooser) -> tuple[Ruling, TableState]:
    assert ev.proper_lead is not None
    if not ev.offender.is_opponent_of(ev.correct_leader):
        raise RuleError("53B needs the correct leader to be an opponent of the player who led "
                        f"out of turn; {ev.correct_leader.value} is his partner")
    check_card_free(state, ev.correct_leader, ev.proper_lead)
    return Ruling(
        kind="lead_out_of_turn",
        summary=f"{ev.correct_leader.value}'s {ev.proper_lead.symbol} is the lead; the "
        f"{ev.card.symbol} goes back to {ev.offender.value}'s hand.",
        laws=("53B", "16C"),
        steps=(
            f"{ev.correct_leader.value}, whose turn it was, made his proper lead: it stands and is "
            "not a card played to the irregular lead (53B).",
            f"The {ev.card.symbol} and any other card played in error to this trick may be taken "
            "back, without a penalty card (53B, 47F1).",
        ),
        information="Information from the withdrawn cards is authorized for the side that did "
        "not err and unauthorized for the offenders (16C).",
        chooser=chooser,
        outcome={"options": [], "chooser": chooser, "next_to_lead": ev.correct_leader.value,
                 "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, ev.correct_leader)},
    ), state


def _wrong_defender_played(state: TableState, ev: LeadOutOfTurn,
                           declarer: Seat) -> tuple[Ruling, TableState]:
    """53C: declarer led out of turn and the defender on the right of that lead played to it."""
    assert ev.rho_card is not None
    if is_defender(ev.offender, declarer):
        raise RuleError("53C is about declarer's lead out of turn; the card here came from a "
                        "defender")
    rho = ev.offender.rho
    if role_of(rho, declarer) is not Role.DEFENDER:
        raise RuleError(f"{rho.value} is not a defender")
    # 57C1: once declarer has played from both hands, the early play is not rectified
    ruling, state = premature_play(state, PrematurePlay(rho, ev.rho_card, ev.card.suit,
                                                        declarer_played_both=ev.dummy_played))
    steps = (
        f"Declarer led the {ev.card.symbol} out of turn and {rho.value}, on the right of that "
        f"lead, played to it before his partner: the lead stands (53C).",
        *ruling.steps,
    )
    return replace(
        ruling,
        kind="lead_out_of_turn",
        summary=f"The {ev.card.symbol} stands as the lead; {rho.value} played too early (53C, "
        "57A).",
        laws=unique(["53C", *ruling.laws]),
        steps=steps,
        outcome={**ruling.outcome, "next_to_lead": ev.offender.value},
    ), state

