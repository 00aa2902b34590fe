"""Who may change what (issue 11, item 5): every attack is refused with a clear ephemeral answer
and leaves the table's state, its seats and the log exactly as they were."""

from __future__ import annotations

import pytest

from tests.support import seat_everyone


def choice_buttons(message):
    return [b for b in message.buttons if b["custom_id"].startswith("tdbot:choice:")]


async def snapshot(storage, ld):
    guild = ld.guild.id
    table = await storage.find_table(guild, 1)
    board = await storage.find_board(guild, table.id)
    seats = sorted((s.seat.value, s.user_id) for s in await storage.seated_at(guild, table.id))
    log = (await storage.search_log(guild, limit=100)).entries
    return (table.current_board, board.id, board.state, tuple(seats),
            tuple((e.id, e.void) for e in log))


@pytest.fixture
async def night(ld, bot, storage):
    """Table 1 seated and on board 1 (S declares 4H) with W's ♠K a penalty card; the Stranger
    sits at table 2, the Kibitzer nowhere."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    exposed = await ld.run("/exposed cards:SK seat:W", user="LHO")
    assert "major penalty card" in exposed.text
    sat = await ld.run("/sit table:2 seat:N", user="Stranger")
    assert "You sit" in sat.text
    ld.member("Kibitzer")  # a member of the club, seated nowhere
    return exposed


def assert_refused(result, words: str) -> None:
    assert result.ephemeral, result.text
    assert words in result.text, result.text
    assert not result.channel_messages


ATTACKS = [
    # a defender makes himself declarer on the board in play
    ("RHO", "/board set number:1 declarer:E", "only a director can change its declarer"),
    ("LHO", "/board set number:1 declarer:W table:1", "only a director can change its declarer"),
    # a seated player moves his table on, or ends the board, after a ruling
    ("Declarer", "/board set number:2", "only a director can end it or move the table"),
    ("Declarer", "/board end", "only a director can end it"),
    # someone from another table, or from nowhere
    ("Stranger", "/board end table:1", "Only a player seated at table 1 or a director"),
    ("Kibitzer", "/board end table:1", "Only a player seated at table 1 or a director"),
    ("Stranger", "/board set number:9 table:1", "Only a player seated at table 1 or a director"),
    ("Kibitzer", "/board set number:9 table:1", "Only a player seated at table 1 or a director"),
    ("Stranger", "/exposed cards:HQ seat:W table:1", "Only a player seated at table 1"),
    ("Kibitzer", "/exposed cards:HQ seat:W table:1", "Only a player seated at table 1"),
    ("Stranger", "/lead seat:E table:1", "Only a player seated at table 1"),
    ("Kibitzer", "/penalty played card:SK table:1", "Only a player seated at table 1"),
    ("Stranger", "/revoke seat:W established:False card:H2 table:1",
     "Only a player seated at table 1"),
    # seats belong to their member for the session; only a director frees or reassigns one
    ("Kibitzer", "/sit table:1 seat:W", "is taken by"),
    ("Stranger", "/stand table:1 seat:W", "Only a director can free another player's seat"),
    ("Declarer", "/sit table:1 seat:W member:Kibitzer", "Only a director can seat someone else"),
    # a player cannot bind a channel, nor start or end a session
    ("Declarer", "/table channel number:3", "Only a director"),
    ("Declarer", "/session end", "Only a director"),
    ("Declarer", "/session start", "Only a director"),
]


@pytest.mark.parametrize(("who", "line", "words"), ATTACKS, ids=[a[1] + " by " + a[0]
                                                                  for a in ATTACKS])
async def test_item5_attack_is_refused_and_changes_nothing(ld, storage, night, who, line, words):
    before = await snapshot(storage, ld)
    result = await ld.run(line, user=who)
    assert_refused(result, words)
    assert await snapshot(storage, ld) == before


async def test_item5_a_defender_cannot_press_declarers_buttons(ld, storage, night):
    """The defender who tried to make himself declarer cannot choose declarer's 50D2 option."""
    lead = await ld.run("/lead seat:E", user="RHO")
    before = await snapshot(storage, ld)
    require = next(b for b in choice_buttons(lead.message) if ":require:" in b["custom_id"])
    for who in ("RHO", "LHO", "Stranger", "Kibitzer"):
        pressed = await ld.press(lead.message, require["custom_id"], user=who)
        assert pressed.ephemeral and "Only the declarer at table 1" in pressed.content
        assert not pressed.edits
    assert await snapshot(storage, ld) == before


async def test_item5_a_director_may_do_each_of_them(ld, storage, night):
    """What the players were refused, a director may do: report for a table he is not at,
    change the declarer, free and reassign a seat, end the board, reopen it."""
    report = await ld.run("/exposed cards:HQ seat:W table:1", user="Director")
    assert not report.ephemeral and "penalty card" in report.text
    # under rulings, a corrected declarer re-rules the board: he confirms the before/after
    preview = await ld.run("/board set number:1 declarer:N table:1", user="Director")
    assert preview.ephemeral and "N declares" in preview.text, preview.text
    changed = await ld.press(preview.message, "Re-rule the board", user="Director")
    assert "Re-ruled" in changed.text, changed.text
    state = await ld.run("/state table:1", user="Director")
    assert "Declarer: N" in state.text, state.text
    freed = await ld.run("/stand table:1 seat:W", user="Director")
    assert freed.ephemeral and "is free" in freed.text
    seated = await ld.run("/sit table:1 seat:W member:Kibitzer", user="Director")
    assert "Kibitzer sits West" in seated.text, seated.text
    ended = await ld.run("/board end table:1", user="Director")
    assert "Board over" in ended.text
    refused = await ld.run("/board set number:1 reopen:True", user="Declarer")
    assert refused.ephemeral and "Only a director can reopen" in refused.text
    reopened = await ld.run("/board set number:1 table:1 reopen:True", user="Director")
    assert "reopened" in reopened.text, reopened.text
    state = await ld.run("/state", user="Declarer")
    assert "♠K" in state.text and "finished" not in state.text


async def test_a_defender_cannot_change_the_contract_declarer_named(ld, bot, storage):
    """A club night, before any ruling: S named 4S, and W's /board set contract:1S changed it.
    The contract is protected as the declarer is: anyone seated gives it while none is known;
    once named, only the player who named it (his own slip) or a director changes it; a
    contract the recorded auction made, only a director."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4S", user="Declarer")
    before = await snapshot(storage, ld)
    changed = await ld.run("/board set number:1 contract:1S", user="LHO")
    assert_refused(changed, "The contract 4S at table 1 was named by someone else: only a "
                            "director can change that.")
    assert await snapshot(storage, ld) == before
    own = await ld.run("/board set number:1 contract:6S", user="Declarer")
    assert "contract 6S" in own.text, own.text
    director = await ld.run("/board set number:1 contract:3NT table:1", user="Director")
    assert "contract 3NT" in director.text, director.text
    # board 2: the auction makes 2H, a defender cannot turn it into something else
    await ld.run("/board set number:2 dealer:N", user="Dummy")
    for who, call in (("Dummy", "1H"), ("RHO", "P"), ("Declarer", "2H"), ("LHO", "P"),
                      ("Dummy", "P"), ("RHO", "P")):
        await ld.run(f"/call call:{call}", user=who)
    made = await ld.run("/board set number:2 contract:1H", user="RHO")
    assert_refused(made, "The auction recorded at table 1 makes the contract 2H")


async def test_board_set_ends_the_board_in_play_and_says_so(ld, bot, storage):
    """Without a ruling on it, a seated player moves the table on; the answer says what went."""
    await seat_everyone(ld)
    await ld.run("/board set number:4 dealer:W", user="Declarer")
    moved = await ld.run("/board set number:5", user="Dummy")
    assert "Board 4 has ended" in moved.text, moved.text
    back = await ld.run("/board set number:4", user="Dummy")
    assert back.ephemeral and "already played at table 1 in this session" in back.text
    assert "reopen:True" in back.text


async def assert_presses_record_nothing(ld, storage, message, custom_id) -> None:
    """Declarer's and the director's presses are told the choice no longer applies, and the
    club's log is as it was."""
    log_before = [e.id for e in (await storage.search_log(ld.guild.id, limit=100)).entries]
    for who in ("Declarer", "Director"):
        pressed = await ld.press(message, custom_id, user=who)
        assert pressed.ephemeral and "no longer applies" in pressed.content
    log_after = [e.id for e in (await storage.search_log(ld.guild.id, limit=100)).entries]
    assert log_after == log_before


async def test_last_weeks_buttons_no_longer_apply(ld, storage, night, clock):
    """A choice left pending when the session ended cannot be made on next week's table."""
    lead = await ld.run("/lead seat:E", user="RHO")
    forbid = next(b for b in choice_buttons(lead.message) if ":forbid:" in b["custom_id"])
    ended = await ld.run("/session end", user="Director")
    assert "has ended" in ended.text
    clock.advance(days=7)
    await ld.run("/sit table:1 seat:S", user="Declarer")
    await ld.run("/board set number:1 dealer:N declarer:S", user="Declarer")
    await assert_presses_record_nothing(ld, storage, lead.message, forbid["custom_id"])


async def test_a_button_left_pending_when_a_new_day_began_no_longer_applies(ld, storage, night,
                                                                         clock):
    """No one ended the session: the next week's first command starts a new one, and the old
    board still holds its pending choice. The press's one read (issue 27: no table lookup
    beside it) finds the board of a past session: the choice is history, nothing is recorded."""
    lead = await ld.run("/lead seat:E", user="RHO")
    forbid = next(b for b in choice_buttons(lead.message) if ":forbid:" in b["custom_id"])
    clock.advance(days=7)
    moved = await ld.run("/board set number:1 dealer:N declarer:S table:1", user="Director")
    assert not moved.ephemeral, moved.text
    await assert_presses_record_nothing(ld, storage, lead.message, forbid["custom_id"])


async def test_17B_once_a_call_is_recorded_only_a_director_changes_the_dealer(ld, bot, storage):
    """A club night: N dealt and 1S P 2S was recorded, then W typed /board set dealer:E, which
    moved every call one seat on (E's 1S, W's 2S) and handed N-S's 2S to E-W. The dealer says
    who made each recorded call (17B), so once one is recorded only a director changes it;
    before any call, a seated player still gives or corrects it."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:W", user="Dummy")
    slip = await ld.run("/board set number:1 dealer:N", user="LHO")  # no call yet: his slip
    assert "Dealer N" in slip.text, slip.text
    for who, call in (("Dummy", "1S"), ("RHO", "P"), ("Declarer", "2S")):
        await ld.run(f"/call call:{call}", user=who)
    before = await snapshot(storage, ld)
    for who in ("LHO", "Declarer"):
        moved = await ld.run("/board set number:1 dealer:E", user=who)
        assert_refused(moved, "Calls are recorded at table 1 with N as dealer: only a director "
                              "can change the dealer.")
        assert await snapshot(storage, ld) == before
    same = await ld.run("/board set number:1 dealer:N", user="LHO")  # the same dealer: nothing
    assert not same.ephemeral and "Dealer N" in same.text, same.text
    director = await ld.run("/board set number:1 dealer:E table:1", user="Director")
    assert "Dealer E" in director.text, director.text
