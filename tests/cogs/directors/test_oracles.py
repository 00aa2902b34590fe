"""No oracles (issue 24, Law 16B): a member to whom a board is closed gets one answer whether or
not what he names exists. ``/board deal`` checks who may see a board before saying whether a
deal is known for it; ``/script``, ``/appeal``, ``/report`` and ``/ruling`` answer a missing
ruling as they answer one on a board he has not played (naming no board); a number out of
range is refused with the bound the option has."""

from __future__ import annotations

import pytest

from cogs.log import build_filter
from core.pbn import random_pbn
from localdiscord.commandline import CommandInputError
from tdbot.context import ID_MAX, ContextError
from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")

MISSING = 987_654


def _same(one: str, other: str, first: int, second: int) -> None:
    assert one.replace(f"#{first}", "#N") == other.replace(f"#{second}", "#N"), (one, other)


async def test_16B_board_deal_says_secret_whether_or_not_a_deal_is_known(ld, storage):
    await set_up(ld)
    hands = ld.attach("night.pbn", random_pbn(4, seed=1).encode())
    assert "4 boards" in (await ld.slash("session hands", {"file": hands},
                                         user="Director")).text
    await ld.run("/sit table:1 seat:N", user="Declarer")
    await ld.run("/sit table:1 seat:S", user="Dummy")
    known = await ld.run("/board deal number:2", user="Declarer")
    unknown = await ld.run("/board deal number:9", user="Declarer")
    assert known.ephemeral and "secret" in known.text, known.text
    assert unknown.text == known.text.replace("2", "9"), (known.text, unknown.text)
    director = await ld.run("/board deal number:9", user="Director")
    assert "No deal is known for board 9" in director.text, director.text


async def _playing_director(ld, storage):
    """A ruling on board 3 at table 1; the Director plays at table 2 and has not played it."""
    await set_up(ld)
    ld.member("Deputy TD", roles=["Director"])
    ld.refresh_guild()
    ruling = await exposure(storage, ld, table=1, board=3, card="HQ")
    await ld.run("/sit table:2 seat:E", user="Director")
    await ld.slash("playing", {"playing": True}, user="Director")
    return ruling


#: The commands that take a ruling's number, and their other options.
BY_NUMBER = [
    ("script", {}),
    ("appeal file", {"reason": "x"}),
    ("appeal list", None),
    ("report", {}),
    ("ruling confirm", {}),
    ("ruling void", {"reason": "x"}),
    ("claim review", {}),
]


async def test_a_blind_director_gets_one_answer_for_a_missing_ruling_and_a_closed_one(
    ld, storage
):
    ruling = await _playing_director(ld, storage)
    names = {c.qualified_name for c in ld.bot.tree.walk_commands()}
    for command, options in BY_NUMBER:
        assert command in names, command
        answers = []
        for number in (ruling.id, MISSING):
            given = {"ruling": number} if options is None else {"id": number, **options}
            answer = await ld.slash(command, given, user="Director")
            assert answer.ephemeral and "board 3" not in answer.text, (command, answer.text)
            answers.append(answer.text)
        _same(answers[0], answers[1], ruling.id, MISSING)
        assert "You are playing" in answers[0], (command, answers[0])
    assert not (await storage.event(ld.guild.id, ruling.id)).void  # nothing written
    missing = await ld.slash("script", {"id": MISSING}, user="Deputy TD")
    assert f"No ruling #{MISSING}" in missing.text, missing.text


async def test_under_no_peeking_a_player_gets_one_answer_for_a_missing_ruling_and_a_closed_one(
    ld, storage
):
    await set_up(ld)
    await ld.slash("setup", {"director_role": ld.guild.role("Director"),
                             "log_channel": ld.guild.channel("td-log"), "no_peeking": True},
                   user="Director")
    ruling = await exposure(storage, ld, table=1, board=3, card="HQ")
    await ld.run("/sit table:2 seat:W", user="LHO")
    for command, options in BY_NUMBER[:3]:
        answers = []
        for number in (ruling.id, MISSING):
            given = {"ruling": number} if options is None else {"id": number, **options}
            answers.append((await ld.slash(command, given, user="LHO")).text)
        _same(answers[0], answers[1], ruling.id, MISSING)
        assert "No peeking" in answers[0] and "board 3" not in answers[0], answers[0]


async def test_log_search_says_the_bound_of_a_number_out_of_range(ld, storage):
    """The options say their bounds to Discord (which refuses a number past them, as the
    stand-in does, naming them), and the bot's own check names the same bounds."""
    await set_up(ld)
    with pytest.raises(CommandInputError, match=f"between 1 and {ID_MAX}"):
        await ld.run("/log search session:99999999999999999999", user="Director")
    club = await storage.club(ld.guild.id)
    for option, value, most in (("session", 10**20, ID_MAX), ("board", 1000, 999),
                                ("table", 0, 999)):
        with pytest.raises(ContextError) as refused:
            build_filter(club, **{option: value})
        assert f"must be from 1 to {most}" in str(refused.value), refused.value
