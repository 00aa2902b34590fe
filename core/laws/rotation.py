"""Calls out of rotation (Laws 28-32), with Law 36 for an inadmissible double or redouble made
out of turn and Law 17D3 for a pass out of rotation that would end the auction.

Whose turn it was, relative to the offender, decides the law: RHO's turn (30A, 31A, 32A),
partner's turn or LHO's turn before the offender has called (30B1, 31B, 32B), or LHO's turn
after he has called, which is a change of call (30B2, 31C, 32C: Law 25). The facts may already
say what the player whose turn it was called next (``turn_call``) and what the offender called
at his own turn (``offender_call``, with the Director's Law 23 judgement); what is not known
yet is settled when those calls are reported.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.auction import PASS, Call, parse_call
from core.cards import Suit
from core.errors import RuleError
from core.laws import acceptance, lead26
from core.laws.auction_calls import (
    CallMade,
    call_symbol,
    call_words,
    calling_auction,
    judge_replacement,
    make_call,
    suits_text,
    withdrawn_information,
)
from core.laws.auction_state import (
    COMPARABLE,
    NOT_COMPARABLE,
    Awaiting,
    add_pass_obligation,
    auction_of,
    awaiting_for,
    call_meanings,
    mark_accepting,
    mark_forfeit,
    note_meaning,
    obligation,
    put_awaiting,
    with_auction,
)
from core.laws.change_of_call import apply_change_of_call
from core.registry import Event, event, rule
from core.ruling import Draft, Ruling
from core.seats import Seat
from core.state import PassLasts, TableState
from core.text import Msg, Text

COMPARABLE_WORDS = Msg("comparable means the same or a similar meaning, a subset of the "
                       "cancelled call's meanings, or the same purpose (23A); the Director "
                       "judges it")


@event("call_out_of_rotation")
@dataclass(frozen=True)
class CallOutOfRotation(Event):
    """``offender`` called ``call`` when it was not his turn.

    ``accepted``: the offender's LHO called over it (29A). ``turn_call``: what the player whose
    turn it was then called (with ``before_rectification`` when he called before the Director
    ruled, 28B). ``offender_call``: the offender's call at his proper turn, ``comparable`` the
    Director's Law 23 judgement of it. ``artificial``/``specifies``: the call out of rotation
    was artificial (or a pass of partner's artificial call) and specified these suits (29C, 30C).
    ``unintended``: for a change of call, the first call was a slip (25A).
    """

    offender: Seat
    call: str
    accepted: bool = False
    turn_call: str | None = None
    offender_call: str | None = None
    comparable: bool | None = None
    artificial: bool = False
    specifies: tuple[Suit, ...] = ()
    before_rectification: bool = False
    unintended: bool = False


def _position(state: TableState, offender: Seat) -> tuple[str, Seat]:
    auction = auction_of(state)
    turn = auction.turn
    if turn is offender:
        raise RuleError(Msg("it was {seat.value}'s turn: his call was in rotation; report it "
                            "as an ordinary call", seat=offender))
    if turn is offender.rho:
        return "rho", turn
    if turn is offender.partner:
        return "partner", turn
    return ("change_of_call" if auction.has_called(offender) else "lho"), turn


def _passes_partners_artificial_call(state: TableState, offender: Seat) -> bool:
    """30C: the last call is the offender's partner's and the table recorded it as artificial,
    so his pass over it goes to Law 31 as an artificial pass does."""
    auction = auction_of(state)
    last = len(auction.calls) - 1
    return last >= 0 and auction.seat_of(last) is offender.partner \
        and last in call_meanings(state)


def _called_at(position: str, offender: Seat, call: Text, turn: Seat) -> Msg:
    """Whose turn ``offender`` called at."""
    if position == "rho":
        return Msg("{offender.value} called {call} at his RHO's turn: it was {turn.value}'s turn "
                   "to call.", offender=offender, call=call, turn=turn)
    if position == "partner":
        return Msg("{offender.value} called {call} at his partner's turn: it was {turn.value}'s "
                   "turn to call.", offender=offender, call=call, turn=turn)
    return Msg("{offender.value} called {call} at his LHO's turn: it was {turn.value}'s turn to "
               "call.", offender=offender, call=call, turn=turn)


def _family(call: Call, artificial: bool) -> str:
    if call.is_pass:
        return "31" if artificial else "30"
    return "31" if call.is_bid else "32"


@rule(CallOutOfRotation)
def call_out_of_rotation(state: TableState, ev: CallOutOfRotation) -> tuple[Ruling, TableState]:
    auction = calling_auction(state)
    offender = ev.offender
    call = parse_call(ev.call)
    position, turn = _position(state, offender)
    draft = Draft()
    draft.outcome.update(position=position, must_repeat=False, offender_must_pass="none",
                         partner_must_pass="none", lead_restriction=False)
    words = call_words(call)
    draft.steps.append(_called_at(position, offender, words, turn))
    if call.is_pass and not ev.artificial and _passes_partners_artificial_call(state, offender):
        ev = replace(ev, artificial=True)
        draft.cite("30C")
        draft.steps.append(Msg("{offender.value} passed his partner's artificial call: Law 31, "
                               "not Law 30, applies (30C).", offender=offender))
    elif ev.artificial:
        draft.cite("29C")
        if call.is_pass:
            draft.steps.append(Msg("The call was artificial: the laws on calls out of rotation "
                                   "apply to the denomination(s) it specified, not to the one it "
                                   "named (29C); an artificial pass is treated as a bid (30C)."))
            draft.cite("30C")
        else:
            draft.steps.append(Msg("The call was artificial: the laws on calls out of rotation "
                                   "apply to the denomination(s) it specified, not to the one it "
                                   "named (29C)."))

    family = _family(call, ev.artificial)

    # 28A: a call at RHO's turn when RHO must pass is in rotation.
    if position == "rho" and obligation(state, turn) is not None:
        state = make_call(state, offender, call, CallMade(offender, call.text,
                                                          specifies=ev.specifies or None), draft)
        draft.summary.insert(0, Msg("No irregularity: {turn.value} had to pass, so "
                                    "{offender.value}'s {call} counts as made in rotation (28A).",
                                    turn=turn, offender=offender, call=call_symbol(call)))
        return draft.build("call_out_of_rotation"), state

    # 30B2, 31C, 32C: a later call at LHO's turn is a change of call (Law 25).
    if position == "change_of_call":
        law = {"30": "30B2", "31": "31C", "32": "32C"}[family]
        draft.cite(law, "25")
        draft.steps.append(Msg("{offender.value} has already called and it is his LHO's turn, "
                               "so this is an attempt to change his call ({law}): Law 25 "
                               "applies.", offender=offender, law=law))
        state = apply_change_of_call(state, offender, call, ev.unintended, ev.accepted,
                                     bool(ev.comparable), draft)
        draft.outcome["position"] = position
        return draft.build("call_out_of_rotation"), state

    problem = auction.problem(call, offender) if (call.is_double or call.is_redouble) else None
    if problem:
        return _inadmissible(state, ev, call, turn, problem, position, draft)

    # 29A: the offender's LHO calls over it.
    if ev.accepted:
        return _accepted(state, ev, call, turn, draft)

    # 28B: the player whose turn it was called before the Director ruled.
    if ev.before_rectification:
        if not ev.turn_call:
            raise RuleError(Msg("say what the player whose turn it was called ({opt[turn_call]})"))
        draft.cite("28B", "16C")
        draft.summary.append(Msg("{turn.value} called at his turn before the Director ruled: "
                                 "{offender.value}'s {call} is cancelled with no rectification.",
                                 turn=turn, offender=offender, call=call_symbol(call)))
        draft.steps.append(Msg("{turn.value}'s call counts as in rotation and forfeits "
                               "rectification; the auction goes on as if {offender.value} had not "
                               "called; there are no Law 26 lead restrictions (28B).",
                               turn=turn, offender=offender))
        draft.information.append(withdrawn_information(offender, words))
        state = make_call(state, turn, parse_call(ev.turn_call), CallMade(turn, ev.turn_call),
                          draft)
        return draft.build("call_out_of_rotation"), state

    draft.cite("29B")
    draft.steps.append(Msg("Not accepted, the {call} is cancelled and the auction goes back to "
                           "{turn.value} (29B).", call=words, turn=turn))
    draft.information.append(withdrawn_information(offender, words))
    before = state
    if family == "30":
        state = _pass_out_of_rotation(state, ev, position, turn, draft)
    else:
        state = _bid_or_double(state, ev, call, family, position, turn, draft)
    draft.outcome["partner_must_pass"] = draft.outcome.get("partner_must_pass", "none")
    if not (ev.turn_call or ev.offender_call):
        draft.steps.insert(1, Msg("{lho.value} may instead accept the {call} by calling over "
                                  "it, with no rectification (29A).", lho=offender.lho,
                                  call=words))
        state, options = acceptance.offer_acceptance(before, state, offender, "29A", ev,
                                                     words)
        draft.options.extend(options)
        draft.chooser = acceptance.LHO
    return draft.build("call_out_of_rotation"), state


def _placeable(state: TableState, offender: Seat) -> bool:
    auction = auction_of(state)
    return not auction.is_over and auction.turn is offender


def _turn_call(state: TableState, ev: CallOutOfRotation, turn: Seat, draft: Draft) -> TableState:
    if not ev.turn_call:
        return state
    return make_call(state, turn, parse_call(ev.turn_call), CallMade(turn, ev.turn_call), draft)


def _offender_call(state: TableState, ev: CallOutOfRotation, stage: str,
                   draft: Draft) -> TableState:
    """The offender's own call at his proper turn, judged under ``stage``: placed in the auction
    when the calls before it are known; otherwise ruled on now in words and remembered, so that
    it takes effect when he makes it (his partner's own turn before it stays free)."""
    offender = ev.offender
    if not ev.offender_call:
        return state
    reply = parse_call(ev.offender_call)
    judged = "" if ev.comparable is None else (COMPARABLE if ev.comparable else NOT_COMPARABLE)
    wait = awaiting_for(state, offender)
    if wait is not None and wait.stage == stage:
        state = put_awaiting(state, replace(wait, judged=judged, reply=reply.text))
    if _placeable(state, offender):
        return make_call(state, offender, reply,
                         CallMade(offender, reply.text, comparable=ev.comparable), draft)
    # the Director's word comes first: the same call may carry another meaning (23A)
    identical = reply == parse_call(ev.call) and not judged
    if identical or judged:
        return judge_replacement(state, offender, stage, identical or bool(ev.comparable),
                                 parse_call(ev.call).text, reply.text, draft,
                                 identical=identical, later=True)
    draft.cite("23A")
    draft.steps.append(Msg("When {offender.value} makes his {reply} at his turn, the Director "
                           "judges whether it is comparable to the cancelled {call} (23A); until "
                           "then nobody is barred.", offender=offender, reply=reply.text,
                           call=ev.call))
    draft.outcome["judgement_pending"] = True
    return state


def _pass_out_of_rotation(state: TableState, ev: CallOutOfRotation, position: str, turn: Seat,
                          draft: Draft) -> TableState:
    offender = ev.offender
    if position == "rho":
        draft.cite("30A", "72C")
        state = add_pass_obligation(state, offender, PassLasts.NEXT_TURN, "30A")
        draft.summary.append(Msg("{offender.value} passed at his RHO's turn: he must pass at his "
                                 "next turn; {partner.value} may call freely.", offender=offender,
                                 partner=offender.partner))
        draft.steps.append(Msg("{offender.value} must pass when next it is his turn to call "
                               "(30A); {partner.value} is not restricted. If that pass helps his "
                               "side the Director may adjust (72C).", offender=offender,
                               partner=offender.partner))
        draft.outcome["offender_must_pass"] = "next_turn"
        state = _turn_call(state, ev, turn, draft)
        if ev.offender_call and _placeable(state, offender):
            state = make_call(state, offender, parse_call(ev.offender_call),
                              CallMade(offender, ev.offender_call), draft)
        return state
    draft.cite("30B1(a)", "30B1(b)", "16C")
    state = put_awaiting(state, Awaiting("30B1", offender, ev.call))
    partner = offender.partner
    draft.summary.append(Msg("{offender.value}'s pass out of rotation is cancelled; "
                             "{partner.value} may make any legal call at his turn.",
                             offender=offender, partner=partner))
    draft.steps += [
        Msg("{partner.value} may make any legal call at his proper turn, but must not use "
            "information from the cancelled pass (30B1(a), 16C2).", partner=partner),
        Msg("{offender.value} may make any legal call at his own turn: if it is comparable "
            "(that is, {comparable}) there is no rectification (30B1(b)(i)); otherwise "
            "{partner.value} must pass at his next turn and Law 26B may follow (30B1(b)(ii)).",
            offender=offender, comparable=COMPARABLE_WORDS, partner=partner),
    ]
    state = _turn_call(state, ev, turn, draft)
    return _offender_call(state, ev, "30B1", draft)


def _bid_or_double(state: TableState, ev: CallOutOfRotation, call: Call, family: str,
                   position: str, turn: Seat, draft: Draft) -> TableState:
    offender = ev.offender
    partner, words = offender.partner, call_words(call)
    a1, a2a, a2b = f"{family}A1", f"{family}A2(a)", f"{family}A2(b)"
    if position == "rho":
        stage = f"{family}A"
        draft.cite(stage)
        state = put_awaiting(state, Awaiting(stage, offender, call.text, artificial=ev.artificial,
                                             spec=suits_text(ev.specifies)))
        if family == "32":
            draft.summary.append(Msg("{offender.value}'s double or redouble out of rotation at his "
                                     "RHO's turn is cancelled.", offender=offender))
        else:
            draft.summary.append(Msg("{offender.value}'s bid out of rotation at his RHO's turn is "
                                     "cancelled.", offender=offender))
        draft.steps.append(Msg(
            "If {turn.value} now passes, {offender.value} must repeat his {call}, with no "
            "rectification when it is legal ({a1}). If {turn.value} bids, doubles or redoubles, "
            "{offender.value} may make any legal call: a comparable one ({comparable}) costs "
            "nothing ({a2a}); any other makes {partner.value} pass at his next turn, and Law 26B "
            "may follow ({a2b}).", turn=turn, offender=offender, call=words,
            comparable=COMPARABLE_WORDS, partner=partner, a1=a1, a2a=a2a, a2b=a2b))
        state = _turn_call(state, ev, turn, draft)
        wait = awaiting_for(state, offender)
        if wait is not None and wait.stage == f"{family}A2":
            return _offender_call(state, ev, wait.stage, draft)
        if wait is not None and wait.stage == f"{family}A1" and ev.offender_call:
            if parse_call(ev.offender_call) != call:
                raise RuleError(Msg("{offender.value} must repeat his {call} ({law})",
                                    offender=offender, call=words, law=a1))
            if _placeable(state, offender):
                return make_call(state, offender, call, CallMade(offender, call.text), draft)
        return state
    stage = f"{family}B"
    draft.cite(f"{family}B1", "16C")
    state = put_awaiting(state, Awaiting(stage, offender, call.text, artificial=ev.artificial,
                                             spec=suits_text(ev.specifies)))
    if family == "32":
        draft.summary.append(Msg("{offender.value}'s double or redouble out of rotation is "
                                 "cancelled; {partner.value} may make any legal call at his turn.",
                                 offender=offender, partner=partner))
    else:
        draft.summary.append(Msg("{offender.value}'s bid out of rotation is cancelled; "
                                 "{partner.value} may make any legal call at his turn.",
                                 offender=offender, partner=partner))
    draft.steps += [
        Msg("{partner.value} may make any legal call at his proper turn, but must not use "
            "information from the cancelled {call} ({b1}, 16C2).", partner=partner, call=words,
            b1=f"{family}B1"),
        Msg("{offender.value} may make any legal call at his own turn: a comparable one "
            "({comparable}) costs nothing ({a2a}); any other makes {partner.value} pass at his "
            "next turn, and Law 26B may follow ({a2b}, {b2}).", offender=offender,
            comparable=COMPARABLE_WORDS, partner=partner, a2a=a2a, a2b=a2b, b2=f"{family}B2"),
    ]
    state = _turn_call(state, ev, turn, draft)
    return _offender_call(state, ev, stage, draft)


def _accepted(state: TableState, ev: CallOutOfRotation, call: Call, turn: Seat,
              draft: Draft) -> tuple[Ruling, TableState]:
    """29A: the offender's LHO called over it; the skipped players have lost their turn."""
    offender = ev.offender
    auction = auction_of(state)
    skipped: list[Seat] = []
    while auction.turn is not offender:
        state = mark_forfeit(state, len(auction.calls))
        skipped.append(auction.turn)
        auction = auction.plus(PASS)
    # the skipped turns are no passes that end the auction (17D3)
    problem = auction.problem(call, offender, ignore_end=True)
    words = call_words(call)
    if problem and not call.is_bid:
        raise RuleError(Msg("{call} cannot stand: {problem}", call=words, problem=problem))
    state = with_auction(state, auction.plus(call))
    if ev.artificial:
        state = note_meaning(state, len(auction.calls), ev.specifies)
    state = lead26.note_specified(state, offender,
                                  call.specified(ev.specifies if ev.artificial else None))
    draft.cite("29A")
    lho = offender.lho
    draft.summary.append(Msg("{lho.value} called over {offender.value}'s {call}, accepting it: no "
                             "rectification.", lho=lho, offender=offender, call=call_symbol(call)))
    draft.steps.append(_lost_turns(lho, skipped))
    if problem:
        draft.cite("27A1")
        draft.steps.append(Msg("The accepted {call} was also insufficient; accepted, it counts as "
                               "legal (27A1).", call=words))
    draft.information.append(Msg("Nothing is withdrawn: {offender.value}'s {call} is part of the "
                                 "legal auction.", offender=offender, call=words))
    if call.is_pass and auction_of(state).is_over:
        state = mark_accepting(state, lho)
        draft.steps.append(Msg("The auction goes on in rotation from {offender.value}: "
                               "{lho.value}'s call over the pass comes next, and the passes so far "
                               "do not end the auction, since a player lost his turn (17D3).",
                               offender=offender, lho=lho))
        draft.cite("17D3")
    return draft.build("call_out_of_rotation"), state


def _lost_turns(lho: Seat, skipped: list[Seat]) -> Msg:
    """29A in words: ``lho`` accepted by calling, and the players ``skipped`` lost their turn."""
    if len(skipped) == 1:
        return Msg("By calling, {lho.value} accepted the call out of rotation and gave up any "
                   "rectification (29A); {first.value} lost the turn.", lho=lho, first=skipped[0])
    if len(skipped) == 2:
        return Msg("By calling, {lho.value} accepted the call out of rotation and gave up any "
                   "rectification (29A); {first.value}, {second.value} lost the turn.",
                   lho=lho, first=skipped[0], second=skipped[1])
    return Msg("By calling, {lho.value} accepted the call out of rotation and gave up any "
               "rectification (29A); {first.value}, {second.value}, {third.value} lost the turn.",
               lho=lho, first=skipped[0], second=skipped[1], third=skipped[2])


def _inadmissible(state: TableState, ev: CallOutOfRotation, call: Call, turn: Seat,
                  problem: Text, position: str, draft: Draft) -> tuple[Ruling, TableState]:
    """Law 32 preamble and Law 36: an inadmissible double or redouble can never be accepted."""
    offender = ev.offender
    words = call_words(call)
    draft.cite("32", "36")
    draft.steps.append(Msg("The {call} is inadmissible ({problem}), so it can never be accepted "
                           "(32).", call=words, problem=problem))
    if ev.accepted:
        draft.cite("36A")
        draft.summary.append(Msg("{offender.value}'s {call} and the calls after it are cancelled; "
                                 "the auction goes back to {turn.value} with no rectification.",
                                 offender=offender, call=call_symbol(call), turn=turn))
        draft.steps.append(Msg("{lho.value} called before rectification, so the inadmissible call "
                               "and every later call are cancelled and the auction resumes with "
                               "{turn.value} as if nothing had happened; no Law 26B lead "
                               "restrictions (36A).", lho=offender.lho, turn=turn))
        draft.information.append(withdrawn_information(offender, words))
        return draft.build("call_out_of_rotation"), state
    partner = offender.partner
    draft.cite("36B4", "26B", "72C", "16C")
    state = add_pass_obligation(state, partner, PassLasts.THROUGHOUT, "36B4")
    state = lead26.record_lead_penalty(state, offender)
    draft.summary.append(Msg("{offender.value}'s {call} is cancelled; {offender.value} may make "
                             "any legal call at his turn and {partner.value} must pass for the "
                             "rest of the auction.", offender=offender, call=call_symbol(call),
                             partner=partner))
    draft.steps.append(Msg("The auction goes back to {turn.value}; {offender.value} may make any "
                           "legal call at his turn and {partner.value} must pass whenever it is "
                           "his turn (36B4). Law 26B lead restrictions may follow; 72C may apply.",
                           turn=turn, offender=offender, partner=partner))
    draft.information.append(withdrawn_information(offender, words))
    draft.outcome.update(partner_must_pass="throughout", lead_restriction=True)
    state = _turn_call(state, ev, turn, draft)
    if ev.offender_call and _placeable(state, offender):
        state = make_call(state, offender, parse_call(ev.offender_call),
                          CallMade(offender, ev.offender_call), draft)
    return draft.build("call_out_of_rotation"), state
