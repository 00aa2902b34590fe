"""/dummy-call through the real command tree: Law 46 (an incomplete or invalid call of dummy's
card) and Law 45C4(b) (a slip of the tongue): a private answer, or, when dummy's cards make the
card certain, a public ruling that records it as played from dummy."""

from __future__ import annotations

import random

from core.cards import SUITS, rank_letter
from core.deal import random_deal
from core.seats import Seat


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


async def _dealt(ld):
    """Board 1's deal entered by a director: generated, never real hand records. Returns
    dummy's (North's) longest suit and his cards of it, lowest first."""
    deal = random_deal(1, random.Random(7))
    done = await ld.run(f"/board deal number:1 deal:{deal.pbn}", user="Director")
    assert done.ephemeral and "deal stored" in done.text, done.text
    suit = max(SUITS, key=lambda s: len(deal.hand(Seat.N).in_suit(s)))
    return suit, sorted(deal.hand(Seat.N).in_suit(suit), key=lambda c: c.rank)


def _ranks(cards) -> str:
    return "".join(rank_letter(c.rank) for c in cards)


async def _events(storage, ld):
    table = await storage.find_table(ld.guild.id, 1)
    board = await storage.find_board(ld.guild.id, table.id)
    return await storage.board_events(ld.guild.id, board.id)


async def test_46B1c_low_reads_dummys_lowest_card_left_from_the_hand_records(ld, bot, board):
    """No dummy: typed: with the hand records and the trick, 'low' is dummy's lowest card of
    the suit led, recorded publicly; at the next trick the card already played is not chosen."""
    suit, spots = await _dealt(ld)
    first = await ld.run(f"/dummy-call said:low led:{suit.letter} trick:1", user="Declarer")
    assert not first.ephemeral, first.text
    assert f"Dummy's {spots[0].symbol} is played (46B1(c))" in first.text, first.text
    assert "hand records" in first.text
    second = await ld.run(f"/dummy-call said:low led:{suit.letter} trick:2", user="RHO")
    assert not second.ephemeral, second.text
    assert f"Dummy's {spots[1].symbol} is played (46B1(c))" in second.text, second.text


async def test_46B_a_typed_dummy_the_records_contradict_is_refused_and_writes_nothing(
    ld, bot, board, storage
):
    """dummy: with a card the record shows played, a card the deal gives another player, or
    a suit short of a card dummy still holds: one private line naming the card, nothing
    recorded (not even the trick)."""
    suit, spots = await _dealt(ld)
    await ld.run(f"/dummy-call said:low led:{suit.letter} trick:1", user="Declarer")
    before = await _events(storage, ld)
    ask = f"/dummy-call said:high led:{suit.letter} trick:2 dummy:"
    played = await ld.run(ask + _ranks(spots), user="Declarer")
    assert played.ephemeral and not played.embeds, played.text
    assert f"{spots[0].symbol} was played by N" in played.text, played.text
    short = await ld.run(ask + _ranks(spots[2:]), user="Declarer")
    assert short.ephemeral and not short.embeds, short.text
    assert f"still holds the {spots[1].symbol}" in short.text, short.text
    assert await _events(storage, ld) == before


async def test_46B_without_the_trick_the_answer_says_the_records_cannot_tell(ld, bot, board):
    """The bot's count of the play stays at 1 when the table reports nothing: without trick:
    the answer says it cannot tell which of dummy's cards are gone, names none, records none."""
    suit, spots = await _dealt(ld)
    result = await ld.run(f"/dummy-call said:low led:{suit.letter}", user="Declarer")
    assert result.ephemeral, result.text
    assert "do not say which trick" in result.text and spots[0].symbol not in result.text
    later = await ld.run(f"/dummy-call said:low led:{suit.letter} trick:6", user="Declarer")
    assert later.ephemeral and "only 0 of the 5" in later.text, later.text


async def test_16B_46B_a_member_not_at_the_table_gets_nothing_from_the_hand_records(
    ld, bot, board
):
    """Dummy is face up to his own table (41D): for a member not seated there (and no
    director) the hand records are not read, so the answer says nothing of them (a player
    there is told what they can and cannot give)."""
    suit, spots = await _dealt(ld)
    ask = f"/dummy-call said:low led:{suit.letter} table:1"
    result = await ld.run(ask, user=ld.member("Kibitzer"))
    assert result.ephemeral, result.text
    assert "Dummy's lowest" in result.text and "hand records" not in result.text, result.text
    seated = await ld.run(ask, user="Declarer")
    assert seated.ephemeral and "hand records" in seated.text, seated.text


async def test_41A_16B_46B_a_defender_reads_nothing_of_dummy_from_the_records_before_the_lead(
    ld, bot, board
):
    """Before the reports show the opening lead faced, a defender's /dummy-call (even with
    trick:1, or a typed dummy: the deal contradicts) says nothing the hand records give of
    dummy: that would tell the opening leader dummy's cards. (Declarer's side reads them, and
    a defender once a card is recorded played: test_46B1c_low_reads_dummys_lowest_card_left…)"""
    suit, spots = await _dealt(ld)
    ask = f"/dummy-call said:low led:{suit.letter} trick:1"
    early = await ld.run(ask, user="LHO")
    assert spots[0].symbol not in early.text and "hand records" not in early.text, early.text
    probe = await ld.run(ask + " dummy:" + suit.letter + _ranks(spots[1:]), user="LHO")
    assert "still holds" not in probe.text and "hand records" not in probe.text, probe.text
