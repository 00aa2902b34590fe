"""A health check for containers and supervisors: is the bot's database usable?

    python -m core.storage.health     exit 0 when healthy; else 1 and one line on stderr

Healthy means the database named by the bot's own settings (``DATABASE_URL`` from the
environment or ``.env``, as :class:`core.settings.Settings` reads it) answers and is at the newest
migration, which the bot brings it to on start. A bot that has died is not checked here: its
process ends and the container or service restarts it.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from core.settings import Settings
from core.storage.db import at_head, database_url


async def problem(url: str | None) -> str | None:
    """What is wrong with the database at ``url`` (``None``: nothing)."""
    try:
        parsed = database_url(url)
    except ValueError as exc:
        return str(exc)
    file = parsed.database if parsed.get_backend_name() == "sqlite" else None
    if file and file != ":memory:" and not file.startswith("file:") and not Path(file).exists():
        return f"no database at {file} yet (the bot creates it on start)"
    if not await at_head(parsed):
        return "the database cannot be read or is not at the newest migration yet"
    return None


def main() -> int:
    found = asyncio.run(problem(Settings().database_url))
    if found is None:
        return 0
    print(f"unhealthy: {found}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
