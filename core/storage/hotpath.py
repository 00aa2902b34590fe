"""The hot paths' short statements on the event loop's own thread (SQLite files only).

Through aiosqlite every statement is a round trip to its worker thread, and SQLAlchemy's async
layer adds its own cost on top. :class:`HotPath` is the ONE place the storage's prebuilt Core
statements run (a table lookup, a board read, a recording, ``/board set``: through
:meth:`~core.storage.repo.transactions.Transactions.connected` and ``write_conn``): on SQLite
files they run here instead, on a plain synchronous connection (each statement straight on
``sqlite3``: :class:`LoopConnection`); the ruling-log queries,
exports, statistics and every ORM transaction stay on aiosqlite's thread.

Justified by ``benchmarks/interactions.py``, section ``levers``, variant ``hot_path_on_loop``
against ``none`` (the same runs, medians of two rounds): the bot's CPU per interaction of the
mix 6.31 → 2.33 ms, saturation 157 → 436/s, p99 at 200/s 1,018 → 24 ms (``benchmarks/README.md``,
*second look*).

Why this cannot stall the event loop:

* a transaction here never yields (every ``await`` below completes at once), so it holds
  SQLite's write lock only while it runs, and the process's writers are queued before it
  starts (``Storage``'s write lock, taken by the ORM writes too);
* the loop's connections never wait for a lock (``busy_timeout = 0``): when another process
  holds the file's write lock (an operator's ``alembic upgrade``, a backup), ``BEGIN
  IMMEDIATE`` fails at once and the transaction runs on aiosqlite's thread instead, which
  waits there (issue 25: the loop froze for the whole busy timeout before);
* a slow disk: a transaction on the loop that waits over :data:`SLOW_TRANSACTION` sends every
  transaction to aiosqlite's thread for :data:`SLOW_PAUSE` (then the loop tries again);
* under WAL, readers never wait for a writer;
* the WAL is not checkpointed by these connections (``wal_autocheckpoint = 0``): every
  :data:`CHECKPOINT_EVERY` writes a passive checkpoint runs on aiosqlite's thread instead.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack, ExitStack, asynccontextmanager, contextmanager
from typing import Any, cast

from sqlalchemy import create_engine
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import MissingGreenlet, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from core.storage.db import (
    JSON_OPTIONS,
    SINGLE_STATEMENT_READS,
    SQLITE_DIRECT,
    UNPINGED,
    configure_sqlite,
    write_options,
)
from core.storage.driver import DriverReads

log = logging.getLogger(__name__)

#: Writes between two passive WAL checkpoints (SQLite's own default is every 1000 pages).
CHECKPOINT_EVERY = 200

#: A transaction on the loop's thread that waits longer than this (seconds: its wall time less
#: its CPU time) means a slow disk: the loop stops using its own connections for
#: :data:`SLOW_PAUSE` seconds. A normal one takes well under a millisecond
#: (``benchmarks/README.md``).
SLOW_TRANSACTION = 0.05
SLOW_PAUSE = 30.0


def is_busy(exc: BaseException) -> bool:
    """SQLite's "database is locked" (SQLITE_BUSY): another connection holds the lock."""
    text = str(getattr(exc, "orig", exc)).lower()
    return "database is locked" in text or "database is busy" in text


class LoopConnection:
    """The part of ``AsyncConnection`` the hot paths use, run at once on a sync connection.

    With ``direct`` (the default, the lever ``driver_reads``), a prebuilt statement runs on
    ``sqlite3``'s own connection under it, compiled once by SQLAlchemy's documented API
    (:class:`core.storage.driver.CompiledRead`: its SQL, parameter order and type processors),
    with no execution context, cursor adapter or result around it: a third of a recording's
    CPU was SQLAlchemy's (``benchmarks/README.md``, sixth session). The same connection, so
    the same transaction (BEGIN and COMMIT stay SQLAlchemy's). A statement that does not
    compile for it (an expanding ``IN`` list, an INSERT with a Python-side default) goes
    through SQLAlchemy as before."""

    def __init__(self, conn: Connection, direct: DriverReads | None = None) -> None:
        self._conn = conn
        self._direct = direct

    async def execute(self, statement: Any, parameters: Any = None) -> Any:
        direct = self._direct
        if direct is not None:
            compiled = direct.compiled(statement, parameters)
            if compiled is not None:
                return direct.run_here(self._conn.connection.driver_connection, compiled,
                                       parameters)
        return self._conn.execute(statement, parameters)

    async def scalar(self, statement: Any, parameters: Any = None) -> Any:
        return (await self.execute(statement, parameters)).scalar()

    async def scalars(self, statement: Any, parameters: Any = None) -> Any:
        return (await self.execute(statement, parameters)).scalars()


class _Kept:
    """A connection of the loop's engine kept open between transactions: checking one out of
    the pool and back for each cost about half of a table lookup (120 → 62 µs with a kept one;
    ``benchmarks/README.md``, *second look*). A transaction started while it is in use (one
    nested in another) gets a pooled connection of its own, as before; after any failure the
    kept one is closed and the next transaction opens a fresh one. With ``keep=False`` every
    transaction checks a connection out of the pool (the lever off, for the benchmark's A/B)."""

    def __init__(self, engine: Engine, *, keep: bool = True) -> None:
        self._engine = engine
        self._keep = keep
        self._conn: Connection | None = None
        self._busy = False

    @contextmanager
    def use(self) -> Iterator[Connection]:
        if self._busy or not self._keep:
            with self._engine.connect() as pooled:
                yield pooled
            return
        if self._conn is None:
            self._conn = self._engine.connect()
        self._busy = True
        try:
            yield self._conn
        except BaseException:
            self.close()
            raise
        finally:
            self._busy = False

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()


class LoopDatabase:
    """A synchronous engine on the same SQLite file as ``engine``, used from the loop thread.

    ``keep_connections``: keep one connection open between transactions, for the reads and
    the writes (:class:`_Kept`; the default); False checks one out of the pool for each."""

    def __init__(
        self, engine: AsyncEngine, *, keep_connections: bool = True, direct: bool = True
    ) -> None:
        self._async_engine = engine
        self.engine = create_engine(engine.url.set(drivername="sqlite+pysqlite"), **JSON_OPTIONS)
        configure_sqlite(self.engine, pragmas=("wal_autocheckpoint = 0", "busy_timeout = 0"))
        #: the prebuilt statements on ``sqlite3`` itself (:class:`LoopConnection`); None: off
        self.direct = DriverReads(self.engine.dialect) if direct else None
        #: Each use sets all three options on the connection it gets (they stay set on it):
        #: every hot read is one statement, with no BEGIN around it (``SINGLE_STATEMENT_READS``).
        self._write_options = {**write_options(), SQLITE_DIRECT: direct,
                               SINGLE_STATEMENT_READS: False}
        self._read_options = {**{k: False for k in write_options()}, SQLITE_DIRECT: direct,
                              SINGLE_STATEMENT_READS: True}
        #: One connection for the reads and the writes: SQLite empties a connection's page
        #: cache when another connection has written, so a reader of its own re-read the pages
        #: of a table lookup after each recording (the lookup's median inside the club-night
        #: mix: 76 µs with a reader of its own, 50 µs with one connection).
        self._kept = _Kept(self.engine, keep=keep_connections)
        self._writes = 0
        self._tasks: set[asyncio.Task[None]] = set()
        #: Until when (``time.monotonic()``) the loop leaves the database alone: a slow disk.
        self.off_until = 0.0

    def usable(self) -> bool:
        """Whether the loop may run a transaction itself now (not during a slow-disk pause)."""
        return self.off_until <= time.monotonic()

    @contextmanager
    def timed(self) -> Iterator[None]:
        """Time a transaction on the loop: a slow one pauses the loop's use of the database."""
        start, cpu = time.monotonic(), time.thread_time()
        try:
            yield
        finally:
            # the time spent waiting (on the disk), not computing: a garbage collection or the
            # Python work between the statements is no sign of a slow disk
            took = (time.monotonic() - start) - (time.thread_time() - cpu)
            if took > SLOW_TRANSACTION:
                if self.usable():
                    log.warning(
                        "SQLite waited %.0f ms in one transaction on the bot's own thread (a slow "
                        "disk?): its transactions go to the database thread for %.0f s",
                        took * 1000, SLOW_PAUSE,
                    )
                self.off_until = time.monotonic() + SLOW_PAUSE

    @contextmanager
    def connect(self) -> Iterator[LoopConnection]:
        """A connection for one-statement reads: no BEGIN, each statement its own snapshot
        (the driver's rollback at the end has nothing to undo)."""
        with self.timed(), self._kept.use() as conn:
            conn.execution_options(**self._read_options)
            try:
                yield LoopConnection(conn, self.direct)
            finally:
                conn.rollback()

    @contextmanager
    def begin(self) -> Iterator[LoopConnection]:
        """A write transaction (``BEGIN IMMEDIATE``), committed at the end. Raises SQLite's
        busy error at once, before yielding, when another connection holds the write lock."""
        with self.timed(), self._kept.use() as conn:
            conn.execution_options(**self._write_options)
            with conn.begin():
                yield LoopConnection(conn, self.direct)
        self._writes += 1
        if self._writes % CHECKPOINT_EVERY == 0:
            task = asyncio.get_running_loop().create_task(self._checkpoint())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _checkpoint(self) -> None:
        async with self._async_engine.connect() as conn:
            await conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        self._kept.close()
        self.engine.dispose()


def loop_database(
    engine: AsyncEngine | None, *, keep_connections: bool = True, direct: bool = True
) -> LoopDatabase | None:
    """A :class:`LoopDatabase` for an SQLite file engine; None for anything else."""
    if engine is None or engine.dialect.name != "sqlite":
        return None
    database = engine.url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return LoopDatabase(engine, keep_connections=keep_connections, direct=direct)


class HotPath:
    """Where the prebuilt statements run: the loop's own connection (SQLite files, when
    ``on_loop``), else plain connections of the async engine (no ORM session either way).

    A :class:`LoopConnection` offers the part of ``AsyncConnection`` the statements use, so it is
    handed out typed as one. On PostgreSQL the driver path (:mod:`core.storage.driver`) takes
    its connections raw instead (:meth:`raw`, :meth:`release`).

    Three levers, all on by default and measured by ``benchmarks/interactions.py``, which
    switches them here rather than by patching: ``on_loop`` (the variant ``hot_path_on_loop``),
    ``keep_connections`` (``plus_kept_connections``: the loop's database keeps its connections
    between transactions, :class:`LoopDatabase`) and ``direct`` (``--no-driver-reads``: the
    statements on ``sqlite3`` itself, :class:`LoopConnection`). ``Storage`` takes them as
    keyword arguments (``hot_path_on_loop``, ``keep_connections``, ``driver_reads``).
    """

    def __init__(
        self,
        engine: AsyncEngine,
        *,
        on_loop: bool,
        keep_connections: bool = True,
        direct: bool = True,
    ) -> None:
        self.engine = engine
        self._writer = engine.execution_options(**write_options())
        #: Reads on a server database run without a transaction (DBAPI autocommit): the prebuilt
        #: reads are single statements, and PostgreSQL's READ COMMITTED gives each statement its
        #: own snapshot anyway, so BEGIN and ROLLBACK were two round trips for nothing (issue 27).
        self._reader = (engine.execution_options(isolation_level="AUTOCOMMIT")
                        if engine.dialect.name == "postgresql" else engine)
        #: The loop's own database (None: the statements go through the async engine).
        self.loop = (loop_database(engine, keep_connections=keep_connections, direct=direct)
                     if on_loop else None)
        if self.loop is not None:
            weakref.finalize(self, self.loop.close)

    @asynccontextmanager
    async def connect(self) -> AsyncIterator[AsyncConnection]:
        """A connection for one-statement reads, outside any transaction (each statement reads
        its own snapshot: on the loop's SQLite connection and on PostgreSQL alike)."""
        if self.loop is not None and self.loop.usable():
            held = self._on_loop(self.loop.connect)
            if held is not None:
                stack, loop_conn = held
                with stack:
                    yield cast(AsyncConnection, loop_conn)
                return
        async with AsyncExitStack() as opened:
            yield await self._unpinged(opened, self._reader.connect())

    @asynccontextmanager
    async def begin(self) -> AsyncIterator[AsyncConnection]:
        """A write transaction, committed at the end."""
        if self.loop is not None and self.loop.usable():
            held = self._on_loop(self.loop.begin)
            if held is not None:
                stack, loop_conn = held
                with stack:
                    yield cast(AsyncConnection, loop_conn)
                return
        async with AsyncExitStack() as opened:
            yield await self._unpinged(opened, self._writer.begin())

    async def raw(self) -> Any:
        """A pooled connection for the driver (PostgreSQL: :mod:`core.storage.driver`) without
        SQLAlchemy's ``Connection`` around it — SQLAlchemy's documented ``raw_connection`` —
        taken at once when the pool has one idle (``Engine.raw_connection``), else through the
        async engine (``AsyncEngine.raw_connection``), which may have to open one. Unpinged, as
        every hot-path checkout (:meth:`_unpinged`). Its ``driver_connection`` is asyncpg's; the
        caller gives it back with :meth:`release`, or ``invalidate()`` when its state is unknown.
        A checkout costs about half of what a ``Connection``'s does (``benchmarks/README.md``)."""
        token = UNPINGED.set(True)
        try:
            sync = self.engine.sync_engine
            if getattr(sync.pool, "checkedin", lambda: 0)() > 0:
                try:
                    return sync.raw_connection()
                except MissingGreenlet:
                    # the idle connection had to be opened again (the pool was invalidated):
                    # SQLAlchemy put it back; the async engine opens it
                    pass
            return await self.engine.raw_connection()
        finally:
            UNPINGED.reset(token)

    async def release(self, pooled: Any) -> None:
        """Give back a connection of :meth:`raw` that is in a clean state. Back into the pool
        at once when it has room (no I/O); else SQLAlchemy would close it, which takes I/O its
        async layer must run: it is detached from the pool instead (``detach``, documented)
        and asyncpg closes it."""
        pool = self.engine.sync_engine.pool
        checkedin, size = getattr(pool, "checkedin", None), getattr(pool, "size", None)
        if checkedin is not None and size is not None and checkedin() < size():
            pooled.close()
            return
        driver = pooled.driver_connection
        pooled.detach()
        try:
            await driver.close(timeout=2)
        except Exception:  # noqa: BLE001 - closing: whatever it raises, drop it at once
            driver.terminate()

    @staticmethod
    async def _unpinged(stack: AsyncExitStack, opening: Any) -> AsyncConnection:
        """Enter ``opening`` (a connection or a transaction of the async engine) without the
        checkout ping (``core.storage.db.UNPINGED``): every hot-path statement is safe to run
        again when its connection turns out lost — the reads read again
        (``Transactions.first``), the writes are retried — so the ping's round trip is saved on
        every statement (issue 27). Only the checkout is unpinged, nothing opened later."""
        token = UNPINGED.set(True)
        try:
            return cast(AsyncConnection, await stack.enter_async_context(opening))
        finally:
            UNPINGED.reset(token)

    @staticmethod
    def _on_loop(open_one: Any) -> tuple[ExitStack, LoopConnection] | None:
        """A transaction opened on the loop's connection, or None when SQLite is busy (another
        process holds the lock): the caller then runs it on aiosqlite's thread, which waits."""
        stack = ExitStack()
        try:
            return stack, stack.enter_context(open_one())
        except OperationalError as exc:
            stack.close()
            if not is_busy(exc):
                raise
            log.debug("SQLite busy on the bot's own thread: on the database thread instead")
            return None
