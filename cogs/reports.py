"""``/report id``: the director's report of an incident as a file (Markdown), with the hand
diagram as a PNG when the hand records give the board. Only directors who may see the board get
it (a playing director's blind spot covers it), and only they see the answer."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from core import double_dummy
from core.diagram import diagram_png, heading
from core.incident_report import ReportVerdict, auction_text, report_text
from core.ruling import Ruling
from tdbot.answers import defer, respond
from tdbot.client import TDBot
from tdbot.context import ID_MAX, require_director, storage_of, stored
from tdbot.desk import readable_entry
from tdbot.hands import solved
from tdbot.messages import N_, localize, say


class Reports(commands.Cog):
    """The director's incident reports."""

    @app_commands.command(
        name="report", description="Directors: an incident's report as a file, with the deal."
    )
    @app_commands.describe(id="The ruling's number (in its footer)")
    @app_commands.guild_only()
    async def report(
        self, interaction: discord.Interaction[TDBot], id: app_commands.Range[int, 1, ID_MAX]
    ) -> None:
        await defer(interaction, ephemeral=True)
        club = await require_director(interaction)
        storage = storage_of(interaction)
        entry = await readable_entry(interaction, id, director=True)
        recorded = await stored(storage.recorded(club.guild_id, id), ruling_id=id)
        verdicts = await storage.verdicts(club.guild_id, id)
        state = recorded.state
        stored_deal = await storage.session_deal(
            club.guild_id, entry.session_id, entry.board_number
        )
        deal = stored_deal.deal if stored_deal is not None else None
        table_text = await solved(interaction, stored_deal) if stored_deal is not None else None
        text = report_text(
            ruling_id=id,
            where=f"table {entry.table_number}, board {entry.board_number}, "
                  f"{entry.session_name} of {entry.session_date.isoformat()}",
            when=entry.created_at.strftime("%Y-%m-%d %H:%M UTC"),
            facts=entry.facts,
            ruling=Ruling.from_data(entry.ruling),
            auction=auction_text(state.dealer, state.calls),
            contract=state.contract,
            declarer=state.declarer,
            verdicts=[
                ReportVerdict(v.verdict.value, v.text, v.adjusted_score,
                              v.created_at.strftime("%Y-%m-%d %H:%M UTC"))
                for v in verdicts
            ],
            deal=deal,
            double_dummy=table_text,
            dd_label=say(None, double_dummy.LABEL),  # the report file stays English
        )
        # The report (file and diagram) stays English: a record for the club's files, an appeals
        # committee or the regulating authority; the answer is in the director's language.
        files = [discord.File(io.BytesIO(text.encode()), f"ruling-{id}.md")]
        if deal is not None:
            title = heading(deal, contract=state.contract, declarer=state.declarer,
                            table=entry.table_number)
            notes = (table_text or "").splitlines()
            png = await asyncio.to_thread(diagram_png, deal, title=title, notes=notes)
            files.append(discord.File(io.BytesIO(png), f"board-{entry.board_number}.png"))
        text = (N_("The report of ruling #{number}.") if deal is not None else
                N_("The report of ruling #{number} (no hand records for this board: no "
                   "diagram)."))
        await respond(interaction, localize(interaction.locale, text, number=id), files=files,
                      ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Reports())
