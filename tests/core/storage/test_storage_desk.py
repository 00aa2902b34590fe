"""The director's desk in storage: editions per ruling, re-ruling with corrected facts, voiding
with dependents, 82C scores, playing directors' blind boards, consultations and appeals."""

from __future__ import annotations

import datetime as dt

import pytest

from core import editions as core_editions
from core.cards import parse_card
from core.errors import RuleError
from core.laws.claim import Claim
from core.laws.consultation import Consultation
from core.laws.leads import LeadOutOfTurn
from core.laws.penalty import PartnerLead
from core.laws.revoke import Revoke, WonBy
from core.permissions import may_be_blind
from core.ruling import Ruling
from core.seats import Seat
from core.storage.desk import Desk
from core.storage.errors import Conflict, NotFound, StorageError
from core.storage.models import EventRow
from core.storage.values import VerdictKind
from tests.core.storage.helpers import (
    DIRECTOR,
    GUILD_A,
    GUILD_B,
    PLAYER,
    chosen,
    exposed,
    new_board,
    partner_leads,
    penalty_story,
    played,
)

#: A Monday evening (UTC, the club's default zone): the club day runs until 06:00 Tuesday.
MONDAY_7PM = dt.datetime(2026, 11, 16, 19, 0, tzinfo=dt.UTC)


async def _logged(storage, events, **board):
    b = await new_board(storage, **board)
    recs = [await storage.record(GUILD_A, b.id, ev, actor_id=PLAYER) for ev in events]
    return b, recs


async def test_each_ruling_records_its_edition(storage):
    """A ruling keeps the edition in force when it was made (2017 today)."""
    _, (rec,) = await _logged(storage, [exposed("W", "SK")])
    assert await Desk(storage).edition_of(GUILD_A, rec.id) == "2017"


async def test_a_club_switches_edition_from_a_date_without_rewriting_history(storage, monkeypatch):
    """Rulings made before the switch keep their edition; the switch applies from its date."""
    monkeypatch.setitem(core_editions.EDITIONS, "2030", "Laws of Duplicate Bridge 2030")
    desk = Desk(storage)
    _, (before,) = await _logged(storage, [exposed("W", "SK")])
    today = dt.datetime.now(dt.UTC).date()
    await desk.schedule_edition(GUILD_A, "2030", today + dt.timedelta(days=3))
    assert (await desk.edition_schedule(GUILD_A)).edition_today == "2017"
    await desk.schedule_edition(GUILD_A, "2030", today)
    schedule = await desk.edition_schedule(GUILD_A)
    assert schedule.edition_today == "2030" and schedule.before_changes == "2017"
    board = await new_board(storage, board=2)
    after = await storage.record(GUILD_A, board.id, exposed("E", "HQ"), actor_id=PLAYER)
    assert await desk.edition_of(GUILD_A, after.id) == "2030"
    assert await desk.edition_of(GUILD_A, before.id) == "2017"


async def test_an_edition_cannot_start_in_the_past_or_be_unknown(storage):
    desk = Desk(storage)
    await storage.club(GUILD_A)
    with pytest.raises(StorageError, match="today or a later date"):
        await desk.schedule_edition(GUILD_A, "2017", dt.date(2020, 1, 1))
    with pytest.raises(RuleError, match="knows no"):
        await desk.schedule_edition(GUILD_A, "1997", dt.date(2099, 1, 1))


async def test_rerule_voids_the_old_ruling_and_records_the_corrected_incident(storage):
    """Item 16: amending the facts re-rules in one step, both rulings linked in the log."""
    desk = Desk(storage)
    board, (rec,) = await _logged(storage, [exposed("W", "S5")])
    assert [p.kind.value for p in (await storage.board_state(GUILD_A, board.id)).penalty_cards] == [
        "minor"]
    result = await desk.rerule(GUILD_A, rec.id, DIRECTOR, "it was the king", {"cards": "SK"})
    old = await storage.event(GUILD_A, rec.id)
    new = await storage.event(GUILD_A, result.new.id)
    assert old.void and old.verdict is VerdictKind.AMENDED
    assert f"#{new.id}" in old.verdict_note and not new.void
    assert await desk.amended_by(GUILD_A, rec.id) == new.id
    # in the old incident's place: still the player's report (his /log search finds it)
    assert new.actor_id == old.actor_id == PLAYER and result.new.actor_id == PLAYER
    assert old.verdict_by == DIRECTOR
    state = await storage.board_state(GUILD_A, board.id)
    assert [p.token for p in state.penalty_cards] == ["W:SK:major"]
    assert "major" in result.new.ruling.summary


async def test_rerule_rules_the_later_events_again_and_drops_what_no_longer_applies(storage):
    """Issue 22, item 5: W's card was the ♥K, not the ♠K. E's lead (50D2) is ruled again over
    it (declarer's options now name hearts), and declarer's "forbid spades" no longer applies:
    voided with the engine's reason. One step, nothing to void first."""
    desk = Desk(storage)
    board, recs = await _logged(storage, penalty_story()[:3])
    plan = await desk.preview_rerule(GUILD_A, recs[0].id, {"cards": "HK"})
    assert [r.id for r in plan.correction.kept] == [recs[1].id]
    [dropped] = plan.correction.dropped
    assert dropped.id == recs[2].id
    assert dropped.reason == "“Forbid spades while E keeps the lead” is no longer offered"
    assert not (await storage.event(GUILD_A, recs[0].id)).void  # a preview writes nothing
    result = await desk.rerule(GUILD_A, recs[0].id, DIRECTOR, "heart king", {"cards": "HK"},
                               last_seq=plan.last_seq)
    assert result.also_voided == (recs[2].id,)
    [(old_lead, new_lead)] = result.carried
    assert old_lead == recs[1].id
    assert [(await storage.event(GUILD_A, r.id)).void for r in recs] == [True, True, True]
    choice = await storage.event(GUILD_A, recs[2].id)
    assert choice.verdict is VerdictKind.VOIDED and f"#{recs[0].id}" in choice.verdict_note
    lead = await storage.event(GUILD_A, new_lead)
    assert "forbid:H" in [o["token"] for o in lead.ruling["options"]]
    state = await storage.board_state(GUILD_A, board.id)
    assert [p.token for p in state.penalty_cards] == ["W:HK:major"]
    assert [p.seat.value for p in state.pending] == ["E"]  # declarer chooses again
    assert state == await storage.rebuild(GUILD_A, board.id)  # the fold keeps the order


async def test_a_voided_ruling_can_still_be_corrected(storage):
    """Voiding is never a dead end: after "void them together", the amend re-rules. (The
    50D2 ruling on E's lead and the choice on it were voided with the exposure, E's lead kept
    as the table's record: the amend carries it, and it brings declarer's options on the
    heart king.)"""
    desk = Desk(storage)
    board, recs = await _logged(storage, penalty_story()[:3])
    await desk.void_together(GUILD_A, recs[0].id, DIRECTOR, "wrong card")
    result = await desk.rerule(GUILD_A, recs[0].id, DIRECTOR, "heart king", {"cards": "HK"})
    state = await storage.board_state(GUILD_A, board.id)
    assert [p.token for p in state.penalty_cards] == ["W:HK:major"]
    ((_, lead_id),) = result.carried
    lead = await storage.event(GUILD_A, lead_id)
    assert lead.kind == "partner_lead" and lead.facts["leader"] == "E"
    assert "forbid:H" in Ruling.from_data(lead.ruling).option_tokens
    with pytest.raises(Conflict, match=f"re-ruled as #{result.new.id}"):
        await desk.rerule(GUILD_A, recs[0].id, DIRECTOR, "again", {"cards": "DK"})


async def test_a_confirmation_after_the_board_moved_on_writes_nothing(storage):
    desk = Desk(storage)
    board, recs = await _logged(storage, [exposed("W", "S5")])
    plan = await desk.preview_rerule(GUILD_A, recs[0].id, {"cards": "SK"})
    await storage.record(GUILD_A, board.id, exposed("E", "D4"))
    with pytest.raises(Conflict, match="changed since"):
        await desk.rerule(GUILD_A, recs[0].id, DIRECTOR, "king", {"cards": "SK"},
                          last_seq=plan.last_seq)
    assert not (await storage.event(GUILD_A, recs[0].id)).void


async def test_rerule_refuses_facts_that_cannot_happen(storage):
    desk = Desk(storage)
    _, (rec,) = await _logged(storage, [exposed("W", "S5")])
    with pytest.raises(RuleError, match="no fact called"):
        await desk.rerule(GUILD_A, rec.id, DIRECTOR, "x", {"colour": "red"})
    with pytest.raises(RuleError):
        await desk.rerule(GUILD_A, rec.id, DIRECTOR, "x", {"cards": "S1"})
    with pytest.raises(StorageError, match="same"):
        await desk.rerule(GUILD_A, rec.id, DIRECTOR, "x", {"cards": "S5"})
    assert not (await storage.event(GUILD_A, rec.id)).void


async def test_void_together_voids_the_dependents_in_one_step(storage):
    """W's exposed SK, E on lead (declarer's 50D2 options), declarer forbids spades. Without
    the exposure, the choice no longer applies, and the 50D2 ruling on E's lead would be ruled
    otherwise (a plain lead): both depend on it, and are voided with it, so the log keeps no
    ruling that the board's state contradicts (a club night found the 50D2 ruling left live,
    its script still offering declarer three options)."""
    desk = Desk(storage)
    board, recs = await _logged(storage, penalty_story()[:3])
    dependents = (recs[1].id, recs[2].id)  # the 50D2 ruling, and declarer's choice on it
    assert await desk.dependents(GUILD_A, recs[0].id) == dependents
    with pytest.raises(Conflict, match=f"ruling #{recs[1].id} .* ruled otherwise"):
        await storage.void(GUILD_A, recs[0].id, DIRECTOR)
    assert not (await storage.event(GUILD_A, recs[0].id)).void  # refused: nothing written
    voided = await desk.void_together(GUILD_A, recs[0].id, DIRECTOR, "never happened")
    assert voided.voided == dependents
    assert [(await storage.event(GUILD_A, r.id)).void for r in recs] == [True, True, True]
    state = await storage.board_state(GUILD_A, board.id)
    assert not state.penalty_cards and not state.pending
    assert state == await storage.rebuild(GUILD_A, board.id)


async def test_64B7_voiding_one_sides_revoke_takes_the_other_sides_64B7_ruling_with_it(storage):
    """W's and then S's established revokes: S's is ruled 64B7 (no transfer for either side).
    Voiding W's revoke would leave S's revoke ruled as if both sides had revoked: it would be
    ruled otherwise (a transfer), so it is voided with it, and the board transfers nothing
    it has not ruled."""
    desk = Desk(storage)
    first = Revoke(Seat.W, True, trick=3, won_by=WonBy.OFFENDER, later_tricks=4)
    second = Revoke(Seat.S, True, trick=8, won_by=WonBy.OFFENDER, later_tricks=1)
    board, (west, south) = await _logged(storage, [first, second])
    assert south.ruling.outcome["exception"] == "64B7"
    assert await desk.dependents(GUILD_A, west.id) == (south.id,)
    await desk.void_together(GUILD_A, west.id, DIRECTOR, "no revoke")
    assert (await storage.event(GUILD_A, south.id)).void
    assert (await storage.board_state(GUILD_A, board.id)).tricks_transferred == 0


async def test_68D2b_a_card_shown_during_a_claim_stays_no_penalty_card_when_play_goes_on(
        storage):
    """S claims, W objects, E shows the ♥5 while it is argued: no penalty card (68D). All four
    agree to play on, so the director voids the claim: the ♥5 ruling cannot stand without it
    (it would become a penalty card), so the void alone is refused and "void them together"
    takes it along; the ♥5 never becomes a penalty card (68D2(b)(ii)), E's ♠K from before the
    claim stays."""
    desk = Desk(storage)
    claim = Claim(Seat.S, 4, 4, objector=Seat.W)
    board, (king, claimed, shown) = await _logged(
        storage, [exposed("E", "SK"), claim, exposed("E", "H5")])
    assert shown.ruling.outcome["suspended_by"] == "S"
    assert await desk.dependents(GUILD_A, claimed.id) == (shown.id,)
    with pytest.raises(Conflict, match=f"ruling #{shown.id} .* ruled otherwise"):
        await storage.void(GUILD_A, claimed.id, DIRECTOR)
    assert (await desk.void_together(GUILD_A, claimed.id, DIRECTOR, "play on")).voided == (
        shown.id,)
    state = await storage.board_state(GUILD_A, board.id)
    assert [p.token for p in state.penalty_cards] == ["E:SK:major"]
    assert state == await storage.rebuild(GUILD_A, board.id)
    assert not (await storage.event(GUILD_A, king.id)).void


async def test_a_void_leaves_later_rulings_ruled_alike_standing(storage):
    """Voiding E's exposed D4 changes nothing about W's SK, E's lead and declarer's choice
    (forbid spades, W's SK picked up, 50D2(b)): nothing else is voided with it, and the board
    is the fold of those three alone."""
    desk = Desk(storage)
    board, recs = await _logged(storage, [exposed("E", "D4"), *penalty_story()[:3]])
    assert await desk.dependents(GUILD_A, recs[0].id) == ()
    await storage.void(GUILD_A, recs[0].id, DIRECTOR, "no such card")
    assert [(await storage.event(GUILD_A, r.id)).void for r in recs] == [True, False, False,
                                                                          False]
    alone, _ = await _logged(storage, penalty_story()[:3], table=2)
    state = await storage.board_state(GUILD_A, board.id)
    assert state == await storage.board_state(GUILD_A, alone.id)
    assert state.restrictions  # declarer's choice stands: E may not lead a spade


async def test_82C_amend_records_the_adjusted_score(storage):
    desk = Desk(storage)
    _, (rec,) = await _logged(storage, [exposed("W", "SK")])
    verdict = await desk.verdict_with_score(
        GUILD_A, rec.id, DIRECTOR, VerdictKind.AMENDED, "wrong law applied", "A+/A+")
    assert verdict.adjusted_score == "A+/A+"
    assert (await storage.event(GUILD_A, rec.id)).adjusted_score == "A+/A+"


async def test_a_playing_director_is_blind_to_boards_he_has_not_played(storage):
    desk = Desk(storage)
    mine = await storage.table(GUILD_A, 1)
    await storage.sit(GUILD_A, DIRECTOR, mine.id, "N")
    await storage.sit(GUILD_A, PLAYER, mine.id, "S")  # a board is played with company
    await storage.set_board(GUILD_A, mine.id, 1)
    await storage.set_board(GUILD_A, mine.id, 2)  # now playing 2; 1 is played
    other = await new_board(storage, table=2, board=3)
    session = other.session_id
    assert not await desk.is_blind(GUILD_A, DIRECTOR, session, 3)  # not marked playing
    await desk.set_playing(GUILD_A, DIRECTOR, True)
    assert await desk.is_blind(GUILD_A, DIRECTOR, session, 3)
    assert await desk.is_blind(GUILD_A, DIRECTOR, session, 2)  # still playing it
    assert not await desk.is_blind(GUILD_A, DIRECTOR, session, 1)
    assert await desk.blind_directors(GUILD_A, session, 3) == (DIRECTOR,)
    await storage.stand(GUILD_A, DIRECTOR)  # still playing, seat unknown: every board closed
    assert await desk.is_blind(GUILD_A, DIRECTOR, session, 1)
    await storage.end_session(GUILD_A)  # the session is over: none of its boards is closed
    assert not await desk.is_blind(GUILD_A, DIRECTOR, session, 3)
    assert await desk.blind_directors(GUILD_A, session, 3) == ()
    await desk.set_playing(GUILD_A, DIRECTOR, False)
    assert await desk.blind_directors(GUILD_A, session, 3) == ()


async def test_played_is_counted_per_member_not_per_table(storage):
    """Issue 24: a director who sits down at a table that has already played board 1 has
    not played it; one who sits during a board and sees the table move on has, if he was
    not alone at the table for it."""
    desk = Desk(storage)
    table = await storage.table(GUILD_A, 1)
    await storage.set_board(GUILD_A, table.id, 1)
    await storage.set_board(GUILD_A, table.id, 2)  # board 1 played before he came
    await storage.sit(GUILD_A, DIRECTOR, table.id, "E")  # he sits during board 2
    await desk.set_playing(GUILD_A, DIRECTOR, True)
    session = table.session_id
    assert await desk.is_blind(GUILD_A, DIRECTOR, session, 1)
    assert await desk.is_blind(GUILD_A, DIRECTOR, session, 2)  # playing it now
    await storage.set_board(GUILD_A, table.id, 3)
    # alone at the table for board 2: not played (core.storage.played.PLAYED_WITH)
    assert await desk.is_blind(GUILD_A, DIRECTOR, session, 2)
    await storage.sit(GUILD_A, PLAYER, table.id, "W")  # company, during board 3
    await storage.set_board(GUILD_A, table.id, 4)
    assert not await desk.is_blind(GUILD_A, DIRECTOR, session, 3)  # his table finished it
    assert await desk.is_blind(GUILD_A, DIRECTOR, session, 1)


async def test_a_consultation_is_answered_once_and_logged_privately(storage):
    desk = Desk(storage)
    board = await new_board(storage)
    asked = await desk.consult(GUILD_A, PLAYER, board.id, 42, "Is 2C comparable to 1NT?")
    assert [c.id for c in await desk.open_consultations(GUILD_A)] == [asked.id]
    done, recorded = await desk.answer(GUILD_A, asked.id, DIRECTOR, "Yes, comparable",
                                       "Partner is not barred", ["23A"])
    assert done.event_id == recorded.id and recorded.ruling.private
    assert "23A" in recorded.ruling.laws and await desk.open_consultations(GUILD_A) == ()
    entry = await storage.event(GUILD_A, recorded.id)
    assert entry.kind == "consultation" and entry.actor_id == PLAYER  # his question
    assert done.answered_by == DIRECTOR
    with pytest.raises(Conflict):
        await desk.answer(GUILD_A, asked.id, DIRECTOR, "again", None)
    with pytest.raises(NotFound):
        await desk.consultation(GUILD_B, asked.id)


async def test_consultation_refuses_a_malformed_law(storage):
    board = await new_board(storage)
    desk = Desk(storage)
    asked = await desk.consult(GUILD_A, PLAYER, board.id, None, "?")
    with pytest.raises(RuleError):
        await desk.answer(GUILD_A, asked.id, DIRECTOR, "no", None, ["Law twenty"])
    assert Consultation.kind == "consultation"


async def _seated(storage, board, user=PLAYER, seat="E"):
    """``user`` sits at the board's table (a contestant there, Law 92A)."""
    await storage.sit(GUILD_A, user, board.table_id, seat)


async def test_appeal_kept_with_the_ruling_and_closed_with_an_outcome(storage):
    desk = Desk(storage)
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await _seated(storage, board)
    appeal = await desk.appeal(GUILD_A, rec.id, PLAYER, "The card was never exposed")
    await desk.answer_appeal(GUILD_A, appeal.id, DIRECTOR, "director", "I saw it")
    await desk.answer_appeal(GUILD_A, appeal.id, DIRECTOR, "committee", "Ruling stands")
    assert [a.id for a in await desk.appeals(GUILD_A, open_only=True)] == [appeal.id]
    with pytest.raises(StorageError, match="without merit"):
        await desk.decide_appeal(GUILD_A, appeal.id, DIRECTOR, "score_adjusted", None,
                                 without_merit=True)
    closed = await desk.decide_appeal(GUILD_A, appeal.id, DIRECTOR, "ruling_stands", None,
                                      without_merit=True)
    assert closed.outcome == "ruling_stands" and closed.closed_at is not None
    assert closed.without_merit
    again = await desk.decide_appeal(GUILD_A, appeal.id, DIRECTOR, "ruling_stands", None,
                                     without_merit=True)  # redelivered: nothing changes
    assert again.repeated and again.closed_at == closed.closed_at
    assert closed.director_answer == "I saw it" and closed.committee_answer == "Ruling stands"
    assert await desk.appeals(GUILD_A, open_only=True) == ()
    assert [a.id for a in await desk.appeals(GUILD_A, event_id=rec.id)] == [appeal.id]
    with pytest.raises(Conflict):
        await desk.decide_appeal(GUILD_A, appeal.id, DIRECTOR, "ruling_changed", None)


async def test_92A_a_tables_record_is_no_ruling_to_appeal(storage):
    """A plain opening lead is the table's record: neither a contestant at the table nor a
    director can file an appeal against it, and nothing is filed."""
    desk = Desk(storage)
    board, (lead,) = await _logged(storage, [played("W", "SK")])
    await _seated(storage, board)
    for user, director in ((PLAYER, False), (DIRECTOR, True)):
        with pytest.raises(Conflict, match="nothing to appeal"):
            await desk.appeal(GUILD_A, lead.id, user, "it was the queen", director=director)
    assert await desk.appeals(GUILD_A) == ()


async def test_92A_only_the_contestants_at_that_table_or_a_director_appeal(storage):
    desk = Desk(storage)
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    with pytest.raises(Conflict, match="92A"):
        await desk.appeal(GUILD_A, rec.id, PLAYER, "a kibitzer's view")
    other = await storage.table(GUILD_A, 2)
    await storage.sit(GUILD_A, PLAYER, other.id, "N")  # a player at another table
    with pytest.raises(Conflict, match="92A"):
        await desk.appeal(GUILD_A, rec.id, PLAYER, "from table 2")
    assert await desk.appeals(GUILD_A) == ()
    assert (await desk.appeal(GUILD_A, rec.id, DIRECTOR, "for the club", director=True)).id
    await _seated(storage, board)
    assert (await desk.appeal(GUILD_A, rec.id, PLAYER, "I was there")).id


async def test_92B_deadline_from_the_publication_of_the_scores(storage):
    """Under the scores_published rule (the WBF profile's) appeals stay open after the
    session ends until the scores are published, then for appeal_minutes."""
    desk = Desk(storage)
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await _seated(storage, board)
    await desk.update_settings(GUILD_A, appeal_minutes=30, authority_code="WBF")
    assert (await desk.settings(GUILD_A)).appeal_from == "scores_published"
    await storage.end_session(GUILD_A)
    ended = (await storage.session(GUILD_A, board.session_id)).ended_at
    assert ended is not None
    later = ended + dt.timedelta(hours=2)
    assert (await desk.appeal(GUILD_A, rec.id, PLAYER, "scores not up yet", now=later)).id
    published = (await desk.publish_scores(GUILD_A)).at
    with pytest.raises(Conflict, match="scores are published"):
        await desk.appeal(GUILD_A, rec.id, PLAYER, "late",
                          now=published + dt.timedelta(minutes=31))
    assert (await desk.appeal(GUILD_A, rec.id, PLAYER, "in time",
                              now=published + dt.timedelta(minutes=29))).id


async def test_92B_scores_are_published_only_for_a_session_that_has_ended(storage):
    """Official scores come after play: publishing them while the session is still played is
    refused (it would close appeals mid-session under the WBF rule), and nothing is kept."""
    desk = Desk(storage)
    board, _ = await _logged(storage, [exposed("W", "SK")])
    with pytest.raises(Conflict, match="still being played"):
        await desk.publish_scores(GUILD_A)
    await _seated(storage, board)  # the refusal kept nothing: appeals are still open
    assert (await desk.appeal(GUILD_A, (await storage.search_log(GUILD_A)).entries[0].id,
                              PLAYER, "still open")).id
    await storage.end_session(GUILD_A)
    assert (await desk.publish_scores(GUILD_A)).session_id == board.session_id


async def test_92B_a_session_over_by_the_clubs_gap_has_its_scores_published(storage):
    """A session nobody ended is over once the club's gap has passed (the next club day): its
    scores can be published then."""
    desk = Desk(storage)
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    tomorrow = storage.now() + dt.timedelta(days=1)
    storage.now = lambda: tomorrow
    published = await desk.publish_scores(GUILD_A)
    assert (published.session_id, published.at) == (board.session_id, tomorrow)
    # it ended when play stopped, with its ruling (not when the publication found it over)
    assert (await storage.session(GUILD_A, board.session_id)).ended_at == rec.created_at


async def test_92B_an_earlier_sessions_scores_are_published_by_naming_it(storage):
    """Once the next session has started, the one before it is no longer the latest: the
    director names it and its scores are published, so its appeal deadline runs (it used to be
    out of reach, its appeals never closing). The session in play stays refused, publishing
    again keeps the first time, and a session the club does not have is refused."""
    desk = Desk(storage)
    await desk.update_settings(GUILD_A, appeal_minutes=30, authority_code="WBF")
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await _seated(storage, board)
    await storage.end_session(GUILD_A)
    tuesday = (await storage.begin_session(GUILD_A, "Tuesday pairs")).session
    assert tuesday.id != board.session_id
    with pytest.raises(Conflict, match="still being played"):
        await desk.publish_scores(GUILD_A)  # the latest: Tuesday's, in play
    with pytest.raises(Conflict, match="still being played"):
        await desk.publish_scores(GUILD_A, tuesday.id)
    with pytest.raises(NotFound):
        await desk.publish_scores(GUILD_A, tuesday.id + 100)
    published = await desk.publish_scores(GUILD_A, board.session_id)
    assert (published.session_id, published.repeated) == (board.session_id, False)
    with pytest.raises(Conflict, match="time for appeals"):
        await desk.appeal(GUILD_A, rec.id, PLAYER, "late",
                          now=published.at + dt.timedelta(minutes=31))
    assert (await desk.appeal(GUILD_A, rec.id, PLAYER, "in time",
                              now=published.at + dt.timedelta(minutes=29))).id
    storage.now = lambda: published.at + dt.timedelta(hours=1)
    again = await desk.publish_scores(GUILD_A, board.session_id)
    assert (again.at, again.repeated) == (published.at, True)  # the deadline does not move
    await storage.end_session(GUILD_A)  # Tuesday's are its own, published when said
    assert not (await desk.publish_scores(GUILD_A)).repeated


async def test_the_authority_profile_sets_the_default_deadline_rule(storage):
    desk = Desk(storage)
    await new_board(storage)
    assert (await desk.settings(GUILD_A)).authority == "WBF"
    ebu = await desk.update_settings(GUILD_A, authority_code="ebu")
    assert (ebu.authority, ebu.appeal_from) == ("EBU", "session_end")
    own = await desk.update_settings(GUILD_A, appeal_from="scores_published")
    assert (own.authority, own.appeal_from) == ("EBU", "scores_published")
    with pytest.raises(StorageError, match="regulating authority"):
        await desk.update_settings(GUILD_A, authority_code="FIFA")


async def test_appeal_after_the_deadline_is_refused(storage):
    """The deadline counts from the session's end (here: the next session starting)."""
    desk = Desk(storage)
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await _seated(storage, board)
    await desk.update_settings(GUILD_A, appeal_minutes=30, appeal_from="session_end")
    await storage.start_session(GUILD_A, name="Next", fresh=True)  # the first one ends
    ended = (await storage.session(GUILD_A, board.session_id)).ended_at
    assert ended is not None
    late = ended + dt.timedelta(minutes=31)
    with pytest.raises(Conflict, match="time for appeals"):
        await desk.appeal(GUILD_A, rec.id, PLAYER, "late", now=late)
    soon = ended + dt.timedelta(minutes=29)
    assert (await desk.appeal(GUILD_A, rec.id, PLAYER, "in time", now=soon)).reason == "in time"


async def test_appeals_stay_open_until_the_session_ends(storage):
    """A long evening: two hours after the ruling the session is still being played (the
    club day has not ended), so appeals are open; after /session end, 30 minutes."""
    storage.now = lambda: MONDAY_7PM
    desk = Desk(storage)
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await _seated(storage, board)
    await desk.update_settings(GUILD_A, appeal_minutes=30, appeal_from="session_end")
    later = MONDAY_7PM + dt.timedelta(hours=2)
    filed = await desk.appeal(GUILD_A, rec.id, PLAYER, "still open", now=later)
    assert filed.reason == "still open"
    await storage.end_session(GUILD_A)
    ended = (await storage.session(GUILD_A, board.session_id)).ended_at
    with pytest.raises(Conflict, match="time for appeals"):
        await desk.appeal(GUILD_A, rec.id, PLAYER, "late", now=ended + dt.timedelta(minutes=31))


async def test_92B_a_session_over_by_the_clubs_gap_ended_when_play_stopped(storage):
    """Nobody ended the session: once the club's gap (3 hours) has passed it ended when play
    stopped, with its last event, and the session_end deadline runs from there, whether the
    next session has begun, an appeal is the first to find it over, or a director ends it
    late; before the gap has passed the session may go on, and appeals are open."""
    storage.now = lambda: MONDAY_7PM
    desk = Desk(storage)
    await storage.update_club(GUILD_A, session_gap_hours=3)
    await desk.update_settings(GUILD_A, appeal_minutes=30, appeal_from="session_end")
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await _seated(storage, board)
    storage.now = lambda: MONDAY_7PM + dt.timedelta(hours=1)
    last = await storage.record(GUILD_A, board.id, exposed("E", "HQ"), actor_id=PLAYER)
    assert last.created_at == MONDAY_7PM + dt.timedelta(hours=1)
    two_hours_on = last.created_at + dt.timedelta(hours=2)  # the gap has not passed
    assert (await desk.appeal(GUILD_A, rec.id, PLAYER, "open", now=two_hours_on)).id
    found = last.created_at + dt.timedelta(hours=4)  # nobody noticed the end until now
    with pytest.raises(Conflict, match="time for appeals"):
        await desk.appeal(GUILD_A, rec.id, PLAYER, "late", now=found)
    storage.now = lambda: found
    await storage.end_session(GUILD_A)  # a director ends it late: it had ended already
    assert (await storage.session(GUILD_A, board.session_id)).ended_at == last.created_at


@pytest.mark.parametrize("late", ["rerule", "void_together"])
async def test_92B_a_late_re_ruling_does_not_move_the_end_of_a_session_over_by_the_gap(
        storage, late):
    """Nobody ended Monday's session; the club's gap (3 hours) ended it when play stopped, at
    its last event. On Tuesday a director re-rules W's exposure (or voids it with the ruling
    that depends on it): the rows he writes into Monday's board are not play, and must not
    make the session end on Tuesday (or be in play again), nor reopen its appeals (92B: the
    session_end deadline runs from when play stopped)."""
    storage.now = lambda: MONDAY_7PM
    desk = Desk(storage)
    await storage.update_club(GUILD_A, session_gap_hours=3)
    await desk.update_settings(GUILD_A, appeal_minutes=30, appeal_from="session_end")
    board, recs = await _logged(storage, penalty_story()[:2])
    await _seated(storage, board)
    stopped = recs[-1].created_at
    tuesday = MONDAY_7PM + dt.timedelta(days=1)
    storage.now = lambda: tuesday
    if late == "rerule":
        done = await desk.rerule(GUILD_A, recs[0].id, DIRECTOR, "heart king", {"cards": "HK"})
        latest = done.new.id
    else:  # E's lead is the table's record: kept, recorded again
        [(_, latest)] = (await desk.void_together(GUILD_A, recs[0].id, DIRECTOR, "no")).carried
    assert (await storage.event(GUILD_A, latest)).created_at == tuesday  # written late
    assert (await storage.session(GUILD_A, board.session_id)).ended_at == stopped
    assert (await storage.live_session(GUILD_A)).id != board.session_id
    if late == "rerule":  # the corrected ruling's appeals closed 30 minutes after play stopped
        with pytest.raises(Conflict, match="time for appeals"):
            await desk.appeal(GUILD_A, latest, PLAYER, "late", now=tuesday)


async def test_92B_the_next_session_ends_the_last_one_when_its_play_stopped(storage):
    """The next club day's first command starts a new session; the last one ended with its
    last event the evening before, and its appeals closed 30 minutes after that."""
    storage.now = lambda: MONDAY_7PM
    desk = Desk(storage)
    await desk.update_settings(GUILD_A, appeal_minutes=30, appeal_from="session_end")
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await _seated(storage, board)
    storage.now = lambda: MONDAY_7PM + dt.timedelta(days=1)
    assert (await storage.live_session(GUILD_A)).id != board.session_id
    assert (await storage.session(GUILD_A, board.session_id)).ended_at == rec.created_at
    assert (await desk.appeal(GUILD_A, rec.id, PLAYER, "in time",
                              now=rec.created_at + dt.timedelta(minutes=29))).id
    with pytest.raises(Conflict, match="time for appeals"):
        await desk.appeal(GUILD_A, rec.id, PLAYER, "late",
                          now=rec.created_at + dt.timedelta(minutes=31))


async def test_rerule_and_void_together_keep_the_log_rollup_equal_to_the_events(
    storage, storage_url
):
    """The monthly roll-up behind /log stats follows the desk's voids and re-rulings."""
    from tests.core.storage.test_storage_rollup import _from_events

    desk = Desk(storage)
    _, recs = await _logged(storage, penalty_story()[:3])
    await desk.rerule(GUILD_A, recs[0].id, DIRECTOR, "heart king", {"cards": "HK"})
    _, (other,) = await _logged(storage, [exposed("E", "DA")], board=2)
    await desk.void_together(GUILD_A, other.id, DIRECTOR, "never happened")
    from_rollup = await storage.stats(GUILD_A)
    assert from_rollup == await _from_events(storage_url, storage, GUILD_A)
    # the first exposure, the lead ruled again after it, the choice that no longer applies,
    # the ♦A
    assert from_rollup.voided == 4


async def test_one_re_ruling_counts_as_one_reviewed_in_the_log_stats(storage, storage_url):
    """A director's re-ruling voids, with the ruling he corrected, the later 50D2 ruling it
    carries (ruled again) and declarer's choice that no longer applies: those are no reviews
    of their own, so /log stats counts one reviewed (it counted three), from the roll-up, the
    events and a rebuilt roll-up alike. Confirming the re-ruled copy is a second review."""
    from tests.core.storage.test_storage_rollup import _from_events

    desk = Desk(storage)
    _, recs = await _logged(storage, penalty_story()[:3])
    done = await desk.rerule(GUILD_A, recs[0].id, DIRECTOR, "heart king", {"cards": "HK"})
    [(_, copy)] = done.carried
    assert done.also_voided == (recs[2].id,)
    stats = await storage.stats(GUILD_A)
    assert (stats.reviewed, stats.confirmed, stats.voided) == (1, 0, 3)
    assert stats == await _from_events(storage_url, storage, GUILD_A)
    await storage.rebuild_log_rollup(GUILD_A)
    assert await storage.stats(GUILD_A) == stats
    await storage.confirm(GUILD_A, copy, DIRECTOR)
    confirmed = await storage.stats(GUILD_A)
    assert (confirmed.reviewed, confirmed.confirmed) == (2, 1)
    assert confirmed == await _from_events(storage_url, storage, GUILD_A)


async def test_50D2_a_confirmed_ruling_a_later_re_ruling_carries_stays_reviewed_once(
        storage, storage_url):
    """The director confirms E's 50D2 ruling, then re-rules W's exposure on corrected facts:
    the re-ruling carries the 50D2 ruling (ruled again as a copy). He did review it, and
    confirmed it: /log stats keeps it as one reviewed and confirmed ruling (it dropped out),
    from the roll-up, the events and a rebuilt roll-up alike; the copy is a review of its own
    once he gives it a verdict."""
    from tests.core.storage.test_storage_rollup import _from_events

    desk = Desk(storage)
    _, recs = await _logged(storage, penalty_story()[:3])
    await storage.confirm(GUILD_A, recs[1].id, DIRECTOR)
    assert ((await storage.stats(GUILD_A)).reviewed,
            (await storage.stats(GUILD_A)).confirmed) == (1, 1)
    done = await desk.rerule(GUILD_A, recs[0].id, DIRECTOR, "heart king", {"cards": "HK"})
    [(carried, copy)] = done.carried
    assert carried == recs[1].id
    stats = await storage.stats(GUILD_A)
    assert (stats.reviewed, stats.confirmed) == (2, 1)  # the 50D2 confirmation, the amend
    assert stats == await _from_events(storage_url, storage, GUILD_A)
    await storage.rebuild_log_rollup(GUILD_A)
    assert await storage.stats(GUILD_A) == stats
    await storage.confirm(GUILD_A, copy, DIRECTOR)
    again = await storage.stats(GUILD_A)
    assert (again.reviewed, again.confirmed) == (3, 2)
    assert again == await _from_events(storage_url, storage, GUILD_A)


async def test_one_void_with_its_dependents_counts_as_one_reviewed(storage, storage_url):
    """'Void them together' is one director's decision: the rulings voided with the one he
    voided are no reviews of their own."""
    from tests.core.storage.test_storage_rollup import _from_events

    desk = Desk(storage)
    _, recs = await _logged(storage, penalty_story()[:3])
    assert len((await desk.void_together(GUILD_A, recs[0].id, DIRECTOR,
                                        "never happened")).voided) == 2
    stats = await storage.stats(GUILD_A)
    assert (stats.reviewed, stats.voided) == (1, 3)
    assert stats == await _from_events(storage_url, storage, GUILD_A)


async def test_a_declarer_corrected_on_the_board_set_re_rules_what_follows(storage):
    """The board was set with S declaring; it was E. W's dropped ♠K was then dummy's card,
    which is no penalty card (48A): the exposure is ruled again as such."""
    desk = Desk(storage)
    board = await new_board(storage)
    [board_set] = (await storage.board_events(GUILD_A, board.id))
    exposure = await storage.record(GUILD_A, board.id, exposed("W", "SK"))
    plan = await desk.preview_rerule(GUILD_A, board_set.id, {"declarer": "E"})
    [again] = plan.correction.later
    assert again.id == exposure.id and again.changed and "48A" in again.after.laws
    await desk.rerule(GUILD_A, board_set.id, DIRECTOR, "E declared", {"declarer": "E"},
                      last_seq=plan.last_seq)
    state = await storage.board_state(GUILD_A, board.id)
    assert state.declarer is Seat.E and not state.penalty_cards



async def test_a_members_questions_are_limited_per_window_and_the_window_moves(storage):
    """Issue 24: three questions to the directors in ten minutes; a refused one writes
    nothing; ten minutes later the member may ask again."""
    from core.storage.limits import LimitReached

    desk = Desk(storage)
    board = await new_board(storage)
    start = storage.now()
    storage.now = lambda: start
    for n in range(3):
        await desk.consult(GUILD_A, PLAYER, board.id, None, f"question {n}")
    with pytest.raises(LimitReached, match="3 questions to the directors every 10 minutes"):
        await desk.consult(GUILD_A, PLAYER, board.id, None, "a fourth")
    assert len(await desk.open_consultations(GUILD_A)) == 3
    await desk.consult(GUILD_A, DIRECTOR, board.id, None, "another member may")  # per member
    storage.now = lambda: start + dt.timedelta(minutes=10)
    assert (await desk.consult(GUILD_A, PLAYER, board.id, None, "later")).question == "later"


@pytest.mark.parametrize("director", [True, False])
@pytest.mark.parametrize("playing", [True, False])
@pytest.mark.parametrize("no_peeking", [True, False])
async def test_the_table_lookup_knows_when_no_board_can_be_closed_to_the_asker(
    storage, director, playing, no_peeking
):
    """Issue 27: the blind check reads nothing more for a member to whom no board can be
    closed, which the table lookup says (``core.permissions.may_be_blind``). Whenever it says
    so, the full check (``Desk.is_blind``) agrees for every board of the session."""
    desk = Desk(storage)
    other = await new_board(storage, table=2, board=3)
    mine = await storage.table(GUILD_A, 1)
    await storage.sit(GUILD_A, DIRECTOR, mine.id, "N")
    await storage.set_board(GUILD_A, mine.id, 1)
    await desk.set_playing(GUILD_A, DIRECTOR, playing)
    await desk.update_settings(GUILD_A, no_peeking=no_peeking)
    found = await storage.table_lookup(GUILD_A, DIRECTOR, 2)
    assert (found.playing_director, found.no_peeking) == (playing, no_peeking)
    possible = may_be_blind(playing=playing, director=director, no_peeking=no_peeking)
    closed = [await desk.is_blind(GUILD_A, DIRECTOR, other.session_id, n, director=director)
              for n in (1, 2, 3)]
    if not possible:
        assert closed == [False, False, False]
    else:
        assert closed[2]  # board 3 is another table's and he has not played it


async def test_50B_voiding_a_choice_that_picked_up_a_card_takes_a_later_minor_card_with_it(
        storage):
    """W's ♠K, E on lead, declarer requires a spade (the ♠K goes back, 50D2(a)); then W drops
    the ♥3: a minor penalty card, E's leads free (50C). Without declarer's choice the ♠K stays,
    so the ♥3 is W's second penalty card and major (50B): the ♥3 ruling would be ruled
    otherwise and is a dependent, offered to be voided together (a club night found it kept
    as minor in the log and its script while the board held it as major)."""
    desk = Desk(storage)
    board, (king, lead, choice, heart) = await _logged(
        storage, [exposed("W", "SK"), partner_leads("E"), chosen("E", "require:S"),
                  exposed("W", "H3")])
    assert heart.ruling.outcome["penalty_kind"] == "minor"
    assert await desk.dependents(GUILD_A, choice.id) == (heart.id,)
    with pytest.raises(Conflict, match=f"ruling #{heart.id} .* ruled otherwise"):
        await storage.void(GUILD_A, choice.id, DIRECTOR)
    assert (await desk.void_together(GUILD_A, choice.id, DIRECTOR, "x")).voided == (heart.id,)
    state = await storage.board_state(GUILD_A, board.id)
    assert [p.token for p in state.penalty_cards] == ["W:SK:major"]


async def test_50B_a_penalty_ruling_logged_without_its_kind_is_not_flagged(storage):
    """A penalty card ruling logged before the outcome held its kind is compared as before:
    the void of an earlier choice does not make it a dependent for want of the field."""
    desk = Desk(storage)
    _, (king, lead, choice, heart) = await _logged(
        storage, [exposed("W", "SK"), partner_leads("E"), chosen("E", "require:S"),
                  exposed("W", "H3")])
    async def older(s):
        row = await s.get(EventRow, heart.id)
        outcome = {k: v for k, v in row.ruling["outcome"].items() if k != "penalty_kind"}
        row.ruling = {**row.ruling, "outcome": outcome}

    await storage.tx.write(older)
    assert await desk.dependents(GUILD_A, choice.id) == ()


async def test_50D2_void_together_keeps_the_tables_record_of_the_tricks(storage):
    """W's ♠K, E reported on lead to trick 3 (declarer's 50D2 options), declarer leaves it,
    E reported on lead to trick 6 (the options again). Voiding the ♠K takes the two 50D2
    rulings and the choice with it, but the reports of where the play is are the table's
    record, not the rulings: the board stays at trick 6 with E on lead, the reports kept as
    plain leads (a club night found "Void them together" had sent the table back to trick 1)."""
    desk = Desk(storage)
    story = [exposed("W", "SK"), PartnerLead(Seat.E, trick=3), chosen("E", "any"),
             PartnerLead(Seat.E, trick=6)]
    board, recs = await _logged(storage, story)
    assert recs[3].ruling.options  # the options again before trick 6
    voided = await desk.void_together(GUILD_A, recs[0].id, DIRECTOR, "never happened")
    assert voided.voided == (recs[1].id, recs[2].id, recs[3].id)
    state = await storage.board_state(GUILD_A, board.id)
    assert (state.trick, state.on_lead) == (6, Seat.E)
    assert not state.penalty_cards and not state.pending
    assert state == await storage.rebuild(GUILD_A, board.id)
    assert all([(await storage.event(GUILD_A, r.id)).void for r in recs])


async def test_50D2_void_together_names_the_copies_it_records_and_links_each_to_its_ruling(
        storage):
    """"Void them together" records the kept reports again (and the events after them) under
    new numbers: it says which old number became which, and each kept lead's copy is linked
    to the ruling it replaces, so amending that voided ruling later cannot record the lead a
    second time (Law 50D2: the table's reports of the play are kept once)."""
    desk = Desk(storage)
    story = [exposed("W", "SK"), PartnerLead(Seat.E, trick=3), chosen("E", "any"),
             PartnerLead(Seat.E, trick=6)]
    board, recs = await _logged(storage, story)
    done = await desk.void_together(GUILD_A, recs[0].id, DIRECTOR, "never happened")
    assert done.voided == (recs[1].id, recs[2].id, recs[3].id)
    assert [old for old, _ in done.carried] == [recs[1].id, recs[3].id]
    for old, copy in done.carried:
        entry = await storage.event(GUILD_A, copy)
        assert not entry.void and copy > recs[3].id
        assert await desk.amended_by(GUILD_A, old) == copy
    with pytest.raises(Conflict, match=f"#{done.carried[0][1]}"):
        await desk.rerule(GUILD_A, recs[1].id, DIRECTOR, "trick 4", {"trick": "4"})
    leads = [e for e in await storage.board_events(GUILD_A, board.id, include_void=False)
             if e.kind == "partner_lead"]
    assert [e.facts["trick"] for e in leads] == [3, 6]
    state = await storage.board_state(GUILD_A, board.id)
    assert (state.trick, state.on_lead) == (6, Seat.E)


async def test_a_re_ruling_shown_waits_in_storage_for_ten_minutes_and_is_used_once(storage):
    """What the director was shown before "Re-rule the board" is stored, not kept in the bot's
    memory: it is read back as written, used once by the re-ruling that consumes it in its
    own transaction, refused once it has waited more than ten minutes (nothing written), and
    dropped by "Cancel"."""
    storage.now = lambda: MONDAY_7PM
    desk = Desk(storage)
    _, (rec,) = await _logged(storage, [exposed("W", "S5")])
    plan = await desk.preview_rerule(GUILD_A, rec.id, {"cards": "SK"})
    waiting = await desk.offer_rerule(GUILD_A, plan, DIRECTOR, "it was the king", {"cards": "SK"},
                                      score="4HS=", board_played=True)
    shown = await desk.pending_rerule(GUILD_A, waiting)
    assert (shown.event_id, shown.director_id, shown.text, shown.changes, shown.score,
            shown.last_seq) == (rec.id, DIRECTOR, "it was the king", {"cards": "SK"}, "4HS=",
                                plan.last_seq)
    storage.now = lambda: MONDAY_7PM + dt.timedelta(minutes=11)
    with pytest.raises(Conflict, match="expired"):
        await desk.pending_rerule(GUILD_A, waiting)
    with pytest.raises(Conflict, match="amend again"):
        await desk.rerule(GUILD_A, rec.id, DIRECTOR, "king", {"cards": "SK"},
                          last_seq=plan.last_seq, pending_id=waiting)
    assert not (await storage.event(GUILD_A, rec.id)).void  # refused: nothing written
    cancelled = await desk.offer_rerule(GUILD_A, plan, DIRECTOR, "queen", {"cards": "SQ"})
    await desk.cancel_rerule(GUILD_A, cancelled)
    with pytest.raises(Conflict, match="amend again"):
        await desk.pending_rerule(GUILD_A, cancelled)
    again = await desk.offer_rerule(GUILD_A, plan, DIRECTOR, "king", {"cards": "SK"})
    done = await desk.rerule(GUILD_A, rec.id, DIRECTOR, "king", {"cards": "SK"},
                             last_seq=plan.last_seq, pending_id=again)
    assert (await storage.event(GUILD_A, rec.id)).void and done.new.id
    with pytest.raises(Conflict, match="amend again"):
        await desk.rerule(GUILD_A, done.new.id, DIRECTOR, "queen", {"cards": "SQ"},
                          pending_id=again)


async def test_a_re_ruling_shown_before_a_void_is_refused_after_it(storage):
    """A director is shown the before/after of an amend; meanwhile another director voids the
    ruling (no new report, the board's last event unchanged): the stored offer is refused,
    "amend again", and the void stands (nothing written)."""
    storage.now = lambda: MONDAY_7PM
    desk = Desk(storage)
    _, (rec,) = await _logged(storage, [exposed("W", "S5")])
    plan = await desk.preview_rerule(GUILD_A, rec.id, {"cards": "SK"})
    waiting = await desk.offer_rerule(GUILD_A, plan, DIRECTOR, "it was the king", {"cards": "SK"})
    storage.now = lambda: MONDAY_7PM + dt.timedelta(minutes=2)
    await storage.give_verdict(GUILD_A, rec.id, DIRECTOR + 1, VerdictKind.VOIDED, "no card")
    with pytest.raises(Conflict, match="amend again"):
        await desk.rerule(GUILD_A, rec.id, DIRECTOR, "king", {"cards": "SK"},
                          last_seq=plan.last_seq, pending_id=waiting)
    voided = await storage.event(GUILD_A, rec.id)
    assert voided.void and voided.verdict is VerdictKind.VOIDED
    assert await desk.amended_by(GUILD_A, rec.id) is None


def _led_d3() -> LeadOutOfTurn:
    """W led the ♦3 out of turn to trick 4 and N played to it: the lead stands (53A)."""
    return LeadOutOfTurn(Seat.W, parse_card("D3"), Seat.N, trick=4, next_hand_played=True)


async def test_45_voiding_a_lead_takes_its_card_out_of_the_trick(storage):
    """W's ♦3 is in trick 4, so E's ♦3 is refused. The director voids the lead (it was E's
    card): the ♦3 leaves the table's record with it, E's exposure is recorded, and the board is
    the fold of what is left."""
    board, (lead,) = await _logged(storage, [_led_d3()])
    with pytest.raises(RuleError, match="♦3 was played by W earlier on this board, so E "
                                        "cannot hold it"):
        await storage.record(GUILD_A, board.id, exposed("E", "D3"), actor_id=PLAYER)
    await storage.void(GUILD_A, lead.id, DIRECTOR, "it was E's card")
    await storage.record(GUILD_A, board.id, exposed("E", "D3"), actor_id=PLAYER)
    state = await storage.board_state(GUILD_A, board.id)
    assert [p.token for p in state.penalty_cards] == ["E:D3:minor"]
    assert state.whereabouts == () and state == await storage.rebuild(GUILD_A, board.id)


async def test_45_an_amended_lead_moves_its_card_in_the_record(storage):
    """The lead was W's ♦4, not his ♦3: once the director amends it, the ♦3 is free for E and
    the ♦4 is the card in trick 4."""
    desk = Desk(storage)
    board, (lead,) = await _logged(storage, [_led_d3()])
    await desk.rerule(GUILD_A, lead.id, DIRECTOR, "it was the four", {"card": "D4"})
    await storage.record(GUILD_A, board.id, exposed("E", "D3"), actor_id=PLAYER)
    with pytest.raises(RuleError, match="♦4 was played by W earlier on this board"):
        await storage.record(GUILD_A, board.id, exposed("E", "D4"), actor_id=PLAYER)
    state = await storage.board_state(GUILD_A, board.id)
    assert state == await storage.rebuild(GUILD_A, board.id)


async def test_68B2_voiding_the_objected_concession_takes_its_exposure_ruling_with_it(storage):
    """E tried to concede, W objected (68B2), E's ♠K exposed then is no penalty card. Without
    the concession it would be one: voiding the concession alone is refused, and "void them
    together" takes the exposure's ruling along."""
    desk = Desk(storage)
    board, (conceded, shown) = await _logged(
        storage, [Claim(Seat.E, 0, 5, objector=Seat.W), exposed("E", "SK")])
    assert shown.ruling.outcome["penalty_kind"] == "none"
    assert await desk.dependents(GUILD_A, conceded.id) == (shown.id,)
    with pytest.raises(Conflict, match=f"ruling #{shown.id} .* ruled otherwise"):
        await storage.void(GUILD_A, conceded.id, DIRECTOR)
    done = await desk.void_together(GUILD_A, conceded.id, DIRECTOR, "no concession")
    assert done.voided == (shown.id,)
    state = await storage.board_state(GUILD_A, board.id)
    assert not state.penalty_cards and state == await storage.rebuild(GUILD_A, board.id)


async def test_50D1_void_together_keeps_a_lead_report_that_now_rules_otherwise(storage):
    """W's own ♥J and E's ♣A are major penalty cards; W is reported on lead to trick 2 (declarer's
    50D2 options for E's card). The director voids E's ♣A with what depends on it: the lead
    report is the table's record of the play and stays, ruled again as it rules now (W must
    lead his ♥J, 50D1), under a new number; the board stays at trick 2 with W on lead."""
    desk = Desk(storage)
    story = [exposed("W", "HJ"), exposed("E", "CA"), PartnerLead(Seat.W, trick=2)]
    board, recs = await _logged(storage, story)
    done = await desk.void_together(GUILD_A, recs[1].id, DIRECTOR, "no card was shown")
    assert done.voided == (recs[2].id,)
    [(old, copy)] = done.carried
    assert old == recs[2].id
    kept = await storage.event(GUILD_A, copy)
    assert not kept.void and kept.kind == "partner_lead" and "50D1" in kept.laws, kept.laws
    state = await storage.board_state(GUILD_A, board.id)
    assert (state.trick, state.on_lead) == (2, Seat.W)
    assert [p.card.text for p in state.penalty_cards] == ["HJ"]


async def test_92A_one_who_sat_down_after_the_board_ended_is_no_contestant_on_it(storage):
    """PLAYER sits at the table after its board 1 has ended (he did not play it): he may not
    appeal its ruling (92A: the contestants at that table for that board), nothing filed;
    one who sat there while it was played may."""
    from core.laws.flow import BoardEnded

    desk = Desk(storage)
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await _seated(storage, board, user=PLAYER + 1, seat="W")
    await storage.record(GUILD_A, board.id, BoardEnded())
    await _seated(storage, board)
    with pytest.raises(Conflict, match="92A"):
        await desk.appeal(GUILD_A, rec.id, PLAYER, "I sat down later")
    assert await desk.appeals(GUILD_A) == ()
    assert (await desk.appeal(GUILD_A, rec.id, PLAYER + 1, "I was there")).id


async def test_92B_a_consultation_answered_late_does_not_move_the_end_of_the_session(storage):
    """A player asks a private question on Monday; the club's gap ends the session when play
    stopped; the director answers on Tuesday: the answer's entry, written into Monday's board,
    is no play and neither moves the session's end nor puts it back in play."""
    storage.now = lambda: MONDAY_7PM
    desk = Desk(storage)
    await storage.update_club(GUILD_A, session_gap_hours=3)
    board, recs = await _logged(storage, [exposed("W", "SK")])
    await _seated(storage, board)
    asked = await desk.consult(GUILD_A, PLAYER, board.id, None, "May I lead it?")
    stopped = recs[-1].created_at
    tuesday = MONDAY_7PM + dt.timedelta(days=1)
    storage.now = lambda: tuesday
    _, recorded = await desk.answer(GUILD_A, asked.id, DIRECTOR, "Yes", None)
    assert recorded.created_at == tuesday
    assert (await storage.session(GUILD_A, board.session_id)).ended_at == stopped
    assert (await storage.live_session(GUILD_A)).id != board.session_id
