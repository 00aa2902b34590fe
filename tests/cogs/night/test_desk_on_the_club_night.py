"""The director's desk on night's model, through the real command tree: the appeal deadline
counts from the session's real end, table notes and scripts go to the channel bound to the
table, and a playing director's seat and boards are those of the session in play."""

from __future__ import annotations

import pytest

from tests.support import exposure

pytestmark = pytest.mark.usefixtures("bot")


async def _setup(ld, **extra):
    options = {"director_role": ld.guild.role("Director"),
               "log_channel": ld.guild.channel("td-log"), **extra}
    done = await ld.slash("setup", options, user="Director")
    assert done.ephemeral and "saved" in done.text.lower(), done.text
    return done


async def _appeal(ld, ruling_id: int, reason: str):
    return await ld.slash("appeal file", {"id": ruling_id, "reason": reason}, user="LHO")


async def test_92_appeal_deadline_counts_from_the_end_of_the_session(ld, storage, clock):
    done = await _setup(ld, appeal_minutes=30, appeal_from="session_end")
    assert "30 minutes after the session ends" in done.text, done.text
    await ld.run("/session start name:Monday pairs", user="Director")
    await ld.run("/sit table:1 seat:W", user="LHO")
    recorded = await exposure(storage, ld)
    clock.advance(hours=3)  # a long evening: the session has not ended, appeals are open
    early = await _appeal(ld, recorded.id, "Never exposed")
    assert early.ephemeral and "Appeal #" in early.text, early.text
    ended = await ld.run("/session end", user="Director")
    assert "Monday pairs" in ended.text
    clock.advance(minutes=25)
    in_time = await _appeal(ld, recorded.id, "Still within the half hour")
    assert "Appeal #" in in_time.text, in_time.text
    clock.advance(minutes=10)
    late = await _appeal(ld, recorded.id, "Too late")
    assert late.ephemeral and "Appeal #" not in late.text
    assert "time for appeals" in late.text, late.text
    listed = await ld.slash("appeal list", {"ruling": recorded.id}, user="Director")
    assert "Still within the half hour" in listed.text and "Too late" not in listed.text


async def test_92B_a_session_ended_by_the_clubs_gap_ended_when_play_stopped(
    ld, storage, clock
):
    """Nobody ends Monday's session: the club's 2-hour gap ends it at the next command, and it
    ended when play stopped (its last ruling), not when that command came, so the 3-hour
    deadline runs from the last ruling."""
    await _setup(ld, appeal_minutes=180, appeal_from="session_end", session_gap=2)
    await ld.run("/session start name:Monday pairs", user="Director")
    await ld.run("/sit table:1 seat:W", user="LHO")
    recorded = await exposure(storage, ld)
    monday = await storage.live_session(ld.guild.id)
    clock.advance(hours=2, minutes=30)  # play stopped with the ruling: the gap has passed
    sat = await ld.run("/sit table:1 seat:N", user="Dummy")
    assert "You sit" in sat.text, sat.text
    assert (await storage.live_session(ld.guild.id)).id != monday.id
    ended = (await storage.session(ld.guild.id, monday.id)).ended_at
    assert ended == recorded.created_at, (ended, recorded.created_at)
    clock.advance(minutes=25)  # 2h55 after the last ruling
    in_time = await _appeal(ld, recorded.id, "In time")
    assert "Appeal #" in in_time.text, in_time.text
    clock.advance(minutes=10)  # 3h05 after it (only 35 minutes after the new session began)
    late = await _appeal(ld, recorded.id, "Too late")
    assert "time for appeals" in late.text, late.text


async def test_92B_under_the_wbf_profile_the_deadline_runs_from_published_scores(
    ld, storage, clock
):
    done = await _setup(ld, appeal_minutes=30, authority="WBF")
    assert "after the session's scores are published" in done.text, done.text
    await ld.run("/session start name:Monday pairs", user="Director")
    await ld.run("/sit table:1 seat:W", user="LHO")
    recorded = await exposure(storage, ld)
    await ld.run("/session end", user="Director")
    clock.advance(hours=1)  # the scores are not up yet: appeals are still open
    assert "Appeal #" in (await _appeal(ld, recorded.id, "Still open")).text
    published = await ld.run("/session scores-published", user="Director")
    assert "are published" in published.text, published.text
    refused = await ld.run("/session scores-published", user="LHO")
    assert "Only a director" in refused.text
    clock.advance(minutes=31)
    late = await _appeal(ld, recorded.id, "Too late")
    assert "time for appeals" in late.text, late.text


async def test_92B_an_earlier_sessions_scores_are_published_by_naming_it(ld, storage, clock):
    """Tuesday's session has started before Monday's scores were up: the director names
    Monday's session, its appeals close 30 minutes later; the one in play stays refused."""
    await _setup(ld, appeal_minutes=30, authority="WBF")
    await ld.run("/session start name:Monday pairs", user="Director")
    await ld.run("/sit table:1 seat:W", user="LHO")
    recorded = await exposure(storage, ld)
    await ld.run("/session end", user="Director")
    monday = await storage.current_session(ld.guild.id)
    await ld.run("/session start name:Tuesday pairs", user="Director")
    clock.advance(hours=1)
    latest = await ld.run("/session scores-published", user="Director")
    assert latest.ephemeral and "still being played" in latest.text, latest.text
    published = await ld.run(f"/session scores-published session:{monday.id}", user="Director")
    assert not published.ephemeral, published.text
    assert f"session {monday.id} are published" in published.text, published.text
    again = await ld.run(f"/session scores-published session:{monday.id}", user="Director")
    assert again.ephemeral and "already published" in again.text, again.text
    unknown = await ld.run(f"/session scores-published session:{monday.id + 50}",
                           user="Director")
    assert unknown.ephemeral and "no such session" in unknown.text, unknown.text
    clock.advance(minutes=20)
    assert "Appeal #" in (await _appeal(ld, recorded.id, "In time")).text
    clock.advance(minutes=11)
    late = await _appeal(ld, recorded.id, "Too late")
    assert "time for appeals" in late.text, late.text


# ------------------------------------------------------------ the channel bound to the table


async def _bound_table_channel(ld):
    """#table-1-live is bound to table 1 with /table channel (#table-1 is not)."""
    ld.guild.add_channel("table-1-live")
    ld.refresh_guild()
    bound = await ld.run("/table channel number:1", user="Director", channel="table-1-live")
    assert bound.ephemeral and "table 1" in bound.text, bound.text
    return ld.guild.channel("table-1-live")


async def test_23_table_note_goes_to_the_channel_bound_to_the_table(ld, storage):
    await _setup(ld)
    live = await _bound_table_channel(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    asked = await ld.slash("consult ask", {"question": "Is 2C comparable?"}, user="RHO",
                           channel=ld.guild.channel("table-1"))
    [log_post] = asked.channel_messages
    cid = int(log_post.text.split("#")[1].split(":")[0])
    done = await ld.slash(
        "consult answer", {"id": cid, "answer": "Yes", "table_note": "Partner is not barred."},
        user="Director", channel=ld.guild.channel("td-log"),
    )
    [told] = done.channel_messages
    assert told.channel_id == live.id, (told.channel_id, live.id)
    assert "Partner is not barred." in told.text and "Is 2C comparable?" not in told.text


async def test_23_table_note_without_a_bound_channel_goes_where_the_player_asked(ld, storage):
    await _setup(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    asked = await ld.slash("consult ask", {"question": "Is 2C comparable?"}, user="RHO",
                           channel=ld.guild.channel("table-1"))
    cid = int(asked.channel_messages[0].text.split("#")[1].split(":")[0])
    done = await ld.slash(
        "consult answer", {"id": cid, "answer": "Yes", "table_note": "Partner is not barred."},
        user="Director", channel=ld.guild.channel("td-log"),
    )
    [told] = done.channel_messages
    assert told.channel_id == ld.guild.channel("table-1").id


async def test_23_table_note_is_never_posted_in_the_log_channel(ld, storage):
    """A player who asked from the log channel (table 1 has no channel): the director's note
    for the table is not posted there; the director is told to tell the table himself."""
    await _setup(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    log = ld.guild.channel("td-log")
    asked = await ld.slash("consult ask", {"question": "Is 2C comparable?"}, user="RHO",
                           channel=log)
    cid = int(asked.channel_messages[0].text.split("#")[1].split(":")[0])
    done = await ld.slash(
        "consult answer", {"id": cid, "answer": "Yes", "table_note": "Partner is not barred."},
        user="Director", channel=ld.guild.channel("table-1"),
    )
    assert not [m for m in done.channel_messages if "Partner is not barred." in m.text]
    assert "tell the table yourself" in done.text, done.text


async def test_50D2_script_is_posted_to_the_channel_bound_to_the_table(ld, storage):
    from core.laws.penalty import PartnerLead
    from core.seats import Seat

    await _setup(ld)
    live = await _bound_table_channel(ld)
    recorded = await exposure(storage, ld)
    lead = await storage.record(ld.guild.id, recorded.board_id, PartnerLead(Seat.E),
                                actor_id=ld.member("RHO").id)
    shown = await ld.slash("script", {"id": lead.id}, user="Director",
                           channel=ld.guild.channel("td-log"))
    sent = await ld.press(shown.message, "Post it to the table", user="Director")
    [table_post] = sent.channel_messages
    assert sent.ephemeral and table_post.channel_id == live.id
    assert "What happened" in table_post.text
    assert f"Posted to {live.mention}" in sent.text, sent.text
    chosen = await ld.slash(  # the director may still pick another channel
        "script", {"id": lead.id, "table_channel": ld.guild.channel("table-1")},
        user="Director", channel=ld.guild.channel("td-log"),
    )
    again = await ld.press(chosen.message, "Post it to the table", user="Director")
    assert again.channel_messages[0].channel_id == ld.guild.channel("table-1").id


# ---------------------------------------------------------------- a playing director


async def _playing_at_table_1(ld, storage):
    """The Director sits at table 1 of the session in play (board 1 done, board 2 now) and
    plays."""
    sat = await ld.run("/sit table:1 seat:N", user="Director")
    assert "You sit" in sat.text, sat.text
    await ld.run("/sit table:1 seat:S", user="Dummy")  # a board is played with company
    mine = await storage.table(ld.guild.id, 1)
    await storage.set_board(ld.guild.id, mine.id, 1)
    await storage.set_board(ld.guild.id, mine.id, 2)
    result = await ld.slash("playing", {"playing": True}, user="Director")
    assert "You are playing at table 1" in result.text, result.text


async def test_a_playing_directors_seat_and_boards_are_the_sessions(ld, storage, clock):
    deputy = ld.guild.add_role("Deputies", mentionable=True)
    ld.member("Deputy TD", roles=["Director", "Deputies"])
    ld.refresh_guild()
    await _setup(ld, deputy_role=deputy)
    await ld.run("/session start name:Monday pairs", user="Director")
    await _playing_at_table_1(ld, storage)
    unplayed = await exposure(storage, ld, table=2, board=3, card="HQ")
    played = await exposure(storage, ld, table=2, board=1, card="DJ")
    refused = await ld.slash("script", {"id": unplayed.id}, user="Director")
    assert "not played yet" in refused.text and "♥Q" not in refused.text
    assert "♦J" in (await ld.slash("script", {"id": played.id}, user="Director")).text

    ended = await ld.run("/session end", user="Director")
    assert "all seats are free" in ended.text
    # the evening is over: its boards are open to him (appeals are heard now)
    assert "♥Q" in (await ld.slash("script", {"id": unplayed.id}, user="Director")).text
    # his seat was the session's: he is seated nowhere now
    again = await ld.slash("playing", {"playing": True}, user="Director")
    assert "Sit at your table first" in again.text, again.text

    clock.advance(days=7)
    await ld.run("/session start name:Monday pairs", user="Director")
    await ld.slash("playing", {"playing": True}, user="Director")  # still marked playing
    before_sitting = await exposure(storage, ld, table=2, board=5, card="CA")
    blind = await ld.slash("script", {"id": before_sitting.id}, user="Director")
    assert "not played yet" in blind.text and "♣A" not in blind.text
    sat = await ld.run("/sit table:1 seat:N", user="Director")
    assert "You sit" in sat.text, sat.text
    await ld.run("/sit table:1 seat:S", user="Dummy")
    mine = await storage.table(ld.guild.id, 1)
    await storage.set_board(ld.guild.id, mine.id, 4)
    await storage.set_board(ld.guild.id, mine.id, 5)  # this week: 4 played, 5 now
    # he played board 2 last week, not this week's board 2
    this_week = await exposure(storage, ld, table=2, board=2, card="SQ")
    refused = await ld.slash("script", {"id": this_week.id}, user="Director")
    assert "not played yet" in refused.text and "♠Q" not in refused.text
    blind = await ld.slash("script", {"id": before_sitting.id}, user="Director")
    assert "not played yet" in blind.text  # the board his table is playing now
    played_now = await exposure(storage, ld, table=2, board=4, card="H2")
    assert "♥2" in (await ld.slash("script", {"id": played_now.id}, user="Director")).text
    assert "♥Q" in (await ld.slash("script", {"id": unplayed.id}, user="Director")).text
