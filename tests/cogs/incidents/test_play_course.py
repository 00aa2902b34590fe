"""The play as far as reports tell it, through the real command tree: restrictions lapse when
the reports say so, the lapse button answers to the table (or a director), the bot asks when it
cannot know, and /state, /mustplay and /lead never contradict each other."""

from __future__ import annotations

import asyncio
import contextlib
import re

from core.storage.values import LogFilter
from tests.cogs.lead_agreement import agree, button
from tests.support import set_up


async def test_restrictions_lapse_and_state_mustplay_lead_agree(ld, bot, board):
    """A forbid that lasts while W keeps the lead: it holds at his next lead, ends when dummy
    leads; after every step the three commands agree."""
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    assert await agree(ld, "W") == set()
    lead = await ld.run("/lead seat:W trick:3", user="LHO")
    forbid = button(lead.message, "Forbid diamonds while W keeps the lead")
    await ld.press(lead.message, forbid["custom_id"], user="Declarer")
    assert await agree(ld, "W") == {"forbid:diamond"}

    again = await ld.run("/lead seat:W trick:4", user="LHO")  # he won trick 3: he kept the lead
    assert await agree(ld, "W", again.text) == {"forbid:diamond"}

    discard = await ld.run("/mustplay seat:W led:H", user="LHO")  # 50D2 binds the lead only
    assert "does not bind this play" in discard.text

    dummy = await ld.run("/lead seat:N trick:5", user="Dummy")
    assert "no longer binding" in dummy.text
    assert await agree(ld, "W") == set()
    back = await ld.run("/lead seat:W trick:9", user="LHO")
    assert await agree(ld, "W", back.text) == set()


async def test_the_bot_asks_only_when_the_reports_cannot_tell(ld, bot, board):
    """Right after declarer's choice, /lead again is the same lead: no question (issue 22).
    A much later trick with no report between: the bot asks, with one pair of buttons, and only
    declarer's side (or a director) may answer — never the restricted side."""
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    lead = await ld.run("/lead seat:W trick:3", user="LHO")
    await ld.press(lead.message, button(lead.message, "Forbid diamonds while W keeps the lead")
                   ["custom_id"], user="Declarer")
    same = await ld.run("/lead seat:W", user="LHO")
    assert "kept the lead" not in same.text and "already chosen" in same.text
    assert await agree(ld, "W", same.text) == {"forbid:diamond"}
    asked = await ld.run("/lead seat:W trick:8", user="LHO")
    assert "kept the lead" in asked.text
    await agree(ld, "W", asked.text)
    labels = [b.get("label") for b in asked.message.buttons]
    assert "W has lost the lead" not in labels  # no near-twin of the question's own button
    lost = button(asked.message, "W's side lost it meanwhile")
    stranger = await ld.press(asked.message, lost["custom_id"], user="Kibitzer")
    assert stranger.ephemeral and not stranger.edits
    himself = await ld.press(asked.message, lost["custom_id"], user="LHO")
    assert himself.ephemeral and "declarer or dummy" in himself.content.lower()
    assert await agree(ld, "W") == {"forbid:diamond"}
    answered = await ld.press(asked.message, lost["custom_id"], user="Dummy")
    assert "Chosen by Dummy" in answered.edits[0].text
    assert await agree(ld, "W") == set()


async def test_lapse_button_answers_to_the_table_or_a_director(ld, bot, board):
    """"W has lost the lead" on /state: refused to a stranger and to the restricted side (state
    unchanged), accepted from declarer's side; pressed again it is stale."""
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    lead = await ld.run("/lead seat:W trick:2", user="LHO")
    await ld.press(lead.message, button(lead.message, "Forbid diamonds while W keeps the lead")
                   ["custom_id"], user="Declarer")
    state = await ld.run("/state", user="Dummy")
    lapse = button(state.message, "W has lost the lead")
    stranger = await ld.press(state.message, lapse["custom_id"], user="Kibitzer")
    assert stranger.ephemeral and "seated at table 1" in stranger.content
    assert await agree(ld, "W") == {"forbid:diamond"}
    own_side = await ld.press(state.message, lapse["custom_id"], user="RHO")
    assert own_side.ephemeral and "declarer or dummy" in own_side.content.lower()
    assert await agree(ld, "W") == {"forbid:diamond"}
    pressed = await ld.press(state.message, lapse["custom_id"], user="Dummy")
    assert not pressed.ephemeral and "no longer have the lead" in pressed.text
    assert await agree(ld, "W") == set()
    stale = await ld.press(state.message, lapse["custom_id"], user="Director")
    assert stale.ephemeral and "already over" in stale.content


async def test_57A_instruction_lapses_with_its_trick(ld, bot, board):
    """A premature play at trick 6: the 57A instruction binds E to trick 6 only."""
    early = await ld.run("/premature-play card:H9 seat:W led:C trick:6", user="LHO")
    await ld.press(early.message, button(early.message, "E plays his lowest club")["custom_id"],
                   user="Declarer")
    state = await ld.run("/state", user="Dummy")
    assert "lowest card of the suit led to trick 6 only" in state.text
    assert button(state.message, "E has played to the trick")
    await ld.run("/lead seat:W trick:7", user="LHO")
    state = await ld.run("/state", user="Dummy")
    assert "lowest" not in state.text


async def test_lead_for_a_defender_with_his_own_major_penalty_card_is_50D1(ld, bot, board):
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    lead = await ld.run("/lead seat:W", user="LHO")
    assert "W must lead his penalty card ♠K" in lead.text and "50D1" in lead.text
    assert "may lead any card" not in lead.text


async def test_51B2b_forbid_both_suits_is_offered(ld, bot, board):
    await ld.run("/exposed cards:SQ D5 seat:E", user="RHO")
    lead = await ld.run("/lead seat:W", user="LHO")
    both = button(lead.message, "Forbid spades and diamonds while W keeps the lead")
    await ld.press(lead.message, both["custom_id"], user="Declarer")
    assert await agree(ld, "W") == {"forbid:spade", "forbid:diamond"}


async def test_52B2_minor_penalty_card_passed_over_through_the_bot(ld, bot, board):
    """W drops the ♦7 (minor), then plays the ♦2: declarer requires the ♦7 (52B2)."""
    await ld.run("/exposed cards:D7 seat:W", user="LHO")
    result = await ld.run("/penalty not-played card:D2 seat:W accepted:false", user="Declarer")
    assert not result.ephemeral, result.text
    assert "must play the ♦7 instead" in result.text and "52B2" in result.text
    state = await ld.run("/state", user="Dummy")
    assert "W's ♦2 (major)" in state.text and "♦7" not in state.text


async def test_52B1a_a_defender_reporting_his_own_slip_leaves_declarer_the_choice(ld, bot, board):
    """W owes his ♠K (major) and plays the ♣4; he reports it himself. Declarer is asked first
    (52B1(a)): a defender's press is refused, declarer's "accept" lets the ♣4 stand and the ♠K
    stays on the table (52B1(c))."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    asked = await ld.run("/penalty not-played card:C4 seat:W", user="LHO")
    assert not asked.ephemeral, asked.text
    assert "52B1" in asked.text and "must play the ♠K instead" not in asked.text
    accept = button(asked.message, "Accept the ♣4; ♠K stays on the table (52B1)")
    assert button(asked.message, "W plays the ♠K instead; the ♣4 becomes a major penalty card "
                  "(52B2)")
    refused = await ld.press(asked.message, accept["custom_id"], user="RHO")
    assert refused.ephemeral and not refused.edits
    chosen = await ld.press(asked.message, accept["custom_id"], user="Declarer")
    assert "Chosen by Declarer" in chosen.edits[0].text
    state = await ld.run("/state", user="Dummy")
    assert "W's ♠K (major)" in state.text and "♣4" not in state.text


async def test_52_refused_when_the_card_played_was_legal(ld, bot, board):
    await ld.run("/exposed cards:D7 seat:W", user="LHO")
    result = await ld.run("/penalty not-played card:C2 seat:W", user="Declarer")
    assert result.ephemeral and "50C" in result.text
    state = await ld.run("/state", user="Dummy")
    assert "W's ♦7 (minor)" in state.text


async def test_lapse_button_survives_a_restart_and_a_director_may_press_it(
    ld, start_bot, bot, board
):
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    lead = await ld.run("/lead seat:W trick:2", user="LHO")
    await ld.press(lead.message, button(lead.message, "Forbid diamonds while W keeps the lead")
                   ["custom_id"], user="Declarer")
    state = await ld.run("/state", user="Dummy")
    await start_bot()
    pressed = await ld.press(state.message, button(state.message, "W has lost the lead")
                             ["custom_id"], user="Director")
    assert not pressed.ephemeral and "no longer have the lead" in pressed.text
    assert await agree(ld, "W") == set()


async def test_an_incident_at_a_later_trick_puts_the_forbid_in_doubt(ld, bot, board):
    """E exposes a card at trick 8: nobody said who led since trick 2, so the bot asks."""
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    lead = await ld.run("/lead seat:W trick:2", user="LHO")
    await ld.press(lead.message, button(lead.message, "Forbid diamonds while W keeps the lead")
                   ["custom_id"], user="Declarer")
    later = await ld.run("/exposed cards:C3 seat:E trick:8", user="RHO")
    assert "kept the lead" in later.text, later.text
    await agree(ld, "W")
    [question] = [m for m in later.messages if "kept the lead" in m.text]
    kept = button(question, "W has kept the lead")
    answered = await ld.press(question, kept["custom_id"], user="Dummy")
    assert "W kept the lead" in answered.edits[0].text
    assert await agree(ld, "W") == {"forbid:diamond"}
    state = await ld.run("/state", user="Dummy")
    await ld.press(state.message, button(state.message, "W has lost the lead")["custom_id"],
                   user="Dummy")
    assert await agree(ld, "W") == set()


async def test_kept_the_lead_then_declarer_chooses_again_on_the_same_message(ld, bot, board):
    """W kept the lead while E's ♥Q is still a penalty card: declarer's options come back
    (50D2, footnote) as buttons on the answered question."""
    await ld.run("/exposed cards:DK HQ seat:E", user="RHO")
    lead = await ld.run("/lead seat:W", user="LHO")
    await ld.press(lead.message, button(lead.message, "Forbid diamonds while W keeps the lead")
                   ["custom_id"], user="Declarer")
    asked = await ld.run("/lead seat:W trick:5", user="LHO")
    kept = button(asked.message, "W has kept the lead")
    answered = await ld.press(asked.message, kept["custom_id"], user="Declarer")
    [edit] = answered.edits
    require = button(edit, "Require a heart lead")
    chosen = await ld.press(edit, require["custom_id"], user="Declarer")
    assert "Chosen by Declarer: Require a heart lead" in chosen.edits[0].text
    assert await agree(ld, "W") == {"forbid:diamond", "require:heart"}


async def test_ruling_buttons_are_routed_not_kept_by_discord_py(ld, bot, board):
    """The buttons on rulings are answered by the dynamic items the cogs register (by
    custom_id), so discord.py must not keep a view per message for the life of the process;
    the buttons still work."""
    store = bot._connection._view_store
    kept_before = len(store._synced_message_views), len(store._views)
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    lead = await ld.run("/lead seat:W trick:3", user="LHO")
    forbid = button(lead.message, "Forbid diamonds while W keeps the lead")
    pressed = await ld.press(lead.message, forbid["custom_id"], user="Declarer")
    state = await ld.run("/state", user="LHO")
    assert state.message.buttons  # the lapse button of the forbid
    assert (len(store._synced_message_views), len(store._views)) == kept_before
    assert not pressed.exceptions and await agree(ld, "W") == {"forbid:diamond"}


async def test_55A_the_defender_next_in_turn_decides_so_his_partners_press_cannot_close_it(
    ld, bot, board
):
    """Declarer (S) leads from his hand when dummy was on lead: W, next after the card, prevails
    if the defenders disagree (55A). E's press is refused and changes nothing; W's stands."""
    asked = await ld.run("/lead-out-of-turn card:HA seat:S correct_leader:N trick:3",
                         user="Dummy")
    assert not asked.ephemeral, asked.text
    assert "W decides if they disagree" in asked.text
    accept = button(asked.message, "Accept the ♥A as the lead (53A)")
    back = button(asked.message, "Have it taken back: declarer leads from N's hand (55B2)")
    early = await ld.press(asked.message, accept["custom_id"], user="RHO")
    assert early.ephemeral and "Only W at table 1" in early.content and not early.edits
    chosen = await ld.press(asked.message, back["custom_id"], user="LHO")
    assert "Chosen by LHO" in chosen.edits[0].text and "55B2" in chosen.edits[0].text


async def test_64A1_64B2_revoke_reported_mid_play_is_provisional_and_the_suit_is_remembered(
    ld, bot, board
):
    """Without later_tricks the transfer is provisional (1 now, 2 if E-W win a later trick);
    with the suit given, E's second established heart revoke transfers nothing (64B2)."""
    first = await ld.run("/revoke seat:E established:True won_by:offender trick:3 suit:H",
                         user="Declarer")
    assert not first.ephemeral, first.text
    assert "Provisional" in first.text and "2 tricks instead of 1" in first.text
    assert "64C" in first.text
    again = await ld.run("/revoke seat:E established:True won_by:offender trick:7 suit:H "
                         "later_tricks:1", user="Declarer")
    assert "No automatic trick transfer" in again.text and "64B2" in again.text


async def test_64B6_a_revoke_reported_without_its_trick_takes_the_trick_the_table_reported(
    ld, bot, board
):
    """W's established revoke reported with no trick: the table has reported the play at
    trick 13, so the revoke was on trick 12: corrected, no automatic transfer (64B6, 62D1); it
    used to be ruled as a trick-5 revoke with a trick transferred (64A1)."""
    await ld.run("/lead seat:W trick:13", user="Declarer")
    result = await ld.run("/revoke seat:W established:True won_by:offender later_tricks:0",
                          user="RHO")
    assert "64B6" in result.text and "64A1" not in result.text, result.text
    named = await ld.run("/revoke seat:E established:True won_by:offender later_tricks:1 "
                         "trick:6", user="RHO")
    assert "64A1" in named.text and "64B6" not in named.text, named.text  # a named trick rules


def ruling_number(message) -> str:
    """"Ruling #12" from a ruling's footer."""
    return message.embed["footer"]["text"].split(" · ")[0]


async def test_50D2_lead_asked_again_shows_the_pending_ruling_and_logs_nothing(
    ld, bot, board, storage
):
    """W asked about twice while declarer's 50D2 choice waits for his lead: the second answer
    is the same ruling (same number, same live buttons) and the ruling log and its figures
    get nothing new; one press resolves the choice, the older copy is then refused."""
    await set_up(ld)
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    first = await ld.run("/lead seat:W", user="LHO")
    assert ruling_number(first.message).startswith("Ruling #"), first.text
    before = await ld.slash("log stats", user="Director")
    counted = await storage.count_log(ld.guild.id, LogFilter())
    again = await ld.run("/lead seat:W", user="Dummy")
    assert not again.ephemeral, again.text
    assert ruling_number(again.message) == ruling_number(first.message)
    assert again.message.embed["title"] == first.message.embed["title"]
    assert [b["custom_id"] for b in again.message.buttons] == \
        [b["custom_id"] for b in first.message.buttons]
    assert await storage.count_log(ld.guild.id, LogFilter()) == counted
    after = await ld.slash("log stats", user="Director")
    assert after.embed["description"] == before.embed["description"], after.text
    forbid = button(again.message, "Forbid diamonds while W keeps the lead")
    chosen = await ld.press(again.message, forbid["custom_id"], user="Declarer")
    assert "Chosen by Declarer" in chosen.edits[0].text, chosen.text
    assert await agree(ld, "W") == {"forbid:diamond"}
    stale = await ld.press(first.message, forbid["custom_id"], user="Declarer")
    assert stale.ephemeral and "no longer applies" in stale.text, stale.text
    assert await agree(ld, "W") == {"forbid:diamond"}


async def test_50D2_lead_after_the_options_changed_is_a_new_ruling(ld, bot, board, storage):
    """E exposes a second card while declarer's choice waits: the options are no longer the
    ones offered, so /lead for W rules again (a new number, hearts among the options)."""
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    first = await ld.run("/lead seat:W", user="LHO")
    await ld.run("/exposed cards:HQ seat:E", user="RHO")
    counted = await storage.count_log(ld.guild.id, LogFilter())
    again = await ld.run("/lead seat:W", user="LHO")
    assert ruling_number(again.message) != ruling_number(first.message), again.text
    assert await storage.count_log(ld.guild.id, LogFilter()) == counted + 1
    button(again.message, "Forbid hearts while W keeps the lead")


async def test_50D2_lead_after_a_penalty_card_returned_is_a_new_ruling(
    ld, bot, board, storage
):
    """The director returns one of E's two penalty cards while declarer's choice waits: the
    choice now has fewer options than the ruling offered, so /lead for W rules again, even
    though an earlier lead's ruling once offered exactly those options."""
    await set_up(ld)
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    earlier = await ld.run("/lead seat:W trick:2", user="LHO")
    await ld.press(earlier.message, button(earlier.message, "Let W lead anything (the card "
                                           "stays)")["custom_id"], user="Declarer")
    await ld.run("/lead seat:N trick:3", user="Dummy")
    await ld.run("/exposed cards:HQ seat:E", user="RHO")
    first = await ld.run("/lead seat:W trick:4", user="LHO")
    button(first.message, "Forbid hearts while W keeps the lead")
    returned = await ld.run("/penalty returned card:HQ table:1", user="Director")
    assert not returned.ephemeral, returned.text
    again = await ld.run("/lead seat:W", user="LHO")
    numbers = {ruling_number(earlier.message), ruling_number(first.message)}
    assert ruling_number(again.message) not in numbers, again.text
    labels = [b.get("label") for b in again.message.buttons]
    assert "Forbid diamonds while W keeps the lead" in labels
    assert "Forbid hearts while W keeps the lead" not in labels


async def test_50D2_lead_delivered_again_gives_its_first_answer(ld, bot, board, storage):
    """Discord delivering a /lead again whose first answer never arrived: the answer is the
    ruling it recorded, not the pending ruling a later /lead offered (exactly once)."""
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    payload = ld.slash_payload("lead", {"seat": "W"}, user="LHO")
    ld.inject("POST /interactions/*", status=404, times=None)
    lost = await ld.dispatch(payload)
    assert lost.response is None
    ld.clear_faults()
    table = await storage.find_table(ld.guild.id, 1)
    played = await storage.find_board(ld.guild.id, table.id)
    [first] = [e for e in await storage.board_events(ld.guild.id, played.id)
               if e.kind == "partner_lead"]
    await ld.run("/exposed cards:HQ seat:E", user="RHO")
    later = await ld.run("/lead seat:W", user="LHO")
    counted = await storage.count_log(ld.guild.id, LogFilter())
    again = await ld.dispatch(dict(payload))
    assert ruling_number(again.message) == f"Ruling #{first.id}", again.text
    assert ruling_number(later.message) != f"Ruling #{first.id}"
    assert await storage.count_log(ld.guild.id, LogFilter()) == counted


async def test_50D2_two_leads_reported_at_once_record_one_ruling(
    ld, bot, board, storage, monkeypatch
):
    """Two players report W on lead at the same moment: the first to write records declarer's
    50D2 options, the other's check is made again on the facts it would write on and shows
    that same ruling (one ruling, one number, both answers alike). Each write waits until
    both have read the table, so both decide on the same facts."""
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    record, arrived, both = storage.record, [], asyncio.Event()

    async def together(*args, **kwargs):
        arrived.append(1)
        if len(arrived) == 2:
            both.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(both.wait(), 1)
        return await record(*args, **kwargs)

    monkeypatch.setattr(storage, "record", together)
    first, second = await asyncio.gather(
        ld.slash("lead", {"seat": "W"}, user="LHO"),
        ld.slash("lead", {"seat": "W"}, user="Dummy"),
    )
    table = await storage.find_table(ld.guild.id, 1)
    played = await storage.find_board(ld.guild.id, table.id)
    leads = [e for e in await storage.board_events(ld.guild.id, played.id)
             if e.kind == "partner_lead"]
    assert len(leads) == 1, [e.id for e in leads]
    assert ruling_number(first.message) == ruling_number(second.message) == \
        f"Ruling #{leads[0].id}", (first.text, second.text)


async def test_50D2_the_lead_options_and_declarers_choice_are_noted_in_the_log_channel(
    ld, bot, board
):
    """Every ruling is noted in the club's log channel, whichever command or button made it:
    /lead's 50D2 options and the ruling declarer's choice makes are lines there too."""
    await set_up(ld)
    await ld.run("/exposed cards:DK seat:E", user="RHO")
    lead = await ld.run("/lead seat:W trick:3", user="LHO")
    log = ld.guild.channel("td-log")
    offered = re.search(r"Ruling #(\d+)", lead.text)
    assert offered, lead.text
    assert any(f"Ruling #{offered[1]} " in m.text for m in ld.channel_messages(log))
    forbid = button(lead.message, "Forbid diamonds while W keeps the lead")
    pressed = await ld.press(lead.message, forbid["custom_id"], user="Declarer")
    chosen = re.search(r"\(ruling #(\d+)\)", pressed.text)
    assert chosen and chosen[1] != offered[1], pressed.text
    assert any(f"Ruling #{chosen[1]} " in m.text for m in ld.channel_messages(log))


async def test_57A_unmade_choice_lapses_once_a_later_trick_is_reported(ld, bot, board):
    """E plays prematurely at trick 3 and declarer does not choose; S is reported on lead to
    trick 5: the 57A choice (W's play to trick 3 only, 57A/57B) is gone from /state and
    /mustplay, and its button, pressed now, is refused and binds nothing."""
    await ld.run("/lead seat:S trick:3", user="Declarer")
    early = await ld.run("/premature-play card:C5 seat:E led:H trick:3", user="RHO")
    highest = button(early.message, "W plays his highest heart")
    await ld.run("/lead seat:S trick:5", user="Declarer")
    state = await ld.run("/state", user="Dummy")
    assert "57A" not in state.text, state.text
    must = await ld.run("/mustplay seat:W led:S", user="LHO")
    assert "Wait" not in must.text and "57A" not in must.text, must.text
    late = await ld.press(early.message, highest["custom_id"], user="Declarer")
    assert late.ephemeral and not late.edits and "no longer applies" in late.content
    state = await ld.run("/state", user="Dummy")
    assert "highest" not in state.text, state.text
    # W on lead later: declarer's 50D2 choice for E's ♣5 offers "require a club" too; the
    # lapsed 57A button "W plays a club" is not a press of that other choice
    await ld.run("/lead seat:W trick:6", user="LHO")
    club = await ld.press(early.message, button(early.message, "W plays a club")["custom_id"],
                          user="Declarer")
    assert club.ephemeral and not club.edits and "no longer applies" in club.content
    state = await ld.run("/state", user="Dummy")
    assert "Waiting for declarer to choose (Law 50D2) before W leads" in state.text, state.text


async def test_52B1_mustplay_with_a_suit_led_waits_for_declarers_choice(ld, bot, board):
    """W's ♠K is a major penalty card; he plays the ♠7 instead and declarer has not answered
    (52B1(a)): /mustplay for W waits with led: as without it, like /state."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    await ld.run("/penalty not-played card:S7 seat:W trick:2", user="LHO")
    state = await ld.run("/state", user="Dummy")
    assert "(Law 52B1) before W leads or plays" in state.text, state.text
    for asked in ("/mustplay seat:W", "/mustplay seat:W led:S"):
        must = await ld.run(asked, user="LHO")
        assert "Wait: W may not" in must.text and "52B1" in must.text, must.text
        assert "must play it now" not in must.text, must.text


async def test_55A_state_and_mustplay_name_the_defenders_as_the_ruling_does(ld, bot, board):
    """Declarer's lead out of turn: the ruling says the defenders choose, W deciding if they
    disagree, and only W's press counts (55A); /state and /mustplay say the same chooser."""
    ruled = await ld.run("/lead-out-of-turn card:HA seat:S correct_leader:N trick:5",
                         user="Declarer")
    assert "W decides if they disagree" in ruled.text, ruled.text
    state = await ld.run("/state", user="Dummy")
    assert "Waiting for the defenders to choose (Law 55)" in state.text, state.text
    assert "W's choice stands" in state.text and "irregular call" not in state.text
    must = await ld.run("/mustplay seat:S", user="Declarer")
    assert "until the defenders have chosen (Law 55)" in must.text, must.text
    assert "W's choice stands" in must.text and "left-hand" not in must.text, must.text
    back = button(ruled.message, "Have it taken back: declarer leads from N's hand (55B2)")
    refused = await ld.press(ruled.message, back["custom_id"], user="RHO")
    assert refused.ephemeral and not refused.edits
    chosen = await ld.press(ruled.message, back["custom_id"], user="LHO")
    assert "Chosen by LHO" in chosen.edits[0].text


async def test_50D1_mustplay_names_who_is_on_lead_for_a_player_who_is_not(ld, bot, board):
    """W's ♠K is a major penalty card; S is reported on lead to trick 3 and nothing waits
    (/state). /mustplay for E and W about their lead says S is on lead and what binds them
    next (50D1, 50D2), not "wait for declarer" or "lead the penalty card" as if on lead."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    await ld.run("/lead seat:S trick:3", user="Declarer")
    state = await ld.run("/state", user="Dummy")
    assert "S on lead" in state.text and "Waiting" not in state.text, state.text
    east = await ld.run("/mustplay seat:E", user="RHO")
    assert "E: S is on lead to trick 3 (as reported), not you." in east.text, east.text
    assert "Wait" not in east.text and "next on lead, declarer first chooses" in east.text
    west = await ld.run("/mustplay seat:W", user="LHO")
    assert "W: S is on lead to trick 3 (as reported), not you." in west.text, west.text
    assert "You must lead" not in west.text and "first legal opportunity" in west.text


async def test_54_lead_to_trick_1_by_the_wrong_defender_is_refused(ld, bot, board):
    """S declares, so W makes the opening lead. /lead seat:E trick:1 is not a plain lead with
    declarer's buttons: it is refused in one line that points to Law 54 (what the engine does
    with a card E led to trick 1), and nothing changes. With no trick, E leads to a later
    trick, and the answer says so."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    refused = await ld.run("/lead seat:E trick:1", user="RHO")
    assert refused.ephemeral and "opening lead out of turn (Law 54)" in refused.text
    state = await ld.run("/state", user="Dummy")
    assert "trick 1, W on lead" in state.text and "Waiting" not in state.text, state.text
    later = await ld.run("/lead seat:E", user="RHO")
    assert not later.ephemeral and "a trick after the opening lead" in later.text, later.text


async def test_52B_62_revoke_reported_as_a_penalty_card_failure_gets_the_law_52_answer(
    ld, bot, board
):
    """E owes his ♠K (major) and discards the ♦2 on a heart; reported with /revoke before it is
    established. The same answer as /penalty not-played: declarer's two buttons (52B1(a),
    52B2), never both cards on the table as penalty cards, nor "declarer chooses which" (51A);
    declarer's "not accepted" puts the ♠K in the ♦2's place."""
    await ld.run("/exposed cards:SK seat:E", user="RHO")
    asked = await ld.run("/revoke seat:E established:False card:D2 penalty_card_failure:True "
                         "trick:3", user="RHO")
    assert not asked.ephemeral, asked.text
    assert "52B1" in asked.text and "62B1" not in asked.text, asked.text
    accept = button(asked.message, "Accept the ♦2; ♠K stays on the table (52B1)")
    reject = button(asked.message, "E plays the ♠K instead; the ♦2 becomes a major penalty "
                    "card (52B2)")
    assert accept and reject
    state = await ld.run("/state", user="Dummy")
    assert "E's ♠K (major)" in state.text and "♦2" not in state.text, state.text
    assert "Waiting for declarer to choose (Law 52B1)" in state.text, state.text
    must = await ld.run("/mustplay seat:E led:H", user="Dummy")
    assert "one of ♠K ♦2" not in must.text and "52B1" in must.text, must.text
    chosen = await ld.press(asked.message, reject["custom_id"], user="Declarer")
    assert "Chosen by Declarer" in chosen.edits[0].text
    state = await ld.run("/state", user="Dummy")
    assert "E's ♦2 (major)" in state.text and "♠K" not in state.text, state.text


async def test_50D2_the_choice_belonged_to_the_lead_made(ld, bot, board):
    """W's ♣Q and E's ♠K are major; declarer lets W lead anything and W leads his ♣Q
    (/penalty played). The choice was for that lead: /state and /mustplay no longer offer it
    for trick 1; it comes back at W's next lead if he keeps the lead (50D2) — /lead seat:W
    after his lead is that next lead, and says so."""
    await ld.run("/exposed cards:CQ seat:W", user="LHO")
    await ld.run("/exposed cards:SK seat:E", user="RHO")
    lead = await ld.run("/lead seat:W", user="LHO")
    await ld.press(lead.message, button(lead.message, "Let W lead anything (the card stays)")
                   ["custom_id"], user="Declarer")
    await ld.run("/penalty played card:CQ", user="LHO")
    state = await ld.run("/state", user="Dummy")
    assert "declarer chooses" not in state.text and "Waiting" not in state.text, state.text
    must = await ld.run("/mustplay seat:W", user="Dummy")
    assert "Wait" not in must.text, must.text
    follow = await ld.run("/mustplay seat:E led:C hand:K8.J652.AJ94.-", user="RHO")
    assert "♠K" in follow.text
    kept = await ld.run("/lead seat:W", user="LHO")
    assert "W has already led to the trick reported" in kept.text, kept.text
    assert button(kept.message, "Require a spade lead"), kept.text
    state = await ld.run("/state", user="Dummy")
    assert "trick 2, W on lead" in state.text and "before W leads" in state.text, state.text


async def test_50D1_lead_headline_says_he_must_lead_his_own_penalty_card(ld, bot, board):
    """E has his own ♠K (major) on the table and declarer has chosen for E's lead (W's ♥Q,
    56B then "any"): /lead's headline says E must lead the ♠K, as /mustplay does — never
    "he may lead any card" — and the hint about a later lead reads as a sentence."""
    await ld.run("/exposed cards:SK seat:E", user="RHO")
    out = await ld.run("/lead-out-of-turn card:HQ seat:W correct_leader:E trick:4", user="LHO")
    await ld.press(out.message, button(out.message, "Refuse the lead, then: let E lead anything "
                                       "(the card stays)")["custom_id"], user="Declarer")
    lead = await ld.run("/lead seat:E", user="RHO")
    headline = lead.text.splitlines()[0]
    assert "must lead his penalty card ♠K" in headline, lead.text
    assert "may lead any card" not in lead.text, lead.text
    assert "Give trick: with /lead" not in lead.text, lead.text
    must = await ld.run("/mustplay seat:E", user="Dummy")
    assert "♠K" in must.text, must.text


async def test_50D2_a_lead_before_declarers_due_choice_is_refused_at_the_table(ld, bot, board):
    """E's ♣A and W's ♥A are major penalty cards, W on lead, nobody has run /lead: /state
    shows declarer's choice due, and W's ♥A reported played is refused in one private line
    (he waits, as once /lead has asked), nothing recorded; the choice is still due."""
    await ld.run("/exposed cards:CA seat:E", user="RHO")
    await ld.run("/exposed cards:HA seat:W", user="LHO")
    state = await ld.run("/state", user="Dummy")
    assert "Before W leads, declarer chooses (Law 50D2)" in state.text, state.text
    early = await ld.run("/penalty played card:HA", user="LHO")
    assert early.ephemeral and "W must wait" in early.text, early.text
    after = await ld.run("/state", user="Dummy")
    assert after.text == state.text
