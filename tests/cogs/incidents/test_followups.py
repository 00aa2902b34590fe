"""Follow-ups from the stored state: /mustplay (private with a hand), /mustpass, /state,
autocomplete, deferral of slow work, and the console driving a real story."""

from __future__ import annotations

import asyncio
import io

import discord

from localdiscord import ONLY_YOU, Console
from tdbot.answers import ACK_AFTER


async def test_mustplay_with_a_hand_is_private(ld, bot, board):
    """A hand reveals a holding (Law 16): only the asker sees the answer."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    result = await ld.run("/mustplay seat:W led:S hand:S K52 H 876", user="LHO")
    assert result.ephemeral
    assert "♠K" in result.text
    public = await ld.run("/mustplay seat:W led:S", user="LHO")
    assert not public.ephemeral
    assert "52" not in public.text


async def test_50D1_a_public_mustplay_names_the_player_it_speaks_to(ld, bot, board):
    """The answer in words says "you" to the player of the seat: posted at the table, asked
    by anyone, it says which player that is (here the opening leader, West)."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    asked = await ld.run("/mustplay seat:W", user="Dummy")
    assert not asked.ephemeral
    assert asked.text.startswith("W: You must lead a penalty card (♠K)"), asked.text


async def test_mustpass_during_the_auction(ld, bot):
    """A call out of rotation: the offender's obligations are answered from state, and first
    that his LHO (W) has still to say whether he accepts it (29A), as /state says."""
    await ld.run("/sit table:1 seat:S", user="Declarer")
    await ld.run("/board set number:2 dealer:N", user="Declarer")
    await ld.run("/out-of-rotation call:1NT seat:S", user="Declarer")
    result = await ld.run("/mustpass seat:S", user="Declarer")
    assert not result.ephemeral
    assert result.embed["title"].startswith("Wait: W first says whether he accepts"), result.text
    state = await ld.run("/state", user="Declarer")
    assert "Waiting for W to say whether he accepts the irregular call (Law 29A)" in state.text


async def test_card_autocomplete(ld, bot, board):
    """Typing a suit suggests its cards; /penalty played suggests the penalty cards first."""
    spades = await ld.autocomplete("exposed", "cards", {"cards": "S", "seat": "W"}, user="LHO")
    assert [c["value"] for c in spades.choices][:2] == ["SA", "SK"]
    assert len(spades.choices) == 13
    await ld.run("/exposed cards:HQ seat:W", user="LHO")
    penalty = await ld.autocomplete("penalty played", "card", {"card": ""}, user="LHO")
    assert [c["value"] for c in penalty.choices] == ["HQ"]


async def test_a_quick_command_answers_in_one_response(ld, bot, board):
    """A ruling ready before ACK_AFTER is the interaction's response itself: one request to
    Discord, no "thinking…" first."""
    result = await ld.run("/exposed cards:SK seat:W", user="LHO")
    assert result.type is discord.InteractionResponseType.channel_message
    assert "Ruling #" in result.text
    assert not result.followups


async def test_a_slow_command_is_acknowledged_then_followed_up(
    ld, bot, board, storage, monkeypatch
):
    """When the work takes longer than ACK_AFTER, "thinking…" goes first (Discord's 3-second
    window is kept) and the ruling follows it."""
    real_record = storage.record

    async def slow_record(*args, **kwargs):
        await asyncio.sleep(ACK_AFTER + 0.2)
        return await real_record(*args, **kwargs)

    monkeypatch.setattr(storage, "record", slow_record)
    result = await ld.run("/exposed cards:SK seat:W", user="LHO")
    assert result.type is discord.InteractionResponseType.deferred_channel_message
    assert result.followups and "Ruling #" in result.followups[0].text


async def test_the_console_runs_a_story(ld, bot):
    """The console: sit, set a board, expose a card, lead, press 'forbid', ask, end."""
    script = [
        "/as LHO",
        "/sit table:1 seat:W",
        "/as Declarer",
        "/sit table:1 seat:S",
        "/board set number:1 dealer:N declarer:S contract:4H",
        "/as LHO",
        "/exposed cards:SK seat:W how:accidental",
        "/lead seat:E",
        "2",
        "/as Declarer",
        "2",
        "/mustplay seat:E hand:S2 HAK",
        "/board end",
        "/as Director",
        "/board end table:1",
    ]
    out = io.StringIO()
    console = Console(
        ld, stdin=io.StringIO("".join(f"{line}\n" for line in script)), stdout=out, user="Director"
    )
    assert await console.run() == 0
    text = out.getvalue()
    assert "major penalty card" in text
    assert "[2] Forbid spades while E keeps the lead" in text
    assert "Only the declarer at table 1 or a director can choose." in text
    assert "Chosen by Declarer: Forbid spades" in text
    assert f"TD Bot {ONLY_YOU}:" in text  # the hand answer is private
    assert "Board over" in text


async def test_a_director_returns_a_penalty_card_to_the_hand(ld, bot):
    """/penalty returned is the director's decision (Law 50): the card leaves the table."""
    for who, seat in (("Declarer", "S"), ("LHO", "W")):
        await ld.run(f"/sit table:1 seat:{seat}", user=who)
    await ld.run("/board set number:1 declarer:S", user="Declarer")
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    refused = await ld.run("/penalty returned card:SK", user="LHO")
    assert refused.ephemeral and "Only a director" in refused.content
    result = await ld.run("/penalty returned card:SK table:1", user="Director")
    assert not result.ephemeral and "50E2" in result.text
    state = await ld.run("/state", user="Declarer")
    assert "Penalty cards" not in state.text


async def test_calls_keep_the_pass_obligation_up_to_date(ld, bot):
    """/call records calls in rotation: a Law 24 pass obligation is used up by the next call."""
    for who, seat in (("Declarer", "S"), ("LHO", "W"), ("RHO", "E"), ("Dummy", "N")):
        await ld.run(f"/sit table:1 seat:{seat}", user=who)
    await ld.run("/board set number:1 dealer:S", user="Declarer")
    await ld.run("/call call:1NT", user="Declarer")
    await ld.run("/exposed cards:SA seat:W period:auction", user="LHO")
    before = await ld.run("/mustpass seat:E", user="RHO")
    assert "next turn" in before.text.lower()
    await ld.run("/call call:P", user="LHO")
    await ld.run("/call call:3NT", user="Dummy")
    await ld.run("/call call:P", user="RHO")
    after = await ld.run("/mustpass seat:E", user="RHO")
    assert "next turn" not in after.text.lower()


async def test_card_autocomplete_stays_within_discords_limits(ld, bot, board):
    """With 40 cards typed, no suggestion is longer than Discord's 100 characters (the stand-in
    refuses the answer otherwise); with a few, the typed cards are kept in front."""
    typed = " ".join(["SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7"] * 5) + " H"
    result = await ld.autocomplete("exposed", "cards", {"cards": typed, "seat": "W"}, user="LHO")
    assert result.response.status == 200
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in result.choices)
    short = await ld.autocomplete("exposed", "cards", {"cards": "SK H", "seat": "W"}, user="LHO")
    assert short.choices[0]["value"] == "SK HA"


async def test_50_penalty_played_is_a_penalty_card_of_that_seat_or_refused(
    ld, bot, board, storage
):
    """/penalty played records a penalty card leaving the table: a card that is not one of
    that seat's penalty cards (E has none; the ♠K is W's) is refused privately, in one line,
    and nothing is recorded, with seat: as without it (no "E played the ♠3" unchecked)."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    table = await storage.find_table(ld.guild.id, 1)
    before = await storage.find_board(ld.guild.id, table.id)
    for line, says in (("/penalty played card:S3 seat:E", "The ♠3 is not a penalty card"),
                       ("/penalty played card:S3", "The ♠3 is not a penalty card"),
                       ("/penalty played card:SK seat:N", "W's penalty card")):
        refused = await ld.run(line, user="LHO")
        assert refused.ephemeral and says in refused.text, (line, refused.text)
        assert len(refused.text.splitlines()) == 1, refused.text
    after = await storage.find_board(ld.guild.id, table.id)
    assert after.last_seq == before.last_seq
    played = await ld.run("/penalty played card:SK seat:W", user="LHO")
    assert not played.ephemeral and "W played the ♠K" in played.text, played.text
