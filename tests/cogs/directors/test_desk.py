"""The director's desk through the real command tree: the script, director error (82C),
re-ruling on corrected facts, the edition of the Laws, private consultations, a playing
director's blind boards, and appeals — with the privacy promises tested."""

from __future__ import annotations

import pytest

from core import editions
from core.storage.desk import Desk
from tests.support import exposure, seat_everyone, set_up

pytestmark = pytest.mark.usefixtures("bot")


async def _partner_lead(storage, ld, recorded):
    """East is to lead while West's ♠K is a penalty card: declarer's 50D2 options wait."""
    from core.laws.penalty import PartnerLead
    from core.seats import Seat

    return await storage.record(ld.guild.id, recorded.board_id, PartnerLead(Seat.E),
                                actor_id=ld.member("RHO").id)


# ------------------------------------------------------------------------------ the script


async def test_50D2_script_is_read_in_order_and_a_director_posts_it_to_the_table(ld, storage):
    await set_up(ld)
    recorded = await _partner_lead(storage, ld, await exposure(storage, ld))
    mine = await ld.slash("script", {"id": recorded.id}, user="Declarer")
    assert mine.ephemeral and mine.message.buttons == []  # a player reads it, cannot post it
    text = mine.text
    assert text.index("What happened") < text.index("The choice") < text.index(
        "Who may know what")
    assert "Then: E must lead a spade" in text and "Laws of Duplicate Bridge 2017" in text
    director = await ld.slash("script", {"id": recorded.id}, user="Director")
    refused = await ld.press(director.message, "Post it to the table", user="Declarer")
    assert refused.ephemeral and "Only a director" in refused.text
    posted = await ld.press(director.message, "Post it to the table", user="Director")
    assert not posted.ephemeral and "What happened" in posted.text
    assert posted.message.channel_id == ld.guild.channel("table-1").id
    from_log = await ld.slash(
        "script", {"id": recorded.id, "table_channel": ld.guild.channel("table-1")},
        user="Director", channel=ld.guild.channel("td-log"),
    )
    sent = await ld.press(from_log.message, "Post it to the table", user="Director")
    [table_post] = sent.channel_messages
    assert sent.ephemeral and table_post.channel_id == ld.guild.channel("table-1").id
    assert "What happened" in table_post.text


# ------------------------------------------------------------------------ director error


async def test_82C_void_for_director_error_records_average_plus_to_both(ld, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    wrong = await ld.slash(
        "ruling void",
        {"id": recorded.id, "director_error": "A+/A-", "board_played": False},
        user="Director",
    )
    assert wrong.ephemeral and "average plus" in wrong.text
    assert (await storage.event(ld.guild.id, recorded.id)).verdict is None
    result = await ld.slash(
        "ruling void",
        {"id": recorded.id, "reason": "wrong law", "director_error": "A+/A+",
         "board_played": False},
        user="Director",
    )
    assert "82C" in result.text and "non-offending" in result.text
    entry = await storage.event(ld.guild.id, recorded.id)
    assert entry.void and entry.adjusted_score == "A+/A+"


async def test_82C_amend_on_a_played_board_needs_an_assigned_score(ld, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    refused = await ld.slash(
        "ruling amend", {"id": recorded.id, "text": "wrong", "director_error": "60%/60%"},
        user="Director",
    )
    assert refused.ephemeral and "12C1" in refused.text
    done = await ld.slash(
        "ruling amend", {"id": recorded.id, "text": "wrong", "director_error": "4H= NS +420"},
        user="Director",
    )
    assert "assigned adjusted score" in done.text
    assert (await storage.event(ld.guild.id, recorded.id)).adjusted_score == "4H= NS +420"


# ---------------------------------------------------------------- re-ruling (issue 12/16)


async def test_amend_with_facts_re_rules_in_one_step(ld, storage):
    """The director sees the before/after, nothing written, and confirms with one button."""
    await set_up(ld)
    recorded = await exposure(storage, ld, card="S5")
    preview = await ld.slash(
        "ruling amend", {"id": recorded.id, "text": "it was the king", "facts": "cards=SK"},
        user="Director",
    )
    assert preview.ephemeral and "Before:" in preview.text and "After:" in preview.text
    assert "minor" in preview.text and "major penalty card" in preview.text, preview.text
    assert not (await storage.event(ld.guild.id, recorded.id)).void  # nothing written yet
    result = await ld.press(preview.message, "Re-rule the board", user="Director")
    assert not result.ephemeral
    assert "major penalty card" in result.text and f"ruling #{recorded.id} is voided" in result.text
    new_id = await Desk(storage).amended_by(ld.guild.id, recorded.id)
    assert (await storage.event(ld.guild.id, recorded.id)).void
    assert f"#{new_id}" in (await storage.event(ld.guild.id, recorded.id)).verdict_note
    bad = await ld.slash("ruling amend", {"id": new_id, "text": "x", "facts": "nonsense"},
                         user="Director")
    assert bad.ephemeral and "field=value" in bad.text


async def test_the_re_rule_confirmation_survives_a_restart(ld, start_bot, storage):
    """The before/after waits for the director's press in storage, not in the bot's memory:
    after a restart (or on another shard) "Re-rule the board" still re-rules, once; a second
    press, or "Cancel" after it, changes nothing more."""
    await set_up(ld)
    recorded = await exposure(storage, ld, card="S5")
    preview = await ld.slash(
        "ruling amend", {"id": recorded.id, "text": "it was the king", "facts": "cards=SK"},
        user="Director")
    cancel_me = await ld.slash(
        "ruling amend", {"id": recorded.id, "text": "it was the queen", "facts": "cards=SQ"},
        user="Director")
    await start_bot()
    cancelled = await ld.press(cancel_me.message, "Cancel", user="Director")
    assert cancelled.ephemeral and "Nothing was changed" in cancelled.text
    other = await ld.press(preview.message, "Re-rule the board", user="Declarer")
    assert other.ephemeral and "Only the director who amended" in other.text
    done = await ld.press(preview.message, "Re-rule the board", user="Director")
    assert f"ruling #{recorded.id} is voided" in done.text, done.text
    new_id = await Desk(storage).amended_by(ld.guild.id, recorded.id)
    assert new_id is not None
    again = await ld.press(preview.message, "Re-rule the board", user="Director")
    assert again.ephemeral and "amend again" in again.text, again.text
    late = await ld.press(cancel_me.message, "Re-rule the board", user="Director")
    assert late.ephemeral and "amend again" in late.text, late.text
    state = await storage.board_state(ld.guild.id, recorded.board_id)
    assert [p.token for p in state.penalty_cards] == ["W:SK:major"]
    assert await Desk(storage).amended_by(ld.guild.id, new_id) is None  # re-ruled once


async def test_50D2_amend_re_rules_the_later_events_of_the_board_after_confirmation(ld, storage):
    """W's card was the ♥K, not the ♠K: E's lead is ruled again (declarer's options now name
    hearts) and declarer's "forbid spades" no longer applies. Cancel changes nothing; only the
    director who amended may confirm."""
    from core.engine import ChoiceMade
    from core.seats import Seat

    await set_up(ld)
    recorded = await exposure(storage, ld)
    lead = await _partner_lead(storage, ld, recorded)
    choice = await storage.record(ld.guild.id, recorded.board_id, ChoiceMade(Seat.E, "forbid:S"),
                                  actor_id=ld.member("Declarer").id)
    amend = {"id": recorded.id, "text": "it was the heart king", "facts": "cards=HK"}
    preview = await ld.slash("ruling amend", amend, user="Director")
    assert f"#{lead.id}:" in preview.text and f"#{choice.id}:" in preview.text, preview.text
    assert "→ voided: “Forbid spades while E keeps the lead” is no longer offered" in preview.text
    assert "♥K" in preview.text and "forbid:" not in preview.text
    cancelled = await ld.press(preview.message, "Cancel", user="Director")
    assert "Nothing was changed" in cancelled.text
    assert not (await storage.event(ld.guild.id, recorded.id)).void
    preview = await ld.slash("ruling amend", amend, user="Director")
    other = await ld.press(preview.message, "Re-rule the board", user="Declarer")
    assert other.ephemeral and "Only the director who amended" in other.text
    done = await ld.press(preview.message, "Re-rule the board", user="Director")
    assert f"#{lead.id} → #" in done.text and f"voided: #{choice.id}" in done.text, done.text
    [note] = [m for m in done.channel_messages
              if m.channel_id == ld.guild.channel("td-log").id]
    assert f"Ruling #{recorded.id} (table 1, board 1) re-ruled as #" in note.text, note.text
    assert f"no longer applying: #{choice.id}" in note.text and not note.pings["users"]
    state = await storage.board_state(ld.guild.id, recorded.board_id)
    assert [p.token for p in state.penalty_cards] == ["W:HK:major"] and state.pending
    # declarer's choice waits again: its buttons are posted with the re-ruled lead
    again = [m for m in done.messages if "Forbid hearts while E keeps the lead" in
             [b["label"] for b in m.buttons]]
    assert again, done.text


async def test_one_re_ruling_is_one_reviewed_ruling_in_the_log_stats(ld, storage):
    """The director amends W's exposure on corrected facts: E's 50D2 lead is ruled again and
    declarer's choice no longer applies. /log stats counts what he reviewed: one ruling,
    not three."""
    from core.engine import ChoiceMade
    from core.seats import Seat

    await set_up(ld)
    recorded = await exposure(storage, ld)
    await _partner_lead(storage, ld, recorded)
    await storage.record(ld.guild.id, recorded.board_id, ChoiceMade(Seat.E, "forbid:S"),
                         actor_id=ld.member("Declarer").id)
    preview = await ld.slash("ruling amend", {"id": recorded.id, "text": "heart king",
                                              "facts": "cards=HK"}, user="Director")
    done = await ld.press(preview.message, "Re-rule the board", user="Director")
    assert "Re-ruled" in done.text, done.text
    stats = await ld.slash("log stats", user="Director")
    assert "0% (0 of 1 reviewed rulings confirmed)" in stats.text, stats.text


async def test_a_ruling_voided_with_its_dependents_can_still_be_amended(ld, storage):
    """Voiding is never a dead end: "Void them together", then the amend re-rules."""
    from core.engine import ChoiceMade
    from core.seats import Seat

    await set_up(ld)
    recorded = await exposure(storage, ld)
    await _partner_lead(storage, ld, recorded)
    await storage.record(ld.guild.id, recorded.board_id, ChoiceMade(Seat.E, "any"),
                         actor_id=ld.member("Declarer").id)
    offer = await ld.slash("ruling void", {"id": recorded.id}, user="Director")
    voided = await ld.press(offer.message, "Void them together", user="Director")
    assert f"/ruling amend id:{recorded.id}" in voided.text
    preview = await ld.slash(
        "ruling amend", {"id": recorded.id, "text": "heart king", "facts": "cards=HK"},
        user="Director")
    done = await ld.press(preview.message, "Re-rule the board", user="Director")
    assert "Re-ruled" in done.text, done.text
    state = await storage.board_state(ld.guild.id, recorded.board_id)
    assert [p.token for p in state.penalty_cards] == ["W:HK:major"]


async def _void_with_dependents(ld, storage):
    """W's penalty card, E on lead (50D2), declarer's choice, then the director voids the
    penalty card: the choice and the lead's ruling depend on it. The rulings and the offer."""
    from core.engine import ChoiceMade
    from core.seats import Seat

    await set_up(ld)
    recorded = await exposure(storage, ld)
    lead = await _partner_lead(storage, ld, recorded)
    choice = await storage.record(ld.guild.id, recorded.board_id, ChoiceMade(Seat.E, "any"),
                                  actor_id=ld.member("Declarer").id)
    offer = await ld.slash("ruling void", {"id": recorded.id}, user="Director")
    return recorded, lead, choice, offer


async def test_void_with_dependents_offers_to_void_them_together(ld, storage):
    recorded, lead, choice, offer = await _void_with_dependents(ld, storage)
    # declarer's choice no longer applies; the 50D2 ruling on E's lead would be ruled otherwise
    assert offer.ephemeral and f"#{choice.id}" in offer.text and f"#{lead.id}" in offer.text
    assert not (await storage.event(ld.guild.id, recorded.id)).void
    player = await ld.press(offer.message, "Void them together", user="Declarer")
    assert "Only a director" in player.text
    done = await ld.press(offer.message, "Void them together", user="Director")
    assert "voided" in done.text
    for event_id in (recorded.id, lead.id, choice.id):
        assert (await storage.event(ld.guild.id, event_id)).void
    script = await ld.slash("script", {"id": lead.id}, user="Director")
    assert script.ephemeral and "has been voided: there is nothing to read out" in script.text


# ---------------------------------------------------------------------------- editions


async def test_law_says_which_edition_it_summarises(ld, storage):
    await set_up(ld)
    result = await ld.slash("law", {"number": "50"}, user="Declarer")
    assert "Laws of Duplicate Bridge 2017" in result.text


async def test_setup_switches_edition_from_a_date(ld, storage, monkeypatch):
    monkeypatch.setitem(editions.EDITIONS, "2030", "Laws of Duplicate Bridge 2030")
    await set_up(ld)
    result = await ld.slash(
        "setup",
        {"director_role": ld.guild.role("Director"), "log_channel": ld.guild.channel("td-log"),
         "law_edition": "2030", "edition_from": "2099-01-01"},
        user="Director",
    )
    assert "Laws of Duplicate Bridge 2030 from 2099-01-01" in result.text
    recorded = await exposure(storage, ld)
    assert await Desk(storage).edition_of(ld.guild.id, recorded.id) == "2017"
    past = await ld.slash(
        "setup",
        {"director_role": ld.guild.role("Director"), "log_channel": ld.guild.channel("td-log"),
         "law_edition": "2030", "edition_from": "2001-01-01"},
        user="Director",
    )
    assert past.ephemeral and "today or a later date" in past.text


# ------------------------------------------------------------------------ consultations


async def test_23_consultation_never_leaks_to_the_table_or_other_players(ld, storage):
    """The question and answer reach only the player and the directors; the table gets only
    the director's note."""
    await set_up(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    question = "Would 2C be comparable to my withdrawn 1NT?"
    asked = await ld.slash("consult ask", {"question": question}, user="RHO")
    assert asked.message.ephemeral and question not in asked.message.text
    [log_post] = asked.channel_messages
    assert log_post.channel_id == ld.guild.channel("td-log").id
    assert question not in log_post.text and "Private consultation #" in log_post.text
    cid = int(log_post.text.split("#")[1].split(":")[0])
    for who in ("LHO", "Declarer"):
        peek = await ld.slash("consult show", {"id": cid}, user=who)
        assert peek.ephemeral and question not in peek.text
        pressed = await ld.press(asked.message, "See the director's answer", user=who)
        assert pressed.ephemeral and question not in pressed.text
    seen = await ld.slash("consult show", {"id": cid}, user="Director")
    assert seen.ephemeral and question in seen.text
    refused = await ld.slash("consult answer", {"id": cid, "answer": "no"}, user="LHO")
    assert "Only a director" in refused.text
    answer = "Yes: 2C Stayman shows a subset of 1NT's meanings"
    done = await ld.slash(
        "consult answer",
        {"id": cid, "answer": answer, "table_note": "Partner is not barred.", "laws": "23A"},
        user="Director",
    )
    assert done.ephemeral and answer not in done.text
    [told] = done.channel_messages
    assert told.channel_id == ld.guild.channel("table-1").id
    assert "Partner is not barred." in told.text
    assert answer not in told.text and question not in told.text
    mine = await ld.press(asked.message, "See the director's answer", user="RHO")
    assert mine.ephemeral and answer in mine.text
    other = await ld.press(asked.message, "See the director's answer", user="LHO")
    assert other.ephemeral and answer not in other.text
    search = await ld.slash("log search", {}, user="LHO")
    assert answer not in search.text
    # the entry is the asker's: his /log search finds it, and /script reads him the answer
    # (a club night had it filed under the director, so RHO was refused his own answer)
    answered = await Desk(storage).consultation(ld.guild.id, cid)
    entry = await storage.event(ld.guild.id, answered.event_id)
    assert entry.actor_id == ld.member("RHO").id
    own = await ld.slash("log search", {}, user="RHO")
    assert f"#{entry.id}" in own.text, own.text
    script = await ld.slash("script", {"id": entry.id}, user="RHO")
    assert script.ephemeral and answer in script.text, script.text
    refused = await ld.slash("script", {"id": entry.id}, user="LHO")
    assert refused.ephemeral and answer not in refused.text


# ------------------------------------------------------------------- a playing director


async def _director_playing(ld, storage):
    """The Director plays at table 1 (board 1 done, board 2 now); a deputy role is set."""
    deputy = ld.guild.add_role("Deputies", mentionable=True)
    ld.member("Deputy TD", roles=["Director", "Deputies"])
    ld.refresh_guild()
    done = await ld.slash(
        "setup",
        {"director_role": ld.guild.role("Director"), "log_channel": ld.guild.channel("td-log"),
         "deputy_role": deputy},
        user="Director",
    )
    assert f"Deputy role: <@&{deputy.id}>" in done.text
    mine = await storage.table(ld.guild.id, 1)
    await ld.run("/sit table:1 seat:N", user="Director")
    await ld.run("/sit table:1 seat:S", user="Dummy")  # a board is played with company
    await storage.set_board(ld.guild.id, mine.id, 1)  # he sits through board 1 ...
    await storage.set_board(ld.guild.id, mine.id, 2)  # ... and plays board 2 now
    result = await ld.slash("playing", {"playing": True}, user="Director")
    assert "You are playing at table 1" in result.text
    return deputy


async def test_a_playing_directors_blind_spot_never_leaks(ld, storage):
    """A call about board 3 (not yet played by the playing director) goes to the deputies;
    nothing about its deal reaches him through the bot."""
    deputy = await _director_playing(ld, storage)
    recorded = await exposure(storage, ld, table=2, board=3, card="HQ")
    await _partner_lead(storage, ld, recorded)
    from core.engine import ChoiceMade
    from core.seats import Seat

    await storage.record(ld.guild.id, recorded.board_id, ChoiceMade(Seat.E, "any"))
    await ld.run("/sit table:2 seat:E member:RHO", user="Director")  # under a ruling
    call = await ld.slash("director", {"note": "West dropped the HQ"}, user="RHO")
    [post] = call.channel_messages
    assert post.pings["roles"] == [deputy.id], (post.text, post.pings)
    assert "HQ" not in post.text and "♥Q" not in post.text and "dropped" not in post.text
    for command, options in [
        ("script", {"id": recorded.id}),
        ("ruling confirm", {"id": recorded.id}),
        ("ruling void", {"id": recorded.id}),
    ]:
        refused = await ld.slash(command, options, user="Director")
        assert refused.ephemeral and refused.text.strip() == (
            f"You are playing: ruling #{recorded.id} does not exist or is on a board you have "
            "not played yet, which a deputy director deals with."), (command, refused.text)
        assert "♥Q" not in refused.text and refused.message.buttons == []
    assert (await storage.event(ld.guild.id, recorded.id)).verdict is None
    deputy_view = await ld.slash("script", {"id": recorded.id}, user="Deputy TD")
    assert "♥Q" in deputy_view.text
    incident = await ld.run("/exposed cards:DA seat:W how:accidental", user="RHO")
    [log_line] = incident.channel_messages
    assert "deputies only" in log_line.text and "♦A" not in log_line.text
    calls = await ld.slash("calls", {}, user="Director")
    # listed by its number alone, as a consultation or an appeal on that board is
    assert "a board you have not played yet: for the deputies" in calls.text, calls.text
    assert "board 3" not in calls.text and "dropped" not in calls.text, calls.text
    assert "dropped" in (await ld.slash("calls", {}, user="Deputy TD")).text
    search = await ld.slash("log search", {}, user="Director")
    assert "♥Q" not in search.text and f"#{recorded.id} ·" not in search.text
    export = await ld.slash("log export", {"format": "csv"}, user="Director")
    assert export.ephemeral and export.files == [] and "You are playing" in export.text
    played = await exposure(storage, ld, table=2, board=1, card="DJ")
    assert "♦J" in (await ld.slash("script", {"id": played.id}, user="Director")).text
    await ld.slash("playing", {"playing": False}, user="Director")
    assert "♥Q" in (await ld.slash("script", {"id": recorded.id}, user="Director")).text


async def test_a_playing_director_learns_nothing_of_a_blind_board_from_log_figures_or_filters(
    ld, storage
):
    """A ruling on board 3, which the playing director has not played, is left out of his
    /log stats (no "Law 50: 1" to tell what was ruled there) and out of every /log search,
    filtered or not: law:50 or kind:exposure finds only the ruling on a board he has played,
    as a law nobody ruled on finds nothing, with no "hidden" row to say a filter matched.
    The deputy sees both; so does he once he stops playing."""
    await _director_playing(ld, storage)
    blind = await exposure(storage, ld, table=2, board=3, card="HQ")
    seen = await exposure(storage, ld, table=2, board=1, card="DJ")  # he played board 1
    stats = await ld.slash("log stats", {}, user="Director")
    assert "1 rulings" in stats.text and "Law 50: 1" in stats.text, stats.text
    deputy_stats = await ld.slash("log stats", {}, user="Deputy TD")
    assert "2 rulings" in deputy_stats.text and "Law 50: 2" in deputy_stats.text
    for options in ({}, {"law": "50"}, {"kind": "exposure"}, {"table": 2}):
        search = await ld.slash("log search", options, user="Director")
        assert "Ruling log: 1 result" in search.text, (options, search.text)
        assert f"#{seen.id} ·" in search.text and f"#{blind.id} ·" not in search.text
        assert "Hidden" not in search.text and "♥Q" not in search.text
        deputy = await ld.slash("log search", options, user="Deputy TD")
        assert "Ruling log: 2 results" in deputy.text, (options, deputy.text)
    nothing = await ld.slash("log search", {"board": 3}, user="Director")
    assert "Ruling log: 0 results" in nothing.text and "Nothing matches" in nothing.text
    assert nothing.text == (await ld.slash("log search", {"law": "12"}, user="Director")).text
    await ld.slash("playing", {"playing": False}, user="Director")
    assert "2 rulings" in (await ld.slash("log stats", {}, user="Director")).text
    assert f"#{blind.id} ·" in (await ld.slash("log search", {"law": "50"},
                                               user="Director")).text


async def test_every_verdict_on_a_blind_board_is_logged_without_its_score_or_note(ld, storage):
    """The deputy adjusts, and amends for director error (82C), a ruling on board 3, which the
    playing director has not played: each verdict gets its line in the log channel (the 82C
    one used to get none), and neither line gives the score (it tells the board's result) or
    the note. Once nobody is blind to the board, the score is in the line again."""
    await _director_playing(ld, storage)
    recorded = await exposure(storage, ld, table=2, board=3, card="HQ")
    lines = []
    for command, options in [
        ("ruling adjust", {"id": recorded.id, "score": "4HS= NS +420", "note": "HQ was led"}),
        ("ruling amend", {"id": recorded.id, "text": "HQ was led", "director_error": "4HS="}),
    ]:
        done = await ld.slash(command, options, user="Deputy TD")
        [line] = [m for m in done.channel_messages
                  if m.channel_id == ld.guild.channel("td-log").id]
        lines.append(line.text)
        assert f"Ruling #{recorded.id}" in line.text and "board 3" in line.text, line.text
        assert "420" not in line.text and "4H" not in line.text and "HQ" not in line.text
    await ld.slash("playing", {"playing": False}, user="Director")
    again = await ld.slash("ruling adjust", {"id": recorded.id, "score": "4HS= NS +420"},
                           user="Deputy TD")
    [line] = [m for m in again.channel_messages if m.channel_id == ld.guild.channel("td-log").id]
    assert "4HS= NS +420" in line.text, line.text


async def test_a_deputys_re_ruling_on_a_blind_board_gets_its_log_line(ld, storage):
    """The deputy re-rules a ruling on board 3 on corrected facts while the playing director
    has not played it: the verdict gets its line in the log channel like every other (it used
    to get none), naming the rulings by number only."""
    await _director_playing(ld, storage)
    recorded = await exposure(storage, ld, table=2, board=3, card="HQ")
    preview = await ld.slash(
        "ruling amend", {"id": recorded.id, "text": "it was the king", "facts": "cards=HK"},
        user="Deputy TD")
    done = await ld.press(preview.message, "Re-rule the board", user="Deputy TD")
    [line] = [m for m in done.channel_messages if m.channel_id == ld.guild.channel("td-log").id]
    assert f"Ruling #{recorded.id} (table 2, board 3) re-ruled as #" in line.text, line.text
    assert "king" not in line.text and "HK" not in line.text


async def test_void_them_together_gets_its_log_line(ld, storage):
    """"Void them together" is a verdict like a plain void: one line in the log channel,
    naming the rulings voided with it (it used to get none)."""
    recorded, lead, choice, offer = await _void_with_dependents(ld, storage)
    done = await ld.press(offer.message, "Void them together", user="Director")
    [line] = [m for m in done.channel_messages if m.channel_id == ld.guild.channel("td-log").id]
    assert f"Ruling #{recorded.id} (table 1, board 1) voided by" in line.text, line.text
    assert f"#{lead.id}, #{choice.id}" in line.text


async def test_50D2_void_them_together_names_the_new_numbers_of_what_it_records_again(
        ld, storage):
    """The lead E reported is the table's record: "Void them together" records it again under
    a new number. The director's answer and the log line say old → new, so he can find it;
    amending the voided lead ruling sends him to its copy in one line and records nothing."""
    recorded, lead, choice, offer = await _void_with_dependents(ld, storage)
    done = await ld.press(offer.message, "Void them together", user="Director")
    copy = await Desk(storage).amended_by(ld.guild.id, lead.id)
    assert copy is not None and not (await storage.event(ld.guild.id, copy)).void
    assert f"#{lead.id} → #{copy}" in done.text, done.text
    [line] = [m for m in done.channel_messages if m.channel_id == ld.guild.channel("td-log").id]
    assert f"#{lead.id} → #{copy}" in line.text, line.text
    before = await storage.board_events(ld.guild.id, recorded.board_id, include_void=True)
    refused = await ld.slash(
        "ruling amend", {"id": lead.id, "text": "it was West", "facts": "leader=W"},
        user="Director")
    assert refused.ephemeral and f"amend #{copy}" in refused.text, refused.text
    assert await storage.board_events(ld.guild.id, recorded.board_id,
                                      include_void=True) == before


async def test_92_an_appeal_on_a_blind_board_tells_the_deputies_why_they_are_pinged(
    ld, storage
):
    """An appeal about board 3, which the playing director has not played, pings the deputies
    with the same note as a consultation or a call on that board: who is playing (and so why
    the deputies take it)."""
    deputy = await _director_playing(ld, storage)
    await ld.run("/sit table:2 seat:E", user="RHO")
    recorded = await exposure(storage, ld, table=2, board=3)
    filed = await ld.slash("appeal file", {"id": recorded.id, "reason": "Never exposed"},
                           user="RHO")
    [post] = filed.channel_messages
    assert post.pings["roles"] == [deputy.id], post.pings
    director = ld.member("Director").mention
    assert (f"{director} is playing and has not played board 3 yet: the deputies take this"
            in post.text), post.text
    asked = await ld.slash("consult ask", {"question": "Is my 2C comparable?"}, user="RHO")
    [consulted] = asked.channel_messages
    assert f"{director} is playing and has not played board 3 yet" in consulted.text


async def test_a_consultation_on_a_blind_board_goes_to_the_deputies(ld, storage):
    deputy = await _director_playing(ld, storage)
    await ld.run("/sit table:2 seat:E", user="RHO")
    await exposure(storage, ld, table=2, board=3)
    asked = await ld.slash("consult ask", {"question": "Is my 2C comparable?"}, user="RHO")
    [post] = asked.channel_messages
    assert post.pings["roles"] == [deputy.id]
    cid = int(post.text.split("#")[1].split(":")[0])
    refused = await ld.slash("consult show", {"id": cid}, user="Director")
    assert refused.text.strip() == (
        f"You are playing: consultation #{cid} does not exist or is on a board you have not "
        "played yet: hand it to a deputy director."), refused.text
    listed = await ld.slash("consult open", {}, user="Director")
    assert "comparable" not in listed.text and "for the deputies" in listed.text


# ------------------------------------------------------------------------------ appeals


async def test_92_appeal_answers_and_outcome_are_kept_with_the_ruling(ld, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    kibitzer = await ld.slash("appeal file", {"id": recorded.id, "reason": "I watched"},
                              user="RHO")
    assert kibitzer.ephemeral and "92A" in kibitzer.text  # not at that table: refused
    assert kibitzer.channel_messages == []
    await ld.run("/sit table:1 seat:W member:LHO", user="Director")  # under a ruling
    filed = await ld.slash("appeal file", {"id": recorded.id, "reason": "Never exposed"},
                           user="LHO")
    assert filed.ephemeral and "Appeal #" in filed.text
    [post] = filed.channel_messages
    assert post.pings["roles"] == [ld.guild.role("Director").id]
    appeal_id = int(filed.text.split("Appeal #")[1].split()[0])
    open_list = await ld.slash("appeal list", {}, user="Declarer")
    assert f"Appeal #{appeal_id}" in open_list.text and "open" in open_list.text
    assert "Never exposed" not in open_list.text  # Declarer has not played board 1
    assert "have not played board 1" in open_list.text
    assert "Never exposed" in (await ld.slash("appeal list", {}, user="LHO")).text
    refused = await ld.slash("appeal decide", {"id": appeal_id, "outcome": "ruling_stands"},
                             user="LHO")
    assert "Only a director" in refused.text
    await ld.slash("appeal answer", {"id": appeal_id, "by": "director", "text": "I saw it"},
                   user="Director")
    await ld.slash("appeal answer", {"id": appeal_id, "by": "committee", "text": "It stands"},
                   user="Director")
    closed = await ld.slash("appeal decide", {"id": appeal_id, "outcome": "ruling_stands",
                                              "without_merit": True}, user="Director")
    assert "closed: the ruling stands, without merit" in closed.text
    kept = await ld.slash("appeal list", {"ruling": recorded.id}, user="LHO")
    assert "I saw it" in kept.text and "It stands" in kept.text
    assert "the ruling stands" in kept.text
    assert "No appeals" in (await ld.slash("appeal list", {}, user="LHO")).text
    logged = await ld.slash("log search", {}, user="Director")
    assert f"Appeal #{appeal_id}" in logged.text


async def test_16B_92_an_appeals_reason_is_the_filers_and_the_directors_until_the_board_is_over(
    ld, storage
):
    """West appeals while board 1 is still in play, saying what he holds: his partner and the
    opponents do not read it in /appeal list (what partner holds is unauthorized information,
    16B) until their table has finished the board; West and the director read it at once."""
    await set_up(ld)
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4S", user="Declarer")
    exposed = await ld.run("/exposed cards:SK", user="LHO")
    ruling = int(exposed.text.split("Ruling #")[1].split()[0])
    reason = "I hold SK Q J: it was no accident"
    await ld.slash("appeal file", {"id": ruling, "reason": reason}, user="LHO")
    for user in ("RHO", "Declarer", "Dummy"):
        for options in ({}, {"ruling": ruling}):
            listed = await ld.slash("appeal list", options, user=user)
            assert f"against ruling #{ruling}" in listed.text, listed.text
            assert "SK Q J" not in listed.text and "hidden" in listed.text, (user, listed.text)
    for user in ("LHO", "Director"):
        assert reason in (await ld.slash("appeal list", {}, user=user)).text, user
    moved = await ld.run("/board set number:2 table:1", user="Director")  # board 1 is over
    assert "playing board 2" in moved.text, moved.text
    assert reason in (await ld.slash("appeal list", {}, user="RHO")).text
    # decided in the open while the session goes on (other tables may still play board 1):
    # the posted outcome leaves the reason and the answers to /appeal list
    await ld.slash("appeal answer", {"id": 1, "by": "director", "text": "West's SK Q J: no"},
                   user="Director")
    decided = await ld.slash("appeal decide", {"id": 1, "outcome": "ruling_stands"},
                             user="Director")
    assert not decided.ephemeral and "closed: the ruling stands" in decided.text, decided.text
    assert "SK Q J" not in decided.text and "/appeal list" in decided.text


@pytest.mark.parametrize("laws", ["0", "99Z", "23A 94", "120B"])
async def test_consultation_cites_only_laws_1_to_93(ld, storage, laws):
    """A director's citation is a law of the book (1 to 93), by the rule /law and /log search
    use: "0" or "99Z" is refused in one private line and nothing is recorded, so /log stats
    never counts a law /log search cannot find."""
    await set_up(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")  # seated before the ruling (no substitute)
    await exposure(storage, ld)
    asked = await ld.slash("consult ask", {"question": "q"}, user="RHO")
    cid = int(asked.channel_messages[0].text.split("#")[1].split(":")[0])
    before = await Desk(storage).consultation(ld.guild.id, cid)
    refused = await ld.slash("consult answer", {"id": cid, "answer": "a", "laws": laws},
                             user="Director")
    assert refused.ephemeral and "not a law reference" in refused.text, refused.text
    assert "\n" not in refused.text.strip()
    assert not refused.channel_messages
    assert await Desk(storage).consultation(ld.guild.id, cid) == before
    stats = await ld.slash("log stats", {}, user="Director")
    assert not any(f"Law {n}" in stats.text for n in ("0", "94", "99", "120")), stats.text
    search = await ld.slash("log search", {}, user="Director")
    assert "Private consultation answered" not in search.text and "Law 0" not in search.text
    done = await ld.slash("consult answer", {"id": cid, "answer": "a", "laws": "23A 93"},
                          user="Director")
    assert "Answer recorded" in done.text, done.text


async def test_92_a_playing_director_is_refused_an_appeal_on_a_board_he_has_not_played(
        ld, storage):
    """A club night: the deputy voided ruling #a on board 3, which the playing director has
    not played; his /appeal file told him "Ruling #a has been voided", and on ruling #b filed
    an appeal in his own name, while /script refused both. Every command that takes a ruling
    refuses a board closed to him first, in the same words, and writes nothing."""
    await _director_playing(ld, storage)
    await ld.run("/sit table:2 seat:E", user="RHO")
    voided = await exposure(storage, ld, table=2, board=3, card="HQ")
    standing = await exposure(storage, ld, table=2, board=3, card="DA")
    await storage.void(ld.guild.id, voided.id, ld.member("Deputy TD").id)
    filed = await ld.slash("appeal file", {"id": standing.id, "reason": "I hold it"},
                           user="RHO")
    assert "Appeal #" in filed.text, filed.text
    before = await Desk(storage).appeals(ld.guild.id, event_id=standing.id)
    for command, options, number in [
        ("appeal file", {"id": voided.id, "reason": "x"}, voided.id),
        ("appeal file", {"id": standing.id, "reason": "x"}, standing.id),
        ("appeal list", {"ruling": standing.id}, standing.id),
        ("appeal list", {"ruling": voided.id}, voided.id),
    ]:
        refused = await ld.slash(command, options, user="Director")
        assert refused.ephemeral and refused.text.strip() == (
            f"You are playing: ruling #{number} does not exist or is on a board you have not "
            "played yet, which a deputy director deals with."), (command, refused.text)
        assert not refused.channel_messages
    assert await Desk(storage).appeals(ld.guild.id, event_id=standing.id) == before
    await ld.slash("playing", {"playing": False}, user="Director")
    seen = await ld.slash("appeal file", {"id": voided.id, "reason": "x"}, user="Director")
    assert "has been voided" in seen.text, seen.text
