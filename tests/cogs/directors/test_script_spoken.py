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
