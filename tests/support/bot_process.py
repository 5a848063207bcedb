"""The real bot in its own OS process against the stand-in, so tests can SIGKILL it and restart.

Child side (``python -m tests.support.bot_process --url http://127.0.0.1:PORT --database F``):
points the unpatched discord.py at the stand-in exactly as ``FakeDiscord.start`` does in
process (``Route.BASE``, ``DiscordWebSocket.DEFAULT_GATEWAY``, ``Asset.BASE``), shortens the
wait for more guilds after READY and lets shards IDENTIFY without a pause as
``FakeDiscord.tune`` does, builds the bot with ``bot.build_bot(database=...)`` (without
``--database``: the database the environment names, DATABASE_URL or DATABASE_PATH), prints
the id of each gateway session it opens (``SESSION``) and ``READY_MARKER`` once it is ready
(every shard it runs included), and runs it. The environment (SHARD_COUNT, SHARD_IDS,
DATABASE_URL) is read by app/settings.py's Settings, as in production.

With ``--zygote`` the process imports everything once and then forks one bot process per
``start`` line on its stdin (reporting ``started PID`` and ``exited PID CODE``): a restart then
costs a login, not a Python start. Each bot is still a separate OS process with its own
sockets and its own SQLite connection; SIGKILL hits it alone.

Test side (in the pytest process, where the stand-in lives)::

    async with FakeDiscord() as fake, BotProcess(fake, tmp_path / "bot.sqlite3") as bot:
        ...                       # the bot is connected, ready, its commands synced
        await bot.kill()          # SIGKILL at once; returns when the stand-in saw it go
        await bot.start()         # a new process on the same database: a fresh IDENTIFY
        fake.faults.kill_on("POST", MESSAGE_CREATE, 1, bot.pid_getter)  # die mid-move
        await bot.wait_exit()     # after the stand-in killed it

Several bot processes may share one stand-in, each running some of the shards (and, with
PostgreSQL, one database): one ``BotProcess`` per process, e.g.::

    first = BotProcess(fake, None, shard_count=2, shard_ids=[0], database_url=url)
    second = BotProcess(fake, None, shard_count=2, shard_ids=[1], database_url=url)
    async with first, second:     # or: await asyncio.gather(first.start(), second.start())
        await second.kill()       # waits for the gateway sessions of `second` only
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import logging
import os
import select
import signal
import sys
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import discord

    from tests.fakediscord import FakeDiscord
    from tests.fakediscord.gateway import GatewaySession

ROOT = Path(__file__).resolve().parents[2]
READY_MARKER = "tidetable-bot-process: ready"
SESSION = "tidetable-bot-process: session"  # then the pid and a gateway session id
ZYGOTE_MARKER = "tidetable-bot-process: zygote"
STARTED = "tidetable-bot-process: started"
EXITED = "tidetable-bot-process: exited"
TOKEN = "fake-token"
T = TypeVar("T")


# ----- child side ------------------------------------------------------------------------------


def point_discord_at(url: str, gateway: str | None = None) -> None:
    """Aim discord.py's module-level URLs at a stand-in served at `url` (http://host:port)."""
    import discord.asset
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = url + "/api/v10"
    ws_url = gateway or url.replace("http://", "ws://") + "/gateway/"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(ws_url)
    discord.asset.Asset.BASE = url


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="the stand-in's base URL, http://host:port")
    parser.add_argument("--gateway", help="its gateway URL (default: ws://host:port/gateway/)")
    parser.add_argument(
        "--database", type=Path, help="the SQLite file (default: as the environment says)"
    )
    parser.add_argument("--guild-ready-timeout", type=float, default=0.05)
    parser.add_argument(
        "--hook",
        action="append",
        default=[],
        help="module:function called with the built bot before it starts (test hooks)",
    )
    parser.add_argument(
        "--zygote",
        action="store_true",
        help="import once, then fork a bot process for every 'start' line on stdin",
    )
    return parser.parse_args(argv)


async def run(args: argparse.Namespace) -> None:
    import discord

    import app.application as bot_module

    point_discord_at(args.url, args.gateway)
    client = bot_module.build_bot(database=args.database, handle_signals=True)
    # Do not wait 2 s for more guilds after READY: the stand-in sends them all at once; and
    # let shards IDENTIFY one after the other at once (the stand-in has no 5 s limit).
    client._connection.guild_ready_timeout = args.guild_ready_timeout
    client.before_identify_hook = _identify_at_once  # type: ignore[method-assign]
    for spec in args.hook:
        module, _, function = spec.partition(":")
        getattr(importlib.import_module(module), function)(client)

    async def announce_session(shard_id: int | None = None) -> None:
        # The test side waits for exactly this process's sessions to close after a kill.
        print(f"{SESSION} {os.getpid()} {_session_id(client, shard_id)}", flush=True)

    async def announce_ready() -> None:
        print(f"{READY_MARKER} {os.getpid()}", flush=True)

    sharded = isinstance(client, discord.AutoShardedClient)
    client.add_listener(announce_session, "on_shard_connect" if sharded else "on_connect")
    client.add_listener(announce_ready, "on_ready")
    async with client:
        # No reconnect: when the stand-in closes, this process ends instead of lingering.
        await client.start(TOKEN, reconnect=False)


async def _identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
    """A before_identify_hook without discord.py's 5 s pause between shards."""


def _session_id(client: discord.Client, shard_id: int | None) -> str:
    """The gateway session id of `shard_id` (a sharded client) or of the client's one socket."""
    import discord

    if shard_id is not None and isinstance(client, discord.AutoShardedClient):
        shard = client.get_shard(shard_id)
        ws = shard._parent.ws if shard is not None else None  # discord.py keeps it private
    else:
        ws = client.ws
    return str(getattr(ws, "session_id", None))


def zygote(args: argparse.Namespace) -> None:
    """Import everything, then fork a bot per "start" line; report starts and exits on stdout.

    Single-threaded on purpose (forking a threaded process is unsafe): SIGCHLD only writes to a
    wakeup pipe, and the loop below reaps and reports."""
    import app.application  # noqa: F401 - the slow part of a start (discord.py, aiohttp, Pillow, rules)
    from rules.registry import GAMES

    for key in GAMES:  # the cogs are loaded as extensions at start: import them now
        importlib.import_module(f"cogs.{key}")
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    stdin = sys.stdin.fileno()
    print(f"{ZYGOTE_MARKER} {os.getpid()}", flush=True)
    pending = b""
    while True:
        ready, _, _ = select.select([stdin, wake_r], [], [])
        if wake_r in ready:
            os.read(wake_r, 4096)
            _reap_children()
        if stdin in ready:
            chunk = os.read(stdin, 4096)
            if not chunk:  # the harness is gone: so are we (running bots are left to end)
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                if line.strip() == b"start":
                    _fork_bot(args, (wake_r, wake_w))


def _reap_children() -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        print(f"{EXITED} {pid} {os.waitstatus_to_exitcode(status)}", flush=True)


def _fork_bot(args: argparse.Namespace, wake: tuple[int, int]) -> None:
    pid = os.fork()
    if pid:
        print(f"{STARTED} {pid}", flush=True)
        return
    # The bot: forget the zygote's signal plumbing and stdin, run, and never return to the loop.
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for fd in wake:
            os.close(fd)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        asyncio.run(run(args))
        code = 0
    except BaseException:
        logging.getLogger("tidetable.bot_process").exception("the bot process failed")
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.WARNING,
        stream=sys.stderr,
        format="[bot %(process)d] %(levelname)s %(name)s: %(message)s",
    )
    if args.zygote:
        zygote(args)
    else:
        asyncio.run(run(args))


# ----- test side -------------------------------------------------------------------------------


@dataclass(eq=False)
class _Incarnation:
    """One bot process forked by the zygote."""

    pid: int
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    sessions: list[str] = field(default_factory=list)  # its gateway session ids, in order
    exited: asyncio.Future[int] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )

    @property
    def alive(self) -> bool:
        return not self.exited.done()


class BotProcess:
    """Runs the bot in separate OS processes against `fake`: `start()` forks one (from a zygote
    process that imported everything once) and waits until it is ready; `kill()` SIGKILLs it;
    `start()` again makes a new one on the same `database`. The output of every incarnation
    (stdout and stderr, merged) is kept in `lines` and added to a failing test's report.

    `database` is the SQLite file, or None to leave the choice to the environment (say, a
    PostgreSQL `database_url`; a URL given as `database` is taken as that). `shard_count` and
    `shard_ids` become SHARD_COUNT and SHARD_IDS (unset: one process runs every shard, as many
    as the stand-in recommends); `env` adds or overrides any other variable. Whatever is not
    given is set empty, so that a developer's .env never reaches a test's bot."""

    def __init__(
        self,
        fake: FakeDiscord,
        database: Path | str | None,
        *,
        hooks: Sequence[str] = (),
        env: dict[str, str] | None = None,
        ready_timeout: float = 30.0,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
        database_url: str | None = None,
    ) -> None:
        self.fake = fake
        if isinstance(database, str) and "://" in database:  # a URL is no file: pass it along
            database, database_url = None, database_url or database
        self.database = Path(database) if database is not None else None
        self.hooks = list(hooks)
        self.env = {
            "SHARD_COUNT": str(shard_count) if shard_count is not None else "",
            "SHARD_IDS": ",".join(map(str, shard_ids)) if shard_ids is not None else "",
            "DATABASE_URL": database_url or "",
            **(env or {}),
        }
        self.ready_timeout = ready_timeout
        self.lines: list[str] = []
        self.starts = 0
        self.exit_codes: list[int] = []  # of every incarnation that ended (-9 after SIGKILL)
        self._zygote: asyncio.subprocess.Process | None = None
        self._zygote_ready = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self._bots: dict[int, _Incarnation] = {}
        self._current: _Incarnation | None = None
        self._started: asyncio.Queue[int] = asyncio.Queue()

    # ----- state ------------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The running bot's process id, or None when none is running."""
        bot = self._current
        return bot.pid if bot is not None and bot.alive else None

    def pid_getter(self) -> int | None:
        """For `fake.faults.kill_on(..., pid_getter=bot.pid_getter)`: read when it fires."""
        return self.pid

    @property
    def running(self) -> bool:
        return self.pid is not None

    @property
    def sessions(self) -> list[GatewaySession]:
        """The stand-in's gateway sessions of the running (or last) bot process."""
        bot = self._current
        ids = set(bot.sessions) if bot is not None else set()
        return [s for s in self.fake.gateway.sessions if s.session_id in ids]

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    # ----- lifecycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Start the bot in a new process (the previous one must be gone) and wait until it is
        ready: READY received, guild loaded, commands synced since its login."""
        if self.running:
            raise RuntimeError(f"bot process {self.pid} is still running; kill() it first")
        zygote = await self._ensure_zygote()
        fake = self.fake
        login_before = fake._login_epoch
        assert zygote.stdin is not None
        zygote.stdin.write(b"start\n")
        await zygote.stdin.drain()
        pid = await self._until(self._started.get(), zygote, "fork a bot")
        bot = self._bots.setdefault(pid, _Incarnation(pid))
        self._current = bot
        self.starts += 1
        self.lines.append(f"--- start #{self.starts}: pid {pid}")
        waiting = asyncio.ensure_future(bot.ready.wait())
        try:
            await asyncio.wait(
                {waiting, bot.exited},
                timeout=self.ready_timeout,
                return_when=asyncio.FIRST_COMPLETED,
            )
        finally:
            waiting.cancel()
            await asyncio.gather(waiting, return_exceptions=True)
        if not bot.ready.is_set():
            if bot.alive:
                await self.kill()
            raise RuntimeError(f"the bot process did not get ready:\n{self.output}")
        # Synced since this start began (another process may have logged in since: several
        # may start at once); the bot's setup_hook syncs before it connects.
        synced = fake._synced_epoch > login_before
        if not synced or not self.sessions:
            raise RuntimeError(f"ready without a sync or a gateway session:\n{self.output}")

    async def kill(self) -> int:
        """SIGKILL the bot now; returns once it is dead and the stand-in saw its gateway
        connection close (so interactions sent from then on are lost, as on Discord)."""
        pid = self.pid
        if pid is None:
            raise RuntimeError("no bot process is running")
        with contextlib.suppress(ProcessLookupError):  # it died meanwhile: wait_exit says how
            os.kill(pid, signal.SIGKILL)
        return await self.wait_exit()

    async def terminate(self, timeout: float = 15.0) -> int:
        """SIGTERM the bot (a gentle stop); returns its exit code once it ended and the
        stand-in saw its gateway connection close."""
        pid = self.pid
        if pid is None:
            raise RuntimeError("no bot process is running")
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        return await self.wait_exit(timeout)

    async def wait_exit(self, timeout: float = 10.0) -> int:
        """Wait until the bot's process ended (e.g. a `kill_on` fault killed it) and the
        stand-in saw its gateway connection close; returns its exit code (-9 after SIGKILL)."""
        bot = self._current
        if bot is None:
            raise RuntimeError("no bot process was started")
        try:
            code = await asyncio.wait_for(asyncio.shield(bot.exited), timeout)
        except TimeoutError:
            raise RuntimeError(f"the bot process did not end in {timeout}s") from None
        sessions = self.sessions
        try:
            await asyncio.wait_for(asyncio.gather(*(s.gone.wait() for s in sessions)), timeout)
        except TimeoutError:
            raise RuntimeError("the stand-in did not see the gateway connection close") from None
        return code

    async def restart(self) -> None:
        """SIGKILL the running bot (if any) and start a new process on the same database."""
        if self.running:
            await self.kill()
        await self.start()

    async def stop(self) -> None:
        """Kill the bot, end the zygote and collect their output."""
        if self.running:
            await self.kill()
        zygote, self._zygote = self._zygote, None
        if zygote is not None:
            if zygote.stdin is not None:
                zygote.stdin.close()  # end of input: the zygote returns
            try:
                await asyncio.wait_for(zygote.wait(), 5.0)
            except TimeoutError:
                zygote.kill()
                await zygote.wait()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
            self._reader = None

    async def __aenter__(self) -> BotProcess:
        try:
            await self.start()
        except BaseException:
            await self.stop()
            raise
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()
        if exc is not None and not isinstance(exc, asyncio.CancelledError):
            exc.add_note(f"bot process output:\n{self.output}")

    # ----- internals -----------------------------------------------------------------------

    async def _ensure_zygote(self) -> asyncio.subprocess.Process:
        if self._zygote is not None and self._zygote.returncode is None:
            return self._zygote
        fake = self.fake
        cmd = [sys.executable, "-m", "tests.support.bot_process", "--zygote", "--url", fake.url]
        if self.database is not None:
            cmd += ["--database", str(self.database)]
        cmd += ["--guild-ready-timeout", str(fake.guild_ready_timeout)]
        for hook in self.hooks:
            cmd += ["--hook", hook]
        env = {**os.environ, "DISCORD_GUILD_ID": "", "PYTHONUNBUFFERED": "1", **self.env}
        self._zygote_ready = asyncio.Event()
        self._zygote = await asyncio.create_subprocess_exec(
            *cmd,
            cwd=ROOT,
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        self._reader = asyncio.create_task(self._read(self._zygote))
        await self._until(self._zygote_ready.wait(), self._zygote, "import the bot")
        return self._zygote

    async def _until(
        self, awaitable: Awaitable[T], zygote: asyncio.subprocess.Process, what: str
    ) -> T:
        """Await `awaitable` unless the zygote ends or `ready_timeout` passes first."""
        task = asyncio.ensure_future(awaitable)
        ended = asyncio.ensure_future(zygote.wait())
        try:
            await asyncio.wait(
                {task, ended}, timeout=self.ready_timeout, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            ended.cancel()
            if not task.done():
                task.cancel()
            await asyncio.gather(task, ended, return_exceptions=True)
        if task.cancelled() or task.exception() is not None:
            raise RuntimeError(f"the zygote did not {what}:\n{self.output}")
        return task.result()

    async def _read(self, zygote: asyncio.subprocess.Process) -> None:
        stdout = zygote.stdout
        assert stdout is not None
        async for raw in stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            rest = line.rpartition(" ")[2]
            if line.startswith(ZYGOTE_MARKER):
                self._zygote_ready.set()
            elif line.startswith(STARTED):
                self._started.put_nowait(int(rest))
            elif line.startswith(EXITED):
                pid, code = (int(x) for x in line[len(EXITED) :].split())
                bot = self._bots.setdefault(pid, _Incarnation(pid))
                if not bot.exited.done():
                    bot.exited.set_result(code)
                    self.exit_codes.append(code)
                self.lines.append(f"--- pid {pid} ended with {code}")
            elif line.startswith(SESSION):
                pid_text, _, session_id = line[len(SESSION) :].strip().partition(" ")
                self._bots.setdefault(int(pid_text), _Incarnation(int(pid_text))).sessions.append(
                    session_id
                )
            else:
                self.lines.append(line)
                if line.startswith(READY_MARKER):
                    pid = int(rest)
                    self._bots.setdefault(pid, _Incarnation(pid)).ready.set()
        # The zygote is gone: its children's exits can no longer be reported.
        for bot in self._bots.values():
            if not bot.exited.done():
                bot.exited.set_exception(RuntimeError("the zygote ended before this bot"))
                bot.exited.exception()  # nobody may ask: do not warn about it at exit


if __name__ == "__main__":
    main()
