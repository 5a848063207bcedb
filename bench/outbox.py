"""What the outbox costs, and how fast the dispatcher empties it. Prints figures; asserts nothing.

    .venv/bin/python -m bench.outbox

1. Outbox cost per move: the median time of the store's save of a move (a state of a few KB,
   its log row, one commit with its fsync) with the move's announcements (a board post and a
   DM, as a hidden-information game writes) against the same save without them, on a real
   SQLite file. Target: at most 1 ms added at the median.
2. Dispatcher throughput: entries delivered per second (a) with a delivery that does nothing
   (the dispatcher's and the store's own cost: claim, deliver, mark sent, each in order per
   lane) and (b) through the real bot and its herald into the local Discord stand-in
   (composing the text, drawing the TOKAN board, posting with a nonce over HTTP).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from data.clock import SystemClock
from data.outbox import Dispatcher
from data.store import Announcement, OutboxEntry, Store
from table.match import post

MOVES = 400
ENTRIES = 2000
LANES = 50
STATE = {"schema": 1, "state": {"cells": list(range(600)), "note": "x" * 2000}}
OVERHEAD_TARGET_MS = 1.0


async def save_times(store: Store, match_id: int, announce: bool) -> list[float]:
    version = await store.version_of(match_id) or 0
    times = []
    for _ in range(MOVES):
        notes = (
            [
                post("move", version + 1, seat=0, move="a1 up", description="moved a1 up"),
                Announcement("dm", {"seat": 1, "user": 2, "version": version + 1}),
            ]
            if announce
            else []
        )
        start = time.perf_counter()
        saved = await store.save_move(match_id, version, 0, "a1 up", STATE, announce=notes)
        times.append((time.perf_counter() - start) * 1000)
        version = saved.version
    return times


async def outbox_cost(folder: Path) -> tuple[float, float]:
    store = await Store.open(folder / "cost.sqlite3")
    try:
        match_id, _ = await store.create_match("tokan", 1, 1, 1, {}, 1)
        await store.start(match_id, 0, [1, 2], STATE)
        await save_times(store, match_id, False)  # warm up the file
        # Interleaved rounds, so a busy moment of the machine hits both alike.
        bare: list[float] = []
        with_outbox: list[float] = []
        for _ in range(3):
            bare += await save_times(store, match_id, False)
            with_outbox += await save_times(store, match_id, True)
        return statistics.median(bare), statistics.median(with_outbox)
    finally:
        await store.close()


async def dispatcher_rate(folder: Path) -> float:
    store = await Store.open(folder / "rate.sqlite3")
    try:
        for lane in range(LANES):
            await store.announce(
                None,
                [
                    Announcement("post", {"n": i}, lane=f"lane:{lane}")
                    for i in range(ENTRIES // LANES)
                ],
            )

        async def deliver(entry: OutboxEntry) -> None:
            await asyncio.sleep(0)

        dispatcher = Dispatcher(store, deliver)
        start = time.perf_counter()
        while await dispatcher.run_once():
            pass
        elapsed = time.perf_counter() - start
        return dispatcher.delivered / elapsed
    finally:
        await store.close()


async def stand_in_rate(folder: Path, posts: int = 60) -> float:
    """Board posts per second through the real bot, herald and Discord stand-in."""
    from app.application import build_bot
    from tests.fakediscord import FakeDiscord

    async with FakeDiscord(quiet=0.01) as fake:
        alice, bob = fake.add_member("alice"), fake.add_member("bob")
        channel = fake.channel("games")
        bot = build_bot(database=folder / "bot.sqlite3", clock=SystemClock())
        async with fake.running(bot):
            await fake.slash(alice, channel, "tokan new")
            await fake.slash(bob, channel, "tokan join")
            await fake.slash(alice, channel, "tokan start")
            match = await bot.service.current(channel.id, "tokan")
            version = match.version
            await bot.dispatcher.stop()  # queue the posts first, then time their delivery
            notes = [post("start", version) for _ in range(posts)]
            await bot.service.store.announce(match.id, notes)
            before = bot.dispatcher.delivered
            start = time.perf_counter()
            bot.dispatcher.start()
            while bot.dispatcher.delivered - before < posts:
                await asyncio.sleep(0.005)
            return posts / (time.perf_counter() - start)


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        bare, with_outbox = await outbox_cost(Path(folder))
        print(
            f"save of a move, median over {3 * MOVES}: {bare:.2f} ms without the outbox, "
            f"{with_outbox:.2f} ms with 2 announcements"
        )
        added = with_outbox - bare
        verdict = "ok" if added <= OVERHEAD_TARGET_MS else "OVER"
        print(
            f"outbox adds {added:+.3f} ms per move (target <= {OVERHEAD_TARGET_MS} ms): {verdict}"
        )
        rate = await dispatcher_rate(Path(folder))
        print(
            f"dispatcher, bare delivery: {rate:,.0f} entries/s ({ENTRIES} entries, {LANES} lanes)"
        )
        posts = await stand_in_rate(Path(folder))
        print(
            f"dispatcher, real herald into the Discord stand-in: {posts:,.1f} board posts/s "
            "(one lane: posts of one match go out in order, one at a time)"
        )


if __name__ == "__main__":
    asyncio.run(main())
