"""The storage's transactions: read sessions, write transactions with their retries, and the
plain connections of the prebuilt statements (through :class:`~core.storage.hotpath.HotPath`).

Every write runs in :meth:`Transactions.write` (an ORM session) or :meth:`Transactions.write_conn`
(a plain connection, Core statements only): a conflict (the board changed under us, a unique
clash) or a busy database is retried with a growing, jittered delay; a database busy for two
full lock timeouts, or still clashing after every attempt, is :class:`Busy`. The parts of the
storage (and the director's desk) use this object's public methods, never each other's insides.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from contextlib import asynccontextmanager
from typing import Any, TypeVar, cast

from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from core.storage.db import write_options
from core.storage.driver import DriverConnection, DriverReads, NotOnDriver, is_database_error
from core.storage.errors import Busy, StorageError
from core.storage.hotpath import HotPath, LoopDatabase
from core.storage.repo.dialect import LOCK_WAITS, Dialect, transient
from core.text import Msg

log = logging.getLogger(__name__)

T = TypeVar("T")

#: A write that cannot safely be repeated lost its connection: say so instead of guessing.
LOST_CONNECTION = Msg(
    "the connection to the database was lost, so this may or may not have been recorded: "
    "check /{cmd[state]} before trying again"
)


class BoardChanged(Exception):
    """The board changed under us (optimistic check failed): run the transaction again."""


async def _rolled_back(transaction: Any) -> bool:
    """Roll back the driver's transaction; False when that failed (the connection is gone or in
    an unknown state: it must not go back to the pool)."""
    try:
        await transaction.rollback()
    except Exception:  # noqa: BLE001 - any failure means the same: do not reuse it
        return False
    return True


def _lost(exc: BaseException) -> bool:
    """Whether ``exc`` leaves the connection, and a statement in flight on it, in an unknown
    state: a cancel, a lost connection (asyncpg's own errors, the socket's, PostgreSQL's class
    08), or the server going away (class 57: shut down, crashed). Any other error the server
    answered a statement with means it was not applied."""
    import asyncpg

    if not isinstance(exc, Exception):
        return True
    if isinstance(exc, asyncpg.PostgresError):
        return str(getattr(exc, "sqlstate", "") or "")[:2] in {"08", "57"}
    return is_database_error(exc)


#: PostgreSQL's "lock not available": a full ``lock_timeout`` was waited.
LOCK_TIMEOUT = "55P03"


class _DriverFailed(Exception):
    """A database error on the driver path: nothing was committed (run it through SQLAlchemy)."""


class _CommitUnknown(Exception):
    """The driver's COMMIT failed: whether it was committed is unknown."""


class Transactions:
    """Sessions and connections on one database, with the write retries."""

    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        *,
        attempts: int = 10,
        hot_path_on_loop: bool = True,
        keep_connections: bool = True,
        driver_reads: bool = True,
    ) -> None:
        self.sessionmaker = sessionmaker
        #: Attempts of a write before it gives up (:class:`Busy`).
        self.attempts = attempts
        bind = sessionmaker.kw.get("bind")
        engine = bind if isinstance(bind, AsyncEngine) else None
        #: Where the prebuilt statements run (None: a sessionmaker without an engine; they
        #: then run on an ORM session's connection).
        #: ``hot_path_on_loop``, ``keep_connections``: the hot paths' levers (:class:`HotPath`).
        self.hot_path = (
            HotPath(engine, on_loop=hot_path_on_loop, keep_connections=keep_connections,
                    direct=driver_reads)
            if engine else None
        )
        self.dialect = Dialect(getattr(getattr(bind, "dialect", None), "name", ""))
        #: PostgreSQL: the prebuilt reads run on asyncpg's own connection (``driver_reads``:
        #: the lever, on by default; :mod:`core.storage.driver`).
        self.driver = (
            DriverReads(engine.dialect)
            if engine is not None and driver_reads and engine.dialect.name == "postgresql"
            else None
        )
        # SQLite has one writer at a time: writers of this process queue here instead of
        # polling the file lock (other processes still wait on BEGIN IMMEDIATE's busy timeout).
        self._write_lock = asyncio.Lock() if self.dialect.single_writer else None
        #: Where writers take turns by key (:meth:`turn`): the lock and how many hold or wait.
        self._turns: dict[Hashable, tuple[asyncio.Lock, list[int]]] = {}

    @property
    def engine(self) -> AsyncEngine | None:
        return self.hot_path.engine if self.hot_path else None

    @property
    def loop(self) -> LoopDatabase | None:
        """The hot path's database on the loop's thread, if it runs there."""
        return self.hot_path.loop if self.hot_path else None

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncSession]:
        """An ORM session for reads."""
        async with self.sessionmaker() as s:
            yield s

    @asynccontextmanager
    async def connected(self) -> AsyncIterator[AsyncConnection]:
        """A plain connection for one-statement reads with prebuilt statements (outside any
        transaction on the hot path: each statement reads its own snapshot; two statements
        that must agree belong in one statement, or in a transaction of their own)."""
        if self.hot_path is None:
            async with self.sessionmaker() as s:
                yield await s.connection()
        else:
            async with self.hot_path.connect() as conn:
                yield conn

    async def first(self, statement: Any, parameters: dict[str, Any]) -> Any:
        """The first row of one prebuilt read (:meth:`connected`), or None. On PostgreSQL it
        runs on asyncpg's own connection (:mod:`core.storage.driver`); whatever the driver
        raises there, the read runs again through SQLAlchemy. A read whose connection turns out
        lost (the server restarted: the hot path does not ping a connection before using it)
        is read again once, on a fresh connection: SQLAlchemy has by then invalidated the
        pool's older connections, and a read is harmless to repeat."""
        read = self.driver.compiled(statement) if self.driver is not None else None
        if read is not None and self.driver is not None and self.hot_path is not None:
            try:
                pooled = await self.hot_path.raw()
            except Exception as exc:
                # a raw checkout raises the driver's own errors (no SQLAlchemy Connection to
                # wrap them): SQLAlchemy's path below tries again, and reports it its way
                if not is_database_error(exc):
                    raise
                log.info("no connection for a read (%r): through SQLAlchemy", exc)
            else:
                try:
                    row = await self.driver.first(pooled.driver_connection, read, parameters)
                except BaseException as exc:
                    pooled.invalidate()  # its state is unknown (a lost server, a cancel)
                    if not isinstance(exc, Exception):
                        raise
                    log.info("a read failed on the driver (%r): through SQLAlchemy", exc)
                else:
                    await self.hot_path.release(pooled)
                    return row
        for attempt in (1, 2):
            try:
                async with self.connected() as conn:
                    return (await conn.execute(statement, parameters)).first()
            except DBAPIError as exc:
                if attempt == 2 or not exc.connection_invalidated:
                    raise
                log.info("a read lost its connection (%s): reading again", exc.orig)
        raise AssertionError("unreachable")

    async def write(
        self, work: Callable[[AsyncSession], Awaitable[T]], *, retry_disconnect: bool = True
    ) -> T:
        """Run ``work`` in a write transaction, retrying conflicts and a busy database.

        ``retry_disconnect`` is False for work that is not idempotent: a connection lost during
        COMMIT leaves its outcome unknown, so it is reported rather than repeated.
        """

        async def attempt() -> T:
            async with self.sessionmaker() as s, s.begin():
                await s.connection(execution_options=write_options())
                return await work(s)

        return await self._retrying(attempt, retry_disconnect)

    async def write_conn(
        self,
        work: Callable[[AsyncConnection], Awaitable[T]],
        *,
        retry_disconnect: bool = True,
        on_driver: bool = False,
        one_statement: bool = False,
    ) -> T:
        """:meth:`write` on a plain connection (prebuilt Core statements, no ORM session).

        ``on_driver`` (PostgreSQL with ``driver_reads``): the transaction is asyncpg's own and
        the prebuilt statements of ``ON_THE_DRIVER`` run on it (:mod:`core.storage.driver`);
        whatever a database raises on that path, nothing was committed, and the work runs again
        here, through SQLAlchemy, with its retries. A COMMIT that fails leaves the outcome
        unknown: the work runs again only when it is safe to repeat (``retry_disconnect``).

        ``one_statement``: the work writes in ONE statement (of ``ONE_STATEMENT_WRITES``), which
        guards itself (a recording: :func:`~core.storage.repo.statements.record_writes`), so on
        the driver it runs with no transaction around it: no BEGIN and no COMMIT, two round
        trips fewer. An error the server answers that statement with wrote nothing; a
        connection lost while it was sent leaves its outcome unknown, as a lost COMMIT does."""
        hot_path = self.hot_path
        waited = 0  # full lock timeouts already waited (two make the database "busy")
        if on_driver and self.driver is not None and hot_path is not None:
            try:
                return await self._on_driver(hot_path, work, in_transaction=not one_statement)
            except _CommitUnknown as exc:
                if not retry_disconnect:
                    raise StorageError(LOST_CONNECTION) from exc.__cause__
                log.info("a write's outcome on the driver is unknown (%r): it runs again",
                         exc.__cause__)
            except _DriverFailed as exc:
                log.info("a write on the driver failed (%r): through SQLAlchemy", exc.__cause__)
                waited = int(getattr(exc.__cause__, "sqlstate", None) == LOCK_TIMEOUT)
        if hot_path is None:

            async def on_session(s: AsyncSession) -> T:
                return await work(await s.connection())

            return await self.write(on_session, retry_disconnect=retry_disconnect)

        async def attempt() -> T:
            async with hot_path.begin() as conn:
                return await work(conn)

        return await self._retrying(attempt, retry_disconnect, waited=waited)

    async def _on_driver(
        self, hot_path: HotPath, work: Callable[[AsyncConnection], Awaitable[T]], *,
        in_transaction: bool,
    ) -> T:
        """One attempt of ``work`` on the driver (see :meth:`write_conn`), in a transaction of
        asyncpg's own or (``in_transaction`` false) with none. A board that changed under it
        (:class:`BoardChanged`) runs it again here."""
        from core.storage.repo.statements import ON_THE_DRIVER, ONE_STATEMENT_WRITES

        assert self.driver is not None
        for _ in range(self.attempts):
            try:
                pooled = await hot_path.raw()
            except Exception as exc:  # the driver's own errors, unwrapped (see first())
                if is_database_error(exc):
                    raise _DriverFailed from exc
                raise
            driver = pooled.driver_connection
            on = DriverConnection(driver, hot_path.engine, self.driver, ON_THE_DRIVER,
                                  writes=ONE_STATEMENT_WRITES, in_transaction=in_transaction)
            transaction = None
            try:
                if in_transaction:
                    transaction = driver.transaction()
                    await transaction.start()
                result = await work(cast(AsyncConnection, on))
            except BaseException as exc:
                try:
                    if not in_transaction and not _lost(exc):
                        await hot_path.release(pooled)  # nothing open on it
                    elif transaction is not None and await _rolled_back(transaction):
                        await hot_path.release(pooled)
                    else:
                        pooled.invalidate()
                except BaseException:  # noqa: BLE001 - the connection is not to be reused
                    pooled.invalidate()
                if isinstance(exc, BoardChanged):
                    await asyncio.sleep(0.002 * random.uniform(0.5, 1.5))
                    continue
                if (not in_transaction and on.sent_write and isinstance(exc, Exception)
                        and _lost(exc)):
                    raise _CommitUnknown from exc  # the write may have been applied
                if isinstance(exc, NotOnDriver) or (
                        isinstance(exc, Exception) and is_database_error(exc)):
                    raise _DriverFailed from exc
                raise
            if transaction is not None:
                try:
                    await transaction.commit()
                except BaseException as exc:
                    pooled.invalidate()
                    if not isinstance(exc, Exception):  # cancelled: not a write to repeat
                        raise
                    raise _CommitUnknown from exc
            await hot_path.release(pooled)
            return result
        raise Busy(Msg("the board kept changing; please try again in a moment"))

    @asynccontextmanager
    async def turn(self, key: Hashable) -> AsyncIterator[None]:
        """Writers of this process with the same ``key`` (a board) take turns here, in order.

        On PostgreSQL two writers of one board otherwise race in the database: the loser's
        statement waits on the winner's row lock, finds the board moved and starts again, so a
        burst of them turns into lock waits, each a round trip or more, and under heavy load a
        writer could wait out ``lock_timeout`` twice and be told the database is busy (50
        writers on one board: ``test_concurrent_follow_ups_all_land_once_in_sequence``, once in
        CI). Shards split clubs, so a board's writers are all in one process; the row lock and
        the version check still guard against any other. SQLite's writers take turns already
        (one write lock per process), so there this does nothing."""
        if self._write_lock is not None:
            yield
            return
        entry = self._turns.get(key)
        if entry is None:
            entry = self._turns[key] = (asyncio.Lock(), [0])
        lock, holders = entry
        holders[0] += 1
        try:
            async with lock:
                yield
        finally:
            holders[0] -= 1
            if not holders[0]:
                del self._turns[key]

    @asynccontextmanager
    async def _serialised(self) -> AsyncIterator[None]:
        if self._write_lock is None:
            yield
        else:
            async with self._write_lock:
                yield

    async def _retrying(
        self, attempt_once: Callable[[], Awaitable[T]], retry_disconnect: bool, *,
        waited: int = 0,
    ) -> T:
        delay = 0.002
        waits = waited  # attempts that already waited a full lock timeout
        for attempt in range(1, self.attempts + 1):
            try:
                async with self._serialised():
                    return await attempt_once()
            except BoardChanged:
                reason = "board changed"
            except DBAPIError as exc:
                why = transient(exc, retry_disconnect)
                if why is None and exc.connection_invalidated:
                    raise StorageError(LOST_CONNECTION) from exc
                if why is None:
                    raise
                reason = why
                waits += reason in LOCK_WAITS
                if attempt == self.attempts or waits >= 2:
                    raise Busy(Msg("the database is busy; please try again in a moment")) from exc
            log.debug("write retry %d (%s)", attempt, reason)
            await asyncio.sleep(delay * random.uniform(0.5, 1.5))
            delay = min(delay * 2, 0.25)
        raise Busy(Msg("the board kept changing; please try again in a moment"))
