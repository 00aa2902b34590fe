"""/dummy-call through the real command tree: Law 46 (an incomplete or invalid call of dummy's
card) and Law 45C4(b) (a slip of the tongue): a private answer, or, when dummy's cards make the
card certain, a public ruling that records it as played from dummy."""

from __future__ import annotations


async def test_46B1a_high_with_dummys_cards_records_the_card_publicly(ld, bot, board):
    """'High' to a spade lead with dummy's KJ3: the ♠K is played, recorded as dummy's card,
    so a later report that gives it to West is refused."""
    result = await ld.run("/dummy-call said:high led:S dummy:KJ3", user="Declarer")
    assert not result.ephemeral, result.text
    assert "Dummy's ♠K is played (46B1(a))" in result.text and "Ruling #" in result.text
    refused = await ld.run("/exposed cards:SK seat:W", user="LHO")
    assert refused.ephemeral and "cannot hold it" in refused.text, refused.text


async def test_46B2_a_suit_without_dummys_cards_answers_only_the_asker(ld, bot, board):
    """'A heart', dummy's cards not given: the rule, privately; nothing recorded."""
    result = await ld.run("/dummy-call said:suit named:H", user="Declarer")
    assert result.ephemeral
    assert "Dummy's lowest heart is played (46B2)" in result.text
    logged = await ld.run("/log search", user="Director")
    assert "46B2" not in logged.text


async def test_46B5_play_anything_and_46B4_a_card_not_in_dummy(ld, bot, board):
    anything = await ld.run("/dummy-call said:anything led:D", user="RHO")
    assert anything.ephemeral and "Either defender designates" in anything.text
    absent = await ld.run("/dummy-call said:absent named:SA dummy:S KJ3 H Q4", user="Declarer")
    assert absent.ephemeral and "46B4" in absent.text and "invalid" in absent.text


async def test_45C4b_a_slip_corrected_at_once_is_the_directors_judgement(ld, bot, board):
    result = await ld.run("/dummy-call said:slip named:SQ corrected:SJ", user="Declarer")
    assert result.ephemeral
    assert "slip of the tongue" in result.text and "47D" in result.text


async def test_46B_bad_input_is_one_private_line_and_records_nothing(ld, bot, board):
    """A rank-only call without the rank, or nonsense for it: refused, nothing recorded."""
    missing = await ld.run("/dummy-call said:rank led:S dummy:KJ3", user="Declarer")
    assert missing.ephemeral and not missing.embeds and "rank" in missing.text
    nonsense = await ld.run("/dummy-call said:rank named:zz", user="Declarer")
    assert nonsense.ephemeral and not nonsense.embeds
    state = await ld.run("/exposed cards:SK seat:W", user="LHO")  # the ♠K is still free
    assert not state.ephemeral, state.text
