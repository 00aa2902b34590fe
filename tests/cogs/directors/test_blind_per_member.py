"""Blind means blind (issue 24): "played" is counted per member. In a Mitchell movement the
EW playing director moves to a table that has already played a board he plays later: that
board stays closed to him (script, log, appeals, calls) until he has played it himself."""

from __future__ import annotations

import pytest

from core.pbn import random_pbn
from core.storage.desk import Desk
from tests.support import exposure, seat_everyone, set_up

pytestmark = pytest.mark.usefixtures("bot")


async def _mitchell(ld, storage):
    """Round 1: the Director (EW) plays board 1 at table 1 while table 2 plays board 3 (a
    card is dropped there). Round 2: table 1 moves to board 2, table 2 to board 4, and the
    Director moves to table 2. Table 2 has finished board 3; he has not played it."""
    deputies = ld.guild.add_role("Deputies", mentionable=True)
    ld.member("Deputy TD", roles=["Director", "Deputies"])
    ld.refresh_guild()
    await ld.slash("setup", {"director_role": ld.guild.role("Director"),
                             "log_channel": ld.guild.channel("td-log"),
                             "deputy_role": deputies}, user="Director")
    one = await storage.table(ld.guild.id, 1)
    two = await storage.table(ld.guild.id, 2)
    await ld.run("/sit table:1 seat:E", user="Director")
    await ld.run("/sit table:1 seat:W", user="Dummy")  # a board is played with company
    await ld.run("/sit table:2 seat:N", user="Declarer")
    await ld.run("/sit table:2 seat:S", user="LHO")
    await ld.slash("playing", {"playing": True}, user="Director")
    await storage.set_board(ld.guild.id, one.id, 1, dealer="N", declarer="S", contract="4H")
    dropped = await exposure(storage, ld, table=2, board=3, card="HQ")  # table 2, round 1
    await storage.set_board(ld.guild.id, one.id, 2)
    await storage.set_board(ld.guild.id, two.id, 4)
    await ld.run("/sit table:2 seat:E", user="Director")  # the EW pair moves to table 2
    return dropped


async def test_a_board_his_new_table_played_before_he_came_stays_closed(ld, storage):
    await set_up(ld)
    dropped = await _mitchell(ld, storage)
    desk = Desk(storage)
    session = (await storage.event(ld.guild.id, dropped.id)).session_id
    director = ld.member("Director").id
    assert await desk.is_blind(ld.guild.id, director, session, 3)  # counted per member
    assert not await desk.is_blind(ld.guild.id, director, session, 1)  # he played board 1
    assert await desk.is_blind(ld.guild.id, director, session, 4)  # he plays it now
    refused = await ld.slash("script", {"id": dropped.id}, user="Director")
    assert refused.ephemeral and "not played yet" in refused.text, refused.text
    assert "♥Q" not in refused.text
    search = await ld.slash("log search", {}, user="Director")
    assert "♥Q" not in search.text
    assert "♥Q" in (await ld.slash("script", {"id": dropped.id}, user="Deputy TD")).text


async def test_a_player_who_sat_through_the_board_has_played_it(ld, storage):
    await set_up(ld)
    dropped = await _mitchell(ld, storage)
    session = (await storage.event(ld.guild.id, dropped.id)).session_id
    # Declarer sat at table 2 for board 3 and the table has moved on: he has played it
    await Desk(storage).set_playing(ld.guild.id, ld.member("Declarer").id, True)
    assert not await Desk(storage).is_blind(ld.guild.id, ld.member("Declarer").id, session, 3)


async def test_a_playing_director_cannot_take_a_call_meant_for_the_deputies(ld, storage):
    await set_up(ld)
    await _mitchell(ld, storage)
    call = await ld.slash("director", {"table": 2}, user="Declarer")
    [post] = call.channel_messages
    assert post.pings["roles"] == [ld.guild.role("Deputies").id]
    refused = await ld.press(post, "Take it", user="Director")
    assert refused.ephemeral and "for the deputies" in refused.text
    assert (await storage.director_call(ld.guild.id, 1)).claimed_by is None
    taken = await ld.press(post, "Take it", user="Deputy TD")
    assert (await storage.director_call(ld.guild.id, 1)).claimed_by == \
        ld.member("Deputy TD").id, taken.text


#: Every command about a table's board in play, asked or reported (with the hand records
#: known, a report's check against them would tell about the deal too).
ABOUT_THE_BOARD = [
    ("state", {"table": 3}),
    ("mustplay", {"seat": "W", "table": 3}),
    ("mustpass", {"seat": "W", "table": 3}),
    ("lead", {"seat": "W", "table": 3}),
    ("exposed", {"cards": "C2", "seat": "W", "how": "accidental", "table": 3}),
    ("penalty played", {"card": "C2", "seat": "W", "table": 3}),
    ("revoke", {"seat": "W", "established": True, "trick": 3, "won_by": "offender",
                "table": 3}),
    ("call", {"call": "P", "seat": "W", "table": 3}),
    ("board end", {"table": 3}),
    ("lead-out-of-turn", {"card": "C2", "seat": "W", "correct_leader": "N", "table": 3}),
    ("premature-play", {"card": "C2", "seat": "W", "led": "S", "table": 3}),
    ("simultaneous cards", {"cards": "C2 C3", "seat": "W", "visible": "C2", "table": 3}),
    ("simultaneous plays", {"legal": "N", "other": "W", "table": 3}),
    ("insufficient-bid", {"bid": "1C", "seat": "W", "table": 3}),
    ("out-of-rotation", {"call": "P", "seat": "W", "table": 3}),
    ("penalty returned", {"card": "C2", "table": 3}),
    ("penalty not-played", {"card": "C2", "seat": "W", "table": 3}),
    ("claim made", {"seat": "S", "tricks": 10, "remaining": 13, "table": 3}),
    ("claim play-on", {"table": 3}),
    ("consult ask", {"question": "Is 2C comparable?", "table": 3}),
]


async def test_every_command_about_another_tables_blind_board_is_refused(ld, storage):
    """Issue 24 at the source: the playing director may neither ask about nor report on board 5
    at table 3 (he has not played it); each command is refused in one line, nothing is
    written, and the deputy and his own table are answered as before."""
    await set_up(ld)
    await _mitchell(ld, storage)
    three = await storage.table(ld.guild.id, 3)
    before = await storage.set_board(ld.guild.id, three.id, 5, dealer="N", declarer="S",
                                     contract="4H")
    names = {c.qualified_name for c in ld.bot.tree.walk_commands()}
    for command, options in ABOUT_THE_BOARD:
        assert command in names, command
        refused = await ld.slash(command, options, user="Director")
        assert refused.ephemeral and "not played board 5" in refused.text, (command, refused.text)
    for options in ({"number": 5, "contract": "1NT", "table": 3}, {"number": 6, "table": 3}):
        # /board set shows the board's state (and its ended penalty cards): closed too
        moved = await ld.slash("board set", options, user="Director")
        assert moved.ephemeral and "not played board 5" in moved.text, moved.text
    board = await storage.find_board(ld.guild.id, three.id)
    assert board is not None and board.last_seq == before.last_seq  # nothing recorded
    assert board.number == 5 and board.state.contract == "4H"
    assert "Table 3" in (await ld.slash("state", {"table": 3}, user="Deputy TD")).text
    own = await ld.slash("state", {"table": 2}, user="Director")  # his own table: as a player
    assert "Table 2" in own.text, own.text


async def _sat_down_after_the_board_ended(ld, storage):
    """Table 1 (four players) plays board 1 with the hand records known; W appeals the ruling
    with a reason that names his hearts; a deputy ends the board. Then East leaves and a
    member of table 2 (which has not played board 1) sits down there in his place."""
    await set_up(ld)
    ld.member("Deputy TD", roles=["Director"])
    ld.refresh_guild()
    hands = ld.attach("night.pbn", random_pbn(36, seed=1).encode())
    assert "36 boards" in (await ld.slash("session hands", {"file": hands},
                                          user="Director")).text
    await seat_everyone(ld)
    await ld.run("/sit table:2 seat:N", user="Kibitzer")
    ruling = await exposure(storage, ld, table=1, board=1, card="HQ")
    filed = await ld.slash("appeal file", {"id": ruling.id,
                                           "reason": "I hold AJ3 of hearts"}, user="LHO")
    assert "is filed" in filed.text, filed.text
    ended = await ld.run("/board end table:1", user="Deputy TD")
    assert not ended.ephemeral, ended.text
    assert (await ld.run("/stand", user="RHO")).ephemeral
    assert (await ld.run("/stand", user="Kibitzer")).ephemeral
    sat = await ld.run("/sit table:1 seat:E", user="Kibitzer")
    assert "You sit" in sat.text, sat.text
    return ruling


async def test_a_player_who_sits_down_after_the_board_ended_has_not_played_it(ld, storage):
    """Board 1 was over at table 1 when Kibitzer sat there: its deal and W's appeal reason
    stay secret from him (Law 16B: what another player holds), while the table's players
    who played it read them."""
    ruling = await _sat_down_after_the_board_ended(ld, storage)
    deal = await ld.run("/board deal number:1", user="Kibitzer")
    assert deal.ephemeral and "secret" in deal.text and not deal.files, deal.text
    for options in ({}, {"ruling": ruling.id}):
        listed = await ld.slash("appeal list", options, user="Kibitzer")
        assert "AJ3" not in listed.text, listed.text
    await ld.run("/board set number:2", user="Declarer")  # the table moves on with him
    assert "secret" in (await ld.run("/board deal number:1", user="Kibitzer")).text
    assert (await ld.run("/board deal number:1", user="Declarer")).files
    assert "AJ3" in (await ld.slash("appeal list", {}, user="Dummy")).text


async def test_a_playing_director_who_sits_down_after_the_board_ended_has_not_played_it(
    ld, storage
):
    ruling = await _sat_down_after_the_board_ended(ld, storage)
    await ld.run("/sit table:2 seat:E", user="Director")
    await ld.slash("playing", {"playing": True}, user="Director")
    assert (await ld.run("/stand", user="Dummy")).ephemeral
    assert (await ld.run("/stand", user="Director")).ephemeral
    assert "You sit" in (await ld.run("/sit table:1 seat:N", user="Director")).text
    await ld.run("/board set number:2", user="Declarer")  # the table moves on with him
    refused = await ld.slash("board deal", {"number": 1}, user="Director")
    assert refused.ephemeral and "not played board 1" in refused.text, refused.text
    refused = await ld.slash("script", {"id": ruling.id}, user="Director")
    assert refused.ephemeral and "not played yet" in refused.text, refused.text
    search = await ld.slash("log search", {}, user="Director")
    assert "♥Q" not in search.text, search.text
