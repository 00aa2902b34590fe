"""A command is one transaction (issue 25): the calls an ``auction:`` option catches up, the trick a
``trick:`` option reports and the incident itself are recorded together or not at all; a refused
command writes nothing; a redelivered one writes nothing new. On SQLite and PostgreSQL."""

from __future__ import annotations

import logging

import pytest

from tests.support import seat_everyone

pytestmark = pytest.mark.usefixtures("bot")





async def events(storage, ld) -> list:
    table = await storage.table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id)
    assert board is not None
    return list(await storage.board_events(ld.guild.id, board.id))


async def test_27_refused_insufficient_bid_records_none_of_its_auction(ld, storage):
    """The auction given ends before the 'insufficient bid': the report is refused, and none of
    the ten calls it would have caught up is recorded; the auction is still open."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N", user="Declarer")
    before = await events(storage, ld)
    result = await ld.run(
        '/insufficient-bid bid:2C auction:"1H P 1S P 2NT P 3NT P P P"', user="RHO"
    )
    assert result.ephemeral and "Ruling #" not in result.text, result.text
    after = await events(storage, ld)
    assert [e.id for e in after] == [e.id for e in before]
    state = (await storage.board(ld.guild.id, after[-1].board_id)).state
    assert state.calls == () and state.declarer is None


async def test_27_an_accepted_report_records_its_auction_with_it(ld, storage):
    """The same command on a sound auction: the calls and the ruling are all there, once."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N", user="Declarer")
    result = await ld.run('/insufficient-bid bid:1H auction:"1S"', user="RHO")
    assert "Ruling #" in result.text, result.text
    kinds = [e.kind for e in await events(storage, ld)]
    assert kinds.count("call") == 1 and kinds.count("insufficient_bid") == 1


async def test_52_refused_penalty_not_played_records_no_trick(ld, storage):
    """/penalty not-played when West has no penalty card is refused; its trick:6 is not
    recorded either (the bot's count of the play is unchanged)."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    before = await events(storage, ld)
    result = await ld.run("/penalty not-played card:D2 seat:W trick:6", user="LHO")
    assert result.ephemeral and "Ruling #" not in result.text, result.text
    after = await events(storage, ld)
    assert [e.id for e in after] == [e.id for e in before]
    assert "play_reported" not in [e.kind for e in after]


async def test_50_redelivered_exposed_with_trick_records_the_trick_once(ld, storage, caplog):
    """Discord delivering the same /exposed … trick:4 twice: one trick report and one ruling.
    Discord refuses the second answer ("already acknowledged"): expected, logged quietly, never
    an "Unexpected error" with a traceback."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    payload = ld.slash_payload(
        "exposed", {"cards": "SK", "how": "accidental", "trick": 4}, user="LHO"
    )
    first = await ld.dispatch(payload)
    assert "Ruling #" in first.text, first.text
    with caplog.at_level(logging.INFO, logger="tdbot.answers"):
        await ld.dispatch(dict(payload))
    kinds = [e.kind for e in await events(storage, ld)]
    assert kinds.count("play_reported") == 1, kinds
    assert len([k for k in kinds if k not in ("board_set", "play_reported")]) == 1, kinds
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    assert "already answered" in caplog.text
