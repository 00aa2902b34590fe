"""A change of call (Law 25): an unintended call replaced (25A) or a change of mind (25B)."""

from __future__ import annotations

from dataclasses import dataclass

from core.auction import Call, parse_call
from core.errors import RuleError
from core.laws import lead26
from core.laws.auction_calls import (
    call_symbol,
    call_words,
    make_call,
    withdrawn_information,
)
from core.laws.auction_state import auction_of, with_auction
from core.registry import Event, event, rule
from core.ruling import Draft, Ruling
from core.seats import Seat
from core.state import Phase, TableState
from core.text import Msg


@event("change_of_call")
@dataclass(frozen=True)
class ChangeOfCall(Event):
    """``seat`` wants to replace his last call with ``call``.

    ``unintended``: the first call was a slip (mechanical error or slip of the tongue, 25A), not
    a change of mind; ``accepted``: his LHO called intentionally over the changed call (25B1);
    ``comparable``: the Director judged the new call comparable to the first (26A).
    ``period_over``: the auction period has ended (the opening lead is faced, 17E), which is too
    late for a 25A change of the last call of the auction (25A5).
    """

    seat: Seat
    call: str
    unintended: bool = False
    accepted: bool = False
    comparable: bool = False
    period_over: bool = False


@rule(ChangeOfCall)
def change_of_call(state: TableState, ev: ChangeOfCall) -> tuple[Ruling, TableState]:
    draft = Draft()
    state = apply_change_of_call(state, ev.seat, parse_call(ev.call), ev.unintended,
                                 ev.accepted, ev.comparable, draft, period_over=ev.period_over)
    return draft.build("change_of_call"), state


def apply_change_of_call(state: TableState, seat: Seat, new: Call, unintended: bool,
                         accepted: bool, comparable: bool, draft: Draft, *,
                         period_over: bool = False) -> TableState:
    """Law 25 on ``seat``'s latest call. The outcome says which call ``stands`` in its place
    ("" while an intended call that is insufficient awaits Law 27) and whether LHO
    ``lho_may_withdraw`` a call he made over it (25A6)."""
    if state.dealer is None:
        raise RuleError(Msg("the dealer is not known yet: say who dealt (N, E, S or W)"))
    auction = auction_of(state)
    mine = [i for i in range(len(auction.calls)) if auction.seat_of(i) is seat]
    if not mine:
        raise RuleError(Msg("{seat.value} has not called yet: there is no call to change",
                            seat=seat))
    at = mine[-1]
    old = auction.calls[at]
    partner_called = len(auction.calls) > at + 2
    draft.outcome.update(partner_must_pass="none", offender_must_pass="none",
                         lead_restriction=False, stands=old.text, lho_may_withdraw=False)
    if unintended:
        if partner_called:
            draft.cite("25A4")
            draft.summary.append(Msg("Too late: {partner.value} has called since, so "
                                     "{seat.value}'s {call} stands.", partner=seat.partner,
                                     seat=seat, call=call_symbol(old)))
            draft.steps.append(Msg("An unintended call may be replaced only until partner calls "
                                   "(25A4)."))
            return state
        if auction.is_over and period_over:
            draft.cite("25A5")
            draft.summary.append(Msg("Too late: the auction period is over, so {seat.value}'s "
                                     "{call} stands.", seat=seat, call=call_symbol(old)))
            draft.steps.append(Msg("When the auction ended before it reached partner, a 25A "
                                   "change is allowed only until the end of the auction period "
                                   "(25A5)."))
            return state
        if auction.is_over:
            draft.cite("25A5")
        before = auction.upto(at)
        withdrawn_lho = auction.calls[at + 1:]
        problem = before.problem(new, seat)
        draft.cite("25A1", "25A2")
        draft.steps.append(Msg("{seat.value} did not mean {old} (a mechanical error or slip of "
                               "the tongue, not a change of mind), so he may replace it with "
                               "{new} until his partner calls (25A1, 25A2). There are no "
                               "Law 26 lead restrictions.", seat=seat, old=call_words(old),
                               new=call_words(new)))
        draft.outcome["lho_may_withdraw"] = bool(withdrawn_lho)
        if withdrawn_lho:
            draft.cite("25A6")
            draft.steps.append(Msg("{lho.value} may withdraw his call over it; information from "
                                   "that withdrawn call is authorized for his side and "
                                   "unauthorized for {seat.value}'s side (25A6).", lho=seat.lho,
                                   seat=seat))
        draft.information.append(withdrawn_information(seat, old.words))
        state = state.evolve(phase=Phase.AUCTION, declarer=None if auction.is_over
                        else state.declarer)
        state = with_auction(state, before)
        if problem:
            draft.cite("27" if new.is_bid else "36")
            draft.summary.append(Msg("{seat.value}'s intended {new} replaces {old}, but it is not "
                                     "legal ({problem}): the Director now applies the law for "
                                     "that call.", seat=seat, new=call_symbol(new),
                                     old=call_symbol(old), problem=problem))
            draft.steps.append(Msg("The intended call is subject to the law that governs it: "
                                   "report it next (an insufficient bid under Law 27)."))
            draft.outcome["stands"] = ""
            return state
        draft.summary.append(Msg("{seat.value}'s intended {new} replaces {old}; no "
                                 "rectification.", seat=seat, new=call_symbol(new),
                                 old=call_symbol(old)))
        draft.outcome["stands"] = new.text
        return make_call(state, seat, new, None, draft)
    if len(auction.calls) != at + 1:
        draft.cite("25B2")
        draft.summary.append(Msg("{seat.value}'s {call} stands: the auction has moved on.",
                                 seat=seat, call=call_symbol(old)))
        draft.steps.append(Msg("A change of mind is not allowed; the original call stands "
                               "(25B2)."))
        return state
    draft.cite("25B3", "16C")
    if accepted:
        problem = auction.upto(at).problem(new, seat)
        if problem:
            raise RuleError(Msg("{call} cannot stand there: {problem}", call=call_words(new),
                                problem=problem))
        state = with_auction(state, auction.upto(at).plus(new))
        state = lead26.note_specified(state, seat, new.specified())
        draft.cite("25B1")
        draft.summary.append(Msg("{lho.value} accepted the change by calling over it: {new} "
                                 "stands and {old} is withdrawn.", lho=seat.lho,
                                 new=call_symbol(new), old=call_symbol(old)))
        draft.steps.append(Msg("{seat.value} changed his mind; his LHO called over the new call, "
                               "so it stands (25B1).", seat=seat))
        withdrawn, replacement = old.text, new.text
        draft.outcome["stands"] = new.text
    else:
        draft.cite("25B2")
        draft.summary.append(Msg("The change is cancelled: {seat.value}'s {call} stands.",
                                 seat=seat, call=call_symbol(old)))
        draft.steps.append(Msg("{seat.value} intended {call} and then changed his mind; unless "
                               "his LHO accepts the new call by calling over it, the change is "
                               "cancelled and the original call stands (25B2).", seat=seat,
                               call=call_words(old)))
        withdrawn, replacement = new.text, old.text
    draft.information.append(withdrawn_information(seat, withdrawn))
    if comparable:
        draft.cite("26A")
        draft.steps.append(Msg("{call} was judged comparable to {withdrawn}: no lead "
                               "restrictions (26A).", call=call_words(parse_call(replacement)),
                               withdrawn=call_words(parse_call(withdrawn))))
    else:
        state = lead26.record_lead_penalty(state, seat)
        draft.cite("26B")
        draft.steps.append(Msg("If {seat.value} becomes a defender, declarer may prohibit one "
                               "suit he did not specify at his partner's first turn to lead "
                               "(26B).", seat=seat))
        draft.outcome["lead_restriction"] = True
    return state
