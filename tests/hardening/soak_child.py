"""The bot the fault soak (:mod:`tests.hardening.soak`) kills and restarts: the real bot, its
cogs and storage, logged in to the stand-in for Discord in this process, under a club night's
load for a given time.

Usage: ``python tests/hardening/soak_child.py DATABASE_URL SECONDS BOARD SENT_FILE [REDELIVER]``.
Every payload is appended to ``SENT_FILE`` before it is sent (the next run redelivers the last
ones from ``REDELIVER``, as Discord does after a restart). One line per answered interaction,
flushed: ``ANSWER <iid> <ok|late|none> <seconds>``, and ``ACK <iid> <ruling id>`` for a ruling
the user was told was recorded. Prints ``READY`` once the tables are set, ``DONE`` at the end.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.storage.db import make_engine, make_sessionmaker  # noqa: E402
from core.storage.service import Storage  # noqa: E402
from localdiscord import LocalDiscord  # noqa: E402
from tdbot.client import EXTENSIONS, TDBot  # noqa: E402

TABLES = 4
SEATS = ("N", "E", "S", "W")
CARDS = [f"{s}{r}" for s in "SHDC" for r in "AKQJT98765432"]
RULING = re.compile(r"Ruling #(\d+)")


def player(table: int, seat: str) -> str:
    return f"P{table}{seat}"


class Night:
    """The load: each table's players report, ask and read; answers are checked as they come."""

    def __init__(self, ld: LocalDiscord, sent: Any) -> None:
        self.ld, self.sent = ld, sent
        self.history: list[dict[str, Any]] = []
        self.seen: set[str] = set()

    async def send(self, payload: dict[str, Any], *, again: bool = False) -> Any:
        """Send ``payload`` (``again``: a redelivery of one this stand-in has seen)."""
        iid = payload["id"]
        again = again or iid in self.seen
        if not again:
            self.sent.write(json.dumps(payload) + "\n")
            self.sent.flush()
            self.seen.add(iid)
        start = time.monotonic()
        result = await self.ld.dispatch(dict(payload), timeout=30)
        took = time.monotonic() - start
        if not again:  # redelivered later only once answered: the stand-in files the answers
            self.history.append(payload)  # of an interaction under its latest delivery
        first = next((r for r in result.requests if r.kind == "callback"), None)
        if again and (first is None or not first.ok):
            # Discord refuses a second answer (already acknowledged, or expired): expected
            print(f"ANSWER {iid} redelivered {took:.3f}", flush=True)
        elif first is None:
            print(f"ANSWER {iid} none {took:.3f}", flush=True)
            print(f"NOANSWER {iid} {payload['data'].get('name')} {len(self.history)} "
                  f"{[(r.kind, r.status) for r in result.requests]} {result.exceptions}",
                  file=sys.stderr, flush=True)
        else:
            print(f"ANSWER {iid} {'ok' if first.ok else 'late'} {took:.3f}", flush=True)
        found = RULING.search(result.text or "")
        if found and not result.ephemeral:
            print(f"ACK {iid} {found.group(1)}", flush=True)
        return result

    async def table(self, t: int, until: float) -> None:
        ld = self.ld
        while time.monotonic() < until:
            roll = random.random()
            who = player(t, random.choice(SEATS))
            if roll < 0.30:
                payload = ld.slash_payload("state", {"table": t}, user=who)
            elif roll < 0.40:
                payload = ld.slash_payload("ping", {}, user=who)
            elif roll < 0.50:
                payload = ld.slash_payload("mustpass", {"seat": "W", "table": t}, user=who)
            elif roll < 0.85:
                card = random.choice(CARDS)
                payload = ld.slash_payload(
                    "exposed",
                    {"cards": card, "seat": random.choice("EW"), "how": "accidental", "table": t},
                    user=who,
                )
            elif roll < 0.95 and self.history:
                await self.send(random.choice(self.history), again=True)  # a redelivery
                continue
            else:
                payload = ld.slash_payload("lead", {"seat": "W", "table": t}, user=who)
            await self.send(payload)
            await asyncio.sleep(random.uniform(0.02, 0.15))


async def main(url: str, seconds: float, board: int, sent_path: str, redeliver: str | None) -> None:
    engine = make_engine(url)
    storage = Storage(make_sessionmaker(engine))
    async with LocalDiscord(timeout=30.0, response_window=3.0) as ld:
        bot = TDBot(storage=storage, extensions=EXTENSIONS)
        await ld.login(bot)
        guild = ld.guild
        for t in range(1, TABLES + 1):
            for seat in SEATS:
                ld.member(player(t, seat))
        with open(sent_path, "a", encoding="utf-8") as sent:
            night = Night(ld, sent)
            await ld.run("/setup log_channel:#td-log director_role:@Director", user="Director")
            for t in range(1, TABLES + 1):
                for seat in SEATS:
                    await ld.run(f"/sit table:{t} seat:{seat}", user=player(t, seat))
                await ld.run(
                    f"/board set number:{board} dealer:N declarer:S contract:4H table:{t}",
                    user="Director",
                )
            print("READY", flush=True)
            if redeliver:  # what Discord redelivers after the restart: the last ones sent
                lines = Path(redeliver).read_text(encoding="utf-8").splitlines()[-20:]
                for line in lines:
                    await night.send(json.loads(line), again=False)
            until = time.monotonic() + seconds
            await asyncio.gather(*(night.table(t, until) for t in range(1, TABLES + 1)))
        await bot.close()
        del guild
    await engine.dispose()
    print("DONE", flush=True)


if __name__ == "__main__":
    a = sys.argv[1:]
    asyncio.run(main(a[0], float(a[1]), int(a[2]), a[3], a[4] if len(a) > 4 else None))
