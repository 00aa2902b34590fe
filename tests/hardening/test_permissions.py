"""Every director-only and admin-only path refuses an ordinary member and a member of another
guild; every button refuses a user who may not press it. Nothing changes when refused.

Director-only and admin-only commands are listed in ``DIRECTOR_ONLY``;
``test_the_list_covers_the_tree`` fails when the tree gains a command whose description says it
is for directors, or that has default permissions, and the list misses it.
The other guild ("Other Club", set up with /setup) has a director of its own ("Neighbour") and
an ordinary member ("Stranger"), in no other guild; our Director is a member there too (same
user id). They act in that guild with ids taken from ours (ruling numbers, call buttons, ruling
buttons, log pages), which must find nothing and change nothing.
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from core.deal import random_deal
from core.pbn import random_pbn
from core.storage.service import Storage
from core.storage.testing import migrated_scratch_url, migrated_storage
from localdiscord import Guild, LocalDiscord
from tdbot.client import EXTENSIONS
from tests.support import exposure, set_up


@pytest.fixture
async def storage(backend: str, tmp_path: Path, _templates: None) -> AsyncIterator[Storage]:
    """A fresh database at the newest migration (a copy of the migrated one)."""
    async with migrated_scratch_url(backend, tmp_path) as url, migrated_storage(
        url, upgrade=False
    ) as service:
        yield service


@pytest.fixture
def extensions() -> tuple[str, ...]:
    return EXTENSIONS


Options = Callable[[Guild, int], dict[str, Any]]


def _hands_file() -> str:
    """A generated PBN file, attached as the console does (``@path``)."""
    path = Path(tempfile.gettempdir()) / f"tdbot-permissions-{os.getpid()}.pbn"
    path.write_text(random_pbn(4, seed=7))
    return f"@{path}"


#: Director-only (or admin-only) commands and options that would succeed for a director.
DIRECTOR_ONLY: dict[str, Options] = {
    "setup": lambda g, rid: {"director_role": g.role("Director"),
                             "log_channel": g.channel("td-log")},
    "calls": lambda g, rid: {},
    "ruling confirm": lambda g, rid: {"id": rid, "note": "fine"},
    "ruling amend": lambda g, rid: {"id": rid, "text": "changed"},
    "ruling void": lambda g, rid: {"id": rid, "reason": "gone"},
    "ruling adjust": lambda g, rid: {"id": rid, "score": "60%/40%"},
    "log export": lambda g, rid: {"format": "csv"},
    "log stats": lambda g, rid: {},
    "penalty returned": lambda g, rid: {"card": "SK", "table": 1},
    "session start": lambda g, rid: {"name": "Friday pairs"},
    "session end": lambda g, rid: {},
    "session hands": lambda g, rid: {"file": _hands_file()},
    "claim review": lambda g, rid: {"id": rid},
    "report": lambda g, rid: {"id": rid},
    "board deal": lambda g, rid: {"number": 2, "deal": random_deal(2, random.Random(2)).pbn},
    "table channel": lambda g, rid: {"number": 2},
    # the director's desk
    "consult answer": lambda g, rid: {"id": 1, "answer": "yes", "table_note": "fine"},
    "consult open": lambda g, rid: {},
    "playing": lambda g, rid: {"playing": True},
    "appeal answer": lambda g, rid: {"id": 1, "by": "director", "text": "it stands"},
    "appeal decide": lambda g, rid: {"id": 1, "outcome": "ruling_stands"},
    "session scores-published": lambda g, rid: {},
    "release": lambda g, rid: {"call": 1},
    # admin-only (Manage Server): deleting the club's stored data
    "club-data delete": lambda g, rid: {"confirm": g.name},
}
#: Commands whose refusal names a ruling of ours: the other guild's director finds nothing.
TARGETS_OUR_RULING = ("ruling confirm", "ruling amend", "ruling void", "ruling adjust",
                      "penalty returned")


@pytest.fixture
async def scene(ld: LocalDiscord, bot: Any, storage: Storage) -> dict[str, Any]:
    """Our club set up, table 1 in play, West's ♠K a penalty card (ruling ``rid``); the other
    club set up too."""
    await set_up(ld)
    for who, seat in (("Declarer", "S"), ("Dummy", "N"), ("LHO", "W"), ("RHO", "E")):
        result = await ld.run(f"/sit table:1 seat:{seat}", user=who)
        assert result.ephemeral, result.text
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    ruling = await ld.run("/exposed cards:SK seat:W", user="LHO")
    assert not ruling.ephemeral, ruling.text
    rid = int(ruling.embed["footer"]["text"].split("#")[1].split()[0])
    other = ld.add_guild("Other Club")
    await set_up(ld, other)
    # Users are identified by name in LocalDiscord: "Director" in both guilds is one person.
    # The neighbour and the stranger are only in the other guild.
    neighbour = ld.member("Neighbour", guild=other, roles=[other.role("Director")])
    stranger = ld.member("Stranger", guild=other)
    ld.refresh_guild(other)
    return {"rid": rid, "ruling": ruling, "other": other, "neighbour": neighbour,
            "stranger": stranger}


async def snapshot(storage: Storage, ld: LocalDiscord, rid: int) -> tuple[Any, ...]:
    """What a refused command must leave alone: our ruling, its verdicts, the board, the club."""
    entry = await storage.event(ld.guild.id, rid)
    table = await storage.find_table(ld.guild.id, 1)
    assert table is not None
    board = await storage.find_board(ld.guild.id, table.id)
    assert board is not None
    club = await storage.club(ld.guild.id)
    return (entry.void, await storage.verdicts(ld.guild.id, rid), board.state,
            club.director_role_id, club.log_channel_id,
            len(await storage.board_events(ld.guild.id, board.id)))


def assert_refused(result: Any, where: str) -> None:
    assert not result.exceptions, f"{where}: {result.exceptions!r}"
    assert result.response is not None, f"{where}: no answer"
    assert result.ephemeral, f"{where}: the refusal is public: {result.text[:200]!r}"
    assert not result.channel_messages, f"{where}: posted {result.channel_messages!r}"
    assert all(m.ephemeral for m in result.messages), f"{where}: a public message"
    assert not result.files, f"{where}: sent a file"


def test_the_list_covers_the_tree() -> None:
    """Every command the tree describes as for directors is in DIRECTOR_ONLY, and every entry
    of DIRECTOR_ONLY still exists."""
    import asyncio

    from tdbot.client import TDBot

    async def names() -> dict[str, tuple[str, bool]]:
        bot = TDBot(extensions=EXTENSIONS)
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        return {
            c.qualified_name: (
                c.description,
                bool(c.default_permissions or (c.parent and c.parent.default_permissions)),
            )
            for c in bot.tree.walk_commands()
            if isinstance(c, app_commands.Command)
        }

    found = asyncio.run(names())
    for name in DIRECTOR_ONLY:
        assert name in found, f"/{name} is gone: update DIRECTOR_ONLY"
    for name, (description, restricted) in found.items():
        if description.lower().startswith("directors") or restricted:
            assert name in DIRECTOR_ONLY, f"/{name} ({description!r}) is not tested here"


@pytest.mark.parametrize("command", sorted(DIRECTOR_ONLY))
async def test_an_ordinary_member_is_refused(ld, scene, storage, command) -> None:
    before = await snapshot(storage, ld, scene["rid"])
    for who in ("Declarer", "LHO", "Bystander"):
        options = DIRECTOR_ONLY[command](ld.guild, scene["rid"])
        result = await ld.slash(command, options, user=ld.member(who))
        assert_refused(result, f"/{command} by {who}")
    assert await snapshot(storage, ld, scene["rid"]) == before


@pytest.mark.parametrize("command", sorted(DIRECTOR_ONLY))
async def test_an_ordinary_member_of_another_guild_is_refused(ld, scene, storage, command) -> None:
    other: Guild = scene["other"]
    before = await snapshot(storage, ld, scene["rid"])
    options = DIRECTOR_ONLY[command](other, scene["rid"])
    result = await ld.slash(command, options, user=scene["stranger"])
    assert_refused(result, f"/{command} by another guild's member")
    assert await snapshot(storage, ld, scene["rid"]) == before


@pytest.mark.parametrize("command", TARGETS_OUR_RULING)
async def test_another_guilds_director_cannot_touch_our_rulings(
    ld, scene, storage, command
) -> None:
    other: Guild = scene["other"]
    before = await snapshot(storage, ld, scene["rid"])
    options = DIRECTOR_ONLY[command](other, scene["rid"])
    for who in (scene["neighbour"], other.member("Director")):
        result = await ld.slash(command, options, user=who)
        assert_refused(result, f"/{command} by {who.name} in another guild")
    assert await snapshot(storage, ld, scene["rid"]) == before


async def test_another_guilds_admin_deletes_only_his_own_club(ld, scene, storage) -> None:
    other: Guild = scene["other"]
    before = await snapshot(storage, ld, scene["rid"])
    ours = await ld.slash("club-data delete", {"confirm": ld.guild.name}, user=scene["neighbour"])
    assert_refused(ours, "club-data delete with our name, in another guild")
    theirs = await ld.slash("club-data delete", {"confirm": other.name}, user=scene["neighbour"])
    assert theirs.ephemeral and "Deleted" in theirs.text, theirs.text
    assert await snapshot(storage, ld, scene["rid"]) == before


async def test_another_guilds_director_exports_and_lists_nothing_of_ours(
    ld, scene, storage
) -> None:
    director = scene["neighbour"]
    export = await ld.slash("log export", {"format": "csv"}, user=director)
    for f in export.files:
        rows = f.data.decode("utf-8").strip().splitlines()
        assert len(rows) <= 1, f"another guild's export has rows: {rows[:3]}"
    stats = await ld.slash("log stats", {}, user=director)
    assert "0 rulings" in stats.text, stats.text
    calls = await ld.slash("calls", {}, user=director)
    assert "No open calls" in calls.text


# ------------------------------------------------------------------------------------ buttons


async def test_take_it_is_refused_to_players_and_to_another_guild(ld, scene, storage) -> None:
    call = await ld.press(scene["ruling"].message, "Call the director", user="LHO")
    [post] = call.channel_messages
    call_id = (await storage.open_calls(ld.guild.id))[0].id
    for who in (ld.member("Declarer"), ld.member("Bystander"), scene["neighbour"],
                scene["stranger"], scene["other"].member("Director")):
        result = await ld.press(post, "Take it", user=who)
        assert_refused(result, f"Take it by {who.name} of {who.guild.name}")
        assert not result.edits
    assert (await storage.director_call(ld.guild.id, call_id)).claimed_by is None
    taken = await ld.press(post, "Take it", user=ld.director)
    assert not taken.ephemeral and taken.edits


async def test_call_button_from_another_guild_finds_nothing(ld, scene, storage) -> None:
    result = await ld.press(scene["ruling"].message, "Call the director",
                            user=scene["stranger"])
    assert_refused(result, "Call the director from another guild")
    assert await storage.open_calls(ld.guild.id) == ()


async def test_a_choice_is_refused_to_everyone_but_the_chooser(ld, scene, storage) -> None:
    """After West's penalty card East is to lead: declarer's options are buttons; only the
    declarer (or a director) may press them."""
    lead = await ld.run("/lead seat:E", user="RHO")
    choices = [b for b in lead.message.buttons if b["custom_id"].startswith("tdbot:choice")]
    assert choices, lead.text
    before = await snapshot(storage, ld, scene["rid"])
    for who in (ld.member("LHO"), ld.member("RHO"), ld.member("Dummy"), ld.member("Bystander"),
                scene["neighbour"], scene["stranger"], scene["other"].member("Director")):
        result = await ld.press(lead.message, choices[0]["custom_id"], user=who)
        assert_refused(result, f"choice by {who.name} of {who.guild.name}")
        assert not result.edits
    assert await snapshot(storage, ld, scene["rid"]) == before
    chosen = await ld.press(lead.message, choices[0]["custom_id"], user="Declarer")
    assert chosen.edits and "Chosen by" in chosen.edits[0].text


async def test_log_pages_belong_to_whoever_searched(ld, scene, storage) -> None:
    for board in range(2, 8):
        await exposure(storage, ld, table=2, board=board)
    result = await ld.slash("log search", {"kind": "exposure"}, user="Director")
    [page] = result.messages
    assert "Page 1 of 2" in page.text
    for who in (ld.member("Dummy"), scene["stranger"], scene["neighbour"]):
        refused = await ld.press(page, "Next", user=who)
        assert_refused(refused, f"Next by {who.name} of {who.guild.name}")
        assert not refused.edits
    nxt = await ld.press(page, "Next", user="Director")
    assert "Page 2 of 2" in nxt.edits[0].text
