"""The application: the bot class and the wiring of its services and cogs.

``build_bot`` makes the configured bot without running it, so tests, and anyone who embeds the
bot, can start it against a stand-in of Discord; ``bot.py`` runs it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import discord
from discord.ext import commands
from dotenv import load_dotenv

from app.observatory import Observatory, discord_trace
from app.pacing import BURST, PACE, RateGate, pacing_trace, share
from app.settings import RENDER_WORKERS, ROOT, Settings
from cogs.analysis import ANALYSIS_ITEMS
from cogs.components import DYNAMIC_ITEMS
from cogs.herald import Herald
from cogs.history import HISTORY_ITEMS
from cogs.host import GameTable, Host, TableTree
from cogs.language import LanguageCog, Languages
from cogs.matchlist import HISTORY_PAGE_ITEMS
from cogs.people import People
from cogs.pictures import PicturePool, Sample, board_arguments
from cogs.pictures import configure as configure_pictures
from cogs.replies import report
from cogs.translator import CatalogueTranslator
from cogs.viewer import VIEWER_ITEMS
from data.clock import Clock, SystemClock
from data.dberrors import StorageError
from data.lru import Lru
from data.outbox import Dispatcher
from data.store import BUSY_TIMEOUT_MS, LEASE_SECONDS, Store
from rules.base import Game
from rules.registry import GAMES
from table.computer_turns import ComputerTable
from table.computers import THINK_PAUSE
from table.eraser import Eraser
from table.privacy import GRACE_DAYS, Privacy
from table.scheduler import Scheduler
from table.service import MatchService

log = logging.getLogger("tidetable")

# A gentle stop (SIGTERM, SIGINT) ends within 10 seconds: seconds (wall time, the operator's)
# given to the interactions under way, then to the turn clock's and the outbox's current work.
IN_FLIGHT_GRACE = 4.0
SCHEDULER_GRACE = 1.0
DISPATCHER_GRACE = 2.0
ANSWER_GRACE = 1.0  # for answers still owed once the outbox stopped trying
RELEASE_GRACE = 1.0  # for giving the claims back


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
        handle_signals: bool = False,
        metrics_port: int | None = None,
        metrics_host: str = "127.0.0.1",
        guild_grace_days: float = GRACE_DAYS,
        render_workers: int = RENDER_WORKERS,
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
            tree_cls=TableTree,
            http_trace=discord_trace(),  # Discord's answers, counted for the metrics
            shard_count=shard_count,
            # discord.py wants a list; None (every shard) is its default, though not in its typing
            shard_ids=list(shard_ids) if shard_ids else None,  # type: ignore[arg-type]
        )
        # Every REST request waits for its turn under Discord's global rate limit (this
        # process's share of it), so a storm of due work never runs on 429s (app/pacing.py).
        # On the trace discord.py's session is made with (at login), beside any other.
        self.pacer = RateGate(PACE * share(shard_count, shard_ids), burst=BURST)
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
        # SIGTERM and SIGINT stop the bot gently (bot.py; an embedding program may not want it).
        self.handle_signals = handle_signals
        self._stop: asyncio.Task[None] | None = None
        # /metrics and /healthz over HTTP, when a port is given (METRICS_PORT); 0: any free one.
        self.observatory = (
            Observatory(self, metrics_host, metrics_port) if metrics_port is not None else None
        )
        self.guild_grace_days = guild_grace_days  # a removed server's data is kept this long
        self.render_workers = render_workers  # processes drawing pictures (0: a thread)
        self.pictures: PicturePool | None = None
        self._warming: asyncio.Task[None] | None = None
        self.store: Store | None = None
        self.people = People(self, self.clock)  # display names of players, for texts and pictures
        self._guild_locales: Lru[int, str] = Lru(10_000)  # servers' locales asked of Discord
        self.game_cogs: dict[str, GameTable] = {}  # each game's cog registers itself on load
        self.service: MatchService
        self.dispatcher: Dispatcher
        self.herald: Herald
        self.computers: ComputerTable
        self.scheduler: Scheduler
        self.privacy: Privacy
        self.eraser: Eraser

    async def setup_hook(self) -> None:
        # Pictures are drawn in worker processes: they start in the background once the bot
        # is set up (below).
        self.pictures = pictures = configure_pictures(self.render_workers)
        self.store = await Store.open(self.database, self.clock, self.busy_timeout_ms)
        self.store.lease_seconds = self.lease_seconds
        # The language of each text: the reader's, the match's or the server's (cogs/language.py).
        self.languages = Languages(self.store, self.clock, self._guild_locale)
        await self.add_cog(LanguageCog(self.languages))
        seeds = {"new_seed": self.new_seed} if self.new_seed is not None else {}
        self.service = MatchService(
            self.store, self.games, computer_pause=self.computer_pause, **seeds
        )
        # What earlier runs saved but did not announce goes out now, then everything new.
        # A board's picture starts drawing as early as what it shows is known: a move's as the
        # move is applied, before its save; another action's post when the action's answer
        # settles it, before the dispatcher claims it (cogs/sketches.py).
        self.herald = herald = Herald(self)
        self.service.foresee_board = herald.foresee_board
        self.dispatcher = Dispatcher(self.store, herald.deliver, foresee=herald.foresee)
        # Computer seats decide when the outbox delivers their "think" entries.
        self.computers = ComputerTable(self.service, self.dispatcher.nudge)
        self.dispatcher.start()
        # Deadlines, reminders and turn notices: due rows are carried out after a restart too.
        self.scheduler = Scheduler(self.service.turns, self.dispatcher.nudge)
        self.service.turns.changed = self.scheduler.nudge
        self.scheduler.start()
        # Forgetting people; a removed server's data deleted after its grace period.
        self.privacy = Privacy(self.service, self.guild_grace_days)
        self.eraser = Eraser(self.privacy, self.dispatcher.nudge)
        self.privacy.changed = self.eraser.nudge
        self.eraser.start()
        # Work another process released (its gentle stop) is taken at once, not at the next poll.
        await self.store.listen_for_work(self._released_elsewhere)
        if self.observatory is not None:
            await self.observatory.start()
        if self.handle_signals:
            loop = asyncio.get_running_loop()
            for stop_signal in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(stop_signal, self.stop_soon)
        # discord.py types on_error as a method of the tree; a plain coroutine function serves
        self.tree.on_error = report  # type: ignore[method-assign]
        self.add_dynamic_items(
            *DYNAMIC_ITEMS, *HISTORY_ITEMS, *VIEWER_ITEMS, *ANALYSIS_ITEMS, *HISTORY_PAGE_ITEMS
        )
        for key in self.games:
            await self.load_extension(self.cog_modules[key])
        await self.load_extension("cogs.hands")  # `/hands`: every private view, also in DMs
        await self.load_extension("cogs.tidetable")  # `/tidetable`: mine, away, notify, forget…
        await self.load_extension("cogs.places")  # deleted channels, archived match threads
        await self.load_extension("cogs.privacy")  # servers leaving and coming back; forget
        await self.load_extension("cogs.settings")  # `/tidetable-admin settings`
        await self.tree.set_translator(CatalogueTranslator())  # names in each user's language
        await self.load_extension("cogs.leagues")  # `/league`: leagues and tournaments
        if self.sync_commands:
            await self.sync()
        # One picture worker starts once the rest is up, beside the bot (not in its way); each
        # worker draws a board of every game as it starts, so its caches are warm.
        pictures.prime(self.picture_samples())
        self._warming = asyncio.create_task(asyncio.to_thread(pictures.warm))

    async def _guild_locale(self, guild_id: int) -> str | None:
        """A server's locale: from the cache, else asked of Discord once (a restarted bot
        delivers what waited before Discord sends it its servers); None only for a server the
        bot is not in. When Discord cannot answer now (5xx, 429, the network), its error is
        raised: the outbox tries the text again later, rather than say it in English."""
        guild = self.get_guild(guild_id)
        # A server READY named but whose GUILD_CREATE has not come yet is held as unavailable,
        # with discord.py's default locale (en-US), not its own: it is asked for like one
        # not held.
        if guild is not None and not guild.unavailable:
            return guild.preferred_locale.value
        known = self._guild_locales.get(guild_id)
        if known is None:
            try:
                known = (await self.fetch_guild(guild_id)).preferred_locale.value
            except (discord.NotFound, discord.Forbidden):
                return None  # a server the bot left: nothing of it to say in its language
            self._guild_locales[guild_id] = known
        return known

    def picture_samples(self) -> list[Sample]:
        """A starting board of each game as its posts draw it (phone layout, named players):
        what a picture worker draws first (``PicturePool.prime``)."""
        samples: list[Sample] = []
        for key, cog in self.game_cogs.items():
            renderer = getattr(type(cog), "board_renderer", None)
            game = self.games.get(key)
            if renderer is None or game is None:
                continue
            seats = game.spec.min_players
            try:
                state = game.setup(seats, game.spec.resolve_options({}), 1)
                view = game.view(state, None)
            except Exception:  # priming only saves time
                log.warning("no sample board of %s to prime picture workers with", key)
                continue
            names = [f"Player {seat + 1}" for seat in range(seats)]
            options = board_arguments(renderer, names, {"layout": "phone"})
            samples.append((renderer, (view,), options))
        return samples

    async def sync(self) -> None:
        if self.guild_id:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d command groups", len(synced))

    def _released_elsewhere(self) -> None:
        self.dispatcher.nudge()
        self.eraser.nudge()
        self.scheduler.nudge()

    def stop_soon(self) -> None:
        """Begin a gentle stop (the signal handler's part: it may not wait)."""
        if self._stop is None:
            self._stop = asyncio.create_task(self.stop_gently(), name="gentle-stop")

    async def stop_gently(self) -> None:
        """Stop without losing or delaying anything: take no new interactions (they are told
        to send again), let those under way finish (their saves and the first delivery of
        what they announce), let the turn clock and the outbox finish their current work and
        claim nothing more, give back every claim this process holds (another process sharing
        the database takes that work at once), then close the worker pool, Discord and the
        database. Bounded: within 10 seconds."""
        if self.stopping:
            return
        self.stopping = True
        log.info("stopping gently: finishing what is under way")
        try:
            await self._under_way(IN_FLIGHT_GRACE)  # the outbox still delivers what they save
            for task, grace in (
                (self.scheduler, SCHEDULER_GRACE),
                (self.eraser, SCHEDULER_GRACE),
                (self.dispatcher, DISPATCHER_GRACE),
            ):
                try:
                    await task.stop(grace=grace)
                except Exception:  # a task that failed is stopped all the same
                    log.exception("stopping gently: %s ended with an error", task.task_name)
            await self._under_way(ANSWER_GRACE)  # answers that waited for a delivery that hung
            if self.store is not None:
                # Bounded: what is not given back now, the lease frees later.
                with contextlib.suppress(StorageError, TimeoutError):
                    async with asyncio.timeout(RELEASE_GRACE):
                        freed = await self.store.release_claims()
                    log.info("stopping gently: %d claimed rows given back", freed)
        finally:
            await self.close()

    async def _under_way(self, grace: float) -> None:
        """Wait, at most ``grace`` seconds, for the interactions being handled."""
        tasks = {task for task in self.in_flight if not task.done()}
        if tasks:
            await asyncio.wait(tasks, timeout=grace)

    async def close(self) -> None:
        await self.close_services(discord_too=True)

    async def close_services(self, discord_too: bool = False) -> None:
        """Stop the turn clock, the eraser, the outbox, the worker pool and the metrics, then
        Discord's connection (``discord_too``) and the database."""
        scheduler = getattr(self, "scheduler", None)
        if scheduler is not None:
            await scheduler.stop()
        eraser = getattr(self, "eraser", None)
        if eraser is not None:
            await eraser.stop()
        dispatcher = getattr(self, "dispatcher", None)
        if dispatcher is not None:
            await dispatcher.stop()
        herald = getattr(self, "herald", None)
        if herald is not None:
            herald.sketches.clear()  # pictures drawn ahead that nothing will post now
        languages = getattr(self, "languages", None)
        if languages is not None and self.store is not None:
            await languages.close()  # the locales people used, not yet written
        computers = getattr(self, "computers", None)
        if computers is not None:
            computers.close()
        pictures = getattr(self, "pictures", None)
        if pictures is not None:
            pictures.close()
        if self.observatory is not None:
            await self.observatory.stop()
        if discord_too:
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
    handle_signals: bool = False,
    metrics_port: int | None = None,
    guild_grace_days: float | None = None,
    render_workers: int | None = None,
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
        handle_signals=handle_signals,
        metrics_port=metrics_port if metrics_port is not None else settings.metrics_port,
        metrics_host=settings.metrics_host,
        guild_grace_days=(
            guild_grace_days if guild_grace_days is not None else settings.guild_grace_days
        ),
        render_workers=render_workers if render_workers is not None else settings.render_workers,
    )


async def check_storage(database: str | Path) -> None:
    """Open the database once (migrating it) and close it: StorageError says why it cannot be
    used (read-only, full, damaged, from a newer version of the bot)."""
    store = await Store.open(database)
    await store.close()
