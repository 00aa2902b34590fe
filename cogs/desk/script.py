"""``/script``: a ruling as the director says it at the table, posted to the table's channel
with one button."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.editions import edition_title
from core.ruling import Ruling
from core.script import Correction, build_script, chosen_on, superseded_by
from core.storage.desk import directors_words
from core.storage.values import LogEntry, VerdictKind
from tdbot.answers import defer, respond
from tdbot.buttons import PressButton
from tdbot.client import TDBot
from tdbot.context import (
    ID_MAX,
    ContextError,
    club_of,
    is_director,
    require_director,
    storage_of,
    stored,
    table_channel_of,
)
from tdbot.desk import (
    SCRIPT_PREFIX,
    desk_of,
    entry_of,
    posting_refusal,
    readable_entry,
)
from tdbot.messages import N_, Locale, core_translate, localize, say
from tdbot.pages import section_embeds, send_pages
from tdbot.render import clean

POST_LABEL = N_("Post it to the table")


async def script_embeds(
    interaction: discord.Interaction[TDBot], event_id: int, locale: Locale = None
) -> tuple[list[discord.Embed], LogEntry, Ruling]:
    """The script of ruling ``event_id`` as it now stands, in as many embeds as it needs (one
    message each): a ruling re-ruled on corrected facts is read as its replacement, an
    amendment or a Law 82C correction is read first, and a choice made on it is read as made.
    In the language of ``locale`` (core's sentences, or its English text where the script
    still gives plain text)."""
    club = await club_of(interaction)
    director = is_director(interaction.user, club)
    # a board closed to him: one answer, whether or not the ruling exists
    entry = await readable_entry(interaction, event_id, director=director, at_table=True)
    desk = desk_of(interaction)
    correction: Correction | None = None
    seen = {entry.id}
    while entry.void:
        newer = await stored(desk.amended_by(club.guild_id, entry.id))
        if newer is not None and not (await entry_of(interaction, newer)).is_ruling:
            newer = None  # its report kept as the table's record ("Void them together")
        if newer is None or newer in seen:
            if entry.adjusted_score:
                raise ContextError(
                    N_("Ruling #{id} has been voided (adjusted score: {score}): there is "
                       "nothing to read out."),
                    id=entry.id, score=clean(entry.adjusted_score),
                )
            raise ContextError(
                N_("Ruling #{id} has been voided: there is nothing to read out."), id=entry.id
            )
        seen.add(newer)
        correction = Correction(
            verdict="amended", text=directors_words(entry.verdict_note),
            adjusted_score=entry.adjusted_score, replaced_by=newer,
        )
        entry = await entry_of(interaction, newer)
    if not entry.void and entry.verdict is VerdictKind.AMENDED:
        correction = Correction(verdict="amended", text=entry.verdict_note,
                                adjusted_score=entry.adjusted_score)
    ruling = Ruling.from_data(entry.ruling)
    if ruling.private and not (director or entry.actor_id == interaction.user.id):
        raise ContextError(N_("That ruling reveals a hand: only the player who asked and the "
                              "directors may see it."))
    if not entry.is_ruling:
        raise ContextError(N_("#{id} is the table's record (a call, a plain lead, a board set), "
                              "not a ruling: there is nothing to read out."), id=event_id)
    storage = storage_of(interaction)
    recorded = await stored(storage.recorded(club.guild_id, entry.id))
    edition = await stored(desk.edition_of(club.guild_id, entry.id))
    # the choice made on it since, as stored: the script reads it as made (the ruling as it
    # now stands), not the options again
    later = await stored(storage.board_events(club.guild_id, entry.board_id, include_void=False))
    chosen = chosen_on(ruling, recorded.state,
                       ((e.facts, e.ruling) for e in later if e.seq > entry.seq))
    # a later ruling that undid what this one ruled (64B7) is read first, as a correction is
    superseded = superseded_by(ruling, ((e.id, e.ruling) for e in later
                                        if e.seq > entry.seq and e.is_ruling))
    if superseded is not None:
        correction = (Correction(verdict="superseded", superseded_by=superseded)
                      if correction is None else replace(correction, superseded_by=superseded))
    script = build_script(ruling, recorded.state, edition=edition, correction=correction,
                          chosen=chosen, tr=core_translate(locale))
    sections = [(title, list(lines)) for title, lines in script.sections]
    embeds = section_embeds(
        localize(locale, N_("What the director says: ruling #{number}"), number=entry.id),
        sections,
        footer=localize(locale, N_("Table {table} · Board {board} · {edition}"),
                        table=entry.table_number, board=entry.board_number,
                        edition=say(locale, edition_title(edition))),
        colour=discord.Colour.blurple(),
    )
    return embeds, entry, ruling


class PostScriptButton(
    PressButton,
    template=r"tdbot:script:(?P<event_id>\d+):(?P<channel_id>\d+)",
):
    """"Post it to the table": a director posts the script in the table's channel."""

    def __init__(self, event_id: int, channel_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=POST_LABEL,
                custom_id=f"{SCRIPT_PREFIX}:{event_id}:{channel_id}",
                style=discord.ButtonStyle.primary,
            )
        )
        self.event_id = event_id
        self.channel_id = channel_id

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> PostScriptButton:
        return cls(int(match["event_id"]), int(match["channel_id"]))

    async def pressed(self, interaction: discord.Interaction[TDBot]) -> None:
        await defer(interaction, ephemeral=self.channel_id != interaction.channel_id)
        club = await require_director(interaction)
        # posted to the table: the club's language
        embeds, entry, ruling = await script_embeds(interaction, self.event_id,
                                                    club.language)
        if ruling.private:
            raise ContextError(
                N_("That ruling reveals a hand: it is never posted to the table.")
            )
        channel = guild_channel(interaction, self.channel_id)
        if channel is None:
            raise ContextError(N_("That channel is not in this server any more."))
        refusal = await posting_refusal(interaction, channel.id, entry.table_number)
        if refusal is not None:  # bound to another table since the script was read
            raise refusal
        if channel.id == interaction.channel_id:
            await send_pages(interaction, embeds=embeds, ephemeral=False)
            return
        try:
            for embed in embeds:
                await channel.send(embed=embed,
                                   allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:  # told to the director, never silent
            raise ContextError(
                N_("Discord refused the script in {channel} ({status}): check that I may "
                   "send messages and embeds there, or read it out yourself."),
                channel=channel.mention, status=exc.status,
            ) from exc
        await respond(interaction, localize(interaction.locale, N_("Posted to {channel}."),
                                            channel=channel.mention), ephemeral=True)


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
        embeds, entry, ruling = await script_embeds(interaction, id, interaction.locale)
        club = await club_of(interaction)
        view = discord.ui.View(timeout=None)
        asked_for = table_channel is not None
        if table_channel is None:  # the channel bound to the table, else this one
            table_channel = await table_channel_of(interaction, entry.table_number)
        target = table_channel.id if table_channel is not None else interaction.channel_id
        refusal = await posting_refusal(interaction, target, entry.table_number)
        if refusal is not None:  # another table's channel: never posted there
            if asked_for:
                raise refusal
            target = None
        if target is not None and guild_channel(interaction, target) is None:
            raise ContextError(N_("Pick a text channel of this server."))
        if is_director(interaction.user, club) and not ruling.private and target is not None:
            button = PostScriptButton(entry.id, target)
            button.item.label = localize(interaction.locale, POST_LABEL)
            view.add_item(button)
        await send_pages(interaction, embeds=embeds, view=view, ephemeral=True)
