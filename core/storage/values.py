"""The plain values the storage service returns: frozen dataclasses, never ORM rows."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from core.deal import Deal
from core.engine import Event
from core.ruling import Ruling, is_ruling
from core.seats import Seat
from core.state import TableState


class VerdictKind(Enum):
    """What a director said about a logged ruling."""

    CONFIRMED = "confirmed"
    AMENDED = "amended"
    VOIDED = "voided"
    ADJUSTED = "adjusted"


@dataclass(frozen=True)
class ClubSettings:
    guild_id: int
    director_role_id: int | None
    log_channel_id: int | None
    time_zone: str
    law_edition: str
    language: str
    session_gap_hours: int | None = None  # None: a session ends with the club day


@dataclass(frozen=True)
class SessionInfo:
    """A game session (one evening's play)."""

    id: int
    guild_id: int
    date: dt.date
    name: str
    created_at: dt.datetime
    ended_at: dt.datetime | None = None  # set once the session is over (history)
    #: From a director's start: False when another start had begun it a moment before (two
    #: directors at once), so this one started nothing.
    started_here: bool = True


@dataclass(frozen=True)
class SessionStart:
    """A director's ``/session start``: the session, and the seats taken that club day that
    it keeps (``moved``: carried over from the session that ended; otherwise the session in
    play, where nothing had been played yet, became this one)."""

    session: SessionInfo
    seats: tuple[Seating, ...] = ()
    moved: bool = False


@dataclass(frozen=True)
class TableInfo:
    id: int
    session_id: int
    number: int
    current_board: int | None  # the board number the table is playing now


@dataclass(frozen=True)
class BoardSeen:
    """What a table lookup read of its board's row beyond :class:`BoardInfo`: enough for
    :meth:`Storage.record` to start from it instead of reading the board again (issue 27: one
    round trip less per recording on PostgreSQL). The recording's write checks ``version``,
    so a board that moved since is read again, never written over."""

    club_id: int
    version: int
    time_zone: str
    #: the stored snapshot as read (JSON text, or data when the driver decoded it)
    state: str | dict[str, Any]


@dataclass(frozen=True)
class BoardInfo:
    """A board at a table, with its current table state (the snapshot)."""

    id: int
    session_id: int
    table_id: int
    table_number: int
    number: int
    dealer: Seat | None  # as the players set it (the state the fold starts from)
    declarer: Seat | None
    contract: str | None
    last_seq: int
    state: TableState
    #: an incident or a choice is recorded on it (then only a director changes its declarer,
    #: ends it or moves the table to another board); filled in by :meth:`Storage.table_lookup`
    has_incidents: bool = False
    #: the row as the table lookup read it (:class:`BoardSeen`); None from other reads
    seen: BoardSeen | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class BoardMove(BoardInfo):
    """The board :meth:`Storage.set_board` made the table's board, and what else it did."""

    #: the board in play that moving on ended, as it was just before it ended
    ended: BoardInfo | None = None
    #: the ``board_end`` events a director's reopen voided
    reopened: tuple[int, ...] = ()
    #: the same interaction had already done it (a redelivery): nothing was written
    redelivered: bool = False


@dataclass(frozen=True)
class Seating:
    """Who sits where: a Discord user bound to a seat at a table."""

    session_id: int
    table_id: int
    table_number: int
    seat: Seat
    user_id: int


@dataclass(frozen=True)
class TableLookup:
    """What a table command starts from, read at once (:meth:`Storage.table_lookup`): the club,
    where the user sits (if anywhere), the table asked for (or the user's) in the current session
    and that table's current board. ``table`` and ``board`` are None when there is none."""

    club: ClubSettings
    seating: Seating | None
    table: TableInfo | None
    board: BoardInfo | None
    channel_table: int | None = None  # the table number the channel asked from is bound to
    named_board: BoardInfo | None = None  # the board asked for by number (``board_number``)
    #: the first channel bound to ``table``'s number (``/table channel``), if any
    table_channel: int | None = None
    playing_director: bool = False  # the user has marked himself a playing director
    no_peeking: bool = False  # the club's ``/setup no_peeking`` (the desk's settings)


@dataclass(frozen=True)
class ChoiceContext:
    """What a choice button press starts from (:meth:`Storage.choice_context`): the ruling that
    offered the choice, its board as it is now, and where the presser sits in the club."""

    event_id: int
    ruling: Ruling
    board: BoardInfo
    seat_table_id: int | None
    seat: Seat | None
    #: whether ``board`` is still its table's board in the session in play: a press on a board
    #: the table has moved on from, or of a past session, finds history
    in_play: bool
    #: what the blind check needs (:func:`core.permissions.may_be_blind`), as the table
    #: lookup reads it
    playing_director: bool = False
    no_peeking: bool = False


@dataclass(frozen=True)
class RecordedEvent:
    """The result of recording an event: the ruling and the board's state after it.

    ``duplicate`` is True when the interaction id had already been recorded: nothing new was
    written and this is the first recording's result.
    """

    id: int
    board_id: int
    seq: int
    event: Event
    ruling: Ruling
    state: TableState
    actor_id: int | None
    interaction_id: int | None
    created_at: dt.datetime
    duplicate: bool = False
    #: What was recorded before it in the same transaction (the auction caught up, a reported
    #: trick), oldest first; empty for a duplicate.
    earlier: tuple[RecordedEvent, ...] = ()

    @property
    def is_ruling(self) -> bool:
        """A ruling, or only the table's record (:func:`core.ruling.is_ruling`)."""
        return is_ruling(self.event.kind, self.ruling)


@dataclass(frozen=True)
class Verdict:
    id: int
    event_id: int
    director_id: int
    verdict: VerdictKind
    text: str | None
    adjusted_score: str | None
    created_at: dt.datetime


@dataclass(frozen=True)
class LogEntry:
    """One line of the ruling log, with the latest verdict on it."""

    id: int
    session_id: int
    session_date: dt.date
    session_name: str
    table_id: int
    table_number: int
    board_id: int
    board_number: int
    seq: int
    kind: str  # the event's kind (``exposure``, ``choice`` …)
    incident: str  # the ruling's kind
    actor_id: int | None
    created_at: dt.datetime
    summary: str
    laws: tuple[str, ...]
    facts: dict[str, Any]
    ruling: dict[str, Any]
    void: bool
    verdict: VerdictKind | None
    verdict_by: int | None
    verdict_at: dt.datetime | None
    verdict_note: str | None
    adjusted_score: str | None
    is_ruling: bool = True  # False: the table's record (a call in rotation, a plain lead …)
    law_edition: str = "2017"  # the edition of the Laws the ruling was made under


@dataclass(frozen=True)
class BlindSpot:
    """The boards closed to one member (:func:`core.storage.played.blind_spot`): those of the
    running session ``session_id`` he has not played (``played`` holds the numbers of those he
    has), except, for a member who is not a playing director, what happened at his own table
    (``own_table``, its id: he was there). Every other session's boards are open to him."""

    session_id: int
    played: frozenset[int] = frozenset()
    own_table: int | None = None

    def covers(self, session_id: int, board_number: int, table_id: int | None = None) -> bool:
        """Whether board ``board_number`` of ``session_id`` (what happened at ``table_id``,
        if given) is closed to him."""
        return (session_id == self.session_id and board_number not in self.played
                and (self.own_table is None or table_id != self.own_table))


@dataclass(frozen=True)
class Reader:
    """Who reads (``director``: whether he is one, as his roles say): what he may not see is
    left out of the answer (the ruling log's boards closed to him, counts and figures
    included; an appeal's reasons and answers)."""

    user_id: int
    director: bool = False


@dataclass(frozen=True)
class LogFilter:
    """Filters of the ruling log; ``None`` means "any". All filters combine with AND.

    ``since`` is inclusive and ``until`` exclusive (UTC instants; naive values are UTC).
    ``law`` uses citation-prefix semantics: ``50`` matches ``50D2(a)``, ``50D`` matches
    ``50D2(a)`` but not ``50C``, and ``5`` never matches ``50``. ``verdict`` is the latest
    verdict; pass the string ``"none"`` for rulings no director has looked at. ``director``
    matches rulings on which that director gave any verdict.
    """

    since: dt.datetime | None = None
    until: dt.datetime | None = None
    session_id: int | None = None
    table: int | None = None  # table number
    board: int | None = None  # board number
    law: str | None = None
    kind: str | None = None
    incident: str | None = None
    actor_id: int | None = None
    director_id: int | None = None
    verdict: VerdictKind | str | None = None
    include_void: bool = True
    #: also the table's record (calls in rotation, plain leads, boards set): not rulings
    records: bool = False
    #: the member who reads: the storage leaves out the boards closed to him (``closed``,
    #: which it works out from ``reader`` in the query's own read)
    reader: Reader | None = None
    closed: BlindSpot | None = None


@dataclass(frozen=True)
class LogPage:
    """One page of the log, newest first; pass ``next_cursor`` back for the next page."""

    entries: tuple[LogEntry, ...]
    next_cursor: str | None


@dataclass(frozen=True)
class ClubStats:
    """Per-club figures over the non-void rulings in the range asked for.

    ``per_law`` counts each ruling once per law number it cites; ``per_month`` uses UTC months
    (``"2025-03"``); ``confirmation_rate`` is confirmed ÷ reviewed (None when nothing was
    reviewed), where reviewed means a director's verdict of its own (a ruling voided with
    another one, by a re-ruling or "Void them together", is not reviewed separately).
    """

    total: int
    voided: int
    per_law: tuple[tuple[int, int], ...]
    per_month: tuple[tuple[str, int], ...]
    per_incident: tuple[tuple[str, int], ...]
    reviewed: int
    confirmed: int
    confirmation_rate: float | None


@dataclass(frozen=True)
class DirectorCallInfo:
    id: int
    caller_id: int
    event_id: int | None
    table_id: int | None
    table_number: int | None
    board_id: int | None
    board_number: int | None
    note: str
    channel_id: int | None
    message_id: int | None
    created_at: dt.datetime
    claimed_by: int | None
    claimed_at: dt.datetime | None
    origin_channel_id: int | None = None
    #: This call was already open (the table's, or this interaction's): nobody is pinged again.
    joined: bool = False
    #: Its board is closed to the director it was listed for (``Calls.open_calls``,
    #: :func:`core.storage.played.shut`): list it naming no table, board or ruling.
    shut: bool = False


@dataclass(frozen=True)
class StoredDeal:
    """A board's deal as stored for a session, with its cached double-dummy analysis."""

    id: int
    session_id: int
    session_ended: bool
    deal: Deal
    solved: dict[str, Any] | None
