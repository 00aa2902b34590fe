"""Insufficient bids (Law 27), with Law 23 (comparable call) for the replacement and Law 26B
for the lead penalty that may follow.

The engine computes the lowest sufficient bid in the insufficient bid's denomination from the
auction; whether a replacement is *comparable* (Law 23A) is the Director's judgement and comes
with the facts. When the replacement is not known yet, the ruling lists the offender's choices
and the replacement is settled by his next call (:mod:`core.laws.auction_calls`).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.auction import Call, Strain, parse_call
from core.cards import Suit
from core.errors import RuleError
from core.laws import acceptance, lead26
from core.laws.auction_calls import (
    STAGES,
    CallMade,
    after_pass,
    call_symbol,
    call_words,
    calling_auction,
    pass_word,
    record_call,
    withdrawn_information,
)
from core.laws.auction_state import (
    COMPARABLE,
    DIRECTOR,
    NOT_COMPARABLE,
    Awaiting,
    add_pass_obligation,
    auction_of,
    awaiting_for,
    behind,
    call_meanings,
    drop_awaiting,
    obligation,
    put_awaiting,
)
from core.registry import Event, choice_handler, event, rule
from core.ruling import Draft, Option, Ruling
from core.seats import Seat
from core.state import PassLasts, PendingChoice, TableState
from core.text import Msg

COMPARABLE_TEST = Msg(
    "A replacement is comparable (23A) when it has the same or a similar meaning as the withdrawn "
    "call, when its meanings are a subset of the withdrawn call's, or when it has the same purpose "
    "(an asking bid, a relay). That is the Director's judgement, usually made away from the table."
)


@event("insufficient_bid")
@dataclass(frozen=True)
class InsufficientBid(Event):
    """``seat`` (default: the player whose turn it is) made the insufficient bid ``bid``.

    ``accepted``: his LHO accepts it by calling (27A1). ``replacement``: the call substituted
    when it is not accepted; ``comparable``: the Director judged that call comparable (23A).
    ``artificial``/``specifies``: the insufficient bid was artificial and specified these
    denominations; ``replacement_specifies``: the same for an artificial replacement.
    ``replacement_accepted``: a second insufficient bid was accepted by LHO (27B4).
    ``premature``: the offender replaced the bid before the Director ruled (27C).
    """

    bid: str
    seat: Seat | None = None
    accepted: bool = False
    replacement: str | None = None
    comparable: bool | None = None
    artificial: bool = False
    specifies: tuple[Strain, ...] = ()
    replacement_specifies: tuple[Strain, ...] | None = None
    replacement_accepted: bool = False
    premature: bool = False


#: Stored for an artificial call that specifies no denomination (a Stayman-type ask, a relay).
NO_DENOMINATION = "-"


def _spec_text(strains: tuple[Strain, ...] | None) -> str:
    """Stored form: "" for a natural call, ``-`` for an artificial one showing nothing."""
    if strains is None:
        return ""
    return ",".join(s.value for s in strains) or NO_DENOMINATION


def _spec_parse(text: str) -> tuple[Strain, ...] | None:
    if not text:
        return None
    return tuple(Strain(v) for v in text.split(",") if v and v != NO_DENOMINATION)


@rule(InsufficientBid)
def insufficient_bid(state: TableState, ev: InsufficientBid) -> tuple[Ruling, TableState]:
    auction = calling_auction(state)
    offender = ev.seat or auction.turn
    if offender is not auction.turn:
        raise RuleError(Msg("it was {turn.value}'s turn, not {seat.value}'s: an insufficient "
                            "bid out of rotation is a call out of rotation (27A2, Law 31)",
                            turn=auction.turn, seat=offender))
    bid = parse_call(ev.bid)
    if not bid.is_bid:
        raise RuleError(Msg("{call} is not a bid, so it cannot be insufficient",
                            call=call_words(bid)))
    if auction.is_sufficient(bid):
        last = auction.last_bid
        if last is None:
            raise RuleError(Msg("{bid} is sufficient: it is not an insufficient bid",
                                bid=bid.symbol))
        raise RuleError(Msg("{bid} is sufficient over {last}: it is not an insufficient bid",
                            bid=bid.symbol, last=last.symbol))
    ob = obligation(state, offender)
    if ob is not None:
        raise RuleError(Msg("{seat.value} had to pass ({law}): his bid is dealt with under "
                            "Law 37; report it as his call", seat=offender, law=ob.origin))
    assert bid.strain is not None
    lowest = auction.lowest_sufficient(bid.strain)
    draft = Draft()
    draft.outcome.update(lowest_sufficient=lowest.text if lowest else "",
                         partner_must_pass="none", lead_restriction=False)
    last = auction.last_bid
    draft.steps.append(Msg.join(" ", (_not_superseding(offender, bid, last),
                                      _lowest_sentence(bid.strain, lowest))))
    if ev.accepted:
        state = record_call(state, offender, bid, draft,
                            _suits(ev.specifies) if ev.artificial else None)
        draft.cite("27A1")
        draft.summary.append(Msg("{lho.value} accepts {bid} by calling: it stands as a legal bid "
                                 "and there is no rectification.", lho=offender.lho,
                                 bid=bid.symbol))
        draft.steps.append(Msg("{lho.value} may accept the insufficient bid, and does so simply "
                               "by calling over it (27A1); the auction goes on from there.",
                               lho=offender.lho))
        if ev.replacement and ev.premature:
            draft.cite("27C", "16C")
            draft.steps.append(Msg("{seat.value}'s premature replacement {call} is withdrawn "
                                   "because the insufficient bid was accepted (27C).",
                                   seat=offender, call=call_words(parse_call(ev.replacement))))
            draft.information.append(withdrawn_information(offender, ev.replacement))
        else:
            draft.information.append(Msg("Nothing is withdrawn: {bid} is part of the legal "
                                         "auction and everyone may use it.", bid=bid.symbol))
        draft.outcome["replacement_stands"] = False
        state = _turn_judged(state, offender, draft)
        return draft.build("insufficient_bid"), state
    spec = ev.specifies if ev.artificial else None  # an artificial bid may show nothing
    if ev.replacement is None:
        before = state
        state = put_awaiting(state, Awaiting("27B", offender, bid.text, artificial=ev.artificial,
                                             spec=_spec_text(spec)))
        state, options = acceptance.offer_acceptance(before, state, offender, "27A1", ev,
                                                     bid.symbol)
        draft.options.extend(options)
        draft.chooser = acceptance.LHO
        draft.cite("27A1", "27B1(a)", "27B1(b)", "27B2", "27B3", "23A")
        draft.summary.append(Msg("{lho.value} may accept {bid}; otherwise {seat.value} must "
                                 "replace it.", lho=offender.lho, bid=bid.symbol, seat=offender))
        draft.steps += [
            Msg("{lho.value} may accept it by calling (27A1). If he does not:", lho=offender.lho),
            (Msg("Replacing it with {bid}, the lowest sufficient bid in the same "
                 "denomination(s), costs nothing (27B1(a)); nor does a call the Director judges "
                 "comparable (27B1(b)).", bid=lowest.symbol)
             if lowest and not ev.artificial else
             Msg("Replacing it with the lowest sufficient bid that specifies the same "
                 "denomination(s), costs nothing (27B1(a)); nor does a call the Director judges "
                 "comparable (27B1(b)).")),
            COMPARABLE_TEST,
            Msg("Any other sufficient bid, or a pass, bars {partner.value} for the rest of the "
                "auction, and Law 26B lead restrictions may follow (27B2).",
                partner=offender.partner),
            Msg("A double or redouble that is not comparable is cancelled, {seat.value} must "
                "still replace the bid, and {partner.value} is barred for the rest of the "
                "auction (27B3).", seat=offender, partner=offender.partner),
        ]
        draft.judgement.append(Msg("After a 27B1 replacement the Director may adjust at the end "
                                   "of play if the infraction helped the offending side (27D)."))
        return draft.build("insufficient_bid"), state
    replacement = parse_call(ev.replacement)
    if ev.premature:
        draft.cite("27C")
        draft.steps.append(Msg("{seat.value} replaced the bid before the Director ruled; the "
                               "replacement stands if it is legal and the Director rules on it "
                               "as below (27C).", seat=offender))
    state = resolve_27b(state, offender, bid, spec, replacement, ev.comparable,
                        ev.replacement_specifies, ev.replacement_accepted, draft)
    state = _turn_judged(state, offender, draft)
    return draft.build("insufficient_bid"), state


def _turn_judged(state: TableState, offender: Seat, draft: Draft,
                 comparable: bool | None = None) -> TableState:
    """The insufficient bid came at the offender's proper turn after his call out of rotation
    was cancelled (30B1, 31A2, 31B, 32A2, 32B): the call that now stands for that turn (the bid
    accepted, or its replacement, given with the report or later) is the one the Director
    judges comparable or not (23A), not a later call of his. While the replacement is still to
    be made or judged the 27B record stays in front and the judgement waits behind it.
    ``comparable``: the Director's word given with a replacement Law 27 asked him nothing about
    (27B1(a), or after 27B3/27B4)."""
    prior = behind(state, offender)
    now = awaiting_for(state, offender)
    if prior is None or (now is not None and now.stage == "27B"):
        return state
    auction = auction_of(state)
    at = len(auction.calls) - 1
    if at < 0 or auction.seat_of(at) is not offender:
        return state
    made = auction.calls[at]
    state = drop_awaiting(state, offender)
    barred, information = draft.outcome.get("lead_restriction"), list(draft.information)
    ev = CallMade(offender, made.text, comparable, call_meanings(state).get(at))
    state = STAGES[prior.stage](state, prior, made, ev, draft)
    # what Law 27 already imposed stands whatever the judgement: a bar, 26B, 16C
    draft.outcome.update(partner_must_pass=pass_word(state, prior.offender.partner),
                         lead_restriction=bool(barred or draft.outcome.get("lead_restriction")))
    draft.information[:] = [*information, *(i for i in draft.information
                                            if i not in information)]
    return state


def _not_superseding(offender: Seat, bid: Call, last: Call | None) -> Msg:
    if last is None:
        return Msg("{seat.value}'s {bid} does not supersede the last bid (18D).", seat=offender,
                   bid=bid.symbol)
    return Msg("{seat.value}'s {bid} does not supersede {last} (18D).", seat=offender,
               bid=bid.symbol, last=last.symbol)


def _lowest_sentence(strain: Strain, lowest: Call | None) -> Msg:
    """The lowest sufficient bid in ``strain``, or that there is none, as a sentence."""
    suit = strain.suit
    if lowest is None:
        if suit is None:
            return Msg("No sufficient notrump bid exists.")
        return Msg("No sufficient {suit.plural} bid exists.", suit=suit)
    if suit is None:
        return Msg("The lowest sufficient notrump bid is {bid}.", bid=lowest.symbol)
    return Msg("The lowest sufficient {suit.plural} bid is {bid}.", suit=suit, bid=lowest.symbol)


def _suits(strains: tuple[Strain, ...]) -> tuple[Suit, ...]:
    return tuple(s.suit for s in strains if s.suit is not None)


def _denominations(call: Call, given: tuple[Strain, ...] | None) -> frozenset[Strain]:
    if given is not None:
        return frozenset(given)
    return frozenset({call.strain}) if call.strain is not None else frozenset()


def resolve_27b(state: TableState, offender: Seat, bid: Call, spec: tuple[Strain, ...] | None,
                replacement: Call, comparable: bool | None,
                rep_spec: tuple[Strain, ...] | None, rep_accepted: bool, draft: Draft,
                barred: bool = False) -> TableState:
    """Law 27B: ``replacement`` substituted for the insufficient ``bid`` (not accepted).
    ``comparable`` None: the Director has not judged yet; he is asked when it matters.
    ``spec`` / ``rep_spec``: the denominations an artificial bid / replacement specified
    (None: natural; empty: artificial and specifying none, such as a Stayman-type ask)."""
    auction = auction_of(state)
    partner = offender.partner
    assert bid.strain is not None
    lowest = auction.lowest_sufficient(bid.strain)
    draft.outcome.setdefault("lowest_sufficient", lowest.text if lowest else "")
    rep_suits = _suits(rep_spec) if rep_spec is not None else None

    def bar(law: str) -> TableState:
        new = add_pass_obligation(state, partner, PassLasts.THROUGHOUT, law)
        new = lead26.record_lead_penalty(new, offender)
        draft.cite("26B", "72C", "16C")
        draft.steps.append(Msg("{partner.value} must pass whenever it is his turn for the rest "
                               "of the auction ({law}). If {seat.value} becomes a defender, "
                               "declarer may prohibit one suit he did not specify in the legal "
                               "auction at {partner.value}'s first turn to lead (26B).",
                               partner=partner, law=law, seat=offender))
        draft.information.append(withdrawn_information(offender, bid.words))
        draft.judgement.append(Msg("If the enforced pass helps the offending side and the "
                                   "offender could have known it might, the Director adjusts "
                                   "(72C)."))
        draft.outcome.update(partner_must_pass="throughout", lead_restriction=True)
        return new

    if replacement.is_bid and not auction.is_sufficient(replacement):
        draft.cite("27B4")
        if rep_accepted:
            state = drop_awaiting(state, offender, keep_judged=True)
            state = record_call(state, offender, replacement, draft, rep_suits)
            draft.cite("27A1")
            draft.summary.append(Msg("{seat.value}'s second insufficient bid {bid} is accepted "
                                     "by {lho.value} and stands.", seat=offender,
                                     bid=replacement.symbol, lho=offender.lho))
            draft.steps.append(Msg("LHO may accept the second insufficient bid too, by calling "
                                   "over it (27B4, 27A1)."))
            draft.information.append(withdrawn_information(offender, bid.words))
            if not comparable:
                state = lead26.record_lead_penalty(state, offender)
                draft.cite("26B")
            draft.outcome.update(replacement_stands=True, lead_restriction=not comparable,
                                 partner_must_pass="throughout" if barred else "none")
            return state
        draft.summary.append(Msg("{seat.value} replaced {bid} with another insufficient bid, "
                                 "{replacement}: it is cancelled, he must replace the bid again, "
                                 "and {partner.value} must pass for the rest of the auction.",
                                 seat=offender, bid=bid.symbol, replacement=replacement.symbol,
                                 partner=partner))
        draft.steps.append(Msg("{bid} is insufficient too and LHO did not accept it, so the "
                               "Director rules as for a double or redouble: it is cancelled and "
                               "{seat.value} must make a sufficient bid or pass (27B4, 27B3).",
                               bid=replacement.symbol, seat=offender))
        draft.cite("27B3")
        state = bar("27B4")
        state = put_awaiting(state, Awaiting("27B", offender, bid.text, barred=True,
                                             spec=_spec_text(spec)))
        draft.outcome["replacement_stands"] = False
        return state
    problem = auction.problem(replacement, offender)
    if replacement.is_double or replacement.is_redouble:
        if comparable is None and problem is None and not barred:
            return _ask_27b(state, offender, bid, spec, replacement, rep_spec, draft)
        if comparable and problem is None and not barred:
            state = record_call(state, offender, replacement, draft, rep_suits)
            draft.cite("27B1(b)", "23A", "27D")
            draft.summary.append(Msg("{seat.value}'s {call} replaces {bid}: the Director judged "
                                     "it comparable, so there is no further rectification.",
                                     seat=offender, call=call_symbol(replacement),
                                     bid=bid.symbol))
            draft.steps += [COMPARABLE_TEST, Msg("A comparable double or redouble is allowed as "
                                                 "the replacement (27B1(b)); the auction goes "
                                                 "on.")]
            draft.information.append(withdrawn_information(offender, bid.words, applies=False,
                                                           why_not="27B1(b)"))
            draft.judgement.append(Msg("If without the help of the infraction the result could "
                                       "well have been different, the Director adjusts at the "
                                       "end (27D)."))
            draft.outcome.update(replacement_stands=True, partner_must_pass="none",
                                 lead_restriction=False)
            return state
        draft.cite("27B3")
        why = (Msg("it is not legal here ({problem})", problem=problem) if problem
               else Msg("it is not comparable"))
        draft.summary.append(Msg("{seat.value}'s {call} is cancelled ({why}); he must still "
                                 "replace {bid} with a bid or a pass, and {partner.value} must "
                                 "pass for the rest of the auction.", seat=offender,
                                 call=call_symbol(replacement), why=why, bid=bid.symbol,
                                 partner=partner))
        draft.steps.append(Msg("A double or redouble may replace an insufficient bid only when "
                               "it is comparable; this one is cancelled and {seat.value} must "
                               "replace the insufficient bid as 27B1 or 27B2 allow (27B3).",
                               seat=offender))
        state = bar("27B3")
        state = put_awaiting(state, Awaiting("27B", offender, bid.text, barred=True,
                                             spec=_spec_text(spec)))
        draft.outcome["replacement_stands"] = False
        return state
    if problem:
        raise RuleError(Msg("{call} cannot replace {bid}: {problem}",
                            call=call_words(replacement), bid=bid.symbol, problem=problem))
    same = _lowest_alike(lowest, bid, spec, replacement, rep_spec)
    if comparable is None and not same and not barred:
        return _ask_27b(state, offender, bid, spec, replacement, rep_spec, draft)
    state = drop_awaiting(state, offender, keep_judged=True)
    state = record_call(state, offender, replacement, draft, rep_suits)
    draft.outcome["replacement_stands"] = True
    if barred:
        draft.cite("27B3")
        draft.summary.append(Msg("{call} replaces {bid}; {partner.value} stays barred for the "
                                 "rest of the auction.", call=call_symbol(replacement),
                                 bid=bid.symbol, partner=partner))
        draft.outcome.update(partner_must_pass="throughout", lead_restriction=True)
    elif same:
        draft.cite("27B1(a)", "27D")
        draft.summary.append(Msg("{seat.value} corrects {bid} to {replacement}, the lowest "
                                 "sufficient bid in the same denomination(s): no further "
                                 "rectification.", seat=offender, bid=bid.symbol,
                                 replacement=replacement.symbol))
        draft.steps.append(Msg("The lowest sufficient bid that specifies the same "
                               "denomination(s) replaces the insufficient bid without "
                               "rectification; Laws 26B and 16C do not apply (27B1(a))."))
        draft.information.append(withdrawn_information(offender, bid.words, applies=False,
                                                       why_not="27B1(a)"))
        draft.judgement.append(_ADJUST_27D)
        draft.outcome.update(partner_must_pass="none", lead_restriction=False)
    elif comparable:
        draft.cite("27B1(b)", "23A", "27D")
        draft.summary.append(Msg("{seat.value}'s {call} replaces {bid}; the Director judged it "
                                 "comparable, so there is no further rectification.",
                                 seat=offender, call=call_symbol(replacement), bid=bid.symbol))
        draft.steps += [COMPARABLE_TEST,
                        Msg("A comparable replacement costs nothing and Law 16C does not apply "
                            "(27B1(b)).")]
        draft.information.append(withdrawn_information(offender, bid.words, applies=False,
                                                       why_not="27B1(b)"))
        draft.judgement.append(_ADJUST_27D)
        draft.outcome.update(partner_must_pass="none", lead_restriction=False)
    else:
        draft.cite("27B2")
        if replacement.is_pass:
            draft.summary.append(Msg("{seat.value} replaced {bid} with a pass: it stands, and "
                                     "{partner.value} must pass for the rest of the auction.",
                                     seat=offender, bid=bid.symbol, partner=partner))
        else:
            draft.summary.append(Msg("{seat.value} replaced {bid} with {replacement}, a "
                                     "sufficient bid that is neither the lowest in the same "
                                     "denomination(s) nor comparable: it stands, and "
                                     "{partner.value} must pass for the rest of the auction.",
                                     seat=offender, bid=bid.symbol,
                                     replacement=call_words(replacement), partner=partner))
        draft.steps.append(COMPARABLE_TEST)
        state = bar("27B2")
    if replacement.is_pass:
        state, _ = after_pass(state, draft)
    return state


def _lowest_alike(lowest: Call | None, bid: Call, spec: tuple[Strain, ...] | None,
                  replacement: Call, rep_spec: tuple[Strain, ...] | None) -> bool:
    """``replacement`` is the lowest sufficient bid that specifies the same denomination(s) as
    the insufficient ``bid`` (27B1(a)): it needs no judgement of the Director."""
    return (replacement.is_bid and lowest is not None
            and _denominations(replacement, rep_spec) == _denominations(bid, spec)
            and (replacement == lowest or spec is not None
                 # an artificial bid showing a natural bid's denomination is the lowest that
                 # specifies it only when it is below the natural lowest sufficient bid
                 or (rep_spec is not None and replacement < lowest)))


def _ask_27b(state: TableState, offender: Seat, bid: Call, spec: tuple[Strain, ...] | None,
             replacement: Call, rep_spec: tuple[Strain, ...] | None, draft: Draft) -> TableState:
    """The replacement is neither the lowest bid in the same denomination(s) nor judged yet:
    whether it is comparable (27B1(b)) or not (27B2, 27B3) is the Director's judgement, and his
    partner's next turn depends on it, so the auction waits for it (Law 23)."""
    wait = awaiting_for(state, offender)
    barred = bool(wait and wait.barred)
    state = put_awaiting(state, Awaiting("27B", offender, bid.text, barred=barred,
                                         artificial=spec is not None, spec=_spec_text(spec),
                                         reply=replacement.text, at=len(auction_of(state).calls),
                                         reply_spec=_spec_text(rep_spec)))
    partner = offender.partner
    draft.cite("27B1(b)", "27B2", "23A")
    draft.summary.append(Msg("Director: is {seat.value}'s {call} comparable to the insufficient "
                             "{bid}? Judgement pending.", seat=offender,
                             call=call_symbol(replacement), bid=bid.symbol))
    if not replacement.is_bid and not replacement.is_pass:
        not_comparable = Msg("Comparable: no further rectification (27B1(b)). Not comparable: the "
                             "{call} is cancelled and {seat.value} must replace the bid again "
                             "(27B3), and {partner.value} must pass for the rest of the auction "
                             "(27B2).", call=call_words(replacement), seat=offender,
                             partner=partner)
    else:
        not_comparable = Msg("Comparable: no further rectification (27B1(b)). Not comparable: the "
                             "{call} stands, and {partner.value} must pass for the rest of the "
                             "auction (27B2).", call=call_words(replacement), partner=partner)
    draft.steps += [
        Msg("{call} is not the lowest sufficient bid in the same denomination(s), so whether it "
            "costs nothing depends on the Director's judgement (23A): {test}",
            call=call_words(replacement), test=COMPARABLE_TEST),
        not_comparable,
        Msg("The auction waits for the Director's word: nobody is barred until he gives it."),
    ]
    draft.options.extend((Option(COMPARABLE, Msg("Comparable (23A)")),
                          Option(NOT_COMPARABLE, Msg("Not comparable"))))
    draft.chooser = DIRECTOR
    draft.outcome.update(judgement_pending=True, partner_must_pass="none")
    return state


@choice_handler("27B")
def _director_judges_27b(state: TableState, pending: PendingChoice,
                         option: str) -> tuple[Ruling, TableState]:
    """The Director's answer for a replacement waiting for his judgement (27B1(b) or 27B2)."""
    wait = Awaiting.from_pending(pending)
    bid = wait.withdrawn
    assert bid is not None
    draft = Draft()
    rep_spec = _spec_parse(wait.reply_spec)
    state = resolve_27b(state, wait.offender, bid, _bid_spec(wait),
                        parse_call(wait.reply), option == COMPARABLE, rep_spec, False, draft,
                        barred=wait.barred)
    draft.summary.insert(0, Msg("The Director judged the replacement comparable.")
                         if option == COMPARABLE else
                         Msg("The Director judged the replacement not comparable."))
    state = _turn_judged(state, wait.offender, draft)
    return draft.build("judgement"), state


def _stage_27b(state: TableState, wait: Awaiting, call: Call, ev: CallMade,
               draft: Draft) -> TableState:
    """The offender's call after his insufficient bid was not accepted is its replacement."""
    bid = wait.withdrawn
    assert bid is not None
    spec = _bid_spec(wait)
    rep_spec = tuple(Strain.of(s) for s in ev.specifies) if ev.specifies is not None else None
    draft.summary.append(Msg("{seat.value} replaces his insufficient {bid}.", seat=wait.offender,
                             bid=bid.symbol))
    lowest = auction_of(state).lowest_sufficient(bid.strain) if bid.strain else None
    asks_none = wait.barred or _lowest_alike(lowest, bid, spec, call, rep_spec)
    state = resolve_27b(state, wait.offender, bid, spec, call, ev.comparable, rep_spec,
                        ev.lho_called, draft, barred=wait.barred)
    return _turn_judged(state, wait.offender, draft, ev.comparable if asks_none else None)


def _bid_spec(wait: Awaiting) -> tuple[Strain, ...] | None:
    """What the waiting insufficient bid specified (None: it was natural)."""
    parsed = _spec_parse(wait.spec)
    return parsed if parsed is not None or not wait.artificial else ()


STAGES["27B"] = _stage_27b

_ADJUST_27D = Msg("If without the help of the infraction the result could well have been "
                  "different and the other side was damaged, the Director adjusts at the end of "
                  "play (27D).")
