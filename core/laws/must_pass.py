"""'Must I pass?': a player's pass obligations (Laws 30-32, 37), what a call still awaited
from him must be (27B, 31A1, 32A1) and a judgement the Director still owes (23A)."""

from __future__ import annotations

from core.auction import parse_call
from core.laws.auction_calls import call_symbol, words_of
from core.laws.auction_state import (
    JUDGED,
    Awaiting,
    auction_of,
    awaiting,
    awaiting_for,
    behind,
    held_for_judgement,
    obligation,
)
from core.laws.waits import live
from core.ruling import Ruling
from core.seats import Seat
from core.state import Chooser, PassLasts, PendingChoice, Phase, TableState
from core.text import Msg, Text


def deciding(state: TableState) -> PendingChoice | None:
    """The irregular call's LHO still to say whether he accepts it (27A1, 29A, 31 and 32): until
    he does, nobody calls. ``seat`` is the one who decides."""
    return next((p for p in live(state) if p.chooser == Chooser.LHO), None)


def held_words(item: Awaiting) -> Msg:
    """The replacement made and held for the Director's judgement (27B1(b), 23A)."""
    return Msg("{seat.value} has replaced his insufficient {call}: his {reply} waits for the "
               "Director's judgement whether it is comparable (27B1(b), 23A); nobody calls until "
               "then.", seat=item.offender, call=call_symbol(parse_call(item.call)),
               reply=words_of(item.reply))


def owed_call(state: TableState, item: Awaiting) -> Text | None:
    """A call the auction still owes from an offender, in one line for everyone (``/state``):
    his insufficient bid to replace (27B; only if it is not accepted while his LHO decides) or
    his replacement held for the Director's judgement (27B1(b): nobody calls until then), his
    cancelled call to repeat (31A1, 32A1), or his next call after a call out of rotation,
    which decides his partner's pass (30B1, 31A2, 31B, 32A2, 32B). None for a call the
    Director is judging (a wait of its own) or already judged (a pass obligation now)."""
    if item.stage in ("31A1", "32A1"):
        return Msg("{seat.value} must repeat his {call} at his turn ({law}).", seat=item.offender,
                   call=call_symbol(parse_call(item.call)), law=item.stage)
    if item.stage == "27B" and item.asks_director:
        return held_words(item)
    if item.stage == "27B":
        lho = deciding(state)
        if lho is not None:
            return Msg("If {lho.value} does not accept it, {seat.value} must replace his "
                       "insufficient {call} (27B).", lho=lho.seat, seat=item.offender,
                       call=call_symbol(parse_call(item.call)))
        return Msg("{seat.value} must replace his insufficient {call} at his turn (27B).",
                   seat=item.offender, call=call_symbol(parse_call(item.call)))
    if item.stage in JUDGED and not item.reply and not item.judged:
        return Msg("{seat.value}'s next call: if it is not comparable to his cancelled {call}, "
                   "{partner.value} must pass at {partner.value}'s next turn ({law}).",
                   seat=item.offender, partner=item.offender.partner,
                   call=call_symbol(parse_call(item.call)), law=JUDGED[item.stage][1])
    return None


def must_pass(state: TableState, seat: Seat) -> Ruling:
    """Answer "must I pass?" for ``seat`` from the stored state."""
    if state.phase is not Phase.AUCTION:
        return Ruling(kind="must_pass",
                      summary=Msg("The auction is over: there is nothing to pass."),
                      laws=(), outcome={"must_pass": "none", "your_turn": False})
    ob = obligation(state, seat)
    lho = deciding(state)  # nobody calls until he has said whether he accepts
    held = held_for_judgement(state)  # nor until the Director has judged a replacement
    turn = (auction_of(state).turn if state.dealer is not None and lho is None and held is None
            else None)
    steps: list[Text] = []
    laws: list[str] = []
    wait = awaiting_for(state, seat)
    repeat = wait is not None and wait.stage in ("31A1", "32A1")
    if wait and repeat:
        steps.append(Msg("You must repeat your {call} at this turn ({law}): his RHO passed after "
                         "it was cancelled.", call=call_symbol(parse_call(wait.call)),
                         law=wait.stage))
        laws.append(wait.stage)
    elif wait and wait.stage == "27B" and not wait.asks_director and lho is not None:
        # his LHO may still accept the bid (27A1): replacing it is not yet an obligation
        steps.append(Msg("If you must replace it, the lowest sufficient bid in the same "
                         "denomination(s) or a comparable call costs nothing (27B1); any other "
                         "bid or a pass bars your partner for the rest of the auction (27B2)."))
        laws.append("27B")
    elif wait and wait.stage == "27B" and not wait.asks_director:
        steps.append(Msg("You must replace your insufficient bid: the lowest sufficient bid in the "
                         "same denomination(s) or a comparable call costs nothing (27B1); any "
                         "other bid or a pass bars your partner for the rest of the auction "
                         "(27B2)."))
        laws.append("27B")
    elif wait and wait.stage in JUDGED:
        law = JUDGED[wait.stage][1]
        steps.append(Msg("You may make any legal call; if it is not comparable to the call that "
                         "was cancelled, your partner must pass at his next turn ({law}).",
                         law=law))
        laws.append(wait.stage)
    for pending in awaiting(state):
        if pending.asks_director and seat in (pending.offender, pending.offender.partner):
            steps.append(Msg("A judgement is pending: the Director has still to say whether "
                             "{seat.value}'s {call} is comparable to the cancelled {cancelled} "
                             "(23A); until he does, nobody is barred.", seat=pending.offender,
                             call=words_of(pending.reply), cancelled=words_of(pending.call)))
            laws.append("23A")
    owed = owed_call(state, wait) if wait is not None else None  # as /state says it
    later = behind(state, seat) if wait is not None and wait.stage == "27B" else None
    if later is not None and (then := owed_call(state, later)) is not None:
        steps.append(then)  # the judgement of his call at this turn waits behind the 27B one
    if ob is None and owed is not None:
        summary: Text = owed
        word = "none"
    elif ob is None:
        summary = Msg("{seat.value} may make any legal call.", seat=seat)
        word = "none"
    else:
        laws.insert(0, ob.origin)
        if ob.lasts is PassLasts.THROUGHOUT:
            summary = Msg("{seat.value} must pass at every turn for the rest of the auction "
                          "({law}).", seat=seat, law=ob.origin)
        else:
            summary = Msg("{seat.value} must pass at his next turn ({law}); after that he is "
                          "free again.", seat=seat, law=ob.origin)
        steps.append(Msg("A bid, double or redouble instead would be cancelled and both players "
                         "of the side would then have to pass for the rest of the auction (37B)."))
        word = ob.lasts.value
    if held is not None and (seat is not held.offender or summary is not owed):
        # his line for everyone, as /state (the offender's own pass obligation comes after)
        steps.insert(0, summary if summary is owed else Msg("After that: {then}", then=summary))
        summary = held_words(held)
    if lho is not None:  # what follows holds once he has said (27B's line: if he refuses)
        steps.insert(0, summary if summary is owed else Msg("After that: {then}", then=summary))
        summary = Msg("Wait: {lho.value} first says whether he accepts the irregular call (Law "
                      "{law}); nobody calls until then.", lho=lho.seat, law=lho.law)
        laws.insert(0, lho.law)
    if turn is not None:
        steps.append(Msg("It is {seat.value}'s turn to call.", seat=turn))
    return Ruling(kind="must_pass", summary=summary, laws=tuple(dict.fromkeys(laws)),
                  steps=tuple(steps),
                  outcome={"must_pass": word, "your_turn": turn is seat})
