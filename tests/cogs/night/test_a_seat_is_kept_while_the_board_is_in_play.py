"""A seat belongs to one member for the session: while the board at his table is in play (set
and not ended) a player cannot leave it — not with /stand, not by sitting elsewhere — so that
nobody else can sit down and make the choices the laws give that seat (declarer's options after
a lead out of turn, Law 54; after a penalty card, 50D2). Between boards he may. A director
reseats anyone at any time, and a choice is then the new member's: the presser is checked
against the seat's member inside the choice's write."""

from __future__ import annotations

import pytest

from tests.cogs.lead_agreement import button
from tests.support import seat_everyone

IN_PLAY = "Board 1 is in play at table 1"


def choice_buttons(message):
    return [b for b in message.buttons if b["custom_id"].startswith("tdbot:choice:")]


async def where(storage, ld, *names):
    """Each member's (table, seat), or None where he sits nowhere."""
    found = []
    for name in names:
        seating = await storage.seating(ld.guild.id, ld.member(name).id)
        found.append(None if seating is None else (seating.table_number, seating.seat.value))
    return found


async def snapshot(storage, ld):
    """Table 1's board and everyone's seat, and the club's log."""
    guild = ld.guild.id
    table = await storage.find_table(guild, 1)
    board = await storage.find_board(guild, table.id)
    log = (await storage.search_log(guild, limit=100)).entries
    seats = await where(storage, ld, "Declarer", "Dummy", "LHO", "RHO", "Stranger", "Kibitzer")
    return (table.current_board, board.id, board.state, tuple(seats),
            tuple((e.id, e.void) for e in log))


@pytest.fixture
async def night(ld, bot, storage):
    """Table 1 seated, on board 1 (S declares 4H), W's ♠K a penalty card, E has led out of
    turn: declarer's choice is pending. The Stranger sits at table 2, the Kibitzer nowhere."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    exposed = await ld.run("/exposed cards:SK seat:W", user="LHO")
    assert "major penalty card" in exposed.text
    assert "You sit" in (await ld.run("/sit table:2 seat:N", user="Stranger")).text
    ld.member("Kibitzer")
    lead = await ld.run("/lead seat:E", user="RHO")
    assert choice_buttons(lead.message), lead.text
    return lead


def assert_kept(result) -> None:
    """One ephemeral line: the board is in play, a director can reseat him."""
    assert result.ephemeral, result.text
    assert IN_PLAY in result.text and "director" in result.text, result.text
    assert "\n" not in result.text.strip(), result.text
    assert not result.channel_messages


UNDER_RULING = ("Board 1 at table 1 has a ruling on it: only a director can seat a player "
                "there.")


def assert_refused_under_ruling(result) -> None:
    assert result.ephemeral, result.text
    assert result.text.strip() == UNDER_RULING, result.text
    assert not result.channel_messages


LEAVING = [
    ("Declarer", "/stand"),
    ("LHO", "/stand"),
    ("LHO", "/stand table:1 seat:W"),  # his own seat named: the same as /stand
    ("Declarer", "/sit table:2 seat:E"),  # another table
    ("Dummy", "/sit table:3 seat:N"),  # a table nobody sits at yet
]


@pytest.mark.parametrize(("who", "line"), LEAVING, ids=[f"{c} by {w}" for w, c in LEAVING])
async def test_seat_kept_while_the_board_is_in_play_leaving_is_refused_and_writes_nothing(
        ld, storage, night, who, line):
    before = await snapshot(storage, ld)
    assert_kept(await ld.run(line, user=who))
    assert await snapshot(storage, ld) == before


async def test_seat_kept_while_the_board_is_in_play_moving_to_a_free_seat_of_the_table_too(
        ld, storage, night):
    """A seat freed by the director at the same table does not let another player swap in."""
    freed = await ld.run("/stand table:1 seat:N", user="Director")
    assert "is free" in freed.text, freed.text
    before = await snapshot(storage, ld)
    assert_kept(await ld.run("/sit table:1 seat:N", user="Declarer"))
    assert await snapshot(storage, ld) == before
    # under a ruling, the Kibitzer, seated nowhere, may not sit down there either: a director
    # seats a substitute
    assert_refused_under_ruling(await ld.run("/sit table:1 seat:N", user="Kibitzer"))
    assert await snapshot(storage, ld) == before


async def test_seat_kept_while_the_board_is_in_play_sitting_again_in_ones_own_seat_is_no_move(
        ld, storage, night):
    again = await ld.run("/sit table:1 seat:S", user="Declarer")
    assert "You sit South at table 1" in again.text, again.text
    assert await where(storage, ld, "Declarer") == [(1, "S")]


async def test_seat_free_between_boards_once_the_board_has_ended(ld, bot, storage):
    await seat_everyone(ld)
    assert "You left" in (await ld.run("/stand", user="RHO")).text  # no board set yet
    assert "You sit" in (await ld.run("/sit table:1 seat:E", user="RHO")).text
    await ld.run("/board set number:1 dealer:N", user="Declarer")
    assert_kept(await ld.run("/stand", user="RHO"))
    ended = await ld.run("/board end", user="Declarer")
    assert "Board over" in ended.text, ended.text
    left = await ld.run("/stand table:1 seat:E", user="RHO")  # naming his own seat
    assert left.ephemeral and "You left East at table 1" in left.text, left.text
    moved = await ld.run("/sit table:2 seat:W", user="Dummy")
    assert "You sit West at table 2" in moved.text, moved.text
    assert await where(storage, ld, "RHO", "Dummy") == [None, (2, "W")]


async def test_seat_kept_while_the_board_is_in_play_a_director_still_reseats_anyone(
        ld, storage, night):
    """A substitute mid-board: the director seats him (moving the player off), frees a seat,
    moves a player from a board in play to another table, and leaves his own seat."""
    seated = await ld.run("/sit table:1 seat:S member:Kibitzer", user="Director")
    assert "Kibitzer sits South at table 1" in seated.text, seated.text
    freed = await ld.run("/stand table:1 seat:W", user="Director")
    assert freed.ephemeral and "is free" in freed.text, freed.text
    moved = await ld.run("/sit table:2 seat:E member:RHO", user="Director")
    assert "RHO sits East at table 2" in moved.text, moved.text
    assert await where(storage, ld, "Kibitzer", "Declarer", "LHO", "RHO") == [
        (1, "S"), None, None, (2, "E")]
    assert "You sit West" in (await ld.run("/sit table:1 seat:W", user="Director")).text
    assert "You left" in (await ld.run("/stand", user="Director")).text


async def test_54A_declarers_choice_belongs_to_the_member_seated_as_declarer_after_a_reseat(
        ld, storage, night):
    """The director seats the Kibitzer as South mid-board: the player who sat there is no
    longer declarer, nor is anyone else but the new South (or a director)."""
    lead = night
    require = next(b for b in choice_buttons(lead.message) if ":require:" in b["custom_id"])
    await ld.run("/sit table:1 seat:S member:Kibitzer", user="Director")
    before = await snapshot(storage, ld)
    for who in ("Declarer", "RHO", "Stranger"):
        pressed = await ld.press(lead.message, require["custom_id"], user=who)
        assert pressed.ephemeral and "Only the declarer at table 1" in pressed.content, who
        assert not pressed.edits
    assert await snapshot(storage, ld) == before
    chosen = await ld.press(lead.message, require["custom_id"], user="Kibitzer")
    assert "Chosen by Kibitzer" in chosen.edits[0].text, chosen.edits


async def test_54A_declarers_choice_checks_the_seat_inside_its_write(
        ld, storage, night, monkeypatch):
    """The director reseats South between the press's read and its write: the write finds
    the presser no longer in the seat, the press is checked again and refused, nothing is
    written."""
    lead = night
    require = next(b for b in choice_buttons(lead.message) if ":require:" in b["custom_id"])
    table = await storage.find_table(ld.guild.id, 1)
    real = storage.choice_context
    reseated = []

    async def read_then_reseated(*args, **kwargs):
        read = await real(*args, **kwargs)
        if not reseated:  # a director's /sit … member lands just after the read
            reseated.append(await storage.sit(ld.guild.id, ld.member("Kibitzer").id,
                                              table.id, "S", take_over=True))
        return read

    monkeypatch.setattr(storage, "choice_context", read_then_reseated)
    log_before = (await storage.search_log(ld.guild.id, limit=100)).entries
    pressed = await ld.press(lead.message, require["custom_id"], user="Declarer")
    assert reseated
    assert pressed.ephemeral and "Only the declarer at table 1" in pressed.content, pressed
    assert not pressed.edits
    assert (await storage.search_log(ld.guild.id, limit=100)).entries == log_before


async def test_50D2_nobody_sits_down_under_a_ruling_to_make_declarers_choice(ld, bot, storage):
    """A club night: South had not sat, W's ♠K was a penalty card and E led out of turn; a
    member seated nowhere sat down as South and chose declarer's 50D2 option. While a board in
    play has a ruling on it, only a director seats someone there (a substitute); the refusal
    writes nothing, and the choice stays declarer's."""
    for who, seat in (("Dummy", "N"), ("LHO", "W"), ("RHO", "E")):
        assert "You sit" in (await ld.run(f"/sit table:1 seat:{seat}", user=who)).text
    await ld.run("/board set number:1 dealer:N declarer:S contract:4S", user="Dummy")
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    lead = await ld.run("/lead seat:E trick:2", user="RHO")
    require = next(b for b in choice_buttons(lead.message) if ":require:" in b["custom_id"])
    assert "You sit" in (await ld.run("/sit table:2 seat:N", user="Stranger")).text
    before = await snapshot(storage, ld)
    for who in ("Kibitzer", "Stranger"):  # seated nowhere, or at a table between boards
        assert_refused_under_ruling(await ld.run("/sit table:1 seat:S", user=who))
        assert await snapshot(storage, ld) == before
        pressed = await ld.press(lead.message, require["custom_id"], user=who)
        assert pressed.ephemeral and "Only the declarer at table 1" in pressed.content
        assert not pressed.edits
    assert await snapshot(storage, ld) == before
    seated = await ld.run("/sit table:1 seat:S member:Declarer", user="Director")
    assert "Declarer sits South at table 1" in seated.text, seated.text
    chosen = await ld.press(lead.message, require["custom_id"], user="Declarer")
    assert "Chosen by Declarer" in chosen.edits[0].text, chosen.edits


async def test_50D2_before_any_ruling_a_player_sits_down_after_the_board_is_set(
        ld, bot, storage):
    """Players often sit after /board set: before any ruling on the board, a free seat is
    anyone's to take."""
    for who, seat in (("Dummy", "N"), ("LHO", "W"), ("RHO", "E")):
        assert "You sit" in (await ld.run(f"/sit table:1 seat:{seat}", user=who)).text
    await ld.run("/board set number:1 dealer:N", user="Dummy")
    await ld.run("/call call:1S", user="Dummy")  # the table's record, no ruling
    sat = await ld.run("/sit table:1 seat:S", user="Declarer")
    assert "You sit South at table 1" in sat.text, sat.text


@pytest.mark.parametrize("report", ["/exposed cards:HA seat:E table:1",
                                    "/lead seat:W trick:2 table:1"])
async def test_a_report_checks_the_reporters_seat_inside_its_write(
        ld, storage, night, monkeypatch, report):
    """A director frees RHO's seat between the report's read and its write: the write finds
    him no longer seated at table 1, the report is checked again and refused (only a player
    seated there or a director reports for a table), nothing is written."""
    table = await storage.find_table(ld.guild.id, 1)
    real = storage.table_lookup
    freed = []

    async def read_then_freed(*args, **kwargs):
        read = await real(*args, **kwargs)
        if not freed:  # a director's /stand table:1 seat:E lands just after the read
            freed.append(await storage.free_seat(ld.guild.id, table.id, "E"))
        return read

    monkeypatch.setattr(storage, "table_lookup", read_then_freed)
    before = await snapshot(storage, ld)
    refused = await ld.run(report, user="RHO")
    assert freed
    assert refused.ephemeral and "Only a player seated at table 1" in refused.text, refused.text
    after = await snapshot(storage, ld)
    assert after[:3] == before[:3] and after[4] == before[4]  # board and log as they were


def freed_after_read(storage, ld, monkeypatch, read, seat):
    """A director's ``/stand table:1 seat:<seat>`` lands just after the command's ``read``
    (a Storage method): the list it returns holds what was freed, once it has been."""
    real = getattr(storage, read)
    freed = []

    async def read_then_freed(*args, **kwargs):
        result = await real(*args, **kwargs)
        if not freed:
            table = await storage.find_table(ld.guild.id, 1)
            freed.append(await storage.free_seat(ld.guild.id, table.id, seat))
        return result

    monkeypatch.setattr(storage, read, read_then_freed)
    return freed


async def test_board_end_checks_the_players_seat_inside_its_write(ld, bot, storage, monkeypatch):
    """/board end by declarer (no ruling on the board, so a player may end it): a director
    frees his seat between the command's read and its write. The write finds him no longer
    seated at table 1 and the command is checked again and refused; the board stays in play
    (only a player seated there or a director ends a table's board)."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    before = await snapshot(storage, ld)  # (it reads the seats: before the race is set)
    freed = freed_after_read(storage, ld, monkeypatch, "table_lookup", "S")
    refused = await ld.run("/board end table:1", user="Declarer")
    assert freed
    assert refused.ephemeral and "Only a player seated at table 1" in refused.text, refused.text
    after = await snapshot(storage, ld)
    assert after[:3] == before[:3] and after[4] == before[4]  # board and log as they were


async def test_57A_the_lapse_button_checks_the_pressers_seat_inside_its_write(
        ld, bot, storage, monkeypatch):
    """"E has played to the trick" (W's premature play, 57A: E plays his lowest club at trick
    6), pressed by dummy: a director frees dummy's seat between the press's read and its
    write. The write finds him no longer seated at table 1 and the press is checked again and
    refused; E's instruction still stands (only declarer's side seated there, or a director,
    says a restriction is over)."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    early = await ld.run("/premature-play card:H9 seat:W led:C trick:6", user="LHO")
    await ld.press(early.message, button(early.message, "E plays his lowest club")["custom_id"],
                   user="Declarer")
    state = await ld.run("/state", user="Dummy")
    lapse = button(state.message, "E has played to the trick")
    before = await snapshot(storage, ld)  # (it reads the seats: before the race is set)
    freed = freed_after_read(storage, ld, monkeypatch, "seating", "N")
    refused = await ld.press(state.message, lapse["custom_id"], user="Dummy")
    assert freed
    assert refused.ephemeral and "seated at table 1" in refused.content, refused.content
    after = await snapshot(storage, ld)
    assert after[:3] == before[:3] and after[4] == before[4]  # board and log as they were
