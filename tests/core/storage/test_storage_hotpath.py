"""The hot paths on the event loop's thread (SQLite files): same answers, WAL checkpoints
taken off the loop."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import text

from core.storage import hotpath
from core.storage.testing import migrated_storage
from tests.core.storage.helpers import GUILD_A, exposed, new_board

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


async def test_hot_paths_run_on_the_loop_thread_and_agree_with_aiosqlite(storage_url):
    """A board recorded through the loop connection reads the same through aiosqlite."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        assert storage.tx.loop is not None
        board = await new_board(storage)
        recorded = await storage.record(GUILD_A, board.id, exposed("W", "SK"))
        on_loop = await storage.board(GUILD_A, board.id)
    async with migrated_storage(storage_url, upgrade=False) as storage:
        storage_off = type(storage)(storage.tx.sessionmaker, hot_path_on_loop=False)
        assert storage_off.tx.loop is None
        off_loop = await storage_off.board(GUILD_A, board.id)
    assert on_loop == off_loop and on_loop.state == recorded.state
    assert on_loop.last_seq == recorded.seq


async def test_the_wal_is_checkpointed_off_the_loop(storage_url, monkeypatch):
    """The loop's connections never checkpoint; every CHECKPOINT_EVERY writes one runs on
    aiosqlite's thread."""
    monkeypatch.setattr(hotpath, "CHECKPOINT_EVERY", 3)
    # a machine loaded by other tests must not pass for a slow disk (which would send the
    # writes to aiosqlite's thread, uncounted here)
    monkeypatch.setattr(hotpath, "SLOW_TRANSACTION", 60.0)
    ran = []
    checkpoint = hotpath.LoopDatabase._checkpoint

    async def spy(self):
        ran.append(asyncio.get_running_loop())
        await checkpoint(self)

    monkeypatch.setattr(hotpath.LoopDatabase, "_checkpoint", spy)
    async with migrated_storage(storage_url, upgrade=False) as storage:
        with storage.tx.loop.connect() as conn:
            setting = await conn.scalar(text("PRAGMA wal_autocheckpoint"))
        assert setting == 0
        board = await new_board(storage)  # one write (a new board, no facts to record)
        for card in ("SK", "HQ", "D4", "C2", "S3"):
            await storage.record(GUILD_A, board.id, exposed("W", card))
        await asyncio.sleep(0.05)
    assert len(ran) == 2  # after the 3rd and the 6th write


async def test_the_prebuilt_statements_give_each_its_own_answer_on_the_loop(storage_url):
    """Every prebuilt SELECT is a ``lambda_stmt`` found in the compiled cache by its lambda:
    run one after another, each still answers its own question (no statement served another's
    compiled SQL), whatever the parameters."""
    from core.storage.repo.statements import CLUB_ID, CLUB_ZONE

    async with migrated_storage(storage_url, upgrade=False) as storage:
        await new_board(storage)  # the club of GUILD_A exists
        with storage.tx.loop.connect() as conn:
            club_id = await conn.scalar(CLUB_ID, {"guild_id": GUILD_A})
            zone_row = (await conn.execute(CLUB_ZONE, {"guild_id": GUILD_A})).first()
            assert await conn.scalar(CLUB_ID, {"guild_id": GUILD_A + 1}) is None
            assert await conn.scalar(CLUB_ID, {"guild_id": GUILD_A}) == club_id
    assert club_id is not None and tuple(zone_row)[0] == club_id and len(zone_row) == 2


async def test_the_loop_keeps_its_connections_between_transactions(storage_url):
    """Reads reuse one kept connection and writes another; a read nested in a read gets one
    of its own; after a failed statement the next read starts on a fresh connection, and a
    transaction is never left open."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        loop_db = storage.tx.loop

        def raw(conn):
            return conn._conn.connection.driver_connection

        with loop_db.connect() as first:
            outer = raw(first)
            with loop_db.connect() as nested:
                assert raw(nested) is not outer
                assert await nested.scalar(text("SELECT 1")) == 1
            assert await first.scalar(text("SELECT 1")) == 1
        with loop_db.connect() as again:
            assert raw(again) is outer
        recorded = await storage.record(GUILD_A, board.id, exposed("W", "SK"))
        with loop_db.begin() as w1:
            writer = raw(w1)
        with loop_db.begin() as w2:
            assert raw(w2) is writer and writer is not outer
        assert not outer.in_transaction and not writer.in_transaction

        with pytest.raises(Exception, match="no such table"), loop_db.connect() as broken:
            await broken.execute(text("SELECT * FROM no_such_table"))
        with loop_db.connect() as fresh:
            assert raw(fresh) is not outer
        assert (await storage.board(GUILD_A, board.id)).last_seq == recorded.seq


async def test_without_kept_connections_every_transaction_checks_one_out_of_the_pool(
    storage_url,
):
    """``Storage(keep_connections=False)`` (the lever off, as the benchmark's ladder builds
    it): each transaction on the loop gets a pooled connection, returned at its end, and the
    answers are the same."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        recorded = await storage.record(GUILD_A, board.id, exposed("W", "SK"))
        pooled = type(storage)(storage.tx.sessionmaker, keep_connections=False)
        loop_db = pooled.tx.loop
        assert loop_db is not None
        with loop_db.connect() as first:
            first_conn = first._conn
        with loop_db.connect() as second:
            assert second._conn is not first_conn  # a new checkout, not the kept one
        assert first_conn.closed
        assert (await pooled.board(GUILD_A, board.id)).last_seq == recorded.seq
        loop_db.close()


async def test_a_read_on_the_loop_is_one_statement_and_a_write_begins_immediate(storage_url):
    """Issue 27: a hot read is a single SELECT, with no BEGIN around it (each statement reads
    its own snapshot, as PostgreSQL's autocommitted reads do); a write still takes SQLite's
    write lock up front."""
    from sqlalchemy import event

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        loop = storage.tx.loop
        assert loop is not None
        sent: list[str] = []
        event.listen(loop.engine, "before_cursor_execute",
                     lambda _c, _cur, statement, *_a: sent.append(" ".join(statement.split()[:2])))
        await storage.table_lookup(GUILD_A, 1234, 1)
        await storage.board(GUILD_A, board.id)
        assert [s.split()[0] for s in sent] == ["SELECT", "SELECT"]
        sent.clear()
        await storage.record(GUILD_A, board.id, exposed("W", "SK"))
        assert sent[0] == "BEGIN IMMEDIATE" and len(sent) > 2
