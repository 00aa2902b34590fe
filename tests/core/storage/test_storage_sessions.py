"""Sessions by the clock: when a session is over by itself, what ending one does, and seats
and channels that belong to a session or to the club."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from core.cards import parse_card
from core.laws.exposure import Exposure, How
from core.laws.penalty import PartnerLead
from core.seats import Seat
from core.storage.sessions import club_day, session_due
from tests.core.storage.helpers import GUILD_A, GUILD_B, PLAYER, new_board

UTC = dt.UTC
MONDAY_7PM = dt.datetime(2026, 11, 16, 19, 0, tzinfo=UTC)


class Clock:
    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now


@pytest.fixture
def clock(storage):
    c = Clock(MONDAY_7PM)
    storage.now = c
    return c


def due(now, **kw):
    base = {"time_zone": "UTC", "gap_hours": None, "started": MONDAY_7PM,
            "last_activity": None, "ended": None}
    return session_due(now, **{**base, **kw})


def test_club_day_starts_at_six_in_the_clubs_time_zone():
    assert club_day(dt.datetime(2026, 11, 17, 4, 59, tzinfo=UTC), "UTC") == dt.date(2026, 11, 16)
    assert club_day(dt.datetime(2026, 11, 17, 6, 0, tzinfo=UTC), "UTC") == dt.date(2026, 11, 17)
    # 23:00 UTC is already 10:00 the next day in Kiritimati (UTC+14)
    assert club_day(dt.datetime(2026, 11, 16, 23, 0, tzinfo=UTC), "Pacific/Kiritimati") == \
        dt.date(2026, 11, 17)


def test_session_due_by_club_day_gap_or_end():
    assert not due(MONDAY_7PM + dt.timedelta(hours=9))  # 04:00 Tuesday: still Monday's night
    assert due(MONDAY_7PM + dt.timedelta(hours=11))  # 06:00 Tuesday
    assert due(MONDAY_7PM, ended=MONDAY_7PM)
    late = MONDAY_7PM + dt.timedelta(hours=4)
    assert not due(late, gap_hours=3, last_activity=MONDAY_7PM + dt.timedelta(hours=2))
    assert due(late, gap_hours=3, last_activity=MONDAY_7PM + dt.timedelta(minutes=30))


async def test_a_new_day_starts_a_new_session_and_frees_the_seats(storage, clock):
    board = await new_board(storage)
    await storage.sit(GUILD_A, PLAYER, board.table_id, "W")
    first = await storage.live_session(GUILD_A)
    clock.now += dt.timedelta(days=7)
    second = await storage.live_session(GUILD_A)
    assert second.id != first.id and second.date == dt.date(2026, 11, 23)
    # it ended when play stopped (its board set that evening), not when the week after found it
    assert (await storage.session(GUILD_A, first.id)).ended_at == MONDAY_7PM
    assert await storage.seating(GUILD_A, PLAYER) is None
    table = await storage.table(GUILD_A, 1)
    assert table.session_id == second.id and table.current_board is None


async def test_ending_a_session_ends_its_boards_and_only_this_clubs(storage, clock):
    mine = await new_board(storage)
    ev = Exposure(Seat.W, (parse_card("SK"),), How.ACCIDENTAL)
    await storage.record(GUILD_A, mine.id, ev)
    theirs = await new_board(storage, GUILD_B)
    await storage.sit(GUILD_B, PLAYER, theirs.table_id, "N")
    info, boards = await storage.end_session(GUILD_A)
    assert [b.id for b in boards] == [mine.id] and boards[0].state.penalty_cards
    assert await storage.end_session(GUILD_A) is None  # nothing in play any more
    assert (await storage.find_board(GUILD_B, theirs.table_id)).id == theirs.id
    assert (await storage.seating(GUILD_B, PLAYER)).table_id == theirs.table_id
    # a new session with the same default name on the same day gets a number
    again = await storage.live_session(GUILD_A)
    assert again.id != info.id and again.date == info.date and again.name == "Session (2)"


async def test_a_director_starts_a_fresh_session_by_name(storage, clock):
    """The session in play had a board: it ends, and the new one is named; starting it again
    (a redelivered command) finds it, since nothing has been played in it yet."""
    board = await new_board(storage)
    await storage.sit(GUILD_A, PLAYER, board.table_id, "W")
    first = await storage.start_session(GUILD_A, "Monday pairs", fresh=True)
    second = await storage.start_session(GUILD_A, "Monday pairs", fresh=True)
    assert second.id == first.id != board.session_id and second.name == "Monday pairs"
    assert (await storage.session(GUILD_A, board.session_id)).ended_at is not None
    assert (await storage.seating(GUILD_A, PLAYER)).session_id == first.id


async def test_starting_a_session_keeps_the_seats_taken_before_it_and_leaves_no_empty_one(
    storage, clock
):
    """Players sat before the director's /session start: the session their /sit began, with
    nothing played yet, becomes the director's (renamed), seats and all."""
    table = await storage.table(GUILD_A, 1)
    await storage.sit(GUILD_A, PLAYER, table.id, "W")
    await storage.sit(GUILD_A, PLAYER + 1, table.id, "E")
    started = await storage.begin_session(GUILD_A, "Monday pairs")
    assert started.session.id == table.session_id and started.session.name == "Monday pairs"
    assert not started.moved
    assert sorted((s.seat.value, s.user_id) for s in started.seats) == [
        ("E", PLAYER + 1), ("W", PLAYER)]
    assert [s.id for s in await storage.sessions(GUILD_A)] == [table.session_id]
    assert (await storage.seating(GUILD_A, PLAYER)).table_id == table.id


async def test_starting_a_session_after_one_with_boards_moves_the_seats_to_the_same_tables(
    storage, clock
):
    """An afternoon game with a board at table 3, then the director starts the evening: the
    afternoon ends, and its seats move to table 3 of the evening session."""
    board = await new_board(storage, table=3)
    await storage.sit(GUILD_A, PLAYER, board.table_id, "N")
    started = await storage.begin_session(GUILD_A, "Evening")
    assert started.moved and started.session.id != board.session_id
    [seat] = started.seats
    assert (seat.table_number, seat.seat, seat.user_id) == (3, Seat.N, PLAYER)
    now = await storage.seating(GUILD_A, PLAYER)
    assert (now.session_id, now.table_number, now.seat) == (started.session.id, 3, Seat.N)
    assert await storage.find_board(GUILD_A, now.table_id) is None  # the table starts empty
    assert (await storage.session(GUILD_A, board.session_id)).ended_at is not None


async def test_starting_a_session_frees_the_seats_of_another_day(storage, clock):
    """Last week's seats are not kept."""
    table = await storage.table(GUILD_A, 1)
    await storage.sit(GUILD_A, PLAYER, table.id, "W")
    clock.now += dt.timedelta(days=7)
    started = await storage.begin_session(GUILD_A, "Next Monday")
    assert started.seats == () and started.session.id != table.session_id
    assert await storage.seating(GUILD_A, PLAYER) is None


async def test_two_starts_at_once_make_one_session(storage, clock):
    """Two directors (or a command delivered twice) start the session at the same moment."""
    board = await new_board(storage)
    await storage.sit(GUILD_A, PLAYER, board.table_id, "W")
    a, b = await asyncio.gather(storage.begin_session(GUILD_A, "Monday pairs"),
                                storage.begin_session(GUILD_A, "Monday pairs"))
    assert a.session.id == b.session.id
    live = [s for s in await storage.sessions(GUILD_A) if s.ended_at is None]
    assert [s.id for s in live] == [a.session.id]
    assert (await storage.seating(GUILD_A, PLAYER)).session_id == a.session.id


async def test_a_channel_binding_belongs_to_the_club_across_sessions(storage, clock):
    await storage.bind_channel(GUILD_A, 42, 3)
    found = await storage.table_lookup(GUILD_A, PLAYER, channel_id=42, create=True)
    assert found.channel_table == 3 and found.table.number == 3
    clock.now += dt.timedelta(days=7)
    later = await storage.table_lookup(GUILD_A, PLAYER, channel_id=42, create=True)
    assert later.table.number == 3 and later.table.id != found.table.id
    other = await storage.table_lookup(GUILD_B, PLAYER, channel_id=42)
    assert other.channel_table is None and other.table is None
    await storage.bind_channel(GUILD_A, 42, None)
    assert (await storage.table_lookup(GUILD_A, PLAYER, channel_id=42)).channel_table is None


async def test_a_director_frees_a_seat(storage, clock):
    board = await new_board(storage)
    await storage.sit(GUILD_A, PLAYER, board.table_id, "W")
    freed = await storage.free_seat(GUILD_A, board.table_id, "W")
    assert freed.user_id == PLAYER and await storage.seating(GUILD_A, PLAYER) is None
    assert await storage.free_seat(GUILD_A, board.table_id, "W") is None


async def _offered_choice(storage) -> tuple[object, int]:
    """A board in play whose lead ruling offers declarer a choice: (board, that ruling's id)."""
    board = await new_board(storage)
    await storage.record(GUILD_A, board.id, Exposure(Seat.W, (parse_card("SK"),), How.ACCIDENTAL))
    lead = await storage.record(GUILD_A, board.id, PartnerLead(Seat.E))
    assert lead.ruling.options
    return board, lead.id


async def test_a_choice_on_the_tables_board_is_in_play(storage, clock):
    """Issue 27: a press's one read says whether its board is still the table's board in the
    session in play, so the press needs no table lookup beside it."""
    board, offered = await _offered_choice(storage)
    context = await storage.choice_context(GUILD_A, offered, PLAYER)
    assert context.in_play is True and context.board.id == board.id
    assert context.board.seen is not None  # a recording may start from it


async def test_a_choice_on_a_board_the_table_moved_on_from_is_not_in_play(storage, clock):
    _board, offered = await _offered_choice(storage)
    await new_board(storage, board=2)
    assert (await storage.choice_context(GUILD_A, offered, PLAYER)).in_play is False


async def test_a_choice_of_a_past_session_is_not_in_play(storage, clock):
    _board, offered = await _offered_choice(storage)
    clock.now += dt.timedelta(days=7)
    await new_board(storage)  # next week's table 1 plays board 1 again
    assert (await storage.choice_context(GUILD_A, offered, PLAYER)).in_play is False


async def test_a_choice_in_a_session_active_within_its_gap_is_in_play(storage, clock):
    """A session-gap club's gap counts from the last activity, not the start: four hours
    after the start, with a ruling two hours ago, a 3-hour gap has not passed."""
    await storage.update_club(GUILD_A, session_gap_hours=3)
    board, offered = await _offered_choice(storage)
    clock.now += dt.timedelta(hours=2)
    await storage.record(GUILD_A, board.id, Exposure(Seat.E, (parse_card("D4"),), How.ACCIDENTAL))
    clock.now += dt.timedelta(hours=2)
    assert (await storage.choice_context(GUILD_A, offered, PLAYER)).in_play is True


async def test_a_choice_in_a_session_idle_past_its_gap_is_not_in_play(storage, clock):
    """Idle longer than the club's gap: the session is over, the next one starts (as a table
    lookup would start it), and the choice is history."""
    await storage.update_club(GUILD_A, session_gap_hours=3)
    board, offered = await _offered_choice(storage)
    clock.now += dt.timedelta(hours=4)
    assert (await storage.choice_context(GUILD_A, offered, PLAYER)).in_play is False
    assert (await storage.current_session(GUILD_A)).id != board.session_id
