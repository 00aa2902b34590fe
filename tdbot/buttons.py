"""The bases for the bot's buttons: a button found again by its ``custom_id`` after a restart
(a :class:`discord.ui.DynamicItem`), rebuilt from the id's fields, whose press goes through the
one error policy; and a view whose buttons' errors go through it too (:class:`AnsweredView`).

A button says how to rebuild itself from its ``custom_id`` (:meth:`PressButton.from_match`)
and what a press does (:meth:`PressButton.pressed`); the discord.py overrides, with their
``ClientT`` bound to no class, are written once here.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from tdbot.answers import report_error
from tdbot.client import TDBot


class PressButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """Base of every persistent button; a subclass gives its own ``template=``."""

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> Self:
        """The button the ``custom_id`` ``match`` describes (``item``: the pressed button)."""
        raise NotImplementedError

    async def pressed(self, interaction: discord.Interaction[TDBot]) -> None:
        """What a press does; any error is answered by the error policy."""
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[TDBot],  # type: ignore[override]  # unbound ClientT
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Self:
        return cls.from_match(match, item)

    async def callback(
        self,
        interaction: discord.Interaction[TDBot],  # type: ignore[override]  # unbound ClientT
    ) -> None:
        try:
            await self.pressed(interaction)
        except Exception as exc:  # a dynamic item's errors are ours to answer
            await report_error(interaction, exc)


class AnsweredView(discord.ui.View):
    """A view of buttons that live with their message (a question, a pager, a confirmation):
    an error in any of them is answered by the one error policy."""

    async def on_error(
        self,
        interaction: discord.Interaction[TDBot],  # type: ignore[override]  # unbound ClientT
        error: Exception,
        item: discord.ui.Item[Any],
    ) -> None:
        await report_error(interaction, error)
