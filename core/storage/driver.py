"""The hot path's prebuilt statements on PostgreSQL, run on asyncpg's own connection.

SQLAlchemy's async layer costs about 0.15 ms of CPU around each statement (a greenlet, an
execution context, a cursor adapter, a result) where asyncpg alone costs about 0.04 ms
(``benchmarks/README.md``, round 4, fourth session): on PostgreSQL every read of a table command
paid it. Here a prebuilt read is compiled once by SQLAlchemy, through its documented API — the
SQL for the dialect, the order of its positional parameters (``SQLCompiler.positiontup``), the
values the statement carries itself (``Compiled.params``), and each type's bind and result
processors (``TypeEngine.bind_processor`` / ``result_processor``, so a value is converted
exactly as SQLAlchemy would) — and then run with ``fetchrow`` on asyncpg's connection under
a pooled one (``PoolProxiedConnection.driver_connection``, documented for driver methods),
which asyncpg prepares once per connection (its statement cache).

Only statements without expanding (``IN``-list) parameters. The connection is checked out of
SQLAlchemy's pool raw (``HotPath.raw``: ``Engine.raw_connection``, with no ``Connection``, no
greenlet and no ping) and given back the same way (``HotPath.release``). A write runs here too
(:class:`DriverConnection`, ``Transactions.write_conn(on_driver=True)``): in a transaction of
asyncpg's own (BEGIN and COMMIT are asyncpg's: ``/board set``), or with none when the work
writes in one statement that guards itself (a recording: ``one_statement``). Only the prebuilt
statements named in :data:`core.storage.repo.statements.ON_THE_DRIVER` run there — SELECTs, and
INSERTs and UPDATEs compiled for the parameters given (``rowcount`` from the command's status,
a list of parameter sets as one ``executemany``); a write that meets any other statement, or
whatever a database raises there, is rolled back and runs again through SQLAlchemy, whose
errors the write retries know.

On SQLite the same compiled statements run on ``sqlite3``'s connection on the event loop's
thread (:meth:`DriverReads.run_here`, used by ``core.storage.hotpath.LoopConnection``): there a
statement is synchronous and shares SQLAlchemy's transaction, so each statement that compiles
runs directly and any other goes through SQLAlchemy on the same connection.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection

Processor = Callable[[Any], Any] | None


class DriverRow(tuple[Any, ...]):
    """A row of a :class:`CompiledRead`: a tuple whose columns are also attributes, by label,
    as SQLAlchemy's ``Row`` offers them (``row.table_id``, ``row[0]``, ``row._mapping``)."""

    __slots__ = ()
    _index: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        try:
            return self[self._index[name]]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def _mapping(self) -> dict[str, Any]:
        return {name: self[i] for name, i in self._index.items()}


def _row_type(names: Any) -> type[DriverRow]:
    index: dict[str, int] = {}
    for i, name in enumerate(names):
        index.setdefault(name, i)
    return type("DriverRow", (DriverRow,), {"__slots__": (), "_index": index})


@dataclass(frozen=True)
class CompiledRead:
    """One prebuilt statement as SQLAlchemy compiled it for a dialect, ready for the driver: a
    SELECT, or an INSERT/UPDATE (with or without RETURNING) for a write's transaction."""

    sql: str
    names: tuple[str, ...]  # the positional parameters, in order
    defaults: dict[str, Any]  # values the statement carries itself (e.g. LIMIT 1)
    binds: tuple[Processor, ...]
    results: tuple[Processor, ...] | None  # None: a text statement, its columns as returned
    row: type[DriverRow] | None  # None: built from the first row's column names
    returns_rows: bool = True  # False: an INSERT or UPDATE without RETURNING (a status)

    @classmethod
    def of(
        cls, statement: Any, dialect: Dialect, keys: frozenset[str] | None = None
    ) -> CompiledRead | None:
        """The statement compiled for ``dialect``; None when it cannot run on the driver
        alone (not positional, or with an expanding parameter). An INSERT or UPDATE is compiled
        for the parameter names ``keys`` (SQLAlchemy's documented ``column_keys``), and only when
        every value it sends comes from them: a column default SQLAlchemy would work out at
        execution (a Python-side default) keeps it off the driver."""
        dml = bool(getattr(statement, "is_dml", False))
        compiled: Any = (statement.compile(dialect=dialect, column_keys=sorted(keys or ()))
                         if dml else statement.compile(dialect=dialect))
        names = getattr(compiled, "positiontup", None)
        if names is None:
            return None
        binds = [compiled.binds[name] for name in names]
        if any(b.expanding for b in binds):
            return None
        if dml and not set(names) <= (keys or frozenset()):
            return None
        columns = getattr(statement, "exported_columns", None)
        if columns is None:
            columns = getattr(statement, "selected_columns", None)
        return cls(
            sql=str(compiled),
            names=tuple(names),
            defaults=dict(compiled.params),
            binds=tuple(b.type.dialect_impl(dialect).bind_processor(dialect) for b in binds),
            results=None if columns is None else tuple(
                c.type.dialect_impl(dialect).result_processor(dialect, None) for c in columns),
            row=None if columns is None else _row_type(c.key for c in columns),
            returns_rows=not dml or bool(columns),
        )

    def arguments(self, parameters: dict[str, Any]) -> list[Any]:
        """The positional values for ``parameters``, converted as SQLAlchemy would."""
        out = []
        for name, process in zip(self.names, self.binds, strict=True):
            value = parameters[name] if name in parameters else self.defaults[name]
            out.append(process(value) if process is not None and value is not None else value)
        return out

    def make_row(self, record: Any) -> DriverRow:
        if self.results is None:  # a text statement: no types to convert by
            return _row_type(record.keys())(tuple(record))
        assert self.row is not None
        values = tuple(
            process(value) if process is not None else value
            for process, value in zip(self.results, record, strict=True)
        )
        return self.row(values)


class DriverReads:
    """Compiled statements per statement object (and, for an INSERT or UPDATE, per set of
    parameter names), for one engine's dialect."""

    #: Statements kept compiled at most: the prebuilt ones are a few dozen module-level
    #: objects; a statement built anew for each call (a new object each time) is compiled
    #: and not kept, so the cache cannot grow without end.
    KEPT = 512

    def __init__(self, dialect: Dialect) -> None:
        self._dialect = dialect
        self._compiled: dict[Any, tuple[Any, CompiledRead | None]] = {}
        #: Statements run on the driver so far (SQLAlchemy's statement events do not see them:
        #: the interaction benchmark adds this count to theirs).
        self.executed = 0

    def compiled(self, statement: Any, parameters: Any = None) -> CompiledRead | None:
        # keyed by identity: the prebuilt statements are module-level objects, kept alive here
        keys = None
        if getattr(statement, "is_dml", False):
            first = parameters[0] if isinstance(parameters, list) else parameters
            keys = frozenset(first or ())
        key = id(statement) if keys is None else (id(statement), keys)
        found = self._compiled.get(key)
        if found is None or found[0] is not statement:
            found = (statement, CompiledRead.of(statement, self._dialect, keys))
            if len(self._compiled) < self.KEPT or key in self._compiled:
                self._compiled[key] = found
        return found[1]

    async def first(
        self, driver: Any, read: CompiledRead, parameters: dict[str, Any]
    ) -> DriverRow | None:
        """The first row of ``read`` on asyncpg's connection ``driver``."""
        self.executed += 1
        record = await driver.fetchrow(read.sql, *read.arguments(parameters))
        return None if record is None else read.make_row(record)

    async def fetch(
        self, driver: Any, read: CompiledRead, parameters: dict[str, Any]
    ) -> list[DriverRow]:
        """Every row of ``read`` on the driver connection ``driver``."""
        self.executed += 1
        return [read.make_row(r) for r in await driver.fetch(read.sql,
                                                            *read.arguments(parameters))]

    async def run(self, driver: Any, statement: CompiledRead, parameters: Any) -> DriverResult:
        """``statement`` on ``driver`` as SQLAlchemy's ``execute`` would run it: its rows, or
        for an INSERT or UPDATE without RETURNING the rows it touched (``rowcount``, from the
        command's status); a list of parameter sets is one ``executemany``."""
        if isinstance(parameters, list):
            self.executed += 1
            await driver.executemany(statement.sql,
                                     [statement.arguments(p) for p in parameters])
            return DriverResult([], rowcount=-1)
        if statement.returns_rows:
            return DriverResult(await self.fetch(driver, statement, parameters or {}))
        self.executed += 1
        status = await driver.execute(statement.sql, *statement.arguments(parameters or {}))
        return DriverResult([], rowcount=int(status.rsplit(" ", 1)[-1]))

    def run_here(self, dbapi: Any, statement: CompiledRead, parameters: Any) -> DriverResult:
        """``statement`` on a synchronous DB-API connection (SQLite's ``sqlite3``, on the
        loop's own thread: :class:`core.storage.hotpath.LoopConnection`) as :meth:`run` runs it
        on asyncpg, its errors as SQLAlchemy's (:func:`wrapped_errors`)."""
        self.executed += 1
        with wrapped_errors(self._dialect, statement.sql, parameters):
            if isinstance(parameters, list):
                cursor = dbapi.executemany(statement.sql,
                                           [statement.arguments(p) for p in parameters])
                return DriverResult([], rowcount=cursor.rowcount)
            cursor = dbapi.execute(statement.sql, statement.arguments(parameters or {}))
            if not statement.returns_rows or cursor.description is None:
                return DriverResult([], rowcount=cursor.rowcount)
            if statement.row is not None:
                return DriverResult([statement.make_row(r) for r in cursor.fetchall()])
            row = _row_type(d[0] for d in cursor.description)  # a text statement's, as named
            return DriverResult([row(r) for r in cursor.fetchall()])


@contextmanager
def wrapped_errors(dialect: Dialect, statement: str, parameters: Any) -> Iterator[None]:
    """A statement sent to a synchronous driver directly raises its errors as SQLAlchemy's
    own execution would (``DBAPIError.instance``: ``IntegrityError``, ``OperationalError`` …),
    so the write retries and the busy checks see what they know."""
    dbapi_error = dialect.loaded_dbapi.Error
    try:
        yield
    except dbapi_error as exc:
        raise DBAPIError.instance(statement, parameters, exc, dbapi_error,
                                  dialect=dialect) from exc


def driver_of(conn: AsyncConnection) -> Any:
    """asyncpg's connection under an open ``AsyncConnection``."""
    sync = conn.sync_connection
    assert sync is not None, "an open connection"
    return sync.connection.driver_connection


def is_database_error(exc: BaseException) -> bool:
    """Whether a database raised ``exc`` on the driver path (asyncpg's errors, the socket's,
    SQLAlchemy's for the statements it runs there): the write then runs again through
    SQLAlchemy. (asyncpg is imported here: an SQLite-only install has none.)"""
    import asyncpg

    return isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError
                      | asyncpg.exceptions.InternalClientError | OSError | DBAPIError)


class DriverResult:
    """The part of SQLAlchemy's ``Result`` the storage uses, over rows already fetched."""

    def __init__(self, rows: list[Any], *, rowcount: int | None = None) -> None:
        self._rows = rows
        #: As ``CursorResult.rowcount``: the rows an INSERT or UPDATE touched, else the rows.
        self.rowcount = len(rows) if rowcount is None else rowcount

    def __iter__(self) -> Any:
        return iter(self._rows)

    def first(self) -> Any:
        return self._rows[0] if self._rows else None

    def one(self) -> Any:
        if len(self._rows) != 1:
            raise ValueError(f"expected one row, got {len(self._rows)}")
        return self._rows[0]

    def all(self) -> list[Any]:
        return list(self._rows)

    def scalar(self) -> Any:
        return self._rows[0][0] if self._rows else None

    def scalars(self) -> Any:
        return iter([r[0] for r in self._rows])


class NotOnDriver(Exception):
    """A write on the driver met a statement that does not run there: it is rolled back and
    runs again through SQLAlchemy (``Transactions.write_conn``)."""


class DriverConnection:
    """The part of ``AsyncConnection`` a write's work uses, inside a transaction of the driver
    (:meth:`Transactions.write_conn` with ``on_driver``), on a connection checked out raw
    (``HotPath.raw``): the statements in ``allowed`` (the prebuilt ones of
    :data:`~core.storage.repo.statements.ON_THE_DRIVER`) run on asyncpg; any other raises
    :class:`NotOnDriver`, and the write runs again through SQLAlchemy."""

    def __init__(self, driver: Any, engine: Any, reads: DriverReads,
                 allowed: frozenset[int], *, writes: frozenset[int] = frozenset(),
                 in_transaction: bool = True) -> None:
        self._driver = driver
        self._reads = reads
        self._allowed = allowed
        self._writes = writes
        #: Whether a row lock taken now holds until the work's write: not with no transaction
        #: around the work (each statement its own), where ``SELECT … FOR UPDATE`` would only
        #: cost the server a write to the row for nothing.
        self.row_locks_hold = in_transaction
        self.engine = engine  # for the caches keyed by database (core.storage.editions)
        #: A statement of ``writes`` (a write in one statement) has been sent.
        self.sent_write = False

    async def execute(self, statement: Any, parameters: Any = None) -> Any:
        compiled = (self._reads.compiled(statement, parameters)
                    if id(statement) in self._allowed else None)
        if compiled is None:
            raise NotOnDriver(str(statement).split("\n", 1)[0][:80])
        if id(statement) in self._writes:
            self.sent_write = True
        return await self._reads.run(self._driver, compiled, parameters)

    async def scalar(self, statement: Any, parameters: Any = None) -> Any:
        return (await self.execute(statement, parameters)).scalar()

    async def scalars(self, statement: Any, parameters: Any = None) -> Any:
        return (await self.execute(statement, parameters)).scalars()
