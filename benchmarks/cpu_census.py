"""Who used the machine's CPU during a run: the whole machine, the PostgreSQL server, the
stand-in for Discord (issue 27: "the server's CPU reported beside the bots'", so that the limit
of two shared cores is visible).

Read from Linux's ``/proc`` (elsewhere every figure is None): ``/proc/stat`` for the cores'
busy time, and ``/proc/<pid>/stat`` for the processes named ``postgres`` (all of them: the
server's backends, its background workers, and through the postmaster's reaped-children times
the backends that ended during the run) and for the stand-in's process. A PostgreSQL server on
another machine is not seen (its figure is then 0).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")


def _ticks() -> int:
    try:
        return os.sysconf("SC_CLK_TCK")
    except (ValueError, OSError, AttributeError):
        return 100


TICKS = _ticks()


@dataclass(frozen=True)
class Census:
    """CPU seconds used so far (since boot, or since each process started)."""

    machine_busy: float | None
    postgres: float | None
    stand_in: float | None


def _process_times(stat: str) -> tuple[str, float]:
    """(command name, user + system time of the process and its reaped children) from a
    ``/proc/<pid>/stat`` line."""
    name = stat[stat.index("(") + 1: stat.rindex(")")]
    fields = stat[stat.rindex(")") + 2:].split()
    # after the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
    return name, sum(int(f) for f in fields[11:15]) / TICKS


def census(stand_in_pid: int | None = None) -> Census:
    """The CPU used so far by the machine, PostgreSQL's processes and the stand-in."""
    try:
        first = (PROC / "stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return Census(None, None, None)
    values = [int(v) for v in first]
    idle = values[3] + (values[4] if len(values) > 4 else 0)  # idle + iowait
    busy = (sum(values[:8]) - idle) / TICKS  # guest time is already in user
    postgres = 0.0
    stand_in: float | None = None
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            name, used = _process_times((entry / "stat").read_text())
        except (OSError, ValueError):
            continue  # ended while we looked
        if name == "postgres":
            postgres += used
        if stand_in_pid is not None and int(entry.name) == stand_in_pid:
            stand_in = used
    return Census(busy, postgres, stand_in)


def shares(before: Census, after: Census, seconds: float, done: int) -> dict[str, float | None]:
    """Between two censuses of a run of ``seconds`` that completed ``done`` interactions: how
    many cores the machine kept busy, and PostgreSQL's and the stand-in's CPU per
    interaction (ms)."""

    def delta(a: float | None, b: float | None) -> float | None:
        return None if a is None or b is None else b - a

    busy = delta(before.machine_busy, after.machine_busy)
    pg = delta(before.postgres, after.postgres)
    stand_in = delta(before.stand_in, after.stand_in)
    done = max(1, done)
    return {
        "cores_busy": None if busy is None else round(busy / seconds, 2),
        "cores": os.cpu_count(),
        "postgres_cpu_ms_per_interaction": None if pg is None else round(pg * 1000 / done, 2),
        "stand_in_cpu_ms_per_interaction":
            None if stand_in is None else round(stand_in * 1000 / done, 2),
    }
