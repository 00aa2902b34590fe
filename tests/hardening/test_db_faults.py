"""Database faults: a locked SQLite file, PostgreSQL connections killed as by a server restart.

Each fault ends in one of two ways only: the ruling is recorded (after the storage layer's
retries), or ``Storage.record`` raises a ``StorageError`` with a message fit for the user (the
tree's error policy shows it). Either way nothing is lost and nothing is duplicated: repeating the
same interaction afterwards logs the ruling exactly once.

PostgreSQL is not restarted (other tests share the server): ``pg_terminate_backend`` on the
bot's connections is what a restart looks like to the client.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

import core.storage.db as db
from core.storage.db import make_engine, upgrade_to_head
from core.storage.errors import Busy, StorageError
from core.storage.testing import ENV, migrated_storage, postgres_url, scratch_url
from tests.core.storage.helpers import GUILD_A, PLAYER, exposed, new_board, partner_leads

IID = 700_000_000_000_000_001


async def _count(url: object, board_id: int) -> list[int | None]:
    """The interaction ids of a board's logged events, in order (read on a fresh engine)."""
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(
                text("SELECT interaction_id FROM events WHERE board_id = :b ORDER BY seq"),
                {"b": board_id},
            )
            return [r[0] for r in rows]
    finally:
        await engine.dispose()


def _hold_write_lock(path: str) -> sqlite3.Connection:
    """Another connection (as another process would) holding SQLite's write lock."""
    con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    con.execute("BEGIN IMMEDIATE")
    con.execute("UPDATE clubs SET id = id")
    return con


async def test_sqlite_locked_briefly_then_the_ruling_is_recorded_once(tmp_path: Path) -> None:
    async with scratch_url("sqlite", tmp_path) as url, migrated_storage(url) as storage:
        board = await new_board(storage)
        assert url.database is not None
        holder = _hold_write_lock(url.database)
        asyncio.get_running_loop().call_later(0.5, holder.commit)
        try:
            rec = await storage.record(
                GUILD_A, board.id, exposed("W", "SK"), actor_id=PLAYER, interaction_id=IID
            )
        finally:
            holder.close()
        assert not rec.duplicate
        again = await storage.record(
            GUILD_A, board.id, exposed("W", "SK"), actor_id=PLAYER, interaction_id=IID
        )
        assert again.duplicate and again.id == rec.id
        assert (await _count(url, board.id)).count(IID) == 1


async def test_sqlite_locked_too_long_fails_politely_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db, "SQLITE_BUSY_TIMEOUT_MS", 50)  # each attempt gives up quickly
    async with scratch_url("sqlite", tmp_path) as url, migrated_storage(url) as storage:
        board = await new_board(storage)
        before = await _count(url, board.id)
        assert url.database is not None
        holder = _hold_write_lock(url.database)
        try:
            with pytest.raises(Busy) as info:
                await storage.record(
                    GUILD_A, board.id, exposed("W", "SK"), actor_id=PLAYER, interaction_id=IID
                )
            assert isinstance(info.value, StorageError)
            assert "busy" in str(info.value) and "try again" in str(info.value)
            # Readers are not blocked by a writer in WAL mode, and see nothing new.
            assert await _count(url, board.id) == before
        finally:
            holder.rollback()
            holder.close()
        # The user tries again (Discord delivers the same command again): logged once.
        rec = await storage.record(
            GUILD_A, board.id, exposed("W", "SK"), actor_id=PLAYER, interaction_id=IID
        )
        assert not rec.duplicate
        assert (await _count(url, board.id)) == [*before, IID]


async def test_sqlite_two_storages_on_one_file_never_duplicate(tmp_path: Path) -> None:
    """Two bot processes (two engines) racing on the same interaction: one row."""
    async with scratch_url("sqlite", tmp_path) as url, migrated_storage(url) as one:
        board = await new_board(one)
        async with migrated_storage(url) as two:
            results = await asyncio.gather(
                *(
                    s.record(GUILD_A, board.id, exposed("W", "SK"), actor_id=PLAYER,
                             interaction_id=IID)
                    for s in (one, two, one, two)
                )
            )
        assert len({r.id for r in results}) == 1
        assert sum(not r.duplicate for r in results) == 1
        assert (await _count(url, board.id)).count(IID) == 1


# --------------------------------------------------------------------------- PostgreSQL


@pytest.fixture
def pg() -> str:
    """The PostgreSQL backend (skipped without a server, failed in CI)."""
    if postgres_url() is None:
        if os.environ.get("CI"):
            pytest.fail(f"{ENV} must be set in CI: the PostgreSQL fault tests have to run")
        pytest.skip(f'{ENV} is not set (run: eval "$(bash .ci/start-postgres.sh)")')
    return "postgresql"


async def _terminate(admin_url: object, database: str, *, waiting: bool = False) -> int:
    """Terminate the bot's backends on ``database`` (only those waiting on a lock if asked)."""
    engine = make_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            query = (
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = :db AND pid <> pg_backend_pid() "
                "AND application_name = 'tdbot'"
            )
            if waiting:
                query += " AND wait_event_type = 'Lock'"
            return int(await conn.scalar(text(query), {"db": database}) or 0)
    finally:
        await engine.dispose()


async def test_postgres_restart_between_commands(
    pg: str, tmp_path: Path
) -> None:
    """Every pooled connection dies between two commands: the next command still works."""
    async with scratch_url(pg, tmp_path) as url:
        await upgrade_to_head(url)
        async with migrated_storage(url) as storage:
            board = await new_board(storage)
            await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=IID)
            killed = await _terminate(url, url.database or "")
            assert killed >= 1
            rec = await storage.record(
                GUILD_A, board.id, partner_leads("E"), interaction_id=IID + 1
            )
            assert not rec.duplicate
            assert await _count(url, board.id) == [None, IID, IID + 1]


async def test_postgres_connection_killed_mid_command_retries_once(
    pg: str, tmp_path: Path
) -> None:
    """The connection of a command waiting inside its transaction is killed: the command is
    retried on a new connection (it carries an interaction id, so a retry cannot double-log)."""
    async with scratch_url(pg, tmp_path) as url:
        await upgrade_to_head(url)
        async with migrated_storage(url) as storage:
            board = await new_board(storage)
            blocker = make_engine(url)
            try:
                async with blocker.connect() as conn:
                    trans = await conn.begin()
                    await conn.execute(
                        text("SELECT id FROM boards WHERE id = :id FOR UPDATE"), {"id": board.id}
                    )
                    task = asyncio.create_task(
                        storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=IID)
                    )
                    killed = 0
                    for _ in range(200):  # wait until the command blocks on the board's lock
                        await asyncio.sleep(0.02)
                        killed = await _terminate(url, url.database or "", waiting=True)
                        if killed:
                            break
                    assert killed == 1, "the command never waited on the board lock"
                    await asyncio.sleep(0.1)
                    assert not task.done()  # retried, and waiting again on the lock
                    await trans.rollback()
                rec = await asyncio.wait_for(task, 30)
            finally:
                await blocker.dispose()
            assert not rec.duplicate
            assert (await _count(url, board.id)).count(IID) == 1
            again = await storage.record(
                GUILD_A, board.id, exposed("W", "SK"), interaction_id=IID
            )
            assert again.duplicate and again.id == rec.id


async def test_postgres_lost_connection_without_interaction_id_is_reported(
    pg: str, tmp_path: Path
) -> None:
    """Without an interaction id a lost connection is not retried (the outcome could be
    unknown); whatever is raised, the board is left consistent and nothing is doubled."""
    async with scratch_url(pg, tmp_path) as url:
        await upgrade_to_head(url)
        async with migrated_storage(url) as storage:
            board = await new_board(storage)
            blocker = make_engine(url)
            try:
                async with blocker.connect() as conn:
                    trans = await conn.begin()
                    await conn.execute(
                        text("SELECT id FROM boards WHERE id = :id FOR UPDATE"), {"id": board.id}
                    )
                    task = asyncio.create_task(
                        storage.record(GUILD_A, board.id, exposed("W", "SK"))
                    )
                    for _ in range(200):
                        await asyncio.sleep(0.02)
                        if await _terminate(url, url.database or "", waiting=True):
                            break
                    await trans.rollback()
                outcome = await asyncio.gather(asyncio.wait_for(task, 30), return_exceptions=True)
            finally:
                await blocker.dispose()
            events = await storage.board_events(GUILD_A, board.id)
            assert [e.kind for e in events].count("exposure") <= 1
            if isinstance(outcome[0], BaseException):
                assert isinstance(outcome[0], StorageError), repr(outcome[0])
                assert [e.kind for e in events].count("exposure") == 0
            assert await storage.board_state(GUILD_A, board.id) == await storage.rebuild(
                GUILD_A, board.id
            )
