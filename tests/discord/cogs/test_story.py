"""The penalty-card story end to end through the real command tree, and buttons that outlive
the bot and refuse the wrong hands."""

from __future__ import annotations


def choice_buttons(message):
    return [b for b in message.buttons if b["custom_id"].startswith("tdbot:choice:")]


async def test_penalty_card_story(ld, bot, board):
    """/board set → /exposed → /lead → declarer forbids → /mustplay → /penalty played → end."""
    exposed = await ld.run("/exposed cards:SK seat:W how:accidental", user="LHO")
    assert not exposed.ephemeral
    assert "Ruling #" in exposed.embed["footer"]["text"]
    assert any(b["custom_id"].startswith("tdbot:call:") for b in exposed.message.buttons)

    lead = await ld.run("/lead seat:E", user="Declarer")
    assert not lead.ephemeral, lead.text
    buttons = choice_buttons(lead.message)
    assert buttons, lead.text
    forbid = next(b for b in buttons if ":forbid:" in b["custom_id"])
    pressed = await ld.press(lead.message, forbid["custom_id"], user="Declarer")
    [edit] = pressed.edits
    assert "Chosen by Declarer" in edit.text
    assert not choice_buttons(edit)

    state = await ld.run("/state", user="RHO")
    assert "may not lead a spade" in state.text

    must = await ld.run("/mustplay seat:E", user="RHO")
    assert not must.ephemeral and "spade" in must.text.lower()

    played = await ld.run("/board end", user="Declarer")
    assert "Board over" in played.text
