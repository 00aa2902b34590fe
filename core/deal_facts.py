"""Facts checked against the deal: a card a player is reported to have exposed, led, played or
revoked with must have been dealt to him, and a hand he types must be part of his.

The answer to a mismatch names the card that was reported (the reporter typed it) and the seat,
never the card's real holder nor any other card of anyone's hand; and only a report the table
would record is checked (:func:`table_accepts`), and a player's only for his own hand
(:func:`hands_checked`), so a refusal never tells anyone what another player holds.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from core.cards import Card, Hand, Suit, cards_text
from core.deal import Deal
from core.engine import Event, replay
from core.errors import USER_ERRORS
from core.held import held_cards
from core.seats import SEATS, Seat
from core.state import Phase, Place, TableState
from core.text import Msg


def table_accepts(state: TableState, report: Sequence[Event]) -> bool:
    """Whether the table's own facts accept ``report`` (the engine rules on its events from
    ``state`` without refusing one). Only such a report is checked against the deal: one the
    table refuses is refused in words that never depend on the deal, so a report can never be
    used to ask what another player holds (16B)."""
    try:
        replay(report, state)
    except USER_ERRORS:
        return False
    return True


def hands_checked(seat: Seat | None, director: bool) -> frozenset[Seat]:
    """The hands a report's cards are checked against, for a reporter seated at ``seat`` (None:
    not at that table) who is a ``director`` or not: every hand for a director away from the
    table (the board is open to him, or he could not report on it); for a player, his own
    only, since a refusal for another's card would tell him what that player holds (16B)."""
    if director and seat is None:
        return frozenset(SEATS)
    return frozenset((seat,)) if seat is not None else frozenset()


def dummy_seen(state: TableState, seat: Seat | None, director: bool) -> bool:
    """Whether dummy's cards may be read from the hand records for an asker at ``seat`` (None:
    not at that table) who is a ``director`` or not. Once faced, dummy's cards are seen by the
    whole table (41D), and a director the board is open to sees them; declarer's side may read
    them. A defender may read them only once the reports show the opening lead faced (a card
    recorded played, or a later trick): before it, dummy's cards (even a refusal that names
    one) would tell him what his opening lead may not know (41A, 16)."""
    if director:
        return True
    if seat is None:
        return False
    declarer = state.declarer
    if declarer is not None and seat in (declarer, declarer.partner):
        return True
    return (state.trick or 1) > 1 or any(w.place is Place.PLAYED for w in state.whereabouts)


def deal_mismatch(event: Event, deal: Deal,
                  hands: Collection[Seat] = SEATS) -> Msg | None:
    """Why ``event`` cannot be right on this deal (one line), or None when it fits; only its
    cards of ``hands`` (:func:`hands_checked`) are checked."""
    wrong: dict[Seat, list[Card]] = {}
    for seat, card in held_cards(event):
        if seat in hands and card not in deal.hand(seat):
            wrong.setdefault(seat, []).append(card)
    if not wrong:
        return None
    seat, cards = next(iter(wrong.items()))
    return Msg("The hand records of board {board} do not give {seat.full_name} the {cards}: "
               "check the card, the seat and the board number (nothing was recorded).",
               board=deal.board, seat=seat, cards=cards_text(cards))


def dealer_mismatch(dealer: Seat | None, deal: Deal) -> Msg | None:
    """A dealer given for the board that is not the one the hand records (and the cycle) say."""
    if dealer is None or dealer is deal.dealer:
        return None
    return Msg("The hand records say board {board} is dealt by {dealer.full_name}, not "
               "{given.full_name}: check the board number and the dealer.",
               board=deal.board, dealer=deal.dealer, given=dealer)


def dealer_kept(kept: Seat | None, deal: Deal) -> Msg | None:
    """The table's dealer ``kept`` when the hand records stored since give another: it stays
    (they change no dealer already set, and once calls are made only a director does, 17B),
    and the table is told to have it checked."""
    if kept is None or kept is deal.dealer:
        return None
    return Msg("The hand records say board {board} is dealt by {dealer.full_name}; the table "
               "has {kept.full_name} as dealer, which stays: call the director to check the "
               "board number and the dealer.", board=deal.board, dealer=deal.dealer, kept=kept)


def opening_lead_hand(state: TableState, seat: Seat, led: Suit | None, deal: Deal) -> Hand | None:
    """The hand ``seat`` holds when he is about to make the opening lead (declarer's LHO, trick
    1, no suit led): all thirteen cards the deal gave him. None at any other moment: later the
    deal alone cannot tell which cards are left."""
    declarer = state.declarer
    if (led is not None or declarer is None or seat is not declarer.lho
            or state.phase is not Phase.PLAY or state.trick != 1 or state.on_lead is not seat):
        return None
    return deal.hand(seat)


def hand_after(deal: Deal, seat: Seat, played: Iterable[Card]) -> Hand:
    """What ``seat`` still holds once he has played ``played`` (checked with
    :func:`typed_hand_mismatch` first): the deal tells the rest."""
    gone = set(played)
    return Hand(c for c in deal.hand(seat) if c not in gone)


def typed_hand_mismatch(cards: Iterable[Card], seat: Seat, deal: Deal) -> Msg | None:
    """Why a hand typed for ``seat`` cannot be his on this deal (naming no card), or None."""
    foreign = [c for c in cards if c not in deal.hand(seat)]
    if not foreign:
        return None
    if len(foreign) == 1:
        return Msg("1 card is not in {seat.full_name}'s hand on board {board} by the hand "
                   "records: check the cards you typed (and the seat and the board).",
                   seat=seat, board=deal.board)
    return Msg("{n} cards are not in {seat.full_name}'s hand on board {board} by the hand "
               "records: check the cards you typed (and the seat and the board).",
               n=len(foreign), seat=seat, board=deal.board)
