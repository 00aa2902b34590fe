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
    drop_awaiting,
    note_meaning,
    obligation,
    open_auction,
    put_awaiting,
    use_turn,
    with_auction,
)
from core.registry import Event, choice_handler, event, rule
from core.ruling import Draft, Option, Ruling
from core.seats import Seat
from core.state import PassLasts, PendingChoice, TableState

COMPARABLE_TEST = (
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
    auction = open_auction(state)
    offender = ev.seat or auction.turn
    if offender is not auction.turn:
        raise RuleError(f"it was {auction.turn.value}'s turn, not {offender.value}'s: an "
                        "insufficient bid out of rotation is a call out of rotation (27A2, "
                        "Law 31)")
    bid = parse_call(ev.bid)
    if not bid.is_bid:
        raise RuleError(f"{bid.words} is not a bid, so it cannot be insufficient")
    if auction.is_sufficient(bid):
        last = auction.last_bid
        raise RuleError(f"{bid.words} is sufficient" + (f" over {last.words}" if last else "")
                        + ": it is not an insufficient bid")
    ob = obligation(state, offender)
    if ob is not None:
        raise RuleError(f"{offender.value} had to pass ({ob.origin}): his bid is dealt with under "
                        "Law 37; report it as his call")
    assert bid.strain is not None
    lowest = auction.lowest_sufficient(bid.strain)
    draft = Draft()
    draft.outcome.update(lowest_sufficient=lowest.text if lowest else "",
                         partner_must_pass="none", lead_restriction=False)
    last = auction.last_bid
    draft.steps.append(
        f"{offender.value}'s {bid.words} does not supersede "
        f"{last.words if last else 'the last bid'} "
        "(18D). " + (f"The lowest sufficient {bid.strain.plural} bid is {lowest.words}."
                     if lowest else f"No sufficient {bid.strain.plural} bid exists."))
    if ev.accepted:
        state = with_auction(use_turn(state, offender), auction.plus(bid))
        if ev.artificial:
            state = note_meaning(state, len(auction.calls), _suits(ev.specifies))
        state = lead26.note_specified(state, offender,
                                      _suits(ev.specifies) if ev.artificial else bid.specified())
        draft.cite("27A1")
        draft.summary.append(f"{offender.lho.value} accepts {bid.symbol} by calling: it stands as "
                             "a legal bid and there is no rectification.")
        draft.steps.append(f"{offender.lho.value} may accept the insufficient bid, and does so "
                           "simply by calling over it (27A1); the auction goes on from there.")
        if ev.replacement and ev.premature:
            draft.cite("27C", "16C")
            draft.steps.append(f"{offender.value}'s premature replacement {ev.replacement} is "
                               "withdrawn because the insufficient bid was accepted (27C).")
            draft.information.append(withdrawn_information(offender, ev.replacement))
        else:
            draft.information.append(f"Nothing is withdrawn: {bid.words} is part of the legal "
                                     "auction and everyone may use it.")
        draft.outcome["replacement_stands"] = False
        return draft.build("insufficient_bid"), state
    spec = ev.specifies if ev.artificial else None  # an artificial bid may show nothing
    if ev.replacement is None:
        before = state
        state = put_awaiting(state, Awaiting("27B", offender, bid.text, artificial=ev.artificial,
                                             spec=_spec_text(spec)))
        state, options = acceptance.offer_acceptance(before, state, offender, "27A1", ev,
                                                     f"the {bid.words}")
        draft.options.extend(options)
        draft.chooser = acceptance.LHO
        draft.cite("27A1", "27B1(a)", "27B1(b)", "27B2", "27B3", "23A")
        draft.summary.append(f"{offender.lho.value} may accept {bid.symbol}; otherwise "
                             f"{offender.value} must replace it.")
        draft.steps += [
            f"{offender.lho.value} may accept it by calling (27A1). If he does not:",
            ("Replacing it with " + (f"{lowest.words}, the lowest sufficient bid in the same "
                                     "denomination(s)" if lowest and not ev.artificial else
                                     "the lowest sufficient bid that specifies the same "
                                     "denomination(s)")
             + ", costs nothing (27B1(a)); nor does a call the Director judges comparable "
             "(27B1(b))."),
            COMPARABLE_TEST,
            f"Any other sufficient bid, or a pass, bars {offender.partner.value} for the rest of "
            "the auction, and Law 26B lead restrictions may follow (27B2).",
            f"A double or redouble that is not comparable is cancelled, {offender.value} must "
            f"still replace the bid, and {offender.partner.value} is barred for the rest of the "
            "auction (27B3).",
        ]
        draft.judgement.append("After a 27B1 replacement the Director may adjust at the end of "
                               "play if the infraction helped the offending side (27D).")
        return draft.build("insufficient_bid"), state
    replacement = parse_call(ev.replacement)
    if ev.premature:
        draft.cite("27C")
        draft.steps.append(f"{offender.value} replaced the bid before the Director ruled; the "
                           "replacement stands if it is legal and the Director rules on it as "
                           "below (27C).")
    state = resolve_27b(state, offender, bid, spec, replacement, ev.comparable,
                        ev.replacement_specifies, ev.replacement_accepted, draft)
    return draft.build("insufficient_bid"), state


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
        draft.steps.append(f"{partner.value} must pass whenever it is his turn for the rest of "
                           f"the auction ({law}). If {offender.value} becomes a defender, "
                           "declarer may prohibit one suit he did not specify in the legal "
                           f"auction at {partner.value}'s first turn to lead (26B).")
        draft.information.append(withdrawn_information(offender, bid.words))
        draft.judgement.append("If the enforced pass helps the offending side and the offender "
                               "could have known it might, the Director adjusts (72C).")
        draft.outcome.update(partner_must_pass="throughout", lead_restriction=True)
        return new

    if replacement.is_bid and not auction.is_sufficient(replacement):
        draft.cite("27B4")
        if rep_accepted:
            state = record_call(state, offender, replacement, rep_suits)
            draft.cite("27A1")
            draft.summary.append(f"{offender.value}'s second insufficient bid {replacement.symbol} "
                                 f"is accepted by {offender.lho.value} and stands.")
            draft.steps.append("LHO may accept the second insufficient bid too, by calling over "
                               "it (27B4, 27A1).")
            draft.information.append(withdrawn_information(offender, bid.words))
            if not comparable:
                state = lead26.record_lead_penalty(state, offender)
                draft.cite("26B")
            draft.outcome.update(replacement_stands=True, lead_restriction=not comparable,
                                 partner_must_pass="throughout" if barred else "none")
            return state
        draft.summary.append(f"{offender.value} replaced {bid.symbol} with another insufficient "
                             f"bid, {replacement.symbol}: it is cancelled, he must replace the bid "
                             f"again, and {partner.value} must pass for the rest of the auction.")
        draft.steps.append(f"{replacement.words} is insufficient too and LHO did not accept it, so "
                           "the Director rules as for a double or redouble: it is cancelled and "
                           f"{offender.value} must make a sufficient bid or pass (27B4, 27B3).")
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
            state = record_call(state, offender, replacement, rep_suits)
            draft.cite("27B1(b)", "23A", "27D")
            draft.summary.append(f"{offender.value}'s {replacement.symbol} replaces {bid.symbol}: "
                                 "the Director judged it comparable, so there is no further "
                                 "rectification.")
            draft.steps += [COMPARABLE_TEST, "A comparable double or redouble is allowed as the "
                            "replacement (27B1(b)); the auction goes on."]
            draft.information.append(withdrawn_information(offender, bid.words, applies=False,
                                                           why_not="27B1(b)"))
            draft.judgement.append("If without the help of the infraction the result could well "
                                   "have been different, the Director adjusts at the end (27D).")
            draft.outcome.update(replacement_stands=True, partner_must_pass="none",
                                 lead_restriction=False)
            return state
        draft.cite("27B3")
        why = f"it is not legal here ({problem})" if problem else "it is not comparable"
        draft.summary.append(f"{offender.value}'s {replacement.symbol} is cancelled ({why}); he "
                             f"must still replace {bid.symbol} with a bid or a pass, and "
                             f"{partner.value} must pass for the rest of the auction.")
        draft.steps.append(f"A double or redouble may replace an insufficient bid only when it is "
                           f"comparable; this one is cancelled and {offender.value} must replace "
                           "the insufficient bid as 27B1 or 27B2 allow (27B3).")
        state = bar("27B3")
        state = put_awaiting(state, Awaiting("27B", offender, bid.text, barred=True,
                                             spec=_spec_text(spec)))
        draft.outcome["replacement_stands"] = False
        return state
    if problem:
        raise RuleError(f"{replacement.words} cannot replace {bid.words}: {problem}")
    same = (replacement.is_bid and lowest is not None
            and _denominations(replacement, rep_spec) == _denominations(bid, spec)
            and (replacement == lowest or spec is not None
                 # an artificial bid showing a natural bid's denomination is the lowest that
                 # specifies it only when it is below the natural lowest sufficient bid
                 or (rep_spec is not None and replacement < lowest)))
    if comparable is None and not same and not barred:
        return _ask_27b(state, offender, bid, spec, replacement, rep_spec, draft)
    state = drop_awaiting(state, offender)
    state = record_call(state, offender, replacement, rep_suits)
    draft.outcome["replacement_stands"] = True
    if barred:
        draft.cite("27B3")
        draft.summary.append(f"{replacement.symbol} replaces {bid.symbol}; {partner.value} stays "
                             "barred for the rest of the auction.")
        draft.outcome.update(partner_must_pass="throughout", lead_restriction=True)
    elif same:
        draft.cite("27B1(a)", "27D")
        draft.summary.append(f"{offender.value} corrects {bid.symbol} to {replacement.symbol}, the "
                             "lowest sufficient bid in the same denomination(s): no further "
                             "rectification.")
        draft.steps.append("The lowest sufficient bid that specifies the same denomination(s) "
                           "replaces the insufficient bid without rectification; Laws 26B and 16C "
                           "do not apply (27B1(a)).")
        draft.information.append(withdrawn_information(offender, bid.words, applies=False,
                                                       why_not="27B1(a)"))
        draft.judgement.append("If without the help of the infraction the result could well have "
                               "been different and the other side was damaged, the Director "
                               "adjusts at the end of play (27D).")
        draft.outcome.update(partner_must_pass="none", lead_restriction=False)
    elif comparable:
        draft.cite("27B1(b)", "23A", "27D")
        draft.summary.append(f"{offender.value}'s {replacement.symbol} replaces {bid.symbol}; the "
                             "Director judged it comparable, so there is no further rectification.")
        draft.steps += [COMPARABLE_TEST,
                        "A comparable replacement costs nothing and Law 16C does not apply "
                        "(27B1(b))."]
        draft.information.append(withdrawn_information(offender, bid.words, applies=False,
                                                       why_not="27B1(b)"))
        draft.judgement.append("If without the help of the infraction the result could well have "
                               "been different and the other side was damaged, the Director "
                               "adjusts at the end of play (27D).")
        draft.outcome.update(partner_must_pass="none", lead_restriction=False)
    else:
        draft.cite("27B2")
        what = "a pass" if replacement.is_pass else (
            f"{replacement.words}, a sufficient bid that is neither the lowest in the same "
            "denomination(s) nor comparable")
        draft.summary.append(f"{offender.value} replaced {bid.symbol} with {what}: it stands, and "
                             f"{partner.value} must pass for the rest of the auction.")
        draft.steps.append(COMPARABLE_TEST)
        state = bar("27B2")
    if replacement.is_pass:
        state, _ = after_pass(state, draft)
    return state


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
    draft.summary.append(f"Director: is {offender.value}'s {replacement.symbol} comparable to "
                         f"the insufficient {bid.symbol}? Judgement pending.")
    draft.steps += [
        f"{replacement.words} is not the lowest sufficient bid in the same denomination(s), so "
        f"whether it costs nothing depends on the Director's judgement (23A): {COMPARABLE_TEST}",
        "Comparable: no further rectification (27B1(b)). Not comparable: "
        + (f"the {replacement.words} is cancelled and {offender.value} must replace the bid again "
           "(27B3)" if not replacement.is_bid and not replacement.is_pass else
           f"the {replacement.words} stands")
        + f", and {partner.value} must pass for the rest of the auction (27B2).",
        "The auction waits for the Director's word: nobody is barred until he gives it.",
    ]
    draft.options.extend((Option(COMPARABLE, "Comparable (23A)"),
                          Option(NOT_COMPARABLE, "Not comparable")))
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
    draft.summary.insert(0, "The Director judged the replacement "
                         + ("comparable." if option == COMPARABLE else "not comparable."))
    return draft.build("judgement"), state


def _stage_27b(state: TableState, wait: Awaiting, call: Call, ev: CallMade,
               draft: Draft) -> TableState:
    """The offender's call after his insufficient bid was not accepted is its replacement."""
    bid = wait.withdrawn
    assert bid is not None
    spec = _bid_spec(wait)
    rep_spec = tuple(Strain.of(s) for s in ev.specifies) if ev.specifies is not None else None
    draft.summary.append(f"{wait.offender.value} replaces his insufficient {bid.symbol}.")
    return resolve_27b(state, wait.offender, bid, spec, call, ev.comparable, rep_spec,
                       ev.lho_called, draft, barred=wait.barred)


def _bid_spec(wait: Awaiting) -> tuple[Strain, ...] | None:
    """What the waiting insufficient bid specified (None: it was natural)."""
    parsed = _spec_parse(wait.spec)
    return parsed if parsed is not None or not wait.artificial else ()


STAGES["27B"] = _stage_27b
