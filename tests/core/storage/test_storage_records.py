"""Issue 22, item 4: one notion of a ruling. Calls in rotation, plain leads, boards set and
plays are the table's record: stored and replayed, but out of the log's search and figures
unless asked for, and no reason to need a director on the board."""

from __future__ import annotations

from core.laws.auction_calls import CallMade
from core.laws.insufficient import InsufficientBid
from core.seats import Seat
from core.storage.db import downgrade_to, upgrade_to_head
from core.storage.testing import migrated_storage
from core.storage.values import LogFilter
from tests.core.storage.helpers import GUILD_A, exposed, new_board, partner_leads, played


async def _club_night_board(storage):
    """Board 1: the auction 1♥ by N, three passes; E leads (nothing binds), plays; then W drops
    the ♠K: one ruling among nine events."""
    board = await new_board(storage, declarer=None, contract=None)
    for seat, call in (("N", "1H"), ("E", "P"), ("S", "P"), ("W", "P")):
        await storage.record(GUILD_A, board.id, CallMade(Seat(seat), call))
    await storage.record(GUILD_A, board.id, partner_leads("E"))
    await storage.record(GUILD_A, board.id, played("E", "C2"))
    before = await storage.has_incidents(GUILD_A, board.id)
    ruling = await storage.record(GUILD_A, board.id, exposed("W", "SK"))
    return board, before, ruling


async def test_calls_plain_leads_and_board_sets_are_the_record_not_rulings(storage):
    """Law 50 ruling counted once, in the search and in the figures alike; the record is
    searchable on request and the board needs a director only once the ruling is on it."""
    board, before, ruling = await _club_night_board(storage)
    assert ruling.is_ruling and before is False
    assert await storage.has_incidents(GUILD_A, board.id)
    page = await storage.search_log(GUILD_A, limit=100)
    assert [e.id for e in page.entries] == [ruling.id]
    assert await storage.count_log(GUILD_A) == (await storage.stats(GUILD_A)).total == 1
    everything = await storage.search_log(GUILD_A, LogFilter(records=True), limit=100)
    kinds = sorted(e.kind for e in everything.entries if not e.is_ruling)
    assert kinds == ["board_set", "call", "call", "call", "call", "partner_lead", "play"]
    assert await storage.count_log(GUILD_A, LogFilter(records=True)) == len(everything.entries)
    # the record still makes the state: the board replays to what it holds
    stored = (await storage.board(GUILD_A, board.id)).state
    assert await storage.rebuild(GUILD_A, board.id) == stored


async def test_27A1_a_call_accepting_an_insufficient_bid_is_a_ruling(storage):
    """27A1: LHO calling over an insufficient bid accepts it: that call is a ruling."""
    board = await new_board(storage, declarer=None, contract=None)
    await storage.record(GUILD_A, board.id, CallMade(Seat.N, "1S"))
    await storage.record(GUILD_A, board.id, InsufficientBid("1H"))
    accepted = await storage.record(GUILD_A, board.id, CallMade(Seat.S, "2S"))
    assert "27A1" in accepted.ruling.laws and accepted.is_ruling
    ids = {e.id for e in (await storage.search_log(GUILD_A, limit=100)).entries}
    assert accepted.id in ids
    assert await storage.count_log(GUILD_A) == (await storage.stats(GUILD_A)).total == 2


async def test_the_migration_marks_an_existing_log_as_the_bot_does(db_url):
    """A log written before the ``is_ruling`` column (revision 0005) is backfilled on
    upgrade with the same answer the bot gives when writing."""
    async with migrated_storage(db_url) as storage:
        board, _, ruling = await _club_night_board(storage)
        marked = {e.id: e.is_ruling for e in (await storage.search_log(
            GUILD_A, LogFilter(records=True), limit=100)).entries}
    await downgrade_to(db_url, "0005")
    await upgrade_to_head(db_url)
    async with migrated_storage(db_url, upgrade=False) as storage:
        again = {e.id: e.is_ruling for e in (await storage.search_log(
            GUILD_A, LogFilter(records=True), limit=100)).entries}
        assert again == marked and [i for i, r in again.items() if r] == [ruling.id]
        assert await storage.has_incidents(GUILD_A, board.id)
        assert await storage.count_log(GUILD_A) == (await storage.stats(GUILD_A)).total == 1
