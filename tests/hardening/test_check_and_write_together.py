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


async def test_under_a_ruling_a_defender_cannot_rewrite_the_contract(ld, storage):
    """4H by S, then West's card dropped (a ruling): West's /board set contract:7NTXX is refused
    in one line and the contract stays 4H; a director may still correct it."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    await ld.run("/exposed cards:ST how:accidental", user="LHO")
    result = await ld.run("/board set number:1 contract:7NTXX", user="LHO")
    assert result.ephemeral and "only a director can change its contract" in result.text, \
        result.text
    table = await storage.table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id)
    assert board.state.contract == "4H"
    fixed = await ld.run("/board set number:1 contract:4S table:1", user="Director")
    assert not fixed.ephemeral and "contract 4S" in fixed.text, fixed.text


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


async def board_one_played_table_on_two(ld) -> None:
    """Table 1 played board 1 (ended) and is on board 2; everyone seated."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N", user="Declarer")
    ended = await ld.run("/board end", user="Declarer")
    assert not ended.ephemeral, ended.text
    moved = await ld.run("/board set number:2 dealer:E", user="Declarer")
    assert not moved.ephemeral, moved.text


async def consistent(storage, ld) -> tuple[int, list]:
    """The table's current board, and every other board of it finished: a reopened board is
    the one the table plays (never a board reopened behind the table's back)."""
    table = await storage.table(ld.guild.id, 1)
    boards = []
    for number in range(1, 6):
        board = await storage.find_board(ld.guild.id, table.id, number)
        if board is not None:
            boards.append(board)
    for board in boards:
        if board.number != table.current_board:
            assert board.state.phase.value == "finished", (board.number, table.current_board)
    return table.current_board, boards


async def test_a_move_landing_during_a_reopen_leaves_one_consistent_table(
    ld, storage, monkeypatch
):
    """A director reopens board 1 while a player moves the table to board 3: the reopen (move,
    void of the old board end) is one transaction, so the player's move comes wholly before or
    after it. Here it lands right after the director's write: board 1, reopened and in play,
    is ended by the move; no board is left reopened behind the table's back."""
    await board_one_played_table_on_two(ld)
    set_board = storage.set_board
    landed: list[str] = []

    async def player_moves_right_after(guild_id, table_id, number, **kwargs):
        done = await set_board(guild_id, table_id, number, **kwargs)
        if number == 1 and not landed:  # the director's write, then the player's command
            landed.append((await ld.run("/board set number:3", user="Declarer")).text)
        return done

    monkeypatch.setattr(storage, "set_board", player_moves_right_after)
    reopened = await ld.run("/board set number:1 table:1 reopen:True", user="Director")
    assert landed, reopened.text
    current, boards = await consistent(storage, ld)
    assert current == 3, (current, landed, reopened.text)
    one = next(b for b in boards if b.number == 1)
    kinds = [(e.kind, e.void) for e in await storage.board_events(ld.guild.id, one.id)]
    assert kinds.count(("board_end", True)) == 1 and kinds.count(("board_end", False)) == 1, kinds


async def test_a_reopen_raced_with_a_board_set_leaves_one_consistent_table(ld, storage):
    """A director's reopen of board 1 and a player's /board set number:3 at the same moment,
    several rounds: whichever goes first, the table ends on one board and every other board of
    it is finished; each board end is voided at most once."""
    await board_one_played_table_on_two(ld)
    for _ in range(3):
        results = await asyncio.gather(
            ld.dispatch(ld.slash_payload(
                "board set", {"number": 1, "table": 1, "reopen": True}, user="Director")),
            ld.dispatch(ld.slash_payload("board set", {"number": 3}, user="Declarer")),
        )
        texts = [r.text for r in results]
        assert not any("went wrong" in t for t in texts), texts
        current, boards = await consistent(storage, ld)
        assert current in (1, 3), (current, texts)
        for board in boards:
            events = await storage.board_events(ld.guild.id, board.id)
            verdicts = [await storage.verdicts(ld.guild.id, e.id) for e in events
                        if e.kind == "board_end"]
            assert all(len(v) <= 1 for v in verdicts), (board.number, verdicts)
        if current == 3:  # the table is back on 3: end it to try the reopen again
            await ld.run("/board end", user="Declarer")
            await ld.run("/board set number:2", user="Director")


async def test_a_redelivered_reopen_writes_nothing_new(ld, storage):
    """Discord delivering a director's reopen again after the table moved on: the second
    delivery is the same interaction, so it reopens nothing again and moves nothing back."""
    await board_one_played_table_on_two(ld)
    payload = ld.slash_payload("board set", {"number": 1, "table": 1, "reopen": True},
                               user="Director")
    first = await ld.dispatch(payload)
    assert "reopened" in first.text, first.text
    moved = await ld.run("/board set number:3", user="Declarer")  # board 1 ends again
    assert "Board 1 has ended" in moved.text, moved.text
    table = await storage.table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id, 1)
    before = [(e.id, e.void) for e in await storage.board_events(ld.guild.id, board.id)]
    await ld.dispatch(dict(payload))
    after = [(e.id, e.void) for e in await storage.board_events(ld.guild.id, board.id)]
    assert after == before
    assert (await storage.table(ld.guild.id, 1)).current_board == 3


async def test_a_refused_reopen_writes_nothing(ld, storage):
    """A player's reopen, and a director's reopen of a board not ended: refused, nothing
    written (the table stays on its board, no event, no verdict)."""
    await board_one_played_table_on_two(ld)
    table = await storage.table(ld.guild.id, 1)
    one = await storage.find_board(ld.guild.id, table.id, 1)
    two = await storage.find_board(ld.guild.id, table.id, 2)
    before = [await storage.board_events(ld.guild.id, b.id) for b in (one, two)]
    refused = await ld.run("/board set number:1 reopen:True", user="Declarer")
    assert refused.ephemeral and "Only a director can reopen" in refused.text, refused.text
    nothing = await ld.run("/board set number:2 table:1 reopen:True", user="Director")
    assert nothing.ephemeral and "nothing to reopen" in nothing.text, nothing.text
    after = [await storage.board_events(ld.guild.id, b.id) for b in (one, two)]
    assert after == before
    assert (await storage.table(ld.guild.id, 1)).current_board == 2
