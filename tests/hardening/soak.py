"""The fault soak (issue 25, item 6): a club night's load on the real bot for a bounded time,
with faults injected — another process holding the database's write lock, the bot killed
(SIGKILL) and restarted, PostgreSQL dropping every connection of the bot as a restart does, and
Discord redelivering interactions (during the run, and after each restart) — then the checks:

* every interaction got its first answer within Discord's 3 s (the stand-in refuses a later
  one), apart from those in flight when the bot was killed;
* every ruling a user was told was recorded is in the log, once, under its interaction (a
  ``/lead`` that shows the pending 50D2 ruling again records nothing: the number it shows is
  a ruling another interaction recorded);
* every board's events are numbered 1, 2, 3 … with no gap and no repeat.

``python -m tests.hardening.soak --backend sqlite --seconds 60`` (PostgreSQL: ``--backend
postgresql`` with ``TEST_DATABASE_URL`` set; a scratch database is made and dropped). Prints a
JSON summary; exit status 1 if a check fails. ``.ci/run`` runs it on both backends;
``tests/hardening/test_fault_soak.py`` runs a short one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from sqlalchemy import text

from core.storage.db import make_engine, upgrade_to_head
from core.storage.testing import scratch_url

CHILD = Path(__file__).with_name("soak_child.py")

SQLITE_HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
"""


class Run:
    """One soak: the children it started and what they printed."""

    def __init__(self, url: str, workdir: Path) -> None:
        self.url, self.workdir = url, workdir
        self.sent = workdir / "sent.jsonl"
        self.lines: list[str] = []
        self.faults: Counter[str] = Counter()
        #: restart PostgreSQL for real (``--restart-server``) rather than drop its connections
        self.restart_server = False

    async def child(self, seconds: float, board: int, *, kill_after: float | None) -> None:
        """One life of the bot: ``seconds`` of load, or SIGKILL after ``kill_after``."""
        redeliver = [str(self.sent)] if self.sent.exists() else []
        with open(self.workdir / "bot.log", "ab") as log:  # the bot's own log lines
            proc = await asyncio.create_subprocess_exec(
                sys.executable, str(CHILD), self.url, str(seconds), str(board), str(self.sent),
                *redeliver, stdout=asyncio.subprocess.PIPE, stderr=log,
            )
        assert proc.stdout is not None

        async def read() -> None:
            assert proc.stdout is not None
            async for raw in proc.stdout:
                self.lines.append(raw.decode().strip())

        reader = asyncio.create_task(read())
        try:
            if kill_after is None:
                await asyncio.wait_for(proc.wait(), timeout=seconds + 120)
            else:
                try:
                    await asyncio.wait_for(proc.wait(), timeout=kill_after)
                except TimeoutError:
                    proc.send_signal(signal.SIGKILL)
                    self.faults["bot killed"] += 1
                await proc.wait()
        finally:
            await reader

    async def hold_lock(self, seconds: float) -> None:
        """Another process holds the database's write lock (SQLite) or the boards table
        (PostgreSQL) for ``seconds``."""
        self.faults["lock held by another process"] += 1
        if self.url.startswith("sqlite"):
            path = self.url.split("///", 1)[1]
            holder = await asyncio.create_subprocess_exec(
                sys.executable, "-c", SQLITE_HOLDER, path, str(seconds)
            )
            await holder.wait()
            return
        engine = make_engine(self.url)
        try:
            async with engine.begin() as conn:
                await conn.execute(text("LOCK TABLE boards IN EXCLUSIVE MODE"))
                await asyncio.sleep(seconds)
        finally:
            await engine.dispose()

    async def restart_postgresql(self) -> None:
        """A PostgreSQL restart: for real when asked (``--restart-server``, ``.ci/run`` alone,
        where nothing else uses the server at that moment; ``TDBOT_PG_RESTART``, set by
        ``.ci/start-postgres.sh``, says how: the server stops, every
        connection drops, and it starts again), else what it does to the bot: every connection
        of the bot's database dropped."""
        command = os.environ.get("TDBOT_PG_RESTART") if self.restart_server else None
        if command:
            self.faults["PostgreSQL restarted"] += 1
            restart = await asyncio.create_subprocess_shell(
                command, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
            _, err = await restart.communicate()
            if restart.returncode != 0:
                raise RuntimeError(f"PostgreSQL did not restart: {err.decode()[-500:]}")
            return
        self.faults["PostgreSQL connections dropped"] += 1
        engine = make_engine(self.url)
        try:
            async with engine.connect() as conn:
                await conn.execute(text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                ))
                await conn.commit()
        finally:
            await engine.dispose()

    async def faults_during(self, seconds: float) -> None:
        """Faults at random moments of a life of the bot."""
        start = time.monotonic()
        await asyncio.sleep(random.uniform(1.5, 3.0))
        await self.hold_lock(random.uniform(2.0, 4.0))
        if not self.url.startswith("sqlite"):
            await asyncio.sleep(random.uniform(0.5, 2.0))
            await self.restart_postgresql()
        left = seconds - (time.monotonic() - start)
        if left > 3:
            await asyncio.sleep(random.uniform(0.5, left - 2))
            if not self.url.startswith("sqlite"):
                await self.restart_postgresql()


async def soak(backend: str, seconds: float, workdir: Path, seed: int,
               restart_server: bool = False) -> dict[str, Any]:
    random.seed(seed)
    async with scratch_url(backend, workdir) as url:
        await upgrade_to_head(url)
        run = Run(url.render_as_string(hide_password=False), workdir)
        run.restart_server = restart_server
        lives = 3
        per_life = seconds / lives
        for life in range(lives):
            last = life == lives - 1
            kill = None if last else random.uniform(per_life * 0.6, per_life)
            await asyncio.gather(
                run.child(per_life + 5, board=life + 1, kill_after=None if last else kill),
                run.faults_during(per_life if last else kill or per_life),
            )
        return await check(run, url)


async def check(run: Run, url: Any) -> dict[str, Any]:
    answers = [line.split() for line in run.lines if line.startswith("ANSWER ")]
    acks = {int(p[1]): int(p[2]) for p in (line.split() for line in run.lines)
            if p and p[0] == "ACK"}
    late = [a for a in answers if a[2] in ("late", "none")]
    problems: list[str] = [f"interaction {a[1]}: {a[2]} after {a[3]} s" for a in late]
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            rows = (await conn.execute(text(
                "SELECT id, interaction_id FROM events WHERE interaction_id IS NOT NULL"
            ))).all()
            by_iid: dict[int, list[int]] = {}
            recorded_by: dict[int, int] = {}
            for event_id, iid in rows:
                by_iid.setdefault(int(iid), []).append(int(event_id))
                recorded_by[int(event_id)] = int(iid)
            for iid, ruling in acks.items():
                # a /lead may show the pending 50D2 ruling again: an existing ruling another
                # interaction recorded. Showing it writes nothing, so a later delivery of the
                # same interaction, after the table moved on (a new board), rules anew (Discord
                # refuses its answer as answered; the log channel has its ruling)
                shown_again = ruling in recorded_by and recorded_by[ruling] != iid
                if by_iid.get(iid) != [ruling] and not shown_again:
                    problems.append(f"acknowledged ruling #{ruling} ({iid}): {by_iid.get(iid)}")
            seqs = (await conn.execute(text(
                "SELECT board_id, seq FROM events ORDER BY board_id, seq"
            ))).all()
    finally:
        await engine.dispose()
    per_board: dict[int, list[int]] = {}
    for board_id, seq in seqs:
        per_board.setdefault(int(board_id), []).append(int(seq))
    for board_id, numbers in per_board.items():
        if numbers != list(range(1, len(numbers) + 1)):
            problems.append(f"board {board_id}: events numbered {numbers[:20]}")
    if problems:
        log = (run.workdir / "bot.log").read_text(encoding="utf-8", errors="replace")
        problems += [line for line in log.splitlines() if line.startswith("NOANSWER")]
        problems.append("the bot's log ends: " + log[-3000:])
    worst = max((float(a[3]) for a in answers if a[2] == "ok"), default=0.0)
    return {
        "interactions answered": len(answers),
        "redelivered": sum(a[2] == "redelivered" for a in answers),
        "acknowledged rulings": len(acks),
        "events": len(seqs),
        "slowest whole answer (s)": round(worst, 2),
        "faults": dict(run.faults),
        "problems": problems[:50],
        "ok": not problems and len(answers) > 0 and len(acks) > 0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SOAK_SEED", "25")))
    parser.add_argument("--restart-server", action="store_true",
                        help="restart PostgreSQL for real ($TDBOT_PG_RESTART): only where "
                        "nothing else uses the server")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tdbot-soak-") as tmp:
        summary = asyncio.run(soak(args.backend, args.seconds, Path(tmp), args.seed,
                                   args.restart_server))
    summary["backend"] = args.backend
    print(json.dumps(summary, indent=2))
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
