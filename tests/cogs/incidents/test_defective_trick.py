"""/fifth-card (Law 45E) and /defective-trick (Law 67) through the real tree: the ruling is
public and numbered, the table's state follows it, bad facts are one private line and record
nothing."""

from __future__ import annotations

import pytest


async def _board_state(storage, ld):
    table = await storage.find_table(ld.guild.id, 1)
    return (await storage.find_board(ld.guild.id, table.id)).state


async def test_45E1_a_defenders_fifth_card_is_a_penalty_card_on_the_table(ld, bot, board):
    result = await ld.run("/fifth-card card:SK seat:W trick:3", user="Declarer")
    assert not result.ephemeral, result.text
    assert result.embed["footer"]["text"].startswith("Ruling #")
    laws = next(f["value"] for f in result.embed["fields"] if f["name"] == "Laws")
    assert "45E1" in laws and "50B" in laws
    assert "fifth card" in result.text
    state = await ld.run("/state", user="Declarer")
    assert "W's ♠K (major)" in state.text
    must = await ld.run("/mustplay seat:W", user="LHO")
    assert "♠K" in must.text


async def test_45E1_your_own_card_needs_no_seat(ld, bot, board, storage):
    """The reporter's own seat by default; dropped on the trick, a spot card is minor (50B)."""
    result = await ld.run("/fifth-card card:C4 how:accidental", user="RHO")
    assert not result.ephemeral, result.text
    assert [p.token for p in (await _board_state(storage, ld)).penalty_cards] == ["E:C4:minor"]


async def test_45E2_dummys_fifth_card_goes_back_with_no_penalty(ld, bot, board, storage):
    result = await ld.run("/fifth-card card:HQ seat:N", user="Declarer")
    assert not result.ephemeral, result.text
    assert "45E2" in result.text and "Law 55" in result.text
    assert (await _board_state(storage, ld)).penalty_cards == ()


async def test_67B1_a_card_omitted_found_late_transfers_one_trick(ld, bot, board, storage):
    result = await ld.run("/defective-trick defect:omitted seat:W late:True card:H2 led:H "
                          "trick:5 side_won:True", user="Declarer")
    assert not result.ephemeral, result.text
    assert result.embed["footer"]["text"].startswith("Ruling #")
    assert "1 trick goes to N-S" in result.text and "64A2" in result.text
    assert (await _board_state(storage, ld)).tricks_transferred == 1


async def test_67A2_too_many_cards_in_time_leaves_a_penalty_card(ld, bot, board, storage):
    result = await ld.run("/defective-trick defect:too_many seat:E cards:D5 D9 kept:D5 trick:2",
                          user="Declarer")
    assert not result.ephemeral, result.text
    assert "67A2" in result.text and "45E1" in result.text
    assert [p.token for p in (await _board_state(storage, ld)).penalty_cards] == ["E:D9:major"]


async def test_67B2_the_extra_card_goes_back_to_the_hand(ld, bot, board, storage):
    result = await ld.run("/defective-trick defect:too_many seat:E late:True cards:D5 D9 led:D",
                          user="Declarer")
    assert not result.ephemeral, result.text
    assert "♦9 stays" in result.text and "67B2" in result.text  # the highest diamond stays
    assert (await _board_state(storage, ld)).penalty_cards == ()


BAD = [
    ("/defective-trick defect:too_many seat:E late:True cards:D5 D9", "suit led"),
    ("/defective-trick defect:too_many seat:E late:True cards:D5 D9 kept:DK", "kept"),
    ("/defective-trick defect:misplaced seat:S card:SK", "67B3"),
    ("/defective-trick defect:misplaced seat:S late:True", "card"),
    ("/fifth-card card:S1 seat:W", "S1"),
]


@pytest.mark.parametrize(("line", "says"), BAD)
async def test_67_bad_facts_are_one_private_line_and_record_nothing(ld, bot, board, storage,
                                                                     line, says):
    result = await ld.run(line, user="Declarer")
    assert result.ephemeral, result.text
    assert says in result.content and "Something went wrong" not in result.content
    state = await _board_state(storage, ld)
    assert state.penalty_cards == () and state.whereabouts == ()


async def test_45E_a_card_already_played_by_another_player_is_refused(ld, bot, board, storage):
    await ld.run("/fifth-card card:SK seat:N", user="Declarer")  # back in dummy's hand
    result = await ld.run("/fifth-card card:SK seat:W", user="Declarer")
    assert result.ephemeral and "cannot hold it" in result.content, result.text
    assert (await _board_state(storage, ld)).penalty_cards == ()
