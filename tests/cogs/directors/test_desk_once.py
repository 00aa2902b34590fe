"""Once, and never a flood (issue 24): per-member limits on everything that pings the directors
hold under concurrent commands; a redelivered question or appeal writes nothing twice; of two
directors answering one consultation at once, one wins and the other is told; a second "Take it"
is a no-op; a taken call can be released or handed over; a playing director cannot take a call
meant for the deputies."""

from __future__ import annotations

import asyncio

import pytest

from core.storage.desk import Desk
from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")


def role_pings(ld) -> list:
    log = ld.guild.channel("td-log")
    return [m for m in ld.channel_messages(log) if m.pings["roles"]]


async def test_twenty_concurrent_director_calls_by_one_member_ping_once(ld, storage):
    await set_up(ld)
    for table in range(1, 21):
        await exposure(storage, ld, table=table)
    results = await asyncio.gather(*(
        ld.slash("director", {"table": table}, user="LHO") for table in range(1, 21)
    ))
    called = [r for r in results if "director has been called" in r.text]
    refused = [r for r in results if "wait" in r.text]
    assert len(called) == 1 and len(refused) == 19, [r.text for r in results]
    assert len(role_pings(ld)) == 1 and len(await storage.open_calls(ld.guild.id)) == 1


async def test_twenty_consult_asks_ping_at_most_three_times(ld, storage):
    await set_up(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    results = await asyncio.gather(*(
        ld.slash("consult ask", {"question": f"Question {n}?"}, user="RHO") for n in range(20)
    ))
    asked = [r for r in results if "is with the directors" in r.text]
    assert len(asked) == 3 and len(role_pings(ld)) == 3
    refused = [r for r in results if r not in asked]
    assert all(r.ephemeral and "wait" in r.text for r in refused)
    assert len(await Desk(storage).open_consultations(ld.guild.id)) == 3


async def test_twenty_appeals_ping_at_most_three_times(ld, storage):
    await set_up(ld)
    await ld.run("/sit table:1 seat:W", user="LHO")
    recorded = await exposure(storage, ld)
    results = await asyncio.gather(*(
        ld.slash("appeal file", {"id": recorded.id, "reason": f"Reason {n}"}, user="LHO")
        for n in range(20)
    ))
    assert len([r for r in results if "is filed" in r.text]) == 3
    assert len(role_pings(ld)) == 3
    assert len(await Desk(storage).appeals(ld.guild.id, open_only=True)) == 3


async def test_redelivered_consult_ask_and_appeal_file_write_once(ld, storage):
    await set_up(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await ld.run("/sit table:1 seat:W", user="LHO")
    recorded = await exposure(storage, ld)
    ask = ld.slash_payload("consult ask", {"question": "May I?"}, user="RHO")
    await ld.dispatch(ask)
    await ld.dispatch(dict(ask))
    appeal = ld.slash_payload("appeal file", {"id": recorded.id, "reason": "No"}, user="LHO")
    await ld.dispatch(appeal)
    await ld.dispatch(dict(appeal))
    assert len(await Desk(storage).open_consultations(ld.guild.id)) == 1
    assert len(await Desk(storage).appeals(ld.guild.id)) == 1
    assert len(role_pings(ld)) == 2


async def test_two_directors_answer_one_consultation_at_once_one_wins(ld, storage):
    await set_up(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    await ld.slash("consult ask", {"question": "May I lead the SA?"}, user="RHO")
    deputy = ld.member("Deputy TD", roles=["Director"])
    ld.refresh_guild()
    first, second = await asyncio.gather(
        ld.slash("consult answer", {"id": 1, "answer": "Yes", "table_note": "Note A"},
                 user="Director"),
        ld.slash("consult answer", {"id": 1, "answer": "No", "table_note": "Note B"},
                 user=deputy),
    )
    won = [r for r in (first, second) if "Answer recorded" in r.text]
    lost = [r for r in (first, second) if "already answered" in r.text
            or "answering consultation" in r.text]
    assert len(won) == 1 and len(lost) == 1, (first.text, second.text)
    notes = [m for m in ld.channel_messages(ld.guild.channel("table-1"))
             if "private consultation" in m.text]
    assert len(notes) == 1
    found = await Desk(storage).consultation(ld.guild.id, 1)
    assert found.answer in ("Yes", "No") and found.event_id is not None


async def test_redelivered_consult_answer_tells_the_table_once(ld, storage):
    await set_up(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    await ld.slash("consult ask", {"question": "May I?"}, user="RHO")
    payload = ld.slash_payload("consult answer", {"id": 1, "answer": "Yes",
                                                  "table_note": "Go on"}, user="Director")
    await ld.dispatch(payload)
    await ld.dispatch(dict(payload))
    notes = [m for m in ld.channel_messages(ld.guild.channel("table-1")) if "Go on" in m.text]
    assert len(notes) == 1


async def test_a_second_take_it_is_a_no_op_and_a_taken_call_can_be_handed_over(ld, storage):
    await set_up(ld)
    await exposure(storage, ld)
    table = ld.guild.channel("table-1")
    called = await ld.slash("director", {"table": 1}, user="LHO", channel=table)
    [post] = called.channel_messages
    taken = await ld.press(post, "Take it", user="Director")
    assert any("has taken your director call" in m.text for m in taken.channel_messages)
    custom_id = taken.edits[0].buttons[0]["custom_id"]  # a double click: the same button
    again = await ld.press(post, custom_id, user="Director")
    assert again.ephemeral and "already taken call #1" in again.text
    assert again.channel_messages == []  # the caller is not pinged twice
    deputy = ld.member("Deputy TD", roles=["Director"])
    ld.refresh_guild()
    refused = await ld.slash("release", {"call": 1}, user=deputy)
    assert refused.ephemeral and "only he may" in refused.text
    handed = await ld.slash("release", {"call": 1, "to": deputy}, user="Director")
    assert "now" in handed.text and (await storage.director_call(ld.guild.id, 1)).claimed_by \
        == deputy.id
    back = await ld.slash("release", {"call": 1}, user=deputy)
    assert "back in the queue" in back.text
    assert [c.id for c in await storage.open_calls(ld.guild.id)] == [1]
    not_director = await ld.slash("release", {"call": 1, "to": ld.member("LHO")},
                                  user="Director")
    assert "not taken" in not_director.text or "not a director" in not_director.text
