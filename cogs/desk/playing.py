"""``/playing``: a director marks himself playing (seated at a table); boards he has not
played are then closed to him (see :mod:`tdbot.desk`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from tdbot.answers import defer, respond
from tdbot.client import TDBot
from tdbot.context import (
    ContextError,
    require_director,
    storage_of,
    stored,
)
from tdbot.desk import (
    desk_of,
)
from tdbot.limits import directors_cooldown
from tdbot.messages import N_, localize


class PlayingCog(commands.Cog):
    """``/playing``."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="playing",
        description="Directors: you are playing (seated at a table) or you stop playing.",
    )
    @app_commands.describe(playing="True while you play; false when you stop")
    @app_commands.guild_only()
    @directors_cooldown
    async def playing(self, interaction: discord.Interaction[TDBot], playing: bool) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        storage = storage_of(interaction)
        desk = desk_of(interaction)
        locale = interaction.locale  # only he sees the answer
        if playing:
            seat = await storage.seating(club.guild_id, interaction.user.id)
            if seat is None:
                raise ContextError(
                    N_("Sit at your table first (/{cmd[sit]} {opt[table]} {opt[seat]}), then "
                       "/{cmd[playing]}.")
                )
            deputies = (await desk.settings(club.guild_id)).deputy_role_id
            await stored(desk.set_playing(club.guild_id, interaction.user.id, True))
            text = localize(
                locale,
                N_("You are playing at table {table}. Calls, consultations and log lines about "
                   "a board you have not played yet go to the deputies; the bot shows you "
                   "nothing about it until you have played it."),
                table=seat.table_number,
            )
            if deputies is None:
                text += " " + localize(
                    locale, N_("No deputy role is set: ask an admin for /{cmd[setup]} "
                               "{opt[deputy_role]}."))
        else:
            await stored(desk.set_playing(club.guild_id, interaction.user.id, False))
            text = localize(locale, N_("You are no longer playing: calls come to you again."))
        await respond(interaction, text, ephemeral=True)
