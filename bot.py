"""Start tdbot.

    python bot.py             connect to Discord with DISCORD_TOKEN (without one: the console)
    python bot.py --console   try the bot locally: type slash commands at a prompt, no Discord
    python bot.py --sync      also publish the slash commands globally (after changing them)

Settings come from the environment or ``.env`` (see ``.env.example``). ``main()`` owns logging
and the lifetimes of the resources (storage, the local stand-in for Discord, the bot) and passes
them in.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import re
import sys
import threading
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import aiohttp
import discord
from pydantic import ValidationError

from core.settings import Settings
from core.storage.db import database_url as database_url_of
from core.storage.db import make_engine, make_sessionmaker, upgrade_to_head
from core.storage.service import Storage
from localdiscord import Console, LocalDiscord
from tdbot.client import TDBot

log = logging.getLogger("tdbot")

#: Exit status for a configuration the bot cannot start with (bad token, bad setting).
EXIT_CONFIG = 2


def shard_options(settings: Settings) -> dict[str, Any]:
    """``shard_count``/``shard_ids`` for the bot; raises ValueError for an impossible split."""
    if settings.shard_ids and not settings.shard_count:
        raise ValueError("SHARD_IDS needs SHARD_COUNT")
    if not settings.shard_count:
        return {}
    if settings.shard_count < 1:
        raise ValueError("SHARD_COUNT must be at least 1")
    options: dict[str, Any] = {"shard_count": settings.shard_count}
    if settings.shard_ids:
        try:
            ids = [int(part) for part in settings.shard_ids.split(",") if part.strip()]
        except ValueError:
            raise ValueError("SHARD_IDS must be numbers separated by commas, e.g. 0,1") from None
        if not ids or any(not 0 <= i < settings.shard_count for i in ids):
            raise ValueError(f"SHARD_IDS must lie between 0 and {settings.shard_count - 1}")
        options["shard_ids"] = ids
    return options


def looks_like_token(token: str) -> bool:
    """A bot token is three non-empty base64url parts joined by dots."""
    return re.fullmatch(r"[\w-]+\.[\w-]+\.[\w-]+", token, flags=re.ASCII) is not None


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=None,  # "bot.py" or "tdbot", as started
        description="tdbot: a contract-bridge tournament director's assistant for Discord.",
        epilog=(
            "Settings are read from the environment or a .env file: DISCORD_TOKEN, DATABASE_URL, "
            "DEV_GUILD_ID, LOG_LEVEL, SHARD_COUNT, SHARD_IDS (see .env.example). With no "
            "DISCORD_TOKEN the console starts."
        ),
    )
    parser.add_argument(
        "--console",
        action="store_true",
        help="run the bot on this machine against a local stand-in for Discord and type slash "
        "commands at a prompt (no token or Discord application needed; same cogs and database)",
    )
    parser.add_argument(
        "--sync",
        action="store_true",
        help="publish the slash commands to every server globally (needed after adding or "
        "changing a command; can take an hour to show). DEV_GUILD_ID, if set, is synced on "
        "every start anyway",
    )
    return parser.parse_args(argv)


def setup_logging(level: str, *, console: bool) -> None:
    """Log to stderr; at the console prompt only warnings and errors (a readable screen)."""
    handler = logging.StreamHandler()
    handler.setFormatter(
        logging.Formatter("%(asctime)s %(levelname)-8s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S")
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(max(logging.getLevelName(level), logging.WARNING) if console else level)


#: Young objects allocated before a generation-0 collection (Python's default: 700). 5,000
#: keeps each young collection at or under ~5 ms; 50,000 made fewer but 25–68 ms long ones
#: (``benchmarks/README.md``, *second look*: mix p99 at 200/s 700 → 17.6 ms, 5,000 → 6.2 ms,
#: 50,000 → 11.7 ms).
GC_GEN0_THRESHOLD = 5_000


def settle_memory(gen0_threshold: int = GC_GEN0_THRESHOLD) -> None:
    """Once the bot is up: move everything allocated so far (modules, cogs, the command tree)
    out of the garbage collector's reach and collect young objects less often (every
    ``gen0_threshold`` allocations; the benchmark's A/B passes other values). Full collections
    then stop pausing every command for ~100 ms (``benchmarks/interactions.py``, ``levers``,
    ``plus_settled_gc`` against ``plus_orjson``, medians of two rounds: p99 at 200/s 15.2 →
    5.9 ms, max 86 → 39 ms)."""
    gc.collect()
    gc.freeze()
    _, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(gen0_threshold, gen1, gen2)


class DatabaseUnusable(Exception):
    """The database cannot be opened or migrated; the message says what to fix, in one line."""


def _causes(exc: BaseException) -> list[BaseException]:
    """``exc`` and what it wraps (SQLAlchemy's ``orig``, ``__cause__``, ``__context__``)."""
    seen: list[BaseException] = []
    todo: list[BaseException | None] = [exc]
    while todo:
        item = todo.pop(0)
        if item is None or any(item is s for s in seen):
            continue
        seen.append(item)
        todo += [getattr(item, "orig", None), item.__cause__, item.__context__]
    return seen


def database_problem(url: Any, exc: BaseException) -> str:
    """One line for the operator: what is wrong with the database and how to fix it."""
    text = " ".join(str(e) for e in _causes(exc)).lower()
    names = {type(e).__name__ for e in _causes(exc)}
    newer = re.search(r"can't locate revision identified by '([^']*)'", text)
    if newer:
        return (
            f"The database was upgraded by a newer tdbot (its schema revision {newer.group(1)!r} "
            "is unknown to this one): install that tdbot version or newer, or point "
            "DATABASE_URL at a backup made for this version."
        )
    if url.get_backend_name() == "sqlite":
        path = Path((url.database or "tdbot.db").removeprefix("file:")).resolve()
        if not path.parent.is_dir():
            return (
                f"Cannot open the database {path}: the folder {path.parent} does not exist. "
                "Create it, or point DATABASE_URL at another file."
            )
        if "readonly" in text or "read-only" in text or "permission" in text:
            return (
                f"Cannot write to the database {path}: it (or its folder) is read-only. Give "
                "the bot's user write access to both, or point DATABASE_URL elsewhere."
            )
        if "disk" in text and "full" in text:
            return f"Cannot write to the database {path}: the disk is full. Free some space."
        return f"Cannot open the database {path}: {str(exc).splitlines()[0][:200]}"
    where = f"{url.host or 'localhost'}:{url.port or 5432}"
    if "InvalidPasswordError" in names or "password" in text or "authentication" in text:
        return (
            f"PostgreSQL at {where} refused the user or password in DATABASE_URL: check them "
            "(and pg_hba.conf)."
        )
    if "InvalidCatalogNameError" in names or ("database" in text and "does not exist" in text):
        return (
            f"PostgreSQL at {where} has no database {url.database!r}: create it "
            f"(createdb {url.database}) or fix DATABASE_URL."
        )
    if names & {"ConnectionRefusedError", "ConnectionError", "OSError", "TimeoutError", "gaierror"}:
        return (
            f"Cannot connect to PostgreSQL at {where}: is the server running, and are the host "
            "and port in DATABASE_URL right?"
        )
    return f"Cannot use the database in DATABASE_URL: {str(exc).splitlines()[0][:200]}"


async def _check_writable(engine: Any) -> None:
    """Fail now, not at the first ruling, if the database cannot be written (a read-only
    SQLite file at the newest migration is otherwise only found out by a player)."""
    async with engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            version = (await conn.exec_driver_sql("PRAGMA user_version")).scalar() or 0
            await conn.exec_driver_sql(f"PRAGMA user_version = {int(version)}")
        else:
            await conn.exec_driver_sql("SELECT 1")


@contextlib.asynccontextmanager
async def open_storage(database_url: str | None) -> AsyncIterator[Storage]:
    """The storage the bot's cogs use, open for the bot's lifetime (``bot.storage``).

    Upgrades the database to the newest migration, then builds the one engine and sessionmaker
    (``None``: the default SQLite file ``tdbot.db``); the engine is disposed of on the way out.
    """
    url = database_url_of(database_url)
    engine = make_engine(url)
    try:
        await upgrade_to_head(url)
        await _check_writable(engine)
    except Exception as exc:  # whatever the driver raises, the operator gets one line
        await engine.dispose()
        raise DatabaseUnusable(database_problem(url, exc)) from exc
    try:
        yield Storage(make_sessionmaker(engine))
    finally:
        await engine.dispose()


async def run_bot(settings: Settings, token: str, *, sync: bool) -> int:
    """Connect to Discord and run until stopped."""
    async with (
        open_storage(settings.database_url) as storage,
        TDBot(
            storage=storage,
            dev_guild_id=settings.dev_guild_id,
            sync_global=sync,
            **shard_options(settings),
        ) as bot,
    ):
        try:
            await bot.login(token)  # runs setup_hook: cogs loaded, tree built
            settle_memory()
            await bot.connect()
        except discord.LoginFailure:
            print(
                "Discord rejected DISCORD_TOKEN: reset the token on the Bot page of the developer "
                "portal and copy it again.",
                file=sys.stderr,
            )
            return EXIT_CONFIG
        except aiohttp.ClientConnectionError as exc:
            print(f"Cannot reach Discord: {exc}", file=sys.stderr)
            return 1
    return 0


async def run_console(settings: Settings) -> int:
    """The real bot, cogs and database against the local stand-in, driven from the prompt."""
    async with (
        open_storage(settings.database_url) as storage,
        LocalDiscord() as ld,
        TDBot(storage=storage) as bot,
    ):
        await ld.login(bot)
        return await Console(ld).run()


def _quiet_closed_loop(args: threading.ExceptHookArgs) -> None:
    """aiosqlite's worker thread may hand its last result back after ``asyncio.run`` has closed
    the loop (a connection that failed to open, closed on the way out): the operator already
    has his one line, so that thread's "Event loop is closed" is not printed over it."""
    closed = isinstance(args.exc_value, RuntimeError) and "Event loop is closed" in str(
        args.exc_value)
    if closed and args.thread is not None and "_connection_worker_thread" in args.thread.name:
        return
    threading.__excepthook__(args)


def main(argv: Sequence[str] | None = None) -> int:
    threading.excepthook = _quiet_closed_loop
    args = parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]).upper()
        print(f"Invalid setting {where}: {error['msg']} (see .env.example).", file=sys.stderr)
        return EXIT_CONFIG
    try:
        database_url_of(settings.database_url)
    except ValueError as exc:
        print(f"Invalid setting DATABASE_URL: {exc} (see .env.example).", file=sys.stderr)
        return EXIT_CONFIG
    token = settings.discord_token.get_secret_value().strip() if settings.discord_token else ""
    console = args.console
    if not console and not token:
        print(
            "No DISCORD_TOKEN is set: starting the local console instead "
            "(see the README to connect the bot to Discord).",
            file=sys.stderr,
        )
        console = True
    if not console and not looks_like_token(token):
        print(
            "DISCORD_TOKEN is malformed: a bot token is three parts separated by dots; copy it "
            "again from the Bot page of the developer portal.",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    if not console:
        try:
            shard_options(settings)
        except ValueError as exc:
            print(f"Invalid sharding settings: {exc} (see .env.example).", file=sys.stderr)
            return EXIT_CONFIG
    setup_logging(settings.log_level, console=console)
    try:
        if console:
            return asyncio.run(run_console(settings))
        return asyncio.run(run_bot(settings, token, sync=args.sync))
    except KeyboardInterrupt:
        return 0
    except DatabaseUnusable as exc:
        print(exc, file=sys.stderr)
        return EXIT_CONFIG


if __name__ == "__main__":
    sys.exit(main())
