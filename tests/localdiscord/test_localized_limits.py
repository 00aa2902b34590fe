"""The stand-in refuses localised command names and descriptions Discord would refuse (issue 29):
each locale's name obeys the name rule, descriptions and choice names keep their lengths."""

from __future__ import annotations

import aiohttp
import discord
import pytest
from discord import app_commands

from localdiscord import API_PREFIX, limits


def _command(**where: dict[str, object]) -> dict[str, object]:
    """A valid command whose command, option or choice gets the extra fields in ``where``."""
    choice: dict[str, object] = {"name": "Spades", "value": "S", **where.get("choice", {})}
    option: dict[str, object] = {
        "type": 3,
        "name": "suit",
        "description": "The suit",
        "choices": [choice],
        **where.get("option", {}),
    }
    other: dict[str, object] = {"type": 4, "name": "trick", "description": "Which trick"}
    other.update(where.get("other", {}))
    return {
        "type": 1,
        "name": "lead",
        "description": "Who is on lead",
        "options": [option, other],
        **where.get("command", {}),
    }


async def _put(ld, body) -> tuple[int, dict]:
    url = f"{ld.url}{API_PREFIX}/applications/{ld.application_id}/commands"
    async with aiohttp.ClientSession() as http, http.put(url, json=body) as response:
        return response.status, await response.json()


async def test_a_command_localised_within_discord_limits_is_accepted(ld):
    """Accented and non-Latin letters are letters: lower-case names in any script pass."""
    body = [
        _command(
            command={
                "name_localizations": {"fr": "entame", "de": "ausspiel", "hi": "लीड", "th": "นำ"},
                "description_localizations": {"fr": "Qui a la main", "de": "Wer spielt aus"},
            },
            option={"name_localizations": {"fr": "couleur", "de": "farbe", "nl": "kleur"}},
            choice={"name_localizations": {"fr": "Pique", "de": "Pik", "nl": "Schoppen"}},
            other={"name_localizations": {"fr": "levée", "de": "stich", "ru": "взятка"}},
        )
    ]
    status, answer = await _put(ld, body)
    assert status == 200, answer
    assert answer[0]["name_localizations"]["fr"] == "entame"


@pytest.mark.parametrize(
    ("where", "path"),
    [
        ({"command": {"name_localizations": {"fr": "Entame"}}}, ("name_localizations", "fr")),
        ({"command": {"name_localizations": {"de": "aus spiel"}}}, ("name_localizations", "de")),
        ({"command": {"name_localizations": {"nl": "mag'ik"}}}, ("name_localizations", "nl")),
        ({"command": {"name_localizations": {"fr": "é" * 33}}}, ("name_localizations", "fr")),
        ({"command": {"name_localizations": {"fr": ""}}}, ("name_localizations", "fr")),
        ({"command": {"name_localizations": {"xx": "entame"}}}, ("name_localizations", "xx")),
        (
            {"command": {"description_localizations": {"fr": "d" * 101}}},
            ("description_localizations", "fr"),
        ),
        (
            {"command": {"description_localizations": {"de": ""}}},
            ("description_localizations", "de"),
        ),
        (
            {"option": {"name_localizations": {"fr": "Couleur"}}},
            ("options", "0", "name_localizations", "fr"),
        ),
        (
            {"option": {"description_localizations": {"nl": "d" * 101}}},
            ("options", "0", "description_localizations", "nl"),
        ),
        (
            {"choice": {"name_localizations": {"de": "p" * 101}}},
            ("options", "0", "choices", "0", "name_localizations", "de"),
        ),
        (
            {
                "option": {"name_localizations": {"fr": "levée"}},
                "other": {"name_localizations": {"fr": "levée"}},
            },
            ("options", "1", "name_localizations", "fr"),
        ),
    ],
)
async def test_localisations_discord_refuses_are_refused_with_their_path(ld, where, path):
    """An upper-case, spaced, apostrophed, too long or empty localised name, an unknown locale,
    a description or choice name over 100 characters, two options with one localised name:
    400, 50035, with the path of the offending field, and nothing is synced."""
    status, answer = await _put(ld, [_command(**where)])
    assert status == 400 and answer["code"] == 50035
    node = answer["errors"]["0"]
    for key in path:
        node = node[key]
    assert node["_errors"]
    assert ld.synced_commands.get(None, []) == []


def test_a_choice_name_may_hold_spaces_and_capitals_in_every_locale():
    """Choice names are display text, not names: only their length counts."""
    body = [_command(choice={"name_localizations": {"fr": "Entame initiale hors tour"}})]
    assert limits.check_commands(body) == {}


def test_only_the_longest_version_of_a_localised_field_counts_towards_4000_characters():
    """A long translation can push a command over 4,000 characters; several short ones do not."""
    options = [
        {"type": 3, "name": f"o{i}", "description": "d" * 40, "required": False}
        for i in range(25)
    ]
    short = {"type": 1, "name": "big", "description": "d", "options": options}
    many = {loc: "t" * 40 for loc in ("fr", "de", "nl", "es-ES", "it")}
    for option in options:
        option["description_localizations"] = dict(many)
    assert limits.check_commands([short]) == {}
    for option in options:
        option["description_localizations"] = {"fr": "t" * 100, "de": "t" * 100}
        option["choices"] = [{"name": "c" * 60, "value": "v"}]
    assert "_errors" in limits.check_commands([short])["0"]


async def test_a_translator_giving_an_upper_case_name_makes_the_sync_fail(ld, bot):
    """Through discord.py: the tree's sync with a bad translation is refused as Discord would."""

    class Shouting(app_commands.Translator):
        async def translate(self, string, locale, context):
            if context.location is app_commands.TranslationContextLocation.command_name:
                return string.message.upper() if locale is discord.Locale.french else None
            return None

    await bot.tree.set_translator(Shouting())
    with pytest.raises(discord.HTTPException) as refused:
        await bot.tree.sync()
    assert refused.value.status == 400 and refused.value.code == 50035
