"""Every benchmark still runs: each script's ``--smoke`` mode (tiny sizes, seconds), so that a
stale call into the code it measures fails the build rather than the next measurement.

The figures of a smoke run mean nothing; what is checked is that the script ran to the end and
reported what it reports in a real run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py")
                 if "--smoke" in p.read_text(encoding="utf-8"))


def smoke(script: str, *more: str) -> dict:
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--smoke", *more],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, f"{script} --smoke failed:\n{proc.stderr[-3000:]}"
    return json.loads(proc.stdout)


def test_every_timing_script_has_a_smoke_mode() -> None:
    # imported by interactions.py, not run alone; the package marker
    helpers = {"evening.py", "remote_discord.py", "cpu_census.py", "__init__.py"}
    scripts = {p.name for p in (ROOT / "benchmarks").glob("*.py")} - helpers
    assert scripts and scripts <= set(SCRIPTS), sorted(scripts - set(SCRIPTS))


def test_rules_benchmark_runs() -> None:
    out = smoke("rules.py")
    assert set(out["results"]) >= {"penalty_card_ruling", "partner_lead", "insufficient_bid"}
    assert all(r["per_second"] > 0 for r in out["results"].values())
    assert out["profile_penalty_card_cycle"]


def test_log_benchmark_runs() -> None:
    out = smoke("log.py")
    assert out["seed"] and out["queries"]["deep_paging"]["pages"] >= 1
    assert out["levers"]["rollup_upsert_per_event_us"] > 0
    assert [e["range"] for e in out["export_csv_big_club"]][-1] == "full year"


def test_startup_benchmark_runs() -> None:
    out = smoke("startup.py")
    assert "ping" in out["commands"]
    assert out["fresh_db"]["spawn_to_ready_ms"] > 0 and out["warm_db"]["runs"] == 1


def test_interactions_benchmark_runs_every_run_and_lever() -> None:
    out = smoke("interactions.py")
    sep = out["separate"]
    assert sep["one_at_a_time"] and sep["summary"]["saturation_per_s"]["mix"] > 0
    steps = {k: v for k, v in sep["one_at_a_time"].items() if k != "unexpected"}
    assert all(step["cpu_ms"] > 0 for step in steps.values())  # each step's CPU, one at a time
    # what each step of the benchmark's evening sends to the database: a count no load moves,
    # so a step that starts reading again fails here rather than in the next measurement (the
    # eleventh session found /state at 4 statements in 2 transactions and the mix's CPU tripled:
    # a command typed in a channel bound to no table read the table's channels again)
    most = {"state": (1, 0), "mustplay": (1, 0), "mustplay_hand": (1, 0), "lead": (6, 1),
            "press": (6, 1), "exposed": (6, 1), "board_set": (11, 1)}
    sent = {k: (steps[k]["sql_statements"], steps[k]["transactions"]) for k in most}
    assert all(sent[k][0] <= most[k][0] and sent[k][1] <= most[k][1] for k in most), sent
    cpu = sep["summary"]["cpu_ms_per_interaction_mix"]  # the bot's, and beside it the others'
    # the stand-in's share is read in clock ticks (10 ms): a smoke run's may round to none
    assert cpu["bot"] > 0 and cpu["stand_in_cpu_ms_per_interaction"] >= 0
    assert 0 < cpu["cores_busy"] <= cpu["cores"] + 0.5
    both = sep["interleaved"]  # the ratios from the mix's and /ping's windows side by side
    assert len(both["rounds"]) == 2 and both["p50_ratio_mix_to_ping"] > 0
    assert set(out["levers"]) >= {"none", "hot_path_on_loop", "plus_orjson"}
    assert all(row["closed"]["throughput_per_s"] > 0 for row in out["levers"].values())


def test_interactions_benchmark_reports_a_tail_run() -> None:
    out = smoke("interactions.py", "--tail-runs", "1")
    (run,) = out["tail"]["runs"]
    assert run["p99_ms"] > 0 and "driver_p99_lag_ms" in run and "loop_longest_stall_ms" in run
    assert "gc_longest_ms" in run and "wal_checkpoints" in run


def test_statements_benchmark_runs() -> None:
    out = smoke("statements.py")
    lookup = out["cpu_us_per_execution"]["table_lookup"]
    assert set(lookup) >= {"plain", "lambda_stmt"}
    assert all(v > 0 for v in lookup.values())


def test_statements_benchmark_runs_on_postgresql() -> None:
    """With a PostgreSQL server: the driver reads' A/B too (issue 27). Without one (a machine
    with no server) there is nothing to run it on, and the test says so."""
    import os

    import pytest

    server = os.environ.get("TEST_DATABASE_URL")
    if not server:
        assert not os.environ.get("CI"), "CI runs every PostgreSQL case: set TEST_DATABASE_URL"
        pytest.skip("TEST_DATABASE_URL is not set (CI always sets it)")
    out = smoke("statements.py", "--postgres", server)
    reads = out["cpu_us_per_read_sqlalchemy_or_driver"]
    assert set(reads) == {"table_lookup", "board_by_id"}
    assert all(v["sqlalchemy"] > 0 and v["driver"] > 0 for v in reads.values())


def test_deal_benchmark_runs() -> None:
    out = smoke("deal.py")
    assert out["boards"] == 4 and "import_file" in out and "diagram_png" in out
