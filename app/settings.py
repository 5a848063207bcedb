"""The bot's settings, read from the environment (or .env): checked at once, so a mistake stops
the start with one line that says what to set, rather than a bot that half works."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from app.logs import FORMATS
from data.store import LEASE_SECONDS, is_postgres_url
from table.privacy import GRACE_DAYS

ROOT = Path(__file__).resolve().parent.parent  # the project folder
DEFAULT_DATABASE = ROOT / "data" / "tidetable.sqlite3"
RENDER_WORKERS = 2  # processes drawing pictures: twenty matches at once on two cores
MAX_WORKERS = 32  # more picture processes than that is a typo
MISSING_TOKEN = (
    "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token there "
    "(Discord Developer Portal → your application → Bot → Reset Token)."
)


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment (or .env)."""

    token: str | None
    database: Path | str  # a SQLite file, or a postgresql:// URL (DATABASE_URL)
    guild_id: int | None  # sync commands to this guild only: instant, for testing
    # Seconds a process holds a claimed outbox entry or timer before another may take it.
    lease_seconds: float = LEASE_SECONDS
    # Sharding: how many shards in all (None: as many as Discord recommends) and which of them
    # this process runs (None: all). Several processes share the work by running different ids.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    log_format: str = "text"  # or "json": one JSON object per line
    # The HTTP port serving /metrics (Prometheus) and /healthz; None: not served.
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    # Days a server's data is kept after the bot was removed from it (it may come back).
    guild_grace_days: float = GRACE_DAYS
    # Worker processes drawing the pictures (0: in a thread of the bot, as the tests do).
    render_workers: int = RENDER_WORKERS

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        guild = env.get("DISCORD_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise SystemExit(f"DISCORD_GUILD_ID must be a server id (digits), not {guild!r}.")
        shard_count, shard_ids = _shards(env.get("SHARD_COUNT", ""), env.get("SHARD_IDS", ""))
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            database=_database(env),
            guild_id=int(guild) if guild else None,
            lease_seconds=_seconds(env, "LEASE_SECONDS", LEASE_SECONDS),
            shard_count=shard_count,
            shard_ids=shard_ids,
            log_format=_choice(env, "LOG_FORMAT", FORMATS),
            metrics_port=_port(env, "METRICS_PORT"),
            metrics_host=env.get("METRICS_HOST", "").strip() or "127.0.0.1",
            guild_grace_days=_days(env, "GUILD_DATA_GRACE_DAYS", GRACE_DAYS),
            render_workers=_workers(env, "RENDER_WORKERS", RENDER_WORKERS),
        )


def _database(env: Mapping[str, str]) -> Path | str:
    """DATABASE_URL (PostgreSQL: several processes, several machines) if set, else the SQLite
    file at DATABASE_PATH."""
    url = env.get("DATABASE_URL", "").strip()
    if url:
        if not is_postgres_url(url):
            raise SystemExit(
                "DATABASE_URL must be a PostgreSQL URL (postgresql://user@host:5432/dbname); "
                "for SQLite leave it empty and set DATABASE_PATH."
            )
        return url
    return _project_path(env.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE)


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 86400:
        raise SystemExit(f"{name} must be a number of seconds (say 90), not {text!r}.")
    return value


def _choice(env: Mapping[str, str], name: str, choices: tuple[str, ...]) -> str:
    """One of ``choices`` (the first when unset)."""
    text = env.get(name, "").strip().lower() or choices[0]
    if text not in choices:
        raise SystemExit(f"{name} must be one of {', '.join(choices)}, not {text!r}.")
    return text


def _port(env: Mapping[str, str], name: str) -> int | None:
    text = env.get(name, "").strip()
    if not text:
        return None
    if not (text.isdigit() and 0 < int(text) < 65536):
        raise SystemExit(f"{name} must be a port number (1 to 65535), not {text!r}.")
    return int(text)


def _workers(env: Mapping[str, str], name: str, default: int) -> int:
    text = env.get(name, "").strip()
    if not text:
        return default
    if not (text.isdigit() and int(text) <= MAX_WORKERS):
        raise SystemExit(
            f"{name} must be a number of processes from 0 to {MAX_WORKERS} (0: none), not {text!r}."
        )
    return int(text)


def _days(env: Mapping[str, str], name: str, default: float) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3650:
        raise SystemExit(f"{name} must be a number of days from 0 to 3650 (say 30), not {text!r}.")
    return value


def _shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS ("0,1", "2-3", "0,4-7"), checked; a mistake stops the start
    with one line rather than a process that connects the wrong shards."""
    count_text, ids_text = count_text.strip(), ids_text.strip()
    if count_text and not (count_text.isdigit() and int(count_text) > 0):
        raise SystemExit(f"SHARD_COUNT must be a number of shards (1 or more), not {count_text!r}.")
    count = int(count_text) if count_text else None
    if not ids_text:
        return count, None
    if count is None:  # discord.py refuses shard ids without a count; say it in our words
        raise SystemExit("SHARD_IDS needs SHARD_COUNT: the total number of shards of the bot.")
    ids: list[int] = []
    for part in ids_text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SystemExit(
                f"SHARD_IDS must list shard numbers and ranges like 0,1 or 2-3, not {ids_text!r}."
            )
        low, high = int(first), int(last) if dash else int(first)
        if low > high or high >= count:
            raise SystemExit(
                f"SHARD_IDS {part.strip()!r} is out of range: shards are numbered 0 to "
                f"{count - 1} (SHARD_COUNT={count})."
            )
        ids.extend(i for i in range(low, high + 1) if i not in ids)
    return count, tuple(sorted(ids))


def _project_path(path: str | Path) -> Path:
    """A relative path is taken from the project folder, wherever the bot is started from."""
    path = Path(path)
    return path if path.is_absolute() else ROOT / path
