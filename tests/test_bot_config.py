"""Start-up configuration: settings from the environment and the missing-token message."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import DEFAULT_DATABASE, ROOT, Settings, build_bot


def test_missing_token_stops_at_once_with_one_clear_line():
    env = {**os.environ, "DISCORD_TOKEN": ""}
    result = subprocess.run(
        [sys.executable, "bot.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "DISCORD_TOKEN is not set" in lines[0] and ".env" in lines[0]


def test_settings_defaults_and_overrides(tmp_path: Path):
    defaults = Settings.from_env({})
    assert defaults.token is None and defaults.guild_id is None
    assert defaults.database == DEFAULT_DATABASE
    custom = Settings.from_env(
        {"DISCORD_TOKEN": " abc ", "DISCORD_GUILD_ID": "123", "DATABASE_PATH": "x/y.db"}
    )
    assert custom.token == "abc" and custom.guild_id == 123
    assert custom.database == ROOT / "x" / "y.db"
    absolute = Settings.from_env({"DATABASE_PATH": str(tmp_path / "z.db")})
    assert absolute.database == tmp_path / "z.db"


def test_a_bad_guild_id_is_explained():
    with pytest.raises(SystemExit, match="DISCORD_GUILD_ID must be a server id"):
        Settings.from_env({"DISCORD_GUILD_ID": "my server"})


def test_build_bot_takes_arguments_over_the_environment(tmp_path: Path):
    bot = build_bot(database=tmp_path / "b.db", guild_id=42, sync_commands=False)
    assert bot.database == tmp_path / "b.db" and bot.guild_id == 42
    assert set(bot.games) >= {"tokan"}
