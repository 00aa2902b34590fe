"""Issue 22, item 4: one notion of a ruling (``core.ruling.is_ruling``): a law applied to an
irregularity, a choice to make, a director's judgement; everything else is the table's record."""

from __future__ import annotations

from core.cards import parse_card
from core.engine import apply
from core.laws.exposure import Exposure, How
from core.laws.flow import BoardSet, CardPlayed
from core.laws.penalty import PartnerLead
from core.ruling import is_ruling
from core.seats import Seat
from core.state import TableState


def _answer(state, ev):
    ruling, state = apply(state, ev)
    return is_ruling(ev.kind, ruling), state


def test_44_board_set_plain_lead_and_play_are_the_record():
    counted, state = _answer(TableState(), BoardSet(declarer=Seat.S))
    assert not counted
    counted, state = _answer(state, PartnerLead(Seat.W))  # nothing binds W's lead
    assert not counted
    counted, _ = _answer(state, CardPlayed(Seat.W, parse_card("C2")))
    assert not counted


def test_50D2_a_lead_with_declarers_options_and_the_exposure_are_rulings():
    _, state = apply(TableState(), BoardSet(declarer=Seat.S))
    counted, state = _answer(state, Exposure(Seat.W, (parse_card("SK"),), How.ACCIDENTAL))
    assert counted
    counted, _ = _answer(state, PartnerLead(Seat.E))  # declarer chooses first (50D2)
    assert counted


def test_50D1_a_lead_bound_by_his_own_penalty_card_is_a_ruling():
    _, state = apply(TableState(), BoardSet(declarer=Seat.S))
    _, state = apply(state, Exposure(Seat.W, (parse_card("SK"),), How.ACCIDENTAL))
    counted, _ = _answer(state, PartnerLead(Seat.W))  # W must lead his ♠K (50D1)
    assert counted
