"""Fixtures for testing the bot through discord.py's real machinery (see localdiscord/).

A test gets a running stand-in for Discord (``ld``) and a logged-in ``TDBot`` (``bot``); it sends
interactions through ``ld`` and asserts on what the bot answered::

    async def test_ping(ld, bot):
        result = await ld.slash("ping")
        assert result.ephemeral and result.content == "Pong."

    async def test_a_ruling(ld, bot):
        result = await ld.run("/exposed cards:SK seat:W how:accidental", user="Declarer")
        call = await ld.press(result.message, "Call the director")
        [post] = call.channel_messages  # in #td-log, pinging the director role
        assert post.pings["roles"] == [ld.guild.role("Director").id]

Override ``extensions`` (the cogs the bot loads) or ``storage`` (``bot.storage``) in a test
module or a conftest below this one::

    @pytest.fixture
    def extensions():
        return (*EXTENSIONS, "cogs.incidents")

``start_bot`` starts another bot on the same ``ld`` (closing the previous one), for restarts:
messages and the request log survive, so a button pressed after a restart reaches the new bot.
``probe`` adds a test-only cog with one command per kind of answer, to exercise the harness.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from core.cards import CardError, parse_card
from localdiscord import LocalDiscord
from tdbot.client import EXTENSIONS, TDBot

StartBot = Callable[..., Awaitable[TDBot]]


@pytest.fixture
def extensions() -> tuple[str, ...]:
    """The extensions the bot loads."""
    return EXTENSIONS


@pytest.fixture
def storage() -> Any:
    """The bot's storage object (none until a test provides one)."""
    return None


@pytest.fixture
async def ld() -> AsyncIterator[LocalDiscord]:
    """A running LocalDiscord (``Route.BASE`` points at it until the test ends)."""
    async with LocalDiscord(timeout=5.0) as local:
        yield local


@pytest.fixture
async def start_bot(
    ld: LocalDiscord, extensions: tuple[str, ...], storage: Any
) -> AsyncIterator[StartBot]:
    """``await start_bot(**options)``: a new TDBot logged in to ``ld`` (the last one closed)."""
    started: list[TDBot] = []

    async def start(**options: Any) -> TDBot:
        if started:
            await started[-1].close()
        options.setdefault("extensions", extensions)
        options.setdefault("storage", storage)
        bot = TDBot(**options)
        started.append(bot)
        await ld.login(bot)
        return bot

    yield start
    for bot in started:
        await bot.close()


@pytest.fixture
async def bot(start_bot: StartBot) -> TDBot:
    """A TDBot with ``extensions`` and ``storage``, logged in to ``ld``."""
    return await start_bot()


# ------------------------------------------------------------------ a cog that answers in every way


class CallView(discord.ui.View):
    """A persistent view, as the director-call buttons will be."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Take it", custom_id="probe:call:take")
    async def take(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(
            content=f"Taken by {interaction.user.display_name}", view=None
        )


class CardSelect(discord.ui.View):
    @discord.ui.select(
        custom_id="probe:card",
        placeholder="Which card?",
        options=[discord.SelectOption(label=c, value=c) for c in ("SA", "SK", "SQ")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"You chose {', '.join(select.values)}.")


class Reason(discord.ui.Modal, title="Why?"):
    reason = discord.ui.TextInput(label="Reason")
    note = discord.ui.TextInput(label="Note", required=False)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Because {self.reason.value} ({self.note.value}).")


class CardTransformer(app_commands.Transformer):
    async def transform(self, interaction: discord.Interaction, value: str) -> Any:
        return parse_card(value)


class NotDirector(app_commands.CheckFailure):
    """A cog's own check failure, with a message for the user."""


def refuse(interaction: discord.Interaction) -> bool:
    raise NotDirector("Only a director may do that.")


class Probe(commands.Cog):
    ruling = app_commands.Group(name="ruling", description="Directors' decisions.")

    @app_commands.command(description="Post a call with a persistent button.")
    async def call(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("A call at table 1.", view=CallView())

    @app_commands.command(description="Offer a select menu.")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick one:", view=CardSelect(), ephemeral=True)

    @app_commands.command(description="Open a form.")
    async def why(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Reason())

    @app_commands.command(description="Answer with an embed.")
    @app_commands.describe(seat="The seat", how="How it happened")
    async def show(
        self,
        interaction: discord.Interaction,
        seat: str,
        how: app_commands.Range[int, 1, 7] = 1,
        honest: bool = True,
    ) -> None:
        embed = discord.Embed(title="Exposed card", description=f"Seat {seat}, case {how}.")
        embed.add_field(name="Law", value="50")
        embed.set_footer(text=f"honest={honest}")
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description="Think, then answer with a file and a post in #td-log.")
    async def export(
        self, interaction: discord.Interaction, who: discord.Member | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = io.BytesIO(b"id,law\n1,50\n")
        whose = who.display_name if who else "everyone"
        await interaction.followup.send(f"Log for {whose}.", file=discord.File(data, "log.csv"))
        guild = interaction.guild
        assert guild is not None
        log = discord.utils.get(guild.text_channels, name="td-log")
        director = discord.utils.get(guild.roles, name="Director")
        assert log is not None and director is not None
        await log.send(
            f"{director.mention}: exported by {interaction.user.mention}",
            allowed_mentions=discord.AllowedMentions(roles=[director]),
        )

    @app_commands.command(description="Read an attached file.")
    async def upload(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        data = await file.read()
        first = data.decode().splitlines()[0] if data else ""
        await interaction.response.send_message(f"{file.filename}: {file.size} bytes, {first}")

    @app_commands.command(description="Repeat some text.")
    async def echo(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text)

    @app_commands.command(description="Fail unexpectedly.")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    @app_commands.command(description="Fail unexpectedly after deferring.")
    async def late_boom(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        raise RuntimeError("kaboom later")

    @app_commands.command(description="Refuse with the engine's message.")
    async def impossible(self, interaction: discord.Interaction) -> None:
        raise CardError("There is no 1 of spades.")

    @app_commands.command(description="Parse a card.")
    async def card(
        self,
        interaction: discord.Interaction,
        card: app_commands.Transform[Any, CardTransformer],
    ) -> None:
        await interaction.response.send_message(f"Card {card}.")

    @card.autocomplete("card")
    async def card_suggestions(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        cards = ("SA", "SK", "HA")
        return [
            app_commands.Choice(name=c, value=c) for c in cards if c.startswith(current.upper())
        ]

    @app_commands.command(description="Managers only.")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def manage(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Managed.", ephemeral=True)

    @app_commands.command(description="Directors only, by role.")
    @app_commands.checks.has_role("Director")
    async def directors(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Hello, director.", ephemeral=True)

    @app_commands.command(description="Never allowed.")
    @app_commands.check(refuse)
    async def never(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("unreachable")

    @ruling.command(description="Confirm a ruling.")
    async def confirm(
        self, interaction: discord.Interaction, id: int, reason: str | None = None
    ) -> None:
        await interaction.response.send_message(f"Ruling {id} confirmed ({reason}).")


async def _add_probe(bot: TDBot) -> TDBot:
    await bot.add_cog(Probe(), override=True)  # its test /ruling replaces the real one
    bot.add_view(CallView())
    return bot


@pytest.fixture
def add_probe() -> Callable[[TDBot], Awaitable[TDBot]]:
    """``await add_probe(bot)``: add the test-only Probe cog and its persistent view to a bot."""
    return _add_probe


@pytest.fixture
async def probe(bot: TDBot) -> TDBot:
    """The bot with the test-only Probe cog and its persistent view."""
    return await _add_probe(bot)
