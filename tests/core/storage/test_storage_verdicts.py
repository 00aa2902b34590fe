"""Directors' verdicts (confirm, amend, void, adjust) and calls to the director."""

from __future__ import annotations

import asyncio

import pytest

from core.storage.errors import Conflict, NotFound, StorageError
from core.storage.values import VerdictKind
from tests.core.storage.helpers import (
    DIRECTOR,
    GUILD_A,
    PLAYER,
    exposed,
    fold,
    new_board,
    penalty_story,
    played,
)

OTHER_DIRECTOR = DIRECTOR + 1


async def _logged(storage, events):
    board = await new_board(storage)
    recs = [await storage.record(GUILD_A, board.id, ev, actor_id=PLAYER) for ev in events]
    return board, recs


async def test_confirm_records_who_and_when(storage):
    """A confirmed ruling shows the verdict and the director on the log entry."""
    _, (rec,) = await _logged(storage, [exposed("W", "SK")])
    verdict = await storage.confirm(GUILD_A, rec.id, DIRECTOR)
    assert (verdict.verdict, verdict.director_id, verdict.event_id) == (
        VerdictKind.CONFIRMED, DIRECTOR, rec.id)
    entry = await storage.event(GUILD_A, rec.id)
    assert (entry.verdict, entry.verdict_by, entry.verdict_at) == (
        VerdictKind.CONFIRMED, DIRECTOR, verdict.created_at)


async def test_amend_and_adjust_keep_their_text_and_the_history(storage):
    """Amended text and an adjusted score are stored; every verdict stays in the history."""
    _, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await storage.amend(GUILD_A, rec.id, DIRECTOR, "Card was held face up: minor, not major.")
    await storage.adjust(GUILD_A, rec.id, OTHER_DIRECTOR, "NS +620, EW -620", "Law 50E4")
    entry = await storage.event(GUILD_A, rec.id)
    assert entry.verdict is VerdictKind.ADJUSTED and entry.verdict_by == OTHER_DIRECTOR
    assert entry.adjusted_score == "NS +620, EW -620"
    assert entry.verdict_note == "Law 50E4"
    history = await storage.verdicts(GUILD_A, rec.id)
    assert [v.verdict for v in history] == [VerdictKind.AMENDED, VerdictKind.ADJUSTED]
    assert history[0].text == "Card was held face up: minor, not major."
    assert not entry.void


async def test_a_tables_record_is_voided_never_confirmed_amended_or_adjusted(storage):
    """West's plain opening lead is the table's record, not a ruling: a director cannot confirm,
    amend or adjust it (nothing is written: an adjusted score there would be missing from the
    log, its figures and its export, which leave the record out), but may still void it."""
    board, (lead,) = await _logged(storage, [played("W", "SK")])
    assert not (await storage.event(GUILD_A, lead.id)).is_ruling
    for method, args in (("confirm", ()), ("amend", ("the lead was the king",)),
                         ("adjust", ("60%/40%",))):
        with pytest.raises(Conflict, match="the table's record, not a ruling"):
            await getattr(storage, method)(GUILD_A, lead.id, DIRECTOR, *args)
    with pytest.raises(Conflict, match="the table's record, not a ruling"):  # 82C's score
        await storage.give_verdict(GUILD_A, lead.id, DIRECTOR, VerdictKind.VOIDED, "x",
                                   score="60%/40%")
    assert await storage.verdicts(GUILD_A, lead.id) == ()
    assert (await storage.event(GUILD_A, lead.id)).verdict is None
    await storage.void(GUILD_A, lead.id, DIRECTOR, "no such lead")
    history = await storage.verdicts(GUILD_A, lead.id)
    assert [v.verdict for v in history] == [VerdictKind.VOIDED]


@pytest.mark.parametrize(
    ("method", "args"),
    [("amend", ("   ",)), ("adjust", ("",)), ("amend", ("x" * 2001,))],
)
async def test_verdicts_need_their_text(storage, method, args):
    """Amending needs the amendment, adjusting needs the score; text has a length limit."""
    _, (rec,) = await _logged(storage, [exposed("W", "SK")])
    with pytest.raises(StorageError):
        await getattr(storage, method)(GUILD_A, rec.id, DIRECTOR, *args)
    assert await storage.verdicts(GUILD_A, rec.id) == ()


async def test_void_marks_the_event_and_rebuilds_the_board(storage):
    """A voided exposure stays in the log, marked void; the state is the fold of the rest."""
    board, (west, east) = await _logged(storage, [exposed("W", "SK"), exposed("E", "H4")])
    verdict = await storage.void(GUILD_A, east.id, DIRECTOR, "E did not expose anything")
    assert verdict.verdict is VerdictKind.VOIDED
    events = await storage.board_events(GUILD_A, board.id)
    assert [(e.seq, e.void) for e in events] == [(1, False), (2, False), (3, True)]
    state = (await storage.board(GUILD_A, board.id)).state
    assert [p.token for p in state.penalty_cards] == ["W:SK:major"]
    assert state == fold(events) == west.state
    assert state == await storage.rebuild(GUILD_A, board.id)
    assert len(await storage.board_events(GUILD_A, board.id, include_void=False)) == 2


async def test_after_a_void_new_events_continue_the_sequence(storage):
    """Voiding never reuses a sequence number."""
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await storage.void(GUILD_A, rec.id, DIRECTOR)
    nxt = await storage.record(GUILD_A, board.id, exposed("E", "D2"))
    assert nxt.seq == 3
    assert [p.token for p in nxt.state.penalty_cards] == ["E:D2:minor"]


async def test_void_refuses_to_strand_a_later_event(storage):
    """E's lead (its 50D2 ruling would be ruled otherwise) and declarer's choice depend on the
    exposure: voiding the exposure first is refused, naming the first event to void first;
    voiding from the end backwards works."""
    board, recs = await _logged(storage, penalty_story()[:3])
    exposure, partner_lead, choice = recs
    with pytest.raises(Conflict, match=f"#{partner_lead.id} .*ruled otherwise"):
        await storage.void(GUILD_A, exposure.id, DIRECTOR)
    assert not (await storage.event(GUILD_A, exposure.id)).void
    assert (await storage.board(GUILD_A, board.id)).state == choice.state
    await storage.void(GUILD_A, choice.id, DIRECTOR)
    await storage.void(GUILD_A, partner_lead.id, DIRECTOR)
    await storage.void(GUILD_A, exposure.id, DIRECTOR)
    events = await storage.board_events(GUILD_A, board.id)
    assert (await storage.board(GUILD_A, board.id)).state == fold(events)
    assert (await storage.board(GUILD_A, board.id)).state.penalty_cards == ()


async def test_a_voided_ruling_takes_no_further_verdict(storage):
    """Void is final: confirming or voiding it again is a Conflict."""
    _, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await storage.void(GUILD_A, rec.id, DIRECTOR)
    for method in (storage.void, storage.confirm):
        with pytest.raises(Conflict):
            await method(GUILD_A, rec.id, DIRECTOR)


async def test_verdict_on_an_unknown_ruling_is_not_found(storage):
    """A ruling number that does not exist is NotFound."""
    await _logged(storage, [exposed("W", "SK")])
    with pytest.raises(NotFound):
        await storage.confirm(GUILD_A, 999_999, DIRECTOR)
    with pytest.raises(NotFound):
        await storage.verdicts(GUILD_A, 999_999)


async def test_void_racing_new_events_keeps_the_fold(storage):
    """A void and new follow-ups at the same moment: the snapshot still equals the fold."""
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    await asyncio.gather(
        storage.void(GUILD_A, rec.id, DIRECTOR),
        *(storage.record(GUILD_A, board.id, exposed("E", f"D{r}")) for r in "2345"),
    )
    events = await storage.board_events(GUILD_A, board.id)
    assert [e.seq for e in events] == [1, 2, 3, 4, 5, 6]
    assert (await storage.board(GUILD_A, board.id)).state == fold(events)


# --- calling the director ----------------------------------------------------------------


async def test_a_call_carries_the_table_and_board_of_its_ruling(storage):
    """'Call the director' on a ruling records table, board and ruling; it is open."""
    board, (rec,) = await _logged(storage, [exposed("W", "SK")])
    call = await storage.call_director(GUILD_A, PLAYER, event_id=rec.id, note="He disagrees")
    assert (call.event_id, call.board_id, call.table_id) == (rec.id, board.id, board.table_id)
    assert (call.table_number, call.board_number, call.claimed_by) == (1, 1, None)
    assert [c.id for c in await storage.open_calls(GUILD_A)] == [call.id]
    posted = await storage.set_call_message(GUILD_A, call.id, channel_id=77, message_id=88)
    assert (posted.channel_id, posted.message_id) == (77, 88)


async def test_a_call_without_a_ruling(storage):
    """/director on its own: only the caller (and a table, if given)."""
    table = await storage.table(GUILD_A, 4)
    call = await storage.call_director(GUILD_A, PLAYER, table_id=table.id)
    assert (call.table_number, call.board_id, call.event_id) == (4, None, None)
    bare = await storage.call_director(GUILD_A, PLAYER)
    assert bare.table_id is None


async def test_exactly_one_director_takes_a_call(storage):
    """Five directors press 'Take it' at once: one gets it, everybody sees who."""
    await storage.club(GUILD_A)
    call = await storage.call_director(GUILD_A, PLAYER)
    results = await asyncio.gather(
        *(storage.claim_call(GUILD_A, call.id, DIRECTOR + i) for i in range(5))
    )
    winners = {r.claimed_by for r in results}
    assert len(winners) == 1
    winner = winners.pop()
    assert winner in {DIRECTOR + i for i in range(5)}
    assert (await storage.director_call(GUILD_A, call.id)).claimed_by == winner
    assert await storage.open_calls(GUILD_A) == ()
    again = await storage.claim_call(GUILD_A, call.id, winner)
    assert again.claimed_by == winner
