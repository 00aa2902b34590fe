"""The benchmark's census of who used the CPU (issue 27: the server's CPU beside the bots')."""

from __future__ import annotations

import os
import time

from benchmarks.cpu_census import TICKS, Census, _process_times, census, shares


def test_a_process_line_is_read_past_a_name_with_spaces_and_parentheses() -> None:
    fields = ["S", "1", *["0"] * 9, str(3 * TICKS), str(TICKS), str(2 * TICKS), "0", "20"]
    name, used = _process_times(f"42 (post gres) (x)) {' '.join(fields)}")
    assert name == "post gres) (x)" and used == 6.0


def test_the_census_sees_this_machine_and_a_process_it_names() -> None:
    before = census(os.getpid())
    end = time.process_time() + 0.05
    while time.process_time() < end:  # burn a little CPU in this very process
        pass
    after = census(os.getpid())
    assert before.stand_in is not None and after.stand_in is not None
    assert after.stand_in > before.stand_in
    got = shares(before, after, seconds=1.0, done=10)
    assert got["cores_busy"] is not None and got["cores_busy"] > 0
    assert got["stand_in_cpu_ms_per_interaction"] is not None
    assert got["stand_in_cpu_ms_per_interaction"] > 0


def test_nothing_known_gives_none_not_zero() -> None:
    unknown = Census(None, None, None)
    got = shares(unknown, unknown, seconds=1.0, done=1)
    assert got["cores_busy"] is None and got["postgres_cpu_ms_per_interaction"] is None
