"""Every public ruling is also noted in the club's ruling-log channel, pinging nobody."""

from __future__ import annotations

from tests.support import set_up


async def seat(ld):
    for who, where in (("Declarer", "S"), ("LHO", "W")):
        await ld.run(f"/sit table:1 seat:{where}", user=who)
    await ld.run("/board set number:1 declarer:S", user="Declarer")


async def test_a_ruling_is_noted_in_the_log_channel(ld, bot, storage):
    await set_up(ld)
    await seat(ld)
    result = await ld.run("/exposed cards:SK seat:W", user="LHO")
    [note] = [m for m in result.channel_messages if m.channel_id == ld.guild.channel("td-log").id]
    assert note.content.startswith("Ruling #") and "table 1 · board 1" in note.content
    assert "major penalty card" in note.content and "50B" in note.content
    assert note.pings == {"everyone": False, "users": [], "roles": []}


async def test_no_log_channel_no_note(ld, bot, storage):
    await seat(ld)
    result = await ld.run("/exposed cards:SK seat:W", user="LHO")
    assert not result.channel_messages


async def test_calls_in_rotation_are_not_noted(ld, bot, storage):
    await set_up(ld)
    await ld.run("/sit table:1 seat:N", user="Dummy")
    await ld.run("/board set number:1 dealer:N", user="Dummy")
    result = await ld.run("/call call:1H", user="Dummy")
    assert not result.channel_messages


async def test_a_call_that_asks_for_the_directors_judgement_is_noted(ld, bot, storage):
    """S opened 1NT at N's turn; S's 2C at his turn waits for the director's "comparable?":
    the log channel is told, so a director sees it."""
    await set_up(ld)
    await ld.run("/sit table:1 seat:S", user="Declarer")
    await ld.run("/board set number:1 dealer:N", user="Declarer")
    await ld.run("/out-of-rotation call:1NT seat:S", user="Declarer")
    await ld.run("/call call:P", user="Declarer")
    await ld.run("/call call:P", user="Declarer")
    result = await ld.run("/call call:2C", user="Declarer")
    [note] = [m for m in result.channel_messages if m.channel_id == ld.guild.channel("td-log").id]
    assert "Judgement pending" in note.content


async def test_the_answer_does_not_wait_for_the_log_channel(ld, bot, storage):
    """The log channel's line is sent beside the player's answer, not before it: with the log
    channel slow to take it, the answer reaches Discord while the line is still on its way,
    and both arrive."""
    await set_up(ld)
    await seat(ld)
    log_channel = ld.guild.channel("td-log")
    ld.inject(f"POST /channels/{log_channel.id}/messages", delay=0.5)
    before = len(ld.requests)
    result = await ld.run("/exposed cards:SK seat:W", user="LHO")
    ld.clear_faults()
    [line] = [r for r in ld.requests[before:]
              if r.path == f"/channels/{log_channel.id}/messages"]
    answers = [r for r in result.requests if r.kind in ("callback", "followup")]
    assert [r.kind for r in answers] == ["callback"]  # answered at once: no "thinking…" first
    assert answers[0].received_at < line.answered_at  # sent while the line was still pending
    assert "major penalty card" in result.text
    [note] = [m for m in result.channel_messages if m.channel_id == log_channel.id]
    assert note.content.startswith("Ruling #")
