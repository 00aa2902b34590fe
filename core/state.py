"""The state of one board at one table: an immutable, JSON-serialisable value.

Rules never mutate it: each returns a new state (``dataclasses.replace``). Only what the
Laws carry forward is kept: penalty cards, lead and play restrictions, pass obligations,
cards exposed during the auction, and choices still waiting for the non-offending side.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from enum import Enum, StrEnum
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from core import serial
from core.cards import Card, Suit, cards_text
from core.seats import Seat
from core.text import Msg, Text


class Phase(Enum):
    AUCTION = "auction"
    PLAY = "play"
    FINISHED = "finished"


class PenaltyKind(Enum):
    MAJOR = "major"
    MINOR = "minor"

    # singletons read on every exposure and token: hash and value in C (see ``Seat.value``)
    __hash__ = object.__hash__
    if TYPE_CHECKING:
        value: str
    else:
        value = property(attrgetter("_value_"))


@dataclass(frozen=True)
class PenaltyCard:
    """A defender's card face up on the table under Law 50."""

    seat: Seat
    card: Card
    kind: PenaltyKind
    origin: str = "50"  # the law that made it a penalty card, e.g. "50B", "54D", "62B1"

    @property
    def token(self) -> str:
        """Scenario notation ``W:SK:major``."""
        return f"{self.seat.value}:{self.card.text}:{self.kind.value}"

    def describe(self) -> Msg:
        if self.kind is PenaltyKind.MAJOR:
            return Msg("{seat.value}'s {card.symbol} (major)", seat=self.seat, card=self.card)
        return Msg("{seat.value}'s {card.symbol} (minor)", seat=self.seat, card=self.card)


class RestrictionKind(Enum):
    REQUIRE = "require"  # must lead (or, unable to follow, play) the suit
    FORBID = "forbid"  # may not lead (or, unable to follow, play) the suit
    HIGHEST = "highest"  # must play his highest card of the suit led (57A)
    LOWEST = "lowest"  # must play his lowest card of the suit led (57A)
    CARD = "card"  # must play this very card at his turn (57D)

    __hash__ = object.__hash__  # singletons: hash and value in C (see ``Seat.value``)
    if TYPE_CHECKING:
        value: str
    else:
        value = property(attrgetter("_value_"))


class Lasts(Enum):
    THIS_LEAD = "this_lead"  # used up by the seat's next lead
    WHILE_ON_LEAD = "while_on_lead"  # until the seat's side loses the lead
    THIS_PLAY = "this_play"  # used up by the seat's next card (Law 57A, to this trick)


@dataclass(frozen=True)
class Restriction:
    """A lead or play restriction binding one seat, chosen by the non-offending side."""

    seat: Seat
    kind: RestrictionKind
    suit: Suit | None
    lasts: Lasts
    origin: str  # the law, e.g. "50D2(a)", "57A", "26B"
    card: Card | None = None  # for CARD: the card he must play
    trick: int | None = None  # the trick it was imposed on, when reports tell it

    def until(self, *, yours: bool = False) -> Msg:
        """When it ends, in words (``/state`` and every answer say it); ``yours``: said to the
        player it binds ("your next lead")."""
        n = self.trick
        if self.lasts is Lasts.THIS_LEAD:
            if yours:
                return (Msg("for your lead to trick {n} only", n=n) if n
                        else Msg("for your next lead only"))
            return (Msg("for his lead to trick {n} only", n=n) if n
                    else Msg("for his next lead only"))
        if self.lasts is Lasts.THIS_PLAY:
            return Msg("to trick {n} only", n=n) if n else Msg("to this trick only")
        if yours:
            return (Msg("until your side loses the lead (someone else is on lead), in force since "
                        "trick {n}", n=n) if n
                    else Msg("until your side loses the lead (someone else is on lead)"))
        return (Msg("until his side loses the lead (someone else is on lead), in force since "
                    "trick {n}", n=n) if n
                else Msg("until his side loses the lead (someone else is on lead)"))

    @property
    def token(self) -> str:
        """Scenario notation ``forbid:H`` / ``highest`` (``card:S5`` for 57D)."""
        if self.card is not None:
            return f"{self.kind.value}:{self.card.text}"
        if self.suit is None:
            return self.kind.value
        return f"{self.kind.value}:{self.suit.letter}"

    def describe(self) -> Msg:
        """The restriction in one line: "W must lead a diamond for his next lead (50D2(a))"."""
        seat, suit, until, origin = self.seat, self.suit, self.until(), self.origin
        play = self.lasts is Lasts.THIS_PLAY
        if self.kind is RestrictionKind.REQUIRE and suit is None:
            return Msg("{seat.value} must lead as required {until} ({origin})", seat=seat,
                       until=until, origin=origin)
        if self.kind is RestrictionKind.REQUIRE and play:
            return Msg("{seat.value} must play a {suit.singular} {until} ({origin})", seat=seat,
                       suit=suit, until=until, origin=origin)
        if self.kind is RestrictionKind.REQUIRE:
            return Msg("{seat.value} must lead a {suit.singular} {until} ({origin})", seat=seat,
                       suit=suit, until=until, origin=origin)
        if self.kind is RestrictionKind.FORBID and suit is None:
            return Msg("{seat.value} restricted {until} ({origin})", seat=seat, until=until,
                       origin=origin)
        if self.kind is RestrictionKind.FORBID and play:
            return Msg("{seat.value} may not play a {suit.singular} {until} ({origin})",
                       seat=seat, suit=suit, until=until, origin=origin)
        if self.kind is RestrictionKind.FORBID:
            return Msg("{seat.value} may not lead a {suit.singular} {until} ({origin})",
                       seat=seat, suit=suit, until=until, origin=origin)
        if self.kind is RestrictionKind.CARD and self.card is not None:
            return Msg("{seat.value} must play the {card.symbol} {until} ({origin})", seat=seat,
                       card=self.card, until=until, origin=origin)
        if self.kind is RestrictionKind.LOWEST:
            return Msg("{seat.value} must play his lowest card of the suit led {until} "
                       "({origin})", seat=seat, until=until, origin=origin)
        if self.kind is RestrictionKind.HIGHEST:
            return Msg("{seat.value} must play his highest card of the suit led {until} "
                       "({origin})", seat=seat, until=until, origin=origin)
        # a 57D card restriction that lost its card
        return Msg("{seat.value} must play his card card of the suit led {until} ({origin})",
                   seat=seat, until=until, origin=origin)


class PassLasts(Enum):
    NEXT_TURN = "next_turn"
    THROUGHOUT = "throughout"


@dataclass(frozen=True)
class PassObligation:
    """A seat that must pass during the auction (Laws 24, 27, 30, 31, 32)."""

    seat: Seat
    lasts: PassLasts
    origin: str

    @property
    def token(self) -> str:
        return f"{self.seat.value}:{self.lasts.value}"

    def describe(self) -> Msg:
        if self.lasts is PassLasts.NEXT_TURN:
            return Msg("{seat.value} must pass at his next turn ({origin})", seat=self.seat,
                       origin=self.origin)
        return Msg("{seat.value} must pass for the rest of the auction ({origin})",
                   seat=self.seat, origin=self.origin)


@dataclass(frozen=True)
class AuctionExposure:
    """A card exposed (or led) during the auction, face up until the auction ends (Law 24)."""

    seat: Seat
    card: Card
    premature_lead: bool = False


class Place(Enum):
    """Where the reports last put a card that is no longer face up on the table."""

    PLAYED = "played"  # in a trick: it is never led, played or shown from the hand again
    HAND = "hand"  # back in its owner's hand (picked up, withdrawn, no penalty card after all)

    __hash__ = object.__hash__  # singletons: hash by identity (see ``Seat.__hash__``)


@dataclass(frozen=True)
class Whereabouts:
    """A card the reports placed: played to a trick, or back in ``seat``'s hand. Built from
    the reports only (never from the hand records), so a refusal that reads it tells nobody
    what a hand holds; a card face up on the table (a penalty card, a Law 24 card, a lead
    waiting for a choice) is in the state's other records instead."""

    seat: Seat
    card: Card
    place: Place

    def describe(self) -> Msg:
        """What the table's record says of the card, for a refusal: "the ♠K was played by W
        earlier on this board" (not to which trick: the trick count is only as good as the
        reports of it, and a card played is played once whatever the trick)."""
        if self.place is Place.HAND:
            return Msg("the {card.symbol} went back to {seat.value}'s hand earlier on this board",
                       card=self.card, seat=self.seat)
        return Msg("the {card.symbol} was played by {seat.value} earlier on this board",
                   card=self.card, seat=self.seat)


@cache
def _whereabouts(seat: Seat, card: Card, place: Place) -> Whereabouts:
    """One value per (seat, card, place), made once: the record grows on the engine's hot path
    (every penalty card picked up)."""
    return Whereabouts(seat, card, place)


class Chooser(StrEnum):
    """Who makes a choice a ruling offers. Stored (in snapshots and rulings) as these strings,
    which older data holds too: never change a value."""

    NOBODY = ""  # no choice waits
    DECLARER = "declarer"
    DEFENDERS = "defenders"
    PLAYERS = "players"  # a question of fact (has he kept the lead?) anyone at the table answers
    LHO = "LHO"  # the offender's left-hand opponent: accepting an irregular call (27A1, 29A)
    DIRECTOR = "director"  # a judgement only the Director makes (comparable call, 23A)
    # a fact that would end a defender's restriction (has he kept the lead?): told by the
    # non-offending side, declarer or dummy, never by the side it favours
    DECLARER_SIDE = "declarer_side"


#: Who makes a choice, in words: every answer and embed says it the same way (a phrase: a
#: template takes it as a field, ``Msg("… {who} …", who=CHOOSER_WORDS[chooser])``).
CHOOSER_WORDS: dict[Chooser, Msg] = {
    Chooser.DECLARER: Msg("declarer"),
    Chooser.DEFENDERS: Msg("the defenders"),
    Chooser.LHO: Msg("the offender's left-hand opponent"),
    Chooser.DIRECTOR: Msg("the director"),
    Chooser.PLAYERS: Msg("the table"),
    Chooser.DECLARER_SIDE: Msg("declarer or dummy"),
}
#: Who chooses when a choice names nobody in :data:`CHOOSER_WORDS`.
NON_OFFENDING_SIDE = Msg("the non-offending side")


def chooser_words(chooser: Chooser | str) -> Msg:
    """Who makes a choice, in words (the non-offending side when the chooser has no words)."""
    try:
        return CHOOSER_WORDS.get(Chooser(chooser), NON_OFFENDING_SIDE)
    except ValueError:
        return NON_OFFENDING_SIDE


def may_choose(chooser: Chooser | str, seat: Seat | None, *, director: bool,
               declarer: Seat | None, offender: Seat | None = None) -> bool:
    """Whether someone may make a choice offered to ``chooser``: a director always may; a player
    in ``seat`` (None: not seated at that table) when he is on the side that chooses."""
    chooser = Chooser(chooser)
    if director:
        return True
    if chooser is Chooser.DIRECTOR:
        return False
    if chooser is Chooser.LHO:
        return seat is not None and offender is not None and seat is offender.lho
    if seat is None or declarer is None:
        return False
    if chooser is Chooser.DECLARER:
        return seat is declarer
    if chooser is Chooser.DEFENDERS:
        return seat in (declarer.lho, declarer.rho)
    if chooser is Chooser.DECLARER_SIDE:
        return seat in (declarer, declarer.partner)
    return chooser is Chooser.PLAYERS


def declarers_to_offer(owner: Seat, asker: Seat | None, *, director: bool) -> tuple[Seat, ...]:
    """The seats someone may name as declarer when that decides whether ``owner``'s exposed
    card is a penalty card (declarer's and dummy's cards never are, 48A). No offender decides a
    fact that rules in his favour: a director, or a player not on ``owner``'s side, may name
    anyone; ``owner`` or his partner only a seat of the other side."""
    if director or asker is None or asker not in (owner, owner.partner):
        return tuple(Seat)
    return tuple(s for s in Seat if s not in (owner, owner.partner))


@dataclass(frozen=True)
class PendingChoice:
    """A decision the non-offending side still has to make before play goes on.

    ``law`` names the handler that resolves it (registered in :mod:`core.registry`); ``seat`` is
    the player who waits for it (usually the one about to lead); ``chooser`` who makes it;
    ``offender`` and ``card`` carry what the resolution needs.
    """

    law: str
    chooser: Chooser
    seat: Seat
    options: tuple[str, ...]
    offender: Seat | None = None
    card: Card | None = None
    note: str = ""
    trick: int | None = None  # the trick the report that raised it named, if any


@dataclass(frozen=True)
class LeadPenalty:
    """Law 26B, waiting for the auction to end: at the offender's partner's first turn to lead,
    declarer may prohibit one suit the offender did not specify in the legal auction."""

    offender: Seat
    specified: tuple[Suit, ...] = ()
    origin: str = "26B"


@dataclass(frozen=True)
class TableState:
    """Everything the Laws carry forward on one board."""

    declarer: Seat | None = None
    dealer: Seat | None = None
    phase: Phase = Phase.AUCTION
    calls: tuple[str, ...] = ()  # the legal auction so far, canonical call text, dealer first
    auction_exposed: tuple[AuctionExposure, ...] = ()
    penalty_cards: tuple[PenaltyCard, ...] = ()
    restrictions: tuple[Restriction, ...] = ()
    pass_obligations: tuple[PassObligation, ...] = ()
    lead_penalties: tuple[LeadPenalty, ...] = ()
    pending: tuple[PendingChoice, ...] = ()
    # the choices a claim set aside (68D: no card is played): they come back if play goes on
    # from it (68D2(b) voids the claim, not the irregularities before it)
    claim_held: tuple[PendingChoice, ...] = ()
    contract: str | None = None
    tricks_transferred: int = 0  # revoke trick transfers recorded on this board (Law 64)
    notes: tuple[str, ...] = field(default=())
    trick: int | None = None  # the trick being played, as far as reports tell it
    on_lead: Seat | None = None  # who leads (or is about to lead) to that trick, if reported
    # the defender for whose current lead declarer has already chosen among his lead options
    # (50D2, 51B, 26B): the choice is not due again until that lead is over (core.view)
    lead_chosen: Seat | None = None
    # the cards reports put in a trick or back in a hand (core.held keeps it, before every rule)
    whereabouts: tuple[Whereabouts, ...] = ()

    # --- views -------------------------------------------------------------------------
    # the views every rule asks several times: a list made in one go is cheaper than a generator
    def penalty_cards_of(self, seat: Seat) -> tuple[PenaltyCard, ...]:
        return tuple([p for p in self.penalty_cards if p.seat is seat])

    def restrictions_on(self, seat: Seat) -> tuple[Restriction, ...]:
        return tuple([r for r in self.restrictions if r.seat is seat])

    def pass_obligation_of(self, seat: Seat) -> PassObligation | None:
        found = [p for p in self.pass_obligations if p.seat is seat]
        if any(p.lasts is PassLasts.THROUGHOUT for p in found):
            return next(p for p in found if p.lasts is PassLasts.THROUGHOUT)
        return found[0] if found else None

    def pending_for(self, seat: Seat) -> tuple[PendingChoice, ...]:
        return tuple([p for p in self.pending if p.seat is seat])

    def where(self, card: Card) -> Whereabouts | None:
        """Where the reports put ``card`` once it left the hand for good or went back to it."""
        for w in self.whereabouts:
            if w.card == card:
                return w
        return None

    # --- changes -----------------------------------------------------------------------
    def evolve(self, **changes: Any) -> TableState:
        """A copy with ``changes``: ``dataclasses.replace`` without its per-call overhead, since
        every rule makes several (the new instance gets its fields as one merged dict)."""
        if not _STATE_FIELDS.issuperset(changes):
            unknown = sorted(changes.keys() - _STATE_FIELDS)
            raise TypeError(f"TableState has no field {unknown[0]!r}")
        new = object.__new__(TableState)
        object.__setattr__(new, "__dict__", {**self.__dict__, **changes})
        return new

    def with_penalty_cards(self, cards: Iterable[PenaltyCard]) -> TableState:
        return self.evolve(penalty_cards=tuple(cards))

    def without_penalty_cards(self, cards: Iterable[PenaltyCard], *,
                              back_to_hand: bool = False) -> TableState:
        """A copy without ``cards``; ``back_to_hand``: they are picked up (50D2(a), 50's
        preamble), and the record says each is in its owner's hand, in the same copy."""
        gone = set(cards)
        kept = tuple(p for p in self.penalty_cards if p not in gone)
        if not back_to_hand or not gone:
            return self.evolve(penalty_cards=kept)
        cards_gone = {p.card for p in gone}
        record = [w for w in self.whereabouts if w.card not in cards_gone]
        record += [_whereabouts(p.seat, p.card, Place.HAND) for p in gone]
        return self.evolve(penalty_cards=kept, whereabouts=tuple(record))

    def with_restriction(self, restriction: Restriction) -> TableState:
        """Add ``restriction``, stamped with the trick it is imposed on (when known), so that
        later reports can tell when it ends (``core.laws.course``)."""
        if restriction.trick is None and self.trick is not None:
            restriction = replace(restriction, trick=self.trick)
        return self.evolve(restrictions=(*self.restrictions, restriction))

    def placed(self, seat: Seat, card: Card, place: Place = Place.PLAYED) -> TableState:
        """A copy that records ``card`` of ``seat`` as played, or back in his hand."""
        kept = [w for w in self.whereabouts if w.card != card] if self.whereabouts else []
        return self.evolve(whereabouts=(*kept, _whereabouts(seat, card, place)))

    def without_pending(self, seat: Seat | None = None) -> TableState:
        keep = () if seat is None else tuple(p for p in self.pending if p.seat is not seat)
        return self.evolve(pending=keep)

    # --- serialisation -----------------------------------------------------------------
    def to_json(self) -> str:
        return serial.dumps(self)

    @classmethod
    def from_json(cls, text: str) -> TableState:
        return serial.loads(cls, text)

    def describe_facts(self) -> list[Text]:
        """Law 24 cards, penalty cards, restrictions and pass obligations, in short lines."""
        lines: list[Text] = []
        if self.auction_exposed:
            shown = cards_text(e.card for e in self.auction_exposed)
            lines.append(Msg("Exposed during the auction (Law 24): {cards}", cards=shown))
        for seat_cards in _group(self.penalty_cards):
            lines.append(Msg("Penalty cards: {cards}",
                             cards=Msg.join(", ", (p.describe() for p in seat_cards))))
        lines += [r.describe() for r in self.restrictions]
        lines += [p.describe() for p in self.pass_obligations]
        return lines


def _group(cards: tuple[PenaltyCard, ...]) -> list[list[PenaltyCard]]:
    seats: dict[Seat, list[PenaltyCard]] = {}
    for p in cards:
        seats.setdefault(p.seat, []).append(p)
    return list(seats.values())


def penalty_tokens(state: TableState) -> list[str]:
    """Every penalty card on the table in scenario notation (``W:SK:major``)."""
    return [p.token for p in state.penalty_cards]


def restriction_token(state: TableState, seat: Seat) -> str:
    """The latest restriction binding ``seat`` in scenario notation (``forbid:H``), or ``""``."""
    found = state.restrictions_on(seat)
    return found[-1].token if found else ""


_STATE_FIELDS = frozenset(f.name for f in fields(TableState))
