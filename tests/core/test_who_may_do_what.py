"""Who may do what at a table (core.permissions): each rule on plain facts, as README "Who may do
what" states it. The cogs and the storage's /board set ask these functions; the words of each
refusal are the Discord side's (tdbot/permissions.py)."""

from __future__ import annotations

import pytest

from core import permissions, state
from core.permissions import (
    Action,
    BoardFacts,
    BoardSetPlan,
    Reason,
    Refusal,
    may_act_at_table,
    may_end_board,
    may_free_seat,
    may_leave_seat,
    may_seat_someone,
    may_set_board,
    may_take_seat,
)
from core.seats import Seat
from core.state import Phase

PLAYER, OTHER = 11, 22


def board(number: int = 1, **facts) -> BoardFacts:
    return BoardFacts(number=number, table=3, **facts)


def reason(answer: BoardSetPlan | Refusal | None) -> Reason | None:
    return answer.reason if isinstance(answer, Refusal) else None


def test_a_seated_player_or_a_director_acts_for_a_table():
    assert may_act_at_table(seated=True, director=False, table=3) is None
    assert may_act_at_table(seated=False, director=True, table=3) is None
    assert may_act_at_table(seated=False, director=False, table=3) == Refusal(
        Reason.NOT_AT_TABLE, {"table": 3})


def test_anyone_sits_himself_only_a_director_seats_someone_else():
    assert may_seat_someone(someone_else=False, director=False) is None
    assert may_seat_someone(someone_else=True, director=True) is None
    assert reason(may_seat_someone(someone_else=True, director=False)) is Reason.SEAT_SOMEONE_ELSE


def test_anyone_leaves_his_seat_only_a_director_frees_another_players():
    assert may_free_seat(someone_else=False, director=False) is None
    assert may_free_seat(someone_else=True, director=True) is None
    assert reason(may_free_seat(someone_else=True, director=False)) is (
        Reason.FREE_SOMEONE_ELSES_SEAT)


def test_a_seat_is_kept_while_the_board_at_its_table_is_in_play():
    """Between boards (none set, or it ended) a player leaves; while one is in play only a
    director moves him (the choices the laws give a seat are its member's)."""
    assert may_leave_seat(None, director=False) is None
    assert may_leave_seat(board(phase=Phase.FINISHED), director=False) is None
    for phase in (Phase.AUCTION, Phase.PLAY):
        assert may_leave_seat(board(phase=phase), director=False) == Refusal(
            Reason.SEAT_IN_PLAY, {"board": 1, "table": 3})
        assert may_leave_seat(board(phase=phase), director=True) is None


def test_50D2_under_a_ruling_only_a_director_seats_someone_at_the_table():
    """Sitting down is free between boards and before any ruling (players often sit after
    /board set); once a ruling stands on the board in play, the choices it gives a seat are
    its member's, so only a director seats a substitute."""
    assert may_take_seat(None, director=False) is None
    assert may_take_seat(board(phase=Phase.PLAY), director=False) is None
    assert may_take_seat(board(phase=Phase.FINISHED, has_ruling=True), director=False) is None
    for phase in (Phase.AUCTION, Phase.PLAY):
        ruled = board(phase=phase, has_ruling=True)
        assert may_take_seat(ruled, director=False) == Refusal(
            Reason.RULING_ON_BOARD, {"board": 1, "table": 3, "action": Action.SIT, "to": None})
        assert may_take_seat(ruled, director=True) is None


def test_a_board_ends_once():
    for director in (False, True):
        refused = may_end_board(board(phase=Phase.FINISHED), director=director)
        assert refused == Refusal(Reason.ALREADY_ENDED, {"board": 1, "table": 3})


def test_with_a_ruling_on_it_only_a_director_ends_a_board():
    assert may_end_board(board(phase=Phase.PLAY), director=False) is None
    refused = may_end_board(board(phase=Phase.PLAY, has_ruling=True), director=False)
    assert refused is not None and refused.values["action"] is Action.END
    assert may_end_board(board(phase=Phase.PLAY, has_ruling=True), director=True) is None


def test_moving_on_ends_the_board_in_play_and_under_a_ruling_only_a_director_moves():
    current = board(1, phase=Phase.PLAY)
    assert may_set_board(current, None, 2, 3, director=False) == BoardSetPlan(ends_current=True)
    ruled = board(1, phase=Phase.PLAY, has_ruling=True)
    refused = may_set_board(ruled, None, 2, 3, director=False)
    assert isinstance(refused, Refusal) and refused.reason is Reason.RULING_ON_BOARD
    assert refused.values == {"board": 1, "table": 3, "action": Action.MOVE, "to": 2}
    assert may_set_board(ruled, None, 2, 3, director=True) == BoardSetPlan(ends_current=True)


def test_moving_on_from_a_finished_board_ends_nothing():
    done = board(1, phase=Phase.FINISHED, has_ruling=True)
    assert may_set_board(done, None, 2, 3, director=False) == BoardSetPlan()


def test_setting_the_board_in_play_again_ends_nothing():
    current = board(1, phase=Phase.PLAY, has_ruling=True)
    assert may_set_board(current, current, 1, 3, director=False) == BoardSetPlan()


def test_a_board_finished_this_session_is_played_again_only_when_a_director_reopens_it():
    done = board(1, phase=Phase.FINISHED)
    assert may_set_board(None, done, 1, 3, director=False) == Refusal(
        Reason.ALREADY_PLAYED, {"board": 1, "table": 3})
    assert reason(may_set_board(None, done, 1, 3, director=True)) is Reason.ALREADY_PLAYED
    assert reason(may_set_board(None, done, 1, 3, director=False, reopen=True)) is (
        Reason.REOPEN_BY_DIRECTOR)
    assert may_set_board(None, done, 1, 3, director=True, reopen=True) == BoardSetPlan(
        reopens=True)


def test_a_director_reopening_a_board_moves_the_table_off_the_board_in_play():
    current, done = board(2, phase=Phase.PLAY, has_ruling=True), board(1, phase=Phase.FINISHED)
    assert may_set_board(current, done, 1, 3, director=True, reopen=True) == BoardSetPlan(
        ends_current=True, reopens=True)


def test_there_is_nothing_to_reopen_on_a_board_not_ended():
    for target in (None, board(1, phase=Phase.PLAY)):
        assert may_set_board(None, target, 1, 3, director=True, reopen=True) == Refusal(
            Reason.NOTHING_TO_REOPEN, {"board": 1, "table": 3})


def test_for_a_player_the_recorded_auction_names_the_declarer():
    target = board(1, phase=Phase.PLAY, declarer=Seat.S, auction_recorded=True)
    assert may_set_board(target, target, 1, 3, director=False, declarer=Seat.W) == Refusal(
        Reason.AUCTION_MAKES_DECLARER, {"table": 3, "declarer": Seat.S})
    assert may_set_board(target, target, 1, 3, director=False, declarer=Seat.S) == BoardSetPlan()
    assert may_set_board(target, target, 1, 3, director=True, declarer=Seat.W) == BoardSetPlan()


def test_under_a_ruling_only_a_director_changes_the_declarer():
    target = board(1, phase=Phase.PLAY, declarer=Seat.S, has_ruling=True)
    refused = may_set_board(target, target, 1, 3, director=False, declarer=Seat.N)
    assert isinstance(refused, Refusal) and refused.values["action"] is Action.DECLARER
    assert may_set_board(target, target, 1, 3, director=True, declarer=Seat.N) == BoardSetPlan()
    # in the auction, with no declarer known yet, a ruling does not keep a player from naming one
    auction = board(1, has_ruling=True)
    assert may_set_board(auction, auction, 1, 3, director=False, declarer=Seat.N) == (
        BoardSetPlan())


def test_under_a_ruling_only_a_director_changes_the_contract():
    """The rulings on a board were made on its contract (the trump suit, the score an adjustment
    starts from): once one stands, a player cannot change it (a defender typed 7NTXX on a club
    night); he may give it while none is known, or change it while no ruling stands."""
    target = board(1, phase=Phase.PLAY, declarer=Seat.S, contract="4H", has_ruling=True)
    refused = may_set_board(target, target, 1, 3, director=False, contract="7NTXX")
    assert isinstance(refused, Refusal) and refused.values["action"] is Action.CONTRACT
    assert may_set_board(target, target, 1, 3, director=True, contract="7NTXX") == BoardSetPlan()
    assert may_set_board(target, target, 1, 3, director=False, contract="4H") == BoardSetPlan()
    unknown = board(1, phase=Phase.PLAY, declarer=Seat.S, has_ruling=True)
    assert may_set_board(unknown, unknown, 1, 3, director=False, contract="4H") == BoardSetPlan()
    plain = board(1, phase=Phase.PLAY, declarer=Seat.S, contract="4H")
    assert may_set_board(plain, plain, 1, 3, director=False, contract="3NT") == BoardSetPlan()


def test_a_declarer_named_by_someone_else_is_changed_only_by_a_director():
    named = board(1, declarer=Seat.S, declarer_named_by=OTHER)
    assert may_set_board(named, named, 1, 3, director=False, declarer=Seat.W,
                         asker_id=PLAYER) == Refusal(
        Reason.DECLARER_NAMED_BY_SOMEONE_ELSE, {"table": 3, "declarer": Seat.S})
    assert may_set_board(named, named, 1, 3, director=True, declarer=Seat.W,
                         asker_id=PLAYER) == BoardSetPlan()
    own = board(1, declarer=Seat.N, declarer_named_by=PLAYER)  # his own slip, he corrects it
    assert may_set_board(own, own, 1, 3, director=False, declarer=Seat.S,
                         asker_id=PLAYER) == BoardSetPlan()


def test_a_contract_named_by_someone_else_is_changed_only_by_a_director():
    """As the declarer is protected: a club night had a defender turn declarer's 4S into 1S
    before any ruling. Anyone seated gives the contract while none is known; once someone named
    it, only he (his own slip) or a director changes it."""
    named = board(1, phase=Phase.PLAY, declarer=Seat.S, contract="4S", contract_named_by=OTHER)
    assert may_set_board(named, named, 1, 3, director=False, contract="1S",
                         asker_id=PLAYER) == Refusal(
        Reason.CONTRACT_NAMED_BY_SOMEONE_ELSE, {"table": 3, "contract": "4S"})
    assert may_set_board(named, named, 1, 3, director=True, contract="1S",
                         asker_id=PLAYER) == BoardSetPlan()
    assert may_set_board(named, named, 1, 3, director=False, contract="4S",
                         asker_id=PLAYER) == BoardSetPlan()  # the same contract changes nothing
    assert may_set_board(named, named, 1, 3, director=False, contract="6S",
                         asker_id=OTHER) == BoardSetPlan()  # his own slip, he corrects it
    unknown = board(1, phase=Phase.PLAY, declarer=Seat.S)
    assert may_set_board(unknown, unknown, 1, 3, director=False, contract="4S",
                         asker_id=PLAYER) == BoardSetPlan()


def test_for_a_player_the_recorded_auction_makes_the_contract():
    target = board(1, phase=Phase.PLAY, declarer=Seat.S, contract="4S", auction_recorded=True)
    assert may_set_board(target, target, 1, 3, director=False, contract="1S",
                         asker_id=PLAYER) == Refusal(
        Reason.AUCTION_MAKES_CONTRACT, {"table": 3, "contract": "4S"})
    assert may_set_board(target, target, 1, 3, director=True, contract="1S") == BoardSetPlan()


def test_17B_once_a_call_is_recorded_only_a_director_changes_the_dealer():
    """The dealer says who made each recorded call: another dealer moves them all to other
    seats. Before any call a seated player gives or corrects it."""
    called = board(1, dealer=Seat.N, auction_recorded=True)
    assert may_set_board(called, called, 1, 3, director=False, dealer=Seat.E) == Refusal(
        Reason.AUCTION_FIXES_DEALER, {"table": 3, "dealer": Seat.N})
    assert may_set_board(called, called, 1, 3, director=False, dealer=Seat.N) == BoardSetPlan()
    assert may_set_board(called, called, 1, 3, director=True, dealer=Seat.E) == BoardSetPlan()
    quiet = board(1, dealer=Seat.W)
    assert may_set_board(quiet, quiet, 1, 3, director=False, dealer=Seat.N) == BoardSetPlan()


@pytest.mark.parametrize("phase", list(Phase))
def test_board_facts_read_the_state(phase):
    table_state = state.TableState(phase=phase, declarer=Seat.E, dealer=Seat.S)
    facts = BoardFacts.of(4, 2, table_state, has_ruling=True, declarer_named_by=PLAYER)
    assert facts == BoardFacts(4, 2, phase, True, Seat.E, False, PLAYER, dealer=Seat.S)


def test_who_may_choose_lives_here_too():
    assert permissions.may_choose is state.may_choose


def test_50D2_lost_the_lead_is_said_by_declarer_or_dummy_seated_there_or_a_director():
    """The end of W's restriction favours E-W: N or S at that table says it (or a director);
    W's side, or someone at another table, may not."""
    say = permissions.may_say_restriction_over
    for seat in (Seat.N, Seat.S):
        assert say(seat=seat, seated_here=True, restricted=Seat.W, declarer=Seat.S,
                   director=False, table=2) is None
    for seat in (Seat.E, Seat.W):
        assert say(seat=seat, seated_here=True, restricted=Seat.W, declarer=Seat.S,
                   director=False, table=2) == Refusal(Reason.SAY_FOR_OWN_SIDE,
                                                       {"table": 2, "seat": Seat.W})
    assert say(seat=None, seated_here=False, restricted=Seat.W, declarer=Seat.S,
               director=False, table=2) == Refusal(Reason.SAY_NOT_AT_TABLE, {"table": 2})
    assert say(seat=None, seated_here=False, restricted=Seat.W, declarer=Seat.S,
               director=True, table=2) is None
