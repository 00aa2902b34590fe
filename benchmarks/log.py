"""The ruling log at scale: seed N logged events across many clubs, then time every log query
and the CSV export, with the export's peak memory at several sizes.

    python benchmarks/log.py                       # 200,000 events, SQLite (about a minute)
    python benchmarks/log.py --events 1000000      # the full-size run
    python benchmarks/log.py --smoke               # tiny sizes, seconds: the script still runs
    python benchmarks/log.py --postgres postgresql://user@127.0.0.1:5432/postgres

Clubs, sessions, tables and boards are made through the storage API; the events themselves
are bulk-inserted (rows built from real engine rulings), as
``tests/core/storage/test_storage_scale.py`` does: going through ``Storage.record`` one by one
would take hours for a million rows.
One club ("the big club", ``--big-share`` of all events) is used for the queries and exports;
the other clubs' rows are there so every query has to skip them.

Each query runs ``--runs`` times after one warm-up; the median and max milliseconds are
reported. ``target_met`` is median ≤ 50 ms (the issue's target is for SQLite).
The export section exports the big club's log over growing date ranges: tracemalloc's peak
(Python allocations while streaming) should stay flat as the row count grows.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import functools
import gc
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import URL, func, insert, select, text  # noqa: E402
from sqlalchemy.ext.asyncio import AsyncEngine  # noqa: E402

from core.auction import Auction  # noqa: E402
from core.cards import parse_card  # noqa: E402
from core.engine import ChoiceMade, Event, apply, event_to_data  # noqa: E402
from core.laws.exposure import Exposure, How  # noqa: E402
from core.laws.insufficient import InsufficientBid  # noqa: E402
from core.laws.penalty import PartnerLead  # noqa: E402
from core.laws.revoke import Revoke, WonBy  # noqa: E402
from core.ruling import Ruling  # noqa: E402
from core.seats import Seat  # noqa: E402
from core.state import Phase, TableState  # noqa: E402
from core.storage import logquery, rollup  # noqa: E402
from core.storage import stats as log_stats  # noqa: E402
from core.storage.db import make_engine, make_sessionmaker, upgrade_to_head  # noqa: E402
from core.storage.lawref import law_key  # noqa: E402
from core.storage.models import Club, EventLaw, EventRow, VerdictRow  # noqa: E402
from core.storage.service import Storage  # noqa: E402
from core.storage.values import LogFilter  # noqa: E402

TARGET_MS = 50.0
GUILD0 = 900_000_000_000_000_000
PLAYER0 = 500_000_000_000_000_000
DIRECTOR0 = 700_000_000_000_000_000
START = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)
YEAR_S = 365 * 24 * 3600


def templates() -> list[dict[str, Any]]:
    """Real (event, ruling) pairs from the engine, as they are stored."""
    play = TableState(declarer=Seat.S, phase=Phase.PLAY)
    auction = TableState(dealer=Seat.N, calls=Auction.parse("N", "1H 1S").texts)
    out: list[tuple[Event, Ruling]] = []
    r1, s1 = apply(play, Exposure(Seat.E, (parse_card("SK"),), How.ACCIDENTAL))
    out.append((Exposure(Seat.E, (parse_card("SK"),), How.ACCIDENTAL), r1))
    ev: Event = Exposure(Seat.W, (parse_card("D4"),), How.ACCIDENTAL)
    out.append((ev, apply(play, ev)[0]))
    r2, s2 = apply(s1, PartnerLead(Seat.W))
    out.append((PartnerLead(Seat.W), r2))
    for opt in ("require:S", "forbid:S", "any"):
        ev = ChoiceMade(Seat.W, opt)
        out.append((ev, apply(s2, ev)[0]))
    ev = Revoke(Seat.E, True, parse_card("C2"), trick=7, won_by=WonBy.PARTNER, later_tricks=2)
    out.append((ev, apply(play, ev)[0]))
    for bid, rep in (("1D", "2D"), ("1D", "1NT")):
        ev = InsufficientBid(bid, replacement=rep)
        out.append((ev, apply(auction, ev)[0]))
    rows = []
    for ev, ruling in out:
        laws = tuple(dict.fromkeys(ruling.laws))
        rows.append(dict(kind=ev.kind, incident=ruling.kind or ev.kind, facts=event_to_data(ev),
                         ruling=ruling.to_data(), summary=str(ruling.summary),
                         laws=" ".join(laws), law_rows=[(law, *law_key(law)) for law in laws]))
    return rows


async def make_structure(storage: Storage, clubs: int, sessions: int, tables: int,
                         boards: int) -> dict[int, list[tuple[int, int, int, int, int]]]:
    """Clubs, sessions, tables, boards through the storage API. Returns, per club index,
    [(session_id, table_id, board_id, table_no, board_no)]."""
    out: dict[int, list[tuple[int, int, int, int, int]]] = {}
    for c in range(clubs):
        guild = GUILD0 + c
        slots = []
        for si in range(sessions):
            day = (START + dt.timedelta(days=7 * si)).date()
            sess = await storage.start_session(guild, f"Night {si + 1}", date=day)
            for tn in range(1, tables + 1):
                t = await storage.table(guild, tn, session_id=sess.id)
                for bn in range(1, boards + 1):
                    b = await storage.set_board(guild, t.id, bn, dealer="N", declarer="S",
                                                contract="4H")
                    slots.append((sess.id, t.id, b.id, tn, bn))
        out[c] = slots
    return out


async def seed_events(url: str | URL, structure: dict[int, list[tuple[Any, ...]]],
                      n_events: int, big_share: float, seed: int,
                      batch: int = 5000) -> dict[str, Any]:
    """Bulk-insert ``n_events`` events (and their law rows and some verdicts)."""
    rng = random.Random(seed)
    tpl = templates()
    weights = [5, 3, 4, 2, 2, 2, 3, 2, 2]
    clubs = sorted(structure)
    n_big = int(n_events * big_share) if len(clubs) > 1 else n_events
    per_small = (n_events - n_big) // max(1, len(clubs) - 1)
    counts = {c: (n_big if c == 0 else per_small) for c in clubs}
    counts[0] += n_events - sum(counts.values())
    engine = make_engine(url)
    seq_of: dict[int, int] = {}
    verdicts = ("confirmed", "confirmed", "confirmed", "amended", "adjusted", "voided")
    t0 = time.perf_counter()
    try:
        async with engine.connect() as conn:
            ids = {c: (await conn.execute(select(Club.id).where(Club.guild_id == GUILD0 + c)))
                   .scalar_one() for c in clubs}
        for c in clubs:
            club_id, slots, left = ids[c], structure[c], counts[c]
            # created_at ascending across the year, so ids and dates agree as in real life
            step = YEAR_S / max(1, counts[c])
            i = 0
            while left > 0:
                k = min(batch, left)
                rows, laws, vrows = [], [], []
                for _ in range(k):
                    sess, tid, bid, tn, bn = rng.choice(slots)
                    seq_of[bid] = seq = seq_of.get(bid, 1) + 1
                    t = rng.choices(tpl, weights)[0]
                    verdict = rng.choice(verdicts) if rng.random() < 0.15 else None
                    at = START + dt.timedelta(seconds=i * step + rng.random() * step)
                    i += 1
                    rows.append(dict(
                        club_id=club_id, session_id=sess, table_id=tid, board_id=bid,
                        table_no=tn, board_no=bn, seq=seq, kind=t["kind"],
                        incident=t["incident"], actor_id=PLAYER0 + rng.randrange(300),
                        interaction_id=None, created_at=at, facts=t["facts"],
                        ruling=t["ruling"], summary=t["summary"], laws=t["laws"],
                        void=verdict == "voided", verdict=verdict, own_verdict=verdict,
                        verdict_by=DIRECTOR0 + rng.randrange(5) if verdict else None,
                        verdict_at=at if verdict else None))
                    laws.append(t["law_rows"])
                async with engine.begin() as conn:
                    result = await conn.execute(insert(EventRow).returning(EventRow.id), rows)
                    new_ids = [r[0] for r in result]
                    await conn.execute(insert(EventLaw), [
                        dict(event_id=eid, law=law, club_id=club_id, law_number=num, law_key=key)
                        for eid, lr in zip(new_ids, laws, strict=True) for law, num, key in lr])
                    for eid, row in zip(new_ids, rows, strict=True):
                        if row["verdict"]:
                            vrows.append(dict(club_id=club_id, event_id=eid,
                                              director_id=row["verdict_by"],
                                              verdict=row["verdict"], text=None,
                                              adjusted_score=None, created_at=row["verdict_at"]))
                    if vrows:
                        await conn.execute(insert(VerdictRow), vrows)
                left -= k
        async with engine.begin() as conn:
            if engine.dialect.name == "sqlite":
                await conn.execute(text("ANALYZE"))
            else:
                await conn.execute(text("ANALYZE"))
    finally:
        await engine.dispose()
    took = time.perf_counter() - t0
    return {"events": n_events, "big_club_events": counts[0], "seconds": round(took, 1),
            "events_per_second": round(n_events / took)}


async def timed(coro_fn: Callable[[], Awaitable[Any]], runs: int) -> dict[str, Any]:
    await coro_fn()  # warm-up
    ms = []
    for _ in range(runs):
        t = time.perf_counter()
        result = await coro_fn()
        ms.append((time.perf_counter() - t) * 1000)
    med = statistics.median(ms)
    out: dict[str, Any] = {"median_ms": round(med, 2), "max_ms": round(max(ms), 2),
           "target_met": med <= TARGET_MS}
    if isinstance(result, int):
        out["count"] = result
    elif hasattr(result, "entries"):
        out["rows"] = len(result.entries)
    return out


async def levers(storage: Storage, engine: AsyncEngine, runs: int) -> dict[str, Any]:
    """The same figures with and without each log lever, back to back in this run."""
    g = GUILD0
    month = LogFilter(since=dt.datetime(2024, 6, 1), until=dt.datetime(2024, 7, 1))
    club = await storage.club(g)
    async with engine.connect() as conn:
        club_id = (await conn.execute(select(Club.id).where(Club.guild_id == g))).scalar_one()

        async def events_stats(f: LogFilter) -> Any:
            return await log_stats.from_events(conn, club_id, club.time_zone, f)

        async def count_through_events() -> int:
            q = logquery.apply_filters(select(func.count(EventRow.id)), club_id,
                                       LogFilter(law="50"))
            return int(await conn.scalar(q))

        out: dict[str, Any] = {
            "stats_all": {"rollup": await timed(lambda: storage.stats(g), runs),
                          "events": await timed(lambda: events_stats(LogFilter()),
                                                max(3, runs // 3))},
            "stats_one_month": {"rollup": await timed(lambda: storage.stats(g, month), runs),
                                "events": await timed(lambda: events_stats(month), runs)},
            "count_law_50": {
                "event_law_index": await timed(
                    lambda: storage.count_log(g, LogFilter(law="50")), runs),
                "events": await timed(count_through_events, runs)},
        }
        assert (await storage.stats(g)) == (await events_stats(LogFilter())).value()
    # upkeep: one roll-up upsert as Storage.record does it (rolled back afterwards)
    n = 2000
    async with engine.connect() as conn:
        t = time.perf_counter()
        for i in range(n):
            await rollup.add_event(conn, club_id, START + dt.timedelta(hours=i), "UTC",
                                   "exposure", (50,))
        out["rollup_upsert_per_event_us"] = round((time.perf_counter() - t) / n * 1e6, 1)
        await conn.rollback()
    # a time-zone change rebuilds the club's roll-up (a settings write, not a log query)
    t = time.perf_counter()
    await storage.update_club(g, time_zone="Europe/London")
    out["time_zone_change_rebuild_ms"] = round((time.perf_counter() - t) * 1000, 1)
    await storage.update_club(g, time_zone="UTC")
    return out


async def queries(storage: Storage, structure: dict[int, list[tuple[Any, ...]]], runs: int,
                  deep_pages: int) -> dict[str, Any]:
    g = GUILD0
    sess, _tid, _bid, tn, bn = structure[0][0]
    month = LogFilter(since=dt.datetime(2024, 6, 1), until=dt.datetime(2024, 7, 1))
    cases = {
        "page_no_filter": LogFilter(),
        "page_date_range_one_month": month,
        "page_law_50": LogFilter(law="50"),
        "page_law_50D2(a)": LogFilter(law="50D2(a)"),
        "page_law_64": LogFilter(law="64"),
        "page_kind_revoke": LogFilter(kind="revoke"),
        "page_incident_insufficient_bid": LogFilter(incident="insufficient_bid"),
        "page_player": LogFilter(actor_id=PLAYER0 + 17),
        "page_session_table_board": LogFilter(session_id=sess, table=tn, board=bn),
        "page_table_board_any_session": LogFilter(table=tn, board=bn),
        "page_verdict_confirmed": LogFilter(verdict="confirmed"),
        "page_verdict_none": LogFilter(verdict="none"),
        "page_director": LogFilter(director_id=DIRECTOR0 + 1),
        "page_player_law_month": LogFilter(actor_id=PLAYER0 + 17, law="50",
                                           since=month.since, until=month.until),
        "page_no_void_kind_exposure": LogFilter(kind="exposure", include_void=False),
    }
    out: dict[str, Any] = {}
    for name, f in cases.items():
        out[name] = await timed(functools.partial(storage.search_log, g, f, limit=10), runs)
    for name, f in {"count_all": LogFilter(), "count_law_50": LogFilter(law="50"),
                    "count_one_month": month, "count_player": LogFilter(actor_id=PLAYER0 + 17),
                    "count_director": LogFilter(director_id=DIRECTOR0 + 1),
                    }.items():
        out[name] = await timed(functools.partial(storage.count_log, g, f), runs)
    out["stats_all"] = await timed(lambda: storage.stats(g), max(3, runs // 3))
    out["stats_one_month"] = await timed(lambda: storage.stats(g, month), runs)
    # deep paging: follow next_cursor page after page, timing each page
    cursor, ms, page = None, [], 0
    while page < deep_pages:
        t = time.perf_counter()
        p = await storage.search_log(g, LogFilter(), limit=25, cursor=cursor)
        ms.append((time.perf_counter() - t) * 1000)
        page += 1
        cursor = p.next_cursor
        if cursor is None:
            break
    out["deep_paging"] = {
        "pages": page, "page_size": 25,
        "first_page_ms": round(ms[0], 2), "last_page_ms": round(ms[-1], 2),
        "median_ms": round(statistics.median(ms), 2), "max_ms": round(max(ms), 2),
        "target_met": statistics.median(ms) <= TARGET_MS}
    return out


def rss_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def export_sizes(storage: Storage) -> list[dict[str, Any]]:
    g = GUILD0
    ranges = [("1 month", dt.datetime(2024, 6, 1), dt.datetime(2024, 7, 1)),
              ("3 months", dt.datetime(2024, 4, 1), dt.datetime(2024, 7, 1)),
              ("6 months", dt.datetime(2024, 1, 1), dt.datetime(2024, 7, 1)),
              ("full year", None, None)]
    out = []
    for label, since, until in ranges:
        f = LogFilter(since=since, until=until)
        # timed run, without tracemalloc's overhead; RSS sampled at each chunk
        gc.collect()
        rss0 = rss_mb()
        rss_peak = rss0
        t = time.perf_counter()
        n_bytes = rows = 0
        async for chunk in storage.export_csv(g, f):
            n_bytes += len(chunk.encode())
            rows += chunk.count("\r\n")
            rss_peak = max(rss_peak, rss_mb())
        took = time.perf_counter() - t
        # the same export under tracemalloc: peak Python allocations while streaming
        gc.collect()
        tracemalloc.start()
        async for _chunk in storage.export_csv(g, f):
            pass
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        out.append({"range": label, "rows": rows - 1, "csv_mb": round(n_bytes / 2**20, 1),
                    "seconds": round(took, 2), "rows_per_second": round((rows - 1) / took),
                    "tracemalloc_peak_mb": round(peak / 2**20, 2),
                    "rss_growth_mb": round(rss_peak - rss0, 1)})
    return out


async def run(args: argparse.Namespace) -> dict[str, Any]:
    server = None
    tmp = None
    url: str | URL
    if args.postgres:
        from core.storage.testing import create_scratch_database
        server = args.postgres
        url = await create_scratch_database(server)
        backend = "postgresql"
    else:
        tmp = tempfile.TemporaryDirectory(prefix="tdbot-bench-")
        path = args.sqlite_file or os.path.join(tmp.name, "log.db")
        url = f"sqlite+aiosqlite:///{path}"
        backend = "sqlite"
    result: dict[str, Any] = {"benchmark": "log", "backend": backend}
    result["machine"] = {"cpus": os.cpu_count(), "loadavg_1m_at_start": os.getloadavg()[0]}
    try:
        t = time.perf_counter()
        await upgrade_to_head(url)
        engine = make_engine(url)
        storage = Storage(make_sessionmaker(engine))
        structure = await make_structure(storage, args.clubs, args.sessions, args.tables,
                                         args.boards)
        result["structure"] = {"clubs": args.clubs, "sessions_per_club": args.sessions,
                               "tables_per_session": args.tables,
                               "boards_per_table": args.boards,
                               "seconds": round(time.perf_counter() - t, 1)}
        result["seed"] = await seed_events(url, structure, args.events, args.big_share,
                                           args.seed)
        t = time.perf_counter()
        for c in range(args.clubs):  # bulk-loaded rows: the roll-ups are built once here
            await storage.rebuild_log_rollup(GUILD0 + c)
        result["seed"]["rollup_rebuild_all_clubs_s"] = round(time.perf_counter() - t, 1)
        if backend == "sqlite":
            result["seed"]["db_file_mb"] = round(os.path.getsize(path) / 2**20, 1)
        result["queries"] = await queries(storage, structure, args.runs, args.deep_pages)
        result["levers"] = await levers(storage, engine, args.runs)
        q = {k: v for k, v in result["queries"].items()}
        slow = sorted(k for k, v in q.items() if not v["target_met"])
        result["export_csv_big_club"] = await export_sizes(storage)
        # exports shorter than a couple of chunks (500 rows each) are not yet at steady state
        sized = [e for e in result["export_csv_big_club"] if e["rows"] >= 1000]
        peaks = [e["tracemalloc_peak_mb"] for e in sized or result["export_csv_big_club"]]
        result["summary"] = {
            "query_target_ms": TARGET_MS,
            "queries_over_target": slow,
            "all_queries_met": not slow,
            "slowest_query": max(q, key=lambda k: q[k]["median_ms"]),
            "slowest_median_ms": max(v["median_ms"] for v in q.values()),
            "export_peak_mb_smallest_vs_largest_of_1000_rows_or_more": [peaks[0], peaks[-1]],
            "export_memory_flat": peaks[-1] <= peaks[0] * 1.5 + 1.0,
        }
        await engine.dispose()
    finally:
        if server is not None and not args.keep:
            from core.storage.testing import drop_scratch_database
            assert isinstance(url, URL)
            await drop_scratch_database(server, url)
        if tmp is not None and not args.keep:
            tmp.cleanup()
        elif tmp is not None:
            result["kept_database"] = path
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=200_000, help="logged events to seed")
    ap.add_argument("--clubs", type=int, default=50)
    ap.add_argument("--sessions", type=int, default=2, help="sessions per club")
    ap.add_argument("--tables", type=int, default=6, help="tables per session")
    ap.add_argument("--boards", type=int, default=4, help="boards per table")
    ap.add_argument("--big-share", type=float, default=0.1,
                    help="share of all events in the club that is queried and exported")
    ap.add_argument("--runs", type=int, default=15, help="timed runs per query")
    ap.add_argument("--deep-pages", type=int, default=400, help="pages followed by cursor")
    ap.add_argument("--postgres", metavar="URL", help="PostgreSQL server (a scratch database "
                    "is created on it and dropped afterwards)")
    ap.add_argument("--sqlite-file", help="SQLite file to use (default: a temporary one)")
    ap.add_argument("--keep", action="store_true", help="keep the seeded database")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--smoke", action="store_true",
                    help="tiny sizes, a few seconds: proves the script still runs (CI)")
    args = ap.parse_args()
    if args.smoke:
        args.events, args.clubs, args.sessions, args.tables, args.boards = 2000, 3, 1, 2, 2
        args.runs, args.deep_pages = 2, 3
    print(json.dumps(asyncio.run(run(args)), indent=2))


if __name__ == "__main__":
    main()
