"""Issue 22, item 4: calls in rotation, plain leads and boards set are the table's record, not
rulings: no ruling number, no "Call the director", no line in the log channel, out of
``/log search`` and ``/log stats`` unless asked for, and no reason to need a director to move
the table on."""

from __future__ import annotations

import re

from core.storage.values import LogFilter
from tests.support import seat_everyone, set_up

LOG_CHANNEL = "td-log"


def labels(result) -> list[str]:
    return [b["label"] for m in result.messages for b in m.buttons]


def log_notes(ld, result) -> list:
    return [m for m in result.channel_messages if m.channel_id == ld.guild.channel(LOG_CHANNEL).id]


async def auction(ld, *calls: tuple[str, str]) -> list:
    answers = []
    for who, call in calls:
        answers.append(await ld.run(f"/call call:{call}", user=who))
    return answers


async def test_44_a_record_has_no_ruling_number_no_director_button_and_no_log_line(ld, bot):
    """A call in rotation and a lead nothing binds are answered, but as the table's record."""
    await set_up(ld)
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N", user="Dummy")
    answers = await auction(ld, ("Dummy", "1H"), ("RHO", "P"), ("Declarer", "P"), ("LHO", "P"))
    assert "N: 1♥." in answers[0].text and "E: pass." in answers[1].text, answers[1].text
    assert "The auction is over: 1♥ by N, E to lead." in answers[-1].text, answers[-1].text
    lead = await ld.run("/lead seat:E", user="RHO")
    assert "may lead any card" in lead.text, lead.text
    for result in (*answers, lead):
        assert not result.ephemeral, result.text
        assert "Ruling #" not in result.text, result.text
        assert "Call the director" not in labels(result)
        assert log_notes(ld, result) == []


async def test_a_seated_player_moves_on_from_a_board_with_only_records(ld, bot):
    """Board 1 has an auction and a plain lead: declarer sets board 2 himself. After a ruling
    on board 2 only a director may move the table on."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N", user="Dummy")
    await auction(ld, ("Dummy", "1H"), ("RHO", "P"), ("Declarer", "P"), ("LHO", "P"))
    await ld.run("/lead seat:E", user="RHO")
    moved = await ld.run("/board set number:2 dealer:E declarer:S contract:4H", user="Declarer")
    assert "is playing board 2" in moved.text, moved.text
    ruling = await ld.run("/exposed cards:SK seat:W", user="LHO")
    assert "Ruling #" in ruling.text and "Call the director" in labels(ruling)
    refused = await ld.run("/board set number:3", user="Declarer")
    assert refused.ephemeral and "only a director" in refused.text, refused.text


async def test_after_a_night_log_search_counts_what_log_stats_counts(ld, bot):
    """Two tables, calls, plain leads, board sets and three rulings: /log search and /log stats
    count the same three; records:True lists the record too."""
    await set_up(ld)
    await seat_everyone(ld, table=1)
    for who, seat in (("Stranger", "N"), ("Kibitzer", "E")):
        await ld.run(f"/sit table:2 seat:{seat}", user=who)
    for table, dealer, bidder, passers in (
        (1, "N", "Dummy", ("RHO", "Declarer", "LHO")),
        (2, "N", "Stranger", ("Kibitzer",)),
    ):
        user = bidder
        await ld.run(f"/board set number:1 dealer:{dealer} table:{table}", user=user)
        await ld.run(f"/call call:1NT table:{table}", user=user)
        for who in passers:
            await ld.run(f"/call call:P table:{table}", user=who)
    await ld.run("/lead seat:E", user="RHO")  # table 1: declarer N, E leads; nothing binds
    await ld.run("/board set number:2 dealer:E declarer:S contract:4H", user="Declarer")
    first = await ld.run("/exposed cards:SK seat:W", user="LHO")
    second = await ld.run("/lead seat:E", user="RHO")  # declarer's options: a ruling
    third = await ld.run("/exposed cards:D4 seat:N table:2", user="Stranger")
    for result in (first, second, third):
        assert "Ruling #" in result.text, result.text
    search = await ld.slash("log search", user="Director")
    stats = await ld.slash("log stats", user="Director")
    searched = int(re.search(r"(\d+) results?", search.text).group(1))
    counted = int(re.search(r"(\d+) rulings", stats.text).group(1))
    assert searched == counted == 3
    everything = await ld.slash("log search", {"records": True}, user="Director")
    assert int(re.search(r"(\d+) results?", everything.text).group(1)) > 3
    assert "the table's record" in everything.text


async def test_a_record_has_no_script(ld, bot, storage):
    """/script reads rulings; the table's record has nothing to read out."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N", user="Dummy")
    await ld.run("/call call:1H", user="Dummy")
    everything = await storage.search_log(ld.guild.id, LogFilter(records=True), limit=10)
    call = next(e for e in everything.entries if e.kind == "call")
    refused = await ld.run(f"/script id:{call.id}", user="Director")
    assert refused.ephemeral and "the table's record" in refused.text, refused.text
