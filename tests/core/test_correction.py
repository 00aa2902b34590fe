"""Re-ruling a board from a corrected incident (issue 22, item 5): the corrected incident takes
the recorded one's place and the later events are ruled again over it, in order."""

from __future__ import annotations

from core.cards import parse_card
from core.correction import Logged, correct
from core.engine import ChoiceMade, apply
from core.laws.exposure import Exposure, How
from core.laws.flow import BoardSet
from core.laws.penalty import PartnerLead
from core.ruling import is_ruling
from core.seats import Seat
from core.state import TableState


def _history(*events):
    """The board's log: set with S declaring (#0), then ``events`` (#1, #2 …)."""
    state, out = TableState(), []
    for i, ev in enumerate((BoardSet(declarer=Seat.S), *events)):
        ruling, state = apply(state, ev)
        out.append(Logged(i, ev, ruling))
    return out, state


def _dropped_card(card: str) -> Exposure:
    return Exposure(Seat.W, (parse_card(card),), How.ACCIDENTAL)


def test_50C_50D2_a_major_card_corrected_to_a_minor_one_leaves_declarer_no_choice():
    """W's ♠K was really the ♠5 (a minor penalty card, 50C): E's lead is free, and declarer's
    "forbid spades" is no longer offered."""
    history, _ = _history(_dropped_card("SK"), PartnerLead(Seat.E), ChoiceMade(Seat.E, "forbid:S"))
    fix = correct(history, 1, _dropped_card("S5"))
    assert "minor" in fix.after.summary
    lead, choice = fix.later
    assert lead.after is not None and lead.changed and not is_ruling("partner_lead", lead.after)
    assert choice.after is None and choice.reason.startswith("“Forbid spades")
    assert [p.token for p in fix.state.penalty_cards] == ["W:S5:minor"] and not fix.state.pending


def test_50D2_an_unchanged_later_ruling_is_kept_as_it_was():
    """The ♠K was the ♥K: E's lead still brings declarer's options, now for hearts."""
    history, _ = _history(_dropped_card("SK"), PartnerLead(Seat.E))
    fix = correct(history, 1, _dropped_card("HK"))
    [lead] = fix.kept
    assert "forbid:H" in lead.after.option_tokens and lead.changed
    same = correct(history, 1, _dropped_card("SK"))
    assert not same.later[0].changed


def test_a_voided_incident_can_be_corrected_and_void_events_stay_out():
    history, _ = _history(_dropped_card("SK"), PartnerLead(Seat.E), ChoiceMade(Seat.E, "any"))
    voided = [Logged(h.id, h.event, h.ruling, void=h.id in (1, 3)) for h in history]
    fix = correct(voided, 1, _dropped_card("HK"))
    assert [r.id for r in fix.later] == [2]
    assert fix.state.pending  # declarer's choice waits again: the voided "any" stays out

