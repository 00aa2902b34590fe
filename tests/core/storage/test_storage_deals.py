"""Hand records in storage: per session and board, replaced by a new file, secret until played."""

from __future__ import annotations

import random

import pytest

from core.deal import random_deal
from core.laws.flow import BoardEnded
from core.pbn import parse_pbn, random_pbn
from core.storage.errors import Stale
from core.storage.repo.caches import DealCache
from tests.core.storage.helpers import DIRECTOR, GUILD_A, GUILD_B, PLAYER, exposed, new_board


async def test_a_sessions_deals_are_kept_by_board_and_a_new_file_replaces_them(storage) -> None:
    deals = parse_pbn(random_pbn(4, seed=2))
    session, replaced = await storage.store_deals(GUILD_A, deals, DIRECTOR)
    assert replaced == ()
    stored = await storage.session_deal(GUILD_A, session.id, 3)
    assert stored is not None and stored.deal.hands == deals[2].hands
    assert stored.deal.dealer.value == "S" and not stored.session_ended
    again = parse_pbn(random_pbn(2, seed=9, first=3))
    _, replaced = await storage.store_deals(GUILD_A, again, DIRECTOR)
    assert replaced == (3, 4)
    stored = await storage.session_deal(GUILD_A, session.id, 3)
    assert stored is not None and stored.deal.hands == again[0].hands
    assert await storage.session_deal_count(GUILD_A, session.id) == 4
    assert await storage.session_deal(GUILD_A, session.id, 5) is None


async def test_another_club_never_reads_a_clubs_deals(storage) -> None:
    session, _ = await storage.store_deals(GUILD_A, [random_deal(1, random.Random(1))], DIRECTOR)
    await storage.table(GUILD_B, 1)
    assert await storage.session_deal(GUILD_B, session.id, 1) is None


async def test_a_player_sees_a_deal_only_once_his_table_has_finished_the_board(storage) -> None:
    session, _ = await storage.store_deals(GUILD_A, [random_deal(1, random.Random(1))], DIRECTOR)
    assert not await storage.has_finished_board(GUILD_A, PLAYER, session.id, 1)  # not seated
    board = await new_board(storage, GUILD_A, board=1)
    await storage.sit(GUILD_A, PLAYER, board.table_id, "N")
    await storage.record(GUILD_A, board.id, BoardEnded())
    await storage.sit(GUILD_A, PLAYER + 1, board.table_id, "S")  # after it ended
    two = await storage.set_board(GUILD_A, board.table_id, 2)
    # alone at the table for board 1: not played (played.PLAYED_WITH); nor by one who sat down
    # after it ended
    assert not await storage.has_finished_board(GUILD_A, PLAYER, session.id, 1)
    assert not await storage.has_finished_board(GUILD_A, PLAYER + 1, session.id, 1)
    await storage.sit(GUILD_A, PLAYER + 2, board.table_id, "E")
    assert not await storage.has_finished_board(GUILD_A, PLAYER, session.id, 2)  # in play
    await storage.record(GUILD_A, two.id, BoardEnded())
    assert await storage.has_finished_board(GUILD_A, PLAYER, session.id, 2)  # ended
    await storage.set_board(GUILD_A, board.table_id, 3)
    assert await storage.has_finished_board(GUILD_A, PLAYER + 2, session.id, 2)  # moved on
    assert not await storage.has_finished_board(GUILD_A, PLAYER, session.id, 3)  # in play
    assert not await storage.has_finished_board(GUILD_A, PLAYER, session.id, 4)  # never played


async def test_once_the_session_is_over_its_deals_are_no_longer_secret(storage) -> None:
    session, _ = await storage.store_deals(GUILD_A, [random_deal(1, random.Random(1))], DIRECTOR)
    await storage.end_session(GUILD_A)
    assert await storage.has_finished_board(GUILD_A, PLAYER, session.id, 1)
    stored = await storage.session_deal(GUILD_A, session.id, 1)
    assert stored is not None and stored.session_ended


async def test_the_double_dummy_analysis_is_cached_with_the_deal(storage) -> None:
    session, _ = await storage.store_deals(GUILD_A, [random_deal(1, random.Random(1))], DIRECTOR)
    stored = await storage.session_deal(GUILD_A, session.id, 1)
    assert stored is not None and stored.solved is None
    await storage.save_solved(GUILD_A, stored.id, {"tricks": [[7] * 4] * 5})
    again = await storage.session_deal(GUILD_A, session.id, 1)
    assert again is not None and again.solved == {"tricks": [[7] * 4] * 5}


async def test_the_cached_deal_follows_a_new_file(storage) -> None:
    session = await storage.live_session(GUILD_A)
    assert await storage.deal_of(GUILD_A, session.id, 1) is None  # no hand records yet
    first = random_deal(1, random.Random(1))
    await storage.store_deals(GUILD_A, [first], DIRECTOR)
    cached = await storage.deal_of(GUILD_A, session.id, 1)
    assert cached is not None and cached.hands == first.hands
    second = random_deal(1, random.Random(2))
    await storage.store_deals(GUILD_A, [second], DIRECTOR)
    again = await storage.deal_of(GUILD_A, session.id, 1)
    assert again is not None and again.hands == second.hands


async def test_a_report_checked_before_new_hand_records_is_not_written(storage) -> None:
    """The deal check guards the write: a report checked against hand records replaced since
    is sent back to be checked again (Stale), in the write's transaction, with nothing written."""
    board = await new_board(storage, GUILD_A)
    mark = storage.deals_seen(GUILD_A)
    await storage.store_deals(GUILD_A, [random_deal(1, random.Random(1))], DIRECTOR)
    with pytest.raises(Stale):
        await storage.record(GUILD_A, board.id, exposed("W", "SK"), deals_seen=mark)
    with pytest.raises(Stale):
        await storage.set_board(GUILD_A, board.table_id, 2, deals_seen=mark)
    after = await storage.find_board(GUILD_A, board.table_id)
    assert after is not None and after.number == 1 and after.last_seq == board.last_seq
    done = await storage.record(GUILD_A, board.id, exposed("W", "SK"),
                                deals_seen=storage.deals_seen(GUILD_A))
    assert done.state.penalty_cards


def test_hand_records_being_stored_are_not_current_until_stored() -> None:
    cache = DealCache()
    mark = cache.mark(GUILD_A)
    assert cache.unchanged(GUILD_A, mark)
    cache.storing(GUILD_A, begun=True)
    assert not cache.unchanged(GUILD_A, cache.mark(GUILD_A))  # a store in flight
    assert cache.unchanged(GUILD_B, cache.mark(GUILD_B))  # another club's are not touched
    during = cache.mark(GUILD_A)
    cache.storing(GUILD_A, begun=False)
    assert not cache.unchanged(GUILD_A, during) and not cache.unchanged(GUILD_A, mark)
    assert cache.unchanged(GUILD_A, cache.mark(GUILD_A))


async def test_the_directors_export_carries_each_rulings_deal(storage) -> None:
    import csv
    import io
    import json

    from core.laws.exposure import Exposure, How
    from core.seats import Seat

    deal = random_deal(1, random.Random(3))
    await storage.store_deals(GUILD_A, [deal], DIRECTOR)
    board = await new_board(storage, GUILD_A, board=1)
    other = await new_board(storage, GUILD_A, table=2, board=2)  # no hand records for board 2
    card = sorted(deal.hand(Seat.W))[0]
    for b in (board, other):
        await storage.record(GUILD_A, b.id, Exposure(Seat.W, (card,), How.ACCIDENTAL),
                             actor_id=PLAYER)
    text = "".join([chunk async for chunk in storage.export_csv(GUILD_A)])
    rows = {r["board"]: r for r in csv.DictReader(io.StringIO(text)) if r["kind"] == "exposure"}
    assert rows["1"]["deal"] == deal.pbn and rows["2"]["deal"] == ""
    data = json.loads("".join([chunk async for chunk in storage.export_json(GUILD_A)]))
    deals = {e["board"]: e["deal"] for e in data if e["kind"] == "exposure"}
    assert deals == {1: deal.pbn, 2: None}
