"""/simultaneous plays (Law 58A) and /simultaneous cards (58B) through the real tree: a public,
numbered ruling; the table's state (penalty cards, the cards' record, the trick) follows it and
/state and /mustplay say the same; bad facts and strangers get one private line, nothing
written."""

from __future__ import annotations

import pytest


async def _board(storage, ld):
    table = await storage.find_table(ld.guild.id, 1)
    return await storage.find_board(ld.guild.id, table.id)


def _laws(result) -> str:
    return next(f["value"] for f in result.embed["fields"] if f["name"] == "Laws")


def _record(state) -> dict[str, str]:
    return {w.card.text: w.place.value for w in state.whereabouts}


async def test_58B1_a_defenders_card_seen_is_played_and_no_penalty_card(ld, bot, board,
                                                                      storage):
    result = await ld.run("/simultaneous cards cards:S4 H9 seat:W visible:S4 trick:3",
                          user="Declarer")
    assert not result.ephemeral, result.text
    assert result.embed["footer"]["text"].startswith("Ruling #")
    assert "58B1" in _laws(result) and "♠4" in result.text
    state = (await _board(storage, ld)).state
    assert state.penalty_cards == () and state.trick == 3
    assert _record(state) == {"S4": "played", "H9": "hand"}
    shown = await ld.run("/state", user="Declarer")
    assert "Penalty cards" not in shown.text
    must = await ld.run("/mustplay seat:W", user="LHO")
    assert "♥9" not in must.text and "penalty" not in must.text.lower()


async def test_58B2_two_seen_one_is_played_the_other_a_penalty_card(ld, bot, board, storage):
    """W's own report (no seat): the ♠4 and ♥Q both seen, he names the ♠4; the ♥Q is a major
    penalty card (an honour, 50B) that /state and /mustplay then name."""
    result = await ld.run("/simultaneous cards cards:S4 HQ visible:S4 HQ designated:S4",
                          user="LHO")
    assert not result.ephemeral, result.text
    laws = _laws(result)
    assert "58B2" in laws and "50B" in laws and "58B3" in laws
    assert any(b["custom_id"].startswith("tdbot:call:") for b in result.message.buttons)
    state = (await _board(storage, ld)).state
    assert [p.token for p in state.penalty_cards] == ["W:HQ:major"]
    assert _record(state) == {"S4": "played"}
    shown = await ld.run("/state", user="Declarer")
    assert "W's ♥Q (major)" in shown.text
    must = await ld.run("/mustplay seat:W", user="LHO")
    assert "♥Q" in must.text


async def test_58B2_declarers_cards_go_back(ld, bot, board, storage):
    result = await ld.run("/simultaneous cards cards:D5 CK visible:D5 CK designated:D5",
                          user="Declarer")
    assert not result.ephemeral, result.text
    assert "48A" in _laws(result)
    state = (await _board(storage, ld)).state
    assert state.penalty_cards == ()
    assert _record(state) == {"D5": "played", "CK": "hand"}


async def test_58A_the_card_counted_second_names_the_law_that_follows(ld, bot, board, storage):
    """N (dummy) plays and W plays at the same moment: W's card counts after N's, so W played
    before his partner E: Law 57A next. Nothing on the table changes."""
    before = await _board(storage, ld)
    result = await ld.run("/simultaneous plays legal:N other:W", user="Declarer")
    assert not result.ephemeral, result.text
    assert result.embed["footer"]["text"].startswith("Ruling #")
    laws = _laws(result)
    assert "58A" in laws and "57A" in laws
    after = await _board(storage, ld)
    assert after.state.penalty_cards == () and after.state.whereabouts == ()
    assert after.last_seq == before.last_seq + 1  # the ruling, and nothing else


BAD = [
    ("/simultaneous cards cards:S4 H9 seat:W visible:S4 H9", "must say which"),
    ("/simultaneous cards cards:S4 H9 seat:W visible:S4 designated:H9", "Only the ♠4 was seen"),
    ("/simultaneous cards cards:S4 H9 seat:W visible:C2", "one of the cards played together"),
    ("/simultaneous cards cards:S4 seat:W", "two or more"),
    ("/simultaneous cards cards:S4 HZ seat:W", "HZ"),
    ("/simultaneous plays legal:W other:W", "Two different players"),
]


@pytest.mark.parametrize(("line", "says"), BAD)
async def test_58_bad_facts_are_one_private_line_and_write_nothing(ld, bot, board, storage,
                                                                    line, says):
    before = await _board(storage, ld)
    result = await ld.run(line, user="Declarer")
    assert result.ephemeral, result.text
    assert says in result.content and "Something went wrong" not in result.content
    after = await _board(storage, ld)
    assert after.last_seq == before.last_seq
    assert after.state.penalty_cards == () and after.state.whereabouts == ()


@pytest.mark.parametrize(("line", "says"), [
    ("/simultaneous cards cards:S4 HQ seat:W visible:S4 HQ designated:S4",
     "Sit at a table first"),
    ("/simultaneous cards cards:S4 HQ seat:W visible:S4 HQ designated:S4 table:1",
     "Only a player seated at table 1 or a director"),
    ("/simultaneous plays legal:N other:W table:1",
     "Only a player seated at table 1 or a director"),
])
async def test_58_a_member_not_seated_at_the_table_is_refused(ld, bot, board, storage, line,
                                                               says):
    before = await _board(storage, ld)
    result = await ld.run(line, user="Kibitzer")
    assert result.ephemeral and says in result.content, result.text
    after = await _board(storage, ld)
    assert after.last_seq == before.last_seq and after.state.penalty_cards == ()
