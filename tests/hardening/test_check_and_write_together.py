"""Check and write together (issue 25, item 3): the checks of /board end, /board set, /session start
and declarer changes hold for the write they guard, on SQLite and PostgreSQL — two commands at
once, or a ruling landing between a command's check and its write, cannot get round them; a
redelivered /session start starts nothing twice."""

from __future__ import annotations

import asyncio

import pytest

from core.seats import Seat
from tests.core.storage.helpers import exposed
from tests.support import seat_everyone

pytestmark = pytest.mark.usefixtures("bot")





async def board_events(storage, ld, number: int = 1) -> list:
    table = await storage.table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id, number)
    assert board is not None
    return list(await storage.board_events(ld.guild.id, board.id, include_void=False))


async def test_7_two_players_ending_the_board_at_once_end_it_once(ld, storage):
    """/board end from two players at the same moment: one ends it, the other is told it has
    already ended; one board_end is logged."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    for number in (1, 2, 3):  # a race: several rounds, each on a fresh board
        if number > 1:
            moved = await ld.run(f"/board set number:{number} dealer:N", user="Declarer")
            assert not moved.ephemeral, moved.text
        results = await asyncio.gather(
            ld.dispatch(ld.slash_payload("board end", {}, user="Declarer")),
            ld.dispatch(ld.slash_payload("board end", {}, user="LHO")),
        )
        texts = [r.text for r in results]
        kinds = [e.kind for e in await board_events(storage, ld, number)]
        assert kinds.count("board_end") == 1, (kinds, texts)
        assert sum("already ended" in t for t in texts) == 1, texts


async def test_50_a_ruling_between_check_and_write_keeps_board_set_from_a_player(
    ld, storage, monkeypatch
):
    """A ruling lands on board 1 after a player's /board set number:2 checked it (no ruling
    then) and before it wrote: the move is checked again on what is there now and refused (only
    a director ends a board with a ruling); board 1 is not ended and stays in play."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    set_board = storage.set_board
    landed: list[int] = []

    async def ruling_lands_first(guild_id, table_id, number, **kwargs):
        if not landed:  # another player's report, committed between the check and the write
            board = await storage.find_board(guild_id, table_id)
            done = await storage.record(
                guild_id, board.id, exposed("W", "SK"), actor_id=1
            )
            landed.append(done.id)
        return await set_board(guild_id, table_id, number, **kwargs)

    monkeypatch.setattr(storage, "set_board", ruling_lands_first)
    result = await ld.run("/board set number:2 dealer:E", user="Dummy")
    assert landed, "the ruling did not land"
    assert result.ephemeral and "only a director" in result.text, result.text
    table = await storage.table(ld.guild.id, 1)
    assert table.current_board == 1
    kinds = [e.kind for e in await board_events(storage, ld)]
    assert "board_end" not in kinds and len(kinds) == 2, kinds  # board_set and the ruling


async def test_a_defender_cannot_override_the_declarer_a_director_named(ld, storage):
    """A director names South declarer; West, a defender, names himself: refused, South stays.
    The player who named a declarer may still correct his own entry."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N", user="Declarer")
    named = await ld.run("/board set number:1 declarer:S table:1", user="Director")
    assert not named.ephemeral, named.text
    result = await ld.run("/board set number:1 declarer:W", user="LHO")
    assert result.ephemeral and "only a director" in result.text, result.text
    table = await storage.table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id)
    assert board.state.declarer is Seat.S
    # board 2: Declarer names N by mistake and corrects it himself
    await ld.run("/board set number:2 dealer:N declarer:N", user="Declarer")
    fixed = await ld.run("/board set number:2 declarer:S", user="Declarer")
    assert not fixed.ephemeral and "declarer S" in fixed.text, fixed.text


async def test_two_directors_starting_the_session_at_once_start_one(ld, storage):
    """Two directors run /session start at the same moment: one session starts, and both are
    told of that one session (issue 22: the second start finds the session the first began,
    under the club row's lock), never of two."""
    ld.member("Director2", roles=["Director"])
    before = await storage.sessions(ld.guild.id)
    results = await asyncio.gather(
        ld.dispatch(ld.slash_payload("session start", {"name": "Monday"}, user="Director")),
        ld.dispatch(ld.slash_payload("session start", {"name": "Monday"}, user="Director2")),
    )
    texts = [r.text for r in results]
    after = await storage.sessions(ld.guild.id)
    assert len(after) == len(before) + 1, texts
    [session] = [x for x in after if x not in before]
    assert all(f"/log search session:{session.id}" in t for t in texts), texts


async def test_a_redelivered_session_start_starts_one_session(ld, storage):
    """Discord delivering the same /session start twice: one session; the first session's
    seats are not freed twice (the second delivery changes nothing)."""
    payload = ld.slash_payload("session start", {"name": "Monday"}, user="Director")
    first = await ld.dispatch(payload)
    assert "has started" in first.text, first.text
    await seat_everyone(ld)
    await ld.dispatch(dict(payload))
    sessions = await storage.sessions(ld.guild.id)
    assert len(sessions) == 1
    table = await storage.table(ld.guild.id, 1)
    assert len(await storage.seated_at(ld.guild.id, table.id)) == 4
