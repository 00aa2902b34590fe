"""Facts that cannot happen, typed into the commands, get a clear ephemeral answer and change
nothing (contracts, penalty cards of declarer, hands)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("contract", ["8NT", "ZZZ", "4H4H"])
async def test_38_nonsense_contract_is_refused(ld, bot, board, contract):
    result = await ld.run(f"/board set number:1 contract:{contract}", user="Declarer")
    assert result.ephemeral and "not a contract" in result.text and "e.g. 4H" in result.text
    state = await ld.run("/state", user="Declarer")
    assert "(4H)" in state.text


async def test_contract_typed_loosely_is_stored_canonically(ld, bot, board):
    await ld.run("/board set number:1 contract:3ntx", user="Declarer")
    state = await ld.run("/state", user="Declarer")
    assert "(3NTX)" in state.text


async def test_48A_naming_the_penalty_card_holder_declarer_re_rules_his_card(ld, bot, board):
    """After a ruling only a director may change the declarer; naming W, whose ♠K is a penalty
    card, re-rules the board (issue 22): as declarer's card it is no penalty card (48A). Nothing
    changes until the director confirms."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    refused = await ld.run("/board set number:1 declarer:W", user="Declarer")
    assert refused.ephemeral and "director" in refused.text.lower()
    result = await ld.run("/board set number:1 declarer:W table:1", user="Director")
    assert result.ephemeral and "Re-rule the board" in result.text
    assert "No penalty: ♠K goes back to W's hand" in result.text and "W declares" in result.text
    state = await ld.run("/state", user="Declarer")
    assert "Declarer: S" in state.text and "W's ♠K (major)" in state.text


async def test_50D1_hand_lacking_the_askers_own_penalty_card_is_refused(ld, bot, board):
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    result = await ld.run("/mustplay seat:W hand:QJ2.A32.K32.5432", user="LHO")
    assert result.ephemeral and "penalty card ♠K" in result.text


async def test_hand_format_error_explains_the_format(ld, bot, board):
    result = await ld.run("/mustplay seat:W hand:KQ5.A72.JT9843", user="LHO")
    assert result.ephemeral and "S.H.D.C" in result.text and "KQ5.A72.-.JT9843" in result.text


async def test_6_more_penalty_cards_than_a_hand_holds_is_refused_and_writes_nothing(
    ld, bot, board, storage
):
    """A club night: fourteen cards typed into /exposed became fourteen penalty cards of W. A
    hand holds thirteen (Law 6): one private line, nothing recorded."""
    before = (await storage.search_log(ld.guild.id, limit=100)).entries
    result = await ld.run("/exposed cards:SK HK DK CK SQ HQ DQ CQ SJ HJ DJ CJ ST HT",
                          user="LHO")
    assert result.ephemeral and not result.channel_messages
    assert result.text.count("\n") == 0, result.text
    assert "W cannot have 14 cards face up on the table: he holds at most 13 cards" in result.text
    state = await ld.run("/state", user="LHO")
    assert "penalty" not in state.text.lower(), state.text
    assert (await storage.search_log(ld.guild.id, limit=100)).entries == before


@pytest.mark.parametrize(("who", "command"), [
    ("Declarer", "/exposed cards:SK seat:S"),
    ("Declarer", "/exposed cards:SK seat:N"),
    ("Declarer", "/premature-play card:SK seat:S led:Hearts"),
    ("RHO", "/exposed cards:SK"),
    ("RHO", "/simultaneous cards cards:SK S2 visible:SK S2 designated:S2"),
])
async def test_48A_50A_a_penalty_card_is_nobody_elses_card_and_nothing_is_recorded(
    ld, bot, board, storage, who, command
):
    """W's ♠K is on the table as his penalty card (50A): a card is in one place, so the ♠K
    reported as declarer's, dummy's or E's card is refused in one private line, whoever reports
    it and whatever the report (exposure, premature play), and nothing is recorded."""
    await ld.run("/exposed cards:SK", user="LHO")
    before = (await storage.search_log(ld.guild.id, limit=100)).entries
    result = await ld.run(command, user=who)
    assert result.ephemeral and not result.channel_messages, result.text
    assert result.text.count("\n") == 0, result.text
    assert "W's penalty card" in result.text and "cannot hold it" in result.text, result.text
    assert (await storage.search_log(ld.guild.id, limit=100)).entries == before
    state = await ld.run("/state", user="LHO")
    assert "W's ♠K (major)" in state.text, state.text


@pytest.mark.parametrize(("cards", "said"), [
    ("SK SK", "The ♠K is given twice."),
    ("SK " * 150, "That list is too long."),
])
async def test_a_refused_card_list_is_said_as_a_sentence(ld, bot, board, cards, said):
    """A card list the option's parser refuses is one sentence (capital, full stop), like
    every other refusal, and records nothing."""
    result = await ld.run(f'/exposed cards:"{cards.strip()}"', user="LHO")
    assert result.ephemeral and result.text == said, result.text
    state = await ld.run("/state", user="LHO")
    assert "Penalty cards" not in state.text


@pytest.mark.parametrize(("done", "record"), [
    (("/penalty played card:SK", "LHO"), "The ♠K was played by W earlier on this board"),
    (("/penalty returned card:SK table:1", "Director"),
     "The ♠K went back to W's hand earlier on this board"),
])
async def test_45_50_a_card_played_or_returned_is_nobody_elses_and_nothing_is_recorded(
    ld, bot, board, storage, done, record
):
    """W's ♠K, his penalty card, has been played (it is in a trick) or the director returned it
    to his hand: reported afterwards as E's card, it is refused in one private line that says
    what the table's record says, and nothing is recorded."""
    await ld.run("/exposed cards:SK", user="LHO")
    await ld.run(done[0], user=done[1])
    before = (await storage.search_log(ld.guild.id, limit=100)).entries
    result = await ld.run("/exposed cards:SK", user="RHO")
    assert result.ephemeral and not result.channel_messages, result.text
    assert result.text.count("\n") == 0, result.text
    assert f"{record}, so E cannot hold it" in result.text, result.text
    assert (await storage.search_log(ld.guild.id, limit=100)).entries == before


async def test_45_a_card_played_is_not_led_again(ld, bot, board, storage):
    """W's ♠K has been played: W's lead of it to a later trick is refused (a card is played
    once), and nothing is recorded."""
    await ld.run("/exposed cards:SK", user="LHO")
    await ld.run("/penalty played card:SK", user="LHO")
    before = (await storage.search_log(ld.guild.id, limit=100)).entries
    result = await ld.run("/lead-out-of-turn card:SK seat:W correct_leader:E trick:6",
                          user="Declarer")
    assert result.ephemeral and not result.channel_messages, result.text
    assert "The ♠K was played by W earlier on this board: a card is played only once" in \
        result.text, result.text
    assert (await storage.search_log(ld.guild.id, limit=100)).entries == before
