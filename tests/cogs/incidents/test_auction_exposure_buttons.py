"""Law 24's question to the Director through the real command tree: a second single low card
shown later in the same auction (24A alone, or 24C with the first?), answered by the Director's
buttons, with what /state and /mustpass then say."""

from __future__ import annotations

import pytest

from tests.cogs.incidents.test_auction_judgement import choice_buttons, seat_and_bid


async def _two_low_cards_shown_apart(ld):
    """E shows the ♣2 (24A), the auction goes round, E shows the ♥4: the Director is asked."""
    await seat_and_bid(ld)
    first = await ld.run("/exposed cards:C2 seat:E period:auction", user="RHO")
    assert "no further rectification" in first.text, first.text
    for user, call in (("Dummy", "1C"), ("RHO", "P"), ("Declarer", "P"), ("LHO", "1H")):
        await ld.run(f"/call call:{call}", user=user)
    second = await ld.run("/exposed cards:H4 seat:E period:auction", user="RHO")
    assert "count together (24C)? Judgement pending" in second.text, second.text
    return second, {b["custom_id"].rsplit(":", 1)[1]: b for b in choice_buttons(second.message)}


@pytest.mark.parametrize(("answer", "barred"), [("together", True), ("separately", False)])
async def test_24A_24C_second_low_card_shown_later_is_judged_with_the_directors_buttons(
    ld, bot, answer, barred
):
    """Until the Director answers, W is free and /state shows the question; a player's press
    is refused and changes nothing; the Director's 'together' bars W at his next turn (24C),
    'separately' leaves him free (24A)."""
    second, buttons = await _two_low_cards_shown_apart(ld)
    assert set(buttons) == {"together", "separately"}
    state = await ld.run("/state", user="Dummy")
    assert "Waiting for the director to judge whether E's cards shown at different moments" \
        in state.text, state.text
    assert "may make any legal call" in (await ld.run("/mustpass seat:W", user="LHO")).text
    refused = await ld.press(second.message, buttons[answer]["custom_id"], user="Declarer")
    assert refused.ephemeral and "Only a director" in refused.content and not refused.edits
    assert "may make any legal call" in (await ld.run("/mustpass seat:W", user="LHO")).text
    judged = await ld.press(second.message, buttons[answer]["custom_id"], user="Director")
    assert "Chosen by Director" in judged.edits[0].text, judged.edits[0].text
    must = await ld.run("/mustpass seat:W", user="LHO")
    if barred:
        assert "must pass at his next turn" in must.text and "24C" in must.text, must.text
    else:
        assert "may make any legal call" in must.text, must.text
    after = await ld.run("/state", user="Dummy")
    assert "Waiting for the director" not in after.text, after.text
