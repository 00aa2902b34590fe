"""Interactions through the real command tree under load: 60 tables, a realistic mix.

    python benchmarks/interactions.py                      # SQLite, 200/s offered, ~6 min
    python benchmarks/interactions.py --discord separate --no-levers    # ~2.5 min
    python benchmarks/interactions.py --discord separate --no-levers --seconds 2   # a short run
    python benchmarks/interactions.py --postgres postgresql://user@127.0.0.1:5432/postgres
    python benchmarks/interactions.py --smoke     # every run and lever, tiny sizes (CI)

Over 600 lines: one script, several ways of timing the same evening (one at a time, open and
closed loop, the levers, the shards), each built on the ones before. The evening itself (who
sends each step, what a real answer to it is) is ``benchmarks/evening.py``.

A ``TDBot`` with every extension of ``tdbot.client.EXTENSIONS`` (and the table, incident and
follow-up cogs) on a real, migrated ``Storage``, logged in to the stand-in for Discord
(``localdiscord``), which runs (``--discord``):

* ``separate`` — in a process of its own (``benchmarks/remote_discord.py``): the bot keeps its
  real HTTP client and pays only for its own work. The honest method: Discord's CPU is not ours.
* ``in-process`` — in the bot's process and event loop, as the tests run it (the method of the
  earlier passes): the stand-in's CPU (~0.3 ms a request) is counted in every figure.

Every measurement (one at a time, each open-loop and each closed-loop run) starts on a fresh bot
and database: 60 tables seeded through the storage API as the club night has it (README *The
club night*): a session opened, four players seated at each table for it, board 1 in play with
its declarer recorded (N dealt, S declares 4H, so ``/exposed`` asks no phase question);
``settle_memory`` applied as ``bot.py`` does, then a short warm-up. Each table then plays this
cycle over and over, one interaction per step, each from the member the rules let do it:

    /exposed cards:SK seat:W       a penalty card (recorded)         a reporter (below)
    /state                         the board's public state           N (anyone may read)
    /mustplay seat:E               the obligation in words            E
    /lead seat:E                   declarer's options as buttons      a reporter
    press "forbid"                 declarer's choice (recorded, message edited)   S, declarer,
                                                                      or a director (below)
    /mustplay seat:E led:S hand:…  with a hand: the private answer    E
    /board set number:<next>       the next board (recorded)          a director: the board
                                                                      has a ruling on it

The incident commands and ``/lead`` are accepted from a seated player or a director, and are
rate-limited per user (5 per 30 s): so that the benchmark measures the commands and not the
"slow down" answer, the reporters are the table's four seated players and ``--reporters``
directors of that table (members with the director role), in turn. Declarer's button and
``/board set`` have per-member allowances too (12 in 10 s, issue 25): the presses go round S and
those directors, the board sets round the directors (``benchmarks/evening.py``, ``Table``).

**Every answer is checked** (``expected``): the ruling, the state, the obligation, the options
with a "forbid" button, the choice recorded on the pressed message, the next board — not an
error, a refusal, "slow down" or the phase question. Each run reports ``answers`` (per step:
how many were expected, and how many were each kind of wrong answer); a run with any wrong
answer stops the benchmark: the JSON so far (with ``failed``) on stdout, the steps and answer
texts on stderr, exit status 1. ``one_at_a_time`` also counts the SQL statements and
transactions of each step (one table, listeners on SQLAlchemy's ``Engine``), so a step refused
before it reaches the database shows there too.

Two latencies, both from payload in (the gateway's JSON text, just before the bot decodes it):
to the first response (the moment the stand-in received the bot's interaction callback: for a
deferred command only "thinking…"; ``p50_ms``…, ``per_kind``: the figure of the earlier passes)
and to the whole answer (the last request the bot made for the interaction: ``answer``,
``answer_per_kind``). The summary judges the targets on the whole answer and gives the first
response's figures under ``first_response``. A command of the cycle missing from the tree
fails the run too.

Modes, each for the mix and then for /ping (the floor: a command that only replies):

* open loop: arrivals at ``--rate`` per second in total, spread round-robin over the tables
  (each table's next step is dispatched at its scheduled time; ``max_lag_ms`` says how late the
  driver was, so a rate the bot could not keep up with is visible);
* interleaved (``--interleaved-rounds``, default 6 rounds of 3 s windows): the open loop's
  two p50 ratios again, with the mix's and ``/ping``'s windows alternating on one bot, so the
  two medians of each round are taken side by side (the judged ratios take them from two runs
  on two fresh bots, some seconds apart); the median of the rounds' ratios, and how many
  rounds met each target;
* closed loop: every table sends its next step as soon as the previous one is answered:
  the saturation throughput; ``process_cpu_ms_per_interaction`` is the bot process's CPU
  (all its threads) per interaction, the figure least disturbed by other load on the machine.

``levers`` (unless ``--no-levers``): the mix with each lever of this round added one after the
other, back to back in the same run, each on a fresh bot (separate-process method):
``none`` (aiosqlite for every statement, stdlib JSON, Python's default gc), then
``hot_path_on_loop`` (``core.storage.hotpath``), ``plus_orjson``, ``plus_settled_gc``
(``bot.settle_memory`` with the generation-0 threshold of round 3, 50,000), ``plus_gen0_5000``
(today's threshold) and ``plus_kept_connections`` (the loop's database keeps its connections
between transactions). (The rung ``plus_compiled_once`` of issue 14 is gone with the private path
it switched; the statements' rendering is A/B'd per statement by ``benchmarks/statements.py``.)
``--lever-rounds N`` runs the ladder N times, interleaved, and reports medians; every lever run
gives ``machine_speed_ms``, a fixed loop timed just before it (this machine drifts). Each rung
(:class:`Rung`) builds the bot through the product's own flags: ``Storage(hot_path_on_loop=…,
keep_connections=…)`` and ``bot.settle_memory(gen0_threshold=…)``; only discord.py's JSON is
switched by patching its module (:func:`discord_json_without_orjson`: discord.py has no flag).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import orjson  # noqa: E402

from benchmarks.cpu_census import census, shares  # noqa: E402
from benchmarks.evening import (  # noqa: E402
    STEPS,
    BenchFailure,
    Table,
    classify,
    expected,
    seed,
    step_payload,
)
from benchmarks.remote_discord import RemoteDiscord  # noqa: E402
from bot import GC_GEN0_THRESHOLD, settle_memory  # noqa: E402
from core.storage.db import make_engine, make_sessionmaker, upgrade_to_head  # noqa: E402
from core.storage.service import Storage  # noqa: E402
from localdiscord import Guild, LocalDiscord  # noqa: E402
from tdbot.client import EXTENSIONS, TDBot  # noqa: E402

TARGETS = {"p99_ms_at_200": 15.0, "saturation_per_s": 500.0, "state_p50_ratio": 2.0,
           "mix_p50_ratio": 3.0}
DEFAULT_GC_THRESHOLD = gc.get_threshold()
WANTED_COGS = ("cogs.table", "cogs.incidents", "cogs.followups")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def figures(ms: list[float]) -> dict[str, Any]:
    if not ms:
        return {"n": 0}
    return {"n": len(ms), "p50_ms": round(pct(ms, 50), 2), "p95_ms": round(pct(ms, 95), 2),
            "p99_ms": round(pct(ms, 99), 2), "max_ms": round(max(ms), 2),
            "mean_ms": round(statistics.fmean(ms), 2)}


@contextlib.contextmanager
def gc_pauses() -> Iterator[dict[str, Any]]:
    """The garbage collector's pauses in this (the bot's) process while the block runs, per
    generation: how many, their total and the longest, in ms (filled in when the block ends).
    The p99 of the first look was made of such pauses (``benchmarks/README.md``)."""
    durations: list[tuple[int, float, float]] = []
    started = [0.0, 0.0]

    def hook(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[:] = time.perf_counter(), time.thread_time()
        else:
            durations.append((info["generation"], (time.perf_counter() - started[0]) * 1000,
                              (time.thread_time() - started[1]) * 1000))

    out: dict[str, Any] = {}
    gc.callbacks.append(hook)
    try:
        yield out
    finally:
        gc.callbacks.remove(hook)
        for gen in (0, 1, 2):
            ms = [d for g, d, _cpu in durations if g == gen]
            cpu = [c for g, _d, c in durations if g == gen]
            # max_cpu_ms: the collector's own work; a wall time far above it is the machine
            # taking the core away mid-collection (other load), not a longer collection
            out[f"gen{gen}"] = {"n": len(ms), "total_ms": round(sum(ms), 1),
                                "max_ms": round(max(ms, default=0.0), 1),
                                "max_cpu_ms": round(max(cpu, default=0.0), 1)}


@contextlib.asynccontextmanager
async def loop_stalls(tick: float = 0.002) -> AsyncIterator[dict[str, Any]]:
    """How long the event loop was held at a stretch while the block runs: a task that asks to
    wake every ``tick`` s records how late it woke (the longest, and how many were over 15 ms).
    Whatever held the loop (a collection, a statement on the loop's own connection, a burst of
    callbacks, the driver's own work) shows here; ``gc_pauses`` says how much was the
    collector."""
    out: dict[str, Any] = {}
    late: list[float] = []
    stop = asyncio.Event()

    async def ticker() -> None:
        while not stop.is_set():
            t = time.perf_counter()
            await asyncio.sleep(tick)
            late.append((time.perf_counter() - t - tick) * 1000)

    task = asyncio.get_running_loop().create_task(ticker())
    try:
        yield out
    finally:
        stop.set()
        await task
        out["longest_ms"] = round(max(late, default=0.0), 1)
        out["over_15_ms"] = sum(v > 15 for v in late)


@contextlib.contextmanager
def checkpoints(bench: Bench) -> Iterator[dict[str, Any]]:
    """The WAL checkpoints SQLite ran while the block runs (``core.storage.hotpath``: passive,
    on aiosqlite's thread, every 200 writes), timed by SQLAlchemy's cursor events on the async
    engine: how many and the longest. Off the loop, but they share the disk and the cores."""
    from sqlalchemy import event

    out: dict[str, Any] = {}
    storage = bench.bot.storage
    engine = storage.tx.engine if storage is not None else None
    took: list[float] = []
    started: dict[int, float] = {}

    def before(_conn: Any, cursor: Any, statement: str, *_a: Any) -> None:
        if "wal_checkpoint" in statement:
            started[id(cursor)] = time.perf_counter()

    def after(_conn: Any, cursor: Any, statement: str, *_a: Any) -> None:
        if id(cursor) in started:
            took.append((time.perf_counter() - started.pop(id(cursor))) * 1000)

    if engine is None or engine.dialect.name != "sqlite":
        yield out
        return
    event.listen(engine.sync_engine, "before_cursor_execute", before)
    event.listen(engine.sync_engine, "after_cursor_execute", after)
    try:
        yield out
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", before)
        event.remove(engine.sync_engine, "after_cursor_execute", after)
        out.update({"n": len(took), "longest_ms": round(max(took, default=0.0), 1)})


class Bench:
    def __init__(self, ld: LocalDiscord, bot: TDBot, tables: list[Table],
                 remote: RemoteDiscord | None = None) -> None:
        self.ld, self.bot, self.tables, self.remote = ld, bot, tables, remote
        names = {c.qualified_name for c in bot.tree.walk_commands()}
        self.available = names
        missing = [f"/{command} is not in the command tree" for _kind, command in STEPS
                   if command not in names]
        if missing:
            raise BenchFailure(missing)
        self.steps = [kind for kind, _command in STEPS]
        self.sent = 0

    async def one(self, t: Table, ping_only: bool, log: dict[str, Any]) -> None:
        """Send the table's next step, wait until the bot has finished with it, and check that
        the answer is the one the step expects (``answers``; anything else is ``unexpected``)."""
        if ping_only:
            kind = "ping"
        else:
            kind = self.steps[t.step % len(self.steps)]
            t.step += 1
        answers = log.setdefault("answers", {}).setdefault(kind, {})
        payload = step_payload(self.ld, t, kind)
        if payload is None:  # no forbid button to press: the /lead before it went wrong
            self._unexpected(log, answers, kind, "no_button", "(no forbid button on /lead)")
            return
        # what the gateway delivers (decoding it is the bot's work); encoded once, with orjson,
        # for the bot and for the stand-in's child: the driver's own CPU is not the bot's
        raw = orjson.dumps(payload)
        if self.remote is not None:
            self.remote.register(raw)
        t_in = time.perf_counter()
        pending = self.ld.dispatch(discord.utils._from_json(raw), timeout=30.0)
        response = await pending.response()
        result = await pending
        log.setdefault("ms", {}).setdefault(kind, []).append(
            (response.received_at - t_in) * 1000)
        self.sent += 1
        result = await self._checked(t, kind, pending, result, answers, log)
        # the whole answer: a deferred command's callback is only "thinking…", its answer the
        # edit that follows (the last request the bot made for this interaction)
        done = max((r.received_at for r in result.requests if r.ok),
                   default=response.received_at)
        log.setdefault("answer_ms", {}).setdefault(kind, []).append((done - t_in) * 1000)
        if kind == "lead":
            t.lead_message = result.message
        if self.remote is not None:
            self.remote.release(pending.id, keep=result.message.id if kind == "lead" else None)
        elif self.sent % 2000 == 0:
            self.ld.forget()

    async def _checked(self, t: Table, kind: str, pending: Any, result: Any,
                       answers: dict[str, Any], log: dict[str, Any]) -> Any:
        """Count the answer as expected or as what went wrong. With the stand-in in its own
        process, its report of the bot's last request (the answer edited into "thinking…") may
        still be on its way: an answer that is not yet the expected one is looked at again for
        up to a second before it counts as wrong (the timing is already taken)."""
        for attempt in range(40):
            if expected(kind, t, result):
                answers["expected"] = answers.get("expected", 0) + 1
                return result
            if self.remote is None or result.exceptions:
                break
            log["rechecked"] = log.get("rechecked", 0) + 1
            await asyncio.sleep(0 if attempt < 20 else 0.05)
            result = await pending
        self._unexpected(log, answers, kind, classify(result), result.text)
        return result

    def _unexpected(self, log: dict[str, Any], answers: dict[str, Any], kind: str, what: str,
                    text: str) -> None:
        answers[what] = answers.get(what, 0) + 1
        # the first answer of each kind of wrong answer, per step
        log.setdefault("unexpected", {}).setdefault(f"{kind}: {what}",
                                                    " ".join(text.split())[:200])

    async def sequential(self, cycles: int) -> dict[str, Any]:
        """Each step of the cycle alone (no concurrency, one table): its latency, its answers,
        and how many SQL statements and transactions it costs. Counted by listeners on
        SQLAlchemy's ``Engine`` class, so every engine of the process counts (the async engine's
        and the hot paths' own, ``core.storage.hotpath``) with no reach into ``Storage``: a step
        refused before it reaches the database shows here as one that costs almost nothing."""
        from sqlalchemy import event
        from sqlalchemy.engine import Engine

        counts = {"statements": 0, "begins": 0}

        def on_execute(*_args: Any) -> None:
            counts["statements"] += 1

        def on_begin(*_args: Any) -> None:
            counts["begins"] += 1

        event.listen(Engine, "before_cursor_execute", on_execute)
        event.listen(Engine, "begin", on_begin)
        # the statements on the driver's own connection (asyncpg's, the loop's sqlite3) pass
        # no SQLAlchemy event: counted apart
        storage = self.bot.storage
        drivers = [d for d in (storage.tx.driver,
                               storage.tx.loop.direct if storage.tx.loop is not None else None)
                   if d is not None] if storage is not None else []

        def on_driver() -> int:
            return sum(d.executed for d in drivers)

        per: dict[str, dict[str, list[float]]] = {}
        log: dict[str, Any] = {}
        try:
            t = self.tables[0]
            for ping_only in (False, True):
                for _ in range(cycles * len(self.steps)):
                    kind = "ping" if ping_only else self.steps[t.step % len(self.steps)]
                    before, before_driver = dict(counts), on_driver()
                    cpu = time.process_time()
                    await self.one(t, ping_only, log)
                    cpu = time.process_time() - cpu
                    row = per.setdefault(kind, {"statements": [], "transactions": [], "cpu": []})
                    row["cpu"].append(cpu * 1000)
                    row["statements"].append(counts["statements"] - before["statements"]
                                             + on_driver() - before_driver)
                    row["transactions"].append(counts["begins"] - before["begins"])
        finally:
            event.remove(Engine, "before_cursor_execute", on_execute)
            event.remove(Engine, "begin", on_begin)
        out = {k: {"p50_ms": round(pct(log.get("ms", {}).get(k, []), 50), 2),
                   "answer_p50_ms": round(pct(log.get("answer_ms", {}).get(k, []), 50), 2),
                   "sql_statements": statistics.median(v["statements"]),
                   "sql_statements_first_pass": v["statements"][0],
                   "transactions": statistics.median(v["transactions"]),
                   "cpu_ms": round(statistics.median(v["cpu"]), 3),
                   "answers": log.get("answers", {}).get(k, {})}
               for k, v in per.items()}
        if "unexpected" in log:
            out["unexpected"] = log["unexpected"]
        return out

    async def open_loop(self, rate: float, seconds: float, ping_only: bool) -> dict[str, Any]:
        log: dict[str, Any] = {}
        n = int(rate * seconds)
        start = time.perf_counter() + 0.05
        lags: list[float] = []
        # a bot slower than the offered rate falls behind: stop dispatching at twice the planned
        # duration and count the arrivals never sent
        deadline = start + 2 * seconds + 2.0
        not_sent = [0]

        async def table_worker(i: int, t: Table) -> None:
            for k in range(i, n, len(self.tables)):
                due = start + k / rate
                delay = due - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                if time.perf_counter() > deadline:
                    not_sent[0] += len(range(k, n, len(self.tables)))
                    return
                lags.append((time.perf_counter() - due) * 1000)
                await self.one(t, ping_only, log)

        t0 = time.perf_counter()
        with gc_pauses() as pauses, checkpoints(self) as wal:
            async with loop_stalls() as stalls:
                await asyncio.gather(*(table_worker(i, t) for i, t in enumerate(self.tables)))
        took = time.perf_counter() - t0
        return self._report(log, took, {"offered_per_s": rate,
                                        "max_lag_ms": round(max(lags), 1),
                                        "p99_lag_ms": round(pct(lags, 99), 1),
                                        "arrivals_not_sent_bot_too_slow": not_sent[0],
                                        "gc_pauses": pauses, "loop_stalls": stalls,
                                        "wal_checkpoints": wal})

    async def closed_loop(self, seconds: float, ping_only: bool) -> dict[str, Any]:
        log: dict[str, Any] = {}
        stop = time.perf_counter() + seconds

        async def table_worker(t: Table) -> None:
            while time.perf_counter() < stop:
                await self.one(t, ping_only, log)

        stand_in = self.remote.proc.pid if self.remote and self.remote.proc else None
        seen = census(stand_in)
        t0, cpu0 = time.perf_counter(), time.process_time()
        with gc_pauses() as pauses:
            await asyncio.gather(*(table_worker(t) for t in self.tables))
        took, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        seen_after = census(stand_in)
        report = self._report(log, took, {"concurrency": len(self.tables), "gc_pauses": pauses})
        # CPU used by this process (all threads: the bot, the fake Discord, aiosqlite's) per
        # interaction: less sensitive to other load on the machine than the throughput
        done = max(1, report["completed"])
        report["process_cpu_ms_per_interaction"] = round(cpu * 1000 / done, 2)
        report["cpu_share_of_wall"] = round(cpu / took, 2)
        # beside the bot's: the machine's cores, the database server's and the stand-in's CPU
        report["machine"] = shares(seen, seen_after, took, done)
        return report

    def _report(self, log: dict[str, Any], took: float, extra: dict[str, Any]) -> dict[str, Any]:
        ms = log.get("ms", {})
        all_ms = [v for vs in ms.values() for v in vs]
        answer_ms = log.get("answer_ms", {})
        report = {**extra, "seconds": round(took, 2), "completed": len(all_ms),
                  "throughput_per_s": round(len(all_ms) / took, 1), **figures(all_ms),
                  "per_kind": {k: figures(v) for k, v in ms.items()},
                  "answer": figures([v for vs in answer_ms.values() for v in vs]),
                  "answer_per_kind": {k: figures(v) for k, v in answer_ms.items()},
                  "answers": log.get("answers", {}),
                  "answers_rechecked": log.get("rechecked", 0)}
        if "unexpected" in log:
            report["unexpected"] = log["unexpected"]
        return report


def unexpected(report: dict[str, Any], where: str) -> list[str]:
    """The steps of a run (or of ``one_at_a_time``) that did not get the expected answer."""
    answers = report.get("answers")
    if answers is None:  # one_at_a_time: answers per step
        answers = {k: v["answers"] for k, v in report.items()
                   if isinstance(v, dict) and "answers" in v}
    samples = report.get("unexpected", {})
    return [f"{where}: {kind}: {n} × {what}, e.g. {samples.get(f'{kind}: {what}', '')!r}"
            for kind, counts in answers.items() for what, n in counts.items()
            if what != "expected"]


async def profiled(coro: Any, top: int, dump: str | None = None) -> dict[str, Any]:
    """Run ``coro`` under cProfile: its report and the top functions by own time (``dump``:
    also the raw profile, for ``pstats`` or a per-package grouping)."""
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    try:
        report = await coro
    finally:
        prof.disable()
    if dump:
        prof.dump_stats(dump)
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]  # not in typeshed
    total = sum(v[2] for v in stats.values()) or 1.0

    def rows(index: int) -> list[str]:
        items = sorted(stats.items(), key=lambda kv: kv[1][index], reverse=True)[:top]
        out = []
        for (file, line, name), (_cc, nc, tt, ct, _) in items:
            short = file.split("site-packages/")[-1].split(f"{ROOT}/")[-1]
            out.append(f"{100 * (tt if index == 2 else ct) / total:5.1f}%  {nc:>8} calls  "
                       f"{short}:{line}({name})")
        return out

    return {"throughput_per_s_under_profiler": report["throughput_per_s"],
            "by_own_time": rows(2), "by_cumulative_time": rows(3)}


def check(report: dict[str, Any], where: str) -> None:
    """Stop the benchmark (:class:`BenchFailure`) if a step of ``report`` was not answered as
    the cycle expects."""
    problems = unexpected(report, where)
    if problems:
        raise BenchFailure(problems)


class Rung(NamedTuple):
    """One variant of the levers' ladder: how the bot is built for it."""

    #: discord.py's JSON: orjson (its choice when installed, as shipped) or the standard library
    #: (:func:`discord_json_without_orjson`).
    orjson: bool
    #: ``bot.settle_memory(gen0_threshold=…)`` once the bot is up; None: Python's default gc.
    settle_gen0: int | None
    #: ``Storage(hot_path_on_loop=…)`` (``core.storage.hotpath``, SQLite files only).
    hot_path_on_loop: bool
    #: ``Storage(keep_connections=…)``: the loop's database keeps its connections open.
    keep_connections: bool


#: The product as shipped: every lever on.
SHIPPED = Rung(orjson=True, settle_gen0=GC_GEN0_THRESHOLD, hot_path_on_loop=True,
               keep_connections=True)

#: The ladder of ``levers``: each variant adds one lever to the one before.
LEVERS = {
    "none": Rung(False, None, False, False),
    "hot_path_on_loop": Rung(False, None, True, False),
    "plus_orjson": Rung(True, None, True, False),
    "plus_settled_gc": Rung(True, 50_000, True, False),
    "plus_gen0_5000": Rung(True, 5_000, True, False),
    "plus_kept_connections": Rung(True, 5_000, True, True),
}
assert LEVERS["plus_kept_connections"] == SHIPPED, "the ladder's last rung is the product"


@asynccontextmanager
async def instance(args: argparse.Namespace, method: str, out: dict[str, Any], *,
                   rung: Rung | None = None) -> AsyncIterator[Bench]:
    """A fresh bot on a fresh database, 60 tables seeded and warmed up: a ``Bench``.

    ``method`` ``separate``: the stand-in for Discord runs in its own process
    (``benchmarks/remote_discord.py``); ``in-process``: in this process and event loop.
    ``rung``: the product's levers as the bot is built with them (default: as shipped, every
    lever on): ``Storage(hot_path_on_loop=…, keep_connections=…)`` and, once the bot is up,
    ``bot.settle_memory(gen0_threshold=…)`` as ``bot.py`` does it (or Python's default gc).
    discord.py's JSON is the caller's (:func:`discord_json_without_orjson`)."""
    rung = rung or SHIPPED
    server = tmp = None
    guild = None
    if args.database_url:  # one shard of --processes: a fresh club in the shared database
        url: Any = args.database_url
        _runs[0] += 1
        guild = Guild.club(f"{args.guild} run {_runs[0]}")
    elif args.postgres:
        from core.storage.testing import create_scratch_database
        server = args.postgres
        url = await create_scratch_database(server)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="tdbot-interactions-")
        url = f"sqlite+aiosqlite:///{os.path.join(tmp.name, 'bench.db')}"
    try:
        await upgrade_to_head(url)
        engine = make_engine(url)
        storage = Storage(make_sessionmaker(engine), hot_path_on_loop=rung.hot_path_on_loop,
                          keep_connections=rung.keep_connections,
                          driver_reads=args.driver_reads)
        extensions = tuple(dict.fromkeys((*EXTENSIONS, *WANTED_COGS)))
        loaded = []
        for ext in extensions:  # cogs still being written may be missing or broken
            try:
                __import__(ext)
                loaded.append(ext)
            except Exception as exc:  # noqa: BLE001
                out.setdefault("extensions_skipped", []).append(f"{ext}: {exc!r}"[:200])
        out["extensions"] = loaded
        async with LocalDiscord(timeout=30.0, guild=guild) as ld, \
                TDBot(storage=storage, extensions=loaded) as bot:
            remote = RemoteDiscord(ld, ld.guild.name) if method == "separate" else None
            async with remote or contextlib.nullcontext():
                await ld.login(bot)
                tables = [Table(ld, n, args.reporters) for n in range(1, args.tables + 1)]
                out["seed"] = await seed(storage, ld, tables)
                bench = Bench(ld, bot, tables, remote)
                if rung.settle_gen0 is not None:
                    settle_memory(gen0_threshold=rung.settle_gen0)
                # caches and pools; a warm-up refused is a cycle gone wrong too
                check(await bench.closed_loop(args.warmup, ping_only=False), f"{method} warm-up")
                check(await bench.closed_loop(min(args.warmup, 1.0), ping_only=True),
                      f"{method} warm-up /ping")
                yield bench
        await engine.dispose()
    finally:
        if server is not None:
            from core.storage.testing import drop_scratch_database
            await drop_scratch_database(server, url)
        if tmp is not None:
            tmp.cleanup()


def default_gc() -> None:
    """Undo ``settle_memory`` (for the A/B of that lever): Python's own collector settings."""
    gc.unfreeze()
    gc.set_threshold(*DEFAULT_GC_THRESHOLD)
    gc.collect()


def _stdlib_dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


def _stdlib_loads(obj: bytes | bytearray | memoryview | str) -> Any:
    return json.loads(bytes(obj) if isinstance(obj, memoryview) else obj)


@contextlib.contextmanager
def discord_json_without_orjson() -> Iterator[None]:
    """discord.py's JSON through the standard library instead of orjson, for the A/B of the
    ``orjson`` dependency (rung ``plus_orjson``).

    The one lever the benchmark still switches by patching, on purpose: it is not tdbot's
    behaviour but discord.py's, which picks orjson at import when it is installed
    (``discord.utils._to_json``/``_from_json``) and offers no setting. tdbot's lever is the
    dependency in ``pyproject.toml``; this is how its worth is measured without uninstalling
    it. Every other lever is a constructor argument (:class:`Rung`)."""
    saved = discord.utils._to_json, discord.utils._from_json
    discord.utils._to_json, discord.utils._from_json = _stdlib_dumps, _stdlib_loads
    try:
        yield
    finally:
        discord.utils._to_json, discord.utils._from_json = saved


async def measure(args: argparse.Namespace, method: str, out: dict[str, Any]) -> None:
    """The figures of one method into ``out``, every run on a fresh bot and database; stops
    (:class:`BenchFailure`) at the first run in which a step was not answered as expected."""
    fresh: dict[str, Any] = {}
    async with instance(args, method, fresh) as bench:
        out["commands"] = sorted(bench.available)
        out["cycle"] = [f"{k}→/{c}" for k, c in STEPS]
        out["one_at_a_time"] = await bench.sequential(args.sequential_cycles)
    out["extensions"] = fresh.get("extensions")
    if "extensions_skipped" in fresh:
        out["extensions_skipped"] = fresh["extensions_skipped"]
    check(out["one_at_a_time"], f"{method} one_at_a_time")
    if args.profile:
        out["profile"] = {}
        for name, ping_only in (("mix", False), ("ping", True)):
            async with instance(args, method, {}) as bench:
                out["profile"][name] = await profiled(
                    bench.closed_loop(args.closed_seconds, ping_only=ping_only), args.top,
                    f"{args.profile_out}-{name}.pstats" if args.profile_out else None)
    runs = {}
    for name, ping_only in (("mix", False), ("ping", True)):
        async with instance(args, method, {}) as bench:
            runs[("open", name)] = await bench.open_loop(args.rate, args.open_seconds,
                                                         ping_only=ping_only)
        out.setdefault("open_loop", {})[name] = runs[("open", name)]
        check(runs[("open", name)], f"{method} open_loop {name}")
        async with instance(args, method, {}) as bench:
            runs[("closed", name)] = await bench.closed_loop(args.closed_seconds,
                                                             ping_only=ping_only)
        out.setdefault("closed_loop", {})[name] = runs[("closed", name)]
        check(runs[("closed", name)], f"{method} closed_loop {name}")
    mix_open, ping_open = runs[("open", "mix")], runs[("open", "ping")]
    mix_closed, ping_closed = runs[("closed", "mix")], runs[("closed", "ping")]
    saturation = {"mix": mix_closed["throughput_per_s"], "ping": ping_closed["throughput_per_s"]}

    def judged(mix: dict[str, Any], ping: dict[str, Any],
               per_kind: dict[str, Any]) -> dict[str, Any]:
        state_p50 = per_kind.get("state", {}).get("p50_ms", float("nan"))
        ratio, state_ratio = mix["p50_ms"] / ping["p50_ms"], state_p50 / ping["p50_ms"]
        return {
            "open_p50_ms": {"mix": mix["p50_ms"], "state": state_p50, "ping": ping["p50_ms"]},
            "open_p99_ms": {"mix": mix["p99_ms"], "ping": ping["p99_ms"]},
            "p50_ratio_state_to_ping": round(state_ratio, 2),
            "p50_ratio_mix_to_ping": round(ratio, 2),
            "met": {
                "p99_at_offered_rate": mix["p99_ms"] <= TARGETS["p99_ms_at_200"],
                "saturation": saturation["mix"] >= TARGETS["saturation_per_s"],
                "state_p50_ratio": state_ratio <= TARGETS["state_p50_ratio"],
                "mix_p50_ratio": ratio <= TARGETS["mix_p50_ratio"],
            },
        }

    # Judged on the whole answer (the user waits for it); the first response (a deferred
    # command's "thinking…", the figure of the earlier passes) is kept alongside.
    whole = judged(mix_open["answer"], ping_open["answer"], mix_open["answer_per_kind"])
    first = judged(mix_open, ping_open, mix_open["per_kind"])
    out["summary"] = {**whole, "saturation_per_s": saturation, "targets": TARGETS,
                      "cpu_ms_per_interaction_mix": {
                          "bot": mix_closed["process_cpu_ms_per_interaction"],
                          **mix_closed.get("machine", {})},
                      "first_response": first}
    if args.interleaved_rounds:
        async with instance(args, method, {}) as bench:
            out["interleaved"] = await interleaved(bench, args)


async def interleaved(bench: Bench, args: argparse.Namespace) -> dict[str, Any]:
    """The two p50 ratios with the mix and ``/ping`` measured side by side on one bot: open-loop
    windows of ``--interleaved-seconds`` at ``--rate``, the mix's and ``/ping``'s alternating
    (``--interleaved-rounds`` of each, ``/ping`` first in odd rounds). The judged figures above
    take each median from one window on its own fresh bot, some seconds apart, so a spell of
    the machine's falls on one side only; here each round's ratio compares windows taken next to
    each other, and the summary is the median of the rounds' ratios. Nothing else differs."""
    rounds = []
    for r in range(args.interleaved_rounds):
        order = (True, False) if r % 2 else (False, True)
        got: dict[bool, dict[str, Any]] = {}
        for ping_only in order:
            got[ping_only] = await bench.open_loop(args.rate, args.interleaved_seconds,
                                                   ping_only=ping_only)
            check(got[ping_only], f"interleaved round {r + 1}")
        mix, ping = got[False]["answer"]["p50_ms"], got[True]["answer"]["p50_ms"]
        state = got[False]["answer_per_kind"].get("state", {}).get("p50_ms", float("nan"))
        rounds.append({"mix_p50_ms": mix, "state_p50_ms": state, "ping_p50_ms": ping,
                       "mix_to_ping": round(mix / ping, 2),
                       "state_to_ping": round(state / ping, 2)})
    median = statistics.median
    return {
        "rounds": rounds, "seconds_each": args.interleaved_seconds, "rate": args.rate,
        "p50_ratio_mix_to_ping": round(median(r["mix_to_ping"] for r in rounds), 2),
        "p50_ratio_state_to_ping": round(median(r["state_to_ping"] for r in rounds), 2),
        "rounds_mix_ratio_met": sum(r["mix_to_ping"] <= TARGETS["mix_p50_ratio"]
                                    for r in rounds),
        "rounds_state_ratio_met": sum(r["state_to_ping"] <= TARGETS["state_p50_ratio"]
                                      for r in rounds),
    }


async def tail(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """``--tail-runs N``: N consecutive open-loop runs of the mix at ``--rate`` (separate
    method, each on a fresh bot), each with its p99 (whole answer) and, beside it, the driver's
    own lateness and the bot's longest pauses: the collector's (``gc_pauses``), the event loop
    held at a stretch (``loop_stalls``: the bot or the driver, which share the loop) and SQLite's
    WAL checkpoints. ``slow_because`` names what made a run miss the 15 ms target: the
    collector (a collection that took over 15 ms of CPU: the bot's own pause; its wall time is
    longer when other load takes the core), the driver (dispatching over 15 ms late at its p99
    with no such pause: the loop or the cores were taken, by the driver, the bot's backlog or
    other processes), else queueing in the bot."""
    limit = TARGETS["p99_ms_at_200"]
    runs = []
    for _ in range(args.tail_runs):
        load = os.getloadavg()[0]
        async with instance(args, "separate", {}) as bench:
            r = await bench.open_loop(args.rate, args.open_seconds, ping_only=False)
        check(r, "tail")
        gc_max = max(v["max_ms"] for v in r["gc_pauses"].values())
        gc_cpu = max(v["max_cpu_ms"] for v in r["gc_pauses"].values())
        p99 = r["answer"]["p99_ms"]
        why = None
        if p99 > limit:
            why = ("collector" if gc_cpu > limit else
                   "driver" if r["p99_lag_ms"] > limit else "queueing in the bot")
        runs.append({"loadavg_1m_at_start": round(load, 2), "p99_ms": p99,
                     "p50_ms": r["answer"]["p50_ms"], "max_ms": r["answer"]["max_ms"],
                     "driver_max_lag_ms": r["max_lag_ms"], "driver_p99_lag_ms": r["p99_lag_ms"],
                     "gc_longest_ms": gc_max, "gc_longest_cpu_ms": gc_cpu,
                     "gc_pauses": r["gc_pauses"],
                     "loop_longest_stall_ms": r["loop_stalls"]["longest_ms"],
                     "loop_stalls_over_15_ms": r["loop_stalls"]["over_15_ms"],
                     "wal_checkpoints": r["wal_checkpoints"],
                     "met": p99 <= limit, "slow_because": why})
    out["runs"] = runs
    out["all_met"] = all(r["met"] for r in runs)
    out["no_bot_pause_over_15_ms"] = all(r["gc_longest_cpu_ms"] <= limit for r in runs)


def machine_speed_ms() -> float:
    """How long a fixed pure-Python loop takes now: this machine's speed drifts by tens of per
    cent from minute to minute, so every lever run reports it beside its figures."""
    t = time.process_time()
    total = 0
    for i in range(1_000_000):
        total += i * i
    return round((time.process_time() - t) * 1000, 1)


async def levers(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """Each process-level lever on and off, back to back (separate-process method, the mix):
    p50/p99 at the offered rate and the closed-loop throughput, each on a fresh bot. With
    ``--lever-rounds N`` the ladder runs N times over (variants interleaved, so a slow minute
    of the machine falls on all of them) and each figure is the median of its N runs."""
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in LEVERS}
    for _ in range(args.lever_rounds):
        for name, rung in LEVERS.items():
            with contextlib.nullcontext() if rung.orjson else discord_json_without_orjson():
                row: dict[str, Any] = {}
                for mode in ("closed",) if args.smoke else ("open", "closed"):
                    if rung.settle_gen0 is None:
                        default_gc()
                    async with instance(args, "separate", {}, rung=rung) as bench:
                        speed = machine_speed_ms()
                        if mode == "open":
                            r = await bench.open_loop(args.rate, args.lever_seconds, False)
                            row["open"] = {k: r[k] for k in ("p50_ms", "p99_ms", "max_ms",
                                                             "throughput_per_s")}
                            row["open"]["answer"] = {k: r["answer"][k]
                                                     for k in ("p50_ms", "p99_ms", "max_ms")}
                        else:
                            r = await bench.closed_loop(args.lever_seconds, False)
                            row["closed"] = {k: r[k] for k in (
                                "throughput_per_s", "process_cpu_ms_per_interaction")}
                        row[mode]["machine_speed_ms"] = speed
                    check(r, f"levers {name} {mode}")
                rounds[name].append(row)
    for name, rows in rounds.items():
        out[name] = rows[0] if len(rows) == 1 else {**_medians(rows), "runs": rows}


def _medians(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The median of each figure over ``rows`` (nested dicts of numbers)."""
    first = rows[0]
    return {k: _medians([r[k] for r in rows]) if isinstance(v, dict)
            else statistics.median(r[k] for r in rows) for k, v in first.items()}


_runs = [0]


async def sharded(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """``--processes N`` bot processes on one PostgreSQL database, as shards: each its own
    clubs, ``--tables``/N tables and ``--rate``/N arrivals a second; started together, so their
    runs overlap (each runs the same sequence of fresh runs; they are not exactly aligned).
    A shard whose steps were not answered as expected fails the whole run."""
    from core.storage.testing import create_scratch_database, drop_scratch_database

    url = await create_scratch_database(args.postgres)
    out.update({"benchmark": "interactions", "backend": "postgresql",
                "processes": args.processes, "tables": args.tables, "rate": args.rate})
    out["machine"] = {"cpus": os.cpu_count(), "loadavg_1m_at_start": os.getloadavg()[0]}
    try:
        await upgrade_to_head(url)
        n = args.processes
        common = ["--discord", "separate", "--no-levers", "--database-url",
                  url.render_as_string(hide_password=False),
                  "--rate", str(args.rate / n), "--tables", str(args.tables // n),
                  "--open-seconds", str(args.open_seconds),
                  "--closed-seconds", str(args.closed_seconds), "--warmup", str(args.warmup),
                  "--sequential-cycles", str(args.sequential_cycles),
                  "--reporters", str(args.reporters),
                  "--driver-reads" if args.driver_reads else "--no-driver-reads"]
        procs = [await asyncio.create_subprocess_exec(
            sys.executable, __file__, *common, "--guild", f"Shard {i}",
            stdout=asyncio.subprocess.PIPE) for i in range(n)]
        outputs = [(await p.communicate())[0] for p in procs]
        results = [json.loads(o) if o.strip() else {} for o in outputs]
        problems = []
        for i, (proc, result) in enumerate(zip(procs, results, strict=True)):
            failed = result.get("failed") or (
                [f"exit status {proc.returncode}"] if proc.returncode else [])
            problems += [f"shard {i}: {line}" for line in failed]
        if problems:
            out["shards_failed"] = results
            raise BenchFailure(problems)
        out["shards"] = [r["separate"]["summary"] for r in results]
        out["shards_one_at_a_time"] = [r["separate"]["one_at_a_time"] for r in results]
        out["combined"] = {
            "saturation_per_s_mix": round(sum(r["separate"]["summary"]["saturation_per_s"]["mix"]
                                              for r in results), 1),
            "open_p99_ms_mix_worst": max(r["separate"]["summary"]["open_p99_ms"]["mix"]
                                         for r in results),
            "open_p50_ms_mix": [r["separate"]["summary"]["open_p50_ms"]["mix"]
                                for r in results],
            # each shard's closed loop of the mix: its bot's CPU per interaction, and the whole
            # machine's during it (the server's and the stand-ins' CPU per interaction of that
            # shard include the other shard's share when the runs overlap)
            "closed_loop_mix": [
                {"bot_cpu_ms_per_interaction":
                    r["separate"]["closed_loop"]["mix"]["process_cpu_ms_per_interaction"],
                 **r["separate"]["closed_loop"]["mix"].get("machine", {})}
                for r in results],
        }
    finally:
        await drop_scratch_database(args.postgres, url)
    out["machine"]["loadavg_1m_at_end"] = os.getloadavg()[0]


async def run(args: argparse.Namespace, out: dict[str, Any]) -> None:
    """Fill ``out`` run by run (so that a failure still shows what was measured before it)."""
    logging.basicConfig(level=logging.ERROR)
    if args.processes > 1:
        if not args.postgres:
            raise SystemExit("--processes needs --postgres (shards share one PostgreSQL)")
        await sharded(args, out)
        return
    out.update({"benchmark": "interactions",
                "backend": "postgresql" if args.postgres else "sqlite",
                "tables": args.tables, "driver_reads": args.driver_reads,
                "event_loop": type(asyncio.get_running_loop()).__module__,
                "json": "orjson" if discord.utils.HAS_ORJSON else "json"})
    out["machine"] = {"cpus": os.cpu_count(), "loadavg_1m_at_start": os.getloadavg()[0]}
    if args.tail_runs:
        out["tail"] = {"rate": args.rate, "seconds": args.open_seconds}
        await tail(args, out["tail"])
        out["machine"]["loadavg_1m_at_end"] = os.getloadavg()[0]
        return
    methods = ["separate", "in-process"] if args.discord == "both" else [args.discord]
    for method in methods:
        await measure(args, method, out.setdefault(method, {}))
    if args.levers:
        await levers(args, out.setdefault("levers", {}))
    out["machine"]["loadavg_1m_at_end"] = os.getloadavg()[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rate", type=float, default=200.0, help="open loop: offered per second")
    ap.add_argument("--open-seconds", type=float, default=15.0)
    ap.add_argument("--closed-seconds", type=float, default=10.0)
    ap.add_argument("--warmup", type=float, default=3.0, help="closed-loop warm-up seconds")
    ap.add_argument("--seconds", type=float, help="short runs: sets --open-seconds, "
                    "--closed-seconds and --lever-seconds (and caps --warmup) at once")
    ap.add_argument("--tables", type=int, default=60)
    ap.add_argument("--sequential-cycles", type=int, default=10,
                    help="cycles run one step at a time (latency and SQL per step)")
    ap.add_argument("--reporters", type=int, default=30,
                    help="directors per table who, with its four seated players, take turns "
                    "reporting incidents (the per-user rate limit: 5 per 30 s)")
    ap.add_argument("--postgres", metavar="URL", help="PostgreSQL server (a scratch database "
                    "is created on it and dropped afterwards)")
    ap.add_argument("--discord", choices=("both", "separate", "in-process"), default="both",
                    help="where the stand-in for Discord runs: its own process (the bot's "
                    "figures alone) or the bot's process (the earlier method)")
    ap.add_argument("--levers", action=argparse.BooleanOptionalAction, default=True,
                    help="also the A/B of orjson and of settle_memory (gc)")
    ap.add_argument("--lever-seconds", type=float, default=8.0)
    ap.add_argument("--lever-rounds", type=int, default=1,
                    help="run the levers' ladder this many times over; figures are medians")
    ap.add_argument("--driver-reads", action=argparse.BooleanOptionalAction, default=True,
                    help="PostgreSQL: the prebuilt reads on asyncpg's own connection "
                    "(Storage(driver_reads=…), core/storage/driver.py; the A/B of that lever)")
    ap.add_argument("--processes", type=int, default=1,
                    help="PostgreSQL: this many bot processes (shards) on one database")
    ap.add_argument("--database-url", help=argparse.SUPPRESS)  # a shard's shared database
    ap.add_argument("--guild", default="Local Club", help=argparse.SUPPRESS)
    ap.add_argument("--tail-runs", type=int, default=0, metavar="N",
                    help="only N consecutive open-loop runs of the mix at --rate, each with "
                    "its p99, the driver's lateness and the bot's longest pauses (a steady tail)")
    ap.add_argument("--interleaved-rounds", type=int, default=6, metavar="N",
                    help="also the p50 ratios from N rounds of the mix's and /ping's open-loop "
                    "windows side by side on one bot (0: not)")
    ap.add_argument("--interleaved-seconds", type=float, default=3.0,
                    help="each interleaved window's length")
    ap.add_argument("--profile", action="store_true",
                    help="also cProfile a closed-loop run of the mix and of /ping")
    ap.add_argument("--top", type=int, default=25, help="rows of the profile")
    ap.add_argument("--profile-out", metavar="PREFIX",
                    help="with --profile: also write PREFIX-mix.pstats and PREFIX-ping.pstats")
    ap.add_argument("--smoke", action="store_true",
                    help="2 tables, 0.2 s runs, the stand-in in its own process, every lever "
                    "once (closed loop only): proves the script still runs (CI), measures nothing")
    args = ap.parse_args()
    if args.smoke:
        args.tables, args.sequential_cycles, args.rate, args.seconds = 2, 1, 20.0, 0.2
        args.discord, args.lever_rounds = "separate", 1
        args.interleaved_rounds, args.interleaved_seconds = 2, 0.2
    if args.seconds is not None:
        args.open_seconds = args.closed_seconds = args.lever_seconds = args.seconds
        args.warmup = min(args.warmup, args.seconds)
    out: dict[str, Any] = {}
    try:
        asyncio.run(run(args, out))
    except BenchFailure as exc:
        # the figures would not be the commands': say which steps and what they were answered
        out["failed"] = exc.problems
        print(json.dumps(out, indent=2))
        print("interactions.py: FAILED: steps not answered as the cycle expects "
              "(see README *The club night*):\n  " + "\n  ".join(exc.problems),
              file=sys.stderr)
        raise SystemExit(1) from None
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
