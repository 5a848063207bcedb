"""Moves per second at 1, 10 and 100 concurrent matches, against the floor. Prints figures;
asserts nothing.

    .venv/bin/python -m bench.scale                      # SQLite, and PostgreSQL if reachable
    .venv/bin/python -m bench.scale --url postgresql://postgres@127.0.0.1:5432/test
    .venv/bin/python -m bench.scale --backend sqlite --concurrency 100 --profile

The measured side: real TOKAN matches (2 players, one channel each, the default turn clock)
played through ``MatchService.move``; the players alternate, each choosing the first of their
suggestions (``game.suggest``, in memory, so only the move itself is timed). A match that ends
is replaced by one started beforehand in another channel (started outside the timed window),
so a finished game costs the window nothing; ``restarts`` counts the matches that had to be
started inside the window when a worker ran out of reserve ones; ``refused`` the legal moves
the service refused (it read an older version of the match than the worker's previous move had
saved: a stale read), which are not counted as moves.

The floor: the same writes as a move, as a bare transaction through the same ``Database``
layer (``data/sql.py``) on the same back-end at the same concurrency: the version-checked
UPDATE of ``matches`` with a TOKAN state of the same size, the INSERT into ``moves``, the turn
clock's UPDATE voiding the decision's timers and INSERT of the next decision's four (deadline,
two reminders, turn notice), and the INSERT of the move's one outbox entry with its id back.
Nothing else: no reads, no rules, no JSON beyond a prepared string.

Each side runs ``--rounds`` times at each concurrency, alternating which goes first, and the
median run is shown: on a machine shared with other work, a busy moment then hits both alike.

Target (issue 14): at 100 concurrent matches the service's moves/s is at least 0.7 of the
floor's, on both back-ends. CPU s/move is this process's CPU time (``time.process_time``,
SQLite's threads included; PostgreSQL's server is another process and is not counted).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import math
import os
import pstats
import secrets
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from data.clock import SystemClock, iso
from data.sql import PostgresTx, SqliteDatabase, SqliteTx
from data.store import Store
from rules.errors import PlayerError
from rules.registry import GAMES
from table.service import MatchService

GAME = "tokan"
CONCURRENCY = (1, 10, 100)
SECONDS = 3.0
ROUNDS = 3
WARMUP_SECONDS = 0.5
TARGET = 0.7
# The shortest TOKAN game seen with first-suggestion play is 17 moves: reserve matches are
# counted with a margin below it.
SHORTEST_GAME = 12
GUILD = 1


class Refused(Exception):
    """A step that did not make a move (it is not counted)."""


class Switch(Protocol):
    """Something on during the timed window only (a profiler, a census)."""

    def enable(self) -> None: ...

    def disable(self) -> None: ...


@dataclass
class Figures:
    """One run: every move's latency (ms), moves done in the window, its length, CPU used."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    seconds: float = 0.0
    cpu: float = 0.0
    restarts: int = 0
    refused: int = 0

    @property
    def rate(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def percentile(self, fraction: float) -> float:
        if not self.latencies:
            return math.nan
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

    @property
    def cpu_per_move_ms(self) -> float:
        return 1000 * self.cpu / self.moves if self.moves else math.nan


# -- where the database lives ------------------------------------------------------------------
@contextlib.asynccontextmanager
async def place(backend: str, url: str, folder: Path) -> AsyncIterator[Store]:
    """A fresh store: a new SQLite file, or a new PostgreSQL schema dropped afterwards."""
    if backend == "sqlite":
        store = await Store.open(folder / f"scale-{secrets.token_hex(4)}.sqlite3", SystemClock())
        try:
            yield store
        finally:
            await store.close()
        return
    import asyncpg

    schema = f"bench_{secrets.token_hex(5)}"
    store = await Store.open(url, SystemClock(), schema=schema)
    try:
        yield store
    finally:
        await store.close()
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()


async def postgres_reachable(url: str) -> str | None:
    """None if a server answers at ``url``, else why not (one line)."""
    if not url:
        return "no URL (set TEST_DATABASE_URL or pass --url)"
    try:
        import asyncpg

        conn = await asyncpg.connect(url, timeout=5)
        await conn.close()
    except Exception as error:
        return f"{url.split('@')[-1]}: {type(error).__name__}: {error}"
    return None


# -- the timed window --------------------------------------------------------------------------
async def run_window(
    workers: int,
    step: Callable[[int], Awaitable[None]],
    seconds: float,
    profiler: Switch | None = None,
) -> Figures:
    """``workers`` tasks each calling ``step(worker)`` in a loop: a short warm-up, then the
    window. Every step that ends inside the window is counted; the window closes when the
    last step begun in it has ended. ``profiler`` runs during the window only."""
    figures = Figures()
    measuring = False
    stop = False

    async def loop(worker: int) -> None:
        while not stop:
            began = time.perf_counter()
            try:
                await step(worker)
            except Refused:
                continue
            if measuring:
                figures.latencies.append((time.perf_counter() - began) * 1000)

    tasks = [asyncio.create_task(loop(w)) for w in range(workers)]
    try:
        await asyncio.sleep(WARMUP_SECONDS)
        measuring = True
        wall, cpu = time.perf_counter(), time.process_time()
        if profiler:
            profiler.enable()
        await asyncio.sleep(seconds)
        stop = True
        await asyncio.gather(*tasks)
        if profiler:
            profiler.disable()
        figures.seconds = time.perf_counter() - wall
        figures.cpu = time.process_time() - cpu
    finally:
        stop = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    figures.moves = len(figures.latencies)
    return figures


# -- the service side ---------------------------------------------------------------------------
class Tables:
    """The concurrent matches: worker ``w`` plays one match at a time, in channels of its own;
    a finished match is replaced by the next started one in its reserve."""

    def __init__(self, service: MatchService, workers: int, reserve: int) -> None:
        self.service = service
        self.workers = workers
        self.reserve = reserve
        self.queues: list[list[int]] = [[] for _ in range(workers)]
        self.current: list[Any] = [None] * workers
        self.channel: list[int] = [0] * workers
        self.next_channel = 1000
        self.restarts = 0
        self.refused = 0

    async def start_match(self, worker: int) -> tuple[int, Any]:
        channel = self.next_channel
        self.next_channel += 1
        first, second = 10_000 + 2 * channel, 10_001 + 2 * channel
        await self.service.create(GAME, GUILD, channel, first, {})
        await self.service.join(channel, GAME, second)
        done = await self.service.start(channel, GAME, first)
        return channel, done.match

    async def prepare(self) -> None:
        for worker in range(self.workers):
            for _ in range(self.reserve):
                channel, _ = await self.start_match(worker)
                self.queues[worker].append(channel)
            await self.advance(worker, counted=False)

    async def advance(self, worker: int, counted: bool = True) -> None:
        if self.queues[worker]:
            channel = self.queues[worker].pop(0)
            self.channel[worker] = channel
            self.current[worker] = await self.service.current(channel, GAME)
        else:
            if counted:
                self.restarts += 1
            self.channel[worker], self.current[worker] = await self.start_match(worker)

    async def step(self, worker: int) -> None:
        match = self.current[worker]
        user = match.to_act()[0]
        seat = match.seat_of(user)
        text = match.game.suggest(match.state, seat, "")[0]
        try:
            result = await self.service.move(self.channel[worker], GAME, user, text)
        except PlayerError:
            # A legal move refused: the service read an older version of the match than the
            # one this worker's last move saved (see ``refused`` in the table). Not a move;
            # the worker tries again.
            self.refused += 1
            raise Refused from None
        self.current[worker] = result.after
        if result.after.status != "active":
            await self.advance(worker)


async def service_run(
    store: Store,
    workers: int,
    seconds: float,
    expected_rate: float,
    profiler: Switch | None = None,
) -> Figures:
    seeds = iter(range(1, 1_000_000))
    service = MatchService(store, {GAME: GAMES[GAME]}, new_seed=lambda: next(seeds))
    # Enough started matches that no worker should run out inside the window (the floor's
    # rate bounds the service's); any that do start one in place, counted as restarts.
    moves_each = expected_rate * (seconds + WARMUP_SECONDS) / workers
    tables = Tables(service, workers, reserve=2 + math.ceil(moves_each / SHORTEST_GAME))
    await tables.prepare()
    figures = await run_window(workers, tables.step, seconds, profiler)
    figures.restarts = tables.restarts
    figures.refused = tables.refused
    return figures


# -- the floor ----------------------------------------------------------------------------------
def sample_state() -> str:
    """A TOKAN state from the middle of a game, as the store writes it."""
    game = GAMES[GAME]
    state = game.setup(2, game.spec.resolve_options({}), 1)
    for _ in range(10):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.parse(state, game.suggest(state, seat, "")[0]))
    return json.dumps(game.dump_state(state), separators=(",", ":"))


SAMPLE_POST = json.dumps(
    {
        "event": "move",
        "version": 12,
        "seat": 0,
        "move": "b1 up",
        "description": "Red moved the jackal from b1 up to b3, covering a black lion (that stack"
        " is now 2 high). Nothing could slide in behind it: b1 stays a permanent gap.",
        "forced": [],
        "clock": {"deadlines": {"1": 1796356449}},
    }
)
CLOCK = 72 * 3600.0  # the default turn clock (table/turnclock.py DEFAULT_CLOCK)


async def floor_run(
    store: Store, workers: int, seconds: float, profiler: Switch | None = None
) -> Figures:
    state = sample_state()
    ids, versions = [], []
    for worker in range(workers):
        channel = 1000 + worker
        match_id, _ = await store.create_match(GAME, GUILD, channel, 1, {}, 1, clock=int(CLOCK))
        await store.start(match_id, 0, [2 * channel, 2 * channel + 1], json.loads(state))
        ids.append(match_id)
        versions.append(1)
    db = store.db

    async def step(worker: int) -> None:
        match_id, version = ids[worker], versions[worker]
        seat = version % 2
        user = 2 * (1000 + worker) + (1 - seat)
        now = time.time()
        async with db.transaction() as tx:
            changed = await tx.execute(
                "UPDATE matches SET version = version + ?, updated_at = ?, state = ?"
                " WHERE id = ? AND version = ?",
                (1, iso(now), state, match_id, version),
            )
            if changed != 1:
                raise RuntimeError("the floor's match changed under it")
            await tx.executemany(
                "INSERT INTO moves (match_id, version, seat, move, at) VALUES (?, ?, ?, ?, ?)",
                [(match_id, version + 1, seat, "b1 up", iso(now))],
            )
            await tx.execute(
                "UPDATE timers SET status = 'void', done_at = ? WHERE match_id = ? AND seat IN"
                " (?, ?) AND status IN ('pending', 'paused') AND kind IN ('deadline',"
                " 'reminder', 'turn')",
                (now, match_id, 0, 1),
            )
            await tx.executemany(
                "INSERT INTO timers (match_id, user_id, seat, kind, detail, decision, due_at,"
                " begun, status, remaining) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        match_id,
                        user,
                        1 - seat,
                        kind,
                        detail,
                        version + 1,
                        now + at,
                        now,
                        "pending",
                        None,
                    )
                    for kind, detail, at in (
                        ("deadline", "", CLOCK),
                        ("reminder", "half", CLOCK / 2),
                        ("reminder", "hour", CLOCK - 3600),
                        ("turn", "", 300.0),
                    )
                ],
            )
            await tx.fetchone(
                "INSERT INTO outbox (lane, match_id, kind, payload, created_at, due_at)"
                " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (f"match:{match_id}", match_id, "post", SAMPLE_POST, now, now),
            )
        versions[worker] = version + 1

    return await run_window(workers, step, seconds, profiler)


# -- the table ----------------------------------------------------------------------------------
COLUMNS = (
    ("backend", 10),
    ("conc", 5),
    ("moves/s", 8),
    ("p50 ms", 7),
    ("p99 ms", 7),
    ("floor/s", 8),
    ("fl p50", 7),
    ("fl p99", 7),
    ("ratio", 6),
    ("target", 6),
    ("ok", 4),
    ("cpu ms/mv", 9),
    ("fl cpu ms", 9),
    ("restarts", 8),
    ("refused", 7),
)


def line(cells: tuple[str, ...]) -> str:
    return " ".join(f"{cell:>{width}}" for cell, (_, width) in zip(cells, COLUMNS, strict=True))


def row(backend: str, workers: int, moves: Figures, floor: Figures) -> str:
    ratio = moves.rate / floor.rate if floor.rate else math.nan
    # The target is set at 100 concurrent matches; at lower concurrency the ratio is shown
    # for the trend only.
    judged = workers == max(CONCURRENCY)
    return line(
        (
            backend,
            str(workers),
            f"{moves.rate:.0f}",
            f"{moves.percentile(0.5):.2f}",
            f"{moves.percentile(0.99):.2f}",
            f"{floor.rate:.0f}",
            f"{floor.percentile(0.5):.2f}",
            f"{floor.percentile(0.99):.2f}",
            f"{ratio:.2f}",
            f"{TARGET}" if judged else "-",
            ("ok" if ratio >= TARGET else "LOW") if judged else "-",
            f"{moves.cpu_per_move_ms:.2f}",
            f"{floor.cpu_per_move_ms:.2f}",
            str(moves.restarts),
            str(moves.refused),
        )
    )


async def measure(
    backend: str, url: str, folder: Path, workers: int, seconds: float, rounds: int
) -> tuple[Figures, Figures]:
    """``rounds`` runs of each, alternating which goes first, so that a busy moment of a
    shared machine hits both alike; the figures of the median round of each (by moves/s)."""
    moves_runs, floor_runs = [], []
    for turn in range(rounds):
        order = ("floor", "moves") if turn % 2 == 0 else ("moves", "floor")
        for kind in order:
            async with place(backend, url, folder) as store:
                if kind == "floor":
                    floor_runs.append(await floor_run(store, workers, seconds))
                else:
                    # The floor's rate (or a generous guess before it) bounds the service's.
                    rate = floor_runs[-1].rate if floor_runs else 500.0
                    moves_runs.append(await service_run(store, workers, seconds, rate))
    return median_run(moves_runs), median_run(floor_runs)


def median_run(runs: list[Figures]) -> Figures:
    return sorted(runs, key=lambda f: f.rate)[len(runs) // 2]


class Census:
    """Counts what a run asks of the database: statements by kind, and (SQLite) the hops to
    aiosqlite's threads, each a hand-over of the GIL and a wake-up of the event loop."""

    def __init__(self, store: Store) -> None:
        self.statements: Counter[str] = Counter()
        self.hops = 0
        self.on = False
        self._restore: list[tuple[type, str, Any]] = []
        db = store.db
        read = db.read

        async def counted_read(sql: str, args: Any = (), *, small: bool = False) -> Any:
            if self.on:
                # SQLite answers a small read on the event loop's thread (no hop).
                inline = small and getattr(db, "inline", None) is not None
                what = "read (inline)" if inline else "read"
                self.statements[f"{what}: " + " ".join(sql.split()[:6])] += 1
            return await read(sql, args, small=small)

        db.read = counted_read  # type: ignore[method-assign]
        for name in ("execute", "executemany", "fetch"):
            for tx_class in (SqliteTx, PostgresTx):
                self._wrap(tx_class, name)
        if isinstance(db, SqliteDatabase):
            for conn in {db.writer, db.reader}:
                hop = conn._execute

                async def counted_hop(fn: Any, *args: Any, _hop: Any = hop, **kw: Any) -> Any:
                    self.hops += self.on
                    return await _hop(fn, *args, **kw)

                conn._execute = counted_hop  # type: ignore[method-assign]

    def _wrap(self, tx_class: type, name: str) -> None:
        original = getattr(tx_class, name)
        census = self

        async def counted(tx: Any, sql: str, args: Any = ()) -> Any:
            if census.on:
                census.statements[f"tx {name}: " + " ".join(sql.split()[:4])] += 1
            return await original(tx, sql, args)

        setattr(tx_class, name, counted)
        self._restore.append((tx_class, name, original))

    def enable(self) -> None:
        self.on = True

    def disable(self) -> None:
        self.on = False

    def close(self) -> None:
        for tx_class, name, original in self._restore:
            setattr(tx_class, name, original)

    def report(self, title: str, moves: int) -> None:
        per = sum(self.statements.values()) / max(moves, 1)
        print(
            f"{title}: {per:.1f} statements a move"
            + (f", {self.hops / max(moves, 1):.1f} thread hops a move" if self.hops else "")
        )
        for what, count in sorted(self.statements.items(), key=lambda kv: -kv[1]):
            print(f"    {count / max(moves, 1):5.2f}  {what}")


async def profile(
    backend: str, url: str, folder: Path, workers: int, seconds: float, top: int
) -> None:
    """Where the service's time goes at ``workers`` concurrent matches: the statements and
    thread hops of a move beside the floor's, then the event loop thread's CPU by call site
    (cProfile on ``time.thread_time``: the waiting on the database is not counted)."""
    async with place(backend, url, folder) as store:
        census = Census(store)
        try:
            figures = await floor_run(store, workers, 1.0, census)
            census.report(f"floor, {backend}", figures.moves)
        finally:
            census.close()
    async with place(backend, url, folder) as store:
        census = Census(store)
        try:
            figures = await service_run(store, workers, 1.0, 300.0, census)
            census.report(f"service, {backend}", figures.moves)
        finally:
            census.close()
    async with place(backend, url, folder) as store:
        profiler = cProfile.Profile(time.thread_time)
        figures = await service_run(store, workers, seconds, 300.0, profiler)
    print(
        f"\nprofile: {backend}, {workers} concurrent, {figures.moves} moves in the window, "
        f"event loop thread CPU {figures.cpu_per_move_ms:.2f} ms/move (process)"
    )
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


async def main(args: argparse.Namespace) -> None:
    backends = [args.backend] if args.backend else ["sqlite", "postgresql"]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if args.profile:
            for backend in backends:
                await profile(
                    backend, args.url, folder, args.concurrency[-1], args.seconds, args.top
                )
            return
        print(
            f"TOKAN, 2 players a match; median of {args.rounds} runs of {args.seconds:.0f} s"
            " each; floor: the same writes as one bare transaction; load average"
            f" {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        )
        print(line(tuple(name for name, _ in COLUMNS)))
        for backend in backends:
            if backend == "postgresql":
                why = await postgres_reachable(args.url)
                if why:
                    print(f"postgresql: skipped, no server reachable ({why})")
                    continue
            for workers in args.concurrency:
                moves, floor = await measure(
                    backend, args.url, folder, workers, args.seconds, args.rounds
                )
                print(row(backend, workers, moves, floor), flush=True)
                if args.verbose:
                    print(f"    ({moves.moves} moves, {floor.moves} floor moves in the window)")
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.scale", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument(
        "--url",
        default=os.environ.get("TEST_DATABASE_URL", "").strip(),
        help="PostgreSQL URL (default: TEST_DATABASE_URL)",
    )
    parser.add_argument("--backend", choices=("sqlite", "postgresql"))
    parser.add_argument("--concurrency", type=int, nargs="+", default=list(CONCURRENCY))
    parser.add_argument("--seconds", type=float, default=SECONDS, help="one run's window")
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, help="runs of each side; the median is shown"
    )
    parser.add_argument(
        "--profile", action="store_true", help="profile the service at the last concurrency instead"
    )
    parser.add_argument("--top", type=int, default=30, help="call sites the profile lists")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(arguments(sys.argv[1:])))
