"""Lists read as sets: showing a player's open matches (`/tidetable mine`, `/hands`) or a
leaderboard takes the same number of statements for 1, 10 or 100 matches, cold (a bot just
started) and warm (states cached)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from cogs.history import ratings
from data.clock import ManualClock
from data.store import Store
from table.service import MatchService
from tests.support.nim import Nim
from tests.support.reads import counted_reads

GUILD = 1
ALICE, BOB = 100, 200
SIZES = (1, 10, 100)


async def with_matches(path: Path, count: int, *, finished: bool) -> None:
    """``count`` Nim matches of Alice and Bob, running (or, ``finished``, resigned by Bob)."""
    store = await Store.open(path, ManualClock())
    try:
        service = MatchService(store, {"nim": Nim()})
        for channel in range(10, 10 + count):
            await service.create("nim", GUILD, channel, ALICE, {}, clock="24h")
            await service.join(channel, "nim", BOB)
            await service.start(channel, "nim", ALICE)
            if finished:
                await service.resign(channel, "nim", BOB)
    finally:
        await store.close()


async def statements(
    path: Path, read: Callable[[MatchService], Awaitable[int]]
) -> tuple[int, int, int]:
    """The statements of ``read`` on a freshly opened bot (cold), then again (warm), and how
    many matches it read."""
    store = await Store.open(path, ManualClock())
    try:
        service = MatchService(store, {"nim": Nim()})
        reads = counted_reads(store)
        listed = await read(service)
        cold = len(reads)
        reads.clear()
        await read(service)
        return cold, len(reads), listed
    finally:
        await store.close()


async def mine(service: MatchService) -> int:
    return len(await service.turns.mine(ALICE))


async def hands(service: MatchService) -> int:
    # What `/hands` reads (cogs/hands.py): the running matches, then all of them at once.
    return len(await service.by_ids(await service.store.running_matches_of(ALICE)))


async def leaderboard(service: MatchService) -> int:
    table = await ratings(service.store)
    return len(table.leaderboard("nim", GUILD, 10))


async def test_mine_and_hands_read_the_same_statements_for_1_10_and_100_matches(
    tmp_path: Path,
) -> None:
    paths = {size: tmp_path / f"running-{size}.sqlite3" for size in SIZES}
    for size, path in paths.items():
        await with_matches(path, size, finished=False)
    for read in (mine, hands):
        counts = []
        for size, path in paths.items():
            cold, warm, listed = await statements(path, read)
            assert listed == size
            counts.append((cold, warm))
        assert len(set(counts)) == 1, f"{read.__name__}: {dict(zip(SIZES, counts, strict=True))}"
        assert counts[0][0] <= 6, counts  # a handful, whatever the number


async def test_the_leaderboard_reads_the_same_statements_for_1_10_and_100_matches(
    tmp_path: Path,
) -> None:
    counts = []
    for size in SIZES:
        path = tmp_path / f"board-{size}.sqlite3"
        await with_matches(path, size, finished=True)
        cold, warm, listed = await statements(path, leaderboard)
        assert listed == 2  # Alice and Bob
        counts.append((cold, warm))
    assert len(set(counts)) == 1, dict(zip(SIZES, counts, strict=True))
