"""Fixtures for the directors' cogs: a real migrated Storage on SQLite and on PostgreSQL.

PostgreSQL needs ``TEST_DATABASE_URL`` (``eval "$(bash .ci/start-postgres.sh)"``); without it
those cases skip, except under CI (``CI`` set), where they fail: CI must exercise both backends.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.localdiscord import LocalDiscord
from cogs.tdbot import EXTENSIONS
from core.cards import parse_card
from core.laws.exposure import Exposure, How
from core.seats import Seat
from core.storage.service import Storage
from core.storage.testing import ENV, migrated_storage, postgres_url, scratch_url
from core.storage.values import RecordedEvent

BACKENDS = ("sqlite", "postgresql")
MINE = ("cogs.directors", "cogs.log", "cogs.help")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of this test case."""
    if request.param == "postgresql" and postgres_url() is None:
        if os.environ.get("CI"):
            pytest.fail(f"{ENV} must be set in CI: the PostgreSQL tests have to run")
        pytest.skip(f"PostgreSQL skipped: {ENV} is not set")
    return request.param


@pytest.fixture
async def storage(backend: str, tmp_path: Path) -> AsyncIterator[Storage]:
    """A Storage on a fresh database migrated to head."""
    async with scratch_url(backend, tmp_path) as url, migrated_storage(url) as service:
        yield service


@pytest.fixture
def extensions() -> tuple[str, ...]:
    """The bot's cogs plus ours (the directors', the log, help)."""
    return tuple(dict.fromkeys((*EXTENSIONS, *MINE)))


async def exposure(
    storage: Storage,
    ld: LocalDiscord,
    *,
    guild_id: int | None = None,
    table: int = 1,
    board: int = 1,
    seat: str = "W",
    card: str = "SK",
    actor: str = "Declarer",
) -> RecordedEvent:
    """A logged ruling: ``seat`` dropped ``card`` at ``table`` on ``board`` (declarer South)."""
    gid = guild_id or ld.guild.id
    t = await storage.table(gid, table)
    b = await storage.set_board(gid, t.id, board, dealer="N", declarer="S", contract="4H")
    event = Exposure(Seat(seat), (parse_card(card),), How.ACCIDENTAL)
    return await storage.record(gid, b.id, event, actor_id=ld.member(actor).id)


async def set_up(ld: LocalDiscord, guild=None) -> None:
    """Run /setup as the Director: role Director, log channel #td-log."""
    guild = guild or ld.guild
    result = await ld.slash(
        "setup",
        {"director_role": guild.role("Director"), "log_channel": guild.channel("td-log")},
        user=guild.member("Director"),
    )
    assert result.ephemeral and "saved" in result.text.lower(), result.text
