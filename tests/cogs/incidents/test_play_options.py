"""Three options of the play commands through the real tree: /premature-play rho_turn: and
legal: (Law 57D), /revoke accepted: (Law 52B1, the same rule as /penalty not-played), and the
/report file saying in words where /dummy-call read dummy's cards."""

from __future__ import annotations

import random
import re

import pytest

from core.cards import SUITS
from core.deal import random_deal
from core.seats import Seat
from tests.cogs.lead_agreement import button


async def _board(storage, ld):
    table = await storage.find_table(ld.guild.id, 1)
    return await storage.find_board(ld.guild.id, table.id)


def _laws(result) -> str:
    return next(f["value"] for f in result.embed["fields"] if f["name"] == "Laws")


async def test_57D_a_legal_card_at_rhos_turn_waits_for_his_turn_and_state_mustplay_agree(
    ld, bot, board, storage
):
    """W leads a heart to trick 3 and E plays his ♥5 at dummy's turn (his RHO): no penalty
    card, E must play the ♥5 at his turn, and /state and /mustplay say so."""
    result = await ld.run("/premature-play card:H5 seat:E led:H rho_turn:True trick:3",
                          user="Declarer")
    assert not result.ephemeral, result.text
    assert "57D" in _laws(result) and "E must play the ♥5 when his turn comes" in result.text
    state = (await _board(storage, ld)).state
    assert state.penalty_cards == () and state.trick == 3
    assert [r.token for r in state.restrictions_on(Seat.E)] == ["card:H5"]
    shown = await ld.run("/state", user="Dummy")
    assert "Penalty cards" not in shown.text, shown.text
    assert "E must play the ♥5 to trick 3 only (57D)" in shown.text, shown.text
    must = await ld.run("/mustplay seat:E led:H", user="RHO")
    assert "You must play the ♥5 now" in must.text and "57D" in must.text, must.text


async def test_57D_an_illegal_card_at_rhos_turn_is_a_major_penalty_card_for_every_view(
    ld, bot, board, storage
):
    """E discards the ♣5 at his RHO's turn though he holds a heart (legal:False): a major
    penalty card; /state names it, /mustplay binds E to it, /lead for W offers declarer's
    50D2 choice about clubs."""
    result = await ld.run("/premature-play card:C5 seat:E led:H rho_turn:True legal:False "
                          "trick:3", user="Declarer")
    assert not result.ephemeral, result.text
    assert "57D" in _laws(result) and "major penalty card" in result.text
    state = (await _board(storage, ld)).state
    assert [p.token for p in state.penalty_cards] == ["E:C5:major"]
    assert state.restrictions_on(Seat.E) == ()
    shown = await ld.run("/state", user="Dummy")
    assert "E's ♣5 (major)" in shown.text and "must play the" not in shown.text, shown.text
    must = await ld.run("/mustplay seat:E led:C", user="RHO")
    assert "Your penalty card ♣5 is a club: you must play it now" in must.text, must.text
    lead = await ld.run("/lead seat:W trick:4", user="LHO")
    assert "50D2" in lead.text and button(lead.message, "Require a club lead"), lead.text


@pytest.mark.parametrize(("line", "says"), [
    ("/premature-play card:C5 seat:E led:H rho_turn:True", "could legally play the ♣5"),
    ("/premature-play card:C5 seat:E led:H legal:False", "rho_turn:True"),
])
async def test_57D_what_the_bot_cannot_tell_is_one_private_line_and_writes_nothing(
    ld, bot, board, storage, line, says
):
    before = await _board(storage, ld)
    result = await ld.run(line, user="Declarer")
    assert result.ephemeral and says in result.content, result.text
    after = await _board(storage, ld)
    assert after.last_seq == before.last_seq and after.state == before.state


async def _state_after(storage, ld, line, user):
    result = await ld.run(line, user=user)
    assert not result.ephemeral, result.text
    state = (await _board(storage, ld)).state
    return result, ([p.token for p in state.penalty_cards],
                    {w.card.text: w.place.value for w in state.whereabouts},
                    state.pending, state.restrictions)


@pytest.mark.parametrize("accepted", ["True", "False"])
async def test_52B1_revoke_accepted_ends_as_penalty_not_played_does(ld, bot, board, storage,
                                                                    accepted):
    """E owes his ♠K (major) and discards the ♦2: /revoke with declarer's answer rules at once,
    no buttons, and leaves the table as /penalty not-played with the same answer (board 2)."""
    await ld.run("/exposed cards:SK seat:E", user="RHO")
    by_revoke, after_revoke = await _state_after(
        storage, ld, f"/revoke seat:E established:False card:D2 penalty_card_failure:True "
        f"accepted:{accepted} trick:3", "Declarer")
    law = "52B1(a)" if accepted == "True" else "52B2"
    labels = [b.get("label") or "" for b in by_revoke.message.buttons]
    assert law in _laws(by_revoke) and not any("52B" in x for x in labels), labels
    assert not after_revoke[2]  # nothing waits for declarer
    assert after_revoke[0] == (["E:SK:major"] if accepted == "True" else ["E:D2:major"])
    moved = await ld.run("/board set number:2 dealer:E declarer:S contract:4H table:1",
                         user="Director")
    assert not moved.ephemeral, moved.text
    await ld.run("/exposed cards:SK seat:E", user="RHO")
    by_52, after_52 = await _state_after(
        storage, ld, f"/penalty not-played card:D2 seat:E accepted:{accepted} trick:3",
        "Declarer")
    assert after_revoke == after_52
    assert by_revoke.embed["title"] == by_52.embed["title"]


@pytest.mark.parametrize("line", [
    "/revoke seat:E established:True won_by:offender penalty_card_failure:True accepted:True",
    "/revoke seat:E established:False card:D2 accepted:False",
])
async def test_52B1_revoke_accepted_where_law_52_does_not_rule_is_refused_and_writes_nothing(
    ld, bot, board, storage, line
):
    """Established (64B3), or no penalty card failure (62B): declarer's 52B1 answer has no
    place, so it is refused rather than silently ignored."""
    await ld.run("/exposed cards:SK seat:E", user="RHO")
    before = await _board(storage, ld)
    result = await ld.run(line, user="Declarer")
    assert result.ephemeral and "52B1" in result.content, result.text
    after = await _board(storage, ld)
    assert after.last_seq == before.last_seq and after.state == before.state


async def test_46B_report_says_in_words_where_dummys_cards_came_from(ld, bot, board):
    """/dummy-call reads dummy's cards from the hand records at trick 1: the director's /report
    file says so in words, not as the raw field records_trick."""
    deal = random_deal(1, random.Random(7))
    done = await ld.run(f"/board deal number:1 deal:{deal.pbn}", user="Director")
    assert done.ephemeral and "deal stored" in done.text, done.text
    suit = max(SUITS, key=lambda s: len(deal.hand(Seat.N).in_suit(s)))
    ruled = await ld.run(f"/dummy-call said:low led:{suit.letter} trick:1", user="Declarer")
    assert not ruled.ephemeral, ruled.text
    rid = re.search(r"Ruling #(\d+)", ruled.text)
    assert rid, ruled.text
    report = await ld.run(f"/report id:{rid[1]}", user="Director")
    text = report.files[0].text()
    assert ("- dummy's cards: read from the hand records at trick 1 (less the cards recorded "
            "played before it)\n") in text, text
    assert "records_trick" not in text, text
