"""The process ``test_crash_safety`` kills: records a burst of events, acknowledging each.

Usage: ``python tests/hardening/crash_child.py DATABASE_URL [TABLES] [WORKERS]`` on a migrated
database. Prints ``READY`` once connected, then ``ACK <event id> <board id> <interaction id>``
(flushed) as soon as each ``Storage.record`` has returned, i.e. after its commit — exactly what
a cog would acknowledge to the user. Never stops on its own before ``DONE``.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.storage.db import make_engine, make_sessionmaker  # noqa: E402
from core.storage.service import Storage  # noqa: E402
from tests.core.storage.helpers import GUILD_A, PLAYER, new_board, penalty_story  # noqa: E402

INTERACTION_BASE = 900_000_000_000_000_000


async def main(url: str, tables: int, workers: int) -> None:
    engine = make_engine(url)
    storage = Storage(make_sessionmaker(engine))
    await storage.club(GUILD_A)
    print("READY", flush=True)
    counter = itertools.count(1)

    async def worker(w: int) -> None:
        for t in range(w, tables, workers):
            board = await new_board(storage, table=t + 1, board=t + 1)
            for ev in penalty_story():
                iid = INTERACTION_BASE + next(counter)
                rec = await storage.record(
                    GUILD_A, board.id, ev, actor_id=PLAYER, interaction_id=iid
                )
                print(f"ACK {rec.id} {board.id} {iid}", flush=True)

    await asyncio.gather(*(worker(w) for w in range(workers)))
    await engine.dispose()
    print("DONE", flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    asyncio.run(main(args[0], int(args[1]) if len(args) > 1 else 60,
                     int(args[2]) if len(args) > 2 else 4))
