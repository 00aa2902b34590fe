"""The event log of a board: recording, the fold, idempotency and concurrent writers."""

from __future__ import annotations

import asyncio

import pytest

from core.cards import SUITS, Card
from core.engine import event_from_data
from core.errors import RuleError
from core.seats import Seat
from core.state import PenaltyKind, Phase, TableState
from core.storage import db
from core.storage.errors import Busy, NotFound, Stale
from core.storage.repo import boards
from core.storage.testing import migrated_storage
from tests.core.storage.helpers import (
    GUILD_A,
    PLAYER,
    board_ended,
    chosen,
    exposed,
    fold,
    lead_lost,
    new_board,
    penalty_story,
    played,
)


async def test_record_returns_the_ruling_and_the_new_state(storage):
    """Recording an exposure answers with the engine's ruling and moves the board's state."""
    board = await new_board(storage)
    rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"), actor_id=PLAYER)
    assert rec.seq == 2  # the board_set event is #1
    assert rec.ruling.kind == "exposure"
    assert "50B" in rec.ruling.laws
    assert [p.token for p in rec.state.penalty_cards] == ["W:SK:major"]
    assert rec.actor_id == PLAYER and not rec.duplicate
    stored = await storage.board(GUILD_A, board.id)
    assert stored.state == rec.state
    assert stored.last_seq == 2


async def test_a_snapshot_just_written_is_read_back_without_parsing_it_again(storage):
    """The snapshot cache is keyed by the stored JSON text: what a recording writes (through
    the engine's JSON encoder, ``core.storage.db.json_text``) is the key the next read finds."""
    board = await new_board(storage)
    rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"), actor_id=PLAYER)
    cached = dict(storage._states._states)
    read = await storage.board(GUILD_A, board.id)
    assert read.state == rec.state
    assert storage._states._states == cached  # nothing new parsed: the written text was found


async def test_set_board_is_logged_as_a_board_set_event(storage):
    """Dealer, declarer and contract enter the fold as a board_set event; repeating them adds
    nothing."""
    board = await new_board(storage, declarer="S", dealer="N", contract="4H")
    assert (board.dealer, board.declarer, board.contract) == (Seat.N, Seat.S, "4H")
    assert board.state.phase is Phase.PLAY
    again = await storage.set_board(GUILD_A, board.table_id, 1, declarer="S")
    assert again.id == board.id and again.last_seq == 1
    events = await storage.board_events(GUILD_A, board.id)
    assert [e.kind for e in events] == ["board_set"]
    assert events[0].facts == {"kind": "board_set", "dealer": "N", "declarer": "S",
                               "contract": "4H"}


async def test_a_directors_move_to_a_board_made_earlier_ends_one_and_sets_the_other(storage):
    """A director's ``/board set`` works from the rows its checks locked (no read of its own
    after them): the board in play is ended, the board moved to, made earlier with a dealer,
    keeps it and takes the new facts at its next sequence number, the table's board is the
    new one, and each snapshot is the fold of its events (a recording on it then lands)."""
    first = await new_board(storage, board=1)
    await storage.set_board(GUILD_A, first.table_id, 3, dealer="E")  # made earlier
    await storage.set_board(GUILD_A, first.table_id, 1)  # back to board 1
    await storage.record(GUILD_A, first.id, exposed("W", "SK"), actor_id=PLAYER)
    made = await storage.find_board(GUILD_A, first.table_id, 3)
    assert made is not None and made.last_seq == 1

    move = await storage.set_board(GUILD_A, first.table_id, 3, declarer="S", contract="3N",
                                   actor_id=PLAYER, interaction_id=901, director=True)

    assert move.id == made.id and move.ended is not None and move.ended.id == first.id
    assert (move.dealer, move.declarer, move.contract, move.last_seq) == (Seat.E, Seat.S,
                                                                          "3NT", 2)
    assert (await storage.table(GUILD_A, 1)).current_board == 3
    for board_id in (first.id, made.id):
        events = await storage.board_events(GUILD_A, board_id)
        assert (await storage.board(GUILD_A, board_id)).state == fold(events)
    assert [e.kind for e in await storage.board_events(GUILD_A, first.id)][-1] == "board_end"
    landed = await storage.record(GUILD_A, made.id, played("W", "D2"))
    assert landed.seq == 3


async def test_snapshot_equals_the_fold_of_the_events(storage):
    """After a whole penalty-card story the stored snapshot is exactly the replay of the log."""
    board = await new_board(storage)
    for ev in penalty_story():
        await storage.record(GUILD_A, board.id, ev, actor_id=PLAYER)
    events = await storage.board_events(GUILD_A, board.id)
    assert [e.seq for e in events] == list(range(1, len(penalty_story()) + 2))
    snapshot = (await storage.board(GUILD_A, board.id)).state
    assert snapshot == fold(events)
    assert snapshot == await storage.rebuild(GUILD_A, board.id)
    assert TableState.from_json(snapshot.to_json()) == snapshot


async def test_events_are_stored_generically_and_round_trip(storage):
    """Facts are the engine's own JSON: every stored event reads back equal to what was sent."""
    board = await new_board(storage)
    sent = penalty_story() + [board_ended()]
    for ev in sent:
        await storage.record(GUILD_A, board.id, ev)
    events = await storage.board_events(GUILD_A, board.id)
    assert [event_from_data(e.facts) for e in events[1:]] == sent
    assert (await storage.board(GUILD_A, board.id)).state.phase is Phase.FINISHED


async def test_an_impossible_event_is_refused_and_nothing_is_written(storage):
    """The engine's RuleError reaches the caller; the log and the state stay as they were."""
    board = await new_board(storage)
    with pytest.raises(RuleError):
        await storage.record(GUILD_A, board.id, chosen("E", "forbid:S"))
    after = await storage.board(GUILD_A, board.id)
    assert after.last_seq == 1 and after.state == board.state
    assert len(await storage.board_events(GUILD_A, board.id)) == 1


async def test_recording_on_an_unknown_board_is_not_found(storage):
    """A board id that does not exist is a NotFound, not a crash."""
    board = await new_board(storage)
    with pytest.raises(NotFound):
        await storage.record(GUILD_A, board.id + 1000, exposed("W", "SK"))


async def test_same_interaction_twice_is_logged_once(storage):
    """A retried interaction returns the first result and does not double-log."""
    board = await new_board(storage)
    first = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=42)
    await storage.record(GUILD_A, board.id, exposed("E", "D4"))
    again = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=42)
    assert again.duplicate
    assert (again.id, again.seq, again.ruling, again.state) == (
        first.id, first.seq, first.ruling, first.state)
    events = await storage.board_events(GUILD_A, board.id)
    assert [e.kind for e in events] == ["board_set", "exposure", "exposure"]


async def test_concurrent_retries_of_one_interaction_log_it_once(storage):
    """Ten copies of one interaction racing each other leave exactly one event."""
    board = await new_board(storage)
    results = await asyncio.gather(
        *(storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=7)
          for _ in range(10))
    )
    assert len({r.id for r in results}) == 1
    assert sum(not r.duplicate for r in results) == 1
    assert len(await storage.board_events(GUILD_A, board.id)) == 2


def _fifty_follow_ups() -> list:
    """50 follow-ups that are legal in any order: each defender's 13 exposures of distinct
    cards, and 24 'lost the lead' notes."""
    events = []
    for seat, suits in (("W", SUITS[:2]), ("E", SUITS[2:])):
        cards = [Card(suit, rank) for suit in suits for rank in range(2, 15)][:13]
        events += [exposed(seat, c.text) for c in cards]
    events += [lead_lost("N" if i % 2 else "E") for i in range(24)]
    assert len(events) == 50
    return events


@pytest.mark.parametrize("from_one_lookup", [False, True])
async def test_concurrent_follow_ups_all_land_once_in_sequence(storage, from_one_lookup):
    """50 concurrent writers on one board (separate sessions): every event lands exactly once,
    seqs are 1..n with no gap, and the snapshot equals the fold of the log. Also when all 50
    start from the same table lookup (issue 27: ``seen``), so that all but one find the board
    moved on under them."""
    board = await new_board(storage)
    looked = (await storage.table_lookup(GUILD_A, PLAYER, 1)).board if from_one_lookup else None
    follow_ups = _fifty_follow_ups()
    results = await asyncio.gather(
        *(storage.record(GUILD_A, board.id, ev, actor_id=i, interaction_id=10_000 + i,
                         seen=looked)
          for i, ev in enumerate(follow_ups))
    )
    assert sorted(r.seq for r in results) == list(range(2, 52))
    events = await storage.board_events(GUILD_A, board.id)
    assert [e.seq for e in events] == list(range(1, 52))
    assert sorted(e.actor_id for e in events[1:]) == list(range(50))
    # each event is there once, with the facts that were sent
    logged = sorted((e.actor_id, event_from_data(e.facts)) for e in events[1:])
    assert [ev for _, ev in logged] == follow_ups
    state = (await storage.board(GUILD_A, board.id)).state
    assert state == fold(events)
    assert len(state.penalty_cards) == 26
    assert all(p.kind is PenaltyKind.MAJOR for p in state.penalty_cards)
    # each writer saw a state that the fold of the log up to its seq explains
    by_seq = {e.seq: e for e in events}
    for r in results[::7]:
        assert r.state == fold([by_seq[s] for s in range(1, r.seq + 1)])


async def test_two_processes_writing_one_board_never_collide(storage, storage_url):
    """Two independent engines (two bot processes, no shared in-process lock) writing one
    board at once: the database's own locking and the unique seq keep the log whole."""
    board = await new_board(storage)
    follow_ups = _fifty_follow_ups()
    async with migrated_storage(storage_url) as other:
        await asyncio.gather(
            *((other if i % 2 else storage).record(GUILD_A, board.id, ev, actor_id=i)
              for i, ev in enumerate(follow_ups))
        )
    events = await storage.board_events(GUILD_A, board.id)
    assert [e.seq for e in events] == list(range(1, 52))
    assert sorted(e.actor_id for e in events[1:]) == list(range(50))
    assert (await storage.board(GUILD_A, board.id)).state == fold(events)


async def test_without_row_locks_the_unique_seq_and_retries_still_hold(storage, monkeypatch):
    """Belt and braces: with SELECT … FOR UPDATE switched off, concurrent writers collide on
    UNIQUE(board_id, seq) or the board's version check, retry, and still all land once."""
    real = boards.board_for_record

    async def unlocked(s, guild_id, board_id, interaction_id, *, lock=False):
        return await real(s, guild_id, board_id, interaction_id, lock=False)

    monkeypatch.setattr(boards, "board_for_record", unlocked)
    monkeypatch.setattr(storage.tx, "attempts", 50)  # 30 writers on one row, all colliding
    board = await new_board(storage)
    follow_ups = _fifty_follow_ups()[:30]
    await asyncio.gather(
        *(storage.record(GUILD_A, board.id, ev, actor_id=i) for i, ev in enumerate(follow_ups))
    )
    events = await storage.board_events(GUILD_A, board.id)
    assert [e.seq for e in events] == list(range(1, 32))
    assert sorted(e.actor_id for e in events[1:]) == list(range(30))
    assert (await storage.board(GUILD_A, board.id)).state == fold(events)


async def test_concurrent_writers_on_different_boards_do_not_interfere(storage):
    """Writers spread over several tables each get their own gap-free sequence."""
    boards = [await new_board(storage, table=t) for t in range(1, 5)]
    work = [(b, played("E", f"{suit.letter}{rank}"))
            for b in boards for suit in SUITS[:1] for rank in "23456789"]
    await asyncio.gather(*(storage.record(GUILD_A, b.id, ev) for b, ev in work))
    for b in boards:
        events = await storage.board_events(GUILD_A, b.id)
        assert [e.seq for e in events] == list(range(1, 10))
        assert (await storage.board(GUILD_A, b.id)).state == fold(events)


async def test_many_first_commands_in_a_new_guild_create_one_club(storage):
    """Concurrent first uses of a guild make one club, one session, one table."""
    tables = await asyncio.gather(*(storage.table(GUILD_A, 1) for _ in range(10)))
    assert len({t.id for t in tables}) == 1
    assert len(await storage.sessions(GUILD_A)) == 1


async def test_rebuild_can_repair_a_snapshot(storage):
    """rebuild(store=True) writes the fold back as the snapshot."""
    board = await new_board(storage)
    for ev in penalty_story()[:2]:
        await storage.record(GUILD_A, board.id, ev)
    expected = await storage.rebuild(GUILD_A, board.id)
    assert await storage.rebuild(GUILD_A, board.id, store=True) == expected
    assert (await storage.board(GUILD_A, board.id)).state == expected


async def test_recorded_gives_back_a_stored_result(storage):
    """A logged event can be read back as record() returned it (for buttons after a restart)."""
    board = await new_board(storage)
    first = await storage.record(GUILD_A, board.id, exposed("W", "SK"))
    await storage.record(GUILD_A, board.id, exposed("E", "D4"))
    again = await storage.recorded(GUILD_A, first.id)
    assert (again.seq, again.ruling, again.state, again.event) == (
        first.seq, first.ruling, first.state, first.event)


async def test_a_locked_database_is_reported_busy_then_works_again(storage_url, backend,
                                                                    monkeypatch):
    """Another process holding the lock past the timeout: a polite Busy, nothing written;
    once the lock is gone the same command succeeds."""
    monkeypatch.setattr(db, "SQLITE_BUSY_TIMEOUT_MS", 200)
    monkeypatch.setattr(db, "PG_LOCK_TIMEOUT", "200ms")
    async with migrated_storage(storage_url, upgrade=False) as service_:
        board = await new_board(service_)
        blocker = db.make_engine(storage_url)
        try:
            async with blocker.connect() as conn:
                await conn.begin()
                if backend == "sqlite":  # a writer in another process
                    await conn.exec_driver_sql("UPDATE clubs SET language = 'en'")
                else:  # another transaction holding the board row
                    await conn.exec_driver_sql(f"SELECT * FROM boards WHERE id = {board.id} "
                                               "FOR UPDATE")
                with pytest.raises(Busy, match="busy"):
                    await service_.record(GUILD_A, board.id, exposed("W", "SK"))
                await conn.rollback()
        finally:
            await blocker.dispose()
        assert len(await service_.board_events(GUILD_A, board.id)) == 1
        rec = await service_.record(GUILD_A, board.id, exposed("W", "SK"))
        assert rec.seq == 2


async def test_board_columns_follow_the_state(storage, storage_url):
    """Dealer, declarer and contract on the board row are the snapshot's, for plain SQL."""
    board = await new_board(storage, declarer="S", dealer="N", contract="4H")
    await storage.set_board(GUILD_A, board.table_id, 1, declarer="E", contract="3NT")
    engine = db.make_engine(storage_url)
    try:
        async with engine.connect() as conn:
            row = (await conn.exec_driver_sql(
                f"SELECT dealer, declarer, contract FROM boards WHERE id = {board.id}")).one()
    finally:
        await engine.dispose()
    assert tuple(row) == ("N", "E", "3NT")


async def test_a_redelivered_interaction_after_the_board_moved_returns_the_first(storage):
    """A redelivery checked against the board before its first recording (``expect_seq``) is
    that first recording, not "the board changed"."""
    board = await new_board(storage)
    first = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=43,
                                 expect_seq=board.last_seq)
    again = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=43,
                                 expect_seq=board.last_seq)
    assert again.duplicate and again.id == first.id


async def test_a_recording_started_from_a_lookup_the_board_moved_past_lands_on_the_board(storage):
    """Issue 27: ``seen`` (the command's table lookup) saves the recording its board read where
    the write checks the board's version; a board moved since is read again, never written
    over: both events stand and the snapshot is the fold of the log."""
    board = await new_board(storage)
    looked = (await storage.table_lookup(GUILD_A, PLAYER, 1)).board
    assert looked is not None and looked.id == board.id
    await storage.record(GUILD_A, board.id, exposed("E", "D4"), interaction_id=81)
    rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=82,
                               seen=looked)
    assert rec.seq == looked.last_seq + 2 and not rec.duplicate
    assert {p.token for p in rec.state.penalty_cards} == {"E:D4:minor", "W:SK:major"}
    events = await storage.board_events(GUILD_A, board.id)
    assert (await storage.board(GUILD_A, board.id)).state == fold(events) == rec.state


async def test_a_recording_checked_on_a_lookup_the_board_moved_past_is_stale(storage):
    """``expect_seq`` with ``seen``: the checks were made on a board that has moved on, so
    nothing is written (the command checks again)."""
    board = await new_board(storage)
    looked = (await storage.table_lookup(GUILD_A, PLAYER, 1)).board
    assert looked is not None
    await storage.record(GUILD_A, board.id, exposed("E", "D4"))
    with pytest.raises(Stale):
        await storage.record(GUILD_A, board.id, exposed("W", "SK"), seen=looked,
                             expect_seq=looked.last_seq)
    assert len(await storage.board_events(GUILD_A, board.id)) == 2


async def test_a_redelivery_started_from_a_lookup_returns_the_first(storage):
    board = await new_board(storage)
    looked = (await storage.table_lookup(GUILD_A, PLAYER, 1)).board
    first = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=83,
                                 seen=looked)
    again = await storage.record(GUILD_A, board.id, exposed("W", "SK"), interaction_id=83,
                                 seen=looked)
    assert again.duplicate and again.id == first.id
    assert len(await storage.board_events(GUILD_A, board.id)) == 2
