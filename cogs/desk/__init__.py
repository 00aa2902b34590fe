"""The director's desk: ``/script`` (a ruling as the director reads it out, posted to the table
with one button), ``/consult`` (a private question to the directors), ``/playing`` (a playing
director and his blind boards), ``/appeal``. What its cogs share with the directors' and the
incident cogs is in :mod:`tdbot.desk` (the playing director's blind spot, the desk's part
of ``/setup``); re-rulings, director error (Law 82C) and voiding together in :mod:`tdbot.verdicts`.

Privacy: a consultation's question and answer are only ever shown ephemerally to the player who
asked and to directors; the table sees only the director's note for it. A playing director who
has not played a board never receives anything about its deal from the bot: calls and log lines
about it go to the deputy role, and his own commands on it are refused.
"""

from __future__ import annotations

from discord.ext import commands

from cogs.desk.appeals import AppealCog
from cogs.desk.consult import ConsultCog
from cogs.desk.playing import PlayingCog
from cogs.desk.script import ScriptCog
from tdbot.verdicts import RerulePress, VoidTogetherButton


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(VoidTogetherButton, RerulePress)
    for cog in (ScriptCog, ConsultCog, PlayingCog, AppealCog):
        await bot.add_cog(cog(bot))
