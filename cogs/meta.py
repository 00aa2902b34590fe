"""Commands about the bot itself."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from tdbot.client import TDBot
from tdbot.messages import N_, localize


class Meta(commands.Cog):
    """``/ping``: the cheapest command there is (the benchmarks' floor)."""

    @app_commands.command(description="Check that the bot is answering.")
    async def ping(self, interaction: discord.Interaction[TDBot]) -> None:
        await interaction.response.send_message(
            localize(interaction.locale, N_("Pong.")), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Meta())
