"""Hand records on the Discord side: ``/session hands`` takes the club's PBN file,
``/board deal`` enters one deal or shows it (diagram as text and PNG, double-dummy table).

A deal is secret until played: a director sees it unless he is playing and has not yet played
the board (the playing director's blind spot); a member sees it once he has played the board
(:func:`core.storage.played.has_played`), or once the session is over. Every answer that
shows cards is ephemeral.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from core import double_dummy
from core.cards import Card, Hand, Suit
from core.deal import Deal, DealError, make_deal, vulnerable_words
from core.deal_facts import (
    dummy_seen,
    hand_after,
    hands_checked,
    opening_lead_hand,
    typed_hand_mismatch,
)
from core.diagram import diagram_png, diagram_text, heading
from core.pbn import MAX_BYTES, PbnError, dd_tricks_text, parse_pbn
from core.seats import SEATS, Seat
from core.storage.values import StoredDeal
from core.text import Msg
from tdbot.answers import defer, respond
from tdbot.client import TDBot
from tdbot.context import (
    ContextError,
    TableContext,
    at_table,
    club_of,
    in_time,
    is_director,
    refuse_if_blind,
    require_director,
    storage_of,
)
from tdbot.messages import N_, Locale, localize, say, seat_letter, seat_name
from tdbot.render import clean

#: Within Discord's 2,000-character message limit, with room for the first line.
ANSWER_MAX = 1900
#: Why the director is shown the deal beside his verdict (:func:`deal_beside_ruling`).
WHY_ADJUSTED = N_("Law 12C1, the adjusted score")
WHY_REVOKE = N_("Law 64C")


def diagram_words(locale: Locale) -> dict[str, Any]:
    """The seats' names and letters for the diagrams, in the reader's language."""
    return {"names": {seat: seat_name(locale, seat) for seat in SEATS},
            "letters": {seat: seat_letter(locale, seat) for seat in SEATS}}


def diagram(deal: Any, locale: Locale) -> str:
    """The four hands as text, the seats named in the reader's language."""
    return diagram_text(deal, names=diagram_words(locale)["names"])


async def import_hands(interaction: discord.Interaction[TDBot], file: discord.Attachment) -> None:
    """``/session hands file:``: validate the whole file, then store every deal or none."""
    await defer(interaction, ephemeral=True)
    club = await require_director(interaction)
    locale = interaction.locale  # only the director sees the answer
    if file.size > MAX_BYTES:
        raise ContextError(
            N_("{file} is {size} KB: hand records are at most {most} KB. Nothing was stored."),
            file=clean(file.filename), size=file.size // 1024, most=MAX_BYTES // 1024,
        )
    try:
        data = await file.read()
    except discord.HTTPException:
        raise ContextError(N_("Discord did not give the file back: attach it again.")) from None
    try:
        deals = parse_pbn(data)
    except PbnError as exc:
        text = localize(locale, N_("{file} was not taken, nothing was stored:\n{problems}"),
                        file=clean(file.filename), problems=clean(say(locale, exc.summary())))
        await respond(interaction, text[:ANSWER_MAX], ephemeral=True)
        return
    storage = storage_of(interaction)
    session, replaced = await in_time(
        interaction, storage.store_deals(club.guild_id, deals, interaction.user.id)
    )
    numbers = [d.board for d in deals]
    span = f"{numbers[0]}–{numbers[-1]}" if numbers == list(range(numbers[0], numbers[-1] + 1)) \
        else ", ".join(map(str, numbers))
    text = localize(
        locale,
        N_("Hand records for session **{name}**: {count} boards ({span}). Each deal stays "
           "secret: directors see it (a playing director once he has played the board), a "
           "player once he has played the board."),
        name=clean(session.name), count=len(deals), span=span,
    )
    if replaced:
        text += " " + localize(locale, N_("Replaced the deals of boards {boards}."),
                               boards=", ".join(map(str, replaced)))
    await respond(interaction, text, ephemeral=True)


async def enter_deal(
    interaction: discord.Interaction[TDBot], number: int, deal_text: str
) -> None:
    """``/board deal number deal``: a director enters one board's deal (PBN notation)."""
    await defer(interaction, ephemeral=True)
    club = await require_director(interaction)
    locale = interaction.locale  # only the director sees the answer
    try:
        deal = make_deal(number, deal_text)
    except DealError as exc:
        raise ContextError(
            N_("That deal was not stored: {problems}"),
            problems=clean(say(locale, Msg.join("; ", exc.problems[:8]))),
        ) from None
    storage = storage_of(interaction)
    session, replaced = await in_time(
        interaction, storage.store_deals(club.guild_id, [deal], interaction.user.id)
    )
    text = (N_("Board {board} of session **{name}**: deal stored (it replaces the one stored); "
               "dealer {dealer}, {vulnerable}.") if replaced else
            N_("Board {board} of session **{name}**: deal stored; dealer {dealer}, "
               "{vulnerable}."))
    await respond(
        interaction,
        localize(locale, text, board=number, name=clean(session.name),
                 dealer=seat_name(locale, deal.dealer),
                 vulnerable=say(locale, vulnerable_words(deal.vulnerable))),
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
    hands a report of his is checked against (:func:`core.deal_facts.hands_checked`: his own,
    or a director's away from the table, who may see the board): for anyone else the deal is
    neither used nor checked (an answer would tell him about a hand that is not his, 16B)."""
    if played and typed is not None:
        raise ContextError(N_("Give {opt[hand]}: or {opt[played]}:, not both."))
    if seat not in hands_checked(ctx.seat, ctx.director):
        if played:
            raise ContextError(N_("Only {seat}'s player (or a director) can use {opt[played]}:."),
                               seat=seat_letter(interaction.locale, seat))
        return typed
    storage = storage_of(interaction)
    deal = await storage.deal_of(ctx.guild_id, ctx.board.session_id, ctx.board.number)
    if deal is None:
        if played:
            raise ContextError(
                N_("{opt[played]}: needs the session's hand records; type {opt[hand]}: instead."))
        return typed
    for given in (typed, played):
        mismatch = typed_hand_mismatch(given or (), seat, deal)
        if mismatch is not None:
            raise ContextError(mismatch)  # core's words, in the reader's language
    if typed is not None:
        return typed
    if played:
        return hand_after(deal, seat, played)
    return opening_lead_hand(ctx.board.state, seat, led, deal)


async def dummy_deal(interaction: discord.Interaction[TDBot], ctx: TableContext) -> Deal | None:
    """The hand records' deal of ``ctx``'s board for reading dummy's cards (``/dummy-call``),
    when the asker may see dummy (:func:`core.deal_facts.dummy_seen`: a director, whom
    :func:`tdbot.context.table_context` has refused a board closed to him, declarer's side, or a
    defender once the opening lead is known faced);
    None otherwise, or without hand records."""
    if not dummy_seen(ctx.board.state, ctx.seat, ctx.director):
        return None
    return await storage_of(interaction).deal_of(ctx.guild_id, ctx.board.session_id,
                                                 ctx.board.number)


async def visible_deal(
    interaction: discord.Interaction[TDBot], number: int, session_id: int | None = None
) -> tuple[StoredDeal, bool]:
    """The deal of board ``number`` (of the session in play, or ``session_id``) if the user may
    see it, and whether he is a director; :class:`ContextError` saying why not otherwise."""
    club = await club_of(interaction)
    storage = storage_of(interaction)
    if session_id is None:
        session_id = (await storage.live_session(club.guild_id)).id
    # who may see it first: the same answer whether or not a deal is known for the board
    director = is_director(interaction.user, club)
    if director:
        await refuse_if_blind(interaction, session_id, number)
    elif not await storage.has_finished_board(
        club.guild_id, interaction.user.id, session_id, number
    ):
        raise ContextError(
            N_("Board {board}'s deal is secret until you have played the board."),
            board=number,
        )
    stored = await storage.session_deal(club.guild_id, session_id, number)
    if stored is None:
        raise ContextError(
            N_("No deal is known for board {board} of that session: a director attaches the hand "
               "records (/{cmd[session hands]} {opt[file]}:) or enters it (/{cmd[board deal]} "
               "{opt[number]} {opt[deal]})."),
            board=number,
        )
    return stored, director


async def solved(
    interaction: discord.Interaction[TDBot], stored: StoredDeal, locale: Locale = None
) -> str:
    """The double-dummy table as text (solved off the event loop once, then cached), or a
    line saying why there is none, in the reader's language (``None``: English)."""
    if stored.solved is not None:
        return say(locale, double_dummy.table_text(
            double_dummy.DDResult.from_data(stored.solved)))
    try:  # the solver's first import takes a second or two: in the thread too
        result = await asyncio.to_thread(double_dummy.solve, stored.deal)
    except double_dummy.SolverMissing:
        if stored.deal.dd_tricks is not None:
            return localize(locale,
                            N_("Double-dummy tricks from the file (N S E W; NT S H D C): "
                               "{tricks}"), tricks=dd_tricks_text(dict(stored.deal.dd_tricks)))
        return say(locale, double_dummy.NOT_INSTALLED)
    await storage_of(interaction).save_solved(
        interaction.guild_id or 0, stored.id, result.to_data()
    )
    return say(locale, double_dummy.table_text(result))


async def deal_beside_ruling(
    interaction: discord.Interaction[TDBot], session_id: int, board_number: int, why: str
) -> None:
    """For the director alone, after his verdict on a revoke (64C) or an adjusted score (12C1):
    the deal and its double-dummy table, when the hand records give the board. The caller has
    checked that he may see the board (not a playing director's blind spot). ``why``: marked
    text (:data:`WHY_ADJUSTED`, :data:`WHY_REVOKE`), said in the director's language."""
    stored = await storage_of(interaction).session_deal(
        interaction.guild_id or 0, session_id, board_number
    )
    if stored is None:
        return
    locale = interaction.locale  # only the director sees it
    table = await solved(interaction, stored, locale)
    first = localize(locale, N_("For you only ({why}): **{heading}**"),
                     why=localize(locale, why),
                     heading=clean(say(locale, heading(stored.deal))))
    text = (f"{first}\n```\n{diagram(stored.deal, locale)}\n```\n"
            f"{say(locale, double_dummy.LABEL)}\n```\n{table}\n```")
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
    locale = interaction.locale  # only the asker sees it
    title = say(locale, heading(deal, contract=contract, declarer=declarer, table=table))
    dd_lines: list[str] = []
    if director:
        dd_lines = (await solved(interaction, stored, locale)).splitlines()
    png = await asyncio.to_thread(diagram_png, deal, title=title, notes=dd_lines,
                                  **diagram_words(locale))
    text = f"**{clean(title)}**\n```\n{diagram(deal, locale)}\n```"
    if dd_lines:
        text += (f"\n{say(locale, double_dummy.LABEL)}\n```\n" + "\n".join(dd_lines)
                 + "\n```")
    await respond(
        interaction,
        text[:2000],
        file=discord.File(io.BytesIO(png), f"board-{number}.png"),
        ephemeral=True,
    )

