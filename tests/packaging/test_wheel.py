"""A non-editable install runs from any directory: the wheel carries the migrations and gives
the ``tdbot`` command, with the flags of ``python bot.py`` (issue 16)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: What a build needs from the checkout; the wheel must need nothing else at run time.
SOURCES = ("pyproject.toml", "README.md", "bot.py", "core", "cogs", "tdbot", "localdiscord",
           "migrations")
STORY = "/as Declarer\n/sit table:1 seat:S\n/board set number:1 declarer:S\n" \
        "/exposed cards:SK seat:W how:accidental\n/state\n"


def _run(*args, **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=300, **kwargs)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the sources and installed into a folder of its own."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    for name in SOURCES:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        kwargs = {"ignore": shutil.ignore_patterns("__pycache__")} if (ROOT / name).is_dir() else {}
        copy(ROOT / name, src / name, **kwargs)
    built = _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(base), str(src))
    assert built.returncode == 0, built.stderr
    [wheel] = base.glob("tdbot-*.whl")
    site = base / "site"
    done = _run(sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
                str(wheel))
    assert done.returncode == 0, done.stderr
    return wheel


def _site(wheel: Path) -> Path:
    return wheel.parent / "site"


def _env(wheel: Path) -> dict[str, str]:
    """Only the installed copy of tdbot on the path (its dependencies come from this venv)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DISCORD_TOKEN")}
    env["PYTHONPATH"] = str(_site(wheel))
    return env


def test_the_wheel_carries_every_migration_and_the_alembic_scripts(installed):
    names = set(zipfile.ZipFile(installed).namelist())
    versions = {p.name for p in (ROOT / "migrations" / "versions").glob("*.py")}
    assert versions, "no migrations in the checkout"
    for name in versions:
        assert f"core/storage/migrations/versions/{name}" in names
    for name in ("env.py", "script.py.mako", "__init__.py"):
        assert f"core/storage/migrations/{name}" in names
    # Nothing but tdbot's own modules at the top level (no tests, no benchmarks, no migrations).
    tops = {name.split("/")[0] for name in names if not name.startswith("tdbot-")}
    assert tops == {"bot.py", "core", "cogs", "tdbot", "localdiscord"}


def test_the_wheel_carries_the_command_translations(installed):
    """The gettext catalogs are package data: an installed bot publishes its French, Dutch and
    German command names too (issue 29)."""
    names = set(zipfile.ZipFile(installed).namelist())
    catalogs = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tdbot" / "locales").rglob("*.po")}
    assert catalogs and catalogs <= names
    assert "tdbot/locales/commands.pot" in names


def test_the_wheel_declares_the_tdbot_command_and_the_postgres_extra(installed):
    with zipfile.ZipFile(installed) as whl:
        info = next(n for n in whl.namelist() if n.endswith(".dist-info/entry_points.txt"))
        entry_points = whl.read(info).decode()
        meta = whl.read(info.replace("entry_points.txt", "METADATA")).decode()
    assert "tdbot = bot:main" in entry_points
    assert "Provides-Extra: postgres" in meta
    assert "Requires-Dist: asyncpg>=0.29; extra == \"postgres\"" in meta


def test_installed_tdbot_runs_a_console_story_from_another_directory(installed, tmp_path):
    """The installed ``tdbot`` command, in a folder without the checkout, migrates a new SQLite
    database from the migrations inside the package and answers a story read from stdin."""
    tdbot = _site(installed) / "bin" / "tdbot"
    done = _run(str(tdbot), "--console", input=STORY, cwd=tmp_path, env=_env(installed))
    assert done.returncode == 0, done.stderr
    assert "♠K is a major penalty card of W." in done.stdout
    assert "Penalty cards: W's ♠K (major)" in done.stdout
    assert (tmp_path / "tdbot.db").exists()
    where = _run(sys.executable, "-c",
                 "import bot, core.storage.db as d; print(bot.__file__); print(d.MIGRATIONS)",
                 cwd=tmp_path, env=_env(installed))
    bot_file, migrations = where.stdout.split()
    assert Path(bot_file).is_relative_to(_site(installed))
    assert Path(migrations) == _site(installed) / "core" / "storage" / "migrations"


def test_tdbot_has_the_flags_of_bot_py(installed, tmp_path):
    tdbot = _run(str(_site(installed) / "bin" / "tdbot"), "--help", cwd=tmp_path,
                 env=_env(installed))
    bot_py = _run(sys.executable, str(ROOT / "bot.py"), "--help", cwd=tmp_path)
    assert tdbot.returncode == bot_py.returncode == 0
    assert tdbot.stdout.startswith("usage: tdbot [-h] [--console] [--sync]")
    assert tdbot.stdout.replace("tdbot", "bot.py", 1) == bot_py.stdout


def test_every_package_of_the_checkout_is_in_the_wheel():
    """The packages are listed by hand in pyproject.toml (the migrations folder is mapped into
    core.storage): a new package under core/, cogs/, tdbot/ or localdiscord/ must be listed there
    too."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    on_disk = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for top in ("core", "cogs", "tdbot", "localdiscord")
        for path in (ROOT / top).rglob("*.py")
        if "__pycache__" not in path.parts
    }
    missing = on_disk - set(config["packages"])
    assert not missing, f"add {sorted(missing)} to [tool.setuptools] packages in pyproject.toml"
    assert config["package-dir"] == {"core.storage.migrations": "migrations"}
