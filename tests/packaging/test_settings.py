"""The bot and the ``alembic`` command read DATABASE_URL the same way, ``.env`` included, so
they can never work on different databases (issue 16)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from core.settings import Settings
from core.storage.db import current_revision, head_revisions

ROOT = Path(__file__).resolve().parents[2]
ALEMBIC = Path(sys.executable).with_name("alembic")


def _without_database_url() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}


def test_alembic_upgrade_migrates_the_database_named_in_dot_env(tmp_path):
    club_db = tmp_path / "club.db"
    (tmp_path / ".env").write_text(f"DATABASE_URL=sqlite:///{club_db}\n")
    done = subprocess.run(
        [str(ALEMBIC), "-c", str(ROOT / "alembic.ini"), "upgrade", "head"],
        cwd=tmp_path, env=_without_database_url(), capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "tdbot.db").exists()  # not the default database
    assert asyncio.run(current_revision(f"sqlite:///{club_db}")) in head_revisions()


def test_the_environment_overrides_dot_env_for_both(tmp_path, monkeypatch):
    """As for the bot, a DATABASE_URL in the environment wins over the one in .env."""
    (tmp_path / ".env").write_text(f"DATABASE_URL=sqlite:///{tmp_path / 'file.db'}\n")
    chosen = tmp_path / "chosen.db"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{chosen}")
    assert Settings().database_url == f"sqlite:///{chosen}"
    done = subprocess.run(
        [str(ALEMBIC), "-c", str(ROOT / "alembic.ini"), "upgrade", "head"],
        cwd=tmp_path, env=dict(os.environ), capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert chosen.exists() and not (tmp_path / "file.db").exists()


def test_the_bot_and_alembic_pick_the_same_database_from_dot_env(tmp_path):
    """Migrated by ``alembic``, then opened by the bot: one file, already at head."""
    club_db = tmp_path / "club.db"
    (tmp_path / ".env").write_text(f"DATABASE_URL=sqlite:///{club_db}\n")
    for command in ([str(ALEMBIC), "-c", str(ROOT / "alembic.ini"), "upgrade", "head"],
                    [sys.executable, str(ROOT / "bot.py"), "--console"]):
        done = subprocess.run(command, cwd=tmp_path, env=_without_database_url(), input="",
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.glob("*.db")) == ["club.db"]
    assert asyncio.run(current_revision(f"sqlite:///{club_db}")) in head_revisions()


def test_a_database_tdbot_cannot_use_is_one_line_and_exit_2(tmp_path):
    """bot.py (and so tdbot) refuses an unusable DATABASE_URL with one line, no traceback."""
    env = {**_without_database_url(), "DATABASE_URL": "mysql://u@h/db"}
    done = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--console"], cwd=tmp_path,
                          env=env, input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("Invalid setting DATABASE_URL: unsupported database 'mysql'")


def test_postgresql_without_its_extra_names_the_extra(tmp_path, monkeypatch, capsys):
    import bot
    from core.storage import db

    real = db.importlib.util.find_spec
    monkeypatch.setattr(db.importlib.util, "find_spec",
                        lambda name, *a: None if name == "asyncpg" else real(name, *a))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@localhost/tdbot")
    assert bot.main(["--console"]) == bot.EXIT_CONFIG
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "pip install 'tdbot[postgres]'" in line
