"""Follow-ups answered from the stored state: /mustplay, /mustpass, /lead, /penalty, /state, and
the buttons by which declarer (or the defenders) choose among the options a ruling offered."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.context import (
    CardOption,
    ContextError,
    SeatName,
    TableContext,
    card_choices,
    club_of,
    in_time,
    is_director,
    require_director,
    storage_of,
    table_context,
)
from cogs.incidents import incident_cooldown, record_incident
from cogs.render import (
    CALL_LABEL,
    CHOICE_PATTERN,
    call_custom_id,
    choice_custom_id,
    clean,
    post_ruling,
    ruling_embed,
    state_embed,
)
from cogs.tdbot import defer, edit_pressed, report_error, respond
from core.cards import Card, Suit, parse_hand
from core.engine import ChoiceMade, Event
from core.laws.auction_calls import must_pass
from core.laws.flow import CardPlayed
from core.laws.obligations import must_play
from core.laws.penalty import PartnerLead, PenaltyCardReturned
from core.seats import Seat
from core.state import TableState
from core.storage.errors import NotFound

log = logging.getLogger(__name__)

TableNumber = app_commands.Range[int, 1, 200]
TABLE_HELP = "Table number (default: the table you sit at)"
SUIT_CHOICES = [
    app_commands.Choice(name=s.plural.capitalize(), value=s.letter)
    for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
]

EXPIRED = "This button no longer applies: the choice has been made or the board has moved on."
NOT_YOURS = "Only {who} at table {table} or a director can choose."


def may_choose(chooser: str, seat: Seat | None, state: TableState) -> bool:
    """Whether a player in ``seat`` is on the side that makes a choice offered to ``chooser``."""
    if seat is None or state.declarer is None:
        return False
    if chooser == "declarer":
        return seat is state.declarer
    if chooser == "defenders":
        return seat in (state.declarer.lho, state.declarer.rho)
    return False


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CHOICE_PATTERN):
    """One option of a ruling: ``tdbot:choice:<event_id>:<seat>:<token>``.

    Everything is re-read from storage when pressed, so the button works after a restart and a
    stale one (the choice already made, the board over) is refused politely.
    """

    def __init__(self, event_id: int, seat: Seat, token: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or token,
                custom_id=choice_custom_id(event_id, seat, token),
                style=discord.ButtonStyle.primary,
            )
        )
        self.event_id = event_id
        self.seat = seat
        self.token = token

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ChoiceButton:
        label = getattr(item, "label", None)
        return cls(int(match["event_id"]), Seat(match["seat"]), match["token"], label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:  # type: ignore[override]
        try:
            await self._choose(interaction)
        except Exception as exc:  # the view machinery would only log it: answer the user
            await report_error(interaction, exc)

    async def _choose(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction, update=True)
        storage = storage_of(interaction)
        club = await club_of(interaction)
        guild_id = club.guild_id
        try:
            # the offering ruling, its board now and the presser's seat, in one read
            offered = await storage.choice_context(guild_id, self.event_id, interaction.user.id)
        except NotFound:
            raise ContextError(EXPIRED) from None
        board = offered.board
        pending = next(
            (p for p in board.state.pending_for(self.seat) if self.token in p.options), None
        )
        if pending is None:
            raise ContextError(EXPIRED)
        if not is_director(interaction.user, club):
            seat = offered.seat if offered.seat_table_id == board.table_id else None
            if not may_choose(pending.chooser, seat, board.state):
                who = "the declarer" if pending.chooser == "declarer" else f"the {pending.chooser}"
                raise ContextError(NOT_YOURS.format(who=who, table=board.table_number))
        recorded = await storage.record(
            guild_id,
            board.id,
            ChoiceMade(self.seat, self.token),
            actor_id=interaction.user.id,
            interaction_id=interaction.id,
        )
        label = next((o.label for o in offered.ruling.options if o.token == self.token), self.token)
        message = interaction.message
        embed = (
            message.embeds[0]
            if message is not None and message.embeds
            else ruling_embed(offered.ruling, event_id=offered.event_id)
        )
        embed.add_field(
            name=f"Chosen by {clean(interaction.user.display_name)}: {clean(label)}",
            value=f"{clean(recorded.ruling.summary)} (ruling #{recorded.id})"[:1024],
            inline=False,
        )
        view = discord.ui.View(timeout=None)
        view.add_item(
            discord.ui.Button(
                label=CALL_LABEL,
                custom_id=call_custom_id(offered.event_id),
                style=discord.ButtonStyle.danger,
            )
        )
        await edit_pressed(interaction, embed=embed, view=view)


class Followups(commands.Cog):
    """What a player asks once something has happened at the table."""

    penalty = app_commands.Group(
        name="penalty", description="A penalty card leaves the table.", guild_only=True
    )

    @app_commands.command(name="mustplay", description="Must I play it now? (Laws 50, 57, 26)")
    @app_commands.describe(
        seat="The player about to lead or play",
        led="The suit led to this trick (leave out when he is to lead)",
        hand="His cards, e.g. 'S KQ2 H 5432' (the answer is then shown only to you)",
        table=TABLE_HELP,
    )
    @app_commands.choices(led=SUIT_CHOICES)
    @app_commands.guild_only()
    async def mustplay(
        self,
        interaction: discord.Interaction[Any],
        seat: SeatName,
        led: str | None = None,
        hand: app_commands.Range[str, 1, 80] | None = None,
        table: TableNumber | None = None,
    ) -> None:
        suit = Suit.parse(led) if led else None
        holding = parse_hand(hand) if hand else None
        ctx = await in_time(interaction, table_context(interaction, table), ephemeral=bool(hand))
        ruling = must_play(ctx.board.state, Seat.parse(seat), holding, suit)
        embed = ruling_embed(ruling, event_id=None, table=ctx.table.number, board=ctx.board.number)
        # A hand reveals a holding (Law 16): only the asker sees the answer.
        await respond(interaction, embed=embed, ephemeral=ruling.private or holding is not None)

    @app_commands.command(name="mustpass", description="Must I pass? (Laws 23-32)")
    @app_commands.describe(seat="The player about to call", table=TABLE_HELP)
    @app_commands.guild_only()
    async def mustpass(
        self,
        interaction: discord.Interaction[Any],
        seat: SeatName,
        table: TableNumber | None = None,
    ) -> None:
        ctx = await in_time(interaction, table_context(interaction, table))
        ruling = must_pass(ctx.board.state, Seat.parse(seat))
        embed = ruling_embed(ruling, event_id=None, table=ctx.table.number, board=ctx.board.number)
        await respond(interaction, embed=embed, ephemeral=ruling.private)

    @app_commands.command(
        name="lead", description="A defender is about to lead: declarer's options (Law 50D2)."
    )
    @app_commands.describe(seat="The defender about to lead", table=TABLE_HELP)
    @app_commands.guild_only()
    @incident_cooldown
    async def lead(
        self,
        interaction: discord.Interaction[Any],
        seat: SeatName,
        table: TableNumber | None = None,
    ) -> None:
        storage = storage_of(interaction)

        async def work() -> Any:
            ctx = await table_context(interaction, table)
            recorded = await storage.record(
                ctx.guild_id,
                ctx.board.id,
                PartnerLead(Seat.parse(seat)),
                actor_id=interaction.user.id,
                interaction_id=interaction.id,
            )
            return ctx, recorded

        ctx, recorded = await in_time(interaction, work())
        await post_ruling(interaction, recorded, table=ctx.table.number, board=ctx.board.number)

    @penalty.command(name="played", description="A penalty card was played.")
    @app_commands.describe(
        card="The penalty card played",
        seat="Whose card (default: the player whose penalty card it is)",
        table=TABLE_HELP,
    )
    @incident_cooldown
    async def penalty_played(
        self,
        interaction: discord.Interaction[Any],
        card: app_commands.Transform[Card, CardOption],
        seat: SeatName | None = None,
        table: TableNumber | None = None,
    ) -> None:
        storage = storage_of(interaction)

        async def work() -> Any:
            ctx = await table_context(interaction, table)
            owners = [p.seat for p in ctx.board.state.penalty_cards if p.card == card]
            if seat is not None:
                owner = Seat.parse(seat)
            elif owners:
                owner = owners[0]
            else:
                raise ContextError(
                    f"The {card.symbol} is not a penalty card at table {ctx.table.number}."
                )
            recorded = await storage.record(
                ctx.guild_id,
                ctx.board.id,
                CardPlayed(owner, card),
                actor_id=interaction.user.id,
                interaction_id=interaction.id,
            )
            return ctx, recorded

        ctx, recorded = await in_time(interaction, work())
        await post_ruling(interaction, recorded, table=ctx.table.number, board=ctx.board.number)

    @penalty_played.autocomplete("card")
    async def _penalty_cards(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The penalty cards on the user's table first; otherwise any card."""
        try:
            ctx = await table_context(interaction)
        except Exception:  # no seat or board: plain card suggestions
            return card_choices(current)
        cards = [p.card.text for p in ctx.board.state.penalty_cards]
        return card_choices(current, cards) or card_choices(current)

    @penalty.command(
        name="returned", description="Director: a penalty card goes back to the hand."
    )
    @app_commands.describe(card="The penalty card", table=TABLE_HELP)
    async def penalty_returned(
        self,
        interaction: discord.Interaction[Any],
        card: app_commands.Transform[Card, CardOption],
        table: TableNumber | None = None,
    ) -> None:
        """Only a director decides that a card is not (or no longer) a penalty card: the usual
        ways back to the hand are declarer's choice after /lead and /board end."""
        await defer(interaction)
        await require_director(interaction)

        def build(ctx: TableContext) -> Event:
            owners = [p.seat for p in ctx.board.state.penalty_cards if p.card == card]
            if not owners:
                raise ContextError(
                    f"The {card.symbol} is not a penalty card at table {ctx.table.number}."
                )
            return PenaltyCardReturned(owners[0], card)

        await record_incident(interaction, table, build)

    penalty_returned.autocomplete("card")(_penalty_cards)

    @app_commands.command(name="state", description="The public state of your table's board.")
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.guild_only()
    async def state(
        self, interaction: discord.Interaction[Any], table: TableNumber | None = None
    ) -> None:
        ctx = await in_time(interaction, table_context(interaction, table))
        lines = ctx.board.state.describe()
        await respond(
            interaction,
            embed=state_embed(lines, table=ctx.table.number, board=ctx.board.number),
        )


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ChoiceButton)
    await bot.add_cog(Followups())


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(ChoiceButton)
