"""Sharding settings: one gateway split across processes sharing one PostgreSQL."""

import subprocess
import sys
from pathlib import Path

import pytest

from bot import Settings, shard_options
from tdbot.client import TDBot

ROOT = Path(__file__).resolve().parents[2]


def test_no_sharding_settings_lets_discord_decide():
    assert shard_options(Settings(_env_file=None)) == {}


def test_shard_ids_for_this_process():
    settings = Settings(_env_file=None, shard_count=4, shard_ids="2, 3")
    assert shard_options(settings) == {"shard_count": 4, "shard_ids": [2, 3]}


@pytest.mark.parametrize(("count", "ids", "message"), [(None, "0", "needs SHARD_COUNT"),
                                                       (2, "0,2", "between 0 and 1"),
                                                       (2, "a", "numbers")])
def test_impossible_shard_split_is_refused(count, ids, message):
    with pytest.raises(ValueError, match=message):
        shard_options(Settings(_env_file=None, shard_count=count, shard_ids=ids))


def test_the_bot_takes_its_shards():
    bot = TDBot(shard_count=4, shard_ids=[1, 3])
    assert bot.shard_count == 4 and bot.shard_ids == [1, 3]


def test_bad_shard_settings_give_one_line_and_exit_2(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "aaa.bbb.ccc", "SHARD_COUNT": "2",
           "SHARD_IDS": "5"}
    proc = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "Invalid sharding settings: SHARD_IDS must lie between 0 and 1 (see .env.example)."]
