"""Rulings in the reader's language (issue 29), through discord.py's real machinery: a public
ruling (at the table, in the log channel) is in the club's language (``/setup language:``,
English until set), an answer only the asker sees is in his Discord's, and the engine's refusals
made of :class:`core.text.Msg` reach him in his.

Core's sentences come from core's catalogs (``core*.po``), which the engineers converting core
write group by group; these tests give the few sentences they need a test-only catalog, and
assert on the embed's own words (field names, footer, buttons), which are the bot's."""

from __future__ import annotations

import pytest

from core.errors import RuleError
from core.seats import Seat
from core.text import Msg
from tdbot import messages

#: A test-only core catalog: (msgctxt, msgid) → text, per language.
TEST_CORE = {
    "fr": {("seat letter", "W"): "O", ("seat", "West"): "Ouest"},
    "de": {("", "{seat.full_name} has no such card"): "{seat.full_name} hat keine solche Karte",
           ("seat", "West"): "West"},
}


@pytest.fixture
def core_catalog(monkeypatch):
    """Core's catalogs as shipped, with the test's few sentences added."""
    shipped = messages.core_messages

    def with_test_entries(language: str) -> dict[tuple[str, str], str]:
        return {**shipped(language), **TEST_CORE.get(language, {})}

    monkeypatch.setattr(messages, "core_messages", with_test_entries)


async def setup_language(ld, language: str) -> None:
    result = await ld.run(
        f"/setup director_role:@Director log_channel:#td-log language:{language}",
        user="Director",
    )
    assert result.ephemeral, result.text
    return result


def field_names(message) -> list[str]:
    return [f["name"] for f in message.embed["fields"]]


async def test_setup_stores_the_clubs_language_and_says_it(ld, bot, storage):
    assert (await storage.club(ld.guild.id)).language == "en"  # English until set
    result = await setup_language(ld, "fr")
    assert "Language of public messages (rulings at the tables, the log channel): Français" in (
        result.text)  # the Director's own Discord is in English: the answer is his
    assert (await storage.club(ld.guild.id)).language == "fr"
    again = await ld.run("/setup director_role:@Director log_channel:#td-log", user="Director")
    assert "the log channel): Français" in again.text  # left out: kept
    ld.member("Director").user.locale = "de"
    back = await setup_language(ld, "en")
    assert back.text.startswith("Gespeichert.\n")  # in the Director's language now
    assert ("Sprache der öffentlichen Nachrichten (Entscheidungen an den Tischen, "
            "Protokollkanal): English") in back.text
    assert (await storage.club(ld.guild.id)).language == "en"


async def test_a_french_member_reports_an_exposed_card_in_a_french_club(
    ld, bot, board, core_catalog
):
    """The ruling at the table is public: in French when the club speaks French, whoever
    reports it; its buttons too. The log channel's line is French as well."""
    await setup_language(ld, "fr")
    ld.member("LHO").user.locale = "fr"
    result = await ld.run("/exposed cards:SK", user="LHO")
    message = result.message
    assert not message.ephemeral
    assert field_names(message)[0] == "Lois"
    assert field_names(message) == ["Lois", "Information", "Appréciation de l'arbitre"]
    assert message.embed["footer"]["text"].startswith("Décision #")
    assert message.embed["footer"]["text"].endswith(" · Table 1 · Board 1")
    labels = [b["label"] for b in message.buttons]
    assert labels[-1] == "Appeler l'arbitre"
    # the log channel, in the club's language
    [line] = [m for m in result.channel_messages if m.channel_id == ld.guild.channel("td-log").id]
    assert line.content.startswith("Décision #") and " · table 1 · board 1 dans <#" in (
        line.content)
    # W's partner is on lead: declarer's options, for him to choose, with their buttons
    ld.member("RHO").user.locale = "fr"
    lead = await ld.run("/lead seat:E", user="RHO")
    assert "Options (le déclarant choisit)" in field_names(lead.message)
    labels = [b["label"] for b in lead.message.buttons]
    assert len(labels) > 2 and labels[-1] == "Appeler l'arbitre"
    # Depends on the core catalogs (the penalty and leads groups' core-*.po): the summary and
    # the options' labels in French, e.g.
    #   assert "carte pénalisée" in message.embed["title"]


async def test_a_public_ruling_follows_the_club_not_the_reporter(ld, bot, board):
    """The club has not chosen a language: a French member's report is answered at the table
    in English; the answer only he sees (his hand) is in French."""
    ld.member("LHO").user.locale = "fr"
    result = await ld.run("/exposed cards:SK", user="LHO")
    assert field_names(result.message)[0] == "Laws"
    assert result.message.buttons[-1]["label"] == "Call the director"
    ld.member("RHO").user.locale = "fr"
    private = await ld.run("/mustplay seat:E hand:Q52.K84.J73.A96", user="RHO")
    assert private.ephemeral
    assert private.message.embed["footer"]["text"] == "Table 1 · Board 1"
    # a public /state: the club's language, then French once the club says so
    state = await ld.run("/state", user="RHO")
    assert state.message.embed["title"] == "Table 1, board 1"
    await setup_language(ld, "fr")
    state = await ld.run("/state", user="Declarer")
    assert state.message.embed["title"] == "Table 1, board 1"  # "Table" and "board" in French


async def test_an_engine_refusal_reaches_a_german_member_in_german(
    ld, bot, board, core_catalog, monkeypatch
):
    """A RuleError whose message is a Msg: the error policy renders it for the asker."""
    def refuse(state, seat):
        raise RuleError(Msg("{seat.full_name} has no such card", seat=Seat.W))

    monkeypatch.setattr(bot.extensions["cogs.followups"], "must_pass", refuse)
    ld.member("RHO").user.locale = "de"
    refused = await ld.run("/mustpass seat:W", user="RHO")
    assert refused.ephemeral and refused.text == "West hat keine solche Karte."
    ld.member("LHO").user.locale = "en-US"
    refused = await ld.run("/mustpass seat:W", user="LHO")
    assert refused.ephemeral and refused.text == "West has no such card."
