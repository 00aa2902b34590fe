"""PostgreSQL's round trips per interaction (issue 27): a prebuilt read is one statement with no
BEGIN/ROLLBACK around it and no ping before it, a recording is BEGIN, two statements and COMMIT;
yet a connection the server dropped is still replaced: found by the hot path's statement and
run again on a fresh one, or by the ping of an ORM session's checkout."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.pool import NullPool

from core.storage.db import PG_POOL_SIZE, make_engine, make_sessionmaker
from core.storage.service import Storage
from core.storage.testing import migrated_storage
from tests.core.storage.helpers import GUILD_A, PLAYER, exposed, new_board

pytestmark = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)


def log_queries(engine: Any) -> list[str]:
    """The queries the driver sends on the engine's connections outside prepared statements
    (asyncpg's query logger): BEGIN, COMMIT, ROLLBACK and the ping among them."""
    sent: list[str] = []

    def listen(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.driver_connection.add_query_logger(
            lambda record: sent.append(" ".join(record.query.split()).upper().rstrip(";")))

    event.listen(engine.sync_engine, "connect", listen)
    return sent


async def test_the_prebuilt_reads_run_without_a_transaction_or_a_ping(storage_url):
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        await storage.record(GUILD_A, board.id, exposed("W", "SK"))
        sent = log_queries(storage.tx.engine)
        await storage.tx.engine.dispose()  # new connections, each with the logger
        lookup = await storage.table_lookup(GUILD_A, 1234, 1)
        read = await storage.board(GUILD_A, board.id)
    assert lookup.board is not None and read.last_seq == board.last_seq + 1
    assert not [q for q in sent if q.startswith(("BEGIN", "ROLLBACK", "COMMIT"))]
    # no ping either: only the two reads, run on asyncpg's own connection (core.storage.driver)
    assert [q.split()[0] for q in sent] == ["SELECT", "SELECT"]
    assert "SELECT 1" not in sent


async def test_a_recording_runs_with_no_transaction_around_it(storage_url):
    """Its writes are one statement that guards itself (``record_writes``): no BEGIN, no
    COMMIT, no ROLLBACK."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        sent = log_queries(storage.tx.engine)
        await storage.tx.engine.dispose()
        await storage.record(GUILD_A, board.id, exposed("W", "SK"))
        await asyncio.sleep(0)
    assert sent and not [q for q in sent if q.startswith(("BEGIN", "COMMIT", "ROLLBACK"))]


async def drop_pooled_connections(storage: Any, url: Any) -> None:
    """Terminate the server side of every connection in the storage's pool, as a server
    restart would (the pool still holds them)."""
    async with storage.tx.engine.connect() as conn:  # back in the pool afterwards
        pid = await conn.scalar(text("SELECT pg_backend_pid()"))
    killer = make_engine(url, poolclass=NullPool)
    try:
        async with killer.connect() as conn:
            assert await conn.scalar(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    finally:
        await killer.dispose()


async def test_a_hot_path_read_on_a_dropped_connection_is_read_again(storage_url):
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        await drop_pooled_connections(storage, storage_url)
        # no ping: the read itself finds the connection dead, and reads again on a fresh one
        assert (await storage.board(GUILD_A, board.id)).last_seq == board.last_seq
        await drop_pooled_connections(storage, storage_url)
        assert (await storage.table_lookup(GUILD_A, 1234, 1)).board is not None


async def test_a_recording_on_a_dropped_connection_is_recorded_once(storage_url):
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        await drop_pooled_connections(storage, storage_url)
        rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=7)
        assert not rec.duplicate and rec.seq == board.last_seq + 1
        assert (await storage.board(GUILD_A, board.id)).last_seq == board.last_seq + 1


async def test_an_orm_session_still_pings_its_connection_first(storage_url):
    """Work that is not safe to repeat (the desk's writes) runs in ORM sessions, whose
    checkout is still pinged: a dropped connection is replaced before anything is sent."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        await new_board(storage)
        await drop_pooled_connections(storage, storage_url)
        async with storage.tx.reading() as s:
            assert await s.scalar(text("SELECT count(*) FROM boards")) == 1


def count_statements(engine: Any) -> list[str]:
    """Every statement SQLAlchemy sends (prepared ones included), first word."""
    sent: list[str] = []
    event.listen(engine.sync_engine, "before_cursor_execute",
                 lambda _c, _cur, statement, *_a: sent.append(statement.split()[0]))
    return sent


async def test_a_recording_is_two_round_trips(storage_url):
    """The board read (not locked: with no transaction, a lock would end with that statement),
    then ONE statement for every write (the duplicate check, the board's version, the event,
    its laws, the roll-up and the snapshot: data-modifying CTEs), with no transaction around
    them and no ping: both on asyncpg's own connection
    (core.storage.driver), none through SQLAlchemy."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        sent = log_queries(storage.tx.engine)
        await storage.tx.engine.dispose()
        # the connection's first recording also looks up the array types it sends (asyncpg,
        # once per connection)
        await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=1)
        await asyncio.sleep(0)  # asyncpg calls its query loggers soon after, not at once
        sent.clear()
        statements = count_statements(storage.tx.engine)
        rec = await storage.record(GUILD_A, board.id, exposed("W", "SQ"), interaction_id=2)
        await asyncio.sleep(0)
    assert not rec.duplicate and rec.seq == board.last_seq + 2
    assert [q.split()[0] for q in sent] == ["SELECT", "WITH"]
    assert "FOR UPDATE" not in sent[0]  # a lock that would end with its own statement
    assert statements == []  # nothing went through SQLAlchemy


async def test_a_recording_started_from_its_commands_lookup_is_one_round_trip(storage_url):
    """Issue 27: given the board its command's table lookup read (``seen``), the recording
    sends its one write statement and nothing else; the statement's version check stands for
    the read. When the board moved since the lookup, that statement writes nothing and the
    recording reads the board and writes again: three round trips, once."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        sent = log_queries(storage.tx.engine)
        await storage.tx.engine.dispose()
        await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=1)
        looked = (await storage.table_lookup(GUILD_A, PLAYER, 1)).board
        await asyncio.sleep(0)
        sent.clear()
        statements = count_statements(storage.tx.engine)
        rec = await storage.record(GUILD_A, board.id, exposed("W", "SQ"), interaction_id=2,
                                   seen=looked)
        await asyncio.sleep(0)
        assert not rec.duplicate and rec.seq == board.last_seq + 2
        assert [q.split()[0] for q in sent] == ["WITH"]
        sent.clear()
        moved = await storage.record(GUILD_A, board.id, exposed("W", "SJ"), interaction_id=3,
                                     seen=looked)  # the lookup is one recording behind now
        await asyncio.sleep(0)
    assert [q.split()[0] for q in sent] == ["WITH", "SELECT", "WITH"]
    assert moved.seq == board.last_seq + 3
    assert {p.token for p in moved.state.penalty_cards} >= {"W:SQ:major", "W:SJ:major"}
    assert statements == []  # nothing went through SQLAlchemy


async def test_a_time_zone_changed_under_a_recording_moves_its_month(storage_url):
    """The roll-up's month is worked out from the time zone read with the board; if the club's
    time zone changes before the writes (which share-lock the club), nothing is written and
    the recording runs again with the new zone."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        storage.now = lambda: dt.datetime(2025, 1, 31, 20, 0, tzinfo=dt.UTC)  # Feb in Auckland
        engine = storage.tx.engine
        assert engine is not None
        async with engine.connect() as other:
            await other.execute(text("UPDATE clubs SET time_zone = 'Pacific/Auckland'"))
            recording = asyncio.create_task(
                storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=3))
            await asyncio.sleep(0.3)  # it read the board (and UTC) and waits on the club
            await other.commit()
        rec = await recording
        async with engine.connect() as conn:
            months = set(await conn.scalars(text("SELECT DISTINCT month FROM log_rollup")))
    assert not rec.duplicate and months == {"2025-02"}


async def test_the_driver_reads_give_what_sqlalchemy_gives(storage_url):
    """Issue 27: the prebuilt reads on asyncpg's own connection (core.storage.driver) agree,
    value for value, with the same reads through SQLAlchemy: the table lookup (with a board
    named by number, a seat, a playing director, the club's settings and session times), a
    board, a seat, a choice's context, and a read that finds nothing."""
    from core.storage.desk import Desk
    from core.storage.repo import statements as st
    from core.storage.service import Storage

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        table = await storage.table(GUILD_A, 1)
        await storage.sit(GUILD_A, PLAYER, table.id, "E")
        await Desk(storage).set_playing(GUILD_A, PLAYER, True)
        rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=11)
        plain = Storage(storage.tx.sessionmaker, driver_reads=False)
        assert storage.tx.driver is not None and plain.tx.driver is None
        for read in (st.TABLE_LOOKUP_MINE, st.TABLE_LOOKUP_NUMBERED, st.BOARD_BY_ID, st.SEATING,
                     st.CHOICE_CONTEXT):  # each really runs on the driver
            assert storage.tx.driver.compiled(read) is not None

        async def reads(s: Any) -> list[Any]:
            return [
                await s.table_lookup(GUILD_A, PLAYER, 1, board_number=1),
                await s.table_lookup(GUILD_A, PLAYER),
                await s.table_lookup(GUILD_A, 999, 7, create=False),
                await s.board(GUILD_A, board.id),
                await s.seating(GUILD_A, PLAYER),
                await s.seating(GUILD_A, 999),
                await s.choice_context(GUILD_A, rec.id, PLAYER),
            ]

        ran = storage.tx.driver.executed
        driven, through_sqlalchemy = await reads(storage), await reads(plain)
        assert storage.tx.driver.executed - ran >= 7  # every read above ran on the driver
    assert driven == through_sqlalchemy
    assert driven[0].playing_director and driven[0].named_board is not None
    assert driven[0].club.guild_id == GUILD_A and driven[5] is None


async def test_a_read_the_driver_fails_runs_through_sqlalchemy(storage_url, monkeypatch):
    from core.storage.driver import DriverReads

    async def broken(*_args: Any) -> Any:
        raise RuntimeError("the driver failed")

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        monkeypatch.setattr(DriverReads, "first", broken)
        assert (await storage.board(GUILD_A, board.id)).last_seq == board.last_seq


async def _events(storage: Any, board_id: int) -> int:
    async with storage.tx.engine.connect() as conn:
        return await conn.scalar(text("SELECT count(*) FROM events WHERE board_id = :b"),
                                 {"b": board_id})


async def test_a_write_the_driver_fails_midway_runs_through_sqlalchemy_once(storage_url,
                                                                          monkeypatch):
    """The writes statement fails on the driver after the board was locked: the driver's
    transaction is rolled back, the recording runs again through SQLAlchemy, lands once, and
    the pooled connection is left in no transaction (a read after it sees the recording)."""
    import asyncpg

    from core.storage.driver import DriverReads

    real = DriverReads.fetch

    async def failing(self: Any, driver: Any, read: Any, parameters: Any) -> Any:
        if read.sql.startswith("WITH"):
            raise asyncpg.exceptions.SerializationError("as if the server refused it")
        return await real(self, driver, read, parameters)

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        monkeypatch.setattr(DriverReads, "fetch", failing)
        rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=21)
        monkeypatch.setattr(DriverReads, "fetch", real)
        assert not rec.duplicate and rec.seq == board.last_seq + 1
        assert await _events(storage, board.id) == board.last_seq + 1
        assert (await storage.board(GUILD_A, board.id)).last_seq == rec.seq
        again = await storage.record(GUILD_A, board.id, exposed("E", "HQ"), interaction_id=22)
        assert again.seq == rec.seq + 1  # the connection went back to the pool clean


def lose_the_first_write_answer(monkeypatch: Any) -> list[bool]:
    """The first one-statement write (``WITH …``) on the driver is applied by the server, then
    its answer is lost as if the connection dropped; the list says whether that happened."""
    import asyncpg

    from core.storage.driver import DriverReads

    real = DriverReads.fetch
    lost: list[bool] = []

    async def applied_then_lost(self: Any, driver: Any, read: Any, parameters: Any) -> Any:
        rows = await real(self, driver, read, parameters)
        if read.sql.startswith("WITH") and not lost:
            lost.append(True)
            raise asyncpg.exceptions.ConnectionDoesNotExistError("the answer was lost")
        return rows

    monkeypatch.setattr(DriverReads, "fetch", applied_then_lost)
    return lost


@pytest.mark.parametrize("keyed", [True, False])
async def test_a_recording_whose_answer_is_lost_is_repeated_only_when_keyed(
        storage_url, monkeypatch, keyed):
    """The recording's one statement reaches the server and is applied, but its answer is
    lost (the connection drops): a recording keyed by its interaction runs again and finds
    itself (recorded once); an unkeyed one says that it may or may not have been recorded,
    rather than guess."""
    from core.storage.errors import StorageError

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        lost = lose_the_first_write_answer(monkeypatch)
        if keyed:
            rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=31)
            assert rec.seq == board.last_seq + 1
        else:
            with pytest.raises(StorageError, match="may or may not have been recorded"):
                await storage.record(GUILD_A, board.id, exposed("W", "SK"))
        monkeypatch.undo()
        assert lost  # the write's answer was the one lost
        assert await _events(storage, board.id) == board.last_seq + 1  # exactly once


@pytest.mark.parametrize("keyed", [True, False])
async def test_a_lost_commit_on_the_driver_is_repeated_only_when_keyed(storage_url, monkeypatch,
                                                                       keyed):
    """``/board set`` runs in a transaction of the driver's: its COMMIT reaches the server but
    the answer is lost. Keyed by its interaction, it runs again and finds itself (the board
    ended and the facts set once); unkeyed, it says it may or may not have been recorded."""
    import asyncpg.transaction

    from core.storage.errors import StorageError

    real_commit = asyncpg.transaction.Transaction.commit
    lost: list[bool] = []

    async def commit_then_lose(self: Any) -> None:  # the first COMMIT only
        await real_commit(self)
        if not lost:
            lost.append(True)
            raise asyncpg.exceptions.ConnectionDoesNotExistError("the answer to COMMIT was lost")

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        await storage.record(GUILD_A, board.id, exposed("W", "SK"))
        table = await storage.table(GUILD_A, 1)
        monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", commit_then_lose)
        move = storage.set_board(GUILD_A, table.id, 2, dealer="E", declarer="W", contract="2S",
                                 actor_id=PLAYER, director=True,
                                 interaction_id=51 if keyed else None)
        if keyed:
            assert (await move).redelivered
        else:
            with pytest.raises(StorageError, match="may or may not have been recorded"):
                await move
        monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", real_commit)
        assert lost
        async with storage.tx.engine.connect() as conn:
            kinds = list(await conn.scalars(text("SELECT kind FROM events ORDER BY id")))
    assert kinds.count("board_end") == 1 and kinds.count("board_set") == 2  # boards 1 and 2


async def test_a_board_moved_under_a_recording_fails_its_statement_as_a_whole(storage_url,
                                                                            monkeypatch):
    """With no transaction around the recording, another writer may move the board between
    its read and its write. Here one bumps the board's version after the read and commits while
    the write waits for the row: the write statement fails as a whole (no event without its
    snapshot), and the recording runs again and lands once, on the board as it now is."""
    from core.storage.driver import DriverReads

    real = DriverReads.fetch
    failed: list[str] = []

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        other = make_engine(storage_url, poolclass=NullPool)
        try:
            async with other.connect() as conn:

                async def moved_meanwhile(self: Any, driver: Any, read: Any,
                                          parameters: Any) -> Any:
                    if not read.sql.startswith("WITH") or failed:
                        return await real(self, driver, read, parameters)
                    await conn.execute(text("UPDATE boards SET version = version + 1"
                                            " WHERE id = :b"), {"b": board.id})

                    async def commit_soon() -> None:
                        await asyncio.sleep(0.3)  # the write is waiting for the row by then
                        await conn.commit()

                    committing = asyncio.create_task(commit_soon())
                    try:
                        return await real(self, driver, read, parameters)
                    except Exception as exc:
                        failed.append(str(exc))
                        raise
                    finally:
                        await committing

                monkeypatch.setattr(DriverReads, "fetch", moved_meanwhile)
                rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"),
                                           interaction_id=61)
                monkeypatch.setattr(DriverReads, "fetch", real)
        finally:
            await other.dispose()
        assert failed and "board changed under the recording" in failed[0]
        assert rec.seq == board.last_seq + 1 and not rec.duplicate
        assert await _events(storage, board.id) == board.last_seq + 1
        after = await storage.board(GUILD_A, board.id)
    assert after.last_seq == rec.seq


async def test_a_board_moved_before_a_recordings_write_writes_nothing_then_lands_once(
        storage_url, monkeypatch):
    """Another writer moved the board (committed) between the recording's read and its write:
    the write statement finds the version moved and writes nothing; the recording reads the
    board again and lands once, on the driver."""
    from core.storage.driver import DriverReads

    real = DriverReads.fetch
    answers: list[Any] = []

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        engine = storage.tx.engine
        assert engine is not None
        other = make_engine(storage_url, poolclass=NullPool)

        async def moved_before(self: Any, driver: Any, read: Any, parameters: Any) -> Any:
            if read.sql.startswith("WITH") and not answers:
                async with other.begin() as conn:
                    await conn.execute(text("UPDATE boards SET version = version + 1"
                                            " WHERE id = :b"), {"b": board.id})
            rows = await real(self, driver, read, parameters)
            if read.sql.startswith("WITH"):
                answers.append(tuple(rows[0][:3]))
            return rows

        monkeypatch.setattr(DriverReads, "fetch", moved_before)
        statements = count_statements(engine)
        try:
            rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"),
                                       interaction_id=71)
        finally:
            await other.dispose()
        monkeypatch.setattr(DriverReads, "fetch", real)
        assert answers[0] == (None, None, 0)  # nothing written the first time
        assert len(answers) == 2 and answers[1][1] == rec.id
        assert statements == []  # both attempts on the driver
        assert await _events(storage, board.id) == board.last_seq + 1


async def test_a_lock_timeout_on_the_driver_counts_as_one_of_the_two_waits(storage_url,
                                                                           monkeypatch):
    """A recording whose board stays locked by another transaction waits one lock timeout on
    the driver, then one through SQLAlchemy, and is "busy": two waits in all, as on the
    SQLAlchemy path alone (not three)."""
    from core.storage import db
    from core.storage.errors import Busy
    from core.storage.repo import transactions

    monkeypatch.setattr(db, "PG_LOCK_TIMEOUT", "200ms")
    waits: list[str] = []
    real = transactions.transient

    def counted(exc: Any, retry_disconnect: bool) -> Any:
        why = real(exc, retry_disconnect)
        waits.append(str(why))
        return why

    monkeypatch.setattr(transactions, "transient", counted)
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        blocker = make_engine(storage_url)
        try:
            async with blocker.connect() as conn:
                await conn.begin()
                await conn.exec_driver_sql(f"SELECT * FROM boards WHERE id = {board.id} "
                                           "FOR UPDATE")
                with pytest.raises(Busy):
                    await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=5)
                await conn.rollback()
        finally:
            await blocker.dispose()
    assert waits == ["PostgreSQL 55P03"]  # the driver's wait, then this one: busy


async def test_a_board_set_runs_wholly_on_the_driver(storage_url):
    """Issue 27: ``/board set`` as a director moves a table (the board in play ended, the next
    one created, the table moved, who plays it noted, the facts set) in one transaction of the
    driver's: no statement goes through SQLAlchemy, and what it stores is what the SQLAlchemy
    path stores (the same moves, one storage on each path, compared)."""
    from core.storage.service import Storage

    async with migrated_storage(storage_url, upgrade=False) as storage:
        plain = Storage(storage.tx.sessionmaker, driver_reads=False)
        moved = []
        for s, guild in ((storage, GUILD_A), (plain, GUILD_A + 1)):
            board = await new_board(s, guild)
            await s.record(guild, board.id, exposed("W", "SK"), interaction_id=guild)
            table = await s.table(guild, 1)
            await s.sit(guild, PLAYER, table.id, "E")
            sent = count_statements(storage.tx.engine)
            for number in (2, 3):
                move = await s.set_board(guild, table.id, number, dealer="E", declarer="W",
                                         contract="3NT", actor_id=PLAYER, director=True,
                                         interaction_id=guild * 10 + number)
                moved.append((move.number, move.dealer and move.dealer.value,
                              move.declarer and move.declarer.value, move.contract,
                              move.last_seq, move.ended is not None))
            if s is storage:
                assert sent == []  # nothing through SQLAlchemy
            else:
                assert len(sent) > 10
            async with storage.tx.engine.connect() as conn:
                moved.append(tuple(await conn.execute(text(
                    "SELECT b.number, b.last_seq, b.contract, t.current_board,"
                    " (SELECT count(*) FROM board_players p WHERE p.board_id = b.id)"
                    " FROM boards b JOIN tables t ON t.id = b.table_id"
                    " WHERE b.club_id = (SELECT id FROM clubs WHERE guild_id = :g)"
                    " ORDER BY b.number"), {"g": guild})))
    assert moved[:3] == moved[3:]
    assert moved[0] == (2, "E", "W", "3NT", 1, True)
    assert [row[0] for row in moved[2]] == [1, 2, 3] and moved[2][2][3:] == (3, 1)


async def test_a_read_whose_idle_connection_must_be_opened_again_opens_it(storage_url,
                                                                         monkeypatch):
    """The hot path takes an idle pooled connection without SQLAlchemy's async layer
    (``HotPath.raw``). One that must first be opened again (invalidated since it was last used)
    cannot be opened there: it is opened through the async engine instead, and the read
    answers."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        engine = storage.tx.engine
        assert engine is not None
        await engine.dispose()
        pooled = await engine.raw_connection()
        pooled.invalidate()  # back in the pool, to be opened again on its next checkout
        sync = engine.sync_engine
        assert sync.pool.checkedin() == 1
        refused: list[str] = []
        real = sync.raw_connection

        def watched() -> Any:
            try:
                return real()
            except Exception as exc:
                refused.append(type(exc).__name__)
                raise

        monkeypatch.setattr(sync, "raw_connection", watched)
        assert (await storage.board(GUILD_A, board.id)).last_seq == board.last_seq
        assert (await storage.table_lookup(GUILD_A, 1234, 1)).board is not None
    assert refused == ["MissingGreenlet"]  # once: the connection then open, used as it is


async def test_a_write_meeting_a_statement_not_on_the_driver_runs_through_sqlalchemy(
        storage_url):
    """A redelivered recording finds its first one and folds the board up to it with a read
    that is not one of the driver's prebuilt statements (``ON_THE_DRIVER``): the driver's
    transaction is rolled back and the write runs through SQLAlchemy, which answers with the
    first recording; nothing is written twice."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        first = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=41)
        statements = count_statements(storage.tx.engine)
        again = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=41)
        assert again.duplicate and again.id == first.id and again.state == first.state
        assert statements  # it went through SQLAlchemy
        assert await _events(storage, board.id) == board.last_seq + 1


async def test_connections_beyond_the_pools_size_are_closed_cleanly(storage_url, caplog):
    """Many reads and recordings at once open connections beyond the pool's size (its
    overflow). Given back raw (``HotPath.release``), the pool keeps its size's worth and the
    others are closed by asyncpg, not left to SQLAlchemy (whose close would need its async
    layer: "Exception closing connection" before): no error is logged, nothing stays checked
    out, and the server is left with the pool's connections only."""
    import logging

    caplog.set_level(logging.ERROR, logger="sqlalchemy.pool")
    engine = make_engine(storage_url, pool_size=2, max_overflow=10)  # an operator's overflow
    try:
        storage = Storage(make_sessionmaker(engine))
        board = await new_board(storage)
        await engine.dispose()
        pool = engine.sync_engine.pool
        await asyncio.gather(
            *(storage.board(GUILD_A, board.id) for _ in range(12)),
            *(storage.record(GUILD_A, board.id, exposed("W", card), interaction_id=i)
              for i, card in enumerate(("S2", "S3", "S4"), start=100)))
        await asyncio.gather(*(storage.table_lookup(GUILD_A, 1234, 1) for _ in range(12)))
        assert pool.checkedout() == 0  # type: ignore[attr-defined]
        assert pool.checkedin() <= pool.size()  # type: ignore[attr-defined]
        async with engine.connect() as conn:
            open_here = await conn.scalar(text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND application_name = 'tdbot'"))
        assert open_here <= pool.size()  # type: ignore[attr-defined]
        assert (await storage.board(GUILD_A, board.id)).last_seq == board.last_seq + 3
    finally:
        await engine.dispose()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_the_pool_keeps_the_connections_a_burst_opened(storage_url):
    """PostgreSQL's default pool (``PG_POOL_SIZE``, no overflow): 12 connections checked out
    at once and given back raw all stay open for the next burst (SQLAlchemy's default kept 5
    and closed the rest, to be opened again)."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        hot_path = storage.tx.hot_path
        assert hot_path is not None
        pool = hot_path.engine.sync_engine.pool
        taken = await asyncio.gather(*(hot_path.raw() for _ in range(12)))
        for pooled in taken:
            await hot_path.release(pooled)
        assert pool.checkedout() == 0  # type: ignore[attr-defined]
        assert pool.checkedin() == 12  # type: ignore[attr-defined]
        assert pool.size() == PG_POOL_SIZE  # type: ignore[attr-defined]


async def test_a_raw_checkout_that_cannot_connect_falls_back_to_sqlalchemy(storage_url,
                                                                           monkeypatch):
    """A raw checkout (``HotPath.raw``) raises the driver's own errors, unwrapped (here a
    refused connection, as while the server restarts): the read and the recording then run
    through SQLAlchemy, which connects for itself, rather than failing the command."""
    from core.storage.hotpath import HotPath

    async def refused(self: Any) -> Any:
        raise ConnectionRefusedError(111, "Connect call failed")

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        monkeypatch.setattr(HotPath, "raw", refused)
        assert (await storage.board(GUILD_A, board.id)).last_seq == board.last_seq
        rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=81)
        assert rec.seq == board.last_seq + 1


async def test_a_consultation_answer_whose_write_answer_is_lost_is_logged_once(storage_url,
                                                                             monkeypatch):
    """A director's answer to a consultation is recorded keyed by its interaction: when the
    answer to its one write statement is lost (the statement applied), it runs again, finds
    itself, and the consultation is answered with that one entry (not "may or may not have
    been recorded", which would leave it open for a second, duplicate answer)."""
    from core.storage.desk import Desk
    from tests.core.storage.helpers import DIRECTOR

    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        desk = Desk(storage)
        asked = await desk.consult(GUILD_A, PLAYER, board.id, 91, "Is 2C comparable?")
        lost = lose_the_first_write_answer(monkeypatch)
        done, recorded = await desk.answer(GUILD_A, asked.id, DIRECTOR, "Yes", None,
                                           interaction_id=92)
        monkeypatch.undo()
        assert lost and done.event_id == recorded.id
        assert await _events(storage, board.id) == board.last_seq + 1  # logged once
        assert await desk.open_consultations(GUILD_A) == ()


async def test_a_boards_writers_in_one_process_take_turns(storage_url):
    """``Transactions.turn``: writers with the same key (a board) run one at a time, in the
    order they came; other keys run beside them; a writer cancelled while waiting leaves its
    place; and nothing is kept once all are done."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        tx = storage.tx
        inside: dict[str, int] = {"b1": 0, "b2": 0}
        most: dict[str, int] = {"b1": 0, "b2": 0}
        order: list[int] = []

        async def writer(key: str, n: int) -> None:
            async with tx.turn(key):
                inside[key] += 1
                most[key] = max(most[key], inside[key])
                if key == "b1":
                    order.append(n)
                await asyncio.sleep(0.005)
                inside[key] -= 1

        first = asyncio.create_task(writer("b1", 0))
        await asyncio.sleep(0)
        cancelled = asyncio.create_task(writer("b1", 99))
        others = [asyncio.create_task(writer("b1", n)) for n in range(1, 6)]
        beside = [asyncio.create_task(writer("b2", n)) for n in range(3)]
        await asyncio.sleep(0)
        cancelled.cancel()
        await asyncio.gather(first, *others, *beside)
        assert cancelled.cancelled()
        assert most == {"b1": 1, "b2": 1} and order == [0, 1, 2, 3, 4, 5]
        assert tx._turns == {}


async def test_recordings_of_one_board_at_once_do_not_race_in_the_database(storage_url):
    """26 recordings of one board at once, all started from one lookup: they take their turns
    in the process, so each sends at most three statements (its write from the lookup, which
    finds the board moved, the board read again and its write), where racing in the database
    they would find the board moved again and again; every one lands, in sequence."""
    async with migrated_storage(storage_url, upgrade=False) as storage:
        board = await new_board(storage)
        looked = (await storage.table_lookup(GUILD_A, PLAYER, 1)).board
        cards = [f"{suit}{rank}" for suit in "SH" for rank in "23456789TJQKA"]
        assert storage.tx.driver is not None
        before = storage.tx.driver.executed
        results = await asyncio.gather(*(
            storage.record(GUILD_A, board.id, exposed("W" if i < 13 else "E", card),
                           interaction_id=20_000 + i, seen=looked)
            for i, card in enumerate(cards)))
        assert sorted(r.seq for r in results) == list(range(2, 28))
        assert storage.tx.driver.executed - before <= 3 * len(cards)
