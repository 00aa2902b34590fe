"""No oracles (issue 24, Law 16B): a member to whom a board is closed gets one answer whether or
not what he names exists. ``/board deal`` checks who may see a board before saying whether a
deal is known for it; ``/script``, ``/appeal``, ``/report`` and ``/ruling`` answer a missing
ruling as they answer one on a board he has not played (naming no board); a number out of
range is refused with the bound the option has."""

from __future__ import annotations

import pytest

from cogs.log import build_filter
from core.pbn import random_pbn
from core.storage.desk import Desk
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


async def _closed_consultation_and_appeal(ld, storage, *, no_peeking: bool = False):
    """RHO, at table 1, asks a consultation and appeals a ruling on board 3 there; numbers."""
    await set_up(ld)
    if no_peeking:
        await ld.slash("setup", {"director_role": ld.guild.role("Director"),
                                 "log_channel": ld.guild.channel("td-log"),
                                 "no_peeking": True}, user="Director")
    ld.member("Deputy TD", roles=["Director"])
    ld.refresh_guild()
    await ld.run("/sit table:1 seat:E", user="RHO")
    ruling = await exposure(storage, ld, table=1, board=3, card="HQ")
    asked = await ld.slash("consult ask", {"question": "Is my 2C comparable?"}, user="RHO")
    consultation = int(asked.message.text.split("consultation #")[1].split(")")[0])
    filed = await ld.slash("appeal file", {"id": ruling.id, "reason": "Never exposed"},
                           user="RHO")
    appeal = int(filed.text.split("Appeal #")[1].split()[0])
    return asked, consultation, appeal


#: The commands that take a consultation's or an appeal's number, and their other options.
DESK_BY_NUMBER = [
    ("consult show", "consultation", {}),
    ("consult answer", "consultation", {"answer": "yes", "table_note": "Partner is barred."}),
    ("appeal answer", "appeal", {"by": "director", "text": "It stands"}),
    ("appeal decide", "appeal", {"outcome": "ruling_stands"}),
]


async def test_16B_a_blind_director_gets_one_answer_for_a_missing_consultation_or_appeal(
    ld, storage
):
    """A playing director who has not played board 3 was told "You are playing and have not
    played board 3 yet" by /consult show and /appeal answer for a number on it, and "there is
    no ..." for a number nothing has: now one line for both, naming no board, telling him to
    hand it to a deputy; nothing is written, and a deputy still reads and answers them."""
    asked, consultation, appeal = await _closed_consultation_and_appeal(ld, storage)
    await ld.run("/sit table:2 seat:E", user="Director")
    await ld.slash("playing", {"playing": True}, user="Director")
    numbers = {"consultation": consultation, "appeal": appeal}
    desk = Desk(storage)
    before = (await desk.consultation(ld.guild.id, consultation),
              await desk.appeal_record(ld.guild.id, appeal))
    for command, what, options in DESK_BY_NUMBER:
        answers = []
        for number in (numbers[what], MISSING):
            answer = await ld.slash(command, {"id": number, **options}, user="Director")
            assert answer.ephemeral and "board 3" not in answer.text, (command, answer.text)
            assert not answer.channel_messages, command
            answers.append(answer.text)
        _same(answers[0], answers[1], numbers[what], MISSING)
        assert answers[0].startswith(f"You are playing: {what} #"), (command, answers[0])
        assert "hand it to a deputy director" in answers[0], (command, answers[0])
    pressed = await ld.press(asked.message, "See the director's answer", user="Director")
    assert "board 3" not in pressed.text and "comparable" not in pressed.text, pressed.text
    assert (await desk.consultation(ld.guild.id, consultation),
            await desk.appeal_record(ld.guild.id, appeal)) == before
    seen = await ld.slash("consult show", {"id": consultation}, user="Deputy TD")
    assert "comparable" in seen.text, seen.text
    done = await ld.slash("appeal answer", {"id": appeal, "by": "director", "text": "It stands"},
                          user="Deputy TD")
    assert "It stands" in done.text, done.text
    missing = await ld.slash("consult show", {"id": MISSING}, user="Deputy TD")
    assert f"No consultation #{MISSING}" in missing.text, missing.text


async def test_16B_under_no_peeking_a_player_gets_one_answer_for_a_missing_consultation(
    ld, storage
):
    """Under no_peeking, a player at another table who has not played board 3 gets one line
    for a consultation on it and for one that does not exist, naming no board; the player who
    asked reads his own."""
    asked, consultation, _appeal = await _closed_consultation_and_appeal(
        ld, storage, no_peeking=True)
    await ld.run("/sit table:2 seat:W", user="LHO")
    answers = [(await ld.slash("consult show", {"id": number}, user="LHO")).text
               for number in (consultation, MISSING)]
    _same(answers[0], answers[1], consultation, MISSING)
    assert answers[0].startswith("No peeking: consultation #") and "board 3" not in answers[0]
    own = await ld.slash("consult show", {"id": consultation}, user="RHO")
    assert "comparable" in own.text, own.text


#: What an entry on board 3 at table 1 must not show a member to whom that board is closed.
def _leaks(text: str, *seen: str) -> list[str]:
    return [w for w in ("board 3", "Board 3", "Table 1", "table 1", "ruling #", *seen)
            if w in text]


async def test_16B_a_blind_director_sees_consultations_appeals_and_calls_by_number_alone(
    ld, storage
):
    """A playing director who has not played board 3 was shown, in /appeal list, "Where:
    Table 1, board 3", the ruling appealed and who appealed; in /consult open "table 1, board
    3: for the deputies"; in /calls the call's table, board and ruling. Now each is listed
    by its number alone, by the rule its number follows (Desk.shut_to, core.storage.played.
    shut), and a deputy still sees everything."""
    _asked, consultation, appeal = await _closed_consultation_and_appeal(ld, storage)
    await ld.slash("director", {"note": "He led the ace"}, user="RHO")
    call = (await storage.open_calls(ld.guild.id))[0].id
    await ld.run("/sit table:2 seat:E", user="Director")
    await ld.slash("playing", {"playing": True}, user="Director")
    rho = f"<@{ld.member('RHO').id}>"
    for command, line in (
        ("appeal list", f"Appeal #{appeal} · a board you have not played yet: for the deputies"),
        ("consult open", f"**#{consultation}** · a board you have not played yet: for the "
                         "deputies"),
        ("calls", f"**#{call}** · a board you have not played yet: for the deputies"),
    ):
        answer = await ld.slash(command, {}, user="Director")
        assert answer.ephemeral and line in answer.text, (command, answer.text)
        assert not _leaks(answer.text, rho, "Never exposed", "comparable", "He led"), (
            command, answer.text)
        seen = await ld.slash(command, {}, user="Deputy TD")
        assert "able 1, board 3" in seen.text and rho in seen.text, (command, seen.text)
        assert "a board you have not played" not in seen.text, (command, seen.text)


async def test_16B_under_no_peeking_appeal_list_shows_a_player_an_appeal_by_number_alone(
    ld, storage
):
    """Under no_peeking, /appeal list showed a player at another table who has not played
    board 3 where the appeal was (table 1, board 3), the ruling and the appellant, hiding
    only the reasons: now the appeal's number alone; the appellant still reads his own."""
    _asked, _consultation, appeal = await _closed_consultation_and_appeal(
        ld, storage, no_peeking=True)
    await ld.run("/sit table:2 seat:W", user="LHO")
    listed = await ld.slash("appeal list", {}, user="LHO")
    assert f"Appeal #{appeal} · a board you have not played yet" in listed.text, listed.text
    assert "deputies" not in listed.text, listed.text
    assert not _leaks(listed.text, f"<@{ld.member('RHO').id}>", "Never exposed"), listed.text
    own = await ld.slash("appeal list", {}, user="RHO")
    assert "Never exposed" in own.text and "Table 1, board 3" in own.text, own.text
