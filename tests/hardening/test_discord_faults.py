"""Discord misbehaving while a ruling is made: the ruling is logged exactly once, whatever happens.

The real bot (every cog in ``EXTENSIONS``) runs against LocalDiscord with a real migrated Storage
(SQLite, and PostgreSQL when ``TEST_DATABASE_URL`` is set). The fake Discord side answers the
interaction callback with a rate limit (429 + retry-after), a server error (500), slowly, or as
an expired interaction (404 Unknown interaction), and the same INTERACTION_CREATE payload is
delivered twice (in turn and concurrently). In every case:

* discord.py retries what it can (429, 5xx) and the user gets the ruling;
* no exception escapes the bot's handlers (``result.exceptions``);
* the ruling is in the log exactly once (idempotency keyed by the interaction id), and a
  redelivered interaction answers with the same ruling number.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy.exc

from core.storage.service import Storage
from core.storage.testing import ENV, migrated_scratch_url, migrated_storage, postgres_url
from localdiscord import LocalDiscord
from tdbot.client import EXTENSIONS

EXPOSED = {"cards": "SK", "seat": "W"}


@pytest.fixture(params=("sqlite", "postgresql"))
async def storage(request: pytest.FixtureRequest, tmp_path: Path,
                  _templates: None) -> AsyncIterator[Storage]:
    if request.param == "postgresql" and postgres_url() is None:
        if os.environ.get("CI"):
            pytest.fail(f"{ENV} must be set in CI: the PostgreSQL tests have to run")
        pytest.skip(f"PostgreSQL skipped: {ENV} is not set")
    async with migrated_scratch_url(request.param, tmp_path) as url, migrated_storage(
        url, upgrade=False
    ) as service:
        yield service


@pytest.fixture
def extensions() -> tuple[str, ...]:
    return EXTENSIONS


@pytest.fixture
async def table(ld: LocalDiscord, bot: Any) -> None:
    """Everyone seated at table 1; board 1 in play (South declares 4H)."""
    for who, seat in (("Declarer", "S"), ("Dummy", "N"), ("LHO", "W"), ("RHO", "E")):
        result = await ld.run(f"/sit table:1 seat:{seat}", user=who)
        assert result.ephemeral, result.text
    result = await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    assert not result.ephemeral, result.text


async def exposures(storage: Storage, ld: LocalDiscord) -> list[Any]:
    """The exposure rulings logged at table 1's board."""
    info = await storage.find_table(ld.guild.id, 1)
    assert info is not None
    board = await storage.find_board(ld.guild.id, info.id)
    assert board is not None
    return [e for e in await storage.board_events(ld.guild.id, board.id) if e.kind == "exposure"]


def ruling_number(result: Any) -> str:
    embed = result.embed
    assert embed is not None, f"no ruling in {result!r}"
    footer = embed["footer"]["text"]
    assert footer.startswith("Ruling #"), footer
    return footer.split()[1]


async def test_rate_limited_callback_is_retried(ld, table, storage) -> None:
    fault = ld.inject("POST /interactions/*", status=429, retry_after=0.05, times=1)
    result = await ld.slash("exposed", EXPOSED, user="LHO")
    assert fault.hits == 1
    assert not result.exceptions
    assert not result.ephemeral and ruling_number(result)
    assert len(await exposures(storage, ld)) == 1


async def test_server_error_on_callback_is_retried(ld, table, storage) -> None:
    fault = ld.inject("POST /interactions/*", status=500, times=1)
    result = await ld.slash("exposed", EXPOSED, user="LHO", timeout=10)
    assert fault.hits == 1
    assert not result.exceptions
    assert ruling_number(result)
    assert len(await exposures(storage, ld)) == 1


async def test_slow_callback_still_answers(ld, table, storage) -> None:
    ld.inject("POST /interactions/*", delay=1.0, times=1)
    result = await ld.slash("exposed", EXPOSED, user="LHO", timeout=10)
    assert not result.exceptions and ruling_number(result)
    assert len(await exposures(storage, ld)) == 1


async def test_slow_database_defers_then_answers(
    ld, table, storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Work slower than Discord's 3 seconds: the bot defers ("thinking…"), then posts the
    ruling as the deferred answer; a rate limit on that followup is retried too."""
    record = storage.record

    async def slow_record(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.3)
        return await record(*args, **kwargs)

    monkeypatch.setattr(storage, "record", slow_record)
    ld.inject("/webhooks/*", status=429, retry_after=0.05, times=1)
    result = await ld.slash("exposed", EXPOSED, user="LHO", timeout=10)
    assert not result.exceptions
    assert result.type is not None and result.type.value == 5  # deferred, "thinking…"
    assert "Ruling #" in result.text
    assert len(await exposures(storage, ld)) == 1


async def test_expired_interaction_keeps_the_ruling(ld, table, storage) -> None:
    """Discord says "Unknown interaction" to every answer (the token expired): the user sees
    nothing, but the ruling is logged, once; Discord redelivering it logs nothing more."""
    fault = ld.inject("POST /interactions/*", status=404, times=None)
    payload = ld.slash_payload("exposed", EXPOSED, user="LHO")
    result = await ld.dispatch(payload)
    assert fault.hits >= 1
    assert not result.exceptions  # the error policy swallowed the HTTP error
    assert result.response is None
    logged = await exposures(storage, ld)
    assert len(logged) == 1
    ld.clear_faults()
    again = await ld.dispatch(dict(payload))
    assert ruling_number(again) == f"#{logged[0].id}"
    assert len(await exposures(storage, ld)) == 1


async def test_same_payload_twice_in_turn_logs_once(ld, table, storage) -> None:
    payload = ld.slash_payload("exposed", EXPOSED, user="LHO")
    first = await ld.dispatch(payload)
    second = await ld.dispatch(dict(payload))
    assert ruling_number(first) == ruling_number(second)
    assert len(await exposures(storage, ld)) == 1


async def test_same_payload_twice_at_once_logs_once(ld, table, storage) -> None:
    payload = ld.slash_payload("exposed", EXPOSED, user="LHO")
    pending = [ld.dispatch(dict(payload)), ld.dispatch(dict(payload))]
    results = await asyncio.gather(*pending)
    assert not any(r.exceptions for r in results)
    numbers = {ruling_number(r) for r in results if r.embed is not None}
    assert len(numbers) == 1
    assert len(await exposures(storage, ld)) == 1


async def test_ping_survives_faults(ld, bot) -> None:
    """The floor command: a 429 and a 500 on its callback are retried."""
    ld.inject("POST /interactions/*", status=429, retry_after=0.05, times=1)
    result = await ld.slash("ping")
    assert result.ephemeral and "Pong" in result.text
    ld.inject("POST /interactions/*", status=500, times=1)
    result = await ld.slash("ping", timeout=10)
    assert result.ephemeral and "Pong" in result.text


@pytest.mark.parametrize(
    "failure",
    [
        sqlite3.OperationalError("database or disk is full"),
        ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 5432)"),
    ],
    ids=["disk full", "server down"],
)
async def test_a_database_outage_mid_command_says_nothing_was_saved(
    ld, table, storage, monkeypatch: pytest.MonkeyPatch, caplog, failure
) -> None:
    """The database fails under a command (a full disk, the server gone): the user is told that
    nothing was saved and to try again, not "something went wrong"; it is logged as an outage."""

    async def failing(*args: Any, **kwargs: Any) -> Any:
        raise sqlalchemy.exc.OperationalError("INSERT INTO events ...", {}, failure)

    monkeypatch.setattr(storage, "record", failing)
    with caplog.at_level(logging.ERROR, logger="tdbot.answers"):
        result = await ld.slash("exposed", EXPOSED, user="LHO")
    assert result.ephemeral
    assert "nothing was saved" in result.text and "try again" in result.text
    assert "Database unavailable, nothing saved" in caplog.text
    assert "Unexpected error" not in caplog.text
    monkeypatch.undo()
    assert await exposures(storage, ld) == []


def _through_sqlalchemy(error: BaseException) -> BaseException:
    """``error`` as SQLAlchemy's asyncpg dialect raises it under a statement: translated to the
    adapter's class for it (a plain ``Error`` for these two), SQLSTATE kept, the driver's error
    as the cause."""
    import asyncpg
    from sqlalchemy.dialects.postgresql.asyncpg import AsyncAdapt_asyncpg_dbapi

    dbapi = AsyncAdapt_asyncpg_dbapi(asyncpg)
    mapping = dbapi._asyncpg_error_translate
    kind = next(mapping[c] for c in type(error).__mro__ if c in mapping)
    adapted = kind(f"{type(error)}: {error}")
    adapted.pgcode = adapted.sqlstate = getattr(error, "sqlstate", None)
    adapted.__cause__ = error
    return sqlalchemy.exc.DBAPIError.instance("INSERT INTO events ...", {}, adapted, dbapi.Error)


def _asyncpg_outages() -> list[Any]:
    asyncpg = pytest.importorskip("asyncpg")
    starting = asyncpg.exceptions.CannotConnectNowError("the database system is starting up")
    gone = asyncpg.exceptions.ConnectionDoesNotExistError(
        "connection was closed in the middle of operation"
    )
    shutdown = asyncpg.exceptions.AdminShutdownError("terminating connection")
    return [
        pytest.param(_through_sqlalchemy(starting), id="cannot connect now, via SQLAlchemy"),
        pytest.param(starting, id="cannot connect now, at checkout"),
        pytest.param(_through_sqlalchemy(gone), id="connection does not exist, via SQLAlchemy"),
        pytest.param(gone, id="connection does not exist, at checkout"),
        pytest.param(_through_sqlalchemy(shutdown), id="admin shutdown, via SQLAlchemy"),
        pytest.param(ValueError("no active connection"), id="aiosqlite's connection gone"),
    ]


@pytest.mark.parametrize("failure", _asyncpg_outages())
async def test_a_postgresql_restart_says_nothing_was_saved(
    ld, table, storage, monkeypatch: pytest.MonkeyPatch, caplog, failure
) -> None:
    """What a PostgreSQL restart raises under a command (asyncpg's "cannot connect now" while
    the server starts, "connection does not exist" for a connection it dropped), and aiosqlite's
    error for a connection whose thread is gone: "nothing was saved, try again", logged as an
    outage, not "something went wrong" with a traceback."""

    async def failing(*args: Any, **kwargs: Any) -> Any:
        raise failure

    monkeypatch.setattr(storage, "record", failing)
    with caplog.at_level(logging.ERROR, logger="tdbot.answers"):
        result = await ld.slash("exposed", EXPOSED, user="LHO")
    assert result.ephemeral
    assert "nothing was saved" in result.text and "try again" in result.text, result.text
    assert "Database unavailable, nothing saved" in caplog.text
    assert "Unexpected error" not in caplog.text and "Traceback" not in caplog.text
    monkeypatch.undo()
    assert await exposures(storage, ld) == []


async def test_a_database_outage_is_said_in_the_readers_language(
    ld, table, storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """"Nothing was saved" reaches a member whose Discord speaks French in French."""

    async def failing(*args: Any, **kwargs: Any) -> Any:
        raise sqlalchemy.exc.OperationalError(
            "INSERT INTO events ...", {}, sqlite3.OperationalError("database or disk is full")
        )

    monkeypatch.setattr(storage, "record", failing)
    ld.member("LHO").user.locale = "fr"
    result = await ld.slash("exposed", EXPOSED, user="LHO")
    assert result.ephemeral
    assert result.text.startswith("Impossible d'enregistrer : la base de données n'est pas "
                                  "disponible, rien n'a été enregistré.")
