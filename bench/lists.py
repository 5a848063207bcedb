"""Statements and time to show a list of matches, for 1, 10 and 100 matches. Prints figures;
asserts nothing.

    .venv/bin/python -m bench.lists

A player in ``n`` running TOKAN matches (a default turn clock), and as many finished ones: what
``/tidetable mine`` reads (``TurnService.mine``), what ``/hands`` reads (the running matches,
then all of them at once), and what a leaderboard or ``/tidetable stats`` reads (the rating
table), each on a freshly opened bot (cold: nothing cached) and then again (warm), on a real
SQLite file. Target (issue 29): the same number of statements whatever the number of matches.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from cogs.history import ratings
from data.clock import SystemClock
from data.store import Store
from rules.registry import GAMES
from table.service import MatchService
from tests.support.reads import counted_reads

GAME, GUILD = "tokan", 1
ALICE, BOB = 100, 200
SIZES = (1, 10, 100)


async def fill(path: Path, count: int) -> None:
    store = await Store.open(path, SystemClock())
    try:
        service = MatchService(store, GAMES)
        for channel in range(10, 10 + 2 * count):
            await service.create(GAME, GUILD, channel, ALICE, {}, clock="72h")
            await service.join(channel, GAME, BOB)
            await service.start(channel, GAME, ALICE)
            if channel % 2:  # every other one finished: a resignation
                await service.resign(channel, GAME, BOB)
    finally:
        await store.close()


async def mine(service: MatchService) -> None:
    await service.turns.mine(ALICE)


async def hands(service: MatchService) -> None:
    await service.by_ids(await service.store.running_matches_of(ALICE))


async def leaderboard(service: MatchService) -> None:
    (await ratings(service.store)).leaderboard(GAME, GUILD, 10)


async def measure(path: Path, read: Callable[[MatchService], Awaitable[None]]) -> list[str]:
    store = await Store.open(path, SystemClock())
    try:
        service = MatchService(store, GAMES)
        reads = counted_reads(store)
        cells = []
        for _ in ("cold", "warm"):
            reads.clear()
            began = time.perf_counter()
            await read(service)
            cells.append(f"{len(reads):>3} st {(time.perf_counter() - began) * 1000:>6.1f} ms")
        return cells
    finally:
        await store.close()


async def main() -> None:
    print("statements and ms to read a list (SQLite), cold then warm")
    print(f"{'list':>12} {'matches':>7} {'cold':>16} {'warm':>16}")
    with tempfile.TemporaryDirectory() as folder:
        for size in SIZES:
            path = Path(folder) / f"lists-{size}.sqlite3"
            await fill(path, size)
            for read in (mine, hands, leaderboard):
                cold, warm = await measure(path, read)
                print(f"{read.__name__:>12} {size:>7} {cold:>16} {warm:>16}", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
