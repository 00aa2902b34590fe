"""Sitting at a table and the course of the board: /sit, /stand, /board set, /call, /board end."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.auction import Auction, parse_call
from core.correction import declarer_source
from core.deal import Deal
from core.deal_facts import dealer_kept, dealer_mismatch
from core.engine import Event
from core.laws.auction_calls import CallAfterFinalPass, CallMade
from core.laws.flow import BoardEnded
from core.permissions import (
    BoardFacts,
    Refused,
    may_end_board,
    may_free_seat,
    may_seat_someone,
)
from core.seats import Seat
from core.state import Phase
from core.storage import Storage
from core.storage.errors import Conflict
from core.text import Msg
from core.validity import parse_contract
from tdbot.answers import defer, respond, sentence
from tdbot.boards import ended_line
from tdbot.client import TDBot
from tdbot.context import (
    MEANING_HELP,
    AtTable,
    ContextError,
    Meaning,
    SeatName,
    TableContext,
    TableNumber,
    allow,
    at_table,
    checked,
    club_of,
    in_time,
    is_director,
    meaning_suits,
    refuse_closed_boards,
    refused,
    require_director,
    storage_of,
    table_context,
)
from tdbot.hands import enter_deal, show_deal
from tdbot.limits import directors_cooldown, write_cooldown
from tdbot.messages import N_, localize, say, seat_letter, seat_name
from tdbot.recording import NO_DEALER, call_cooldown, record_incident, reporter
from tdbot.render import clean, ruling_embed
from tdbot.verdicts import rerule

BoardNumber = app_commands.Range[int, 1, 200]


SEAT_TAKEN = N_("{taken} for this session. A director can free it (/{cmd[stand]} "
                "{opt[table]}:{table} {opt[seat]}:{seat}) or seat someone there (/{cmd[sit]} … "
                "member).")


class Table(commands.Cog):
    """Seat bindings, the board each table is playing, and channels bound to tables."""

    board = app_commands.Group(
        name="board", description="The board in play at your table.", guild_only=True
    )
    table_group = app_commands.Group(
        name="table", description="Directors: tables and their channels.", guild_only=True
    )

    @app_commands.command(name="sit", description="Sit at a table: later commands use your seat.")
    @app_commands.describe(
        table="Table number",
        seat="Your seat: N, E, S or W",
        member="Directors: seat this member there instead (whoever sat there is moved off)",
    )
    @app_commands.guild_only()
    @write_cooldown
    async def sit(
        self,
        interaction: discord.Interaction[TDBot],
        table: TableNumber,
        seat: SeatName,
        member: discord.Member | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        if table < 1:
            raise ContextError(N_("A table number is 1 or more."))
        club = await club_of(interaction)
        storage = storage_of(interaction)
        director = is_director(interaction.user, club)
        allow(may_seat_someone(someone_else=member is not None, director=director))
        who = member.id if member is not None else interaction.user.id

        async def work() -> Any:
            info = await storage.table(club.guild_id, table)
            try:  # leaving a seat mid-board is decided in the write (core.permissions)
                return await storage.sit(
                    club.guild_id, who, info.id, seat, take_over=member is not None,
                    director=director,
                )
            except Refused as exc:
                raise refused(exc.refusal) from exc

        try:
            seating = await in_time(interaction, work(), ephemeral=True)
        except Conflict as exc:  # names the member in the seat: shown as a mention, never pinged
            taken = exc.args[0] if exc.args and isinstance(exc.args[0], Msg) else str(exc)
            await respond(
                interaction,
                sentence(localize(interaction.locale, SEAT_TAKEN, taken=taken, table=table,
                                  seat=seat)),
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        locale = interaction.locale
        where = {"seat": seat_name(locale, seating.seat), "table": seating.table_number}
        if member is None:
            text = localize(locale, N_("You sit {seat} at table {table}."), **where)
        else:
            text = localize(
                locale,
                N_("{member} sits {seat} at table {table}."),
                member=clean(member.display_name),
                **where,
            )
        await respond(interaction, text, ephemeral=True)

    @app_commands.command(name="stand", description="Leave your seat (directors: free any seat).")
    @app_commands.describe(
        table="Directors: the table of the seat to free", seat="Directors: the seat to free"
    )
    @app_commands.guild_only()
    @write_cooldown
    async def stand(
        self,
        interaction: discord.Interaction[TDBot],
        table: TableNumber | None = None,
        seat: SeatName | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await club_of(interaction)
        storage = storage_of(interaction)
        director = is_director(interaction.user, club)
        if (table is not None or seat is not None) and not director:
            # a player naming his own seat stands up from it, as with no options
            mine = await storage.seating(club.guild_id, interaction.user.id)
            if (mine is not None and table == mine.table_number and seat is not None
                    and Seat.parse(seat) is mine.seat):
                table = seat = None
        if table is not None or seat is not None:
            allow(may_free_seat(someone_else=True, director=director))
            if table is None or seat is None:
                raise ContextError(N_("Give both the table and the seat to free."))
            info = await storage.table(club.guild_id, table)
            was = await storage.free_seat(club.guild_id, info.id, seat)
            if was is None:
                raise ContextError(
                    N_("{seat} at table {table} is free."),
                    seat=seat_name(interaction.locale, Seat.parse(seat)),
                    table=table,
                )
            await respond(
                interaction,
                localize(
                    interaction.locale,
                    N_("{seat} at table {table} is free ({member} left it)."),
                    seat=seat_name(interaction.locale, was.seat),
                    table=table,
                    member=f"<@{was.user_id}>",
                ),
                ephemeral=True,
            )
            return
        try:  # leaving mid-board is decided in the write (core.permissions.may_leave_seat)
            was = await storage.stand(club.guild_id, interaction.user.id, director=director)
        except Refused as exc:
            raise refused(exc.refusal) from exc
        if was is None:
            raise ContextError(
                N_("You are not sitting anywhere. Sit at a table first: /{cmd[sit]} {opt[table]} "
                   "{opt[seat]}")
            )
        await respond(
            interaction,
            localize(
                interaction.locale,
                N_("You left {seat} at table {table}."),
                seat=seat_name(interaction.locale, was.seat),
                table=was.table_number,
            ),
            ephemeral=True,
        )

    @board.command(name="set", description="Say which board your table is playing.")
    @app_commands.describe(
        number="Board number",
        dealer="Who dealt (N, E, S or W)",
        declarer="Declarer, once the auction is over",
        contract="The contract, e.g. 4H or 3NTX",
        table="Table number (default: this channel's table, or the table you sit at)",
        reopen="Directors: play again a board this table already finished this session",
    )
    @write_cooldown
    async def board_set(
        self,
        interaction: discord.Interaction[TDBot],
        number: BoardNumber,
        dealer: SeatName | None = None,
        declarer: SeatName | None = None,
        contract: app_commands.Range[str, 1, 12] | None = None,
        table: TableNumber | None = None,
        reopen: bool = False,
    ) -> None:
        await defer(interaction)
        if number < 1:
            raise ContextError(N_("A board number is 1 or more."))
        contract = parse_contract(contract) if contract is not None else None
        storage = storage_of(interaction)

        async def attempt() -> Any:
            at = await at_table(interaction, table, acting=True, board_number=number,
                                  create=True)  # /board set makes the table it names
            # the board in play there and the one asked for: neither may be closed to him
            await refuse_closed_boards(interaction, at, *(
                [at.board.number] if at.board is not None else []), number)
            deals_seen = storage.deals_seen(at.guild_id)  # checked again in set_board's write
            deal = await storage.deal_of(at.guild_id, at.table.session_id, number)
            if deal is not None:  # the hand records know the dealer: checked, or supplied
                mismatch = dealer_mismatch(Seat.parse(dealer), deal) if dealer else None
                if mismatch is not None:
                    raise ContextError(str(mismatch))
                deals.append(deal)
            source = await declarer_correction(storage, at, number, declarer)
            if source is not None:
                return None, source
            # who may move the table, reopen the board or change its declarer is decided in
            # the write's own transaction, on the rows it locks (core.permissions)
            try:
                board = await storage.set_board(
                    at.guild_id,
                    at.table.id,
                    number,
                    dealer=dealer,
                    dealt_by=deal.dealer if deal is not None else None,  # where none is set
                    declarer=declarer,
                    contract=contract,
                    actor_id=interaction.user.id,
                    interaction_id=interaction.id,
                    director=at.director,
                    reopen=reopen,
                    deals_seen=deals_seen,
                )
            except Refused as exc:
                raise refused(exc.refusal) from exc
            club_language.append(at.club.language)
            return board, None

        club_language: list[str | None] = []
        deals: list[Deal] = []  # the hand records' deal of the board, as the last attempt read
        board, source = await in_time(interaction, checked(attempt))
        if board is None:  # a director corrects the declarer under rulings: re-rule the board
            assert source is not None
            await rerule(interaction, source, f"Declarer corrected to {declarer} by the director",
                         f"declarer={declarer}")
            return
        locale = club_language[-1]  # a public answer: the club's language
        state = board.state
        known = [
            localize(locale, N_("dealer {seat}"), seat=seat_letter(locale, state.dealer))
            if state.dealer else "",
            localize(locale, N_("declarer {seat}"), seat=seat_letter(locale, state.declarer))
            if state.declarer else "",
            localize(locale, N_("contract {contract}"), contract=clean(state.contract))
            if state.contract else "",
        ]
        facts = ", ".join(k for k in known if k) or localize(locale, N_("nothing known yet"))
        lines = [f"{facts[0].upper()}{facts[1:]}."]
        if board.ended is not None:
            lines.append(ended_line(board.ended, locale))
        if board.reopened:
            lines.append(localize(locale, N_("Board {board} is reopened by the director."),
                                  board=number))
        kept = dealer_kept(state.dealer, deals[-1]) if deals else None
        if kept is not None:  # hand records stored after the table set another dealer
            lines.append(say(locale, kept))
        embed = discord.Embed(
            title=localize(locale, N_("Table {table} is playing board {board}"),
                           table=board.table_number, board=board.number),
            description="\n".join(lines),
            colour=discord.Colour.dark_green(),
        )
        await respond(interaction, embed=embed)

    @app_commands.command(name="call", description="Record a call made in the auction.")
    @app_commands.describe(
        call="The call: 1C to 7NT, P (pass), X (double) or XX (redouble)",
        seat="Who called (default: whose turn it is)",
        meaning=MEANING_HELP,
        table="Table number (default: the table you sit at)",
        lho_called="The caller's LHO called over it before the director came (Laws 36A, 37A, "
        "39B)",
    )
    @app_commands.guild_only()
    @call_cooldown
    async def call(
        self,
        interaction: discord.Interaction[TDBot],
        call: app_commands.Range[str, 1, 8],
        seat: SeatName | None = None,
        meaning: Meaning | None = None,
        table: TableNumber | None = None,
        lho_called: bool = False,
    ) -> None:
        """Calls in rotation keep the auction, and so the pass obligations, up to date."""
        text = parse_call(call).text
        shows = meaning_suits(meaning)

        def build(ctx: TableContext) -> Event:
            state = ctx.board.state
            if state.dealer is None:
                raise ContextError(NO_DEALER)
            # the stored auction holds accepted irregular calls (27A1, 29A): trust it
            auction = Auction.trusted(state.dealer, state.calls)
            if seat is None and (state.phase is not Phase.AUCTION or auction.is_over):
                raise ContextError(
                    N_(
                        "The auction is over: say who made this call ({opt[seat]}), and it is "
                        "ruled under Law 39."
                    )
                )
            who = Seat.parse(seat) if seat else auction.turn
            if state.phase is not Phase.AUCTION or auction.is_over:
                # Law 39: an incident for the log
                return CallAfterFinalPass(who, text, lho_called=lho_called)
            return CallMade(who, text, specifies=shows, lho_called=lho_called)

        await record_incident(interaction, table, build)

    @board.command(name="end", description="The board is over: clear its penalty cards.")
    @app_commands.describe(table="Table number (default: this channel's table, or yours)")
    @write_cooldown
    async def board_end(
        self, interaction: discord.Interaction[TDBot], table: TableNumber | None = None
    ) -> None:
        await defer(interaction)
        storage = storage_of(interaction)

        async def attempt() -> Any:
            ctx = await table_context(interaction, table, acting=True)
            board = BoardFacts.of(ctx.board.number, ctx.table.number, ctx.board.state,
                                  has_ruling=ctx.board.has_incidents)
            allow(may_end_board(board, director=ctx.director))
            recorded = await storage.record(
                ctx.guild_id,
                ctx.board.id,
                BoardEnded(),
                actor_id=interaction.user.id,
                interaction_id=interaction.id,
                expect_seq=ctx.board.last_seq,  # the checks above stand, under the lock
                seen=ctx.board,
                seated=reporter(interaction, ctx),  # his seat there, read again in the write
            )
            return ctx, recorded

        ctx, recorded = await in_time(interaction, checked(attempt))
        embed = ruling_embed(  # the table's record: no ruling number
            recorded.ruling, event_id=None, table=ctx.table.number, board=ctx.board.number,
            locale=ctx.club.language,
        )
        await respond(interaction, embed=embed)

    @board.command(
        name="deal", description="A board's deal: directors enter it; shown once you may see it."
    )
    @app_commands.describe(
        number="Board number",
        deal="Directors: the deal in PBN notation, e.g. N:KQ5.A72..JT9843 … (four hands)",
        table="Show this table's contract with it",
        session="A past session's id (/log search shows it): its deals are no longer secret",
    )
    async def board_deal(
        self,
        interaction: discord.Interaction[TDBot],
        number: BoardNumber,
        deal: app_commands.Range[str, 1, 120] | None = None,
        table: TableNumber | None = None,
        session: app_commands.Range[int, 1, 2**53 - 1] | None = None,
    ) -> None:
        if deal is not None:
            if table is not None or session is not None:
                raise ContextError(
                    N_("A deal is entered for the session in play, for every table.")
                )
            await enter_deal(interaction, number, deal)
        else:
            await show_deal(interaction, number, table=table, session_id=session)

    @table_group.command(
        name="channel", description="Directors: bind this channel (or thread) to a table."
    )
    @app_commands.describe(number="The table this channel is for (leave out to unbind it)")
    @directors_cooldown
    async def table_channel(
        self, interaction: discord.Interaction[TDBot], number: TableNumber | None = None
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        channel_id = interaction.channel_id
        if channel_id is None:
            raise ContextError(N_("Run this in the table's channel or thread."))
        await storage_of(interaction).bind_channel(club.guild_id, channel_id, number)
        if number is None:
            text = localize(interaction.locale,
                            N_("This channel is no longer bound to a table."))
        else:
            text = localize(
                interaction.locale,
                N_("This channel is table {number}'s, in every session: commands typed here "
                   "need no table option (and, after /{cmd[sit]}, no seat for your own reports)."),
                number=number,
            )
        await respond(interaction, text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Table())


async def declarer_correction(storage: Storage, at: AtTable, number: int,
                              declarer: str | None) -> int | None:
    """When a director corrects the declarer of a board that already has rulings, the event
    the board is re-ruled from (the one that named the declarer): rulings made for another
    declarer are ruled again rather than left standing under a new one. None otherwise (the
    ordinary /board set goes on)."""
    if declarer is None or not at.director:
        return None
    target = at.board if at.board is not None and at.board.number == number else at.named_board
    if target is None or not target.has_incidents or target.declarer in (
            None, Seat.parse(declarer)):
        return None
    events = await storage.board_events(at.guild_id, target.id, include_void=False)
    return declarer_source([(e.id, e.kind, e.facts) for e in events])
