"""SIGKILL in the middle of a burst of rulings: the database is consistent on restart.

A child process (``crash_child.py``) records rulings on many boards from several concurrent tasks
and prints each event id as soon as ``Storage.record`` returns (after the commit: what a cog would
acknowledge). The test kills it with SIGKILL after some acknowledgements — while other writes are
in flight — then reopens the database and checks:

* SQLite's ``PRAGMA integrity_check`` is ``ok`` (the WAL is recovered);
* every acknowledged event id is present, with its interaction id, exactly once;
* per board, seqs run 1..n without gaps and the board's ``last_seq`` is the last one;
* no half-written event: every row decodes, has its ruling and summary, and its law index rows
  point at events that exist;
* for every board the stored snapshot equals the replay of its non-void events;
* the database still takes writes, and a replayed acknowledged interaction is not logged again.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from core.engine import event_from_data
from core.storage.db import ROOT, make_engine, upgrade_to_head
from core.storage.testing import migrated_storage, scratch_url
from tests.core.storage.helpers import GUILD_A, PLAYER, fold, played

CHILD = Path(__file__).with_name("crash_child.py")
READ_TIMEOUT = 60.0


async def _run_and_kill(url: str, kill_after: int) -> tuple[list[tuple[int, int, int]], bool]:
    """Start the child, SIGKILL it after ``kill_after`` acknowledgements; every ACK it printed."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(CHILD), url, "60", "4",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=str(ROOT), env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    acks: list[tuple[int, int, int]] = []
    done = False
    try:
        while len(acks) < kill_after:
            line = await asyncio.wait_for(proc.stdout.readline(), READ_TIMEOUT)
            if not line:
                err = (await proc.stderr.read()).decode(errors="replace")
                pytest.fail(f"child ended before {kill_after} acknowledgements:\n{err[-3000:]}")
            if line.startswith(b"ACK "):
                acks.append(tuple(int(x) for x in line.split()[1:]))  # type: ignore[arg-type]
            done = line.strip() == b"DONE"
    finally:
        if proc.returncode is None:
            os.kill(proc.pid, signal.SIGKILL)
        await proc.wait()
    # Lines already written to the pipe before the kill were acknowledged too.
    for line in (await proc.stdout.read()).splitlines():
        if line.startswith(b"ACK "):
            acks.append(tuple(int(x) for x in line.split()[1:]))  # type: ignore[arg-type]
        done = done or line.strip() == b"DONE"
    assert proc.returncode == -signal.SIGKILL or done
    return acks, done


@pytest.mark.parametrize("kill_after", [1, 17, 90])
async def test_sigkill_mid_burst_leaves_a_consistent_database(
    backend: str, tmp_path: Path, kill_after: int
) -> None:
    async with scratch_url(backend, tmp_path) as url:
        await upgrade_to_head(url)
        acks, done = await _run_and_kill(url.render_as_string(hide_password=False), kill_after)
        assert len(acks) >= kill_after and not done  # killed mid-burst, not after the end

        if backend == "sqlite":
            assert url.database is not None
            con = sqlite3.connect(url.database)
            try:
                assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
                assert con.execute("PRAGMA foreign_key_check").fetchall() == []
            finally:
                con.close()

        engine = make_engine(url)
        try:
            async with engine.connect() as conn:
                events = (
                    await conn.execute(
                        text(
                            "SELECT id, board_id, seq, interaction_id, facts, ruling, summary "
                            "FROM events ORDER BY board_id, seq"
                        )
                    )
                ).all()
                boards = dict(
                    (await conn.execute(text("SELECT id, last_seq FROM boards"))).all()
                )
                orphans = (
                    await conn.scalar(
                        text(
                            "SELECT count(*) FROM event_laws l "
                            "WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.id = l.event_id)"
                        )
                    )
                )
        finally:
            await engine.dispose()

        assert orphans == 0
        by_id = {row.id: row for row in events}
        for event_id, board_id, interaction_id in acks:
            assert event_id in by_id, f"acknowledged event {event_id} is missing"
            assert by_id[event_id].board_id == board_id
            assert by_id[event_id].interaction_id == interaction_id
        interactions = [r.interaction_id for r in events if r.interaction_id is not None]
        assert len(interactions) == len(set(interactions)), "an interaction was logged twice"

        seqs: dict[int, list[int]] = {}
        for row in events:
            seqs.setdefault(row.board_id, []).append(row.seq)
            facts = row.facts if isinstance(row.facts, dict) else json.loads(row.facts)
            event_from_data(facts)  # decodes: no half-written facts
            assert row.ruling is not None and row.summary is not None
        for board_id, last_seq in boards.items():
            got = seqs.get(board_id, [])
            assert got == list(range(1, len(got) + 1)), f"board {board_id} seqs {got}"
            assert last_seq == (got[-1] if got else 0), f"board {board_id} last_seq {last_seq}"

        async with migrated_storage(url) as storage:
            for board_id in boards:
                snapshot = await storage.board_state(GUILD_A, board_id)
                entries = await storage.board_events(GUILD_A, board_id)
                assert snapshot == fold(entries) == await storage.rebuild(GUILD_A, board_id)
            # Still writable, and a retried acknowledged command is not logged twice.
            event_id, board_id, interaction_id = acks[-1]
            again = await storage.record(
                GUILD_A, board_id, played("N", "C2"), actor_id=PLAYER,
                interaction_id=interaction_id,
            )
            assert again.duplicate and again.id == event_id
            assert len(await storage.board_events(GUILD_A, board_id)) == len(seqs[board_id])
