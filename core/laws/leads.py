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
    lead_options,
    offer_lead_options,
    require_declarer,
    token_suits,
)
from core.laws.play import (
    add_major,
    check_card_free,
    check_may_play,
    require_play,
    unique,
    with_pending,
)
from core.laws.premature import PrematurePlay, premature_play
from core.laws.waits import DECLARER_LAW, DEFENDER_LAW
from core.registry import Event, choice_handler, event, rule
from core.ruling import Draft, Option, Ruling
from core.seats import Role, Seat, is_defender, role_of
from core.state import (
    Chooser,
    PendingChoice,
    Place,
    TableState,
    penalty_tokens,
    restriction_token,
)
from core.text import Msg, Text

ACCEPT = "accept"
REJECT = "reject"
BECOME_DUMMY = "become_dummy"

#: What every ruling on a card taken back says about the information it gave.
RETRACTED_INFORMATION = Msg("What the retracted card shows is authorized for the defenders "
                            "(16C1).")
RETRACTED_JUDGEMENT = Msg("If declarer's later play could have been based on information from "
                          "his own lead out of turn, the Director applies Law 16 (55C).")
WITHDRAWN_INFORMATION = Msg("What the withdrawn card shows is authorized for the side that "
                            "misinformed the player and unauthorized for his partner (16C).")


# --- what every lead out of turn shares --------------------------------------------------


def lead_stands(state: TableState, offender: Seat, card: Card,
                correct: Seat) -> tuple[TableState, list[Text]]:
    """A lead out of turn that stands is a card played: if it was the offender's own penalty card
    it leaves the table, and the correct leader no longer leads, so no choice waits on him."""
    own = [p for p in state.penalty_cards_of(offender) if p.card == card]
    state = state.without_penalty_cards(own).without_pending(correct).evolve(on_lead=offender)
    state = state.placed(offender, card)
    steps: list[Text] = [Msg(
        "The {card.symbol} was {seat.value}'s penalty card: now that it has been led it leaves "
        "the table (50D1); how it came to be exposed is unauthorized for his partner (50E3).",
        card=card, seat=offender)] if own else []
    return state, steps


def refusal_options(state: TableState, offender: Seat, card: Card, leader: Seat,
                     origin: str) -> tuple[Option, ...]:
    """Declarer's 50D2/51B options over ``leader`` once the offender's card is a major penalty
    card (computed on the state as it would be; nothing is stored). A Law 26B prohibition
    waiting for ``leader``'s first lead is no part of this choice: it is offered after it."""
    after, _ = add_major(state, offender, card, origin)
    return tuple(Option(o.token, _refusal_label(o, leader))
                 for o in lead_options(after, leader))


def _refusal_label(option: Option, leader: Seat) -> Msg:
    """"Refuse the lead, then: " and the option's own label, first letter lower case, as one
    sentence for each option declarer's 50D2/51B choice offers (``penalty.lead_options``:
    tests/core/test_leads.py checks the two say the same)."""
    token = option.token
    verb, _, letters = token.partition(":")
    suits = token_suits(token) if verb in ("require", "forbid") else ()
    if verb == "require" and len(suits) == 1:
        return Msg("Refuse the lead, then: require a {suit.singular} lead", suit=suits[0])
    if verb == "forbid" and len(suits) == 1:
        return Msg("Refuse the lead, then: forbid {suit.plural} while {seat.value} keeps the "
                   "lead", suit=suits[0], seat=leader)
    if verb == "forbid" and len(suits) == 2:  # 51B2(b)
        return Msg("Refuse the lead, then: forbid {suit.plural} and {suit2.plural} while "
                   "{seat.value} keeps the lead", suit=suits[0], suit2=suits[1], seat=leader)
    if verb == "forbid" and len(suits) == 3:
        return Msg("Refuse the lead, then: forbid {suit.plural} and {suit2.plural} and "
                   "{suit3.plural} while {seat.value} keeps the lead", suit=suits[0],
                   suit2=suits[1], suit3=suits[2], seat=leader)
    if token == "any":
        return Msg("Refuse the lead, then: let {seat.value} lead anything (the card stays)",
                   seat=leader)
    label = str(option.label)  # an option no sentence above says (English only)
    return Msg("Refuse the lead, then: {option}", option=label[:1].lower() + label[1:])


def refuse_defender_lead(state: TableState, offender: Seat, card: Card, leader: Seat, token: str,
                         law: str, draft: Draft) -> TableState:
    """A defender's lead (opening or later) is refused: the card becomes a major penalty card
    (54D / 56) and, if his partner is the correct leader, declarer's 50D2 choice ``token`` is
    applied. Adds the laws, steps and information to ``draft``; returns the new state, with
    the correct leader on lead (declarer's options that follow wait for him)."""
    state, extra = add_major(state, offender, card, law)
    state = state.evolve(on_lead=leader)
    draft.cite(law, "50D")
    # with declarer's lead option next, the card may not stay (50D2(a) picks it up): the
    # steps say what happens in order, not "it stays" and then "it goes back"
    draft.steps += [Msg("The {card.symbol} is taken off the trick and becomes a major penalty "
                        "card of {seat.value}: it was led on purpose ({law}, 50B). Declarer's "
                        "lead option for {leader.value} decides whether it stays on the table "
                        "(50D2).", card=card, seat=offender, law=law, leader=leader)
                    if leader is offender.partner else
                    Msg("The {card.symbol} is taken off the trick but stays face up in front "
                        "of {seat.value} as a major penalty card: it was led on purpose ({law}, "
                        "50B).", card=card, seat=offender, law=law), *extra]
    information: Text = INFORMATION_ON_TABLE
    if leader is offender.partner:
        # The same choice the partner's lead always brings (50D2/51B, with a Law 26B
        # prohibition when one waits for this lead), resolved by its own handler.
        state, _ = offer_lead_options(state, leader)
        tokens = [o.token for o in lead_options(state, leader)]  # 26B is asked after them
        if token not in tokens:
            raise RuleError(Msg("{token} is not one of declarer's options here ({options})",
                                token=repr(token), options=", ".join(tokens)))
        chosen, state = choose_offered_lead(state, leader, token)
        draft.cite(*chosen.laws)
        draft.steps += chosen.steps
        if chosen.options:  # the separate 26B / 50D2 right, offered next
            draft.options.extend(chosen.options)
            draft.chooser = chosen.chooser
        information = chosen.information or information
    else:
        draft.steps.append(Msg("{leader.value} now leads as he should have. {offender.value} "
                               "must play the penalty card at his first legal opportunity "
                               "(50D1); whenever his partner is to lead while it is still on "
                               "the table, declarer chooses a lead option first (50D2).",
                               leader=leader, offender=offender))
    draft.information.append(information)
    return state


def restriction_words(state: TableState, seat: Seat) -> Text:
    """The latest restriction binding ``seat`` in words ("W must lead a diamond for his next
    lead (50D2(a))"), or ``""``; never the internal token."""
    found = state.restrictions_on(seat)
    return found[-1].describe() if found else ""


def forced(ruling: Ruling, pre: list[Text], laws: list[str], token: str,
            summary: Text) -> Ruling:
    """A ruling where the Laws leave one course: listed as the only option, already applied."""
    chooser = ruling.chooser or Chooser.DECLARER
    return replace(
        ruling,
        summary=summary,
        laws=unique([*laws, *ruling.laws]),
        steps=(*pre, *ruling.steps),
        options=(Option(token, Msg("The only course the Laws allow here")),),
        chooser=chooser,
        outcome={**ruling.outcome, "options": [token], "chooser": chooser},
    )


def pending_parts(pending: PendingChoice) -> tuple[Seat, Card, Seat]:
    if pending.offender is None or pending.card is None:
        raise RuleError(Msg("this choice has lost track of the card led out of turn"))
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
    check_may_play(state, ev.offender, held_lead=False)  # no lead once play stopped (68D)
    if ev.trick is not None:
        check_trick(ev.trick)
    if ev.trick == 1:
        raise RuleError(Msg("the lead to trick 1 is the opening lead: report it as an opening "
                            "lead out of turn (Law 54)"))
    if ev.offender is ev.correct_leader:
        raise RuleError(Msg("{seat.value} was the correct leader: that lead was in turn",
                            seat=ev.offender))
    own = check_card_free(state, ev.offender, ev.card)
    if own and not is_defender(ev.offender, declarer):
        raise RuleError(Msg("the {card.symbol} cannot be a penalty card of {seat.value}",
                            card=ev.card, seat=ev.offender))
    if ev.proper_lead is not None and ev.rho_card is not None:
        raise RuleError(Msg("give either the proper lead made afterwards (53B) or the card the "
                            "defender on the right played (53C), not both"))
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
    pre: list[Text] = []
    if last:
        pre.append(Msg("At trick 13 a lead out of turn cannot be accepted, even by a play to it: "
                       "it must be taken back (53A)."))
    elif ev.proper_lead is not None:
        return _proper_lead_made(state, ev, declarer, chooser)
    elif ev.rho_card is not None:
        return _wrong_defender_played(state, ev, declarer)
    elif ev.next_hand_played:
        ruling, state = _accept_lead(state, ev.offender, ev.card, ev.correct_leader, declarer)
        nxt = ev.offender.lho
        step = Msg("{seat.value}, next in rotation, played to the lead before any rectification "
                   "was assessed: that accepts it, and the right to rectification is lost (53A, "
                   "60A).", seat=nxt)
        return forced(replace(ruling, chooser=chooser), [step], ["53A", "60A1"], ACCEPT,
                       Msg("The {card.symbol} stands as the lead: {seat.value} has played to it "
                           "(53A, 60A).", card=ev.card, seat=nxt)), state
    options = _lead_options(state, ev, declarer, last)
    tokens = tuple(o.token for o in options)
    law = DEFENDER_LAW if defender_led else DECLARER_LAW
    if len(tokens) == 1:
        ruling, state = _resolve_lead(state, law, ev.offender, ev.card, ev.correct_leader,
                                      tokens[0])
        return forced(replace(ruling, chooser=chooser), pre, ["53A"], tokens[0],
                       Msg("At trick 13 the {card.symbol} must be taken back: {ruling}",
                           card=ev.card, ruling=ruling.summary)), state
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
        raise RuleError(Msg("only declarer's lead out of turn is chosen by both defenders "
                            "(55A)"))
    for seat, token in choices.items():
        if not is_defender(seat, declarer):
            raise RuleError(Msg("{seat.value} is not a defender: only they choose (55A)",
                                seat=seat))
        if token not in pending.options:
            raise RuleError(Msg("{option} is not an option here (options: {options})",
                                option=repr(token), options=", ".join(pending.options)))
    prevails = pending.offender.lho
    if prevails not in choices:
        raise RuleError(Msg("{seat.value}, next in turn after the lead, has not chosen: his "
                            "choice prevails if the defenders disagree (55A)", seat=prevails))
    return choices[prevails]


def _lead_options(state: TableState, ev: LeadOutOfTurn, declarer: Seat,
                  last: bool) -> tuple[Option, ...]:
    accept = () if last else (
        Option(ACCEPT, Msg("Accept the {card.symbol} as the lead (53A)", card=ev.card)),)
    if is_defender(ev.offender, declarer):
        if ev.correct_leader is ev.offender.partner:
            return (*accept, *refusal_options(state, ev.offender, ev.card, ev.correct_leader,
                                               "56"))
        return (*accept, Option(REJECT, Msg("Refuse it: the {card.symbol} becomes a major "
                                            "penalty card and {seat.value} leads (56)",
                                            card=ev.card, seat=ev.correct_leader)))
    if is_defender(ev.correct_leader, declarer):
        label = Msg("Have it taken back: {seat.value} leads (55B1)", seat=ev.correct_leader)
    else:
        label = Msg("Have it taken back: declarer leads from {seat.value}'s hand (55B2)",
                    seat=ev.correct_leader)
    return (*accept, Option(REJECT, label))


def _defender_lead_ruling(state: TableState, ev: LeadOutOfTurn, declarer: Seat,
                          options: tuple[Option, ...], pre: list[Text]) -> Ruling:
    partner_leads = ev.correct_leader is ev.offender.partner
    steps: list[Text] = [
        *pre,
        Msg("{offender.value} led the {card.symbol} when {leader.value} was to lead. Declarer "
            "chooses; nobody plays meanwhile (56).", offender=ev.offender, card=ev.card,
            leader=ev.correct_leader),
    ]
    if ACCEPT in [o.token for o in options]:
        steps.append(Msg("Accept: the {card.symbol} is the lead and {seat.value} plays next "
                         "(53A, 56A).", card=ev.card, seat=ev.offender.lho))
    if partner_leads:
        steps.append(Msg("Refuse: the {card.symbol} becomes a major penalty card and "
                         "{seat.value}, the offender's partner, leads; declarer at once requires "
                         "or forbids its suit (the card is picked up) or leaves it on the table "
                         "(56B, 50D2).", card=ev.card, seat=ev.correct_leader))
        laws: tuple[str, ...] = ("56", "53A", "50D2")
    else:
        steps.append(Msg("Refuse: the {card.symbol} becomes a major penalty card (56B, 50D) and "
                         "{seat.value} leads.", card=ev.card, seat=ev.correct_leader))
        laws = ("56", "53A", "50D")
    return Ruling(
        kind="lead_out_of_turn",
        summary=Msg("Lead out of turn by {seat.value}: declarer accepts it or refuses it.",
                    seat=ev.offender),
        laws=laws,
        steps=tuple(steps),
        options=options,
        chooser=Chooser.DECLARER,
        information=INFORMATION_ON_TABLE,
        outcome={"options": [o.token for o in options], "chooser": "declarer",
                 "penalty_cards": penalty_tokens(state)},
    )


def _declarer_lead_ruling(state: TableState, ev: LeadOutOfTurn, declarer: Seat,
                          options: tuple[Option, ...], pre: list[Text]) -> Ruling:
    from_dummy = ev.offender is declarer.partner
    prevails = ev.offender.lho
    wrong_hand = not is_defender(ev.correct_leader, declarer)
    led = (Msg("Declarer led the {card.symbol} from dummy when {leader.value} was to lead. "
               "Either defender may accept it or have it taken back; if they disagree, "
               "{prevails.value}, next to play after the irregular lead, decides (55A).",
               card=ev.card, leader=ev.correct_leader, prevails=prevails) if from_dummy
           else Msg("Declarer led the {card.symbol} from his own hand when {leader.value} was "
                    "to lead. Either defender may accept it or have it taken back; if they "
                    "disagree, {prevails.value}, next to play after the irregular lead, decides "
                    "(55A).", card=ev.card, leader=ev.correct_leader, prevails=prevails))
    steps: list[Text] = [*pre, led]
    if ACCEPT in [o.token for o in options]:
        steps.append(Msg("Accept: the lead stands and {seat.value} plays next (53A).",
                         seat=prevails))
    if wrong_hand and from_dummy:
        steps.append(Msg("Take back: the card returns to dummy and declarer leads any card from "
                         "{seat.value}'s hand (55B2); no penalty card (48A).",
                         seat=ev.correct_leader))
    elif wrong_hand:
        steps.append(Msg("Take back: the card returns to his own hand and declarer leads any "
                         "card from {seat.value}'s hand (55B2); no penalty card (48A).",
                         seat=ev.correct_leader))
    elif from_dummy:
        steps.append(Msg("Take back: the card returns to dummy and {seat.value} leads; nothing "
                         "more (55B1).", seat=ev.correct_leader))
    else:
        steps.append(Msg("Take back: the card returns to his own hand and {seat.value} leads; "
                         "nothing more (55B1).", seat=ev.correct_leader))
    steps.append(Msg("A defender who plays after a retraction but before declarer's lead from "
                     "the right hand makes his card a major penalty card (60B)."))
    return Ruling(
        kind="lead_out_of_turn",
        summary=Msg("Declarer's lead out of turn: the defenders accept it or have it taken back "
                    "({seat.value} decides if they disagree).", seat=prevails),
        laws=("55A", "55B2" if wrong_hand else "55B1", "53A"),
        steps=tuple(steps),
        options=options,
        chooser=Chooser.DEFENDERS,
        information=RETRACTED_INFORMATION,
        judgement=RETRACTED_JUDGEMENT,
        outcome={"options": [o.token for o in options], "chooser": "defenders",
                 "prevails": prevails.value, "penalty_cards": penalty_tokens(state)},
    )


def _accept_lead(state: TableState, offender: Seat, card: Card, correct: Seat,
                 declarer: Seat) -> tuple[Ruling, TableState]:
    law = "56A" if is_defender(offender, declarer) else "55A"
    state, left = lead_stands(state, offender, card, correct)
    return Ruling(
        kind="lead_choice",
        summary=Msg("The {card.symbol} stands as the lead; {seat.value} plays next.", card=card,
                    seat=offender.lho),
        laws=(law, "53A"),
        steps=(*left, Msg("The lead out of turn is treated as a correct lead (53A); the hand "
                          "that led it, {seat.value}, has the lead for this trick.",
                          seat=offender),
               Msg("Any earlier penalty card or restriction still applies (60A3).")),
        chooser=Chooser.DECLARER if is_defender(offender, declarer) else Chooser.DEFENDERS,
        information=Msg("An accepted lead is a legal play: what it shows is authorized (16A)."),
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
        raise RuleError(Msg("{option} is not an option: {seat.value} is not the offender's "
                            "partner", option=repr(token), seat=correct))
    draft = Draft(chooser=Chooser.DECLARER)
    draft.cite("56B")
    state = refuse_defender_lead(state, offender, card, correct, token, "56", draft)
    words = restriction_words(state, correct)
    on_table = any(p.card == card for p in state.penalty_cards)
    if words and on_table:
        summary = Msg("Lead refused: {seat.value} leads; {restriction}; {card.symbol} is a major "
                      "penalty card.", seat=correct, restriction=words, card=card)
    elif words:
        summary = Msg("Lead refused: {seat.value} leads; {restriction}; {card.symbol} has been "
                      "picked up.", seat=correct, restriction=words, card=card)
    elif on_table:
        summary = Msg("Lead refused: {seat.value} leads; {card.symbol} is a major penalty card.",
                      seat=correct, card=card)
    else:
        summary = Msg("Lead refused: {seat.value} leads; {card.symbol} has been picked up.",
                      seat=correct, card=card)
    draft.summary.append(summary)
    draft.judgement.append(Msg("If the penalty card helped the defenders and damaged declarer, "
                               "the Director may adjust at the end of play (50E4)."))
    draft.outcome.update(next_to_lead=correct.value, penalty_cards=penalty_tokens(state),
                         restriction=restriction_token(state, correct))
    return draft.build("lead_choice"), state


def _retract_declarer_lead(state: TableState, offender: Seat, card: Card, correct: Seat,
                           declarer: Seat) -> tuple[Ruling, TableState]:
    wrong_hand = not is_defender(correct, declarer)
    never = Msg("Declarer's cards never become penalty cards (48A).")
    if wrong_hand:
        law = "55B2"
        steps = (Msg("Declarer takes the {card.symbol} back into {offender.value}'s hand and "
                     "must lead from {leader.value}'s hand, any card he likes (55B2).",
                     card=card, offender=offender, leader=correct), never)
        summary = Msg("The {card.symbol} goes back; declarer leads any card from {seat.value}.",
                      card=card, seat=correct)
    else:
        law = "55B1"
        steps = (Msg("The {card.symbol} goes back to {offender.value}'s hand with no further "
                     "rectification, and {leader.value} leads (55B1).", card=card,
                     offender=offender, leader=correct), never)
        summary = Msg("The {card.symbol} goes back; {seat.value} leads.", card=card,
                      seat=correct)
    return Ruling(
        kind="lead_choice",
        summary=summary,
        laws=(law, "48A"),
        steps=steps,
        chooser=Chooser.DEFENDERS,
        information=RETRACTED_INFORMATION,
        judgement=RETRACTED_JUDGEMENT,
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
        summary=Msg("The {card.symbol} goes back without rectification: an opponent told "
                    "{seat.value} it was his turn (47E1).", card=ev.card, seat=ev.offender),
        laws=("47E1", "16C"),
        steps=(
            Msg("{seat.value} led because an opponent wrongly told him it was his turn: the card "
                "is taken back and nothing more happens; it is not a penalty card (47E1).",
                seat=ev.offender),
            Msg("{seat.value} may not accept that lead (47E1).", seat=ev.offender.lho),
            Msg("{seat.value} leads.", seat=ev.correct_leader),
            Msg("A play made in these circumstances does not establish an earlier revoke (47E1, "
                "63A1)."),
        ),
        information=WITHDRAWN_INFORMATION,
        chooser=chooser,
        outcome={"options": [], "chooser": chooser, "next_to_lead": ev.correct_leader.value,
                 "penalty_cards": penalty_tokens(state),
                 "restriction": restriction_token(state, ev.correct_leader)},
    ), state


def _proper_lead_made(state: TableState, ev: LeadOutOfTurn, declarer: Seat,
                      chooser: Chooser) -> tuple[Ruling, TableState]:
    assert ev.proper_lead is not None
    if not ev.offender.is_opponent_of(ev.correct_leader):
        raise RuleError(Msg("53B needs the correct leader to be an opponent of the player who "
                            "led out of turn; {seat.value} is his partner",
                            seat=ev.correct_leader))
    check_card_free(state, ev.correct_leader, ev.proper_lead)
    state = state.placed(ev.correct_leader, ev.proper_lead).placed(ev.offender, ev.card,
                                                                   Place.HAND)  # 47F1
    return Ruling(
        kind="lead_out_of_turn",
        summary=Msg("{leader.value}'s {proper.symbol} is the lead; the {card.symbol} goes back "
                    "to {offender.value}'s hand.", leader=ev.correct_leader,
                    proper=ev.proper_lead, card=ev.card, offender=ev.offender),
        laws=("53B", "16C"),
        steps=(
            Msg("{seat.value}, whose turn it was, made his proper lead: it stands and is not a "
                "card played to the irregular lead (53B).", seat=ev.correct_leader),
            Msg("The {card.symbol} and any other card played in error to this trick may be taken "
                "back, without a penalty card (53B, 47F1).", card=ev.card),
        ),
        information=Msg("Information from the withdrawn cards is authorized for the side that "
                        "did not err and unauthorized for the offenders (16C)."),
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
        raise RuleError(Msg("53C is about declarer's lead out of turn; the card here came from "
                            "a defender"))
    rho = ev.offender.rho
    if role_of(rho, declarer) is not Role.DEFENDER:
        raise RuleError(Msg("{seat.value} is not a defender", seat=rho))
    # 57C1: once declarer has played from both hands, the early play is not rectified
    ruling, state = premature_play(state.placed(ev.offender, ev.card),
                                   PrematurePlay(rho, ev.rho_card, ev.card.suit,
                                                 declarer_played_both=ev.dummy_played))
    steps = (
        Msg("Declarer led the {card.symbol} out of turn and {seat.value}, on the right of that "
            "lead, played to it before his partner: the lead stands (53C).", card=ev.card,
            seat=rho),
        *ruling.steps,
    )
    return replace(
        ruling,
        kind="lead_out_of_turn",
        summary=Msg("The {card.symbol} stands as the lead; {seat.value} played too early (53C, "
                    "57A).", card=ev.card, seat=rho),
        laws=unique(["53C", *ruling.laws]),
        steps=steps,
        outcome={**ruling.outcome, "next_to_lead": ev.offender.value},
    ), state

