"""Where an answer about a table's board may be seen by everyone (one rule,
``tdbot.context.shown_here``): in that table's own channel, or, when the table has none, where
it was asked; never in the log channel (its lines are trimmed for a playing director) nor in
a channel bound to another table. Anywhere else it is the asker's alone. A choice a re-ruling
leaves waiting goes to the table's own channel, wherever the director confirmed it."""

from __future__ import annotations

import pytest

from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")


async def _bind(ld, *numbers: int) -> None:
    """#table-N bound to table N with /table channel."""
    for number in numbers:
        name = f"table-{number}"
        if not any(c.name == name for c in ld.guild.channels):
            ld.guild.add_channel(name)
    ld.refresh_guild()
    for number in numbers:
        bound = await ld.slash("table channel", {"number": number}, user="Director",
                               channel=ld.guild.channel(f"table-{number}"))
        assert not bound.exceptions and bound.ephemeral, bound.text


async def test_12C1_an_adjusted_score_typed_in_the_log_channel_is_for_the_director_alone(
        ld, storage):
    """The adjusted score and the note tell the board: typed in #td-log they are answered to
    the director alone; the log channel gets only its one log line."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    log = ld.guild.channel("td-log")
    result = await ld.slash("ruling adjust", {"id": recorded.id, "score": "4HS-1 NS -50",
                                              "note": "W had AJ3"},
                            user="Director", channel=log)
    assert result.ephemeral and "4HS-1 NS -50" in result.text, result.text
    in_log = [m for m in result.messages if m.channel_id == log.id and not m.ephemeral]
    assert len(in_log) == 1 and in_log[0].text.startswith(f"Ruling #{recorded.id} (table 1"), \
        in_log
    entry = await storage.event(ld.guild.id, recorded.id)
    assert entry.adjusted_score == "4HS-1 NS -50"


async def test_a_verdict_away_from_the_tables_own_channel_is_for_the_director_alone(
        ld, storage):
    """Table 1 has #table-1: a verdict on its ruling typed in #general (read by every table)
    is the director's alone; in #table-1 it is public."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    await _bind(ld, 1)
    general = ld.guild.add_channel("general")
    ld.refresh_guild()
    away = await ld.slash("ruling confirm", {"id": recorded.id}, user="Director",
                          channel=general)
    assert away.ephemeral and f"Ruling #{recorded.id}" in away.text
    assert not [m for m in away.messages if m.channel_id == general.id and not m.ephemeral]
    here = await ld.slash("ruling confirm", {"id": recorded.id}, user="Director",
                          channel=ld.guild.channel("table-1"))
    assert not here.ephemeral and f"Ruling #{recorded.id}" in here.text


async def test_a_verdict_where_the_table_has_no_channel_is_public_where_typed(ld, storage):
    """A club without table channels: the verdict is public in the channel the director
    typed it in (not the log channel)."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    general = ld.guild.add_channel("general")
    ld.refresh_guild()
    result = await ld.slash("ruling confirm", {"id": recorded.id}, user="Director",
                            channel=general)
    assert not result.ephemeral and f"Ruling #{recorded.id}" in result.text


async def test_a_void_together_pressed_in_the_log_channel_is_for_the_director_alone(
        ld, storage):
    """"Void them together" answers with the board as it now stands: pressed in #td-log,
    only the director sees it."""
    from core.engine import ChoiceMade
    from core.laws.penalty import PartnerLead
    from core.seats import Seat

    await set_up(ld)
    recorded = await exposure(storage, ld)
    await storage.record(ld.guild.id, recorded.board_id, PartnerLead(Seat.E),
                         actor_id=ld.member("RHO").id)
    await storage.record(ld.guild.id, recorded.board_id, ChoiceMade(Seat.E, "any"),
                         actor_id=ld.member("Declarer").id)
    log = ld.guild.channel("td-log")
    offer = await ld.slash("ruling void", {"id": recorded.id}, user="Director", channel=log)
    voided = await ld.press(offer.message, "Void them together", user="Director")
    assert voided.ephemeral and "Board 1 now" in voided.text, voided.text
    assert (await storage.event(ld.guild.id, recorded.id)).void


async def test_a_report_typed_in_the_log_channel_is_for_the_reporter_alone(ld, storage):
    """The log channel is no table: a ruling asked there is the asker's alone."""
    await set_up(ld)
    await exposure(storage, ld)
    log = ld.guild.channel("td-log")
    result = await ld.run("/exposed cards:HA seat:W table:1", user="Director", channel=log)
    assert result.ephemeral and "♥A" in result.text, result.text
    state = await ld.run("/state table:1", user="Director", channel=log)
    assert state.ephemeral and "♥A" in state.text, state.text


async def test_script_is_never_posted_to_the_log_channel(ld, storage):
    """/script table_channel:#td-log is refused in one line; /script typed in #td-log (table 1
    has no channel) offers no "Post it to the table" button; an unbound channel the director
    names is his choice."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    log = ld.guild.channel("td-log")
    refused = await ld.slash("script", {"id": recorded.id, "table_channel": log},
                             user="Director")
    assert refused.ephemeral and "log channel" in refused.text, refused.text
    assert "\n" not in refused.text.strip()
    there = await ld.slash("script", {"id": recorded.id}, user="Director", channel=log)
    assert there.ephemeral and not there.message.buttons, there.message.buttons
    general = ld.guild.add_channel("general")
    ld.refresh_guild()
    named = await ld.slash("script", {"id": recorded.id, "table_channel": general},
                           user="Director", channel=log)
    [post] = named.message.buttons
    assert post["custom_id"] == f"tdbot:script:{recorded.id}:{general.id}", post


async def test_50D2_a_choice_a_re_ruling_leaves_waiting_goes_to_the_tables_channel(
        ld, storage):
    """The director amends table 1's penalty card from #table-2: declarer's 50D2 choice,
    ruled again, is posted with its buttons in #table-1, where declarer presses one; the
    director is told where it went."""
    from core.laws.penalty import PartnerLead
    from core.seats import Seat

    await set_up(ld)
    recorded = await exposure(storage, ld)
    await storage.record(ld.guild.id, recorded.board_id, PartnerLead(Seat.E),
                         actor_id=ld.member("RHO").id)
    await _bind(ld, 1, 2)
    one, two = ld.guild.channel("table-1"), ld.guild.channel("table-2")
    preview = await ld.slash("ruling amend", {"id": recorded.id, "text": "the jack",
                                              "facts": "cards=SJ"},
                             user="Director", channel=two)
    done = await ld.press(preview.message, "Re-rule the board", user="Director")
    [again] = [m for m in done.messages
               if "Forbid spades while E keeps the lead" in [b["label"] for b in m.buttons]]
    assert again.channel_id == one.id and not again.ephemeral, again
    assert not [m for m in done.messages if m.channel_id == two.id and not m.ephemeral]
    assert "#table-1" in done.text or f"<#{one.id}>" in done.text, done.text
    sat = await ld.slash("sit", {"table": 1, "seat": "S", "member": ld.member("Declarer")},
                         user="Director")
    assert "South" in sat.text, sat.text
    pressed = await ld.press(again, "Forbid spades while E keeps the lead", user="Declarer")
    assert not pressed.exceptions and "forbid" in pressed.text.lower(), pressed.text
    state = await storage.board_state(ld.guild.id, recorded.board_id)
    assert not state.pending, state.pending


async def test_50D2_a_re_offered_choice_for_a_table_without_a_channel_says_so(ld, storage):
    """Table 1 has no channel and the director confirms from #td-log: the choice is shown to
    him alone, and he is told the table has no channel to send it to."""
    from core.laws.penalty import PartnerLead
    from core.seats import Seat

    await set_up(ld)
    recorded = await exposure(storage, ld)
    await storage.record(ld.guild.id, recorded.board_id, PartnerLead(Seat.E),
                         actor_id=ld.member("RHO").id)
    log = ld.guild.channel("td-log")
    preview = await ld.slash("ruling amend", {"id": recorded.id, "text": "the jack",
                                              "facts": "cards=SJ"}, user="Director",
                             channel=log)
    done = await ld.press(preview.message, "Re-rule the board", user="Director")
    [again] = [m for m in done.messages
               if "Forbid spades while E keeps the lead" in [b["label"] for b in m.buttons]]
    assert again.ephemeral, again
    assert "Table 1 has no channel" in done.text, done.text


async def test_50D2_a_re_ruling_posts_again_only_the_choice_still_to_be_made(ld, storage):
    """W's ♠K, E on lead to trick 2: declarer lets him lead anything (the card stays); at E's
    lead to trick 4 the same choice is offered again. The director amends the card to the
    ♠Q: of the copies the re-ruling records, only the trick-4 offer is still to be chosen and
    only it is posted with buttons in #table-1 (the trick-2 copy was answered by its choice's
    copy; its live buttons would have answered the trick-4 choice)."""
    from core.engine import ChoiceMade
    from core.laws.penalty import PartnerLead
    from core.seats import Seat

    await set_up(ld)
    recorded = await exposure(storage, ld)
    actor = ld.member("RHO").id
    await storage.record(ld.guild.id, recorded.board_id, PartnerLead(Seat.E, trick=2),
                         actor_id=actor)
    await storage.record(ld.guild.id, recorded.board_id, ChoiceMade(Seat.E, "any"),
                         actor_id=ld.member("Declarer").id)
    offer = await storage.record(ld.guild.id, recorded.board_id, PartnerLead(Seat.E, trick=4),
                                 actor_id=actor)
    assert offer.state.pending_for(Seat.E), offer.ruling.summary
    await _bind(ld, 1, 2)
    one = ld.guild.channel("table-1")
    preview = await ld.slash("ruling amend", {"id": recorded.id, "text": "the queen",
                                              "facts": "cards=SQ"},
                             user="Director", channel=one)
    done = await ld.press(preview.message, "Re-rule the board", user="Director")
    offered = [m for m in done.messages if m.buttons and m.channel_id == one.id
               and "Forbid spades while E keeps the lead" in [b["label"] for b in m.buttons]]
    assert len(offered) == 1, [m.text for m in offered]
    events = await storage.board_events(ld.guild.id, recorded.board_id, include_void=False)
    latest = max(e.id for e in events if e.kind == "partner_lead")
    assert f"#{latest}" in offered[0].text, (latest, offered[0].text)


async def test_92_an_appeal_decided_in_the_log_channel_is_for_the_director_alone(ld, storage):
    """An appeal's outcome tells the board's ruling and score: decided in #td-log (where a
    playing director reads trimmed lines only) it is answered to the director alone, as a
    verdict is (decided at the table it stays public: test_desk's appeal tests)."""
    await set_up(ld)
    await ld.run("/sit table:1 seat:W", user="LHO")
    recorded = await exposure(storage, ld)
    await ld.slash("appeal file", {"id": recorded.id, "reason": "Not a penalty card"},
                   user="LHO")
    log = ld.guild.channel("td-log")
    there = await ld.slash("appeal decide", {"id": 1, "outcome": "ruling_stands"},
                           user="Director", channel=log)
    assert there.ephemeral and "the ruling stands" in there.text, there.text
    assert not [m for m in there.messages if m.channel_id == log.id and not m.ephemeral
                and "the ruling stands" in m.text]
