"""The ordinary course of a board, as far as the Laws carry state through it: the board is set
up, the auction ends, cards are played, a side loses the lead, the board ends."""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.cards import Card, cards_text
from core.errors import RuleError
from core.laws import lead26, waits
from core.laws.auction_state import settle_auction_state
from core.laws.course import lead_moment_passed
from core.laws.exposure import settle_auction_exposures
from core.laws.penalty import (
    due_lead_options,
    lead_options_law,
    major_suits,
    offer_lead_options,
)
from core.laws.play import check_may_play
from core.registry import Event, event, rule
from core.ruling import Ruling, sentences
from core.seats import Seat, is_defender, opening_leader
from core.state import Chooser, Lasts, Phase, Restriction, RestrictionKind, TableState
from core.text import Msg, Text
from core.validity import check_state, parse_contract


@event("board_set")
@dataclass(frozen=True)
class BoardSet(Event):
    """A director or player says which board is in play and what is known of it."""

    dealer: Seat | None = None
    declarer: Seat | None = None
    contract: str | None = None


@rule(BoardSet)
def board_set(state: TableState, ev: BoardSet) -> tuple[Ruling, TableState]:
    if ev.contract is not None:
        ev = replace(ev, contract=parse_contract(ev.contract))
    if ev.declarer is not None:
        # declarer and dummy never hold penalty cards (48A)
        check_state(state.evolve(declarer=ev.declarer))
    if ev.declarer is not None and state.phase is Phase.AUCTION:
        # Naming the declarer ends the auction: Law 24 cards, pass obligations and Law 26
        # lead penalties take their fate exactly as when the last pass is recorded.
        ended = state.evolve(dealer=ev.dealer or state.dealer)
        return auction_ends(ended, AuctionEnded(ev.declarer, ev.contract))
    new = replace(
        state,
        dealer=ev.dealer or state.dealer,
        declarer=ev.declarer or state.declarer,
        contract=ev.contract or state.contract,
        phase=Phase.PLAY if ev.declarer else state.phase,
    )
    old = state.declarer
    if old is not None and new.declarer is not old:
        # a choice still waiting was offered under the old declarer: who chooses, and whether
        # a lead was out of turn (54), followed from him, so it lapses with him (the desk
        # re-rules the board on the corrected facts). Declarer's lead options (50D2, 26B) are
        # for a defender's lead and follow the lead instead (below). The choices a claim set
        # aside (for play to go on from it, 68D2(b)) were offered under him too: they go.
        new = new.evolve(pending=tuple(
            p for p in new.pending if p.law in waits.LEAD_CHOICE_LAWS), claim_held=())
    if old is not None and new.declarer is not None and new.declarer is not old and (
            state.trick in (None, 1) and state.on_lead in (None, opening_leader(old))):
        # the opening lead follows from the declarer: a corrected declarer moves it too, and
        # declarer's lead options for another player's lead lapse with it
        new = lead_moment_passed(new.evolve(trick=1, on_lead=opening_leader(new.declarer)),
                                 opening_leader(new.declarer), later=False)
    known: list[Text] = []
    if new.dealer:
        known.append(Msg("dealer {seat.value}", seat=new.dealer))
    if new.declarer:
        known.append(Msg("declarer {seat.value}", seat=new.declarer))
    if new.contract:
        known.append(Msg("contract {contract}", contract=new.contract))
    return Ruling(
        kind="board_set",
        summary=Msg("Board set: {known}.", known=Msg.join(", ", known)) if known
        else Msg("Board set: nothing known yet."),
        laws=("7",),
    ), new


@event("auction_ends")
@dataclass(frozen=True)
class AuctionEnded(Event):
    """The auction is over and ``declarer`` will declare."""

    declarer: Seat
    contract: str | None = None


@rule(AuctionEnded)
def auction_ends(state: TableState, ev: AuctionEnded) -> tuple[Ruling, TableState]:
    if state.phase is Phase.FINISHED:
        raise RuleError(Msg("this board has ended"))
    laws, information = auction_end_information(state, ev.declarer)
    state, exposure_steps = settle_auction_exposures(state, ev.declarer)
    steps: list[Text] = [*exposure_steps]
    state = settle_auction_state(state, ev.declarer)
    leader = opening_leader(ev.declarer)
    state = state.evolve(declarer=ev.declarer, contract=ev.contract or state.contract,
                         phase=Phase.PLAY, pass_obligations=(), trick=1, on_lead=leader)
    prohibit = lead26.eligible_suits(state, leader)
    state, options = offer_lead_options(state, leader)
    if options and major_suits(state, leader.partner):
        laws.append(lead_options_law(state, leader.partner))
        steps.append(Msg("Before {seat.value} makes the opening lead, declarer chooses among "
                         "the lead options for his partner's major penalty cards (50D2).",
                         seat=leader))
    if prohibit:
        laws.append(lead26.LAW)
        steps += lead26.explain(leader, prohibit)
    return Ruling(
        kind="auction_ends",
        summary=Msg("The auction is over: {declarer.value} declares and {leader.value} leads.",
                    declarer=ev.declarer, leader=leader),
        laws=tuple(laws),
        steps=tuple(steps),
        options=options,
        chooser=Chooser.DECLARER if options else Chooser.NOBODY,
        information=information,
        outcome={"penalty_cards": [p.token for p in state.penalty_cards]},
    ), state


def auction_end_information(state: TableState, declarer: Seat) -> tuple[list[str], Text]:
    """The laws the end of the auction applies to Law 24 cards (only those that applied) and who
    may use what they showed: picked up by the declaring side, they stay unauthorized for it
    (24, 16C); become a defender's penalty cards, they are authorized for everyone while on the
    table (50E1)."""
    laws = ["17D"]
    said: list[Text] = []
    by_seat: dict[Seat, list[Card]] = {}
    for e in state.auction_exposed:
        by_seat.setdefault(e.seat, []).append(e.card)
    for seat, cards in by_seat.items():
        shown = cards_text(cards)
        if is_defender(seat, declarer):
            laws += ["24E", "50E1"]
            one = len(cards) == 1
            said.append(Msg("While {seat.value}'s {cards} is on the table as a penalty card, what "
                            "it shows is authorized for everyone (50E1).", seat=seat, cards=shown)
                        if one else
                        Msg("While {seat.value}'s {cards} are on the table as penalty cards, "
                            "what they show is authorized for everyone (50E1).",
                            seat=seat, cards=shown))
        else:
            laws += ["24D", "16C"]
            one = len(cards) == 1
            said.append(Msg("{seat.value}'s {cards} goes back to his hand, but what it showed "
                            "stays unauthorized for his side ({seat.value} and "
                            "{partner.value}) and authorized for the opponents (24, 16C).",
                            seat=seat, cards=shown, partner=seat.partner)
                        if one else
                        Msg("{seat.value}'s {cards} go back to his hand, but what they showed "
                            "stays unauthorized for his side ({seat.value} and "
                            "{partner.value}) and authorized for the opponents (24, 16C).",
                            seat=seat, cards=shown, partner=seat.partner))
    return list(dict.fromkeys(laws)), sentences(said)


@event("play")
@dataclass(frozen=True)
class CardPlayed(Event):
    """``seat`` legally leads or plays ``card``."""

    seat: Seat
    card: Card


def _breaks(restriction: Restriction, card: Card) -> bool:
    """Whether leading ``card`` goes against a lead requirement or prohibition."""
    if restriction.kind is RestrictionKind.REQUIRE:
        return restriction.suit is not None and card.suit is not restriction.suit
    if restriction.kind is RestrictionKind.FORBID:
        return card.suit is restriction.suit
    return False


@rule(CardPlayed)
def card_played(state: TableState, ev: CardPlayed) -> tuple[Ruling, TableState]:
    if state.phase is Phase.FINISHED:
        raise RuleError(Msg("this board has ended"))
    check_may_play(state, ev.seat)  # play stopped (68D), or another player leads first
    waiting = (waits.recorded_wait(state, ev.seat, leading=True)
               or waits.recorded_wait(state, ev.seat, leading=False))
    if waiting is not None:  # the choice (or question) that holds him up, as the view says
        if waiting.chooser in waits.QUESTIONS:
            raise RuleError(Msg("first say whether {seat.value} has kept the lead (the buttons on "
                                "the /{cmd[lead]} answer): his restriction "
                                "may still bind this card",
                                seat=ev.seat))
        raise RuleError(waits.must_wait_words(ev.seat, waits.chooser_of(waiting)[0], waiting.law))
    due = due_lead_options(state, ev.seat) if state.on_lead is ev.seat else None
    if due is not None:  # due and not yet asked for (/state shows it): he waits all the same
        raise RuleError(waits.must_wait_words(ev.seat, Chooser.DECLARER, due[0]))
    if state.on_lead is ev.seat and state.declarer is not None \
            and is_defender(ev.seat, state.declarer):
        # his lead to this trick is made: declarer's options for it (50D2, 51B, 26B) are spent,
        # chosen or not; they come back at his next lead (a later trick, or /lead again)
        state = waits.with_lead_made(
            lead26.drop(state, ev.seat.partner).evolve(lead_chosen=ev.seat), ev.seat)
    # a lead (he is on lead): what binds it, before it is used up below
    leading = state.on_lead is ev.seat
    bound = state.restrictions_on(ev.seat) if leading else ()
    played_penalty = [p for p in state.penalty_cards_of(ev.seat) if p.card == ev.card]
    used = [r for r in state.restrictions_on(ev.seat)
            if r.lasts in (Lasts.THIS_LEAD, Lasts.THIS_PLAY)]
    state = state.without_penalty_cards(played_penalty).placed(ev.seat, ev.card)
    state = state.evolve(restrictions=tuple(r for r in state.restrictions if r not in used),
                    phase=Phase.PLAY)
    steps: list[Text] = []
    laws = ["44"]
    if played_penalty:
        steps.append(Msg("The penalty card {card.symbol} has been played and leaves the table; "
                         "how it came to be exposed is now unauthorized for partner (50E3).",
                         card=ev.card))
        laws.append("50E3")
    if used:
        steps.append(Msg("This card uses up {seat.value}'s restriction: {restrictions}.",
                         seat=ev.seat, restrictions=Msg.join("; ", [r.describe() for r in used])))
    if leading:  # a lead against declarer's requirement or prohibition, if he could comply
        for broken in (r for r in bound if _breaks(r, ev.card)):
            steps.append(Msg("If {seat.value} could have complied ({restriction}), this lead is a "
                             "revoke (61A), established and rectified as any other (63, 64); "
                             "unable to, he could lead any card (59).", seat=ev.seat,
                             restriction=broken.describe()))
            laws.extend(("61A", "59"))
    return Ruling(
        kind="play",
        summary=Msg("{seat.value} played the {card.symbol}.", seat=ev.seat, card=ev.card),
        laws=tuple(laws),
        steps=tuple(steps),
    ), state


@event("lead_lost")
@dataclass(frozen=True)
class LeadLost(Event):
    """``seat``'s side has lost the lead: restrictions lasting while he (or his partner) keeps
    it end, whichever of the two the report names."""

    seat: Seat


@rule(LeadLost)
def lead_lost(state: TableState, ev: LeadLost) -> tuple[Ruling, TableState]:
    side = (ev.seat, ev.seat.partner)
    ended = [r for r in state.restrictions
             if r.seat in side and r.lasts in (Lasts.WHILE_ON_LEAD, Lasts.THIS_LEAD)]
    leader = state.on_lead
    if leader is not None and leader in side:  # his lead is over: a 26B right for it goes too
        state = lead26.drop(state, leader.partner)
    if state.on_lead in side:
        state = waits.without_lead_made(state)
    state = state.evolve(restrictions=tuple(r for r in state.restrictions if r not in ended),
                         pending=tuple(p for p in state.pending if p.seat not in side),
                         on_lead=None if state.on_lead in side else state.on_lead,
                         lead_chosen=None if state.lead_chosen in side else state.lead_chosen)
    summary = (Msg("{seat.value}-{partner.value} no longer have the lead: {ended} ends.",
                   seat=ev.seat, partner=ev.seat.partner,
                   ended=Msg.join(", ", [r.describe() for r in ended])) if ended
               else Msg("{seat.value}-{partner.value} no longer have the lead: nothing changes.",
                        seat=ev.seat, partner=ev.seat.partner))
    return Ruling(kind="lead_lost", summary=summary,
                  laws=tuple(dict.fromkeys(r.origin for r in ended))), state


@event("board_end")
@dataclass(frozen=True)
class BoardEnded(Event):
    """The board is over: nothing carries forward to the next one."""


@rule(BoardEnded)
def board_end(state: TableState, ev: BoardEnded) -> tuple[Ruling, TableState]:
    left = cards_text(p.card for p in state.penalty_cards) if state.penalty_cards else ""
    steps = (Msg("Penalty cards still on the table ({cards}) go back: they lapse with the board.",
                 cards=left),) if left else ()
    return Ruling(
        kind="board_end",
        summary=Msg("Board over: penalty cards, restrictions and obligations are cleared."),
        laws=(),
        steps=steps,
    ), TableState(declarer=state.declarer, dealer=state.dealer, contract=state.contract,
                  phase=Phase.FINISHED, tricks_transferred=state.tricks_transferred)
