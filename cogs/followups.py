"""Follow-ups answered from the stored state: /mustplay, /mustpass, /lead, /penalty, /state,
/dummy-call, the
buttons by which declarer (or the defenders) choose among the options a ruling offered, and the
button by which the table says a restriction is over ("W has lost the lead")."""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.cards import Card, Suit, parse_cards, parse_hand
from core.engine import ChoiceMade, Event
from core.laws.course import RestrictionSpent
from core.laws.dummy_call import Designation, call_of, designate, with_records
from core.laws.flow import CardPlayed, LeadLost
from core.laws.must_pass import must_pass
from core.laws.penalty import PartnerLead, PenaltyCardReturned, PenaltyNotPlayed
from core.permissions import may_be_blind, may_say_restriction_over
from core.ruling import Ruling
from core.seats import Seat
from core.state import Chooser, Lasts, may_choose
from core.storage.errors import NotFound
from core.view import lead_offered_again, lead_wait, must_play, view_of
from tdbot.answers import defer, edit_pressed, respond
from tdbot.buttons import PressButton
from tdbot.client import TDBot
from tdbot.context import (
    SUIT_CHOICES,
    TABLE_HELP,
    CardOption,
    ContextError,
    SeatName,
    TableContext,
    TableNumber,
    Trick,
    allow,
    card_choices,
    checked,
    club_of,
    in_time,
    is_director,
    refuse_closed_board,
    require_director,
    storage_of,
    table_context,
)
from tdbot.hands import dummy_deal, hand_from_records
from tdbot.limits import directors_cooldown, press_allowance
from tdbot.messages import N_, localize, reader_locale, say
from tdbot.recording import answer_and_log, incident_cooldown, record_incident, reporter
from tdbot.render import (
    CHOICE_PATTERN,
    LAPSE_PATTERN,
    choice_custom_id,
    clean,
    lapse_buttons,
    lapse_custom_id,
    post_ruling,
    ruling_embed,
    ruling_view,
    seat_letter,
    seat_waiting,
    show_ruling,
    state_embed,
    state_view,
)

log = logging.getLogger(__name__)


#: What declarer said when calling from dummy (46B, 45C4(b)).
SAID_CHOICES = [
    app_commands.Choice(name=name, value=value.value) for name, value in (
        ("'High' (46B1(a))", Designation.HIGH),
        ("'Win the trick' (46B1(b))", Designation.WIN),
        ("'Low' (46B1(c))", Designation.LOW),
        ("A suit, no rank: 'a spade' (46B2)", Designation.SUIT),
        ("A rank, no suit: 'the queen' (46B3)", Designation.RANK),
        ("A card dummy does not hold (46B4)", Designation.ABSENT),
        ("'Play anything' (46B5)", Designation.ANYTHING),
        ("A wrong card, corrected at once (45C4(b))", Designation.SLIP),
    )
]

EXPIRED = N_(
    "This button no longer applies: the choice has been made or the board has moved on."
)
LAPSED = N_("That restriction is already over (or the board has moved on): nothing to change.")
NOT_YOURS = N_("Only {who} at table {table} or a director can choose.")
NOT_YOURS_SEAT = N_("Only {seat} at table {table} or a director can choose.")
NOT_DECLARERS = N_("Only the declarer at table {table} or a director can choose.")
NOT_DECLARER_SIDES = N_("Only declarer or dummy at table {table} or a director can choose.")
DIRECTOR_ONLY = N_("Only a director gives this judgement (a comparable call, Law 23; cards "
                   "exposed in the auction, Law 24).")
CHOSEN_BY = N_("Chosen by {name}: {option}")
CHOSEN = N_("{summary} (ruling #{number})")
CHOSEN_INFORMATION = N_("Information: {information}")
NOT_A_PENALTY_CARD = N_("The {card} is not a penalty card at table {table}.")


class ChoiceButton(PressButton, template=CHOICE_PATTERN):
    """One option of a ruling: ``tdbot:choice:<event_id>:<seat>:<token>``.

    Everything is re-read from storage when pressed, so the button works after a restart and a
    stale one (the choice already made, the board over) is refused politely.
    """

    def __init__(self, event_id: int, seat: Seat, token: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or token,
                custom_id=choice_custom_id(event_id, seat, token),
                style=discord.ButtonStyle.primary,
            )
        )
        self.event_id = event_id
        self.seat = seat
        self.token = token

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> ChoiceButton:
        label = getattr(item, "label", None)
        return cls(int(match["event_id"]), Seat(match["seat"]), match["token"], label)

    async def pressed(self, interaction: discord.Interaction[TDBot]) -> None:
        await self._choose(interaction)

    async def _choose(self, interaction: discord.Interaction[TDBot]) -> None:
        press_allowance(interaction)  # a flood of presses is refused before anything is read
        await defer(interaction, update=True)
        storage = storage_of(interaction)
        club = await club_of(interaction)
        guild_id = club.guild_id
        director = is_director(interaction.user, club)

        async def attempt() -> Any:
            """Read, check, write: the write goes ahead only on the board as read and with the
            presser still in the seat the check found him in (else all again)."""
            try:
                # the offering ruling, its board now (still in play?) and the presser's seat
                offered = await storage.choice_context(guild_id, self.event_id,
                                                       interaction.user.id)
            except NotFound:
                raise ContextError(EXPIRED) from None
            board = offered.board
            seat = offered.seat if offered.seat_table_id == board.table_id else None
            # a board closed to him (issue 24): refused before anything is said of it; only a
            # member to whom some board can be closed costs a read
            if may_be_blind(playing=offered.playing_director, director=director,
                            no_peeking=offered.no_peeking):
                await refuse_closed_board(interaction, board.session_id, board.number,
                                          seated_here=seat is not None, director=director)
            if not offered.in_play:  # a board the table has moved on from, or a past session's
                raise ContextError(EXPIRED)
            # the choice this ruling offered, still open: a lapsed choice's button is not a
            # press of another choice that happens to share the token (57A "W plays a club"
            # vs 50D2)
            offered_tokens = set(offered.ruling.option_tokens)
            pending = next(
                (p for p in board.state.pending_for(self.seat)
                 if self.token in p.options and offered_tokens <= set(p.options)), None
            )
            if pending is None:
                raise ContextError(EXPIRED)
            if not may_choose(pending.chooser, seat, director=director,
                              declarer=board.state.declarer, offender=pending.offender):
                if pending.chooser == Chooser.DIRECTOR:
                    raise ContextError(DIRECTOR_ONLY)
                table = board.table_number
                if pending.chooser == Chooser.LHO:  # 27A1/29A; the defender who prevails (55A)
                    lho = pending.offender.lho if pending.offender else pending.seat
                    raise ContextError(NOT_YOURS_SEAT, table=table,
                                       seat=seat_letter(interaction.locale, lho))
                if pending.chooser == Chooser.DECLARER:
                    raise ContextError(NOT_DECLARERS, table=table)
                if pending.chooser == Chooser.DECLARER_SIDE:
                    raise ContextError(NOT_DECLARER_SIDES, table=table)
                raise ContextError(NOT_YOURS, who=f"the {pending.chooser}", table=table)
            recorded = await storage.record(
                guild_id,
                board.id,
                ChoiceMade(self.seat, self.token),
                actor_id=interaction.user.id,
                interaction_id=interaction.id,
                seen=board,  # as the choice's read found it: the recording starts from it
                expect_seq=board.last_seq,  # the checks above stand, under the lock
                # a director may choose wherever he sits; a player, from the seat he was found
                # in, read again in the write (a director may have reseated it since)
                seated=None if director else (interaction.user.id, seat),
            )
            return offered, board, recorded

        offered, board, recorded = await checked(attempt)
        # the ruling's message is public: it stays in the club's language
        locale = club.language
        label = next((say(locale, o.label) for o in offered.ruling.options
                      if o.token == self.token), self.token)
        message = interaction.message
        embed = (
            message.embeds[0]
            if message is not None and message.embeds
            else ruling_embed(offered.ruling, event_id=offered.event_id, locale=locale)
        )
        # what the choice changes about who may use what (e.g. 50E2 for a card sent back)
        told = recorded.ruling.information
        value = localize(locale, CHOSEN, summary=clean(say(locale, recorded.ruling.summary)),
                         number=recorded.id)
        if told:
            value += "\n" + localize(locale, CHOSEN_INFORMATION,
                                     information=clean(say(locale, told)))
        embed.add_field(
            name=localize(locale, CHOSEN_BY, name=clean(interaction.user.display_name),
                          option=clean(label))[:256],
            value=value[:1024],
            inline=False,
        )
        # the answer may offer a new choice (the table said he kept the lead: now declarer's
        # 50D2 options) and leave restrictions that can lapse: their buttons go on the message
        waiting = seat_waiting(recorded.ruling, recorded.state)
        if waiting is not None:
            view = ruling_view(recorded.ruling, recorded.id, waiting,
                               lapse_buttons(recorded.state, board.id, locale), locale)
        else:  # nothing more to choose: the lapses and the call for the ruling pressed on
            view = ruling_view(recorded.ruling, offered.event_id, None,
                               lapse_buttons(recorded.state, board.id, locale), locale)
        await answer_and_log(interaction, club, board, recorded,
                             edit_pressed(interaction, embed=embed, view=view))


class LapseButton(PressButton, template=LAPSE_PATTERN):
    """"W has lost the lead" / "E has played to the trick": a player at that table or a director
    says a restriction is over (``tdbot:lapse:<board_id>:<seat>:<lead|play>``). Re-read from
    storage when pressed, so it works after a restart and a stale press is refused politely."""

    def __init__(self, board_id: int, seat: Seat, what: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or what,
                custom_id=lapse_custom_id(board_id, seat, what),
                style=discord.ButtonStyle.secondary,
            )
        )
        self.board_id = board_id
        self.seat = seat
        self.what = what

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> LapseButton:
        label = getattr(item, "label", None)
        return cls(int(match["board_id"]), Seat(match["seat"]), match["what"], label)

    async def pressed(self, interaction: discord.Interaction[TDBot]) -> None:
        await self._press(interaction)

    async def _press(self, interaction: discord.Interaction[TDBot]) -> None:
        press_allowance(interaction)  # a flood of presses is refused before anything is read
        await defer(interaction, update=True)
        storage = storage_of(interaction)
        club = await club_of(interaction)

        async def attempt() -> Any:
            """Read, check, write: the write goes ahead only on the board as read (else all
            again), so twenty presses at once end the restriction once."""
            try:
                board = await storage.board(club.guild_id, self.board_id)
            except NotFound:
                raise ContextError(LAPSED) from None
            director = is_director(interaction.user, club)
            seating = await storage.seating(club.guild_id, interaction.user.id)
            here = seating is not None and seating.table_id == board.table_id
            seat = seating.seat if seating is not None and here else None
            # a board closed to him (issue 24): refused before anything is said of it
            await refuse_closed_board(interaction, board.session_id, board.number,
                                      seated_here=here, director=director)
            play = self.what == "play"  # a one-lead or one-trick restriction has been used
            if not any((r.lasts is not Lasts.WHILE_ON_LEAD) == play
                       for r in board.state.restrictions_on(self.seat)):
                raise ContextError(LAPSED)
            allow(may_say_restriction_over(
                seat=seat, seated_here=here,
                restricted=self.seat, declarer=board.state.declarer, director=director,
                table=board.table_number))
            event = RestrictionSpent(self.seat) if play else LeadLost(self.seat)
            recorded = await storage.record(
                club.guild_id, board.id, event, actor_id=interaction.user.id,
                interaction_id=interaction.id, expect_seq=board.last_seq,
                # a player says it from the seat he was found in, read again in the write (a
                # director may have freed it since); a director, from anywhere
                seated=None if director else (interaction.user.id, seat),
            )
            return board, recorded

        board, recorded = await checked(attempt)
        await answer_and_log(interaction, club, board, recorded, post_ruling(
            interaction, recorded, table=board.table_number, board=board.number,
            club_language=club.language))


class Followups(commands.Cog):
    """What a player asks once something has happened at the table."""

    penalty = app_commands.Group(
        name="penalty", description="A penalty card leaves the table.", guild_only=True
    )

    @app_commands.command(name="mustplay", description="Must I play it now? (Laws 50, 57, 26)")
    @app_commands.describe(
        seat="The player about to lead or play",
        led="The suit led to this trick (leave out when he is to lead)",
        hand="His cards, e.g. 'S KQ2 H 5432' (the answer is then shown only to you)",
        table=TABLE_HELP,
        played="With hand records: the cards you have played so far, instead of your hand",
    )
    @app_commands.choices(led=SUIT_CHOICES)
    @app_commands.guild_only()
    async def mustplay(
        self,
        interaction: discord.Interaction[TDBot],
        seat: SeatName,
        led: str | None = None,
        hand: app_commands.Range[str, 1, 80] | None = None,
        table: TableNumber | None = None,
        played: app_commands.Range[str, 1, 80] | None = None,
    ) -> None:
        suit = Suit.parse(led) if led else None
        holding = parse_hand(hand) if hand else None
        gone = parse_cards(played) if played else ()
        ctx = await in_time(interaction, table_context(interaction, table),
                            ephemeral=bool(hand or played))
        # the hand records give the hand (at the opening lead, or less the cards he has
        # played) and check a typed one (issue 26)
        holding = await hand_from_records(interaction, ctx, Seat.parse(seat), suit, holding, gone)
        ruling = must_play(ctx.board.state, Seat.parse(seat), holding, suit)  # the one view
        # A hand reveals a holding (Law 16): only the asker sees the answer (in his language).
        private = ruling.private or holding is not None
        locale = reader_locale(interaction, ctx.club.language, ephemeral=private)
        embed = ruling_embed(ruling, event_id=None, table=ctx.table.number, board=ctx.board.number,
                             locale=locale)
        view = None if private else state_view(ctx.board.state, ctx.board.id, locale)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        await respond(interaction, embed=embed, ephemeral=private, **extra)

    @app_commands.command(
        name="dummy-call", description="Declarer called dummy's card unclearly: which is played? "
        "(Laws 46, 45C4)")
    @app_commands.describe(
        said="What declarer said",
        led="The suit led to this trick (leave out when dummy leads)",
        dummy="Dummy's cards now, e.g. 'S KJ3 H Q4' or 'KJ3' (with hand records: checked, or "
        "left out)",
        named="The suit, rank or card declarer named: S, Q or SQ",
        corrected="After a slip: the card he meant and named at once",
        to_beat="For 'win', dummy playing last: the card winning the trick so far",
        last_won="Dummy leading, a rank named: the suit dummy won the last trick with",
        played_since="After a slip: declarer has played a card from either hand since",
        trick="Which trick, 1-13 (keeps the bot's count of the play)",
        table=TABLE_HELP,
    )
    @app_commands.choices(said=SAID_CHOICES, led=SUIT_CHOICES, last_won=SUIT_CHOICES)
    @app_commands.guild_only()
    @incident_cooldown
    async def dummy_call(
        self,
        interaction: discord.Interaction[TDBot],
        said: str,
        led: str | None = None,
        dummy: app_commands.Range[str, 1, 80] | None = None,
        named: app_commands.Range[str, 1, 20] | None = None,
        corrected: app_commands.Transform[Card, CardOption] | None = None,
        to_beat: app_commands.Transform[Card, CardOption] | None = None,
        last_won: str | None = None,
        played_since: bool = False,
        trick: Trick | None = None,
        table: TableNumber | None = None,
    ) -> None:
        """Law 46 (45C4(b)) from what declarer said: a card dummy's cards (typed, or from the
        hand records) make certain is recorded as played from dummy (a public ruling);
        otherwise only the asker is told."""
        designation = Designation(said)
        facts = call_of(  # bad input: one line, before anything is read
            Seat.N, designation, led=Suit.parse(led) if led else None, dummy=dummy,
            named_text=named, corrected=corrected, to_beat=to_beat,
            last_won=Suit.parse(last_won) if last_won else None, played_since=played_since)
        designate(facts, None)  # facts missing for that call: refused before anything is read
        ctx = await in_time(interaction, table_context(interaction, table), ephemeral=not (
            facts.may_record or (trick is not None and facts.may_play)))
        state = ctx.board.state
        deal = await dummy_deal(interaction, ctx)
        read, doubt = with_records(facts, state, deal, trick)
        ruling, card = designate(read, state.contract, doubt)
        read_declarer = state.declarer
        if card is not None and read_declarer is not None:
            def build(now: TableContext) -> Event:
                """Dummy as the write finds him (his cards read again from that record): the
                rule rules again on that board."""
                declarer = now.board.state.declarer or read_declarer
                again, _ = with_records(facts, now.board.state, deal, trick)
                return replace(again, seat=declarer.partner, plays=card)

            await record_incident(interaction, table, build, trick=trick)
            return
        locale = reader_locale(interaction, ctx.club.language, ephemeral=True)
        await respond(interaction, ephemeral=True, embed=ruling_embed(
            ruling, event_id=None, table=ctx.table.number, board=ctx.board.number,
            locale=locale))

    @app_commands.command(name="mustpass", description="Must I pass? (Laws 23-32)")
    @app_commands.describe(seat="The player about to call", table=TABLE_HELP)
    @app_commands.guild_only()
    async def mustpass(
        self,
        interaction: discord.Interaction[TDBot],
        seat: SeatName,
        table: TableNumber | None = None,
    ) -> None:
        ctx = await in_time(interaction, table_context(interaction, table))
        ruling = must_pass(ctx.board.state, Seat.parse(seat))
        locale = reader_locale(interaction, ctx.club.language, ephemeral=ruling.private)
        embed = ruling_embed(ruling, event_id=None, table=ctx.table.number, board=ctx.board.number,
                             locale=locale)
        await respond(interaction, embed=embed, ephemeral=ruling.private)

    @app_commands.command(
        name="lead",
        description="Who is on lead now: what binds his lead, declarer's options (Law 50D).",
    )
    @app_commands.describe(
        seat="The player on lead now",
        trick="Which trick he leads to, 1-13 (lets the bot tell whether he kept the lead)",
        table=TABLE_HELP,
    )
    @app_commands.guild_only()
    @incident_cooldown
    async def lead(
        self,
        interaction: discord.Interaction[TDBot],
        seat: SeatName,
        trick: Trick | None = None,
        table: TableNumber | None = None,
    ) -> None:
        storage = storage_of(interaction)

        async def work() -> Any:
            """Read, decide, write: the write is made only on the facts the decision read
            (``expect_seq``), else all again (:func:`checked`), so two ``/lead`` at once, or a
            redelivery racing its first delivery, record one ruling and show it twice."""
            ctx = await table_context(interaction, table, acting=True)
            state = ctx.board.state
            waiting = lead_wait(state, Seat.parse(seat), trick)
            if waiting is not None:  # a question never cancels a pending choice: record nothing
                return ctx, waiting
            again = lead_offered_again(state, Seat.parse(seat), trick)
            if again is not None:  # the same choice still open: its ruling again, not a new one
                number = await storage.offered_by(ctx.guild_id, ctx.board.id,
                                                  again.option_tokens, interaction.id)
                if number is not None:
                    return ctx, (again, number)
            recorded = await storage.record(
                ctx.guild_id,
                ctx.board.id,
                PartnerLead(Seat.parse(seat), trick=trick),
                actor_id=interaction.user.id,
                interaction_id=interaction.id,
                expect_seq=ctx.board.last_seq,
                seen=ctx.board,
                seated=reporter(interaction, ctx),
            )
            return ctx, recorded

        ctx, answer = await in_time(interaction, checked(work))
        if isinstance(answer, Ruling):
            embed = ruling_embed(answer, event_id=None, table=ctx.table.number,
                                 board=ctx.board.number, locale=ctx.club.language)
            await respond(interaction, embed=embed)
            return
        if isinstance(answer, tuple):  # the pending ruling shown again: nothing recorded
            again, number = answer
            await show_ruling(interaction, again, number, ctx.board.state, ctx.board.id,
                              table=ctx.table.number, board=ctx.board.number,
                              club_language=ctx.club.language)
            return
        await answer_and_log(interaction, ctx.club, ctx.board, answer, post_ruling(
            interaction, answer, table=ctx.table.number, board=ctx.board.number,
            club_language=ctx.club.language))

    @penalty.command(name="played", description="A penalty card was played.")
    @app_commands.describe(
        card="The penalty card played",
        seat="Whose card (default: the player whose penalty card it is)",
        table=TABLE_HELP,
    )
    @incident_cooldown
    async def penalty_played(
        self,
        interaction: discord.Interaction[TDBot],
        card: app_commands.Transform[Card, CardOption],
        seat: SeatName | None = None,
        table: TableNumber | None = None,
    ) -> None:
        def build(ctx: TableContext) -> Event:
            """A penalty card on the table, with seat: as without it (a card that is none is
            not recorded as played); another seat's, the engine refuses naming its owner."""
            owners = [p.seat for p in ctx.board.state.penalty_cards if p.card == card]
            if not owners:
                raise ContextError(NOT_A_PENALTY_CARD, card=card.symbol, table=ctx.table.number)
            return CardPlayed(Seat.parse(seat) if seat is not None else owners[0], card)

        await record_incident(interaction, table, build)

    @penalty_played.autocomplete("card")
    async def _penalty_cards(
        self, interaction: discord.Interaction[TDBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """The penalty cards on the user's table first; otherwise any card."""
        try:
            ctx = await table_context(interaction)
        except Exception:  # no seat or board: plain card suggestions
            return card_choices(current)
        cards = [p.card.text for p in ctx.board.state.penalty_cards]
        return card_choices(current, cards) or card_choices(current)

    @penalty.command(
        name="returned", description="Director: a penalty card goes back to the hand."
    )
    @app_commands.describe(card="The penalty card", table=TABLE_HELP)
    @directors_cooldown
    async def penalty_returned(
        self,
        interaction: discord.Interaction[TDBot],
        card: app_commands.Transform[Card, CardOption],
        table: TableNumber | None = None,
    ) -> None:
        """Only a director decides that a card is not (or no longer) a penalty card: the usual
        ways back to the hand are declarer's choice after /lead and /board end."""
        await defer(interaction)
        await require_director(interaction)

        def build(ctx: TableContext) -> Event:
            owners = [p.seat for p in ctx.board.state.penalty_cards if p.card == card]
            if not owners:
                raise ContextError(NOT_A_PENALTY_CARD, card=card.symbol, table=ctx.table.number)
            return PenaltyCardReturned(owners[0], card)

        await record_incident(interaction, table, build)

    penalty_returned.autocomplete("card")(_penalty_cards)

    @penalty.command(
        name="not-played", description="A defender played another card instead (Law 52)."
    )
    @app_commands.describe(
        card="The card he led or played instead of his penalty card",
        seat="The defender whose penalty card it is",
        instead_of="The penalty card he should have played (when he has several)",
        accepted="Declarer's answer: accept the card played (52B1(a)) or not (52B2); left out, "
        "the bot asks declarer",
        declarer_played_since="Declarer has played since, from his hand or dummy (52B1(b))",
        trick="Which trick, 1-13 (keeps the bot's count of the play)",
        table=TABLE_HELP,
    )
    @incident_cooldown
    async def penalty_not_played(
        self,
        interaction: discord.Interaction[TDBot],
        card: app_commands.Transform[Card, CardOption],
        seat: SeatName,
        instead_of: app_commands.Transform[Card, CardOption] | None = None,
        accepted: bool | None = None,
        declarer_played_since: bool = False,
        trick: Trick | None = None,
        table: TableNumber | None = None,
    ) -> None:
        def build(ctx: TableContext) -> Event:
            return PenaltyNotPlayed(Seat.parse(seat), card, accepted=accepted,
                                    declarer_played_since=declarer_played_since,
                                    instead_of=instead_of)

        await record_incident(interaction, table, build, trick=trick)

    penalty_not_played.autocomplete("instead_of")(_penalty_cards)

    @app_commands.command(name="state", description="The public state of your table's board.")
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.guild_only()
    async def state(
        self, interaction: discord.Interaction[TDBot], table: TableNumber | None = None
    ) -> None:
        ctx = await in_time(interaction, table_context(interaction, table))
        lines = view_of(ctx.board.state).lines()
        kwargs: dict[str, Any] = {}
        locale = ctx.club.language  # a public answer: the club's language
        view = state_view(ctx.board.state, ctx.board.id, locale)
        if view is not None:
            kwargs["view"] = view
        await respond(
            interaction,
            embed=state_embed(lines, table=ctx.table.number, board=ctx.board.number,
                              locale=locale),
            **kwargs,
        )


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ChoiceButton, LapseButton)
    await bot.add_cog(Followups())


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(ChoiceButton, LapseButton)
