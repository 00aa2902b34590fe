"""What ``/ruling amend`` and ``/ruling void`` hand to the desk: re-ruling on corrected facts,
director error (Law 82C) with its adjusted score, and voiding a ruling with those that depend
on it (the button)."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from cogs.context import (
    ContextError,
    require_director,
    storage_of,
    stored,
)
from cogs.desk_common import (
    VOID_ALL_PREFIX,
    blind_directors,
    desk_of,
    entry_of,
    log_channel,
    refuse_if_blind,
)
from cogs.render import clean, ruling_embed
from cogs.tdbot import TDBot, defer, report_error, respond, sentence
from core.corrected_facts import parse_changes
from core.laws.director_error import director_error
from core.ruling import Ruling
from core.storage.desk import DependentRulings
from core.storage.errors import NotFound, StorageError
from core.storage.values import VerdictKind

log = logging.getLogger(__name__)


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
        cls,
        interaction: discord.Interaction[TDBot],  # type: ignore[override]  # unbound ClientT
        item: Any,
        match: re.Match[str],
    ) -> VoidTogetherButton:
        return cls(int(match["event_id"]))

    async def callback(
        self,
        interaction: discord.Interaction[TDBot],  # type: ignore[override]  # unbound ClientT
    ) -> None:
        try:
            await defer(interaction)
            club = await require_director(interaction)
            entry = await entry_of(interaction, self.event_id)
            await refuse_if_blind(interaction, entry.session_id, entry.board_number)
            voided = await stored(
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
    interaction: discord.Interaction[TDBot], event_id: int, dependents: tuple[int, ...]
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
    interaction: discord.Interaction[TDBot], event_id: int
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
    interaction: discord.Interaction[TDBot],
    event_id: int,
    text: str,
    facts: str,
    *,
    score: str | None = None,
    board_played: bool = True,
) -> None:
    """``/ruling amend … facts:``: void the ruling and rule again on the corrected facts, in one
    step; later rulings that depend on it are offered to be voided together."""
    await defer(interaction)
    club = await require_director(interaction)
    entry = await entry_of(interaction, event_id)
    await refuse_if_blind(interaction, entry.session_id, entry.board_number)
    changes = parse_changes(facts)
    error = None
    if score:
        settings = await desk_of(interaction).settings(club.guild_id)
        error = director_error(score, board_played=board_played,
                               authority_code=settings.authority)
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
        raise ContextError(sentence(str(exc))) from exc
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
    interaction: discord.Interaction[TDBot],
    event_id: int,
    kind: VerdictKind,
    text: str | None,
    score: str,
    board_played: bool,
) -> None:
    """Amend or void a ruling for director error: record the 82C adjusted score with it."""
    await defer(interaction)
    club = await require_director(interaction)
    entry = await entry_of(interaction, event_id)
    await refuse_if_blind(interaction, entry.session_id, entry.board_number)
    settings = await desk_of(interaction).settings(club.guild_id)
    error = director_error(score, board_played=board_played, authority_code=settings.authority)
    if kind is VerdictKind.AMENDED and not text:
        raise ContextError("Say how the ruling is amended.")
    desk = desk_of(interaction)
    if kind is VerdictKind.VOIDED:
        dependents = await stored(desk.dependents(club.guild_id, event_id))
        if dependents:
            await offer_void_together(interaction, event_id, dependents)
            return
    verdict = await stored(
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
    channel = log_channel(interaction, club)
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
