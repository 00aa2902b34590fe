"""Helpers for tests that need a real database (the storage tests and the bot's tests).

``TEST_DATABASE_URL`` names a PostgreSQL server the tests may use (``.ci/start-postgres.sh``
starts one and prints it); each test gets a scratch database of its own on that server, created
with :func:`create_scratch_database` and dropped afterwards.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import URL
from sqlalchemy.pool import NullPool

from core.storage.db import database_url, make_engine, make_sessionmaker, upgrade_to_head
from core.storage.models import Base
from core.storage.service import Storage

ENV = "TEST_DATABASE_URL"
_SCRATCH = re.compile(r"^tdbot_t_[0-9a-f]{16}$")


def postgres_url() -> str | None:
    """The PostgreSQL server for tests, if one was given."""
    return os.environ.get(ENV) or None


async def create_scratch_database(server_url: str | URL, *, template: str | None = None) -> URL:
    """A new database on the server of ``server_url`` (empty, or a copy of the scratch
    database ``template``); returns its URL."""
    base = database_url(server_url)
    name = f"tdbot_t_{uuid.uuid4().hex[:16]}"
    sql = f'CREATE DATABASE "{name}"'
    if template is not None:
        if not _SCRATCH.match(template):
            raise ValueError(f"refusing to copy {template!r}: not a scratch database")
        sql += f' TEMPLATE "{template}"'
    engine = make_engine(base, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            await conn.execute(text(sql))
    finally:
        await engine.dispose()
    return base.set(database=name)


async def drop_scratch_database(server_url: str | URL, scratch: URL) -> None:
    """Drop a database made by :func:`create_scratch_database` (closing its connections)."""
    name = scratch.database or ""
    if not _SCRATCH.match(name):
        raise ValueError(f"refusing to drop {name!r}: not a scratch database")
    engine = make_engine(database_url(server_url), isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        await engine.dispose()


@asynccontextmanager
async def scratch_url(backend: str, tmp_path: Path) -> AsyncIterator[URL]:
    """A fresh, empty database of ``backend`` (``"sqlite"`` or ``"postgresql"``) for one test.

    For PostgreSQL, ``TEST_DATABASE_URL`` must be set (callers skip the test otherwise).
    """
    if backend == "sqlite":
        yield database_url(f"sqlite+aiosqlite:///{tmp_path / 'tdbot-test.db'}")
        return
    server = postgres_url()
    if server is None:
        raise RuntimeError(f"{ENV} is not set")
    url = await create_scratch_database(server)
    try:
        yield url
    finally:
        await drop_scratch_database(server, url)


#: Per backend, a database migrated to head once per test run by the real migrations: SQLite
#: tests get a copy of it, PostgreSQL tests get it emptied.
_templates: dict[str, URL | Path] = {}


@asynccontextmanager
async def migrated_scratch_url(backend: str, tmp_path: Path) -> AsyncIterator[URL]:
    """Like :func:`scratch_url`, but the database is already at the newest migration."""
    if backend == "sqlite":
        template = _templates.get(backend)
        if not isinstance(template, Path) or not template.exists():
            template = Path(tempfile.mkdtemp(prefix="tdbot-template-")) / "template.db"
            await upgrade_to_head(f"sqlite+aiosqlite:///{template}")
            _templates[backend] = template
        target = tmp_path / "tdbot-test.db"
        shutil.copyfile(template, target)
        yield database_url(f"sqlite+aiosqlite:///{target}")
        return
    # PostgreSQL: creating a database costs about a second, so one migrated database serves
    # the whole run and is emptied (TRUNCATE … RESTART IDENTITY) before each test.
    server = postgres_url()
    if server is None:
        raise RuntimeError(f"{ENV} is not set")
    shared = _templates.get(backend)
    if not isinstance(shared, URL):
        shared = await create_scratch_database(server)
        await upgrade_to_head(shared)
        _templates[backend] = shared
    await _empty_all_tables(shared)
    yield shared


async def _empty_all_tables(url: URL) -> None:
    tables = ", ".join(f'"{t.name}"' for t in Base.metadata.sorted_tables)
    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.begin() as conn:
            await conn.execute(text("SET LOCAL lock_timeout = '10s'"))
            await conn.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    finally:
        await engine.dispose()


def drop_templates() -> None:
    """Remove the shared databases (call once, at the end of the test run, outside any
    event loop)."""
    template = _templates.pop("sqlite", None)
    if isinstance(template, Path):
        shutil.rmtree(template.parent, ignore_errors=True)
    template = _templates.pop("postgresql", None)
    server = postgres_url()
    if isinstance(template, URL) and server:
        asyncio.run(drop_scratch_database(server, template))


@asynccontextmanager
async def migrated_storage(url: str | URL, *, upgrade: bool = True) -> AsyncIterator[Storage]:
    """A :class:`Storage` on ``url``, after running the real migrations (unless ``upgrade`` is
    False because the database is known to be at head)."""
    if upgrade:
        await upgrade_to_head(url)
    engine = make_engine(url)
    try:
        yield Storage(make_sessionmaker(engine))
    finally:
        await engine.dispose()


async def slow_disk(storage: Storage, seconds: float) -> Callable[[], Awaitable[None]]:
    """Make an SQLite storage's database as slow as a failing disk: every statement waits
    ``seconds`` first, in the thread that runs it (the loop's own connections and aiosqlite's
    thread alike, so a statement run on the event loop's thread blocks the loop, as a slow
    disk would). Returns the undo. The stand-in's slow-database mode for the real statements,
    where ``tests/cogs/directors/test_slow_database.py`` slows the storage's methods."""

    def wait(_statement: str) -> None:
        time.sleep(seconds)

    engine = storage.tx.engine
    assert engine is not None and engine.dialect.name == "sqlite", "an SQLite storage"
    loop = storage.tx.loop

    def on_loop_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.set_trace_callback(wait)

    def on_thread_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.await_(dbapi_connection._connection.set_trace_callback(wait))

    listeners: list[tuple[Any, Any]] = [(engine.sync_engine, on_thread_connect)]
    if loop is not None:
        listeners.append((loop.engine, on_loop_connect))
    for target, listener in listeners:
        event.listen(target, "connect", listener)

    async def renew() -> None:  # the connections open now are replaced by new ones
        if loop is not None:
            loop.close()
        await engine.dispose()

    await renew()

    async def undo() -> None:
        for target, listener in listeners:
            event.remove(target, "connect", listener)
        await renew()

    return undo
