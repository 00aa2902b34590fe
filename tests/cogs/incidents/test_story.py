"""The penalty-card story end to end through the real command tree, and buttons that outlive
the bot and refuse the wrong hands."""

from __future__ import annotations


def choice_buttons(message):
    return [b for b in message.buttons if b["custom_id"].startswith("tdbot:choice:")]


async def test_penalty_card_story(ld, bot, board):
    """/board set → /exposed → /lead → declarer forbids → /mustplay → /penalty played → end."""
    exposed = await ld.run("/exposed cards:SK HQ seat:W how:accidental", user="LHO")
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

    played = await ld.run("/penalty played card:HQ", user="LHO")
    assert not played.ephemeral, played.text
    assert "W played the" in played.text and "50E3" in played.text

    state = await ld.run("/state", user="RHO")
    assert "Penalty cards" not in state.text

    refused = await ld.run("/board end", user="Declarer")
    assert refused.ephemeral and "only a director can end it" in refused.content
    ended = await ld.run("/board end table:1", user="Director")
    assert "Board over" in ended.text
    state = await ld.run("/state", user="RHO")
    assert "Phase: finished" in state.text


async def test_only_declarer_or_a_director_may_choose(ld, bot, board):
    """A defender's press is refused ephemerally and changes nothing; a director's counts."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    lead = await ld.run("/lead seat:E", user="RHO")
    forbid = next(b for b in choice_buttons(lead.message) if ":forbid:" in b["custom_id"])
    refused = await ld.press(lead.message, forbid["custom_id"], user="RHO")
    assert refused.ephemeral and "Only the declarer at table 1" in refused.content
    assert not refused.edits
    stranger = await ld.press(lead.message, forbid["custom_id"], user="Kibitzer")
    assert stranger.ephemeral and "Only the declarer" in stranger.content
    state = await ld.run("/state", user="RHO")
    assert "Waiting for declarer to choose" in state.text
    chosen = await ld.press(lead.message, forbid["custom_id"], user="Director")
    assert "Chosen by Director" in chosen.edits[0].text


async def test_a_pending_button_survives_a_restart(ld, start_bot, bot, board):
    """A button posted before a restart is handled by the new bot from the stored state."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    lead = await ld.run("/lead seat:E", user="RHO")
    forbid = next(b for b in choice_buttons(lead.message) if ":forbid:" in b["custom_id"])
    await start_bot()
    pressed = await ld.press(lead.message, forbid["custom_id"], user="Declarer")
    assert "Chosen by Declarer" in pressed.edits[0].text
    # the same choice again (an old copy of the message): refused, nothing recorded twice
    payload = ld.component_payload(lead.message, forbid, user="Declarer")
    payload["message"] = lead.message.data  # the message as it was before the edit
    again = await ld.dispatch(payload)
    assert again.ephemeral and "no longer applies" in again.content


async def test_a_second_guild_cannot_see_or_touch_the_first(ld, bot, board):
    """Another guild has no table 1, and cannot press the first guild's buttons."""
    other = ld.add_guild("Other Club")
    intruder = ld.member("Declarer", guild=other)
    state = await ld.run("/state table:1", user=intruder)
    assert state.ephemeral and "No board in play at table 1" in state.content
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    lead = await ld.run("/lead seat:E", user="RHO")
    forbid = next(b for b in choice_buttons(lead.message) if ":forbid:" in b["custom_id"])
    payload = ld.component_payload(lead.message, forbid, user=intruder)
    pressed = await ld.dispatch(payload)
    assert pressed.ephemeral and "no longer applies" in pressed.content
    mine = await ld.run("/state", user="RHO")
    assert "Waiting for declarer to choose" in mine.text
