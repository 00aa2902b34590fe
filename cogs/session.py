"""``/session start`` and ``/session end``: a director opens and closes the club's game.

Nobody has to: a new session starts by itself at the first command after the club's session
gap (``/setup session_gap``). Ending a session ends its boards and frees its seats; its rulings
stay in the log, dated when they were made.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.boards import ended_line
from cogs.context import ContextError, in_time, require_director, storage_of
from cogs.render import clean
from cogs.tdbot import TDBot, defer, respond


class Session(commands.Cog):
    """The club's session: one game (an evening's pairs)."""

    session = app_commands.Group(
        name="session", description="Directors: start or end the club's session.", guild_only=True
    )

    @session.command(name="start", description="Directors: start a new session now.")
    @app_commands.describe(name="A name for it, e.g. Monday pairs (default: Session)")
    async def start(
        self,
        interaction: discord.Interaction[TDBot],
        name: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await defer(interaction)
        club = await require_director(interaction)
        started = await in_time(
            interaction,
            storage_of(interaction).start_session(
                club.guild_id, name, fresh=True, interaction_id=interaction.id
            ),
        )
        if not started.started_here:
            raise ContextError(
                f"Session **{clean(started.name)}** has just been started by another director "
                f"(/log search session:{started.id}): it is the one in play. To start another, "
                "run /session start again in a minute."
            )
        await respond(
            interaction,
            f"Session **{clean(started.name)}** of {started.date.isoformat()} has started "
            f"(/log search session:{started.id}): every table starts empty and every seat is "
            "free.",
        )

    @session.command(name="end", description="Directors: end the session (its boards and seats).")
    async def end(self, interaction: discord.Interaction[TDBot]) -> None:
        await defer(interaction)
        club = await require_director(interaction)
        ended = await in_time(interaction, storage_of(interaction).end_session(club.guild_id))
        if ended is None:
            raise ContextError("No session is in play: it has already ended.")
        info, boards = ended
        lines = [
            f"Session **{clean(info.name)}** of {info.date.isoformat()} has ended: all seats "
            "are free, and the next command starts a new session.",
        ]
        lines += [
            f"Table {b.table_number}: {ended_line(b)}"
            for b in boards
            if b.state.phase.value != "finished"
        ]
        await respond(interaction, "\n".join(lines)[:2000])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Session())
