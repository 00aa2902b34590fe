"""``/script`` through the real command tree: every option the ruling offers, spoken to the
table (Law 10C1), never cut (split across messages within Discord's limits), and always the
ruling as it now stands (after an amendment, a Law 82C correction or a re-ruling)."""

from __future__ import annotations

import pytest

from core.cards import parse_card
from core.laws.opening_lead import OpeningLeadOutOfTurn
from core.ruling import Ruling
from core.script import spoken
from core.seats import Seat
from core.storage.desk import Desk
from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")


async def _opening_lead(storage, ld):
    """E faces the ♠K when W (declarer S's left) should lead: declarer has five options."""
    t = await storage.table(ld.guild.id, 1)
    b = await storage.set_board(ld.guild.id, t.id, 1, dealer="N", declarer="S", contract="4H")
    return await storage.record(ld.guild.id, b.id,
                                OpeningLeadOutOfTurn(Seat.E, parse_card("SK")),
                                actor_id=ld.member("RHO").id)


async def test_10C1_script_reads_all_five_options_of_a_lead_out_of_turn_and_posts_them(
    ld, storage
):
    await set_up(ld)
    recorded = await _opening_lead(storage, ld)
    assert len(recorded.ruling.options) == 5
    read = await ld.slash("script", {"id": recorded.id}, user="Director")
    assert read.ephemeral and read.exceptions == []
    text = read.text.replace("\\", "")
    assert "Declarer, you have five options" in text
    for option in recorded.ruling.options:
        assert spoken(option.label) in text, option.token
    assert "let W lead anything" in text and "Please don't consult your partner" in text
    assert "unauthorized for W (the offender's partner) but authorized for declarer" in text
    posted = await ld.press(read.messages[-1], "Post it to the table", user="Director")
    assert not posted.ephemeral and posted.exceptions == []
    table_text = posted.text.replace("\\", "")
    for option in recorded.ruling.options:
        assert spoken(option.label) in table_text, option.token
    assert {m.channel_id for m in posted.messages} == {ld.guild.channel("table-1").id}


async def test_script_too_long_for_one_message_is_split_never_cut(ld, storage):
    """A correction whose markdown escaping doubles its length: every word still arrives."""
    await set_up(ld)
    recorded = await _opening_lead(storage, ld)
    words = " ".join(f"*w{i}_" for i in range(80))  # ~480 characters, more once escaped
    done = await ld.slash("ruling amend", {"id": recorded.id, "text": words,
                                           "director_error": "4S= NS +420"}, user="Director")
    assert not done.ephemeral, done.text
    read = await ld.slash("script", {"id": recorded.id}, user="Director")
    assert read.exceptions == [] and len(read.messages) >= 1
    text = read.text.replace("\\", "")
    assert all(f"*w{i}_" in text for i in range(80))
    assert "The director's correction" in text and "4S= NS +420" in text
    for option in recorded.ruling.options:
        assert spoken(option.label) in text


async def test_82C_script_after_a_correction_reads_it_first(ld, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    await ld.slash("ruling amend", {"id": recorded.id, "text": "I forgot 50E",
                                    "director_error": "4H= NS +420"}, user="Director")
    text = (await ld.slash("script", {"id": recorded.id}, user="Declarer")).text
    assert text.index("The director's correction") < text.index("What happened")
    assert "I forgot 50E" in text and "4H= NS +420" in text


async def test_script_of_a_re_ruled_ruling_reads_the_ruling_that_replaced_it(ld, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld, card="S5")
    preview = await ld.slash("ruling amend", {"id": recorded.id, "text": "it was the king",
                                              "facts": "cards=SK"}, user="Director")
    await ld.press(preview.message, "Re-rule the board", user="Director")
    text = (await ld.slash("script", {"id": recorded.id}, user="Declarer")).text
    assert "ruled again on corrected facts" in text and "it was the king" in text
    assert "♠K" in text and "major penalty card" in text
    assert "♠5 is a minor" not in text
    newer = await Desk(storage).amended_by(ld.guild.id, recorded.id)
    new = Ruling.from_data((await storage.event(ld.guild.id, newer)).ruling)
    assert spoken(new.summary).rstrip(".") in text.replace("\\", "")


async def test_10C1_script_reads_declarers_choice_as_made_once_he_has_pressed_it(ld, storage):
    """A club night: E leads the ♥Q out of turn at trick 1, declarer presses "require a
    heart"; /script still read "Declarer, you have five options…" while the table's message
    said "Chosen by Declarer…". The script is the ruling as it now stands: the choice made,
    and what it led to, for the director and for a player alike."""
    from tests.support import seat_everyone

    await set_up(ld)
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4S", user="Declarer")
    lead = await ld.run("/lead-out-of-turn card:HQ seat:E opening:true", user="RHO")
    pressed = await ld.press(lead.message, "Refuse the lead, then: require a heart lead",
                             user="Declarer")
    assert "Chosen by" in pressed.edits[0].text, pressed.edits[0].text
    ruling_id = int(lead.text.split("Ruling #")[1].split()[0])
    for user in ("Director", "LHO"):
        read = await ld.run(f"/script id:{ruling_id}", user=user)
        text = read.text.replace("\\", "")
        assert "five options" not in text and "Please hear them all" not in text, text
        assert "Declarer has chosen: Refuse the lead, then: require a heart lead." in text
        assert "W must lead a heart" in text, text


async def test_50D2_the_last_pass_ruling_offers_declarers_choice_and_its_script_reads_it(
    ld, storage
):
    """W leads the ♥Q during the auction (24); his pass ends it. That ruling turns the ♥Q into
    a penalty card (50E1) and says declarer chooses before E's opening lead (50D2): it carries
    the buttons, and its script reads the three options and who may know what — not "There
    is nothing to choose" nor "Nothing special about information"."""
    from tests.support import seat_everyone

    await set_up(ld)
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N", user="Declarer")
    for user, call in (("Dummy", "1NT"), ("RHO", "P"), ("Declarer", "P")):
        await ld.run(f"/call call:{call}", user=user)
    await ld.run("/exposed cards:HQ premature_lead:True", user="LHO")
    last = await ld.run("/call call:P", user="LHO")
    labels = [b.get("label") for b in last.message.buttons]
    assert "Require a heart lead" in labels, (last.text, labels)
    ruling_id = int(last.text.split("Ruling #")[1].split()[0])
    text = (await ld.run(f"/script id:{ruling_id}", user="Director")).text.replace("\\", "")
    assert "Declarer, you have three options" in text and "nothing to choose" not in text, text
    assert "authorized for everyone" in text and "Nothing special" not in text, text


async def test_64B7_script_of_a_transfer_a_later_revoke_cancelled_says_so(ld, storage):
    """W's established revoke: 1 trick to N-S (ruling A). Then declarer's own established
    revoke: both sides have one, so no transfer for either (64B7, ruling B). Ruling A's
    script says ruling B has superseded its transfer, first, before what it said then."""
    from tests.support import seat_everyone

    await set_up(ld)
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    first = await ld.run("/revoke seat:W established:True won_by:offender trick:5 suit:C",
                         user="LHO")
    second = await ld.run("/revoke seat:S established:True won_by:offender trick:7 "
                          "later_tricks:2 suit:D", user="Declarer")
    first_id = int(first.text.split("Ruling #")[1].split()[0])
    second_id = int(second.text.split("Ruling #")[1].split()[0])
    text = (await ld.run(f"/script id:{first_id}", user="Director")).text.replace("\\", "")
    assert text.index("The director's correction") < text.index("What happened"), text
    assert f"Ruling #{second_id} has since superseded" in text, text
    assert "no trick is transferred for either" in text, text
    later = (await ld.run(f"/script id:{second_id}", user="Director")).text
    assert "The director's correction" not in later, later
