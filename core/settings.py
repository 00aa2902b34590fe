"""tdbot's settings, read one way by everything that needs them.

The bot (``bot.py``/``tdbot``), the ``alembic`` command line (``migrations/env.py``) and the
container health check all build :class:`Settings`, so they read the environment and the ``.env``
file of the working directory alike and can never pick different databases.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """How tdbot runs; every field is documented in ``.env.example``."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore"
    )

    discord_token: SecretStr | None = None
    #: ``None``: the storage's default, an SQLite file ``tdbot.db`` in the working directory.
    database_url: str | None = None
    dev_guild_id: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    #: Sharding across processes: every process gets the same count and its own shard ids.
    shard_count: int | None = None
    shard_ids: str | None = None

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value
