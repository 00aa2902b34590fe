"""Who may do what at a table: take, leave or free a seat, act for a table, end a board, move a
table to another board (reopen one, change its declarer). Who may make a choice a ruling offers
is :func:`core.state.may_choose` (re-exported here): the same kind of rule, kept beside the
chooser.

Pure rules over plain facts (is the asker a director? seated at this table? is a ruling on the
board? its phase, its declarer and who named him, whether an auction is recorded): no Discord,
no storage. Each answers ``None`` (allowed) or a :class:`Refusal`: a :class:`Reason` and the
values its sentence needs. The Discord side says the sentence in the reader's language
(``tdbot/permissions.py``); the storage asks the same rules again inside the write transaction
that acts on them (``Storage.set_board``, ``Storage.sit``, ``Storage.stand``), so a check and
its write see the same facts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from core.seats import Seat
from core.state import Chooser, Phase, TableState, may_choose

__all__ = [
    "Action",
    "BoardFacts",
    "BoardSetPlan",
    "Reason",
    "Refusal",
    "Refused",
    "may_act_at_table",
    "may_be_blind",
    "may_choose",
    "may_end_board",
    "may_free_seat",
    "may_leave_seat",
    "may_say_restriction_over",
    "may_seat_someone",
    "may_set_board",
    "may_take_seat",
]


class Reason(Enum):
    """Why something is refused (the Discord side has one sentence for each)."""

    #: values ``table``: only a player seated there, or a director, acts for a table
    NOT_AT_TABLE = "not_at_table"
    #: only a director seats another member
    SEAT_SOMEONE_ELSE = "seat_someone_else"
    #: only a director frees a seat that is not the asker's own
    FREE_SOMEONE_ELSES_SEAT = "free_someone_elses_seat"
    #: values ``board``, ``table``: the board at his table is in play, so he keeps his seat
    SEAT_IN_PLAY = "seat_in_play"
    #: values ``board``, ``table``, ``action`` (:class:`Action`), ``to`` (the board moved to)
    RULING_ON_BOARD = "ruling_on_board"
    #: values ``board``, ``table``
    ALREADY_ENDED = "already_ended"
    #: values ``board``, ``table``: finished this session, only a director's reopen plays it
    ALREADY_PLAYED = "already_played"
    #: values ``board``, ``table``: a member seated there played it at another table this
    #: session (a member plays a board once); only a director sets it, or seats him, there
    PLAYED_ELSEWHERE = "played_elsewhere"
    #: only a director reopens a board
    REOPEN_BY_DIRECTOR = "reopen_by_director"
    #: values ``board``, ``table``: the board has not ended
    NOTHING_TO_REOPEN = "nothing_to_reopen"
    #: values ``table``, ``dealer`` (:class:`Seat`): calls are recorded from this dealer
    AUCTION_FIXES_DEALER = "auction_fixes_dealer"
    #: values ``table``, ``declarer`` (:class:`Seat`): the recorded auction made him declarer
    AUCTION_MAKES_DECLARER = "auction_makes_declarer"
    #: values ``table``, ``declarer``: someone else named him with /board set
    DECLARER_NAMED_BY_SOMEONE_ELSE = "declarer_named_by_someone_else"
    #: values ``table``, ``contract`` (text): the recorded auction made the contract
    AUCTION_MAKES_CONTRACT = "auction_makes_contract"
    #: values ``table``, ``contract``: someone else named it with /board set
    CONTRACT_NAMED_BY_SOMEONE_ELSE = "contract_named_by_someone_else"
    #: values ``table``: only a player seated there, or a director, says a restriction is over
    SAY_NOT_AT_TABLE = "say_not_at_table"
    #: values ``table``, ``seat`` (the restricted :class:`Seat`): saying it is over would favour
    #: the restricted side, so declarer or dummy (or a director) says it
    SAY_FOR_OWN_SIDE = "say_for_own_side"


class Action(Enum):
    """What a ruling on a board keeps a player from doing to it."""

    END = "end"
    MOVE = "move"  # end it by moving the table to another board
    DECLARER = "declarer"  # change its declarer
    CONTRACT = "contract"  # change its contract
    SIT = "sit"  # sit down at its table


@dataclass(frozen=True)
class Refusal:
    """Not allowed: why, and the values the sentence saying so needs."""

    reason: Reason
    values: Mapping[str, Any] = field(default_factory=dict)


class Refused(Exception):
    """Raised where a refusal must stop a write (inside the storage's transaction): the caller
    says ``refusal`` to the user; nothing was written."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(f"refused: {refusal.reason.value}")
        self.refusal = refusal


@dataclass(frozen=True)
class BoardFacts:
    """What the rules need to know of a board at a table."""

    number: int
    table: int
    phase: Phase = Phase.AUCTION
    #: a ruling (not only the table's record) stands on it
    has_ruling: bool = False
    declarer: Seat | None = None
    #: calls are recorded (then the auction, not a player, says who declares)
    auction_recorded: bool = False
    #: who named the declarer with /board set (None: nobody, or the auction did)
    declarer_named_by: int | None = None
    contract: str | None = None
    #: who named the contract with /board set (None: nobody, or the auction did)
    contract_named_by: int | None = None
    dealer: Seat | None = None

    @classmethod
    def of(cls, number: int, table: int, state: TableState, *, has_ruling: bool,
           declarer_named_by: int | None = None,
           contract_named_by: int | None = None) -> BoardFacts:
        return cls(number, table, state.phase, has_ruling, state.declarer, bool(state.calls),
                   declarer_named_by, state.contract, contract_named_by, state.dealer)


@dataclass(frozen=True)
class BoardSetPlan:
    """What /board set does besides making its board current, when it is allowed."""

    #: the board in play ends (the table moves on from an unfinished board)
    ends_current: bool = False
    #: the board asked for was finished: a director reopens it (its board ends are voided)
    reopens: bool = False


def may_act_at_table(*, seated: bool, director: bool, table: int) -> Refusal | None:
    """Reporting for a table, or changing it (setting or ending its board): a player seated
    there, or a director."""
    if seated or director:
        return None
    return Refusal(Reason.NOT_AT_TABLE, {"table": table})


def may_be_blind(*, playing: bool, director: bool, no_peeking: bool) -> bool:
    """Whether some board could be closed to this member at all: a playing director's unplayed
    boards are, and so, where the club has ``no_peeking``, are any member's who is not a
    director; a director who is not playing sees everything. When this is False, nobody needs to
    look up what he has played (``Desk.is_blind`` asks it first too)."""
    return playing or (no_peeking and not director)


def may_seat_someone(*, someone_else: bool, director: bool) -> Refusal | None:
    """Anyone takes a free seat for himself; only a director seats another member."""
    if someone_else and not director:
        return Refusal(Reason.SEAT_SOMEONE_ELSE)
    return None


def may_free_seat(*, someone_else: bool, director: bool) -> Refusal | None:
    """Anyone leaves his own seat; only a director frees another's."""
    if someone_else and not director:
        return Refusal(Reason.FREE_SOMEONE_ELSES_SEAT)
    return None


def may_leave_seat(board: BoardFacts | None, *, director: bool) -> Refusal | None:
    """A player keeps his seat while the board at his table is in play (``board``: the table's
    board, None when none is set): the choices the laws give a seat are its member's, and
    nobody else may sit down and make them. Between boards (none set, or it ended) he may
    leave; a director reseats anyone at any time."""
    if director or board is None or board.phase is Phase.FINISHED:
        return None
    return Refusal(Reason.SEAT_IN_PLAY, {"board": board.number, "table": board.table})


def may_take_seat(board: BoardFacts | None, *, director: bool) -> Refusal | None:
    """Sitting down at a table (``board``: its board, None when none is set): free between
    boards and before any ruling on the board in play (players often sit after /board set).
    Once a ruling stands on it, the choices it gives a seat are that seat's member's, so only a
    director seats someone there (a substitute)."""
    if director or board is None or board.phase is Phase.FINISHED or not board.has_ruling:
        return None
    return _ruling_on(board, Action.SIT)


def may_say_restriction_over(*, seat: Seat | None, seated_here: bool, restricted: Seat,
                             declarer: Seat | None, director: bool, table: int
                             ) -> Refusal | None:
    """"W has lost the lead" / "W has made that lead": the end of a restriction favours the
    restricted side, so only declarer or dummy seated at the table, or a director, says it."""
    if director:
        return None
    if not seated_here:
        return Refusal(Reason.SAY_NOT_AT_TABLE, {"table": table})
    if not may_choose(Chooser.DECLARER_SIDE, seat, director=False, declarer=declarer):
        return Refusal(Reason.SAY_FOR_OWN_SIDE, {"table": table, "seat": restricted})
    return None


def _ruling_on(board: BoardFacts, action: Action, to: int | None = None) -> Refusal:
    return Refusal(Reason.RULING_ON_BOARD, {"board": board.number, "table": board.table,
                                            "action": action, "to": to})


def may_end_board(board: BoardFacts, *, director: bool) -> Refusal | None:
    """/board end: a board that has not ended; with a ruling on it, only by a director."""
    if board.phase is Phase.FINISHED:
        return Refusal(Reason.ALREADY_ENDED, {"board": board.number, "table": board.table})
    if board.has_ruling and not director:
        return _ruling_on(board, Action.END)
    return None


def may_set_board(
    current: BoardFacts | None,
    target: BoardFacts | None,
    number: int,
    table: int,
    *,
    director: bool,
    reopen: bool = False,
    declarer: Seat | None = None,
    asker_id: int | None = None,
    contract: str | None = None,
    dealer: Seat | None = None,
    played_elsewhere: bool = False,
) -> BoardSetPlan | Refusal:
    """/board set ``number`` at ``table``: whether the asker may make it the table's board (with
    ``declarer``, if given), and what else that does.

    ``current`` is the table's board in play (None: none yet), ``target`` board ``number`` of
    the table (None: not played yet; ``current`` when it is that board).

    - Moving on from an unfinished board ends it; with a ruling on it only a director may.
    - A board finished this session is played again only when a director reopens it.
    - A member plays a board once a session: a board a member seated there has played at
      another table (``played_elsewhere``) is set there only by a director.
    - Once a call is recorded, only a director changes the dealer: the dealer says who made
      each call (17B), so another dealer would move every call to another seat (and the
      contract to the other side). Before any call a seated player gives or corrects it.
    - A player may name the declarer unless the recorded auction made someone else declarer,
      a ruling stands on the board (once play began or a declarer is known), or someone else
      named the declarer with /board set. A director may always (a corrected declarer under
      rulings is re-ruled: the Discord side asks him first).
    - The contract is protected as the declarer is: a player may give it while none is known;
      he may not change it when the recorded auction made it, a ruling stands on the board (the
      rulings were made on it: a trump suit, the score an adjustment starts from), or someone
      else named it with /board set (a defender cannot lower declarer's 4S to 1S). A director
      may always.
    """
    moving = (
        current is not None and current.number != number and current.phase is not Phase.FINISHED
    )
    if moving and current is not None and current.has_ruling and not director:
        return _ruling_on(current, Action.MOVE, number)
    if played_elsewhere and not director and (current is None or current.number != number):
        return Refusal(Reason.PLAYED_ELSEWHERE, {"board": number, "table": table})
    reopens = False
    if target is not None and target.phase is Phase.FINISHED:
        if not reopen:
            return Refusal(Reason.ALREADY_PLAYED, {"board": number, "table": table})
        if not director:
            return Refusal(Reason.REOPEN_BY_DIRECTOR)
        reopens = True
    elif reopen:
        return Refusal(Reason.NOTHING_TO_REOPEN, {"board": number, "table": table})
    if (dealer is not None and target is not None and not director
            and target.auction_recorded and dealer is not target.dealer):
        return Refusal(Reason.AUCTION_FIXES_DEALER, {"table": table, "dealer": target.dealer})
    if declarer is not None and target is not None and not director:
        if (target.declarer is not None and declarer is not target.declarer
                and target.auction_recorded):
            return Refusal(Reason.AUCTION_MAKES_DECLARER,
                           {"table": table, "declarer": target.declarer})
        if (declarer is not target.declarer
                and (target.declarer is not None or target.phase is not Phase.AUCTION)
                and target.has_ruling):
            return _ruling_on(target, Action.DECLARER)
        if (target.declarer is not None and declarer is not target.declarer
                and target.declarer_named_by is not None
                and target.declarer_named_by != asker_id):
            return Refusal(Reason.DECLARER_NAMED_BY_SOMEONE_ELSE,
                           {"table": table, "declarer": target.declarer})
    if (contract is not None and target is not None and not director
            and target.contract is not None and contract != target.contract):
        if target.auction_recorded:
            return Refusal(Reason.AUCTION_MAKES_CONTRACT,
                           {"table": table, "contract": target.contract})
        if target.has_ruling:
            return _ruling_on(target, Action.CONTRACT)
        if target.contract_named_by is not None and target.contract_named_by != asker_id:
            return Refusal(Reason.CONTRACT_NAMED_BY_SOMEONE_ELSE,
                           {"table": table, "contract": target.contract})
    return BoardSetPlan(ends_current=moving, reopens=reopens)
