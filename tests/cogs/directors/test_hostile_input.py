"""Hostile input on both backends: bounds that Range only advertises, text no database stores,
dates at the calendar's edge. Each gets a clear ephemeral answer and writes nothing."""

from __future__ import annotations

import pytest

from tdbot.answers import UNEXPECTED_ERROR
from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")


@pytest.mark.parametrize(
    ("command", "options", "answer"),
    [
        ("sit", {"table": 201, "seat": "N"}, "The table must be between 1 and 200."),
        ("sit", {"table": 0, "seat": "N"}, "The table must be between 1 and 200."),
        ("board set", {"number": 9999}, "The number must be between 1 and 200."),
        ("director", {"table": 1000}, "The table must be between 1 and 999."),
        ("director", {"note": "x" * 501}, "The note is too long (501 characters; at most 500)."),
        ("ruling confirm", {"id": 2**53}, "The id must be between 1 and 9007199254740991."),
    ],
)
async def test_range_bounds_are_enforced_not_only_advertised(ld, storage, command, options, answer):
    """A payload past a Range bound (a crafted client, an outdated command list) is refused."""
    await set_up(ld)
    result = await ld.slash(command, options, user="Director", strict=False)
    assert result.ephemeral and result.text == answer
    assert await storage.open_calls(ld.guild.id) == ()


@pytest.mark.parametrize(
    ("command", "text"),
    [
        ("director", {"table": 1, "note": "dropped \x00 it"}),
        ("director", {"table": 1, "note": "half an emoji \ud83d"}),
        ("ruling amend", {"text": "bad \x00 text"}),
        ("ruling adjust", {"score": "60%\udc00"}),
    ],
)
async def test_text_no_database_stores_is_refused(ld, storage, command, text):
    """NUL (PostgreSQL refuses it) and lone surrogates: a clear answer, nothing written."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    options = {"id": recorded.id, **text} if command.startswith("ruling") else text
    result = await ld.slash(command, options, user="Director", strict=False)
    assert result.ephemeral and "cannot be stored" in result.text
    assert UNEXPECTED_ERROR not in result.text
    assert await storage.open_calls(ld.guild.id) == ()
    assert await storage.verdicts(ld.guild.id, recorded.id) == ()


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01"])
async def test_a_date_at_the_calendars_edge_gets_a_clear_answer(ld, storage, day):
    """/log search to:9999-12-31 (the day after does not exist): a clear answer."""
    await set_up(ld)
    for line in (f"/log search to:{day}", f"/log stats from:{day}", f"/log search from:{day}"):
        result = await ld.run(line, user="Director")
        assert result.ephemeral and "years 1900 to 2999" in result.text, result.text
