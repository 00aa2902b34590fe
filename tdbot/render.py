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
from core.state import Chooser, Lasts, TableState
from core.storage.values import DirectorCallInfo, LogEntry, RecordedEvent, Verdict, VerdictKind
from core.text import SEAT_LETTERS, Text
from tdbot.answers import ELSEWHERE, respond
from tdbot.client import TDBot
from tdbot.messages import N_, Locale, core_translate, localize, reader_locale, say

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
CALL_LABEL = N_("Call the director")

#: The options' heading, saying who makes the choice (``Ruling.chooser``): whole phrases, as
#: word order differs between languages.
OPTIONS_BY = {
    Chooser.DECLARER: N_("Options (declarer chooses)"),
    Chooser.DEFENDERS: N_("Options (the defenders choose)"),
    Chooser.LHO: N_("Options (the offender's left-hand opponent chooses)"),
    Chooser.DIRECTOR: N_("Options (the director chooses)"),
    Chooser.PLAYERS: N_("Options (a player at the table or a director answers)"),
    Chooser.DECLARER_SIDE: N_("Options (declarer or dummy, or a director, answers)"),
}
OPTIONS = N_("Options")
OPTIONS_BY_OTHER = N_("Options ({chooser} chooses)")
LAPSE_LABELS = {
    "play": N_("{seat} has played to the trick"),
    "lead": N_("{seat} has made that lead"),
    "lost": N_("{seat} has lost the lead"),
}

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


def seat_letter(locale: Locale, seat: Seat) -> str:
    """The seat's letter in the reader's language (W is "O" in French), from core's catalog."""
    translate = core_translate(locale)
    letter = translate(SEAT_LETTERS[seat], "seat letter") if translate is not None else None
    return letter or seat.value


def lapse_buttons(
    state: TableState, board_id: int, locale: Locale = None
) -> list[discord.ui.Button[Any]]:
    """One button per restricted player, to say his restriction is over: "W has lost the lead"
    while he keeps the lead, "W has made that lead" for one lead, "E has played to the trick"
    for a 57A/57D one. Routed by
    ``custom_id`` to the lapse button in :mod:`cogs.followups` (it survives a restart).
    The labels are in the language of ``locale``."""
    wanted: dict[tuple[Seat, str], str] = {}
    asked = {p.seat for p in state.pending if p.chooser == Chooser.DECLARER_SIDE}
    for r in state.restrictions:
        if r.seat in asked:  # the question's own pair of buttons says it, once
            continue
        if r.lasts is Lasts.THIS_PLAY:
            wanted[(r.seat, "play")] = LAPSE_LABELS["play"]
        elif r.lasts is Lasts.THIS_LEAD:
            wanted[(r.seat, "play")] = LAPSE_LABELS["lead"]
        else:
            wanted[(r.seat, "lead")] = LAPSE_LABELS["lost"]
    return [
        discord.ui.Button(label=localize(locale, label, seat=seat_letter(locale, seat)),
                          custom_id=lapse_custom_id(board_id, seat, what),
                          style=discord.ButtonStyle.secondary)
        for (seat, what), label in list(wanted.items())[:8]
    ]


def call_custom_id(event_id: int) -> str:
    return f"{CALL_PREFIX}:{event_id}"


def options_heading(locale: Locale, chooser: str | None) -> str:
    """"Options (declarer chooses)": the options' heading, saying who chooses."""
    if not chooser:
        return localize(locale, OPTIONS)
    try:
        return localize(locale, OPTIONS_BY[Chooser(chooser)])
    except (ValueError, KeyError):
        return localize(locale, OPTIONS_BY_OTHER, chooser=chooser)


def footer_text(
    locale: Locale, event_id: int | None, table: int | None, board: int | None
) -> str:
    """"Ruling #12 · Table 3 · Board 7"."""
    footer = []
    if event_id is not None:
        footer.append(localize(locale, N_("Ruling #{number}"), number=event_id))
    if table is not None:
        footer.append(localize(locale, N_("Table {number}"), number=table))
    if board is not None:
        footer.append(localize(locale, N_("Board {number}"), number=board))
    return " · ".join(footer)


def ruling_embed(
    ruling: Ruling,
    *,
    event_id: int | None,
    table: int | None = None,
    board: int | None = None,
    locale: Locale = None,
) -> discord.Embed:
    """The ruling: summary first, then the steps numbered, the laws, the options and notes,
    in the language of ``locale`` (core's sentences and the embed's own words)."""
    embed = discord.Embed(
        title=cut(clean(say(locale, ruling.summary)), TITLE_MAX),
        colour=PRIVATE_COLOUR if ruling.private else COLOUR,
    )
    if ruling.steps:
        numbered = (f"{i}. {clean(say(locale, step))}" for i, step in enumerate(ruling.steps, 1))
        embed.description = _lines(numbered, DESCRIPTION_MAX)
    if ruling.laws:
        embed.add_field(
            name=localize(locale, N_("Laws")),
            value=cut(", ".join(dict.fromkeys(ruling.laws)), FIELD_MAX),
            inline=False,
        )
    if ruling.options:
        listed = (f"• {clean(say(locale, o.label))}" for o in ruling.options)
        embed.add_field(name=options_heading(locale, ruling.chooser),
                        value=_lines(listed, FIELD_MAX), inline=False)
    if ruling.information:
        embed.add_field(
            name=localize(locale, N_("Information")),
            value=cut(clean(say(locale, ruling.information)), FIELD_MAX),
            inline=False,
        )
    if ruling.judgement:
        embed.add_field(
            name=localize(locale, N_("Director's judgement")),
            value=cut(clean(say(locale, ruling.judgement)), FIELD_MAX),
            inline=False,
        )
    footer = footer_text(locale, event_id, table, board)
    if footer:
        embed.set_footer(text=footer)
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
    locale: Locale = None,
) -> discord.ui.View:
    """One button per option (when a seat waits on the choice), and "Call the director", their
    labels in the language of ``locale``.

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
                    label=cut(say(locale, option.label), LABEL_MAX),
                    custom_id=custom_id,
                    style=discord.ButtonStyle.primary,
                )
            )
    for button in lapses:
        view.add_item(button)
    view.add_item(
        discord.ui.Button(
            label=localize(locale, CALL_LABEL),
            custom_id=call_custom_id(event_id),
            style=discord.ButtonStyle.danger,
        )
    )
    return routed(view)


def state_view(
    state: TableState, board_id: int, locale: Locale = None
) -> discord.ui.View | None:
    """The lapse buttons for ``/state`` and other answers (None when nothing is restricted)."""
    buttons = lapse_buttons(state, board_id, locale)
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    return routed(view)


def state_embed(
    lines: Iterable[Text], *, table: int, board: int, locale: Locale = None
) -> discord.Embed:
    """The public state of a board (the lines of ``core.view``), in the language of ``locale``."""
    body = _lines((f"• {clean(say(locale, line))}" for line in lines), DESCRIPTION_MAX)
    title = localize(locale, N_("Table {table}, board {board}"), table=table, board=board)
    return discord.Embed(title=title, description=body, colour=COLOUR)


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
    club_language: str | None = None,
) -> None:
    """Answer with a recorded ruling: its embed, and buttons for a choice still to be made.

    A private ruling (it reveals a holding) goes only to the user who asked, without buttons,
    in his language; a public one is in the club's (``club_language``, ``/setup language:``).
    The table's record (a call in rotation, a plain lead: :func:`core.ruling.is_ruling`) is
    answered without a ruling number or "Call the director" (the restrictions' buttons stay).
    """
    # the table's record has no number and no director button
    await show_ruling(interaction, recorded.ruling, recorded.id if recorded.is_ruling else None,
                      recorded.state, recorded.board_id, table=table, board=board,
                      club_language=club_language)


async def show_ruling(
    interaction: discord.Interaction[TDBot],
    ruling: Ruling,
    number: int | None,
    state: TableState,
    board_id: int,
    *,
    table: int,
    board: int,
    club_language: str | None = None,
) -> None:
    """Answer with ``ruling`` as ruling ``number`` on the board as ``state`` has it (None: the
    table's record): :func:`post_ruling`'s answer, also for a pending ruling shown again."""
    alone = ruling.private or ELSEWHERE in interaction.extras
    locale = reader_locale(interaction, club_language, ephemeral=alone)
    embed, view = ruling_message(ruling, number, state, board_id, table=table, board=board,
                                 locale=locale)
    if ruling.private:
        await respond(interaction, embed=embed, ephemeral=True)
    elif view is None:
        await respond(interaction, embed=embed)
    else:
        await respond(interaction, embed=embed, view=view)


def ruling_message(
    ruling: Ruling, number: int | None, state: TableState, board_id: int, *, table: int,
    board: int, locale: Locale = None,
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The embed and the buttons :func:`show_ruling` answers with (none for a private ruling:
    it goes to the asker alone), also for a ruling sent to the table's channel."""
    embed = ruling_embed(ruling, event_id=number, table=table, board=board, locale=locale)
    if ruling.private:
        return embed, None
    if number is None:
        return embed, state_view(state, board_id, locale)
    return embed, ruling_view(ruling, number, seat_waiting(ruling, state),
                              lapse_buttons(state, board_id, locale), locale)


# ------------------------------------------------------------------ director calls and verdicts

VERDICT_WORDS = {
    VerdictKind.CONFIRMED: N_("confirmed"),
    VerdictKind.AMENDED: N_("amended"),
    VerdictKind.VOIDED: N_("voided"),
    VerdictKind.ADJUSTED: N_("adjusted"),
}
VERDICT_LINES = {
    VerdictKind.CONFIRMED: N_("Confirmed by {director}"),
    VerdictKind.AMENDED: N_("Amended by {director}"),
    VerdictKind.VOIDED: N_("Voided by {director}"),
    VerdictKind.ADJUSTED: N_("Adjusted by {director}"),
}

#: The field a verdict adds under the ruling, and the log channel's line for it.
VERDICT_FIELDS = {
    VerdictKind.CONFIRMED: N_("Director's verdict: confirmed"),
    VerdictKind.AMENDED: N_("Director's verdict: amended"),
    VerdictKind.VOIDED: N_("Director's verdict: voided"),
    VerdictKind.ADJUSTED: N_("Director's verdict: adjusted"),
}
VERDICT_LOG = {
    VerdictKind.CONFIRMED: N_("Ruling #{number} (table {table}, board {board}) confirmed by "
                              "{director}"),
    VerdictKind.AMENDED: N_("Ruling #{number} (table {table}, board {board}) amended by "
                            "{director}"),
    VerdictKind.VOIDED: N_("Ruling #{number} (table {table}, board {board}) voided by "
                           "{director}"),
    VerdictKind.ADJUSTED: N_("Ruling #{number} (table {table}, board {board}) adjusted by "
                             "{director}"),
}


def verdict_line(verdict: Verdict, director: str, locale: Locale = None) -> str:
    parts = [localize(locale, VERDICT_LINES[verdict.verdict], director=director)]
    if verdict.adjusted_score:
        parts.append(localize(locale, N_("Adjusted score: {score}"),
                              score=clean(verdict.adjusted_score)))
    if verdict.text:
        parts.append(clean(verdict.text))
    return "\n".join(parts)


def call_embed(
    call: DirectorCallInfo,
    entry: LogEntry | None,
    *,
    jump: str | None,
    seated_directors: list[int],
    locale: Locale = None,
) -> discord.Embed:
    """A director call as the log channel shows it, in the club's language (``locale``)."""
    def _(text: str, **params: Any) -> str:
        return localize(locale, text, **params)

    not_given = _(N_("not given"))
    embed = discord.Embed(title=_(N_("Director call #{number}"), number=call.id),
                          colour=discord.Colour.red())
    embed.add_field(name=_(N_("Table")), value=str(call.table_number or not_given))
    embed.add_field(name=_(N_("Board")), value=str(call.board_number or not_given))
    embed.add_field(name=_(N_("Called by")), value=f"<@{call.caller_id}>")
    if entry is not None:
        embed.add_field(
            name=_(N_("Incident (ruling #{number})"), number=entry.id),
            value=cut(clean(entry.summary)),
            inline=False,
        )
    if call.note:
        embed.add_field(name=_(N_("Note")), value=cut(clean(call.note)), inline=False)
    if jump:
        label = (_(N_("Jump to the ruling")) if entry is not None
                 else _(N_("Jump to the channel")))
        embed.add_field(name=_(N_("Where")), value=f"[{label}]({jump})", inline=False)
    if seated_directors:
        who = ", ".join(f"<@{uid}>" for uid in seated_directors)
        embed.add_field(
            name=_(N_("A director is playing at this table")),
            value=_(N_("{who} is a player at this table: another director, please take this "
                       "call."), who=who),
            inline=False,
        )
    return embed


def call_where(call: DirectorCallInfo, locale: Locale = None) -> str:
    if call.table_number is None:
        return localize(locale, N_("no table given"))
    if call.board_number is not None:
        return localize(locale, N_("table {table}, board {board}"), table=call.table_number,
                        board=call.board_number)
    return localize(locale, N_("table {table}"), table=call.table_number)


def channel_url(guild_id: int, channel_id: int | None) -> str | None:
    if channel_id is None:
        return None
    return f"https://discord.com/channels/{guild_id}/{channel_id}"
