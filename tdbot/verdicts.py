"""What ``/ruling amend`` and ``/ruling void`` hand to the desk: re-ruling on corrected facts
(the board re-ruled from the corrected incident, shown before/after and confirmed with a
button), director error (Law 82C) with its adjusted score, and voiding a ruling with those that
depend on it (the button)."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from core.corrected_facts import parse_changes
from core.laws.director_error import DirectorError, director_error
from core.ruling import Ruling
from core.seats import Seat
from core.storage.desk import Rerule, RerulePlan
from core.storage.errors import NotFound, StorageError
from core.storage.values import ClubSettings, LogEntry, RecordedEvent, VerdictKind
from core.view import view_of
from tdbot.answers import defer, respond, said, sentence
from tdbot.buttons import PressButton
from tdbot.client import TDBot
from tdbot.context import (
    ContextError,
    asker_alone,
    is_blind_here,
    refuse_if_blind,
    require_director,
    storage_of,
    stored,
    table_channel_of,
)
from tdbot.desk import (
    RERULE_PREFIX,
    VOID_ALL_PREFIX,
    answer_here_or_alone,
    blind_directors,
    desk_of,
    entry_of,
    log_channel,
    readable_entry,
)
from tdbot.hands import deal_beside_ruling
from tdbot.messages import N_, Locale, localize, reader_locale, say
from tdbot.render import (
    DESCRIPTION_MAX,
    VERDICT_LINES,
    VERDICT_LOG,
    clean,
    cut,
    post_ruling,
    ruling_embed,
    ruling_message,
    seat_waiting,
)

log = logging.getLogger(__name__)

NOTHING_PENDING = N_("Nothing pending.")
#: The verdict for director error (82C), as the ruling's field names it and the log says it.
VERDICT_82C = {
    VerdictKind.AMENDED: N_("Director's verdict: amended (director error, 82C)"),
    VerdictKind.VOIDED: N_("Director's verdict: voided (director error, 82C)"),
    VerdictKind.CONFIRMED: N_("Director's verdict: confirmed (director error, 82C)"),
    VerdictKind.ADJUSTED: N_("Director's verdict: adjusted (director error, 82C)"),
}
LOG_82C = {
    VerdictKind.AMENDED: N_("Ruling #{number} (table {table}, board {board}) amended for "
                            "director error (82C) by {director}: adjusted score {score}"),
    VerdictKind.VOIDED: N_("Ruling #{number} (table {table}, board {board}) voided for "
                           "director error (82C) by {director}: adjusted score {score}"),
    VerdictKind.CONFIRMED: N_("Ruling #{number} (table {table}, board {board}) confirmed for "
                              "director error (82C) by {director}: adjusted score {score}"),
    VerdictKind.ADJUSTED: N_("Ruling #{number} (table {table}, board {board}) adjusted for "
                             "director error (82C) by {director}: adjusted score {score}"),
}


async def log_verdict(
    interaction: discord.Interaction[TDBot],
    club: ClubSettings,
    entry: LogEntry,
    kind: VerdictKind,
    note: str | None,
    *,
    score: str | None = None,
    director_error: bool = False,
) -> None:
    """Every verdict's one line in the club's log channel (confirm, amend, void, adjust, and
    each of them for director error, 82C; a re-ruling and a void with its dependents send
    their own line, naming rulings by number only: :func:`send_log_line`). Where a director
    who is playing has not played the board, the line says only what was done to which
    ruling: the adjusted score (it tells the board's result) and the note (it may describe the
    deal) stay out, as the ruling lines do."""
    if log_channel(interaction, club) is None:
        return
    blind = bool(await blind_directors(interaction, entry.session_id, entry.board_number))
    fields = {"number": entry.id, "table": entry.table_number, "board": entry.board_number,
              "director": interaction.user.mention}
    score = clean(score) if score else None
    if director_error and score is not None and not blind:
        line = localize(club.language, LOG_82C[kind], score=score, **fields)
    else:
        line = localize(club.language, VERDICT_LOG[kind], **fields)
    if not director_error and score is not None and not blind:
        line = localize(club.language, N_("{verdict}: adjusted score {score}"),
                        verdict=line, score=score)
    if note and not blind:
        line += f". {clean(cut(note, 1500))}"
    await send_log_line(interaction, club, line, entry.id)


async def send_log_line(interaction: discord.Interaction[TDBot], club: ClubSettings,
                        line: str, ruling_id: int) -> None:
    """Send one verdict's ``line`` to the club's log channel (nobody pinged; a failure is
    logged, never the director's answer's concern)."""
    channel = log_channel(interaction, club)
    if channel is None:
        return
    try:
        await channel.send(line[:2000], allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.warning("Could not log the verdict on ruling %s: %s", ruling_id, exc)


RERULE_LABEL = N_("Re-rule the board")
CANCEL_LABEL = N_("Cancel")


def localize_buttons(view: discord.ui.View, locale: Locale) -> None:
    """The labels of ``view``'s buttons (marked N_) in the reader's language."""
    for item in view.children:
        if isinstance(item, discord.ui.DynamicItem):  # a persistent button: the one it wraps
            item = item.item
        if isinstance(item, discord.ui.Button) and item.label:
            item.label = localize(locale, item.label)
VOID_TOGETHER = N_("Void them together")


class VoidTogetherButton(
    PressButton,
    template=r"tdbot:voidall:(?P<event_id>\d+)",
):
    """"Void them together": the ruling and the later rulings that depend on it."""

    def __init__(self, event_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=VOID_TOGETHER,
                custom_id=f"{VOID_ALL_PREFIX}:{event_id}",
                style=discord.ButtonStyle.danger,
            )
        )
        self.event_id = event_id

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> VoidTogetherButton:
        return cls(int(match["event_id"]))

    async def pressed(self, interaction: discord.Interaction[TDBot]) -> None:
        await defer(interaction)
        club = await require_director(interaction)
        entry = await entry_of(interaction, self.event_id)
        await refuse_if_blind(interaction, entry.session_id, entry.board_number)
        done = await stored(
            desk_of(interaction).void_together(
                club.guild_id, self.event_id, interaction.user.id, None
            )
        )
        alone = await answer_here_or_alone(interaction, entry.table_number)
        # a public answer: the club's language (the director's, when he alone sees it)
        locale = reader_locale(interaction, club.language, ephemeral=alone)
        listed = ", ".join(f"#{v}" for v in done.voided) or localize(locale, N_("none"))
        # the reports kept, and what came after them, have new numbers: say which is which
        moved = ", ".join(f"#{old} → #{new}" for old, new in done.carried)
        state = await storage_of(interaction).board_state(club.guild_id, entry.board_id)
        now = board_lines(locale, view_of(state).lines())
        answer = localize(
            locale,
            N_("Ruling #{number} voided with the rulings that depended on it ({listed})."
               "\nBoard {board} now:\n{now}\nTo rule it again on corrected facts: "
               "/{cmd[ruling amend]} {opt[id]}:{number} {opt[text]}:… {opt[facts]}:…"),
            number=self.event_id, listed=listed, board=entry.board_number, now=now,
        )
        if moved:
            answer += "\n" + localize(locale, N_("Recorded again under new numbers: {listed}"),
                                       listed=moved)
        await respond(interaction, answer, allowed_mentions=discord.AllowedMentions.none())
        line = localize(
            club.language, N_("Ruling #{number} (table {table}, board {board}) voided by "
                              "{director} with the rulings that depended on it ({listed})"),
            number=entry.id, table=entry.table_number, board=entry.board_number,
            director=interaction.user.mention,
            listed=", ".join(f"#{v}" for v in done.voided) or localize(club.language, N_("none")))
        if moved:
            line += localize(club.language, N_("; recorded again under new numbers: {listed}"),
                             listed=moved)
        await send_log_line(interaction, club, line, entry.id)


async def offer_void_together(
    interaction: discord.Interaction[TDBot], event_id: int, dependents: tuple[int, ...]
) -> None:
    """Say which later rulings depend on this one and offer to void them all at once."""
    view = discord.ui.View(timeout=None)
    view.add_item(VoidTogetherButton(event_id))
    localize_buttons(view, interaction.locale)
    listed = ", ".join(f"#{d}" for d in dependents)
    await respond(
        interaction,
        localize(interaction.locale,
                 N_("Later rulings on this board depend on ruling #{number}: {listed}. "
                    "Void them together?"), number=event_id, listed=listed),
        view=view,
        ephemeral=True,
    )


async def dependents_or_none(
    interaction: discord.Interaction[TDBot], event_id: int
) -> tuple[int, ...]:
    """The later rulings that depend on ``event_id`` (none when it cannot be voided at all,
    or when the user is a playing director who has not played its board)."""
    guild_id = interaction.guild_id or 0
    desk = desk_of(interaction)
    try:
        entry = await storage_of(interaction).event(guild_id, event_id)
        if await is_blind_here(interaction, entry.session_id, entry.board_number):
            return ()
        return await desk.dependents(guild_id, event_id)
    except (NotFound, StorageError):
        return ()


def board_lines(locale: Locale, lines: list[Any]) -> str:
    """A board's state (``core.view`` lines) as bullets in the reader's language."""
    if not lines:
        return localize(locale, NOTHING_PENDING)
    return "\n".join(f"• {clean(say(locale, line))}" for line in lines)


def correction_embed(plan: RerulePlan, locale: Locale = None) -> discord.Embed:
    """The before/after of a re-ruling, for the director to confirm: the corrected incident,
    each later event of the board, and the board as it will stand (in the director's
    language: only he sees it)."""
    fix = plan.correction

    def _(text: str, **params: Any) -> str:
        return localize(locale, text, **params)

    def summary(ruling: Ruling) -> str:
        return clean(say(locale, ruling.summary))

    lines = [_(N_("**Before:** {summary}"), summary=summary(fix.target.ruling)),
             _(N_("**After:** {summary}"), summary=summary(fix.after))]
    if fix.later:
        lines.append(_(N_("**Then on board {board}, ruled again in order:**"),
                       board=plan.board_number))
    for redone in fix.later:
        before = summary(redone.before)
        if redone.after is None:
            lines.append(_(N_("• #{number}: {before}\n  → voided: {reason}"), number=redone.id,
                           before=before, reason=clean(say(locale, redone.reason))))
        elif redone.changed:
            lines.append(f"• #{redone.id}: {before}\n  → {summary(redone.after)}")
        else:
            lines.append(_(N_("• #{number}: {before} (unchanged)"), number=redone.id,
                           before=before))
    lines.append(_(N_("**Board {board} afterwards:**"), board=plan.board_number))
    lines.append(board_lines(locale, view_of(fix.state).lines()))
    embed = discord.Embed(
        title=_(N_("Amend ruling #{number}: re-rule the board from it?"), number=fix.target.id),
        description=cut("\n".join(lines), DESCRIPTION_MAX),
        colour=discord.Colour.orange(),
    )
    embed.set_footer(text=_(N_("Table {table} · Board {board} · nothing is written until you "
                               "confirm"), table=plan.table_number, board=plan.board_number))
    return embed


class RerulePress(
    PressButton,
    template=r"tdbot:rerule:(?P<pending>\d+):(?P<owner>\d+):(?P<action>ok|no)",
):
    """"Re-rule the board" (``ok``) or "Cancel" (``no``) under the before/after; only the
    director who amended may press, once, within the desk's wait (``Rulings.RERULE_WAIT``).
    What he was shown waits in storage (``Desk.offer_rerule``), so a press after a restart
    or on another shard still works."""

    def __init__(self, pending_id: int, owner_id: int, action: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=RERULE_LABEL if action == "ok" else CANCEL_LABEL,
                custom_id=f"{RERULE_PREFIX}:{pending_id}:{owner_id}:{action}",
                style=(discord.ButtonStyle.danger if action == "ok"
                       else discord.ButtonStyle.secondary),
            )
        )
        self.pending_id, self.owner_id, self.action = pending_id, owner_id, action

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> RerulePress:
        return cls(int(match["pending"]), int(match["owner"]), match["action"])

    async def pressed(self, interaction: discord.Interaction[TDBot]) -> None:
        if interaction.user.id != self.owner_id:
            raise ContextError(N_("Only the director who amended this ruling can confirm it."))
        await defer(interaction)
        club = await require_director(interaction)
        desk = desk_of(interaction)
        if self.action == "no":
            await stored(desk.cancel_rerule(club.guild_id, self.pending_id))
            await respond(interaction, localize(interaction.locale, N_("Nothing was changed.")),
                          ephemeral=True)
            return
        pending = await stored(desk.pending_rerule(club.guild_id, self.pending_id))
        event_id = pending.event_id
        plan = await stored(desk.preview_rerule(club.guild_id, event_id, pending.changes),
                            ruling_id=event_id)
        # shown before he sat down to play, perhaps: the board is checked again at the press
        await refuse_if_blind(interaction, plan.session_id, plan.board_number, director=True)
        error = None
        if pending.score:
            settings = await desk.settings(club.guild_id)
            error = director_error(pending.score, board_played=pending.board_played,
                                   authority_code=settings.authority)
        done = await stored(desk.rerule(
            club.guild_id, event_id, interaction.user.id, pending.text, pending.changes,
            last_seq=pending.last_seq, score=error.score if error else None,
            pending_id=self.pending_id,
        ), ruling_id=event_id)
        alone = await answer_here_or_alone(interaction, plan.table_number)
        private = done.new.ruling.private
        locale = reader_locale(interaction, club.language, ephemeral=private or alone)
        await respond(interaction, embed=rerule_embed(done, plan, interaction, pending.text,
                                                      error, locale),
                      ephemeral=private,
                      allowed_mentions=discord.AllowedMentions.none())
        await note_rerule(interaction, club, done, plan)
        # a choice the re-ruling leaves waiting gets its buttons again, at its table: the
        # latest copy that offers it (an earlier copy in the same words was answered)
        offers: dict[Seat, RecordedEvent] = {}
        for _, copy in done.carried:
            again = await storage_of(interaction).recorded(club.guild_id, copy)
            seat = seat_waiting(again.ruling, done.new.state)
            if not again.ruling.private and seat is not None:
                offers[seat] = again
        for again in offers.values():
            await offer_again(interaction, club, again, plan)


NO_TABLE_CHANNEL = N_("Table {table} has no channel of its own (/{cmd[table channel]}), so ruling "
                      "#{number}, whose choice is still to be made, is shown to you alone: "
                      "tell the table, or press for the chooser the button he names.")
OFFERED_THERE = N_("Ruling #{number}, whose choice is still to be made, is posted with its "
                   "buttons in {channel}.")
NOT_OFFERED_THERE = N_("Discord refused ruling #{number} in {channel} ({status}), so it is shown "
                       "to you alone: tell the table, or press for the chooser the button he "
                       "names.")


async def offer_again(interaction: discord.Interaction[TDBot], club: ClubSettings,
                      again: RecordedEvent, plan: RerulePlan) -> None:
    """A choice a re-ruling leaves waiting, with its buttons, where its table's players are:
    the channel bound to the table (wherever the director confirmed); with none, here if the
    board may be shown here (:func:`tdbot.context.shown_here`), else to the director alone,
    told so, since nobody at the table would see it."""
    table, board = plan.table_number, plan.board_number
    channel = await table_channel_of(interaction, table)
    if channel is not None and channel.id != interaction.channel_id:
        embed, view = ruling_message(again.ruling, again.id, again.state, again.board_id,
                                     table=table, board=board, locale=club.language)
        try:
            await channel.send(embed=embed, view=view,
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("Could not post ruling %s again in its table's channel: %s",
                        again.id, exc)
            told = localize(interaction.locale, NOT_OFFERED_THERE, number=again.id,
                            channel=channel.mention, status=exc.status)
        else:
            await respond(interaction, localize(interaction.locale, OFFERED_THERE,
                                                number=again.id, channel=channel.mention),
                          ephemeral=True)
            return
    else:
        told = localize(interaction.locale, NO_TABLE_CHANNEL, table=table, number=again.id)
    await post_ruling(interaction, again, table=table, board=board,
                      club_language=club.language)
    if asker_alone(interaction):
        await respond(interaction, told, ephemeral=True)


async def note_rerule(interaction: discord.Interaction[TDBot], club: ClubSettings,
                      done: Rerule, plan: RerulePlan) -> None:
    """The re-ruling's line in the club's log channel (:func:`log_verdict`): which rulings the
    correction replaced or voided."""
    locale = club.language
    line = localize(locale, N_("Ruling #{number} (table {table}, board {board}) re-ruled as "
                               "#{new} by {director}"), number=done.old_id,
                    table=plan.table_number, board=plan.board_number, new=done.new.id,
                    director=interaction.user.mention)
    if done.carried:
        line += localize(locale, N_("; ruled again after it: {listed}"), listed=", ".join(
            f"#{a} → #{b}" for a, b in done.carried))
    if done.also_voided:
        line += localize(locale, N_("; voided, no longer applying: {listed}"), listed=", ".join(
            f"#{v}" for v in done.also_voided))
    await send_log_line(interaction, club, line, done.old_id)


def rerule_embed(done: Rerule, plan: RerulePlan, interaction: discord.Interaction[TDBot],
                 text: str, error: DirectorError | None, locale: Locale = None) -> discord.Embed:
    """The corrected ruling as the table sees it, with what became of the later events."""
    new = done.new
    embed = ruling_embed(new.ruling, event_id=new.id, table=plan.table_number,
                         board=plan.board_number, locale=locale)
    lines = [localize(locale, N_("Re-ruled: ruling #{number} is voided and replaced by ruling "
                                 "#{new} by {director}."), number=done.old_id, new=new.id,
                      director=interaction.user.mention), clean(text)]
    if done.carried:
        lines.append(localize(locale, N_("Ruled again after it: {listed}"), listed=", ".join(
            f"#{old} → #{copy}" for old, copy in done.carried)))
    if done.also_voided:
        lines.append(localize(locale, N_("No longer applies, voided: {listed}"),
                              listed=", ".join(f"#{v}" for v in done.also_voided)))
    if error:
        lines.append(clean(say(locale, error.explanation)))
    embed.add_field(name=localize(locale, N_("Director's verdict: amended")),
                    value="\n".join(lines)[:1024], inline=False)
    return embed


async def rerule(
    interaction: discord.Interaction[TDBot],
    event_id: int,
    text: str,
    facts: str,
    *,
    score: str | None = None,
    board_played: bool = True,
) -> None:
    """``/ruling amend … facts:``: show the director the board re-ruled from the corrected
    incident (before/after, nothing written) and re-rule it when he confirms."""
    await defer(interaction, ephemeral=True)
    club = await require_director(interaction)
    await readable_entry(interaction, event_id, director=True)
    changes = parse_changes(facts)
    error = None
    if score:
        settings = await desk_of(interaction).settings(club.guild_id)
        error = director_error(score, board_played=board_played,
                               authority_code=settings.authority)
    try:
        plan = await desk_of(interaction).preview_rerule(club.guild_id, event_id, changes)
    except (NotFound, StorageError) as exc:
        raise ContextError(sentence(said(exc, interaction.locale))) from exc
    pending_id = await stored(desk_of(interaction).offer_rerule(
        club.guild_id, plan, interaction.user.id, text, changes,
        score=score if error else None, board_played=board_played))
    view = discord.ui.View(timeout=None)
    for action in ("ok", "no"):
        view.add_item(RerulePress(pending_id, interaction.user.id, action))
    localize_buttons(view, interaction.locale)
    await respond(interaction, embed=correction_embed(plan, interaction.locale), view=view,
                  ephemeral=True,
                  allowed_mentions=discord.AllowedMentions.none())


async def error_amend_or_void(
    interaction: discord.Interaction[TDBot],
    event_id: int,
    kind: VerdictKind,
    text: str | None,
    score: str,
    board_played: bool,
) -> None:
    """Amend or void a ruling for director error: record the 82C adjusted score with it."""
    await defer(interaction)
    club = await require_director(interaction)
    entry = await readable_entry(interaction, event_id, director=True)
    settings = await desk_of(interaction).settings(club.guild_id)
    error = director_error(score, board_played=board_played, authority_code=settings.authority)
    if kind is VerdictKind.AMENDED and not text:
        raise ContextError(N_("Say how the ruling is amended."))
    desk = desk_of(interaction)
    if kind is VerdictKind.VOIDED:
        dependents = await stored(desk.dependents(club.guild_id, event_id))
        if dependents:
            await offer_void_together(interaction, event_id, dependents)
            return
    verdict = await stored(
        desk.verdict_with_score(club.guild_id, event_id, interaction.user.id, kind, text,
                                error.score)
    )
    ruling = Ruling.from_data(entry.ruling)
    alone = await answer_here_or_alone(interaction, entry.table_number)
    locale = reader_locale(interaction, club.language, ephemeral=ruling.private or alone)
    embed = ruling_embed(ruling, event_id=entry.id, table=entry.table_number,
                         board=entry.board_number, locale=locale)
    lines = [localize(locale, VERDICT_LINES[verdict.verdict], director=interaction.user.mention),
             clean(say(locale, error.explanation)),
             localize(locale, N_("Adjusted score: {score}"), score=clean(error.score))]
    if text:
        lines.append(clean(text))
    embed.add_field(name=localize(locale, VERDICT_82C[verdict.verdict]),
                    value="\n".join(lines)[:1024], inline=False)
    await respond(interaction, embed=embed, ephemeral=ruling.private,
                  allowed_mentions=discord.AllowedMentions.none())
    # 12C1: the director alone gets the deal and its double dummy beside an adjusted score
    await deal_beside_ruling(interaction, entry.session_id, entry.board_number,
                             N_("Law 12C1, the adjusted score"))
    await log_verdict(interaction, club, entry, verdict.verdict, text,
                      score=verdict.adjusted_score, director_error=True)
