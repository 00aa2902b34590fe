"""Exports stream: memory stays flat however long the log is."""

from __future__ import annotations

import datetime as dt
import gc
import tracemalloc

from sqlalchemy import insert, select

from core.storage.db import make_engine
from core.storage.lawref import law_key
from core.storage.models import Club, EventLaw, EventRow
from tests.core.storage.helpers import GUILD_A, new_board

LAWS = [(law, law_key(law)) for law in ("49", "50B", "50D")]
FACTS = {"kind": "exposure", "seat": "W", "cards": ["SK"], "how": "accidental"}
RULING = {
    "kind": "exposure",
    "summary": "♠K is a major penalty card of W.",
    "laws": ["49", "50B", "50D"],
    "steps": ["The ♠K stays face up on the table in front of W (49, 50A)." * 4] * 3,
    "options": [],
    "chooser": "",
    "information": "Information from the penalty card is authorized for everyone." * 3,
    "judgement": "",
    "private": False,
    "outcome": {"penalty_cards": ["W:SK:major"]},
}


async def _seed(storage_url, board, start: int, count: int) -> None:
    """Append ``count`` logged rulings to one board directly (the service would take minutes)."""
    engine = make_engine(storage_url)
    at = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
    try:
        async with engine.begin() as conn:
            club_id = (await conn.execute(
                select(Club.id).where(Club.guild_id == GUILD_A))).scalar_one()
            for first in range(start, start + count, 1000):
                batch = range(first, min(first + 1000, start + count))
                rows = [
                    dict(club_id=club_id, session_id=board.session_id, table_id=board.table_id,
                         board_id=board.id, table_no=1, board_no=1, seq=100 + i,
                         kind="exposure", incident="exposure", actor_id=10**17 + i,
                         interaction_id=None, created_at=at + dt.timedelta(seconds=i),
                         facts=FACTS, ruling=RULING, summary=RULING["summary"],
                         laws="49 50B 50D", void=False)
                    for i in batch
                ]
                result = await conn.execute(insert(EventRow).returning(EventRow.id), rows)
                ids = [r[0] for r in result]
                await conn.execute(insert(EventLaw), [
                    dict(event_id=i, law=law, club_id=club_id, law_number=number, law_key=key)
                    for i in ids for law, (number, key) in LAWS
                ])
    finally:
        await engine.dispose()


async def _export_peak(storage, kind: str) -> tuple[int, int]:
    """(peak bytes allocated while exporting, rows exported)."""
    export = storage.export_csv if kind == "csv" else storage.export_json
    gc.collect()
    tracemalloc.start()
    try:
        size = 0
        async for chunk in export(GUILD_A, chunk_rows=200):
            size += chunk.count("\n")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak, size


async def test_export_memory_does_not_grow_with_the_log(storage, storage_url):
    """Exporting 5× more rulings needs about the same peak memory (rows are streamed in
    chunks from a server-side cursor, never collected)."""
    board = await new_board(storage)
    await _seed(storage_url, board, 0, 1_000)
    small_csv, n_small = await _export_peak(storage, "csv")
    small_json, _ = await _export_peak(storage, "json")
    await _seed(storage_url, board, 1_000, 4_000)
    big_csv, n_big = await _export_peak(storage, "csv")
    big_json, _ = await _export_peak(storage, "json")
    assert n_big >= 4 * n_small
    assert big_csv < small_csv * 1.5 + 200_000
    assert big_json < small_json * 1.5 + 200_000
