"""Sitting at a table and the course of the board: /sit, /stand, /board set, /call, /board end."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.context import (
    NOT_SEATED,
    ContextError,
    SeatName,
    TableContext,
    club_of,
    in_time,
    storage_of,
    table_context,
)
from cogs.incidents import record_incident
from cogs.render import clean, ruling_embed
from cogs.tdbot import defer, respond
from core.auction import Auction, parse_call
from core.engine import Event
from core.errors import RuleError
from core.laws.auction_calls import CallMade
from core.laws.flow import BoardEnded
from core.seats import Seat
from core.storage.errors import Conflict

TableNumber = app_commands.Range[int, 1, 200]
BoardNumber = app_commands.Range[int, 1, 200]


class Table(commands.Cog):
    """Seat bindings and the board each table is playing."""

    board = app_commands.Group(
        name="board", description="The board in play at your table.", guild_only=True
    )

    @app_commands.command(name="sit", description="Sit at a table: later commands use your seat.")
    @app_commands.describe(table="Table number", seat="Your seat: N, E, S or W")
    @app_commands.guild_only()
    async def sit(
        self, interaction: discord.Interaction[Any], table: TableNumber, seat: SeatName
    ) -> None:
        await defer(interaction, ephemeral=True)
        if table < 1:
            raise ContextError("A table number is 1 or more.")
        club = await club_of(interaction)
        storage = storage_of(interaction)

        async def work() -> Any:
            info = await storage.table(club.guild_id, table)
            return await storage.sit(club.guild_id, interaction.user.id, info.id, seat)

        try:
            seating = await in_time(interaction, work(), ephemeral=True)
        except Conflict as exc:  # names the member in the seat: shown as a mention, never pinged
            await respond(
                interaction,
                f"{str(exc)[:1].upper()}{str(exc)[1:]}.",
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await respond(
            interaction,
            f"You sit {seating.seat.full_name} at table {seating.table_number}.",
            ephemeral=True,
        )

    @app_commands.command(name="stand", description="Leave your seat.")
    @app_commands.guild_only()
    async def stand(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction, ephemeral=True)
        club = await club_of(interaction)
        was = await storage_of(interaction).stand(club.guild_id, interaction.user.id)
        if was is None:
            raise ContextError(f"You are not sitting anywhere. {NOT_SEATED}")
        await respond(
            interaction,
            f"You left {was.seat.full_name} at table {was.table_number}.",
            ephemeral=True,
        )

    @board.command(name="set", description="Say which board your table is playing.")
    @app_commands.describe(
        number="Board number",
        dealer="Who dealt (N, E, S or W)",
        declarer="Declarer, once the auction is over",
        contract="The contract, e.g. 4H or 3NTX",
        table="Table number (default: the table you sit at)",
    )
    async def board_set(
        self,
        interaction: discord.Interaction[Any],
        number: BoardNumber,
        dealer: SeatName | None = None,
        declarer: SeatName | None = None,
        contract: app_commands.Range[str, 1, 12] | None = None,
        table: TableNumber | None = None,
    ) -> None:
        await defer(interaction)
        if number < 1:
            raise ContextError("A board number is 1 or more.")
        club = await club_of(interaction)
        storage = storage_of(interaction)
        guild_id = club.guild_id

        async def work() -> Any:
            if table is None:
                seating = await storage.seating(guild_id, interaction.user.id)
                if seating is None:
                    raise ContextError(NOT_SEATED)
                table_id = seating.table_id
            else:
                table_id = (await storage.table(guild_id, table)).id
            return await storage.set_board(
                guild_id,
                table_id,
                number,
                dealer=dealer,
                declarer=declarer,
                contract=contract,
                actor_id=interaction.user.id,
                interaction_id=interaction.id,
            )

        board = await in_time(interaction, work())
        known = [
            f"dealer {board.state.dealer.value}" if board.state.dealer else "",
            f"declarer {board.state.declarer.value}" if board.state.declarer else "",
            f"contract {clean(board.state.contract)}" if board.state.contract else "",
        ]
        facts = ", ".join(k for k in known if k) or "nothing known yet"
        embed = discord.Embed(
            title=f"Table {board.table_number} is playing board {board.number}",
            description=f"{facts[0].upper()}{facts[1:]}.",
            colour=discord.Colour.dark_green(),
        )
        await respond(interaction, embed=embed)

    @app_commands.command(name="call", description="Record a call made in the auction.")
    @app_commands.describe(
        call="The call: 1C to 7NT, P (pass), X (double) or XX (redouble)",
        seat="Who called (default: whose turn it is)",
        table="Table number (default: the table you sit at)",
    )
    @app_commands.guild_only()
    async def call(
        self,
        interaction: discord.Interaction[Any],
        call: app_commands.Range[str, 1, 8],
        seat: SeatName | None = None,
        table: TableNumber | None = None,
    ) -> None:
        """Calls in rotation keep the auction, and so the pass obligations, up to date."""

        def build(ctx: TableContext) -> Event:
            state = ctx.board.state
            if state.dealer is None:
                raise RuleError("the dealer is not known yet: /board set number dealer")
            who = Seat.parse(seat) if seat else Auction.parse(state.dealer, state.calls).turn
            return CallMade(who, parse_call(call).text)

        await record_incident(interaction, table, build, notify=False)

    @board.command(name="end", description="The board is over: clear its penalty cards.")
    @app_commands.describe(table="Table number (default: the table you sit at)")
    async def board_end(
        self, interaction: discord.Interaction[Any], table: TableNumber | None = None
    ) -> None:
        await defer(interaction)
        ctx = await table_context(interaction, table)
        recorded = await in_time(
            interaction,
            storage_of(interaction).record(
                ctx.guild_id,
                ctx.board.id,
                BoardEnded(),
                actor_id=interaction.user.id,
                interaction_id=interaction.id,
            ),
        )
        embed = ruling_embed(
            recorded.ruling, event_id=recorded.id, table=ctx.table.number, board=ctx.board.number
        )
        await respond(interaction, embed=embed)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Table())
