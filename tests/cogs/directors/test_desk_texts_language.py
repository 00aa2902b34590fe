"""The desk's own texts in the reader's language (issue 29), through the real command tree:
appeals, consultations, /playing, /claim review, /report's answer, the hand records
(/session hands, /board deal and its diagram), /club-data delete and /session scores-published.

An answer only the asker sees is in his Discord's language; a public one (the log channel, a note
to the table, /appeal decide, /session scores-published) in the club's. The expected French is
read from the shipped catalog (a text without its translation fails here)."""

from __future__ import annotations

from typing import Any

import pytest

from core.pbn import random_pbn
from core.text import fill
from tdbot import messages
from tdbot.translator import catalog_path
from tests.support import exposure, seat_everyone, set_up

pytestmark = pytest.mark.usefixtures("bot")

def fr(msgid: str, **values: Any) -> str:
    """The French of ``msgid`` in the shipped catalog, filled (as the bot says it)."""
    template = messages.read_catalog(catalog_path("fr", messages.DOMAIN))[("", msgid)]
    return fill(template, messages.core_translate("fr"), values)


async def french_club(ld) -> None:
    done = await ld.run("/setup director_role:@Director log_channel:#td-log language:fr",
                        user="Director")
    assert done.ephemeral, done.text


def french(ld, *who: str) -> None:
    for name in who:
        ld.member(name).user.locale = "fr"


async def test_an_appeal_in_french(ld, storage):
    await french_club(ld)
    await ld.run("/sit table:1 seat:W", user="LHO")
    recorded = await exposure(storage, ld)
    french(ld, "LHO")
    filed = await ld.slash("appeal file", {"id": recorded.id, "reason": "Jamais exposée"},
                           user="LHO")
    appeal_id = int(filed.text.split("#")[1].split()[0])
    assert filed.ephemeral and filed.text.startswith(fr(
        "Appeal #{number} against ruling #{ruling} is filed (Law 92). The director answers "
        "first; a committee may hear it. /{cmd[appeal list]} shows open appeals.",
        number=appeal_id, ruling=recorded.id))
    [post] = filed.channel_messages  # the log channel: the club's language
    assert fr("Appeal #{number} against ruling #{ruling} (table {table}, board {board}) by "
              "{member}.", number=appeal_id, ruling=recorded.id, table=1, board=1,
              member=ld.member("LHO").mention) in post.text
    listed = await ld.slash("appeal list", {}, user="LHO")
    assert fr("Appeal #{number} against ruling #{ruling} (open)", number=appeal_id,
              ruling=recorded.id) in listed.text
    closed = await ld.slash("appeal decide", {"id": appeal_id, "outcome": "ruling_stands",
                                              "without_merit": True}, user="Director")
    assert not closed.ephemeral  # public: the club's French, the Director's Discord English
    assert fr("Appeal #{number} against ruling #{ruling} (closed: {outcome}, without merit)",
              number=appeal_id, ruling=recorded.id, outcome=fr("the ruling stands")) in closed.text
    none = await ld.slash("appeal list", {}, user="LHO")
    assert none.text == fr("No appeals.")


async def test_a_consultation_in_french(ld, storage):
    await french_club(ld)
    await ld.run("/sit table:1 seat:E", user="RHO")
    await exposure(storage, ld)
    french(ld, "RHO")
    asked = await ld.slash("consult ask", {"question": "2T est-il comparable ?"}, user="RHO")
    [post] = asked.channel_messages
    cid = int(post.text.split("#")[1].split(":")[0])
    assert asked.message.text.startswith(fr(
        "Your question is with the directors (consultation #{number}). Only you and the "
        "directors see it; the table is told only what it must know. Press the button for "
        "the answer.", number=cid))
    assert fr("Private consultation #{number}: table {table}, board {board}. Read it with "
              "/{cmd[consult show]} {opt[id]}:{number} and answer with "
              "/{cmd[consult answer]} {opt[id]}:{number}.",
              number=cid, table=1, board=1) in post.text
    pressed = await ld.press(asked.message, fr("See the director's answer"), user="RHO")
    assert fr("Not answered yet.") in pressed.text
    done = await ld.slash("consult answer", {"id": cid, "answer": "Oui",
                                             "table_note": "Le partenaire n'est pas limité."},
                          user="Director")
    [told] = done.channel_messages  # the table: the club's language
    assert told.text == fr("The director, after a private consultation (table {table}, board "
                           "{board}): {note}", table=1, board=1,
                           note="Le partenaire n'est pas limité.")


async def test_playing_in_french(ld, storage):
    await set_up(ld)
    french(ld, "Director")
    await ld.run("/sit table:1 seat:N", user="Director")
    result = await ld.slash("playing", {"playing": True}, user="Director")
    assert result.ephemeral and result.text == fr(
        "You are playing at table {table}. Calls, consultations and log lines about a board "
        "you have not played yet go to the deputies; the bot shows you nothing about it until "
        "you have played it.", table=1) + " " + fr(
        "No deputy role is set: ask an admin for /{cmd[setup]} {opt[deputy_role]}.")
    stop = await ld.slash("playing", {"playing": False}, user="Director")
    assert stop.text == fr("You are no longer playing: calls come to you again.")


async def test_hand_records_a_claim_review_and_a_report_in_french(ld, storage):
    await set_up(ld)
    french(ld, "Director")
    done = await ld.slash("session hands", {"file": ld.attach(
        "lundi.pbn", random_pbn(4, seed=1).encode())}, user="Director")
    assert done.ephemeral and done.text.startswith("Diagrammes de la séance **"), done.text
    assert "4 boards (1–4)" in done.text
    shown = await ld.run("/board deal number:1", user="Director")
    assert shown.ephemeral and "Nord" in shown.text and "Ouest" in shown.text, shown.text
    assert "North" not in shown.text and "Board 1 :" in shown.text  # core's heading, French
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    claimed = await ld.run("/claim made seat:S tricks:13 remaining:13 objector:W",
                           user="Declarer")
    rid = int(claimed.embed["footer"]["text"].split("#")[1].split()[0])
    review = await ld.run(f"/claim review id:{rid} leader:W", user="Director")
    assert review.ephemeral and fr("**Law 70: the questions**") in review.text, review.text
    assert review.text.startswith("**Réclamation #") and "Mains restantes (" in review.text
    report = await ld.run(f"/report id:{rid}", user="Director")
    assert report.text == fr("The report of ruling #{number}.", number=rid)
    assert "## The deal" in report.files[0].text()  # the report itself stays English


async def test_club_data_delete_refused_in_french(ld, storage):
    french(ld, "Director")
    refused = await ld.slash("club-data delete", {"confirm": "oui"}, user=ld.director)
    assert refused.ephemeral and refused.content == fr(
        "Nothing was deleted: type the server's name exactly ({name}) to confirm.",
        name=ld.guild.name)


async def test_scores_published_in_the_clubs_french(ld, storage):
    await french_club(ld)
    await exposure(storage, ld)
    await ld.run("/session end", user="Director")
    published = await ld.run("/session scores-published", user="Director")
    assert not published.ephemeral
    assert published.text.startswith("Les résultats de la séance "), published.text
    assert "appels dans les 30 minutes après" in published.text  # core's rule, French too


async def test_void_together_and_the_log_in_french(ld, storage):
    """QA2 item 8: a French director's "Void them together" button is French like its question;
    /log search then gives every summary (W's ♠K, 50B) and the verdict notes ("voided with
    ruling #N", "re-ruled as #N: …") in French, with French seat letters (O for West)."""
    from core.engine import ChoiceMade
    from core.laws.penalty import PartnerLead
    from core.ruling import Ruling
    from core.seats import Seat
    from core.storage.desk.notes import note_message
    from tdbot.messages import say

    await set_up(ld)
    recorded = await exposure(storage, ld)  # W's ♠K
    lead = await storage.record(ld.guild.id, recorded.board_id, PartnerLead(Seat.E),
                                actor_id=ld.member("RHO").id)
    choice = await storage.record(ld.guild.id, recorded.board_id, ChoiceMade(Seat.E, "any"),
                                  actor_id=ld.member("Declarer").id)
    french(ld, "Director")
    offer = await ld.slash("ruling void", {"id": recorded.id}, user="Director")
    assert [b["label"] for b in offer.message.buttons] == [fr("Void them together")]
    await ld.press(offer.message, fr("Void them together"), user="Director")
    preview = await ld.slash("ruling amend", {"id": recorded.id, "text": "le roi de cœur",
                                              "facts": "cards=HK"}, user="Director")
    await ld.press(preview.message, fr("Re-rule the board"), user="Director")
    found = await ld.slash("log search", {"kind": "exposure"}, user="Director")
    text = found.text
    first = Ruling.from_data((await storage.event(ld.guild.id, recorded.id)).ruling).summary
    assert say("fr", first) in text and " O" in say("fr", first)
    assert str(first) not in text  # not the English summary
    note = (await storage.event(ld.guild.id, recorded.id)).verdict_note  # English, as stored
    assert note.startswith("re-ruled as #")
    assert say("fr", note_message(note)) in text, text
    assert "le roi de cœur" in say("fr", note_message(note))
    everything = await ld.slash("log search", {}, user="Director")
    for voided in (lead.id, choice.id):
        assert say("fr", note_message(f"voided with ruling #{recorded.id}")) in everything.text
        assert f"#{voided}" in everything.text
    assert "voided with ruling" not in everything.text and "re-ruled as" not in everything.text


async def test_50D2_the_script_of_a_ruling_a_re_ruling_carried_reads_its_note_in_french(
        ld, storage):
    """The director re-rules W's exposure on corrected facts: E's 50D2 ruling is ruled again
    as a copy, and its stored note says so in English ("ruled again as #N after ruling #M was
    corrected"). A French director's /script of it reads that note in French, from the same
    template /log search reads it with (core/storage/desk/notes.py), never the stored English."""
    from core.laws.penalty import PartnerLead
    from core.seats import Seat
    from core.storage.desk import Desk
    from core.storage.desk.notes import RULED_AGAIN
    from core.text import Msg

    await set_up(ld)
    recorded = await exposure(storage, ld)
    lead = await storage.record(ld.guild.id, recorded.board_id, PartnerLead(Seat.E),
                                actor_id=ld.member("RHO").id)
    preview = await ld.slash("ruling amend", {"id": recorded.id, "text": "heart king",
                                              "facts": "cards=HK"}, user="Director")
    await ld.press(preview.message, "Re-rule the board", user="Director")
    copy = await Desk(storage).amended_by(ld.guild.id, lead.id)
    assert copy is not None
    french(ld, "Director")
    script = await ld.slash("script", {"id": lead.id}, user="Director")
    stored = Msg(RULED_AGAIN.template, copy=copy, ruling=recorded.id)
    note = messages.say("fr", stored)
    assert note != str(stored)  # shipped in French
    assert note in script.text, script.text
    assert "ruled again as" not in script.text


async def test_the_deputies_note_of_a_consultation_and_an_appeal_is_in_the_clubs_language(
    ld, storage
):
    """The log channel speaks the club's language: the note that a playing director has not
    played the board (why the deputies are pinged) too, for a consultation and an appeal."""
    from tests.cogs.directors.test_desk import _director_playing

    await _director_playing(ld, storage)
    await french_club(ld)
    await ld.run("/sit table:2 seat:E", user="RHO")
    recorded = await exposure(storage, ld, table=2, board=3)
    note = fr("{who} is playing and has not played board {board} yet: the deputies take this; "
              "details only in /{cmd[calls]}, /{cmd[log]} and /{cmd[script]} for directors "
              "who have played it.",
              who=ld.member("Director").mention, board=3)
    asked = await ld.slash("consult ask", {"question": "Comparable ?"}, user="RHO")
    [consulted] = asked.channel_messages
    assert note in consulted.text, consulted.text
    filed = await ld.slash("appeal file", {"id": recorded.id, "reason": "Jamais"}, user="RHO")
    [post] = filed.channel_messages
    assert note in post.text, post.text
