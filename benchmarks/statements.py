"""CPU per execution of the hot paths' prebuilt statements, each rendered three ways (an A/B).

    python benchmarks/statements.py [--runs 2000] [--rounds 7] [--postgres URL]
    python benchmarks/statements.py --smoke        # tiny sizes, seconds: the script still runs

The same SELECTs as ``core/storage/repo/statements.py`` builds them, run on an empty migrated
database (the rows do not matter here: what is measured is SQLAlchemy's work around the driver):

* ``plain`` — the statement as built: SQLAlchemy walks it for its cache key on every run and finds
  its compiled form in the compiled cache;
* ``lambda_stmt`` — as shipped: wrapped in ``lambda_stmt``, so the cache key is the lambda's code;
* (``expanding_in``, issue 14's ``kind NOT IN`` list, was measured in round 4 and is gone:
  "a ruling on the board" is now the stored ``is_ruling`` flag, issue 22.)

SQLite runs on the loop's own connection (``core.storage.hotpath``), as the bot runs them;
PostgreSQL (``--postgres``) through the async engine. Each figure is the median over ``--rounds``
rounds of the process's CPU time per execution (``time.process_time``: the least disturbed by the
other load on a shared machine), the variants interleaved round by round.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from core.storage.db import make_engine, upgrade_to_head  # noqa: E402
from core.storage.hotpath import LoopDatabase  # noqa: E402
from core.storage.repo import statements  # noqa: E402

LOOKUP = {"guild_id": 1, "user_id": 2, "channel_id": 3, "board_number": None, "number": 4}


_PLAIN_LOOKUP = statements.table_lookup_select(numbered=False)
_PLAIN_RECORD = statements.board_for_record_select(by_interaction=True, lock=False)

#: case → {variant: (statement, parameters)}
CASES: dict[str, dict[str, tuple[Any, dict[str, Any]]]] = {
    "table_lookup": {
        "plain": (_PLAIN_LOOKUP, LOOKUP),
        "lambda_stmt": (statements.TABLE_LOOKUP_MINE, LOOKUP),
    },
    "board_for_record": {
        "plain": (_PLAIN_RECORD, {"guild_id": 1, "board_id": 2, "interaction_id": 3}),
        "lambda_stmt": (statements.BOARD_FOR_RECORD[True, False],
                        {"guild_id": 1, "board_id": 2, "interaction_id": 3}),
    },
    "club_id": {
        "plain": (statements._CLUB_ID, {"guild_id": 1}),
        "lambda_stmt": (statements.CLUB_ID, {"guild_id": 1}),
    },
}


async def measure(url: str, runs: int, rounds: int) -> dict[str, dict[str, float]]:
    engine = make_engine(url)
    loop_db = LoopDatabase(engine) if engine.dialect.name == "sqlite" else None
    cpu: dict[str, dict[str, list[float]]] = {
        case: {variant: [] for variant in variants} for case, variants in CASES.items()}
    try:
        for r in range(rounds):
            for case, variants in CASES.items():
                order = list(variants.items())
                for variant, (stmt, params) in order if r % 2 else reversed(order):
                    if loop_db is not None:
                        with loop_db.connect() as conn:
                            cpu[case][variant].append(await _time(conn, stmt, params, runs))
                    else:
                        async with engine.connect() as aconn:
                            cpu[case][variant].append(await _time(aconn, stmt, params, runs))
    finally:
        if loop_db is not None:
            loop_db.close()
        await engine.dispose()
    return {case: {v: round(statistics.median(xs), 1) for v, xs in variants.items()}
            for case, variants in cpu.items()}


#: PostgreSQL: the reads :mod:`core.storage.driver` runs on asyncpg's own connection.
DRIVER_CASES: dict[str, tuple[Any, dict[str, Any]]] = {
    "table_lookup": (statements.TABLE_LOOKUP_MINE, LOOKUP),
    "board_by_id": (statements.BOARD_BY_ID, {"guild_id": 1, "board_id": 2}),
}


async def measure_driver(url: str, runs: int, rounds: int) -> dict[str, dict[str, float]]:
    """PostgreSQL (issue 27, ``Storage(driver_reads=…)``): each read through SQLAlchemy's
    async layer against the same read on the driver (``DriverReads.first``), on one pooled
    connection, interleaved round by round: CPU µs per execution, medians."""
    from core.storage.driver import DriverReads, driver_of

    engine = make_engine(url)
    reads = DriverReads(engine.dialect)
    cpu: dict[str, dict[str, list[float]]] = {
        case: {"sqlalchemy": [], "driver": []} for case in DRIVER_CASES}
    try:
        async with engine.connect() as conn:
            for r in range(rounds):
                for case, (stmt, params) in DRIVER_CASES.items():
                    compiled = reads.compiled(stmt)
                    assert compiled is not None, f"{case} cannot run on the driver"

                    async def on_driver(_conn: Any, _stmt: Any, p: dict[str, Any],
                                        compiled: Any = compiled) -> None:
                        await reads.first(driver_of(conn), compiled, p)

                    async def through_sqlalchemy(c: Any, st: Any, p: dict[str, Any]) -> None:
                        (await c.execute(st, p)).first()

                    pair = [("sqlalchemy", through_sqlalchemy), ("driver", on_driver)]
                    for variant, once in pair if r % 2 else reversed(pair):
                        cpu[case][variant].append(
                            await _time_calls(once, conn, stmt, params, runs))
    finally:
        await engine.dispose()
    return {case: {v: round(statistics.median(xs), 1) for v, xs in variants.items()}
            for case, variants in cpu.items()}


async def _time_calls(once: Any, conn: Any, stmt: Any, params: dict[str, Any],
                      runs: int) -> float:
    for _ in range(min(50, runs)):
        await once(conn, stmt, params)
    t = time.process_time()
    for _ in range(runs):
        await once(conn, stmt, params)
    return (time.process_time() - t) / runs * 1e6


async def _time(conn: Any, stmt: Any, params: dict[str, Any], runs: int) -> float:
    """Microseconds of this process's CPU per execution (after a short warm-up)."""
    for _ in range(min(50, runs)):
        (await conn.execute(stmt, params)).first()
    t = time.process_time()
    for _ in range(runs):
        (await conn.execute(stmt, params)).first()
    return (time.process_time() - t) / runs * 1e6


async def run(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"benchmark": "statements",
                           "machine": {"cpus": os.cpu_count(),
                                       "loadavg_1m_at_start": os.getloadavg()[0]},
                           "runs": args.runs, "rounds": args.rounds}
    if args.postgres:
        from core.storage.testing import create_scratch_database, drop_scratch_database
        url = await create_scratch_database(args.postgres)
        try:
            await upgrade_to_head(url)
            out["backend"] = "postgresql"
            out["cpu_us_per_execution"] = await measure(
                url.render_as_string(hide_password=False), args.runs, args.rounds)
            out["cpu_us_per_read_sqlalchemy_or_driver"] = await measure_driver(
                url.render_as_string(hide_password=False), args.runs, args.rounds)
        finally:
            await drop_scratch_database(args.postgres, url)
    else:
        with tempfile.TemporaryDirectory(prefix="tdbot-statements-") as tmp:
            path = f"sqlite+aiosqlite:///{tmp}/statements.db"
            await upgrade_to_head(path)
            out["backend"] = "sqlite"
            out["cpu_us_per_execution"] = await measure(path, args.runs, args.rounds)
    out["machine"]["loadavg_1m_at_end"] = os.getloadavg()[0]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=2000, help="executions per variant and round")
    ap.add_argument("--rounds", type=int, default=7, help="interleaved rounds; medians kept")
    ap.add_argument("--postgres", metavar="URL", help="PostgreSQL server (a scratch database "
                    "is created on it and dropped afterwards)")
    ap.add_argument("--smoke", action="store_true",
                    help="tiny sizes, seconds: proves the script still runs (CI)")
    args = ap.parse_args()
    if args.smoke:
        args.runs, args.rounds = 20, 1
    print(json.dumps(asyncio.run(run(args)), indent=2))


if __name__ == "__main__":
    main()
