"""Migrations, schema drift and connection set-up on both backends."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from core.storage.db import (
    alembic_config,
    current_revision,
    database_url,
    downgrade_to,
    make_engine,
    upgrade_to_head,
)
from core.storage.models import Base

APP_TABLES = set(Base.metadata.tables)


def _head() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


async def _drift(url) -> list:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:

            def compare(sync_conn):
                context = MigrationContext.configure(
                    sync_conn, opts={"compare_type": True, "compare_server_default": True}
                )
                return compare_metadata(context, Base.metadata)

            return await conn.run_sync(compare)
    finally:
        await engine.dispose()


async def _tables(url) -> set[str]:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
    finally:
        await engine.dispose()


async def test_migrations_create_exactly_the_models_schema(db_url):
    """Upgrading to head gives the schema the models describe: autogenerate finds no diff."""
    await upgrade_to_head(db_url)
    assert await _drift(db_url) == []
    assert await current_revision(db_url) == _head()


async def test_upgrade_downgrade_upgrade(db_url):
    """Head → base drops every table; head again gives the same schema."""
    await upgrade_to_head(db_url)
    assert await _tables(db_url) >= APP_TABLES
    await downgrade_to(db_url, "base")
    assert await _tables(db_url) & APP_TABLES == set()
    assert await current_revision(db_url) is None
    await upgrade_to_head(db_url)
    assert await _drift(db_url) == []
    assert await current_revision(db_url) == _head()


async def test_upgrade_is_idempotent(db_url):
    """Running the migrations at every start is harmless."""
    await upgrade_to_head(db_url)
    await upgrade_to_head(db_url)
    assert await current_revision(db_url) == _head()


async def test_upgrade_works_from_any_working_directory(db_url, tmp_path, monkeypatch):
    """The migrations are found relative to the code, not the working directory."""
    monkeypatch.chdir(tmp_path)
    await upgrade_to_head(db_url)
    assert await current_revision(db_url) == _head()


async def test_concurrent_starts_migrate_one_after_the_other(db_url):
    """Several processes upgrading at once (bot restarts) all succeed with one schema."""
    await asyncio.gather(*(upgrade_to_head(db_url) for _ in range(3)))
    assert await _drift(db_url) == []
    assert await current_revision(db_url) == _head()


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
async def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(db_url):
    """Every SQLite connection is in WAL mode with foreign keys enforced."""
    await upgrade_to_head(db_url)
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:
            assert (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar() == "wal"
            assert (await conn.exec_driver_sql("PRAGMA foreign_keys")).scalar() == 1
            assert (await conn.exec_driver_sql("PRAGMA busy_timeout")).scalar() >= 1000
            with pytest.raises(Exception, match="FOREIGN KEY"):
                await conn.execute(
                    text(
                        "INSERT INTO tables (club_id, session_id, number) VALUES (999, 999, 1)"
                    )
                )
    finally:
        await engine.dispose()


def test_database_url_defaults_to_a_sqlite_file_in_the_working_directory(monkeypatch, tmp_path):
    """No DATABASE_URL: ./tdbot.db, made absolute at start."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    url = database_url()
    assert url.drivername == "sqlite+aiosqlite"
    assert Path(url.database) == tmp_path.resolve() / "tdbot.db"


@pytest.mark.parametrize(
    ("given", "driver"),
    [
        ("postgres://u:p@db.example/tdbot", "postgresql+asyncpg"),
        ("postgresql://u:p@db.example/tdbot", "postgresql+asyncpg"),
        ("postgresql+asyncpg://u:p@db.example/tdbot", "postgresql+asyncpg"),
        ("sqlite:///relative.db", "sqlite+aiosqlite"),
    ],
)
def test_database_url_gets_the_async_driver(monkeypatch, given, driver):
    """Plain URLs (as hosting services give them) get the async driver."""
    monkeypatch.setenv("DATABASE_URL", given)
    assert database_url().drivername == driver


def test_database_url_rejects_other_databases():
    """A MySQL URL is refused with a clear message."""
    with pytest.raises(ValueError, match="unsupported database"):
        database_url("mysql://u@h/db")


def test_alembic_ini_points_at_the_migrations():
    """The command-line config and the programmatic one use the same scripts."""
    root = Path(__file__).resolve().parents[3]
    ini = (root / "alembic.ini").read_text()
    assert "script_location = %(here)s/migrations" in ini
    assert os.path.isdir(root / "migrations" / "versions")
