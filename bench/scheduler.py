"""What the turn clock costs. Prints figures; asserts nothing.

    .venv/bin/python -m bench.scheduler

1. The scheduler with 10,000 open matches with clocks (TOKAN, 72h each, every decision begun at
   a random moment of the last 72 hours, so deadlines and reminders are spread over the next 72):
   the time to find the due rows (``due`` and ``next_due`` on the partial index), and one hour
   of manual time run through the real scheduler and match service: wake-ups per hour, rows
   carried out (timeouts played and saved, reminders written to the outbox) and the wall time
   per row.
2. `/tidetable mine` for a player seated in 100 open matches: the service's answer, cold (states
   decoded from JSON) and warm (cached).
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from data.clock import ManualClock, iso
from data.clockrows import Prefs
from data.store import Store
from rules.registry import GAMES
from table.scheduler import Scheduler
from table.service import MatchService
from table.turnclock import CLOCKS, HOUR, decision_timers

MATCHES = 10_000
MINE = 100
CLOCK = CLOCKS["72h"]


async def fill(store: Store, matches: int, first_user: int, seat_user: int | None = None) -> None:
    """``matches`` active TOKAN matches written straight into the tables (the service would
    take minutes to start ten thousand), each with the timers of its current decision."""
    game = GAMES["tokan"]
    draw = random.Random(matches)
    now = store.clock.now()
    state = game.setup(2, {"scoring": "towers"}, 1)
    dumped = json.dumps(game.dump_state(state), separators=(",", ":"))
    seat = game.to_act(state)[0]
    async with store._transaction() as db:
        async with db.execute("SELECT COALESCE(MAX(id), 0) FROM matches") as cursor:
            row = await cursor.fetchone()
        base = int(row[0]) if row else 0
        for i in range(matches):
            match_id = base + i + 1
            users = (seat_user or first_user + 2 * i, first_user + 2 * i + 1)
            await db.execute(
                "INSERT INTO matches (id, game, guild_id, channel_id, creator_id, status, options,"
                " seed, state, version, created_at, updated_at, clock) VALUES"
                " (?, 'tokan', 1, ?, ?, 'active', ?, 1, ?, 2, ?, ?, ?)",
                (
                    match_id,
                    10_000_000 + match_id,
                    users[0],
                    json.dumps({"scoring": "towers"}),
                    dumped,
                    iso(now),
                    iso(now),
                    CLOCK,
                ),
            )
            await db.executemany(
                "INSERT INTO seats (match_id, user_id, joined, seat) VALUES (?, ?, ?, ?)",
                [(match_id, u, s, s) for s, u in enumerate(users)],
            )
            begun = now - draw.random() * CLOCK
            rows = decision_timers(seat, Prefs(users[seat]), 2, begun, CLOCK, False, False)
            await db.executemany(
                "INSERT INTO timers (match_id, user_id, seat, kind, detail, decision, due_at,"
                " begun) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (match_id, t.user_id, t.seat, t.kind, t.detail, t.decision, t.due_at, begun)
                    for t in rows
                    if t.due_at > now  # what had fallen due was carried out already
                ],
            )


async def scheduler_bench(folder: Path) -> None:
    clock = ManualClock()
    store = await Store.open(folder / "clock.sqlite3", clock)
    service = MatchService(store, GAMES)
    started = time.perf_counter()
    await fill(store, MATCHES, 1_000_000)
    print(f"filled {MATCHES} matches in {time.perf_counter() - started:.1f} s")
    pending = await store._read("SELECT COUNT(*) FROM timers WHERE status = 'pending'")
    print(f"pending timer rows: {pending[0][0]}")

    clocks = service.turns.clocks
    times = []
    for _ in range(200):
        begin = time.perf_counter()
        await clocks.next_due()
        await clocks.due(clock.now())
        times.append((time.perf_counter() - begin) * 1000)
    print(f"find due rows (next_due + due, nothing due): median {statistics.median(times):.3f} ms")
    clock.advance(HOUR)
    times = []
    for _ in range(50):
        begin = time.perf_counter()
        found = await clocks.due(clock.now(), 64)
        times.append((time.perf_counter() - begin) * 1000)
    print(
        f"find due rows (one hour's worth due, a batch of {len(found)}): "
        f"median {statistics.median(times):.3f} ms"
    )
    clock.set(clock.now() - HOUR)

    # One hour of manual time: the scheduler sleeps until each next row, as its task does.
    scheduler = Scheduler(service.turns)
    end = clock.now() + HOUR
    wakeups, begin = 0, time.perf_counter()
    while True:
        upcoming = await clocks.next_due()
        if upcoming is None or upcoming > end:
            break
        clock.set(max(upcoming, clock.now()))
        wakeups += 1
        while await scheduler.run_once():
            pass
    spent = time.perf_counter() - begin
    handled = scheduler.handled
    kinds = await store._read(
        "SELECT kind, COUNT(*) FROM timers WHERE status = 'done' GROUP BY kind ORDER BY kind"
    )
    print(
        f"one hour with {MATCHES} matches: {wakeups} wake-ups, {handled} rows carried out "
        f"({', '.join(f'{k} {n}' for k, n in kinds)}), {spent:.2f} s of work "
        f"({spent / max(handled, 1) * 1000:.1f} ms per row)"
    )
    await store.close()


async def mine_bench(folder: Path) -> None:
    clock = ManualClock()
    store = await Store.open(folder / "mine.sqlite3", clock)
    await fill(store, MINE, 5_000_000, seat_user=42)
    service = MatchService(store, GAMES)
    begin = time.perf_counter()
    listed = await service.turns.mine(42)
    cold = (time.perf_counter() - begin) * 1000
    times = []
    for _ in range(20):
        begin = time.perf_counter()
        await service.turns.mine(42)
        times.append((time.perf_counter() - begin) * 1000)
    print(
        f"mine for a player in {len(listed)} matches: cold {cold:.1f} ms, "
        f"warm median {statistics.median(times):.1f} ms"
    )
    await store.close()


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        await scheduler_bench(Path(folder))
        await mine_bench(Path(folder))


if __name__ == "__main__":
    asyncio.run(main())
