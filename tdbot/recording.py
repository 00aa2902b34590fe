"""Recording an incident on a table's board and answering with its ruling, for every cog that
reports one (the incident, table and follow-up cogs): the auction caught up first, the ruling
noted in the club's ruling-log channel, and the cooldown that keeps a flood of reports out."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from core.auction import parse_calls
from core.deal_facts import deal_mismatch, hands_checked, table_accepts
from core.engine import Event
from core.laws.auction_calls import CallMade
from core.laws.course import PlayReported
from core.laws.flow import BoardSet
from core.seats import Seat
from core.storage.values import BoardInfo, ClubSettings
from tdbot.client import TDBot
from tdbot.context import (
    ContextError,
    TableContext,
    checked,
    in_time,
    storage_of,
    table_context,
)
from tdbot.desk import blind_directors
from tdbot.limits import refundable_cooldown
from tdbot.messages import N_, localize, say
from tdbot.render import clean, post_ruling

log = logging.getLogger(__name__)

LOG_LINE = N_("Ruling #{number} · table {table} · board {board}: {summary}")
LOG_LINE_IN = N_("Ruling #{number} · table {table} · board {board} in {channel}: {summary}")
LOG_LINE_BLIND = N_("Ruling #{number} · table {table} · board {board}: details for the deputies "
                    "only (a playing director has not played this board).")
NO_DEALER = N_("The dealer is not known yet: /{cmd[board set]} {opt[number]} {opt[dealer]}.")
AUCTION_SO_FAR = N_("The auction recorded at table {table} is: {calls}. Give the whole auction "
                    "from the dealer, as it stands before the irregularity.")
NO_CALLS_YET = N_("No calls are recorded at table {table} yet. Give the whole auction from the "
                  "dealer, as it stands before the irregularity.")

#: Incident commands a user may run per window, per guild (a typo retried is fine; a flood not).
RATE, PER = 5, 30.0


def per_user(interaction: discord.Interaction[TDBot]) -> tuple[int, int] | None:
    """Cooldown key: the same user in another guild has a separate allowance; none in DMs."""
    if interaction.guild_id is None:
        return None
    return (interaction.guild_id, interaction.user.id)


incident_cooldown = refundable_cooldown(RATE, PER, key=per_user)

#: /call per user and window: one player may record a whole auction call by call, but not a
#: flood (20 calls after the final pass in a second gave 20 Law 39 rulings before issue 25).
CALL_RATE, CALL_PER = 8, 10.0
call_cooldown = refundable_cooldown(CALL_RATE, CALL_PER, key=per_user)


async def record_incident(
    interaction: discord.Interaction[TDBot],
    table: int | None,
    build: Any,
    *,
    auction: str | None = None,
    trick: int | Callable[[TableContext], int | None] | None = None,
    looked_up: TableContext | None = None,
    declarer: Seat | None = None,
) -> None:
    """Record the event ``build(ctx)`` makes on the table's board and post its ruling (and a
    line in the club's ruling-log channel when it is a ruling, not the table's record).

    ``auction``: the calls so far, from the dealer; the calls not yet recorded are recorded as
    ordinary calls first, so the incident is ruled on against the right auction.
    ``trick``: the trick the report names (or what gives it from the table's context); recorded
    first, so restrictions whose trick or lead
    is over end before the incident is ruled on (``core.laws.course``).
    ``looked_up``: the table's context, when the command has just read it (not read again).
    ``declarer``: the reporter names the declarer first (as ``/board set`` would), recorded in
    the incident's own transaction, so a refused report leaves the board without it.
    """
    storage = storage_of(interaction)

    async def attempt() -> Any:
        nonlocal looked_up  # used once: read again when the board moved on under it
        ctx, looked_up = looked_up or await table_context(interaction, table, acting=True), None
        before: list[Event] = [BoardSet(declarer=declarer)] if declarer is not None else []
        if auction is not None:
            before.extend(catch_up(ctx, auction))
        at_trick = trick(ctx) if callable(trick) else trick
        if at_trick is not None:
            before.append(PlayReported(trick=at_trick))
        event: Event = build(ctx)
        deals_seen = storage.deals_seen(ctx.guild_id)  # checked again in record's transaction
        # Only a report the table would record is checked against the hand records, and a
        # player's only for his own hand: one the table's own facts refuse (no penalty card
        # of that seat, not that card) goes to the write unchecked, which refuses it in words
        # that never depend on the deal (or returns this interaction's first recording), so
        # asking is no way to read another's hand (16B: the deal is secret until played).
        deal = await storage.deal_of(ctx.guild_id, ctx.board.session_id, ctx.board.number)
        if deal is not None and table_accepts(ctx.board.state, (*before, event)):
            mismatch = deal_mismatch(event, deal, hands_checked(ctx.seat, ctx.director))
            if mismatch is not None:
                raise ContextError(mismatch)  # core's words, in the reader's language
        # one transaction: the calls caught up, the trick and the incident, or nothing
        recorded = await storage.record(
            ctx.guild_id,
            ctx.board.id,
            event,
            actor_id=interaction.user.id,
            interaction_id=interaction.id,
            before=before,
            expect_seq=ctx.board.last_seq,
            seen=ctx.board,
            deals_seen=deals_seen,
            seated=reporter(interaction, ctx),  # his seat there, read again in the write
        )
        reported = (recorded.earlier[-1] if at_trick is not None and recorded.earlier
                    else None)
        return ctx, recorded, reported

    ctx, recorded, reported = await in_time(interaction, checked(attempt))
    language = ctx.club.language  # a ruling at the table is public: the club's language
    answer = post_ruling(interaction, recorded, table=ctx.table.number, board=ctx.board.number,
                         club_language=language)
    # The table's record (a call in rotation, a plain lead) is no ruling: the directors are not
    # told of it. A ruling's line in the log channel is sent beside the answer, not before it
    # (the player does not wait for a second message to reach Discord), and both are always
    # tried: if Discord has given up on the interaction (the answer fails), the directors
    # still learn of the recorded ruling.
    await answer_and_log(interaction, ctx.club, ctx.board, recorded, answer)
    if reported is not None and reported.ruling.steps:  # a restriction ended, or is in doubt
        await post_ruling(interaction, reported, table=ctx.table.number, board=ctx.board.number,
                          club_language=language)


def reporter(interaction: discord.Interaction[TDBot], ctx: TableContext) -> Any:
    """``Storage.record``'s ``seated`` for a report on ``ctx``'s board: a player reports for
    the table he sits at (the acting check), so his seat there is read again in the write and
    a director's reseating since refuses it; a director reports from anywhere (None)."""
    return None if ctx.director else (interaction.user.id, ctx.seat)


async def both(aside: Coroutine[Any, Any, None], main: Coroutine[Any, Any, None]) -> None:
    """Run ``aside`` and ``main`` at once and wait for both; ``main``'s error (then
    ``aside``'s) is raised only when both have finished, so neither cuts the other short."""
    results = await asyncio.gather(aside, main, return_exceptions=True)
    for result in reversed(results):
        if isinstance(result, BaseException):
            raise result


async def answer_and_log(
    interaction: discord.Interaction[TDBot], club: ClubSettings, board: BoardInfo,
    recorded: Any, answer: Coroutine[Any, Any, None],
) -> None:
    """The table's ``answer`` to a recording and, for a ruling (not the table's record, not a
    private answer, not a redelivery), its line in the club's ruling-log channel beside it:
    every command and button that records a ruling ends here, so every ruling is noted."""
    if recorded.is_ruling and not recorded.ruling.private and not recorded.duplicate:
        await both(notify_log_channel(interaction, club, board, recorded), answer)
    else:
        await answer


async def notify_log_channel(
    interaction: discord.Interaction[TDBot], club: ClubSettings, board: BoardInfo,
    recorded: Any,
) -> None:
    """One line per ruling in the club's ruling-log channel, so directors see every ruling
    wherever they are (no one is pinged; a failure here never affects the table's answer), in
    the club's language."""
    channel_id = club.log_channel_id
    if channel_id is None or channel_id == interaction.channel_id:
        return
    channel = interaction.client.get_channel(channel_id)
    if channel is None or not hasattr(channel, "send"):
        return
    language = club.language
    numbers = {"number": recorded.id, "table": board.table_number, "board": board.number}
    summary = clean(say(language, recorded.ruling.summary))
    laws = ", ".join(recorded.ruling.laws)
    if laws:
        summary += f" ({laws})"
    if interaction.channel_id:
        line = localize(language, LOG_LINE_IN, channel=f"<#{interaction.channel_id}>",
                        summary=summary, **numbers)
    else:
        line = localize(language, LOG_LINE, summary=summary, **numbers)
    blind = await blind_directors(interaction, board.session_id, board.number)
    if blind:  # a playing director reads this channel and has not played the board
        line = localize(language, LOG_LINE_BLIND, **numbers)
    try:
        await channel.send(line[:2000], allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not post ruling #%s to the log channel %s", recorded.id, channel_id)


def catch_up(ctx: TableContext, auction: str) -> tuple[Event, ...]:
    """The calls of ``auction`` (from the dealer) that the board does not have yet, to be
    recorded with the incident."""
    state = ctx.board.state
    if state.dealer is None:
        raise ContextError(NO_DEALER)
    calls = parse_calls(auction) if auction.strip() else ()
    given = tuple(c.text for c in calls)
    stored = state.calls
    if given[: len(stored)] != stored:
        if not stored:
            raise ContextError(NO_CALLS_YET, table=ctx.table.number)
        raise ContextError(AUCTION_SO_FAR, table=ctx.table.number, calls=" ".join(stored))
    dealer = state.dealer
    return tuple(
        CallMade(dealer.after(index), given[index]) for index in range(len(stored), len(given))
    )
