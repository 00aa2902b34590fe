"""/log search, /log export and /log stats."""

from __future__ import annotations

import csv
import io
import json
import sys

import pytest

from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")


async def seven_rulings(ld, storage):
    """Seven exposures: six at table 1 (boards 1-6, by Declarer), one at table 2 (by LHO)."""
    ids = []
    for board in range(1, 7):
        ids.append((await exposure(storage, ld, board=board, card="SK")).id)
    ids.append((await exposure(storage, ld, table=2, board=9, card="D4", actor="LHO")).id)
    return ids


async def test_search_pages_with_buttons(ld, storage):
    """Seven rulings, five a page: Next shows the other two, Previous goes back."""
    await set_up(ld)
    ids = await seven_rulings(ld, storage)
    result = await ld.slash("log search", {"kind": "exposure"}, user="Director")
    assert result.ephemeral
    [page] = result.messages
    assert "7 results" in page.text and "Page 1 of 2" in page.text
    assert f"#{ids[-1]} " in page.text and f"#{ids[0]} " not in page.text
    assert page.pings == {"everyone": False, "users": [], "roles": []}
    nxt = await ld.press(page, "Next", user="Director")
    [second] = nxt.edits
    assert "Page 2 of 2" in second.text and f"#{ids[0]} " in second.text
    assert second.component("Next")["disabled"]
    back = await ld.press(second, "Previous", user="Director")
    assert "Page 1 of 2" in back.edits[0].text
    stranger = await ld.press(second, "Next", user="Dummy")
    assert stranger.ephemeral and "belong to whoever searched" in stranger.text


async def test_search_filters(ld, storage):
    """table, board, kind, law, player, verdict and dates narrow the search."""
    await set_up(ld)
    ids = await seven_rulings(ld, storage)
    await ld.slash("ruling confirm", {"id": ids[0]}, user="Director")

    async def found(**options):
        result = await ld.slash("log search", {"kind": "exposure", **options}, user="Director")
        text = result.text
        return {i for i in ids if f"#{i} " in text}

    assert await found(table=2) == {ids[6]}
    assert await found(board=3) == {ids[2]}
    assert await found(player=ld.member("LHO")) == {ids[6]}
    assert await found(kind="board_set", table=2) == set()
    assert await found(law="50", table=2) == {ids[6]}
    assert await found(verdict="confirmed") == {ids[0]}
    assert await found(director=ld.director) == {ids[0]}
    assert await found(**{"from": "2000-01-01", "to": "2000-01-02"}) == set()
    assert len(await found(**{"from": "2000-01-01"})) == 5  # the first page


async def test_search_bad_date(ld, storage):
    await set_up(ld)
    result = await ld.slash("log search", {"from": "31/12/2024"}, user="Director")
    assert result.ephemeral and "2025-03-31" in result.text


async def test_a_player_searches_only_his_own_rulings(ld, storage):
    """A member who is not a director sees only the rulings he asked for."""
    await set_up(ld)
    ids = await seven_rulings(ld, storage)
    result = await ld.slash("log search", {"kind": "exposure"}, user="LHO")
    text = result.text
    assert "1 result" in text and f"#{ids[6]} " in text
    refused = await ld.slash("log search", {"player": ld.member("Declarer")}, user="LHO")
    assert refused.ephemeral and "your own rulings" in refused.text


async def test_export_csv_and_json(ld, storage):
    """The export files hold the club's log, oldest first."""
    await set_up(ld)
    ids = await seven_rulings(ld, storage)
    await exposure(storage, ld, guild_id=ld.add_guild("Other Club").id)  # not in our export
    result = await ld.slash("log export", {"format": "csv"}, user="Director")
    assert result.ephemeral
    [file] = result.files
    assert file.filename.endswith(".csv")
    rows = list(csv.DictReader(io.StringIO(file.text())))
    assert [int(r["id"]) for r in rows if r["kind"] == "exposure"] == ids
    result = await ld.slash("log export", {"format": "json"}, user="Director")
    [file] = result.files
    data = json.loads(file.text())
    assert [int(r["id"]) for r in data if r["kind"] == "exposure"] == ids


async def test_export_is_for_directors_and_capped(ld, storage, monkeypatch):
    await set_up(ld)
    await seven_rulings(ld, storage)
    refused = await ld.slash("log export", {"format": "csv"}, user="Declarer")
    assert refused.ephemeral and "Only a director" in refused.text and not refused.files
    monkeypatch.setattr(sys.modules["cogs.log"], "EXPORT_MAX_BYTES", 200)
    big = await ld.slash("log export", {"format": "json"}, user="Director")
    assert not big.files and "narrow it" in big.text


async def test_stats(ld, storage):
    """Per law, per month and the confirmation rate."""
    await set_up(ld)
    ids = await seven_rulings(ld, storage)
    await ld.slash("ruling confirm", {"id": ids[0]}, user="Director")
    await ld.slash("ruling amend", {"id": ids[1], "text": "no"}, user="Director")
    result = await ld.slash("log stats", user="Director")
    assert result.ephemeral
    text = result.text
    assert "Law 50: 7" in text or "Law 50:" in text
    assert "50% (1 of 2" in text
    refused = await ld.slash("log stats", user="Declarer")
    assert "Only a director" in refused.text


async def test_log_search_suggests_every_kind_as_it_is_typed(ld, bot):
    """Discord takes 25 choices and the engine has more kinds (45E, 46 and 67 had pushed
    revoke, then board set, out of a fixed list): ``kind:`` suggests them as they are typed,
    the rulings' first, in the reader's language, and takes a name typed in full too."""
    from core.engine import EVENT_TYPES
    from core.ruling import RECORD_KINDS

    search = bot.tree.get_command("log").get_command("search")
    [kind] = [p for p in search.parameters if p.name == "kind"]
    assert not kind.choices and kind.autocomplete
    first = await ld.autocomplete("log search", "kind", {"kind": ""}, user="Director")
    values = [c["value"] for c in first.choices]
    rulings = set(EVENT_TYPES) - RECORD_KINDS
    assert len(values) == 25 and (set(values[:len(rulings)]) == rulings if len(rulings) <= 25
                                  else set(values) <= rulings)
    for typed, expected in (("revo", {"revoke", "revoke_inquiry"}), ("board s", {"board_set"}),
                            ("fifth", {"fifth_card"}), ("dummy", {"dummy_call"})):
        found = await ld.autocomplete("log search", "kind", {"kind": typed}, user="Director")
        assert expected <= {c["value"] for c in found.choices}, typed
    every = set()
    for name in EVENT_TYPES:
        found = await ld.autocomplete("log search", "kind", {"kind": name.replace("_", " ")},
                                      user="Director")
        every |= {c["value"] for c in found.choices}
    assert every == set(EVENT_TYPES)
    ld.member("Director").user.locale = "fr"
    french = await ld.autocomplete("log search", "kind", {"kind": "renonc"}, user="Director")
    assert "revoke" in {c["value"] for c in french.choices}, french.choices
    named = await ld.run("/log search kind:renonce", user="Director")
    assert "inconnu" not in named.text, named.text
    ld.member("Director").user.locale = "en-US"
    typed = await ld.run('/log search kind:"board set" records:true', user="Director")
    assert "Unknown kind" not in typed.text, typed.text
    wrong = await ld.run("/log search kind:nonsense", user="Director")
    assert wrong.ephemeral and "Unknown kind of incident" in wrong.text
