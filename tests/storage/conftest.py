"""Fixtures for the storage tests: every database test runs on SQLite and on PostgreSQL.

SQLite is a temporary file. PostgreSQL is a scratch database on the server named by
``TEST_DATABASE_URL`` (start one with ``eval "$(bash .ci/start-postgres.sh)"``); without it the
PostgreSQL cases skip with that reason — except under CI (``CI`` set), where they fail instead,
so a CI run can never pass without exercising PostgreSQL.
"""

from __future__ import annotations

import os
import re

import pytest

from core.storage.testing import (
    ENV,
    drop_templates,
    migrated_scratch_url,
    migrated_storage,
    postgres_url,
    scratch_url,
)

BACKENDS = ("sqlite", "postgresql")
_BACKEND_ID = re.compile(r"[\[-](sqlite|postgresql)[\]-]")
NO_POSTGRES = (
    f"PostgreSQL storage tests skipped: {ENV} is not set "
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
async def storage(storage_url):
    """The storage service on a fresh database at the newest migration."""
    async with migrated_storage(storage_url, upgrade=False) as service:
        yield service


def pytest_terminal_summary(terminalreporter) -> None:
    """Say how many storage cases ran on each backend (CI's log must show PostgreSQL's)."""
    counts = {b: dict.fromkeys(("passed", "failed", "error", "skipped"), 0) for b in BACKENDS}
    for outcome in ("passed", "failed", "error", "skipped"):
        seen = set()
        for report in terminalreporter.stats.get(outcome, []):
            nodeid = getattr(report, "nodeid", "")
            match = _BACKEND_ID.search(nodeid)
            if "storage/" in nodeid and match and nodeid not in seen:
                seen.add(nodeid)
                counts[match.group(1)][outcome] += 1
    if any(any(c.values()) for c in counts.values()):
        terminalreporter.write_sep("-", "storage tests per database backend")
        for b, c in counts.items():
            terminalreporter.write_line(
                f"{b}: {c['passed']} passed, {c['failed']} failed, {c['error']} errors, "
                f"{c['skipped']} skipped"
            )
