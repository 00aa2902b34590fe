"""Fixtures for the directors' cogs: a real migrated Storage on SQLite and on PostgreSQL.

PostgreSQL needs ``TEST_DATABASE_URL`` (``eval "$(bash .ci/start-postgres.sh)"``); without it
those cases skip, except under CI (``CI`` set), where they fail: CI must exercise both backends.
"""

from __future__ import annotations

import pytest

from core.cards import parse_card
from core.laws.exposure import Exposure, How
from core.seats import Seat
from core.storage.service import Storage
from core.storage.values import RecordedEvent
from localdiscord import LocalDiscord


@pytest.fixture
def storage(db_storage):
    """The bot's storage: a fresh database at the newest migration, on each backend."""
    return db_storage


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
