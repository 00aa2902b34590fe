"""No peeking (issue 24): where the club sets ``/setup no_peeking:True``, every member, not only
a playing director, is blind during the running session to a board he has not played
(counted per member, :func:`core.storage.played.played_boards`). A player at his own table keeps
seeing its state; a director who is not playing is never blind; a refusal writes nothing."""

from __future__ import annotations

import pytest

from core.storage.desk import Desk
from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")

#: The commands that read another table's board, and what they are asked.
READS = [("state", {"table": 1}), ("mustplay", {"seat": "W", "table": 1}),
         ("mustpass", {"seat": "W", "table": 1})]


async def _club_night(ld, storage, *, no_peeking: bool):
    """Table 1 plays board 1 and has a ruling on it; LHO sits at table 2 (with Kibitzer),
    which plays board 1 now (he has not finished it)."""
    await set_up(ld)
    saved = await ld.slash("setup", {"director_role": ld.guild.role("Director"),
                                     "log_channel": ld.guild.channel("td-log"),
                                     "no_peeking": no_peeking}, user="Director")
    assert ("No peeking: on" if no_peeking else "No peeking: off") in saved.text, saved.text
    assert (await Desk(storage).settings(ld.guild.id)).no_peeking is no_peeking
    assert (await ld.run("/sit table:2 seat:W", user="LHO")).ephemeral
    # a board counts as played with company (core.storage.played.PLAYED_WITH)
    assert (await ld.run("/sit table:2 seat:E", user="Kibitzer")).ephemeral
    ruling = await exposure(storage, ld, table=1, board=1, card="HQ")
    two = await storage.table(ld.guild.id, 2)
    await storage.set_board(ld.guild.id, two.id, 1, dealer="N", declarer="S", contract="3NT")
    return ruling, two


async def _refused(ld, storage, ruling_id: int, user: str = "LHO") -> None:
    one = await storage.table(ld.guild.id, 1)
    before = await storage.find_board(ld.guild.id, one.id)
    assert before is not None
    for command, options in [*READS, ("script", {"id": ruling_id})]:
        refused = await ld.slash(command, options, user=user)
        assert refused.ephemeral and "No peeking" in refused.text, (command, refused.text)
        assert "♥Q" not in refused.text and "Table 1" not in refused.text
    after = await storage.find_board(ld.guild.id, one.id)
    assert after is not None and after.last_seq == before.last_seq  # nothing written


async def _sees(ld, ruling_id: int, user: str = "LHO") -> None:
    for command, options in READS:
        seen = await ld.slash(command, options, user=user)
        assert "No peeking" not in seen.text and "Table 1" in seen.text, (command, seen.text)
    script = await ld.slash("script", {"id": ruling_id}, user=user)
    assert "♥Q" in script.text, script.text


async def test_a_player_sees_nothing_of_a_board_he_has_not_played(ld, storage):
    ruling, two = await _club_night(ld, storage, no_peeking=True)
    await _refused(ld, storage, ruling.id)  # his table plays board 1 now: not yet played
    await storage.set_board(ld.guild.id, two.id, 2)  # his table has finished board 1
    await _sees(ld, ruling.id)


async def test_with_the_setting_off_he_sees_at_once(ld, storage):
    ruling, _ = await _club_night(ld, storage, no_peeking=False)
    await _sees(ld, ruling.id)


async def test_his_own_table_and_a_director_not_playing_see_it(ld, storage):
    ruling, _ = await _club_night(ld, storage, no_peeking=True)
    # a player at table 1, where the ruling was made, hears its script while board 1 is played
    assert "RHO sits" in (await ld.run("/sit table:1 seat:E member:RHO", user="Director")).text
    script = await ld.slash("script", {"id": ruling.id}, user="RHO")
    assert "♥Q" in script.text and "No peeking" not in script.text, script.text
    own = await ld.slash("state", {"table": 2}, user="LHO")  # his own table, board 1 in play
    assert "No peeking" not in own.text and "Table 2" in own.text, own.text
    director = await ld.slash("state", {"table": 1}, user="Director")
    assert "Table 1" in director.text, director.text


async def test_a_member_seated_nowhere_sees_no_board_until_the_session_ends(ld, storage):
    ruling, _ = await _club_night(ld, storage, no_peeking=True)
    desk = Desk(storage)
    session = (await storage.event(ld.guild.id, ruling.id)).session_id
    rho = ld.member("RHO").id
    assert await desk.is_blind(ld.guild.id, rho, session, 1)
    assert not await desk.is_blind(ld.guild.id, rho, session, 1, director=True)
    await _refused(ld, storage, ruling.id, user="RHO")
    assert await storage.end_session(ld.guild.id) is not None  # once it has ended: open
    assert not await desk.is_blind(ld.guild.id, rho, session, 1)
    script = await ld.slash("script", {"id": ruling.id}, user="RHO")
    assert "♥Q" in script.text, script.text


async def test_answers_about_a_table_asked_in_another_tables_channel_are_the_askers(ld, storage):
    """#table-2 is table 2's channel: whatever is asked or reported there about table 1 (a
    director's /exposed, /lead, /board set, a player's /state) is answered to the asker alone,
    since table 2's players may not have played table 1's board; in #table-1 the same answers
    are public as before."""
    await set_up(ld)
    ld.guild.add_channel("table-2")
    ld.refresh_guild()
    one, two = ld.guild.channel("table-1"), ld.guild.channel("table-2")
    for number, channel in ((1, one), (2, two)):
        await ld.slash("table channel", {"number": number}, user="Director", channel=channel)
    assert (await ld.run("/sit table:2 seat:N", user="Dummy")).ephemeral
    await exposure(storage, ld, table=1, board=1, card="HQ")
    for user, command in (
        ("Director", "/exposed cards:SA seat:W how:accidental table:1"),
        ("Director", "/lead seat:E table:1"),
        ("Dummy", "/state table:1"),
        ("Director", "/board set number:2 table:1"),
    ):
        answer = await ld.run(command, user=user, channel=two)
        assert answer.ephemeral and not answer.exceptions, (command, answer.text)
        seen_by_all = [m for m in ld.channel_messages(two) if not m.ephemeral]
        assert not [m for m in seen_by_all if "Table 1" in m.text or "Ruling #" in m.text], \
            command
    public = await ld.run("/state table:1", user="Dummy", channel=one)
    assert not public.ephemeral and "Table 1" in public.text


async def test_the_log_leaves_out_a_board_closed_by_no_peeking_and_shows_his_own_tables(
    ld, storage
):
    """With no_peeking, the reporter of table 1's ruling sits at table 2, which plays board 1
    now: his /log search leaves the entry out (he is no playing director; the query does, so
    the count agrees); seated at table 1, where it happened, he sees it, as /script reads it
    to him."""
    ruling, _ = await _club_night(ld, storage, no_peeking=True)
    assert (await ld.run("/sit table:2 seat:S", user="Declarer")).ephemeral
    hidden = await ld.slash("log search", {}, user="Declarer")
    assert "Ruling log: 0 results" in hidden.text and f"#{ruling.id}" not in hidden.text, \
        hidden.text
    assert "♥Q" not in hidden.text
    # board 1 is in play at table 2: he keeps his seat there, so the director moves him
    moved = await ld.run("/sit table:1 seat:S member:Declarer", user="Director")
    assert "Declarer sits South at table 1" in moved.text, moved.text
    shown = await ld.slash("log search", {}, user="Declarer")
    assert "Hidden" not in shown.text and f"#{ruling.id}" in shown.text, shown.text
    assert "♥Q" in (await ld.slash("script", {"id": ruling.id}, user="Declarer")).text


async def test_92_no_peeking_refuses_an_appeal_on_a_board_he_has_not_played(ld, storage):
    """Under no_peeking, a player at table 2 was told by /appeal file that ruling #2 on board 1
    (table 1) had been voided, while /script said "No peeking". The shut-out comes first, for
    /appeal file and /appeal list alike; a player at table 1 still appeals its ruling, and the
    player at table 2 hears the answer once his table has finished the board."""
    ruling, two = await _club_night(ld, storage, no_peeking=True)
    standing = await exposure(storage, ld, table=1, board=1, card="DA")
    await storage.void(ld.guild.id, ruling.id, ld.member("Director").id)
    assert "RHO sits" in (await ld.run("/sit table:1 seat:E member:RHO", user="Director")).text
    filed = await ld.slash("appeal file", {"id": standing.id, "reason": "x"}, user="RHO")
    assert "Appeal #" in filed.text, filed.text
    before = await Desk(storage).appeals(ld.guild.id, event_id=standing.id)
    for command, options in [
        ("appeal file", {"id": ruling.id, "reason": "x"}),
        ("appeal file", {"id": standing.id, "reason": "x"}),
        ("appeal list", {"ruling": standing.id}),
    ]:
        refused = await ld.slash(command, options, user="LHO")
        assert refused.ephemeral and "No peeking" in refused.text, (command, refused.text)
        assert "voided" not in refused.text and "table 1" not in refused.text
    assert await Desk(storage).appeals(ld.guild.id, event_id=standing.id) == before
    await storage.set_board(ld.guild.id, two.id, 2)  # his table has finished board 1
    seen = await ld.slash("appeal file", {"id": ruling.id, "reason": "x"}, user="LHO")
    assert "has been voided" in seen.text, seen.text
