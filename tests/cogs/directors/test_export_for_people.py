"""The log export for people and scoring programs (issue 24): display names beside ids, the
edition of each ruling, adjusted scores as data (12C) and the appeals, in CSV and JSON."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")


async def _night(ld, storage):
    """A ruling asked by Declarer, corrected for director error with a weighted score, and
    appealed by LHO (who sits at that table)."""
    await set_up(ld)
    await ld.run("/sit table:1 seat:W", user="LHO")
    recorded = await exposure(storage, ld)
    amended = await ld.slash("ruling amend", {
        "id": recorded.id, "text": "wrong law",
        "director_error": "60% 4HS=, 40% 4HS-1; PP EW 10%"}, user="Director")
    assert "weighted assigned adjusted score (12C1)" in amended.text, amended.text
    filed = await ld.slash("appeal file", {"id": recorded.id, "reason": "Too harsh"},
                           user="LHO")
    assert "is filed" in filed.text, filed.text
    await ld.slash("appeal decide", {"id": 1, "outcome": "score_adjusted"}, user="Director")
    return recorded


async def test_csv_export_has_names_edition_adjusted_scores_and_appeals(ld, storage):
    recorded = await _night(ld, storage)
    [file] = (await ld.slash("log export", {"format": "csv"}, user="Director")).files
    [row] = [r for r in csv.DictReader(io.StringIO(file.text())) if int(r["id"]) == recorded.id]
    assert row["edition"] == "2017"
    assert row["actor_id"] == str(ld.member("Declarer").id)
    assert row["actor_name"] == "Declarer" and row["verdict_by_name"] == "Director"
    assert row["adjusted_kind"] == "weighted"
    assert row["adjusted_ns"] == row["adjusted_ew"] == "60% 4HS=, 40% 4HS-1"
    assert row["adjusted_penalties"] == "EW 10 %"
    assert row["appeals"] == "#1 score_adjusted"


async def test_json_export_has_the_adjusted_score_as_data_and_the_appeals(ld, storage):
    recorded = await _night(ld, storage)
    [file] = (await ld.slash("log export", {"format": "json"}, user="Director")).files
    [row] = [r for r in json.loads(file.text()) if r["id"] == recorded.id]
    assert row["edition"] == "2017" and row["actor_name"] == "Declarer"
    adjusted = row["adjusted"]
    assert adjusted["kind"] == "weighted"
    assert [(o["weight"], o["contract"], o["declarer"], o["result"], o["tricks"])
            for o in adjusted["ns"]["outcomes"]] == [(60, "4H", "S", 0, 10),
                                                     (40, "4H", "S", -1, 9)]
    assert adjusted["penalties"] == [{"side": "EW", "amount": 10.0, "unit": "%"}]
    [appeal] = row["appeals"]
    assert appeal["appellant_name"] == "LHO" and appeal["outcome"] == "score_adjusted"
    assert appeal["reason"] == "Too harsh"


async def test_a_banana_adjusted_score_is_refused_and_nothing_is_written(ld, storage):
    await set_up(ld)
    recorded = await exposure(storage, ld)
    refused = await ld.slash("ruling amend", {"id": recorded.id, "text": "wrong",
                                              "director_error": "banana"}, user="Director")
    assert refused.ephemeral and "not a result" in refused.text
    assert (await storage.event(ld.guild.id, recorded.id)).verdict is None
    adjust = await ld.slash("ruling adjust", {"id": recorded.id, "score": "banana"},
                            user="Director")
    assert adjust.ephemeral and "not a result" in adjust.text
    assert (await storage.event(ld.guild.id, recorded.id)).adjusted_score is None


async def test_acbl_profile_refuses_a_weighted_score(ld, storage):
    await set_up(ld)
    done = await ld.slash("setup", {"director_role": ld.guild.role("Director"),
                                    "log_channel": ld.guild.channel("td-log"),
                                    "authority": "ACBL"}, user="Director")
    assert "American Contract Bridge League" in done.text and "not allowed" in done.text
    recorded = await exposure(storage, ld)
    refused = await ld.slash("ruling adjust", {"id": recorded.id,
                                               "score": "60% 4HS=, 40% 4HS-1"}, user="Director")
    assert refused.ephemeral and "ACBL regulations do not allow weighted" in refused.text
    done = await ld.slash("ruling adjust", {"id": recorded.id, "score": "4h s ="},
                          user="Director")
    assert (await storage.event(ld.guild.id, recorded.id)).adjusted_score == "4HS="
    search = await ld.slash("log search", {}, user="Director")
    assert "assigned adjusted score 4HS=" in search.text and "(2017)" in search.text
