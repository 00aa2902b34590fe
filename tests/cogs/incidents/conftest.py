"""Fixtures for the table, incident and follow-up cogs: a real, migrated Storage on SQLite and
PostgreSQL (the PostgreSQL cases skip without ``TEST_DATABASE_URL``, and fail under CI), and the
bot with those cogs loaded. Helpers set a board up the way players do, through the commands."""

from __future__ import annotations

import pytest


@pytest.fixture
def storage(db_storage):
    """The bot's storage: a fresh database at the newest migration, on each backend."""
    return db_storage


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
