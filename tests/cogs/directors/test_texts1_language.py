"""The directors' cogs' own texts in the reader's language (issue 29, group texts1), through
the real command tree: director calls, "Take it" and /calls, /setup's desk lines, the verdicts'
refusals, /log, /help and /law, the option refusals and "(continued)".

The expected French, Dutch and German are read from the shipped catalogs (a text without its
translation fails here)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from core.editions import edition_title
from core.lawbook import law_summary
from core.text import fill
from tdbot import messages
from tdbot.answers import tree_text
from tdbot.messages import say
from tdbot.pages import line_embeds
from tdbot.translator import catalog_path
from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")

def tr(language: str, text: str, **values: Any) -> str:
    """``text`` in ``language`` as the shipped catalog says it, its fields filled."""
    catalog = messages.read_catalog(catalog_path(language, messages.DOMAIN))
    template = catalog[("", text)]
    return fill(template, messages.core_translate(language), values)


async def setup_language(ld, language: str) -> None:
    result = await ld.run(
        f"/setup director_role:@Director log_channel:#td-log language:{language}",
        user="Director",
    )
    assert result.ephemeral, result.text


async def test_a_call_in_a_french_club_by_a_dutch_player(ld, bot, storage):
    """The caller's answer is in his language (Dutch); the post in the log channel, its
    "Take it" button and the line telling the caller a director is coming are the club's
    (French); /calls is in the French director's language."""
    await setup_language(ld, "fr")
    await exposure(storage, ld, table=2, board=7)
    ld.member("LHO").user.locale = "nl"
    called = await ld.slash("director", {"table": 2}, user="LHO")
    assert called.ephemeral
    assert called.content == tr("nl", "The director has been called (call #{id}, {where}).",
                             id=1, where="tafel 2, spel 7")
    [post] = called.channel_messages
    assert tr("fr", "Director call #{id}: {where}", id=1, where="table 2, board 7") in post.text
    assert [b["label"] for b in post.buttons] == [tr("fr", "Take it")]
    ld.member("Director").user.locale = "fr"
    listed = await ld.slash("calls", user="Director")
    assert listed.ephemeral
    assert listed.embed["title"] == tr("fr", "Open director calls ({count})", count=1)
    assert listed.embed["footer"]["text"] == tr(
        "fr", 'Take one with its "{button}" button in the log channel.',
        button=tr("fr", "Take it"))
    taken = await ld.press(post, tr("fr", "Take it"), user="Director")
    [edited] = taken.edits
    assert edited.text.startswith(tr("fr", "Director call #{id}: {where}, taken by {name}.",
                                     id=1, where="table 2, board 7", name="Director"))
    assert [b["label"] for b in edited.buttons] == [tr("fr", "Taken by {name}", name="Director")]
    ld.member("Second TD", roles=["Director"]).user.locale = "de"
    again = await ld.press(post, edited.buttons[0]["custom_id"], user="Second TD")
    assert again.ephemeral and again.content.startswith("Ruf Nr. 1 wurde bereits ")  # … by whom


async def test_a_call_without_a_log_channel_answers_in_the_callers_language(ld, bot, storage):
    await exposure(storage, ld)
    ld.member("LHO").user.locale = "de"
    result = await ld.slash("director", {"table": 1}, user="LHO")
    assert result.ephemeral
    assert result.content == tr("de", NO_LOG, id=1)


NO_LOG = ("No log channel is set up, so no director was pinged: ask an admin to run "
          "/{cmd[setup]}. Your call (#{id}) is recorded and directors see it in /{cmd[calls]}.")


async def test_setup_says_the_desk_in_the_admins_language(ld, bot):
    """/setup's desk lines (deputy role, authority, appeals, Laws, no peeking) in German."""
    ld.member("Director").user.locale = "de"
    result = await ld.run("/setup director_role:@Director log_channel:#td-log no_peeking:true",
                          user="Director")
    assert result.ephemeral
    lines = result.content.split("\n")
    assert lines[0] == "Gespeichert."
    assert tr("de", "Deputy role: none") in lines
    assert tr("de", "Laws: {edition}", edition=say("de", edition_title("2017"))) in lines
    assert tr("de", "No peeking: on (a member sees nothing of a board he has not played until "
                    "the session ends)") in lines
    assert any(line.startswith("Regelgebende Stelle: ") for line in lines)
    assert any(line.startswith("Einsprüche: ") for line in lines)


async def test_a_verdicts_refusal_reaches_a_french_director_in_french(ld, bot, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    ld.member("Director").user.locale = "fr"
    result = await ld.slash("ruling amend", {"id": recorded.id, "text": "x",
                                             "board_played": False}, user="Director")
    assert result.ephemeral
    assert result.content == tr("fr", "Give the adjusted score for director error (82C).")
    ld.member("Director").user.locale = "nl"
    late = await ld.slash("ruling adjust", {"id": recorded.id, "score": " "}, user="Director")
    assert late.content == tr("nl", "Give the adjusted score.")


async def test_log_search_and_stats_in_dutch(ld, bot, storage):
    await set_up(ld)
    await exposure(storage, ld)
    ld.member("Director").user.locale = "nl"
    found = await ld.slash("log search", user="Director")
    assert found.ephemeral
    embed = found.embed
    assert embed["title"] == tr("nl", "Ruling log: 1 result")
    assert embed["footer"]["text"] == tr("nl", "Page {number} of {pages} · newest first",
                                         number=1, pages=1)
    assert " · tafel 1, spel 1" in embed["fields"][0]["name"]
    labels = [b["label"] for b in found.message.buttons]
    assert labels == [tr("nl", "Previous"), tr("nl", "Next")]
    stats = await ld.slash("log stats", user="Director")
    names = [f["name"] for f in stats.embed["fields"]]
    assert stats.embed["title"] == tr("nl", "Ruling log: figures")
    assert names == [tr("nl", "Per law"), tr("nl", "Per month"), tr("nl", "Confirmation rate")]
    assert stats.embed["fields"][2]["value"] == tr("nl", "no ruling reviewed yet")
    bad = await ld.slash("log search", {"from": "yesterday"}, user="Director")
    assert bad.content == tr("nl", "The from date must look like 2025-03-31.")


async def test_help_and_law_in_french(ld, bot):
    ld.member("Declarer").user.locale = "fr"
    helped = await ld.slash("help", user="Declarer")
    assert helped.ephemeral
    embed = helped.embed
    assert embed["title"] == tr("fr", "Something went wrong at the table?")
    names = [f["name"] for f in embed["fields"]]
    more = tr("fr", "{title} (more)", title=tr("fr", "What happened?"))
    names = [n for n in names if n != more]  # a list past 1024 characters goes on (/help)
    assert names[:3] == [tr("fr", "What happened?"), tr("fr", "The evening"),
                         tr("fr", "Players' commands")]
    law = await ld.slash("law", {"number": "50"}, user="Declarer")
    found = law_summary(50)
    assert law.embed["title"] == tr("fr", "Law {number}: {title}", number=50,
                                    title=say("fr", found.title))
    assert law.embed["description"] == say("fr", found.summary)
    assert [f["name"] for f in law.embed["fields"]] == [tr("fr", "Edition"),
                                                        tr("fr", "Official text")]


async def test_an_option_out_of_bounds_is_refused_in_the_readers_language(ld, bot, storage):
    """A crafted request past an option's bounds: refused before the command, in German, the
    option named as his Discord shows it."""
    await set_up(ld)
    ld.member("LHO").user.locale = "de"
    result = await ld.slash("director", {"table": 1, "note": "x" * 501}, user="LHO",
                            strict=False)
    assert result.ephemeral
    assert result.content == tr("de", "The {name} is too long ({size} characters; at most {most}).",
                             name=tree_text("de", "name", "note"), size=501, most=500)
    assert "notiz" in result.content  # the option as his Discord names it


def test_continued_in_the_readers_language():
    embeds = line_embeds("Appels", ["x" * 3000, "y" * 3000], locale=discord.Locale.french)
    assert [e.title for e in embeds] == ["Appels", tr("fr", "{title} (continued)",
                                                      title="Appels")]
