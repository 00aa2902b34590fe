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


async def test_46B1b_win_with_dummy_void_reads_the_boards_contract(ld, bot):
    """'Win', dummy void in the suit led: with no contract on the board the answer says the
    card depends on the trump suit (it used to read no contract as no-trumps: 'no card of
    dummy wins'); once the table gives 4H, dummy's lowest heart is played and recorded."""
    for who, seat in (("Declarer", "S"), ("Dummy", "N"), ("LHO", "W"), ("RHO", "E")):
        assert (await ld.run(f"/sit table:1 seat:{seat}", user=who)).ephemeral
    result = await ld.run("/board set number:1 dealer:N declarer:S", user="Declarer")
    assert not result.ephemeral, result.text
    ask = "/dummy-call said:win led:D dummy:S KJ3 H Q42 C T9 to_beat:DK"
    unknown = await ld.run(ask, user="Declarer")
    assert unknown.ephemeral and "depends on the trump suit" in unknown.text, unknown.text
    assert "No card of dummy wins" not in unknown.text
    result = await ld.run("/board set number:1 contract:4H", user="Declarer")
    assert not result.ephemeral, result.text
    known = await ld.run(ask, user="Declarer")
    assert not known.ephemeral and "Dummy's ♥2 is played (46B1(b))" in known.text, known.text
