"""The verdicts on logged rulings: ``/ruling confirm|amend|void|adjust``, for directors only.

A verdict is noted in the club's log channel (nobody is pinged); what a director typed (notes,
reasons, scores) is length-bounded and escaped when echoed. Re-ruling on corrected facts,
director error and voiding together are in :mod:`tdbot.verdicts`.
"""


from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.laws.director_error import adjusted_score
from core.ruling import Ruling
from core.storage.desk import Desk
from core.storage.values import Verdict, VerdictKind
from core.view import view_of
from tdbot.answers import defer, respond
from tdbot.client import TDBot
from tdbot.context import (
    ID_MAX,
    ContextError,
    check_id,
    require_director,
    storage_of,
    stored,
)
from tdbot.desk import (
    NOTE_MAX,
    REASON_MAX,
    SCORE_MAX,
    answer_here_or_alone,
    bounded,
    readable_entry,
)
from tdbot.hands import deal_beside_ruling
from tdbot.limits import directors_cooldown
from tdbot.messages import N_, localize, reader_locale
from tdbot.render import (
    VERDICT_FIELDS,
    cut,
    ruling_embed,
    verdict_line,
)
from tdbot.verdicts import (
    board_lines,
    dependents_or_none,
    error_amend_or_void,
    log_verdict,
    offer_void_together,
    rerule,
)


class Rulings(commands.Cog):
    """Directors' verdicts on logged rulings."""

    ruling = app_commands.Group(
        name="ruling",
        description="Directors: confirm, amend, void or adjust a logged ruling.",
        guild_only=True,
    )

    @ruling.command(name="confirm", description="Directors: confirm a logged ruling.")
    @app_commands.describe(id="The ruling's number (in its footer)", note="A note (optional)")
    @directors_cooldown
    async def confirm(
        self,
        interaction: discord.Interaction[TDBot],
        id: app_commands.Range[int, 1, ID_MAX],
        note: app_commands.Range[str, 1, NOTE_MAX] | None = None,
    ) -> None:
        text = bounded(note, "note", NOTE_MAX)
        await self._verdict(
            interaction,
            id,
            lambda s, g, d: s.confirm(g, id, d, text, interaction_id=interaction.id),
            note=text,
        )

    @ruling.command(name="amend", description="Directors: amend a logged ruling.")
    @app_commands.describe(
        id="The ruling's number (in its footer)",
        text="How the ruling changes",
        facts="Corrected facts, re-ruled at once, e.g. cards=SQ how=deliberate (optional)",
        director_error="The adjusted score when the ruling was wrong (82C), e.g. 4HS=",
        board_played="For director error: was the board played? (default: yes)",
    )
    @directors_cooldown
    async def amend(
        self,
        interaction: discord.Interaction[TDBot],
        id: app_commands.Range[int, 1, ID_MAX],
        text: app_commands.Range[str, 1, NOTE_MAX],
        facts: app_commands.Range[str, 1, NOTE_MAX] | None = None,
        director_error: app_commands.Range[str, 1, SCORE_MAX] | None = None,
        board_played: bool | None = None,
    ) -> None:
        body = bounded(text, "text", NOTE_MAX)
        if body is None:
            raise ContextError(N_("Say how the ruling is amended."))
        check_id(id)
        score = bounded(director_error, "adjusted score", SCORE_MAX)
        corrected = bounded(facts, "facts", NOTE_MAX)
        if corrected is not None:
            await rerule(interaction, id, body, corrected, score=score,
                              board_played=board_played is not False)
            return
        if score is not None or board_played is not None:
            if score is None:
                raise ContextError(N_("Give the adjusted score for director error (82C)."))
            await error_amend_or_void(interaction, id, VerdictKind.AMENDED, body, score,
                                           board_played is not False)
            return
        await self._verdict(
            interaction,
            id,
            lambda s, g, d: s.amend(g, id, d, body, interaction_id=interaction.id),
            note=body,
        )

    @ruling.command(
        name="void",
        description="Directors: void a logged ruling (the board is rebuilt without it).",
    )
    @app_commands.describe(
        id="The ruling's number (in its footer)",
        reason="Why (optional)",
        director_error="The adjusted score when the ruling was wrong (82C), e.g. A+/A+",
        board_played="For director error: was the board played? (default: yes)",
    )
    @directors_cooldown
    async def void(
        self,
        interaction: discord.Interaction[TDBot],
        id: app_commands.Range[int, 1, ID_MAX],
        reason: app_commands.Range[str, 1, REASON_MAX] | None = None,
        director_error: app_commands.Range[str, 1, SCORE_MAX] | None = None,
        board_played: bool | None = None,
    ) -> None:
        text = bounded(reason, "reason", REASON_MAX)
        check_id(id)
        score = bounded(director_error, "adjusted score", SCORE_MAX)
        if score is not None or board_played is not None:
            if score is None:
                raise ContextError(N_("Give the adjusted score for director error (82C)."))
            await error_amend_or_void(interaction, id, VerdictKind.VOIDED, text, score,
                                           board_played is not False)
            return
        try:
            await self._verdict(
                interaction,
                id,
                lambda s, g, d: s.void(g, id, d, text, interaction_id=interaction.id),
                note=text,
            )
        except ContextError:
            dependents = await dependents_or_none(interaction, id)
            if not dependents:
                raise
            await offer_void_together(interaction, id, dependents)

    @ruling.command(
        name="adjust", description="Directors: give an adjusted score for a logged ruling."
    )
    @app_commands.describe(
        id="The ruling's number (in its footer)",
        score="The adjusted score, e.g. 4HS=, 60%/40%, 60% 4HS=, 40% 4HS-1 (see README)",
        note="A note (optional)",
    )
    @directors_cooldown
    async def adjust(
        self,
        interaction: discord.Interaction[TDBot],
        id: app_commands.Range[int, 1, ID_MAX],
        score: app_commands.Range[str, 1, SCORE_MAX],
        note: app_commands.Range[str, 1, NOTE_MAX] | None = None,
    ) -> None:
        value = bounded(score, "score", SCORE_MAX)
        if value is None:
            raise ContextError(N_("Give the adjusted score."))
        await defer(interaction)
        club = await require_director(interaction)
        settings = await Desk(storage_of(interaction)).settings(club.guild_id)
        value = adjusted_score(value, settings.authority).text()  # one clear line if bad
        text = bounded(note, "note", NOTE_MAX)
        await self._verdict(
            interaction,
            id,
            lambda s, g, d: s.adjust(g, id, d, value, text, interaction_id=interaction.id),
            note=text,
        )

    async def _verdict(
        self,
        interaction: discord.Interaction[TDBot],
        event_id: int,
        action: Callable[[Any, int, int], Awaitable[Verdict]],
        *,
        note: str | None,
    ) -> None:
        await defer(interaction)
        check_id(event_id)
        club = await require_director(interaction)
        storage = storage_of(interaction)
        guild_id = club.guild_id
        await readable_entry(interaction, event_id, director=True)  # ours, and open to him?
        verdict = await stored(action(storage, guild_id, interaction.user.id), ruling_id=event_id)
        entry = await stored(storage.event(guild_id, event_id), ruling_id=event_id)
        ruling = Ruling.from_data(entry.ruling)
        alone = await answer_here_or_alone(interaction, entry.table_number)
        locale = reader_locale(interaction, club.language, ephemeral=ruling.private or alone)
        embed = ruling_embed(
            ruling, event_id=entry.id, table=entry.table_number, board=entry.board_number,
            locale=locale,
        )
        embed.add_field(
            name=localize(locale, VERDICT_FIELDS[verdict.verdict]),
            value=cut(verdict_line(verdict, interaction.user.mention, locale)),
            inline=False,
        )
        if verdict.verdict is VerdictKind.VOIDED:
            state = await storage.board_state(guild_id, entry.board_id)
            embed.add_field(
                name=localize(locale, N_("Board {board} now"), board=entry.board_number),
                value=cut(board_lines(locale, view_of(state).lines())),
                inline=False,
            )
        await respond(
            interaction,
            embed=embed,
            ephemeral=ruling.private,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if entry.incident == "revoke" or verdict.adjusted_score:  # 64C, 12C1: the bounds
            why = N_("Law 12C1, the adjusted score") if verdict.adjusted_score else N_("Law 64C")
            await deal_beside_ruling(interaction, entry.session_id, entry.board_number, why)
        await log_verdict(interaction, club, entry, verdict.verdict, note,
                          score=verdict.adjusted_score)
