"""``/appeal``: a player appeals a ruling within the club's deadline (Law 92); the answers
and the outcome stay with the ruling."""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from core.ruling import Ruling
from core.storage.values import Reader
from tdbot.answers import defer, respond
from tdbot.client import TDBot
from tdbot.context import (
    ID_MAX,
    ContextError,
    club_of,
    is_director,
    require_director,
    stored,
)
from tdbot.desk import (
    SHUT_APPEAL_LISTED,
    SHUT_APPEAL_LISTED_NO_PEEKING,
    TEXT_MAX,
    actionable_appeal,
    answer_here_or_alone,
    blind_directors,
    blind_note,
    bounded,
    desk_of,
    directors_ping,
    log_channel,
    readable_entry,
)
from tdbot.limits import directors_cooldown
from tdbot.messages import N_, Locale, localize, reader_locale
from tdbot.pages import add_text_field, send_pages, split_text
from tdbot.render import clean

log = logging.getLogger(__name__)

#: An appeal's outcome in words (core.storage.desk.settings.OUTCOME_WORDS, marked).
OUTCOMES = {"ruling_stands": N_("the ruling stands"), "upheld": N_("the ruling stands"),
            "ruling_changed": N_("the ruling is changed"),
            "score_adjusted": N_("the score is adjusted"), "changed": N_("the ruling is changed"),
            "withdrawn": N_("withdrawn")}
OPEN = N_("Appeal #{number} against ruling #{ruling} (open)")
CLOSED = N_("Appeal #{number} against ruling #{ruling} (closed: {outcome})")
#: A decision posted in the open while the session goes on (other tables may still play the
#: board): the reasons and answers are for /appeal list, which shows each member what he may read.
PUBLIC_HIDDEN = N_("Reasons and answers are not shown here while the session goes on: "
                   "/{cmd[appeal list]} shows them to whoever may read them.")
CLOSED_WITHOUT_MERIT = N_("Appeal #{number} against ruling #{ruling} (closed: {outcome}, "
                          "without merit)")


class AppealCog(commands.Cog):
    """``/appeal file|answer|decide|list``."""

    appeal = app_commands.Group(
        name="appeal", description="Appeal a ruling, and the answers to appeals.",
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @appeal.command(name="file", description="Appeal a ruling (within the club's deadline).")
    @app_commands.describe(id="The ruling's number", reason="Why you appeal")
    async def appeal_file(
        self,
        interaction: discord.Interaction[TDBot],
        id: app_commands.Range[int, 1, ID_MAX],
        reason: app_commands.Range[str, 1, TEXT_MAX],
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await club_of(interaction)
        # a board closed to him first, as /script: nothing said of the ruling (voided, whose,
        # or whether it exists)
        entry = await readable_entry(interaction, id, at_table=True)
        text = bounded(reason, "reason")
        if text is None:
            raise ContextError(N_("Say why you appeal."))
        if Ruling.from_data(entry.ruling).private and entry.actor_id != interaction.user.id:
            raise ContextError(N_("No ruling #{id} you can appeal."), id=id)
        filed = await stored(desk_of(interaction).appeal(
            club.guild_id, id, interaction.user.id, text, interaction_id=interaction.id,
            director=is_director(interaction.user, club),
        ))
        await respond(interaction,
            localize(interaction.locale,
                     N_("Appeal #{number} against ruling #{ruling} is filed (Law 92). The director "
                        "answers first; a committee may hear it. /{cmd[appeal list]} shows open "
                        "appeals."), number=filed.id, ruling=id),
            ephemeral=True,
        )
        channel = log_channel(interaction, club)
        if channel is not None and not filed.repeated:  # redelivered: ping nobody again
            blind = await blind_directors(interaction, entry.session_id, entry.board_number)
            ping, mentions = await directors_ping(interaction, club, blind)
            line = ping + localize(club.language,  # the log channel: the club's language
                                   N_("Appeal #{number} against ruling #{ruling} (table {table}, "
                                      "board {board}) by {member}."),
                                   number=filed.id, ruling=id, table=entry.table_number,
                                   board=entry.board_number, member=interaction.user.mention)
            if blind:  # why the deputies are pinged, as for a consultation or a call
                line += " " + blind_note(blind, entry.board_number, club.language)
            try:
                await channel.send(line, allowed_mentions=mentions)
            except discord.HTTPException as exc:
                log.warning("Could not post appeal %s: %s", filed.id, exc)

    @appeal.command(name="answer", description="Directors: the director's or committee's answer.")
    @app_commands.describe(id="The appeal's number", by="Whose answer", text="The answer")
    @directors_cooldown
    async def appeal_answer(
        self,
        interaction: discord.Interaction[TDBot],
        id: app_commands.Range[int, 1, ID_MAX],
        by: Literal["director", "committee"],
        text: app_commands.Range[str, 1, TEXT_MAX],
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        body = bounded(text, "answer")
        if body is None:
            raise ContextError(N_("Give the answer."))
        await actionable_appeal(interaction, id)
        done = await stored(
            desk_of(interaction).answer_appeal(club.guild_id, id, interaction.user.id, by, body)
        )
        await respond(interaction,
            embed=appeal_embed(done, locale=interaction.locale), ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @appeal.command(name="decide", description="Directors: close an appeal with its outcome.")
    @app_commands.describe(
        id="The appeal's number", outcome="The outcome", note="A note",
        without_merit="The appeal had no merit (only when the ruling stands)",
    )
    @app_commands.choices(outcome=[
        app_commands.Choice(name="the ruling stands", value="ruling_stands"),
        app_commands.Choice(name="the ruling is changed", value="ruling_changed"),
        app_commands.Choice(name="the score is adjusted", value="score_adjusted"),
        app_commands.Choice(name="withdrawn by the appellant", value="withdrawn"),
    ])
    @directors_cooldown
    async def appeal_decide(
        self,
        interaction: discord.Interaction[TDBot],
        id: app_commands.Range[int, 1, ID_MAX],
        outcome: str,
        note: app_commands.Range[str, 1, TEXT_MAX] | None = None,
        without_merit: bool = False,
    ) -> None:
        await defer(interaction)
        club = await require_director(interaction)
        found = await actionable_appeal(interaction, id)
        done = await stored(
            desk_of(interaction).decide_appeal(club.guild_id, id, interaction.user.id, outcome,
                                               bounded(note, "note"),
                                               without_merit=without_merit)
        )
        # public where the board may be shown (its table's channel; the director alone in the
        # log channel or elsewhere), in the club's language; the reasons and answers once the
        # session is over
        alone = await answer_here_or_alone(interaction, found.table_number)
        await respond(interaction,
            embed=appeal_embed(done, hidden=done.hidden, public=True,
                               locale=reader_locale(interaction, club.language,
                                                    ephemeral=alone)),
            allowed_mentions=discord.AllowedMentions.none()
        )

    @appeal.command(name="list", description="Open appeals (or those against one ruling).")
    @app_commands.describe(ruling="Only the appeals against this ruling, open or closed")
    async def appeal_list(
        self,
        interaction: discord.Interaction[TDBot],
        ruling: app_commands.Range[int, 1, ID_MAX] | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await club_of(interaction)
        desk = desk_of(interaction)
        if ruling is not None:  # the appeals against one ruling: refused on a board closed to him
            await readable_entry(interaction, ruling, at_table=True)
        # what he may read of each (core.storage.desk.appeals.hidden_from), in the same read
        found = await desk.appeals(club.guild_id, event_id=ruling, open_only=ruling is None,
                                   reader=Reader(interaction.user.id,
                                                 is_director(interaction.user, club)))
        if not found:
            await respond(interaction, localize(interaction.locale, N_("No appeals.")),
                          ephemeral=True)
            return
        shut_line = (SHUT_APPEAL_LISTED if is_director(interaction.user, club)
                     else SHUT_APPEAL_LISTED_NO_PEEKING)
        embeds = [discord.Embed(title=localize(interaction.locale, shut_line, number=appeal.id),
                                colour=discord.Colour.orange())
                  if appeal.shut  # its board is closed to him: its number alone
                  else appeal_embed(appeal, hidden=appeal.hidden, locale=interaction.locale)
                  for appeal in found]
        await send_pages(interaction, embeds=embeds, ephemeral=True)


def appeal_embed(
    appeal: Any, *, hidden: bool = False, public: bool = False, locale: Locale = None
) -> discord.Embed:
    """An appeal with its answers and outcome (what the club may see: no hands), in the
    reader's language. ``hidden``: the viewer may not read what was written about the board
    (:func:`core.storage.desk.appeals.hidden_from`; ``public``: a message in the open, while
    the session goes on), so it is left out."""
    def _(text: str, **params: Any) -> str:
        return localize(locale, text, **params)

    numbers = {"number": appeal.id, "ruling": appeal.event_id}
    if appeal.outcome:
        outcome = _(OUTCOMES[appeal.outcome]) if appeal.outcome in OUTCOMES else appeal.outcome
        title = _(CLOSED_WITHOUT_MERIT if appeal.without_merit else CLOSED, outcome=outcome,
                  **numbers)
    else:
        title = _(OPEN, **numbers)
    embed = discord.Embed(
        title=title,
        description=(split_text(clean(appeal.reason), 4096)[0] if not hidden
                     else _(PUBLIC_HIDDEN) if public
                     else _(N_("Reasons and answers are hidden: you have not played board {board} "
                               "yet."), board=appeal.board_number)),
        colour=discord.Colour.orange(),
    )
    embed.add_field(name=_(N_("Where")), value=_(N_("Table {table}, board {board}"),
                                                   table=appeal.table_number,
                                                   board=appeal.board_number))
    embed.add_field(name=_(N_("By")), value=f"<@{appeal.appellant_id}>")
    if hidden:
        return embed
    if appeal.director_answer:
        add_text_field(embed, _(N_("Director's answer")), appeal.director_answer)
    if appeal.committee_answer:
        add_text_field(embed, _(N_("Committee's answer")), appeal.committee_answer)
    if appeal.outcome_text:
        add_text_field(embed, _(N_("Outcome")), appeal.outcome_text)
    return embed
