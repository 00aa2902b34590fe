"""Exactly once and no ping floods: a redelivered interaction writes nothing twice; a table has one
open director call, which later calls join without a ping; a member may not start calls in a
burst; the caller learns when a director takes the call."""

from __future__ import annotations

import pytest

from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")


def role_pings(ld) -> list:
    """Every message in #td-log that pinged the director role."""
    log = ld.guild.channel("td-log")
    return [m for m in ld.channel_messages(log) if m.pings["roles"]]


async def test_a_redelivered_ruling_confirm_gives_one_verdict(ld, storage):
    """Discord delivering the same /ruling confirm twice: one verdict, one log line."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    payload = ld.slash_payload(
        "ruling confirm", {"id": recorded.id, "note": "fine"}, user="Director"
    )
    first = await ld.dispatch(payload)
    assert "Director's verdict" in first.text
    await ld.dispatch(dict(payload))
    assert len(await storage.verdicts(ld.guild.id, recorded.id)) == 1
    log = ld.channel_messages(ld.guild.channel("td-log"))
    assert len([m for m in log if f"Ruling #{recorded.id}" in m.text]) == 1


async def test_a_redelivered_director_call_records_and_pings_once(ld, storage):
    """The same /director delivered twice: one call, one ping."""
    await set_up(ld)
    await exposure(storage, ld)
    payload = ld.slash_payload("director", {"table": 1}, user="LHO")
    await ld.dispatch(payload)
    await ld.dispatch(dict(payload))
    assert len(await storage.open_calls(ld.guild.id)) == 1
    assert len(role_pings(ld)) == 1


async def test_calling_again_joins_the_open_call_without_a_ping(ld, storage):
    """Thirty calls for one table from four players: one call, one ping; every caller is told
    the call is open. Once a director takes it, a new call can be made."""
    await set_up(ld)
    await exposure(storage, ld)
    first = await ld.slash("director", {"table": 1}, user="LHO")
    assert "director has been called" in first.text
    for i in range(29):
        who = ("LHO", "RHO", "Dummy", "Declarer")[i % 4]
        again = await ld.slash("director", {"table": 1}, user=who)
        assert again.ephemeral and "joins it" in again.text, again.text
    assert len(await storage.open_calls(ld.guild.id)) == 1
    assert len(role_pings(ld)) == 1
    [post] = first.channel_messages
    await ld.press(post, "Take it", user="Director")
    later = await ld.slash("director", {"table": 1}, user="RHO")
    assert "director has been called" in later.text and "#2" in later.text
    [ping] = later.channel_messages
    assert ping.pings["roles"] == [ld.guild.role("Director").id]


async def test_a_member_may_not_start_calls_in_a_burst(ld, bot, storage):
    """Within the cooldown a member's new call (another table) is refused, and nobody pinged."""
    await set_up(ld)
    await exposure(storage, ld, table=1)
    await exposure(storage, ld, table=2)
    assert "director has been called" in (await ld.slash("director", {"table": 1})).text
    refused = await ld.slash("director", {"table": 2})
    assert refused.ephemeral and "wait" in refused.text
    assert len(role_pings(ld)) == 1
    bot.get_cog("Directors").call_cooldown = 0.0
    assert "director has been called" in (await ld.slash("director", {"table": 2})).text
    assert len(role_pings(ld)) == 2


async def test_the_caller_is_told_when_a_director_takes_the_call(ld, storage):
    """Taking the call posts, in the channel the call came from, a line pinging the caller only."""
    await set_up(ld)
    await exposure(storage, ld)
    table = ld.guild.channel("table-1")
    called = await ld.slash("director", {"table": 1}, user="LHO", channel=table)
    [post] = called.channel_messages
    taken = await ld.press(post, "Take it", user="Director")
    [told] = [m for m in taken.channel_messages if m.channel_id == table.id]
    assert "has taken your director call" in told.text
    assert told.pings == {"everyone": False, "users": [ld.member("LHO").id], "roles": []}


async def test_a_deleted_log_channel_is_reported(ld, storage):
    """/setup named a channel since deleted: the caller is told so; the call is recorded."""
    await set_up(ld)
    await exposure(storage, ld)
    ld.guild.channels.remove(ld.guild.channel("td-log"))
    ld.refresh_guild()
    result = await ld.slash("director", {"table": 1}, user="LHO")
    assert result.ephemeral and "no longer exists" in result.text
    assert len(await storage.open_calls(ld.guild.id)) == 1


async def test_an_expired_interaction_still_tells_the_directors(ld, storage):
    """Discord gave up on /exposed (every answer: Unknown interaction): the ruling is recorded
    all the same, and the directors learn of it in the log channel."""
    await set_up(ld)
    for who, seat in (("Declarer", "S"), ("LHO", "W")):
        await ld.run(f"/sit table:1 seat:{seat}", user=who)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    ld.inject("POST /interactions/*", status=404, times=None)
    result = await ld.run("/exposed cards:SK seat:W how:accidental", user="LHO")
    assert result.response is None and not result.exceptions
    ld.clear_faults()
    entries = (await storage.search_log(ld.guild.id, limit=10)).entries
    [entry] = [e for e in entries if e.kind == "exposure"]
    log = ld.channel_messages(ld.guild.channel("td-log"))
    assert any(f"Ruling #{entry.id}" in m.text for m in log)
