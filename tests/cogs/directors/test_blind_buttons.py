"""Blind means blind for buttons too (issue 24): a playing director who has not played a board
may not make its choices with the buttons any more than with the commands (the 54 opening-lead
options, the 23A "comparable?" judgement, "E has lost the lead"): each press is refused with the
commands' line and nothing is written. A deputy presses them as before."""

from __future__ import annotations

import pytest

from tests.support import exposure, seat_everyone, set_up

pytestmark = pytest.mark.usefixtures("bot")

BLIND = "You are playing and have not played board 1 yet: a deputy director deals with it."


def choice_buttons(message):
    return [b for b in message.buttons if b["custom_id"].startswith("tdbot:choice:")]


async def _table_one(ld, board: str):
    """The Director plays at table 2 (``/playing``); table 1 plays board 1."""
    await set_up(ld)
    ld.member("Deputy TD", roles=["Director"])
    ld.refresh_guild()
    await ld.run("/sit table:2 seat:E", user="Director")
    await ld.slash("playing", {"playing": True}, user="Director")
    await seat_everyone(ld)
    set_ = await ld.run(board, user="Declarer")
    assert not set_.ephemeral, set_.text


async def _refused(ld, storage, message, custom_id: str) -> None:
    one = await storage.table(ld.guild.id, 1)
    before = await storage.find_board(ld.guild.id, one.id)
    refused = await ld.press(message, custom_id, user="Director")
    assert refused.ephemeral and BLIND in refused.content, refused.content
    assert not refused.edits
    after = await storage.find_board(ld.guild.id, one.id)
    assert before is not None and after is not None and after.last_seq == before.last_seq


async def test_54_a_playing_director_cannot_choose_for_declarer_on_a_board_he_has_not_played(
    ld, storage
):
    await _table_one(ld, "/board set number:1 declarer:S contract:4S")
    led = await ld.run("/lead-out-of-turn card:HQ seat:E opening:true", user="RHO")
    assert not led.ephemeral, led.text
    first = choice_buttons(led.message)[0]["custom_id"]
    await _refused(ld, storage, led.message, first)
    chosen = await ld.press(led.message, first, user="Deputy TD")
    assert chosen.edits and "Chosen by Deputy TD" in chosen.edits[0].text


async def test_23A_a_playing_director_cannot_judge_comparable_on_a_board_he_has_not_played(
    ld, storage
):
    await _table_one(ld, "/board set number:1 dealer:N")
    await ld.run("/call call:1H", user="Dummy")
    ruled = await ld.run("/insufficient-bid bid:1D replacement:2C", user="RHO")
    assert not ruled.ephemeral, ruled.text
    [comparable] = [b["custom_id"] for b in choice_buttons(ruled.message)
                    if b["custom_id"].endswith(":comparable")]
    await _refused(ld, storage, ruled.message, comparable)
    judged = await ld.press(ruled.message, comparable, user="Deputy TD")
    assert judged.edits and "Chosen by Deputy TD" in judged.edits[0].text


async def test_50D2_a_playing_director_cannot_end_a_restriction_on_a_board_he_has_not_played(
    ld, storage
):
    await _table_one(ld, "/board set number:1 declarer:S contract:4S")
    await ld.run("/exposed cards:HA", user="LHO")
    lead = await ld.run("/lead seat:E trick:2", user="RHO")
    forbid = next(b["custom_id"] for b in choice_buttons(lead.message)
                  if ":forbid" in b["custom_id"])
    chosen = await ld.press(lead.message, forbid, user="Declarer")
    [message] = [e for e in chosen.edits if any(
        b["custom_id"].startswith("tdbot:lapse:") for b in e.buttons)]
    lapse = next(b["custom_id"] for b in message.buttons
                 if b["custom_id"].startswith("tdbot:lapse:"))
    await _refused(ld, storage, lead.message, lapse)
    over = await ld.press(lead.message, lapse, user="Deputy TD")
    assert not over.ephemeral and "50D2" in over.text, over.text


async def test_82_a_re_ruling_shown_before_he_sat_down_to_play_is_not_confirmed_after(
    ld, storage
):
    """The before/after is shown to a director who is not playing; he then sits at table 2
    and plays: pressing "Re-rule the board" for board 1 (not played) is refused, nothing
    is voided."""
    await set_up(ld)
    recorded = await exposure(storage, ld, card="S5")
    preview = await ld.slash(
        "ruling amend", {"id": recorded.id, "text": "it was the king", "facts": "cards=SK"},
        user="Director",
    )
    assert preview.ephemeral and "After:" in preview.text, preview.text
    await ld.run("/sit table:2 seat:E", user="Director")
    await ld.slash("playing", {"playing": True}, user="Director")
    refused = await ld.press(preview.message, "Re-rule the board", user="Director")
    assert refused.ephemeral and BLIND in refused.text, refused.text
    assert not (await storage.event(ld.guild.id, recorded.id)).void
