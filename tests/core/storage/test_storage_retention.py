"""Retention: a club deletes its data; nobody else's rows are touched."""

from __future__ import annotations

import datetime as dt
import random

from sqlalchemy import func, select

from core.deal import random_deal
from core.storage.db import make_engine
from core.storage.desk import Desk
from core.storage.models import Base
from core.storage.values import LogFilter
from tests.core.storage.helpers import (
    DIRECTOR,
    GUILD_A,
    GUILD_B,
    PLAYER,
    new_board,
    penalty_story,
)


async def _fill(storage, guild: int) -> None:
    board = await new_board(storage, guild)
    recs = [await storage.record(guild, board.id, ev, actor_id=PLAYER, interaction_id=i)
            for i, ev in enumerate(penalty_story())]
    await storage.confirm(guild, recs[0].id, DIRECTOR)
    await storage.sit(guild, PLAYER, board.table_id, "N")
    await storage.call_director(guild, PLAYER, event_id=recs[0].id)
    await storage.bind_channel(guild, 5000 + guild % 1000, 1)
    await storage.store_deals(guild, [random_deal(1, random.Random(guild))], DIRECTOR)
    desk = Desk(storage)  # the director's desk: a consultation, an appeal, the settings
    await desk.consult(guild, PLAYER, board.id, None, "comparable?")
    await desk.appeal(guild, recs[0].id, PLAYER, "no")
    plan = await desk.preview_rerule(guild, recs[0].id, {"cards": "HK"})  # shown, not pressed
    await desk.offer_rerule(guild, plan, DIRECTOR, "heart king", {"cards": "HK"})
    await desk.set_playing(guild, DIRECTOR, True)
    await desk.update_settings(guild, appeal_minutes=20)
    await desk.schedule_edition(guild, "2017", dt.date(2099, 1, 1))


async def _row_counts(storage_url) -> dict[str, int]:
    engine = make_engine(storage_url)
    try:
        async with engine.connect() as conn:
            return {
                name: (await conn.execute(select(func.count()).select_from(table))).scalar_one()
                for name, table in Base.metadata.tables.items()
            }
    finally:
        await engine.dispose()


async def test_deleting_a_club_removes_all_of_its_rows_and_only_those(storage, storage_url):
    """Every table loses exactly A's rows; B's board, log, seats, calls and verdicts stay."""
    await _fill(storage, GUILD_A)
    await _fill(storage, GUILD_B)
    b_log = await storage.search_log(GUILD_B, limit=100)
    b_board = await storage.board(GUILD_B, b_log.entries[0].board_id)
    before = await _row_counts(storage_url)
    assert all(before.values())

    deleted = await storage.delete_club_data(GUILD_A)

    after = await _row_counts(storage_url)
    for name, count in after.items():
        assert count == before[name] - deleted[name], name
        assert count * 2 == before[name], f"{name}: B's half must remain"
    assert await storage.find_club(GUILD_A) is None
    assert (await storage.search_log(GUILD_A)).entries == ()
    assert await storage.search_log(GUILD_B, limit=100) == b_log
    assert await storage.board(GUILD_B, b_board.id) == b_board
    assert await storage.rebuild(GUILD_B, b_board.id) == b_board.state
    assert await storage.seating(GUILD_B, PLAYER) is not None
    assert len(await storage.open_calls(GUILD_B)) == 1


async def test_a_club_may_keep_its_settings(storage):
    """keep_settings deletes the data but not /setup's choices."""
    await storage.update_club(GUILD_A, director_role_id=9, log_channel_id=8)
    await _fill(storage, GUILD_A)
    deleted = await storage.delete_club_data(GUILD_A, keep_settings=True)
    assert "clubs" not in deleted and deleted["events"] == len(penalty_story()) + 1
    club = await storage.find_club(GUILD_A)
    assert (club.director_role_id, club.log_channel_id) == (9, 8)
    assert await storage.count_log(GUILD_A) == 0


async def test_a_club_can_start_again_after_deleting(storage):
    """After deletion the guild works as new, interaction ids included."""
    await _fill(storage, GUILD_A)
    await storage.delete_club_data(GUILD_A)
    await _fill(storage, GUILD_A)
    assert await storage.count_log(GUILD_A, LogFilter(records=True)) == len(penalty_story()) + 1


async def test_deleting_an_unknown_club_does_nothing(storage):
    """A guild that never used the bot has nothing to delete."""
    await _fill(storage, GUILD_B)
    assert await storage.delete_club_data(GUILD_A) == {}
    assert await storage.count_log(GUILD_B, LogFilter(records=True)) == len(penalty_story()) + 1
