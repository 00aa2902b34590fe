"""Every command and button is acknowledged in time however slow the database is (Discord forgets
an interaction not answered within three seconds; here the window is shortened to match a
database slowed down by as much)."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import pytest

from tdbot.answers import UNEXPECTED_ERROR
from tests.support import set_up

pytestmark = pytest.mark.usefixtures("bot")

DELAY = 0.8  # every storage call waits this long first
#: The stand-in refuses a first answer later than this (Discord: 3 s). The acknowledgement goes
#: at ACK_AFTER (0.25 s): the margin must outlast a full garbage collection of the test
#: process (a few hundred ms late in a whole-suite run; 0.5 s here failed once in that way).
WINDOW = 0.75


def slow_down(storage: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every coroutine method of ``storage`` wait :data:`DELAY` seconds before it runs."""
    for name, method in inspect.getmembers(storage, inspect.iscoroutinefunction):
        if name.startswith("_"):
            continue

        async def slow(*args: Any, _method: Any = method, **kwargs: Any) -> Any:
            await asyncio.sleep(DELAY)
            return await _method(*args, **kwargs)

        monkeypatch.setattr(storage, name, slow)


def answered_in_time(result: Any) -> None:
    assert result.response is not None, [(r.kind, r.status, r.answer) for r in result.requests]
    first = next(r for r in result.requests if r.kind == "callback")
    assert first.ok, first.answer
    assert UNEXPECTED_ERROR not in result.text


async def test_every_command_and_button_is_acknowledged_before_the_database(
    ld, storage, monkeypatch
):
    """/setup, /sit, /board set, /exposed, /lead and declarer's choice, /director, "Take it",
    /calls, every /ruling verdict, /log search and stats, /board end, /stand and /club-data
    delete, each with a database slower than Discord's window: all answer, all write."""
    slow_down(storage, monkeypatch)
    ld.response_window = WINDOW
    ld.timeout = 10.0  # /director makes several storage calls, each DELAY long
    run = ld.run

    await set_up(ld)
    for who, seat in (("Declarer", "S"), ("Dummy", "N"), ("LHO", "W"), ("RHO", "E")):
        answered_in_time(sat := await run(f"/sit table:1 seat:{seat}", user=who))
        assert sat.ephemeral and "You sit" in sat.text
    board = await run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    answered_in_time(board)
    exposed = await run("/exposed cards:SK seat:W how:accidental", user="LHO")
    answered_in_time(exposed)
    assert "Ruling #" in exposed.text
    lead = await run("/lead seat:E", user="RHO")
    answered_in_time(lead)
    chosen = await ld.press(lead.message, lead.message.buttons[0]["custom_id"], user="Declarer")
    answered_in_time(chosen)
    assert "Chosen by" in ld.message(lead.message.id).text

    called = await run("/director", user="LHO")
    answered_in_time(called)
    assert "director has been called" in called.text
    [post] = called.channel_messages
    calls = await run("/calls", user="Director")
    answered_in_time(calls)
    assert "Open director calls (1)" in calls.text
    taken = await ld.press(post, "Take it", user="Director")
    answered_in_time(taken)
    assert "taken by Director" in ld.message(post.id).text

    number = exposed.text.split("Ruling #")[1].split()[0].strip(".·)")
    for line in (
        f"/ruling confirm id:{number}",
        f"/ruling amend id:{number} text:Also a lead restriction",
        f"/ruling adjust id:{number} score:60%/40%",
        "/ruling void id:" + ld.message(lead.message.id).text.split("(ruling #")[-1].split(")")[0],
    ):
        verdict = await run(line, user="Director")
        answered_in_time(verdict)
        assert "Director's verdict" in verdict.text, verdict.text
    for line in ("/log search", "/log stats"):
        answered_in_time(await run(line, user="Director"))
    answered_in_time(await run("/board end", user="Declarer"))
    stood = await run("/stand", user="Dummy")
    answered_in_time(stood)
    assert "You left" in stood.text
    deleted = await run(f"/club-data delete confirm:{ld.guild.name}", user="Director")
    answered_in_time(deleted)
    assert "Deleted" in deleted.text
