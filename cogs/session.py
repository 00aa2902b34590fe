"""``/session start`` and ``/session end``: a director opens and closes the club's game.

Nobody has to: a new session starts by itself at the first command after the club's session
gap (``/setup session_gap``). Starting one keeps the seats taken that club day, and names the
players it keeps. Ending a session ends its boards and frees its seats; its rulings stay in the
log, dated when they were made.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.authority import SCORES_PUBLISHED, deadline_words
from core.storage.desk import Desk
from core.storage.values import SessionStart
from tdbot.answers import defer, respond
from tdbot.boards import ended_line
from tdbot.client import TDBot
from tdbot.context import ContextError, in_time, require_director, storage_of
from tdbot.hands import import_hands
from tdbot.messages import N_, Locale, localize, say
from tdbot.render import clean, seat_letter


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
            interaction, storage_of(interaction).begin_session(club.guild_id, name)
        )
        told = [discord.Object(seat.user_id) for seat in started.seats]  # these, nobody else
        for part in start_messages(started, locale=club.language):
            await respond(interaction, part, allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=told))

    @session.command(name="end", description="Directors: end the session (its boards and seats).")
    async def end(self, interaction: discord.Interaction[TDBot]) -> None:
        await defer(interaction)
        club = await require_director(interaction)
        ended = await in_time(interaction, storage_of(interaction).end_session(club.guild_id))
        if ended is None:
            raise ContextError(N_("No session is in play: it has already ended."))
        info, boards = ended
        locale = club.language  # a public answer: the club's language
        lines = [
            localize(locale, N_("Session **{name}** of {date} has ended: all seats are free, "
                                "and the next command starts a new session."),
                     name=clean(info.name), date=info.date.isoformat()),
        ]
        lines += [
            localize(locale, N_("Table {table}: {ended}"), table=b.table_number,
                     ended=ended_line(b, locale))
            for b in boards
            if b.state.phase.value != "finished"
        ]
        await respond(interaction, "\n".join(lines)[:2000])

    @session.command(
        name="scores-published",
        description="Directors: the session's official scores are published (appeal deadline).",
    )
    @app_commands.describe(
        session="The session's number (/log search shows it; default: the latest session)"
    )
    async def scores_published(
        self,
        interaction: discord.Interaction[TDBot],
        session: app_commands.Range[int, 1, 2**53 - 1] | None = None,
    ) -> None:
        club = await require_director(interaction)
        desk = Desk(storage_of(interaction))
        published = await in_time(interaction, desk.publish_scores(club.guild_id, session))
        settings = await desk.settings(club.guild_id)
        locale = club.language  # a public answer: the club's language
        rule = say(locale, deadline_words(settings.appeal_from, settings.appeal_minutes))
        if settings.appeal_from == SCORES_PUBLISHED:
            text = (N_("The scores of session {session} were already published ({time}): "
                       "appeals {rule}.") if published.repeated else
                    N_("The scores of session {session} are published ({time}): appeals "
                       "{rule}."))
        else:
            text = (N_("The scores of session {session} were already published ({time}): "
                       "appeals {rule} (the club's appeal deadline runs from the end of the "
                       "session, not from this).") if published.repeated else
                    N_("The scores of session {session} are published ({time}): appeals {rule} "
                       "(the club's appeal deadline runs from the end of the session, not from "
                       "this)."))
        await respond(interaction, localize(
            locale, text, session=published.session_id,
            time=discord.utils.format_dt(published.at, "f"), rule=rule),
            ephemeral=published.repeated)  # said already: nothing new for the channel

    @session.command(name="hands", description="Directors: the session's hand records (PBN).")
    @app_commands.describe(file="The PBN file from the dealing or scoring program")
    async def hands(
        self, interaction: discord.Interaction[TDBot], file: discord.Attachment
    ) -> None:
        await import_hands(interaction, file)


def start_messages(
    started: SessionStart, limit: int = 2000, locale: Locale = None
) -> list[str]:
    """The answer to ``/session start``, in messages of at most ``limit`` characters: each
    player whose seat it keeps is named (pinged), so nobody learns of it only when a command
    says "You are not sitting anywhere"."""
    info = started.session
    fields: dict[str, Any] = {"name": clean(info.name), "date": info.date.isoformat(),
                              "id": info.id}
    if not started.seats:
        return [localize(locale, N_("Session **{name}** of {date} has started (/{cmd[log search]} "
                                    "{opt[session]}:{id}): every table starts empty and every seat "
                                    "is free."), **fields)]
    if started.moved:
        head = N_("Session **{name}** of {date} has started (/{cmd[log search]} "
                  "{opt[session]}:{id}): the session before it has ended, and the seats taken "
                  "today move to the same tables of this one; /{cmd[stand]} frees a seat.")
    else:
        head = N_("Session **{name}** of {date} has started (/{cmd[log search]} "
                  "{opt[session]}:{id}): the seats taken today are kept; /{cmd[stand]} frees a "
                  "seat.")
    lines = [localize(locale, head, **fields)]
    for seat in sorted(started.seats, key=lambda s: (s.table_number, "NESW".index(s.seat.value))):
        lines.append(localize(locale, N_("Table {table} {seat}: {member}"),
                              table=seat.table_number, seat=seat_letter(locale, seat.seat),
                              member=f"<@{seat.user_id}>"))
    parts = [""]
    for line in lines:
        if parts[-1] and len(parts[-1]) + len(line) + 1 > limit:
            parts.append("")
        parts[-1] = f"{parts[-1]}\n{line}" if parts[-1] else line[:limit]
    return parts


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Session())
