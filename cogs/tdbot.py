"""The bot class, its command tree and the one error policy every command and view shares.

``bot.py`` builds a :class:`TDBot` from the settings; tests build one directly (with a storage
object and the extensions they need) and log it in against :mod:`cogs.localdiscord`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.errors import USER_ERRORS
from core.storage.errors import STORAGE_ERRORS

log = logging.getLogger(__name__)

#: The cogs the bot loads, in order. Add a cog here when it is written.
EXTENSIONS: tuple[str, ...] = (
    "cogs.meta",
    "cogs.table",
    "cogs.incidents",
    "cogs.followups",
    "cogs.directors",
    "cogs.desk",
    "cogs.log",
    "cogs.help",
    "cogs.retention",
)

UNEXPECTED_ERROR = (
    "Something went wrong on our side and it has been logged. "
    "Please try again, or call the director if it keeps happening."
)
OUTDATED_COMMAND = (
    "This command has changed since Discord last saw it. Try again in a minute, "
    "or ask the server's admin to restart the bot."
)


def user_message(error: BaseException) -> str | None:
    """The short message a user sees for ``error``, or ``None`` if the error is unexpected.

    Known errors: the engine's ``USER_ERRORS`` (their text is written for players), discord.py's
    check failures (missing permissions or roles, guild only, cooldown), a value a transformer could
    not convert, and commands Discord knows but this bot no longer has.
    """
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, USER_ERRORS + STORAGE_ERRORS):
        return _sentence(_inert(str(error)))
    if isinstance(error, app_commands.TransformerError):
        cause = error.__cause__
        if isinstance(cause, USER_ERRORS):
            return _inert(str(cause))
        return _inert(f"{str(error.value)[:40]!r} is not a valid {error.type.name}.")
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} seconds."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command only works in a server."
    if isinstance(error, app_commands.MissingPermissions | app_commands.BotMissingPermissions):
        return str(error)
    if isinstance(error, app_commands.MissingRole | app_commands.MissingAnyRole):
        return "You don't have the role this command needs."
    if type(error) is app_commands.CheckFailure:
        return "You are not allowed to use this command here."
    if isinstance(error, app_commands.CheckFailure):
        # A cog's own check raises a CheckFailure subclass whose text is written for the user.
        return str(error) or "You are not allowed to use this command here."
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return OUTDATED_COMMAND
    return None


async def respond(
    interaction: discord.Interaction[Any], content: str | None = None, **kwargs: Any
) -> None:
    """Answer ``interaction``: the first answer is its response, any later one a followup."""
    if content is not None:
        kwargs["content"] = content
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The error policy: a short ephemeral message; unexpected errors are logged with context.

    The tree uses it for every command; a view or modal calls it from its ``on_error``.
    """
    message = user_message(error)
    if message is None:
        original = getattr(error, "original", error)
        command = interaction.command.qualified_name if interaction.command else None
        log.exception(
            "Unexpected error in %s (interaction %s, guild %s, channel %s, user %s)",
            f"/{command}" if command else f"component {_custom_id(interaction)!r}",
            interaction.id,
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id if interaction.user else None,
            exc_info=original,
        )
        message = UNEXPECTED_ERROR
    if interaction.type is discord.InteractionType.autocomplete:
        return  # nothing can be shown while the user types
    try:
        await respond(interaction, message, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("Could not tell user %s about an error: %s", interaction.user.id, exc)


def _inert(text: str) -> str:
    """Engine messages quote what the user typed: never let that render as markdown or ping."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text, as_needed=True))


def _sentence(text: str) -> str:
    """An engine or storage message as a sentence: capital first letter, final stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _custom_id(interaction: discord.Interaction[Any]) -> str | None:
    data = interaction.data or {}
    return data.get("custom_id")  # type: ignore[return-value]


class TDTree(app_commands.CommandTree["TDBot"]):
    """The command tree; every command error goes through :func:`report_error`."""

    async def on_error(
        self, interaction: discord.Interaction[TDBot], error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)


class TDBot(commands.AutoShardedBot):
    """tdbot: app commands only, no privileged intents, nobody pinged unless a command says so.

    Auto-sharded: one process runs every shard by default; a large deployment runs several
    processes, each with its own ``shard_ids`` and the same ``shard_count``, sharing one
    PostgreSQL database.

    ``storage`` is the storage object (issue 5) cogs use to open one session per interaction;
    ``extensions`` the cogs to load; commands are synced to ``dev_guild_id`` on every start if
    it is set, and globally only when ``sync_global`` is true (``python bot.py --sync``).
    """

    def __init__(
        self,
        *,
        storage: Any = None,
        extensions: Sequence[str] = EXTENSIONS,
        dev_guild_id: int | None = None,
        sync_global: bool = False,
        **options: Any,
    ) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # never joins voice
        intents = discord.Intents.none()
        intents.guilds = True  # roles and channels: director role checks, the log channel
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=TDTree,
            help_command=None,
            **options,
        )
        self.storage = storage
        self.initial_extensions = tuple(extensions)
        self.dev_guild_id = dev_guild_id
        self.sync_global = sync_global

    async def setup_hook(self) -> None:
        for extension in self.initial_extensions:
            await self.load_extension(extension)
        if self.dev_guild_id is not None:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to the development guild %s", len(synced), guild.id)
        if self.sync_global:
            synced = await self.tree.sync()
            log.info("Synced %d commands globally (they may take an hour to appear)", len(synced))
