"""Fixtures for the hardening tests: the database backends, as in ``tests/storage``.

PostgreSQL cases use a scratch database on ``TEST_DATABASE_URL``; without it they skip, except
under CI (``CI`` set), where they fail: a CI run must exercise PostgreSQL.
"""

from __future__ import annotations

import os

import pytest

from core.storage.testing import ENV, postgres_url

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of this test case."""
    if request.param == "postgresql" and postgres_url() is None:
        if os.environ.get("CI"):
            pytest.fail(f"{ENV} must be set in CI: the PostgreSQL hardening tests have to run")
        pytest.skip(f'{ENV} is not set (run: eval "$(bash .ci/start-postgres.sh)")')
    return request.param


# The Discord harness (a LocalDiscord ``ld``, ``start_bot`` and ``bot``), shared with tests/discord.
from tests.discord.conftest import bot, ld, start_bot  # noqa: E402, F401
