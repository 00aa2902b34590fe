"""Helpers for tests that need a real database (the storage tests and the bot's tests).

``TEST_DATABASE_URL`` names a PostgreSQL server the tests may use (``.ci/start-postgres.sh``
starts one and prints it); each test gets a scratch database of its own on that server, created
with :func:`create_scratch_database` and dropped afterwards.
"""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import URL

from core.storage.db import database_url, make_engine, make_sessionmaker, upgrade_to_head
from core.storage.service import Storage

ENV = "TEST_DATABASE_URL"
_SCRATCH = re.compile(r"^tdbot_t_[0-9a-f]{16}$")


def postgres_url() -> str | None:
    """The PostgreSQL server for tests, if one was given."""
    return os.environ.get(ENV) or None


async def create_scratch_database(server_url: str | URL) -> URL:
    """A new empty database on the server of ``server_url``; returns its URL."""
    base = database_url(server_url)
    name = f"tdbot_t_{uuid.uuid4().hex[:16]}"
    engine = make_engine(base, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
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


@asynccontextmanager
async def migrated_storage(url: str | URL) -> AsyncIterator[Storage]:
    """A :class:`Storage` on ``url`` after running the real migrations."""
    await upgrade_to_head(url)
    engine = make_engine(url)
    try:
        yield Storage(make_sessionmaker(engine))
    finally:
        await engine.dispose()
