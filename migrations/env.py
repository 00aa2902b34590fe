"""Alembic environment: async engine, or a connection handed over by the caller.

``core.storage.db.upgrade_to_head()`` opens the connection itself and passes it in
``config.attributes["connection"]`` (Alembic's connection-sharing recipe), so the bot and the
tests run migrations inside their own event loop. The ``alembic`` command line has no
connection: it makes an async engine from ``sqlalchemy.url`` or else ``DATABASE_URL`` read by the
bot's own :class:`core.settings.Settings` (the environment, then ``.env`` in the working
directory), so ``alembic upgrade head`` migrates the database the bot uses.
"""

from __future__ import annotations

import asyncio
from logging.config import fileConfig

from alembic import context
from sqlalchemy import pool
from sqlalchemy.engine import Connection

from core.settings import Settings
from core.storage import models
from core.storage.db import database_url, make_engine

config = context.config

if config.config_file_name is not None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = models.Base.metadata


def _url() -> str:
    url = config.get_main_option("sqlalchemy.url") or Settings().database_url
    return database_url(url).render_as_string(hide_password=False)


def _render_item(type_: str, obj, autogen_context):
    """Render our column types as the plain type they store, so that migrations never import
    application code."""
    if type_ == "type" and isinstance(obj, models.UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def _configure(**kwargs) -> None:
    context.configure(
        target_metadata=target_metadata,
        render_item=_render_item,
        render_as_batch=True,  # SQLite can only ALTER by copying the table
        compare_type=True,
        compare_server_default=True,
        **kwargs,
    )


def run_migrations_offline() -> None:
    _configure(url=_url(), literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def do_run_migrations(connection: Connection) -> None:
    _configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()


async def run_async_migrations() -> None:
    engine = make_engine(_url(), poolclass=pool.NullPool)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(do_run_migrations)
            await connection.commit()
    finally:
        await engine.dispose()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is None:
        asyncio.run(run_async_migrations())
    else:
        do_run_migrations(connection)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
