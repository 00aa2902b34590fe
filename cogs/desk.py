"""The director's desk: ``/script`` (a ruling as the director reads it out, posted to the table
with one button), ``/consult`` (a private question to the directors), ``/playing`` (a playing
director and his blind boards), ``/appeal`` and the helpers the other cogs call for re-rulings,
director error (Law 82C) and the deputy rota.

Privacy: a consultation's question and answer are only ever shown ephemerally to the player who
asked and to directors; the table sees only the director's note for it. A playing director who
has not played a board never receives anything about its deal from the bot: calls and log lines
about it go to the deputy role, and his own commands on it are refused.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.context import (
    ContextError,
    club_of,
    is_director,
    require_director,
    storage_of,
    table_context,
)
from cogs.render import clean, ruling_embed
from cogs.tdbot import report_error, respond
from core.corrected_facts import parse_changes
from core.editions import edition_title
from core.laws.director_error import director_error
from core.ruling import Ruling
from core.script import build_script
from core.storage.desk import DependentRulings, Desk
from core.storage.editions import local_today
from core.storage.errors import NotFound, StorageError
from core.storage.values import ClubSettings, LogEntry, VerdictKind

log = logging.getLogger(__name__)

ID_MAX = 2**53 - 1
TEXT_MAX = 1000
SCRIPT_PREFIX = "tdbot:script"
CONSULT_PREFIX = "tdbot:consult"
VOID_ALL_PREFIX = "tdbot:voidall"
BLIND = (
    "You are playing and have not played board {board} yet: a deputy director deals with it."
)


def desk_of(interaction: discord.Interaction[Any]) -> Desk:
    return Desk(storage_of(interaction))


async def _stored(work: Any) -> Any:
    try:
        return await work
    except NotFound as exc:
        raise ContextError(_sentence(str(exc))) from exc
    except StorageError as exc:
        raise ContextError(_sentence(str(exc))) from exc


def _sentence(text: str) -> str:
    text = text.strip() or "That is not possible."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _bounded(text: str | None, what: str, limit: int = TEXT_MAX) -> str | None:
    if text is None or not text.strip():
        return None
    text = text.strip()
    if len(text) > limit:
        raise ContextError(f"The {what} is too long ({len(text)} characters; at most {limit}).")
    return text


def _check_id(value: int, what: str) -> int:
    if not 1 <= value <= ID_MAX:
        raise ContextError(f"No {what} #{value} in this club.")
    return value


async def entry_of(interaction: discord.Interaction[Any], event_id: int) -> LogEntry:
    guild_id = interaction.guild_id or 0
    try:
        return await storage_of(interaction).event(guild_id, _check_id(event_id, "ruling"))
    except NotFound:
        raise ContextError(f"No ruling #{event_id} in this club.") from None


async def refuse_if_blind(
    interaction: discord.Interaction[Any], session_id: int, board_number: int
) -> None:
    """A playing director may not see anything about a board he has not played yet."""
    guild_id = interaction.guild_id or 0
    if await desk_of(interaction).is_blind(
        guild_id, interaction.user.id, session_id, board_number
    ):
        raise ContextError(BLIND.format(board=board_number))


async def blind_directors(
    interaction: discord.Interaction[Any], session_id: int, board_number: int
) -> tuple[int, ...]:
    return await desk_of(interaction).blind_directors(
        interaction.guild_id or 0, session_id, board_number
    )


def _log_channel(interaction: discord.Interaction[Any], club: ClubSettings) -> Any:
    if club.log_channel_id is None or interaction.guild is None:
        return None
    channel = interaction.guild.get_channel(club.log_channel_id)
    return channel if isinstance(channel, discord.TextChannel | discord.Thread) else None


async def directors_ping(
    interaction: discord.Interaction[Any], club: ClubSettings, blind: tuple[int, ...]
) -> tuple[str, discord.AllowedMentions]:
    """Whom a call pings: the director role, or the deputy role when a playing director has
    not played the board (the deputies are the other directors of the rota)."""
    guild = interaction.guild
    role_id = club.director_role_id
    if blind:  # no rota set: the director role, told nothing about the deal
        role_id = (await desk_of(interaction).settings(club.guild_id)).deputy_role_id or role_id
    if guild is None or not role_id:
        return "", discord.AllowedMentions.none()
    role = guild.get_role(role_id) or discord.Object(role_id)  # a role made since start-up
    return f"<@&{role_id}> ", discord.AllowedMentions(everyone=False, users=False, roles=[role])


def blind_note(blind: tuple[int, ...], board: int) -> str:
    who = ", ".join(f"<@{uid}>" for uid in blind)
    return (
        f"{who} is playing and has not played board {board} yet: the deputies take this; "
        "details only in /calls, /log and /script for directors who have played it."
    )


async def setup_desk(
    interaction: discord.Interaction[Any],
    *,
    deputy_role: discord.Role | None,
    appeal_minutes: int | None,
    law_edition: str | None,
    edition_from: str | None,
) -> list[str]:
    """The desk's part of ``/setup``: deputy rota, appeal deadline, edition of the Laws."""
    guild_id = interaction.guild_id or 0
    desk = desk_of(interaction)
    if deputy_role is not None and (
        interaction.guild is None or interaction.guild.get_role(deputy_role.id) is None
        or deputy_role.is_default()
    ):
        raise ContextError("Pick a deputy role of this server (not @everyone).")
    if appeal_minutes is not None and not 0 <= appeal_minutes <= 10080:
        raise ContextError("The appeal deadline is between 0 and 10080 minutes (a week).")
    if edition_from is not None and law_edition is None:
        raise ContextError("Give the law_edition that applies from that date.")
    if law_edition is not None:
        settings = await club_of(interaction)
        try:
            starts = (
                dt.date.fromisoformat(edition_from.strip())
                if edition_from else local_today(settings.time_zone)
            )
        except ValueError:
            raise ContextError("Write the date as YYYY-MM-DD, e.g. 2027-09-01.") from None
        await _stored(desk.schedule_edition(guild_id, law_edition, starts))
    changes: dict[str, Any] = {}
    if deputy_role is not None:
        changes["deputy_role_id"] = deputy_role.id
    if appeal_minutes is not None:
        changes["appeal_minutes"] = appeal_minutes
    settings_now = await _stored(desk.update_settings(guild_id, **changes))
    schedule = await desk.edition_schedule(guild_id)
    lines = [
        "Deputy role: " + (f"<@&{settings_now.deputy_role_id}>"
                           if settings_now.deputy_role_id else "none"),
        f"Appeals: within {settings_now.appeal_minutes} minutes after the session ends",
        f"Laws: {edition_title(schedule.edition_today)}",
    ]
    today = local_today((await club_of(interaction)).time_zone)
    later = [f"{edition_title(e)} from {d.isoformat()}" for d, e in schedule.changes if d > today]
    if later:
        lines.append("Then: " + "; ".join(later))
    return lines


# ------------------------------------------------------------------------ the script


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


async def _script_for(
    interaction: discord.Interaction[Any], event_id: int
) -> tuple[discord.Embed, LogEntry, Ruling]:
    club = await club_of(interaction)
    entry = await entry_of(interaction, event_id)
    ruling = Ruling.from_data(entry.ruling)
    director = is_director(interaction.user, club)
    if ruling.private and not (director or entry.actor_id == interaction.user.id):
        raise ContextError("That ruling reveals a hand: only the player who asked and the "
                           "directors may see it.")
    await refuse_if_blind(interaction, entry.session_id, entry.board_number)
    if entry.void:
        raise ContextError(f"Ruling #{event_id} has been voided: there is nothing to read out.")
    storage = storage_of(interaction)
    recorded = await _stored(storage.recorded(club.guild_id, event_id))
    edition = await _stored(desk_of(interaction).edition_of(club.guild_id, event_id))
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
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> PostScriptButton:
        return cls(int(match["event_id"]), int(match["channel_id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await require_director(interaction)
            embed, entry, ruling = await _script_for(interaction, self.event_id)
            if ruling.private:
                raise ContextError("That ruling reveals a hand: it is never posted to the table.")
            channel = _guild_channel(interaction, self.channel_id)
            if channel is None:
                raise ContextError("That channel is not in this server any more.")
            if channel.id == interaction.channel_id:
                await interaction.response.send_message(
                    embed=embed, allowed_mentions=discord.AllowedMentions.none()
                )
                return
            await channel.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())
            await interaction.response.send_message(
                f"Posted to {channel.mention}.", ephemeral=True
            )
        except Exception as exc:
            await report_error(interaction, exc)


def _guild_channel(interaction: discord.Interaction[Any], channel_id: int) -> Any:
    """A text channel (or thread) of this guild, or None."""
    if interaction.guild is None:
        return None
    channel = interaction.guild.get_channel_or_thread(channel_id)
    return channel if isinstance(channel, discord.TextChannel | discord.Thread) else None


# -------------------------------------------------------------------- consultations


class ConsultButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tdbot:consult:(?P<cid>\d+)",
):
    """"See the answer" on the player's own (ephemeral) consultation message."""

    def __init__(self, consultation_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="See the director's answer",
                custom_id=f"{CONSULT_PREFIX}:{consultation_id}",
                style=discord.ButtonStyle.secondary,
            )
        )
        self.consultation_id = consultation_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> ConsultButton:
        return cls(int(match["cid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await show_consultation(interaction, self.consultation_id)
        except Exception as exc:
            await report_error(interaction, exc)


async def show_consultation(interaction: discord.Interaction[Any], consultation_id: int) -> None:
    """The question and answer, to the player who asked or a director who may see the board."""
    club = await club_of(interaction)
    found = await _stored(
        desk_of(interaction).consultation(club.guild_id, _check_id(consultation_id,
                                                                   "consultation"))
    )
    director = is_director(interaction.user, club)
    if found.player_id != interaction.user.id and not director:
        raise ContextError("Only the player who asked and the directors may see a consultation.")
    if director and found.player_id != interaction.user.id:
        board = await storage_of(interaction).board(club.guild_id, found.board_id)
        await refuse_if_blind(interaction, board.session_id, found.board_number)
    embed = discord.Embed(
        title=f"Private consultation #{found.id} (table {found.table_number}, "
              f"board {found.board_number})",
        colour=discord.Colour.dark_grey(),
    )
    embed.add_field(name="Question", value=clean(found.question)[:1024], inline=False)
    embed.add_field(
        name="Director's answer",
        value=clean(found.answer)[:1024] if found.answer else "Not answered yet.",
        inline=False,
    )
    if found.table_note:
        embed.add_field(name="Told to the table", value=clean(found.table_note)[:1024],
                        inline=False)
    await respond(interaction, embed=embed, ephemeral=True)


# ---------------------------------------------------------- re-ruling and void together


class VoidTogetherButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tdbot:voidall:(?P<event_id>\d+)",
):
    """"Void them together": the ruling and the later rulings that depend on it."""

    def __init__(self, event_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Void them together",
                custom_id=f"{VOID_ALL_PREFIX}:{event_id}",
                style=discord.ButtonStyle.danger,
            )
        )
        self.event_id = event_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> VoidTogetherButton:
        return cls(int(match["event_id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            club = await require_director(interaction)
            entry = await entry_of(interaction, self.event_id)
            await refuse_if_blind(interaction, entry.session_id, entry.board_number)
            voided = await _stored(
                desk_of(interaction).void_together(
                    club.guild_id, self.event_id, interaction.user.id, None
                )
            )
            listed = ", ".join(f"#{v}" for v in voided) or "none"
            state = await storage_of(interaction).board_state(club.guild_id, entry.board_id)
            now = "\n".join(f"• {clean(line)}" for line in state.describe()) or "Nothing pending."
            await respond(
                interaction,
                f"Ruling #{self.event_id} voided with the rulings that depended on it "
                f"({listed}).\nBoard {entry.board_number} now:\n{now}",
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except Exception as exc:
            await report_error(interaction, exc)


async def offer_void_together(
    interaction: discord.Interaction[Any], event_id: int, dependents: tuple[int, ...]
) -> None:
    """Say which later rulings depend on this one and offer to void them all at once."""
    view = discord.ui.View(timeout=None)
    view.add_item(VoidTogetherButton(event_id))
    listed = ", ".join(f"#{d}" for d in dependents)
    await respond(
        interaction,
        f"Later rulings on this board depend on ruling #{event_id}: {listed}. "
        "Void them together?",
        view=view,
        ephemeral=True,
    )


async def dependents_or_none(
    interaction: discord.Interaction[Any], event_id: int
) -> tuple[int, ...]:
    """The later rulings that depend on ``event_id`` (none when it cannot be voided at all,
    or when the user is a playing director who has not played its board)."""
    guild_id = interaction.guild_id or 0
    desk = desk_of(interaction)
    try:
        entry = await storage_of(interaction).event(guild_id, event_id)
        if await desk.is_blind(guild_id, interaction.user.id, entry.session_id,
                               entry.board_number):
            return ()
        return await desk.dependents(guild_id, event_id)
    except (NotFound, StorageError):
        return ()


async def rerule(
    interaction: discord.Interaction[Any],
    event_id: int,
    text: str,
    facts: str,
    *,
    score: str | None = None,
    board_played: bool = True,
) -> None:
    """``/ruling amend … facts:``: void the ruling and rule again on the corrected facts, in one
    step; later rulings that depend on it are offered to be voided together."""
    club = await require_director(interaction)
    entry = await entry_of(interaction, event_id)
    await refuse_if_blind(interaction, entry.session_id, entry.board_number)
    changes = parse_changes(facts)
    error = director_error(score, board_played=board_played) if score else None
    desk = desk_of(interaction)
    try:
        done = await desk.rerule(club.guild_id, event_id, interaction.user.id, text, changes,
                                 score=error.score if error else None)
    except DependentRulings as exc:
        view = discord.ui.View(timeout=None)
        view.add_item(VoidTogetherButton(event_id))
        listed = ", ".join(f"#{d}" for d in exc.dependents)
        await respond(
            interaction,
            f"Later rulings depend on ruling #{event_id}: {listed}. Void them together first, "
            "then amend the facts again.",
            view=view,
            ephemeral=True,
        )
        return
    except (NotFound, StorageError) as exc:
        raise ContextError(_sentence(str(exc))) from exc
    new = done.new
    embed = ruling_embed(new.ruling, event_id=new.id, table=entry.table_number,
                         board=entry.board_number)
    lines = [f"Re-ruled: ruling #{event_id} is voided and replaced by ruling #{new.id} "
             f"by {interaction.user.mention}.", clean(text)]
    if done.also_voided:
        lines.append("Also voided: " + ", ".join(f"#{v}" for v in done.also_voided))
    if error:
        lines.append(clean(error.explanation))
    embed.add_field(name="Director's verdict: amended", value="\n".join(lines)[:1024],
                    inline=False)
    await respond(interaction, embed=embed, ephemeral=new.ruling.private,
                  allowed_mentions=discord.AllowedMentions.none())


async def error_amend_or_void(
    interaction: discord.Interaction[Any],
    event_id: int,
    kind: VerdictKind,
    text: str | None,
    score: str,
    board_played: bool,
) -> None:
    """Amend or void a ruling for director error: record the 82C adjusted score with it."""
    club = await require_director(interaction)
    entry = await entry_of(interaction, event_id)
    await refuse_if_blind(interaction, entry.session_id, entry.board_number)
    error = director_error(score, board_played=board_played)
    if kind is VerdictKind.AMENDED and not text:
        raise ContextError("Say how the ruling is amended.")
    desk = desk_of(interaction)
    if kind is VerdictKind.VOIDED:
        dependents = await _stored(desk.dependents(club.guild_id, event_id))
        if dependents:
            await offer_void_together(interaction, event_id, dependents)
            return
    verdict = await _stored(
        desk.verdict_with_score(club.guild_id, event_id, interaction.user.id, kind, text,
                                error.score)
    )
    ruling = Ruling.from_data(entry.ruling)
    embed = ruling_embed(ruling, event_id=entry.id, table=entry.table_number,
                         board=entry.board_number)
    word = verdict.verdict.value
    lines = [f"{word.capitalize()} by {interaction.user.mention}", clean(error.explanation),
             f"Adjusted score: {clean(error.score)}"]
    if text:
        lines.append(clean(text))
    embed.add_field(name=f"Director's verdict: {word} (director error, 82C)",
                    value="\n".join(lines)[:1024], inline=False)
    await respond(interaction, embed=embed, ephemeral=ruling.private,
                  allowed_mentions=discord.AllowedMentions.none())
    channel = _log_channel(interaction, club)
    if channel is not None and not await blind_directors(
        interaction, entry.session_id, entry.board_number
    ):
        try:
            await channel.send(
                f"Ruling #{entry.id} (table {entry.table_number}, board {entry.board_number}) "
                f"{word} for director error (82C) by {interaction.user.mention}: adjusted score "
                f"{clean(error.score)}",
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as exc:
            log.warning("Could not log the 82C verdict on ruling %s: %s", entry.id, exc)


# ----------------------------------------------------------------------------- the cog


class DeskCog(commands.Cog, name="Desk"):
    """The director's desk."""

    consult = app_commands.Group(
        name="consult", description="A private question to the directors.", guild_only=True
    )
    appeal = app_commands.Group(
        name="appeal", description="Appeal a ruling, and the answers to appeals.",
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PostScriptButton, ConsultButton, VoidTogetherButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PostScriptButton, ConsultButton, VoidTogetherButton)

    # ---------------------------------------------------------------------- /script

    @app_commands.command(
        name="script", description="A ruling as the director says it at the table."
    )
    @app_commands.describe(
        id="The ruling's number (in its footer)",
        table_channel="Directors: the table's channel to post it to (default: this channel)",
    )
    @app_commands.guild_only()
    async def script(
        self,
        interaction: discord.Interaction[Any],
        id: app_commands.Range[int, 1, ID_MAX],
        table_channel: discord.TextChannel | None = None,
    ) -> None:
        embed, _, ruling = await _script_for(interaction, id)
        club = await club_of(interaction)
        view = discord.ui.View(timeout=None)
        target = table_channel.id if table_channel is not None else interaction.channel_id
        if target is not None and _guild_channel(interaction, target) is None:
            raise ContextError("Pick a text channel of this server.")
        if is_director(interaction.user, club) and not ruling.private and target is not None:
            view.add_item(PostScriptButton(id, target))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    # ---------------------------------------------------------------------- /consult

    @consult.command(name="ask", description="Ask the directors privately (only they see it).")
    @app_commands.describe(
        question="Your question, e.g. would 2C instead of my 1NT be comparable?",
        table="Table number (default: the table you sit at)",
    )
    async def consult_ask(
        self,
        interaction: discord.Interaction[Any],
        question: app_commands.Range[str, 1, TEXT_MAX],
        table: app_commands.Range[int, 1, 200] | None = None,
    ) -> None:
        text = _bounded(question, "question")
        if text is None:
            raise ContextError("Ask your question.")
        ctx = await table_context(interaction, table)
        desk = desk_of(interaction)
        asked = await _stored(
            desk.consult(ctx.guild_id, interaction.user.id, ctx.board.id,
                         interaction.channel_id, text)
        )
        view = discord.ui.View(timeout=None)
        view.add_item(ConsultButton(asked.id))
        await interaction.response.send_message(
            f"Your question is with the directors (consultation #{asked.id}). Only you and the "
            "directors see it; the table is told only what it must know. Press the button for "
            "the answer.",
            view=view,
            ephemeral=True,
        )
        channel = _log_channel(interaction, ctx.club)
        if channel is None:
            return
        blind = await blind_directors(interaction, ctx.board.session_id, ctx.board.number)
        ping, mentions = await directors_ping(interaction, ctx.club, blind)
        line = (f"{ping}Private consultation #{asked.id}: table {ctx.table.number}, board "
                f"{ctx.board.number}. Read it with /consult show id:{asked.id} and answer with "
                f"/consult answer id:{asked.id}.")
        if blind:
            line += " " + blind_note(blind, ctx.board.number)
        try:
            await channel.send(line, allowed_mentions=mentions)
        except discord.HTTPException as exc:
            log.warning("Could not post consultation %s: %s", asked.id, exc)

    @consult.command(name="show", description="A consultation: its question and answer.")
    @app_commands.describe(id="The consultation's number")
    async def consult_show(
        self, interaction: discord.Interaction[Any], id: app_commands.Range[int, 1, ID_MAX]
    ) -> None:
        await show_consultation(interaction, id)

    @consult.command(name="answer", description="Directors: answer a private consultation.")
    @app_commands.describe(
        id="The consultation's number",
        answer="Your answer to the player (only he and the directors see it)",
        table_note="What the whole table must know, e.g. partner is not barred (optional)",
        laws="The laws, e.g. 23A 27B1(b) (optional)",
    )
    async def consult_answer(
        self,
        interaction: discord.Interaction[Any],
        id: app_commands.Range[int, 1, ID_MAX],
        answer: app_commands.Range[str, 1, TEXT_MAX],
        table_note: app_commands.Range[str, 1, TEXT_MAX] | None = None,
        laws: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        club = await require_director(interaction)
        desk = desk_of(interaction)
        found = await _stored(desk.consultation(club.guild_id, _check_id(id, "consultation")))
        board = await storage_of(interaction).board(club.guild_id, found.board_id)
        await refuse_if_blind(interaction, board.session_id, found.board_number)
        reply = _bounded(answer, "answer")
        if reply is None:
            raise ContextError("Give the answer.")
        note = _bounded(table_note, "note for the table")
        cited = tuple((laws or "").replace(",", " ").split())
        done, recorded = await _stored(
            desk.answer(club.guild_id, id, interaction.user.id, reply, note, cited)
        )
        told = ""
        if note and done.channel_id is not None:
            channel = interaction.client.get_channel(done.channel_id)
            if channel is not None and hasattr(channel, "send"):
                try:
                    await channel.send(
                        f"The director, after a private consultation (table "
                        f"{done.table_number}, board {done.board_number}): {clean(note)}",
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
                    told = " The table has been told your note."
                except discord.HTTPException as exc:
                    log.warning("Could not tell table of consultation %s: %s", done.id, exc)
        await interaction.response.send_message(
            f"Answer recorded in the log as ruling #{recorded.id} (private).{told} The player "
            "sees it with the button on his question.",
            ephemeral=True,
        )

    @consult.command(name="open", description="Directors: consultations not answered yet.")
    async def consult_open(self, interaction: discord.Interaction[Any]) -> None:
        club = await require_director(interaction)
        desk = desk_of(interaction)
        lines = []
        for c in await desk.open_consultations(club.guild_id):
            board = await storage_of(interaction).board(club.guild_id, c.board_id)
            if await desk.is_blind(club.guild_id, interaction.user.id, board.session_id,
                                   c.board_number):
                lines.append(f"**#{c.id}** table {c.table_number}, board {c.board_number}: "
                             "for the deputies (you have not played this board)")
                continue
            lines.append(f"**#{c.id}** table {c.table_number}, board {c.board_number} by "
                         f"<@{c.player_id}>: {clean(c.question)[:120]}")
        await interaction.response.send_message(
            "\n".join(lines) if lines else "No open consultations.", ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # ---------------------------------------------------------------------- /playing

    @app_commands.command(
        name="playing",
        description="Directors: you are playing (seated at a table) or you stop playing.",
    )
    @app_commands.describe(playing="True while you play; false when you stop")
    @app_commands.guild_only()
    async def playing(self, interaction: discord.Interaction[Any], playing: bool) -> None:
        club = await require_director(interaction)
        storage = storage_of(interaction)
        desk = desk_of(interaction)
        if playing:
            seat = await storage.seating(club.guild_id, interaction.user.id)
            if seat is None:
                raise ContextError("Sit at your table first (/sit table seat), then /playing.")
            deputies = (await desk.settings(club.guild_id)).deputy_role_id
            await _stored(desk.set_playing(club.guild_id, interaction.user.id, True))
            text = (f"You are playing at table {seat.table_number}. Calls, consultations and "
                    "log lines about a board you have not played yet go to the deputies; "
                    "the bot shows you nothing about it until you have played it.")
            if deputies is None:
                text += " No deputy role is set: ask an admin for /setup deputy_role."
        else:
            await _stored(desk.set_playing(club.guild_id, interaction.user.id, False))
            text = "You are no longer playing: calls come to you again."
        await interaction.response.send_message(text, ephemeral=True)

    # ---------------------------------------------------------------------- /appeal

    @appeal.command(name="file", description="Appeal a ruling (within the club's deadline).")
    @app_commands.describe(id="The ruling's number", reason="Why you appeal")
    async def appeal_file(
        self,
        interaction: discord.Interaction[Any],
        id: app_commands.Range[int, 1, ID_MAX],
        reason: app_commands.Range[str, 1, TEXT_MAX],
    ) -> None:
        club = await club_of(interaction)
        entry = await entry_of(interaction, id)
        text = _bounded(reason, "reason")
        if text is None:
            raise ContextError("Say why you appeal.")
        if Ruling.from_data(entry.ruling).private and entry.actor_id != interaction.user.id:
            raise ContextError(f"No ruling #{id} you can appeal.")
        filed = await _stored(desk_of(interaction).appeal(club.guild_id, id,
                                                          interaction.user.id, text))
        await interaction.response.send_message(
            f"Appeal #{filed.id} against ruling #{id} is filed (Law 92). The director answers "
            "first; a committee may hear it. /appeal list shows open appeals.",
            ephemeral=True,
        )
        channel = _log_channel(interaction, club)
        if channel is not None:
            blind = await blind_directors(interaction, entry.session_id, entry.board_number)
            ping, mentions = await directors_ping(interaction, club, blind)
            try:
                await channel.send(
                    f"{ping}Appeal #{filed.id} against ruling #{id} (table {entry.table_number}, "
                    f"board {entry.board_number}) by {interaction.user.mention}.",
                    allowed_mentions=mentions,
                )
            except discord.HTTPException as exc:
                log.warning("Could not post appeal %s: %s", filed.id, exc)

    @appeal.command(name="answer", description="Directors: the director's or committee's answer.")
    @app_commands.describe(id="The appeal's number", by="Whose answer", text="The answer")
    async def appeal_answer(
        self,
        interaction: discord.Interaction[Any],
        id: app_commands.Range[int, 1, ID_MAX],
        by: Literal["director", "committee"],
        text: app_commands.Range[str, 1, TEXT_MAX],
    ) -> None:
        club = await require_director(interaction)
        body = _bounded(text, "answer")
        if body is None:
            raise ContextError("Give the answer.")
        found = await _stored(desk_of(interaction).appeal_record(club.guild_id, id))
        entry = await entry_of(interaction, found.event_id)
        await refuse_if_blind(interaction, entry.session_id, entry.board_number)
        done = await _stored(
            desk_of(interaction).answer_appeal(club.guild_id, id, interaction.user.id, by, body)
        )
        await interaction.response.send_message(
            embed=appeal_embed(done), ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @appeal.command(name="decide", description="Directors: close an appeal with its outcome.")
    @app_commands.describe(id="The appeal's number", outcome="The outcome", note="A note")
    async def appeal_decide(
        self,
        interaction: discord.Interaction[Any],
        id: app_commands.Range[int, 1, ID_MAX],
        outcome: Literal["upheld", "changed", "withdrawn"],
        note: app_commands.Range[str, 1, TEXT_MAX] | None = None,
    ) -> None:
        club = await require_director(interaction)
        found = await _stored(desk_of(interaction).appeal_record(club.guild_id, id))
        entry = await entry_of(interaction, found.event_id)
        await refuse_if_blind(interaction, entry.session_id, entry.board_number)
        done = await _stored(
            desk_of(interaction).decide_appeal(club.guild_id, id, interaction.user.id, outcome,
                                               _bounded(note, "note"))
        )
        await interaction.response.send_message(
            embed=appeal_embed(done), allowed_mentions=discord.AllowedMentions.none()
        )

    @appeal.command(name="list", description="Open appeals (or those against one ruling).")
    @app_commands.describe(ruling="Only the appeals against this ruling, open or closed")
    async def appeal_list(
        self,
        interaction: discord.Interaction[Any],
        ruling: app_commands.Range[int, 1, ID_MAX] | None = None,
    ) -> None:
        club = await club_of(interaction)
        desk = desk_of(interaction)
        found = await desk.appeals(club.guild_id, event_id=ruling, open_only=ruling is None)
        if not found:
            await interaction.response.send_message("No appeals.", ephemeral=True)
            return
        await interaction.response.send_message(
            embeds=[appeal_embed(a) for a in found[:10]], ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


def appeal_embed(appeal: Any) -> discord.Embed:
    """An appeal with its answers and outcome (what the club may see: no hands)."""
    state = f"closed: {appeal.outcome}" if appeal.outcome else "open"
    embed = discord.Embed(
        title=f"Appeal #{appeal.id} against ruling #{appeal.event_id} ({state})",
        description=clean(appeal.reason)[:2000],
        colour=discord.Colour.orange(),
    )
    embed.add_field(name="Where", value=f"Table {appeal.table_number}, board "
                                        f"{appeal.board_number}")
    embed.add_field(name="By", value=f"<@{appeal.appellant_id}>")
    if appeal.director_answer:
        embed.add_field(name="Director's answer", value=clean(appeal.director_answer)[:1024],
                        inline=False)
    if appeal.committee_answer:
        embed.add_field(name="Committee's answer", value=clean(appeal.committee_answer)[:1024],
                        inline=False)
    if appeal.outcome_text:
        embed.add_field(name="Outcome", value=clean(appeal.outcome_text)[:1024], inline=False)
    return embed


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DeskCog(bot))

