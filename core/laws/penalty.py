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
from core.errors import RuleError
from core.laws import course, lead26, obligations, waits
from core.registry import Event, choice_handler, event, rule
from core.ruling import Option, Ruling
from core.seats import Seat, is_defender
from core.state import (
    Chooser,
    Lasts,
    PenaltyCard,
    PenaltyKind,
    PendingChoice,
    Restriction,
    RestrictionKind,
    TableState,
)

LEAD_OPTIONS_LAW = "50D2"
INFORMATION_ON_TABLE = (
    "While a penalty card is on the table, everything it shows, including what must be done "
    "with it, is authorized for every player (50E1)."
)


def require_declarer(state: TableState) -> Seat:
    if state.declarer is None:
        raise RuleError("the declarer is not known yet: set the board's declarer first")
    return state.declarer


def require_defender(state: TableState, seat: Seat, what: str = "penalty cards") -> Seat:
    declarer = require_declarer(state)
    if not is_defender(seat, declarer):
        raise RuleError(f"only a defender can have {what}; {seat.value} is on declarer's side")
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
) -> tuple[TableState, list[str]]:
    """Put ``cards`` on the table as ``seat``'s penalty cards, reclassifying under 50B.

    Returns the new state and the steps that explain what happened (e.g. a minor card
    turning major).
    """
    cards = list(cards)
    mine = state.penalty_cards_of(seat)
    taken = {p.card for p in state.penalty_cards}
    for card in cards:
        if card in taken:
            raise RuleError(f"the {card.symbol} is already a penalty card")
    steps: list[str] = []
    kind = classify(cards, deliberate, already=len(mine))
    new = [PenaltyCard(seat, c, kind, origin) for c in cards]
    total = len(mine) + len(new)
    upgraded = []
    for p in mine:
        if p.kind is PenaltyKind.MINOR and total > 1:
            upgraded.append(replace(p, kind=PenaltyKind.MAJOR))
            steps.append(
                f"{seat.value} now has {total} penalty cards, so the {p.card.symbol} becomes a "
                "major penalty card too (50B)."
            )
        else:
            upgraded.append(p)
    others = [p for p in state.penalty_cards if p.seat is not seat]
    return state.with_penalty_cards([*others, *upgraded, *new]), steps


def kind_reason(cards: list[Card], deliberate: bool, already: int) -> str:
    if already + len(cards) > 1:
        return "a defender with two or more penalty cards has every one of them major (50B)"
    if deliberate:
        return "a card exposed through deliberate play is a major penalty card (50B)"
    if cards[0].is_honour:
        return "an honour (A K Q J 10) is always a major penalty card (50B)"
    return "a single card below honour rank exposed by accident is a minor penalty card (50B)"


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
    options = [Option(f"require:{s.letter}", f"Require a {s.singular} lead") for s in suits]
    options += [
        Option(f"forbid:{s.letter}", f"Forbid {s.plural} while {leader.value} keeps the lead")
        for s in suits
    ]
    # 51B2(b): with penalty cards in several suits declarer may prohibit more than one of them
    options += [
        Option(f"forbid:{''.join(s.letter for s in group)}",
               f"Forbid {' and '.join(s.plural for s in group)} while {leader.value} keeps the "
               "lead")
        for group in _suit_groups(suits)
    ]
    options.append(Option("any", f"Let {leader.value} lead anything (the card stays)"))
    return tuple(options)


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
    held = waits.holds_report(state, ev.leader)
    if held is not None:  # asking never cancels a pending choice: wait, and change nothing
        return obligations.pending_ruling(held, ev.leader, leading=True,
                                          kind="partner_lead"), state
    if ev.trick is not None and state.trick is not None and ev.trick < state.trick:
        raise RuleError(f"trick {state.trick} has already been reported at this table: give the "
                        "trick being led to now")
    state, ended, doubtful = course.report(state, trick=ev.trick, leader=ev.leader)
    if doubtful:
        state, ruling = course.ask(state, ev.leader, doubtful, ev.trick)
    else:
        ruling, state = lead_ruling(state, ev.leader)
    if not ended:  # the usual case: nothing to add, so no copy of the ruling (issue 27)
        return ruling, state
    over = course.ended_step(ended)
    laws = tuple(dict.fromkeys((*ruling.laws, *(r.origin for r in ended))))
    return replace(ruling, steps=(*over, *ruling.steps), laws=laws), state


def binding_leads(state: TableState, leader: Seat) -> tuple[Restriction, ...]:
    """The restrictions on ``leader``'s lead now (57A/57D bind plays, never a lead)."""
    return tuple(r for r in state.restrictions_on(leader) if r.lasts is not Lasts.THIS_PLAY)


def _own_cards(state: TableState, leader: Seat) -> list[str]:
    """50D1: a defender on lead with his own major penalty cards must lead one of them."""
    own = [p.card for p in state.penalty_cards_of(leader) if p.kind is PenaltyKind.MAJOR]
    if not own:
        return []
    several = len(own) > 1
    which = "one of them, the one declarer names (50D1, 51A)" if several else "it (50D1)"
    return [f"{leader.value} has {cards_text(own)} as major penalty card{'s' if several else ''} "
            f"of his own: he must lead {which}, unless a lead restriction forbids it (50D1(b))."]


def lead_ruling(state: TableState, leader: Seat) -> tuple[Ruling, TableState]:
    """The answer to "``leader`` is on lead": what binds his lead, and declarer's options."""
    declarer = require_declarer(state)
    if not is_defender(leader, declarer):
        side = "declarer" if leader is declarer else "dummy"
        return Ruling(
            kind="partner_lead",
            summary=f"{leader.value} ({side}) is on lead: the defenders' lead restrictions end "
            "with their lead; declarer may lead any card.",
            laws=("44",),
            outcome={"options": []},
            record=True,  # nothing binds declarer's side: the table's record
        ), state
    offender = leader.partner
    cards = state.penalty_cards_of(offender)
    holds = binding_leads(state, leader)
    own = _own_cards(state, leader)
    still = [f"Still binding: {r.describe()}." for r in holds]
    if state.lead_chosen is leader:  # declarer has chosen for this very lead already
        return Ruling(
            kind="partner_lead",
            summary=f"Declarer has already chosen for {leader.value}'s lead: "
            + ("; ".join(str(r.describe()) for r in holds) if holds else "he may lead any card")
            + ".",
            laws=tuple(dict.fromkeys(r.origin for r in holds)) or ("50D2",),
            steps=(*own, "Give trick: with /lead when this is a later lead: declarer's options "
                   "come back at each new lead while the penalty cards remain (50D2(b))."),
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
        if own:
            own_cards = [p.card for p in state.penalty_cards_of(leader)
                         if p.kind is PenaltyKind.MAJOR]
            summary = (f"{leader.value} must lead his penalty card "
                       + (cards_text(own_cards) if len(own_cards) == 1 else
                          f"(one of {cards_text(own_cards)}, declarer names which)")
                       + (" unless his restriction forbids it." if holds else "."))
            laws = (*laws, "50D1", *(("51A",) if len(own_cards) > 1 else ()))
        elif holds:
            summary = f"{leader.value} leads, bound by " + "; ".join(
                str(r.describe()) for r in holds) + "."
        elif cards:
            summary = (f"{leader.value} may lead any card: a minor penalty card gives declarer "
                       "no lead options.")
        else:
            summary = f"{leader.value} may lead any card: {offender.value} has no penalty card."
        if cards and not major_suits(state, offender):
            steps.append(f"{offender.value}'s {cards_text(p.card for p in cards)} is a minor "
                         "penalty card: it restricts only its owner's plays, never his "
                         "partner's lead (50C).")
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
        f"{leader.value} may not lead until declarer has chosen (50D2); a card he leads "
        "before that becomes a penalty card itself (49).",
        "Declarer may require the lead of a penalty card's suit, or forbid that suit for as long "
        f"as {leader.value} keeps the lead; either way the penalty cards of that suit go "
        "back to the hand (50D2(a)"
        + (", 51B" if several else "")
        + ").",
        "Or declarer may leave it: any lead, and the penalty cards stay on the table; the choice "
        f"comes back each time {leader.value} is to lead while they remain (50D2(b)).",
        *(lead26.explain(leader, prohibit)[:1] if prohibit else []),
    ]
    return Ruling(
        kind="partner_lead",
        summary=f"Declarer chooses before {leader.value} leads: {offender.value} has "
        f"{cards_text(majors)} as major penalty card{'s' if several else ''}.",
        laws=laws,
        steps=tuple(steps),
        options=options,
        chooser=Chooser.DECLARER,
        information=INFORMATION_ON_TABLE,
        outcome={"options": [o.token for o in options]},
    ), new_state


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
        stays = ("stays on the table as a penalty card" if len(left) == 1
                 else "stay on the table as penalty cards")
        return Ruling(
            kind="lead_choice",
            summary=f"Declarer leaves it: {leader.value} may lead anything; the {remaining} "
            f"{stays}.",
            laws=(law,),
            steps=(
                f"{offender.value} must still play his penalty cards at the first legal "
                "opportunity (50D1).",
                f"If {leader.value} keeps the lead, declarer has the same options again before "
                "the next lead.",
            ),
            information=INFORMATION_ON_TABLE,
            outcome={"restriction": "", "restriction_lasts": ""},
        ), state
    suits = [r.suit for r in restrictions]
    picked = [p for p in state.penalty_cards_of(offender) if p.card.suit in suits]
    state = state.without_penalty_cards(picked)
    for restriction in restrictions:
        state = state.with_restriction(restriction)
    first = restrictions[0]
    names = " or ".join(f"a {suit.singular}" for suit in suits if suit)
    if first.kind is RestrictionKind.REQUIRE:
        assert first.suit is not None
        summary = (f"{leader.value} must lead a {first.suit.singular} (any {first.suit.singular} "
                   "he holds).")
        lasts = "for this lead"
        fallback = f" If he has no {first.suit.singular} he may lead any card (59)."
    else:
        summary = f"{leader.value} may not lead {names} for as long as he keeps the lead."
        lasts = "until his side loses the lead"
        fallback = (" If he holds nothing else he may lead one (59). It binds only his leads, "
                    "never following suit or discarding.")
    steps = [
        f"{cards_text(p.card for p in picked)} go{'es' if len(picked) == 1 else ''} back to "
        f"{offender.value}'s hand and {'is' if len(picked) == 1 else 'are'} no longer "
        f"{'a penalty card' if len(picked) == 1 else 'penalty cards'}.",
        f"The restriction binds {leader.value} {lasts}.{fallback}",
    ]
    left = state.penalty_cards_of(offender)
    if left:
        steps.append(f"{cards_text(p.card for p in left)} stay on the table as penalty cards.")
    return Ruling(
        kind="lead_choice",
        summary=summary,
        laws=(law, "59"),
        steps=tuple(steps),
        information=f"Information from the returned card is unauthorized for {leader.value} "
        "(the offender's partner) but authorized for declarer (50E2).",
        outcome={"restriction": " ".join(r.token for r in restrictions),
                 "restriction_lasts": first.lasts.value},
    ), state


# --- Law 52: failure to lead or play a major penalty card -----------------------------


NOT_PLAYED_LAW = "52B1"
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


def _owing(state: TableState, ev: PenaltyNotPlayed) -> tuple[list[PenaltyCard],
                                                            list[PenaltyCard]]:
    """The penalty cards he failed to play, and the one (if known) he must play instead."""
    require_defender(state, ev.seat)
    if any(p.card == ev.played for p in state.penalty_cards):
        raise RuleError(f"the {ev.played.symbol} is itself a penalty card")
    # Law 52 covers every penalty card: a major one not played at its first legal opportunity
    # (50D1), and a minor one passed over for a lower card of its suit (50C).
    owing = [p for p in state.penalty_cards_of(ev.seat) if p.kind is PenaltyKind.MAJOR]
    owing += [p for p in state.penalty_cards_of(ev.seat) if p.kind is PenaltyKind.MINOR
               and p.card.suit is ev.played.suit and not ev.played.is_honour]
    if not owing:
        if state.penalty_cards_of(ev.seat):
            raise RuleError(f"{ev.seat.value}'s only penalty card is minor, and a minor penalty "
                            "card bars only the other cards of its suit below honour rank (50C): "
                            f"the {ev.played.symbol} was a legal play")
        raise RuleError(f"{ev.seat.value} has no penalty card on the table")
    if ev.instead_of is not None:
        owed = [p for p in owing if p.card == ev.instead_of]
        if not owed:
            raise RuleError(f"the {ev.instead_of.symbol} is not one of {ev.seat.value}'s "
                            "penalty cards he had to play")
    elif len(owing) == 1:
        owed = owing
    else:  # of several, the one of the suit he played is the one he had to play (44C, 50D1)
        same_suit = [p for p in owing if p.card.suit is ev.played.suit]
        owed = same_suit if len(same_suit) == 1 else []
    return owing, owed


@rule(PenaltyNotPlayed)
def penalty_not_played(state: TableState, ev: PenaltyNotPlayed) -> tuple[Ruling, TableState]:
    owing, owed = _owing(state, ev)
    if ev.accepted is None and not ev.declarer_played_since:
        return _ask_declarer(state, ev, owing, owed)
    return _rule52(state, ev, owing, owed)


def _ask_declarer(state: TableState, ev: PenaltyNotPlayed, owing: list[PenaltyCard],
                  owed: list[PenaltyCard]) -> tuple[Ruling, TableState]:
    """52B1(a): the choice is declarer's, whoever reported the slip; play waits for it."""
    names = cards_text(p.card for p in owing)
    instead = f"the {owed[0].card.symbol}" if owed else "a penalty card declarer names"
    options = (
        Option(ACCEPT_PLAYED, f"Accept the {ev.played.symbol}; {names} "
               f"stay{'s' if len(owing) == 1 else ''} on the table (52B1)"),
        Option(REJECT_PLAYED, f"{ev.seat.value} plays {instead} instead; the "
               f"{ev.played.symbol} becomes a major penalty card (52B2)"),
    )
    state = state.without_pending(ev.seat)
    state = state.evolve(pending=(*state.pending, PendingChoice(
        law=NOT_PLAYED_LAW, chooser=Chooser.DECLARER, seat=ev.seat,
        options=tuple(o.token for o in options), offender=ev.seat, card=ev.played,
        note=ev.instead_of.text if ev.instead_of else "")))
    return Ruling(
        kind="penalty_not_played",
        summary=f"Declarer chooses: accept {ev.seat.value}'s {ev.played.symbol}, or have the "
        "penalty card played in its place.",
        laws=("52A", "52B1(a)", "52B2"),
        steps=(f"{ev.seat.value} may not take the {ev.played.symbol} back on his own (52A).",
               f"Declarer may accept it (52B1(a)); the penalty card{'s' if len(owing) > 1 else ''}"
               f" {names} then stay{'' if len(owing) > 1 else 's'} on the table (52B1(c)).",
               "If he does not, the penalty card is played instead and the card played becomes "
               "a major penalty card (52B2).",
               "Once declarer plays from his hand or dummy he must accept it (52B1(b))."),
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
    owing, owed = _owing(state, ev)
    return _rule52(state, ev, owing, owed)


def _rule52(state: TableState, ev: PenaltyNotPlayed, owing: list[PenaltyCard],
            owed: list[PenaltyCard]) -> tuple[Ruling, TableState]:
    must_accept = ev.declarer_played_since
    if must_accept or ev.accepted:
        steps = [
            f"The {ev.played.symbol} stands as played and {ev.seat.value} may not take it back "
            "(52A).",
            f"{cards_text(p.card for p in owing)} stay{'s' if len(owing) == 1 else ''} on the "
            f"table as {'a penalty card' if len(owing) == 1 else 'penalty cards'} (52B1(c)).",
        ]
        if must_accept:
            steps.insert(0, "Declarer has played since from his hand or dummy, so he must "
                            "accept the card played (52B1(b)).")
        return Ruling(
            kind="penalty_not_played",
            summary=f"The {ev.played.symbol} stands; the penalty card stays on the table.",
            laws=("52B1(b)" if must_accept else "52B1(a)", "52B1(c)", "61A"),
            steps=tuple(steps),
            judgement="Failing to play a penalty card is a revoke (61A); once established there "
            "is no automatic trick transfer (64B3), but the Director restores equity (64C).",
            outcome={"must_accept": must_accept, "substitute": ""},
        ), state
    state, steps = add_penalty_cards(
        state.without_penalty_cards(owed), ev.seat, [ev.played], deliberate=True, origin="52B2"
    )
    if owed:
        substitute = owed[0].card
        summary = (f"{ev.seat.value} must play the {substitute.symbol} instead; the "
                   f"{ev.played.symbol} becomes a major penalty card.")
        first = f"{ev.seat.value} takes back the {ev.played.symbol} and plays the penalty card "\
                f"{substitute.symbol} in its place (52B2)."
    else:
        substitute = None
        summary = (f"{ev.seat.value} must play one of his penalty cards instead, the one declarer "
                   f"names; the {ev.played.symbol} becomes a major penalty card.")
        first = (f"{ev.seat.value} has several penalty cards: declarer names the one he must "
                 "play (51A, 52B2).")
    return Ruling(
        kind="penalty_not_played",
        summary=summary,
        laws=("52B2", "50B"),
        steps=(first, f"The {ev.played.symbol} was played deliberately, so it is now a major "
               "penalty card (52B2).", *steps),
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
        raise RuleError(f"the {ev.card.symbol} is not a penalty card of {ev.seat.value}")
    state = state.without_penalty_cards(found)
    leader = ev.seat.partner
    if state.pending_for(leader):  # declarer's waiting lead options now cover fewer cards
        state, _ = offer_lead_options(state, leader)
    return Ruling(
        kind="penalty_returned",
        summary=f"The {ev.card.symbol} goes back to {ev.seat.value}'s hand: it is no longer a "
        "penalty card.",
        laws=("50", "50E2"),
        steps=(f"{ev.seat.value} may play the {ev.card.symbol} when he likes, like any other "
               "card.",),
        information=f"What the card showed is now unauthorized for {ev.seat.partner.value} "
        "and authorized for declarer (50E2, 16C).",
    ), state
