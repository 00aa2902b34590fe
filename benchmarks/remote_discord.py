"""The stand-in for Discord in a process of its own, for ``benchmarks/interactions.py``.

In the tests the stand-in (``localdiscord``) shares the bot's process and event loop, so its
CPU (an aiohttp server, parsing and storing every request: Discord's cost, not ours) counts in
every benchmark figure. Here the child process runs the stand-in's REST API; the bot keeps its
real HTTP client and talks to it over loopback. The parent's :class:`LocalDiscord` still builds
the payloads and hands them to the bot (as the gateway would) and keeps the interaction records;
the child tells it, one JSON line per request, what the bot sent and when it arrived:

    parent → child (stdin)   one line per interaction payload, before it is dispatched
    child → parent (stdout)  the URL once, then one line per request the bot made

Both processes time with ``time.perf_counter`` (CLOCK_MONOTONIC on Linux: one clock for both).
Reading those lines is the only work of the stand-in left in the bot's process.
"""

from __future__ import annotations

import asyncio
import gc
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord  # noqa: E402
import orjson  # noqa: E402

from localdiscord import (  # noqa: E402
    API_PREFIX,
    DiscordAPI,
    Guild,
    InteractionRecord,
    LocalDiscord,
    Message,
    Request,
)

_TOKEN = re.compile(r"^/(?:interactions/\d+|webhooks/\d+)/([^/]+)")


class _ChildAPI(DiscordAPI):
    """The stand-in's REST API, told of each interaction by the parent, reporting each request."""

    def __init__(self, guild_name: str) -> None:
        super().__init__()
        self.register_guild(Guild.club(guild_name))
        self._known = asyncio.Condition()
        self._answered = 0

    async def registrations(self) -> None:
        reader = asyncio.StreamReader()
        loop = asyncio.get_running_loop()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while line := await reader.readline():
            record = InteractionRecord(orjson.loads(line))
            self._interactions[record.id] = record
            self._by_token[record.token] = record
            async with self._known:
                self._known.notify_all()

    async def _answer(self, request: Request) -> tuple[int, Any, dict[str, str]]:
        token = _TOKEN.match(request.path)
        if token is not None and token.group(1) not in self._by_token:
            # the registration line may be read after the bot's first request for it
            async with self._known:
                await asyncio.wait_for(
                    self._known.wait_for(lambda: token.group(1) in self._by_token), 5.0
                )
        status, answer, headers = await super()._answer(request)
        record = self._by_token.get(token.group(1)) if token else None
        if record is not None:
            message = request.message
            line = {
                "iid": record.id,
                "seq": request.seq,
                "method": request.method,
                "path": request.path,
                "query": request.query,
                "json": request.json,
                "kind": request.kind,
                "status": status,
                "received_at": request.received_at,
                "message": None if message is None else self.messages.get(message.id),
            }
            sys.stdout.buffer.write(orjson.dumps(line) + b"\n")
            sys.stdout.buffer.flush()
        self._answered += 1
        if self._answered % 2000 == 0:
            self._forget_old()
        return status, answer, headers

    def _forget_old(self, seconds: float = 60.0, messages: int = 20000) -> None:
        """Drop the request log, interactions registered over a minute ago (the parent
        waits at most 30 s for one) and all but the newest ``messages`` messages (the cycle
        only edits the message of the step before)."""
        self.requests.clear()
        for mid in list(self.messages)[:-messages]:
            del self.messages[mid]
        old = time.perf_counter() - seconds
        for iid, record in list(self._interactions.items()):
            if record.dispatched_at < old:
                del self._interactions[iid]
                self._by_token.pop(record.token, None)


async def _serve() -> None:
    api = _ChildAPI(sys.argv[1] if len(sys.argv) > 1 else "Local Club")
    await api.start()
    # No cyclic garbage collector here: its full collections paused this process for up to
    # 190 ms once its records had grown, and every request waiting on it counted as the bot's
    # latency (``benchmarks/README.md``, *second look*). A run's leak of cycles is
    # bounded: ~170 MB resident after a 20-second run at 200/s.
    gc.disable()
    sys.stdout.write(api.url + "\n")
    sys.stdout.flush()
    await api.registrations()  # until the parent closes stdin
    await api.stop()


class RemoteDiscord:
    """The parent's side: start the child, point discord.py at it, feed its reports into
    ``ld``'s interaction records (so ``ld.dispatch`` and its results work unchanged)."""

    def __init__(self, ld: LocalDiscord, guild_name: str = "Local Club") -> None:
        self.ld = ld
        self.guild_name = guild_name
        self.proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None

    async def __aenter__(self) -> RemoteDiscord:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, __file__, self.guild_name, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, limit=2**24,
        )
        assert self.proc.stdout is not None
        url = (await self.proc.stdout.readline()).decode().strip()
        discord.http.Route.BASE = url + API_PREFIX
        self._reader = asyncio.create_task(self._read())
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            await asyncio.wait_for(self.proc.wait(), 5.0)
        except TimeoutError:
            self.proc.kill()
        if self._reader is not None:
            self._reader.cancel()
        discord.http.Route.BASE = self.ld.url + API_PREFIX

    def release(self, interaction_id: int, keep: int | None = None) -> None:
        """Forget a checked interaction and the messages its requests made or edited, but
        ``keep`` (a ``/lead`` answer whose button comes next). The benchmark's bookkeeping shares
        the bot's process: kept, a minute of records (their tasks, payloads and message dicts,
        ~300,000 objects at 200/s) made every young collection of the garbage collector slow
        and pushed the p99 (``benchmarks/README.md``, *second look*)."""
        ld = self.ld
        record = ld._interactions.pop(interaction_id, None)
        if record is None:
            return
        ld._by_token.pop(record.token, None)
        gone = {r.message.id for r in record.requests if r.message is not None}
        if record.original_id is not None:
            gone.add(record.original_id)
        for mid in gone - {keep}:
            ld.messages.pop(mid, None)

    def register(self, payload: bytes) -> None:
        """Tell the child of an interaction about to be dispatched (its payload's JSON)."""
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(payload + b"\n")

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        ld = self.ld
        while line := await self.proc.stdout.readline():
            d = orjson.loads(line)
            record = ld._interactions.get(d["iid"])
            if record is None:
                continue
            request = Request(seq=d["seq"], method=d["method"], path=d["path"],
                              query=d["query"], json=d["json"], files=[], kind=d["kind"],
                              interaction_id=d["iid"], status=d["status"],
                              received_at=d["received_at"])
            data = d["message"]
            if data is not None:
                ld.messages[int(data["id"])] = data
                request.message = Message(data, {})
                if d["kind"] == "callback" and (d["json"] or {}).get("type") in (4, 5):
                    record.original_id = int(data["id"])
            record.add(request)


if __name__ == "__main__":
    asyncio.run(_serve())
