"""Start-up configuration: settings from the environment and the missing-token message."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot import DEFAULT_DATABASE, ROOT, Settings, build_bot
from rules.registry import GAMES


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


# Starts bot.py as `python bot.py` would, on a machine where no name resolves (no network): the
# socket layer fails, nothing of discord.py is touched.
OFFLINE = """
import runpy, socket, sys

def nowhere(*args, **kwargs):
    raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

socket.getaddrinfo = nowhere
sys.path.insert(0, {root!r})
sys.argv = ["bot.py"]
runpy.run_path("bot.py", run_name="__main__")
"""


def test_starting_without_network_prints_one_line_and_no_voice_warning(tmp_path: Path):
    script = tmp_path / "offline.py"
    script.write_text(OFFLINE.format(root=str(ROOT)))
    env = {
        **os.environ,
        "DISCORD_TOKEN": "not-a-real-token",
        "DATABASE_PATH": str(tmp_path / "offline.sqlite3"),
    }
    result = subprocess.run(
        [sys.executable, str(script)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines == [lines[0]], result.stderr  # one line: no traceback, no log chatter
    assert lines[0].startswith("Tidetable cannot start: Discord cannot be reached")
    assert "PyNaCl" not in result.stderr and "davey" not in result.stderr
    assert result.stdout == ""


def test_the_bot_has_no_voice_warnings_to_give(tmp_path: Path):
    import discord

    build_bot(database=tmp_path / "v.db", sync_commands=False)
    assert discord.VoiceClient.warn_nacl is False and discord.VoiceClient.warn_dave is False


def test_the_readme_stands_alone():
    """It links nothing outside the repository: no web address, no path out of the project,
    and every link it has leads to a file inside it."""
    text = (ROOT / "README.md").read_text()
    assert "http" not in text and "../" not in text and "www." not in text
    for target in re.findall(r"\]\(([^)]+)\)", text):
        assert (ROOT / target).exists(), target
    assert "## What survives what" in text


def test_docs_readings_hold_every_reading_of_every_game():
    readings = (ROOT / "docs" / "readings.md").read_text()
    for key, game in GAMES.items():
        text = game.spec.rules_text
        start = re.search(r"Our readings:\**\s*\n", text)
        assert start is not None, key
        lines = [x.strip() for x in text[start.end() :].splitlines() if x.strip().startswith("- ")]
        assert lines, key
        for line in lines:
            assert line in readings, (key, line)


def test_database_url_chooses_postgresql_and_is_checked():
    url = "postgresql://tide@db.example:5432/tidetable"
    assert Settings.from_env({"DATABASE_URL": url, "DATABASE_PATH": "x.db"}).database == url
    with pytest.raises(SystemExit, match="must be a PostgreSQL URL"):
        Settings.from_env({"DATABASE_URL": "mysql://db/x"})


def test_lease_seconds_from_the_environment():
    assert Settings.from_env({"LEASE_SECONDS": "4"}).lease_seconds == 4.0
    for wrong in ("0", "soon", "-3", "1e9"):
        with pytest.raises(SystemExit, match="LEASE_SECONDS must be a number of seconds"):
            Settings.from_env({"LEASE_SECONDS": wrong})
