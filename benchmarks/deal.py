"""Hand records: importing a session's PBN file, and the double-dummy analysis of a deal.

    python benchmarks/deal.py [--boards 36] [--repeat 20] [--deals 10]

Reports (JSON): the time to read and validate a generated ``--boards``-board PBN file (best and
median of ``--repeat``: what ``/session hands`` spends before it stores anything); the time to
store those deals (SQLite, a fresh migrated database); the solver's import time (``endplay``, in
a fresh interpreter) and the time of one double-dummy table plus par per deal (``--deals``
random deals), and of a diagram rendered to PNG. Deals are generated: no real hand records.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import double_dummy  # noqa: E402
from core.deal import random_deal  # noqa: E402
from core.diagram import diagram_png, heading  # noqa: E402
from core.pbn import parse_pbn, random_pbn  # noqa: E402


def timed(work: object, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return times


def ms(values: list[float]) -> dict[str, float]:
    return {"best_ms": round(min(values) * 1000, 3),
            "median_ms": round(statistics.median(values) * 1000, 3)}


async def store_time(boards: int) -> float:
    from core.storage.db import make_engine, make_sessionmaker, upgrade_to_head
    from core.storage.service import Storage

    deals = parse_pbn(random_pbn(boards, seed=1))
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{folder}/bench.db"
        await upgrade_to_head(url)
        engine = make_engine(url)
        try:
            storage = Storage(make_sessionmaker(engine))
            start = time.perf_counter()
            await storage.store_deals(1, deals, 1)
            return time.perf_counter() - start
        finally:
            await engine.dispose()


def import_time() -> float | None:
    """Seconds to import the solver in a fresh interpreter (None: not installed)."""
    code = ("import time; t = time.perf_counter(); import endplay.dds, endplay.types; "
            "print(time.perf_counter() - t)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return float(done.stdout) if done.returncode == 0 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, seconds: checks that the script still runs")
    args = parser.parse_args()
    if args.smoke:
        args.boards, args.repeat, args.deals = 4, 2, 2
    data = random_pbn(args.boards, seed=1).encode()
    report: dict[str, object] = {
        "boards": args.boards,
        "file_bytes": len(data),
        "import_file": ms(timed(lambda: parse_pbn(data), args.repeat)),
        "store_deals_ms": round(asyncio.run(store_time(args.boards)) * 1000, 3),
    }
    rng = random.Random(7)
    deals = [random_deal(n, rng) for n in range(1, args.deals + 1)]
    report["diagram_png"] = ms(timed(lambda: diagram_png(deals[0], title=heading(deals[0])),
                                     max(3, args.repeat // 4)))
    if double_dummy.available():
        report["solver_import_s"] = import_time()
        double_dummy.solve(deals[0])  # the solver's first call sets up its tables
        per_deal = []
        for deal in deals:
            start = time.perf_counter()
            double_dummy.solve(deal)
            per_deal.append(time.perf_counter() - start)
        report["double_dummy_per_deal"] = ms(per_deal) | {
            "max_ms": round(max(per_deal) * 1000, 3), "deals": len(per_deal)}
    else:
        report["double_dummy_per_deal"] = double_dummy.NOT_INSTALLED
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
