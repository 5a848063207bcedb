"""The application: the bot class and the wiring of its services and cogs.

``build_bot`` makes the configured bot without running it, so tests, and anyone who embeds the
bot, can start it against a stand-in of Discord; ``bot.py`` runs it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import discord
from discord.ext import commands
from dotenv import load_dotenv

from app.pacing import PACE, RateGate, pacing_trace, share
from app.settings import ROOT, Settings
from cogs.components import DYNAMIC_ITEMS
from cogs.herald import Herald
from cogs.history import HISTORY_ITEMS
from cogs.host import GameTable, Host
from cogs.people import People
from cogs.replies import report
from data.clock import Clock, SystemClock
from data.outbox import Dispatcher
from data.store import BUSY_TIMEOUT_MS, LEASE_SECONDS, Store
from rules.base import Game
from rules.registry import GAMES
from table.computer_turns import ComputerTable
from table.computers import THINK_PAUSE
from table.scheduler import Scheduler
from table.service import MatchService

log = logging.getLogger("tidetable")


class Tidetable(Host):
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
            # discord.py wants a list; None (every shard) is its default, though not in its typing
            shard_ids=list(shard_ids) if shard_ids else None,  # type: ignore[arg-type]
        )
        # Every REST request waits for its turn under Discord's global rate limit (this
        # process's share of it), so a storm of due work never runs on 429s (app/pacing.py).
        # On the trace discord.py's session is made with (at login), beside any other.
        self.pacer = RateGate(PACE * share(shard_count, shard_ids))
        self.http.http_trace = pacing_trace(self.pacer, self.http.http_trace)
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
        self.store: Store | None = None
        self.people = People(self, self.clock)  # display names of players, for texts and pictures
        self.game_cogs: dict[str, GameTable] = {}  # each game's cog registers itself on load
        self.service: MatchService
        self.dispatcher: Dispatcher
        self.computers: ComputerTable
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
        # Computer seats decide when the outbox delivers their "think" entries.
        self.computers = ComputerTable(self.service, self.dispatcher.nudge)
        self.dispatcher.start()
        # Deadlines, reminders and turn notices: due rows are carried out after a restart too.
        self.scheduler = Scheduler(self.service.turns, self.dispatcher.nudge)
        self.service.turns.changed = self.scheduler.nudge
        self.scheduler.start()
        self.tree.on_error = report  # type: ignore[method-assign]
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
        computers = getattr(self, "computers", None)
        if computers is not None:
            computers.close()
        await super().close()
        # discord.py may call close() again while this one waits; take the store first so
        # the second call does not close the connection twice (aiosqlite would never return).
        store, self.store = self.store, None
        if store is not None:
            await store.close()


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
