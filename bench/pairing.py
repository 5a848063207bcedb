"""League pairing times. Prints figures; asserts nothing.

    .venv/bin/python -m bench.pairing

Per format and size: the median time to pair one round (Swiss: the last round of a league of
that many players with seeded results; round robin: the whole schedule, worked out once per
league), and how evenly a round robin spreads its meetings (pairs that never meet, most
meetings of one pair). Pairing runs in a worker thread, never on the event loop; the target is
well under a second for a server-sized league (64 players at most).
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
from collections.abc import Callable

from table.pairing import (
    Round,
    Shape,
    dutch_round,
    meetings_of,
    schedule_rounds,
    tables_by_standing,
)
from table.standings import SWISS, Played, standings

RUNS = 5
TARGET_MS = 1000.0


def timed(work: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def swiss_history(count: int, shape: Shape, rounds: int) -> tuple[list[int], list[Round], dict]:
    draw = random.Random(count * 31 + shape.size)
    players = list(range(1, count + 1))
    history: list[Round] = []
    played: list[Played] = []
    byes: dict[int, int] = {}
    for _ in range(rounds):
        order = [r.player for r in standings(SWISS, players, played, byes, shape.size)]
        met = meetings_of(t for r in history for t in r.tables)
        one = tables_by_standing(order, shape, met, byes)
        for p in one.byes:
            byes[p] = byes.get(p, 0) + 1
        for table in one.tables:
            ranks = list(range(1, len(table) + 1))
            draw.shuffle(ranks)
            played.append(Played(len(history) + 1, tuple(table), tuple(ranks)))
        history.append(one)
    order = [r.player for r in standings(SWISS, players, played, byes, shape.size)]
    return order, history, byes


def dutch_history(count: int, rounds: int) -> tuple[list[int], list[Round], dict[int, float]]:
    """A two-player Swiss paired by the Dutch engine, with seeded results (45% the first seat
    wins, 45% the second, 10% draws)."""
    draw = random.Random(count)
    players = list(range(1, count + 1))
    history: list[Round] = []
    points = dict.fromkeys(players, 0.0)
    for number in range(1, rounds + 1):
        one = dutch_round(players, number, rounds + 1, history, points)
        for p in one.byes:
            points[p] += 1
        for white, black in one.tables:
            x = draw.random()
            if x < 0.45:
                points[white] += 1
            elif x < 0.9:
                points[black] += 1
            else:
                points[white] += 0.5
                points[black] += 0.5
        history.append(one)
    return players, history, points


def main() -> None:
    print(f"Swiss, the sixth round (median of {RUNS}; target < {TARGET_MS:.0f} ms)")
    print("| players | seats | ms |")
    print("|---|---|---|")
    for count in (8, 32, 64):
        players, history, points = dutch_history(count, 5)
        ms = timed(lambda o=players, h=history, pts=points: dutch_round(o, 6, 7, h, pts))
        print(f"| {count} | 2 (FIDE Dutch) | {ms:.1f} |")
    for count, shape in ((12, Shape(3, 3, 5)), (32, Shape(4, 2, 4)), (64, Shape(4, 2, 4))):
        order, history, byes = swiss_history(count, shape, 5)
        met = meetings_of(t for r in history for t in r.tables)
        ms = timed(lambda o=order, s=shape, m=met, b=byes: tables_by_standing(o, s, m, b))
        print(f"| {count} | {shape.size} | {ms:.1f} |")
    print()
    print("Round-robin schedules (worked out once per league)")
    print("| players | seats | rounds | ms | pairs never met | most meetings of a pair |")
    print("|---|---|---|---|---|---|")
    for count, shape in (
        (9, Shape(3, 3, 5)),
        (16, Shape(4, 2, 4)),
        (25, Shape(5, 3, 5)),
        (30, Shape(3, 3, 5)),
    ):
        players = list(range(1, count + 1))
        ms = timed(lambda p=players, s=shape: schedule_rounds(p, s))
        rounds = schedule_rounds(players, shape)
        met = meetings_of(t for r in rounds for t in r.tables)
        counts = [met.get(frozenset(pair), 0) for pair in itertools.combinations(players, 2)]
        print(
            f"| {count} | {shape.size} | {len(rounds)} | {ms:.0f} | {counts.count(0)} |"
            f" {max(counts)} |"
        )


if __name__ == "__main__":
    main()
