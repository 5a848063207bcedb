"""The bot's memory with many open matches, each drawn once. Prints figures; asserts nothing.

    .venv/bin/python -m bench.memory                       # 10,000 matches, 2 picture workers
    .venv/bin/python -m bench.memory --matches 2000 --workers 0

The real bot (``build_bot``) runs against the Discord stand-in on a SQLite file holding
``--matches`` open matches of all five games (written straight into the tables: starting ten
thousand through the service would take many minutes), each two or three players named in the
stand-in. Every match is then read through the match service and its public board drawn once,
as a move's post draws it (``GameTable.board_file``: the picture in the picture pool, its alt
text in a thread), ``--concurrency`` at a time. The resident memory of the bot's process
(``VmRSS``) is read before and after; the picture workers' memory is counted apart.

Target (issue 29): the bot's process under 200 MB after 10,000 matches drawn once.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import tempfile
import time
from pathlib import Path

from app.application import build_bot
from data.clock import SystemClock
from data.store import Store
from rules.registry import GAMES
from tests.fakediscord import FakeDiscord
from tests.support.processes import children

MATCHES = 10_000
CONCURRENCY = 8
TARGET_MB = 200.0
PLAYERS = {"tokan": 2, "tonari": 2, "fishing": 3, "toshi": 3, "tonga": 3}
MEMBERS = 60  # players are drawn from this many members of the stand-in's server


def rss_mb(pid: int | None = None) -> float:
    """The resident memory of ``pid`` (this process by default), in MB."""
    status = Path(f"/proc/{pid or os.getpid()}/status").read_text()
    line = next(x for x in status.splitlines() if x.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


async def fill(path: Path, count: int, guild_id: int, members: list[int]) -> list[int]:
    """``count`` open matches written into a fresh database; their ids."""
    store = await Store.open(path, SystemClock())
    keys = list(PLAYERS)
    ids = []
    try:
        async with store._transaction() as db:
            for index in range(count):
                key = keys[index % len(keys)]
                game, players = GAMES[key], PLAYERS[key]
                options = game.spec.resolve_options({})
                state = game.setup(players, options, index + 1)
                users = [members[(index + s) % len(members)] for s in range(players)]
                row = await db.fetchone(
                    "INSERT INTO matches (game, guild_id, channel_id, creator_id, status, options,"
                    " seed, state, version, created_at, updated_at, clock) VALUES"
                    " (?, ?, ?, ?, 'active', ?, ?, ?, 1, '2026-01-01', '2026-01-01', 0)"
                    " RETURNING id",
                    (
                        key,
                        guild_id,
                        10_000_000 + index,
                        users[0],
                        json.dumps(options),
                        index + 1,
                        json.dumps(game.dump_state(state), separators=(",", ":")),
                    ),
                )
                match_id = int(row[0])
                await db.executemany(
                    "INSERT INTO seats (match_id, user_id, joined, seat) VALUES (?, ?, ?, ?)",
                    [(match_id, u, s, s) for s, u in enumerate(users)],
                )
                ids.append(match_id)
    finally:
        await store.close()
    return ids


async def run(count: int, workers: int, concurrency: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.sqlite3"
        async with FakeDiscord(quiet=0.02) as fake:
            members = [fake.add_member(f"player{i}").id for i in range(MEMBERS)]
            began = time.perf_counter()
            ids = await fill(path, count, fake.guild_id, members)
            print(f"{count} open matches written in {time.perf_counter() - began:.1f} s")
            bot = build_bot(database=path, clock=SystemClock(), render_workers=workers)
            async with fake.running(bot):
                gc.collect()
                start = rss_mb()
                drawn = 0
                began = time.perf_counter()
                queue = iter(ids)

                async def draw() -> None:
                    nonlocal drawn
                    for match_id in queue:
                        match = await bot.service.by_id(match_id)
                        cog = bot.game_cog(match.row.game)
                        names = await bot.people.names(match.row.guild_id, match.players)
                        await cog.board_file(match, names, f"board-{match_id}.png")  # type: ignore[attr-defined]
                        drawn += 1

                await asyncio.gather(*(draw() for _ in range(concurrency)))
                seconds = time.perf_counter() - began
                gc.collect()
                end = rss_mb()
                pool = [p for p in children(os.getpid()) if p.worker]
                worker_mb = sum(rss_mb(p.pid) for p in pool)
        verdict = "ok" if end < TARGET_MB else "OVER"
        print(
            f"{'matches':>8} {'workers':>7} {'drawn/s':>8} {'bot MB before':>13}"
            f" {'bot MB after':>12} {'target':>7} {'ok':>4} {'workers MB':>10}"
        )
        print(
            f"{count:>8} {workers:>7} {drawn / seconds:>8.0f} {start:>13.1f} {end:>12.1f}"
            f" {'< ' + str(int(TARGET_MB)):>7} {verdict:>4} {worker_mb:>10.1f}"
            f"  ({len(pool)} workers)"
        )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=MATCHES)
    parser.add_argument("--workers", type=int, default=2, help="picture workers (0: a thread)")
    parser.add_argument("--concurrency", type=int, default=CONCURRENCY)
    args = parser.parse_args()
    await run(args.matches, args.workers, args.concurrency)


if __name__ == "__main__":
    asyncio.run(main())
