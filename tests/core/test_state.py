"""The table state is an exact JSON value, and a board's state is the fold of its events."""

from hypothesis import given
from hypothesis import strategies as st

from core.cards import SUITS, Card
from core.engine import ChoiceMade, event_from_data, event_to_data, replay
from core.laws.exposure import Exposure, How
from core.laws.flow import BoardEnded, CardPlayed, LeadLost
from core.laws.penalty import PartnerLead
from core.seats import SEATS, Seat
from core.state import (
    AuctionExposure,
    Lasts,
    PassLasts,
    PassObligation,
    PenaltyCard,
    PenaltyKind,
    PendingChoice,
    Phase,
    Restriction,
    RestrictionKind,
    TableState,
)
from tests.core.helpers import cards, play_state

seats = st.sampled_from(SEATS)
card_values = st.builds(Card, st.sampled_from(SUITS), st.integers(2, 14))
states = st.builds(
    TableState,
    declarer=st.none() | seats,
    dealer=st.none() | seats,
    phase=st.sampled_from(Phase),
    calls=st.lists(st.sampled_from(["1C", "P", "X", "7NT"]), max_size=5).map(tuple),
    auction_exposed=st.lists(st.builds(AuctionExposure, seats, card_values, st.booleans()),
                             max_size=3).map(tuple),
    penalty_cards=st.lists(st.builds(PenaltyCard, seats, card_values, st.sampled_from(PenaltyKind),
                                     st.sampled_from(["50B", "54D"])), max_size=4).map(tuple),
    restrictions=st.lists(st.builds(Restriction, seats, st.sampled_from(RestrictionKind),
                                    st.none() | st.sampled_from(SUITS), st.sampled_from(Lasts),
                                    st.just("50D2(a)")), max_size=3).map(tuple),
    pass_obligations=st.lists(st.builds(PassObligation, seats, st.sampled_from(PassLasts),
                                        st.just("24B")), max_size=2).map(tuple),
    pending=st.lists(st.builds(PendingChoice, st.just("50D2"), st.just("declarer"), seats,
                               st.just(("any", "require:S")), st.none() | seats,
                               st.none() | card_values), max_size=2).map(tuple),
    contract=st.none() | st.just("4HX"),
    tricks_transferred=st.integers(0, 13),
)


@given(states)
def test_state_round_trips_through_json_exactly(state):
    assert TableState.from_json(state.to_json()) == state


def test_events_round_trip_through_their_stored_form():
    events = [Exposure(Seat.E, cards("HQ CT"), How.ACCIDENTAL), PartnerLead(Seat.W),
              ChoiceMade(Seat.W, "forbid:H"), CardPlayed(Seat.W, cards("D3")[0]),
              LeadLost(Seat.W), BoardEnded()]
    for ev in events:
        assert event_from_data(event_to_data(ev)) == ev


def test_replay_is_the_fold_of_the_events():
    events = [Exposure(Seat.E, cards("HQ CT")), PartnerLead(Seat.W), ChoiceMade(Seat.W, "forbid:H")]
    state = replay(events, play_state())
    assert [p.token for p in state.penalty_cards] == ["E:CT:major"]
    assert [r.token for r in state.restrictions] == ["forbid:H"]
    assert replay(events, play_state()) == state  # pure: same events, same state


def test_board_end_clears_everything_that_carried():
    state = replay([Exposure(Seat.E, cards("HQ CT")), BoardEnded()], play_state())
    assert state.penalty_cards == () and state.restrictions == () and state.phase is Phase.FINISHED
