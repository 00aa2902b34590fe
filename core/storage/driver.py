"""The hot path's prebuilt reads on PostgreSQL, run on asyncpg's own connection.

SQLAlchemy's async layer costs about 0.15 ms of CPU around each statement (a greenlet, an
execution context, a cursor adapter, a result) where asyncpg alone costs about 0.04 ms
(``benchmarks/README.md``, round 4, fourth session): on PostgreSQL every read of a table command
paid it. Here a prebuilt read is compiled once by SQLAlchemy, through its documented API — the
SQL for the dialect, the order of its positional parameters (``SQLCompiler.positiontup``), the
values the statement carries itself (``Compiled.params``), and each type's bind and result
processors (``TypeEngine.bind_processor`` / ``result_processor``, so a value is converted
exactly as SQLAlchemy would) — and then run with ``fetchrow`` on the connection SQLAlchemy's
pool handed out (``Connection.connection.driver_connection``, documented for driver methods),
which asyncpg prepares once per connection (its statement cache).

Only reads, and only statements without expanding (``IN``-list) parameters; anything else runs
through SQLAlchemy as before. Writes stay on SQLAlchemy, whose errors the write retries know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncConnection

Processor = Callable[[Any], Any] | None


class DriverRow(tuple[Any, ...]):
    """A row of a :class:`CompiledRead`: a tuple whose columns are also attributes, by label,
    as SQLAlchemy's ``Row`` offers them (``row.table_id``, ``row[0]``)."""

    __slots__ = ()
    _index: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        try:
            return self[self._index[name]]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True)
class CompiledRead:
    """One prebuilt SELECT as SQLAlchemy compiled it for a dialect, ready for the driver."""

    sql: str
    names: tuple[str, ...]  # the positional parameters, in order
    defaults: dict[str, Any]  # values the statement carries itself (e.g. LIMIT 1)
    binds: tuple[Processor, ...]
    results: tuple[Processor, ...]
    row: type[DriverRow]

    @classmethod
    def of(cls, statement: Any, dialect: Dialect) -> CompiledRead | None:
        """The statement compiled for ``dialect``; None when it cannot run on the driver
        alone (not positional, or with an expanding parameter)."""
        compiled: Any = statement.compile(dialect=dialect)
        names = getattr(compiled, "positiontup", None)
        columns = getattr(statement, "selected_columns", None)
        if names is None or columns is None:
            return None
        binds = [compiled.binds[name] for name in names]
        if any(b.expanding for b in binds):
            return None
        index: dict[str, int] = {}
        for i, column in enumerate(columns):
            index.setdefault(column.key, i)
        row = type("DriverRow", (DriverRow,), {"__slots__": (), "_index": index})
        return cls(
            sql=str(compiled),
            names=tuple(names),
            defaults=dict(compiled.params),
            binds=tuple(b.type.dialect_impl(dialect).bind_processor(dialect) for b in binds),
            results=tuple(c.type.dialect_impl(dialect).result_processor(dialect, None)
                          for c in columns),
            row=row,
        )

    def arguments(self, parameters: dict[str, Any]) -> list[Any]:
        """The positional values for ``parameters``, converted as SQLAlchemy would."""
        out = []
        for name, process in zip(self.names, self.binds, strict=True):
            value = parameters[name] if name in parameters else self.defaults[name]
            out.append(process(value) if process is not None and value is not None else value)
        return out

    def make_row(self, record: Any) -> DriverRow:
        values = tuple(
            process(value) if process is not None else value
            for process, value in zip(self.results, record, strict=True)
        )
        return self.row(values)


class DriverReads:
    """Compiled reads per statement object, for one engine's dialect."""

    def __init__(self, dialect: Dialect) -> None:
        self._dialect = dialect
        self._compiled: dict[int, tuple[Any, CompiledRead | None]] = {}
        #: Reads run on the driver so far (SQLAlchemy's statement events do not see them: the
        #: interaction benchmark adds this count to theirs).
        self.executed = 0

    def compiled(self, statement: Any) -> CompiledRead | None:
        # keyed by identity: the prebuilt statements are module-level objects, kept alive here
        found = self._compiled.get(id(statement))
        if found is None or found[0] is not statement:
            found = (statement, CompiledRead.of(statement, self._dialect))
            self._compiled[id(statement)] = found
        return found[1]

    async def first(
        self, conn: AsyncConnection, read: CompiledRead, parameters: dict[str, Any]
    ) -> DriverRow | None:
        """The first row of ``read`` on ``conn``'s driver connection."""
        sync = conn.sync_connection
        assert sync is not None, "an open connection"
        driver: Any = sync.connection.driver_connection
        self.executed += 1
        record = await driver.fetchrow(read.sql, *read.arguments(parameters))
        return None if record is None else read.make_row(record)
