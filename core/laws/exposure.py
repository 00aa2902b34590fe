"""Cards exposed during the play (Laws 48, 49, 50B) and during the auction (Law 24)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from core.cards import Card, cards_text
from core.errors import RuleError
from core.laws.penalty import (
    INFORMATION_ON_TABLE,
    add_penalty_cards,
    kind_reason,
    require_declarer,
)
from core.registry import Event, event, rule
from core.ruling import Ruling
from core.seats import Role, Seat, role_of
from core.state import AuctionExposure, PassLasts, PassObligation, Phase, TableState


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
        raise RuleError("name the exposed card(s)")
    if len(set(ev.cards)) != len(ev.cards):
        raise RuleError("the same card is named twice")
    role = role_of(ev.seat, declarer)
    shown = cards_text(ev.cards)
    if role is not Role.DEFENDER:
        whose = "Declarer's" if role is Role.DECLARER else "Dummy's"
        return Ruling(
            kind="exposure",
            summary=f"No penalty: {shown} go{'es' if len(ev.cards) == 1 else ''} back to "
            f"{ev.seat.value}'s hand.",
            laws=("48A",),
            steps=(
                f"{whose} cards never become penalty cards and declarer need not play a card he "
                "exposed by accident (48A).",
                "A card declarer holds face up, touching or nearly touching the table, is played, "
                "not exposed (45C2).",
                "If declarer faced his hand as if to claim, it may be treated as a claim (48B2, "
                "68).",
            ),
            outcome={"penalty_cards": []},
        ), state
    deliberate = ev.how is How.DELIBERATE
    already = len(state.penalty_cards_of(ev.seat))
    reason = kind_reason(list(ev.cards), deliberate, already)
    state, extra = add_penalty_cards(state, ev.seat, ev.cards, deliberate=deliberate, origin="50B")
    mine = state.penalty_cards_of(ev.seat)
    kind = mine[-1].kind.value
    steps = [
        f"{shown} stay{'s' if len(ev.cards) == 1 else ''} face up on the table in front of "
        f"{ev.seat.value} (49, 50A): {reason}.",
        *extra,
    ]
    if any(p.kind.value == "major" for p in mine):
        steps.append(
            f"{ev.seat.value} must play a major penalty card at his first legal opportunity, "
            "following suit first (50D1); when his partner is to lead, declarer chooses a lead "
            "option before the lead (50D2)."
        )
    else:
        steps.append(
            f"Until it is played, {ev.seat.value} may not play another card below honour rank in "
            "that suit; he may play an honour instead. His partner's leads are free (50C)."
        )
    return Ruling(
        kind="exposure",
        summary=f"{shown} {'is a' if len(ev.cards) == 1 else 'are'} {kind} penalty "
        f"card{'s' if len(ev.cards) > 1 else ''} of {ev.seat.value}.",
        laws=("49", "50B", "50D" if kind == "major" else "50C"),
        steps=tuple(steps),
        information=INFORMATION_ON_TABLE,
        judgement="If the exposed card helped the offending side and damaged the other side, "
        "the Director may adjust at the end of play (50E4).",
        outcome={"penalty_cards": [p.token for p in state.penalty_cards]},
    ), state


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
        raise RuleError("the auction is over: report a card exposed during the play instead")
    if not ev.cards or len(set(ev.cards)) != len(ev.cards):
        raise RuleError("name each exposed card once")
    face_up = {e.card for e in state.auction_exposed}
    for card in ev.cards:
        if card in face_up:
            raise RuleError(f"the {card.symbol} is already face up on the table")
    para = law24_paragraph(ev.cards, ev.premature_lead)
    partner = ev.seat.partner
    shown = cards_text(ev.cards)
    exposed = tuple(AuctionExposure(ev.seat, c, ev.premature_lead) for c in ev.cards)
    state = state.evolve(auction_exposed=(*state.auction_exposed, *exposed))
    what = {
        "24A": "a single card below honour rank",
        "24B": "a prematurely led card" if ev.premature_lead else "an honour",
        "24C": "two or more cards",
    }[para]
    steps = [f"{shown} stay{'s' if len(ev.cards) == 1 else ''} face up on the table until the "
             f"auction ends: it is {what} ({para})."]
    if para == "24A":
        summary = f"{shown} stays face up; no further rectification in the auction."
        obligation = "none"
    else:
        state = replace(
            state,
            pass_obligations=(
                *state.pass_obligations,
                PassObligation(partner, PassLasts.NEXT_TURN, para),
            ),
        )
        summary = f"{shown} stay{'s' if len(ev.cards) == 1 else ''} face up; {partner.value} " \
                  "must pass at his next turn."
        obligation = "next_turn"
        steps.append(f"{partner.value} must pass at his next turn ({para}); if that pass lets "
                     "the offending side gain, the Director may adjust (72C).")
    go, become = ("go", "they become") if len(ev.cards) > 1 else ("goes", "it becomes")
    steps.append(
        f"If {ev.seat.value} becomes declarer or dummy, {shown} {go} back to his hand (24D); "
        f"if he becomes a defender {become} a penalty card (24E, 50)."
    )
    return Ruling(
        kind="auction_exposure",
        summary=summary,
        laws=(para, "16C"),
        steps=tuple(steps),
        information=f"What the exposed card shows is authorized for the other side but "
        f"unauthorized for {partner.value} (16C).",
        outcome={"partner_must_pass": obligation},
    ), state


def settle_auction_exposures(state: TableState, declarer: Seat) -> tuple[TableState, list[str]]:
    """At the end of the auction: cards of the declaring side go back (24D); a defender's become
    penalty cards (24E), minor only for a single low card not led prematurely (50B)."""
    steps: list[str] = []
    by_seat: dict[Seat, list[AuctionExposure]] = {}
    for e in state.auction_exposed:
        by_seat.setdefault(e.seat, []).append(e)
    state = state.evolve(auction_exposed=())
    for seat, exposures in by_seat.items():
        cards = [e.card for e in exposures]
        if role_of(seat, declarer) is not Role.DEFENDER:
            steps.append(f"{cards_text(cards)} {'goes' if len(cards) == 1 else 'go'} back to "
                         f"{seat.value}'s hand: he is on the declaring side (24D).")
            continue
        deliberate = any(e.premature_lead for e in exposures)
        state, extra = add_penalty_cards(state, seat, cards, deliberate=deliberate, origin="24E")
        kind = state.penalty_cards_of(seat)[-1].kind.value
        steps.append(f"{cards_text(cards)} become{'s' if len(cards) == 1 else ''} {kind} penalty "
                     f"card{'s' if len(cards) > 1 else ''} of {seat.value}, a defender (24E, "
                     "50B).")
        steps += extra
    return state, steps
