"""Hand records through the real command tree: a PBN file goes in whole or not at all, a
director enters or reads one deal, and a deal stays secret until the table has played it."""

from __future__ import annotations

import random

import pytest

from core.cards import Suit
from core.deal import random_deal
from core.diagram import holding
from core.pbn import random_pbn
from core.seats import Seat
from tests.support import seat_everyone

pytestmark = pytest.mark.usefixtures("bot")


def _hands_file(ld, boards: int = 36, seed: int = 1, name: str = "monday.pbn"):
    return ld.attach(name, random_pbn(boards, seed=seed).encode())


async def _upload(ld, file, user: str = "Director"):
    return await ld.slash("session hands", {"file": file}, user=user)


async def _deal(ld, storage, number: int):
    session = await storage.live_session(ld.guild.id)
    return await storage.session_deal(ld.guild.id, session.id, number)


async def test_a_directors_pbn_file_is_stored_board_by_board_and_said_privately(ld, storage):
    done = await _upload(ld, _hands_file(ld))
    assert done.ephemeral and "36 boards (1–36)" in done.text, done.text
    stored = await _deal(ld, storage, 5)
    assert stored is not None and stored.deal.board == 5
    assert stored.deal.dealer is Seat.N and stored.deal.vulnerable == "NS"
    assert sum(len(h) for h in stored.deal.hands.values()) == 52
    again = await _upload(ld, _hands_file(ld, boards=2, seed=3))
    assert "Replaced the deals of boards 1, 2." in again.text, again.text


async def test_a_bad_file_is_refused_one_line_per_problem_and_nothing_is_stored(ld, storage):
    text = random_pbn(4, seed=2).replace('[Dealer "E"]', '[Dealer "W"]')
    text = text.replace('[Board "4"]', '[Board "3"]')
    done = await _upload(ld, ld.attach("bad.pbn", text.encode()))
    assert done.ephemeral and "nothing was stored" in done.text, done.text
    assert "board 2 is dealt by East, not West" in done.text
    assert "board 3 is in the file twice" in done.text
    for number in (1, 2, 3, 4):
        assert await _deal(ld, storage, number) is None


async def test_a_player_cannot_give_the_hand_records(ld, storage):
    done = await _upload(ld, _hands_file(ld), user="Declarer")
    assert done.ephemeral and "director" in done.text.lower(), done.text
    assert await _deal(ld, storage, 1) is None


async def test_a_director_enters_one_deal_and_a_wrong_one_is_refused_with_the_reason(ld, storage):
    deal = random_deal(6, random.Random(4))
    done = await ld.run(f"/board deal number:6 deal:{deal.pbn}", user="Director")
    assert done.ephemeral and "deal stored" in done.text and "dealer East" in done.text, done.text
    stored = await _deal(ld, storage, 6)
    assert stored is not None and stored.deal.hands == deal.hands
    short = deal.pbn[:-1]
    refused = await ld.run(f"/board deal number:7 deal:{short}", user="Director")
    assert refused.ephemeral and "has 12 cards, not 13" in refused.text, refused.text
    assert await _deal(ld, storage, 7) is None
    player = await ld.run(f"/board deal number:7 deal:{deal.pbn}", user="Declarer")
    assert player.ephemeral and await _deal(ld, storage, 7) is None


async def test_a_deal_is_secret_until_the_players_table_has_finished_the_board(ld, storage):
    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    await ld.run("/sit table:2 seat:N", user=ld.member("Kibitzer"))
    await ld.run("/board set number:1", user="Declarer")
    west = holding(random_deal(1, random.Random(1)).hand(Seat.W), Suit.CLUBS)
    during = await ld.run("/board deal number:1", user="Declarer")
    assert during.ephemeral and "secret until you have played the board" in during.text
    assert west not in during.text and not during.files
    await ld.run("/board set number:2", user="Declarer")
    after = await ld.run("/board deal number:1", user="Declarer")
    assert after.ephemeral and west in after.text, after.text
    [png] = after.files
    assert png.filename == "board-1.png" and png.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Double dummy" not in after.text  # the double-dummy table is the director's
    other_table = await ld.run("/board deal number:1", user="Kibitzer")
    assert "secret" in other_table.text and west not in other_table.text
    director = await ld.run("/board deal number:1 table:1", user="Director")
    assert director.ephemeral and west in director.text and "Double dummy" in director.text


async def test_a_playing_directors_blind_spot_covers_the_deals(ld, storage):
    await ld.run("/setup director_role:@Director log_channel:#td-log", user="Director")
    await _upload(ld, _hands_file(ld))
    await ld.run("/sit table:3 seat:N", user="Director")
    await ld.run("/sit table:3 seat:S", user="Dummy")  # a board is played with company
    await ld.run("/playing playing:true", user="Director")
    await ld.run("/board set number:3", user="Director")
    blind = await ld.run("/board deal number:3", user="Director")
    assert blind.ephemeral and "have not played board 3" in blind.text and not blind.files
    later = await ld.run("/board deal number:9", user="Director")
    assert "have not played board 9" in later.text
    await ld.run("/board set number:4", user="Director")
    played = await ld.run("/board deal number:3", user="Director")
    assert played.files and "North" in played.text, played.text


async def test_once_the_session_has_ended_its_deals_are_open_to_members(ld, storage):
    await _upload(ld, _hands_file(ld))
    session = await storage.live_session(ld.guild.id)
    await ld.run("/session end", user="Director")
    shown = await ld.run(f"/board deal number:2 session:{session.id}", user="Declarer")
    assert shown.ephemeral and shown.files and "Board 2" in shown.text, shown.text


async def test_50_an_exposed_card_is_checked_against_the_deal(ld, storage):
    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    deal = random_deal(1, random.Random(1))
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    foreign = sorted(deal.hand(Seat.E))[0]
    refused = await ld.run(f"/exposed cards:{foreign.text}", user="LHO")
    assert refused.ephemeral and f"do not give West the {foreign.symbol}" in refused.text
    assert not any(c.symbol in refused.text for c in deal.hand(Seat.E) if c != foreign)
    board = (await storage.find_board(ld.guild.id, (await storage.find_table(ld.guild.id, 1)).id))
    assert board is not None and not board.state.penalty_cards
    mine = sorted(deal.hand(Seat.W))[0]
    ruled = await ld.run(f"/exposed cards:{mine.text}", user="LHO")
    assert not ruled.ephemeral and mine.symbol in ruled.text, ruled.text


async def test_50_a_card_is_checked_against_the_hand_records_in_force_when_it_is_written(
    ld, storage, monkeypatch
):
    """The deal check guards the write, so it holds in the write's transaction: hand records
    the director stores while a report is being checked send the report back to be checked
    against them (here they no longer give West the card)."""
    from core.pbn import parse_pbn

    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    mine = sorted(random_deal(1, random.Random(1)).hand(Seat.W))[0]
    seed = next(s for s in range(2, 50)
                if mine not in parse_pbn(random_pbn(1, seed=s))[0].hand(Seat.W))
    replacement = parse_pbn(random_pbn(1, seed=seed))
    read = storage.deal_of
    stored: list[bool] = []

    async def deal_then_new_records(guild_id: int, session_id: int, board_no: int):
        deal = await read(guild_id, session_id, board_no)
        if not stored:  # the director's new file lands between the check and the write
            stored.append(True)
            await storage.store_deals(guild_id, replacement, ld.member("Director").id)
        return deal

    monkeypatch.setattr(storage, "deal_of", deal_then_new_records)
    refused = await ld.run(f"/exposed cards:{mine.text}", user="LHO")
    assert stored and refused.ephemeral, refused.text
    assert f"do not give West the {mine.symbol}" in refused.text, refused.text
    board = (await storage.find_board(ld.guild.id, (await storage.find_table(ld.guild.id, 1)).id))
    assert board is not None and not board.state.penalty_cards


async def test_a_dealer_the_hand_records_contradict_is_questioned(ld, storage):
    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    refused = await ld.run("/board set number:2 dealer:N", user="Declarer")
    assert refused.ephemeral and "dealt by East, not North" in refused.text, refused.text
    table = await storage.find_table(ld.guild.id, 1)
    assert table is not None and table.current_board is None  # nothing was set
    fine = await ld.run("/board set number:2 dealer:E", user="Declarer")
    assert "playing board 2" in fine.text, fine.text
    supplied = await ld.run("/board set number:3", user="Declarer")  # no dealer typed
    assert "Dealer S." in supplied.text, supplied.text


async def test_50D1_mustplay_at_the_opening_lead_needs_no_hand_and_answers_only_the_leader(
    ld, storage
):
    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    deal = random_deal(1, random.Random(1))
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    honour = next(c for c in sorted(deal.hand(Seat.W)) if c.is_honour)
    await ld.run(f"/exposed cards:{honour.text}", user="LHO")  # a major penalty card (50B)
    leader = await ld.run("/mustplay seat:W", user="LHO")
    assert leader.ephemeral, leader.text
    assert f"W must lead the {honour.symbol}" in leader.text, leader.text
    other = await ld.run("/mustplay seat:W", user="Declarer")  # not W's: the deal is not used
    assert not other.ephemeral and f"W must lead the {honour.symbol}" not in other.text
    wrong = sorted(deal.hand(Seat.E))[:3]
    typed = await ld.run(
        f"/mustplay seat:W hand:{' '.join(c.text for c in wrong)}", user="LHO"
    )
    assert typed.ephemeral and "3 cards are not in West's hand" in typed.text, typed.text
    assert not any(c.symbol in typed.text for c in wrong)


def _ruling_id(result) -> int:
    return int(result.embed["footer"]["text"].split("#")[1].split()[0])


async def test_64C_12C1_the_director_gets_the_deal_and_double_dummy_beside_his_verdict(
    ld, storage
):
    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    deal = random_deal(1, random.Random(1))
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    revoke = await ld.run("/revoke seat:W established:True won_by:offender later_tricks:1",
                          user="Declarer")
    confirmed = await ld.run(f"/ruling confirm id:{_ruling_id(revoke)}", user="Director")
    public, private = confirmed.messages
    assert not public.ephemeral and "Double dummy" not in public.text
    assert private.ephemeral and "For you only (Law 64C)" in private.text
    assert "perfect play by all four" in private.text and "Par:" in private.text
    west = holding(deal.hand(Seat.W), Suit.HEARTS)
    assert west in private.text and west not in public.text
    exposed = await ld.run(f"/exposed cards:{sorted(deal.hand(Seat.W))[-1].text}", user="LHO")
    adjusted = await ld.run(f"/ruling adjust id:{_ruling_id(exposed)} score:60%/40%",
                            user="Director")
    assert "For you only (Law 12C1, the adjusted score)" in adjusted.messages[-1].text
    assert adjusted.messages[-1].ephemeral


async def test_82C_12C1_a_director_error_score_brings_the_deal_for_the_director_alone(
    ld, storage
):
    """/ruling amend … director_error:<assigned score> gives an adjusted score (12C1) like
    /ruling adjust: the director alone also gets the deal beside it (it used not to)."""
    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    deal = random_deal(1, random.Random(1))
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    exposed = await ld.run(f"/exposed cards:{sorted(deal.hand(Seat.W))[-1].text}", user="LHO")
    amended = await ld.run(f"/ruling amend id:{_ruling_id(exposed)} text:wrong "
                           f"director_error:4H= NS +420", user="Director")
    public, private = amended.messages
    assert "82C" in public.text and "For you only" not in public.text
    assert private.ephemeral and "For you only (Law 12C1, the adjusted score)" in private.text
    west = holding(deal.hand(Seat.W), Suit.HEARTS)
    assert west in private.text and west not in public.text


async def test_12C1_the_directors_report_of_an_incident_is_a_file_with_the_deal(ld, storage):
    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    deal = random_deal(1, random.Random(1))
    await ld.run("/board set number:1 dealer:N", user="Declarer")
    await ld.run("/call call:1H", user="Dummy")
    await ld.run("/call call:pass", user="RHO")
    await ld.run("/call call:4H", user="Declarer")
    card = sorted(deal.hand(Seat.W))[-1]
    exposed = await ld.run(f"/exposed cards:{card.text}", user="LHO")
    rid = _ruling_id(exposed)
    await ld.run(f"/ruling adjust id:{rid} score:4H= NS +420 note:no damage", user="Director")
    report = await ld.run(f"/report id:{rid}", user="Director")
    assert report.ephemeral and "The report of ruling" in report.text, report.text
    md, png = report.files
    assert md.filename == f"ruling-{rid}.md" and png.filename == "board-1.png"
    text = md.text()
    assert "## Auction as recorded\ndealer N; N:1H E:P S:4H" in text, text
    assert f"- cards: {card.text}\n" in text and "- seat: W\n" in text
    assert "adjusted score 4H= NS +420 (no damage)" in text
    assert holding(deal.hand(Seat.E), Suit.SPADES) in text and "perfect play" in text
    player = await ld.run(f"/report id:{rid}", user="LHO")
    assert player.ephemeral and not player.files


async def test_50D1_later_in_the_play_mustplay_takes_the_cards_played_instead_of_the_hand(
    ld, storage
):
    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    deal = random_deal(1, random.Random(1))
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    west = sorted(deal.hand(Seat.W))
    honour = next(c for c in west if c.is_honour)
    gone = [c for c in west if c != honour][:3]
    await ld.run("/lead seat:W trick:4", user="LHO")
    await ld.run(f"/exposed cards:{honour.text}", user="LHO")
    played = " ".join(c.text for c in gone)
    answer = await ld.run(f"/mustplay seat:W played:{played}", user="LHO")
    assert answer.ephemeral and f"W must lead the {honour.symbol}" in answer.text, answer.text
    wrong = sorted(deal.hand(Seat.N))[0]
    refused = await ld.run(f"/mustplay seat:W played:{wrong.text}", user="LHO")
    assert refused.ephemeral and "1 card is not in West's hand" in refused.text
    assert wrong.symbol not in refused.text
    other = await ld.run(f"/mustplay seat:W played:{played}", user="Declarer")
    assert other.ephemeral and "Only W's player" in other.text, other.text


async def test_played_needs_the_hand_records(ld, storage):
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    answer = await ld.run("/mustplay seat:W played:S2", user="LHO")
    assert answer.ephemeral and "needs the session's hand records" in answer.text, answer.text


async def test_16B_52_a_report_the_table_refuses_says_the_same_whoever_holds_the_card(
    ld, storage
):
    """The table's own facts refuse a report before the hand records are asked: West's
    "/penalty not-played seat:E" while East has no penalty card gets one sentence, whether or
    not East holds the card he named (partner's hand is unauthorized for him, 16B; the deal
    is secret until the board is played). Nothing is recorded either way."""
    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    deal = random_deal(1, random.Random(1))
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    held = sorted(deal.hand(Seat.E))[0]
    not_held = sorted(deal.hand(Seat.N))[0]
    answers = []
    for card in (held, not_held):
        refused = await ld.run(f"/penalty not-played card:{card.text} seat:E", user="LHO")
        assert refused.ephemeral and "E has no penalty card on the table" in refused.text, \
            refused.text
        answers.append(refused.text)
    assert answers[0] == answers[1]
    table = await storage.find_table(ld.guild.id, 1)
    assert table is not None
    board = await storage.find_board(ld.guild.id, table.id)
    assert board is not None and board.last_seq == 1  # the board set only


async def test_16B_a_players_report_of_another_hand_is_not_checked_against_the_deal(
    ld, storage
):
    """A player's report is checked against his own hand only: West reporting South's revoke
    with a card South was not dealt is recorded as the table saw it (a refusal would tell him
    what South does not hold, and the deal is secret until the board is played, 16B). A
    director away from the table may see the deal: his report is checked for every hand."""
    await _upload(ld, _hands_file(ld))
    await seat_everyone(ld)
    deal = random_deal(1, random.Random(1))
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    foreign = sorted(deal.hand(Seat.E))[-1]
    line = f"/revoke seat:S established:false card:{foreign.text} trick:3 table:1"
    director = await ld.run(line, user="Director")
    assert director.ephemeral and f"do not give South the {foreign.symbol}" in director.text, \
        director.text
    west = await ld.run(line, user="LHO")
    assert not west.ephemeral and "Revoke not established" in west.text, west.text
    assert "hand records" not in west.text


async def test_16B_a_director_seated_at_the_table_is_checked_for_his_own_hand_only(ld, storage):
    """A director who sits at the table plays the board: like any player there, a hand he
    types for another seat is not checked against the deal (the answer would tell him what
    that player holds, 16B); away from the table, he may see the board and it is checked."""
    await _upload(ld, _hands_file(ld))
    for who, seat in (("Declarer", "S"), ("Dummy", "N"), ("Director", "W"), ("RHO", "E")):
        await ld.run(f"/sit table:1 seat:{seat}", user=who)
    deal = random_deal(1, random.Random(1))
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    wrong = " ".join(c.text for c in sorted(deal.hand(Seat.N))[:3])
    seated = await ld.run(f"/mustplay seat:E hand:{wrong}", user="Director")
    assert seated.ephemeral and not seated.exceptions, seated.text
    assert "not in East's hand" not in seated.text and "E" in seated.text, seated.text
    mine = await ld.run(f"/mustplay seat:W hand:{wrong}", user="Director")  # his own hand
    assert "3 cards are not in West's hand" in mine.text, mine.text
    await ld.run("/stand", user="Director")
    away = await ld.run(f"/mustplay seat:E hand:{wrong} table:1", user="Director")
    assert "3 cards are not in East's hand" in away.text, away.text


async def test_a_board_one_member_set_and_ended_alone_at_an_empty_table_stays_secret(
    ld, storage
):
    """A player leaves his table, sits alone at an empty one, sets board 1 and ends it (or
    moves on): he has not played board 1 there (nobody sat with him), so its deal stays
    secret from him and nothing of it is open to him under no peeking."""
    await ld.run("/setup director_role:@Director log_channel:#td-log no_peeking:true",
                 user="Director")
    await _upload(ld, _hands_file(ld))
    await ld.run("/sit table:2 seat:N", user="Declarer")
    await ld.run("/sit table:2 seat:S", user="Dummy")
    await ld.run("/stand", user="Declarer")
    assert "You sit" in (await ld.run("/sit table:3 seat:N", user="Declarer")).text
    for step in ("/board set number:1", "/board end", "/board set number:2"):
        done = await ld.run(step, user="Declarer")
        assert not done.ephemeral, (step, done.text)
        deal = await ld.run("/board deal number:1", user="Declarer")
        assert deal.ephemeral and "secret" in deal.text and not deal.files, (step, deal.text)
    director = await ld.run("/board deal number:1", user="Director")
    assert director.files  # a director shows it when he sees fit


async def test_a_member_plays_a_board_once_a_session(ld, storage):
    """Declarer and Dummy play board 1 at table 2 (so they may read its deal). At another
    table neither may play it again on his own word: Declarer's /board set number:1 at an
    empty table is refused, and so is Dummy's /sit at a table that has board 1 in play (the
    deal he has read would be his hand there); a director may do both (his decision), and
    nothing is written by a refusal."""
    await _upload(ld, _hands_file(ld))
    await ld.run("/sit table:2 seat:N", user="Declarer")
    await ld.run("/sit table:2 seat:S", user="Dummy")
    await ld.run("/board set number:1", user="Declarer")
    await ld.run("/board set number:2", user="Declarer")
    assert (await ld.run("/board deal number:1", user="Dummy")).files  # played it
    await ld.run("/board end", user="Declarer")
    assert (await ld.run("/stand", user="Declarer")).ephemeral
    assert (await ld.run("/stand", user="Dummy")).ephemeral
    assert "You sit" in (await ld.run("/sit table:3 seat:N", user="Declarer")).text
    again = await ld.run("/board set number:1", user="Declarer")
    assert again.ephemeral and "already played board 1" in again.text, again.text
    three = await storage.table(ld.guild.id, 3)
    assert await storage.find_board(ld.guild.id, three.id) is None  # nothing written
    assert "playing board 4" in (await ld.run("/board set number:4", user="Declarer")).text
    await ld.run("/sit table:4 seat:E", user="LHO")
    await ld.run("/sit table:4 seat:W", user="RHO")
    await ld.run("/board set number:1", user="LHO")
    sat = await ld.run("/sit table:4 seat:N", user="Dummy")
    assert sat.ephemeral and "already played board 1" in sat.text, sat.text
    assert (await storage.seating(ld.guild.id, ld.member("Dummy").id)) is None
    seated = await ld.run("/sit table:4 seat:N member:Dummy", user="Director")
    assert "Dummy" in seated.text and "already played" not in seated.text, seated.text
    moved = await ld.run("/board set number:1 table:3", user="Director")
    assert not moved.ephemeral and "playing board 1" in moved.text, moved.text


async def _auction_on_board_2(ld, dealer: str):
    """Board 2 set with ``dealer`` (before any hand records) and a one-level auction."""
    await seat_everyone(ld)
    await ld.run(f"/board set number:2 dealer:{dealer}", user="Declarer")
    order = {"N": "Declarer", "E": "RHO", "S": "Dummy", "W": "LHO"}
    seats = "NESW"[("NESW".index(dealer)):] + "NESW"[:"NESW".index(dealer)]
    for call, seat in zip(("1H", "P", "P", "P"), seats, strict=True):
        said = await ld.run(f"/call call:{call}", user=order[seat])
        assert "Only" not in said.text, said.text


async def _board_2(storage, ld):
    """Board 2 of table 1 and its events."""
    board = (await storage.table_lookup(ld.guild.id, ld.member("Declarer").id, 1,
                                        board_number=2)).named_board
    return board, await storage.board_events(ld.guild.id, board.id, include_void=True)


async def test_2_17A_hand_records_stored_after_the_dealer_was_set_change_no_dealer(ld, storage):
    """Board 2's dealer is East (by its number). The table set it, bid, then the director gave
    the hand records: a player's /board set (declarer, contract, or nothing) is no dealer
    change, and records no dealer."""
    await _auction_on_board_2(ld, "E")
    await _upload(ld, _hands_file(ld, boards=4))
    before = await _board_2(storage, ld)
    for command in ("/board set number:2", "/board set number:2 contract:1H"):
        done = await ld.run(command, user="Dummy")
        assert "playing board 2" in done.text and "hand records" not in done.text, done.text
    assert (await _board_2(storage, ld))[1] == before[1]  # nothing to record: nothing changed


async def test_17A_a_dealer_the_later_hand_records_contradict_is_kept_and_said(ld, storage):
    """The table set North as board 2's dealer (the hand records, given later, say East) and
    bid on it. A player's later /board set was refused "only a director can change the
    dealer" (the hand records' dealer was put in his mouth), and a director's silently made
    East dealer, moving every call to another seat. The recorded dealer stays, whoever sets
    the board, and the answer says the hand records disagree."""
    await _auction_on_board_2(ld, "N")
    await _upload(ld, _hands_file(ld, boards=4))
    before, events = await _board_2(storage, ld)
    done = await ld.run("/board set number:2 contract:1H", user="Dummy")
    assert "playing board 2" in done.text, done.text
    assert ("The hand records say board 2 is dealt by East; the table has North as dealer, "
            "which stays") in done.text, done.text
    assert (await _board_2(storage, ld))[1] == events
    director = await ld.run("/board set table:1 number:2 declarer:N", user="Director")
    assert "Dealer N" in director.text and "dealt by East" in director.text, director.text
    after, _ = await _board_2(storage, ld)
    assert after.dealer is Seat.N and after.state.calls == before.state.calls, after
