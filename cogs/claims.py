"""``/claim made`` (a player records a claim or concession, Laws 68-69), ``/claim play-on``
(the players agreed to play on from it, 68D2(b)) and ``/claim review``
(the director reads what Law 70 has him weigh: the remaining hands, the outstanding trumps, the
double-dummy result from there, the questions). He rules with ``/ruling confirm`` (it stands)
or ``/ruling adjust`` (the tricks he awards), logged like any other ruling."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core import double_dummy
from core.cards import CardError, Hand, parse_cards
from core.deal import Deal
from core.diagram import heading
from core.engine import Event
from core.errors import error_text
from core.laws.claim import (
    LAW70_QUESTIONS,
    STATEMENT_MAX,
    Claim,
    PlayOn,
    outstanding_trumps,
    remaining_hands,
    trump_of,
)
from core.ruling import Ruling
from core.seats import SEATS, Seat
from core.text import Msg
from tdbot.answers import defer, respond
from tdbot.client import TDBot
from tdbot.context import (
    ID_MAX,
    ContextError,
    SeatName,
    TableContext,
    TableNumber,
    require_director,
    storage_of,
)
from tdbot.desk import readable_entry
from tdbot.hands import diagram
from tdbot.messages import N_, Locale, localize, say, seat_letter
from tdbot.recording import incident_cooldown, record_incident
from tdbot.render import clean


class Claims(commands.Cog):
    """Claims and concessions."""

    claim = app_commands.Group(
        name="claim", description="A claim or concession (Laws 68-70).", guild_only=True
    )

    @claim.command(name="made", description="A player claimed or conceded tricks: play stops.")
    @app_commands.describe(
        seat="Who claimed (or conceded)",
        tricks="How many of the remaining tricks he claims for his side (0: concedes them all)",
        remaining="How many tricks were left to play",
        statement="What he said: his line of play (68C)",
        objector="The player who disputes it (leave out when nobody does)",
        table="Table number (default: this channel's table, or yours)",
    )
    @incident_cooldown
    async def made(
        self,
        interaction: discord.Interaction[TDBot],
        seat: SeatName,
        tricks: app_commands.Range[int, 0, 13],
        remaining: app_commands.Range[int, 1, 13],
        statement: app_commands.Range[str, 1, STATEMENT_MAX] | None = None,
        objector: SeatName | None = None,
        table: TableNumber | None = None,
    ) -> None:
        def build(ctx: TableContext) -> Event:
            return Claim(Seat.parse(seat), tricks, remaining, statement or "",
                         Seat.parse(objector) if objector else None)

        await record_incident(interaction, table, build)

    @claim.command(name="play-on",
                   description="Play goes on after a claim, all four agreeing (68D2(b)).")
    @app_commands.describe(table="Table number (default: this channel's table, or yours)")
    @incident_cooldown
    async def play_on(
        self,
        interaction: discord.Interaction[TDBot],
        table: TableNumber | None = None,
    ) -> None:
        await record_incident(interaction, table, lambda ctx: PlayOn())

    @claim.command(name="review", description="Directors: what Law 70 weighs for a claim.")
    @app_commands.describe(
        id="The claim's ruling number (in its footer)",
        played="The cards played before the claim, if the hand records are known (e.g. SA S2 …)",
        leader="Who is on lead at the claim (default: the claimer)",
    )
    async def review(
        self,
        interaction: discord.Interaction[TDBot],
        id: app_commands.Range[int, 1, ID_MAX],
        played: app_commands.Range[str, 1, 400] | None = None,
        leader: SeatName | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        storage = storage_of(interaction)
        entry = await readable_entry(interaction, id, director=True)
        if entry.kind != "claim":
            raise ContextError(N_("Ruling #{number} is not a claim: "
                                  "/{cmd[claim made]} records one."),
                               number=id)
        locale = interaction.locale  # only the director sees it
        facts: dict[str, Any] = entry.facts
        claimer, remaining = Seat(facts["claimer"]), int(facts["remaining"])
        lines = [localize(locale, N_("**Claim #{number}**, table {table}, board {board}: "
                                     "{summary}"),
                          number=id, table=entry.table_number, board=entry.board_number,
                          summary=clean(say(locale, Ruling.from_data(entry.ruling).summary)))]
        stored_deal = await storage.session_deal(
            club.guild_id, entry.session_id, entry.board_number
        )
        if stored_deal is None:
            lines.append(localize(locale, N_("No hand records for this board: the remaining "
                                             "hands are the players' to show (70B3).")))
        else:
            state = await storage.board_state(club.guild_id, entry.board_id)
            lines += await _position(stored_deal.deal, played, state.contract, claimer,
                                     Seat.parse(leader) if leader else claimer, remaining,
                                     locale)
        lines.append(localize(locale, N_("**Law 70: the questions**")))
        lines += [f"{n}. {say(locale, q)}" for n, q in enumerate(LAW70_QUESTIONS, start=1)]
        lines.append(localize(locale, N_("Rule with /{cmd[ruling confirm]} {opt[id]}:{number} (the "
                                         "claim stands) or /{cmd[ruling adjust]} "
                                         "{opt[id]}:{number} {opt[score]}:… (the tricks you "
                                         "award); both are logged."), number=id))
        await respond(interaction, "\n".join(lines)[:2000], ephemeral=True)


async def _position(
    deal: Deal,
    played_text: str | None,
    contract: str | None,
    claimer: Seat,
    leader: Seat,
    remaining: int,
    locale: Locale = None,
) -> list[str]:
    """The remaining hands, the outstanding trumps and the double-dummy result from there, in
    the reader's language."""
    try:
        played = parse_cards(played_text) if played_text else ()
    except CardError as exc:
        raise ContextError(N_("{opt[played]}: {problem}"),
                           problem=say(locale, error_text(exc))) from None
    hands = remaining_hands(deal.hands, tuple(played))
    trump = trump_of(contract)
    now = Deal(deal.board, deal.dealer, deal.vulnerable, {s: Hand(hands[s]) for s in SEATS})
    lines = [localize(locale, N_("Remaining hands ({heading}):"),
                      heading=clean(say(locale, heading(deal, contract=contract)))),
             f"```\n{diagram(now, locale)}\n```",
             say(locale, outstanding_trumps(hands, trump, claimer))]
    sizes = {len(hands[s]) for s in SEATS}
    if sizes != {remaining}:
        counts = ", ".join(f"{seat_letter(locale, s)} {len(hands[s])}" for s in SEATS)
        lines.append(localize(locale, N_("Double dummy not solved: with the cards entered the "
                                         "hands hold {counts}; for {remaining} tricks to play, "
                                         "enter every card played before the claim "
                                         "({opt[played]}:), whole tricks only."),
                              counts=counts, remaining=remaining))
        return lines
    try:  # off the event loop, the solver's first import included
        taken = await asyncio.to_thread(double_dummy.tricks_from_position, hands, trump, leader)
    except double_dummy.SolverMissing:
        lines.append(say(locale, double_dummy.NOT_INSTALLED))
    else:
        ours = taken if leader.side == claimer.side else remaining - taken
        lines.append(localize(locale, N_("Double dummy from here, {seat} to lead: {side} take "
                                         "{tricks} of the {remaining} tricks. {label}"),
                              seat=seat_letter(locale, leader),
                              side=say(locale, Msg("{seat.side}", seat=claimer)), tricks=ours,
                              remaining=remaining, label=say(locale, double_dummy.LABEL)))
    return lines


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Claims())
