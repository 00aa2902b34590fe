"""Incidents at the table: each command takes the facts its law needs, builds the engine's event,
records it on the table's board and answers with the ruling (and declarer's options as buttons).

Thin by design: parse options, call ``core``, render. The law is all in ``core.laws``.
"""

from __future__ import annotations

import logging
from typing import Any, Literal, overload

import discord
from discord import app_commands
from discord.ext import commands

from cogs.followups import EXPIRED
from core.auction import parse_call, parse_calls
from core.cards import Card, Suit
from core.engine import Event
from core.laws.defective import Defect, DefectiveTrick, FifthCard
from core.laws.exposure import AuctionExposureIncident, Exposure, How
from core.laws.insufficient import InsufficientBid
from core.laws.leads import LeadOutOfTurn
from core.laws.opening_lead import OpeningLeadOutOfTurn
from core.laws.premature import PrematurePlay, SimultaneousCards, SimultaneousPlays
from core.laws.revoke import Attention, Revoke, WonBy, trick_reached, unreported_trick
from core.laws.rotation import CallOutOfRotation
from core.seats import Seat
from core.state import Phase, declarers_to_offer
from tdbot.answers import defer, respond
from tdbot.buttons import AnsweredView
from tdbot.client import TDBot
from tdbot.context import (
    MEANING_HELP,
    SUIT_CHOICES,
    TABLE_HELP,
    CardOption,
    CardsOption,
    ContextError,
    Meaning,
    SeatName,
    TableContext,
    TableNumber,
    Trick,
    club_of,
    in_time,
    is_director,
    meaning_strains,
    meaning_suits,
    table_context,
)
from tdbot.messages import N_, Locale, localize, seat_letter
from tdbot.recording import incident_cooldown, record_incident

log = logging.getLogger(__name__)

CardArg = app_commands.Transform[Card, CardOption]
CardsArg = app_commands.Transform[tuple[Card, ...], CardsOption]
CallText = app_commands.Range[str, 1, 8]

ONLY_THE_REPORTER = N_("Only the player who reported it can answer this.")
WHICH_PERIOD = N_("Table {table}, board {board}: no auction or declarer is recorded. Was the card "
                  "exposed during the auction or during the play?")
DURING_AUCTION = N_("During the auction")
DURING_PLAY = N_("During the play")
WHO_DECLARES = N_("During the play of board {board}: who is declarer?")
WHO_DECLARES_NOT_US = N_("During the play of board {board}: who is declarer? If your side "
                         "declares, an opponent or the director says so.")
DECLARER_IS = N_("Declarer is {seat}")
WHOSE_CARD = N_("Whose card was it? Give {opt[seat]} (N, E, S or W).")


def known_period(state: Any) -> str | None:
    """"auction" or "play" as the board's record says, or None when nothing tells: no call
    and no declarer recorded yet."""
    if state.declarer is not None or state.phase is not Phase.AUCTION:
        return "play"
    if state.calls:
        return "auction"
    return None


class PeriodQuestion(AnsweredView):
    """"During the auction" / "During the play": the asker's answer records the incident."""

    def __init__(self, asker: int, table: int, build: Any, owner: Seat | None = None,
                 board_id: int | None = None, *, locale: Locale = None) -> None:
        super().__init__(timeout=600)
        self.asker, self.table, self.build, self.owner = asker, table, build, owner
        self.board_id = board_id
        # only the asker sees the question: in his language
        self.auction.label = localize(locale, DURING_AUCTION)
        self.play.label = localize(locale, DURING_PLAY)

    async def _answer(self, interaction: discord.Interaction[TDBot], during: str) -> None:
        if interaction.user.id != self.asker:
            raise ContextError(ONLY_THE_REPORTER)
        if during == "auction":
            await record_incident(interaction, self.table,
                                  as_asked(self.build(during), self.board_id))
            self.stop()
            return
        # Laws 48-50 depend on who the defenders are: ask who declares, then rule.
        ctx = await table_context(interaction, self.table, acting=True)
        still_asked(ctx, self.board_id)
        seats = (declarers_to_offer(self.owner, ctx.seat, director=ctx.director)
                 if self.owner is not None else tuple(Seat))
        question = WHO_DECLARES if len(seats) == len(Seat) else WHO_DECLARES_NOT_US
        await respond(
            interaction,
            localize(interaction.locale, question, board=ctx.board.number),
            view=DeclarerQuestion(self.asker, ctx, self.build("play"), seats, self.owner,
                                  locale=interaction.locale),
            ephemeral=True,
        )
        self.stop()

    @discord.ui.button(label=DURING_AUCTION, style=discord.ButtonStyle.primary)
    async def auction(self, interaction: discord.Interaction[TDBot], _: Any) -> None:
        await self._answer(interaction, "auction")

    @discord.ui.button(label=DURING_PLAY, style=discord.ButtonStyle.primary)
    async def play(self, interaction: discord.Interaction[TDBot], _: Any) -> None:
        await self._answer(interaction, "play")


class DeclarerQuestion(AnsweredView):
    """One button per seat: the asker names declarer, the board records it, then the ruling."""

    def __init__(self, asker: int, ctx: TableContext, build: Any,
                 seats: tuple[Seat, ...] = tuple(Seat), owner: Seat | None = None,
                 *, locale: Locale = None) -> None:
        super().__init__(timeout=600)
        self.asker, self.ctx, self.build, self.owner = asker, ctx, build, owner
        for seat in seats:
            button: discord.ui.Button[Any] = discord.ui.Button(
                label=localize(locale, DECLARER_IS, seat=seat_letter(locale, seat)),
                style=discord.ButtonStyle.primary,
            )
            button.callback = self._answer(seat)  # type: ignore[method-assign]
            self.add_item(button)

    def _answer(self, seat: Seat) -> Any:
        async def answer(interaction: discord.Interaction[TDBot]) -> None:
            if interaction.user.id != self.asker:
                raise ContextError(ONLY_THE_REPORTER)
            # the declarer is recorded with the incident, in its transaction, on the board
            # asked about and by the reporter still seated there (or a director)
            await record_incident(
                interaction, self.ctx.table.number,
                as_asked(self.build, self.ctx.board.id, named=seat, owner=self.owner),
                declarer=seat,
            )
            self.stop()

        return answer


@overload
def _call(value: str) -> str: ...
@overload
def _call(value: None) -> None: ...
def _call(value: str | None) -> str | None:
    """A call as typed, checked and in canonical form (``1nt`` → ``1NT``); bad text is an error."""
    return parse_call(value).text if value is not None else None


async def director_judgement(
    interaction: discord.Interaction[TDBot], comparable: bool | None
) -> None:
    """Whether a call is comparable is the Director's judgement (Law 23): only a director may
    state it; without it the director is asked with buttons once the call is made. Checked
    before anything is recorded (the auction given is caught up only after)."""
    if comparable is None:
        return
    await defer(interaction)  # acknowledged before the database is read
    if not is_director(interaction.user, await club_of(interaction)):
        raise ContextError(N_("Only a director judges whether a call is comparable (Law 23): "
                              "leave `{opt[comparable]}` out and the director is asked."))


def still_asked(ctx: TableContext, board_id: int | None, *, named: Seat | None = None,
                owner: Seat | None = None) -> None:
    """Refuse an answer to the period or declarer question (nothing written) unless it is
    still the board's: the table still on the board it was asked about, with no call or
    declarer recorded since, and a declarer ``named`` one the reporter may still name
    (:func:`declarers_to_offer`, for the seat he holds now)."""
    if ((board_id is not None and ctx.board.id != board_id)
            or known_period(ctx.board.state) is not None
            or (named is not None and owner is not None
                and named not in declarers_to_offer(owner, ctx.seat, director=ctx.director))):
        raise ContextError(EXPIRED)


def as_asked(build: Any, board_id: int | None, *, named: Seat | None = None,
             owner: Seat | None = None) -> Any:
    """``build``, checked by :func:`still_asked` on the read the incident's write is made on."""
    def event(ctx: TableContext) -> Any:
        still_asked(ctx, board_id, named=named, owner=owner)
        return build(ctx)
    return event


def _seat(value: str | None) -> Seat | None:
    return Seat.parse(value) if value is not None else None


def _whose(seat: str | None, ctx: TableContext, missing: str = WHOSE_CARD) -> Seat:
    """The seat named, else the reporter's own (his own card needs no seat); a director who
    names none is asked for it (``missing``), nothing written."""
    whose = Seat.parse(seat) if seat else ctx.seat
    if whose is None:
        raise ContextError(missing)
    return whose


class Incidents(commands.Cog):
    """The incident commands, one per law family."""

    @app_commands.command(name="exposed", description="A card was exposed (Laws 24, 48, 49, 50).")
    @app_commands.describe(
        cards="The card(s) exposed, e.g. SK or SK HQ",
        seat="Whose card(s) (default: yours)",
        how="Accidental (dropped, seen) or deliberate (led or played in error)",
        period="During the auction or the play (default: where the board is)",
        premature_lead="During the auction: the card was led face up before the auction ended",
        trick="During the play: which trick, 1-13 (keeps the bot's count of the play)",
        table=TABLE_HELP,
    )
    @app_commands.guild_only()
    @incident_cooldown
    async def exposed(
        self,
        interaction: discord.Interaction[TDBot],
        cards: CardsArg,
        seat: SeatName | None = None,
        how: Literal["accidental", "deliberate"] = "accidental",
        period: Literal["auction", "play"] | None = None,
        premature_lead: bool = False,
        trick: Trick | None = None,
        table: TableNumber | None = None,
    ) -> None:
        ctx = await in_time(interaction, table_context(interaction, table, acting=True))
        whose = _whose(seat, ctx)

        def build(during: str) -> Any:
            def event(ctx: TableContext) -> Event:
                if during == "auction":
                    return AuctionExposureIncident(whose, tuple(cards), premature_lead)
                return Exposure(whose, tuple(cards), How(how))

            return event

        during = period or known_period(ctx.board.state)
        if during is None:
            # The law depends on it (24 or 48-50) and the table has not told us: ask.
            view = PeriodQuestion(interaction.user.id, ctx.table.number, build, whose,
                                  ctx.board.id, locale=interaction.locale)
            await respond(
                interaction,
                localize(interaction.locale, WHICH_PERIOD, table=ctx.table.number,
                         board=ctx.board.number),
                view=view,
                ephemeral=True,
            )
            return
        await record_incident(
            interaction, ctx.table.number, build(during), trick=trick, looked_up=ctx
        )

    @app_commands.command(
        name="fifth-card",
        description="A card played to a trick he had already played to (Law 45E).",
    )
    @app_commands.describe(
        card="The card played too many",
        seat="Whose card (default: yours)",
        how="Played (the usual case) or dropped on the trick by accident (Law 50B)",
        trick="Which trick, 1-13 (keeps the bot's count of the play)",
        table=TABLE_HELP,
    )
    @app_commands.guild_only()
    @incident_cooldown
    async def fifth_card(
        self,
        interaction: discord.Interaction[TDBot],
        card: CardArg,
        seat: SeatName | None = None,
        how: Literal["deliberate", "accidental"] = "deliberate",
        trick: Trick | None = None,
        table: TableNumber | None = None,
    ) -> None:
        ctx = await in_time(interaction, table_context(interaction, table, acting=True))
        whose = _whose(seat, ctx)
        await record_incident(interaction, ctx.table.number,
                              lambda ctx: FifthCard(whose, card, How(how)), trick=trick,
                              looked_up=ctx)

    @app_commands.command(
        name="defective-trick",
        description="A player played no card, or too many, to a trick (Law 67).",
    )
    @app_commands.describe(
        defect="No card (omitted), too many cards, or his card missing from his tricks (67B3)",
        seat="Who (default: you)",
        late="Noticed only after a player of each side had played to the next trick (67B)",
        card="Omitted: the card he adds to the trick; missing: the card found (67B3)",
        cards="Too many: the cards he played to the trick, e.g. S3 SJ",
        kept="Too many: the card he faced, which stays (late, left out: the highest legal one)",
        led="The suit led to the defective trick",
        trick="The defective trick, 1-13",
        seen="Late, too many: the extra cards were seen when restored (a defender's: penalty)",
        side_won="Late, omitted: his side won the defective trick or a later one (64A2)",
        played_again="Missing (67B3): the card was played again to a later trick",
        table=TABLE_HELP,
    )
    @app_commands.choices(led=SUIT_CHOICES)
    @app_commands.guild_only()
    @incident_cooldown
    async def defective_trick(
        self,
        interaction: discord.Interaction[TDBot],
        defect: Literal["omitted", "too_many", "misplaced"],
        seat: SeatName | None = None,
        late: bool = False,
        card: CardArg | None = None,
        cards: CardsArg | None = None,
        kept: CardArg | None = None,
        led: str | None = None,
        trick: Trick | None = None,
        seen: bool = False,
        side_won: bool | None = None,
        played_again: bool = False,
        table: TableNumber | None = None,
    ) -> None:
        ctx = await in_time(interaction, table_context(interaction, table, acting=True))
        whose = _whose(seat, ctx, N_("Whose trick was it? Give {opt[seat]} (N, E, S or W)."))
        event = DefectiveTrick(
            whose, Defect(defect), late=late, card=card, cards=tuple(cards or ()), kept=kept,
            led=Suit.parse(led) if led else None, trick=trick, exposed=seen,
            side_won=side_won, played_again=played_again)
        await record_incident(interaction, ctx.table.number, lambda ctx: event, looked_up=ctx)

    @app_commands.command(name="lead-out-of-turn", description="A lead out of turn (Laws 53-56).")
    @app_commands.describe(
        card="The card led",
        seat="Who led it (dummy's seat for a card led from dummy)",
        opening="The opening lead (default: a later trick)",
        faced="The card was faced (false: still face down)",
        correct_leader="Who should have led (needed after the opening lead)",
        trick="Which trick, 2-13 (after the opening lead)",
        table=TABLE_HELP,
    )
    @app_commands.guild_only()
    @incident_cooldown
    async def lead_out_of_turn(
        self,
        interaction: discord.Interaction[TDBot],
        card: CardArg,
        seat: SeatName,
        opening: bool = False,
        faced: bool = True,
        correct_leader: SeatName | None = None,
        trick: Trick | None = None,
        table: TableNumber | None = None,
    ) -> None:
        if not opening and correct_leader is None:
            raise ContextError(N_(
                "Say who should have led ({opt[correct_leader]}), or {opt[opening]}:True for the "
                "opening lead."
            ))

        def build(ctx: TableContext) -> Event:
            if opening:
                return OpeningLeadOutOfTurn(Seat.parse(seat), card, faced=faced)
            assert correct_leader is not None
            return LeadOutOfTurn(Seat.parse(seat), card, Seat.parse(correct_leader), trick=trick)

        await record_incident(interaction, table, build)

    @app_commands.command(
        name="premature-play", description="A defender played before his partner (Law 57)."
    )
    @app_commands.describe(
        card="The card played too soon",
        seat="Who played it",
        led="The suit led to the current trick",
        rho_turn="He played after his partner, at his right-hand opponent's turn (57D)",
        legal="At RHO's turn: the card could legally be played to the trick (default: yes if "
        "it follows suit)",
        trick="Which trick, 1-13 (the declarer's instruction binds this trick only)",
        table=TABLE_HELP,
    )
    @app_commands.choices(led=SUIT_CHOICES)
    @app_commands.guild_only()
    @incident_cooldown
    async def premature_play(
        self,
        interaction: discord.Interaction[TDBot],
        card: CardArg,
        seat: SeatName,
        led: str,
        rho_turn: bool = False,
        legal: bool | None = None,
        trick: Trick | None = None,
        table: TableNumber | None = None,
    ) -> None:
        if legal is not None and not rho_turn:
            raise ContextError(N_("{opt[legal]}: is for a card played at his right-hand "
                                  "opponent's turn ({opt[rho_turn]}:True, Law 57D)."))
        suit = Suit.parse(led)
        event = PrematurePlay(Seat.parse(seat), card, led=suit, rho_turn=rho_turn,
                              card_legal=legal if rho_turn else True)
        await record_incident(interaction, table, lambda ctx: event, trick=trick)

    simultaneous = app_commands.Group(
        name="simultaneous", description="Cards played at the same moment (Law 58).",
        guild_only=True,
    )

    @simultaneous.command(
        name="plays", description="Two players led or played at the same moment (Law 58A)."
    )
    @app_commands.describe(
        legal="Whose lead or play was in turn (his card counts first)",
        other="Who played at the same moment (his card counts after it)",
        table=TABLE_HELP,
    )
    @incident_cooldown
    async def simultaneous_plays(
        self,
        interaction: discord.Interaction[TDBot],
        legal: SeatName,
        other: SeatName,
        table: TableNumber | None = None,
    ) -> None:
        event = SimultaneousPlays(Seat.parse(legal), Seat.parse(other))
        await record_incident(interaction, table, lambda ctx: event)

    @simultaneous.command(
        name="cards", description="A player led or played two or more cards at once (Law 58B)."
    )
    @app_commands.describe(
        cards="The cards that came out together, e.g. S4 H9",
        seat="Whose card(s) (default: yours)",
        visible="The cards whose faces could be seen (leave out: none)",
        designated="The card he says he plays (needed when two or more were seen)",
        late="Noticed only after both sides had played to the next trick (58B4: Law 67)",
        trick="Which trick, 1-13 (keeps the bot's count of the play)",
        table=TABLE_HELP,
    )
    @incident_cooldown
    async def simultaneous_cards(
        self,
        interaction: discord.Interaction[TDBot],
        cards: CardsArg,
        seat: SeatName | None = None,
        visible: CardsArg | None = None,
        designated: CardArg | None = None,
        late: bool = False,
        trick: Trick | None = None,
        table: TableNumber | None = None,
    ) -> None:
        ctx = await in_time(interaction, table_context(interaction, table, acting=True))
        whose = _whose(seat, ctx)
        event = SimultaneousCards(whose, tuple(cards), tuple(visible or ()), designated, late)
        await record_incident(interaction, ctx.table.number, lambda ctx: event, trick=trick,
                              looked_up=ctx)

    @app_commands.command(name="revoke", description="A revoke (Laws 61-64).")
    @app_commands.describe(
        seat="Who revoked",
        established="Established: his side has played to the next trick (or claimed)",
        card="Not established: the card played in revoke (it is corrected)",
        trick="The trick of the revoke, 1-12 (also keeps the bot's count of the play)",
        won_by="Who won the revoke trick",
        later_tricks="Tricks the offending side won after the revoke trick (leave out while "
        "play goes on: the ruling is provisional)",
        attention="When attention was drawn to it",
        penalty_card_failure="The revoke was a failure to play a penalty card",
        accepted="Penalty card failure: declarer accepts the card played (52B1(a)) or not "
        "(52B2); left out: asked",
        suit="The suit he failed to follow (tells a second revoke in the same suit, 64B2)",
        table=TABLE_HELP,
    )
    @app_commands.choices(suit=SUIT_CHOICES)
    @app_commands.guild_only()
    @incident_cooldown
    async def revoke(
        self,
        interaction: discord.Interaction[TDBot],
        seat: SeatName,
        established: bool,
        card: CardArg | None = None,
        trick: Trick | None = None,
        won_by: Literal["offender", "partner", "opponents"] | None = None,
        later_tricks: app_commands.Range[int, 0, 12] | None = None,
        attention: Literal["during_play", "after_next_call", "after_round"] = "during_play",
        penalty_card_failure: bool = False,
        accepted: bool | None = None,
        suit: str | None = None,
        table: TableNumber | None = None,
    ) -> None:
        if established and won_by is None:
            raise ContextError(N_("An established revoke: say who won the revoke trick "
                                  "({opt[won_by]})."))
        if not established and card is None:
            raise ContextError(N_("A revoke not yet established: name the card played "
                                  "({opt[card]})."))
        if accepted is not None and (established or not penalty_card_failure):
            raise ContextError(N_("{opt[accepted]}: is declarer's answer under Law 52B1, for a "
                                  "penalty card not played ({opt[penalty_card_failure]}:True) "
                                  "before the revoke is established: leave it out."))

        def build(ctx: TableContext) -> Event:
            return Revoke(
                Seat.parse(seat),
                established,
                card=card,
                trick=trick or unreported_trick(ctx.board.state, established),
                won_by=WonBy(won_by) if won_by else None,
                later_tricks=later_tricks,
                attention=Attention(attention),
                penalty_card_failure=penalty_card_failure,
                suit=Suit.parse(suit) if suit else None,
                accepted=accepted,
            )

        await record_incident(interaction, table, build, trick=lambda ctx: trick_reached(
            ctx.board.state, trick, established))

    @app_commands.command(name="insufficient-bid", description="An insufficient bid (Law 27).")
    @app_commands.describe(
        bid="The insufficient bid, e.g. 1H",
        auction="The auction before it, from the dealer, e.g. '1S P' (default: as recorded)",
        seat="Who bid (default: whose turn it was)",
        accepted="His left-hand opponent accepted it by calling",
        replacement="The call he replaced it with, if he has",
        comparable="Directors only: your Law 23 judgement of it (leave out: asked later)",
        meaning=MEANING_HELP,
        replacement_meaning="Artificial replacement: the denominations it shows",
        table=TABLE_HELP,
    )
    @app_commands.guild_only()
    @incident_cooldown
    async def insufficient_bid(
        self,
        interaction: discord.Interaction[TDBot],
        bid: CallText,
        auction: app_commands.Range[str, 0, 200] | None = None,
        seat: SeatName | None = None,
        accepted: bool = False,
        replacement: CallText | None = None,
        comparable: bool | None = None,
        meaning: Meaning | None = None,
        replacement_meaning: Meaning | None = None,
        table: TableNumber | None = None,
    ) -> None:
        await director_judgement(interaction, comparable)
        bid, replacement = _call(bid), _call(replacement)
        shows, replacement_shows = meaning_strains(meaning), meaning_strains(replacement_meaning)
        if auction:
            parse_calls(auction)

        def build(ctx: TableContext) -> Event:
            return InsufficientBid(
                bid,
                seat=_seat(seat),
                accepted=accepted,
                replacement=replacement,
                comparable=comparable,
                artificial=shows is not None,
                specifies=shows or (),
                replacement_specifies=replacement_shows,
            )

        await record_incident(interaction, table, build, auction=auction)

    @app_commands.command(
        name="out-of-rotation", description="A call out of rotation (Laws 28-32)."
    )
    @app_commands.describe(
        call="The call made out of turn, e.g. 1NT, P, X",
        seat="Who made it",
        accepted="His left-hand opponent called over it (accepting it)",
        turn_call="What the player whose turn it was then called",
        offender_call="The offender's call at his proper turn",
        comparable="Directors only: your Law 23 judgement of that call (leave out: asked later)",
        meaning=MEANING_HELP,
        auction="The auction before it, from the dealer (default: as recorded)",
        table=TABLE_HELP,
    )
    @app_commands.guild_only()
    @incident_cooldown
    async def out_of_rotation(
        self,
        interaction: discord.Interaction[TDBot],
        call: CallText,
        seat: SeatName,
        accepted: bool = False,
        turn_call: CallText | None = None,
        offender_call: CallText | None = None,
        comparable: bool | None = None,
        meaning: Meaning | None = None,
        auction: app_commands.Range[str, 0, 200] | None = None,
        table: TableNumber | None = None,
    ) -> None:
        await director_judgement(interaction, comparable)
        call, turn_call, offender_call = _call(call), _call(turn_call), _call(offender_call)
        shows = meaning_suits(meaning)
        if auction:
            parse_calls(auction)

        def build(ctx: TableContext) -> Event:
            return CallOutOfRotation(
                Seat.parse(seat),
                call,
                accepted=accepted,
                turn_call=turn_call,
                offender_call=offender_call,
                comparable=comparable,
                artificial=shows is not None,
                specifies=shows or (),
            )

        await record_incident(interaction, table, build, auction=auction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Incidents())
