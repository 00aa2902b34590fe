"""The director's desk on night's model, through the real command tree: the appeal deadline
counts from the session's real end, table notes and scripts go to the channel bound to the
table, and a playing director's seat and boards are those of the session in play."""

from __future__ import annotations

import pytest

from tests.discord.directors.conftest import exposure

pytestmark = pytest.mark.usefixtures("bot")


async def _setup(ld, **extra):
    options = {"director_role": ld.guild.role("Director"),
               "log_channel": ld.guild.channel("td-log"), **extra}
    done = await ld.slash("setup", options, user="Director")
    assert done.ephemeral and "saved" in done.text.lower(), done.text
    return done


async def _appeal(ld, ruling_id: int, reason: str):
    return await ld.slash("appeal file", {"id": ruling_id, "reason": reason}, user="LHO")


async def test_92_appeal_deadline_counts_from_the_end_of_the_session(ld, storage, clock):
    done = await _setup(ld, appeal_minutes=30)
    assert "30 minutes after the session ends" in done.text, done.text
    await ld.run("/session start name:Monday pairs", user="Director")
    recorded = await exposure(storage, ld)
    clock.advance(hours=3)  # a long evening: the session has not ended, appeals are open
    early = await _appeal(ld, recorded.id, "Never exposed")
    assert early.ephemeral and "Appeal #" in early.text, early.text
    ended = await ld.run("/session end", user="Director")
    assert "Monday pairs" in ended.text
    clock.advance(minutes=25)
    in_time = await _appeal(ld, recorded.id, "Still within the half hour")
    assert "Appeal #" in in_time.text, in_time.text
    clock.advance(minutes=10)
    late = await _appeal(ld, recorded.id, "Too late")
    assert late.ephemeral and "Appeal #" not in late.text
    assert "time for appeals" in late.text, late.text
    listed = await ld.slash("appeal list", {"ruling": recorded.id}, user="Director")
    assert "Still within the half hour" in listed.text and "Too late" not in listed.text


async def test_92_a_new_session_by_the_clock_ends_the_last_one_for_appeals(ld, storage, clock):
    await _setup(ld, appeal_minutes=30)
    await ld.run("/session start name:Monday pairs", user="Director")
    recorded = await exposure(storage, ld)
    monday = await storage.live_session(ld.guild.id)
    clock.advance(days=7)  # the next club night: a new session starts by the clock
    sat = await ld.run("/sit table:1 seat:N", user="Dummy")
    assert "You sit" in sat.text, sat.text
    assert (await storage.live_session(ld.guild.id)).id != monday.id
    assert (await storage.session(ld.guild.id, monday.id)).ended_at is not None
    clock.advance(minutes=20)
    in_time = await _appeal(ld, recorded.id, "In time")
    assert "Appeal #" in in_time.text, in_time.text
    clock.advance(minutes=15)
    late = await _appeal(ld, recorded.id, "Too late")
    assert "time for appeals" in late.text, late.text
