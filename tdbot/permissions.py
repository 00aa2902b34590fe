"""What a refusal says: the sentence for each :class:`core.permissions.Reason` (core decides
who may do what; this module only words it, in the reader's language where a catalog has the
text). :func:`tdbot.context.refused` turns a refusal into the error the user is shown."""

from __future__ import annotations

from typing import Any

from core.permissions import Action, Reason, Refusal
from core.seats import Seat
from core.text import Msg
from tdbot.messages import N_

NOT_AT_TABLE = N_(
    "Only a player seated at table {number} or a director can do that for table {number}."
)

SAY_NOT_AT_TABLE = N_("Only a player seated at table {table} or a director can say that.")
SAY_FOR_OWN_SIDE = N_("Only declarer or dummy at table {table} (or a director) can say that: it "
                      "would favour {seat}'s side.")

#: What a ruling on a board keeps a player from doing, each a whole sentence.
_ACTIONS = {
    Action.END: N_("Board {board} at table {table} has a ruling on it: only a director can end "
                   "it."),
    Action.MOVE: N_("Board {board} at table {table} has a ruling on it: only a director can end "
                    "it or move the table to board {number}."),
    Action.DECLARER: N_("Board {board} at table {table} has a ruling on it: only a director can "
                        "change its declarer."),
    Action.CONTRACT: N_("Board {board} at table {table} has a ruling on it: only a director can "
                        "change its contract."),
    Action.SIT: N_("Board {board} at table {table} has a ruling on it: only a director can seat "
                   "a player there."),
}


def refusal_text(refusal: Refusal) -> tuple[str, dict[str, Any], bool]:
    """The sentence saying ``refusal``: its template (a marked text, or English already written
    where the text is not marked for translation yet), the values that fill it, and whether
    only a director could have done it."""
    reason, v = refusal.reason, refusal.values
    if reason is Reason.NOT_AT_TABLE:
        return NOT_AT_TABLE, {"number": v["table"]}, False
    if reason is Reason.SEAT_SOMEONE_ELSE:
        return N_("Only a director can seat someone else."), {}, True
    if reason is Reason.FREE_SOMEONE_ELSES_SEAT:
        return N_("Only a director can free another player's seat."), {}, True
    if reason is Reason.SEAT_IN_PLAY:
        return N_("Board {board} is in play at table {table}: you keep your seat until it ends. "
                  "A director can reseat you."), dict(v), False
    if reason is Reason.RULING_ON_BOARD:
        return _ACTIONS[v["action"]], {"board": v["board"], "table": v["table"],
                                       "number": v.get("to")}, True
    if reason is Reason.ALREADY_ENDED:
        return N_("Board {board} at table {table} has already ended."), dict(v), False
    if reason is Reason.ALREADY_PLAYED:
        return N_(
            "Board {number} was already played at table {table} in this session. "
            "A director can reopen it: /{cmd[board set]} {opt[number]}:{number} {opt[reopen]}:True"
        ), {"number": v["board"], "table": v["table"]}, False
    if reason is Reason.PLAYED_ELSEWHERE:
        return N_("A player at table {table} has already played board {board} in this session: "
                  "only a director can set it, or seat him, there."), dict(v), True
    if reason is Reason.REOPEN_BY_DIRECTOR:
        return N_("Only a director can reopen a board."), {}, True
    if reason is Reason.NOTHING_TO_REOPEN:
        return N_("Board {number} has not ended at table {table}: nothing to reopen."), {
            "number": v["board"], "table": v["table"]}, False
    if reason is Reason.AUCTION_FIXES_DEALER:
        return N_("Calls are recorded at table {table} with {dealer} as dealer: only a director "
                  "can change the dealer."), {"table": v["table"],
                                              "dealer": _letter(v["dealer"])}, True
    if reason is Reason.AUCTION_MAKES_DECLARER:
        return N_("The auction recorded at table {table} makes {declarer} declarer: only a "
                  "director can change that."), {"table": v["table"],
                                                 "declarer": _letter(v["declarer"])}, True
    if reason is Reason.DECLARER_NAMED_BY_SOMEONE_ELSE:
        return N_("Declarer {declarer} at table {table} was named by someone else: only a "
                  "director can change that."), {"table": v["table"],
                                                 "declarer": _letter(v["declarer"])}, True
    if reason is Reason.AUCTION_MAKES_CONTRACT:
        return N_("The auction recorded at table {table} makes the contract {contract}: only a "
                  "director can change that."), {"table": v["table"],
                                                 "contract": v["contract"]}, True
    if reason is Reason.CONTRACT_NAMED_BY_SOMEONE_ELSE:
        return N_("The contract {contract} at table {table} was named by someone else: only a "
                  "director can change that."), {"table": v["table"],
                                                 "contract": v["contract"]}, True
    if reason is Reason.SAY_NOT_AT_TABLE:
        return SAY_NOT_AT_TABLE, {"table": v["table"]}, False
    if reason is Reason.SAY_FOR_OWN_SIDE:
        return SAY_FOR_OWN_SIDE, {"table": v["table"],
                                  "seat": _letter(v["seat"])}, False
    raise AssertionError(f"no sentence for {reason}")


def _letter(seat: Seat) -> Msg:
    """A seat's letter as core says it, so the reader's catalog gives his letters (W is O in
    French)."""
    return Msg("{seat.value}", seat=seat)
