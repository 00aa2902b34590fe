"""Clubs and their settings, sessions, tables, boards and seat bindings."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from core.seats import Seat, SeatError
from core.storage.errors import Conflict, NotFound, StorageError
from core.storage.values import ClubSettings
from tests.core.storage.helpers import GUILD_A, GUILD_B, PLAYER, new_board

OTHER_PLAYER = PLAYER + 1
needs_tz = pytest.mark.skipif(
    "Europe/London" not in zoneinfo.available_timezones(),
    reason="no time zone database (install tzdata)",
)


async def test_a_guild_gets_a_club_with_default_settings(storage):
    """First use creates the club: UTC, the 2017 Laws, English, nothing configured."""
    assert await storage.find_club(GUILD_A) is None
    club = await storage.club(GUILD_A)
    assert club == ClubSettings(GUILD_A, None, None, "UTC", "2017", "en")
    assert await storage.club(GUILD_A) == club
    assert await storage.find_club(GUILD_A) == club


@needs_tz
async def test_settings_update_changes_only_what_is_given(storage):
    """/setup stores the director role, the log channel and the time zone."""
    await storage.update_club(GUILD_A, director_role_id=5, log_channel_id=6)
    club = await storage.update_club(GUILD_A, time_zone="Europe/London")
    assert (club.director_role_id, club.log_channel_id, club.time_zone) == (
        5, 6, "Europe/London")
    cleared = await storage.update_club(GUILD_A, log_channel_id=None, language="fr")
    assert (cleared.log_channel_id, cleared.language, cleared.director_role_id) == (None, "fr", 5)


@pytest.mark.parametrize(
    "change",
    [
        {"time_zone": "Mars/Olympus"},
        {"time_zone": "../../etc/passwd"},
        {"law_edition": "2007"},
        {"language": "english please"},
    ],
)
async def test_bad_settings_are_refused(storage, change):
    """A time zone, law edition or language that does not exist is a clear StorageError."""
    with pytest.raises(StorageError):
        await storage.update_club(GUILD_A, **change)


async def test_sessions_are_found_by_date_and_name(storage):
    """Starting the same session twice finds it; another name is another session."""
    day = dt.date(2025, 3, 14)
    first = await storage.start_session(GUILD_A, "Friday pairs", date=day)
    assert await storage.start_session(GUILD_A, "Friday pairs", date=day) == first
    other = await storage.start_session(GUILD_A, "Friday teams", date=day)
    assert other.id != first.id
    assert (await storage.current_session(GUILD_A)).id == other.id
    assert [s.id for s in await storage.sessions(GUILD_A)] == [other.id, first.id]
    assert await storage.session(GUILD_A, first.id) == first


@needs_tz
async def test_a_session_defaults_to_today_in_the_club_time_zone(storage):
    """Without a date the session is dated today where the club is."""
    await storage.update_club(GUILD_A, time_zone="Pacific/Kiritimati")  # UTC+14
    storage.now = lambda: dt.datetime(2026, 11, 16, 19, 0, tzinfo=dt.UTC)  # 09:00 on the 17th
    session = await storage.start_session(GUILD_A)
    assert session.date == dt.date(2026, 11, 17)
    assert session.name == "Session"
    assert (await storage.start_session(GUILD_A, "   ")).id == session.id


async def test_tables_belong_to_the_current_session(storage):
    """A table number means a table of the current session, made on first use."""
    t1 = await storage.table(GUILD_A, 3)
    assert await storage.table(GUILD_A, 3) == t1
    assert await storage.find_table(GUILD_A, 3) == t1
    assert await storage.find_table(GUILD_A, 4) is None
    later = await storage.start_session(GUILD_A, "Evening", date=dt.date(2099, 1, 1))
    t1_later = await storage.table(GUILD_A, 3)
    assert t1_later.session_id == later.id and t1_later.id != t1.id
    assert await storage.find_table(GUILD_A, 3, session_id=t1.session_id) == t1


async def test_set_board_makes_it_the_tables_current_board(storage):
    """/board set: the table moves on to that board; find_board without a number finds it."""
    b1 = await new_board(storage, board=1)
    b2 = await new_board(storage, board=2, declarer="E", dealer="E", contract="3NT")
    assert (await storage.find_board(GUILD_A, b1.table_id)).id == b2.id
    assert (await storage.find_board(GUILD_A, b1.table_id, 1)).id == b1.id
    assert (await storage.find_board(GUILD_A, b1.table_id)).declarer is Seat.E
    assert await storage.find_board(GUILD_A, b1.table_id, 9) is None


@pytest.mark.parametrize("number", [0, -1, 10_001])
async def test_board_and_table_numbers_must_be_sensible(storage, number):
    """Numbers outside 1..10000 are refused."""
    with pytest.raises(StorageError):
        await storage.table(GUILD_A, number)
    table = await storage.table(GUILD_A, 1)
    with pytest.raises(StorageError):
        await storage.set_board(GUILD_A, table.id, number)


async def test_set_board_with_a_bad_seat_is_a_seat_error(storage):
    """'declarer: Q' is refused by the seat parser before anything is stored."""
    table = await storage.table(GUILD_A, 1)
    with pytest.raises(SeatError):
        await storage.set_board(GUILD_A, table.id, 1, declarer="Q")


async def test_sit_and_stand(storage):
    """/sit binds a user to a seat; /stand unbinds him; moving seats leaves the old one."""
    table = await storage.table(GUILD_A, 2)
    seat = await storage.sit(GUILD_A, PLAYER, table.id, "west")
    assert (seat.table_number, seat.seat, seat.user_id) == (2, Seat.W, PLAYER)
    assert await storage.seating(GUILD_A, PLAYER) == seat
    moved = await storage.sit(GUILD_A, PLAYER, table.id, Seat.N)
    assert moved.seat is Seat.N
    assert [s.seat for s in await storage.seated_at(GUILD_A, table.id)] == [Seat.N]
    assert await storage.stand(GUILD_A, PLAYER) == moved
    assert await storage.seating(GUILD_A, PLAYER) is None
    assert await storage.stand(GUILD_A, PLAYER) is None


async def test_a_taken_seat_is_refused_unless_taken_over(storage):
    """Two people cannot hold one seat; take_over moves the first one out."""
    table = await storage.table(GUILD_A, 1)
    await storage.sit(GUILD_A, PLAYER, table.id, "S")
    with pytest.raises(Conflict, match="taken"):
        await storage.sit(GUILD_A, OTHER_PLAYER, table.id, "S")
    await storage.sit(GUILD_A, OTHER_PLAYER, table.id, "S", take_over=True)
    assert await storage.seating(GUILD_A, PLAYER) is None
    assert (await storage.seating(GUILD_A, OTHER_PLAYER)).seat is Seat.S


async def test_a_user_sits_once_per_guild_but_may_sit_in_two_guilds(storage):
    """A seat binding is per guild."""
    ta = await storage.table(GUILD_A, 1)
    tb = await storage.table(GUILD_B, 1)
    await storage.sit(GUILD_A, PLAYER, ta.id, "E")
    await storage.sit(GUILD_B, PLAYER, tb.id, "W")
    assert (await storage.seating(GUILD_A, PLAYER)).seat is Seat.E
    assert (await storage.seating(GUILD_B, PLAYER)).seat is Seat.W


async def test_unknown_guild_reads_are_empty_and_writes_need_a_table(storage):
    """A guild that never used the bot has nothing, and cannot record on a board."""
    assert await storage.current_session(GUILD_B) is None
    assert await storage.sessions(GUILD_B) == ()
    assert await storage.seating(GUILD_B, PLAYER) is None
    with pytest.raises(NotFound):
        await storage.board(GUILD_B, 1)
