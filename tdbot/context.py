"""Who is asking, in which club, at which table: the context every table command starts from.

Shared by the table, incident and follow-up cogs and by the directors' cogs, with the option
types and descriptions they share. Every helper raises a
:class:`ContextError` (an ``app_commands.CheckFailure`` whose text is written for the user) when the
context is missing, so the tree's error policy answers it with a short ephemeral message.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import discord
from discord import app_commands

from core.auction import Strain, parse_denominations
from core.cards import Card, Suit, parse_card, parse_cards
from core.permissions import Refusal, may_act_at_table, may_be_blind
from core.seats import Seat
from core.storage.desk import Desk
from core.storage.errors import NotFound, Stale, StorageError
from core.storage.service import Storage
from core.storage.values import BoardInfo, ClubSettings, TableInfo
from core.text import Msg, Text, fill, names_in
from tdbot.answers import ELSEWHERE, defer, sentence
from tdbot.client import TDBot
from tdbot.messages import N_
from tdbot.permissions import NOT_AT_TABLE, refusal_text

NOT_A_DIRECTOR = N_("Only a director can do that.")
NOT_IN_GUILD = N_("This command only works in a server.")
NOT_SEATED = N_("Sit at a table first: /{cmd[sit]} {opt[table]} {opt[seat]}")
T = TypeVar("T")

NO_STORAGE = N_("The bot has no database configured; ask the server's admin.")


class ContextError(app_commands.CheckFailure):
    """The command cannot run in this context; the message says why and what to do.

    ``message`` is English with ``{named}`` placeholders filled from ``params``; the error policy
    renders it again in the reader's language (:func:`tdbot.messages.localize`)."""

    def __init__(self, message: Text = "", **params: Any) -> None:
        if isinstance(message, str) and (params or names_in(message)):
            super().__init__(fill(message, None, params))
        else:  # a core.text.Msg (core's words, passed on) is rendered by the error policy
            super().__init__(message)
        self.template = message
        self.params = params
        #: Said as a sentence (capital, stop): storage's refusals, which are clauses.
        self.as_sentence = False


class NotDirector(ContextError):
    """The user is not a director of this club."""

    def __init__(self, message: str = NOT_A_DIRECTOR, **params: Any) -> None:
        super().__init__(message, **params)


def storage_of(interaction: discord.Interaction[TDBot]) -> Storage:
    """The bot's storage."""
    storage: Storage | None = getattr(interaction.client, "storage", None)
    if storage is None:
        raise ContextError(NO_STORAGE)
    return storage


def guild_id_of(interaction: discord.Interaction[TDBot]) -> int:
    if interaction.guild_id is None:
        raise ContextError(NOT_IN_GUILD)
    return interaction.guild_id


async def club_of(interaction: discord.Interaction[TDBot]) -> ClubSettings:
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


async def require_director(interaction: discord.Interaction[TDBot]) -> ClubSettings:
    """The club, if the user is one of its directors; :class:`NotDirector` otherwise."""
    club = await club_of(interaction)
    if not is_director(interaction.user, club):
        raise NotDirector()
    return club


@dataclass(frozen=True)
class AtTable:
    """The table a command is about (in the session in play), its current board if any, the
    user's seat there (if he sits at it) and whether he is a director."""

    guild_id: int
    club: ClubSettings
    table: TableInfo
    board: BoardInfo | None
    seat: Seat | None
    director: bool
    named_board: BoardInfo | None = None  # the board asked for by number, if it exists
    may_be_blind: bool = True  # core.permissions.may_be_blind, from the same read


#: A board closed to the asker (issue 24): a playing director who has not played it; any
#: member who has not, where the club has no_peeking.
BLIND = N_(
    "You are playing and have not played board {board} yet: a deputy director deals with it."
)
NO_PEEKING = N_(
    "No peeking: this club shows nothing of board {board} to a member who has not played it "
    "yet (until the session ends)."
)


@dataclass(frozen=True)
class TableContext:
    """The table a command is about, its current board, and the user's seat there (if any)."""

    guild_id: int
    club: ClubSettings
    table: TableInfo
    board: BoardInfo
    seat: Seat | None
    director: bool = False
    may_be_blind: bool = True  # core.permissions.may_be_blind: some board could be closed to him


def not_at_table(number: int) -> str:
    return NOT_AT_TABLE.format(number=number)


def refused(refusal: Refusal) -> ContextError:
    """The error a refusal of :mod:`core.permissions` is shown as (:class:`NotDirector` when
    only a director could have done it)."""
    template, params, directors_only = refusal_text(refusal)
    if directors_only and not params:
        return NotDirector(template)
    return ContextError(template, **params)


def allow(refusal: Refusal | None) -> None:
    """Go on when :mod:`core.permissions` allowed it (``None``); else refuse, as it said."""
    if refusal is not None:
        raise refused(refusal)


NO_BOARD = N_("No board in play at table {number}: /{cmd[board set]} {opt[number]}")


async def at_table(
    interaction: discord.Interaction[TDBot],
    table: int | None = None,
    *,
    acting: bool = False,
    board_number: int | None = None,
    create: bool = False,
) -> AtTable:
    """The table given by number, else the one this channel is bound to, else the one the user
    sat at with /sit.

    ``create``: the command makes the table exist for the session (``/board set``; ``/sit``
    makes its own). Any other command about a table nobody sat at and no board was set at is
    refused and makes nothing (a read, or a refused command, writes nothing).
    ``acting``: the command changes the table (reports an incident, sets or ends a board), which
    only a player seated there or a director may do; anyone else gets a :class:`ContextError`.
    ``board_number``: also board ``board_number`` of that table (``named_board``), in the same
    read.
    """
    storage = storage_of(interaction)
    guild_id = guild_id_of(interaction)
    if table is not None and table < 1:
        raise ContextError(N_("A table number is 1 or more."))
    found = await storage.table_lookup(
        guild_id,
        interaction.user.id,
        table,
        channel_id=interaction.channel_id,
        create=create,
        board_number=board_number,
    )
    info = found.table
    if info is None:
        wanted = table if table is not None else found.channel_table
        if wanted is None:
            raise ContextError(NOT_SEATED)
        raise ContextError(NO_BOARD, number=wanted)
    seating = found.seating
    seat = seating.seat if seating is not None and seating.table_id == info.id else None
    director = is_director(interaction.user, found.club)
    # every answer about this table's board asked where it may not be shown to all goes to
    # the asker alone (tdbot.answers.respond)
    await keep_to_asker(interaction, found.club, info.number, channel_table=found.channel_table,
                        table_channel=found.table_channel)
    if acting:
        allow(may_act_at_table(seated=seat is not None, director=director, table=info.number))
    return AtTable(
        found.club.guild_id, found.club, info, found.board, seat, director, found.named_board,
        may_be_blind(playing=found.playing_director, director=director,
                     no_peeking=found.no_peeking),
    )


#: ``channel_table`` not read yet (:func:`shown_here` reads it).
UNREAD: Any = object()


async def shown_here(
    interaction: discord.Interaction[TDBot], club: ClubSettings, table_number: int,
    *, channel_table: Any = UNREAD, table_channel: Any = UNREAD,
) -> bool:
    """The one rule for where an answer that tells table ``table_number``'s board (a ruling, a
    verdict, the table's state) may be seen by everyone: in the channel bound to that table
    (``/table channel``), or, when it has none, in the channel it was asked in; never in the
    club's log channel (its lines leave out what a playing director may not see) nor in a
    channel bound to another table (its players may not have played the board). Anywhere
    else the answer is the asker's alone. ``channel_table``: the table this channel is bound
    to (``None``: none), when the caller read it already; ``table_channel``: likewise the first
    channel bound to table ``table_number`` (:attr:`TableLookup.table_channel`), so that a
    command typed in no table's channel about a table with none costs no read."""
    channel_id = interaction.channel_id
    if channel_id is None or interaction.guild_id is None:
        return True
    if channel_id == club.log_channel_id:
        return False
    if channel_table is UNREAD:
        channel_table = await storage_of(interaction).channel_table(
            interaction.guild_id, channel_id)
    if channel_table is not None:
        return bool(channel_table == table_number)
    if table_channel is None:
        return True
    if table_channel is not UNREAD and _live_channel(interaction, table_channel) is not None:
        return False
    return await table_channel_of(interaction, table_number) is None


async def keep_to_asker(
    interaction: discord.Interaction[TDBot], club: ClubSettings, table_number: int,
    *, channel_table: Any = UNREAD, table_channel: Any = UNREAD,
) -> bool:
    """Mark ``interaction`` (:data:`tdbot.answers.ELSEWHERE`) when its answers about table
    ``table_number``'s board may not be shown here (:func:`shown_here`): ``respond`` then
    answers the asker alone. Whether it did."""
    if await shown_here(interaction, club, table_number, channel_table=channel_table,
                        table_channel=table_channel):
        return False
    interaction.extras[ELSEWHERE] = table_number
    return True


def asker_alone(interaction: discord.Interaction[Any]) -> bool:
    """Whether the answers to ``interaction`` go to the asker alone (:func:`keep_to_asker`):
    then they are in his language."""
    return ELSEWHERE in interaction.extras


async def table_channel_of(interaction: discord.Interaction[TDBot], number: int | None) -> Any:
    """The channel (or thread) of this guild bound to table ``number`` with ``/table
    channel`` (the first bound that still exists), or None."""
    if number is None or interaction.guild is None:
        return None
    bound = await storage_of(interaction).table_channels(interaction.guild.id, number)
    for channel_id in bound:
        channel = _live_channel(interaction, channel_id)
        if channel is not None:
            return channel
    return None


def _live_channel(interaction: discord.Interaction[TDBot], channel_id: int) -> Any:
    """The guild's text channel or thread ``channel_id``, if it still exists."""
    channel = interaction.guild.get_channel_or_thread(channel_id) if interaction.guild else None
    return channel if isinstance(channel, discord.TextChannel | discord.Thread) else None


async def is_blind_here(
    interaction: discord.Interaction[TDBot], session_id: int, board_number: int,
    *, director: bool | None = None, at_table: int | None = None,
) -> bool:
    """:meth:`Desk.is_blind` for the interaction's user (``director``: whether he is one, if
    the caller already knows): a playing director, or any member who is not a director where
    the club has ``no_peeking``, who has not played the board."""
    if director is None:
        director = is_director(interaction.user, await club_of(interaction))
    return await Desk(storage_of(interaction)).is_blind(
        interaction.guild_id or 0, interaction.user.id, session_id, board_number,
        director=director, at_table=at_table,
    )


async def refuse_if_blind(
    interaction: discord.Interaction[TDBot], session_id: int, board_number: int,
    *, director: bool | None = None, at_table: int | None = None,
) -> None:
    """A playing director (and, where the club has ``no_peeking``, any member) may not see
    anything about a board he has not played yet."""
    if director is None:
        director = is_director(interaction.user, await club_of(interaction))
    if await is_blind_here(interaction, session_id, board_number, director=director,
                           at_table=at_table):
        if director:
            raise ContextError(BLIND, board=board_number)
        raise ContextError(NO_PEEKING, board=board_number)


async def refuse_closed_boards(
    interaction: discord.Interaction[TDBot], at: AtTable, *numbers: int
) -> None:
    """Refuse boards ``numbers`` of ``at``'s table when one is closed to the asker (issue 24,
    blind means blind): a playing director who has not played it, or, where the club has
    ``no_peeking``, any member who is not a director and not seated at that table (at his own
    table he sees what every player there sees). Only a member not seated there and to whom
    some board can be closed (``may_be_blind``, read with the table) costs a read."""
    if not at.may_be_blind:
        return
    for number in dict.fromkeys(numbers):
        await refuse_closed_board(interaction, at.table.session_id, number,
                                  seated_here=at.seat is not None, director=at.director)


async def refuse_closed_board(
    interaction: discord.Interaction[TDBot], session_id: int, board_number: int,
    *, seated_here: bool, director: bool,
) -> None:
    """The one rule for a command or a button about a table's board (:func:`table_context`,
    the choice and lapse buttons): refused when the board is closed to the member
    (:func:`refuse_if_blind`) unless he sits at that table (there he sees, and chooses, what
    every player there does)."""
    if not seated_here:
        await refuse_if_blind(interaction, session_id, board_number, director=director)


async def table_context(
    interaction: discord.Interaction[TDBot], table: int | None = None, *, acting: bool = False
) -> TableContext:
    """:func:`at_table`, for a command that needs the board in play there.

    Every command about a board in play comes through here, so here a member is refused a
    board closed to him (:func:`refuse_closed_boards`). That holds for reporting as much as
    for asking: a report's answer, and the hand records' check of it, tell about the board
    too."""
    at = await at_table(interaction, table, acting=acting)
    if at.board is None:
        raise ContextError(NO_BOARD, number=at.table.number)
    await refuse_closed_boards(interaction, at, at.board.number)
    return TableContext(
        at.guild_id, at.club, at.table, at.board, at.seat, at.director, at.may_be_blind
    )


# ------------------------------------------------------------------ option types and answering

#: Discord refuses an autocomplete choice whose name or value is longer than this.
CHOICE_MAX = 100

SeatName = Literal["N", "E", "S", "W"]
#: A table option: one bound for every command that names a table.
TableNumber = app_commands.Range[int, 1, 200]
#: A trick option (which trick, 1-13): one bound for every command that takes one.
Trick = app_commands.Range[int, 1, 13]
#: A suit option (the suit led, the suit of a revoke): one list for every command that asks.
SUIT_CHOICES = [app_commands.Choice(name=s.plural.capitalize(), value=s.letter)
                for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]

_RANKS = "AKQJT98765432"
_SUITS = "SHDC"
ALL_CARDS = tuple(f"{s}{r}" for s in _SUITS for r in _RANKS)


class CardOption(app_commands.Transformer[TDBot]):
    """One card (``SK``, ``K♠``, ``10h``); a bad card is a short error naming what was wrong."""

    async def transform(self, interaction: discord.Interaction[TDBot], value: str) -> Card:
        return parse_card(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction[TDBot], value: str
    ) -> list[app_commands.Choice[str]]:
        return card_choices(value)


class CardsOption(app_commands.Transformer[TDBot]):
    """Several cards: ``SK SQ`` or ``SK,SQ``."""

    async def transform(
        self, interaction: discord.Interaction[TDBot], value: str
    ) -> tuple[Card, ...]:
        return parse_cards(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction[TDBot], value: str
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


#: The ``table`` option's description on every table command.
TABLE_HELP = "Table number (default: the table you sit at)"
#: The ``meaning`` option of a call: what an artificial call shows.
MEANING_HELP = "Artificial call: the denominations it shows, e.g. 'H S', 'C' or 'none'"
Meaning = app_commands.Range[str, 1, 40]


def meaning_strains(value: str | None) -> tuple[Strain, ...] | None:
    """The denominations an artificial call shows (None: the call was natural)."""
    return parse_denominations(value) if value is not None else None


def meaning_suits(value: str | None) -> tuple[Suit, ...] | None:
    """The suits an artificial call shows (None: the call was natural)."""
    strains = meaning_strains(value)
    return None if strains is None else tuple(s.suit for s in strains if s.suit is not None)


async def in_time(
    interaction: discord.Interaction[TDBot], work: Awaitable[T], *, ephemeral: bool = False
) -> T:
    """Acknowledge ``interaction`` (unless done already), then run ``work`` to the end.

    Deferring first keeps Discord waiting however slow the database is; the work is never
    cancelled half way because the answer took long (an error after a public "thinking…" is
    answered privately by :func:`tdbot.client.respond`)."""
    await defer(interaction, ephemeral=ephemeral)
    return await work


#: How often a command checks again when the board moved on under it (:func:`checked`).
CHECK_AGAIN = 8


async def checked(make: Callable[[], Awaitable[T]]) -> T:
    """Run ``make`` (read, check, write), again from the start when its write finds that the
    board moved on since it was read (:class:`~core.storage.errors.Stale`): the checks are
    then made on the facts the write is made on, and a refusal writes nothing."""
    for _ in range(CHECK_AGAIN - 1):
        try:
            return await make()
        except Stale:
            continue
    try:
        return await make()
    except Stale as exc:
        raise ContextError(N_("The table is busy: please try again in a moment.")) from exc


#: Ids of rulings, calls, consultations and appeals: Discord refuses integer option bounds
#: beyond ±(2^53−1), so that is the largest id a command can take.
ID_MAX = 2**53 - 1

async def stored(work: Awaitable[T], *, ruling_id: int | None = None) -> T:
    """Await a storage call, turning its errors into messages for the user."""
    try:
        return await work
    except NotFound as exc:
        if ruling_id is not None and "ruling" in str(exc):
            raise ContextError(N_("No ruling #{id} in this club."), id=ruling_id) from exc
        raise _storage_refusal(exc) from exc
    except StorageError as exc:
        raise _storage_refusal(exc) from exc


def _storage_refusal(exc: StorageError) -> ContextError:
    """Storage's refusal for the reader: its :class:`core.text.Msg` passed on (rendered in his
    language by the error policy), or its English text as a sentence."""
    said = exc.args[0] if len(exc.args) == 1 else None
    if isinstance(said, Msg):
        refusal = ContextError(said)
        refusal.as_sentence = True  # storage's words are a clause: said as a sentence
        return refusal
    return ContextError(sentence(str(exc)) or N_("That is not possible."))


#: No such thing in this club, by what the id is of (whole sentences).
NO_SUCH = {
    "ruling": N_("No ruling #{id} in this club."),
    "call": N_("No call #{id} in this club."),
    "consultation": N_("No consultation #{id} in this club."),
    "appeal": N_("No appeal #{id} in this club."),
}


def check_id(value: int, what: str = "ruling") -> int:
    """An id typed or carried by a button, refused politely when it cannot exist."""
    if not 1 <= value <= ID_MAX:
        if what in NO_SUCH:
            raise ContextError(NO_SUCH[what], id=value)
        raise ContextError(f"No {what} #{value} in this club.")
    return value
