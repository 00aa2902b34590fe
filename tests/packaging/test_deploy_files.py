"""The Docker image, compose file and systemd unit say what the README says they do. Docker
itself may be missing (CI runs ``docker compose config`` where it is not), so they are parsed."""

from __future__ import annotations

import configparser
import re
from pathlib import Path

import pytest

try:
    import yaml
except ModuleNotFoundError:  # a virtual environment made before PyYAML joined the dev extras
    pytest.fail("PyYAML is missing: run .venv/bin/pip install -e '.[dev]'", pytrace=False)

ROOT = Path(__file__).resolve().parents[2]
HEALTH = ["CMD", "python", "-m", "core.storage.health"]


def _compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def _dockerfile() -> list[str]:
    """The Dockerfile's instructions, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text())
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


def test_compose_runs_the_bot_on_postgresql_with_a_named_volume():
    compose = _compose()
    bot, db = compose["services"]["bot"], compose["services"]["db"]
    assert bot["build"] == "."
    assert bot["env_file"] == ".env"
    url = bot["environment"]["DATABASE_URL"]
    assert url.startswith("postgresql+asyncpg://tdbot:") and url.endswith("@db:5432/tdbot")
    assert bot["environment"]["DISCORD_TOKEN"].startswith("${DISCORD_TOKEN:?")  # no token: no start
    assert bot["depends_on"]["db"]["condition"] == "service_healthy"
    assert bot["restart"] == db["restart"] == "unless-stopped"
    assert "pgdata" in compose["volumes"]
    assert "pgdata:/var/lib/postgresql/data" in db["volumes"]
    assert db["image"].startswith("postgres:")


def test_compose_has_health_checks_for_the_bot_and_the_database():
    services = _compose()["services"]
    assert services["bot"]["healthcheck"]["test"] == HEALTH
    assert "pg_isready" in " ".join(services["db"]["healthcheck"]["test"])


def test_compose_uses_one_password_for_the_database_and_the_bot():
    services = _compose()["services"]
    password = services["db"]["environment"]["POSTGRES_PASSWORD"]
    assert f"tdbot:{password}@db" in services["bot"]["environment"]["DATABASE_URL"]


def test_the_image_is_slim_non_root_on_sqlite_in_a_volume_with_a_health_check():
    lines = _dockerfile()
    bases = [line.split()[1] for line in lines if line.startswith("FROM ")]
    assert bases and all(re.fullmatch(r"python:3\.1[1-9]-slim-bookworm", b) for b in bases)
    final = lines[max(i for i, line in enumerate(lines) if line.startswith("FROM ")):]
    users = [line.split()[1] for line in final if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")
    assert 'VOLUME ["/data"]' in final
    assert any("DATABASE_URL=sqlite+aiosqlite:////data/tdbot.db" in line for line in final)
    assert any(line.startswith("HEALTHCHECK") and '"core.storage.health"' in line
               for line in final)
    assert final[-1] == 'CMD ["tdbot"]'


def test_the_image_copies_only_what_exists_and_installs_the_postgres_extra():
    lines = _dockerfile()
    for line in lines:
        if line.startswith("COPY ") and "--from" not in line:
            for source in line.split()[1:-1]:
                assert (ROOT / source).exists(), f"the Dockerfile copies a missing {source}"
    assert any("tdbot[postgres,dd]" in line for line in lines if line.startswith("RUN "))


def test_the_systemd_unit_runs_one_process_on_sqlite_as_its_own_user():
    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.optionxform = str  # systemd keys are case-sensitive
    unit.read(ROOT / "deploy" / "tdbot.service")
    service = unit["Service"]
    assert service["User"] == "tdbot" and service["Group"] == "tdbot"
    assert service["EnvironmentFile"].endswith("/.env")
    assert service["Restart"] == "on-failure"
    # Exit status 2 (a setting to fix, see bot.py) is not retried in a loop.
    assert service["RestartPreventExitStatus"] == "2"
    # The data directory is created for the user and is the working directory: tdbot.db there.
    assert service["WorkingDirectory"] == f"/var/lib/{service['StateDirectory']}"
    assert service["ExecStart"].endswith("/tdbot")
    assert "DATABASE_URL" not in service.get("Environment", "")
    assert unit["Install"]["WantedBy"] == "multi-user.target"
