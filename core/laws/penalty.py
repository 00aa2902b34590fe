"""Penalty cards: how they are made and classified (Law 50B), declarer's options when the
offender's partner is to lead (Laws 50D2, 51B), and a penalty card not played (Law 52).

Other law families (leads out of turn, premature plays, revokes, Law 24) create penalty cards
through :func:`add_penalty_cards` and offer the lead options through :func:`lead_options`, so the
50B and 50D2 logic lives in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import combinations

from core.cards import SUITS, Card, Suit, cards_text, parse_card
from core.errors import USER_ERRORS, RuleError
from core.laws import course, lead26, obligations, waits
from core.registry import Event, choice_handler, event, rule
from core.ruling import Option, Ruling
from core.seats import Seat, is_defender, opening_leader
from core.state import (
    Chooser,
    Lasts,
    PenaltyCard,
    PenaltyKind,
    PendingChoice,
    Phase,
    Restriction,
    RestrictionKind,
    TableState,
)
from core.text import Msg, Text
from core.validity import hand_size_problem

LEAD_OPTIONS_LAW = "50D2"
INFORMATION_ON_TABLE: Text = Msg(
    "While a penalty card is on the table, everything it shows, including what must be done "
    "with it, is authorized for every player (50E1)."
)


def require_declarer(state: TableState) -> Seat:
    if state.declarer is None:
        raise RuleError(Msg("the declarer is not known yet: set the board's declarer first"))
    return state.declarer


def require_defender(state: TableState, seat: Seat) -> Seat:
    declarer = require_declarer(state)
    if not is_defender(seat, declarer):
        raise RuleError(Msg("only a defender can have penalty cards; {seat.value} is on "
                            "declarer's side", seat=seat))
    return declarer


def classify(cards: Iterable[Card], deliberate: bool, already: int = 0) -> PenaltyKind:
    """Law 50B: a single card below honour rank exposed inadvertently is minor; an honour, a card
    exposed through deliberate play, or one of two or more penalty cards in a hand is major."""
    cards = list(cards)
    if deliberate or already + len(cards) > 1 or any(c.is_honour for c in cards):
        return PenaltyKind.MAJOR
    return PenaltyKind.MINOR


def add_penalty_cards(
    state: TableState, seat: Seat, cards: Iterable[Card], *, deliberate: bool, origin: str
) -> tuple[TableState, list[Text]]:
    """Put ``cards`` on the table as ``seat``'s penalty cards, reclassifying under 50B.

    Returns the new state and the steps that explain what happened (e.g. a minor card
    turning major).
    """
    cards = list(cards)
    mine = state.penalty_cards_of(seat)
    taken = {p.card for p in state.penalty_cards}
    for card in cards:
        if card in taken:
            raise RuleError(Msg("the {card.symbol} is already a penalty card", card=card))
    steps: list[Text] = []
    kind = classify(cards, deliberate, already=len(mine))
    new = [PenaltyCard(seat, c, kind, origin) for c in cards]
    total = len(mine) + len(new)
    upgraded = []
    for p in mine:
        if p.kind is PenaltyKind.MINOR and total > 1:
            upgraded.append(replace(p, kind=PenaltyKind.MAJOR))
            steps.append(Msg(
                "{seat.value} now has {n} penalty cards, so the {card.symbol} becomes a "
                "major penalty card too (50B).", seat=seat, n=total, card=p.card
            ))
        else:
            upgraded.append(p)
    others = [p for p in state.penalty_cards if p.seat is not seat]
    state = state.with_penalty_cards([*others, *upgraded, *new])
    problem = hand_size_problem(state, seat)  # e.g. fourteen cards typed as exposed
    if problem is not None:
        raise RuleError(problem)
    return state, steps


def kind_reason(cards: list[Card], deliberate: bool, already: int) -> Msg:
    if already + len(cards) > 1:
        return Msg("a defender with two or more penalty cards has every one of them major (50B)")
    if deliberate:
        return Msg("a card exposed through deliberate play is a major penalty card (50B)")
    if cards[0].is_honour:
        return Msg("an honour (A K Q J 10) is always a major penalty card (50B)")
    return Msg("a single card below honour rank exposed by accident is a minor penalty card "
               "(50B)")


def major_suits(state: TableState, seat: Seat) -> list[Suit]:
    """Suits in which ``seat`` has a major penalty card, in spades-first order."""
    suits = {p.card.suit for p in state.penalty_cards_of(seat) if p.kind is PenaltyKind.MAJOR}
    return [s for s in SUITS if s in suits]


def lead_options(state: TableState, leader: Seat) -> tuple[Option, ...]:
    """Declarer's options before ``leader`` leads while his partner has major penalty cards
    (50D2 for one suit, 51B for several): require or forbid one such suit, or neither."""
    suits = major_suits(state, leader.partner)
    if not suits:
        return ()
    options = [Option(f"require:{s.letter}", Msg("Require a {suit.singular} lead", suit=s))
               for s in suits]
    options += [
        Option(f"forbid:{s.letter}", Msg("Forbid {suit.plural} while {seat.value} keeps the lead",
                                         suit=s, seat=leader))
        for s in suits
    ]
    # 51B2(b): with penalty cards in several suits declarer may prohibit more than one of them
    options += [
        Option(f"forbid:{''.join(s.letter for s in group)}", _forbid_several(group, leader))
        for group in _suit_groups(suits)
    ]
    options.append(Option("any", Msg("Let {seat.value} lead anything (the card stays)",
                                     seat=leader)))
    return tuple(options)


def _forbid_several(group: tuple[Suit, ...], leader: Seat) -> Msg:
    """The label forbidding two, three or four suits at once (51B2(b))."""
    if len(group) == 2:
        return Msg("Forbid {suit1.plural} and {suit2.plural} while {seat.value} keeps the lead",
                   suit1=group[0], suit2=group[1], seat=leader)
    if len(group) == 3:
        return Msg("Forbid {suit1.plural} and {suit2.plural} and {suit3.plural} while "
                   "{seat.value} keeps the lead",
                   suit1=group[0], suit2=group[1], suit3=group[2], seat=leader)
    return Msg("Forbid {suit1.plural} and {suit2.plural} and {suit3.plural} and {suit4.plural} "
               "while {seat.value} keeps the lead",
               suit1=group[0], suit2=group[1], suit3=group[2], suit4=group[3], seat=leader)


def _suit_groups(suits: list[Suit]) -> list[tuple[Suit, ...]]:
    """Every set of two or more of ``suits`` (51B2(b)), smallest first."""
    return [group for size in range(2, len(suits) + 1) for group in combinations(suits, size)]


def token_suits(token: str) -> tuple[Suit, ...]:
    """The suits a lead-option token names (``forbid:SH`` → spades, hearts)."""
    _, _, letters = token.partition(":")
    return tuple(Suit.parse(letter) for letter in letters)


def lead_options_law(state: TableState, offender: Seat, token: str = "") -> str:
    """Which paragraph governs declarer's lead options for these penalty cards."""
    majors = [p for p in state.penalty_cards_of(offender) if p.kind is PenaltyKind.MAJOR]
    suits = {p.card.suit for p in majors}
    if len(majors) <= 1:
        return "50D2(b)" if token == "any" else "50D2(a)"
    if len(suits) == 1:
        return {"require": "51B1(a)", "forbid": "51B1(b)"}.get(token.split(":")[0], "50D2(b)")
    return {"require": "51B2(a)", "forbid": "51B2(b)"}.get(token.split(":")[0], "51B2(c)")


def due_lead_options(state: TableState, leader: Seat) -> tuple[str, tuple[Option, ...]] | None:
    """Declarer's lead options before ``leader`` leads, when the Laws make them due and no
    ruling has recorded them: his partner has major penalty cards (50D2, 51B) or a Law 26B
    prohibition waits, and declarer has not chosen for this lead yet. The law and the options;
    ``/state`` shows them (:func:`core.view.due_lead_choice`) and a card he leads first is
    refused (:func:`core.laws.flow.card_played`)."""
    if state.phase is not Phase.PLAY or state.declarer is None or waits.claimed_by(state):
        return None
    if not is_defender(leader, state.declarer) or state.lead_chosen is leader:
        return None
    if waits.lead_made(state, leader):  # his lead to this trick is made: due at his next lead
        return None
    if waits.recorded_wait(state, leader, leading=True) is not None:
        return None
    new, options = offer_lead_options(state, leader)
    if not options:
        return None
    # the lead choice just offered, never another choice on him (57A: his play to a trick)
    law = next(p.law for p in new.pending_for(leader) if p.law in waits.LEAD_CHOICE_LAWS)
    return law, options


def offer_lead_options(
    state: TableState, leader: Seat, *, law: str = LEAD_OPTIONS_LAW
) -> tuple[TableState, tuple[Option, ...]]:
    """Record that declarer must choose before ``leader`` leads (replacing any older wait);
    a Law 26B prohibition waiting for this lead joins the same choice (see ``lead26``)."""
    options = lead_options(state, leader)
    # replaces an older offer of the same choice (brought up to date); never another choice
    state = state.evolve(pending=tuple(
        p for p in state.pending if p.seat is not leader or p.law not in waits.LEAD_CHOICE_LAWS))
    options, law = lead26.combine(state, leader, options, law)
    if options:
        state = state.evolve(
            pending=(
                *state.pending,
                PendingChoice(
                    law=law,
                    chooser=Chooser.DECLARER,
                    seat=leader,
                    options=tuple(o.token for o in options),
                    offender=leader.partner,
                ),
            ),
        )
    return state, options


# --- a defender is to lead -----------------------------------------------------------


@event("partner_lead")
@dataclass(frozen=True)
class PartnerLead(Event):
    """``leader`` is on lead now (``/lead``): to ``trick`` when the report says which. The lead
    ends other players' lead restrictions (``core.laws.course``); a defender's lead brings
    declarer's options when his partner has major penalty cards (50D2, 51B, 26B) and his own
    major penalty card when he has one (50D1)."""

    leader: Seat
    trick: int | None = None


@rule(PartnerLead)
def partner_lead(state: TableState, ev: PartnerLead) -> tuple[Ruling, TableState]:
    require_declarer(state)
    waiting = obligations.lead_waits(state, ev.leader, ev.trick)
    if waiting is not None:  # play stopped, or a pending choice: wait, and change nothing
        return waiting, state
    # he has made his lead to the trick reported: on lead again, he leads to the next one (his
    # side kept the lead), and declarer's options come back (50D2(b), 51B2 footnote)
    led = ev.trick is None and waits.lead_made(state, ev.leader)
    again: list[Text] = [Msg("{seat.value} has already led to the trick reported: on lead "
                             "again, he leads to the next trick (his side kept the lead).",
                             seat=ev.leader)] if led else []
    if ev.trick is not None and state.trick is not None and ev.trick < state.trick:
        raise RuleError(Msg("trick {n} has already been reported at this table: give the "
                            "trick being led to now", n=state.trick))
    opening = opening_lead_words(state, ev.leader, ev.trick)
    state, ended, doubtful = course.report(state, trick=ev.trick, leader=ev.leader, again=led)
    if doubtful:
        state, ruling = course.ask(state, ev.leader, doubtful, ev.trick)
    else:
        ruling, state = lead_ruling(state, ev.leader)
    if opening or again:
        ruling = replace(ruling, steps=(*again, *opening, *ruling.steps))
    if not ended:  # the usual case: nothing to add, so no copy of the ruling (issue 27)
        return ruling, state
    over = course.ended_step(ended)
    laws = tuple(dict.fromkeys((*ruling.laws, *(r.origin for r in ended))))
    return replace(ruling, steps=(*over, *ruling.steps), laws=laws), state


def offered_again(state: TableState, leader: Seat, trick: int | None = None) -> Ruling | None:
    """The answer to ``leader`` reported on lead again while declarer's lead options for his
    lead are still open (50D2, 51B, 26B), when the report would change nothing on the table:
    the same choice with the same options, to be shown again under the ruling that offered it
    rather than recorded as another. None when the report is news (a later trick, options
    changed since by another penalty card): it is recorded and ruled on as any report."""
    if not any(p.seat is leader and p.law in waits.LEAD_CHOICE_LAWS for p in waits.live(state)):
        return None
    try:
        ruling, after = partner_lead(state, PartnerLead(leader, trick))
    except USER_ERRORS:
        return None  # recording it gives the refusal
    unchanged = (set(after.pending) == set(state.pending)  # the choice is replaced in place
                 and after.evolve(pending=state.pending) == state)
    return ruling if unchanged and ruling.options else None


def binding_leads(state: TableState, leader: Seat) -> tuple[Restriction, ...]:
    """The restrictions on ``leader``'s lead now (57A/57D bind plays, never a lead)."""
    return tuple(r for r in state.restrictions_on(leader) if r.lasts is not Lasts.THIS_PLAY)


def _own_cards(state: TableState, leader: Seat) -> list[Text]:
    """50D1: a defender on lead with his own major penalty cards must lead one of them."""
    own = [p.card for p in state.penalty_cards_of(leader) if p.kind is PenaltyKind.MAJOR]
    if not own:
        return []
    if len(own) > 1:
        return [Msg("{seat.value} has {cards} as major penalty cards of his own: he must lead one "
                    "of them, the one declarer names (50D1, 51A), unless a lead restriction "
                    "forbids it (50D1(b)).", seat=leader, cards=cards_text(own))]
    return [Msg("{seat.value} has {cards} as major penalty card of his own: he must lead it "
                "(50D1), unless a lead restriction forbids it (50D1(b)).",
                seat=leader, cards=cards_text(own))]


def opening_lead_words(state: TableState, leader: Seat, trick: int | None) -> list[Text]:
    """``leader`` reported on lead while the table is at the opening lead, which is another
    player's: to trick 1 that is no lead in turn but an opening lead out of turn (54, ruled by
    ``/lead-out-of-turn``), so it is refused; with no trick he leads to a later trick, and the
    answer says so (a card he led to trick 1 would be Law 54's)."""
    declarer = require_declarer(state)
    opening = opening_leader(declarer)
    at_opening = state.trick == 1 and state.on_lead is not None
    if trick == 1 and leader is not opening and not (at_opening and state.on_lead is leader):
        raise RuleError(Msg("{opening.value} makes the opening lead, not {seat.value}: a card "
                            "{seat.value} led to trick 1 is an opening lead out of turn (Law "
                            "54): report it with /{cmd[lead-out-of-turn]} {opt[opening]}:true",
                            opening=opening, seat=leader))
    if trick is None and at_opening and state.on_lead is not leader:
        return [Msg("{seat.value} is on lead to a trick after the opening lead, which is "
                    "{opening.value}'s (give {opt[trick]}: to say which). If {seat.value} led to "
                    "trick 1 instead, that is an opening lead out of turn (Law 54): "
                    "/{cmd[lead-out-of-turn]} "
                    "{opt[opening]}:true.", seat=leader, opening=state.on_lead)]
    return []


def lead_ruling(state: TableState, leader: Seat) -> tuple[Ruling, TableState]:
    """The answer to "``leader`` is on lead": what binds his lead, and declarer's options."""
    declarer = require_declarer(state)
    if not is_defender(leader, declarer):
        said = (Msg("{seat.value} (declarer) is on lead: the defenders' lead restrictions end "
                    "with their lead; declarer may lead any card.", seat=leader)
                if leader is declarer else
                Msg("{seat.value} (dummy) is on lead: the defenders' lead restrictions end "
                    "with their lead; declarer may lead any card.", seat=leader))
        return Ruling(
            kind="partner_lead",
            summary=said,
            laws=("44",),
            outcome={"options": []},
            record=True,  # nothing binds declarer's side: the table's record
        ), state
    offender = leader.partner
    cards = state.penalty_cards_of(offender)
    holds = binding_leads(state, leader)
    own = _own_cards(state, leader)
    still: list[Text] = [Msg("Still binding: {restriction}.", restriction=r.describe())
                         for r in holds]
    if state.lead_chosen is leader:  # declarer has chosen for this very lead already
        chosen: Text = (
            Msg("Declarer has already chosen for {seat.value}'s lead: {restrictions}.",
                seat=leader, restrictions=course.described(holds)) if holds else
            Msg("Declarer has already chosen for {seat.value}'s lead and left it free; his own "
                "penalty card still binds it (50D1).", seat=leader) if own else
            Msg("Declarer has already chosen for {seat.value}'s lead: he may lead any card.",
                seat=leader))
        mine = [p.card for p in state.penalty_cards_of(leader) if p.kind is PenaltyKind.MAJOR]
        later = Msg("If this is a later lead, report it with its trick (/{cmd[lead]} "
                    "{opt[seat]}:{typed} {opt[trick]}:…): declarer's options come back at each new "
                    "lead while the penalty cards remain (50D2(b)).", typed=leader.value)
        return Ruling(
            kind="partner_lead",
            # his own major penalty card binds the lead whatever declarer chose (50D1)
            summary=_must_lead_own(leader, mine, bool(holds)) if own else chosen,
            laws=tuple(dict.fromkeys((*(r.origin for r in holds), *(
                ("50D1", *(("51A",) if len(mine) > 1 else ())) if own else ())))) or ("50D2",),
            steps=(*own, chosen, later) if own else (*own, later),
            information=INFORMATION_ON_TABLE if cards or own else "",
            outcome={"options": []},
        ), state
    new_state, options = offer_lead_options(state, leader)
    if options and not major_suits(state, offender):
        ruling = lead26.offer_ruling(state, leader, options)
        if still or own:
            ruling = replace(ruling, steps=(*still, *own, *ruling.steps))
        return ruling, new_state
    if not options:
        laws: tuple[str, ...] = tuple(r.origin for r in holds)
        steps = [*still, *own]
        summary: Text
        if own:
            own_cards = [p.card for p in state.penalty_cards_of(leader)
                         if p.kind is PenaltyKind.MAJOR]
            summary = _must_lead_own(leader, own_cards, bool(holds))
            laws = (*laws, "50D1", *(("51A",) if len(own_cards) > 1 else ()))
        elif holds:
            summary = Msg("{seat.value} leads, bound by {restrictions}.", seat=leader,
                          restrictions=course.described(holds))
        elif cards:
            summary = Msg("{seat.value} may lead any card: a minor penalty card gives declarer "
                          "no lead options.", seat=leader)
        else:
            summary = Msg("{seat.value} may lead any card: {offender.value} has no penalty card.",
                          seat=leader, offender=offender)
        if cards and not major_suits(state, offender):
            steps.append(Msg("{seat.value}'s {cards} is a minor penalty card: it restricts only "
                             "its owner's plays, never his partner's lead (50C).",
                             seat=offender, cards=cards_text(p.card for p in cards)))
            laws = (*laws, "50C")
        return Ruling(
            kind="partner_lead",
            summary=summary,
            laws=tuple(dict.fromkeys(laws or ("50D2",))),
            steps=tuple(steps),
            information=INFORMATION_ON_TABLE if cards or own else "",
            outcome={"options": []},
            record=not (own or holds),  # nothing binds the lead: the table's record
        ), new_state
    majors = [p.card for p in cards if p.kind is PenaltyKind.MAJOR]
    several = len(majors) > 1
    laws = ("50D2", "51B") if several else ("50D2",)
    prohibit = lead26.eligible_suits(state, leader)
    if prohibit:
        laws = (*laws, lead26.LAW)
    steps = [
        *still,
        *own,
        Msg("{seat.value} may not lead until declarer has chosen (50D2); a card he leads "
            "before that becomes a penalty card itself (49).", seat=leader),
        Msg("Declarer may require the lead of a penalty card's suit, or forbid that suit for as "
            "long as {seat.value} keeps the lead; either way the penalty cards of that suit go "
            "back to the hand (50D2(a), 51B).", seat=leader) if several else
        Msg("Declarer may require the lead of a penalty card's suit, or forbid that suit for as "
            "long as {seat.value} keeps the lead; either way the penalty cards of that suit go "
            "back to the hand (50D2(a)).", seat=leader),
        Msg("Or declarer may leave it: any lead, and the penalty cards stay on the table; the "
            "choice comes back each time {seat.value} is to lead while they remain (50D2(b)).",
            seat=leader),
        *(lead26.explain(leader, prohibit)[:1] if prohibit else []),
    ]
    return Ruling(
        kind="partner_lead",
        summary=Msg("Declarer chooses before {seat.value} leads: {offender.value} has {cards} as "
                    "major penalty cards.", seat=leader, offender=offender,
                    cards=cards_text(majors)) if several else
        Msg("Declarer chooses before {seat.value} leads: {offender.value} has {cards} as major "
            "penalty card.", seat=leader, offender=offender, cards=cards_text(majors)),
        laws=laws,
        steps=tuple(steps),
        options=options,
        chooser=Chooser.DECLARER,
        information=INFORMATION_ON_TABLE,
        outcome={"options": [o.token for o in options]},
    ), new_state


def _must_lead_own(leader: Seat, own: list[Card], restricted: bool) -> Msg:
    """50D1: the defender on lead must lead his own major penalty card (51A: one of several)."""
    if len(own) == 1:
        if restricted:
            return Msg("{seat.value} must lead his penalty card {cards} unless his restriction "
                       "forbids it.", seat=leader, cards=cards_text(own))
        return Msg("{seat.value} must lead his penalty card {cards}.", seat=leader,
                   cards=cards_text(own))
    if restricted:
        return Msg("{seat.value} must lead his penalty card (one of {cards}, declarer names "
                   "which) unless his restriction forbids it.", seat=leader, cards=cards_text(own))
    return Msg("{seat.value} must lead his penalty card (one of {cards}, declarer names which).",
               seat=leader, cards=cards_text(own))


def restrictions_for(leader: Seat, token: str, origin: str) -> tuple[Restriction, ...]:
    """The restrictions a lead-option token puts on ``leader`` (``any`` puts none; a 51B2(b)
    prohibition of several suits puts one per suit)."""
    if token == "any":
        return ()
    verb = token.split(":")[0]
    if verb == "require":
        return tuple(Restriction(leader, RestrictionKind.REQUIRE, suit, Lasts.THIS_LEAD, origin)
                     for suit in token_suits(token))
    return tuple(Restriction(leader, RestrictionKind.FORBID, suit, Lasts.WHILE_ON_LEAD, origin)
                 for suit in token_suits(token))


@choice_handler(LEAD_OPTIONS_LAW)
def choose_lead_option(
    state: TableState, pending: PendingChoice, token: str
) -> tuple[Ruling, TableState]:
    """Declarer's 50D2/51B choice: pick up the cards of the named suit and bind the leader."""
    leader = pending.seat
    offender = pending.offender or leader.partner
    law = lead_options_law(state, offender, token)
    restrictions = restrictions_for(leader, token, law)
    state = state.evolve(lead_chosen=leader)
    if not restrictions:
        left = state.penalty_cards_of(offender)
        remaining = cards_text(p.card for p in left)
        return Ruling(
            kind="lead_choice",
            summary=Msg("Declarer leaves it: {seat.value} may lead anything; the {cards} stays "
                        "on the table as a penalty card.", seat=leader, cards=remaining)
            if len(left) == 1 else
            Msg("Declarer leaves it: {seat.value} may lead anything; the {cards} stay on the "
                "table as penalty cards.", seat=leader, cards=remaining),
            laws=(law,),
            steps=(
                Msg("{seat.value} must still play his penalty cards at the first legal "
                    "opportunity (50D1).", seat=offender),
                Msg("If {seat.value} keeps the lead, declarer has the same options again before "
                    "the next lead.", seat=leader),
            ),
            information=INFORMATION_ON_TABLE,
            outcome={"restriction": "", "restriction_lasts": ""},
        ), state
    suits = [r.suit for r in restrictions]
    picked = [p for p in state.penalty_cards_of(offender) if p.card.suit in suits]
    state = state.without_penalty_cards(picked, back_to_hand=True)
    for restriction in restrictions:
        state = state.with_restriction(restriction)
    first = restrictions[0]
    summary: Text
    binds: Text
    if first.kind is RestrictionKind.REQUIRE:
        assert first.suit is not None
        summary = Msg("{seat.value} must lead a {suit.singular} (any {suit.singular} he holds).",
                      seat=leader, suit=first.suit)
        binds = Msg("The restriction binds {seat.value} for this lead. If he has no "
                    "{suit.singular} he may lead any card (59).", seat=leader, suit=first.suit)
    else:
        summary = _may_not_lead(leader, suits)
        binds = Msg("The restriction binds {seat.value} until his side loses the lead. If he "
                    "holds nothing else he may lead one (59). It binds only his leads, never "
                    "following suit or discarding.", seat=leader)
    returned = cards_text(p.card for p in picked)
    steps: list[Text] = [
        Msg("{cards} goes back to {seat.value}'s hand and is no longer a penalty card.",
            cards=returned, seat=offender) if len(picked) == 1 else
        Msg("{cards} go back to {seat.value}'s hand and are no longer penalty cards.",
            cards=returned, seat=offender),
        binds,
    ]
    left = state.penalty_cards_of(offender)
    if left:
        steps.append(Msg("{cards} stay on the table as penalty cards.",
                         cards=cards_text(p.card for p in left)))
    return Ruling(
        kind="lead_choice",
        summary=summary,
        laws=(law, "59"),
        steps=tuple(steps),
        information=Msg("Information from the returned card is unauthorized for {seat.value} "
                        "(the offender's partner) but authorized for declarer (50E2).",
                        seat=leader),
        outcome={"restriction": " ".join(r.token for r in restrictions),
                 "restriction_lasts": first.lasts.value},
    ), state


def _may_not_lead(leader: Seat, suits: list[Suit | None]) -> Msg:
    """The summary of a 50D2(a)/51B prohibition of one, two, three or four suits."""
    named = [suit for suit in suits if suit]
    if len(named) == 1:
        return Msg("{seat.value} may not lead a {suit.singular} for as long as he keeps the lead.",
                   seat=leader, suit=named[0])
    if len(named) == 2:
        return Msg("{seat.value} may not lead a {suit1.singular} or a {suit2.singular} for as "
                   "long as he keeps the lead.", seat=leader, suit1=named[0], suit2=named[1])
    if len(named) == 3:
        return Msg("{seat.value} may not lead a {suit1.singular} or a {suit2.singular} or a "
                   "{suit3.singular} for as long as he keeps the lead.", seat=leader,
                   suit1=named[0], suit2=named[1], suit3=named[2])
    return Msg("{seat.value} may not lead a {suit1.singular} or a {suit2.singular} or a "
               "{suit3.singular} or a {suit4.singular} for as long as he keeps the lead.",
               seat=leader, suit1=named[0], suit2=named[1], suit3=named[2], suit4=named[3])


# --- Law 52: failure to lead or play a major penalty card -----------------------------


NOT_PLAYED_LAW = waits.NOT_PLAYED_LAW
ACCEPT_PLAYED, REJECT_PLAYED = "accept", "reject"


@event("penalty_not_played")
@dataclass(frozen=True)
class PenaltyNotPlayed(Event):
    """A defender led or played ``played`` when he had to play a penalty card (a major one at
    its first legal opportunity, 50D1; a minor one rather than a lower card of its suit, 50C).

    ``accepted`` is declarer's 52B1(a) choice; ``None`` when he has not been asked yet (a
    defender reporting his own slip), so the ruling asks him."""

    seat: Seat
    played: Card
    accepted: bool | None = False
    declarer_played_since: bool = False
    instead_of: Card | None = None  # the penalty card he should have played, if he had several


def owed_penalty_cards(state: TableState,
                       ev: PenaltyNotPlayed) -> tuple[list[PenaltyCard], list[PenaltyCard]]:
    """The penalty cards he failed to play, and the one (if known) he must play instead."""
    require_defender(state, ev.seat)
    if any(p.card == ev.played for p in state.penalty_cards):
        raise RuleError(Msg("the {card.symbol} is itself a penalty card", card=ev.played))
    # Law 52 covers every penalty card: a major one not played at its first legal opportunity
    # (50D1), and a minor one passed over for a lower card of its suit (50C).
    owing = [p for p in state.penalty_cards_of(ev.seat) if p.kind is PenaltyKind.MAJOR]
    owing += [p for p in state.penalty_cards_of(ev.seat) if p.kind is PenaltyKind.MINOR
               and p.card.suit is ev.played.suit and not ev.played.is_honour]
    if not owing:
        if state.penalty_cards_of(ev.seat):
            raise RuleError(Msg("{seat.value}'s only penalty card is minor, and a minor penalty "
                                "card bars only the other cards of its suit below honour rank "
                                "(50C): the {card.symbol} was a legal play",
                                seat=ev.seat, card=ev.played))
        raise RuleError(Msg("{seat.value} has no penalty card on the table", seat=ev.seat))
    if ev.instead_of is not None:
        owed = [p for p in owing if p.card == ev.instead_of]
        if not owed:
            raise RuleError(Msg("the {card.symbol} is not one of {seat.value}'s penalty cards he "
                                "had to play", card=ev.instead_of, seat=ev.seat))
    elif len(owing) == 1:
        owed = owing
    else:  # of several, the one of the suit he played is the one he had to play (44C, 50D1)
        same_suit = [p for p in owing if p.card.suit is ev.played.suit]
        owed = same_suit if len(same_suit) == 1 else []
    return owing, owed


def penalty_not_played(state: TableState, ev: PenaltyNotPlayed) -> tuple[Ruling, TableState]:
    """Law 52's ruling; the rule for the event (:func:`core.laws.revoke.not_played`) first asks
    whether a claim has established the revoke (63A3)."""
    held = waits.recorded_wait(state, ev.seat, leading=False)
    if held is not None and held.law in waits.HOLDS_EVERYONE:
        # nobody plays while declarer (or the defenders) decide about a lead out of turn
        # (54, 55, 56): a card played instead of a penalty card waits too, as any card played
        raise RuleError(waits.must_wait_words(ev.seat, waits.chooser_of(held)[0], held.law))
    owing, owed = owed_penalty_cards(state, ev)
    if ev.accepted is None and not ev.declarer_played_since:
        return _ask_declarer(state, ev, owing, owed)
    return _rule52(state, ev, owing, owed)


def _ask_declarer(state: TableState, ev: PenaltyNotPlayed, owing: list[PenaltyCard],
                  owed: list[PenaltyCard]) -> tuple[Ruling, TableState]:
    """52B1(a): the choice is declarer's, whoever reported the slip; play waits for it."""
    names = cards_text(p.card for p in owing)
    one = len(owing) == 1
    options = (
        Option(ACCEPT_PLAYED, Msg("Accept the {card.symbol}; {cards} stays on the table (52B1)",
                                  card=ev.played, cards=names) if one else
               Msg("Accept the {card.symbol}; {cards} stay on the table (52B1)",
                   card=ev.played, cards=names)),
        Option(REJECT_PLAYED, Msg("{seat.value} plays the {owed.symbol} instead; the "
                                  "{card.symbol} becomes a major penalty card (52B2)",
                                  seat=ev.seat, owed=owed[0].card, card=ev.played) if owed else
               Msg("{seat.value} plays a penalty card declarer names instead; the {card.symbol} "
                   "becomes a major penalty card (52B2)", seat=ev.seat, card=ev.played)),
    )
    state = state.without_pending(ev.seat)
    state = state.evolve(pending=(*state.pending, PendingChoice(
        law=NOT_PLAYED_LAW, chooser=Chooser.DECLARER, seat=ev.seat,
        options=tuple(o.token for o in options), offender=ev.seat, card=ev.played,
        note=ev.instead_of.text if ev.instead_of else "")))
    return Ruling(
        kind="penalty_not_played",
        summary=Msg("Declarer chooses: accept {seat.value}'s {card.symbol}, or have the penalty "
                    "card played in its place.", seat=ev.seat, card=ev.played),
        laws=("52A", "52B1(a)", "52B2"),
        steps=(Msg("{seat.value} may not take the {card.symbol} back on his own (52A).",
                   seat=ev.seat, card=ev.played),
               Msg("Declarer may accept it (52B1(a)); the penalty card {cards} then stays on the "
                   "table (52B1(c)).", cards=names) if one else
               Msg("Declarer may accept it (52B1(a)); the penalty cards {cards} then stay on the "
                   "table (52B1(c)).", cards=names),
               Msg("If he does not, the penalty card is played instead and the card played "
                   "becomes a major penalty card (52B2)."),
               Msg("Once declarer plays from his hand or dummy he must accept it (52B1(b)).")),
        options=options,
        chooser=Chooser.DECLARER,
        information=INFORMATION_ON_TABLE,
        outcome={"options": [o.token for o in options], "chooser": "declarer"},
    ), state


@choice_handler(NOT_PLAYED_LAW)
def choose_not_played(state: TableState, pending: PendingChoice,
                      token: str) -> tuple[Ruling, TableState]:
    assert pending.card is not None
    ev = PenaltyNotPlayed(pending.seat, pending.card, accepted=token == ACCEPT_PLAYED,
                          instead_of=parse_card(pending.note) if pending.note else None)
    owing, owed = owed_penalty_cards(state, ev)
    return _rule52(state, ev, owing, owed)


def _rule52(state: TableState, ev: PenaltyNotPlayed, owing: list[PenaltyCard],
            owed: list[PenaltyCard]) -> tuple[Ruling, TableState]:
    must_accept = ev.declarer_played_since
    if must_accept or ev.accepted:
        owing_text = cards_text(p.card for p in owing)
        steps: list[Text] = [
            Msg("The {card.symbol} stands as played and {seat.value} may not take it back (52A).",
                card=ev.played, seat=ev.seat),
            Msg("{cards} stays on the table as a penalty card (52B1(c)).", cards=owing_text)
            if len(owing) == 1 else
            Msg("{cards} stay on the table as penalty cards (52B1(c)).", cards=owing_text),
        ]
        if must_accept:
            steps.insert(0, Msg("Declarer has played since from his hand or dummy, so he must "
                                "accept the card played (52B1(b))."))
        return Ruling(
            kind="penalty_not_played",
            summary=Msg("The {card.symbol} stands; the penalty card stays on the table.",
                        card=ev.played),
            laws=("52B1(b)" if must_accept else "52B1(a)", "52B1(c)", "61A"),
            steps=tuple(steps),
            judgement=Msg("Failing to play a penalty card is a revoke (61A); once established "
                          "there is no automatic trick transfer (64B3), but the Director restores "
                          "equity (64C)."),
            outcome={"must_accept": must_accept, "substitute": ""},
        ), state.placed(ev.seat, ev.played)
    state, extra = add_penalty_cards(
        state.without_penalty_cards(owed), ev.seat, [ev.played], deliberate=True, origin="52B2"
    )
    summary: Text
    first: Text
    if owed:
        substitute = owed[0].card
        state = state.placed(ev.seat, substitute)  # played in its place (52B2)
        summary = Msg("{seat.value} must play the {substitute.symbol} instead; the "
                      "{card.symbol} becomes a major penalty card.",
                      seat=ev.seat, substitute=substitute, card=ev.played)
        first = Msg("{seat.value} takes back the {card.symbol} and plays the penalty card "
                    "{substitute.symbol} in its place (52B2).",
                    seat=ev.seat, card=ev.played, substitute=substitute)
    else:
        substitute = None
        summary = Msg("{seat.value} must play one of his penalty cards instead, the one declarer "
                      "names; the {card.symbol} becomes a major penalty card.",
                      seat=ev.seat, card=ev.played)
        first = Msg("{seat.value} has several penalty cards: declarer names the one he must "
                    "play (51A, 52B2).", seat=ev.seat)
    return Ruling(
        kind="penalty_not_played",
        summary=summary,
        laws=("52B2", "50B"),
        steps=(first, Msg("The {card.symbol} was played deliberately, so it is now a major "
                          "penalty card (52B2).", card=ev.played), *extra),
        information=INFORMATION_ON_TABLE,
        outcome={"must_accept": False, "substitute": substitute.text if substitute else ""},
    ), state


# --- a penalty card returned to the hand by the Director ------------------------------


@event("penalty_returned")
@dataclass(frozen=True)
class PenaltyCardReturned(Event):
    """The Director has a penalty card picked up (he may decide a card is not a penalty card,
    Law 50's preamble; an exposure during a conceded claim the partner objected to, 68B2)."""

    seat: Seat
    card: Card


@rule(PenaltyCardReturned)
def penalty_returned(state: TableState, ev: PenaltyCardReturned) -> tuple[Ruling, TableState]:
    found = [p for p in state.penalty_cards_of(ev.seat) if p.card == ev.card]
    if not found:
        raise RuleError(Msg("the {card.symbol} is not a penalty card of {seat.value}",
                            card=ev.card, seat=ev.seat))
    state = state.without_penalty_cards(found, back_to_hand=True)
    leader = ev.seat.partner
    if state.pending_for(leader):  # declarer's waiting lead options now cover fewer cards
        state, _ = offer_lead_options(state, leader)
    return Ruling(
        kind="penalty_returned",
        summary=Msg("The {card.symbol} goes back to {seat.value}'s hand: it is no longer a "
                    "penalty card.", card=ev.card, seat=ev.seat),
        laws=("50", "50E2"),
        steps=(Msg("{seat.value} may play the {card.symbol} when he likes, like any other card.",
                   seat=ev.seat, card=ev.card),),
        information=Msg("What the card showed is now unauthorized for {partner.value} and "
                        "authorized for declarer (50E2, 16C).", partner=ev.seat.partner),
    ), state
