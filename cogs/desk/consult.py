"""``/consult``: a player's private question to the directors. The question and answer are
only ever shown ephemerally to the player who asked and to directors; the table sees only the
director's note for it."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.storage.values import Reader
from tdbot.answers import defer, respond
from tdbot.buttons import PressButton
from tdbot.client import TDBot
from tdbot.context import (
    ID_MAX,
    ContextError,
    club_of,
    is_director,
    require_director,
    stored,
    table_channel_of,
    table_context,
)
from tdbot.desk import (
    CONSULT_PREFIX,
    SHUT_LISTED,
    TEXT_MAX,
    blind_directors,
    blind_note,
    bounded,
    desk_of,
    directors_ping,
    log_channel,
    posting_refusal,
    readable_consultation,
)
from tdbot.limits import directors_cooldown
from tdbot.messages import N_, Locale, localize
from tdbot.pages import line_embeds, post_pages, section_embeds, send_pages
from tdbot.render import clean, cut

log = logging.getLogger(__name__)

SEE_ANSWER = N_("See the director's answer")


class ConsultButton(
    PressButton,
    template=r"tdbot:consult:(?P<cid>\d+)",
):
    """"See the answer" on the player's own (ephemeral) consultation message."""

    def __init__(self, consultation_id: int, locale: Locale = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=localize(locale, SEE_ANSWER),
                custom_id=f"{CONSULT_PREFIX}:{consultation_id}",
                style=discord.ButtonStyle.secondary,
            )
        )
        self.consultation_id = consultation_id

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> ConsultButton:
        return cls(int(match["cid"]))

    async def pressed(self, interaction: discord.Interaction[TDBot]) -> None:
        await defer(interaction, ephemeral=True)
        await show_consultation(interaction, self.consultation_id)


async def show_consultation(interaction: discord.Interaction[TDBot], consultation_id: int) -> None:
    """The question and answer, to the player who asked or a director who may see the board."""
    club = await club_of(interaction)
    director = is_director(interaction.user, club)
    # a board closed to him first, as /script: nothing said of the consultation (whether it
    # exists, on which board)
    found = await readable_consultation(interaction, consultation_id, director=director)
    if found.player_id != interaction.user.id and not director:
        raise ContextError(
            N_("Only the player who asked and the directors may see a consultation.")
        )
    locale = interaction.locale  # only the asker sees it

    def _(text: str, **params: Any) -> str:
        return localize(locale, text, **params)

    sections = [(_(N_("Question")), [found.question]),
                (_(N_("Director's answer")), [found.answer or _(N_("Not answered yet."))])]
    if found.table_note:
        sections.append((_(N_("Told to the table")), [found.table_note]))
    embeds = section_embeds(
        _(N_("Private consultation #{number} (table {table}, board {board})"), number=found.id,
          table=found.table_number, board=found.board_number),
        sections, colour=discord.Colour.dark_grey(),
    )
    await send_pages(interaction, embeds=embeds, ephemeral=True)


class ConsultCog(commands.Cog):
    """``/consult ask|show|answer|open``."""

    consult = app_commands.Group(
        name="consult", description="A private question to the directors.", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ConsultButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ConsultButton)


    @consult.command(name="ask", description="Ask the directors privately (only they see it).")
    @app_commands.describe(
        question="Your question, e.g. would 2C instead of my 1NT be comparable?",
        table="Table number (default: the table you sit at)",
    )
    async def consult_ask(
        self,
        interaction: discord.Interaction[TDBot],
        question: app_commands.Range[str, 1, TEXT_MAX],
        table: app_commands.Range[int, 1, 200] | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        text = bounded(question, "question")
        if text is None:
            raise ContextError(N_("Ask your question."))
        ctx = await table_context(interaction, table)
        desk = desk_of(interaction)
        asked = await stored(
            desk.consult(ctx.guild_id, interaction.user.id, ctx.board.id,
                         interaction.channel_id, text, interaction_id=interaction.id)
        )
        view = discord.ui.View(timeout=None)
        view.add_item(ConsultButton(asked.id, interaction.locale))
        await respond(interaction,
            localize(interaction.locale,
                     N_("Your question is with the directors (consultation #{number}). Only you "
                        "and the directors see it; the table is told only what it must know. "
                        "Press the button for the answer."), number=asked.id),
            view=view,
            ephemeral=True,
        )
        channel = log_channel(interaction, ctx.club)
        if channel is None or asked.repeated:  # a redelivered question pings nobody again
            return
        blind = await blind_directors(interaction, ctx.board.session_id, ctx.board.number)
        ping, mentions = await directors_ping(interaction, ctx.club, blind)
        line = ping + localize(  # the log channel: the club's language
            ctx.club.language,
            N_("Private consultation #{number}: table {table}, board {board}. Read it with "
               "/{cmd[consult show]} {opt[id]}:{number} and answer with /{cmd[consult answer]} "
               "{opt[id]}:{number}."),
            number=asked.id, table=ctx.table.number, board=ctx.board.number,
        )
        if blind:
            line += " " + blind_note(blind, ctx.board.number, ctx.club.language)
        try:
            await channel.send(line, allowed_mentions=mentions)
        except discord.HTTPException as exc:
            log.warning("Could not post consultation %s: %s", asked.id, exc)

    @consult.command(name="show", description="A consultation: its question and answer.")
    @app_commands.describe(id="The consultation's number")
    async def consult_show(
        self, interaction: discord.Interaction[TDBot], id: app_commands.Range[int, 1, ID_MAX]
    ) -> None:
        await defer(interaction, ephemeral=True)
        await show_consultation(interaction, id)

    @consult.command(name="answer", description="Directors: answer a private consultation.")
    @app_commands.describe(
        id="The consultation's number",
        answer="Your answer to the player (only he and the directors see it)",
        table_note="What the whole table must know, e.g. partner is not barred (optional)",
        laws="The laws, e.g. 23A 27B1(b) (optional)",
    )
    @directors_cooldown
    async def consult_answer(
        self,
        interaction: discord.Interaction[TDBot],
        id: app_commands.Range[int, 1, ID_MAX],
        answer: app_commands.Range[str, 1, TEXT_MAX],
        table_note: app_commands.Range[str, 1, TEXT_MAX] | None = None,
        laws: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        desk = desk_of(interaction)
        await readable_consultation(interaction, id, director=True, answering=True)
        reply = bounded(answer, "answer")
        if reply is None:
            raise ContextError(N_("Give the answer."))
        note = bounded(table_note, "note for the table")
        cited = tuple((laws or "").replace(",", " ").split())
        done, recorded = await stored(
            desk.answer(club.guild_id, id, interaction.user.id, reply, note, cited,
                        interaction_id=interaction.id)
        )
        told = ""
        if note and not done.repeated:  # a redelivered answer tells the table once
            told = " " + await _tell_table(interaction, done, note, club.language)
        await respond(interaction,
            localize(interaction.locale,
                     N_("Answer recorded in the log as ruling #{number} (private).{told} The "
                        "player sees it with the button on his question."),
                     number=recorded.id, told=told),
            ephemeral=True,
        )

    @consult.command(name="open", description="Directors: consultations not answered yet.")
    async def consult_open(self, interaction: discord.Interaction[TDBot]) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        desk = desk_of(interaction)
        locale = interaction.locale  # only the director sees it
        lines = []
        for c in await desk.open_consultations(
                club.guild_id, reader=Reader(interaction.user.id, director=True)):
            if c.shut:  # a board he has not played: its number alone, as /consult show says
                lines.append(localize(locale, SHUT_LISTED, number=c.id))
                continue
            lines.append(localize(
                locale, N_("**#{number}** table {table}, board {board} by {member}: {question}"),
                number=c.id, table=c.table_number, board=c.board_number,
                member=f"<@{c.player_id}>", question=clean(cut(c.question, 120))))
        if not lines:
            await respond(interaction, localize(locale, N_("No open consultations.")),
                          ephemeral=True)
            return
        await send_pages(interaction, ephemeral=True, embeds=line_embeds(
            localize(locale, N_("Open consultations ({count})"), count=len(lines)), lines,
            colour=discord.Colour.dark_grey()))


async def _tell_table(
    interaction: discord.Interaction[TDBot], done: Any, note: str, club_language: str | None
) -> str:
    """Post the director's note to the table (the channel bound to it with /table channel,
    else where the player asked, unless that is the log channel or another table's:
    :func:`tdbot.desk.posting_refusal`), split if long, in the club's language (a public
    message); what the director is told about it, in his."""
    locale = interaction.locale
    channel = await table_channel_of(interaction, done.table_number)
    if channel is None and done.channel_id is not None and await posting_refusal(
            interaction, done.channel_id, done.table_number) is None:
        channel = interaction.client.get_channel(done.channel_id)
    if channel is None or not hasattr(channel, "send"):
        return localize(locale, N_("No table channel to tell: tell the table yourself."))
    try:
        await post_pages(channel, [localize(
            club_language,
            N_("The director, after a private consultation (table {table}, board {board}): "
               "{note}"),
            table=done.table_number, board=done.board_number, note=clean(note),
        )])
    except discord.HTTPException as exc:
        log.warning("Could not tell table of consultation %s: %s", done.id, exc)
        return localize(locale, N_("Your note could not be posted to {channel} (Discord refused "
                                   "it: {status}): tell the table yourself."),
                        channel=channel.mention, status=exc.status)
    return localize(locale, N_("The table has been told your note."))
