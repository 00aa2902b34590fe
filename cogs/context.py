"""Who is asking, in which club, at which table: the context every table command starts from.

Shared by the table, incident and follow-up cogs and by the directors' cogs. Every helper raises a
:class:`ContextError` (an ``app_commands.CheckFailure`` whose text is written for the user) when the
context is missing, so the tree's error policy answers it with a short ephemeral message.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import discord
from discord import app_commands

from cogs.tdbot import defer
from core.cards import Card, parse_card, parse_cards
from core.seats import Seat
from core.storage.values import BoardInfo, ClubSettings, TableInfo

NOT_A_DIRECTOR = "Only a director can do that."
NOT_IN_GUILD = "This command only works in a server."
NOT_SEATED = "Sit at a table first: /sit table seat"
T = TypeVar("T")

NO_STORAGE = "The bot has no database configured; ask the server's admin."


class ContextError(app_commands.CheckFailure):
    """The command cannot run in this context; the message says why and what to do."""


class NotDirector(ContextError):
    """The user is not a director of this club."""

    def __init__(self, message: str = NOT_A_DIRECTOR) -> None:
        super().__init__(message)


def storage_of(interaction: discord.Interaction[Any]) -> Any:
    """The bot's storage (:class:`core.storage.service.Storage`)."""
    storage = getattr(interaction.client, "storage", None)
    if storage is None:
        raise ContextError(NO_STORAGE)
    return storage


def guild_id_of(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise ContextError(NOT_IN_GUILD)
    return interaction.guild_id


async def club_of(interaction: discord.Interaction[Any]) -> ClubSettings:
    """The guild's club settings (the club is created with defaults on first use)."""
    guild_id = guild_id_of(interaction)
    return await storage_of(interaction).club(guild_id)


def is_director(member: Any, club: ClubSettings) -> bool:
    """Whether ``member`` has the club's director role or the manage-server permission."""
    permissions = getattr(member, "guild_permissions", None)
    if permissions is not None and (permissions.manage_guild or permissions.administrator):
        return True
    if club.director_role_id is None:
        return False
    return any(role.id == club.director_role_id for role in getattr(member, "roles", ()))


async def require_director(interaction: discord.Interaction[Any]) -> ClubSettings:
    """The club, if the user is one of its directors; :class:`NotDirector` otherwise."""
    club = await club_of(interaction)
    if not is_director(interaction.user, club):
        raise NotDirector()
    return club


@dataclass(frozen=True)
class TableContext:
    """The table a command is about, its current board, and the user's seat there (if any)."""

    guild_id: int
    club: ClubSettings
    table: TableInfo
    board: BoardInfo
    seat: Seat | None


async def table_context(
    interaction: discord.Interaction[Any], table: int | None = None
) -> TableContext:
    """The table given by number, else the one the user sat at with /sit; with its board."""
    storage = storage_of(interaction)
    guild_id = guild_id_of(interaction)
    if table is not None and table < 1:
        raise ContextError("A table number is 1 or more.")
    found = await storage.table_lookup(guild_id, interaction.user.id, table)
    seating = found.seating
    if table is None:
        if seating is None:
            raise ContextError(NOT_SEATED)
        table = seating.table_number
    if table < 1:
        raise ContextError("A table number is 1 or more.")
    info = found.table
    if info is None:
        raise ContextError(f"There is no table {table} in this session: /sit {table} seat")
    board = found.board
    if board is None:
        raise ContextError(f"No board in play at table {table}: /board set number")
    seat = seating.seat if seating is not None and seating.table_id == info.id else None
    return TableContext(found.club.guild_id, found.club, info, board, seat)


# ------------------------------------------------------------------ option types and answering

#: Discord refuses an autocomplete choice whose name or value is longer than this.
CHOICE_MAX = 100

SeatName = Literal["N", "E", "S", "W"]
SuitName = Literal["S", "H", "D", "C"]

_RANKS = "AKQJT98765432"
_SUITS = "SHDC"
ALL_CARDS = tuple(f"{s}{r}" for s in _SUITS for r in _RANKS)


class CardOption(app_commands.Transformer):
    """One card (``SK``, ``K♠``, ``10h``); a bad card is a short error naming what was wrong."""

    async def transform(self, interaction: discord.Interaction[Any], value: str) -> Card:
        return parse_card(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction[Any], value: str
    ) -> list[app_commands.Choice[str]]:
        return card_choices(value)


class CardsOption(app_commands.Transformer):
    """Several cards: ``SK SQ`` or ``SK,SQ``."""

    async def transform(
        self, interaction: discord.Interaction[Any], value: str
    ) -> tuple[Card, ...]:
        return parse_cards(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction[Any], value: str
    ) -> list[app_commands.Choice[str]]:
        head, _, last = value.rpartition(" ")
        prefix = f"{head} " if head else ""
        return [
            app_commands.Choice(name=f"{prefix}{c.name}", value=f"{prefix}{c.value}")
            for c in card_choices(last)
            if len(prefix) + len(c.name) <= CHOICE_MAX and len(prefix) + len(c.value) <= CHOICE_MAX
        ]


def card_choices(typed: str, cards: Sequence[str] = ALL_CARDS) -> list[app_commands.Choice[str]]:
    """Up to 25 cards starting with what was typed (suit first: ``S`` gives the spades)."""
    key = typed.strip().upper().replace("10", "T")
    found = [c for c in cards if c.startswith(key)] if key else list(cards)
    return [app_commands.Choice(name=c.replace("T", "10"), value=c) for c in found[:25]]


async def in_time(
    interaction: discord.Interaction[Any], work: Awaitable[T], *, ephemeral: bool = False
) -> T:
    """Acknowledge ``interaction`` (unless done already), then run ``work`` to the end.

    Deferring first keeps Discord waiting however slow the database is; the work is never
    cancelled half way because the answer took long (an error after a public "thinking…" is
    answered privately by :func:`cogs.tdbot.respond`)."""
    await defer(interaction, ephemeral=ephemeral)
    return await work
