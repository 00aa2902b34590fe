"""Calling the director: the button on a ruling, /director, "Take it", /calls."""

from __future__ import annotations

import pytest

from tdbot.render import ruling_embed, ruling_view
from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")


async def post_ruling(ld, bot, recorded):
    """The ruling message as the incident cogs post it, in #table-1."""
    channel = bot.get_channel(ld.guild.channel("table-1").id)
    await channel.send(
        embed=ruling_embed(recorded.ruling, event_id=recorded.id, table=1, board=1),
        view=ruling_view(recorded.ruling, recorded.id, None),
    )
    return ld.channel_messages(ld.guild.channel("table-1"))[-1]


async def test_call_button_pings_only_the_director_role(ld, bot, storage):
    """Any member presses "Call the director": the call goes to #td-log, pinging the role only."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    ruling = await post_ruling(ld, bot, recorded)
    result = await ld.press(ruling, "Call the director", user="LHO")
    assert result.ephemeral and "director has been called" in result.text
    [post] = result.channel_messages
    assert post.channel_id == ld.guild.channel("td-log").id
    assert post.pings == {"everyone": False, "users": [], "roles": [ld.guild.role("Director").id]}
    text = post.text
    assert "table 1, board 1" in text.lower()
    assert recorded.ruling.summary.split(":")[0] in text
    assert f"/channels/{ld.guild.id}/{ruling.channel_id}/{ruling.id}" in text
    [call] = await storage.open_calls(ld.guild.id)
    assert (call.event_id, call.caller_id, call.message_id) == (
        recorded.id,
        ld.member("LHO").id,
        post.id,
    )


async def test_take_it_by_a_director_and_refused_to_others(ld, bot, storage):
    """A player cannot take a call; a director can; a second director sees who has it."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    ruling = await post_ruling(ld, bot, recorded)
    [post] = (await ld.press(ruling, "Call the director")).channel_messages
    refused = await ld.press(post, "Take it", user="Declarer")
    assert refused.ephemeral and "Only a director" in refused.text
    taken = await ld.press(post, "Take it", user="Director")
    [edited] = taken.edits
    assert "taken by Director" in edited.text
    assert edited.pings["users"] == [] and not edited.pings["everyone"]
    assert await storage.open_calls(ld.guild.id) == ()
    second = ld.member("Second TD", roles=["Director"])
    again = await ld.press(post, taken.edits[0].buttons[0]["custom_id"], user=second)
    assert again.ephemeral and "already taken" in again.text
    assert (await storage.director_call(ld.guild.id, 1)).claimed_by == ld.director.id


async def test_take_survives_a_restart(ld, start_bot, storage):
    """The call's "Take it" still works when the bot restarted since the call."""
    await start_bot()
    await set_up(ld)
    await exposure(storage, ld)
    [post] = (await ld.slash("director", {"table": 1})).channel_messages
    await start_bot()
    taken = await ld.press(post, "Take it", user="Director")
    assert "taken by Director" in taken.edits[0].text


async def test_a_director_playing_at_the_table_is_noted(ld, bot, storage):
    """When the table's director is seated there as a player, the call asks another director."""
    await set_up(ld)  # the Director has interacted: the bot knows his roles
    recorded = await exposure(storage, ld)
    table = await storage.table(ld.guild.id, 1)
    await storage.sit(ld.guild.id, ld.director.id, table.id, "N")
    await storage.sit(ld.guild.id, ld.member("Declarer").id, table.id, "S")
    ruling = await post_ruling(ld, bot, recorded)
    result = await ld.press(ruling, "Call the director", user="Declarer")
    [post] = result.channel_messages
    assert "playing at this table" in post.text
    assert "another director" in post.text
    assert post.pings["users"] == []


async def test_no_note_when_only_players_are_seated(ld, bot, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    table = await storage.table(ld.guild.id, 1)
    await storage.sit(ld.guild.id, ld.member("Declarer").id, table.id, "S")
    ruling = await post_ruling(ld, bot, recorded)
    [post] = (await ld.press(ruling, "Call the director", user="Declarer")).channel_messages
    assert "playing at this table" not in post.text


async def test_no_log_channel_still_records_the_call(ld, bot, storage):
    """Without /setup the presser is told to ask an admin; the call is recorded anyway."""
    recorded = await exposure(storage, ld)
    ruling = await post_ruling(ld, bot, recorded)
    result = await ld.press(ruling, "Call the director", user="LHO")
    assert result.ephemeral and "/setup" in result.text
    assert not result.channel_messages
    assert [c.event_id for c in await storage.open_calls(ld.guild.id)] == [recorded.id]


async def test_director_command_and_calls_list(ld, bot, storage):
    """/director with a table and a note; /calls lists it for directors only."""
    await set_up(ld)
    await exposure(storage, ld, table=2, board=7)
    result = await ld.slash("director", {"table": 2, "note": "@everyone <@&1> *help*"})
    [post] = result.channel_messages
    assert post.pings == {"everyone": False, "users": [], "roles": [ld.guild.role("Director").id]}
    assert "table 2, board 7" in post.text.lower()
    refused = await ld.slash("calls", user="Declarer")
    assert refused.ephemeral and "Only a director" in refused.text
    listed = await ld.slash("calls", user="Director")
    assert listed.ephemeral and "#1" in listed.text and "table 2, board 7" in listed.text
    assert listed.message.pings == {"everyone": False, "users": [], "roles": []}


async def test_a_call_to_a_table_that_does_not_exist_is_refused(ld, bot, storage):
    """Issue 24: a call naming a table of nobody in this session pings nobody and writes
    nothing; once the table exists (a board set there), the call goes through."""
    await set_up(ld)
    result = await ld.slash("director", {"table": 9})
    assert result.ephemeral and "There is no table 9" in result.text
    assert result.channel_messages == [] and await storage.open_calls(ld.guild.id) == ()
    assert await storage.find_table(ld.guild.id, 9) is None
    await exposure(storage, ld, table=9)
    result = await ld.slash("director", {"table": 9})
    assert result.ephemeral and "The director has been called" in result.text
    [call] = await storage.open_calls(ld.guild.id)
    assert call.table_number == 9


async def test_a_call_for_another_clubs_ruling(ld, bot, storage):
    """A call button naming another club's ruling records nothing."""
    other = ld.add_guild("Other Club")
    theirs = await exposure(storage, ld, guild_id=other.id)
    await set_up(ld)
    await exposure(storage, ld)
    ruling = await post_ruling(ld, bot, theirs)
    result = await ld.press(ruling, "Call the director", user="LHO")
    assert result.ephemeral and f"No ruling #{theirs.id} in this club" in result.text
    assert await storage.open_calls(ld.guild.id) == ()


async def test_end_to_end_from_an_incident_command(ld, bot, storage):
    """/sit, /board set, /exposed (engineer A's cogs), then the ruling's own call button."""
    await set_up(ld)
    await ld.run("/sit table:1 seat:S", user="Declarer")
    await ld.run("/board set number:4 declarer:S", user="Declarer")
    result = await ld.run("/exposed cards:SK seat:W how:accidental", user="Declarer")
    ruling = next(m for m in result.messages if m.buttons)
    call = await ld.press(ruling, "Call the director", user="LHO")
    [post] = call.channel_messages
    assert post.pings["roles"] == [ld.guild.role("Director").id]
    assert "table 1, board 4" in post.text.lower()


async def test_the_call_message_shows_who_has_it_after_every_change(ld, bot, storage):
    """Taken, handed on, released: the call's message in the log channel shows its holder now
    (one rendering of the stored call), never the director who had it before, so the queue
    does not send two directors to the table."""
    await set_up(ld)
    await exposure(storage, ld)
    [post] = (await ld.slash("director", {"table": 1}, user="LHO")).channel_messages
    log_channel = ld.guild.channel("td-log")

    def shown():
        [now] = [m for m in ld.channel_messages(log_channel) if m.id == post.id]
        return now.text, [b["label"] for b in now.buttons]

    await ld.press(post, "Take it", user="Director")
    text, buttons = shown()
    assert "Taken by" in text and f"<@{ld.director.id}>" in text and buttons == [
        "Taken by Director"], (text, buttons)
    deputy = ld.member("Deputy", roles=["Director"])
    ld.refresh_guild()
    await ld.slash("release", {"call": 1, "to": deputy}, user="Director")
    text, buttons = shown()
    assert text.split("\n").count("Taken by") == 1 and f"<@{deputy.id}>" in text, text
    assert f"<@{ld.director.id}>" not in text and buttons == ["Taken by Deputy"], (text, buttons)
    await ld.slash("release", {"call": 1}, user=deputy)
    text, buttons = shown()
    assert "Taken by" not in text and "back in the queue" in text, text
    assert f"<@{deputy.id}>" not in text and buttons == ["Take it"], (text, buttons)
    await ld.press(post, "Take it", user=deputy)
    text, buttons = shown()
    assert text.split("\n").count("Taken by") == 1 and f"<@{deputy.id}>" in text, text
