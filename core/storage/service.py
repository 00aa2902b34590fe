"""The storage service the cogs call: clubs, sessions, tables, boards, seats, the event log,
directors' verdicts and calls, the ruling-log queries, exports, statistics and retention.

Every method takes the Discord guild id first and scopes every statement to that guild's club:
ids belonging to another guild behave exactly like ids that do not exist (:class:`NotFound`).
Every method runs in its own transaction (an ORM session, or a plain connection with prebuilt
Core statements on the hot paths) and returns plain values
(:mod:`core.storage.values`), never ORM rows.

A board's table state is the fold of its non-void events (:func:`core.engine.replay`), kept as a
snapshot on the board row. :meth:`Storage.record` appends an event and moves the snapshot in one
transaction: the board row is locked (``SELECT … FOR UPDATE`` on PostgreSQL, ``BEGIN IMMEDIATE``
on SQLite), the next ``seq`` is taken under ``UNIQUE(board_id, seq)``, the snapshot update checks
the board's ``version``, and a conflict or a busy database is retried. An interaction id makes a
recording idempotent: the same id again returns the first result and writes nothing.
"""

from __future__ import annotations

import asyncio
import csv
import datetime as dt
import io
import json
import logging
import random
import re
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from types import SimpleNamespace
from typing import Any, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import (
    ColumnElement,
    Text,
    and_,
    bindparam,
    cast,
    delete,
    func,
    insert,
    null,
    or_,
    select,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from core import serial
from core.engine import Event, apply, event_from_data, event_to_data
from core.ruling import Ruling
from core.seats import Seat
from core.state import TableState
from core.storage import desk_models, hotpath, logquery, rollup
from core.storage import stats as log_stats
from core.storage.db import write_options
from core.storage.editions import edition_in_force
from core.storage.errors import Busy, Conflict, NotFound, StorageError
from core.storage.lawref import law_key
from core.storage.models import (
    NAME_MAX,
    NOTE_MAX,
    SCORE_MAX,
    SUMMARY_MAX,
    Board,
    Club,
    DirectorCall,
    EventLaw,
    EventRow,
    GameSession,
    LogRollup,
    SeatBinding,
    Table,
    TableChannel,
    VerdictRow,
    utcnow,
)
from core.storage.sessions import club_day, session_due
from core.storage.values import (
    BoardInfo,
    ChoiceContext,
    ClubSettings,
    ClubStats,
    DirectorCallInfo,
    LogEntry,
    LogFilter,
    LogPage,
    RecordedEvent,
    Seating,
    SessionInfo,
    TableInfo,
    TableLookup,
    Verdict,
    VerdictKind,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

LAW_EDITIONS = ("2017",)
DEFAULT_SESSION_NAME = "Session"
PAGE_MAX = 100
EXPORT_CHUNK_ROWS = 500
#: How long a club's settings are served from memory. Other bot processes sharing the database
#: may change them (or delete the club): what they change is seen here within this many seconds.
CLUB_CACHE_SECONDS = 3.0
#: Parsed board snapshots kept per Storage instance, keyed by the stored JSON text itself (so an
#: entry can never be stale: the same text always parses to the same state).
STATE_CACHE_MAX = 4096
#: How long a session-gap club's session, once checked, is taken to be in play without a recheck.
LIVE_RECHECK = dt.timedelta(minutes=5)
#: Event kinds that are the ordinary course of a board, not an incident or a choice.
ROUTINE_KINDS = ("board_set", "call", "auction_ends", "board_end")
_LANGUAGE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


#: "Leave this setting as it is" (``None`` clears a setting).
UNSET: Any = _Unset()


class _Retry(Exception):
    """The board changed under us (optimistic check failed): run the transaction again."""


class Storage:
    """The repository the cogs use. Build it once from the app's sessionmaker."""

    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        *,
        attempts: int = 10,
        now: Callable[[], dt.datetime] | None = None,
        hot_path_on_loop: bool = True,
    ) -> None:
        #: The clock (UTC, aware): sessions roll over and rulings are dated by it. Tests give
        #: their own, so that a week can pass without waiting.
        self.now: Callable[[], dt.datetime] = now or _clock
        self._sm = sessionmaker
        self._attempts = attempts
        bind = sessionmaker.kw.get("bind")
        # plain connections (Core statements, no ORM session) for the hot paths
        self._engine: AsyncEngine | None = bind if isinstance(bind, AsyncEngine) else None
        self._write_engine = (
            self._engine.execution_options(**write_options()) if self._engine else None
        )
        # SQLite: the hot paths' statements on the event loop's thread (core.storage.hotpath)
        self._loop = hotpath.loop_database(self._engine) if hot_path_on_loop else None
        if self._loop is not None:
            weakref.finalize(self, self._loop.close)
        self._states: dict[str, TableState] = {}
        dialect = getattr(getattr(bind, "dialect", None), "name", "")
        # SQLite has one writer at a time: writers of this process queue here instead of
        # polling the file lock (other processes still wait on BEGIN IMMEDIATE's busy timeout).
        self._write_lock = asyncio.Lock() if dialect == "sqlite" else None
        # SQLite's write transactions are serial (BEGIN IMMEDIATE), so a check read in the same
        # statement as the board is current; PostgreSQL evaluates a subquery with the snapshot
        # taken before waiting for the board's row lock, so it checks again after the lock.
        self._serial_writes = dialect == "sqlite"
        # guild id -> (expires at, club id, settings): this instance's short-lived club cache;
        # a generation per guild stops a read that raced an update from caching the old value
        self._clubs: dict[int, tuple[float, int, ClubSettings]] = {}
        # guild id -> (session id, in play at least until): a session-gap club's live session
        self._live: dict[int, tuple[int, dt.datetime]] = {}
        self._club_generation: dict[int, int] = {}

    # ------------------------------------------------------------------------------------
    # the club cache

    def _cached_club(self, guild_id: int) -> tuple[int, ClubSettings] | None:
        found = self._clubs.get(guild_id)
        if found is None:
            return None
        if found[0] < time.monotonic():
            del self._clubs[guild_id]
            return None
        return found[1], found[2]

    def _remember_club(
        self, guild_id: int, club_id: int, settings: ClubSettings, generation: int
    ) -> None:
        if self._club_generation.get(guild_id, 0) == generation:
            self._clubs[guild_id] = (time.monotonic() + CLUB_CACHE_SECONDS, club_id, settings)

    def _forget_club(self, guild_id: int) -> None:
        self._club_generation[guild_id] = self._club_generation.get(guild_id, 0) + 1
        self._clubs.pop(guild_id, None)

    # ------------------------------------------------------------------------------------
    # transactions

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[AsyncSession]:
        async with self._sm() as s:
            yield s

    @asynccontextmanager
    async def _serialised(self) -> AsyncIterator[None]:
        if self._write_lock is None:
            yield
        else:
            async with self._write_lock:
                yield

    async def _write(
        self, work: Callable[[AsyncSession], Awaitable[T]], *, retry_disconnect: bool = True
    ) -> T:
        """Run ``work`` in a write transaction, retrying conflicts and a busy database.

        ``retry_disconnect`` is False for work that is not idempotent: a connection lost during
        COMMIT leaves its outcome unknown, so it is reported rather than repeated.
        """

        async def attempt() -> T:
            async with self._sm() as s, s.begin():
                await s.connection(execution_options=write_options())
                return await work(s)

        return await self._retrying(attempt, retry_disconnect)

    async def _write_conn(
        self, work: Callable[[AsyncConnection], Awaitable[T]], *, retry_disconnect: bool = True
    ) -> T:
        """:meth:`_write` on a plain connection (Core statements only, no ORM session)."""
        if self._write_engine is None:
            return await self._write(
                lambda s: _on_connection(s, work), retry_disconnect=retry_disconnect
            )

        async def attempt() -> T:
            if self._loop is not None:
                with self._loop.begin() as loop_conn:
                    return await work(loop_conn)  # type: ignore[arg-type]
            assert self._write_engine is not None
            async with self._write_engine.begin() as conn:
                return await work(conn)

        return await self._retrying(attempt, retry_disconnect)

    async def _retrying(
        self, attempt_once: Callable[[], Awaitable[T]], retry_disconnect: bool
    ) -> T:
        delay = 0.002
        waits = 0  # attempts that already waited a full lock timeout
        for attempt in range(1, self._attempts + 1):
            try:
                async with self._serialised():
                    return await attempt_once()
            except _Retry:
                reason = "board changed"
            except DBAPIError as exc:
                reason = _transient(exc, retry_disconnect)
                if reason is None and exc.connection_invalidated:
                    raise StorageError(LOST_CONNECTION) from exc
                if reason is None:
                    raise
                waits += reason in _LOCK_WAITS
                if attempt == self._attempts or waits >= 2:
                    raise Busy("the database is busy; please try again in a moment") from exc
            log.debug("write retry %d (%s)", attempt, reason)
            await asyncio.sleep(delay * random.uniform(0.5, 1.5))
            delay = min(delay * 2, 0.25)
        raise Busy("the board kept changing; please try again in a moment")

    @asynccontextmanager
    async def _connected(self) -> AsyncIterator[AsyncConnection]:
        """A plain connection for reads (one transaction, rolled back at the end)."""
        if self._engine is None:
            async with self._sm() as s:
                yield await s.connection()
        elif self._loop is not None:
            with self._loop.connect() as loop_conn:
                yield loop_conn  # type: ignore[misc]
        else:
            async with self._engine.connect() as conn:
                yield conn

    def _state(self, text: str | dict[str, Any]) -> TableState:
        """A stored snapshot, parsed (served from this instance's cache when seen before)."""
        if not isinstance(text, str):  # a driver that decoded the JSON itself
            return serial.from_data(TableState, text)
        state = self._states.get(text)
        if state is None:
            state = serial.from_data(TableState, json.loads(text))
            if len(self._states) >= STATE_CACHE_MAX:
                self._states.clear()
            self._states[text] = state
        return state

    # ------------------------------------------------------------------------------------
    # clubs

    async def club(self, guild_id: int) -> ClubSettings:
        """The guild's club settings, creating the club with defaults on first use.

        Served from a short-lived per-instance cache (:data:`CLUB_CACHE_SECONDS`); a read, not a
        write, when the club exists.
        """
        cached = self._cached_club(guild_id)
        if cached is not None:
            return cached[1]
        generation = self._club_generation.get(guild_id, 0)
        async with self._reading() as s:
            row = (await s.execute(_club_select().where(Club.guild_id == guild_id))).first()
        if row is not None:
            settings = _club_settings(row)
            self._remember_club(guild_id, row.id, settings, generation)
            return settings

        async def work(s: AsyncSession) -> tuple[int, ClubSettings]:
            club = await _get_or_create_club(s, guild_id)
            return club.id, _club_value(club)

        club_id, settings = await self._write(work)
        self._remember_club(guild_id, club_id, settings, generation)
        return settings

    async def find_club(self, guild_id: int) -> ClubSettings | None:
        async with self._reading() as s:
            row = await s.scalar(select(Club).where(Club.guild_id == guild_id))
            return _club_value(row) if row else None

    async def update_club(
        self,
        guild_id: int,
        *,
        director_role_id: int | None = UNSET,
        log_channel_id: int | None = UNSET,
        time_zone: str = UNSET,
        law_edition: str = UNSET,
        language: str = UNSET,
        session_gap_hours: int | None = UNSET,
    ) -> ClubSettings:
        """Change some settings (``UNSET`` leaves one alone, ``None`` clears a role/channel;
        ``session_gap_hours`` None or 0: a session ends with the club day)."""
        changes: dict[str, Any] = {}
        if session_gap_hours is not UNSET:
            if session_gap_hours is not None and not 0 <= session_gap_hours <= 24 * 14:
                raise StorageError("the session gap is 0 to 336 hours (0: a new club day)")
            changes["session_gap_hours"] = session_gap_hours or None
        if director_role_id is not UNSET:
            changes["director_role_id"] = director_role_id
        if log_channel_id is not UNSET:
            changes["log_channel_id"] = log_channel_id
        if time_zone is not UNSET:
            changes["time_zone"] = _check_time_zone(time_zone)
        if law_edition is not UNSET:
            if law_edition not in LAW_EDITIONS:
                raise StorageError(f"law edition must be one of {', '.join(LAW_EDITIONS)}")
            changes["law_edition"] = law_edition
        if language is not UNSET:
            if not isinstance(language, str) or not _LANGUAGE.match(language):
                raise StorageError("language must be a language code such as en or fr")
            changes["language"] = language

        async def work(s: AsyncSession) -> tuple[int, ClubSettings]:
            club = await _get_or_create_club(s, guild_id)
            moved = "time_zone" in changes and changes["time_zone"] != club.time_zone
            for name, value in changes.items():
                setattr(club, name, value)
            await s.flush()
            if moved:  # the log's months are the club's: they move with its time zone
                await rollup.rebuild(s, club.id, club.time_zone)
            return club.id, _club_value(club)

        self._forget_club(guild_id)
        try:
            club_id, settings = await self._write(work)
        finally:
            self._forget_club(guild_id)
        self._remember_club(guild_id, club_id, settings, self._club_generation[guild_id])
        return settings

    # ------------------------------------------------------------------------------------
    # sessions

    async def start_session(
        self,
        guild_id: int,
        name: str | None = None,
        *,
        date: dt.date | None = None,
        fresh: bool = False,
    ) -> SessionInfo:
        """The session of that date and name, created if need be (the date defaults to the
        club day of :attr:`now`). With ``fresh`` (a director's ``/session start``) a new session
        always begins: the one in play ends (its seats are freed) and a name already used that
        day gets a number."""
        name = _text(name, NAME_MAX, "session name") or DEFAULT_SESSION_NAME
        now = self.now()

        async def work(s: AsyncSession) -> SessionInfo:
            club = await _get_or_create_club(s, guild_id)
            day = date or club_day(now, club.time_zone)
            if fresh:
                row = await _new_session(s, club, day, name, now)
                return _session_value(row, guild_id)
            row = await s.scalar(
                select(GameSession).where(
                    GameSession.club_id == club.id,
                    GameSession.date == day,
                    GameSession.name == name,
                )
            )
            if row is None:
                row = GameSession(club_id=club.id, date=day, name=name, created_at=now)
                s.add(row)
                await s.flush()
            return _session_value(row, guild_id)

        self._live.pop(guild_id, None)
        return await self._write(work)

    async def end_session(self, guild_id: int) -> tuple[SessionInfo, tuple[BoardInfo, ...]] | None:
        """End the session in play (None if there is none): its boards end with it and its
        seats are freed; the next command starts a new session. Returns the session and the
        boards that were in play (their state as they ended, for the answer)."""
        now = self.now()

        async def work(s: AsyncSession) -> tuple[SessionInfo, tuple[BoardInfo, ...]] | None:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return None
            row = await _latest_session(s, club_id)
            if row is None or row.ended_at is not None:
                return None
            in_play = await s.execute(
                select(Board, Table.number)
                .join(Table, and_(Table.id == Board.table_id, Table.current_board == Board.number))
                .where(Table.session_id == row.id)
                .order_by(Table.number)
            )
            boards = tuple(_board_value(b, number) for b, number in in_play)
            await _close_session(s, row, now)
            return _session_value(row, guild_id), boards

        self._live.pop(guild_id, None)
        return await self._write(work)

    async def live_session(self, guild_id: int) -> SessionInfo:
        """The session in play, started now if the last one ended or the club's session gap
        has passed (see :func:`core.storage.sessions.session_due`)."""
        now = self.now()

        async def work(s: AsyncSession) -> SessionInfo:
            club = await _get_or_create_club(s, guild_id)
            return _session_value(await _current_or_new_session(s, club, now), guild_id)

        found = await self._write(work)
        self._live[guild_id] = (found.id, now + LIVE_RECHECK)
        return found

    def _session_fresh(self, guild_id: int, club: ClubSettings, row: Any) -> bool:
        """Whether the session a lookup found is still in play, without touching the database
        (a session-gap club may need the precise check of :meth:`live_session`)."""
        if row.session_id is None:
            return False
        now = self.now()
        if club.session_gap_hours and row.session_ended_at is None:
            known = self._live.get(guild_id)
            if known is not None and known[0] == row.session_id and now < known[1]:
                return True
            return now - row.session_created_at < dt.timedelta(hours=club.session_gap_hours)
        return not session_due(
            now,
            time_zone=club.time_zone,
            gap_hours=None,
            started=row.session_created_at,
            last_activity=None,
            ended=row.session_ended_at,
        )

    async def current_session(self, guild_id: int) -> SessionInfo | None:
        """The most recently started session, if any."""
        async with self._reading() as s:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return None
            row = await s.scalar(
                select(GameSession)
                .where(GameSession.club_id == club_id)
                .order_by(GameSession.id.desc())
                .limit(1)
            )
            return _session_value(row, guild_id) if row else None

    async def session(self, guild_id: int, session_id: int) -> SessionInfo:
        async with self._reading() as s:
            club_id = await _require_club(s, guild_id)
            return _session_value(await _session_row(s, club_id, session_id), guild_id)

    async def sessions(self, guild_id: int, *, limit: int = 25) -> tuple[SessionInfo, ...]:
        """The latest sessions, newest first."""
        async with self._reading() as s:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return ()
            rows = await s.scalars(
                select(GameSession)
                .where(GameSession.club_id == club_id)
                .order_by(GameSession.id.desc())
                .limit(_clamp(limit))
            )
            return tuple(_session_value(r, guild_id) for r in rows)

    # ------------------------------------------------------------------------------------
    # tables and boards

    async def table(
        self, guild_id: int, number: int, *, session_id: int | None = None
    ) -> TableInfo:
        """Table ``number`` of a session (default: the current one, or a new one for today),
        created if need be."""
        _positive(number, "table number")

        now = self.now()

        async def work(s: AsyncSession) -> TableInfo:
            club = await _get_or_create_club(s, guild_id)
            if session_id is None:
                session = await _current_or_new_session(s, club, now)
            else:
                session = await _session_row(s, club.id, session_id)
            row = await s.scalar(
                select(Table).where(Table.session_id == session.id, Table.number == number)
            )
            if row is None:
                row = Table(club_id=club.id, session_id=session.id, number=number)
                s.add(row)
                await s.flush()
            return _table_value(row)

        return await self._write(work)

    async def find_table(
        self, guild_id: int, number: int, *, session_id: int | None = None
    ) -> TableInfo | None:
        """Table ``number`` of a session (default: the current one), without creating it."""
        async with self._reading() as s:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return None
            if session_id is None:
                session_q = (
                    select(GameSession.id)
                    .where(GameSession.club_id == club_id)
                    .order_by(GameSession.id.desc())
                    .limit(1)
                    .scalar_subquery()
                )
            else:
                session_q = session_id
            row = await s.scalar(
                select(Table).where(
                    Table.club_id == club_id,
                    Table.session_id == session_q,
                    Table.number == number,
                )
            )
            return _table_value(row) if row else None

    async def set_board(
        self,
        guild_id: int,
        table_id: int,
        number: int,
        *,
        dealer: Seat | str | None = None,
        declarer: Seat | str | None = None,
        contract: str | None = None,
        actor_id: int | None = None,
        interaction_id: int | None = None,
    ) -> BoardInfo:
        """Make board ``number`` the table's current board (created if need be).

        What is given of dealer, declarer and contract that differs from the board's state is
        recorded as a ``board_set`` event, so it is part of the fold like everything else.
        """
        _positive(number, "board number")
        dealer_seat = Seat.parse(dealer) if dealer is not None else None
        declarer_seat = Seat.parse(declarer) if declarer is not None else None
        contract = contract.strip() if contract else None

        # One write transaction: the board made current (created if need be) and, when the
        # facts given differ from its state, a board_set event recorded as record() would.
        inline = self._serial_writes

        async def work(conn: AsyncConnection) -> BoardInfo:
            params = {
                "guild_id": guild_id,
                "table_id": table_id,
                "number": number,
                "interaction_id": interaction_id,
            }
            found = (await conn.execute(_SET_BOARD_SELECT, params)).first()
            if found is None:
                raise NotFound("this server has no tables or rulings yet")
            if found.table_id is None:
                raise NotFound("there is no such table")
            club_id = found.club_id
            if found.id is None:
                board: Any = SimpleNamespace(
                    id=None,
                    club_id=club_id,
                    session_id=found.table_session_id,
                    table_id=found.table_id,
                    number=number,
                    table_no=found.table_no,
                    last_seq=0,
                    version=0,
                    first_id=found.first_id,
                    time_zone=found.time_zone,
                )
                board.id = await conn.scalar(
                    _INSERT_BOARD,
                    {
                        "club_id": club_id,
                        "session_id": board.session_id,
                        "table_id": board.table_id,
                        "number": number,
                        "state": _EMPTY_STATE_DATA,
                        "last_seq": 0,
                        "version": 0,
                        "updated_at": utcnow(),
                    },
                )
                state = TableState()
            else:
                board = found
                state = self._state(found.state)
            if found.current_board != number:
                await conn.execute(
                    _SET_CURRENT_BOARD, {"t_id": found.table_id, "current": number}
                )
            facts = _board_facts(state, dealer_seat, declarer_seat, contract)
            if facts and found.id is not None and not inline:
                # PostgreSQL: the board row locked, then the facts checked against it again
                board = await _board_for_record(conn, guild_id, board.id, None, lock=True)
                assert board is not None
                state = self._state(board.state)
                facts = _board_facts(state, dealer_seat, declarer_seat, contract)
            first_id = found.first_id
            if facts and interaction_id is not None and not inline:
                first_id = await conn.scalar(
                    _FIRST_FOR_INTERACTION,
                    {"club_id": club_id, "interaction_id": interaction_id},
                )
            if facts and first_id is None:
                ev = event_from_data({"kind": "board_set", **facts})
                recorded = await self._append(
                    conn, board, state, ev, event_to_data(ev), actor_id, interaction_id
                )
                state = recorded.state
                last_seq = recorded.seq
            else:
                last_seq = board.last_seq
            return BoardInfo(
                id=board.id,
                session_id=board.session_id,
                table_id=board.table_id,
                table_number=board.table_no or 0,
                number=number,
                dealer=state.dealer,
                declarer=state.declarer,
                contract=state.contract,
                last_seq=last_seq,
                state=state,
            )

        # a lost COMMIT is repeated only when nothing unkeyed may have been logged
        given = dealer_seat is not None or declarer_seat is not None or bool(contract)
        keyed = interaction_id is not None or not given
        return await self._write_conn(work, retry_disconnect=keyed)

    async def board(self, guild_id: int, board_id: int) -> BoardInfo:
        """A board of this guild, with its current state."""
        async with self._connected() as conn:
            row = (
                await conn.execute(_BOARD_BY_ID, {"guild_id": guild_id, "board_id": board_id})
            ).first()
            if row is None:
                await _require_club(conn, guild_id)
                raise NotFound("there is no such board")
        return self._board_info(row)

    def _board_info(self, row: Any) -> BoardInfo:
        """A :class:`BoardInfo` from a row of :data:`_BOARD_COLUMNS`."""
        state = self._state(row.state)
        return BoardInfo(
            id=row.id,
            session_id=row.session_id,
            table_id=row.table_id,
            table_number=row.table_no or 0,
            number=row.number,
            dealer=state.dealer,
            declarer=state.declarer,
            contract=state.contract,
            last_seq=row.last_seq,
            state=state,
        )

    async def choice_context(self, guild_id: int, event_id: int, user_id: int) -> ChoiceContext:
        """What pressing a choice button needs, in one read: the ruling that offered the
        choice, its board now, and where the presser sits in this club (if anywhere).
        :class:`NotFound` when the guild has no such event."""
        params = {"guild_id": guild_id, "event_id": event_id, "user_id": user_id}
        async with self._connected() as conn:
            row = (await conn.execute(_CHOICE_CONTEXT, params)).first()
        if row is None:
            raise NotFound(f"there is no ruling #{event_id}")
        return ChoiceContext(
            event_id=row.event_id,
            ruling=Ruling.from_data(row.ruling),
            board=self._board_info(row),
            seat_table_id=row.seat_table_id,
            seat=Seat(row.seat) if row.seat is not None else None,
        )

    async def find_board(
        self, guild_id: int, table_id: int, number: int | None = None
    ) -> BoardInfo | None:
        """Board ``number`` at a table; without a number, the table's current board."""
        async with self._reading() as s:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return None
            table = await s.scalar(
                select(Table).where(Table.id == table_id, Table.club_id == club_id)
            )
            if table is None:
                return None
            number = number if number is not None else table.current_board
            if number is None:
                return None
            row = await s.scalar(
                select(Board).where(Board.table_id == table.id, Board.number == number)
            )
            return _board_value(row, table.number) if row else None

    async def table_lookup(
        self,
        guild_id: int,
        user_id: int,
        number: int | None = None,
        *,
        channel_id: int | None = None,
        create: bool = False,
    ) -> TableLookup:
        """Everything a table command starts from, in one read: the club (created on first
        use), where ``user_id`` sits, table ``number`` of the session in play (default: the
        table ``channel_id`` is bound to, else the user's table) and its current board.

        The same as :meth:`club`, :meth:`seating`, :meth:`find_table` and :meth:`find_board`
        one after the other, in one statement. When the last session is over (ended, or the
        club's session gap passed) a new one is started first (:meth:`live_session`). With
        ``create``, a table named by number is made for the session if it does not exist yet.
        """
        generation = self._club_generation.get(guild_id, 0)
        q = _TABLE_LOOKUP_MINE if number is None else _TABLE_LOOKUP_NUMBERED
        params = {
            "guild_id": guild_id,
            "user_id": user_id,
            "number": number,
            "channel_id": channel_id,
        }
        async with self._connected() as conn:
            row = (await conn.execute(q, params)).first()
        if row is None:  # first use: the club is created (as club() does), with nothing in it
            await self.club(guild_id)
            return await self.table_lookup(
                guild_id, user_id, number, channel_id=channel_id, create=create
            )
        club = _club_settings(row)
        self._remember_club(guild_id, row.id, club, generation)
        if not self._session_fresh(guild_id, club, row):
            await self.live_session(guild_id)
            async with self._connected() as conn:
                row = (await conn.execute(q, params)).first()
            assert row is not None
        wanted = number if number is not None else row.channel_table_no
        if create and row.table_id is None and wanted is not None:
            await self.table(guild_id, wanted)
            async with self._connected() as conn:
                row = (
                    await conn.execute(_TABLE_LOOKUP_NUMBERED, {**params, "number": wanted})
                ).first()
            assert row is not None
        seating = (
            Seating(
                row.seat_session_id, row.seat_table_id, row.seat_table_no, Seat(row.seat), user_id
            )
            if row.seat_table_no is not None
            else None
        )
        table = board = None
        if row.table_id is not None:
            table = TableInfo(row.table_id, row.table_session_id, row.table_no, row.current_board)
            if row.board_id is not None:
                state = self._state(row.state)
                board = BoardInfo(
                    id=row.board_id,
                    session_id=row.board_session_id,
                    table_id=row.table_id,
                    table_number=row.table_no,
                    number=row.board_no,
                    dealer=state.dealer,
                    declarer=state.declarer,
                    contract=state.contract,
                    last_seq=row.last_seq,
                    state=state,
                    has_incidents=row.has_incidents is not None,
                )
        return TableLookup(club, seating, table, board, row.channel_table_no)

    async def has_incidents(self, guild_id: int, board_id: int) -> bool:
        """Whether an incident or a choice (anything but the board's ordinary course) is
        recorded on the board and not voided."""
        async with self._reading() as s:
            club_id = await _require_club(s, guild_id)
            found = await s.scalar(
                select(EventRow.id)
                .where(
                    EventRow.club_id == club_id,
                    EventRow.board_id == board_id,
                    EventRow.void.is_(False),
                    EventRow.kind.not_in(ROUTINE_KINDS),
                )
                .limit(1)
            )
            return found is not None

    async def board_state(self, guild_id: int, board_id: int) -> TableState:
        return (await self.board(guild_id, board_id)).state

    async def board_events(
        self, guild_id: int, board_id: int, *, include_void: bool = True
    ) -> tuple[LogEntry, ...]:
        """A board's events in sequence order."""
        async with self._reading() as s:
            club_id = await _require_club(s, guild_id)
            await _board_row(s, club_id, board_id)
            q = logquery.entry_select().where(
                EventRow.club_id == club_id, EventRow.board_id == board_id
            )
            if not include_void:
                q = q.where(EventRow.void.is_(False))
            rows = await s.execute(q.order_by(EventRow.seq))
            return tuple(logquery.entry_value(r) for r in rows)

    async def rebuild(self, guild_id: int, board_id: int, *, store: bool = False) -> TableState:
        """The fold of the board's non-void events; with ``store``, also save it as the
        snapshot (the repair for a snapshot that disagrees)."""
        if not store:
            async with self._reading() as s:
                club_id = await _require_club(s, guild_id)
                row = await _board_row(s, club_id, board_id)
                return await _fold(s, row.id)

        async def work(s: AsyncSession) -> TableState:
            club_id = await _require_club(s, guild_id)
            row = await _board_row(s, club_id, board_id, lock=True)
            state = await _fold(s, row.id)
            await _store_state(s, row, state)
            return state

        return await self._write(work)

    # ------------------------------------------------------------------------------------
    # seats

    async def sit(
        self,
        guild_id: int,
        user_id: int,
        table_id: int,
        seat: Seat | str,
        *,
        take_over: bool = False,
    ) -> Seating:
        """Bind ``user_id`` to a seat (leaving any other seat of his in this club).

        A seat held by someone else raises :class:`Conflict` unless ``take_over``.
        """
        seat = Seat.parse(seat)

        async def work(s: AsyncSession) -> Seating:
            club_id = await _require_club(s, guild_id)
            table = await s.scalar(
                select(Table).where(Table.id == table_id, Table.club_id == club_id)
            )
            if table is None:
                raise NotFound("there is no such table")
            holder = await s.scalar(
                select(SeatBinding).where(
                    SeatBinding.table_id == table.id, SeatBinding.seat == seat.value
                )
            )
            if holder is not None and holder.user_id != user_id:
                if not take_over:
                    raise Conflict(
                        f"{seat.full_name} at table {table.number} is taken by <@{holder.user_id}>"
                    )
                await s.delete(holder)
            await s.execute(
                delete(SeatBinding).where(
                    SeatBinding.club_id == club_id, SeatBinding.user_id == user_id
                )
            )
            await s.flush()
            s.add(
                SeatBinding(
                    club_id=club_id,
                    table_id=table.id,
                    seat=seat.value,
                    user_id=user_id,
                    bound_at=utcnow(),
                )
            )
            await s.flush()
            return Seating(table.session_id, table.id, table.number, seat, user_id)

        return await self._write(work)

    async def stand(self, guild_id: int, user_id: int) -> Seating | None:
        """Unbind the user; returns where he was sitting (None if nowhere)."""

        async def work(s: AsyncSession) -> Seating | None:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return None
            found = await _seating(s, club_id, SeatBinding.user_id == user_id)
            await s.execute(
                delete(SeatBinding).where(
                    SeatBinding.club_id == club_id, SeatBinding.user_id == user_id
                )
            )
            return found[0] if found else None

        return await self._write(work)

    async def free_seat(self, guild_id: int, table_id: int, seat: Seat | str) -> Seating | None:
        """A director frees a seat: whoever sat there sits nowhere (None if it was free)."""
        seat = Seat.parse(seat)

        async def work(s: AsyncSession) -> Seating | None:
            club_id = await _require_club(s, guild_id)
            found = await _seating(
                s, club_id, and_(SeatBinding.table_id == table_id, SeatBinding.seat == seat.value)
            )
            await s.execute(
                delete(SeatBinding).where(
                    SeatBinding.club_id == club_id,
                    SeatBinding.table_id == table_id,
                    SeatBinding.seat == seat.value,
                )
            )
            return found[0] if found else None

        return await self._write(work)

    # ------------------------------------------------------------------------------------
    # channels bound to tables

    async def bind_channel(self, guild_id: int, channel_id: int, number: int | None) -> None:
        """Bind a channel (or thread) to a table number for every session; None unbinds it."""
        if number is not None:
            _positive(number, "table number")

        async def work(s: AsyncSession) -> None:
            club = await _get_or_create_club(s, guild_id)
            await s.execute(
                delete(TableChannel).where(
                    TableChannel.club_id == club.id, TableChannel.channel_id == channel_id
                )
            )
            if number is not None:
                s.add(TableChannel(club_id=club.id, channel_id=channel_id, number=number))
                await s.flush()

        await self._write(work)

    async def table_channels(self, guild_id: int, number: int) -> tuple[int, ...]:
        """The channels (or threads) bound to table ``number`` with ``/table channel``, the
        first bound first."""
        async with self._reading() as s:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return ()
            rows = await s.scalars(
                select(TableChannel.channel_id)
                .where(TableChannel.club_id == club_id, TableChannel.number == number)
                .order_by(TableChannel.id)
            )
            return tuple(rows)

    async def seating(self, guild_id: int, user_id: int) -> Seating | None:
        """Where the user sits in this guild, if anywhere."""
        async with self._connected() as conn:
            rows = await conn.execute(_SEATING, {"guild_id": guild_id, "user_id": user_id})
            row = rows.first()
        return Seating(row[0], row[1], row[2], Seat(row[3]), user_id) if row else None

    async def seated_at(self, guild_id: int, table_id: int) -> tuple[Seating, ...]:
        """Everyone bound to a seat at the table."""
        async with self._reading() as s:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return ()
            return await _seating(s, club_id, SeatBinding.table_id == table_id)

    # ------------------------------------------------------------------------------------
    # the event log

    async def record(
        self,
        guild_id: int,
        board_id: int,
        event: Event,
        *,
        actor_id: int | None = None,
        interaction_id: int | None = None,
    ) -> RecordedEvent:
        """Rule on ``event`` against the board's state and log it, all in one transaction.

        Raises the engine's errors (:data:`core.errors.USER_ERRORS`) for facts it cannot rule
        on; nothing is written then. With an ``interaction_id`` already recorded in this guild,
        returns that first recording (``duplicate=True``) and writes nothing.
        """
        if not isinstance(event, Event):
            raise TypeError(f"expected an Event, got {type(event).__name__}")
        facts = event_to_data(event)

        async def work(conn: AsyncConnection) -> RecordedEvent:
            # one round trip: the board (locked), its table's number, the club check and (on
            # SQLite) the idempotency check; then the event, its laws and the snapshot
            inline = self._serial_writes
            board = await _board_for_record(
                conn, guild_id, board_id, interaction_id if inline else None, lock=True
            )
            if board is None:
                await _require_club(conn, guild_id)
                raise NotFound("there is no such board")
            first_id = board.first_id
            if interaction_id is not None and not inline:
                first_id = await conn.scalar(
                    _FIRST_FOR_INTERACTION,
                    {"club_id": board.club_id, "interaction_id": interaction_id},
                )
            if first_id is not None:
                return await self._first_recording(conn, first_id)
            return await self._append(
                conn, board, self._state(board.state), event, facts, actor_id, interaction_id
            )

        return await self._write_conn(work, retry_disconnect=interaction_id is not None)

    async def _first_recording(self, conn: AsyncConnection, first_id: int) -> RecordedEvent:
        """The event already recorded for an interaction id, as record() returned it."""
        first = (await conn.execute(_EVENT_BY_ID, {"event_id": first_id})).first()
        assert first is not None
        return await _recorded_value(conn, first, duplicate=True)

    async def _append(
        self,
        conn: AsyncConnection,
        board: Any,
        state: TableState,
        event: Event,
        facts: dict[str, Any],
        actor_id: int | None,
        interaction_id: int | None,
    ) -> RecordedEvent:
        """Rule on ``event`` against ``state`` and log it on ``board`` (a row with id, club_id,
        session_id, table_id, number, table_no, last_seq, version and the club's time_zone,
        read in this write transaction: locked on PostgreSQL): the event, its laws, the new
        snapshot and the monthly roll-up."""
        ruling, new_state = apply(state, event)
        now = self.now()
        laws = tuple(dict.fromkeys(ruling.laws))
        seq = board.last_seq + 1
        club_id = board.club_id
        event_id = await conn.scalar(
            _INSERT_EVENT,
            {
                "club_id": club_id,
                "session_id": board.session_id,
                "table_id": board.table_id,
                "board_id": board.id,
                "table_no": board.table_no,
                "board_no": board.number,
                "seq": seq,
                "kind": event.kind[:40],
                "incident": (ruling.kind or event.kind)[:40],
                "actor_id": actor_id,
                "interaction_id": interaction_id,
                "created_at": now,
                "facts": facts,
                "ruling": ruling.to_data(),
                "summary": ruling.summary[:SUMMARY_MAX],
                "laws": _laws_text(laws),
                "void": False,
                "law_edition": await edition_in_force(conn, club_id),
            },
        )
        assert event_id is not None
        law_rows = _law_values(club_id, event_id, laws)
        if law_rows:
            await conn.execute(_INSERT_LAW, law_rows)
        # the club's time zone (for the roll-up's month): read with the board on SQLite, whose
        # writers are serial; share-locked on PostgreSQL (see rollup.CLUB_TIME_ZONE_FOR_WRITE)
        time_zone = board.time_zone
        if not self._serial_writes:
            time_zone = await conn.scalar(rollup.CLUB_TIME_ZONE_FOR_WRITE, {"club_id": club_id})
        await rollup.add_event(
            conn,
            club_id,
            now,
            time_zone,
            event.kind,
            (ruling.kind or event.kind)[:40],
            (row["law_number"] for row in law_rows),
        )
        data = await _update_snapshot(conn, board.id, board.version, new_state, last_seq=seq)
        self._remember_state(data, new_state)
        return RecordedEvent(
            id=event_id,
            board_id=board.id,
            seq=seq,
            event=event,
            ruling=ruling,
            state=new_state,
            actor_id=actor_id,
            interaction_id=interaction_id,
            created_at=now,
        )

    def _remember_state(self, data: Any, state: TableState) -> None:
        """Cache a snapshot just written, under the text the JSON type stores for it (if the
        database gives back other text, that is only a cache miss)."""
        if len(self._states) >= STATE_CACHE_MAX:
            self._states.clear()
        self._states[json.dumps(data)] = state

    async def event(self, guild_id: int, event_id: int) -> LogEntry:
        """One logged event of this guild."""
        async with self._reading() as s:
            club_id = await _require_club(s, guild_id)
            row = (
                await s.execute(
                    logquery.entry_select().where(
                        EventRow.club_id == club_id, EventRow.id == event_id
                    )
                )
            ).first()
            if row is None:
                raise NotFound(f"there is no ruling #{event_id}")
            return logquery.entry_value(row)

    async def recorded(self, guild_id: int, event_id: int) -> RecordedEvent:
        """A logged event as :meth:`record` returned it (the state is the one right after it)."""
        async with self._reading() as s:
            row = await s.scalar(
                select(EventRow)
                .join(Club, Club.id == EventRow.club_id)
                .where(Club.guild_id == guild_id, EventRow.id == event_id)
            )
            if row is None:
                await _require_club(s, guild_id)
                raise NotFound(f"there is no ruling #{event_id}")
            return await _recorded_value(s, row, duplicate=False)

    # ------------------------------------------------------------------------------------
    # directors' verdicts

    async def confirm(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        text: str | None = None,
        *,
        interaction_id: int | None = None,
    ) -> Verdict:
        return await self._verdict(
            guild_id, event_id, director_id, VerdictKind.CONFIRMED, text, key=interaction_id
        )

    async def amend(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        text: str,
        *,
        interaction_id: int | None = None,
    ) -> Verdict:
        if not text or not text.strip():
            raise StorageError("say how the ruling is amended")
        return await self._verdict(
            guild_id, event_id, director_id, VerdictKind.AMENDED, text, key=interaction_id
        )

    async def adjust(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        score: str,
        text: str | None = None,
        *,
        interaction_id: int | None = None,
    ) -> Verdict:
        if not score or not score.strip():
            raise StorageError("give the adjusted score")
        return await self._verdict(
            guild_id,
            event_id,
            director_id,
            VerdictKind.ADJUSTED,
            text,
            score=score,
            key=interaction_id,
        )

    async def void(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        text: str | None = None,
        *,
        interaction_id: int | None = None,
    ) -> Verdict:
        """Mark the event void (it stays in the log) and rebuild its board's state from the
        remaining events. Raises :class:`Conflict` when a later event cannot stand without it."""
        return await self._verdict(
            guild_id, event_id, director_id, VerdictKind.VOIDED, text, key=interaction_id
        )

    async def verdicts(self, guild_id: int, event_id: int) -> tuple[Verdict, ...]:
        """Every verdict on an event, oldest first."""
        async with self._reading() as s:
            club_id = await _require_club(s, guild_id)
            exists = await s.scalar(
                select(EventRow.id).where(EventRow.club_id == club_id, EventRow.id == event_id)
            )
            if exists is None:
                raise NotFound(f"there is no ruling #{event_id}")
            rows = await s.scalars(
                select(VerdictRow)
                .where(VerdictRow.club_id == club_id, VerdictRow.event_id == event_id)
                .order_by(VerdictRow.id)
            )
            return tuple(_verdict_value(r) for r in rows)

    async def _verdict(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        kind: VerdictKind,
        text: str | None,
        *,
        score: str | None = None,
        key: int | None = None,
    ) -> Verdict:
        """``key``: the interaction id; a verdict already given by it is returned, not repeated."""
        text = _text(text, NOTE_MAX, "note") if text and text.strip() else None
        score = _text(score, SCORE_MAX, "adjusted score") if score else None

        async def work(s: AsyncSession) -> Verdict:
            club_id = await _require_club(s, guild_id)
            board_id = await s.scalar(
                select(EventRow.board_id).where(
                    EventRow.club_id == club_id, EventRow.id == event_id
                )
            )
            if board_id is None:
                raise NotFound(f"there is no ruling #{event_id}")
            board = await _board_row(s, club_id, board_id, lock=True)
            if key is not None:
                given = await s.scalar(
                    select(VerdictRow).where(
                        VerdictRow.club_id == club_id, VerdictRow.interaction_id == key
                    )
                )
                if given is not None:
                    return _verdict_value(given)
            ev = await s.scalar(select(EventRow).where(EventRow.id == event_id))
            assert ev is not None
            if ev.void:
                raise Conflict(f"ruling #{event_id} has been voided")
            old_verdict = ev.verdict
            now = utcnow()
            if kind is VerdictKind.VOIDED:
                ev.void = True
                await s.flush()
                state = await _fold(s, board.id, voiding=ev)
                await _store_state(s, board, state)
            ev.verdict = kind.value
            ev.verdict_by = director_id
            ev.verdict_at = now
            if text is not None or kind is not VerdictKind.CONFIRMED:
                ev.verdict_note = text
            if score is not None:
                ev.adjusted_score = score
            row = VerdictRow(
                club_id=club_id,
                event_id=event_id,
                director_id=director_id,
                verdict=kind.value,
                text=text,
                adjusted_score=score,
                created_at=now,
                interaction_id=key,
            )
            s.add(row)
            await s.flush()
            time_zone = await s.scalar(rollup.CLUB_TIME_ZONE_FOR_WRITE, {"club_id": club_id})
            await rollup.verdict_changed(
                s,
                ev,
                time_zone,
                old_verdict=old_verdict,
                voiding=kind is VerdictKind.VOIDED,
            )
            return _verdict_value(row)

        return await self._write(work)

    # ------------------------------------------------------------------------------------
    # calling the director

    async def call_director(
        self,
        guild_id: int,
        caller_id: int,
        *,
        event_id: int | None = None,
        board_id: int | None = None,
        table_id: int | None = None,
        note: str = "",
        interaction_id: int | None = None,
        origin_channel_id: int | None = None,
    ) -> DirectorCallInfo:
        """Record a call; the table and board default to the event's (or the board's).

        A table has at most one open call: calling again joins it (``joined``), and so does the
        same interaction delivered twice, so directors are pinged once."""
        note = _text(note or "", NOTE_MAX, "note")

        async def work(s: AsyncSession) -> DirectorCallInfo:
            club_id = await _require_club(s, guild_id)
            if interaction_id is not None:
                made = await s.scalar(
                    select(DirectorCall).where(
                        DirectorCall.club_id == club_id,
                        DirectorCall.interaction_id == interaction_id,
                    )
                )
                if made is not None:
                    return await _call_value(s, made, joined=True)
            b_id, t_id = board_id, table_id
            if event_id is not None:
                found = (
                    await s.execute(
                        select(EventRow.board_id, EventRow.table_id).where(
                            EventRow.club_id == club_id, EventRow.id == event_id
                        )
                    )
                ).first()
                if found is None:
                    raise NotFound(f"there is no ruling #{event_id}")
                b_id, t_id = found
            if b_id is not None:
                board = await _board_row(s, club_id, b_id)
                t_id = board.table_id
            if t_id is not None:
                ok = await s.scalar(
                    select(Table.id)
                    .where(Table.id == t_id, Table.club_id == club_id)
                    .with_for_update()  # one open call per table, even when two call at once
                )
                if ok is None:
                    raise NotFound("there is no such table")
                open_call = await s.scalar(
                    select(DirectorCall)
                    .where(
                        DirectorCall.club_id == club_id,
                        DirectorCall.table_id == t_id,
                        DirectorCall.claimed_by.is_(None),
                    )
                    .order_by(DirectorCall.id)
                    .limit(1)
                )
                if open_call is not None:
                    return await _call_value(s, open_call, joined=True)
            row = DirectorCall(
                club_id=club_id,
                caller_id=caller_id,
                event_id=event_id,
                table_id=t_id,
                board_id=b_id,
                note=note,
                created_at=utcnow(),
                interaction_id=interaction_id,
                origin_channel_id=origin_channel_id,
            )
            s.add(row)
            await s.flush()
            return await _call_value(s, row)

        return await self._write(work)

    async def set_call_message(
        self, guild_id: int, call_id: int, channel_id: int, message_id: int
    ) -> DirectorCallInfo:
        """Remember where the call was posted (so a restart can still edit it)."""

        async def work(s: AsyncSession) -> DirectorCallInfo:
            row = await _call_row(s, await _require_club(s, guild_id), call_id)
            row.channel_id, row.message_id = channel_id, message_id
            await s.flush()
            return await _call_value(s, row)

        return await self._write(work)

    async def claim_call(self, guild_id: int, call_id: int, director_id: int) -> DirectorCallInfo:
        """Take a call. Exactly one director gets it: the result's ``claimed_by`` says who."""

        async def work(s: AsyncSession) -> DirectorCallInfo:
            club_id = await _require_club(s, guild_id)
            await s.execute(
                update(DirectorCall)
                .where(
                    DirectorCall.id == call_id,
                    DirectorCall.club_id == club_id,
                    DirectorCall.claimed_by.is_(None),
                )
                .values(claimed_by=director_id, claimed_at=utcnow())
            )
            return await _call_value(s, await _call_row(s, club_id, call_id))

        return await self._write(work)

    async def director_call(self, guild_id: int, call_id: int) -> DirectorCallInfo:
        async with self._reading() as s:
            club_id = await _require_club(s, guild_id)
            return await _call_value(s, await _call_row(s, club_id, call_id))

    async def open_calls(self, guild_id: int, *, limit: int = 25) -> tuple[DirectorCallInfo, ...]:
        """Unclaimed calls, oldest first."""
        async with self._reading() as s:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return ()
            rows = await s.scalars(
                select(DirectorCall)
                .where(DirectorCall.club_id == club_id, DirectorCall.claimed_by.is_(None))
                .order_by(DirectorCall.created_at, DirectorCall.id)
                .limit(_clamp(limit))
            )
            return tuple([await _call_value(s, r) for r in rows.all()])

    # ------------------------------------------------------------------------------------
    # the ruling log

    async def search_log(
        self,
        guild_id: int,
        filters: LogFilter = LogFilter(),  # noqa: B008 - frozen, never mutated
        *,
        limit: int = 10,
        cursor: str | None = None,
    ) -> LogPage:
        """One page of the log, newest first. ``cursor`` is the previous page's
        ``next_cursor`` (keyset paging: stable while new rulings arrive)."""
        limit = _clamp(limit)
        async with self._reading() as s:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return LogPage((), None)
            q = logquery.apply_filters(
                logquery.entry_select(), club_id, filters, law_exists=True
            )
            if cursor:
                at, last_id = logquery.decode_cursor(cursor)
                q = q.where(
                    or_(
                        EventRow.created_at < at,
                        and_(EventRow.created_at == at, EventRow.id < last_id),
                    )
                )
            q = q.order_by(EventRow.created_at.desc(), EventRow.id.desc()).limit(limit + 1)
            rows = (await s.execute(q)).all()
            entries = tuple(logquery.entry_value(r) for r in rows[:limit])
            more = len(rows) > limit
            return LogPage(entries, logquery.encode_cursor(entries[-1]) if more else None)

    async def count_log(self, guild_id: int, filters: LogFilter = LogFilter()) -> int:  # noqa: B008
        async with self._reading() as s:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return 0
            q = logquery.law_count(club_id, filters)
            if q is None:
                q = logquery.apply_filters(select(func.count(EventRow.id)), club_id, filters)
            return int(await s.scalar(q) or 0)

    async def export_csv(
        self,
        guild_id: int,
        filters: LogFilter = LogFilter(),  # noqa: B008
        *,
        chunk_rows: int = EXPORT_CHUNK_ROWS,
    ) -> AsyncIterator[str]:
        """The filtered log as CSV text, oldest first, in chunks of ``chunk_rows`` rows.

        Rows are streamed from the database (server-side cursor), so memory does not grow with
        the log. Text fields a spreadsheet would run as a formula are prefixed with ``'``.
        """
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\r\n")
        writer.writerow(logquery.CSV_COLUMNS)
        yield logquery.drain(buf)
        async for rows in self._stream(guild_id, filters, chunk_rows):
            for r in rows:
                writer.writerow(logquery.csv_row(r))
            yield logquery.drain(buf)

    async def export_json(
        self,
        guild_id: int,
        filters: LogFilter = LogFilter(),  # noqa: B008
        *,
        chunk_rows: int = EXPORT_CHUNK_ROWS,
    ) -> AsyncIterator[str]:
        """The filtered log as one JSON array, oldest first, streamed like :meth:`export_csv`.

        Discord ids are strings (as in Discord's own API: they do not fit a JavaScript number).
        """
        yield "["
        first = True
        async for rows in self._stream(guild_id, filters, chunk_rows):
            parts = []
            for r in rows:
                text = json.dumps(logquery.json_row(r), ensure_ascii=False)
                parts.append(("\n" if first else ",\n") + text)
                first = False
            yield "".join(parts)
        yield "\n]\n" if not first else "]\n"

    async def _stream(
        self, guild_id: int, filters: LogFilter, chunk_rows: int
    ) -> AsyncIterator[Sequence[Any]]:
        chunk_rows = max(1, min(int(chunk_rows), 5000))
        async with self._reading() as s:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return
            q = logquery.apply_filters(logquery.entry_select(), club_id, filters).order_by(
                EventRow.created_at, EventRow.id
            )
            result = await s.stream(q.execution_options(yield_per=chunk_rows))
            async for partition in result.partitions(chunk_rows):
                yield partition

    async def stats(
        self,
        guild_id: int,
        filters: LogFilter = LogFilter(),  # noqa: B008
    ) -> ClubStats:
        """Figures over the (filtered) log: rulings per law number, per month in the club's
        time zone and per incident kind, and how often directors confirmed them. Only rulings
        count: a board set or ended, an ordinary call or play is not one (whole months from
        the monthly roll-up: :mod:`core.storage.stats`)."""
        async with self._reading() as s:
            club = (await s.execute(_CLUB_ZONE, {"guild_id": guild_id})).first()
            if club is None:
                return ClubStats(0, 0, (), (), (), 0, 0, None)
            return await log_stats.club_stats(s, club.id, club.time_zone, filters)

    async def rebuild_log_rollup(self, guild_id: int) -> None:
        """Recompute the club's monthly roll-up from its log (after loading events in bulk,
        or as a repair)."""

        async def work(s: AsyncSession) -> None:
            club = (await s.execute(_CLUB_ZONE, {"guild_id": guild_id})).first()
            if club is not None:
                await rollup.rebuild(s, club.id, club.time_zone)

        await self._write(work)

    # ------------------------------------------------------------------------------------
    # retention

    async def delete_club_data(
        self, guild_id: int, *, keep_settings: bool = False
    ) -> dict[str, int]:
        """Delete everything stored for this guild (and only this guild); returns the number
        of rows deleted per table. With ``keep_settings`` the club's settings stay."""

        async def work(s: AsyncSession) -> dict[str, int]:
            club_id = await _club_id(s, guild_id)
            if club_id is None:
                return {}
            deleted: dict[str, int] = {}
            for model in (
                TableChannel,
                LogRollup,
                EventLaw,
                VerdictRow,
                DirectorCall,
                *desk_models.LOG_MODELS,
                EventRow,
                SeatBinding,
                Board,
                Table,
                GameSession,
            ):
                result = await s.execute(delete(model).where(model.club_id == club_id))
                deleted[model.__tablename__] = result.rowcount or 0
            if not keep_settings:
                for model in desk_models.SETTINGS_MODELS:
                    result = await s.execute(delete(model).where(model.club_id == club_id))
                    deleted[model.__tablename__] = result.rowcount or 0
                result = await s.execute(delete(Club).where(Club.id == club_id))
                deleted[Club.__tablename__] = result.rowcount or 0
            return deleted

        self._forget_club(guild_id)
        try:
            return await self._write(work)
        finally:
            self._forget_club(guild_id)


# ----------------------------------------------------------------------------------------
# helpers: clubs, sessions, rows


async def _club_id(s: AsyncSession | AsyncConnection, guild_id: int) -> int | None:
    return await s.scalar(_CLUB_ID, {"guild_id": guild_id})


async def _require_club(s: AsyncSession | AsyncConnection, guild_id: int) -> int:
    club_id = await _club_id(s, guild_id)
    if club_id is None:
        raise NotFound("this server has no tables or rulings yet")
    return club_id


async def _get_or_create_club(s: AsyncSession, guild_id: int) -> Club:
    club = await s.scalar(select(Club).where(Club.guild_id == guild_id))
    if club is None:
        club = Club(
            guild_id=guild_id,
            time_zone="UTC",
            law_edition=LAW_EDITIONS[-1],
            language="en",
            created_at=utcnow(),
        )
        s.add(club)
        await s.flush()  # a concurrent creation fails here and the transaction is retried
    return club


async def _session_row(s: AsyncSession, club_id: int, session_id: int) -> GameSession:
    row = await s.scalar(
        select(GameSession).where(GameSession.id == session_id, GameSession.club_id == club_id)
    )
    if row is None:
        raise NotFound("there is no such session")
    return row


async def _latest_session(s: AsyncSession, club_id: int) -> GameSession | None:
    return await s.scalar(
        select(GameSession)
        .where(GameSession.club_id == club_id)
        .order_by(GameSession.id.desc())
        .limit(1)
    )


async def _current_or_new_session(s: AsyncSession, club: Club, now: dt.datetime) -> GameSession:
    """The session in play; a new one when there is none, the last one ended, or the club's
    session gap has passed since it started (or since its last event)."""
    row = await _latest_session(s, club.id)
    if row is not None:
        last = None
        if club.session_gap_hours and row.ended_at is None:
            last = await s.scalar(
                select(func.max(EventRow.created_at)).where(
                    EventRow.club_id == club.id, EventRow.session_id == row.id
                )
            )
        due = session_due(
            now,
            time_zone=club.time_zone,
            gap_hours=club.session_gap_hours,
            started=row.created_at,
            last_activity=last,
            ended=row.ended_at,
        )
        if not due:
            return row
    return await _new_session(s, club, club_day(now, club.time_zone), DEFAULT_SESSION_NAME, now)


async def _new_session(
    s: AsyncSession, club: Club, day: dt.date, name: str, now: dt.datetime
) -> GameSession:
    """Start a session (the one in play ends first); a name used that day gets a number."""
    latest = await _latest_session(s, club.id)
    if latest is not None and latest.ended_at is None:
        await _close_session(s, latest, now)
    used = set(
        await s.scalars(
            select(GameSession.name).where(
                GameSession.club_id == club.id, GameSession.date == day
            )
        )
    )
    unique, n = name, 1
    while unique in used:
        n += 1
        unique = f"{name[: NAME_MAX - 6]} ({n})"
    row = GameSession(club_id=club.id, date=day, name=unique, created_at=now)
    s.add(row)
    await s.flush()  # a concurrent start fails here (same name and day) and is retried
    # seats belong to one session: whoever sat anywhere before sits nowhere now
    await s.execute(
        delete(SeatBinding).where(
            SeatBinding.club_id == club.id,
            SeatBinding.table_id.in_(select(Table.id).where(Table.session_id != row.id)),
        )
    )
    return row


async def _close_session(s: AsyncSession, row: GameSession, now: dt.datetime) -> None:
    """End a session: no board is in play any more at its tables, and its seats are free."""
    row.ended_at = now
    await s.execute(
        update(Table)
        .where(Table.session_id == row.id)
        .values(current_board=None)
        .execution_options(synchronize_session=False)
    )
    await s.execute(
        delete(SeatBinding).where(
            SeatBinding.table_id.in_(select(Table.id).where(Table.session_id == row.id))
        )
    )
    await s.flush()


async def _board_row(
    s: AsyncSession, club_id: int, board_id: int, *, lock: bool = False
) -> Board:
    q = select(Board).where(Board.id == board_id, Board.club_id == club_id)
    if lock:
        q = q.with_for_update()
    row = await s.scalar(q)
    if row is None:
        raise NotFound("there is no such board")
    return row


def _state_of(board: Board) -> TableState:
    return serial.from_data(TableState, board.state)


async def _store_state(
    s: AsyncSession, board: Board, state: TableState, *, last_seq: int | None = None
) -> None:
    """Save a new snapshot, unless the board changed since we read it (then retry)."""
    await _update_snapshot(s, board.id, board.version, state, last_seq=last_seq)


async def _update_snapshot(
    s: AsyncSession | AsyncConnection,
    board_id: int,
    version: int,
    state: TableState,
    *,
    last_seq: int | None,
) -> Any:
    """Save a new snapshot unless the board's version moved (then retry); returns the stored
    data."""
    data = serial.to_data(state)
    params: dict[str, Any] = {
        "b_id": board_id,
        "b_version": version,
        "new_state": data,
        "new_dealer": state.dealer.value if state.dealer else None,
        "new_declarer": state.declarer.value if state.declarer else None,
        "new_contract": state.contract,
        "new_version": version + 1,
        "new_updated_at": utcnow(),
    }
    if last_seq is None:
        q = _UPDATE_SNAPSHOT
    else:
        q = _UPDATE_SNAPSHOT_SEQ
        params["new_last_seq"] = last_seq
    result = await s.execute(q, params)
    if result.rowcount != 1:
        raise _Retry()
    return data


async def _board_for_record(
    s: AsyncSession | AsyncConnection,
    guild_id: int,
    board_id: int,
    interaction_id: int | None,
    *,
    lock: bool = False,
) -> Any:
    """The board row :meth:`Storage.record` works on (None if the guild has no such board):
    its snapshot and version, its table's number, and ``first_id``, the event already recorded
    for ``interaction_id`` in this club (if any). With ``lock``, the board row is locked."""
    first: Any = None
    if interaction_id is not None:
        first = (
            select(EventRow.id)
            .where(EventRow.club_id == Board.club_id, EventRow.interaction_id == interaction_id)
            .correlate(Board)
            .scalar_subquery()
        )
    q = (
        select(
            Board.id,
            Board.club_id,
            Board.session_id,
            Board.table_id,
            Board.number,
            _STATE_TEXT.label("state"),
            Board.last_seq,
            Board.version,
            Table.number.label("table_no"),
            Club.time_zone,
            (first if first is not None else null()).label("first_id"),
        )
        .join(Club, Club.id == Board.club_id)
        .join(Table, Table.id == Board.table_id)
        .where(Club.guild_id == guild_id, Board.id == board_id)
    )
    if lock:
        q = q.with_for_update(of=Board)
    return (await s.execute(q)).first()


async def _fold(s: AsyncSession, board_id: int, *, voiding: EventRow | None = None) -> TableState:
    """Replay the board's non-void events. While voiding, a later event that no longer stands
    is a :class:`Conflict` naming it."""
    rows = await s.execute(
        select(EventRow.id, EventRow.seq, EventRow.kind, EventRow.facts)
        .where(EventRow.board_id == board_id, EventRow.void.is_(False))
        .order_by(EventRow.seq)
    )
    state = TableState()
    for ev_id, _seq, kind, facts in rows:
        try:
            _, state = apply(state, event_from_data(facts))
        except ValueError as exc:
            if voiding is None:
                raise
            raise Conflict(
                f"ruling #{ev_id} ({kind}) depends on ruling #{voiding.id}: "
                f"void #{ev_id} first ({exc})"
            ) from exc
    return state


async def _recorded_value(
    s: AsyncSession | AsyncConnection, row: Any, *, duplicate: bool
) -> RecordedEvent:
    """A stored event as :meth:`Storage.record` returns it; the state is the fold up to it."""
    facts = await s.execute(
        select(EventRow.facts)
        .where(
            EventRow.board_id == row.board_id,
            EventRow.seq <= row.seq,
            or_(EventRow.void.is_(False), EventRow.id == row.id),
        )
        .order_by(EventRow.seq)
    )
    state = TableState()
    for (data,) in facts:
        _, state = apply(state, event_from_data(data))
    return RecordedEvent(
        id=row.id,
        board_id=row.board_id,
        seq=row.seq,
        event=event_from_data(row.facts),
        ruling=Ruling.from_data(row.ruling),
        state=state,
        actor_id=row.actor_id,
        interaction_id=row.interaction_id,
        created_at=row.created_at,
        duplicate=duplicate,
    )


def _laws_text(laws: Iterable[str], limit: int = 200) -> str:
    """The citations for display, cut at a whole citation if there are too many to store."""
    text = ""
    for law in laws:
        joined = f"{text} {law}" if text else law
        if len(joined) > limit:
            break
        text = joined
    return text


def _law_values(club_id: int, event_id: int, laws: Iterable[str]) -> list[dict[str, Any]]:
    """The ``event_laws`` rows of an event, as parameter sets for one executemany."""
    rows = []
    for law in laws:
        try:
            number, key = law_key(law, strict=True)
        except StorageError:
            log.warning("not indexing malformed law reference %r of event %d", law, event_id)
            continue
        rows.append(
            {
                "event_id": event_id,
                "law": law,
                "club_id": club_id,
                "law_number": number,
                "law_key": key,
            }
        )
    return rows


async def _seating(
    s: AsyncSession, club_id: int, where: ColumnElement[bool]
) -> tuple[Seating, ...]:
    rows = await s.execute(
        select(SeatBinding, Table.session_id, Table.number)
        .join(Table, Table.id == SeatBinding.table_id)
        .where(SeatBinding.club_id == club_id, where)
        .order_by(SeatBinding.seat)
    )
    return tuple(
        Seating(session_id, b.table_id, number, Seat(b.seat), b.user_id)
        for b, session_id, number in rows
    )


async def _call_row(s: AsyncSession, club_id: int, call_id: int) -> DirectorCall:
    row = await s.scalar(
        select(DirectorCall).where(DirectorCall.id == call_id, DirectorCall.club_id == club_id)
    )
    if row is None:
        raise NotFound("there is no such call")
    return row


async def _call_value(
    s: AsyncSession, row: DirectorCall, *, joined: bool = False
) -> DirectorCallInfo:
    table_no = board_no = None
    if row.table_id is not None:
        table_no = await s.scalar(select(Table.number).where(Table.id == row.table_id))
    if row.board_id is not None:
        board_no = await s.scalar(select(Board.number).where(Board.id == row.board_id))
    return DirectorCallInfo(
        id=row.id,
        caller_id=row.caller_id,
        event_id=row.event_id,
        table_id=row.table_id,
        table_number=table_no,
        board_id=row.board_id,
        board_number=board_no,
        note=row.note,
        channel_id=row.channel_id,
        message_id=row.message_id,
        created_at=row.created_at,
        claimed_by=row.claimed_by,
        claimed_at=row.claimed_at,
        origin_channel_id=row.origin_channel_id,
        joined=joined,
    )


# ----------------------------------------------------------------------------------------
# helpers: values and checks


def _club_select() -> Any:
    return select(
        Club.id,
        Club.guild_id,
        Club.director_role_id,
        Club.log_channel_id,
        Club.time_zone,
        Club.law_edition,
        Club.language,
        Club.session_gap_hours,
    )


def _club_settings(row: Any) -> ClubSettings:
    return ClubSettings(
        guild_id=row.guild_id,
        director_role_id=row.director_role_id,
        log_channel_id=row.log_channel_id,
        time_zone=row.time_zone,
        law_edition=row.law_edition,
        language=row.language,
        session_gap_hours=row.session_gap_hours,
    )


def _club_value(row: Club) -> ClubSettings:
    return ClubSettings(
        guild_id=row.guild_id,
        director_role_id=row.director_role_id,
        log_channel_id=row.log_channel_id,
        time_zone=row.time_zone,
        law_edition=row.law_edition,
        language=row.language,
        session_gap_hours=row.session_gap_hours,
    )


def _session_value(row: GameSession, guild_id: int) -> SessionInfo:
    return SessionInfo(row.id, guild_id, row.date, row.name, row.created_at, row.ended_at)


def _clock() -> dt.datetime:
    return utcnow()  # looked up at each call, so that a test may replace it


def _table_value(row: Table) -> TableInfo:
    return TableInfo(row.id, row.session_id, row.number, row.current_board)


def _board_value(row: Board, table_number: int) -> BoardInfo:
    state = _state_of(row)
    return BoardInfo(
        id=row.id,
        session_id=row.session_id,
        table_id=row.table_id,
        table_number=table_number,
        number=row.number,
        dealer=state.dealer,
        declarer=state.declarer,
        contract=state.contract,
        last_seq=row.last_seq,
        state=state,
    )


def _verdict_value(row: VerdictRow) -> Verdict:
    return Verdict(
        id=row.id,
        event_id=row.event_id,
        director_id=row.director_id,
        verdict=VerdictKind(row.verdict),
        text=row.text,
        adjusted_score=row.adjusted_score,
        created_at=row.created_at,
    )


def _check_time_zone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError) as exc:
        raise StorageError(f"{name!r} is not a time zone (e.g. Europe/London)") from exc
    return name


def _text(value: str | None, limit: int, what: str) -> str:
    value = (value or "").strip()
    if len(value) > limit:
        raise StorageError(f"the {what} is too long (at most {limit} characters)")
    return value


def _positive(value: int, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10_000:
        raise StorageError(f"the {what} must be a whole number from 1")


def _clamp(limit: int) -> int:
    return max(1, min(int(limit), PAGE_MAX))


_LOCK_WAITS = ("SQLite busy", "PostgreSQL 55P03")
#: A write that cannot safely be repeated lost its connection: say so instead of guessing.
LOST_CONNECTION = (
    "the connection to the database was lost, so this may or may not have been recorded: "
    "check /state before trying again"
)


def _transient(exc: DBAPIError, retry_disconnect: bool) -> str | None:
    """Why a database error is worth retrying, or None when it is not."""
    if exc.connection_invalidated:
        return "connection lost" if retry_disconnect else None
    orig = exc.orig
    code = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if code in ("40001", "40P01", "55P03"):
        return f"PostgreSQL {code}"
    if isinstance(exc, IntegrityError):
        if code == "23505":
            return "unique conflict"
        name = getattr(orig, "sqlite_errorname", "") or ""
        if "UNIQUE" in name or "PRIMARYKEY" in name or "UNIQUE constraint" in str(orig):
            return "unique conflict"
        return None
    text = str(orig).lower()
    if "database is locked" in text or "database is busy" in text:
        return "SQLite busy"
    return None


async def _on_connection(s: AsyncSession, work: Callable[[AsyncConnection], Awaitable[T]]) -> T:
    return await work(await s.connection())


def _board_facts(
    state: TableState, dealer: Seat | None, declarer: Seat | None, contract: str | None
) -> dict[str, Any]:
    """What /board set gives that differs from the board's state."""
    facts: dict[str, Any] = {}
    if dealer and dealer is not state.dealer:
        facts["dealer"] = dealer.value
    if declarer and declarer is not state.declarer:
        facts["declarer"] = declarer.value
    if contract and contract != state.contract:
        facts["contract"] = contract
    return facts


# ----------------------------------------------------------------------------------------
# statements of the hot paths, built once (their SQL is compiled once and cached)

#: A board's snapshot as the stored JSON text (parsed through :meth:`Storage._state`'s cache).
_STATE_TEXT = cast(Board.state, Text)
_EMPTY_STATE_DATA = serial.to_data(TableState())

_CLUB_ID = select(Club.id).where(Club.guild_id == bindparam("guild_id"))
_CLUB_ZONE = select(Club.id, Club.time_zone).where(Club.guild_id == bindparam("guild_id"))

_SEATING = (
    select(Table.session_id, SeatBinding.table_id, Table.number, SeatBinding.seat)
    .join(Table, Table.id == SeatBinding.table_id)
    .join(Club, Club.id == SeatBinding.club_id)
    .where(Club.guild_id == bindparam("guild_id"), SeatBinding.user_id == bindparam("user_id"))
    .order_by(SeatBinding.seat)
    .limit(1)
)

_BOARD_COLUMNS = (
    Board.id,
    Board.session_id,
    Board.table_id,
    Board.number,
    Board.last_seq,
    _STATE_TEXT.label("state"),
    Table.number.label("table_no"),
)

_BOARD_BY_ID = (
    select(*_BOARD_COLUMNS)
    .join(Club, Club.id == Board.club_id)
    .join(Table, Table.id == Board.table_id)
    .where(Club.guild_id == bindparam("guild_id"), Board.id == bindparam("board_id"))
)

_CHOICE_CONTEXT = (
    select(
        EventRow.id.label("event_id"),
        EventRow.ruling,
        *_BOARD_COLUMNS,
        SeatBinding.table_id.label("seat_table_id"),
        SeatBinding.seat,
    )
    .select_from(EventRow)
    .join(Club, Club.id == EventRow.club_id)
    .join(Board, and_(Board.id == EventRow.board_id, Board.club_id == EventRow.club_id))
    .join(Table, Table.id == Board.table_id)
    .outerjoin(
        SeatBinding,
        and_(SeatBinding.club_id == Club.id, SeatBinding.user_id == bindparam("user_id")),
    )
    .where(Club.guild_id == bindparam("guild_id"), EventRow.id == bindparam("event_id"))
    .limit(1)
)

_EVENT_BY_ID = select(EventRow.__table__).where(EventRow.id == bindparam("event_id"))

_FIRST_FOR_INTERACTION = select(EventRow.id).where(
    EventRow.club_id == bindparam("club_id"),
    EventRow.interaction_id == bindparam("interaction_id"),
)

_INSERT_EVENT = insert(EventRow).returning(EventRow.id)
_INSERT_LAW = insert(EventLaw)
_INSERT_BOARD = insert(Board).returning(Board.id)
_SET_CURRENT_BOARD = (
    update(Table)
    .where(Table.id == bindparam("t_id"))
    .values(current_board=bindparam("current", type_=Table.current_board.type))
)


def _snapshot_update(with_seq: bool) -> Any:
    values: dict[str, Any] = {
        "state": bindparam("new_state", type_=Board.state.type),
        "dealer": bindparam("new_dealer", type_=Board.dealer.type),
        "declarer": bindparam("new_declarer", type_=Board.declarer.type),
        "contract": bindparam("new_contract", type_=Board.contract.type),
        "version": bindparam("new_version", type_=Board.version.type),
        "updated_at": bindparam("new_updated_at", type_=Board.updated_at.type),
    }
    if with_seq:
        values["last_seq"] = bindparam("new_last_seq", type_=Board.last_seq.type)
    return (
        update(Board)
        .where(Board.id == bindparam("b_id"), Board.version == bindparam("b_version"))
        .values(**values)
        .execution_options(synchronize_session=False)
    )


_UPDATE_SNAPSHOT = _snapshot_update(False)
_UPDATE_SNAPSHOT_SEQ = _snapshot_update(True)

_FIRST_ID_OF_INTERACTION = (
    select(EventRow.id)
    .where(
        EventRow.club_id == Club.id, EventRow.interaction_id == bindparam("interaction_id")
    )
    .correlate(Club)
    .scalar_subquery()
)

_SET_BOARD_SELECT = (
    select(
        Club.id.label("club_id"),
        Club.time_zone,
        Table.id.label("table_id"),
        Table.session_id.label("table_session_id"),
        Table.number.label("table_no"),
        Table.current_board,
        Board.id,
        Board.session_id,
        Board.table_id.label("board_table_id"),
        Board.number,
        Board.last_seq,
        Board.version,
        _STATE_TEXT.label("state"),
        _FIRST_ID_OF_INTERACTION.label("first_id"),
    )
    .select_from(Club)
    .outerjoin(Table, and_(Table.id == bindparam("table_id"), Table.club_id == Club.id))
    .outerjoin(Board, and_(Board.table_id == Table.id, Board.number == bindparam("number")))
    .where(Club.guild_id == bindparam("guild_id"))
)


def _table_lookup(numbered: bool) -> Any:
    seat_table = Table.__table__.alias("seat_table")
    latest_session = (
        select(func.max(GameSession.id))
        .where(GameSession.club_id == Club.id)
        .correlate(Club)
        .scalar_subquery()
    )
    latest = GameSession.__table__.alias("latest_session")
    channel_no = (
        select(TableChannel.number)
        .where(
            TableChannel.club_id == Club.id,
            TableChannel.channel_id == bindparam("channel_id", type_=TableChannel.channel_id.type),
        )
        .correlate(Club)
        .scalar_subquery()
    )
    incident = (
        select(EventRow.id)
        .where(
            EventRow.board_id == Board.id,
            EventRow.void.is_(False),
            EventRow.kind.not_in(ROUTINE_KINDS),
        )
        .correlate(Board)
        .limit(1)
        .scalar_subquery()
    )
    wanted = (
        bindparam("number", type_=Table.number.type)
        if numbered
        else func.coalesce(channel_no, seat_table.c.number)
    )
    return (
        _club_select()
        .add_columns(
            latest.c.id.label("session_id"),
            latest.c.created_at.label("session_created_at"),
            latest.c.ended_at.label("session_ended_at"),
            channel_no.label("channel_table_no"),
            incident.label("has_incidents"),
            SeatBinding.table_id.label("seat_table_id"),
            SeatBinding.seat,
            seat_table.c.number.label("seat_table_no"),
            seat_table.c.session_id.label("seat_session_id"),
            Table.id.label("table_id"),
            Table.session_id.label("table_session_id"),
            Table.number.label("table_no"),
            Table.current_board,
            Board.id.label("board_id"),
            Board.session_id.label("board_session_id"),
            Board.number.label("board_no"),
            Board.last_seq,
            _STATE_TEXT.label("state"),
        )
        .outerjoin(
            SeatBinding,
            and_(SeatBinding.club_id == Club.id, SeatBinding.user_id == bindparam("user_id")),
        )
        .outerjoin(
            seat_table,
            and_(
                seat_table.c.id == SeatBinding.table_id,
                seat_table.c.session_id == latest_session,
            ),
        )
        .outerjoin(latest, latest.c.id == latest_session)
        .outerjoin(
            Table,
            and_(
                Table.club_id == Club.id,
                Table.session_id == latest_session,
                Table.number == wanted,
            ),
        )
        .outerjoin(Board, and_(Board.table_id == Table.id, Board.number == Table.current_board))
        .where(Club.guild_id == bindparam("guild_id"))
        .order_by(SeatBinding.seat)
        .limit(1)
    )


_TABLE_LOOKUP_MINE = _table_lookup(numbered=False)
_TABLE_LOOKUP_NUMBERED = _table_lookup(numbered=True)
