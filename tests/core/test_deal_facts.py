"""Facts checked against the deal: cards reported from a hand must have been dealt to it, and
a typed hand must be part of it; the answers name no card of anyone else's hand."""

from __future__ import annotations

import random

import pytest

from core.cards import Card
from core.deal import Deal, random_deal
from core.deal_facts import (
    deal_mismatch,
    dealer_mismatch,
    hand_after,
    hands_checked,
    held_cards,
    opening_lead_hand,
    table_accepts,
    typed_hand_mismatch,
)
from core.laws.exposure import Exposure, How
from core.laws.flow import CardPlayed
from core.laws.leads import LeadOutOfTurn
from core.laws.opening_lead import OpeningLeadOutOfTurn
from core.laws.penalty import PenaltyNotPlayed
from core.laws.premature import PrematurePlay
from core.laws.revoke import Revoke
from core.seats import SEATS, Seat


@pytest.fixture
def deal() -> Deal:
    return random_deal(3, random.Random(21))


def own(deal: Deal, seat: Seat, n: int = 0) -> Card:
    return sorted(deal.hand(seat))[n]


def others(deal: Deal, seat: Seat) -> Card:
    """A card of another seat's hand (what a wrong report names)."""
    return sorted(deal.hand(seat.lho))[0]


def events(seat: Seat, card: Card) -> list[object]:
    return [
        Exposure(seat, (card,), How.ACCIDENTAL),
        CardPlayed(seat, card),
        LeadOutOfTurn(seat, card, seat.rho, trick=4),
        OpeningLeadOutOfTurn(seat, card),
        PrematurePlay(seat, card),
        PenaltyNotPlayed(seat, card),
        Revoke(seat, established=False, card=card),
    ]


@pytest.mark.parametrize("index", range(7))
def test_50_53_54_57_61_a_card_of_the_players_own_hand_fits(deal: Deal, index: int) -> None:
    event = events(Seat.W, own(deal, Seat.W))[index]
    assert deal_mismatch(event, deal) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("index", range(7))
def test_50_53_54_57_61_a_card_dealt_to_someone_else_is_refused_naming_only_that_card(
    deal: Deal, index: int
) -> None:
    card = others(deal, Seat.W)
    event = events(Seat.W, card)[index]
    why = deal_mismatch(event, deal)  # type: ignore[arg-type]
    assert why is not None and f"do not give West the {card.symbol}" in why
    for seat in SEATS:  # no other card of any hand is named, nor who holds this one
        assert not any(c.symbol in why for c in deal.hand(seat) if c != card)
    assert "North" not in why and "East" not in why and "South" not in why


def test_50_an_exposure_of_several_cards_names_only_those_not_dealt(deal: Deal) -> None:
    mine, foreign = own(deal, Seat.S), others(deal, Seat.S)
    why = deal_mismatch(Exposure(Seat.S, (mine, foreign), How.ACCIDENTAL), deal)
    assert why is not None and foreign.symbol in why and mine.symbol not in why


def test_62C3_both_revoke_cards_are_checked_each_against_its_own_hand(deal: Deal) -> None:
    event = Revoke(Seat.N, established=False, card=own(deal, Seat.N),
                   other_offender=Seat.E, other_card=own(deal, Seat.E))
    assert deal_mismatch(event, deal) is None
    wrong = Revoke(Seat.N, established=False, card=own(deal, Seat.N),
                   other_offender=Seat.E, other_card=own(deal, Seat.S))
    why = deal_mismatch(wrong, deal)
    assert why is not None and "East" in why
    assert list(held_cards(Revoke(Seat.N, established=True))) == []


def test_a_typed_hand_must_be_part_of_the_seats_hand_and_the_answer_names_no_card(
    deal: Deal,
) -> None:
    west = sorted(deal.hand(Seat.W))
    assert typed_hand_mismatch(west[:5], Seat.W, deal) is None
    foreign = [*west[:4], others(deal, Seat.W)]
    why = typed_hand_mismatch(foreign, Seat.W, deal)
    assert why is not None and why.startswith("1 card is not in West's hand")
    assert not any(c.symbol in why for s in SEATS for c in deal.hand(s))


def test_a_dealer_other_than_the_hand_records_is_questioned(deal: Deal) -> None:
    assert dealer_mismatch(Seat.S, deal) is None  # board 3: South deals
    why = dealer_mismatch(Seat.N, deal)
    assert why is not None and "dealt by South, not North" in why


def test_the_deal_gives_the_hand_at_the_opening_lead_only(deal: Deal) -> None:
    from core.cards import Suit
    from core.engine import replay
    from core.laws.course import PlayReported
    from core.laws.flow import BoardSet

    state = replay([BoardSet(Seat.S, Seat.S, "4H")])  # West makes the opening lead
    assert opening_lead_hand(state, Seat.W, None, deal) == deal.hand(Seat.W)
    assert opening_lead_hand(state, Seat.E, None, deal) is None  # not the opening leader
    assert opening_lead_hand(state, Seat.W, Suit.SPADES, deal) is None  # following, not leading
    later = replay([BoardSet(Seat.S, Seat.S, "4H"), PlayReported(trick=2, leader=Seat.W)])
    assert opening_lead_hand(later, Seat.W, None, deal) is None  # trick 2: cards are gone


def test_later_in_the_play_the_hand_is_the_deals_less_the_cards_played(deal: Deal) -> None:
    west = sorted(deal.hand(Seat.W))
    left = hand_after(deal, Seat.W, west[:4])
    assert len(left) == 9 and set(left) == set(west[4:])


def test_16B_52_only_a_report_the_table_would_record_is_checked_against_the_deal(
    deal: Deal,
) -> None:
    """East has no penalty card: whatever card West names for him, the table refuses the
    report on its own facts, so the deal is never asked (16B); with a penalty card of his on the
    table, the report would be recorded, and only then is it checked."""
    from tests.core.helpers import play_state

    held, not_held = own(deal, Seat.E), others(deal, Seat.E)
    bare = play_state("S")
    assert not table_accepts(bare, [PenaltyNotPlayed(Seat.E, held)])
    assert not table_accepts(bare, [PenaltyNotPlayed(Seat.E, not_held)])
    owes = play_state("S", f"E:{own(deal, Seat.E, 1).text}:major")
    assert table_accepts(owes, [PenaltyNotPlayed(Seat.E, not_held)])
    assert deal_mismatch(PenaltyNotPlayed(Seat.E, not_held), deal) is not None


def test_16B_a_player_is_checked_for_his_own_hand_only_a_director_for_all(deal: Deal) -> None:
    """West's report of South's card is not checked (a refusal would tell West what South
    holds); his own card is; a director away from the table is checked for every hand."""
    wrong = Revoke(Seat.S, established=False, card=others(deal, Seat.S))
    assert hands_checked(Seat.W, director=False) == {Seat.W}
    assert hands_checked(Seat.W, director=True) == {Seat.W}  # seated there: a player
    assert deal_mismatch(wrong, deal, hands_checked(Seat.W, director=False)) is None
    assert deal_mismatch(wrong, deal, hands_checked(None, director=True)) is not None
    mine = Exposure(Seat.W, (others(deal, Seat.W),), How.ACCIDENTAL)
    assert deal_mismatch(mine, deal, hands_checked(Seat.W, director=False)) is not None
