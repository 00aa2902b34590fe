"""Double-dummy bounds through DDS (endplay): a deal whose answers follow from the cards alone."""

from __future__ import annotations

import pytest

from core.cards import SUITS, Card, Hand, Suit
from core.deal import Deal
from core.seats import Seat

dd = pytest.importorskip("core.double_dummy")
pytest.importorskip("endplay")

#: North holds every spade, East every heart, South every diamond, West every club.
SOLID = Deal(1, Seat.N, "None", {
    seat: Hand(Card(suit, r) for r in range(2, 15))
    for seat, suit in zip((Seat.N, Seat.E, Seat.S, Seat.W), SUITS, strict=True)
})


def test_each_hand_makes_all_thirteen_in_its_own_suit_and_none_in_no_trumps() -> None:
    result = dd.solve(SOLID)
    assert result.tricks[Seat.N, "S"] == 13 and result.tricks[Seat.E, "H"] == 13
    assert result.tricks[Seat.S, "D"] == 13 and result.tricks[Seat.W, "C"] == 13
    # in no trumps the opening leader runs his suit: declarer takes nothing
    assert all(result.tricks[s, "NT"] == 0 for s in (Seat.N, Seat.E, Seat.S, Seat.W))
    assert result.par_contracts and all(c.startswith("7") for c in result.par_contracts)
    again = dd.DDResult.from_data(result.to_data())
    assert again == result


def test_from_a_position_the_leader_with_a_solid_trump_suit_takes_every_trick() -> None:
    hands = {s: frozenset(sorted(SOLID.hand(s))[:3]) for s in SOLID.hands}
    assert dd.tricks_from_position(hands, Suit.SPADES, Seat.N) == 3
    assert dd.tricks_from_position(hands, None, Seat.E) == 3  # E runs his hearts in no trumps


def test_the_table_is_labelled_as_perfect_play_and_reads_declarers_down() -> None:
    text = dd.table_text(dd.solve(SOLID))
    lines = text.splitlines()
    assert lines[0].split() == ["NT", "♠", "♥", "♦", "♣"]
    # North in diamonds: South's trumps ruff the heart lead and take every trick
    assert lines[1].split() == ["N", "0", "13", "0", "13", "0"]
    assert lines[-1].startswith("Par: 7")
    assert "perfect play" in dd.LABEL and "not the likely result" in dd.LABEL
