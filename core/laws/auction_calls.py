"""Calls in rotation and what the Laws attach to them: a call made at a player's turn (Laws 17,
18, 19, 22), a call at RHO's turn when RHO must pass (28A), a bid by a player obliged to pass
(37), an inadmissible double or redouble (36), passes that would end the auction after a lost
turn (17D3), the end of the auction, a change of call (25), and "must I pass?".

Other auction families (insufficient bids, calls out of rotation) leave a judgement waiting for
the offender's next call (:class:`~core.laws.auction_state.Awaiting`); :func:`make_call`
settles it when that call is made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from core.auction import PASS, Auction, Call, parse_call
from core.cards import Suit
from core.errors import RuleError
from core.laws import acceptance, lead26
from core.laws.auction_state import (
    COMPARABLE,
    DIRECTOR,
    JUDGED,
    NOT_COMPARABLE,
    Awaiting,
    accepting_seat,
    add_pass_obligation,
    auction_of,
    awaiting,
    awaiting_for,
    clear_accepting,
    drop_awaiting,
    forfeits,
    held_for_judgement,
    note_meaning,
    obligation,
    open_auction,
    put_awaiting,
    settle_auction_state,
    use_turn,
    with_auction,
)
from core.laws.flow import AuctionEnded, auction_ends
from core.registry import Event, choice_handler, event, rule
from core.ruling import PLAIN_CALL_LAWS, Draft, Option, Ruling
from core.seats import Seat, is_defender
from core.state import Chooser, PassLasts, PendingChoice, Phase, TableState
from core.text import Msg, Text

# --- words shared by the auction families ----------------------------------------------


def withdrawn_information(offender: Seat, what: Text, *, applies: bool = True,
                          why_not: str = "") -> Msg:
    """Law 16C in words for a withdrawn call of ``offender``."""
    what = spoken(what)
    if applies:
        return Msg("Information from {offender.value}'s withdrawn {what} is unauthorized for "
                   "{partner.value} (16C2): he may not choose a call or play it suggests over a "
                   "logical alternative. For {lho.value} and {rho.value} it is authorized (16C1).",
                   offender=offender, what=what, partner=offender.partner, lho=offender.lho,
                   rho=offender.rho)
    return Msg("Law 16C does not apply to {offender.value}'s withdrawn {what} ({why_not}): "
               "{partner.value} may use what it showed; the Director may still adjust at the end "
               "if the offending side gained through the infraction.",
               offender=offender, what=what, why_not=why_not, partner=offender.partner)


#: How a player says a call that is not a bid (a bid is said in its notation, ``1♥``).
CALL_WORDS: dict[str, Text] = {"P": Msg("pass"), "X": Msg("double"), "XX": Msg("redouble")}
#: A call that is not a bid as the auction shows it (``Pass``, ``Dbl``, ``Rdbl``).
CALL_SYMBOLS: dict[str, Text] = {"P": Msg("Pass"), "X": Msg("Dbl"), "XX": Msg("Rdbl")}


def call_words(call: Call) -> Text:
    """``call`` as a player says it (``1♥``, ``pass``), in the reader's language."""
    return call.symbol if call.is_bid else CALL_WORDS[call.text]


def call_symbol(call: Call) -> Text:
    """``call`` as the auction shows it (``1♥``, ``Pass``, ``Dbl``), in the reader's language."""
    return call.symbol if call.is_bid else CALL_SYMBOLS[call.text]


def pass_word(state: TableState, seat: Seat) -> str:
    ob = obligation(state, seat)
    return ob.lasts.value if ob else "none"


# --- judgements waiting for the offender's next call ---------------------------------------

StageRule = Callable[[TableState, Awaiting, Call, "CallMade", Draft], TableState]
#: Stage handlers other families register (e.g. ``27B`` for a replaced insufficient bid).
STAGES: dict[str, StageRule] = {}

_STAGE_CITE = {"31B": "31B2", "32B": "32B2", "30B1": "30B1(b)"}


def judge_replacement(state: TableState, offender: Seat, stage: str, comparable: bool,
                      withdrawn: str, replacement: str, draft: Draft, *,
                      identical: bool = False, later: bool = False) -> TableState:
    """Laws 30B1(b), 31A2, 31B2, 32A2, 32B2: the offender's call at his proper turn after his
    call out of rotation was cancelled, comparable (Law 23A) or not.

    ``identical``: the same call again, comparable without asking the Director. ``later``: the
    call is not made yet (his turn has not come): the ruling is said now, and the state changes
    when he makes it, so his partner's forced pass starts at his turn after that call."""
    good, bad = JUDGED[stage]
    said = {"replacement": words_of(replacement), "withdrawn": words_of(withdrawn)}
    if stage in _STAGE_CITE:
        draft.cite(_STAGE_CITE[stage])
    partner = offender.partner
    if comparable:
        draft.cite(good, "23A", "23C")
        draft.summary.append(Msg("{offender.value}'s {replacement} is comparable to the "
                                 "cancelled {withdrawn}: no further rectification.",
                                 offender=offender, **said))
        if identical:
            draft.steps.append(Msg("{replacement} replaces {withdrawn}: it is the same call, so it "
                                   "is comparable (23A), so the auction goes on with no "
                                   "rectification ({law}); there are no lead restrictions (26A).",
                                   **said, law=good))
        else:
            draft.steps.append(Msg("{replacement} replaces {withdrawn}: the Director judged it "
                                   "comparable (23A: the same or a similar meaning, a subset of "
                                   "its meanings, or the same purpose), so the auction goes on "
                                   "with no rectification ({law}); there are no lead restrictions "
                                   "(26A).",
                                   **said, law=good))
        draft.information[:] = [withdrawn_information(offender, withdrawn, applies=False,
                                                      why_not="23B")]
        draft.judgement.append(Msg("If the offending side was helped by the infraction and the "
                                   "other side was damaged, the Director adjusts at the end of "
                                   "play (23C)."))
        draft.outcome.update(partner_must_pass="none", lead_restriction=False)
        return state
    draft.cite(bad, "16C", "26B", "72C")
    names = dict(offender=offender, partner=partner, law=bad, **said)
    if later:
        draft.steps.append(Msg("{partner.value}'s own call before that is free, but he must not "
                               "use information from the cancelled call (16C2).", partner=partner))
        draft.summary.append(Msg("{offender.value}'s {replacement} is not comparable to the "
                                 "cancelled {withdrawn}: {partner.value} must pass at his first "
                                 "turn after {offender.value}'s {replacement}.", **names))
        draft.steps.append(Msg("The Director judged {replacement} not comparable to {withdrawn} "
                               "(23A), so {partner.value} must pass at his first turn after "
                               "{offender.value}'s {replacement} ({law}).", **names))
    elif (bar := obligation(state, partner)) is not None and bar.lasts is PassLasts.THROUGHOUT:
        # his whole-auction bar already holds the pass at his next turn: say that bar
        state = lead26.record_lead_penalty(state, offender)
        draft.summary.append(Msg("{offender.value}'s {replacement} is not comparable to the "
                                 "cancelled {withdrawn}; {partner.value} is already barred for "
                                 "the rest of the auction ({bar}).", **names, bar=bar.origin))
        draft.steps.append(Msg("The Director judged {replacement} not comparable to {withdrawn} "
                               "(23A); {partner.value} must already pass whenever it is his turn "
                               "for the rest of the auction ({bar}), which includes the pass "
                               "{law} asks of him.", **names, bar=bar.origin))
    else:
        state = add_pass_obligation(state, partner, PassLasts.NEXT_TURN, bad)
        state = lead26.record_lead_penalty(state, offender)
        draft.summary.append(Msg("{offender.value}'s {replacement} is not comparable to the "
                                 "cancelled {withdrawn}: {partner.value} must pass at his next "
                                 "turn.", **names))
        draft.steps.append(Msg("The Director judged {replacement} not comparable to {withdrawn} "
                               "(23A), so {partner.value} must pass at his next turn ({law}).",
                               **names))
    draft.steps.append(Msg("If {offender.value} becomes a defender, declarer may prohibit one suit "
                           "he did not specify in the legal auction at {partner.value}'s first "
                           "turn to lead (26B).", offender=offender, partner=partner))
    info = withdrawn_information(offender, withdrawn)
    if not any(isinstance(i, Msg) and i.template == info.template and i.params == info.params
               for i in draft.information):
        draft.information.append(info)
    draft.judgement.append(Msg("If the forced pass lets the offending side gain and the offender "
                               "could have known it might, the Director adjusts (72C)."))
    draft.outcome.update(partner_must_pass="next_turn" if later else pass_word(state, partner),
                         lead_restriction=True)
    return state


def _judged_stage(state: TableState, wait: Awaiting, call: Call, ev: CallMade,
                  draft: Draft) -> TableState:
    """The offender's call at his proper turn: the Director's word decides (given with the
    call, or earlier for this very call); without it the same call with the same meaning is
    comparable without asking, and anything else waits for the Director, nobody barred
    meanwhile (Law 23A: comparable is about meaning, not the call's name)."""
    comparable = ev.comparable
    if comparable is None and wait.judged and wait.reply in ("", call.text):
        comparable = wait.judged == COMPARABLE
    if comparable is None and wait.withdrawn == call and _same_meaning(wait, ev.specifies):
        return judge_replacement(state, wait.offender, wait.stage, True, wait.call, call.text,
                                 draft, identical=True)
    if comparable is not None:
        return judge_replacement(state, wait.offender, wait.stage, comparable, wait.call,
                                 call.text, draft)
    return ask_director(state, wait, call, draft)


def suits_text(suits: tuple[Suit, ...] | None) -> str:
    """How an artificial call's suits are kept with a cancelled call (``H,S``; "" for none)."""
    return ",".join(s.letter for s in suits or ())


def _same_meaning(wait: Awaiting, specifies: tuple[Suit, ...] | None) -> bool:
    """Whether the offender's call means what his cancelled call of the same name meant, as far
    as the reports tell: both natural, or both artificial showing the same suits."""
    if not wait.artificial:
        return specifies is None
    if specifies is None:
        return False
    return set(suits_text(specifies).split(",")) == set(wait.spec.split(","))


def ask_director(state: TableState, wait: Awaiting, call: Call, draft: Draft) -> TableState:
    """Law 23: whether ``call`` is comparable to the cancelled call is the Director's judgement.
    Until he gives it the auction goes on and nobody is barred."""
    offender, partner = wait.offender, wait.offender.partner
    at = len(auction_of(state).calls) - 1
    state = put_awaiting(state, replace(wait, reply=call.text, judged="", at=at))
    good, bad = JUDGED[wait.stage]
    draft.cite(_STAGE_CITE.get(wait.stage, wait.stage), "23A")
    draft.summary.append(Msg("Director: is {offender.value}'s {call} comparable to the "
                             "cancelled {withdrawn}? Judgement pending.", offender=offender,
                             call=call_symbol(call), withdrawn=call_symbol(parse_call(wait.call))))
    draft.steps += [
        Msg("Whether {call} is comparable to the cancelled {withdrawn} (the same or a similar "
            "meaning, a subset of its meanings, or the same purpose) is the Director's judgement "
            "(23A): the Director answers with the buttons below.",
            call=call_words(call), withdrawn=words_of(wait.call)),
        Msg("If it is comparable there is no further rectification ({good}); if not, "
            "{partner.value} must pass at his next turn and Law 26B may follow ({bad}).",
            good=good, partner=partner, bad=bad),
        Msg("Until the Director has judged, {partner.value} is not barred; the auction goes on.",
            partner=partner),
    ]
    draft.options.extend((Option(COMPARABLE, Msg("Comparable (23A)")),
                          Option(NOT_COMPARABLE, Msg("Not comparable"))))
    draft.chooser = DIRECTOR
    draft.outcome.update(judgement_pending=True, partner_must_pass="none")
    return state


def _director_judges(state: TableState, pending: PendingChoice,
                     option: str) -> tuple[Ruling, TableState]:
    """The Director's answer to "comparable?" for a call already made (Law 23A)."""
    wait = Awaiting.from_pending(pending)
    draft = Draft()
    partner = wait.offender.partner
    auction = auction_of(state)
    partner_called = wait.at >= 0 and len(auction.calls) > wait.at + 2
    comparable = option == COMPARABLE
    state = judge_replacement(state, wait.offender, wait.stage, comparable, wait.call,
                              wait.reply, draft)
    if not comparable and partner_called:
        state = state.evolve(pass_obligations=tuple(
            p for p in state.pass_obligations
            if not (p.seat is partner and p.lasts is PassLasts.NEXT_TURN
                    and p.origin == JUDGED[wait.stage][1])))
        draft.steps.append(Msg("{partner.value} has already called since: his next turn has "
                               "passed, so the Director rules on that call (Law 16C, 72C) rather "
                               "than barring him now.", partner=partner))
        draft.outcome["partner_must_pass"] = "none"
    return draft.build("judgement"), state


def _repeat_stage(state: TableState, wait: Awaiting, call: Call, ev: CallMade,
                  draft: Draft) -> TableState:
    law = "31A1" if wait.stage == "31A1" else "32A1"
    draft.cite(law)
    draft.steps.append(Msg("{offender.value} repeated his {call} as he had to; it is legal, so "
                           "there is no rectification ({law}).", offender=wait.offender,
                           call=call_words(call), law=law))
    return state


for _stage in JUDGED:
    STAGES[_stage] = _judged_stage
    choice_handler(_stage)(_director_judges)
STAGES["31A1"] = _repeat_stage
STAGES["32A1"] = _repeat_stage


# --- a call in rotation --------------------------------------------------------------------


@event("call")
@dataclass(frozen=True)
class CallMade(Event):
    """``seat`` makes ``call`` (in rotation, or at RHO's turn when RHO must pass).

    ``comparable``: the Director's Law 23A judgement when this call replaces a withdrawn one;
    ``specifies``: the suits the call specified when it was artificial (for Law 26B);
    ``lho_called``: the offender's LHO called over an inadmissible call before the Director
    ruled (Laws 36A, 37A).
    """

    seat: Seat
    call: str
    comparable: bool | None = None
    specifies: tuple[Suit, ...] | None = None
    lho_called: bool = False


@rule(CallMade)
def call_made(state: TableState, ev: CallMade) -> tuple[Ruling, TableState]:
    draft = Draft()
    call = parse_call(ev.call)
    if _after_final_pass(state):
        return (_law39(state, ev.seat, call, draft, lho_called=ev.lho_called),
                state_after_39(state, ev.seat, call, lho_called=ev.lho_called))
    state = make_call(state, ev.seat, call, ev, draft)
    ruling = draft.build("call")
    if not ruling.options and set(ruling.laws) <= PLAIN_CALL_LAWS:
        ruling = replace(ruling, record=True)  # a call in rotation: the table's record
    return ruling, state


@event("call_after_final_pass")
@dataclass(frozen=True)
class CallAfterFinalPass(Event):
    """``seat`` called ``call`` after the final pass (Law 39): an incident of its own, so the
    ruling log counts it (a :class:`CallMade` then is ruled the same way). ``lho_called``: the
    caller's LHO called over it before the Director ruled (39B: no further rectification)."""

    seat: Seat
    call: str
    lho_called: bool = False


@rule(CallAfterFinalPass)
def call_after_final_pass(state: TableState,
                          ev: CallAfterFinalPass) -> tuple[Ruling, TableState]:
    if not _after_final_pass(state):
        if state.phase is Phase.FINISHED:
            raise RuleError(Msg("this board has ended"))
        raise RuleError(Msg("the auction is not over: report it as a call (or an irregularity "
                            "in the auction)"))
    call = parse_call(ev.call)
    return (_law39(state, ev.seat, call, Draft(), lho_called=ev.lho_called),
            state_after_39(state, ev.seat, call, lho_called=ev.lho_called))


def _after_final_pass(state: TableState) -> bool:
    """The auction has ended and the board is in play, or passed out (Law 39 applies)."""
    if state.dealer is None or accepting_seat(state) is not None:
        return False
    auction = auction_of(state)
    if state.phase is Phase.PLAY:
        return state.declarer is not None
    return auction.is_over


def contract_words(contract: str) -> Text:
    """``4HX`` → ``4♥ doubled``: a contract as players say it."""
    bid, risk = contract.rstrip("X"), len(contract) - len(contract.rstrip("X"))
    words = parse_call(bid).words
    if risk == 1:
        return Msg("{bid} doubled", bid=words)
    if risk == 2:
        return Msg("{bid} redoubled", bid=words)
    return words


def state_after_39(state: TableState, seat: Seat, call: Call, *,
                   lho_called: bool = False) -> TableState:
    """39C: a defender's bid, double or redouble may bring Law 26 lead restrictions, unless his
    LHO called over it before rectification (39B)."""
    if (state.declarer is not None and is_defender(seat, state.declarer) and not call.is_pass
            and not lho_called):
        return lead26.record_lead_penalty(state, seat)
    return state


def _law39(state: TableState, seat: Seat, call: Call, draft: Draft, *,
           lho_called: bool = False) -> Ruling:
    """Law 39: a call after the final pass is cancelled; only a defender's bid, double or
    redouble has a consequence (39C, Law 26), and none once his LHO has called over it (39B)."""
    draft.cite("39A")
    draft.summary.append(Msg("{seat.value}'s {call} came after the final pass: it is "
                             "cancelled.", seat=seat, call=call_symbol(call)))
    draft.steps.append(Msg("Every call made after the final pass of the auction is cancelled "
                           "(39A)."))
    declarer = state.declarer
    if declarer is None or state.phase is Phase.FINISHED:
        draft.steps.append(Msg("The board was passed out: there is no play, so nothing more "
                               "follows."))
        draft.outcome.update(cancelled=True, lead_restriction=False)
        return draft.build("call_after_final_pass")
    if not is_defender(seat, declarer) or call.is_pass:
        draft.cite("39B")
        if call.is_pass and is_defender(seat, declarer):
            draft.steps.append(Msg("It was a pass by a defender: there is no further "
                                   "rectification (39B)."))
        else:
            draft.steps.append(Msg("It was a call by the declaring side: there is no further "
                                   "rectification (39B)."))
        draft.outcome.update(cancelled=True, lead_restriction=False)
    elif lho_called:
        draft.cite("39B")
        draft.steps.append(Msg("{lho.value} called over it before the Director ruled: there is "
                               "no further rectification, so no Law 26 lead restriction (39B).",
                               lho=seat.lho))
        draft.outcome.update(cancelled=True, lead_restriction=False)
    else:
        partner = seat.partner
        draft.cite("39C", "26B", "16C")
        draft.steps.append(Msg("A defender's {call} after the final pass brings Law 26 (39C): "
                               "at {partner.value}'s first turn to lead, declarer may prohibit "
                               "one suit {seat.value} did not specify in the legal auction, for "
                               "as long as {partner.value} keeps the lead (26B).",
                               call=call_words(call), partner=partner, seat=seat))
        draft.outcome.update(cancelled=True, lead_restriction=True)
    draft.information.append(withdrawn_information(seat, call_words(call)))
    return draft.build("call_after_final_pass")


def calling_auction(state: TableState) -> Auction:
    """The auction a new call (in rotation, out of rotation, insufficient) joins: it must be in
    progress, and not held for the Director's judgement of a replacement (27B1(b), 23A), which
    every view shows as "nobody calls until then"."""
    auction = open_auction(state)
    held = held_for_judgement(state)
    if held is not None:
        raise RuleError(Msg("wait: the Director must first judge whether "
                            "{offender.value}'s {reply} is comparable to the insufficient "
                            "{call} (27B1(b)); his partner's turn depends on it",
                            offender=held.offender, reply=words_of(held.reply),
                            call=words_of(held.call)))
    return auction


def make_call(state: TableState, seat: Seat, call: Call, ev: CallMade | None,
              draft: Draft) -> TableState:
    """``seat`` calls ``call``: check the turn and the call, apply Laws 28A, 36, 37 and any
    judgement waiting for this call, record it, and end the auction when it is over."""
    ev = ev or CallMade(seat, call.text)
    auction = calling_auction(state)
    pending_offer = acceptance.offer(state)
    accepted = acceptance.accepted_by_calling(state, seat)
    if accepted is not None and pending_offer is not None:
        draft.cite(pending_offer.law)
        draft.steps.append(Msg("{seat.value} called over the irregular call: that accepts it "
                               "({law}), and the auction goes on from it.", seat=seat,
                               law=pending_offer.law))
        state = accepted
        auction = open_auction(state)
    else:
        state = acceptance.drop_offers(state)
    due = accepting_seat(state)
    if due is not None:
        return _accepting_call(state, due, seat, call, draft)
    turn = auction.turn
    if seat is not turn:
        if seat is turn.lho and obligation(state, turn) is not None:
            state = with_auction(use_turn(state, turn), auction.plus(PASS))
            draft.cite("28A")
            draft.steps.append(Msg("{turn.value} was required to pass, so {seat.value}'s call "
                                   "at {turn.value}'s turn counts as in rotation and "
                                   "{turn.value} is taken to have passed (28A).",
                                   turn=turn, seat=seat))
            state, ended = after_pass(state, draft)
            if ended:
                raise RuleError(Msg("that pass by {turn.value} ended the auction: "
                                    "{seat.value}'s call comes after the final pass (Law 39)",
                                    turn=turn, seat=seat))
            auction = auction_of(state)
        else:
            raise RuleError(Msg("it is {turn.value}'s turn to call, not {seat.value}'s: report "
                                "it as a call out of rotation (Laws 28-32)", turn=turn, seat=seat))
    mine = awaiting_for(state, seat)
    if mine and mine.stage in ("31A1", "32A1") and mine.withdrawn != call:
        raise RuleError(Msg("{seat.value} must repeat his {call}: his RHO passed after it was "
                            "cancelled ({law})", seat=seat, call=mine.call, law=mine.stage))
    if mine and mine.stage == "27B" and mine.barred and not (call.is_bid or call.is_pass):
        raise RuleError(Msg("{seat.value} must replace his insufficient bid with a bid or a "
                            "pass (27B3)", seat=seat))
    if mine and mine.stage in STAGES and mine.stage.startswith("27"):
        state = STAGES[mine.stage](state, mine, call, ev, draft)
        return state
    ob = obligation(state, seat)
    if ob is not None and (call.is_bid or (not call.is_pass and auction.problem(call) is None)):
        return _law37(state, seat, call, ev, draft)
    problem = auction.problem(call)
    if problem:
        if call.is_bid:
            raise RuleError(Msg("{problem}: report it as an insufficient bid (Law 27)",
                                problem=problem))
        if call.is_double or call.is_redouble:
            return _law36(state, seat, call, ev, problem, draft)
        raise RuleError(problem)
    draft.summary.insert(0, Msg("{seat.value}: {call}.", seat=seat, call=call_words(call)))
    if ob is not None:
        draft.cite(ob.origin)
        if ob.lasts is PassLasts.THROUGHOUT:
            draft.steps.append(Msg("{seat.value} passed as he had to ({law}) and must go on "
                                   "passing for the rest of the auction.", seat=seat,
                                   law=ob.origin))
        else:
            draft.steps.append(Msg("{seat.value} passed as he had to ({law}); that obligation is "
                                   "now used up.", seat=seat, law=ob.origin))
    state = record_call(state, seat, call, draft, ev.specifies)
    if mine and mine.stage in STAGES and not mine.asks_director:
        state = drop_awaiting(state, seat)
        state = STAGES[mine.stage](state, mine, call, ev, draft)
    state, _ = after_pass(state, draft) if call.is_pass else (state, False)
    return state


def _accepting_call(state: TableState, due: Seat, seat: Seat, call: Call,
                    draft: Draft) -> TableState:
    """The call by which ``due`` accepted a pass out of rotation (29A): it comes in rotation
    right after the offender's pass. When it is a pass too, the auction does not end: it goes
    back to the first player who lost his turn (17D3)."""
    if seat is not due:
        raise RuleError(Msg("{seat.value} accepted the pass out of rotation by calling over it: "
                            "his call comes next, then the auction goes on in rotation (29A)",
                            seat=due))
    auction = auction_of(state)
    problem = auction.problem(call, seat, ignore_end=True)
    if problem:
        raise RuleError(problem)
    state = clear_accepting(state)
    state = with_auction(state, auction.plus(call))
    state = use_turn(state, seat)
    state = lead26.note_specified(state, seat, call.specified())
    draft.summary.insert(0, Msg("{seat.value}: {call}.", seat=seat, call=call_words(call)))
    draft.cite("29A")
    if not call.is_pass:
        draft.steps.append(Msg("{seat.value}'s call accepts the pass out of rotation (29A); the "
                               "auction goes on in rotation.", seat=seat))
        return state
    auction = auction_of(state)
    last = auction.last_bid_index()
    lost = [i for i in forfeits(state) if i > (-1 if last is None else last)]
    if not lost:
        state, _ = after_pass(state, draft)
        return state
    back = min(lost)
    missed = auction.seat_of(back)
    state = with_auction(state, auction.upto(back))
    draft.cite("17D3", "16C")
    draft.summary.append(Msg("The auction does not end: {seat.value} lost his turn to the pass "
                             "out of rotation, so it goes back to him.", seat=missed))
    draft.steps.append(Msg("The passes after {seat.value}'s lost turn are cancelled and "
                           "{seat.value} calls now (17D3); information from them is unauthorized "
                           "for the side that passed out of rotation (16C).", seat=missed))
    return state


def record_call(state: TableState, seat: Seat, call: Call, draft: Draft,
                specifies: tuple[Suit, ...] | None = None) -> TableState:
    """Add a legal call by the player whose turn it is, using up his next-turn pass obligation
    and noting the suits it specifies for any Law 26B penalty of his. However it came (in
    rotation, or an insufficient bid accepted or replaced under Law 27), it is his call: a bid or
    double his LHO made out of rotation at his turn waits for it (31A, 32A)."""
    auction = auction_of(state).plus(call)
    state = with_auction(state, auction)
    state = use_turn(state, seat)
    if specifies is not None:
        state = note_meaning(state, len(auction.calls) - 1, specifies)
    state = lead26.note_specified(state, seat, call.specified(specifies))
    for wait in awaiting(state):
        if wait.offender is seat.lho and wait.stage in ("31A", "32A"):
            state = _rho_called(state, wait, call, draft)
    return state


def _rho_called(state: TableState, wait: Awaiting, call: Call, draft: Draft) -> TableState:
    """The offender's RHO has called after a bid (double) out of rotation was cancelled."""
    family = wait.stage[:2]
    offender = wait.offender
    if call.is_pass:
        law = f"{family}A1"
        state = put_awaiting(state, replace(wait, stage=law))
        draft.cite(law)
        draft.steps.append(Msg("{offender.value}'s RHO passed, so {offender.value} must now "
                               "repeat his {call} ({law}); when that call is legal there is no "
                               "rectification.", offender=offender, call=words_of(wait.call),
                               law=law))
        draft.outcome["must_repeat"] = True
    else:
        law = f"{family}A2"
        state = put_awaiting(state, replace(wait, stage=law))
        draft.cite(law)
        draft.steps.append(Msg("{offender.value}'s RHO called {call}, so {offender.value} may "
                               "make any legal call; if the Director judges it comparable to "
                               "{withdrawn} there is no rectification, otherwise his partner must "
                               "pass at his next turn ({law}).", offender=offender,
                               call=call_words(call), withdrawn=words_of(wait.call), law=law))
        draft.outcome["must_repeat"] = False
    return state


def after_pass(state: TableState, draft: Draft) -> tuple[TableState, bool]:
    """After a pass: Law 17D3 (a lost turn among the last three passes) or the end of the
    auction. Returns the state and whether the auction has ended."""
    auction = auction_of(state)
    if not auction.is_over:
        return state, False
    n = len(auction.calls)
    lost = [i for i in forfeits(state) if i >= n - 3]
    if lost:
        back = min(lost)
        missed = auction.seat_of(back)
        cancelled = " ".join(c.text for c in auction.calls[back + 1:])
        state = with_auction(state, auction.upto(back))
        draft.cite("17D3", "16C")
        draft.summary.append(Msg("The auction does not end: {seat.value} lost his turn to a "
                                 "pass out of rotation, so it goes back to him.", seat=missed))
        draft.steps.append(Msg("Three passes followed a call, but {seat.value} never had his turn "
                               "to call; the passes after it ({cancelled}) are cancelled and "
                               "{seat.value} calls now (17D3). Information from the cancelled "
                               "passes is unauthorized for the side that passed out of rotation "
                               "(16C).", seat=missed, cancelled=cancelled))
        return state, False
    return end_auction(state, auction, draft), True


def end_auction(state: TableState, auction: Auction, draft: Draft) -> TableState:
    """The auction is over: passed out (22B), or declarer plays the contract (22A)."""
    if auction.passed_out:
        draft.cite("22B")
        draft.summary.append(Msg("All four players passed: the board is passed out and the "
                                 "hands go back into the board without play."))
        state = settle_auction_state(state, auction.dealer)
        state = state.evolve(phase=Phase.FINISHED, lead_penalties=(), auction_exposed=())
        draft.outcome.update(auction_over=True, declarer="", contract="")
        return state
    declarer, contract = auction.declarer, auction.contract
    assert declarer is not None
    ended, state = auction_ends(state, AuctionEnded(declarer, contract))
    draft.cite("22A", *ended.laws)
    said = contract_words(contract) if contract else Msg("the contract")
    draft.summary.append(Msg("The auction is over: {contract} by {declarer.value}, "
                             "{lho.value} to lead.", contract=said, declarer=declarer,
                             lho=declarer.lho))
    draft.steps += list(ended.steps)
    # the end of the auction's own choice (50D2, 26B) and information (50E1, 24, 16C) are this
    # call's ruling's: its buttons and its script say them, as the state waits on them
    if ended.information:
        draft.information.append(ended.information)
    if ended.options and not draft.options:
        draft.options.extend(ended.options)
        draft.chooser = Chooser(ended.chooser)
    draft.outcome.update(auction_over=True, declarer=declarer.value, contract=contract,
                         options=list(ended.option_tokens))
    return state


# --- Law 37: a bid, double or redouble by a player obliged to pass -------------------------


def _law37(state: TableState, seat: Seat, call: Call, ev: CallMade, draft: Draft) -> TableState:
    ob = obligation(state, seat)
    assert ob is not None
    partner = seat.partner
    if ev.lho_called:
        problem = auction_of(state).problem(call)
        if problem:
            raise RuleError(problem)
        state = record_call(state, seat, call, draft, ev.specifies)
        draft.cite("37A")
        draft.summary.append(Msg("{seat.value}'s {call} stands: his LHO called before the "
                                 "Director ruled.", seat=seat, call=call_symbol(call)))
        names = dict(seat=seat, law=ob.origin, call=call_words(call), lho=seat.lho)
        if ob.lasts is PassLasts.THROUGHOUT:
            draft.steps.append(Msg("{seat.value} had to pass ({law}) but {call}; because "
                                   "{lho.value} called over it before rectification, every call "
                                   "stands (37A) and he must still pass at his later turns. There "
                                   "are no Law 26B lead restrictions.", **names))
        else:
            draft.steps.append(Msg("{seat.value} had to pass ({law}) but {call}; because "
                                   "{lho.value} called over it before rectification, every call "
                                   "stands (37A). There are no Law 26B lead restrictions.",
                                   **names))
        draft.outcome.update(partner_must_pass=pass_word(state, partner), lead_restriction=False)
        return state
    state = record_call(state, seat, PASS, draft)
    state = add_pass_obligation(state, seat, PassLasts.THROUGHOUT, "37B2")
    state = add_pass_obligation(state, partner, PassLasts.THROUGHOUT, "37B2")
    state = lead26.record_lead_penalty(state, seat)
    draft.cite("37B1", "37B2", "26B", "72C", "16C")
    draft.summary.append(Msg("{seat.value}'s {call} is cancelled and a pass put in its place; "
                             "{seat.value} and {partner.value} must pass for the rest of the "
                             "auction.", seat=seat, call=call_symbol(call), partner=partner))
    draft.steps += [
        Msg("{seat.value} was required to pass ({law}), so his {call} is cancelled (37B1).",
            seat=seat, law=ob.origin, call=call_words(call)),
        Msg("A pass is substituted and both {seat.value} and {partner.value} must pass whenever "
            "it is their turn for the rest of the auction (37B2).", seat=seat, partner=partner),
        Msg("If {seat.value} becomes a defender, declarer may prohibit one suit he did not "
            "specify at {partner.value}'s first turn to lead (26B); the Director may adjust "
            "under 72C.", seat=seat, partner=partner),
    ]
    draft.information.append(withdrawn_information(seat, call_words(call)))
    draft.outcome.update(partner_must_pass="throughout", offender_must_pass="throughout",
                         lead_restriction=True)
    state, _ = after_pass(state, draft)
    return state


# --- Law 36: an inadmissible double or redouble in rotation --------------------------------


def _law36(state: TableState, seat: Seat, call: Call, ev: CallMade, problem: Text,
           draft: Draft) -> TableState:
    partner = seat.partner
    if ev.lho_called:
        draft.cite("36A")
        draft.summary.append(Msg("{seat.value}'s {call} and the calls after it are cancelled; "
                                 "the auction goes back to {seat.value} with no rectification.",
                                 seat=seat, call=call_symbol(call)))
        draft.steps.append(Msg("The {call} was inadmissible ({problem}). Because {lho.value} "
                               "called before rectification, it and every later call are "
                               "cancelled; {seat.value} calls again as if nothing had happened, "
                               "with no Law 26B lead restrictions (36A).",
                               call=call_words(call), problem=problem, lho=seat.lho, seat=seat))
        draft.outcome.update(partner_must_pass=pass_word(state, partner), lead_restriction=False)
        return state
    state = add_pass_obligation(state, partner, PassLasts.THROUGHOUT, "36B2")
    state = lead26.record_lead_penalty(state, seat)
    draft.cite("36B1", "36B2", "36B3", "26B", "72C", "16C")
    words = call_words(call)
    draft.summary.append(Msg("{seat.value}'s {call} is cancelled ({problem}); he must make a "
                             "legal call and {partner.value} must pass for the rest of the "
                             "auction.", seat=seat, call=words, problem=problem, partner=partner))
    draft.steps += [
        Msg("The {call} is not allowed ({problem}, Law 19), so it is cancelled (36B1).",
            call=words, problem=problem),
        Msg("{seat.value} must substitute a legal call, and {partner.value} must pass whenever it "
            "is his turn to call (36B2).", seat=seat, partner=partner),
        Msg("Law 26B lead restrictions may follow if {seat.value} becomes a defender; 72C may "
            "apply (36B3).", seat=seat),
    ]
    draft.information.append(withdrawn_information(seat, words))
    draft.outcome.update(partner_must_pass="throughout", lead_restriction=True)
    return state


def words_of(call_text: str) -> Text:
    """A stored call (``1H``, ``P``) as a player says it (``1♥``, ``pass``)."""
    return call_words(parse_call(call_text)) if call_text else Msg("call")


def spoken(text: Text) -> Text:
    """``text`` as a player says it when it is a call's notation, else as it is."""
    if isinstance(text, Msg):
        return text
    try:
        return call_words(parse_call(text))
    except ValueError:
        return text
