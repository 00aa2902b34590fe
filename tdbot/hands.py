"""Hand records on the Discord side: ``/session hands`` takes the club's PBN file,
``/board deal`` enters one deal or shows it (diagram as text and PNG, double-dummy table).

A deal is secret until played: a director sees it unless he is playing and has not yet played
the board (the playing director's blind spot); a member sees it once his table has finished the
board, or once the session is over. Every answer that shows cards is ephemeral.
"""

from __future__ import annotations

import asyncio
import io

import discord

from core import double_dummy
from core.cards import Card, Hand, Suit
from core.deal import DealError, make_deal, vulnerable_words
from core.deal_facts import hand_after, opening_lead_hand, typed_hand_mismatch
from core.diagram import diagram_png, diagram_text, heading
from core.pbn import MAX_BYTES, PbnError, dd_tricks_text, parse_pbn
from core.seats import Seat
from core.storage.values import StoredDeal
from tdbot.answers import defer, respond
from tdbot.client import TDBot
from tdbot.context import (
    ContextError,
    TableContext,
    at_table,
    club_of,
    in_time,
    is_director,
    require_director,
    storage_of,
)
from tdbot.desk import desk_of, refuse_if_blind
from tdbot.render import clean

#: Within Discord's 2,000-character message limit, with room for the first line.
ANSWER_MAX = 1900


async def import_hands(interaction: discord.Interaction[TDBot], file: discord.Attachment) -> None:
    """``/session hands file:``: validate the whole file, then store every deal or none."""
    await defer(interaction, ephemeral=True)
    club = await require_director(interaction)
    if file.size > MAX_BYTES:
        raise ContextError(
            f"{clean(file.filename)} is {file.size // 1024} KB: hand records are at most "
            f"{MAX_BYTES // 1024} KB. Nothing was stored."
        )
    try:
        data = await file.read()
    except discord.HTTPException:
        raise ContextError("Discord did not give the file back: attach it again.") from None
    try:
        deals = parse_pbn(data)
    except PbnError as exc:
        problems = clean(exc.summary())
        text = f"{clean(file.filename)} was not taken, nothing was stored:\n{problems}"
        await respond(interaction, text[:ANSWER_MAX], ephemeral=True)
        return
    storage = storage_of(interaction)
    session, replaced = await in_time(
        interaction, storage.store_deals(club.guild_id, deals, interaction.user.id)
    )
    numbers = [d.board for d in deals]
    span = f"{numbers[0]}–{numbers[-1]}" if numbers == list(range(numbers[0], numbers[-1] + 1)) \
        else ", ".join(map(str, numbers))
    text = (f"Hand records for session **{clean(session.name)}**: {len(deals)} boards "
            f"({span}). Each deal stays secret: directors see it (a playing director once he "
            "has played the board), a player once his table has finished the board.")
    if replaced:
        text += f" Replaced the deals of boards {', '.join(map(str, replaced))}."
    await respond(interaction, text, ephemeral=True)


async def enter_deal(
    interaction: discord.Interaction[TDBot], number: int, deal_text: str
) -> None:
    """``/board deal number deal``: a director enters one board's deal (PBN notation)."""
    await defer(interaction, ephemeral=True)
    club = await require_director(interaction)
    try:
        deal = make_deal(number, deal_text)
    except DealError as exc:
        raise ContextError(
            "That deal was not stored: " + clean("; ".join(map(str, exc.problems[:8])))
        ) from None
    storage = storage_of(interaction)
    session, replaced = await in_time(
        interaction, storage.store_deals(club.guild_id, [deal], interaction.user.id)
    )
    again = " (it replaces the one stored)" if replaced else ""
    await respond(
        interaction,
        f"Board {number} of session **{clean(session.name)}**: deal stored{again}; dealer "
        f"{deal.dealer.full_name}, {vulnerable_words(deal.vulnerable)}.",
        ephemeral=True,
    )


async def hand_from_records(
    interaction: discord.Interaction[TDBot],
    ctx: TableContext,
    seat: Seat,
    led: Suit | None,
    typed: Hand | None,
    played: tuple[Card, ...] = (),
) -> Hand | None:
    """The hand ``/mustplay`` works with: the typed one, checked against the deal; the deal's
    less the cards he says he has played; or at the opening lead the deal's own. Only for the
    player of that seat or a director who may see the board: for anyone else the deal is
    neither used nor checked (an answer would tell him about a hand that is not his)."""
    if played and typed is not None:
        raise ContextError("Give hand: or played:, not both.")
    if ctx.seat is not seat and not ctx.director:
        if played:
            raise ContextError(f"Only {seat.value}'s player (or a director) can use played:.")
        return typed
    storage = storage_of(interaction)
    deal = await storage.deal_of(ctx.guild_id, ctx.board.session_id, ctx.board.number)
    if deal is None:
        if played:
            raise ContextError("played: needs the session's hand records; type hand: instead.")
        return typed
    if ctx.seat is not seat and await desk_of(interaction).is_blind(
        ctx.guild_id, interaction.user.id, ctx.board.session_id, ctx.board.number,
        director=ctx.director,
    ):
        return typed
    for given in (typed, played):
        mismatch = typed_hand_mismatch(given or (), seat, deal)
        if mismatch is not None:
            raise ContextError(str(mismatch))
    if typed is not None:
        return typed
    if played:
        return hand_after(deal, seat, played)
    return opening_lead_hand(ctx.board.state, seat, led, deal)


async def visible_deal(
    interaction: discord.Interaction[TDBot], number: int, session_id: int | None = None
) -> tuple[StoredDeal, bool]:
    """The deal of board ``number`` (of the session in play, or ``session_id``) if the user may
    see it, and whether he is a director; :class:`ContextError` saying why not otherwise."""
    club = await club_of(interaction)
    storage = storage_of(interaction)
    if session_id is None:
        session_id = (await storage.live_session(club.guild_id)).id
    stored = await storage.session_deal(club.guild_id, session_id, number)
    if stored is None:
        raise ContextError(
            f"No deal is known for board {number} of that session: a director attaches the "
            "hand records (/session hands file:) or enters it (/board deal number deal)."
        )
    director = is_director(interaction.user, club)
    if director:
        await refuse_if_blind(interaction, session_id, number)
    elif not await storage.has_finished_board(
        club.guild_id, interaction.user.id, session_id, number
    ):
        raise ContextError(
            f"Board {number}'s deal is secret until your table has finished the board."
        )
    return stored, director


async def solved(interaction: discord.Interaction[TDBot], stored: StoredDeal) -> str:
    """The double-dummy table as text (solved off the event loop once, then cached), or a
    line saying why there is none."""
    if stored.solved is not None:
        return str(double_dummy.table_text(double_dummy.DDResult.from_data(stored.solved)))
    try:  # the solver's first import takes a second or two: in the thread too
        result = await asyncio.to_thread(double_dummy.solve, stored.deal)
    except double_dummy.SolverMissing:
        if stored.deal.dd_tricks is not None:
            return ("Double-dummy tricks from the file (N S E W; NT S H D C): "
                    + dd_tricks_text(dict(stored.deal.dd_tricks)))
        return str(double_dummy.NOT_INSTALLED)
    await storage_of(interaction).save_solved(
        interaction.guild_id or 0, stored.id, result.to_data()
    )
    return str(double_dummy.table_text(result))


async def deal_beside_ruling(
    interaction: discord.Interaction[TDBot], session_id: int, board_number: int, why: str
) -> None:
    """For the director alone, after his verdict on a revoke (64C) or an adjusted score (12C1):
    the deal and its double-dummy table, when the hand records give the board. The caller has
    checked that he may see the board (not a playing director's blind spot)."""
    stored = await storage_of(interaction).session_deal(
        interaction.guild_id or 0, session_id, board_number
    )
    if stored is None:
        return
    table = await solved(interaction, stored)
    text = (f"For you only ({why}): **{clean(heading(stored.deal))}**\n```\n"
            f"{diagram_text(stored.deal)}\n```\n{double_dummy.LABEL}\n```\n{table}\n```")
    await respond(interaction, text[:2000], ephemeral=True)


async def show_deal(
    interaction: discord.Interaction[TDBot],
    number: int,
    *,
    table: int | None = None,
    session_id: int | None = None,
) -> None:
    """``/board deal number``: the diagram as text and PNG (directors also get the
    double-dummy table), only to the asker."""
    await defer(interaction, ephemeral=True)
    stored, director = await in_time(interaction, visible_deal(interaction, number, session_id))
    contract, declarer = None, None
    if table is not None:
        at = await at_table(interaction, table, board_number=number)
        if at.named_board is not None:
            contract, declarer = at.named_board.state.contract, at.named_board.state.declarer
    deal = stored.deal
    title = heading(deal, contract=contract, declarer=declarer, table=table)
    dd_lines: list[str] = []
    if director:
        dd_lines = (await solved(interaction, stored)).splitlines()
    png = await asyncio.to_thread(diagram_png, deal, title=title, notes=dd_lines)
    text = f"**{clean(title)}**\n```\n{diagram_text(deal)}\n```"
    if dd_lines:
        text += f"\n{double_dummy.LABEL}\n```\n" + "\n".join(dd_lines) + "\n```"
    await respond(
        interaction,
        text[:2000],
        file=discord.File(io.BytesIO(png), f"board-{number}.png"),
        ephemeral=True,
    )

