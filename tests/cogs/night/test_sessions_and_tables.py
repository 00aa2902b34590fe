"""Sessions that start and end by themselves, tables named by number or by channel, and the
phase asked for rather than guessed."""

from __future__ import annotations

import datetime as dt

from tests.support import seat_everyone


async def test_a_new_club_day_starts_a_new_session_by_itself(ld, bot, storage, clock):
    """No director ran /session: the first command of the next evening is in a new session,
    with every seat free and no board carried over; late play past midnight stays one night."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S", user="Declarer")
    await ld.run("/exposed cards:SK", user="LHO")
    first = await storage.live_session(ld.guild.id)
    clock.advance(hours=5)  # 00:00 past midnight: still Monday's club night
    late = await ld.run("/state", user="Dummy")
    assert "♠K" in late.text, late.text
    assert (await storage.live_session(ld.guild.id)).id == first.id
    clock.advance(hours=19)  # Tuesday evening
    state = await ld.run("/state", user="Dummy")
    assert state.ephemeral and "Sit at a table first" in state.text, state.text
    second = await storage.live_session(ld.guild.id)
    assert second.id != first.id and second.date == dt.date(2026, 11, 17)
    assert (await storage.session(ld.guild.id, first.id)).ended_at is not None
    sat = await ld.run("/sit table:1 seat:W", user="RHO")  # LHO's seat yesterday
    assert "You sit West at table 1" in sat.text
    board = await ld.run("/board set number:1 dealer:N declarer:S", user="RHO")
    assert "already played" not in board.text and not board.ephemeral
    state = await ld.run("/state", user="RHO")
    assert "♠K" not in state.text and "Penalty cards" not in state.text


async def test_a_session_gap_in_hours_from_setup(ld, bot, storage, clock):
    """/setup session_gap:3 — a new session after three hours without a ruling, not before."""
    setup = await ld.run(
        "/setup director_role:@Director log_channel:#td-log session_gap:3", user="Director"
    )
    assert "after 3 hours without a ruling" in setup.text, setup.text
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S", user="Declarer")
    first = await storage.live_session(ld.guild.id)
    clock.advance(hours=2)
    await ld.run("/exposed cards:SK", user="LHO")
    clock.advance(hours=2, minutes=30)  # 4.5 h after the start, 2.5 h after the last ruling
    still = await ld.run("/state", user="Dummy")
    assert "♠K" in still.text, still.text
    clock.advance(hours=3)
    gone = await ld.run("/state", user="Dummy")
    assert gone.ephemeral and "Sit at a table first" in gone.text
    assert (await storage.live_session(ld.guild.id)).id != first.id


async def test_a_table_channel_needs_no_table_option(ld, bot, storage):
    """/table channel number:3 in #table-3: a seated player there reports a dropped card with
    one command; a bystander there may read the table's state."""
    bound = await ld.run("/table channel number:3", user="Director", channel="table-3")
    assert bound.ephemeral and "table 3" in bound.text
    sat = await ld.run("/sit table:3 seat:W", user="LHO")
    assert "table 3" in sat.text
    await ld.run("/board set number:7 dealer:S declarer:N", user="LHO", channel="table-3")
    dropped = await ld.run("/exposed cards:HQ", user="LHO", channel="table-3")
    assert not dropped.ephemeral and "♥Q" in dropped.text and "Table 3" in dropped.text
    state = await ld.run("/state", user="Kibitzer", channel="table-3")
    assert "♥Q" in state.text and "Table 3" in state.text
    unbound = await ld.run("/table channel", user="Director", channel="table-3")
    assert "no longer bound" in unbound.text
    state = await ld.run("/state", user="Kibitzer", channel="table-3")
    assert state.ephemeral and "Sit at a table first" in state.text


async def test_director_calls_any_table_of_the_session(ld, bot, storage):
    refused = await ld.run("/director table:7", user="Kibitzer")
    assert refused.ephemeral and "There is no table 7" in refused.text
    await ld.run("/sit table:7 seat:N", user="Declarer")
    called = await ld.run("/director table:7", user="Kibitzer")
    assert called.ephemeral and "Your call (#1) is recorded" in called.text, called.text
    [call] = await storage.open_calls(ld.guild.id)
    assert call.table_number == 7


async def test_asking_about_a_table_creates_nothing(ld, bot, storage):
    """Reading (/state, /mustpass) or a refused report about a table nobody sat at does not
    make it exist: /director table:7 is still refused. A bound channel's table is not made
    by a read there either; /board set makes the table it names."""
    for line, user in (("/state table:7", "Kibitzer"), ("/mustpass seat:N table:7", "Kibitzer"),
                       ("/exposed cards:SK seat:W table:7", "Director")):
        refused = await ld.run(line, user=user)
        assert refused.ephemeral and "table 7" in refused.text, refused.text
    assert await storage.find_table(ld.guild.id, 7) is None
    called = await ld.run("/director table:7", user="Kibitzer")
    assert called.ephemeral and "There is no table 7" in called.text, called.text
    await ld.run("/table channel number:5", user="Director", channel="table-5")
    state = await ld.run("/state", user="Kibitzer", channel="table-5")
    assert state.ephemeral and "table 5" in state.text, state.text
    assert await storage.find_table(ld.guild.id, 5) is None
    await ld.run("/board set number:1 table:7", user="Director")
    assert await storage.find_table(ld.guild.id, 7) is not None


async def test_the_phase_is_asked_when_nothing_tells_it(ld, bot, storage):
    """/board set number:9 with no declarer and no auction: a dropped ♠K is not guessed to be
    an auction exposure; the reporter says when, with a button."""
    await seat_everyone(ld)
    await ld.run("/board set number:9", user="Declarer")
    asked = await ld.run("/exposed cards:SK seat:W", user="RHO")
    assert asked.ephemeral and "during the auction or during the play" in asked.text
    labels = [b["label"] for b in asked.message.buttons]
    assert labels == ["During the auction", "During the play"]
    table = await storage.find_table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id)
    assert await storage.board_events(ld.guild.id, board.id) == ()  # nothing recorded yet
    other = await ld.press(asked.message, "During the play", user="Declarer")
    assert other.ephemeral and "Only the player who reported it" in other.text
    play = await ld.press(asked.message, "During the play", user="RHO")
    assert play.ephemeral and "who is declarer?" in play.text, play.text
    answered = await ld.press(play.message, "Declarer is S", user="RHO")
    assert "major penalty card" in answered.text, answered.text
    assert "must pass" not in answered.text.lower() and "(24" not in answered.text
    state = await ld.run("/state", user="Dummy")
    assert "♠K" in state.text


async def test_the_phase_comes_from_the_recorded_auction(ld, bot, storage):
    """With calls recorded and no declarer the board is in the auction: Law 24, no question."""
    await seat_everyone(ld)
    await ld.run("/board set number:9 dealer:N", user="Declarer")
    await ld.run("/call call:1H", user="Dummy")
    exposed = await ld.run("/exposed cards:SK seat:W", user="LHO")
    assert not exposed.ephemeral and "24" in exposed.text, exposed.text


async def test_session_start_after_players_sat_keeps_their_seats_and_names_them(
    ld, bot, storage
):
    """Issue 22, item 6: the players sat before the director's /session start; the session
    their /sit began becomes his (no empty session left over), each seated player is named in
    the answer, and they report at once without sitting again."""
    await seat_everyone(ld)
    before = await storage.live_session(ld.guild.id)
    started = await ld.run("/session start name:Monday pairs", user="Director")
    assert not started.ephemeral and "seats taken today are kept" in started.text, started.text
    for who in ("Declarer", "Dummy", "LHO", "RHO"):
        assert f"<@{ld.member(who).id}>" in started.message.content
    assert sorted(started.message.pings["users"]) == sorted(
        ld.member(who).id for who in ("Declarer", "Dummy", "LHO", "RHO"))
    sessions = await storage.sessions(ld.guild.id)
    assert [(s.id, s.name) for s in sessions] == [(before.id, "Monday pairs")]
    board = await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    assert "Table 1 is playing board 1" in board.text, board.text
    exposed = await ld.run("/exposed cards:SK", user="LHO")
    assert "major penalty card" in exposed.text, exposed.text
    again = await ld.run("/session start name:Evening", user="Director")  # board 1 was played
    assert "move to the same tables" in again.text, again.text
    sat = await storage.seating(ld.guild.id, ld.member("LHO").id)
    assert sat.table_number == 1 and sat.session_id != before.id


async def test_a_redelivered_session_start_makes_one_session(ld, bot, storage):
    """Discord delivering the same /session start twice, after a board was played: the first
    ends the game in play and starts the new one; the second finds it."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    payload = ld.slash_payload("session start", {"name": "Evening"}, user="Director")
    first = await ld.dispatch(payload)
    await ld.dispatch(dict(payload))
    assert "Evening" in first.text, first.text
    live = [s for s in await storage.sessions(ld.guild.id) if s.ended_at is None]
    assert [s.name for s in live] == ["Evening"]
    assert [s.name for s in await storage.sessions(ld.guild.id)].count("Evening") == 1
    sat = await storage.seating(ld.guild.id, ld.member("Declarer").id)
    assert sat.session_id == live[0].id


def test_a_big_club_is_named_in_messages_discord_accepts():
    """60 tables kept: every seated player named, every message within Discord's 2,000."""
    from cogs.session import start_messages
    from core.seats import Seat
    from core.storage.values import Seating, SessionInfo, SessionStart

    info = SessionInfo(1, 1, dt.date(2026, 11, 16), "Monday pairs", dt.datetime.now(dt.UTC))
    seats = tuple(Seating(1, t, t, seat, 10**17 + 4 * t + i)
                  for t in range(1, 61) for i, seat in enumerate(Seat))
    parts = start_messages(SessionStart(info, seats, moved=True))
    assert len(parts) > 1 and all(len(p) <= 2000 for p in parts)
    text = "\n".join(parts)
    assert all(f"<@{s.user_id}>" in text for s in seats)


async def test_50D2_a_board_ended_by_a_move_names_each_restriction_once(ld, bot, storage):
    """The board set's answer lists what ending the board took with it: a restriction reads
    "E must lead a spade …", once, not "E E must lead …"."""
    from tests.cogs.lead_agreement import button
    from tests.support import seat_everyone

    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    lead = await ld.run("/lead seat:E trick:2", user="RHO")
    await ld.press(lead.message, button(lead.message, "Require a spade lead")["custom_id"],
                   user="Declarer")
    moved = await ld.run("/board set number:2 table:1", user="Director")
    assert "E must lead a spade" in moved.text and "E E " not in moved.text, moved.text


async def _declarer_asked(ld):
    """Table 1 on board 9 with nothing known: RHO reports W's ♠K, says "during the play" and
    is asked who declares (his buttons, answered later)."""
    await seat_everyone(ld)
    await ld.run("/board set number:9", user="Declarer")
    asked = await ld.run("/exposed cards:SK seat:W", user="RHO")
    play = await ld.press(asked.message, "During the play", user="RHO")
    assert play.ephemeral and "who is declarer?" in play.text, play.text
    return play


async def test_48A_a_declarer_named_after_the_table_moved_on_moves_it_back_to_nothing(
    ld, bot, storage
):
    """The table moved to board 10 before RHO answered the question about board 9: his
    "Declarer is S" had set board 9 again at the table (no check: the table's board in play
    changed under everyone) and ruled the ♠K there. Now it is refused, nothing is written."""
    play = await _declarer_asked(ld)
    moved = await ld.run("/board set number:10", user="Declarer")
    assert not moved.ephemeral, moved.text
    table = await storage.find_table(ld.guild.id, 1)
    nine = await storage.find_board(ld.guild.id, table.id, 9)
    late = await ld.press(play.message, "Declarer is S", user="RHO")
    assert late.ephemeral and "no longer applies" in late.text, late.text
    table = await storage.find_table(ld.guild.id, 1)
    assert table.current_board == 10
    assert await storage.find_board(ld.guild.id, table.id, 9) == nine
    ten = await storage.find_board(ld.guild.id, table.id, 10)
    assert ten.declarer is None and await storage.board_events(ld.guild.id, ten.id) == ()


async def test_48A_a_declarer_named_by_a_reporter_no_longer_seated_writes_nothing(
    ld, bot, storage
):
    """A director freed RHO's seat before he answered: the report is refused (he no longer
    sits at table 1) and board 9 keeps no declarer; it had been written before the refusal
    (a refused command writes nothing; a seat's member acts for it)."""
    play = await _declarer_asked(ld)
    freed = await ld.run("/stand table:1 seat:E", user="Director")
    assert "is free" in freed.text, freed.text
    late = await ld.press(play.message, "Declarer is S", user="RHO")
    assert late.ephemeral, late.text
    table = await storage.find_table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id, 9)
    assert board.declarer is None, board
    assert await storage.board_events(ld.guild.id, board.id) == ()
