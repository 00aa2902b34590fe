"""Fixtures shared by every test that needs a database: each such test runs on SQLite and on
PostgreSQL (``backend``), on a fresh database at the newest migration (``db_storage``).

SQLite is a temporary file. PostgreSQL is a scratch database on the server named by
``TEST_DATABASE_URL`` (start one with ``eval "$(bash .ci/start-postgres.sh)"``); without it the
PostgreSQL cases skip with that reason — except under CI (``CI`` set), where they fail instead,
so a CI run can never pass without exercising PostgreSQL.
"""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import settings

from core.storage.testing import (
    ENV,
    drop_templates,
    migrated_scratch_url,
    migrated_storage,
    postgres_url,
    scratch_url,
)

# Property tests: no per-example deadline (a loaded machine must not fail them), and under CI
# a fixed seed so that a run is reproducible.
settings.register_profile("tdbot", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("tdbot")

BACKENDS = ("sqlite", "postgresql")
_BACKEND_ID = re.compile(r"[\[-](sqlite|postgresql)[\]-]")
NO_POSTGRES = (
    f"PostgreSQL tests skipped: {ENV} is not set "
    '(run: eval "$(bash .ci/start-postgres.sh)")'
)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of this test case."""
    if request.param == "postgresql" and postgres_url() is None:
        if os.environ.get("CI"):
            pytest.fail(f"{ENV} must be set in CI: the PostgreSQL tests have to run")
        pytest.skip(NO_POSTGRES)
    return request.param


@pytest.fixture
async def db_url(backend: str, tmp_path):
    """A fresh, empty database (no schema yet)."""
    async with scratch_url(backend, tmp_path) as url:
        yield url


@pytest.fixture(scope="session")
def _templates():
    """Drop the migrated template databases at the end of the run."""
    yield
    drop_templates()


@pytest.fixture
async def storage_url(backend: str, tmp_path, _templates):
    """A fresh database at the newest migration (a copy of one migrated by Alembic)."""
    async with migrated_scratch_url(backend, tmp_path) as url:
        yield url


@pytest.fixture
async def db_storage(storage_url):
    """The storage service on a fresh database at the newest migration."""
    async with migrated_storage(storage_url, upgrade=False) as service:
        yield service


def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto``: one worker more than the cores. Many tests wait (a killed bot restarting, a
    held lock, Discord's acknowledgement window), and a spare worker keeps the cores busy
    meanwhile: the whole suite in 2 min 51 s on 2 cores instead of 3 min 16 s (issue 28)."""
    return (os.cpu_count() or 1) + 1


def pytest_terminal_summary(terminalreporter) -> None:
    """Say how many database cases ran on each backend, for the storage tests and for the whole
    run (CI's log must show that the PostgreSQL cases ran)."""
    outcomes = ("passed", "failed", "error", "skipped")
    counts = {
        (scope, b): dict.fromkeys(outcomes, 0) for scope in ("storage", "all") for b in BACKENDS
    }
    for outcome in outcomes:
        seen = set()
        for report in terminalreporter.stats.get(outcome, []):
            nodeid = getattr(report, "nodeid", "")
            match = _BACKEND_ID.search(nodeid)
            if not match or nodeid in seen:
                continue
            seen.add(nodeid)
            counts["all", match.group(1)][outcome] += 1
            if "tests/core/storage/" in nodeid:
                counts["storage", match.group(1)][outcome] += 1
    if not any(any(c.values()) for c in counts.values()):
        return
    terminalreporter.write_sep("-", "database tests per backend")
    for (scope, b), c in counts.items():
        label = "storage tests" if scope == "storage" else "all tests"
        terminalreporter.write_line(
            f"{label:>13} on {b:<10}: {c['passed']} passed, {c['failed']} failed, "
            f"{c['error']} errors, {c['skipped']} skipped"
        )
