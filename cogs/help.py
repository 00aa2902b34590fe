"""``/help`` (what to do when something goes wrong, and the commands) and ``/law``.

The command list is read from the live command tree, so it never goes stale.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.editions import edition_title
from core.lawbook import known_laws, law_summary
from core.storage.desk import Desk
from tdbot.answers import defer, respond, tree_text
from tdbot.client import TDBot
from tdbot.messages import N_, Locale, localize, say

WHAT_TO_DO = N_(
    "1. **Stop and call the director**: press *Call the director* on a ruling, or use "
    "`/{cmd[director]}`. Only the director rules; players do not settle irregularities "
    "themselves.\n2. **Don't touch the cards**: an exposed card stays face up where it is; nobody "
    "plays on until the director has ruled.\n3. **Describe what happened** with a command (below): "
    "the bot answers with the ruling the Laws give, which the director confirms or changes.\n4. "
    "Say nothing that could help partner: remarks and hesitations are unauthorized information "
    "(Law 16)."
)
FIELD_MAX = 1024
EMBED_MAX = 6000  # all of one message's embeds together
FIELDS_MAX = 25

#: What happened at the table, and the one command for it (after /sit, in the table's channel
#: or at your table, no table option is needed; your own card needs no seat either).
WHAT_HAPPENED = (
    (N_("A card was dropped or shown"),
     N_("`/{cmd[exposed]} {opt[cards]}:SK` (add `{opt[seat]}:` for someone else's card)")),
    (N_("Someone led out of turn"),
     N_("`/{cmd[lead-out-of-turn]} {opt[card]} {opt[seat]} {opt[correct_leader]}` (or "
        "`{opt[opening]}:True`)")),
    (N_("A defender played before his partner"),
     N_("`/{cmd[premature-play]} {opt[card]} {opt[seat]} {opt[led]}`")),
    (N_("A revoke"), N_("`/{cmd[revoke]} {opt[seat]} {opt[established]} …`")),
    (N_("A fifth card played to a trick"), N_("`/{cmd[fifth-card]} {opt[card]} [{opt[seat]}]`")),
    (N_("A trick with a card missing or too many"),
     N_("`/{cmd[defective-trick]} {opt[defect]} [{opt[seat]}] [{opt[late]}]`")),
    (N_("Two or more cards came out of one hand at once"),
     N_("`/{cmd[simultaneous cards]} {opt[cards]} [{opt[seat]}] [{opt[visible]}] "
        "[{opt[designated]}]`")),
    (N_("Two players played at the same moment"),
     N_("`/{cmd[simultaneous plays]} {opt[legal]} {opt[other]}`")),
    (N_("A bid that is too low"), N_("`/{cmd[insufficient-bid]} {opt[bid]}`")),
    (N_("Someone called out of turn"), N_("`/{cmd[out-of-rotation]} {opt[call]} {opt[seat]}`")),
    (N_("Dummy's card called unclearly"), N_("`/{cmd[dummy-call]} {opt[said]}`")),
    (N_("Must I play my penalty card? What may I lead?"),
     N_("`/{cmd[mustplay]} {opt[seat]}` (add `{opt[hand]}:` and only you see the answer)")),
    (N_("Someone claimed or conceded tricks"),
     N_("`/{cmd[claim made]} {opt[seat]} {opt[tricks]} {opt[remaining]}` (add `{opt[objector]}:` "
        "if anyone disputes it)")),
    (N_("Must I pass?"), N_("`/{cmd[mustpass]} {opt[seat]}`")),
    (N_("A defender is about to lead"),
     N_("`/{cmd[lead]} {opt[seat]}`: declarer gets buttons if he has options")),
    (N_("Where are we?"), N_("`/{cmd[state]}`")),
)
#: The evening's bookkeeping, in the order it happens.
EVENING = N_(
    "`/{cmd[sit]} {opt[table]} {opt[seat]}` once a session; `/{cmd[board set]} {opt[number]} "
    "[{opt[dealer]}] [{opt[declarer]}]` for each board (it ends the one before); `/{cmd[call]}` "
    "for calls, if you keep the auction; `/{cmd[director]}` at any time."
)


def is_directors_command(command: Any) -> bool:
    """A command for directors (or admins): its description says so, or Discord hides it."""
    description = command.description.lower()
    parent = command.parent
    return (
        description.startswith(("director", "directors"))
        or bool(command.default_permissions or (parent and parent.default_permissions))
        or command.qualified_name == "setup"
    )


def command_lines(
    tree: app_commands.CommandTree[Any],
    guild: discord.abc.Snowflake | None,
    *,
    directors: bool | None = None,
    locale: Locale = None,
) -> list[str]:
    """One line per slash command (subcommands spelled out), sorted, from the live tree, its
    description as the reader's Discord shows it (``locale``); ``directors`` True or False
    keeps only the directors' or only the others' commands."""
    seen: dict[str, str] = {}
    for scope in (None, guild) if guild is not None else (None,):
        for cmd in tree.get_commands(guild=scope, type=discord.AppCommandType.chat_input):
            for leaf in _leaves(cmd):
                if directors is None or is_directors_command(leaf) == directors:
                    seen.setdefault(leaf.qualified_name, leaf.description)
    return [f"`/{_name(locale, name)}`: {tree_text(locale, 'description', desc)}"
            for name, desc in sorted(seen.items())]


def _name(locale: Locale, qualified_name: str) -> str:
    """A command's name as the reader's Discord shows it (each word of the path is a name)."""
    return " ".join(tree_text(locale, "name", word) for word in qualified_name.split(" "))


def _leaves(
    cmd: app_commands.Command[Any, ..., Any] | app_commands.Group | Any,
) -> Iterator[app_commands.Command[Any, ..., Any]]:
    if isinstance(cmd, app_commands.Group):
        for sub in cmd.commands:
            yield from _leaves(sub)
    elif isinstance(cmd, app_commands.Command):
        yield cmd


def _chunks(lines: list[str], limit: int = FIELD_MAX) -> Iterator[str]:
    block: list[str] = []
    size = 0
    for line in lines:
        line = line[: limit - 1]
        if block and size + len(line) + 1 > limit:
            yield "\n".join(block)
            block, size = [], 0
        block.append(line)
        size += len(line) + 1
    if block:
        yield "\n".join(block)


def _packed(first: discord.Embed, fields: list[tuple[str, str]]) -> list[discord.Embed]:
    """``first`` with as many ``fields`` as Discord lets one message carry (6000 characters,
    25 fields), the rest in further embeds, each for a message of its own."""
    embeds = [first]
    for name, value in fields:
        embed = embeds[-1]
        if len(embed) + len(name) + len(value) > EMBED_MAX or len(embed.fields) >= FIELDS_MAX:
            embed = discord.Embed(colour=first.colour)
            embeds.append(embed)
        embed.add_field(name=name, value=value, inline=False)
    return embeds


class Help(commands.Cog):
    """``/help`` and ``/law``."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="help",
        description="What to do when something goes wrong at the table, and the commands.",
    )
    async def help_command(self, interaction: discord.Interaction[TDBot]) -> None:
        locale = interaction.locale  # only the asker sees it

        def _(text: str, **params: Any) -> str:
            return localize(locale, text, **params)

        fields: list[tuple[str, str]] = []
        happened = [_(N_("**{what}**: {command}"), what=_(what), command=_(command))
                    for what, command in WHAT_HAPPENED]
        for i, block in enumerate(_chunks(happened)):  # a field holds 1024 characters
            title = _(N_("What happened?"))
            fields.append((title if i == 0 else _(N_("{title} (more)"), title=title), block))
        fields.append((_(N_("The evening")), _(EVENING)[:FIELD_MAX]))
        for title, directors in ((N_("Players' commands"), False),
                                 (N_("Directors' commands"), True)):
            lines = command_lines(self.bot.tree, interaction.guild, directors=directors,
                                  locale=locale)
            for i, block in enumerate(_chunks(lines)):
                fields.append((_(title) if i == 0 else _(N_("{title} (more)"), title=_(title)),
                               block))
        first = discord.Embed(title=_(N_("Something went wrong at the table?")),
                              description=_(WHAT_TO_DO), colour=discord.Colour.blurple())
        first.set_footer(text=_(N_("/{cmd[law]} <number> summarises a law, with a link to the "
                                   "official text.")))
        embeds = _packed(first, fields)
        await interaction.response.send_message(embed=embeds[0], ephemeral=True)
        for more in embeds[1:]:  # a long language's list goes on in the next message
            await interaction.followup.send(embed=more, ephemeral=True)

    @app_commands.command(
        name="law", description="A short summary of a law, with a link to the official text."
    )
    @app_commands.describe(number="The law's number, e.g. 50 (or a reference such as 64A2)")
    async def law(
        self, interaction: discord.Interaction[TDBot], number: app_commands.Range[str, 1, 20]
    ) -> None:
        found = law_summary(number)  # RuleError for an unknown law: the tree answers it
        await defer(interaction, ephemeral=True)  # before the club's edition is read
        locale = interaction.locale  # only the asker sees it

        def _(text: str, **params: Any) -> str:
            return localize(locale, text, **params)

        edition = say(locale, edition_title(found.edition))
        embed = discord.Embed(
            title=_(N_("Law {number}: {title}"), number=found.number,
                    title=say(locale, found.title))[:256],
            description=say(locale, found.summary),
            url=found.link,
            colour=discord.Colour.blurple(),
        )
        embed.add_field(name=_(N_("Edition")), value=edition, inline=False)
        club_edition = await _club_edition(interaction)
        if club_edition is not None and club_edition != found.edition:
            embed.add_field(
                name=_(N_("This club")),
                value=_(N_("rules under the {club_edition}: this summary is of the {edition}."),
                        club_edition=say(locale, edition_title(club_edition)), edition=edition),
                inline=False,
            )
        embed.add_field(name=_(N_("Official text")), value=found.link, inline=False)
        embed.set_footer(
            text=_(N_("A reminder in our own words of the {edition}, not the Laws: the "
                      "official text rules."), edition=edition)
        )
        await respond(interaction, embed=embed, ephemeral=True)

    @law.autocomplete("number")
    async def law_numbers(
        self, interaction: discord.Interaction[TDBot], current: str
    ) -> list[app_commands.Choice[str]]:
        text = current.strip().casefold().removeprefix("law").strip()
        locale = interaction.locale
        choices = []
        for law in known_laws():
            title = say(locale, law.title)
            label = localize(locale, N_("Law {number}: {title}"), number=law.number, title=title)
            if not text or str(law.number).startswith(text) or text in title.casefold():
                choices.append(app_commands.Choice(name=label[:100], value=str(law.number)))
        return choices[:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))


async def _club_edition(interaction: discord.Interaction[TDBot]) -> str | None:
    """The edition the club rules under today (None outside a server or without storage)."""
    storage = getattr(interaction.client, "storage", None)
    if interaction.guild_id is None or storage is None:
        return None
    return (await Desk(storage).edition_schedule(interaction.guild_id)).edition_today
