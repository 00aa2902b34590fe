"""Resource bounds: incident commands are rate-limited per user (a clear "slow down"), stored free
text is bounded whatever a client sends (Discord's max_length is only advice to its own client),
and a button posted before a restart still works on a new process's connection to the database.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from core.storage.errors import StorageError
from core.storage.service import Storage
from core.storage.testing import migrated_storage
from localdiscord import LocalDiscord
from tdbot.client import EXTENSIONS
from tests.core.storage.helpers import DIRECTOR, GUILD_A, exposed, new_board
from tests.support import seat_everyone, set_up


@pytest.fixture
async def db_url(storage_url: Any) -> Any:
    """A fresh database at the newest migration (a copy of the migrated one)."""
    return storage_url


@pytest.fixture
async def storage(db_url: Any) -> AsyncIterator[Storage]:
    async with migrated_storage(db_url, upgrade=False) as service:
        yield service


@pytest.fixture
def extensions() -> tuple[str, ...]:
    return EXTENSIONS


async def seat_and_set_board(ld: LocalDiscord) -> None:
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")


async def exposures(storage: Storage, ld: LocalDiscord) -> int:
    table = await storage.find_table(ld.guild.id, 1)
    assert table is not None
    board = await storage.find_board(ld.guild.id, table.id)
    assert board is not None
    return sum(e.kind == "exposure" for e in await storage.board_events(ld.guild.id, board.id))


async def test_a_flood_of_incidents_is_slowed_down(ld: LocalDiscord, bot: Any, storage) -> None:
    """The same user reporting incidents in a burst: after the allowance, a short ephemeral
    "slow down" and nothing recorded; other users (and other guilds) are not affected."""
    await seat_and_set_board(ld)
    cards = ["SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6"]
    answers = [
        await ld.slash("exposed", {"cards": c, "seat": "W"}, user="LHO") for c in cards
    ]
    refused = [a for a in answers if a.ephemeral and "slow down" in a.text.lower()]
    accepted = [a for a in answers if not a.ephemeral]
    assert refused and accepted and len(refused) + len(accepted) == len(cards)
    assert all(not a.exceptions for a in answers)
    assert await exposures(storage, ld) == len(accepted)
    other_user = await ld.slash("exposed", {"cards": "HA", "seat": "E"}, user="RHO")
    assert not other_user.ephemeral, other_user.text
    assert await exposures(storage, ld) == len(accepted) + 1


@pytest.mark.parametrize("what", ["amend", "confirm", "adjust", "void", "director"])
async def test_free_text_over_the_limit_is_refused(
    ld: LocalDiscord, bot: Any, storage: Storage, what: str
) -> None:
    """A client ignoring max_length sends 100,000 characters: refused, nothing stored."""
    await set_up(ld)
    await seat_and_set_board(ld)
    ruling = await ld.slash("exposed", {"cards": "SK", "seat": "W"}, user="LHO")
    rid = int(ruling.embed["footer"]["text"].split("#")[1].split()[0])
    huge = "x" * 100_000
    options = {
        "amend": ("ruling amend", {"id": rid, "text": huge}),
        "confirm": ("ruling confirm", {"id": rid, "note": huge}),
        "adjust": ("ruling adjust", {"id": rid, "score": huge}),
        "void": ("ruling void", {"id": rid, "reason": huge}),
        "director": ("director", {"table": 1, "note": huge}),
    }[what]
    result = await ld.slash(*options, user="Director", strict=False)
    assert not result.exceptions and result.ephemeral, result.text[:200]
    assert "too long" in result.text.lower() or "at most" in result.text.lower(), result.text
    assert len(result.text) < 2_000
    assert await storage.verdicts(ld.guild.id, rid) == ()
    assert await storage.open_calls(ld.guild.id) == ()
    assert not (await storage.event(ld.guild.id, rid)).void


async def test_storage_bounds_free_text_itself(storage: Storage) -> None:
    """The storage layer refuses oversize text too (the cogs are not the only callers)."""
    board = await new_board(storage)
    rec = await storage.record(GUILD_A, board.id, exposed("W", "SK"))
    huge = "y" * 100_000
    for call in (
        lambda: storage.amend(GUILD_A, rec.id, DIRECTOR, huge),
        lambda: storage.confirm(GUILD_A, rec.id, DIRECTOR, huge),
        lambda: storage.adjust(GUILD_A, rec.id, DIRECTOR, huge, None),
    ):
        with pytest.raises(StorageError):
            await call()
    assert await storage.verdicts(GUILD_A, rec.id) == ()


async def test_a_pending_button_works_on_a_new_process_connection(
    ld: LocalDiscord, start_bot: Any, db_url: Any
) -> None:
    """Declarer's choice buttons posted by one bot process are handled by the next one, which
    has its own engine on the same database (nothing of the first survives but the data)."""
    async with migrated_storage(db_url, upgrade=False) as first:
        await start_bot(storage=first)
        await seat_and_set_board(ld)
        await ld.slash("exposed", {"cards": "SK", "seat": "W"}, user="LHO")
        lead = await ld.run("/lead seat:E", user="RHO")
        choice = next(b for b in lead.message.buttons if b["custom_id"].startswith("tdbot:choice"))
    async with migrated_storage(db_url, upgrade=False) as second:
        await start_bot(storage=second)
        pressed = await ld.press(lead.message, choice["custom_id"], user="Declarer")
        assert not pressed.exceptions
        assert pressed.edits and "Chosen by Declarer" in pressed.edits[0].text
