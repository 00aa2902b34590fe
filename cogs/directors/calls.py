"""The directors' ``/setup`` and calling the director: the "Call the director" button and
``/director``, "Take it", ``/calls``.

The buttons are :class:`discord.ui.DynamicItem` s keyed by their ``custom_id``
(``tdbot:call:<event_id>``, ``tdbot:take:<call_id>``), so they keep working after a restart.
Everything a user typed (notes) is length-bounded and escaped when echoed, and the only thing
this cog ever pings is the club's director role, in the log channel.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import re
import zoneinfo
from collections import OrderedDict
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from core.storage.limits import CALLS, Limit
from core.storage.values import ClubSettings, DirectorCallInfo, Reader
from tdbot.answers import defer, edit_pressed, respond
from tdbot.buttons import PressButton
from tdbot.client import TDBot
from tdbot.context import (
    ID_MAX,
    ContextError,
    NotDirector,
    check_id,
    club_of,
    guild_id_of,
    is_director,
    require_director,
    storage_of,
    stored,
)
from tdbot.desk import (
    NOTE_MAX,
    SHUT_LISTED,
    blind_directors,
    blind_note,
    bounded,
    directors_ping,
    log_channel,
    setup_desk,
)
from tdbot.limits import directors_cooldown
from tdbot.messages import N_, Locale, localize
from tdbot.pages import line_embeds, send_pages
from tdbot.render import (
    CALL_LABEL,
    call_custom_id,
    call_embed,
    call_where,
    channel_url,
    clean,
    cut,
)

log = logging.getLogger(__name__)

#: The club's language for public messages (``/setup language:``): English or a shipped one,
#: each named in its own language.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "nl": "Nederlands", "de": "Deutsch"}
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code)
                    for code, name in LANGUAGE_NAMES.items()]

TAKE_PREFIX = "tdbot:take"
#: The line above a director call's embed in the log channel (after the ping).
CALL_LINE = N_("Director call #{id}: {where}")
NO_LOG_CHANNEL = N_(
    "No log channel is set up, so no director was pinged: ask an admin to run /{cmd[setup]}. "
    "Your call (#{id}) is recorded and directors see it in /{cmd[calls]}."
)
LOG_CHANNEL_GONE = N_(
    "The log channel set with /{cmd[setup]} no longer exists, so no director was pinged: ask an "
    "admin to run /{cmd[setup]} again. Your call (#{id}) is recorded and directors see it in "
    "/{cmd[calls]}."
)
JOINED_CALL = N_(
    "A director has already been called to {where} (call #{id}); your call joins it, "
    "so nobody is pinged again."
)
TAKE_LABEL = N_("Take it")
TAKEN_LABEL = N_("Taken by {name}")
#: A member may start a new director call at most once in this many seconds.
CALL_COOLDOWN = 30.0



def take_custom_id(call_id: int) -> str:
    return f"{TAKE_PREFIX}:{call_id}"


def call_message(
    call: DirectorCallInfo, embeds: list[discord.Embed], holder: discord.abc.User | None,
    locale: Locale, *, handed: bool = False,
) -> dict[str, Any]:
    """The call's message in the log channel as the stored ``call`` stands now (taken, handed
    to ``holder``, or back in the queue), in the club's language (``locale``): the line, the
    "Taken by" field (the holder's only: the one before is gone) and the button. ``holder`` is
    the member who has it (``call.claimed_by``), None when nobody does. Every path that changes
    who has a call shows it with this, so the queue never sends two directors to a table."""
    label = localize(locale, N_("Taken by"))
    shown = []
    for embed in embeds:
        embed = embed.copy()
        kept = [f for f in embed.fields if f.name != label]
        embed.clear_fields()
        for f in kept:
            embed.add_field(name=f.name, value=f.value, inline=f.inline)
        shown.append(embed)
    name = cut(holder.display_name, 60) if holder is not None and call.claimed_by else None
    where = call_where(call, locale)
    if name is None:
        content = localize(locale, N_("Director call #{id}: {where}, back in the queue."),
                           id=call.id, where=where)
    else:
        if shown:
            when = discord.utils.format_dt(call.claimed_at, "R") if call.claimed_at else ""
            shown[0].add_field(name=label, value=f"<@{call.claimed_by}> {when}".strip(),
                               inline=False)
        content = localize(locale, N_("Director call #{id}: {where}, handed to {name}.") if handed
                           else N_("Director call #{id}: {where}, taken by {name}."),
                           id=call.id, where=where, name=clean(name))
    view = discord.ui.View(timeout=None)
    view.add_item(TakeButton(call.id, taken_by=name, locale=locale))
    return {"content": content, "embeds": shown, "view": view}


# ------------------------------------------------------------------------------ the call buttons


class CallButton(
    PressButton,
    template=r"tdbot:call:(?P<event_id>\d+)",
):
    """ "Call the director" on a ruling: any member of the guild may press it."""

    def __init__(self, event_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=CALL_LABEL,
                custom_id=call_custom_id(event_id),
                style=discord.ButtonStyle.danger,
            )
        )
        self.event_id = event_id

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> CallButton:
        return cls(int(match["event_id"]))

    async def pressed(self, interaction: discord.Interaction[TDBot]) -> None:
        cog = _cog(interaction)
        await cog.call(interaction, event_id=check_id(self.event_id))


class TakeButton(
    PressButton,
    template=r"tdbot:take:(?P<call_id>\d+)",
):
    """ "Take it" on a call in the log channel: a director claims the call."""

    def __init__(
        self, call_id: int, *, taken_by: str | None = None, locale: Locale = None
    ) -> None:
        # on the call's message in the log channel: the club's language (``locale``)
        super().__init__(
            discord.ui.Button(
                label=localize(locale, TAKEN_LABEL, name=taken_by)[:80] if taken_by
                else localize(locale, TAKE_LABEL),
                custom_id=take_custom_id(call_id),
                style=discord.ButtonStyle.secondary if taken_by else discord.ButtonStyle.success,
                disabled=taken_by is not None,
            )
        )
        self.call_id = call_id

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> TakeButton:
        return cls(int(match["call_id"]))

    async def pressed(self, interaction: discord.Interaction[TDBot]) -> None:
        await _cog(interaction).take(interaction, check_id(self.call_id, "call"))


def _cog(interaction: discord.Interaction[TDBot]) -> Directors:
    cog = interaction.client.get_cog("Directors")
    if not isinstance(cog, Directors):
        raise RuntimeError("the Directors cog is not loaded")
    return cog


# ---------------------------------------------------------------------------------------- the cog


def _time_zones() -> list[str]:
    return sorted(zoneinfo.available_timezones())


class Directors(commands.Cog):
    """Club settings and director calls."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        # (guild, user) -> (role ids, manage server): who we have seen, to tell whether a player
        # seated at a table is a director without the privileged members intent.
        self._seen: OrderedDict[tuple[int, int], tuple[frozenset[int], bool]] = OrderedDict()
        # a member starts at most one new call in this many seconds (checked in storage, in
        # the call's own transaction: core.storage.limits)
        self.call_cooldown = CALL_COOLDOWN

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(CallButton, TakeButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(CallButton, TakeButton)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[TDBot]) -> None:
        user = interaction.user
        if interaction.guild_id is None or not isinstance(user, discord.Member):
            return
        key = (interaction.guild_id, user.id)
        perms = user.guild_permissions
        self._seen[key] = (
            frozenset(r.id for r in user.roles),
            perms.manage_guild or perms.administrator,
        )
        self._seen.move_to_end(key)
        while len(self._seen) > 10_000:
            self._seen.popitem(last=False)

    async def _is_director(
        self, guild: discord.Guild | None, guild_id: int, user_id: int, club: ClubSettings
    ) -> bool:
        member = guild.get_member(user_id) if guild else None
        if member is not None:
            return is_director(member, club)
        seen = self._seen.get((guild_id, user_id))
        if seen is not None:
            roles, manager = seen
            return manager or (club.director_role_id is not None and club.director_role_id in roles)
        if guild is None:
            return False
        try:
            member = await guild.fetch_member(user_id)
        except discord.HTTPException:
            return False
        return is_director(member, club)

    # -------------------------------------------------------------------------------- /setup

    @app_commands.command(
        description="Set the club's director role, ruling-log channel and time zone."
    )
    @app_commands.describe(
        director_role="The role your tournament directors have",
        log_channel="Where director calls and verdicts are posted",
        time_zone="The club's time zone, e.g. Europe/London (default: keep the current one)",
        session_gap="Hours without a ruling after which a new session starts by itself "
        "(0: at each new club day, the default)",
        deputy_role="The deputy rota: directors who take calls a playing director must not see",
        appeal_minutes="Appeals close this many minutes after appeal_from (default 30)",
        appeal_from="Where the appeal deadline runs from (default: the authority's rule)",
        authority="The regulating authority's profile: WBF (default), ACBL or EBU",
        law_edition="The edition of the Laws to rule under from edition_from (default today)",
        edition_from="The date the edition applies from, YYYY-MM-DD (today or later)",
        no_peeking="True: members see nothing of a board they have not played until the "
        "session ends",
        language="The language of the bot's public messages: rulings at the tables, the log "
        "channel (default English)",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @directors_cooldown
    async def setup(
        self,
        interaction: discord.Interaction[TDBot],
        director_role: discord.Role,
        log_channel: discord.TextChannel,
        time_zone: app_commands.Range[str, 1, 64] | None = None,
        session_gap: app_commands.Range[int, 0, 336] | None = None,
        deputy_role: discord.Role | None = None,
        appeal_minutes: app_commands.Range[int, 0, 10080] | None = None,
        law_edition: app_commands.Range[str, 1, 8] | None = None,
        edition_from: app_commands.Range[str, 1, 10] | None = None,
        appeal_from: Literal["session_end", "scores_published"] | None = None,
        authority: Literal["WBF", "ACBL", "EBU"] | None = None,
        no_peeking: bool | None = None,
        language: str | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        guild_id = guild_id_of(interaction)
        # default_permissions is only advice to Discord's client: check for real.
        if not (interaction.permissions.manage_guild or interaction.permissions.administrator):
            raise ContextError(N_("Only someone who can manage this server can run /{cmd[setup]}."))
        guild = interaction.guild
        # Resolved options carry the interaction's guild whatever ids a payload names: look the
        # ids up in this guild's own roles and channels.
        if (
            guild is None
            or guild.get_role(director_role.id) is None
            or guild.get_channel(log_channel.id) is None
        ):
            raise ContextError(N_("Pick a role and a channel of this server."))
        if director_role.is_default():
            raise ContextError(N_("Pick the directors' own role, not @everyone."))
        zone = None
        if time_zone is not None:
            zone = time_zone.strip()
            # Zone names are case sensitive on disk; people type europe/london.
            zone = next((z for z in _time_zones() if z.casefold() == zone.casefold()), zone)
            try:
                zoneinfo.ZoneInfo(zone)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                raise ContextError(
                    N_("Unknown time zone {zone}: use a name like Europe/London."),
                    zone=repr(clean(zone[:64])),
                ) from None
        changes: dict[str, Any] = {
            "director_role_id": director_role.id,
            "log_channel_id": log_channel.id,
        }
        if zone is not None:
            changes["time_zone"] = zone
        if session_gap is not None:
            changes["session_gap_hours"] = session_gap or None
        if language is not None:
            if language not in LANGUAGE_NAMES:
                raise ContextError(N_("Pick one of the languages offered."))
            changes["language"] = language
        desk_lines = await setup_desk(  # checks its options before it saves anything
            interaction,
            deputy_role=deputy_role,
            appeal_minutes=appeal_minutes,
            law_edition=law_edition,
            edition_from=edition_from,
            appeal_from=appeal_from,
            authority=authority,
            no_peeking=no_peeking,
        )
        club = await stored(storage_of(interaction).update_club(guild_id, **changes))
        locale = interaction.locale

        def _(text: str, **params: Any) -> str:
            return localize(locale, text, **params)

        lines = [
            _(N_("Saved.")),
            _(N_("Director role: {role}"), role=director_role.mention),
            _(N_("Log channel: {channel}"), channel=log_channel.mention),
            _(N_("Time zone: {zone}"), zone=club.time_zone),
            _(N_("New session: after {hours} hours without a ruling"),
              hours=club.session_gap_hours)
            if club.session_gap_hours
            else _(N_("New session: at each new club day (from 06:00)")),
            _(N_("Language of public messages (rulings at the tables, the log channel): "
                 "{language}"), language=LANGUAGE_NAMES.get(club.language, club.language)),
            *desk_lines,
        ]
        if not director_role.mentionable:
            lines.append(_(N_(
                "Note: the role is not mentionable, so calls can only ping it if the bot may "
                "mention all roles (or make the role mentionable)."
            )))
        await respond(interaction, "\n".join(lines), ephemeral=True)

    @setup.autocomplete("time_zone")
    async def time_zone_names(
        self, interaction: discord.Interaction[TDBot], current: str
    ) -> list[app_commands.Choice[str]]:
        text = current.strip().casefold()
        names = [z for z in _time_zones() if text in z.casefold()]
        return [app_commands.Choice(name=z, value=z) for z in names[:25]]

    # ------------------------------------------------------------------- calling the director

    @app_commands.command(description="Call the director to your table (or to the table given).")
    @app_commands.describe(
        table="The table number (default: the table you sat at)",
        note="What happened, in a few words (optional)",
    )
    @app_commands.guild_only()
    async def director(
        self,
        interaction: discord.Interaction[TDBot],
        table: app_commands.Range[int, 1, 999] | None = None,
        note: app_commands.Range[str, 1, NOTE_MAX] | None = None,
    ) -> None:
        await self.call(interaction, table=table, note=bounded(note, "note", NOTE_MAX))

    async def call(
        self,
        interaction: discord.Interaction[TDBot],
        *,
        event_id: int | None = None,
        table: int | None = None,
        note: str | None = None,
    ) -> None:
        """Record a director call and post it in the log channel, pinging the director role."""
        await defer(interaction, ephemeral=True)
        storage = storage_of(interaction)
        club = await club_of(interaction)
        guild_id = club.guild_id
        table_id = board_id = None
        if event_id is None:
            if table is None:
                # this channel's table, else the caller's seat in the session in play
                found = await storage.table_lookup(
                    guild_id, interaction.user.id, channel_id=interaction.channel_id
                )
                table_id = found.table.id if found.table else None
            else:
                if table < 1 or table > 999:
                    raise ContextError(N_("A table number is between 1 and 999."))
                found_table = await storage.find_table(guild_id, table)
                if found_table is None:
                    raise ContextError(
                        N_("There is no table {table} in this session: check the number (a "
                           "table exists once someone sits at it or a board is set there)."),
                        table=table,
                    )
                table_id = found_table.id
            if table_id is not None:
                board = await storage.find_board(guild_id, table_id)
                board_id = board.id if board else None
        call = await stored(
            storage.call_director(
                guild_id,
                interaction.user.id,
                event_id=event_id,
                table_id=None if board_id else table_id,
                board_id=board_id,
                note=note or "",
                interaction_id=interaction.id,
                origin_channel_id=interaction.channel_id,
                limit=Limit(CALLS.kind, CALLS.most, dt.timedelta(seconds=self.call_cooldown),
                            CALLS.what),
            ),
            ruling_id=event_id,
        )
        mine = interaction.locale  # the caller's answers: only he sees them
        if call.joined:
            await respond(
                interaction,
                localize(mine, JOINED_CALL, where=call_where(call, mine), id=call.id),
                ephemeral=True,
            )
            return
        entry = await stored(storage.event(guild_id, event_id)) if event_id else None
        seated_directors = await self._seated_directors(interaction, club, call.table_id)
        jump = (
            interaction.message.jump_url
            if event_id is not None and interaction.message is not None
            else channel_url(guild_id, interaction.channel_id)
        )
        blind = await _blind_to_call(interaction, call)
        if blind:  # a playing director has not played this board: nothing about its deal here
            entry, note_hidden = None, call.note
            call = dataclasses.replace(call, note="")
        embed = call_embed(call, entry, jump=jump, seated_directors=seated_directors,
                           locale=club.language)  # the log channel: the club's language
        if blind:
            call = dataclasses.replace(call, note=note_hidden)
            embed.add_field(name=localize(club.language, N_("For the deputies")),
                            value=blind_note(blind, call.board_number or 0, club.language),
                            inline=False)
        channel = log_channel(interaction, club)
        if channel is None:
            missing = LOG_CHANNEL_GONE if club.log_channel_id else NO_LOG_CHANNEL
            await respond(interaction, localize(mine, missing, id=call.id), ephemeral=True)
            return
        ping, mentions = await directors_ping(interaction, club, blind)
        content = ping + localize(club.language, CALL_LINE, id=call.id,
                                  where=call_where(call, club.language))
        view = discord.ui.View(timeout=None)
        view.add_item(TakeButton(call.id, locale=club.language))
        try:
            posted = await channel.send(
                content,
                embed=embed,
                view=view,
                allowed_mentions=mentions,
            )
        except discord.HTTPException as exc:
            log.warning("Could not post director call %s in %s: %s", call.id, channel.id, exc)
            await respond(
                interaction,
                localize(mine, N_("Your call (#{id}) is recorded, but I could not post it in "
                                  "{channel}: ask an admin to check my permissions there."),
                         id=call.id, channel=channel.mention),
                ephemeral=True,
            )
            return
        await storage.set_call_message(guild_id, call.id, posted.channel.id, posted.id)
        called = (
            N_("The director has been called (call #{id}, {where}). A director is playing at "
               "this table, so another director is asked.")
            if seated_directors else N_("The director has been called (call #{id}, {where}).")
        )
        await respond(interaction, localize(mine, called, id=call.id,
                                            where=call_where(call, mine)), ephemeral=True)

    async def _seated_directors(
        self, interaction: discord.Interaction[TDBot], club: ClubSettings, table_id: int | None
    ) -> list[int]:
        if table_id is None:
            return []
        seated = await storage_of(interaction).seated_at(club.guild_id, table_id)
        return [
            s.user_id
            for s in seated
            if await self._is_director(interaction.guild, club.guild_id, s.user_id, club)
        ]

    async def take(self, interaction: discord.Interaction[TDBot], call_id: int) -> None:
        """A director claims a call: the message shows who has it; others are told it is taken."""
        await defer(interaction, update=True)
        club = await club_of(interaction)
        if not is_director(interaction.user, club):
            raise NotDirector()
        storage = storage_of(interaction)
        if await _blind_call_for(interaction, await stored(
            storage.director_call(club.guild_id, call_id)
        )):
            raise ContextError(N_("You are playing and have not played this board: this call is "
                                  "for the deputies."))
        call = await stored(storage.claim_call(club.guild_id, call_id, interaction.user.id))
        mine = interaction.locale  # the presser's answers: only he sees them
        if call.joined and call.claimed_by == interaction.user.id:
            await respond(interaction,
                          localize(mine, N_("You have already taken call #{id}."), id=call.id),
                          ephemeral=True)
            return
        if call.claimed_by != interaction.user.id:
            holder = f"<@{call.claimed_by}>"
            if call.claimed_at:
                taken = localize(mine, N_("Call #{id} is already taken by {director} {when}."),
                                 id=call.id, director=holder,
                                 when=discord.utils.format_dt(call.claimed_at, "R"))
            else:
                taken = localize(mine, N_("Call #{id} is already taken by {director}."),
                                 id=call.id, director=holder)
            await respond(interaction, taken, ephemeral=True)
            return
        public = club.language  # the call's message in the log channel
        message = interaction.message
        await edit_pressed(
            interaction,
            **call_message(call, message.embeds if message is not None else [],
                           interaction.user, public),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._tell_caller(interaction, call, public)

    async def _tell_caller(
        self, interaction: discord.Interaction[TDBot], call: Any, locale: Locale
    ) -> None:
        """Tell the caller, where they called from, that a director is on the way (a public
        message: the club's language, ``locale``)."""
        channel = interaction.client.get_channel(call.origin_channel_id or 0)
        if channel is None or not hasattr(channel, "send"):
            return
        caller = discord.Object(id=call.caller_id)
        try:
            await channel.send(
                localize(locale, N_("{caller}: {director} has taken your director call #{id} "
                                    "({where}) and is on the way."),
                         caller=f"<@{call.caller_id}>", director=interaction.user.mention,
                         id=call.id, where=call_where(call, locale)),
                allowed_mentions=discord.AllowedMentions(
                    users=[caller], roles=False, everyone=False
                ),
            )
        except discord.HTTPException as exc:
            log.warning("Could not tell the caller of call %s: %s", call.id, exc)

    @app_commands.command(
        name="release",
        description="Directors: give back a call you took, or hand it to another director.",
    )
    @app_commands.describe(
        call="The call's number", to="The director to hand it to (default: back to the queue)"
    )
    @app_commands.guild_only()
    async def release(
        self,
        interaction: discord.Interaction[TDBot],
        call: app_commands.Range[int, 1, ID_MAX],
        to: discord.Member | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        storage = storage_of(interaction)
        if to is not None:
            if to.bot or not is_director(to, club):
                raise ContextError(N_("{member} is not a director of this club."),
                                   member=to.mention)
            target = await stored(storage.director_call(club.guild_id, check_id(call, "call")))
            board_blind = await _blind_to_call(interaction, target)
            if to.id in board_blind:
                raise ContextError(N_("{member} is playing and has not played this board: "
                                      "hand it to a deputy."), member=to.mention)
        done = await stored(storage.release_call(
            club.guild_id, check_id(call, "call"), interaction.user.id,
            to=to.id if to is not None else None,
        ))
        await self._show_holder(interaction, done, to, club.language)
        mine = interaction.locale
        if to is None:
            await respond(interaction, localize(mine, N_("Call #{id} is back in the queue "
                                                         "(/{cmd[calls]})."), id=done.id),
                          ephemeral=True)
        else:
            await respond(interaction, localize(mine, N_("Call #{id} is now {member}'s."),
                                                id=done.id, member=to.mention),
                          ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    async def _show_holder(
        self, interaction: discord.Interaction[TDBot], call: DirectorCallInfo,
        to: discord.Member | None, locale: Locale,
    ) -> None:
        """Show on the call's message in the log channel who has it now (or "Take it" again),
        in the club's language (``locale``); a call whose message cannot be edited stays right
        in /calls."""
        channel = interaction.client.get_channel(call.channel_id or 0)
        if channel is None or call.message_id is None or not hasattr(channel, "fetch_message"):
            return
        try:
            message = await channel.fetch_message(call.message_id)
            await message.edit(**call_message(call, message.embeds, to, locale, handed=True),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("Could not update the message of call %s: %s", call.id, exc)

    @app_commands.command(description="Directors: the director calls nobody has taken yet.")
    @app_commands.guild_only()
    async def calls(self, interaction: discord.Interaction[TDBot]) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        open_calls = await storage_of(interaction).open_calls(
            club.guild_id, limit=25, reader=Reader(interaction.user.id, director=True))
        mine = interaction.locale  # only the director sees the list

        def _(text: str, **params: Any) -> str:
            return localize(mine, text, **params)

        if not open_calls:
            await respond(interaction, _(N_("No open calls.")), ephemeral=True)
            return
        lines = []
        for call in open_calls:
            if call.shut:  # a board he has not played: its number alone, as for a consultation
                lines.append(_(SHUT_LISTED, number=call.id))
                continue
            line = _(N_("**#{id}** {where}, {when}, by {caller}"), id=call.id,
                     where=call_where(call, mine),
                     when=discord.utils.format_dt(call.created_at, "R"),
                     caller=f"<@{call.caller_id}>")
            if call.event_id:
                line = _(N_("{line}, ruling #{ruling}"), line=line, ruling=call.event_id)
            if call.channel_id and call.message_id:
                url = f"{channel_url(club.guild_id, call.channel_id)}/{call.message_id}"
                line = _(N_("{line} ([call]({url}))"), line=line, url=url)
            if call.note:
                line = _(N_("{line}: {note}"), line=line, note=clean(cut(call.note, 100)))
            lines.append(line)
        embeds = line_embeds(
            _(N_("Open director calls ({count})"), count=len(open_calls)), lines,
            colour=discord.Colour.red(),
            # the button as the log channel shows it, in the club's language
            footer=_(N_('Take one with its "{button}" button in the log channel.'),
                     button=localize(club.language, TAKE_LABEL)),
            locale=mine,
        )
        await send_pages(interaction, embeds=embeds, ephemeral=True)


async def _blind_to_call(
    interaction: discord.Interaction[TDBot], call: DirectorCallInfo
) -> tuple[int, ...]:
    """Playing directors who have not played the called board (see tdbot.desk)."""
    if call.board_id is None or call.board_number is None:
        return ()
    board = await storage_of(interaction).board(interaction.guild_id or 0, call.board_id)
    return await blind_directors(interaction, board.session_id, call.board_number)


async def _blind_call_for(interaction: discord.Interaction[TDBot], call: DirectorCallInfo) -> bool:
    """Whether the user is a playing director who has not played the called board."""
    return interaction.user.id in await _blind_to_call(interaction, call)
