"""What ``/ruling amend`` and ``/ruling void`` hand to the desk: re-ruling on corrected facts
(the board re-ruled from the corrected incident, shown before/after and confirmed with a
button), director error (Law 82C) with its adjusted score, and voiding a ruling with those that
depend on it (the button)."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from core.corrected_facts import parse_changes
from core.laws.director_error import DirectorError, director_error
from core.ruling import Ruling
from core.storage.desk import Rerule, RerulePlan
from core.storage.errors import NotFound, StorageError
from core.storage.values import ClubSettings, VerdictKind
from core.view import view_of
from tdbot.answers import defer, report_error, respond, sentence
from tdbot.client import TDBot
from tdbot.context import (
    ContextError,
    require_director,
    storage_of,
    stored,
)
from tdbot.desk import (
    VOID_ALL_PREFIX,
    blind_directors,
    desk_of,
    entry_of,
    is_blind_here,
    log_channel,
    refuse_if_blind,
)
from tdbot.messages import N_
from tdbot.render import DESCRIPTION_MAX, clean, cut, post_ruling, ruling_embed, seat_waiting

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
            lines = view_of(state).lines()
            now = "\n".join(f"• {clean(line)}" for line in lines) or "Nothing pending."
            await respond(
                interaction,
                f"Ruling #{self.event_id} voided with the rulings that depended on it "
                f"({listed}).\nBoard {entry.board_number} now:\n{now}\nTo rule it again on "
                f"corrected facts: /ruling amend id:{self.event_id} text:… facts:…",
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
        if await is_blind_here(interaction, entry.session_id, entry.board_number):
            return ()
        return await desk.dependents(guild_id, event_id)
    except (NotFound, StorageError):
        return ()


#: How long the director has to confirm a re-ruling he was shown.
CONFIRM_SECONDS = 600.0


def correction_embed(plan: RerulePlan) -> discord.Embed:
    """The before/after of a re-ruling, for the director to confirm: the corrected incident,
    each later event of the board, and the board as it will stand."""
    fix = plan.correction
    lines = [f"**Before:** {clean(fix.target.ruling.summary)}",
             f"**After:** {clean(fix.after.summary)}"]
    if fix.later:
        lines.append(f"**Then on board {plan.board_number}, ruled again in order:**")
    for redone in fix.later:
        before = clean(redone.before.summary)
        if redone.after is None:
            lines.append(f"• #{redone.id}: {before}\n  → voided: {clean(redone.reason)}")
        elif redone.changed:
            lines.append(f"• #{redone.id}: {before}\n  → {clean(redone.after.summary)}")
        else:
            lines.append(f"• #{redone.id}: {before} (unchanged)")
    state = view_of(fix.state).lines() or ["Nothing pending."]
    lines.append(f"**Board {plan.board_number} afterwards:**")
    lines += [f"• {clean(line)}" for line in state]
    embed = discord.Embed(
        title=f"Amend ruling #{fix.target.id}: re-rule the board from it?",
        description=cut("\n".join(lines), DESCRIPTION_MAX),
        colour=discord.Colour.orange(),
    )
    embed.set_footer(text=f"Table {plan.table_number} · Board {plan.board_number} · nothing is "
                          "written until you confirm")
    return embed


class ConfirmRerule(discord.ui.View):
    """"Re-rule the board" or "Cancel" under the before/after; only the director who amended
    may press, once, within :data:`CONFIRM_SECONDS`."""

    def __init__(self, plan: RerulePlan, owner_id: int, text: str, changes: dict[str, str],
                 error: DirectorError | None) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.plan, self.owner_id, self.text, self.changes, self.error = (
            plan, owner_id, text, changes, error)

    async def interaction_check(
        self,
        interaction: discord.Interaction[TDBot],  # type: ignore[override]  # unbound ClientT
    ) -> bool:
        if interaction.user.id != self.owner_id:
            await interaction.response.send_message(
                "Only the director who amended this ruling can confirm it.", ephemeral=True)
            return False
        return True

    async def on_error(
        self,
        interaction: discord.Interaction[TDBot],  # type: ignore[override]  # unbound ClientT
        error: Exception,
        item: discord.ui.Item[Any],
    ) -> None:
        await report_error(interaction, error)

    @discord.ui.button(label="Re-rule the board", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction[TDBot], button: discord.ui.Button[Any]
    ) -> None:
        self.stop()
        await defer(interaction)
        club = await require_director(interaction)
        event_id = self.plan.correction.target.id
        done = await stored(desk_of(interaction).rerule(
            club.guild_id, event_id, interaction.user.id, self.text, self.changes,
            last_seq=self.plan.last_seq, score=self.error.score if self.error else None,
        ), ruling_id=event_id)
        await respond(interaction, embed=rerule_embed(done, self.plan, interaction, self.text,
                                                      self.error),
                      ephemeral=done.new.ruling.private,
                      allowed_mentions=discord.AllowedMentions.none())
        await note_rerule(interaction, club, done, self.plan)
        # a choice the re-ruling leaves waiting gets its buttons again
        for _, copy in done.carried:
            again = await storage_of(interaction).recorded(club.guild_id, copy)
            if not again.ruling.private and seat_waiting(again.ruling, done.new.state):
                await post_ruling(interaction, again, table=self.plan.table_number,
                                  board=self.plan.board_number)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction[TDBot], button: discord.ui.Button[Any]
    ) -> None:
        self.stop()
        await respond(interaction, "Nothing was changed.", ephemeral=True)


async def note_rerule(interaction: discord.Interaction[TDBot], club: ClubSettings,
                      done: Rerule, plan: RerulePlan) -> None:
    """One line in the club's log channel: which rulings the correction replaced or voided."""
    channel = log_channel(interaction, club)
    if channel is None or await blind_directors(interaction, plan.session_id,
                                                 plan.board_number):
        return  # a playing director reads that channel: no word of a board he has not played
    line = (f"Ruling #{done.old_id} (table {plan.table_number}, board {plan.board_number}) "
            f"re-ruled as #{done.new.id} by {interaction.user.mention}")
    if done.carried:
        line += "; ruled again after it: " + ", ".join(f"#{a} → #{b}" for a, b in done.carried)
    if done.also_voided:
        line += "; voided, no longer applying: " + ", ".join(f"#{v}" for v in done.also_voided)
    try:
        await channel.send(line[:2000], allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.warning("Could not log the re-ruling of ruling %s: %s", done.old_id, exc)


def rerule_embed(done: Rerule, plan: RerulePlan, interaction: discord.Interaction[TDBot],
                 text: str, error: DirectorError | None) -> discord.Embed:
    """The corrected ruling as the table sees it, with what became of the later events."""
    new = done.new
    embed = ruling_embed(new.ruling, event_id=new.id, table=plan.table_number,
                         board=plan.board_number)
    lines = [f"Re-ruled: ruling #{done.old_id} is voided and replaced by ruling #{new.id} "
             f"by {interaction.user.mention}.", clean(text)]
    if done.carried:
        lines.append("Ruled again after it: " + ", ".join(
            f"#{old} → #{copy}" for old, copy in done.carried))
    if done.also_voided:
        lines.append("No longer applies, voided: " + ", ".join(
            f"#{v}" for v in done.also_voided))
    if error:
        lines.append(clean(error.explanation))
    embed.add_field(name="Director's verdict: amended", value="\n".join(lines)[:1024],
                    inline=False)
    return embed


async def rerule(
    interaction: discord.Interaction[TDBot],
    event_id: int,
    text: str,
    facts: str,
    *,
    score: str | None = None,
    board_played: bool = True,
) -> None:
    """``/ruling amend … facts:``: show the director the board re-ruled from the corrected
    incident (before/after, nothing written) and re-rule it when he confirms."""
    await defer(interaction, ephemeral=True)
    club = await require_director(interaction)
    entry = await entry_of(interaction, event_id)
    await refuse_if_blind(interaction, entry.session_id, entry.board_number)
    changes = parse_changes(facts)
    error = None
    if score:
        settings = await desk_of(interaction).settings(club.guild_id)
        error = director_error(score, board_played=board_played,
                               authority_code=settings.authority)
    try:
        plan = await desk_of(interaction).preview_rerule(club.guild_id, event_id, changes)
    except (NotFound, StorageError) as exc:
        raise ContextError(sentence(str(exc))) from exc
    view = ConfirmRerule(plan, interaction.user.id, text, changes, error)
    await respond(interaction, embed=correction_embed(plan), view=view, ephemeral=True,
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
        raise ContextError(N_("Say how the ruling is amended."))
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
