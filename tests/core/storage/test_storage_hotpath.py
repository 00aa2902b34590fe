"""The hot paths on the event loop's thread (SQLite files): same answers, WAL checkpoints
taken off the loop."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import text

from core.seats import Seat
from core.storage import hotpath
from core.storage.testing import migrated_storage
from tests.core.storage.helpers import (
    GUILD_A,
    PLAYER,
    chosen,
    exposed,
    new_board,
    partner_leads,
    trace_loop,
)

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
    """Reads and writes reuse one kept connection; a read nested in a read gets one of its
    own; after a failed statement the next read starts on a fresh connection, and a
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
            assert raw(w1) is outer and outer.in_transaction
        with loop_db.connect() as read_after:
            assert raw(read_after) is outer
            assert not outer.in_transaction  # a read opens no transaction, after a write too
            assert await read_after.scalar(text("SELECT 1")) == 1
        assert not outer.in_transaction

        with pytest.raises(Exception, match="no such table"), loop_db.connect() as broken:
            await broken.execute(text("SELECT * FROM no_such_table"))
        with loop_db.connect() as fresh:
            assert raw(fresh) is not outer
        assert (await storage.board(GUILD_A, board.id)).last_seq == recorded.seq


async def test_the_loops_reads_and_writes_share_one_sqlite_connection(storage_url):
    """A recording on the loop is written by the connection its table lookups read on, so
    SQLite keeps that connection's page cache: ``PRAGMA data_version`` (which moves only when
    another connection commits) stays put across the recording, and the lookup after it sees
    the new board."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        loop_db = storage.tx.loop

        async def data_version() -> int:
            with loop_db.connect() as conn:
                return await conn.scalar(text("PRAGMA data_version"))

        before = await data_version()
        recorded = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=7)
        assert await data_version() == before
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
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        sent = trace_loop(storage)
        await storage.table_lookup(GUILD_A, 1234, 1)
        await storage.board(GUILD_A, board.id)
        assert [s.split()[0] for s in sent] == ["SELECT", "SELECT"]
        sent.clear()
        await storage.record(GUILD_A, board.id, exposed("W", "SK"))
        assert sent[0] == "BEGIN IMMEDIATE" and len(sent) > 2


async def _night_on(storage: Any, guild: int) -> None:
    """A board's evening on one guild: an exposure, partner's lead and declarer's choice, the
    table moved on twice by a director (boards ended, created, who plays them noted)."""
    board = await new_board(storage, guild)
    table = await storage.table(guild, 1)
    await storage.sit(guild, PLAYER, table.id, "E")
    await storage.record(guild, board.id, exposed("W", "SK"), interaction_id=guild)
    looked = (await storage.table_lookup(guild, PLAYER, 1)).board
    lead = await storage.record(guild, board.id, partner_leads("E"), interaction_id=guild + 1,
                                seen=looked)
    assert lead.state.pending_for(Seat.E)
    await storage.record(guild, board.id, chosen("E", "forbid:S"), interaction_id=guild + 2)
    for number in (2, 3):
        await storage.set_board(guild, table.id, number, dealer="E", declarer="W",
                                contract="3NT", actor_id=PLAYER, director=True,
                                interaction_id=guild * 10 + number)


async def _stored(storage: Any, guild: int) -> list[Any]:
    """What a guild's evening left in the database, without ids and times."""
    from sqlalchemy import text

    club = "(SELECT id FROM clubs WHERE guild_id = :g)"
    queries = (
        f"SELECT seq, kind, incident, table_no, board_no, facts, ruling, summary, laws, void,"
        f" law_edition, is_ruling FROM events WHERE club_id = {club} ORDER BY board_no, seq",
        f"SELECT e.seq, l.law, l.law_number, l.law_key FROM event_laws l JOIN events e"
        f" ON e.id = l.event_id WHERE e.club_id = {club} ORDER BY e.seq, l.law",
        f"SELECT month, incident, law_number, live, voided FROM log_rollup WHERE club_id = {club}"
        f" ORDER BY incident, law_number",
        f"SELECT b.number, b.last_seq, b.state, b.dealer, b.declarer, b.contract, b.version,"
        f" t.current_board, (SELECT count(*) FROM board_players p WHERE p.board_id = b.id)"
        f" FROM boards b JOIN tables t ON t.id = b.table_id WHERE b.club_id = {club}"
        f" ORDER BY b.number",
    )
    async with storage.tx.engine.connect() as conn:
        return [tuple(tuple(r) for r in await conn.execute(text(q), {"g": guild}))
                for q in queries]


async def test_the_loops_statements_run_on_sqlite3_and_store_what_sqlalchemy_stores(storage_url):
    """Issue 27: on the loop's connection the prebuilt statements run on ``sqlite3`` itself
    (``LoopConnection``, compiled once by SQLAlchemy): a recording and ``/board set`` send
    nothing through SQLAlchemy, their BEGIN IMMEDIATE included, and the same evening through
    SQLAlchemy (``driver_reads=False``) stores the very same rows; the reads agree too."""
    from sqlalchemy import event

    from core.storage.service import Storage

    async with migrated_storage(storage_url, upgrade=False) as storage:
        plain = Storage(storage.tx.sessionmaker, driver_reads=False)
        direct = storage.tx.loop.direct
        assert direct is not None and plain.tx.loop.direct is None
        through: list[str] = []
        event.listen(storage.tx.loop.engine, "before_cursor_execute",
                     lambda _c, _cur, statement, *_a: through.append(statement))
        ran = direct.executed
        await _night_on(storage, GUILD_A)
        assert direct.executed - ran >= 25
        assert through == []  # BEGIN IMMEDIATE too goes to sqlite3 directly
        await _night_on(plain, GUILD_A + 1)
        assert await _stored(storage, GUILD_A) == await _stored(plain, GUILD_A + 1)
        rows = await _stored(storage, GUILD_A)
        assert [r[1] for r in rows[0]][:4] == ["board_set", "exposure", "partner_lead", "choice"]
        assert rows[1] and rows[2]  # laws indexed, the month rolled up

        async def reads(s: Any, guild: int) -> list[Any]:
            looked = await s.table_lookup(guild, PLAYER, 1, board_number=1)
            first = await s.board_events(guild, looked.named_board.id)
            return [looked, await s.table_lookup(guild, PLAYER), await s.seating(guild, PLAYER),
                    await s.board(guild, looked.board.id),
                    await s.choice_context(guild, first[2].id, PLAYER)]

        mine, theirs = await reads(storage, GUILD_A), await reads(plain, GUILD_A + 1)
        plain.tx.loop.close()
    ids = ("id", "session_id", "table_id", "event_id", "guild_id", "seat_table_id")

    def without_ids(value: Any) -> Any:
        import dataclasses

        if dataclasses.is_dataclass(value):
            return {f.name: without_ids(getattr(value, f.name))
                    for f in dataclasses.fields(value) if f.name not in ids and f.compare}
        return value

    assert [without_ids(v) for v in mine] == [without_ids(v) for v in theirs]


async def test_an_error_on_sqlite3_directly_is_sqlalchemys(storage_url):
    """The direct path's errors come out as SQLAlchemy's (``IntegrityError`` for the unique
    ``(board_id, seq)``), as the write retries expect: nothing is written."""
    from sqlalchemy.exc import IntegrityError

    from core.storage.repo.statements import UPDATE_SNAPSHOT_SEQ

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        loop = storage.tx.loop
        assert loop is not None and loop.direct is not None
        async with storage.tx.engine.connect() as conn:
            version = await conn.scalar(text("SELECT version FROM boards"))
        ran = loop.direct.executed
        with pytest.raises(IntegrityError, match="NOT NULL"), loop.begin() as conn:
            await conn.execute(UPDATE_SNAPSHOT_SEQ, {  # updated_at may not be NULL
                "b_id": board.id, "b_version": version, "new_state": {}, "new_dealer": "E",
                "new_declarer": None, "new_contract": None, "new_version": version + 1,
                "new_updated_at": None, "new_last_seq": 9})
        assert loop.direct.executed == ran + 1  # it ran on sqlite3, not through SQLAlchemy
        after = await storage.board(GUILD_A, board.id)
    assert after.dealer == board.dealer and after.last_seq == board.last_seq
