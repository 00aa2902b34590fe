"""Each incident command through the real tree: a public ruling with its number, laws and the
call button; bad input gets a short ephemeral answer and records nothing."""

from __future__ import annotations

import pytest

from localdiscord import User
from tests.support import seat_everyone

PLAY = "/board set number:1 dealer:N declarer:S contract:4H"
AUCTION = "/board set number:2 dealer:N"

INCIDENTS = [
    (PLAY, "/exposed cards:SK seat:W how:accidental", "50"),
    (PLAY, "/exposed cards:S5 seat:E how:deliberate period:play", "50"),
    (PLAY, "/exposed cards:SK seat:S", "48A"),
    (AUCTION, "/exposed cards:HA seat:E period:auction", "24"),
    (PLAY, "/lead-out-of-turn card:HA seat:E opening:True", "54"),
    (PLAY, "/lead-out-of-turn card:HA seat:E correct_leader:W trick:3", "53"),
    (PLAY, "/premature-play card:SK seat:W led:H", "57"),
    (PLAY, "/revoke seat:W established:True won_by:offender later_tricks:1", "64"),
    (PLAY, "/revoke seat:W established:False card:S2 trick:4", "62"),
    (AUCTION, "/insufficient-bid bid:1H auction:1S", "27"),
    (AUCTION, "/out-of-rotation call:1NT seat:S", "3"),
]




@pytest.mark.parametrize(("setup", "line", "law"), INCIDENTS)
async def test_incident_rulings(ld, bot, setup, line, law):
    """The ruling is public, numbered, cites its law and offers the call button."""
    await seat_everyone(ld)
    await ld.run(setup, user="Declarer")
    result = await ld.run(line, user="Director" if "table:" in line else "Declarer")
    assert not result.ephemeral, result.text
    embed = result.embed
    assert embed["footer"]["text"].startswith("Ruling #")
    laws = next(f["value"] for f in embed["fields"] if f["name"] == "Laws")
    assert law in laws
    assert any(b["custom_id"].startswith("tdbot:call:") for b in result.message.buttons)


async def test_the_same_interaction_is_recorded_once(ld, bot, storage):
    """A retried interaction (same id) gives the same ruling number and records nothing new."""
    await seat_everyone(ld)
    await ld.run(PLAY, user="Declarer")
    payload = ld.slash_payload("exposed", {"cards": "SK", "seat": "W"}, user="LHO")
    first = await ld.dispatch(payload)
    second = await ld.dispatch(dict(payload))
    assert first.embed["footer"]["text"] == second.embed["footer"]["text"]
    table = await storage.find_table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id)
    assert len(board.state.penalty_cards) == 1


BAD = [
    ("/exposed cards:11S seat:W", "11S"),
    ("/exposed cards:SK SK seat:W", "twice"),
    ("/lead-out-of-turn card:ZZ seat:E opening:True", "ZZ"),
    ("/lead-out-of-turn card:HA seat:E", "correct_leader"),
    ("/premature-play card:S1 seat:W led:H", "S1"),
    ("/revoke seat:W established:True", "won_by"),
    ("/revoke seat:W established:False", "card"),
    ("/insufficient-bid bid:9H", "9H"),
    ("/out-of-rotation call:1Q seat:S", "1Q"),
    ("/mustplay seat:E hand:SK SK", ""),
    ("/penalty played card:SK", "not a penalty card"),
    ("/penalty returned card:SK", "Only a director"),
    ("/call call:1H", "auction is over"),
    ("/call call:8H seat:N", "8H"),
    ("/sit table:1 seat:N", "taken"),
]


@pytest.mark.parametrize(("line", "says"), BAD)
async def test_bad_input_is_refused_briefly(ld, bot, line, says):
    """Unknown cards, missing facts, a taken seat: a short ephemeral answer, nothing recorded."""
    await seat_everyone(ld)
    await ld.run(PLAY, user="Declarer")
    result = await ld.run(line, user="Declarer")
    assert result.ephemeral, result.text
    assert says in result.content
    assert "Something went wrong" not in result.content
    state = await ld.run("/state", user="Declarer")
    assert "Penalty cards" not in state.text and "Waiting" not in state.text


async def test_an_impossible_seat_is_refused(ld, bot):
    """A raw payload with a seat that is not a choice never reaches the engine."""
    await seat_everyone(ld)
    await ld.run(PLAY, user="Declarer")
    result = await ld.slash("exposed", {"cards": "SK", "seat": "X"}, strict=False)
    assert result.ephemeral and "Something went wrong" not in result.content


NO_TABLE = [
    "/exposed cards:SK seat:W",
    "/lead-out-of-turn card:HA seat:E opening:True",
    "/premature-play card:SK seat:W led:H",
    "/revoke seat:W established:True won_by:offender",
    "/insufficient-bid bid:1H",
    "/out-of-rotation call:1NT seat:S",
    "/mustplay seat:E",
    "/mustpass seat:E",
    "/lead seat:E",
    "/penalty played card:SK",
    "/call call:1H",
    "/state",
    "/board end",
    "/board set number:1",
    "/stand",
]


@pytest.mark.parametrize("line", NO_TABLE)
async def test_a_player_not_seated_is_told_to_sit(ld, bot, line):
    """Without /sit and without a table number: 'Sit at a table first'."""
    result = await ld.run(line, user="Kibitzer")
    assert result.ephemeral and "Sit at a table first: /sit table seat" in result.content


@pytest.mark.parametrize("line", ["/exposed cards:SK seat:W", "/state", "/mustpass seat:N"])
async def test_no_board_in_play(ld, bot, line):
    """A table without a board says how to set one."""
    await ld.run("/sit table:3 seat:N", user="Dummy")
    result = await ld.run(line, user="Dummy")
    assert result.ephemeral
    assert "No board in play at table 3: /board set number" in result.content


async def test_incidents_are_rate_limited_per_user(ld, bot):
    """After a burst, the same user is asked to slow down; another user is not."""
    await seat_everyone(ld)
    await ld.run(PLAY, user="Declarer")
    for _ in range(5):
        await ld.run("/exposed cards:C2 seat:S", user="Declarer")
    slow = await ld.run("/exposed cards:C2 seat:S", user="Declarer")
    assert slow.ephemeral and "Slow down" in slow.content
    other = await ld.run("/exposed cards:C2 seat:S", user="Dummy")
    assert not other.ephemeral


async def test_a_taken_seat_names_the_member_in_it_without_pinging(ld, bot, board):
    """/sit on a taken seat shows who sits there as a real mention (no zero-width escape), and
    pings nobody."""
    result = await ld.run("/sit table:1 seat:N", user="LHO")
    assert result.ephemeral
    dummy = ld.member("Dummy").id
    assert f"taken by <@{dummy}>" in result.text
    assert "\u200b" not in result.text
    assert result.message.pings == {"everyone": False, "users": [], "roles": []}


async def test_failed_commands_do_not_use_up_the_incident_rate_limit(ld, bot, board):
    """Six typos in a row, then the real report: it is ruled on, not refused as a flood."""
    for _ in range(6):
        typo = await ld.run("/exposed cards:ZZ seat:W", user="LHO")
        assert typo.ephemeral and "Slow down" not in typo.text
    result = await ld.run("/exposed cards:SK seat:W", user="LHO")
    assert not result.ephemeral and "Ruling #" in result.text, result.text


async def test_commands_in_dms_do_not_use_up_the_incident_rate_limit(ld, bot, board):
    """In a DM every try is told the command works in a server only, never to slow down."""
    stranger = User(ld.member("LHO").id, "LHO")
    for _ in range(7):
        result = await ld.slash("exposed", {"cards": "SK", "seat": "W"}, user=stranger)
        assert result.ephemeral and "Slow down" not in result.text
        assert "server" in result.text
