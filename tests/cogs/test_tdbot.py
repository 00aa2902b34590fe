"""TDBot: its cogs, syncing, mentions, and the one error policy, through the real command tree."""

from __future__ import annotations

import logging

import discord
import pytest
from discord import app_commands

from core.cards import CardError, parse_card
from core.errors import RuleError
from core.seats import SeatError
from tdbot.answers import OUTDATED_COMMAND, UNEXPECTED_ERROR, user_message
from tdbot.client import EXTENSIONS, TDBot

pytestmark = pytest.mark.usefixtures("probe")


async def test_every_extension_loads(ld, bot):
    """setup_hook loads every cog in EXTENSIONS; the tree then has their commands."""
    assert set(bot.extensions) == set(EXTENSIONS)
    assert bot.tree.get_command("ping") is not None


async def test_no_sync_unless_asked(ld, bot):
    """A plain start publishes nothing."""
    assert not [r for r in ld.requests if r.kind == "sync"]


async def test_dev_guild_is_synced_on_start(ld, start_bot):
    """With DEV_GUILD_ID the global commands are copied to that guild and synced there only."""
    await start_bot(dev_guild_id=ld.guild.id)
    [sync] = [r for r in ld.requests if r.kind == "sync"]
    assert sync.path == f"/applications/{ld.application_id}/guilds/{ld.guild.id}/commands"
    assert "ping" in {c["name"] for c in sync.json}


async def test_global_sync_only_with_the_flag(ld, start_bot):
    """sync_global (python bot.py --sync) publishes the commands globally."""
    await start_bot(sync_global=True)
    [sync] = [r for r in ld.requests if r.kind == "sync"]
    assert sync.path == f"/applications/{ld.application_id}/commands"


def test_defaults_ping_nobody_and_need_no_privileged_intent():
    """allowed_mentions defaults to none; intents are guilds only."""
    bot = TDBot()
    mentions = bot.allowed_mentions
    assert mentions is not None
    assert (mentions.everyone, mentions.users, mentions.roles) == (False, False, False)
    assert bot.intents.value == discord.Intents(guilds=True).value


# ---------------------------------------------------------------------------------- errors


async def test_a_command_discord_knows_but_the_bot_does_not(ld, bot):
    """An unknown command gets a short ephemeral answer."""
    result = await ld.slash("vanished", {"x": 1}, strict=False)
    assert result.ephemeral
    assert result.content == OUTDATED_COMMAND


async def test_unexpected_exception_is_logged_with_context_and_answered(ld, bot, caplog):
    """A crash in a command: a polite ephemeral answer, and log.exception with the context."""
    with caplog.at_level(logging.ERROR, logger="tdbot.answers"):
        result = await ld.slash("boom", user="Declarer")
    assert result.ephemeral
    assert result.content == UNEXPECTED_ERROR
    [record] = caplog.records
    assert record.exc_info[1].args == ("kaboom",)
    message = record.getMessage()
    assert "/boom" in message
    assert str(ld.guild.id) in message
    assert str(ld.member("Declarer").id) in message


async def test_error_after_defer_is_a_followup(ld, bot, caplog):
    """Once the interaction is answered, the error message is an ephemeral followup."""
    result = await ld.slash("late_boom")
    [followup] = result.followups
    assert followup.content == UNEXPECTED_ERROR
    assert followup.ephemeral
    assert "kaboom later" in caplog.text


async def test_engine_errors_are_shown_not_logged(ld, bot, caplog):
    """A USER_ERRORS exception is the user's message; nothing is logged as an error."""
    result = await ld.slash("impossible")
    assert (result.ephemeral, result.content) == (True, "There is no 1 of spades.")
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_value_the_transformer_refuses(ld, bot):
    """A transformer's CardError becomes the card parser's own message, said as a sentence
    like every other refusal (capital, full stop)."""
    with pytest.raises(CardError) as refused:
        parse_card("Z9")
    result = await ld.slash("card", {"card": "Z9"})
    assert (result.ephemeral, result.content) == (True, f"{refused.value}.")


async def test_a_transformers_own_bug_is_logged(ld, bot, caplog, monkeypatch):
    """A parser failing with an error that is not the user's (an IndexError, a bug): the user
    is told the value is not valid, and the bug is logged with its traceback (issue 25)."""
    import tests.cogs.conftest as harness

    def broken(value: str) -> None:
        raise IndexError("string index out of range")

    monkeypatch.setattr(harness, "parse_card", broken)
    with caplog.at_level(logging.ERROR, logger="tdbot.answers"):
        result = await ld.slash("card", {"card": "HA"})
    assert result.ephemeral and "'HA' is not a valid" in result.content
    [logged] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "could not be converted" in logged.getMessage() and "IndexError" in logged.getMessage()
    assert logged.exc_info is not None and logged.exc_info[0] is IndexError


async def test_missing_permission(ld, bot):
    """A manage-server command: refused for a player, allowed for the director."""
    refused = await ld.slash("manage", user="Declarer")
    assert refused.ephemeral
    assert "Manage Server" in refused.content
    allowed = await ld.slash("manage", user=ld.director)
    assert allowed.content == "Managed."


async def test_missing_role(ld, bot):
    """A role check reads the cached guild's roles: the director passes, a player does not."""
    assert (await ld.slash("directors", user="Director")).content == "Hello, director."
    refused = await ld.slash("directors", user="Dummy")
    assert refused.ephemeral
    assert refused.content == "You don't have the role this command needs."


async def test_a_cogs_own_check_failure_speaks_for_itself(ld, bot):
    """A CheckFailure subclass raised by a cog's check shows its text."""
    result = await ld.slash("never")
    assert (result.ephemeral, result.content) == (True, "Only a director may do that.")


async def test_expired_interaction_while_reporting_an_error(ld, bot, caplog):
    """If even the error message cannot be sent, it is logged and nothing escapes."""
    ld.inject("POST /interactions/*", status=404, times=None)
    result = await ld.slash("impossible")
    assert result.exceptions == []
    assert "Could not tell user" in caplog.text


class _Cooldown(app_commands.CommandOnCooldown):
    def __init__(self) -> None:
        super().__init__(app_commands.Cooldown(1, 10), 4.2)


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (CardError("No such card."), "No such card."),
        (SeatError("No such seat."), "No such seat."),
        (RuleError("Impossible."), "Impossible."),
        (ValueError("internal"), None),
        (RuntimeError("internal"), None),
        (app_commands.NoPrivateMessage(), "This command only works in a server."),
        (app_commands.MissingPermissions(["manage_guild"]), "You are missing Manage Server"),
        (app_commands.MissingRole("Director"), "You don't have the role"),
        (app_commands.CheckFailure("The check functions failed."), "You are not allowed"),
        (_Cooldown(), "Slow down: try again in 4 seconds."),
        (app_commands.CommandNotFound("x", []), OUTDATED_COMMAND),
    ],
)
def test_user_messages(error, expected):
    """Known errors map to a short message; anything else is unexpected (None)."""
    message = user_message(error)
    if expected is None:
        assert message is None
    else:
        assert message is not None and message.startswith(expected)


async def test_every_integer_bound_is_within_discords_range(ld, start_bot):
    """Discord refuses the whole command list when an integer bound exceeds ±(2^53−1)."""
    await start_bot(sync_global=True)
    [sync] = [r for r in ld.requests if r.kind == "sync"]
    limit = 2**53 - 1

    def options(items):
        for item in items:
            yield item
            yield from options(item.get("options", []))

    bounds = [
        (command["name"], option["name"], option.get(key))
        for command in sync.json
        for option in options(command.get("options", []))
        for key in ("min_value", "max_value")
        if option.get(key) is not None
    ]
    assert bounds, "the tree has bounded integer options"
    assert [b for b in bounds if abs(b[2]) > limit] == []
