"""Cards exposed during the play (Laws 48, 49, 50B) and during the auction (Law 24)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from core.auction import Auction
from core.cards import Card, cards_text
from core.errors import RuleError
from core.laws import waits
from core.laws.auction_state import add_pass_obligation
from core.laws.penalty import (
    INFORMATION_ON_TABLE,
    add_penalty_cards,
    kind_reason,
    require_declarer,
)
from core.registry import Event, choice_handler, event, rule
from core.ruling import Option, Ruling
from core.seats import Role, Seat, role_of
from core.state import (
    AuctionExposure,
    Chooser,
    PassLasts,
    PendingChoice,
    Phase,
    Place,
    TableState,
)
from core.text import Msg, Text
from core.validity import hand_size_problem


class How(Enum):
    ACCIDENTAL = "accidental"  # dropped, pulled out with another card, held so partner could see
    DELIBERATE = "deliberate"  # led or played: a card played in error and withdrawn


@event("exposure")
@dataclass(frozen=True)
class Exposure(Event):
    """During the play, ``seat`` exposed ``cards``."""

    seat: Seat
    cards: tuple[Card, ...]
    how: How = How.ACCIDENTAL


@rule(Exposure)
def exposure(state: TableState, ev: Exposure) -> tuple[Ruling, TableState]:
    declarer = require_declarer(state)
    if not ev.cards:
        raise RuleError(Msg("name the exposed card(s)"))
    if len(set(ev.cards)) != len(ev.cards):
        raise RuleError(Msg("the same card is named twice"))
    role = role_of(ev.seat, declarer)
    shown = cards_text(ev.cards)
    if role is not Role.DEFENDER:
        return Ruling(
            kind="exposure",
            summary=Msg("No penalty: {cards} goes back to {seat.value}'s hand.", cards=shown,
                        seat=ev.seat) if len(ev.cards) == 1 else
            Msg("No penalty: {cards} go back to {seat.value}'s hand.", cards=shown, seat=ev.seat),
            laws=("48A",),
            steps=(
                Msg("Declarer's cards never become penalty cards and declarer need not play a "
                    "card he exposed by accident (48A).") if role is Role.DECLARER else
                Msg("Dummy's cards never become penalty cards and declarer need not play a card "
                    "he exposed by accident (48A)."),
                Msg("A card declarer holds face up, touching or nearly touching the table, is "
                    "played, not exposed (45C2)."),
                Msg("If declarer faced his hand as if to claim, it may be treated as a claim "
                    "(48B2, 68)."),
            ),
            outcome={"penalty_cards": []},
        ), _in_hand(state, ev)
    claimer = waits.claimed_by(state)
    if claimer is not None:
        return _shown_during_claim(state, ev, claimer), _in_hand(state, ev)
    conceder = waits.objected_concession(state) if state.notes else None
    if conceder is not None:
        return _shown_at_objected_concession(state, ev, conceder), _in_hand(state, ev)
    deliberate = ev.how is How.DELIBERATE
    already = len(state.penalty_cards_of(ev.seat))
    reason = kind_reason(list(ev.cards), deliberate, already)
    state, extra = add_penalty_cards(state, ev.seat, ev.cards, deliberate=deliberate, origin="50B")
    mine = state.penalty_cards_of(ev.seat)
    kind = mine[-1].kind.value
    one = len(ev.cards) == 1
    steps: list[Text] = [
        Msg("{cards} stays face up on the table in front of {seat.value} (49, 50A): {reason}.",
            cards=shown, seat=ev.seat, reason=reason) if one else
        Msg("{cards} stay face up on the table in front of {seat.value} (49, 50A): {reason}.",
            cards=shown, seat=ev.seat, reason=reason),
        *extra,
    ]
    if any(p.kind.value == "major" for p in mine):
        steps.append(Msg(
            "{seat.value} must play a major penalty card at his first legal opportunity, "
            "following suit first (50D1); when his partner is to lead, declarer chooses a lead "
            "option before the lead (50D2).", seat=ev.seat
        ))
    else:
        steps.append(Msg(
            "Until it is played, {seat.value} may not play another card below honour rank in "
            "that suit; he may play an honour instead. His partner's leads are free (50C).",
            seat=ev.seat
        ))
    return Ruling(
        kind="exposure",
        summary=_penalty_cards_of(shown, one, kind == "major", ev.seat),
        laws=("49", "50B", "50D" if kind == "major" else "50C"),
        steps=tuple(steps),
        information=INFORMATION_ON_TABLE,
        judgement=Msg("If the exposed card helped the offending side and damaged the other side, "
                      "the Director may adjust at the end of play (50E4)."),
        outcome={"penalty_cards": [p.token for p in state.penalty_cards], "suspended_by": "",
                 "penalty_kind": kind},
    ), state


def _in_hand(state: TableState, ev: Exposure) -> TableState:
    """The exposed cards stay (or go back) in the exposer's hand: no penalty cards (48A, 68D,
    68B2); the table's record says so (core.held: this rule keeps it for every card it names)."""
    for card in ev.cards:
        state = state.placed(ev.seat, card, Place.HAND)
    return state


def _shown_during_claim(state: TableState, ev: Exposure, claimer: Seat) -> Ruling:
    """A defender's card shown while a claim suspends play (68D) is no penalty card: the
    director rules the claim (70, facing the hands if he likes, 70B3), or play goes on with the
    claim void and Law 50 out of it (68D2(b)). Penalty cards from before the claim stay.
    ``suspended_by`` in the outcome lets voiding the claim take this ruling with it, so the
    card never becomes a penalty card on a replay without the claim."""
    return Ruling(
        kind="exposure",
        summary=Msg("No penalty card: {seat.value} showed {cards} while play is suspended by "
                    "{claimer.value}'s claim or concession (68D).", seat=ev.seat,
                    cards=cards_text(ev.cards), claimer=claimer),
        laws=("68D", "70B3", "68D2(b)"),
        steps=(
            Msg("The director rules the claim (70) and may have the remaining cards faced to "
                "do so (70B3): a card shown now is not a penalty card."),
            Msg("If the non-claiming side asks to play on and all four agree, the claim is "
                "void and play goes on: Law 50 does not apply to this card, nor Law 16 "
                "(68D2(b))."),
        ),
        outcome={"penalty_cards": [p.token for p in state.penalty_cards],
                 "suspended_by": claimer.value},
    )


def _shown_at_objected_concession(state: TableState, ev: Exposure, conceder: Seat) -> Ruling:
    """68B2: a defender tried to concede and his partner objected at once, so there was no
    concession and play goes on; a card a defender exposed at it is no penalty card and goes
    back to his hand, but what it showed is unauthorized for his partner (16C).
    ``penalty_kind`` "none" lets voiding the concession take this ruling with it."""
    shown = cards_text(ev.cards)
    partner = ev.seat.partner
    return Ruling(
        kind="exposure",
        summary=(Msg("No penalty card: {seat.value}'s {cards} was exposed when {conceder.value} "
                     "tried to concede and {objector.value} objected at once (68B2).",
                     seat=ev.seat, cards=shown, conceder=conceder, objector=conceder.partner)
                 if len(ev.cards) == 1 else
                 Msg("No penalty card: {seat.value}'s {cards} were exposed when "
                     "{conceder.value} tried to concede and {objector.value} objected at once "
                     "(68B2).", seat=ev.seat, cards=shown, conceder=conceder,
                     objector=conceder.partner)),
        laws=("68B2", "16C"),
        steps=(Msg("No concession occurred and play goes on: a card a defender exposed at it "
                   "is not a penalty card and goes back to his hand (68B2)."),),
        information=Msg("What it showed is unauthorized for {partner.value}, who may not use it, "
                        "and authorized for declarer (68B2, 16C).", partner=partner),
        judgement=Msg("If {partner.value} could have chosen a play suggested by it over a "
                      "logical alternative, and the other side was damaged, the Director "
                      "adjusts the score (16B, 16C).", partner=partner),
        outcome={"penalty_cards": [p.token for p in state.penalty_cards], "suspended_by": "",
                 "penalty_kind": "none"},
    )


def _penalty_cards_of(shown: str, one: bool, major: bool, seat: Seat) -> Msg:
    """"``shown`` is a major/minor penalty card of ``seat``" (or "are … cards")."""
    if one:
        if major:
            return Msg("{cards} is a major penalty card of {seat.value}.", cards=shown, seat=seat)
        return Msg("{cards} is a minor penalty card of {seat.value}.", cards=shown, seat=seat)
    if major:
        return Msg("{cards} are major penalty cards of {seat.value}.", cards=shown, seat=seat)
    return Msg("{cards} are minor penalty cards of {seat.value}.", cards=shown, seat=seat)


# --- Law 24: exposed during the auction -----------------------------------------------


@event("auction_exposure")
@dataclass(frozen=True)
class AuctionExposureIncident(Event):
    """During the auction, ``seat`` exposed ``cards`` (or faced a card as a premature lead)
    where his partner could see them."""

    seat: Seat
    cards: tuple[Card, ...]
    premature_lead: bool = False


def law24_paragraph(cards: tuple[Card, ...], premature_lead: bool) -> str:
    if len(cards) > 1:
        return "24C"
    if cards[0].is_honour or premature_lead:
        return "24B"
    return "24A"


@rule(AuctionExposureIncident)
def auction_exposure(state: TableState, ev: AuctionExposureIncident) -> tuple[Ruling, TableState]:
    if state.phase is not Phase.AUCTION:
        raise RuleError(Msg("the auction is over: report a card exposed during the play instead"))
    if not ev.cards or len(set(ev.cards)) != len(ev.cards):
        raise RuleError(Msg("name each exposed card once"))
    face_up = {e.card for e in state.auction_exposed}
    for card in ev.cards:
        if card in face_up:
            raise RuleError(Msg("the {card.symbol} is already face up on the table", card=card))
    para = law24_paragraph(ev.cards, ev.premature_lead)
    partner = ev.seat.partner
    shown = cards_text(ev.cards)
    earlier = [e.card for e in state.auction_exposed if e.seat is ev.seat]
    exposed = tuple(AuctionExposure(ev.seat, c, ev.premature_lead) for c in ev.cards)
    state = state.evolve(auction_exposed=(*state.auction_exposed, *exposed))
    problem = hand_size_problem(state, ev.seat)  # e.g. fourteen cards typed as exposed
    if problem is not None:
        raise RuleError(problem)
    one = len(ev.cards) == 1
    what = {
        "24A": Msg("a single card below honour rank"),
        "24B": Msg("a prematurely led card") if ev.premature_lead else Msg("an honour"),
        "24C": Msg("two or more cards"),
    }[para]
    steps: list[Text] = [
        Msg("{cards} stays face up on the table until the auction ends: it is {what} ({law}).",
            cards=shown, what=what, law=para) if one else
        Msg("{cards} stay face up on the table until the auction ends: it is {what} ({law}).",
            cards=shown, what=what, law=para)]
    summary: Text
    if para == "24A" and earlier and state.pass_obligation_of(partner) is None:
        return _together_or_not(state, ev, earlier, steps)
    if para == "24A":
        summary = Msg("{cards} stays face up; no further rectification in the auction.",
                      cards=shown)
        obligation = "none"
    elif (bar := _barred(state, partner)) is not None:
        # the whole-auction bar already holds the pass 24B/24C asks: say that bar
        summary = (Msg("{cards} stays face up; {partner.value} is already barred for the rest of "
                       "the auction ({law}).", cards=shown, partner=partner, law=bar) if one else
                   Msg("{cards} stay face up; {partner.value} is already barred for the rest of "
                       "the auction ({law}).", cards=shown, partner=partner, law=bar))
        obligation = "throughout"
        steps.append(Msg("{partner.value} must already pass whenever it is his turn for the rest "
                         "of the auction ({bar}): that bar includes the pass {law} asks of him.",
                         partner=partner, bar=bar, law=para))
    else:
        state = add_pass_obligation(state, partner, PassLasts.NEXT_TURN, para)
        summary = (Msg("{cards} stays face up; {partner.value} must pass at his next turn.",
                       cards=shown, partner=partner) if one else
                   Msg("{cards} stay face up; {partner.value} must pass at his next turn.",
                       cards=shown, partner=partner))
        obligation = "next_turn"
        steps.append(Msg("{partner.value} must pass at his next turn ({law}); if that pass lets "
                         "the offending side gain, the Director may adjust (72C).",
                         partner=partner, law=para))
    steps.append(_fate_words(ev.seat, shown, one))
    return Ruling(
        kind="auction_exposure",
        summary=summary,
        laws=(para, "16C"),
        steps=tuple(steps),
        information=Msg("What the exposed card shows is authorized for the other side but "
                        "unauthorized for {partner.value} (16C).", partner=partner),
        outcome={"partner_must_pass": obligation},
    ), state


#: The Director's judgement whether one player's cards shown at different moments of the
#: auction count together (24C) or each on its own (24A); its two answers.
TOGETHER_LAW = "24C"
TOGETHER, SEPARATELY = "together", "separately"


def _fate_words(seat: Seat, shown: str, one: bool) -> Msg:
    """24D/24E: what becomes of the cards when the auction ends."""
    return (Msg("If {seat.value} becomes declarer or dummy, {cards} goes back to his hand (24D); "
                "if he becomes a defender it becomes a penalty card (24E, 50).",
                seat=seat, cards=shown) if one else
            Msg("If {seat.value} becomes declarer or dummy, {cards} go back to his hand (24D); "
                "if he becomes a defender they become a penalty card (24E, 50).",
                seat=seat, cards=shown))


def _together_or_not(state: TableState, ev: AuctionExposureIncident, earlier: list[Card],
                     steps: list[Text]) -> tuple[Ruling, TableState]:
    """A single low card (24A) from a player who showed a card earlier in this auction. Law 24
    rules on the card(s) the Director finds exposed and does not say whether cards shown at
    different moments count together as "two or more cards" (24C): the Director judges, with
    buttons, and until he does nobody is barred (the choice lapses when the auction ends)."""
    seat, partner = ev.seat, ev.seat.partner
    shown, before = cards_text(ev.cards), cards_text(earlier)
    state = state.evolve(pending=(*state.pending, PendingChoice(
        law=TOGETHER_LAW, chooser=Chooser.DIRECTOR, seat=seat, options=(TOGETHER, SEPARATELY),
        offender=seat, note=f"at={len(state.calls)}")))
    steps += [
        Msg("On its own, {cards} brings no further rectification (24A); counted with {earlier}, "
            "which {seat.value} showed earlier in this auction, two or more cards are exposed "
            "and {partner.value} must pass at his next turn (24C).", cards=shown,
            earlier=before, seat=seat, partner=partner),
        Msg("Until the Director has judged, {partner.value} is not barred.", partner=partner),
        _fate_words(seat, shown, True),
    ]
    return Ruling(
        kind="auction_exposure",
        summary=Msg("{cards} stays face up. Director: do {cards} and {earlier}, shown at "
                    "different moments, count together (24C)? Judgement pending.", cards=shown,
                    earlier=before),
        laws=("24A", "24C", "16C"),
        steps=tuple(steps),
        information=Msg("What the exposed card shows is authorized for the other side but "
                        "unauthorized for {partner.value} (16C).", partner=partner),
        judgement=Msg("Law 24 does not say whether cards a player shows at different moments of "
                      "the auction count together: that is the Director's judgement, given with "
                      "the buttons."),
        options=(Option(TOGETHER, Msg("Together: two or more cards exposed (24C)")),
                 Option(SEPARATELY, Msg("Separately: a single low card (24A)"))),
        chooser=Chooser.DIRECTOR,
        outcome={"partner_must_pass": "none", "judgement_pending": True},
    ), state


@choice_handler(TOGETHER_LAW)
def _director_counts(state: TableState, pending: PendingChoice,
                     option: str) -> tuple[Ruling, TableState]:
    """The Director's answer: counted together, the offender's partner must pass at his next
    turn (24C), unless he has called since the card was shown (then the Director rules on that
    call, 16C, 72C); separately, the card is a single low card (24A)."""
    seat, partner = pending.seat, pending.seat.partner
    if option == SEPARATELY:
        return Ruling(
            kind="judgement",
            summary=Msg("The Director judged each card on its own: the last one is a single low "
                        "card, with no further rectification (24A)."),
            laws=("24A",), outcome={"partner_must_pass": "none"}), state
    at = int(pending.note.partition("=")[2] or 0)
    auction = Auction.trusted(state.dealer, state.calls) if state.dealer else None
    called = auction is not None and any(auction.seat_of(i) is partner
                                         for i in range(at, len(state.calls)))
    steps: list[Text] = []
    if called:
        steps.append(Msg("{partner.value} has already called since: his next turn has passed, "
                         "so the Director rules on that call (Law 16C, 72C) rather than barring "
                         "him now.", partner=partner))
    elif (bar := _barred(state, partner)) is not None:
        steps.append(Msg("{partner.value} must already pass whenever it is his turn for the rest "
                         "of the auction ({bar}): that bar includes the pass {law} asks of him.",
                         partner=partner, bar=bar, law=TOGETHER_LAW))
    else:
        state = add_pass_obligation(state, partner, PassLasts.NEXT_TURN, TOGETHER_LAW)
        steps.append(Msg("{partner.value} must pass at his next turn ({law}); if that pass lets "
                         "the offending side gain, the Director may adjust (72C).",
                         partner=partner, law=TOGETHER_LAW))
    ob = state.pass_obligation_of(partner)
    return Ruling(
        kind="judgement",
        summary=Msg("The Director judged that {seat.value}'s cards shown in this auction count "
                    "together: two or more cards are exposed (24C).", seat=seat),
        laws=("24C", "72C", *(("16C",) if called else ())), steps=tuple(steps),
        outcome={"partner_must_pass": ob.lasts.value if ob and not called else "none"}), state


def _barred(state: TableState, seat: Seat) -> str | None:
    """The law that bars ``seat`` for the rest of the auction, if one does."""
    ob = state.pass_obligation_of(seat)
    return ob.origin if ob is not None and ob.lasts is PassLasts.THROUGHOUT else None


def settle_auction_exposures(state: TableState,
                             declarer: Seat) -> tuple[TableState, list[Text]]:
    """At the end of the auction: cards of the declaring side go back (24D); a defender's become
    penalty cards (24E), minor only for a single low card not led prematurely (50B)."""
    steps: list[Text] = []
    by_seat: dict[Seat, list[AuctionExposure]] = {}
    for e in state.auction_exposed:
        by_seat.setdefault(e.seat, []).append(e)
    state = state.evolve(auction_exposed=())
    for seat, exposures in by_seat.items():
        cards = [e.card for e in exposures]
        if role_of(seat, declarer) is not Role.DEFENDER:
            steps.append(
                Msg("{cards} goes back to {seat.value}'s hand: he is on the declaring side (24D).",
                    cards=cards_text(cards), seat=seat) if len(cards) == 1 else
                Msg("{cards} go back to {seat.value}'s hand: he is on the declaring side (24D).",
                    cards=cards_text(cards), seat=seat))
            continue
        deliberate = any(e.premature_lead for e in exposures)
        state, extra = add_penalty_cards(state, seat, cards, deliberate=deliberate, origin="24E")
        major = state.penalty_cards_of(seat)[-1].kind.value == "major"
        steps.append(_become_penalty_cards(cards_text(cards), len(cards) == 1, major, seat))
        steps += extra
    return state, steps


def _become_penalty_cards(shown: str, one: bool, major: bool, seat: Seat) -> Msg:
    """24E: a defender's cards exposed during the auction become his penalty cards."""
    if one:
        if major:
            return Msg("{cards} becomes major penalty card of {seat.value}, a defender (24E, "
                       "50B).", cards=shown, seat=seat)
        return Msg("{cards} becomes minor penalty card of {seat.value}, a defender (24E, 50B).",
                   cards=shown, seat=seat)
    if major:
        return Msg("{cards} become major penalty cards of {seat.value}, a defender (24E, 50B).",
                   cards=shown, seat=seat)
    return Msg("{cards} become minor penalty cards of {seat.value}, a defender (24E, 50B).",
               cards=shown, seat=seat)
