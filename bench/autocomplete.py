"""Autocomplete under load: its p99 against the p99 of a command that answers at once. Prints
figures; asserts nothing.

    .venv/bin/python -m bench.autocomplete                  # SQLite, and PostgreSQL if reachable
    .venv/bin/python -m bench.autocomplete --backend sqlite --seconds 30 --think 1.0

The real bot (``build_bot``, every cog, its dispatcher posting boards, its turn-clock
scheduler) runs against the local Discord stand-in (tests/fakediscord) through the real
discord.py client. 50 players play 25 TOKAN matches, one channel each: every player, after a
pause to think (uniform in 0..2×``--think`` seconds), asks autocomplete for ``/tokan move``
(timed) and, when it is their turn, sends the first suggestion with ``/tokan move``; a match
that ends is opened again in its channel. Meanwhile one more member sends ``/echo`` (a bench
cog, bench/echo_cog.py, that answers at once) every ``--echo-every`` seconds, timed the same
way: from sending the interaction to the bot's first answer reaching the stand-in.

Target (issue 14): autocomplete p99 at most twice the echo's p99 under the same load. With
DATABASE_URL-style targets the bot runs on PostgreSQL (a fresh schema, dropped afterwards).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import secrets
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.application import Tidetable, build_bot
from bench.scale import postgres_reachable
from data.clock import SystemClock
from tests.e2e.driver import open_match
from tests.fakediscord import FakeDiscord

MATCHES = 25
SECONDS = 20.0
THINK = 1.0
ECHO_EVERY = 0.05
WARMUP = 2.0
TARGET = 2.0
MOVE_VALUE = re.compile(r"^v\d+\|")  # a suggestion's value: the version, then the move


@dataclass
class Load:
    auto_ms: list[float] = field(default_factory=list)
    echo_ms: list[float] = field(default_factory=list)
    moves: int = 0
    restarts: int = 0
    failed: list[str] = field(default_factory=list)
    seconds: float = 0.0
    measuring: bool = False
    stop: bool = False


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def answered(
    fake: FakeDiscord, user: Any, channel: Any, path: str, **options: Any
) -> tuple[float, Any]:
    """A slash command sent, timed until the bot's first answer (its acknowledgement: the
    echo's message, a move's deferral), then waited for until its reply; no waiting for the
    whole stand-in to fall quiet, which under load it never does."""
    rec = fake._new_interaction(2, user, channel)
    data = fake._command_data(path, options, focused=None)
    began = time.perf_counter()
    await fake._dispatch_interaction(rec, data)
    await fake._wait(rec, rec.attempted, fake.ack_timeout)
    first = (time.perf_counter() - began) * 1000
    if rec.type == 5:
        await fake._wait(rec, rec.replied, fake.reply_timeout)
    return first, rec


async def play(
    fake: FakeDiscord,
    bot: Tidetable,
    table: dict[str, Any],
    me: int,
    load: Load,
    seed: int,
    think: float,
) -> None:
    """One player: think, look at the suggestions, move when it is their turn."""
    draw = random.Random(seed)
    user = table["users"][me]
    channel = table["channel"]
    while not load.stop:
        await asyncio.sleep(draw.uniform(0, 2 * think))
        if load.stop:
            return
        began = time.perf_counter()
        choices = await fake.autocomplete(user, channel, "tokan move", focused="move", move="")
        took = (time.perf_counter() - began) * 1000
        if choices.error:
            load.failed.append(f"autocomplete: {choices.error}")
            continue
        if load.measuring:
            load.auto_ms.append(took)
        moves = [c["value"] for c in choices if MOVE_VALUE.match(str(c["value"]))]
        if moves:
            _, rec = await answered(fake, user, channel, "tokan move", move=moves[0])
            if rec.error:
                load.failed.append(f"move: {rec.error}")
            load.moves += load.measuring
            await restart_if_over(fake, bot, table, load)
        elif "no open match" in (choices[0]["name"] if choices else ""):
            await restart_if_over(fake, bot, table, load)


async def restart_if_over(
    fake: FakeDiscord, bot: Tidetable, table: dict[str, Any], load: Load
) -> None:
    async with table["lock"]:
        latest = await bot.service.latest(table["channel"].id)
        if latest is not None and latest.status in ("lobby", "active"):
            return
        await open_match(fake, bot, "tokan", table["channel"], table["users"])
        load.restarts += 1


async def echo(fake: FakeDiscord, user: Any, channel: Any, load: Load, every: float) -> None:
    while not load.stop:
        await asyncio.sleep(every)
        took, rec = await answered(fake, user, channel, "echo", text="ping")
        if rec.error:
            load.failed.append(f"echo: {rec.error}")
        elif load.measuring:
            load.echo_ms.append(took)


def with_echo(bot: Tidetable) -> Tidetable:
    """The bot with the bench's /echo cog loaded before its commands are synced."""
    original = bot.setup_hook

    async def setup_hook() -> None:
        await bot.load_extension("bench.echo_cog")
        await original()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def run(database: str | Path, seconds: float, every: float, think: float) -> Load:
    load = Load()
    async with FakeDiscord(quiet=0.02) as fake:
        channels = [fake.add_channel(f"table-{i}") for i in range(MATCHES)]
        players = [fake.add_member(f"player{i}") for i in range(2 * MATCHES)]
        watcher = fake.add_member("watcher")
        bot = with_echo(build_bot(database=database, clock=SystemClock()))
        async with fake.running(bot):
            tables = []
            for i, channel in enumerate(channels):
                users = players[2 * i : 2 * i + 2]
                await open_match(fake, bot, "tokan", channel, users)
                tables.append({"channel": channel, "users": users, "lock": asyncio.Lock()})
            tasks = [
                asyncio.create_task(play(fake, bot, table, me, load, 100 * i + me, think))
                for i, table in enumerate(tables)
                for me in (0, 1)
            ]
            tasks.append(asyncio.create_task(echo(fake, watcher, channels[0], load, every)))
            await asyncio.sleep(WARMUP)
            load.measuring = True
            began = time.perf_counter()
            await asyncio.sleep(seconds)
            load.measuring = False
            load.seconds = time.perf_counter() - began
            load.stop = True
            await asyncio.gather(*tasks)
    return load


def report(backend: str, load: Load) -> None:
    auto99, echo99 = percentile(load.auto_ms, 0.99), percentile(load.echo_ms, 0.99)
    ratio = auto99 / echo99 if echo99 else float("nan")
    seconds = load.seconds or 1.0
    verdict = "ok" if ratio <= TARGET else "OVER"
    print(
        f"{backend:>10} {len(load.auto_ms):>6} {percentile(load.auto_ms, 0.5):>8.1f}"
        f" {auto99:>8.1f} {len(load.echo_ms):>6} {percentile(load.echo_ms, 0.5):>8.1f}"
        f" {echo99:>8.1f} {ratio:>6.2f} {'<= 2':>6} {verdict:>4}"
        f" {load.moves / seconds:>7.1f} {load.restarts:>8}"
    )
    if load.failed:
        kinds = sorted({f.split(":")[0] for f in load.failed})
        print(f"    {len(load.failed)} interactions failed ({', '.join(kinds)}): {load.failed[0]}")


async def main(args: argparse.Namespace) -> None:
    backends = [args.backend] if args.backend else ["sqlite", "postgresql"]
    print(
        f"{2 * MATCHES} players in {MATCHES} TOKAN matches, think 0..{2 * args.think:.1f} s,"
        f" /echo every {args.echo_every * 1000:.0f} ms, {args.seconds:.0f} s measured"
    )
    print(
        f"{'backend':>10} {'auto n':>6} {'auto p50':>8} {'auto p99':>8} {'echo n':>6}"
        f" {'echo p50':>8} {'echo p99':>8} {'ratio':>6} {'target':>6} {'ok':>4}"
        f" {'moves/s':>7} {'restarts':>8}"
    )
    for backend in backends:
        if backend == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                load = await run(
                    Path(folder) / "bot.sqlite3", args.seconds, args.echo_every, args.think
                )
            report(backend, load)
            continue
        why = await postgres_reachable(args.url)
        if why:
            print(f"postgresql: skipped, no server reachable ({why})")
            continue
        import asyncpg

        # The bot takes a URL only (DATABASE_URL); a search_path in it puts every table in a
        # schema of the bench's own (asyncpg passes the URL's parameters on as settings).
        schema = f"bench_{secrets.token_hex(5)}"
        conn = await asyncpg.connect(args.url)
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        try:
            joiner = "&" if "?" in args.url else "?"
            target = f"{args.url}{joiner}search_path={schema}"
            load = await run(target, args.seconds, args.echo_every, args.think)
            report(backend, load)
        finally:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
            await conn.close()


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.autocomplete", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument(
        "--url",
        default=os.environ.get("TEST_DATABASE_URL", "").strip(),
        help="PostgreSQL URL (default: TEST_DATABASE_URL)",
    )
    parser.add_argument("--backend", choices=("sqlite", "postgresql"))
    parser.add_argument("--seconds", type=float, default=SECONDS)
    parser.add_argument("--think", type=float, default=THINK, help="players' mean pause (s)")
    parser.add_argument("--echo-every", type=float, default=ECHO_EVERY)
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(arguments(sys.argv[1:])))
