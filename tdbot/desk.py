"""What the desk's cogs (``cogs/desk/``) share with each other and with the directors' and the
incident cogs: storage access, bounded text, the desk's part of ``/setup``, and the playing
director's blind spot (who may not see a board, and whom a call pings instead)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import discord

from core.authority import AUTHORITIES, deadline_words
from core.editions import edition_title
from core.storage.desk import AppealInfo, ConsultationInfo, Desk
from core.storage.editions import local_today
from core.storage.errors import NotFound
from core.storage.values import ClubSettings, LogEntry
from tdbot.client import TDBot
from tdbot.context import (
    ID_MAX,
    NO_SUCH,
    ContextError,
    check_id,
    club_of,
    is_director,
    keep_to_asker,
    storage_of,
    stored,
)
from tdbot.messages import N_, Locale, localize, say

TEXT_MAX = 1000
#: What a director types on a call or a verdict: notes and texts, reasons, adjusted scores.
NOTE_MAX = 500
REASON_MAX = 500
SCORE_MAX = 200
SCRIPT_PREFIX = "tdbot:script"
CONSULT_PREFIX = "tdbot:consult"
VOID_ALL_PREFIX = "tdbot:voidall"
RERULE_PREFIX = "tdbot:rerule"


def desk_of(interaction: discord.Interaction[TDBot]) -> Desk:
    return Desk(storage_of(interaction))


#: A typed text too long, by what it is (whole sentences).
TOO_LONG = {
    "note": N_("The note is too long ({length} characters; at most {limit})."),
    "note for the table": N_(
        "The note for the table is too long ({length} characters; at most {limit})."
    ),
    "text": N_("The text is too long ({length} characters; at most {limit})."),
    "facts": N_("The facts is too long ({length} characters; at most {limit})."),
    "reason": N_("The reason is too long ({length} characters; at most {limit})."),
    "score": N_("The score is too long ({length} characters; at most {limit})."),
    "adjusted score": N_("The adjusted score is too long ({length} characters; at most {limit})."),
    "question": N_("The question is too long ({length} characters; at most {limit})."),
    "answer": N_("The answer is too long ({length} characters; at most {limit})."),
}


def bounded(text: str | None, what: str, limit: int = TEXT_MAX) -> str | None:
    if text is None or not text.strip():
        return None
    text = text.strip()
    if len(text) > limit:
        if what in TOO_LONG:
            raise ContextError(TOO_LONG[what], length=len(text), limit=limit)
        raise ContextError(f"The {what} is too long ({len(text)} characters; at most {limit}).")
    return text


async def entry_of(interaction: discord.Interaction[TDBot], event_id: int) -> LogEntry:
    guild_id = interaction.guild_id or 0
    try:
        return await storage_of(interaction).event(guild_id, check_id(event_id, "ruling"))
    except NotFound:
        raise ContextError(N_("No ruling #{id} in this club."), id=event_id) from None


#: One answer to a member some board is closed to, whether the ruling does not exist or is
#: on a board he has not played (issue 24): it names no board, so a number tells nothing.
SHUT_RULING = N_("You are playing: ruling #{id} does not exist or is on a board you have not "
                 "played yet, which a deputy director deals with.")
SHUT_RULING_NO_PEEKING = N_("No peeking: ruling #{id} does not exist or is on a board you "
                            "have not played yet (this club shows nothing of it until the "
                            "session ends).")


async def readable_entry(
    interaction: discord.Interaction[TDBot], event_id: int, *, director: bool | None = None,
    at_table: bool = False,
) -> LogEntry:
    """Ruling ``event_id`` for a command that takes its number (``/script``, ``/appeal``,
    ``/report``, ``/ruling``, ``/claim review``): refused when it does not exist or its board
    is closed to the asker (``Desk.ruling_for``), in one line for both when some board is
    closed to him. ``at_table``: a player at the ruling's table may read it (he was there)."""
    guild_id = interaction.guild_id or 0
    if director is None:
        director = is_director(interaction.user, await club_of(interaction))
    if not 1 <= event_id <= ID_MAX:
        entry, shut = None, False
    else:
        entry, shut = await desk_of(interaction).ruling_for(
            guild_id, interaction.user.id, event_id, director=director, at_table=at_table)
    if shut:
        raise ContextError(SHUT_RULING if director else SHUT_RULING_NO_PEEKING, id=event_id)
    if entry is None:
        raise ContextError(N_("No ruling #{id} in this club."), id=event_id)
    return entry


#: The same one answer for a consultation's or an appeal's number (``Desk.consultation_for``,
#: ``Desk.appeal_for``); a director is told to hand it on, as a call on such a board is.
SHUT_CONSULTATION = N_("You are playing: consultation #{id} does not exist or is on a board you "
                       "have not played yet: hand it to a deputy director.")
SHUT_CONSULTATION_NO_PEEKING = N_("No peeking: consultation #{id} does not exist or is on a "
                                  "board you have not played yet (this club shows nothing of "
                                  "it until the session ends).")
SHUT_APPEAL = N_("You are playing: appeal #{id} does not exist or is on a board you have not "
                 "played yet: hand it to a deputy director.")


#: A consultation, an appeal or a call on a board closed to the reader, as a list shows it
#: (``shut``, :func:`core.storage.played.shut`, the rule its number follows): its number
#: alone, naming neither table nor board nor anything of the ruling.
SHUT_LISTED = N_("**#{number}** · a board you have not played yet: for the deputies")
SHUT_APPEAL_LISTED = N_("Appeal #{number} · a board you have not played yet: for the deputies")
SHUT_APPEAL_LISTED_NO_PEEKING = N_("Appeal #{number} · a board you have not played yet")


async def readable_consultation(
    interaction: discord.Interaction[TDBot], consultation_id: int, *, director: bool,
    answering: bool = False,
) -> ConsultationInfo:
    """Consultation ``consultation_id`` for ``/consult show`` and ``answer``: refused as a
    ruling's number is (:func:`readable_entry`) when it does not exist or its board is closed
    to the asker, in one line naming no board; the player who asked reads his own (but does
    not answer it, ``answering``, on a board closed to him)."""
    found, shut = await desk_of(interaction).consultation_for(
        interaction.guild_id or 0, interaction.user.id,
        check_id(consultation_id, "consultation"), director=director, own=not answering)
    if shut:
        raise ContextError(SHUT_CONSULTATION if director else SHUT_CONSULTATION_NO_PEEKING,
                           id=consultation_id)
    if found is None:
        raise ContextError(NO_SUCH["consultation"], id=consultation_id)
    return found


async def actionable_appeal(
    interaction: discord.Interaction[TDBot], appeal_id: int
) -> AppealInfo:
    """Appeal ``appeal_id`` for a director's ``/appeal answer`` or ``decide``: refused as a
    ruling's number is (:func:`readable_entry`) when it does not exist or its board is closed
    to him, in one line naming no board that tells him to hand it to a deputy."""
    found, shut = await desk_of(interaction).appeal_for(
        interaction.guild_id or 0, interaction.user.id, check_id(appeal_id, "appeal"),
        director=True)
    if shut:
        raise ContextError(SHUT_APPEAL, id=appeal_id)
    if found is None:
        raise ContextError(NO_SUCH["appeal"], id=appeal_id)
    return found


async def blind_directors(
    interaction: discord.Interaction[TDBot], session_id: int, board_number: int
) -> tuple[int, ...]:
    return await desk_of(interaction).blind_directors(
        interaction.guild_id or 0, session_id, board_number
    )


def log_channel(
    interaction: discord.Interaction[TDBot], club: ClubSettings
) -> discord.TextChannel | discord.Thread | None:
    """The club's ruling-log channel, if it is set and still exists."""
    if club.log_channel_id is None or interaction.guild is None:
        return None
    channel = interaction.guild.get_channel(club.log_channel_id)
    return channel if isinstance(channel, discord.TextChannel | discord.Thread) else None


async def directors_ping(
    interaction: discord.Interaction[TDBot], club: ClubSettings, blind: tuple[int, ...]
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


BLIND_NOTE = N_(
    "{who} is playing and has not played board {board} yet: the deputies take this; details only "
    "in /{cmd[calls]}, /{cmd[log]} and /{cmd[script]} for directors who have played it."
)


def blind_note(blind: tuple[int, ...], board: int, locale: Locale = None) -> str:
    """Who is playing and may not see the board, for the deputies (in ``locale``: the log
    channel's, the club's language)."""
    who = ", ".join(f"<@{uid}>" for uid in blind)
    return localize(locale, BLIND_NOTE, who=who, board=board)


async def setup_desk(
    interaction: discord.Interaction[TDBot],
    *,
    deputy_role: discord.Role | None,
    appeal_minutes: int | None,
    law_edition: str | None,
    edition_from: str | None,
    appeal_from: str | None = None,
    authority: str | None = None,
    no_peeking: bool | None = None,
) -> list[str]:
    """The desk's part of ``/setup``: deputy rota, regulating authority, appeal deadline,
    edition of the Laws, no peeking."""
    guild_id = interaction.guild_id or 0
    desk = desk_of(interaction)
    if deputy_role is not None and (
        interaction.guild is None or interaction.guild.get_role(deputy_role.id) is None
        or deputy_role.is_default()
    ):
        raise ContextError(N_("Pick a deputy role of this server (not @everyone)."))
    if appeal_minutes is not None and not 0 <= appeal_minutes <= 10080:
        raise ContextError(N_("The appeal deadline is between 0 and 10080 minutes (a week)."))
    if edition_from is not None and law_edition is None:
        raise ContextError(N_("Give the {opt[law_edition]} that applies from that date."))
    if law_edition is not None:
        settings = await club_of(interaction)
        try:
            starts = (
                dt.date.fromisoformat(edition_from.strip())
                if edition_from else local_today(settings.time_zone)
            )
        except ValueError:
            raise ContextError(N_("Write the date as YYYY-MM-DD, e.g. 2027-09-01.")) from None
        await stored(desk.schedule_edition(guild_id, law_edition, starts))
    changes: dict[str, Any] = {}
    if deputy_role is not None:
        changes["deputy_role_id"] = deputy_role.id
    if appeal_minutes is not None:
        changes["appeal_minutes"] = appeal_minutes
    if appeal_from is not None:
        changes["appeal_from"] = appeal_from
    if authority is not None:
        changes["authority_code"] = authority
    if no_peeking is not None:
        changes["no_peeking"] = no_peeking
    settings_now = await stored(desk.update_settings(guild_id, **changes))
    schedule = await desk.edition_schedule(guild_id)
    locale = interaction.locale  # /setup's answer: only the admin sees it

    def _(text: str, **params: Any) -> str:
        return localize(locale, text, **params)

    profile = AUTHORITIES[settings_now.authority]
    lines = [
        _(N_("Deputy role: {role}"), role=f"<@&{settings_now.deputy_role_id}>")
        if settings_now.deputy_role_id else _(N_("Deputy role: none")),
        _(N_("Regulating authority: {title} ({code}; weighted scores allowed)")
          if profile.weighted
          else N_("Regulating authority: {title} ({code}; weighted scores not allowed)"),
          title=say(locale, profile.title), code=settings_now.authority),
        _(N_("Appeals: {deadline}"), deadline=say(locale, deadline_words(
            settings_now.appeal_from, settings_now.appeal_minutes))),
        _(N_("Laws: {edition}"), edition=say(locale, edition_title(schedule.edition_today))),
        _(N_("No peeking: on (a member sees nothing of a board he has not played until the "
             "session ends)")) if settings_now.no_peeking
        else _(N_("No peeking: off (only a playing director is kept from boards he has not "
                  "played)")),
    ]
    today = local_today((await club_of(interaction)).time_zone)
    later = [_(N_("{edition} from {date}"), edition=say(locale, edition_title(e)),
               date=d.isoformat()) for d, e in schedule.changes if d > today]
    if later:
        lines.append(_(N_("Then: {changes}"), changes="; ".join(later)))
    return lines


async def posting_refusal(
    interaction: discord.Interaction[TDBot], channel_id: int | None, table_number: int
) -> ContextError | None:
    """Why a director may not post a ruling of table ``table_number`` in ``channel_id`` for
    all to see: it is the club's log channel (its lines leave out what a playing director may
    not see), or it is bound to another table (``/table channel``), whose players may not
    have played the board yet. None: he may (the table's own channel, or one bound to no
    table that he chose: :func:`tdbot.context.shown_here` is the rule for answers)."""
    if channel_id is None or interaction.guild is None:
        return None
    club = await club_of(interaction)
    if channel_id == club.log_channel_id:
        return ContextError(N_("That is the log channel: a ruling is never posted there. Post "
                               "it to table {table}'s channel."), table=table_number)
    bound = await storage_of(interaction).channel_table(interaction.guild.id, channel_id)
    if bound is None or bound == table_number:
        return None
    return ContextError(N_("That channel is table {other}'s: its players may not have played the "
                           "board of table {table}'s ruling yet. Post it to table {table}'s "
                           "channel."), other=bound, table=table_number)


async def answer_here_or_alone(
    interaction: discord.Interaction[TDBot], table_number: int
) -> bool:
    """A command about a ruling of table ``table_number`` (a verdict) asked where that board
    may not be shown to all (:func:`tdbot.context.shown_here`) is answered to the asker
    alone: marked as :func:`tdbot.context.at_table` marks a table command, and ``respond``
    obeys. Whether it is."""
    return await keep_to_asker(interaction, await club_of(interaction), table_number)
