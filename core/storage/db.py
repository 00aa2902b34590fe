"""Engines, sessions and migrations.

``DATABASE_URL`` unset means an embedded SQLite file ``tdbot.db`` in the working directory;
``postgresql+asyncpg://user:password@host/db`` (or a plain ``postgres://`` URL) means PostgreSQL.

SQLite connections run in WAL mode with foreign keys on and a busy timeout; write transactions
start with ``BEGIN IMMEDIATE`` (see :func:`write_options`) so that two writers queue for the
lock up front instead of failing when a read turns into a write.

:func:`upgrade_to_head` runs the real Alembic migrations programmatically (the bot calls it on
start, the tests on every fresh database), sharing one connection with Alembic's ``env.py``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import importlib.resources
import importlib.util
import os
import re
from contextvars import ContextVar
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import orjson
from sqlalchemy import event, text
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DisconnectionError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from core.storage.driver import wrapped_errors

#: The repository root of a checkout: ``migrations/`` and ``alembic.ini`` live there.
ROOT = Path(__file__).resolve().parents[2]
ALEMBIC_INI = ROOT / "alembic.ini"


def migrations_folder() -> Path:
    """The Alembic scripts, wherever the code runs from.

    An installed wheel carries the repository's ``migrations/`` as the package
    ``core.storage.migrations`` (see pyproject.toml), so it is looked up as a package resource
    first; a plain checkout (``python bot.py``) has no such package and uses ``ROOT/migrations``.
    """
    try:
        found = importlib.resources.files("core.storage.migrations")
    except ModuleNotFoundError:
        return ROOT / "migrations"
    if not isinstance(found, Path):  # e.g. a zipped install: Alembic needs real files
        raise RuntimeError(f"tdbot's migrations must be installed as files, not {found!r}")
    return found


MIGRATIONS = migrations_folder()

DEFAULT_FILE = "tdbot.db"
#: How long a writer waits for another's lock before the service reports "busy" (it retries
#: once): SQLite's busy timeout and PostgreSQL's lock_timeout.
SQLITE_BUSY_TIMEOUT_MS = 5_000
PG_LOCK_TIMEOUT = "5s"
#: PostgreSQL connections a process keeps, and no more (no overflow): as many as SQLAlchemy's
#: default allowed at once (5 + 10 overflow), but all kept open. With the default, a burst's
#: overflow connections were closed as soon as 5 were idle and opened again at the next burst
#: (a new server process, its authentication, every statement prepared again): in an
#: interleaved A/B of the club-night mix (8 pairs), 15 kept raised the saturation in every pair
#: (by 1-21 %; ``benchmarks/README.md``, issue 27, seventh session).
PG_POOL_SIZE = 15

#: PostgreSQL advisory lock key held while migrating.
_LOCK_KEY = 0x7464626F74  # "tdbot"

#: Execution option asking for a write transaction (``BEGIN IMMEDIATE`` on SQLite).
WRITE = "tdbot_write"
#: Execution option for a connection whose reads are single statements (SQLite): no BEGIN,
#: each statement is its own transaction and reads its own snapshot, as PostgreSQL's
#: autocommitted reads do (issue 27: the BEGIN was a second statement on every read).
SINGLE_STATEMENT_READS = "tdbot_single_statement_reads"
#: Execution option for a connection whose statements go to ``sqlite3`` itself (the loop's own,
#: ``core.storage.hotpath.LoopConnection``): its BEGIN goes there too.
SQLITE_DIRECT = "tdbot_sqlite_direct"


def database_url(url: str | URL | None = None) -> URL:
    """The URL to use: ``url``, else ``$DATABASE_URL``, else ``./tdbot.db`` (SQLite).

    Plain driver names are given their async driver (``postgres://`` and ``postgresql://`` →
    ``postgresql+asyncpg://``, ``sqlite://`` → ``sqlite+aiosqlite://``); a relative SQLite path
    is resolved against the working directory now, so a later ``chdir`` cannot move the data.
    Raises ValueError for a database tdbot cannot use (another kind, or PostgreSQL without the
    ``postgres`` extra installed).
    """
    if url is None:
        url = os.environ.get("DATABASE_URL") or f"sqlite+aiosqlite:///{DEFAULT_FILE}"
    try:
        parsed = make_url(url) if isinstance(url, str) else url
    except ArgumentError:
        raise ValueError(
            "it is not a database URL: use e.g. sqlite+aiosqlite:///tdbot.db or "
            "postgresql+asyncpg://user:password@host:5432/tdbot"
        ) from None
    backend = parsed.get_backend_name()
    if backend in ("postgres", "postgresql"):
        parsed = parsed.set(drivername="postgresql+asyncpg")
        if importlib.util.find_spec("asyncpg") is None:  # an optional dependency
            raise ValueError(
                "PostgreSQL needs the asyncpg driver: pip install 'tdbot[postgres]' "
                "(in a checkout: pip install -e '.[postgres]')"
            )
    elif backend == "sqlite":
        parsed = parsed.set(drivername="sqlite+aiosqlite")
        if parsed.database and parsed.database != ":memory:" and not parsed.database.startswith(
            "file:"
        ):
            parsed = parsed.set(database=str(Path(parsed.database).expanduser().resolve()))
    else:
        raise ValueError(
            f"unsupported database {backend!r}: use sqlite+aiosqlite:// or postgresql+asyncpg://"
        )
    return parsed


def json_text(value: Any) -> str:
    """The text a JSON column stores for ``value``: orjson (several times faster than the
    standard library's encoder, which was 1 % of the bot's CPU on the club night's mix; issue
    27). Integer keys become strings, as they would with ``json.dumps``."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


#: JSON columns' encoder and decoder, on every engine (SQLAlchemy's ``json_serializer`` and
#: ``json_deserializer``, the documented way to choose them).
JSON_OPTIONS: dict[str, Any] = {"json_serializer": json_text, "json_deserializer": orjson.loads}


def make_engine(url: str | URL | None = None, **kwargs: Any) -> AsyncEngine:
    """An async engine for ``url`` (see :func:`database_url`), configured for its backend."""
    parsed = database_url(url)
    kwargs = {**JSON_OPTIONS, **kwargs}
    if parsed.get_backend_name() == "sqlite":
        engine = create_async_engine(parsed, **kwargs)
        _configure_sqlite(engine)
        return engine
    connect_args = kwargs.pop("connect_args", {})
    server_settings = {
        "timezone": "UTC",
        "application_name": "tdbot",
        "lock_timeout": PG_LOCK_TIMEOUT,
    }
    server_settings.update(connect_args.pop("server_settings", {}))
    if "poolclass" not in kwargs:
        kwargs.setdefault("pool_size", PG_POOL_SIZE)
        kwargs.setdefault("max_overflow", 0)
    engine = create_async_engine(
        parsed,
        connect_args={"server_settings": server_settings, **connect_args},
        **kwargs,
    )
    event.listen(engine.sync_engine, "checkout", _ping_on_checkout)
    return engine


#: True while the hot path (``core.storage.hotpath.HotPath``) takes a connection from the pool:
#: it is not pinged. The hot path's own statements are safe to run again on a lost connection
#: (its reads are read again, its writes retried by ``Transactions``), so the round trip a ping
#: costs on every checkout buys them nothing (issue 27).
UNPINGED: ContextVar[bool] = ContextVar("tdbot_unpinged_checkout", default=False)


def _ping_on_checkout(dbapi_connection: Any, record: Any, proxy: Any) -> None:
    """A connection taken from the pool is pinged first, so that one the server dropped (a
    restart) is replaced instead of failing the command: SQLAlchemy's pessimistic disconnect
    handling, as its ``checkout`` event documents it (raise ``DisconnectionError``: the pool
    discards the connection and checks out a fresh one). One ``SELECT 1`` outside any
    transaction: one round trip, where ``pool_pre_ping`` wraps its ping in BEGIN … ROLLBACK on
    asyncpg (three; issue 27). Not for the hot path (:data:`UNPINGED`): there a lost connection
    is found by the statement itself, the pool is invalidated (SQLAlchemy does so on any
    disconnect) and the statement runs again on a fresh connection."""
    if UNPINGED.get():
        return
    try:
        dbapi_connection.run_async(lambda conn: conn.execute("SELECT 1"))
    except Exception as exc:  # noqa: BLE001 - whatever the driver raises, the connection is gone
        raise DisconnectionError(f"the pooled connection did not answer: {exc!r}") from exc


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """The one sessionmaker: one session per interaction, objects usable after commit."""
    return async_sessionmaker(engine, expire_on_commit=False)


def write_options() -> dict[str, Any]:
    """Execution options for the connection of a transaction that will write."""
    return {WRITE: True}


def _configure_sqlite(engine: AsyncEngine) -> None:
    configure_sqlite(engine.sync_engine)


def configure_sqlite(sync_engine: Engine, *, pragmas: tuple[str, ...] = ()) -> None:
    """WAL, foreign keys, busy timeout, our own BEGIN, on every connection of a (sync) engine;
    ``pragmas``: more ``PRAGMA`` settings for this engine's connections."""

    @event.listens_for(sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # The driver's own transaction handling is switched off: BEGIN is ours (below).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.execute("PRAGMA foreign_keys = ON")
            for pragma in pragmas:
                cursor.execute(f"PRAGMA {pragma}")
        finally:
            cursor.close()
        dbapi_connection.create_function("tdbot_local_month", 2, local_month, deterministic=True)

    @event.listens_for(sync_engine, "begin")
    def _on_begin(conn: Connection) -> None:
        options = conn.get_execution_options()
        if options.get(SINGLE_STATEMENT_READS, False):
            return
        statement = "BEGIN IMMEDIATE" if options.get(WRITE, False) else "BEGIN"
        if not options.get(SQLITE_DIRECT, False):
            conn.exec_driver_sql(statement)
            return
        # straight to sqlite3, as the connection's other statements go, its error wrapped as
        # SQLAlchemy's would be (a busy one included): SQLAlchemy's execution around one BEGIN
        # cost about as much as the recording's statements on sqlite3 together
        dbapi_connection = conn.connection.driver_connection
        assert dbapi_connection is not None, "an open connection"
        with wrapped_errors(conn.dialect, statement, None):
            dbapi_connection.execute(statement)


def local_month(stored: str | None, time_zone: str | None) -> str | None:
    """SQLite function ``tdbot_local_month(created_at, tz)``: ``"YYYY-MM"`` of a stored UTC
    timestamp in the given time zone (PostgreSQL does this with ``AT TIME ZONE``)."""
    if stored is None:
        return None
    at = dt.datetime.fromisoformat(stored).replace(tzinfo=dt.UTC)
    with contextlib.suppress(ZoneInfoNotFoundError, ValueError):
        at = at.astimezone(ZoneInfo(time_zone or "UTC"))
    return f"{at.year:04d}-{at.month:02d}"


# --- migrations ---------------------------------------------------------------------------


def alembic_config(connection: Connection | None = None) -> Any:
    """An Alembic config for ``migrations/``, independent of the working directory.

    It is built without reading ``alembic.ini``'s logging section, so running migrations from
    the bot never reconfigures the bot's logging.
    """
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("path_separator", "os")
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


async def upgrade_to_head(url: str | URL | None = None) -> None:
    """Bring the database at ``url`` to the newest migration (creating it if need be).

    A database already at head (every restart) is recognised by one read of
    ``alembic_version`` against the revisions in ``migrations/versions``, without importing
    Alembic or taking the migration lock; anything else takes the locked Alembic path, which
    checks again under the lock (so concurrent starts still migrate one after the other).
    """
    if await at_head(url):
        return
    await _run_alembic(url, "upgrade", "head")


_REVISION = re.compile(r"^revision(?:\s*:\s*[^=]+)?\s*=\s*['\"]([^'\"]+)['\"]", re.M)
_DOWN = re.compile(r"^down_revision(?:\s*:\s*[^=]+)?\s*=\s*(.+)$", re.M)


def head_revisions() -> frozenset[str]:
    """The head revision(s) of ``migrations/versions``, read from the files' ``revision`` and
    ``down_revision`` lines (what Alembic would compute, without importing it)."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found = _REVISION.search(text)
        if found is None:
            continue
        revisions.add(found.group(1))
        down = _DOWN.search(text)
        if down is not None:
            parents.update(re.findall(r"['\"]([^'\"]+)['\"]", down.group(1)))
    return frozenset(revisions - parents)


async def at_head(url: str | URL | None) -> bool:
    """Whether the database at ``url`` is reachable and at the newest migration."""
    heads = head_revisions()
    if not heads:
        return False
    engine = make_engine(url, poolclass=_null_pool())
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(text("SELECT version_num FROM alembic_version"))
            current = frozenset(r[0] for r in rows)
    except Exception:  # no alembic_version yet (a new database), or it cannot be read
        return False
    finally:
        await engine.dispose()
    return current == heads


async def downgrade_to(url: str | URL | None, revision: str) -> None:
    """Downgrade to ``revision`` (``"base"`` drops everything)."""
    await _run_alembic(url, "downgrade", revision)


async def current_revision(url: str | URL | None = None) -> str | None:
    from alembic.runtime.migration import MigrationContext

    engine = make_engine(url, poolclass=_null_pool())
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(
                lambda sync: MigrationContext.configure(sync).get_current_revision()
            )
    finally:
        await engine.dispose()


async def _run_alembic(url: str | URL | None, command_name: str, revision: str) -> None:
    from alembic import command

    # One transaction, started as a writer (BEGIN IMMEDIATE on SQLite) and holding an advisory
    # lock on PostgreSQL: two processes starting at once migrate one after the other.
    engine = make_engine(url, poolclass=_null_pool(), execution_options=write_options())
    try:
        async with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                await conn.execute(text("SET LOCAL lock_timeout = 0"))  # wait for the other
                await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})

            def run(sync_conn: Connection) -> None:
                getattr(command, command_name)(alembic_config(sync_conn), revision)

            await conn.run_sync(run)
    finally:
        await engine.dispose()


def _null_pool() -> Any:
    from sqlalchemy.pool import NullPool

    return NullPool
