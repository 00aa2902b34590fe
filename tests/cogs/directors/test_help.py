"""/help and /law through the real command tree."""

from __future__ import annotations

import pytest

from core.text import fill
from tdbot.messages import core_translate

pytestmark = pytest.mark.usefixtures("bot")


async def test_help_says_what_to_do_and_lists_the_live_commands(ld, bot):
    """/help: call the director, don't touch the cards, then every command of the tree."""
    result = await ld.slash("help")
    assert result.ephemeral
    text = result.text
    assert "call the director" in text.lower() and "touch the cards" in text.lower()
    for name in ("/help", "/law", "/setup", "/director", "/calls", "/ruling confirm", "/ping"):
        assert f"`{name}`" in text, name
    listed = {c.qualified_name for c in bot.tree.walk_commands() if not hasattr(c, "commands")}
    assert all(f"`/{name}`" in text for name in listed)


async def test_law_known(ld):
    """/law 50: the summary and the link to the official text."""
    result = await ld.slash("law", {"number": "50D2"})
    assert result.ephemeral
    embed = result.embed
    assert embed["title"].startswith("Law 50:")
    assert embed["url"].startswith("https://")


@pytest.mark.parametrize("number", ["94", "abc", "2"])
async def test_law_unknown(ld, number):
    """An unknown or unsummarised law gets a short ephemeral message."""
    result = await ld.slash("law", {"number": number})
    assert result.ephemeral and not result.embeds
    assert "law" in result.text.lower()


async def test_law_autocomplete(ld):
    """Typing 5 suggests the laws starting with 5; at most 25 choices."""
    result = await ld.autocomplete("law", "number", {"number": "5"})
    values = [c["value"] for c in result.choices]
    assert values and all(v.startswith("5") for v in values)
    everything = await ld.autocomplete("law", "number")
    assert 0 < len(everything.choices) <= 25


async def test_help_starts_from_what_happened_and_lists_directors_apart(ld, bot):
    """/help: each situation names its one command; directors' commands are a list apart."""
    result = await ld.slash("help")
    embed = result.embed
    # a list past 1024 characters goes on in fields of the same name ("… (more)"): keep each
    fields = [(f["name"], f["value"]) for f in embed["fields"]]
    happened = "\n".join(v for k, v in fields if k.startswith("What happened?"))
    for situation, command in (
        ("A card was dropped or shown", "/exposed"),
        ("Someone led out of turn", "/lead-out-of-turn"),
        ("A revoke", "/revoke"),
        ("A bid that is too low", "/insufficient-bid"),
        ("Someone called out of turn", "/out-of-rotation"),
        ("Must I", "/mustplay"),
        ("Dummy's card called unclearly", "/dummy-call"),  # Law 46
        ("Two or more cards came out of one hand at once", "/simultaneous cards"),  # Law 58B
        ("Two players played at the same moment", "/simultaneous plays"),  # Law 58A
    ):
        line = next(x for x in happened.splitlines() if situation in x)
        assert command in line, line
    players = "\n".join(v for k, v in fields if k.startswith("Players'"))
    directors = "\n".join(v for k, v in fields if k.startswith("Directors'"))
    for name in ("/session start", "/session end", "/table channel", "/calls", "/ruling void",
                 "/setup", "/log export"):
        assert f"`{name}`" in directors and f"`{name}`" not in players, name
    for name in ("/exposed", "/sit", "/board set", "/state", "/help"):
        assert f"`{name}`" in players and f"`{name}`" not in directors, name
    assert sum(len(str(v)) for _, v in fields) + len(embed["description"]) < 6000


@pytest.mark.parametrize("locale", ["en-US", "fr", "nl", "de"])
async def test_help_is_never_cut_off_in_any_language(ld, bot, locale):
    """Discord takes 1024 characters a field and 6000 a message: a longer list goes on in a
    further field, and in a further message, instead of losing lines or failing (the German
    /help failed once 45E and 67 had their commands); the defective trick and the fifth card
    are there, and every command of the tree."""
    ld.member("Reader").user.locale = locale
    result = await ld.slash("help", user="Reader")
    messages = [result.message, *result.followups]
    assert all(m.embeds for m in messages), result.text
    fields = [f for m in messages for f in m.embed["fields"]]
    assert all(len(f["value"]) <= 1024 for f in fields)
    text = "\n".join(f["value"] for f in fields)
    for command in ("`/{cmd[fifth-card]} {opt[card]} [{opt[seat]}]`",
                    "`/{cmd[defective-trick]} {opt[defect]} [{opt[seat]}] [{opt[late]}]`",
                    "`/{cmd[state]}`", "`/{cmd[defective-trick]}`", "`/{cmd[fifth-card]}`"):
        named = fill(command, core_translate(locale), {})  # as the reader's Discord names them
        assert named in text, (locale, named)
    listed = {c.qualified_name for c in bot.tree.walk_commands() if not hasattr(c, "commands")}
    assert all(fill(f"`/{{cmd[{name}]}}`", core_translate(locale), {}) in text for name in listed)
