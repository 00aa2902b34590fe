"""The bot class and its command tree.

``bot.py`` builds a :class:`TDBot` from the settings; tests build one directly (with a storage
object and the extensions they need) and log it in against :mod:`localdiscord`.

Every cog's callbacks take a ``discord.Interaction[TDBot]``, so the type checker sees the bot
(``interaction.client``) they run in. discord.py types the callbacks of its views and buttons
(``Item.callback``, ``DynamicItem.from_custom_id``, ``View.on_error``...) with a ``ClientT`` bound
to no class, so no override can name the bot: those overrides, and only those, carry
``# type: ignore[override]  # unbound ClientT``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.storage.service import Storage
from tdbot.answers import inert, report_error, respond, tree_text
from tdbot.messages import N_, localize
from tdbot.translator import CatalogTranslator

log = logging.getLogger(__name__)


#: The cogs the bot loads, in order. Add a cog here when it is written.
EXTENSIONS: tuple[str, ...] = (
    "cogs.meta",
    "cogs.session",
    "cogs.table",
    "cogs.incidents",
    "cogs.followups",
    "cogs.claims",
    "cogs.reports",
    "cogs.directors",
    "cogs.desk",
    "cogs.log",
    "cogs.help",
    "cogs.retention",
)


def _unstorable(text: str) -> bool:
    """NUL, which PostgreSQL refuses in text, or a lone surrogate, which no database stores."""
    return "\x00" in text or any("\ud800" <= c <= "\udfff" for c in text)


class _Shown:
    """An option's name as the reader's Discord shows it, looked up when formatted."""

    def __init__(self, locale: Any, name: Any) -> None:
        self.locale, self.name = locale, name

    def __format__(self, spec: str) -> str:
        shown = tree_text(self.locale, "name", self.name) if isinstance(self.name, str) else str(
            self.name)
        return format(shown, spec)


def option_problem(interaction: discord.Interaction[TDBot]) -> str | None:
    """Why the options of a slash command cannot be accepted, or ``None``.

    Discord only advertises ``Range`` bounds to its client: a crafted or outdated request still
    brings table 201 or 900 characters, so the bounds are enforced here for every command. Text
    a database cannot store (NUL, lone surrogates) is refused before it reaches one."""
    command = interaction.command
    locale = getattr(interaction, "locale", None)
    data: Any = interaction.data or {}
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # subcommand (group)
        options = options[0].get("options") or []
    params = {p.display_name: p for p in getattr(command, "parameters", ())}
    for option in options:
        name, value = option.get("name"), option.get("value")
        # the option as the reader's Discord names it (looked up only to say what is wrong)
        shown = _Shown(locale, name)
        if isinstance(value, str) and _unstorable(value):
            return localize(
                locale,
                N_("The {name} contains a character that cannot be stored (a NUL or a broken "
                   "emoji): remove it and try again."),
                name=shown,
            )
        param = params.get(name)
        if param is None or isinstance(value, bool):
            continue
        low, high = param.min_value, param.max_value
        size = len(value) if isinstance(value, str) else value
        if not isinstance(size, int | float):
            continue
        if isinstance(value, str):
            if high is not None and size > high:
                return localize(
                    locale, N_("The {name} is too long ({size} characters; at most {most})."),
                    name=shown, size=size, most=high,
                )
            if low is not None and size < low:
                return localize(
                    locale, N_("The {name} is too short ({size} characters; at least {least})."),
                    name=shown, size=size, least=low,
                )
            continue
        if low is not None and size < low or high is not None and size > high:
            if low is not None and high is not None:
                return localize(locale, N_("The {name} must be between {least} and {most}."),
                                name=shown, least=low, most=high)
            if low is not None:
                return localize(locale, N_("The {name} must be at least {least}."),
                                name=shown, least=low)
            return localize(locale, N_("The {name} must be at most {most}."),
                            name=shown, most=high)
    return None


class TDTree(app_commands.CommandTree["TDBot"]):
    """The command tree; every command error goes through :func:`report_error`."""

    async def interaction_check(self, interaction: discord.Interaction[TDBot]) -> bool:
        """Refuse options outside their declared bounds or unstorable, before any command."""
        if interaction.type is not discord.InteractionType.application_command:
            return True
        problem = option_problem(interaction)
        if problem is None:
            return True
        try:
            await respond(interaction, inert(problem), ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("Could not refuse interaction %s: %s", interaction.id, exc)
        return False

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
        storage: Storage | None = None,
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
        self.storage: Storage | None = storage
        self.initial_extensions = tuple(extensions)
        self.dev_guild_id = dev_guild_id
        self.sync_global = sync_global

    async def setup_hook(self) -> None:
        for extension in self.initial_extensions:
            await self.load_extension(extension)
        # The commands' French, Dutch and German names and descriptions, published on sync.
        await self.tree.set_translator(CatalogTranslator())
        if self.dev_guild_id is not None:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to the development guild %s", len(synced), guild.id)
        if self.sync_global:
            synced = await self.tree.sync()
            log.info("Synced %d commands globally (they may take an hour to appear)", len(synced))
