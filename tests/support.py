"""Shared test helpers (issue 28: one module, not imports from conftest files): seating the
stand-in's cast, the club's /setup, a logged ruling."""

from __future__ import annotations

from typing import Any

from core.cards import parse_card
from core.laws.exposure import Exposure, How
from core.seats import Seat
from core.storage.service import Storage
from core.storage.values import RecordedEvent
from localdiscord import LocalDiscord

#: The stand-in's cast and their seats: S declares, N is dummy, W and E defend.
SEATS = (("Declarer", "S"), ("Dummy", "N"), ("LHO", "W"), ("RHO", "E"))


async def seat_everyone(ld: Any, table: int = 1) -> None:
    """Each of the cast sits at ``table`` (only he is told)."""
    for who, seat in SEATS:
        result = await ld.run(f"/sit table:{table} seat:{seat}", user=who)
        assert result.ephemeral and "You sit" in result.text, result.text


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
