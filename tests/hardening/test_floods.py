"""Floods are bounded under concurrency (issue 25, item 5): every command that writes or pings
has an allowance per member, checked with no await between the count and the check, so a burst
sent at once is counted one by one. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest

from tdbot.limits import DIRECTOR_RATE, PRESS_RATE, WRITE_RATE
from tdbot.recording import CALL_RATE
from tests.support import seat_everyone, set_up

pytestmark = pytest.mark.usefixtures("bot")





def log_lines(ld) -> list:
    return ld.channel_messages(ld.guild.channel("td-log"))


async def test_39_a_flood_of_calls_after_the_final_pass_is_bounded(ld, storage):
    """Twenty /call after the final pass sent at once by one player: at most CALL_RATE are
    ruled (Law 39) and noted in the log channel; the rest are told to slow down and write
    nothing."""
    await set_up(ld)
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    before = len(log_lines(ld))
    payloads = [ld.slash_payload("call", {"call": "P", "seat": "W"}, user="LHO")
                for _ in range(20)]
    results = await asyncio.gather(*(ld.dispatch(p) for p in payloads))
    ruled = [r for r in results if "Ruling #" in r.text]
    slowed = [r for r in results if r.ephemeral and "slow down" in r.text.lower()]
    assert 1 <= len(ruled) <= CALL_RATE and len(ruled) + len(slowed) == 20, [
        r.text[:60] for r in results
    ]
    table = await storage.table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id)
    events = await storage.board_events(ld.guild.id, board.id)
    assert len([e for e in events if e.kind == "call_after_final_pass"]) == len(ruled)
    assert len(log_lines(ld)) - before == len(ruled)


async def test_a_burst_of_director_calls_at_once_pings_once(ld, storage):
    """One member calls the director for two tables in the same instant, five times each: one
    call, one ping (the 30 s allowance is taken before the first call is written)."""
    await set_up(ld)
    for t, who in ((1, "Dummy"), (2, "Stranger")):  # both tables exist (a call to none is refused)
        assert "You sit" in (await ld.run(f"/sit table:{t} seat:N", user=who)).text
    payloads = [ld.slash_payload("director", {"table": t}, user="LHO")
                for t in (1, 2) for _ in range(5)]
    await asyncio.gather(*(ld.dispatch(p) for p in payloads))
    pings = [m for m in log_lines(ld) if m.pings["roles"]]
    assert len(pings) == 1, [m.text[:60] for m in pings]
    assert len(await storage.open_calls(ld.guild.id)) == 1


async def test_a_flood_of_board_moves_is_bounded(ld, storage):
    """Thirty /board set to thirty boards sent at once by one player: at most WRITE_RATE
    get through; the others are told to slow down and move nothing."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N", user="Declarer")
    payloads = [ld.slash_payload("board set", {"number": n}, user="Dummy")
                for n in range(2, 32)]
    results = await asyncio.gather(*(ld.dispatch(p) for p in payloads))
    slowed = [r for r in results if r.ephemeral and "slow down" in r.text.lower()]
    assert len(slowed) >= 30 - WRITE_RATE, [r.text[:60] for r in results]


async def test_a_flood_of_verdicts_is_bounded(ld, storage):
    """Thirty /ruling confirm on one ruling sent at once by a director: at most DIRECTOR_RATE
    verdicts and log lines; the rest are told to slow down."""
    await set_up(ld)
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    ruled = await ld.run("/exposed cards:SK seat:W", user="LHO")
    rid = int(ruled.text.split("Ruling #")[1].split()[0])
    payloads = [ld.slash_payload("ruling confirm", {"id": rid, "note": f"fine {n}"},
                                 user="Director") for n in range(30)]
    results = await asyncio.gather(*(ld.dispatch(p) for p in payloads))
    slowed = [r for r in results if r.ephemeral and "slow down" in r.text.lower()]
    verdicts = await storage.verdicts(ld.guild.id, rid)
    assert 1 <= len(verdicts) <= DIRECTOR_RATE and len(verdicts) + len(slowed) == 30


async def test_a_flood_of_button_presses_ends_the_restriction_once(ld, storage):
    """Twenty presses of "W has lost the lead" sent at once by dummy: the restriction ends
    exactly once (the check runs on the board the write is made on); every other press is told
    it is already over or to slow down (PRESS_RATE: a failed press gives its use back)."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    lead = await ld.run("/lead seat:W trick:2", user="LHO")
    forbid = next(b for b in lead.message.buttons
                  if b.get("label") == "Forbid diamonds while W keeps the lead")
    await ld.press(lead.message, forbid["custom_id"], user="Declarer")
    state = await ld.run("/state", user="Dummy")
    lapse = next(b for b in state.message.buttons if b.get("label") == "W has lost the lead")
    payloads = [ld.component_payload(state.message, lapse, user="Dummy") for _ in range(20)]
    results = await asyncio.gather(*(ld.dispatch(p) for p in payloads))
    refused = [r for r in results if r.ephemeral and (
        "slow down" in r.text.lower() or "already over" in r.text)]
    assert len(refused) == 19 and PRESS_RATE < 20, [r.text[:60] for r in results]
    table = await storage.table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id)
    events = await storage.board_events(ld.guild.id, board.id)
    assert len([e for e in events if e.kind == "lead_lost"]) == 1
