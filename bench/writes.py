"""Bytes written per move on SQLite, against the floor's. Prints figures; asserts nothing.

    .venv/bin/python -m bench.writes                 # 0 and 500 other open matches
    .venv/bin/python -m bench.writes --others 0 --moves 200 --pages

A move's transaction is measured by what it appends to SQLite's write-ahead log (checkpoints
off during the measure): every page the commit changed, written whole (4 KiB plus a 24-byte
frame header). The measured side plays real TOKAN matches through ``MatchService.move`` (the
default turn clock, so each move also writes the turn clock's rows and its outbox entries);
the floor is bench/scale.py's bare transaction (the same writes a move needs, as prepared
statements). ``--others`` open matches, with their timers and outbox history, are in the
database first: a move in a bigger database touches more index pages. ``--pages`` prints which
tables and indexes the pages of the log belong to (SQLite's ``dbstat``).

Target (issue 29): as few bytes per move as cheaply possible; printed beside the floor.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.scale import CLOCK, GAME, GUILD, SAMPLE_POST, sample_state
from data.clock import SystemClock, iso
from data.sql import Tx
from data.store import Store
from rules.registry import GAMES
from table.service import MatchService

MOVES = 200
OTHERS = (0, 500)
FRAME_HEADER = 24  # bytes before each page in the log
WAL_HEADER = 32


def wal_size(path: Path) -> int:
    wal = Path(f"{path}-wal")
    return wal.stat().st_size if wal.exists() else 0


def logged_pages(path: Path, start: int) -> list[int]:
    """The page numbers of the log's frames from byte ``start`` on."""
    data = Path(f"{path}-wal").read_bytes()
    page_size = int.from_bytes(data[8:12], "big")
    at = max(start, WAL_HEADER)
    pages = []
    while at + FRAME_HEADER + page_size <= len(data):
        pages.append(int.from_bytes(data[at : at + 4], "big"))
        at += FRAME_HEADER + page_size
    return pages


def owners(path: Path) -> dict[int, str]:
    """Which table or index each page of the database belongs to."""
    with sqlite3.connect(path) as db:
        return {int(p): str(n) for n, p in db.execute("SELECT name, pageno FROM dbstat")}


async def checkpoint(store: Store) -> None:
    """Empty the log and stop SQLite from checkpointing by itself: from now on it only grows."""
    await store.db.writer.execute("PRAGMA wal_autocheckpoint = 0")  # type: ignore[attr-defined]
    await store.db.writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # type: ignore[attr-defined]


async def others(service: MatchService, count: int) -> None:
    """``count`` open TOKAN matches with a few moves each (their timers, outbox, moves)."""
    game = GAMES[GAME]
    for index in range(count):
        channel = 100_000 + index
        await service.create(GAME, GUILD, channel, 1, {}, clock="72h")
        await service.join(channel, GAME, 2)
        match = (await service.start(channel, GAME, 1)).match
        for _ in range(2):
            (user,) = match.to_act()
            seat = match.seat_of(user)
            assert seat is not None
            text = game.suggest(match.state, seat, "")[0]
            match = (await service.move(channel, GAME, user, text)).after
    await drain(service.store)


async def drain(store: Store) -> None:
    """Deliver everything announced so far (as the outbox would have long since)."""
    while entries := await store.claim_due(time.time() + 3600):
        for entry in entries:
            await store.mark_sent(entry.id)


async def service_moves(store: Store, path: Path, moves: int) -> tuple[float, float, list[int]]:
    """Bytes per move of ``MatchService.move``, bytes per move of delivering its
    announcements, and the pages the moves wrote."""
    service = MatchService(store, GAMES)
    game = GAMES[GAME]
    channel = 1
    await service.create(GAME, GUILD, channel, 11, {}, clock="72h")
    await service.join(channel, GAME, 12)
    match = (await service.start(channel, GAME, 11)).match
    await drain(store)
    await checkpoint(store)
    written, delivered, pages, done = 0, 0, [], 0
    while done < moves:
        if match.status != "active":
            channel += 1
            await service.create(GAME, GUILD, channel, 11, {}, clock="72h")
            await service.join(channel, GAME, 12)
            match = (await service.start(channel, GAME, 11)).match
            await drain(store)
            await checkpoint(store)  # a match's start is no move
        (user,) = match.to_act()
        seat = match.seat_of(user)
        assert seat is not None
        text = game.suggest(match.state, seat, "")[0]
        before = wal_size(path)
        result = await service.move(channel, GAME, user, text)
        match = result.after
        written += wal_size(path) - before
        pages += logged_pages(path, before)
        # Its announcements delivered as the outbox does it: those written claimed by this
        # process (``Store._held_at_birth``) marked sent, the others claimed, then marked.
        before = wal_size(path)
        for entry in await store.entries(result.entries):
            if entry.claimed_by == store.process:
                await store.mark_sent(entry.id)
        for entry in await store.claim_due(time.time()):
            await store.mark_sent(entry.id)
        delivered += wal_size(path) - before
        done += 1
    return written / moves, delivered / moves, pages


async def floor_moves(
    store: Store, path: Path, moves: int, bare: bool = False
) -> tuple[float, list[int]]:
    """bench/scale.py's floor transaction, ``moves`` times on one match; ``bare``: its first
    two statements only (the state and the log: what any move must write)."""
    state = sample_state()
    match_id, _ = await store.create_match(GAME, GUILD, 1, 1, {}, 1, clock=int(CLOCK))
    await store.start(match_id, 0, [2, 3], json.loads(state))
    await checkpoint(store)
    written, pages = 0, []
    for version in range(1, moves + 1):
        seat, now = version % 2, time.time()
        before = wal_size(path)
        async with store.db.transaction() as tx:
            await tx.execute(
                "UPDATE matches SET version = version + ?, updated_at = ?, state = ?"
                " WHERE id = ? AND version = ?",
                (1, iso(now), state, match_id, version),
            )
            await tx.executemany(
                "INSERT INTO moves (match_id, version, seat, move, at) VALUES (?, ?, ?, ?, ?)",
                [(match_id, version + 1, seat, "b1 up", iso(now))],
            )
            if not bare:
                await clock_and_outbox(tx, match_id, version, seat, now)
        written += wal_size(path) - before
        pages += logged_pages(path, before)
    return written / moves, pages


async def clock_and_outbox(tx: Tx, match_id: int, version: int, seat: int, now: float) -> None:
    """The rest of bench/scale.py's floor: the turn clock's rows and the move's post."""
    await tx.execute(
        "UPDATE timers SET status = 'void', done_at = ? WHERE match_id = ? AND seat IN"
        " (?, ?) AND status IN ('pending', 'paused') AND kind IN ('deadline',"
        " 'reminder', 'turn')",
        (now, match_id, 0, 1),
    )
    user = 3 - seat
    await tx.executemany(
        "INSERT INTO timers (match_id, user_id, seat, kind, detail, decision, due_at,"
        " begun, status, remaining) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (match_id, user, 1 - seat, kind, detail, version + 1, now + at, now, "pending", None)
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


async def measure(folder: Path, count: int, moves: int, show_pages: bool) -> None:
    results: dict[str, float] = {}
    for side in ("bare", "floor", "moves"):
        path = folder / f"writes-{side}-{count}.sqlite3"
        store = await Store.open(path, SystemClock())
        try:
            if count:
                await others(MatchService(store, GAMES), count)
            if side == "moves":
                per_move, delivered, pages = await service_moves(store, path, moves)
                results["delivered"] = delivered
            else:
                per_move, pages = await floor_moves(store, path, moves, bare=side == "bare")
        finally:
            await store.close()
        results[side] = per_move
        if show_pages:
            names = owners(path)
            counted = Counter(names.get(p, "?") for p in pages)
            shown = ", ".join(f"{n} {c / moves:.1f}" for n, c in counted.most_common())
            print(f"    {side}: pages per move by owner: {shown}")
    kb = {key: value / 1024 for key, value in results.items()}
    print(
        f"{count:>7} {kb['bare']:>8.1f} {kb['floor']:>9.1f} {kb['moves']:>8.1f}"
        f" {results['moves'] / results['floor']:>9.2f} {results['moves'] / results['bare']:>8.2f}"
        f" {kb['delivered']:>10.1f}",
        flush=True,
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--others", type=int, nargs="*", default=list(OTHERS))
    parser.add_argument("--moves", type=int, default=MOVES)
    parser.add_argument("--pages", action="store_true", help="pages by table and index")
    args = parser.parse_args()
    print(f"kB written per move (SQLite's log), {args.moves} moves of TOKAN")
    print(
        f"{'others':>7} {'bare kB':>8} {'floor kB':>9} {'move kB':>8} {'vs floor':>9}"
        f" {'vs bare':>8} {'deliver kB':>10}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for count in args.others:
            await measure(Path(folder), count, args.moves, args.pages)


if __name__ == "__main__":
    asyncio.run(main())
