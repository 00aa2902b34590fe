"""The club night through discord.py's real command tree: two sessions a week apart that reuse
table and board numbers. Nothing carries over, seats are free, each ruling is dated when it was
made, restrictions lapse at the right moment (a 50D2 forbid when the other side leads or the
lapse button is pressed, a 57A instruction with its trick, everything with the session), and
after every step /state, /mustplay and /lead agree (the play-course agreement check)."""

from __future__ import annotations

import datetime as dt

from tests.cogs.lead_agreement import agree as lead_agree
from tests.cogs.lead_agreement import button
from tests.support import seat_everyone


def choice_buttons(message):
    return [b for b in message.buttons if b["custom_id"].startswith("tdbot:choice:")]


async def agree(ld, *, penalty: str | None, restriction: str | None, seat: str = "W"):
    """/state and /mustplay tell the same story: the penalty card (or none) of ``seat`` and the
    restriction (or none) in force; and /state, /mustplay and /lead agree on the lead
    restrictions on ``seat`` (the play-course agreement check)."""
    found = await lead_agree(ld, seat)
    assert (found == set()) == (restriction is None), (found, restriction)
    state = await ld.run("/state", user="Dummy")
    must = await ld.run(f"/mustplay seat:{seat}", user="Dummy")
    assert not state.ephemeral and not must.ephemeral, (state.text, must.text)
    if penalty is None:
        assert "Penalty cards" not in state.text, state.text
        assert "penalty card" not in must.text.lower() or "no penalty card" in must.text.lower()
    else:
        assert penalty in state.text and penalty in must.text, (state.text, must.text)
    if restriction is None:
        assert "may not lead" not in state.text, state.text
    else:
        assert restriction in state.text, state.text
    return state, must


async def test_two_club_nights_a_week_apart(ld, bot, storage, clock):
    guild = ld.guild.id
    # ---------------------------------------------------------------- Monday 16 November
    started = await ld.run("/session start name:Monday pairs", user="Director")
    assert "Monday pairs" in started.text and "2026-11-16" in started.text, started.text
    bound = await ld.run("/table channel number:1", user="Director")
    assert bound.ephemeral and "table 1" in bound.text
    await seat_everyone(ld)
    first = await storage.live_session(guild)
    assert first.name == "Monday pairs"

    board1 = await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    assert "Table 1 is playing board 1" in board1.text, board1.text
    await agree(ld, penalty=None, restriction=None)

    # one command, in the table's channel, for W's own dropped card
    exposed = await ld.run("/exposed cards:SK", user="LHO")
    assert not exposed.ephemeral and "major penalty card" in exposed.text, exposed.text
    await agree(ld, penalty="♠K", restriction=None)

    lead = await ld.run("/lead seat:E trick:2", user="RHO")
    forbid = button(lead.message, "Forbid spades while E keeps the lead")
    assert ":forbid:" in forbid["custom_id"]
    chosen = await ld.press(lead.message, forbid["custom_id"], user="Declarer")
    assert "Chosen by Declarer" in chosen.edits[0].text
    await agree(ld, penalty=None, restriction="may not lead a spade", seat="E")
    assert await lead_agree(ld, "E") == {"forbid:spade"}
    state = await ld.run("/state", user="Dummy")
    assert "E may not lead a spade until his side loses the lead" in state.text, state.text
    assert button(state.message, "E has lost the lead")
    must_e = await ld.run("/mustplay seat:E", user="RHO")
    assert "may not lead a spade" in must_e.text

    # E won trick 2 and leads again: the 50D2 forbid still binds (he kept the lead)
    kept = await ld.run("/lead seat:E trick:3", user="RHO")
    assert "kept the lead" not in kept.text, kept.text  # the trick numbers tell: no question
    assert await lead_agree(ld, "E", kept.text) == {"forbid:spade"}
    # declarer wins trick 3 and leads to trick 4: E's side lost the lead, the forbid lapses
    declarer = await ld.run("/lead seat:S trick:4", user="Declarer")
    assert "no longer binding" in declarer.text, declarer.text
    assert await lead_agree(ld, "E") == set()
    state = await ld.run("/state", user="Dummy")
    assert "may not lead" not in state.text, state.text
    assert not any(b.get("label") == "E has lost the lead" for b in state.message.buttons)
    back = await ld.run("/lead seat:E trick:6", user="RHO")  # E on lead later: free again
    assert "may not lead a spade" not in back.text, back.text
    assert await lead_agree(ld, "E", back.text) == set()

    # a 57A instruction binds one trick only: W plays early to trick 7, declarer has E play
    # his lowest club; it is gone once trick 8 is led
    early = await ld.run("/premature-play card:H9 seat:W led:C trick:7", user="LHO")
    lowest = button(early.message, "E plays his lowest club")
    await ld.press(early.message, lowest["custom_id"], user="Declarer")
    state = await ld.run("/state", user="Dummy")
    assert "lowest card of the suit led to trick 7 only" in state.text, state.text
    assert button(state.message, "E has played to the trick")
    must_e = await ld.run("/mustplay seat:E", user="Dummy")
    assert "lowest" in must_e.text, must_e.text
    assert await lead_agree(ld, "E") == set()  # a play instruction is not a lead restriction
    await ld.run("/lead seat:W trick:8", user="Dummy")
    state = await ld.run("/state", user="Dummy")
    assert "lowest" not in state.text, state.text
    must_e = await ld.run("/mustplay seat:E", user="Dummy")
    assert "lowest" not in must_e.text, must_e.text
    assert await lead_agree(ld, "E") == set() and await lead_agree(ld, "W") == set()

    # after a ruling only a director ends the board; then the table moves on
    refused = await ld.run("/board end", user="Declarer")
    assert refused.ephemeral and "only a director" in refused.content
    ended = await ld.run("/board end table:1", user="Director")
    assert "Board over" in ended.text
    board2 = await ld.run("/board set number:2 dealer:E declarer:N contract:3NT", user="Dummy")
    assert "Table 1 is playing board 2" in board2.text, board2.text
    again = await ld.run("/board set number:1", user="Dummy")
    assert again.ephemeral and "already played at table 1" in again.content
    dropped = await ld.run("/exposed cards:HQ", user="LHO")
    assert "major penalty card" in dropped.text
    await agree(ld, penalty="♥Q", restriction=None)
    monday_rulings = {e.id for e in (await storage.search_log(guild, limit=100)).entries}

    closed = await ld.run("/session end", user="Director")
    assert "Monday pairs" in closed.text and "all seats are free" in closed.text, closed.text
    assert "♥Q" in closed.text  # what lapsed with the board in play is said

    # ---------------------------------------------------------------- a week later
    clock.advance(days=7)
    nothing = await ld.run("/state", user="LHO")
    assert nothing.ephemeral and "No board in play at table 1" in nothing.content
    second = await storage.live_session(guild)
    assert second.id != first.id and second.date == dt.date(2026, 11, 23)
    assert await storage.find_table(guild, 1) is None  # asking made no table
    # RHO takes W, LHO's seat last week
    for who, seat in (("RHO", "W"), ("LHO", "E"), ("Declarer", "S"), ("Dummy", "N")):
        sat = await ld.run(f"/sit table:1 seat:{seat}", user=who)
        assert "You sit" in sat.text, sat.text  # last week's seats are free
    table1 = await storage.find_table(guild, 1)
    assert table1 is not None and table1.session_id == second.id

    reused = await ld.run("/board set number:2 dealer:E declarer:N contract:3NT", user="Dummy")
    assert "Table 1 is playing board 2" in reused.text and "ended" not in reused.text
    await agree(ld, penalty=None, restriction=None)
    small = await ld.run("/exposed cards:D4", user="RHO")  # RHO sits W this week
    assert "minor penalty card" in small.text and "♥Q" not in small.text, small.text
    await agree(ld, penalty="♦4", restriction=None)
    state = await ld.run("/state", user="Dummy")
    assert "♥Q" not in state.text and "♠K" not in state.text
    lead = await ld.run("/lead seat:E", user="LHO")
    assert "♥Q" not in lead.text and "♠K" not in lead.text
    assert "may not lead a spade" not in lead.text, lead.text  # last week's forbid is gone
    assert "E may lead any card" in lead.text, lead.text  # a minor card gives no lead options
    assert await lead_agree(ld, "E", lead.text) == set()
    # W then drops the ♣J (major): at E's next lead declarer (N, "Dummy" this board) forbids
    # clubs (50D2); the /state
    # lapse button, pressed by E's player, ends it
    jack = await ld.run("/exposed cards:CJ", user="RHO")
    assert "major penalty card" in jack.text and "♦4 becomes a major" in jack.text, jack.text
    lead = await ld.run("/lead seat:E trick:2", user="Dummy")  # any player may report
    forbid = button(lead.message, "Forbid clubs while E keeps the lead")
    chosen = await ld.press(lead.message, forbid["custom_id"], user="Dummy")  # N declares
    assert "Chosen by Dummy" in chosen.edits[0].text, chosen.edits
    assert await lead_agree(ld, "E") == {"forbid:club"}
    state = await ld.run("/state", user="Dummy")
    lapsed = await ld.press(state.message, button(state.message, "E has lost the lead")
                            ["custom_id"], user="Dummy")
    assert not lapsed.ephemeral and "no longer have the lead" in lapsed.text, lapsed.text
    assert await lead_agree(ld, "E") == set()
    state = await ld.run("/state", user="Dummy")
    assert "may not lead" not in state.text and "W's ♦4 (major)" in state.text, state.text
    assert "♣J" not in state.text, state.text  # picked up when declarer chose (50D2)

    # the log: each ruling in its own session, dated when it was made
    log = (await storage.search_log(guild, limit=100)).entries
    for entry in log:
        if entry.id in monday_rulings:
            assert entry.session_id == first.id and entry.created_at.date() == dt.date(2026, 11, 16)
        else:
            assert entry.session_id == second.id
            assert entry.created_at.date() == dt.date(2026, 11, 23)
    assert {e.session_name for e in log} == {"Monday pairs", "Session"}
