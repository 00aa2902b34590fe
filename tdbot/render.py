"""How a ruling looks in Discord: an embed, and a view with the non-offending side's options.

The buttons carry everything a press needs in their ``custom_id`` (``cog:feature:...``), so they
keep working after a restart: ``tdbot:choice:<event_id>:<seat>:<token>`` is handled by the choice
button in :mod:`cogs.followups`, ``tdbot:lapse:<board_id>:<seat>:<lead|play>`` (a restriction is
over) by the lapse button there, ``tdbot:call:<event_id>`` by the directors' cog. A director call
and a verdict look as :func:`call_embed` and :func:`verdict_line` make them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from core.ruling import Ruling
from core.seats import Seat
from core.state import CHOOSER_WORDS, Chooser, Lasts, TableState
from core.storage.values import DirectorCallInfo, LogEntry, RecordedEvent, Verdict, VerdictKind
from core.text import Text
from tdbot.answers import respond
from tdbot.client import TDBot

#: Discord's limits on embeds and buttons.
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_MAX = 1024
LABEL_MAX = 80
CUSTOM_ID_MAX = 100

CHOICE_PREFIX = "tdbot:choice"
CHOICE_PATTERN = r"tdbot:choice:(?P<event_id>\d+):(?P<seat>[NESW]):(?P<token>[^\s]{1,60})"
LAPSE_PREFIX = "tdbot:lapse"
LAPSE_PATTERN = r"tdbot:lapse:(?P<board_id>\d+):(?P<seat>[NESW]):(?P<what>lead|play)"
CALL_PREFIX = "tdbot:call"
CALL_LABEL = "Call the director"

#: Who makes a choice, in words (``Ruling.chooser``).

COLOUR = discord.Colour.dark_green()
PRIVATE_COLOUR = discord.Colour.dark_grey()


def clean(text: Text) -> str:
    """Text fit to echo: markdown and mentions escaped (user-typed facts end up in rulings)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(str(text)))


def cut(text: Text, limit: int = FIELD_MAX) -> str:
    """``text`` within ``limit`` characters, an ellipsis marking what was cut."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _lines(items: Iterable[str], limit: int) -> str:
    out = ""
    for line in items:
        if len(out) + len(line) + 1 > limit:
            return out + "…"
        out += line + "\n"
    return out.rstrip("\n")


def choice_custom_id(event_id: int, seat: Seat, token: str) -> str:
    return f"{CHOICE_PREFIX}:{event_id}:{seat.value}:{token}"


def lapse_custom_id(board_id: int, seat: Seat, what: str) -> str:
    return f"{LAPSE_PREFIX}:{board_id}:{seat.value}:{what}"


def lapse_buttons(state: TableState, board_id: int) -> list[discord.ui.Button[Any]]:
    """One button per restricted player, to say his restriction is over: "W has lost the lead"
    while he keeps the lead, "W has made that lead" for one lead, "E has played to the trick"
    for a 57A/57D one. Routed by
    ``custom_id`` to the lapse button in :mod:`cogs.followups` (it survives a restart)."""
    wanted: dict[tuple[Seat, str], str] = {}
    asked = {p.seat for p in state.pending if p.chooser == Chooser.DECLARER_SIDE}
    for r in state.restrictions:
        if r.seat in asked:  # the question's own pair of buttons says it, once
            continue
        if r.lasts is Lasts.THIS_PLAY:
            wanted[(r.seat, "play")] = f"{r.seat.value} has played to the trick"
        elif r.lasts is Lasts.THIS_LEAD:
            wanted[(r.seat, "play")] = f"{r.seat.value} has made that lead"
        else:
            wanted[(r.seat, "lead")] = f"{r.seat.value} has lost the lead"
    return [
        discord.ui.Button(label=label, custom_id=lapse_custom_id(board_id, seat, what),
                          style=discord.ButtonStyle.secondary)
        for (seat, what), label in list(wanted.items())[:8]
    ]


def call_custom_id(event_id: int) -> str:
    return f"{CALL_PREFIX}:{event_id}"


def ruling_embed(
    ruling: Ruling,
    *,
    event_id: int | None,
    table: int | None = None,
    board: int | None = None,
) -> discord.Embed:
    """The ruling: summary first, then the steps numbered, the laws, the options and notes."""
    embed = discord.Embed(
        title=cut(clean(str(ruling.summary)), TITLE_MAX),
        colour=PRIVATE_COLOUR if ruling.private else COLOUR,
    )
    if ruling.steps:
        numbered = (f"{i}. {clean(step)}" for i, step in enumerate(ruling.steps, 1))
        embed.description = _lines(numbered, DESCRIPTION_MAX)
    if ruling.laws:
        embed.add_field(
            name="Laws", value=cut(", ".join(dict.fromkeys(ruling.laws)), FIELD_MAX), inline=False
        )
    if ruling.options:
        verb = "choose" if ruling.chooser == Chooser.DEFENDERS else "chooses"
        chooser = CHOOSER_WORDS.get(Chooser(ruling.chooser), ruling.chooser)
        who = f" ({chooser} {verb})" if ruling.chooser else ""
        if ruling.chooser == Chooser.PLAYERS:  # a question of fact
            who = " (a player at the table or a director answers)"
        elif ruling.chooser == Chooser.DECLARER_SIDE:  # a fact that would favour the defenders
            who = " (declarer or dummy, or a director, answers)"
        listed = (f"• {clean(o.label)}" for o in ruling.options)
        embed.add_field(name=f"Options{who}", value=_lines(listed, FIELD_MAX), inline=False)
    if ruling.information:
        embed.add_field(
            name="Information", value=cut(clean(str(ruling.information)), FIELD_MAX), inline=False
        )
    if ruling.judgement:
        embed.add_field(
            name="Director's judgement",
            value=cut(clean(str(ruling.judgement)), FIELD_MAX),
            inline=False,
        )
    footer = []
    if event_id is not None:
        footer.append(f"Ruling #{event_id}")
    if table is not None:
        footer.append(f"Table {table}")
    if board is not None:
        footer.append(f"Board {board}")
    if footer:
        embed.set_footer(text=" · ".join(footer))
    return embed


def routed(view: discord.ui.View) -> discord.ui.View:
    """``view`` as a message's buttons only: a press is routed by its ``custom_id`` to the
    dynamic items the cogs register (so it works after a restart), never to this view. Stopped,
    so that discord.py does not keep it and its buttons for every message for the life of the
    process: kept, they were the growth of the collector's oldest generation under the
    benchmark's load (~5,000 views in 20 s; ``benchmarks/README.md``, *second look*)."""
    view.stop()
    return view


def ruling_view(
    ruling: Ruling,
    event_id: int,
    seat_waiting: Seat | None,
    lapses: Iterable[discord.ui.Button[Any]] = (),
) -> discord.ui.View:
    """One button per option (when a seat waits on the choice), and "Call the director".

    The buttons do nothing by themselves: presses are routed by ``custom_id`` to the dynamic
    items registered by the cogs, so they survive a restart.
    """
    view = discord.ui.View(timeout=None)
    if seat_waiting is not None:
        for option in ruling.options[:20]:
            custom_id = choice_custom_id(event_id, seat_waiting, option.token)
            if len(custom_id) > CUSTOM_ID_MAX:
                continue
            view.add_item(
                discord.ui.Button(
                    label=cut(option.label, LABEL_MAX),
                    custom_id=custom_id,
                    style=discord.ButtonStyle.primary,
                )
            )
    for button in lapses:
        view.add_item(button)
    view.add_item(
        discord.ui.Button(
            label=CALL_LABEL,
            custom_id=call_custom_id(event_id),
            style=discord.ButtonStyle.danger,
        )
    )
    return routed(view)


def state_view(state: TableState, board_id: int) -> discord.ui.View | None:
    """The lapse buttons for ``/state`` and other answers (None when nothing is restricted)."""
    buttons = lapse_buttons(state, board_id)
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    return routed(view)


def state_embed(lines: Iterable[Text], *, table: int, board: int) -> discord.Embed:
    """The public state of a board (from ``TableState.describe()``)."""
    body = _lines((f"• {clean(line)}" for line in lines), DESCRIPTION_MAX)
    embed = discord.Embed(title=f"Table {table}, board {board}", description=body, colour=COLOUR)
    return embed


def seat_waiting(ruling: Ruling, state: TableState) -> Seat | None:
    """The seat whose pending choice this ruling's options resolve, if any."""
    tokens = set(ruling.option_tokens)
    if not tokens:
        return None
    for pending in state.pending:
        if tokens & set(pending.options):
            return pending.seat
    return None


async def post_ruling(
    interaction: discord.Interaction[TDBot],
    recorded: RecordedEvent,
    *,
    table: int,
    board: int,
) -> None:
    """Answer with a recorded ruling: its embed, and buttons for a choice still to be made.

    A private ruling (it reveals a holding) goes only to the user who asked, without buttons.
    The table's record (a call in rotation, a plain lead: :func:`core.ruling.is_ruling`) is
    answered without a ruling number or "Call the director" (the restrictions' buttons stay).
    """
    ruling = recorded.ruling
    counted = recorded.is_ruling  # the table's record has no number and no director button
    embed = ruling_embed(ruling, event_id=recorded.id if counted else None, table=table,
                         board=board)
    if ruling.private:
        await respond(interaction, embed=embed, ephemeral=True)
        return
    lapses = lapse_buttons(recorded.state, recorded.board_id)
    if not counted:
        view = state_view(recorded.state, recorded.board_id)
        if view is None:
            await respond(interaction, embed=embed)
        else:
            await respond(interaction, embed=embed, view=view)
        return
    view = ruling_view(ruling, recorded.id, seat_waiting(ruling, recorded.state), lapses)
    await respond(interaction, embed=embed, view=view)


# ------------------------------------------------------------------ director calls and verdicts

VERDICT_WORDS = {
    VerdictKind.CONFIRMED: "confirmed",
    VerdictKind.AMENDED: "amended",
    VerdictKind.VOIDED: "voided",
    VerdictKind.ADJUSTED: "adjusted",
}


def verdict_line(verdict: Verdict, director: str) -> str:
    parts = [f"{VERDICT_WORDS[verdict.verdict].capitalize()} by {director}"]
    if verdict.adjusted_score:
        parts.append(f"Adjusted score: {clean(verdict.adjusted_score)}")
    if verdict.text:
        parts.append(clean(verdict.text))
    return "\n".join(parts)


def call_embed(
    call: DirectorCallInfo,
    entry: LogEntry | None,
    *,
    jump: str | None,
    seated_directors: list[int],
) -> discord.Embed:
    embed = discord.Embed(title=f"Director call #{call.id}", colour=discord.Colour.red())
    embed.add_field(name="Table", value=str(call.table_number or "not given"))
    embed.add_field(name="Board", value=str(call.board_number or "not given"))
    embed.add_field(name="Called by", value=f"<@{call.caller_id}>")
    if entry is not None:
        embed.add_field(
            name=f"Incident (ruling #{entry.id})",
            value=cut(clean(entry.summary)),
            inline=False,
        )
    if call.note:
        embed.add_field(name="Note", value=cut(clean(call.note)), inline=False)
    if jump:
        label = "Jump to the ruling" if entry is not None else "Jump to the channel"
        embed.add_field(name="Where", value=f"[{label}]({jump})", inline=False)
    if seated_directors:
        who = ", ".join(f"<@{uid}>" for uid in seated_directors)
        embed.add_field(
            name="A director is playing at this table",
            value=f"{who} is a player at this table: another director, please take this call.",
            inline=False,
        )
    return embed


def call_where(call: DirectorCallInfo) -> str:
    if call.table_number is None:
        return "no table given"
    where = f"table {call.table_number}"
    if call.board_number is not None:
        where += f", board {call.board_number}"
    return where


def channel_url(guild_id: int, channel_id: int | None) -> str | None:
    if channel_id is None:
        return None
    return f"https://discord.com/channels/{guild_id}/{channel_id}"
