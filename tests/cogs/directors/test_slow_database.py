"""Every command and button is acknowledged before it touches the database (Discord forgets an
interaction not answered within three seconds, and a slow database must not turn a saved write
into "the application did not respond").

Proved without timing anything: every storage call of the bot (each public coroutine of
``Storage`` and every transaction it or the director's desk opens) waits until the stand-in has
accepted that interaction's acknowledgement (its first callback: "thinking…", a deferred update
or the answer itself), with the bot's lazy acknowledgement (``tdbot.answers.ACK_AFTER``) made
immediate. A command that defers first runs as usual; one that reads or writes before it
acknowledges waits for an acknowledgement that can only come after that call: a deadlock, which
the gate reports by name instead of hanging.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import pytest

from localdiscord import LocalDiscord
from tdbot import answers
from tdbot.answers import UNEXPECTED_ERROR
from tests.support import set_up

pytestmark = pytest.mark.usefixtures("bot")

#: How long a storage call waits for the acknowledgement before the gate calls it a deadlock.
#: Not a measurement: with the acknowledgement immediate it arrives in milliseconds, and only a
#: command that touches storage first ever waits this long (and fails).
DEADLOCK = 4.0
#: The transactions every storage method and the director's desk run in (``Transactions``).
TRANSACTIONS = ("reading", "connected", "write", "write_conn")


class AcknowledgedFirst:
    """Holds every storage call of an interaction until the stand-in has its acknowledgement;
    :attr:`early` names each call that came first (and would have deadlocked)."""

    def __init__(self, ld: LocalDiscord) -> None:
        self.ld = ld
        self.early: list[str] = []
        #: Storage calls made for an interaction, and those that had to wait for its
        #: acknowledgement (the gate is real: most calls come right after the defer).
        self.calls = self.waited = 0

    async def wait(self, what: str) -> None:
        record = self.ld.current_interaction()
        if record is None:  # outside an interaction (a background task, the test's set-up)
            return
        self.calls += 1
        if record.acknowledged:
            return
        self.waited += 1
        try:
            await asyncio.wait_for(record.wait_acknowledged(), DEADLOCK)
        except TimeoutError:
            data = record.payload.get("data", {})
            name = data.get("name") or data.get("custom_id") or record.id
            self.early.append(f"{name}: {what} ran before the interaction was acknowledged")
            raise AssertionError(self.early[-1]) from None

    def hold(self, storage: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        """Gate every public coroutine method of ``storage`` and every transaction of
        ``storage.tx``."""
        for name, method in inspect.getmembers(storage, inspect.iscoroutinefunction):
            if not name.startswith("_"):
                monkeypatch.setattr(storage, name, self._held(f"Storage.{name}", method))
        for name in TRANSACTIONS:
            method = getattr(storage.tx, name)
            held = (self._held_cm(f"tx.{name}", method)
                    if not inspect.iscoroutinefunction(method)
                    else self._held(f"tx.{name}", method))
            monkeypatch.setattr(storage.tx, name, held)

    def _held(self, what: str, method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        async def held(*args: Any, **kwargs: Any) -> Any:
            await self.wait(what)
            return await method(*args, **kwargs)

        return held

    def _held_cm(
        self, what: str, method: Callable[..., AbstractAsyncContextManager[Any]]
    ) -> Callable[..., AbstractAsyncContextManager[Any]]:
        @asynccontextmanager
        async def held(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
            await self.wait(what)
            async with method(*args, **kwargs) as opened:
                yield opened

        return held


@pytest.fixture
def gate(ld, storage, monkeypatch) -> AcknowledgedFirst:
    monkeypatch.setattr(answers, "ACK_AFTER", 0)
    gate = AcknowledgedFirst(ld)
    gate.hold(storage, monkeypatch)
    ld.timeout = DEADLOCK + 6.0  # a deadlocked call is reported by the gate, not as a hang
    return gate


def acknowledged_first(gate: AcknowledgedFirst, result: Any) -> None:
    assert not gate.early, "storage before the acknowledgement (defer first):\n" + "\n".join(
        gate.early
    )
    assert result.response is not None, [(r.kind, r.status, r.answer) for r in result.requests]
    first = next(r for r in result.requests if r.kind == "callback")
    assert first.ok, first.answer
    assert UNEXPECTED_ERROR not in result.text


async def test_every_command_and_button_is_acknowledged_before_the_database(ld, gate):
    """/setup, /sit, /board set, /exposed, /lead and declarer's choice, /director, "Take it",
    /calls, every /ruling verdict, /log search and stats, /board end, /stand and /club-data
    delete: each acknowledged before its first storage call; all answer, all write."""
    run = ld.run

    def ok(result: Any) -> Any:
        acknowledged_first(gate, result)
        return result

    await set_up(ld)
    assert not gate.early, gate.early
    for who, seat in (("Declarer", "S"), ("Dummy", "N"), ("LHO", "W"), ("RHO", "E")):
        sat = ok(await run(f"/sit table:1 seat:{seat}", user=who))
        assert sat.ephemeral and "You sit" in sat.text
    ok(await run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer"))
    exposed = ok(await run("/exposed cards:SK seat:W how:accidental", user="LHO"))
    assert "Ruling #" in exposed.text
    lead = ok(await run("/lead seat:E", user="RHO"))
    ok(await ld.press(lead.message, lead.message.buttons[0]["custom_id"], user="Declarer"))
    assert "Chosen by" in ld.message(lead.message.id).text

    called = ok(await run("/director", user="LHO"))
    assert "director has been called" in called.text
    [post] = called.channel_messages
    calls = ok(await run("/calls", user="Director"))
    assert "Open director calls (1)" in calls.text
    ok(await ld.press(post, "Take it", user="Director"))
    assert "taken by Director" in ld.message(post.id).text

    number = exposed.text.split("Ruling #")[1].split()[0].strip(".·)")
    for line in (
        f"/ruling confirm id:{number}",
        f"/ruling amend id:{number} text:Also a lead restriction",
        f"/ruling adjust id:{number} score:60%/40%",
        "/ruling void id:" + ld.message(lead.message.id).text.split("(ruling #")[-1].split(")")[0],
    ):
        verdict = ok(await run(line, user="Director"))
        assert "Director's verdict" in verdict.text, verdict.text
    for line in ("/log search", "/log stats"):
        ok(await run(line, user="Director"))
    ended = ok(await run("/board end table:1", user="Director"))  # rulings: a director ends it
    assert "Board over" in ended.text, ended.text
    stood = ok(await run("/stand", user="Dummy"))  # between boards: he may leave
    assert "You left" in stood.text
    deleted = ok(await run(f"/club-data delete confirm:{ld.guild.name}", user="Director"))
    assert "Deleted" in deleted.text
    assert gate.waited > 20 and gate.calls > gate.waited, (gate.calls, gate.waited)
