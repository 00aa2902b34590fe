"""Directors: ``/setup`` and calling the director (:mod:`cogs.directors.calls`), the verdicts
``/ruling confirm|amend|void|adjust`` (:mod:`cogs.directors.rulings`).

The buttons are :class:`discord.ui.DynamicItem` s keyed by their ``custom_id``
(``tdbot:call:<event_id>``, ``tdbot:take:<call_id>``), so they keep working after a restart.
Everything a user typed (notes, reasons, scores) is length-bounded and escaped when echoed, and
the only thing these cogs ever ping is the club's director role, in the log channel.
"""

from __future__ import annotations

from discord.ext import commands

from cogs.directors.calls import Directors
from cogs.directors.rulings import Rulings


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Directors(bot))
    await bot.add_cog(Rulings())
