"""A short fault soak (issue 25, item 6; ``.ci/run`` runs a longer one on each backend): the club
night's load with a lock held by another process, the bot SIGKILLed and restarted, PostgreSQL
dropping the bot's connections and Discord redelivering interactions; afterwards every answer
came within 3 s and every acknowledged ruling is in the log once (:mod:`tests.hardening.soak`)."""

from __future__ import annotations

from pathlib import Path

from tests.hardening.soak import soak


async def test_a_short_fault_soak_loses_nothing_and_answers_in_time(
    backend: str, tmp_path: Path
) -> None:
    summary = await soak(backend, 15.0, tmp_path, seed=25)
    assert summary["ok"], summary["problems"]
    assert summary["faults"]["bot killed"] == 2 and summary["redelivered"] > 0, summary
