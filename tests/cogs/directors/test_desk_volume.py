"""Every list of the desk fits Discord at ordinary volume, nothing cut, measured after escaping:
``/appeal list``, ``/consult open``, ``/consult show``, ``/calls``, and a long table note. The
stand-in refuses what Discord refuses, so a list over the limits fails here."""

from __future__ import annotations

import pytest

from core.storage.desk import Desk
from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")

#: Markdown characters that escaping doubles: a 1,000-character text becomes ~1,500.
MARKED = "*bold* _it_ ~x~ `c` "


def _long(prefix: str, size: int = 1000) -> str:
    text = prefix + " " + MARKED * 60
    return text[:size].strip()


def arrived(text: str, sent: str) -> bool:
    """``text`` is in ``sent`` whole: its start, its end, and every word, in order."""
    sent = sent.replace("\\", "")
    words = sent.split()
    at = 0
    for word in text.split():
        try:
            at = words.index(word, at) + 1
        except ValueError:
            return False
    return text[:100] in sent and text[-50:] in sent


async def test_appeal_list_with_four_long_appeals_is_sent_whole(ld, storage):
    await set_up(ld)
    await ld.run("/sit table:1 seat:W", user="LHO")
    recorded = await exposure(storage, ld)
    desk = Desk(storage)
    for n in range(4):  # four players of the table (the per-member limit is not the point)
        filed = await desk.appeal(ld.guild.id, recorded.id, ld.member("LHO").id,
                                  _long(f"R{n}"), limit=None)
        appeal_id = filed.id
        await ld.slash("appeal answer", {"id": appeal_id, "by": "director",
                                         "text": _long(f"D{n}")}, user="Director")
        await ld.slash("appeal answer", {"id": appeal_id, "by": "committee",
                                         "text": _long(f"C{n}")}, user="Director")
    listed = await ld.slash("appeal list", {}, user="Director")
    assert listed.exceptions == [] and "Something went wrong" not in listed.text
    text = listed.text.replace("\\", "")
    for n in range(4):
        assert all(arrived(_long(f"{who}{n}"), text) for who in "RDC"), n


async def test_consult_open_with_twelve_long_questions(ld, storage):
    await set_up(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    board = await storage.find_board(ld.guild.id, (await storage.find_table(ld.guild.id, 1)).id)
    for n in range(12):  # twelve players' questions (the per-member limit is not the point)
        await Desk(storage).consult(ld.guild.id, ld.member("RHO").id, board.id, None,
                                    _long(f"Q{n}"), limit=None)
    listed = await ld.slash("consult open", {}, user="Director")
    assert listed.exceptions == [] and "Something went wrong" not in listed.text
    assert all(f"Q{n}" in listed.text for n in range(12))
    shown = await ld.slash("consult show", {"id": 12}, user="Director")
    assert arrived(_long("Q11"), shown.text)


async def test_a_long_table_note_reaches_the_table_whole(ld, storage):
    await set_up(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    await ld.slash("consult ask", {"question": "May I lead the SA?"}, user="RHO")
    note = _long("NOTE")
    done = await ld.slash("consult answer", {"id": 1, "answer": "Yes",
                                             "table_note": note}, user="Director")
    assert "The table has been told your note" in done.text, done.text
    assert arrived(note, "\n".join(m.text for m in done.channel_messages))


async def test_calls_list_of_many_long_calls_is_sent_whole(ld, storage):
    await set_up(ld)
    for table in range(1, 26):
        t = await storage.table(ld.guild.id, table)
        await storage.call_director(ld.guild.id, ld.member("RHO").id, table_id=t.id,
                                    note=_long(f"T{table}", 500))
    listed = await ld.slash("calls", {}, user="Director")
    assert listed.exceptions == []
    assert all(f"table {t}," in listed.text for t in range(1, 26)), listed.text


async def test_a_table_note_discord_refuses_is_reported_to_the_director(ld, storage):
    await set_up(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    await ld.slash("consult ask", {"question": "May I?"}, user="RHO")
    table = ld.guild.channel("table-1")
    ld.inject(f"POST /channels/{table.id}/messages", status=403)
    done = await ld.slash("consult answer", {"id": 1, "answer": "Yes", "table_note": "Go on"},
                          user="Director", channel=ld.guild.channel("td-log"))
    assert done.ephemeral and "could not be posted" in done.text and "tell the table" in done.text
    assert (await Desk(storage).consultation(ld.guild.id, 1)).answer == "Yes"


async def test_a_script_discord_refuses_to_post_is_reported_to_the_director(ld, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    table = ld.guild.channel("table-1")
    read = await ld.slash("script", {"id": recorded.id, "table_channel": table},
                          user="Director", channel=ld.guild.channel("td-log"))
    ld.inject(f"POST /channels/{table.id}/messages", status=403)
    pressed = await ld.press(read.messages[-1], "Post it to the table", user="Director")
    assert pressed.ephemeral and "Discord refused the script" in pressed.text
