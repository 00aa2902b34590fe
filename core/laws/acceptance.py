"""The offender's left-hand opponent may accept an insufficient bid (27A1) or a call out of
rotation (29A). He accepts by calling over it; the bot also offers him the choice as buttons.

The ruling for the call not accepted is given at once; the choice remembers the state before
it and the incident, so that accepting rules the incident again as accepted. Once anyone but
the LHO calls, the chance has passed and the choice lapses.
"""

from __future__ import annotations

import hashlib
import json

from core.auction import Auction
from core.errors import RuleError
from core.registry import Event, choice_handler, event_from_data, event_to_data, rule_for
from core.ruling import Option, Ruling
from core.seats import Seat
from core.state import Chooser, PendingChoice, TableState
from core.text import Msg, Text

#: ``PendingChoice.chooser`` of a choice the offender's LHO makes.
LHO = Chooser.LHO
ACCEPT, DECLINE = "accept", "decline"
LAWS = ("27A1", "29A")


def offer_acceptance(before: TableState, after: TableState, offender: Seat, law: str,
                     incident: Event, call: Text) -> tuple[TableState, tuple[Option, ...]]:
    """``after`` with the offender's LHO asked whether he accepts ``call`` (``law``; the call
    as a player says it, a value of one whole sentence), and the options for the ruling."""
    after = drop_offers(after)
    note = json.dumps({"event": event_to_data(incident), "before": drop_offers(before).to_json(),
                       "after": _fingerprint(after)})
    lho = offender.lho
    pending = PendingChoice(law=law, chooser=LHO, seat=lho, options=(ACCEPT, DECLINE),
                            offender=offender, note=note)
    state = after.evolve(pending=(*after.pending, pending))
    options = (Option(ACCEPT, Msg("{lho.value} accepts the {call} ({law})", lho=lho, call=call,
                                  law=law)),
               Option(DECLINE, Msg("{lho.value} does not accept", lho=lho)))
    return state, options


def offer(state: TableState) -> PendingChoice | None:
    found = [p for p in state.pending if p.chooser == LHO and p.law in LAWS]
    return found[-1] if found else None


def drop_offers(state: TableState) -> TableState:
    """Someone has called since: the LHO can no longer accept."""
    if offer(state) is None:
        return state
    return state.evolve(pending=tuple(p for p in state.pending
                                        if not (p.chooser == LHO and p.law in LAWS)))


def _fingerprint(state: TableState) -> str:
    return hashlib.sha256(state.to_json().encode()).hexdigest()[:24]


def accept(pending: PendingChoice, now: TableState) -> tuple[Ruling, TableState]:
    """The incident ruled again as accepted, on the state before it; refused when anything
    else was recorded on the board since (that would be lost)."""
    data = json.loads(pending.note)
    if _fingerprint(drop_offers(now)) != data["after"]:
        raise RuleError(Msg("too late to accept: more has been recorded on this board since; "
                            "call the director"))
    before = TableState.from_json(data["before"])
    incident = event_from_data({**data["event"], "accepted": True})
    return rule_for(incident)(before, incident)


def _choose(state: TableState, pending: PendingChoice, option: str) -> tuple[Ruling, TableState]:
    if option == ACCEPT:
        return accept(pending, state)
    offender = pending.offender
    assert offender is not None
    return Ruling(
        kind="not_accepted",
        summary=Msg("{seat.value} does not accept: the rectification stands.", seat=pending.seat),
        laws=(pending.law,),
        steps=(Msg("{seat.value} chose not to accept {offender.value}'s call; the ruling given "
                   "for it stands.", seat=pending.seat, offender=offender),),
        outcome={"accepted": False},
    ), state


for _law in LAWS:
    choice_handler(_law)(_choose)


def accepted_by_calling(state: TableState, seat: Seat) -> TableState | None:
    """``seat`` calls while he may accept: calling over the irregular call accepts it (27A1,
    29A). The state after acceptance, or None when ``seat`` is not the one who may accept."""
    pending = offer(state)
    if pending is None or pending.seat is not seat or state.dealer is None:
        return None
    if Auction.trusted(state.dealer, state.calls).turn is seat:
        return None  # his own turn: an ordinary call after the ruling
    try:
        _, accepted = accept(pending, state.evolve(
            pending=tuple(p for p in state.pending if p is not pending)))
    except RuleError:
        return None
    return accepted
