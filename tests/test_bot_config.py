"""Start-up configuration: settings from the environment and the missing-token message."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

from app.application import build_bot
from app.settings import DEFAULT_DATABASE, ROOT, Settings
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


def test_shard_settings_are_read_and_checked():
    assert (Settings.from_env({}).shard_count, Settings.from_env({}).shard_ids) == (None, None)
    only_count = Settings.from_env({"SHARD_COUNT": "4"})
    assert only_count.shard_count == 4 and only_count.shard_ids is None
    some = Settings.from_env({"SHARD_COUNT": "8", "SHARD_IDS": " 6-7, 0,2-3,2 "})
    assert some.shard_count == 8 and some.shard_ids == (0, 2, 3, 6, 7)
    refused = [
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a number of shards"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a number of shards"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS '2' is out of range: .* 0 to 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "SHARD_IDS '3-1' is out of range"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"}, "SHARD_IDS must list shard numbers"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "a-b"}, "SHARD_IDS must list shard numbers"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "-1"}, "SHARD_IDS must list shard numbers"),
    ]
    for env, message in refused:
        with pytest.raises(SystemExit, match=message):
            Settings.from_env(env)


def test_build_bot_runs_the_shards_it_is_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2-3")
    bot = build_bot(database=tmp_path / "s.db", sync_commands=False)
    assert bot.shard_count == 4 and bot.shard_ids == [2, 3]
    told = build_bot(database=tmp_path / "s.db", shard_count=2, shard_ids=[1])
    assert told.shard_count == 2 and told.shard_ids == [1]
    monkeypatch.setenv("SHARD_COUNT", "")
    monkeypatch.setenv("SHARD_IDS", "")
    default = build_bot(database=tmp_path / "s.db", sync_commands=False)
    assert default.shard_count is None and default.shard_ids is None  # Discord recommends


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


def test_the_grace_period_of_a_removed_servers_data(tmp_path: Path):
    assert Settings.from_env({}).guild_grace_days == 30
    assert Settings.from_env({"GUILD_DATA_GRACE_DAYS": "0"}).guild_grace_days == 0
    assert Settings.from_env({"GUILD_DATA_GRACE_DAYS": "7.5"}).guild_grace_days == 7.5
    for wrong in ("-1", "soon", "nan", "99999"):
        with pytest.raises(SystemExit, match="GUILD_DATA_GRACE_DAYS must be a number of days"):
            Settings.from_env({"GUILD_DATA_GRACE_DAYS": wrong})
    bot = build_bot(database=tmp_path / "g.db", sync_commands=False, guild_grace_days=2)
    assert bot.guild_grace_days == 2


def test_picture_workers_from_the_environment(tmp_path: Path):
    assert Settings.from_env({}).render_workers == 2  # the bot draws in two processes
    assert Settings.from_env({"RENDER_WORKERS": "0"}).render_workers == 0  # in a thread
    assert Settings.from_env({"RENDER_WORKERS": "4"}).render_workers == 4
    for wrong in ("-1", "two", "1.5", "999"):
        with pytest.raises(SystemExit, match="RENDER_WORKERS must be a number of processes"):
            Settings.from_env({"RENDER_WORKERS": wrong})
    bot = build_bot(database=tmp_path / "w.db", sync_commands=False, render_workers=3)
    assert bot.render_workers == 3


async def test_a_servers_locale_is_asked_of_discord_and_an_outage_is_no_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Before the gateway delivered a server (a process just started after an outage, or
    between READY and the server's GUILD_CREATE), its
    locale is asked of Discord; when Discord cannot answer now, the error goes up (the outbox
    tries the post or DM again later) rather than the text being said in English; a server the
    bot is not in has none."""
    bot = build_bot(database=tmp_path / "l.db", sync_commands=False)
    answers: list[object] = [OSError("no route"), discord_error(503), "ja", discord_error(404)]

    async def fetch_guild(guild_id: int) -> object:
        answer = answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return SimpleNamespace(preferred_locale=SimpleNamespace(value=answer))

    monkeypatch.setattr(bot, "fetch_guild", fetch_guild)
    # READY names the servers, unavailable until their GUILD_CREATE: discord.py holds them with
    # its default locale (en-US), which is not theirs.
    unavailable = SimpleNamespace(
        unavailable=True, preferred_locale=discord.Locale.american_english
    )
    monkeypatch.setattr(bot, "get_guild", lambda guild_id: unavailable if guild_id == 5 else None)
    with pytest.raises(OSError):
        await bot._guild_locale(5)
    with pytest.raises(discord.HTTPException):
        await bot._guild_locale(5)
    assert await bot._guild_locale(5) == "ja"
    assert await bot._guild_locale(5) == "ja"  # asked once, then kept
    assert await bot._guild_locale(6) is None  # not a server of the bot's


def discord_error(status: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="", headers={})
    if status == 404:
        return discord.NotFound(response, {"code": 10004, "message": "Unknown Guild"})  # type: ignore[arg-type]
    return discord.DiscordServerError(response, {"code": 0, "message": "Unavailable"})  # type: ignore[arg-type]
