"""``/script``: a ruling as the director says it at the table, posted to the table's channel
with one button."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.context import (
    ID_MAX,
    ContextError,
    club_of,
    is_director,
    require_director,
    storage_of,
    stored,
)
from cogs.desk_common import (
    SCRIPT_PREFIX,
    desk_of,
    entry_of,
    refuse_if_blind,
    table_channel_of,
)
from cogs.messages import N_
from cogs.render import clean
from cogs.tdbot import TDBot, defer, report_error, respond
from core.editions import edition_title
from core.ruling import Ruling
from core.script import build_script
from core.storage.values import LogEntry


def script_embed(ruling: Ruling, state: Any, *, edition: str, event_id: int,
                 table: int, board: int) -> discord.Embed:
    script = build_script(ruling, state, edition=edition)
    embed = discord.Embed(
        title=f"What the director says: ruling #{event_id}",
        colour=discord.Colour.blurple(),
    )
    for n, (title, lines) in enumerate(script.sections, 1):
        value = "\n".join(clean(line) for line in lines)
        embed.add_field(name=f"{n}. {title}", value=value[:1024], inline=False)
    embed.set_footer(text=f"Table {table} · Board {board} · {edition_title(edition)}")
    return embed


async def script_for(
    interaction: discord.Interaction[TDBot], event_id: int
) -> tuple[discord.Embed, LogEntry, Ruling]:
    club = await club_of(interaction)
    entry = await entry_of(interaction, event_id)
    ruling = Ruling.from_data(entry.ruling)
    director = is_director(interaction.user, club)
    if ruling.private and not (director or entry.actor_id == interaction.user.id):
        raise ContextError(N_("That ruling reveals a hand: only the player who asked and the "
                              "directors may see it."))
    await refuse_if_blind(interaction, entry.session_id, entry.board_number)
    if entry.void:
        raise ContextError(
            N_("Ruling #{id} has been voided: there is nothing to read out."), id=event_id
        )
    if not entry.is_ruling:
        raise ContextError(f"#{event_id} is the table's record (a call, a plain lead, a board "
                           "set), not a ruling: there is nothing to read out.")
    storage = storage_of(interaction)
    recorded = await stored(storage.recorded(club.guild_id, event_id))
    edition = await stored(desk_of(interaction).edition_of(club.guild_id, event_id))
    embed = script_embed(ruling, recorded.state, edition=edition, event_id=entry.id,
                         table=entry.table_number, board=entry.board_number)
    return embed, entry, ruling


class PostScriptButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tdbot:script:(?P<event_id>\d+):(?P<channel_id>\d+)",
):
    """"Post it to the table": a director posts the script in the table's channel."""

    def __init__(self, event_id: int, channel_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Post it to the table",
                custom_id=f"{SCRIPT_PREFIX}:{event_id}:{channel_id}",
                style=discord.ButtonStyle.primary,
            )
        )
        self.event_id = event_id
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[TDBot],  # type: ignore[override]  # unbound ClientT
        item: Any,
        match: re.Match[str],
    ) -> PostScriptButton:
        return cls(int(match["event_id"]), int(match["channel_id"]))

    async def callback(
        self,
        interaction: discord.Interaction[TDBot],  # type: ignore[override]  # unbound ClientT
    ) -> None:
        try:
            await defer(interaction, ephemeral=self.channel_id != interaction.channel_id)
            await require_director(interaction)
            embed, entry, ruling = await script_for(interaction, self.event_id)
            if ruling.private:
                raise ContextError(
                    N_("That ruling reveals a hand: it is never posted to the table.")
                )
            channel = guild_channel(interaction, self.channel_id)
            if channel is None:
                raise ContextError(N_("That channel is not in this server any more."))
            if channel.id == interaction.channel_id:
                await respond(interaction,
                    embed=embed, allowed_mentions=discord.AllowedMentions.none()
                )
                return
            await channel.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())
            await respond(interaction,
                f"Posted to {channel.mention}.", ephemeral=True
            )
        except Exception as exc:
            await report_error(interaction, exc)


def guild_channel(interaction: discord.Interaction[TDBot], channel_id: int) -> Any:
    """A text channel (or thread) of this guild, or None."""
    if interaction.guild is None:
        return None
    channel = interaction.guild.get_channel_or_thread(channel_id)
    return channel if isinstance(channel, discord.TextChannel | discord.Thread) else None


class ScriptCog(commands.Cog):
    """``/script``."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PostScriptButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PostScriptButton)


    @app_commands.command(
        name="script", description="A ruling as the director says it at the table."
    )
    @app_commands.describe(
        id="The ruling's number (in its footer)",
        table_channel=(
            "Directors: the channel to post it to (default: the table's bound channel, "
            "else this one)"
        ),
    )
    @app_commands.guild_only()
    async def script(
        self,
        interaction: discord.Interaction[TDBot],
        id: app_commands.Range[int, 1, ID_MAX],
        table_channel: discord.TextChannel | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        embed, entry, ruling = await script_for(interaction, id)
        club = await club_of(interaction)
        view = discord.ui.View(timeout=None)
        if table_channel is None:  # the channel bound to the table, else this one
            table_channel = await table_channel_of(interaction, entry.table_number)
        target = table_channel.id if table_channel is not None else interaction.channel_id
        if target is not None and guild_channel(interaction, target) is None:
            raise ContextError(N_("Pick a text channel of this server."))
        if is_director(interaction.user, club) and not ruling.private and target is not None:
            view.add_item(PostScriptButton(id, target))
        await respond(interaction, embed=embed, view=view, ephemeral=True)
