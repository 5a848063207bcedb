"""The arena: computer levels against each other and against a uniformly random player.

    .venv/bin/python -m bench.arena --games 200                 # the full run (hours)
    .venv/bin/python -m bench.arena --games 20 --scale 0.25 --games-only tokan tonari

For every game and player count and each pairing (hard v random, hard v normal, normal v easy),
it plays ``--games`` matches: one seat (rotating) is the first level, every other seat the
second. It prints the first level's win rate with its Wilson 95% interval beside its fair share
(1 / players; a shared win counts as a share), and each level's decision time p50 / p95 beside
its budget. Matches run in parallel over ``--workers`` processes, one core each.

"Random" picks uniformly among the legal moves, except in Tonga Bonga, where uniformly random
play does not end: there it is the game's goal-directed playout policy (random wages and
placements, greedy sailing). ``--scale`` multiplies the levels' iteration budgets (quick runs);
the time caps stay. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import random
import statistics
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ai.levels import SECONDS, budget
from ai.player import ComputerPlayer
from ai.publiclog import extended
from rules import rng
from rules.registry import GAMES

PAIRINGS = (("hard", "random"), ("hard", "normal"), ("normal", "easy"))
Z95 = 1.959964


@dataclass(frozen=True)
class Match:
    key: str
    players: int
    seed: int
    hero: str  # the level of seat ``hero_seat``
    villain: str  # the level of every other seat
    hero_seat: int
    scale: float


@dataclass(frozen=True)
class Result:
    match: Match
    share: float  # the hero's share of the win (1, 1/k on a k-way shared win, 0)
    times: tuple[tuple[str, float, bool], ...]  # (level, seconds, capped) per decision


def play(match: Match) -> Result:
    """One match; every move is applied with the rules' checks (an illegal one raises)."""
    game = GAMES[match.key]
    state = game.setup(match.players, game.spec.resolve_options({}), match.seed)
    levels = [match.hero if s == match.hero_seat else match.villain for s in range(match.players)]
    agents: list[ComputerPlayer | None] = []
    for seat, level in enumerate(levels):
        if level == "random":
            agents.append(None)
            continue
        limits = budget(match.key, level)
        iterations = max(4, round(limits.iterations * match.scale))
        limits = dataclasses.replace(limits, iterations=iterations)
        agents.append(ComputerPlayer(level, match.seed * 10 + seat, limits))
    draw = rng.stream(match.seed, "arena")
    log: tuple[tuple[int, str], ...] = ()
    times: list[tuple[str, float, bool]] = []
    while game.outcome(state) is None:
        acting = game.to_act(state)
        seat = acting[rng.below(draw, len(acting))]
        agent = agents[seat]
        if agent is None:
            if match.key == "tonga":
                move = game.playout_move(state, seat, draw)
            else:
                legal = game.legal_moves(state, seat)
                move = legal[rng.below(draw, len(legal))]
            text = game.format(state, move)
        else:
            start = time.perf_counter()
            decision = agent.decide_with_stats(match.key, game.view(state, seat), seat, log)
            times.append((agent.level, time.perf_counter() - start, decision.capped))
            text = decision.text
        state = game.apply(state, seat, game.parse(state, text))
        log = extended(log, match.key, seat, text)
    outcome = game.outcome(state)
    assert outcome is not None
    winners = outcome.winners
    share = 1.0 / len(winners) if match.hero_seat in winners else 0.0
    return Result(match, share, tuple(times))


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a rate."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def matches(keys: list[str], games: int, counts: str, scale: float, pairings) -> list[Match]:
    out = []
    for key in keys:
        spec = GAMES[key].spec
        every = range(spec.min_players, spec.max_players + 1)
        chosen = {"all": every, "min": [spec.min_players], "max": [spec.max_players]}[counts]
        for players in chosen:
            for hero, villain in pairings:
                for i in range(games):
                    out.append(Match(key, players, 1000 + i, hero, villain, i % players, scale))
    return out


def report(results: list[Result], scale: float) -> None:
    groups: dict[tuple[str, int, str, str], list[Result]] = defaultdict(list)
    for r in results:
        m = r.match
        groups[(m.key, m.players, m.hero, m.villain)].append(r)
    print(
        f"{'game':>8} {'pl':>2} {'pairing':>16} {'n':>4} {'win':>6} {'95% CI':>15} "
        f"{'fair':>5}  target"
    )
    for (key, players, hero, villain), rs in sorted(groups.items()):
        n = len(rs)
        wins = sum(r.share for r in rs)
        low, high = wilson(wins, n)
        fair = 1.0 / players
        if villain == "random" and players == 2:
            target = f">=0.95: {'met' if low >= 0.95 else 'point' if wins / n >= 0.95 else 'no'}"
        elif villain == "random":
            need = 2 * fair
            target = (
                f">={need:.2f}: {'met' if low >= need else 'point' if wins / n >= need else 'no'}"
            )
        else:
            target = f">{fair:.2f}: {'met' if low > fair else 'point' if wins / n > fair else 'no'}"
        print(
            f"{key:>8} {players:>2} {hero + ' v ' + villain:>16} {n:>4} {wins / n:>6.2f} "
            f"[{low:.2f}, {high:.2f}] {fair:>5.2f}  {target}"
        )
    by_level: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    for r in results:
        for level, seconds, capped in r.times:
            by_level[level].append((seconds, capped))
    print(
        f"\n{'level':>7} {'decisions':>9} {'p50 s':>7} {'p95 s':>7} {'max s':>7} "
        f"{'budget':>7} {'capped':>7}"
    )
    for level in ("easy", "normal", "hard"):
        values = by_level.get(level)
        if not values:
            continue
        seconds = [v for v, _ in values]
        capped = sum(c for _, c in values) / len(values)
        print(
            f"{level:>7} {len(values):>9} {statistics.median(seconds):>7.3f} "
            f"{percentile(seconds, 0.95):>7.3f} {max(seconds):>7.3f} {SECONDS[level]:>7.1f} "
            f"{capped:>7.1%}"
        )
    print(
        f"\niteration scale {scale}; 'met': the interval's lower end reaches the target; "
        "'point': only the rate does. Fair share = 1/players (shared wins count a share)."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="matches per pairing and count")
    parser.add_argument("--games-only", nargs="*", default=None, metavar="KEY")
    parser.add_argument("--counts", choices=("all", "min", "max"), default="all")
    parser.add_argument("--pairings", default=",".join(f"{a}:{b}" for a, b in PAIRINGS))
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    keys = args.games_only or list(GAMES)
    pairings = [tuple(p.split(":")) for p in args.pairings.split(",")]
    todo = matches(keys, args.games, args.counts, args.scale, pairings)
    random.Random(0).shuffle(todo)  # mix long and short matches over the workers
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(play, todo))
    report(results, args.scale)
    print(
        f"{len(results)} matches in {time.perf_counter() - start:.0f} s on {args.workers} "
        "worker(s)."
    )


if __name__ == "__main__":
    main()
