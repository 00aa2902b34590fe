"""The ruling log: ``/log search`` (filters, paged with buttons), ``/log export``, ``/log stats``.

Who may see what: directors (the club's director role, or manage-server; club secretaries are
usually given the director role) search the whole club's log, export it and see its figures.
Any other member may search too, but only the rulings they asked for themselves (the ``player``
filter is forced to them): a ruling can describe a table's incident in detail, and the log is
the directors' record. Every answer is ephemeral; nothing here pings anyone.
"""

from __future__ import annotations

import datetime as dt
import io
import zoneinfo
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from core.engine import EVENT_TYPES
from core.ruling import RECORD_KINDS, Ruling
from core.storage.desk import Desk, note_message
from core.storage.desk.settings import OUTCOME_WORDS
from core.storage.logquery import adjusted_data
from core.storage.service import Storage
from core.storage.values import ClubSettings, LogEntry, LogFilter, Reader, VerdictKind
from tdbot.answers import defer, edit_pressed, respond, tree_text
from tdbot.buttons import AnsweredView
from tdbot.client import TDBot
from tdbot.context import (
    ID_MAX,
    ContextError,
    club_of,
    is_director,
    require_director,
    storage_of,
)
from tdbot.messages import N_, Locale, localize, say
from tdbot.render import VERDICT_LINES, clean

PAGE_SIZE = 5
#: The largest export sent as an attachment (Discord's own limit may be lower: the smaller wins).
EXPORT_MAX_BYTES = 8 * 1024 * 1024
VIEW_TIMEOUT = 600.0
#: Every kind of incident, the rulings' first, then the table's record's: more than the 25
#: choices Discord takes, so ``kind:`` suggests them as the member types (autocomplete).
KINDS = sorted(EVENT_TYPES, key=lambda k: (k in RECORD_KINDS, k))
#: The kinds as members read them ("lead out of turn"): the command tree's catalogs translate
#: them (:func:`tdbot.answers.tree_text`, the translator collects them as choice names).
KIND_NAMES = {k: k.replace("_", " ") for k in KINDS}
VERDICT_CHOICES = [
    app_commands.Choice(name="not reviewed yet", value="none"),
    *(app_commands.Choice(name=v.value, value=v.value) for v in VerdictKind),
]


#: Dates a log filter accepts: wide enough for any club, far from the calendar's ends.
FIRST_YEAR, LAST_YEAR = 1900, 2999
#: A date option that is not a date, by the option (whole sentences).
NOT_A_DAY = {
    "from": N_("The from date must look like 2025-03-31."),
    "to": N_("The to date must look like 2025-03-31."),
}
DAY_OUT_OF_RANGE = {
    "from": N_("The from date must be in the years {first} to {last}."),
    "to": N_("The to date must be in the years {first} to {last}."),
}
#: The largest table and board number a log filter takes (a session's: :data:`ID_MAX`).
NUMBER_MAX = 999
#: A number option out of range, by the option (whole sentences), and its largest value.
NOT_A_NUMBER = {
    "session": (N_("The session number must be from 1 to {max}."), ID_MAX),
    "table": (N_("The table number must be from 1 to {max}."), NUMBER_MAX),
    "board": (N_("The board number must be from 1 to {max}."), NUMBER_MAX),
}


def parse_day(text: str | None, what: str) -> dt.date | None:
    """A date option (``what``: ``from`` or ``to``)."""
    if text is None or not text.strip():
        return None
    try:
        day = dt.date.fromisoformat(text.strip())
    except ValueError:
        raise ContextError(NOT_A_DAY[what]) from None
    if not FIRST_YEAR <= day.year <= LAST_YEAR:  # 9999-12-31 + 1 day does not exist
        raise ContextError(DAY_OUT_OF_RANGE[what], first=FIRST_YEAR, last=LAST_YEAR)
    return day


def day_start(day: dt.date, time_zone: str) -> dt.datetime:
    """Midnight of ``day`` in the club's time zone, as a UTC instant."""
    try:
        zone = zoneinfo.ZoneInfo(time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    return dt.datetime.combine(day, dt.time(), tzinfo=zone).astimezone(dt.UTC)


def kind_names(locale: Locale, typed: str) -> list[app_commands.Choice[str]]:
    """The kinds whose name (as the reader's Discord shows it, or in English) holds ``typed``,
    the rulings' first: at most the 25 suggestions Discord takes."""
    text = typed.strip().casefold()
    found = []
    for kind, name in KIND_NAMES.items():
        label = tree_text(locale, "choice", name)
        if not text or text in label.casefold() or text in name or text in kind:
            found.append(app_commands.Choice(name=label[:100], value=kind))
    return found[:25]


def kind_of(typed: str, locale: Locale = None) -> str:
    """The kind a member picked or typed: its value, its English name, or its name in his
    language ("lead out of turn", "lead_out_of_turn")."""
    text = typed.strip().casefold()
    for kind, name in KIND_NAMES.items():
        if text in (kind, name) or text == tree_text(locale, "choice", name).casefold():
            return kind
    raise ContextError(N_("Unknown kind of incident."))


def build_filter(
    club: ClubSettings,
    *,
    since: str | None = None,
    until: str | None = None,
    session: int | None = None,
    table: int | None = None,
    board: int | None = None,
    law: str | None = None,
    kind: str | None = None,
    player: int | None = None,
    director: int | None = None,
    verdict: str | None = None,
    records: bool = False,
    reader: Reader | None = None,
) -> LogFilter:
    """The storage filter for the options given; dates are whole days in the club's time zone
    (``to`` included). ``reader``: who reads; the boards closed to him are left out."""
    start, end = parse_day(since, "from"), parse_day(until, "to")
    if start and end and end < start:
        raise ContextError(N_("The to date is before the from date."))
    if law is not None:
        law = law.strip().upper().removeprefix("LAW").strip() or None
        if law is not None and (len(law) > 12 or not law[:1].isdigit()):
            raise ContextError(N_("The law filter must look like 50, 50D or 64A2."))
    if kind is not None:
        kind = kind_of(kind)
    if verdict is not None and verdict not in {c.value for c in VERDICT_CHOICES}:
        raise ContextError(N_("Unknown verdict."))
    for value, what in ((session, "session"), (table, "table"), (board, "board")):
        said, most = NOT_A_NUMBER[what]
        if value is not None and not 1 <= value <= most:  # the bound the option says
            raise ContextError(said, max=most)
    return LogFilter(
        since=day_start(start, club.time_zone) if start else None,
        until=day_start(end + dt.timedelta(days=1), club.time_zone) if end else None,
        session_id=session,
        table=table,
        board=board,
        law=law,
        kind=kind,
        actor_id=player,
        director_id=director,
        verdict=verdict,
        records=records,
        reader=reader,
    )


#: Members an export may look up by asking Discord (the rest stay ids only).
NAME_LOOKUPS = 200


def member_names(
    interaction: discord.Interaction[TDBot],
) -> Callable[[int], Awaitable[str | None]]:
    """Display names of this server's members for the export: from the bot's cache, else
    asked of Discord once per member (no privileged intent needed), at most
    :data:`NAME_LOOKUPS` times per export; a member who has left has no name."""
    guild = interaction.guild
    known: dict[int, str | None] = {}
    asked = 0

    async def name(user_id: int) -> str | None:
        nonlocal asked
        if user_id in known:
            return known[user_id]
        member = guild.get_member(user_id) if guild is not None else None
        if member is None and guild is not None and asked < NAME_LOOKUPS:
            asked += 1
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                member = None
        known[user_id] = member.display_name if member is not None else None
        return known[user_id]

    return name


#: An adjusted score with its kind (:data:`core.adjusted.KINDS`), as the log shows it.
SCORE_WORDS = {
    "artificial": N_("artificial adjusted score {score}"),
    "assigned": N_("assigned adjusted score {score}"),
    "weighted": N_("weighted adjusted score {score}"),
    "split": N_("split adjusted score {score}"),
}
#: The latest verdict on a ruling, alone or with who gave it.
VERDICT_WORDS = {
    VerdictKind.CONFIRMED: N_("Confirmed"),
    VerdictKind.AMENDED: N_("Amended"),
    VerdictKind.VOIDED: N_("Voided"),
    VerdictKind.ADJUSTED: N_("Adjusted"),
}
#: An appeal beside its ruling, by its outcome (:data:`OUTCOME_WORDS`).
APPEAL_CLOSED = {
    "ruling_stands": N_("Appeal #{id} (closed: the ruling stands)"),
    "upheld": N_("Appeal #{id} (closed: the ruling stands)"),
    "ruling_changed": N_("Appeal #{id} (closed: the ruling is changed)"),
    "changed": N_("Appeal #{id} (closed: the ruling is changed)"),
    "score_adjusted": N_("Appeal #{id} (closed: the score is adjusted)"),
    "withdrawn": N_("Appeal #{id} (closed: withdrawn)"),
}


def score_words(text: str, locale: Locale = None) -> str:
    """A stored adjusted score with its kind, as the log shows it ("weighted adjusted score
    60% 4HS=, 40% 4HS-1"); an older free-text score as it was typed."""
    data = adjusted_data(text)
    if not data:
        return text
    template = SCORE_WORDS.get(data["kind"])
    if template is None:
        return f"{data['kind']} adjusted score {data['text']}"
    return localize(locale, template, score=data["text"])


def appeal_words(appeal: Any, locale: Locale = None) -> str:
    """An appeal on a ruling and its state, as the log shows it beside the ruling."""
    if not appeal.outcome:
        return localize(locale, N_("Appeal #{id} (open)"), id=appeal.id)
    template = APPEAL_CLOSED.get(appeal.outcome)
    if template is None:
        return localize(locale, N_("Appeal #{id} (closed: {outcome})"), id=appeal.id,
                        outcome=OUTCOME_WORDS.get(appeal.outcome, appeal.outcome))
    return localize(locale, template, id=appeal.id)


def verdict_note(stored: str, locale: Locale = None) -> str:
    """A stored verdict note in the reader's language (the director's words as written)."""
    return say(locale, note_message(stored))


def summary_of(entry: LogEntry, locale: Locale = None) -> str:
    """The ruling's summary in the reader's language where the ruling stored it as a message;
    one stored as plain English text (before messages) stays as written."""
    try:
        return say(locale, Ruling.from_data(entry.ruling).summary) or entry.summary
    except (KeyError, TypeError, ValueError):
        return entry.summary


def entry_line(entry: LogEntry, locale: Locale = None) -> tuple[str, str]:
    """An embed field (name, value) for one log entry, in the reader's language."""
    def _(text: str, **params: Any) -> str:
        return localize(locale, text, **params)

    name = _(N_("#{id} · {date} · table {table}, board {board}"), id=entry.id,
             date=entry.session_date.isoformat(), table=entry.table_number,
             board=entry.board_number)
    value = [clean(summary_of(entry, locale))[:600]]
    # the kind as the /log search kind: choice shows it
    details = [tree_text(locale, "choice", entry.kind.replace("_", " "))]
    if not entry.is_ruling:
        details.insert(0, _(N_("the table's record")))
    if entry.laws:
        details.append(_(N_("Law {laws} ({edition})"), laws=", ".join(entry.laws),
                         edition=entry.law_edition))
    if entry.actor_id:
        details.append(_(N_("asked by {member}"), member=f"<@{entry.actor_id}>"))
    value.append(" · ".join(details))
    if entry.void:
        value.append(_(N_("**Void**")))
    if entry.verdict is not None:
        if entry.verdict_by:
            verdict = _(VERDICT_LINES[entry.verdict], director=f"<@{entry.verdict_by}>")
        else:
            verdict = _(VERDICT_WORDS[entry.verdict])
        if entry.adjusted_score:
            verdict = _(N_("{verdict}: {score}"), verdict=verdict,
                        score=clean(score_words(entry.adjusted_score, locale))[:200])
        if entry.verdict_note:
            verdict = _(N_("{verdict} ({note})"), verdict=verdict,
                        note=clean(verdict_note(entry.verdict_note, locale))[:150])
        value.append(verdict)
    return name[:256], "\n".join(value)[:1024]


class LogPager(AnsweredView):
    """Previous/Next over a search; only the member who searched may press."""

    def __init__(
        self, storage: Storage, guild_id: int, filters: LogFilter, owner_id: int, total: int,
        *, locale: Locale = None,
    ) -> None:
        super().__init__(timeout=VIEW_TIMEOUT)
        self.locale = locale  # the searcher's: only he sees the answer
        self.previous.label = localize(locale, N_("Previous"))
        self.next.label = localize(locale, N_("Next"))
        self.storage = storage
        self.guild_id = guild_id
        self.filters = filters
        self.owner_id = owner_id
        self.total = total
        self.cursors: list[str | None] = [None]  # the cursor of each page seen so far
        self.next_cursor: str | None = None

    async def interaction_check(
        self,
        interaction: discord.Interaction[TDBot],  # type: ignore[override]  # unbound ClientT
    ) -> bool:
        if interaction.user.id != self.owner_id:
            await interaction.response.send_message(
                localize(interaction.locale,
                         N_("These buttons belong to whoever searched: run /{cmd[log search]} "
                            "yourself.")),
                ephemeral=True,
            )
            return False
        return True

    async def page(self) -> discord.Embed:
        page = await self.storage.search_log(
            self.guild_id, self.filters, limit=PAGE_SIZE, cursor=self.cursors[-1]
        )
        self.next_cursor = page.next_cursor
        self.previous.disabled = len(self.cursors) <= 1
        self.next.disabled = page.next_cursor is None
        number = len(self.cursors)
        pages = max(1, -(-self.total // PAGE_SIZE))
        locale = self.locale

        def _(text: str, **params: Any) -> str:
            return localize(locale, text, **params)

        embed = discord.Embed(
            title=_(N_("Ruling log: {count} results"), count=self.total) if self.total != 1
            else _(N_("Ruling log: 1 result")),
            colour=discord.Colour.blurple(),
        )
        if not page.entries:
            embed.description = _(N_("Nothing matches."))
        desk = Desk(self.storage)
        appeals = await desk.appeals_on(self.guild_id, (e.id for e in page.entries))
        for entry in page.entries:
            name, value = entry_line(entry, locale)
            for appeal in appeals.get(entry.id, ()):  # appeals stay with the ruling
                value = f"{value}\n{appeal_words(appeal, locale)}"[:1024]
            embed.add_field(name=name, value=value, inline=False)
        embed.set_footer(text=_(N_("Page {number} of {pages} · newest first"), number=number,
                                pages=pages))
        return embed

    @discord.ui.button(label="Previous", style=discord.ButtonStyle.secondary)
    async def previous(
        self, interaction: discord.Interaction[TDBot], button: discord.ui.Button[Any]
    ) -> None:
        if len(self.cursors) > 1:
            self.cursors.pop()
        await defer(interaction, update=True)
        await edit_pressed(interaction, embed=await self.page(), view=self)

    @discord.ui.button(label="Next", style=discord.ButtonStyle.primary)
    async def next(
        self, interaction: discord.Interaction[TDBot], button: discord.ui.Button[Any]
    ) -> None:
        if self.next_cursor is not None:
            self.cursors.append(self.next_cursor)
        await defer(interaction, update=True)
        await edit_pressed(interaction, embed=await self.page(), view=self)


class Log(commands.GroupCog, group_name="log", group_description="The club's ruling log."):
    """``/log search``, ``/log export``, ``/log stats``."""

    #: Choice names the tree itself no longer lists (``kind:`` suggests them): the translator
    #: puts them in the commands' catalogs all the same (:mod:`tdbot.translator`).
    TREE_CHOICES = tuple(KIND_NAMES.values())

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(description="Search the ruling log (players: their own rulings only).")
    @app_commands.describe(
        since="From this day (YYYY-MM-DD, the club's time zone)",
        until="Up to and including this day (YYYY-MM-DD)",
        session="The session's number",
        table="The table number",
        board="The board number",
        law="A law or part of one: 50, 50D, 64A2",
        kind="The kind of incident",
        player="Rulings asked for by this member",
        director="Rulings on which this director gave a verdict",
        verdict="The latest verdict",
        records="Also the table's record: calls, plain leads, boards set and ended",
    )
    @app_commands.rename(since="from", until="to")
    @app_commands.choices(verdict=VERDICT_CHOICES)
    @app_commands.guild_only()
    async def search(
        self,
        interaction: discord.Interaction[TDBot],
        since: app_commands.Range[str, 1, 10] | None = None,
        until: app_commands.Range[str, 1, 10] | None = None,
        session: app_commands.Range[int, 1, ID_MAX] | None = None,
        table: app_commands.Range[int, 1, NUMBER_MAX] | None = None,
        board: app_commands.Range[int, 1, NUMBER_MAX] | None = None,
        law: app_commands.Range[str, 1, 12] | None = None,
        kind: str | None = None,
        player: discord.Member | None = None,
        director: discord.Member | None = None,
        verdict: str | None = None,
        records: bool = False,
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await club_of(interaction)
        player_id = player.id if player else None
        if not is_director(interaction.user, club):
            if player_id not in (None, interaction.user.id):
                raise ContextError(
                    N_("You can search your own rulings; directors search them all.")
                )
            player_id = interaction.user.id
        filters = build_filter(
            club,
            reader=Reader(interaction.user.id, is_director(interaction.user, club)),
            since=since,
            until=until,
            session=session,
            table=table,
            board=board,
            law=law,
            kind=kind_of(kind, interaction.locale) if kind is not None else None,
            player=player_id,
            director=director.id if director else None,
            verdict=verdict,
            records=records,
        )
        storage = storage_of(interaction)
        total = await storage.count_log(club.guild_id, filters)
        view = LogPager(storage, club.guild_id, filters, interaction.user.id, total,
                        locale=interaction.locale)
        embed = await view.page()
        await respond(
            interaction,
            embed=embed,
            view=view,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @search.autocomplete("kind")
    async def search_kinds(
        self, interaction: discord.Interaction[TDBot], current: str
    ) -> list[app_commands.Choice[str]]:
        return kind_names(interaction.locale, current)

    @app_commands.command(description="Directors: the ruling log as a CSV or JSON file.")
    @app_commands.describe(
        format="csv for spreadsheets, json for programs",
        since="From this day (YYYY-MM-DD)",
        until="Up to and including this day (YYYY-MM-DD)",
        session="Only this session",
        records="Also the table's record: calls, plain leads, boards set and ended",
    )
    @app_commands.rename(since="from", until="to")
    @app_commands.guild_only()
    async def export(
        self,
        interaction: discord.Interaction[TDBot],
        format: Literal["csv", "json"],
        since: app_commands.Range[str, 1, 10] | None = None,
        until: app_commands.Range[str, 1, 10] | None = None,
        session: app_commands.Range[int, 1, ID_MAX] | None = None,
        records: bool = False,
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        if interaction.user.id in await Desk(storage_of(interaction)).playing_directors(
            club.guild_id
        ):
            raise ContextError(
                N_(
                    "You are playing: the export would show boards you have not played yet. "
                    "Export after /{cmd[playing]} {opt[playing]}:false."
                )
            )
        if format not in ("csv", "json"):
            raise ContextError(N_("The format is csv or json."))
        filters = build_filter(club, since=since, until=until, session=session, records=records,
                               reader=Reader(interaction.user.id, director=True))
        storage = storage_of(interaction)
        limit = min(EXPORT_MAX_BYTES, interaction.filesize_limit or EXPORT_MAX_BYTES)
        stream = (storage.export_csv if format == "csv" else storage.export_json)(
            club.guild_id, filters, names=member_names(interaction)
        )
        data = io.BytesIO()
        try:
            async for chunk in stream:
                data.write(chunk.encode("utf-8"))
                if data.tell() > limit:
                    await respond(
                        interaction,
                        localize(interaction.locale,
                                 N_("The export is larger than {megabytes} MB, more than "
                                    "Discord accepts: narrow it with from, to or session."),
                                 megabytes=limit // (1024 * 1024)),
                        ephemeral=True,
                    )
                    return
        finally:
            await stream.aclose()
        data.seek(0)
        today = dt.datetime.now(dt.UTC).date().isoformat()
        await respond(
            interaction,
            localize(interaction.locale, N_("The ruling log.")),
            file=discord.File(data, filename=f"ruling-log-{today}.{format}"),
            ephemeral=True,
        )

    @app_commands.command(
        description="Directors: rulings per law and per month, confirmation rate."
    )
    @app_commands.describe(since="From this day (YYYY-MM-DD)", until="Up to this day (YYYY-MM-DD)")
    @app_commands.rename(since="from", until="to")
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction[TDBot],
        since: app_commands.Range[str, 1, 10] | None = None,
        until: app_commands.Range[str, 1, 10] | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        # a playing director's figures leave out the boards he has not played (law by law)
        filters = build_filter(club, since=since, until=until,
                               reader=Reader(interaction.user.id, director=True))
        stats = await storage_of(interaction).stats(club.guild_id, filters)
        locale = interaction.locale  # only the director sees the figures

        def _(text: str, **params: Any) -> str:
            return localize(locale, text, **params)

        embed = discord.Embed(
            title=_(N_("Ruling log: figures")),
            description=_(N_("{total} rulings ({voided} void not counted)"), total=stats.total,
                          voided=stats.voided),
            colour=discord.Colour.blurple(),
        )
        none = _(N_("none"))
        per_law = ", ".join(_(N_("Law {law}: {count}"), law=n, count=c)
                            for n, c in stats.per_law) or none
        embed.add_field(name=_(N_("Per law")), value=per_law[:1024], inline=False)
        per_month = ", ".join(f"{m}: {c}" for m, c in stats.per_month) or none
        embed.add_field(name=_(N_("Per month")), value=per_month[:1024], inline=False)
        if stats.confirmation_rate is None:
            rate = _(N_("no ruling reviewed yet"))
        else:
            rate = _(N_("{rate} ({confirmed} of {reviewed} reviewed rulings confirmed)"),
                     rate=f"{stats.confirmation_rate:.0%}", confirmed=stats.confirmed,
                     reviewed=stats.reviewed)
        embed.add_field(name=_(N_("Confirmation rate")), value=rate, inline=False)
        await respond(interaction, embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Log(bot))
