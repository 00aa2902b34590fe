"""The health check of containers and services (``python -m core.storage.health``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.storage import db as db_module
from core.storage.db import make_engine, upgrade_to_head
from core.storage.health import problem

ROOT = Path(__file__).resolve().parents[3]


async def test_a_migrated_database_is_healthy(db_url):
    await upgrade_to_head(db_url)
    assert await problem(db_url.render_as_string(hide_password=False)) is None


async def test_an_empty_database_is_not_healthy_yet(db_url):
    """A database the bot has not migrated yet (it is still starting) is reported."""
    engine = make_engine(db_url)
    async with engine.connect():  # the database exists (an SQLite file too), without a schema
        pass
    await engine.dispose()
    found = await problem(db_url.render_as_string(hide_password=False))
    assert found is not None and "newest migration" in found


async def test_a_missing_sqlite_file_is_reported_and_not_created(tmp_path):
    """Checking health never creates an empty database file the bot would then find."""
    file = tmp_path / "tdbot.db"
    found = await problem(f"sqlite:///{file}")
    assert found is not None and str(file) in found
    assert not file.exists()


async def test_an_unsupported_database_is_reported():
    found = await problem("mysql://u@h/db")
    assert found is not None and "unsupported database" in found


def test_the_module_reads_the_bots_settings_and_exits_1_when_unhealthy(tmp_path):
    """``python -m core.storage.health`` reads DATABASE_URL from .env as the bot does."""
    (tmp_path / ".env").write_text(f"DATABASE_URL=sqlite:///{tmp_path / 'club.db'}\n")
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "core.storage.health"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1
    assert "club.db" in done.stderr


async def test_postgresql_without_asyncpg_says_which_extra_to_install(monkeypatch):
    """A plain install has no PostgreSQL driver: the error names the extra."""
    real = db_module.importlib.util.find_spec
    monkeypatch.setattr(
        db_module.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "asyncpg" else real(name, *a),
    )
    with pytest.raises(ValueError, match=r"tdbot\[postgres\]"):
        make_engine("postgresql://u:p@localhost/tdbot")
    assert "tdbot[postgres]" in (await problem("postgres://u:p@localhost/tdbot") or "")
