"""Fixtures for the table, incident and follow-up cogs: a real, migrated Storage on SQLite and
PostgreSQL (the PostgreSQL cases skip without ``TEST_DATABASE_URL``, and fail under CI), and the
bot with those cogs loaded. Helpers set a board up the way players do, through the commands."""

from __future__ import annotations

import os

import pytest

from cogs.tdbot import EXTENSIONS
from core.storage.testing import ENV, migrated_storage, postgres_url, scratch_url

BACKENDS = ("sqlite", "postgresql")
MY_COGS = ("cogs.table", "cogs.incidents", "cogs.followups")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of this test case."""
    if request.param == "postgresql" and postgres_url() is None:
        if os.environ.get("CI"):
            pytest.fail(f"{ENV} must be set in CI: the PostgreSQL tests have to run")
        pytest.skip(f"PostgreSQL bot tests skipped: {ENV} is not set")
    return request.param


@pytest.fixture
async def storage(backend: str, tmp_path):
    """The bot's storage: a fresh database migrated to head."""
    async with scratch_url(backend, tmp_path) as url, migrated_storage(url) as service:
        yield service


@pytest.fixture
def extensions() -> tuple[str, ...]:
    """The bot's cogs, with this package's cogs (added once, whatever EXTENSIONS holds)."""
    return tuple(dict.fromkeys((*EXTENSIONS, *MY_COGS)))


@pytest.fixture
async def board(ld, bot):
    """Everyone seated at table 1 (Declarer South, Dummy North, LHO West, RHO East), board 1
    dealt by North with South declaring 4H: the play has begun."""
    for who, seat in (("Declarer", "S"), ("Dummy", "N"), ("LHO", "W"), ("RHO", "E")):
        result = await ld.run(f"/sit table:1 seat:{seat}", user=who)
        assert result.ephemeral, result.text
    result = await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    assert not result.ephemeral, result.text
    return result
