"""Club isolation: guild A can never read or change guild B's data, whatever ids it passes."""

from __future__ import annotations

import dataclasses
import json

import pytest

from core.storage.errors import NotFound
from core.storage.values import LogFilter
from tests.core.storage.helpers import (
    DIRECTOR,
    GUILD_A,
    GUILD_B,
    PLAYER,
    exposed,
    new_board,
    penalty_story,
)


@dataclasses.dataclass
class World:
    a_board: object
    b_board: object
    b_events: list
    b_call: object


async def _world(storage) -> World:
    a_board = await new_board(storage, GUILD_A)
    await storage.record(GUILD_A, a_board.id, exposed("W", "SK"), interaction_id=1)
    b_board = await new_board(storage, GUILD_B, table=1)
    b_events = [
        await storage.record(GUILD_B, b_board.id, ev, actor_id=PLAYER, interaction_id=100 + i)
        for i, ev in enumerate(penalty_story()[:3])
    ]
    await storage.confirm(GUILD_B, b_events[0].id, DIRECTOR)
    b_table = b_board.table_id
    await storage.sit(GUILD_B, PLAYER, b_table, "N")
    b_call = await storage.call_director(GUILD_B, PLAYER, event_id=b_events[0].id)
    return World(a_board, b_board, b_events, b_call)


async def _snapshot_b(storage, world: World) -> tuple:
    """Everything guild B can see of its own data."""
    log = await storage.search_log(GUILD_B, limit=100)
    verdicts = [await storage.verdicts(GUILD_B, e.id) for e in world.b_events]
    return (
        await storage.board(GUILD_B, world.b_board.id),
        log.entries,
        verdicts,
        await storage.director_call(GUILD_B, world.b_call.id),
        await storage.seated_at(GUILD_B, world.b_board.table_id),
        await storage.club(GUILD_B),
    )


def _attempts(world: World):
    """Every call through which guild A might reach B's objects by their ids."""
    ev = exposed("E", "C2")
    board, table, session = world.b_board.id, world.b_board.table_id, world.b_board.session_id
    call = world.b_call.id
    attempts = [
        ("board", (GUILD_A, board), {}),
        ("board_state", (GUILD_A, board), {}),
        ("board_events", (GUILD_A, board), {}),
        ("rebuild", (GUILD_A, board), {}),
        ("rebuild", (GUILD_A, board), {"store": True}),
        ("record", (GUILD_A, board, ev), {}),
        ("set_board", (GUILD_A, table, 5), {}),
        ("sit", (GUILD_A, PLAYER, table, "S"), {}),
        ("session", (GUILD_A, session), {}),
        ("table", (GUILD_A, 1), {"session_id": session}),
        ("call_director", (GUILD_A, PLAYER), {"board_id": board}),
        ("call_director", (GUILD_A, PLAYER), {"table_id": table}),
        ("claim_call", (GUILD_A, call, DIRECTOR), {}),
        ("set_call_message", (GUILD_A, call, 1, 2), {}),
        ("director_call", (GUILD_A, call), {}),
    ]
    for e in world.b_events:
        attempts += [
            ("event", (GUILD_A, e.id), {}),
            ("recorded", (GUILD_A, e.id), {}),
            ("verdicts", (GUILD_A, e.id), {}),
            ("confirm", (GUILD_A, e.id, DIRECTOR), {}),
            ("amend", (GUILD_A, e.id, DIRECTOR, "changed"), {}),
            ("adjust", (GUILD_A, e.id, DIRECTOR, "60%-40%"), {}),
            ("void", (GUILD_A, e.id, DIRECTOR), {}),
            ("call_director", (GUILD_A, PLAYER), {"event_id": e.id}),
        ]
    return attempts


async def test_guild_a_cannot_reach_guild_b_by_id(storage):
    """Every read or write of A aimed at one of B's ids is NotFound, and B's data is unchanged."""
    world = await _world(storage)
    # A's own objects have other ids than B's (so a success could only be a leak)
    assert world.a_board.id != world.b_board.id
    assert world.a_board.table_id != world.b_board.table_id
    before = await _snapshot_b(storage, world)
    for name, args, kw in _attempts(world):
        with pytest.raises(NotFound):
            await getattr(storage, name)(*args, **kw)
    assert await _snapshot_b(storage, world) == before


async def test_lookups_by_bs_ids_find_nothing_in_a(storage):
    """The lookups that answer None/empty for a miss do so for B's ids too."""
    world = await _world(storage)
    b_table = world.b_board.table_id
    assert await storage.find_board(GUILD_A, b_table) is None
    assert await storage.find_board(GUILD_A, b_table, 1) is None
    assert await storage.seated_at(GUILD_A, b_table) == ()
    assert await storage.find_table(GUILD_A, 1, session_id=world.b_board.session_id) is None
    assert await storage.seating(GUILD_A, PLAYER) is None
    assert await storage.open_calls(GUILD_A) == ()


async def test_as_log_shows_only_as_rulings_whatever_the_filters(storage):
    """Search, count, export and stats of A never include B's rulings, even filtering on
    B's session or board numbers."""
    world = await _world(storage)
    b_ids = {e.id for e in world.b_events}
    for filters in (
        LogFilter(),
        LogFilter(session_id=world.b_board.session_id),
        LogFilter(table=1, board=1),
        LogFilter(actor_id=PLAYER),
        LogFilter(director_id=DIRECTOR),
        LogFilter(law="50"),
        LogFilter(records=True),
    ):
        page = await storage.search_log(GUILD_A, filters, limit=100)
        assert not {e.id for e in page.entries} & b_ids
        csv_text = "".join([c async for c in storage.export_csv(GUILD_A, filters)])
        rows = csv_text.splitlines()[1:]
        assert not {int(r.split(",")[0]) for r in rows} & b_ids
        data = json.loads("".join([c async for c in storage.export_json(GUILD_A, filters)]))
        assert not {r["id"] for r in data} & b_ids
    assert await storage.count_log(GUILD_A) == 1  # the exposure: a board set is the record
    assert await storage.count_log(GUILD_A, LogFilter(records=True)) == 2
    assert (await storage.stats(GUILD_A)).total == 1  # the exposure: a board set is no ruling
    assert (await storage.stats(GUILD_A)).reviewed == 0


async def test_interaction_ids_are_per_guild(storage):
    """B's interaction id used in A is a new recording in A, never B's result."""
    world = await _world(storage)
    rec = await storage.record(GUILD_A, world.a_board.id, exposed("E", "C2"), interaction_id=100)
    assert not rec.duplicate
    assert rec.id not in {e.id for e in world.b_events}
    assert rec.board_id == world.a_board.id


async def test_a_cannot_record_on_bs_board_with_its_own_interaction(storage):
    """Even an interaction id A already used does not open B's board."""
    world = await _world(storage)
    with pytest.raises(NotFound):
        await storage.record(GUILD_A, world.b_board.id, exposed("W", "SK"), interaction_id=1)
