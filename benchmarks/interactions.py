"""Interactions through the real command tree under load: 60 tables, a realistic mix.

    python benchmarks/interactions.py                      # SQLite, 200/s offered, ~6 min
    python benchmarks/interactions.py --discord separate --no-levers    # ~2.5 min
    python benchmarks/interactions.py --postgres postgresql://user@127.0.0.1:5432/postgres

A ``TDBot`` with every extension of ``cogs.tdbot.EXTENSIONS`` (and the table, incident and
follow-up cogs) on a real, migrated ``Storage``, logged in to the stand-in for Discord
(``localdiscord``), which runs (``--discord``):

* ``separate`` — in a process of its own (``benchmarks/remote_discord.py``): the bot keeps its
  real HTTP client and pays only for its own work. The honest method: Discord's CPU is not ours.
* ``in-process`` — in the bot's process and event loop, as the tests run it (the method of the
  earlier passes): the stand-in's CPU (~0.3 ms a request) is counted in every figure.

Every measurement (one at a time, each open-loop and each closed-loop run) starts on a fresh bot
and database: 60 tables seeded through the storage API (a session, four players seated at each
table, board 1 in play: N dealt, S declares 4H), ``settle_memory`` applied as ``bot.py`` does,
then a short warm-up. Each table then plays this cycle over and over, one interaction per step:

    /exposed cards:SK seat:W       a penalty card (recorded: one write)
    /state                         the board's public state
    /mustplay seat:E               the obligation in words
    /lead seat:E                   declarer's options as buttons (recorded)
    press "forbid"                 declarer's choice on that message (recorded, message edited)
    /mustplay seat:E led:S hand:…  with a hand: the private answer
    /board set number:<next>       the next board (recorded)

Handling time is payload in (the gateway's JSON text, just before the bot decodes it) to
response out (the moment the stand-in received the bot's interaction callback). Commands
missing from the tree are replaced by /ping and listed under ``fallbacks``.

Modes, each for the mix and then for /ping (the floor: a command that only replies):

* open loop: arrivals at ``--rate`` per second in total, spread round-robin over the tables
  (each table's next step is dispatched at its scheduled time; ``max_lag_ms`` says how late the
  driver was, so a rate the bot could not keep up with is visible);
* closed loop: every table sends its next step as soon as the previous one is answered:
  the saturation throughput; ``process_cpu_ms_per_interaction`` is the bot process's CPU
  (all its threads) per interaction, the figure least disturbed by other load on the machine.

``levers`` (unless ``--no-levers``): the mix with each lever of this round added one after the
other, back to back in the same run, each on a fresh bot (separate-process method):
``none`` (aiosqlite for every statement, stdlib JSON, Python's default gc), then
``hot_path_on_loop`` (``core.storage.hotpath``), ``plus_orjson``, ``plus_settled_gc``
(``bot.settle_memory``).

The incident commands are rate-limited per user (5 per 30 s); so that the benchmark measures
the commands and not the "slow down" answer, incidents are reported by a pool of kibitzers per
table (``--reporters``) naming the table; declarer presses the buttons and sets the board.
``slow_down`` counts any rate-limited answers that still happened.
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
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord  # noqa: E402

from benchmarks.remote_discord import RemoteDiscord  # noqa: E402
from bot import settle_memory  # noqa: E402
from cogs.tdbot import EXTENSIONS, TDBot  # noqa: E402
from core.storage.db import make_engine, make_sessionmaker, upgrade_to_head  # noqa: E402
from core.storage.service import Storage  # noqa: E402
from localdiscord import Guild, LocalDiscord  # noqa: E402

TARGETS = {"p99_ms_at_200": 15.0, "saturation_per_s": 500.0, "state_p50_ratio": 2.0,
           "mix_p50_ratio": 3.0}
DEFAULT_GC_THRESHOLD = gc.get_threshold()
WANTED_COGS = ("cogs.table", "cogs.incidents", "cogs.followups")
HAND_E = "S 2 H KQ54 D J9872 C 643"
SEATS = ("N", "E", "S", "W")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def figures(ms: list[float]) -> dict:
    if not ms:
        return {"n": 0}
    return {"n": len(ms), "p50_ms": round(pct(ms, 50), 2), "p95_ms": round(pct(ms, 95), 2),
            "p99_ms": round(pct(ms, 99), 2), "max_ms": round(max(ms), 2),
            "mean_ms": round(statistics.fmean(ms), 2)}


class Table:
    """One table's players and where it is in its cycle."""

    def __init__(self, ld: LocalDiscord, number: int, reporters: int) -> None:
        self.number = number
        self.players = {s: ld.member(f"t{number}-{s}") for s in SEATS}
        self.reporters = [ld.member(f"t{number}-kibitzer{i}") for i in range(reporters)]
        self.step = 0
        self.board = 1
        self.lead_message: Any = None
        self.turn = 0

    def reporter(self) -> Any:
        self.turn += 1
        return self.reporters[self.turn % len(self.reporters)]


class Bench:
    def __init__(self, ld: LocalDiscord, bot: TDBot, tables: list[Table],
                 remote: RemoteDiscord | None = None) -> None:
        self.ld, self.bot, self.tables, self.remote = ld, bot, tables, remote
        names = {c.qualified_name for c in bot.tree.walk_commands()}
        self.available = names
        self.fallbacks: list[str] = []
        self.steps = self._steps(names)
        self.sent = 0

    def _steps(self, names: set[str]) -> list[tuple[str, str]]:
        """(kind, command) per step; a missing command becomes /ping."""
        wanted = [("exposed", "exposed"), ("state", "state"), ("mustplay", "mustplay"),
                  ("lead", "lead"), ("press", "lead"), ("mustplay_hand", "mustplay"),
                  ("board_set", "board set")]
        steps = []
        for kind, command in wanted:
            if command in names:
                steps.append((kind, command))
            else:
                steps.append((kind, "ping"))
                self.fallbacks.append(f"{kind}: /{command} is missing, /ping sent instead")
        return steps

    def payload(self, t: Table, kind: str, command: str) -> dict | None:
        ld = self.ld
        if command == "ping":
            return ld.slash_payload("ping", user=t.players["S"])
        if kind == "exposed":
            return ld.slash_payload("exposed", {"cards": "SK", "seat": "W", "how": "accidental",
                                                "table": t.number}, user=t.reporter())
        if kind == "state":
            return ld.slash_payload("state", {"table": t.number}, user=t.players["N"])
        if kind == "mustplay":
            return ld.slash_payload("mustplay", {"seat": "E", "table": t.number},
                                    user=t.players["E"])
        if kind == "lead":
            return ld.slash_payload("lead", {"seat": "E", "table": t.number}, user=t.reporter())
        if kind == "press":
            msg = t.lead_message
            if msg is None:
                return None
            button = next((b for b in msg.buttons if ":forbid:" in b.get("custom_id", "")), None)
            if button is None:
                return None
            return ld.component_payload(msg, button["custom_id"], user=t.players["S"])
        if kind == "mustplay_hand":
            return ld.slash_payload("mustplay", {"seat": "E", "led": "S", "hand": HAND_E,
                                                 "table": t.number}, user=t.players["E"])
        if kind == "board_set":
            t.board += 1
            return ld.slash_payload("board set", {"number": t.board, "dealer": "N",
                                                  "declarer": "S", "contract": "4H"},
                                    user=t.players["S"])
        raise ValueError(kind)

    async def one(self, t: Table, ping_only: bool, log: dict) -> None:
        """Send the table's next step and wait until the bot has finished with it."""
        if ping_only:
            kind, command = "ping", "ping"
        else:
            kind, command = self.steps[t.step % len(self.steps)]
            t.step += 1
        payload = self.payload(t, kind, command)
        if payload is None:  # no button to press (the lead was refused): skip the step
            log["skipped"] = log.get("skipped", 0) + 1
            return
        if self.remote is not None:
            self.remote.register(payload)
        raw = json.dumps(payload)  # what the gateway delivers: decoding it is the bot's work
        t_in = time.perf_counter()
        pending = self.ld.dispatch(discord.utils._from_json(raw), timeout=30.0)
        response = await pending.response()
        result = await pending
        log.setdefault(kind, []).append((response.received_at - t_in) * 1000)
        self.sent += 1
        text = result.text
        if "Slow down" in text:
            log["slow_down"] = log.get("slow_down", 0) + 1
        if result.exceptions:
            log["exceptions"] = log.get("exceptions", 0) + 1
        if kind in ("exposed", "lead", "press", "state", "board_set") and command != "ping" \
                and result.ephemeral:
            log["errors"] = log.get("errors", 0) + 1
            samples = log.setdefault("error_samples", [])
            if len(samples) < 5:
                samples.append(f"{kind}: {text[:160]}")
        if kind == "lead":
            t.lead_message = result.message
        if self.sent % 2000 == 0:
            (self.remote or self.ld).forget()

    async def sequential(self, engine: Any, cycles: int) -> dict:
        """Each step of the cycle alone (no concurrency): its latency and how many SQL
        statements and transactions it costs (counted on the engine)."""
        from sqlalchemy import event

        counts = {"statements": 0, "begins": 0}

        def on_execute(*_args: Any) -> None:
            counts["statements"] += 1

        def on_begin(*_args: Any) -> None:
            counts["begins"] += 1

        engines = [engine.sync_engine]
        loop_db = self.bot.storage.tx.loop  # the hot paths' own engine (core.storage.hotpath)
        if loop_db is not None:
            engines.append(loop_db.engine)
        for sync in engines:
            event.listen(sync, "before_cursor_execute", on_execute)
            event.listen(sync, "begin", on_begin)
        per: dict[str, dict[str, list[float]]] = {}
        try:
            t = self.tables[0]
            for _ in range(cycles * len(self.steps)):
                kind = self.steps[t.step % len(self.steps)][0]
                before = dict(counts)
                log: dict = {}
                await self.one(t, False, log)
                row = per.setdefault(kind, {"ms": [], "statements": [], "transactions": []})
                row["ms"] += log.get(kind, [])
                row["statements"].append(counts["statements"] - before["statements"])
                row["transactions"].append(counts["begins"] - before["begins"])
            log = {}
            for _ in range(cycles * len(self.steps)):
                before = dict(counts)
                await self.one(t, True, log)
                row = per.setdefault("ping", {"ms": [], "statements": [], "transactions": []})
                row["statements"].append(counts["statements"] - before["statements"])
                row["transactions"].append(counts["begins"] - before["begins"])
            per["ping"]["ms"] = log.get("ping", [])
        finally:
            for sync in engines:
                event.remove(sync, "before_cursor_execute", on_execute)
                event.remove(sync, "begin", on_begin)
        return {k: {"p50_ms": round(pct(v["ms"], 50), 2),
                    "sql_statements": statistics.median(v["statements"]),
                    "transactions": statistics.median(v["transactions"])}
                for k, v in per.items()}

    async def open_loop(self, rate: float, seconds: float, ping_only: bool) -> dict:
        log: dict = {}
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
        await asyncio.gather(*(table_worker(i, t) for i, t in enumerate(self.tables)))
        took = time.perf_counter() - t0
        return self._report(log, took, {"offered_per_s": rate,
                                        "max_lag_ms": round(max(lags), 1),
                                        "p99_lag_ms": round(pct(lags, 99), 1),
                                        "arrivals_not_sent_bot_too_slow": not_sent[0]})

    async def closed_loop(self, seconds: float, ping_only: bool) -> dict:
        log: dict = {}
        stop = time.perf_counter() + seconds

        async def table_worker(t: Table) -> None:
            while time.perf_counter() < stop:
                await self.one(t, ping_only, log)

        t0, cpu0 = time.perf_counter(), time.process_time()
        await asyncio.gather(*(table_worker(t) for t in self.tables))
        took, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        report = self._report(log, took, {"concurrency": len(self.tables)})
        # CPU used by this process (all threads: the bot, the fake Discord, aiosqlite's) per
        # interaction: less sensitive to other load on the machine than the throughput
        done = max(1, report["completed"])
        report["process_cpu_ms_per_interaction"] = round(cpu * 1000 / done, 2)
        report["cpu_share_of_wall"] = round(cpu / took, 2)
        return report

    def _report(self, log: dict, took: float, extra: dict) -> dict:
        counters = {k: log.pop(k) for k in ("slow_down", "exceptions", "errors", "skipped",
                                            "error_samples") if k in log}
        all_ms = [v for vs in log.values() for v in vs]
        return {**extra, "seconds": round(took, 2), "completed": len(all_ms),
                "throughput_per_s": round(len(all_ms) / took, 1), **figures(all_ms),
                "per_kind": {k: figures(v) for k, v in log.items()}, **counters}


async def profiled(coro: Any, top: int) -> dict:
    """Run ``coro`` under cProfile: its report and the top functions by own time."""
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    try:
        report = await coro
    finally:
        prof.disable()
    st = pstats.Stats(prof)
    total = sum(v[2] for v in st.stats.values()) or 1.0

    def rows(index: int) -> list[str]:
        items = sorted(st.stats.items(), key=lambda kv: kv[1][index], reverse=True)[:top]
        out = []
        for (file, line, name), (_cc, nc, tt, ct, _) in items:
            short = file.split("site-packages/")[-1].split("/work/main/")[-1]
            out.append(f"{100 * (tt if index == 2 else ct) / total:5.1f}%  {nc:>8} calls  "
                       f"{short}:{line}({name})")
        return out

    return {"throughput_per_s_under_profiler": report["throughput_per_s"],
            "by_own_time": rows(2), "by_cumulative_time": rows(3)}


async def seed(storage: Storage, ld: LocalDiscord, tables: list[Table]) -> dict:
    """The club, one session, 60 tables with four players seated and board 1 in play."""
    t0 = time.perf_counter()
    g = ld.guild.id
    await storage.club(g)
    for t in tables:
        info = await storage.table(g, t.number)
        for seat, member in t.players.items():
            await storage.sit(g, member.id, info.id, seat)
        await storage.set_board(g, info.id, 1, dealer="N", declarer="S", contract="4H")
    return {"tables": len(tables), "seconds": round(time.perf_counter() - t0, 2)}


@asynccontextmanager
async def instance(args, method: str, out: dict, *, settle: bool = True,
                   hot_path_on_loop: bool = True):
    """A fresh bot on a fresh database, 60 tables seeded and warmed up: a ``Bench``.

    ``method`` ``separate``: the stand-in for Discord runs in its own process
    (``benchmarks/remote_discord.py``); ``in-process``: in this process and event loop.
    ``settle``: what ``bot.py`` does once the bot is up (``settle_memory``: gc freeze and
    threshold); ``hot_path_on_loop``: ``Storage``'s hot paths on the event loop's thread
    (``core.storage.hotpath``, SQLite only)."""
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
        storage = Storage(make_sessionmaker(engine), hot_path_on_loop=hot_path_on_loop)
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
                if settle:
                    settle_memory()
                await bench.closed_loop(args.warmup, ping_only=False)  # caches and pools
                await bench.closed_loop(min(args.warmup, 1.0), ping_only=True)
                yield bench, engine
        await engine.dispose()
    finally:
        if server is not None:
            from core.storage.testing import drop_scratch_database
            await drop_scratch_database(server, url)
        if tmp is not None:
            tmp.cleanup()


def default_gc() -> None:
    """Undo ``settle_memory`` (for the A/B of that lever)."""
    gc.unfreeze()
    gc.set_threshold(*DEFAULT_GC_THRESHOLD)
    gc.collect()


@contextlib.contextmanager
def stdlib_json():
    """discord.py without orjson (for the A/B of that lever)."""
    saved = discord.utils._to_json, discord.utils._from_json
    discord.utils._to_json = lambda obj: json.dumps(obj, separators=(",", ":"))
    discord.utils._from_json = json.loads
    try:
        yield
    finally:
        discord.utils._to_json, discord.utils._from_json = saved


async def measure(args, method: str) -> dict:
    """The figures of one method, every run on a fresh bot and database."""
    out: dict = {}
    fresh: dict = {}
    async with instance(args, method, fresh) as (bench, engine):
        out["commands"] = sorted(bench.available)
        out["cycle"] = [f"{k}→/{c}" for k, c in bench.steps]
        out["fallbacks"] = bench.fallbacks
        out["one_at_a_time"] = await bench.sequential(engine, args.sequential_cycles)
    out["extensions"] = fresh.get("extensions")
    if "extensions_skipped" in fresh:
        out["extensions_skipped"] = fresh["extensions_skipped"]
    if args.profile:
        out["profile"] = {}
        for name, ping_only in (("mix", False), ("ping", True)):
            async with instance(args, method, {}) as (bench, _engine):
                out["profile"][name] = await profiled(
                    bench.closed_loop(args.closed_seconds, ping_only=ping_only), args.top)
    runs = {}
    for name, ping_only in (("mix", False), ("ping", True)):
        async with instance(args, method, {}) as (bench, _engine):
            runs[("open", name)] = await bench.open_loop(args.rate, args.open_seconds,
                                                         ping_only=ping_only)
        async with instance(args, method, {}) as (bench, _engine):
            runs[("closed", name)] = await bench.closed_loop(args.closed_seconds,
                                                             ping_only=ping_only)
    mix_open, ping_open = runs[("open", "mix")], runs[("open", "ping")]
    mix_closed, ping_closed = runs[("closed", "mix")], runs[("closed", "ping")]
    out["open_loop"] = {"mix": mix_open, "ping": ping_open}
    out["closed_loop"] = {"mix": mix_closed, "ping": ping_closed}
    state_p50 = mix_open["per_kind"].get("state", {}).get("p50_ms", float("nan"))
    ratio = mix_open["p50_ms"] / ping_open["p50_ms"]
    state_ratio = state_p50 / ping_open["p50_ms"]
    out["summary"] = {
        "open_p50_ms": {"mix": mix_open["p50_ms"], "state": state_p50,
                        "ping": ping_open["p50_ms"]},
        "open_p99_ms": {"mix": mix_open["p99_ms"], "ping": ping_open["p99_ms"]},
        "p50_ratio_state_to_ping": round(state_ratio, 2),
        "p50_ratio_mix_to_ping": round(ratio, 2),
        "saturation_per_s": {"mix": mix_closed["throughput_per_s"],
                             "ping": ping_closed["throughput_per_s"]},
        "targets": TARGETS,
        "met": {
            "p99_at_offered_rate": mix_open["p99_ms"] <= TARGETS["p99_ms_at_200"],
            "saturation": mix_closed["throughput_per_s"] >= TARGETS["saturation_per_s"],
            "state_p50_ratio": state_ratio <= TARGETS["state_p50_ratio"],
            "mix_p50_ratio": ratio <= TARGETS["mix_p50_ratio"],
        },
    }
    return out


async def levers(args) -> dict:
    """Each process-level lever on and off, back to back (separate-process method, the mix):
    p50/p99 at the offered rate and the closed-loop throughput, each on a fresh bot."""
    variants = {  # each adds one lever to the one before: (stdlib json, settle gc, loop)
        "none": (True, False, False),
        "hot_path_on_loop": (True, False, True),
        "plus_orjson": (False, False, True),
        "plus_settled_gc": (False, True, True),
    }
    out: dict = {}
    for name, (plain_json, settle, loop) in variants.items():
        with stdlib_json() if plain_json else contextlib.nullcontext():
            row: dict = {}
            for mode in ("open", "closed"):
                if not settle:
                    default_gc()
                async with instance(args, "separate", {}, settle=settle,
                                    hot_path_on_loop=loop) as (bench, _engine):
                    if mode == "open":
                        r = await bench.open_loop(args.rate, args.lever_seconds, False)
                        row["open"] = {k: r[k] for k in ("p50_ms", "p99_ms", "max_ms",
                                                         "throughput_per_s")}
                    else:
                        r = await bench.closed_loop(args.lever_seconds, False)
                        row["closed"] = {k: r[k] for k in ("throughput_per_s",
                                                           "process_cpu_ms_per_interaction")}
            out[name] = row
    return out


_runs = [0]


async def sharded(args) -> dict:
    """``--processes N`` bot processes on one PostgreSQL database, as shards: each its own
    clubs, ``--tables``/N tables and ``--rate``/N arrivals a second; started together, so their
    runs overlap (each runs the same sequence of fresh runs; they are not exactly aligned)."""
    from core.storage.testing import create_scratch_database, drop_scratch_database

    url = await create_scratch_database(args.postgres)
    out: dict = {"benchmark": "interactions", "backend": "postgresql",
                 "processes": args.processes, "tables": args.tables, "rate": args.rate}
    out["machine"] = {"cpus": os.cpu_count(), "loadavg_1m_at_start": os.getloadavg()[0]}
    try:
        await upgrade_to_head(url)
        n = args.processes
        common = ["--discord", "separate", "--no-levers", "--database-url",
                  url.render_as_string(hide_password=False),
                  "--rate", str(args.rate / n), "--tables", str(args.tables // n),
                  "--open-seconds", str(args.open_seconds),
                  "--closed-seconds", str(args.closed_seconds), "--warmup", str(args.warmup),
                  "--sequential-cycles", str(args.sequential_cycles)]
        procs = [await asyncio.create_subprocess_exec(
            sys.executable, __file__, *common, "--guild", f"Shard {i}",
            stdout=asyncio.subprocess.PIPE) for i in range(n)]
        results = [json.loads((await p.communicate())[0]) for p in procs]
        out["shards"] = [r["separate"]["summary"] for r in results]
        out["combined"] = {
            "saturation_per_s_mix": round(sum(r["separate"]["summary"]["saturation_per_s"]["mix"]
                                              for r in results), 1),
            "open_p99_ms_mix_worst": max(r["separate"]["summary"]["open_p99_ms"]["mix"]
                                         for r in results),
            "open_p50_ms_mix": [r["separate"]["summary"]["open_p50_ms"]["mix"]
                                for r in results],
        }
    finally:
        await drop_scratch_database(args.postgres, url)
    out["machine"]["loadavg_1m_at_end"] = os.getloadavg()[0]
    return out


async def run(args) -> dict:
    logging.basicConfig(level=logging.ERROR)
    if args.processes > 1:
        if not args.postgres:
            raise SystemExit("--processes needs --postgres (shards share one PostgreSQL)")
        return await sharded(args)
    out: dict = {"benchmark": "interactions",
                 "backend": "postgresql" if args.postgres else "sqlite",
                 "tables": args.tables,
                 "event_loop": type(asyncio.get_running_loop()).__module__,
                 "json": "orjson" if discord.utils.HAS_ORJSON else "json"}
    out["machine"] = {"cpus": os.cpu_count(), "loadavg_1m_at_start": os.getloadavg()[0]}
    methods = ["separate", "in-process"] if args.discord == "both" else [args.discord]
    for method in methods:
        out[method] = await measure(args, method)
    if args.levers:
        out["levers"] = await levers(args)
    out["machine"]["loadavg_1m_at_end"] = os.getloadavg()[0]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rate", type=float, default=200.0, help="open loop: offered per second")
    ap.add_argument("--open-seconds", type=float, default=15.0)
    ap.add_argument("--closed-seconds", type=float, default=10.0)
    ap.add_argument("--warmup", type=float, default=3.0, help="closed-loop warm-up seconds")
    ap.add_argument("--tables", type=int, default=60)
    ap.add_argument("--sequential-cycles", type=int, default=10,
                    help="cycles run one step at a time (latency and SQL per step)")
    ap.add_argument("--reporters", type=int, default=12,
                    help="kibitzers per table who report incidents (per-user rate limit)")
    ap.add_argument("--postgres", metavar="URL", help="PostgreSQL server (a scratch database "
                    "is created on it and dropped afterwards)")
    ap.add_argument("--discord", choices=("both", "separate", "in-process"), default="both",
                    help="where the stand-in for Discord runs: its own process (the bot's "
                    "figures alone) or the bot's process (the earlier method)")
    ap.add_argument("--levers", action=argparse.BooleanOptionalAction, default=True,
                    help="also the A/B of orjson and of settle_memory (gc)")
    ap.add_argument("--lever-seconds", type=float, default=8.0)
    ap.add_argument("--processes", type=int, default=1,
                    help="PostgreSQL: this many bot processes (shards) on one database")
    ap.add_argument("--database-url", help=argparse.SUPPRESS)  # a shard's shared database
    ap.add_argument("--guild", default="Local Club", help=argparse.SUPPRESS)
    ap.add_argument("--profile", action="store_true",
                    help="also cProfile a closed-loop run of the mix and of /ping")
    ap.add_argument("--top", type=int, default=25, help="rows of the profile")
    args = ap.parse_args()
    print(json.dumps(asyncio.run(run(args)), indent=2))


if __name__ == "__main__":
    main()
