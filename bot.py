"""Tidetable: play TOKAN, Tonari, Friendly Fishing, Toshi Tōshi and Tonga Bonga on Discord.

Run ``python bot.py`` with DISCORD_TOKEN set (in the environment or in .env). ``build_bot`` makes
the configured bot without running it, so tests, and anyone who embeds the bot, can start it
against a stand-in of Discord.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import discord
from discord.ext import commands
from dotenv import load_dotenv

from cogs.base import GameCog
from cogs.components import DYNAMIC_ITEMS
from cogs.computers import ComputerTable
from cogs.herald import Herald
from cogs.history import HISTORY_ITEMS
from cogs.people import People
from cogs.replies import report
from data.clock import Clock, SystemClock
from data.computers import THINK_PAUSE
from data.matches import MatchService
from data.outbox import Dispatcher
from data.store import BUSY_TIMEOUT_MS, LEASE_SECONDS, StorageError, Store, is_postgres_url
from data.timers import Scheduler
from rules.base import Game
from rules.registry import GAMES

log = logging.getLogger("tidetable")

ROOT = Path(__file__).resolve().parent
DEFAULT_DATABASE = ROOT / "data" / "tidetable.sqlite3"
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


class Tidetable(commands.AutoShardedBot):
    """The bot: one store, one match service, one cog per registered game.

    Sharded as Discord requires past 2,500 servers: each process runs the shards it is given
    (all by default) and receives the events of those shards' servers only. What a process
    sends goes over REST, which is not sharded: it may announce in any server.
    """

    def __init__(
        self,
        database: str | Path,
        guild_id: int | None = None,
        games: Mapping[str, Game] | None = None,
        sync_commands: bool = True,
        cog_modules: Mapping[str, str] | None = None,
        clock: Clock | None = None,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        computer_pause: float = THINK_PAUSE,
        lease_seconds: float = LEASE_SECONDS,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
        new_seed: Callable[[], int] | None = None,
    ) -> None:
        # The bot has no voice: discord.py's warnings that voice libraries are missing (PyNaCl,
        # davey) would only alarm whoever starts it.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        # Slash commands need no privileged intents: guilds is enough to know channels.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            shard_count=shard_count,
            shard_ids=list(shard_ids) if shard_ids else None,  # discord.py wants a list
        )
        self.database = database
        self.guild_id = guild_id
        self.games = dict(GAMES if games is None else games)
        self.sync_commands = sync_commands
        # The extension holding each game's cog: cogs/<key>.py unless told otherwise (tests
        # plug in games of their own this way).
        self.cog_modules = {key: f"cogs.{key}" for key in self.games} | dict(cog_modules or {})
        self.clock: Clock = clock or SystemClock()  # the one clock of the whole bot
        self.busy_timeout_ms = busy_timeout_ms
        self.computer_pause = computer_pause
        self.lease_seconds = lease_seconds
        self.new_seed = new_seed  # each new match's seed (None: a random one; tests fix it)
        self.computers = ComputerTable(self)
        self.store: Store | None = None
        self.people = People(self)  # display names of players, for texts and pictures
        self.service: MatchService
        self.dispatcher: Dispatcher
        self.scheduler: Scheduler

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.database, self.clock, self.busy_timeout_ms)
        self.store.lease_seconds = self.lease_seconds
        seeds = {"new_seed": self.new_seed} if self.new_seed is not None else {}
        self.service = MatchService(
            self.store, self.games, computer_pause=self.computer_pause, **seeds
        )
        # What earlier runs saved but did not announce goes out now, then everything new.
        self.dispatcher = Dispatcher(self.store, Herald(self).deliver)
        self.dispatcher.start()
        # Deadlines, reminders and turn notices: due rows are carried out after a restart too.
        self.scheduler = Scheduler(self.service.turns, self.dispatcher.nudge)
        self.service.turns.changed = self.scheduler.nudge
        self.scheduler.start()
        self.tree.on_error = report  # type: ignore[assignment]
        self.add_dynamic_items(*DYNAMIC_ITEMS, *HISTORY_ITEMS)
        for key in self.games:
            await self.load_extension(self.cog_modules[key])
        await self.load_extension("cogs.hands")  # `/hands`: every private view, also in DMs
        await self.load_extension("cogs.tidetable")  # `/tidetable`: mine, away, notify…
        if self.sync_commands:
            await self.sync()

    async def sync(self) -> None:
        if self.guild_id:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d command groups", len(synced))

    async def close(self) -> None:
        scheduler = getattr(self, "scheduler", None)
        if scheduler is not None:
            await scheduler.stop()
        dispatcher = getattr(self, "dispatcher", None)
        if dispatcher is not None:
            await dispatcher.stop()
        self.computers.close()
        await super().close()
        # discord.py may call close() again while this one waits; take the store first so
        # the second call does not close the connection twice (aiosqlite would never return).
        store, self.store = self.store, None
        if store is not None:
            await store.close()

    def game_cog(self, key: str) -> GameCog:
        for cog in self.cogs.values():
            if isinstance(cog, GameCog) and cog.game_key == key:
                return cog
        raise KeyError(key)

    # Buttons and selects are registered once for the whole bot; they route to the game's cog.
    # Each acknowledges first: the database may be slow, Discord's window is 3 seconds.
    async def play_choice(
        self, interaction: discord.Interaction, match_id: int, version: int, index: int
    ) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            match = await self.service.by_id(match_id)
            await self.game_cog(match.row.game).play_choice(interaction, match_id, version, index)
        except Exception as error:  # one handler for every error, as for slash commands
            await report(interaction, error)

    async def join_by_button(self, interaction: discord.Interaction, match_id: int) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            match = await self.service.by_id(match_id)
            await self.game_cog(match.row.game).join_by_button(interaction, match_id)
        except Exception as error:
            await report(interaction, error)


def build_bot(
    *,
    database: str | Path | None = None,
    guild_id: int | None = None,
    games: Mapping[str, Game] | None = None,
    sync_commands: bool = True,
    cog_modules: Mapping[str, str] | None = None,
    clock: Clock | None = None,
    busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    computer_pause: float = THINK_PAUSE,
    lease_seconds: float | None = None,
    shard_count: int | None = None,
    shard_ids: Sequence[int] | None = None,
    new_seed: Callable[[], int] | None = None,
) -> Tidetable:
    """The configured bot, not yet running. Unset arguments come from the environment/.env."""
    load_dotenv(ROOT / ".env")
    settings = Settings.from_env()
    return Tidetable(
        database=database if database is not None else settings.database,
        guild_id=guild_id if guild_id is not None else settings.guild_id,
        games=games,
        sync_commands=sync_commands,
        cog_modules=cog_modules,
        clock=clock,
        busy_timeout_ms=busy_timeout_ms,
        computer_pause=computer_pause,
        lease_seconds=lease_seconds if lease_seconds is not None else settings.lease_seconds,
        shard_count=shard_count if shard_count is not None else settings.shard_count,
        shard_ids=shard_ids if shard_ids is not None else settings.shard_ids,
        new_seed=new_seed,
    )


async def check_storage(database: str | Path) -> None:
    """Open the database once (migrating it) and close it: StorageError says why it cannot be
    used (read-only, full, damaged, from a newer version of the bot)."""
    store = await Store.open(database)
    await store.close()


def main() -> None:
    load_dotenv(ROOT / ".env")
    settings = Settings.from_env()
    if settings.token is None:
        print(MISSING_TOKEN, file=sys.stderr)
        raise SystemExit(2)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # discord.py's own chatter at start ("logging in using static token") says nothing an
    # operator needs; its warnings and errors still show. A start that fails is one line.
    logging.getLogger("discord.client").setLevel(logging.WARNING)
    try:
        asyncio.run(check_storage(settings.database))
    except StorageError as error:  # named in one line, before connecting to Discord
        print(f"Tidetable cannot start: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    bot = build_bot()
    try:
        bot.run(settings.token, log_handler=None)
    except StorageError as error:
        print(f"Tidetable cannot start: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    except discord.LoginFailure:
        print("Tidetable cannot start: Discord refused the token (DISCORD_TOKEN).", file=sys.stderr)
        raise SystemExit(2) from None
    except (aiohttp.ClientConnectionError, OSError) as error:
        print(f"Tidetable cannot start: Discord cannot be reached ({error}).", file=sys.stderr)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
