"""/club-data delete: a club deletes its own data, and only its own, deliberately."""

from __future__ import annotations

from core.storage.values import LogFilter
from tests.support import exposure


async def rulings(storage, guild_id) -> int:
    return await storage.count_log(guild_id, LogFilter())


async def test_an_ordinary_member_cannot_delete_the_club_data(ld, bot, storage):
    await exposure(storage, ld)
    result = await ld.slash("club-data delete", {"confirm": ld.guild.name}, user="LHO")
    assert result.ephemeral and "Manage Server" in result.content
    assert await rulings(storage, ld.guild.id) > 0


async def test_the_servers_name_must_be_typed_to_confirm(ld, bot, storage):
    await exposure(storage, ld)
    result = await ld.slash("club-data delete", {"confirm": "yes"}, user=ld.director)
    assert result.ephemeral and "Nothing was deleted" in result.content
    assert await rulings(storage, ld.guild.id) > 0


async def test_deleting_one_club_leaves_another_untouched(ld, bot, storage):
    other = ld.add_guild("Other Club")
    await exposure(storage, ld)
    await exposure(storage, ld, guild_id=other.id)
    result = await ld.slash("club-data delete", {"confirm": ld.guild.name}, user=ld.director)
    assert result.ephemeral and "Deleted" in result.content
    assert await rulings(storage, ld.guild.id) == 0
    assert await rulings(storage, other.id) > 0
