"""bot.py: flags, settings, and one clear line (never a traceback) when it cannot start."""

from __future__ import annotations

import asyncio
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL")

bot_py = importlib.import_module("bot")


def run_bot_py(
    *args: str, tmp_path: Path, stdin: str = "", **env: str
) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**clean, **env},
        timeout=60,
    )


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    """No settings in the environment, and a working directory without .env."""
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(bot_py, "setup_logging", lambda *args, **kwargs: None)
    return tmp_path


def test_help_explains_the_flags(tmp_path):
    """python bot.py --help describes --console and --sync and names the settings."""
    done = run_bot_py("--help", tmp_path=tmp_path)
    assert done.returncode == 0
    for text in ("--console", "--sync", "DISCORD_TOKEN", "DEV_GUILD_ID", ".env.example"):
        assert text in done.stdout


def test_malformed_token_is_one_line_and_exit_2(tmp_path):
    """A token that is not three dot-separated parts: one line on stderr, exit status 2."""
    done = run_bot_py(tmp_path=tmp_path, DISCORD_TOKEN="not-a-token")
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("DISCORD_TOKEN is malformed")
    assert "not-a-token" not in done.stderr


def test_no_token_starts_the_console_and_ends_at_eof(tmp_path):
    """No DISCORD_TOKEN: one line says so, the console starts and exits cleanly at end of input."""
    done = run_bot_py(tmp_path=tmp_path, stdin="")
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines() == [
        "No DISCORD_TOKEN is set: starting the local console instead "
        "(see the README to connect the bot to Discord)."
    ]
    assert done.stdout.startswith("tdbot console:")


async def test_rejected_token_is_one_line_and_exit_2(ld, clean_env, monkeypatch, capsys):
    """Discord answering 401 at login (LoginFailure): one line, exit status 2."""
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.NDU2.Nzg5")
    ld.inject("GET /users/@me", status=401)
    assert await asyncio.to_thread(bot_py.main, []) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("Discord rejected DISCORD_TOKEN")


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("DEV_GUILD_ID", "club", "Invalid setting DEV_GUILD_ID"),
        ("LOG_LEVEL", "loud", "Invalid setting LOG_LEVEL"),
    ],
)
def test_invalid_setting_is_one_line_and_exit_2(
    clean_env, monkeypatch, capsys, name, value, message
):
    """A setting of the wrong type: one line naming it, exit status 2."""
    monkeypatch.setenv(name, value)
    assert bot_py.main([]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(message)


def test_settings_come_from_dot_env(clean_env):
    """.env in the working directory is read; empty values mean unset; the token stays secret."""
    (clean_env / ".env").write_text(
        "DISCORD_TOKEN=MTIz.NDU2.Nzg5\nDATABASE_URL=\nDEV_GUILD_ID=123\nLOG_LEVEL=debug\n"
    )
    settings = bot_py.Settings()
    assert settings.discord_token.get_secret_value() == "MTIz.NDU2.Nzg5"
    assert "MTIz" not in repr(settings)
    assert settings.database_url is None
    assert (settings.dev_guild_id, settings.log_level) == (123, "DEBUG")


def test_env_example_documents_every_setting():
    """.env.example names every field of Settings."""
    documented = (ROOT / ".env.example").read_text()
    for name in bot_py.Settings.model_fields:
        assert f"\n{name.upper()}=" in documented


@pytest.mark.parametrize(
    ("token", "ok"),
    [
        ("MTIz.NDU2.Nzg5", True),
        ("MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abc-DEF_ghi", True),
        ("abc", False),
        ("a.b", False),
        ("a..c", False),
        ("a.b.c.d", False),
        ("a b.c.d", False),
    ],
)
def test_token_shape(token, ok):
    """A bot token is three non-empty base64url parts."""
    assert bot_py.looks_like_token(token) is ok


# --------------------------------------------------------------- an unusable database: one line


def _one_line_exit_2(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    return lines[0]


def test_a_missing_database_folder_is_one_line_and_exit_2(tmp_path):
    """DATABASE_URL in a folder that does not exist: what and how to fix, exit status 2."""
    url = f"sqlite+aiosqlite:///{tmp_path}/no/such/folder/tdbot.db"
    line = _one_line_exit_2(run_bot_py("--console", tmp_path=tmp_path, DATABASE_URL=url))
    assert "does not exist" in line and "Create it" in line


def test_a_read_only_database_is_one_line_and_exit_2(tmp_path):
    """A database the bot may read but not write (opened read-only): refused at start."""
    db = tmp_path / "tdbot.db"
    asyncio.run(bot_py.upgrade_to_head(f"sqlite+aiosqlite:///{db}"))
    url = f"sqlite+aiosqlite:///file:{db}?mode=ro&uri=true"
    line = _one_line_exit_2(run_bot_py("--console", tmp_path=tmp_path, DATABASE_URL=url))
    assert "read-only" in line and str(db) in line


def test_postgresql_down_is_one_line_and_exit_2(tmp_path):
    """Nothing listens where DATABASE_URL points: one line naming the host and port."""
    url = "postgresql+asyncpg://tdbot:secret@127.0.0.1:9/tdbot"
    line = _one_line_exit_2(run_bot_py("--console", tmp_path=tmp_path, DATABASE_URL=url))
    assert "Cannot connect to PostgreSQL at 127.0.0.1:9" in line
    assert "secret" not in line


def test_postgresql_refusing_the_password_is_one_line_and_exit_2(tmp_path):
    """The server answers but refuses the password: one line saying so."""
    from sqlalchemy.engine import make_url

    from core.storage.testing import postgres_url

    server = postgres_url()
    if server is None:
        pytest.skip("PostgreSQL tests skipped: TEST_DATABASE_URL is not set")
    url = make_url(server).set(drivername="postgresql+asyncpg", password="wrong-password")
    url = url.render_as_string(hide_password=False)
    line = _one_line_exit_2(run_bot_py("--console", tmp_path=tmp_path, DATABASE_URL=url))
    assert "refused the user or password" in line
    assert "wrong-password" not in line


def test_a_database_url_that_is_not_a_url_is_one_line_and_exit_2(tmp_path):
    """DATABASE_URL="this is not a url": one line with an example of a good one, no traceback."""
    line = _one_line_exit_2(
        run_bot_py("--console", tmp_path=tmp_path, DATABASE_URL="this is not a url")
    )
    assert "DATABASE_URL" in line and "not a database URL" in line
    assert "sqlite+aiosqlite:///" in line


def test_a_database_from_a_newer_tdbot_is_one_line_and_exit_2(tmp_path):
    """A database migrated by a newer tdbot (a revision this one does not know): one line
    saying what to do, exit status 2, and the database is left as it was."""
    import sqlite3

    db = tmp_path / "tdbot.db"
    asyncio.run(bot_py.upgrade_to_head(f"sqlite+aiosqlite:///{db}"))
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    url = f"sqlite+aiosqlite:///{db}"
    line = _one_line_exit_2(run_bot_py("--console", tmp_path=tmp_path, DATABASE_URL=url))
    assert "newer tdbot" in line and "9999_from_the_future" in line
    assert "install" in line and "backup" in line
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [
            ("9999_from_the_future",)
        ]
