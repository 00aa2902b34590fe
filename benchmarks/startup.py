"""Time from process start to ready, and resident memory once started.

    python benchmarks/startup.py [--runs 5] [--postgres URL]
    python benchmarks/startup.py --smoke        # one run: the script still runs (CI)

Each run is a fresh Python process (``--child``) that does what starting the bot does, against
a fresh database (a new SQLite file, or a scratch PostgreSQL database with ``--postgres``):
imports, migrations to head (``upgrade_to_head``), engine + ``Storage``, ``TDBot`` with every
extension in ``tdbot.client.EXTENSIONS``, login to ``LocalDiscord`` (runs ``setup_hook``: cogs
loaded, tree built), then ``tree.sync()`` as a dev-guild start would. The child reports its phase
timings (measured from its own process start time, read from /proc) and its RSS; the parent
also measures wall time from spawn to the "ready" line. Medians over ``--runs`` are reported.
A second figure, ``warm_db``, restarts on the already-migrated database (the usual restart).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent


def _process_start_monotonic() -> float:
    """This process's start time on the time.monotonic() clock (CLOCK_MONOTONIC since boot)."""
    with open("/proc/self/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    start_ticks = int(fields[19])  # field 22: starttime, in clock ticks since boot
    return start_ticks / os.sysconf("SC_CLK_TCK")


def _mem() -> dict[str, Any]:
    out = {}
    with open("/proc/self/status") as fh:
        for line in fh:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = round(int(rest.split()[0]) / 1024, 1)
    return {"rss_mb": out.get("VmRSS"), "peak_rss_mb": out.get("VmHWM")}


def child(url: str) -> None:
    born = _process_start_monotonic()
    marks: dict[str, float] = {"interpreter_ready": time.monotonic() - born}
    sys.path.insert(0, str(ROOT))
    import asyncio

    import discord  # noqa: F401

    from core.storage.db import make_engine, make_sessionmaker, upgrade_to_head
    from core.storage.service import Storage
    from localdiscord import LocalDiscord
    from tdbot.client import EXTENSIONS, TDBot

    marks["imports_done"] = time.monotonic() - born

    async def main() -> dict[str, Any]:
        await upgrade_to_head(url)
        marks["migrations_done"] = time.monotonic() - born
        engine = make_engine(url)
        storage = Storage(make_sessionmaker(engine))
        async with LocalDiscord() as ld, TDBot(storage=storage, extensions=EXTENSIONS) as bot:
            await ld.login(bot)
            marks["cogs_loaded_tree_built"] = time.monotonic() - born
            commands = [c.qualified_name for c in bot.tree.get_commands()]
            await bot.tree.sync()
            marks["tree_synced_ready"] = time.monotonic() - born
            mem = _mem()
            print("READY", flush=True)
        await engine.dispose()
        return {"commands": commands, "extensions": list(EXTENSIONS), **mem}

    info = asyncio.run(main())
    print(json.dumps({"marks_ms": {k: round(v * 1000, 1) for k, v in marks.items()}, **info}),
          flush=True)


def one_run(url: str, importtime: bool = False) -> dict[str, Any]:
    t0 = time.perf_counter()
    flags = ["-X", "importtime"] if importtime else []
    proc = subprocess.Popen([sys.executable, *flags, __file__, "--child", url],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout is not None
    ready = None
    lines = []
    for line in proc.stdout:
        if line.strip() == "READY" and ready is None:
            ready = time.perf_counter() - t0
        else:
            lines.append(line)
    err = proc.stderr.read() if proc.stderr else ""
    if proc.wait() != 0 or ready is None:
        raise RuntimeError(f"child failed ({proc.returncode}): {err[-2000:]}")
    data = cast(dict[str, Any], json.loads(lines[-1]))
    data["spawn_to_ready_ms"] = round(ready * 1000, 1)
    if importtime:
        data["slowest_imports"] = _slowest_imports(err)
    return data


def _slowest_imports(stderr: str, top: int = 12) -> list[dict[str, Any]]:
    """Top-level packages by cumulative import time (``-X importtime`` output)."""
    rows: list[dict[str, Any]] = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = line.split("|")
        try:
            cumulative = int(parts[1])
        except ValueError:
            continue
        name = parts[2].rstrip()
        depth = (len(name) - len(name.lstrip())) // 2
        if depth == 0:
            rows.append({"module": name.strip(), "cumulative_ms": round(cumulative / 1000, 1)})
    return sorted(rows, key=lambda r: r["cumulative_ms"], reverse=True)[:top]


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    keys = runs[0]["marks_ms"].keys()
    return {
        "runs": len(runs),
        "spawn_to_ready_ms": round(statistics.median(r["spawn_to_ready_ms"] for r in runs), 1),
        "phases_ms_from_process_start": {
            k: round(statistics.median(r["marks_ms"][k] for r in runs), 1) for k in keys},
        "rss_mb": round(statistics.median(r["rss_mb"] for r in runs), 1),
        "peak_rss_mb": round(statistics.median(r["peak_rss_mb"] for r in runs), 1),
    }


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--postgres", metavar="URL", help="PostgreSQL server (scratch databases)")
    ap.add_argument("--importtime", action="store_true",
                    help="one more run under -X importtime: the slowest top-level imports")
    ap.add_argument("--smoke", action="store_true",
                    help="one run, a few seconds: proves the script still runs (CI)")
    args = ap.parse_args()
    if args.smoke:
        args.runs = 1

    cold, warm = [], []
    if args.postgres:
        import asyncio

        sys.path.insert(0, str(ROOT))
        from core.storage.testing import create_scratch_database, drop_scratch_database
        for _ in range(args.runs):
            url = asyncio.run(create_scratch_database(args.postgres))
            try:
                cold.append(one_run(url.render_as_string(hide_password=False)))
                warm.append(one_run(url.render_as_string(hide_password=False)))
            finally:
                asyncio.run(drop_scratch_database(args.postgres, url))
        backend = "postgresql"
    else:
        with tempfile.TemporaryDirectory(prefix="tdbot-startup-") as tmp:
            for i in range(args.runs):
                path = f"sqlite+aiosqlite:///{tmp}/run{i}.db"
                cold.append(one_run(path))
                warm.append(one_run(path))
                if args.importtime and i == args.runs - 1:
                    slow = one_run(path, importtime=True)["slowest_imports"]
        backend = "sqlite"
    print(json.dumps({
        "benchmark": "startup",
        "backend": backend,
        "machine": {"cpus": os.cpu_count(), "loadavg_1m_at_start": os.getloadavg()[0]},
        "commands": cold[0]["commands"],
        "extensions": cold[0]["extensions"],
        "fresh_db": summarise(cold),
        "warm_db": summarise(warm),
        **({"slowest_imports_warm": slow} if args.importtime and not args.postgres else {}),
    }, indent=2))


if __name__ == "__main__":
    main()
