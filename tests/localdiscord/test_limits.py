"""The stand-in refuses what Discord refuses (localdiscord/limits.py); the bot stays within it."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest
from discord import app_commands

from localdiscord import API_PREFIX, limits
from tdbot.answers import UNEXPECTED_ERROR
from tdbot.client import EXTENSIONS


def _walk(tree_commands):
    for command in tree_commands:
        yield command
        yield from _walk(getattr(command, "commands", ()))


async def test_the_full_command_tree_syncs_and_the_stand_in_accepts_it(ld, start_bot):
    """Every command of every cog is published globally and to the development guild, and the
    stand-in, as strict as Discord, accepts the whole list."""
    bot = await start_bot(extensions=EXTENSIONS, sync_global=True, dev_guild_id=ld.guild.id)
    syncs = [r for r in ld.requests if r.kind == "sync"]
    assert len(syncs) == 2
    assert all(r.status == 200 for r in syncs), [r.answer for r in syncs]
    assert limits.check_commands(syncs[0].json) == {}
    names = {c["name"] for c in ld.synced_commands[None]}
    assert names == {c.name for c in bot.tree.get_commands()}
    assert {c["name"] for c in ld.synced_commands[ld.guild.id]} == names
    assert {"ruling", "director", "exposed", "log", "setup"} <= names


async def test_an_integer_bound_past_2_53_is_refused_with_the_field_path(ld, bot):
    """The bug that kept the bot from publishing: max_value 2^63 - 1 is a 400 with code 50035."""

    @bot.tree.command(description="Too wide a bound.")
    async def wide(interaction: discord.Interaction, id: app_commands.Range[int, 1, 2**63 - 1]):
        await interaction.response.send_message("never")

    with pytest.raises(discord.HTTPException) as refused:
        await bot.tree.sync()
    assert refused.value.status == 400 and refused.value.code == 50035
    [sync] = [r for r in ld.requests if r.kind == "sync"]
    index = [c["name"] for c in sync.json].index("wide")
    error = sync.answer["errors"][str(index)]["options"]["0"]["max_value"]["_errors"][0]
    assert error["code"] == "NUMBER_TYPE_MAX"


def _command(**changes):
    option = {"type": 4, "name": "id", "description": "An id", "required": True}
    command = {"type": 1, "name": "ruling", "description": "Rulings", "options": [option]}
    for key, value in changes.items():
        target, _, field = key.partition("__")
        (option if target == "option" else command)[field] = value
    return command


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"command__name": "Ruling"}, ("0", "name")),
        ({"command__name": "x" * 33}, ("0", "name")),
        ({"command__name": "a b"}, ("0", "name")),
        ({"command__description": ""}, ("0", "description")),
        ({"command__description": "d" * 101}, ("0", "description")),
        ({"option__name": "Id"}, ("0", "options", "0", "name")),
        ({"option__description": "d" * 101}, ("0", "options", "0", "description")),
        ({"option__max_value": 2**53}, ("0", "options", "0", "max_value")),
        ({"option__min_value": -(2**53)}, ("0", "options", "0", "min_value")),
        (
            {"option__choices": [{"name": "n" * 101, "value": 1}]},
            ("0", "options", "0", "choices", "0", "name"),
        ),
        (
            {"option__choices": [{"name": str(i), "value": i} for i in range(26)]},
            ("0", "options", "0", "choices"),
        ),
        (
            {
                "command__options": [
                    {"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)
                ]
            },
            ("0", "options"),
        ),
        (
            {
                "command__options": [
                    {"type": 3, "name": "a", "description": "d"},
                    {"type": 3, "name": "b", "description": "d", "required": True},
                ]
            },
            ("0", "options", "1", "required"),
        ),
        ({"command__options": "over 4,000 characters"}, ("0",)),
    ],
)
async def test_command_registration_limits(ld, changes, path):
    """Names, descriptions, options, choices, bounds and size over Discord's limits: 400, 50035,
    with the offending field's path."""
    body = [_command(**changes)]
    if path == ("0",):  # 25 options of 100 characters and a description: over 4,000 in all
        body[0]["options"] = [
            {"type": 3, "name": f"o{i}", "description": "d" * 100, "choices": []}
            for i in range(25)
        ]
        body[0]["options"][0]["choices"] = [{"name": "c" * 100, "value": "v" * 100}] * 25
    url = f"{ld.url}{API_PREFIX}/applications/{ld.application_id}/commands"
    async with aiohttp.ClientSession() as http, http.put(url, json=body) as response:
        assert response.status == 400
        answer = await response.json()
    assert answer["code"] == 50035 and answer["message"] == "Invalid Form Body"
    node = answer["errors"]
    for key in path:
        node = node[key]
    assert node["_errors"]
    url_ok = f"{ld.url}{API_PREFIX}/applications/{ld.application_id}/commands"
    async with aiohttp.ClientSession() as http, http.put(url_ok, json=[_command()]) as response:
        assert response.status == 200


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"content": "x" * 2001}, ("content",)),
        ({"embeds": [{"title": "t"}] * 11}, ("embeds",)),
        ({"embeds": [{"title": "t" * 257}]}, ("embeds", "0", "title")),
        ({"embeds": [{"description": "d" * 4097}]}, ("embeds", "0", "description")),
        (
            {"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]},
            ("embeds", "0", "fields"),
        ),
        (
            {"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]},
            ("embeds", "0", "fields", "0", "name"),
        ),
        (
            {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
            ("embeds", "0", "fields", "0", "value"),
        ),
        ({"embeds": [{"footer": {"text": "f" * 2049}}]}, ("embeds", "0", "footer", "text")),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, ("embeds",)),
        (
            {"components": [{"type": 1, "components": []}] * 6},
            ("components",),
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"}
                            for i in range(6)
                        ],
                    }
                ]
            },
            ("components", "0", "components"),
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b" * 81, "custom_id": "b"}
                        ],
                    }
                ]
            },
            ("components", "0", "components", "0", "label"),
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": "c" * 101}
                        ],
                    }
                ]
            },
            ("components", "0", "components", "0", "custom_id"),
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
                            {"type": 2, "style": 1, "label": "b", "custom_id": "same"},
                        ],
                    }
                ]
            },
            ("components", "0", "components", "1", "custom_id"),
        ),
    ],
)
async def test_message_limits(ld, body, path):
    """A channel message over a content, embed or component limit: 400, 50035, field path."""
    channel = ld.guild.channels[0]
    url = f"{ld.url}{API_PREFIX}/channels/{channel.id}/messages"
    async with aiohttp.ClientSession() as http, http.post(url, json=body) as response:
        assert response.status == 400
        answer = await response.json()
    assert answer["code"] == 50035
    node = answer["errors"]
    for key in path:
        node = node[key]
    assert node["_errors"]
    assert ld.channel_messages(channel) == []


async def test_an_empty_message_is_refused(ld):
    """No content, embed, component or file: 50006."""
    url = f"{ld.url}{API_PREFIX}/channels/{ld.guild.channels[0].id}/messages"
    async with aiohttp.ClientSession() as http, http.post(url, json={"content": ""}) as response:
        assert response.status == 400
        assert (await response.json())["code"] == 50006


async def test_a_response_over_the_limit_is_refused_under_data(ld, probe):
    """An interaction response of 2,001 characters is refused (errors under data.content); the
    error policy's own answer still gets through."""
    result = await ld.slash("echo", {"text": "x" * 2001})
    first = result.requests[0]
    assert first.status == 400 and first.answer["code"] == 50035
    assert first.answer["errors"]["data"]["content"]["_errors"]
    assert result.content == UNEXPECTED_ERROR


async def test_autocomplete_choices_over_the_limit_are_refused(ld, bot):
    """26 suggestions, or one of 101 characters, are refused as Discord refuses them."""

    @bot.tree.command(description="Suggest too much.")
    async def greedy(interaction: discord.Interaction, what: str):
        await interaction.response.send_message(what)

    @greedy.autocomplete("what")
    async def suggest(interaction: discord.Interaction, current: str):
        if current == "many":
            return [app_commands.Choice(name=str(i), value=str(i)) for i in range(26)]
        return [app_commands.Choice(name="n" * 101, value="v")]

    for typed, path in (("many", ()), ("long", ("0", "name"))):
        result = await ld.autocomplete("greedy", "what", {"what": typed})
        [request] = result.requests
        assert request.status == 400 and request.answer["code"] == 50035
        node = request.answer["errors"]["data"]["choices"]
        for key in path:
            node = node[key]
        assert node["_errors"]


async def test_a_followup_before_any_response_is_unknown_webhook(ld, bot):
    """A followup on an interaction nobody answered yet: 404, 10015."""

    @bot.tree.command(description="Follow up first.")
    async def hasty(interaction: discord.Interaction):
        try:
            await interaction.followup.send("too early")
        except discord.NotFound:
            await interaction.response.send_message("refused", ephemeral=True)

    result = await ld.slash("hasty")
    assert [r.kind for r in result.requests] == ["followup", "callback"]
    assert result.requests[0].status == 404 and result.requests[0].answer["code"] == 10015
    assert result.content == "refused"


async def test_a_first_response_after_three_seconds_is_unknown_interaction(ld, bot, caplog):
    """Discord forgets an interaction not answered within 3 seconds (10062); the bot logs it
    as expired, not as a crash."""
    ld.response_window = 0.05

    @bot.tree.command(description="Too slow.")
    async def slow(interaction: discord.Interaction):
        await asyncio.sleep(0.2)
        await interaction.response.send_message("late")

    result = await ld.slash("slow")
    assert result.response is None
    assert [r.answer["code"] for r in result.requests] == [10062]
    assert "expired before it was answered" in caplog.text
    assert "Unexpected error" not in caplog.text


async def test_a_redelivered_interaction_cannot_be_answered_twice(ld, bot):
    """The same interaction delivered twice: the second answer is refused (40060)."""
    payload = ld.slash_payload("ping")
    first = await ld.dispatch(payload)
    second = await ld.dispatch(payload)
    assert first.content == "Pong."
    assert second.requests and {r.answer["code"] for r in second.requests} == {40060}
