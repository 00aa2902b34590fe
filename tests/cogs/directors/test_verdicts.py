"""/ruling confirm|amend|void|adjust: directors only, this club's rulings only, nobody pinged."""

from __future__ import annotations

import pytest

from core.storage.values import LogFilter
from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")
NOBODY = {"everyone": False, "users": [], "roles": []}


async def test_confirm(ld, storage):
    """The verdict is stored with the director, answered with the ruling and logged."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    result = await ld.slash("ruling confirm", {"id": recorded.id}, user="Director")
    assert f"Ruling #{recorded.id}" in result.text and "confirmed" in result.text.lower()
    [verdict] = await storage.verdicts(ld.guild.id, recorded.id)
    assert verdict.verdict.value == "confirmed" and verdict.director_id == ld.director.id
    [line] = result.channel_messages
    assert line.channel_id == ld.guild.channel("td-log").id and line.pings == NOBODY


async def test_confirming_the_tables_record_is_refused_in_one_line(ld, storage):
    """A call in rotation's number (the table's record, not a ruling): /ruling confirm gets
    one ephemeral line, writes no verdict and posts nothing in the log channel."""
    await set_up(ld)
    await ld.run("/sit table:1 seat:N", user="Declarer")
    await ld.run("/board set number:1 dealer:N", user="Declarer")
    await ld.run("/call call:1NT", user="Declarer")
    page = await storage.search_log(ld.guild.id, LogFilter(records=True), limit=10)
    [entry] = [e for e in page.entries if e.kind == "call"]
    result = await ld.slash("ruling confirm", {"id": entry.id}, user="Director")
    assert result.ephemeral and "the table's record, not a ruling" in result.text
    assert "\n" not in result.text.strip()
    assert result.channel_messages == []
    assert await storage.verdicts(ld.guild.id, entry.id) == ()


async def test_amend_text_never_pings(ld, storage):
    """Mention injection in the amend text is escaped and pings nobody, here or in the log."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    role = ld.guild.role("Director")
    text = f"@everyone @here <@&{role.id}> <@{ld.member('LHO').id}> **bold**"
    result = await ld.slash("ruling amend", {"id": recorded.id, "text": text}, user="Director")
    assert "amended" in result.text.lower()
    for message in result.messages:
        assert message.pings == NOBODY, message
        assert "@everyone" not in message.text.replace("@\u200beveryone", "")
    [verdict] = await storage.verdicts(ld.guild.id, recorded.id)
    assert verdict.text == text  # stored as typed, escaped only when shown


async def test_amend_text_is_bounded(ld, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    result = await ld.slash(
        "ruling amend", {"id": recorded.id, "text": "x" * 5000}, user="Director", strict=False
    )
    assert result.ephemeral and "too long" in result.text
    assert await storage.verdicts(ld.guild.id, recorded.id) == ()


async def test_void_rebuilds_the_board(ld, storage):
    """Voiding the exposure takes West's penalty card away again."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    assert (await storage.board_state(ld.guild.id, recorded.board_id)).penalty_cards
    result = await ld.slash(
        "ruling void", {"id": recorded.id, "reason": "never happened"}, user="Director"
    )
    assert "voided" in result.text.lower() and "Board 1 now" in result.text
    assert not (await storage.board_state(ld.guild.id, recorded.board_id)).penalty_cards
    again = await ld.slash("ruling void", {"id": recorded.id}, user="Director")
    assert again.ephemeral and "voided" in again.text


async def test_adjust(ld, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    result = await ld.slash(
        "ruling adjust", {"id": recorded.id, "score": "4H= NS +420"}, user="Director"
    )
    assert "4H= NS +420" in result.text
    entry = await storage.event(ld.guild.id, recorded.id)
    assert entry.adjusted_score == "4H= NS +420" and entry.verdict.value == "adjusted"


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("ruling confirm", {}),
        ("ruling amend", {"text": "no"}),
        ("ruling void", {}),
        ("ruling adjust", {"score": "A+/A-"}),
    ],
)
async def test_a_player_is_refused(ld, storage, command, options):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    result = await ld.slash(command, {"id": recorded.id, **options}, user="Declarer")
    assert result.ephemeral and "Only a director" in result.text
    assert await storage.verdicts(ld.guild.id, recorded.id) == ()


async def test_another_clubs_ruling_is_refused(ld, storage):
    """A director of this club cannot reach a ruling of another club by its id."""
    other = ld.add_guild("Other Club")
    theirs = await exposure(storage, ld, guild_id=other.id)
    await set_up(ld)
    result = await ld.slash("ruling void", {"id": theirs.id}, user="Director")
    assert result.ephemeral and result.text == f"No ruling #{theirs.id} in this club."
    assert await storage.verdicts(other.id, theirs.id) == ()
    huge = await ld.slash("ruling confirm", {"id": 2**70}, user="Director", strict=False)
    assert huge.ephemeral and "The id must be between 1 and" in huge.text  # enforced bound


async def test_a_verdict_typed_in_another_tables_channel_is_for_the_director_alone(ld, storage):
    """#table-2 is table 2's channel; a ruling of table 1 board 1 confirmed there is answered to
    the director alone (table 2's players may not have played board 1); /script there offers
    no "Post it to the table" button, and posting to #table-2 by name is refused in one line.
    In #table-1, its own table's channel, the verdict is public as before."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    ld.guild.add_channel("table-2")
    ld.refresh_guild()
    for number in (1, 2):
        channel = ld.guild.channel(f"table-{number}")
        bound = await ld.slash("table channel", {"number": number}, user="Director",
                               channel=channel)
        assert not bound.exceptions
    two, one = ld.guild.channel("table-2"), ld.guild.channel("table-1")
    there = await ld.slash("ruling confirm", {"id": recorded.id}, user="Director", channel=two)
    assert there.ephemeral and f"Ruling #{recorded.id}" in there.text
    assert not [m for m in there.channel_messages if m.channel_id == two.id]
    assert [v.verdict.value for v in await storage.verdicts(ld.guild.id, recorded.id)] == [
        "confirmed"]
    script = await ld.slash("script", {"id": recorded.id}, user="Director", channel=two)
    # its Post button posts to table 1's own channel, never here
    [post] = script.message.buttons
    assert post["custom_id"] == f"tdbot:script:{recorded.id}:{one.id}", post
    refused = await ld.slash("script", {"id": recorded.id, "table_channel": two},
                             user="Director", channel=two)
    assert refused.ephemeral and "That channel is table 2's" in refused.text
    here = await ld.slash("ruling confirm", {"id": recorded.id, "note": "fine"},
                          user="Director", channel=one)
    assert not here.ephemeral and f"Ruling #{recorded.id}" in here.text
