"""Retention: a club deletes everything tdbot stored for it (``/club-data delete``).

Only someone who may manage the server can do it, and only by typing the server's name, since
it cannot be undone. Deleting one club never touches another club's rows (the storage scopes
every statement by guild).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from tdbot.answers import defer, respond
from tdbot.client import TDBot
from tdbot.context import ContextError, guild_id_of, storage_of
from tdbot.messages import N_, localize
from tdbot.render import clean

NOT_A_MANAGER = N_("Only someone with the Manage Server permission can delete the club's data.")


class Retention(commands.Cog):
    """Deleting a club's stored data."""

    club_data = app_commands.Group(
        name="club-data",
        description="The data tdbot keeps for this server",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @club_data.command(
        name="delete", description="Delete every ruling, board and setting stored for this server"
    )
    @app_commands.describe(
        confirm="Type the server's name exactly, to confirm: this cannot be undone",
        keep_settings="Keep the director role, log channel and time zone (default: no)",
    )
    async def delete(
        self,
        interaction: discord.Interaction[TDBot],
        confirm: app_commands.Range[str, 1, 100],
        keep_settings: bool = False,
    ) -> None:
        await defer(interaction, ephemeral=True)
        # default_permissions only hides the command in Discord's UI: check for real.
        perms = interaction.permissions
        if not (perms.manage_guild or perms.administrator):
            raise ContextError(NOT_A_MANAGER)
        guild = interaction.guild
        name = guild.name if guild is not None else ""
        if confirm.strip() != name:
            raise ContextError(
                N_("Nothing was deleted: type the server's name exactly ({name}) to confirm."),
                name=clean(name),
            )
        deleted = await storage_of(interaction).delete_club_data(
            guild_id_of(interaction), keep_settings=keep_settings
        )
        total = sum(deleted.values())
        text = (N_("Deleted {count} stored rows for this server. The club's settings were kept.")
                if keep_settings else N_("Deleted {count} stored rows for this server."))
        await respond(interaction, localize(interaction.locale, text, count=total),
                      ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Retention())
