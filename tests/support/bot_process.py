"""The real bot in its own OS process against the stand-in, so tests can SIGKILL it and restart.

Child side (``python -m tests.support.bot_process --url http://127.0.0.1:PORT --database F``):
points the unpatched discord.py at the stand-in exactly as ``FakeDiscord.start`` does in
process (``Route.BASE``, ``DiscordWebSocket.DEFAULT_GATEWAY``, ``Asset.BASE``), shortens the
wait for more guilds after READY as ``FakeDiscord.tune`` does, builds the bot with
``bot.build_bot(database=...)``, prints ``READY_MARKER`` once it is ready, and runs it.

Test side (in the pytest process, where the stand-in lives)::

    async with FakeDiscord() as fake, BotProcess(fake, tmp_path / "bot.sqlite3") as bot:
        ...                       # the bot is connected, ready, its commands synced
        await bot.kill()          # SIGKILL at once; returns when the stand-in saw it go
        await bot.start()         # a new process on the same database: a fresh IDENTIFY
        fake.faults.kill_on("POST", MESSAGE_CREATE, 1, bot.pid_getter)  # die mid-move
        await bot.wait_exit()     # after the stand-in killed it
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
READY_MARKER = "tidetable-bot-process: ready"
WARM_MARKER = "tidetable-bot-process: warm"
TOKEN = "fake-token"


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
    parser.add_argument("--database", required=True, type=Path, help="the SQLite file")
    parser.add_argument("--guild-ready-timeout", type=float, default=0.05)
    parser.add_argument(
        "--wait-for-go",
        action="store_true",
        help="import everything, then wait for a line on stdin before starting (a warm spare)",
    )
    parser.add_argument(
        "--hook",
        action="append",
        default=[],
        help="module:function called with the built bot before it starts (test hooks)",
    )
    return parser.parse_args(argv)


async def run(args: argparse.Namespace) -> None:
    import bot as bot_module

    point_discord_at(args.url, args.gateway)
    client = bot_module.build_bot(database=args.database)
    # Do not wait 2 s for more guilds after READY: the stand-in has one, sent at once.
    client._connection.guild_ready_timeout = args.guild_ready_timeout
    for spec in args.hook:
        module, _, function = spec.partition(":")
        getattr(importlib.import_module(module), function)(client)

    async def announce_ready() -> None:
        print(f"{READY_MARKER} {os.getpid()}", flush=True)

    client.add_listener(announce_ready, "on_ready")
    async with client:
        # No reconnect: when the stand-in closes, this process ends instead of lingering.
        await client.start(TOKEN, reconnect=False)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.WARNING,
        stream=sys.stderr,
        format=f"[bot {os.getpid()}] %(levelname)s %(name)s: %(message)s",
    )
    if args.wait_for_go:
        import bot  # noqa: F401 - the slow part of a start (discord.py, aiohttp, Pillow, rules)

        print(f"{WARM_MARKER} {os.getpid()}", flush=True)
        if not sys.stdin.readline():  # the harness went away without starting us
            return
    asyncio.run(run(args))


# ----- test side -------------------------------------------------------------------------------


@dataclass(eq=False)
class _Child:
    """One OS process of the bot, with the task reading its output."""

    proc: asyncio.subprocess.Process
    reader: asyncio.Task[None] | None = None
    warm: asyncio.Event = field(default_factory=asyncio.Event)
    ready: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def alive(self) -> bool:
        return self.proc.returncode is None


class BotProcess:
    """Starts `python -m tests.support.bot_process` against `fake`, waits until it is ready,
    SIGKILLs and restarts it. Every start uses the same `database`; the output of every
    incarnation (stdout and stderr, merged) is kept in `lines` for failure messages.

    With `prewarm` (the default) a spare process is kept waiting with everything imported,
    so a restart costs a login rather than a Python start (about 0.2 s instead of 0.7 s)."""

    def __init__(
        self,
        fake: FakeDiscord,
        database: Path,
        *,
        hooks: Sequence[str] = (),
        env: dict[str, str] | None = None,
        ready_timeout: float = 30.0,
        prewarm: bool = True,
    ) -> None:
        self.fake = fake
        self.database = Path(database)
        self.hooks = list(hooks)
        self.env = dict(env or {})
        self.ready_timeout = ready_timeout
        self.prewarm = prewarm
        self.lines: list[str] = []
        self.starts = 0
        self.exit_codes: list[int] = []  # of every started incarnation that ended (-9: SIGKILL)
        self._child: _Child | None = None
        self._spare: _Child | None = None
        self._sessions_from = 0

    # ----- state ------------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The running bot's process id, or None when none is running (spares do not count)."""
        child = self._child
        return child.proc.pid if child is not None and child.alive else None

    def pid_getter(self) -> int | None:
        """For `fake.faults.kill_on(..., pid_getter=bot.pid_getter)`: read when it fires."""
        return self.pid

    @property
    def running(self) -> bool:
        return self.pid is not None

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    # ----- lifecycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Start the bot in a new process (the previous one must be gone) and wait until it is
        ready: READY received, guild loaded, commands synced since its login."""
        if self.running:
            raise RuntimeError(f"bot process {self.pid} is still running; kill() it first")
        await self._reap()
        fake = self.fake
        login_before = fake._login_epoch
        self._sessions_from = len(fake.gateway.sessions)
        child = self._spare if self._spare is not None and self._spare.alive else None
        self._spare = None
        if child is None:
            child = await self._spawn()
        self._child = child
        self.starts += 1
        self.lines.append(f"--- start #{self.starts}: pid {child.proc.pid}")
        assert child.proc.stdin is not None
        child.proc.stdin.write(b"go\n")
        await child.proc.stdin.drain()
        if self.prewarm:  # the next incarnation imports while this one logs in
            self._spare = await self._spawn()
        await self._wait_for(child, child.ready)
        synced = fake._synced_epoch == fake._login_epoch > login_before
        if not synced or len(fake.gateway.sessions) <= self._sessions_from:
            raise RuntimeError(f"ready without a sync or a gateway session:\n{self.output}")

    async def kill(self) -> int:
        """SIGKILL the bot now; returns once it is dead and the stand-in saw its gateway
        connection close (so interactions sent from then on are lost, as on Discord)."""
        if self._child is None or not self._child.alive:
            raise RuntimeError("no bot process is running")
        self._child.proc.kill()
        return await self.wait_exit()

    async def wait_exit(self, timeout: float = 10.0) -> int:
        """Wait until the bot's process ended (e.g. a `kill_on` fault killed it) and the
        stand-in saw its gateway connection close; returns its exit code (-9 after SIGKILL)."""
        child = self._child
        if child is None:
            raise RuntimeError("no bot process was started")
        try:
            code = await asyncio.wait_for(child.proc.wait(), timeout)
        except TimeoutError:
            raise RuntimeError(f"the bot process did not end in {timeout}s") from None
        sessions = self.fake.gateway.sessions[self._sessions_from :]
        try:
            await asyncio.wait_for(asyncio.gather(*(s.gone.wait() for s in sessions)), timeout)
        except TimeoutError:
            raise RuntimeError("the stand-in did not see the gateway connection close") from None
        await self._reap()
        return code

    async def restart(self) -> None:
        """SIGKILL the running bot (if any) and start a new process on the same database."""
        if self.running:
            await self.kill()
        await self.start()

    async def stop(self) -> None:
        """Kill the bot and the spare, and collect them."""
        if self.running:
            await self.kill()
        await self._reap()
        spare, self._spare = self._spare, None
        if spare is not None:
            if spare.alive:
                spare.proc.kill()
            await spare.proc.wait()
            if spare.reader is not None:
                await asyncio.gather(spare.reader, return_exceptions=True)

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

    async def _spawn(self) -> _Child:
        """A new process that imports everything, then waits for "go" on its stdin."""
        fake = self.fake
        cmd = [sys.executable, "-m", "tests.support.bot_process", "--url", fake.url]
        cmd += ["--database", str(self.database), "--wait-for-go"]
        cmd += ["--guild-ready-timeout", str(fake.guild_ready_timeout)]
        for hook in self.hooks:
            cmd += ["--hook", hook]
        env = {**os.environ, "DISCORD_GUILD_ID": "", "PYTHONUNBUFFERED": "1", **self.env}
        proc = await asyncio.create_subprocess_exec(
            *cmd,
            cwd=ROOT,
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        child = _Child(proc)
        child.reader = asyncio.create_task(self._read(child))
        return child

    async def _wait_for(self, child: _Child, event: asyncio.Event) -> None:
        """Wait for `event` of `child`; if the process ends or times out first, raise."""
        waiting = asyncio.ensure_future(event.wait())
        exited = asyncio.ensure_future(child.proc.wait())
        try:
            await asyncio.wait(
                {waiting, exited}, timeout=self.ready_timeout, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            waiting.cancel()
            exited.cancel()
            await asyncio.gather(waiting, exited, return_exceptions=True)
        if not event.is_set():
            if child.alive:
                child.proc.kill()
            await child.proc.wait()
            await self._reap()
            raise RuntimeError(f"the bot process did not get ready:\n{self.output}")

    async def _read(self, child: _Child) -> None:
        stdout = child.proc.stdout
        assert stdout is not None
        async for raw in stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            if line.startswith(WARM_MARKER):
                child.warm.set()
                continue
            self.lines.append(line)
            if line.startswith(READY_MARKER):
                child.ready.set()

    async def _reap(self) -> None:
        """Collect the ended bot process: its exit code and the rest of its output."""
        child = self._child
        if child is None or child.alive:
            return
        if child.reader is not None:
            await asyncio.gather(child.reader, return_exceptions=True)
        code = child.proc.returncode
        assert code is not None
        self.exit_codes.append(code)
        self.lines.append(f"--- pid {child.proc.pid} ended with {code}")
        self._child = None


if __name__ == "__main__":
    main()
