"""The arena: computer levels against each other and against a uniformly random player.

    .venv/bin/python -m bench.arena --games 200 --jobs 2            # real budgets (many hours)
    .venv/bin/python -m bench.arena --quick --games-only tonga      # budgets x0.1, 40 matches
    .venv/bin/python -m bench.arena --quick --save runs.jsonl ...   # keep results to merge
    .venv/bin/python -m bench.arena --report runs.jsonl more.jsonl  # report saved results

For every game and player count and each pairing (hard v random, hard v normal, normal v easy),
it plays ``--games`` matches: one seat (rotating) is the first level (the hero), every other
seat the second. It prints the hero's win rate with its Wilson 95% interval, the fair share
(1 / players; a shared win counts as a share), the target and whether it is met, and each
level's decision time p50 / p95 beside the budget in force. Matches run in ``--jobs``
processes, one core each.

Targets (issue 13): hard v random wins >= 95% of two-player games and >= twice the fair share
with more players; hard v normal and normal v easy win more than the fair share, by a margin the
interval supports (its lower end above the fair share). "met": the interval's lower end reaches
the target; "point": only the rate does; "no": neither.

"Random" picks uniformly among the legal moves, except in Tonga Bonga, where uniformly random
play does not end: there it is the game's goal-directed playout policy (random wages and
placements, greedy sailing). ``--playouts full`` / ``depth`` / ``hard`` makes every search (or
hard's alone) play its playouts to the end on ``fast_playout``, or none, whatever the levels
choose (``ai.levels.FULL_PLAYOUTS``): the comparisons behind that choice; ``--greed 0`` (or 1)
makes every search's full playouts uniform (or wholly goal-directed) where a game has
goal-directed ones (``ai.levels.GREED``: Friendly Fishing's hard). ``--time-scale``
(``--quick``: 0.1) multiplies normal's and hard's budgets, their iteration counts and their
time caps; easy's count is unchanged. Decision times are measured on a machine that may be
shared: the report says the scale, the load at the start, and how many decisions the cap
rather than the count ended ("capped"). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import TextIO

from ai.levels import SECONDS, budget
from ai.player import ComputerPlayer
from ai.publiclog import extended
from rules import rng
from rules.registry import GAMES

PAIRINGS = (("hard", "random"), ("hard", "normal"), ("normal", "easy"))
Z95 = 1.959964
QUICK_SCALE = 0.1
QUICK_GAMES = 40


@dataclass(frozen=True)
class Match:
    key: str
    players: int
    seed: int
    hero: str  # the level of seat ``hero_seat``
    villain: str  # the level of every other seat
    hero_seat: int
    scale: float  # multiplies the levels' time budgets
    exploration: float | None = None  # replaces UCB1's constant (tuning runs)
    # The levels whose playouts run to the end (comma-separated; "" none), replacing the levels'
    # own choice (ai.levels.FULL_PLAYOUTS); None keeps it.
    full_playouts: str | None = None
    # Replaces every searching level's share of goal-directed playout moves (in the games
    # that have them, ai.levels.GREED; 0: uniform playouts); None keeps the levels' own.
    greed: float | None = None


@dataclass(frozen=True)
class Result:
    match: Match
    share: float  # the hero's share of the win (1, 1/k on a k-way shared win, 0)
    # (level, seconds, iterations, capped) per decision of a searching seat; capped: the time
    # cap, not the iteration budget, ended the search (the decision is not reproducible)
    times: tuple[tuple[str, float, int, bool], ...]


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
        full = None if match.full_playouts is None else level in match.full_playouts.split(",")
        limits = budget(match.key, level, time_scale=match.scale, full_playouts=full)
        if match.exploration is not None:
            limits = dataclasses.replace(limits, exploration=match.exploration)
        if match.greed is not None and limits.full_playouts:
            limits = dataclasses.replace(limits, greed=match.greed)
        agents.append(ComputerPlayer(level, match.seed * 10 + seat, limits))
    draw = rng.stream(match.seed, "arena")
    log: tuple[tuple[int, str], ...] = ()
    times: list[tuple[str, float, int, bool]] = []
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
            if decision.iterations:  # a single legal move is played at once: not a search
                spent = time.perf_counter() - start
                times.append((agent.level, spent, decision.iterations, decision.capped))
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


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def target(hero: str, villain: str, players: int) -> tuple[float, bool]:
    """The rate the hero must reach, and whether the interval must lie strictly above it."""
    fair = 1.0 / players
    if villain == "random":
        return (0.95 if players == 2 else 2 * fair, False)
    return (fair, True)


def verdict(rate: float, low: float, need: float, strict: bool) -> str:
    if low > need or (not strict and low >= need):
        return "met"
    if rate > need or (not strict and rate >= need):
        return "point"
    return "no"


def matches(
    keys: Iterable[str],
    games: int,
    counts: str,
    scale: float,
    pairings: Sequence[tuple[str, str]],
    first_seed: int = 1000,
    exploration: float | None = None,
    full_playouts: str | None = None,
    greed: float | None = None,
) -> list[Match]:
    out = []
    for key in keys:
        spec = GAMES[key].spec
        every = range(spec.min_players, spec.max_players + 1)
        chosen = {"all": every, "min": [spec.min_players], "max": [spec.max_players]}
        for players in chosen.get(counts) or [int(c) for c in counts.split(",")]:
            if not spec.min_players <= players <= spec.max_players:
                continue
            for hero, villain in pairings:
                for i in range(games):
                    seed = first_seed + i
                    out.append(
                        Match(
                            key,
                            players,
                            seed,
                            hero,
                            villain,
                            i % players,
                            scale,
                            exploration,
                            full_playouts,
                            greed,
                        )
                    )
    return out


def report(results: Sequence[Result], out: TextIO = sys.stdout) -> None:
    groups: dict[tuple[str, int, str, str, float, float, str], list[Result]] = defaultdict(list)
    for r in results:
        m = r.match
        c = m.exploration if m.exploration is not None else -1.0
        groups[(m.key, m.players, m.hero, m.villain, m.scale, c, playouts(m))].append(r)
    print(
        f"{'game':>8} {'pl':>2} {'pairing':>16} {'scale':>5} {'n':>4} {'win':>5} "
        f"{'95% CI':>14} {'fair':>5} {'target':>9}  met?",
        file=out,
    )
    for (key, players, hero, villain, scale, c, how), rs in sorted(groups.items()):
        n = len(rs)
        wins = sum(r.share for r in rs)
        low, high = wilson(wins, n)
        need, strict = target(hero, villain, players)
        shown = f"{'>' if strict else '>='}{need:.2f}"
        print(
            f"{key:>8} {players:>2} {hero + ' v ' + villain:>16} {scale:>5.2f} {n:>4} "
            f"{wins / n:>5.2f} [{low:.2f}, {high:.2f}] {1 / players:>5.2f} {shown:>9}  "
            f"{verdict(wins / n, low, need, strict)}"
            + (f"  (exploration {c})" if c >= 0 else "")
            + (f"  (playouts: {how})" if how else ""),
            file=out,
        )
    timing: dict[tuple[str, str, float, str], list[tuple[float, int, bool]]] = defaultdict(list)
    for r in results:
        for level, seconds, iterations, capped in r.times:
            key = (r.match.key, level, r.match.scale, playouts(r.match))
            timing[key].append((seconds, iterations, capped))
    print(
        f"\n{'game':>8} {'level':>6} {'scale':>5} {'decisions':>9} {'p50 s':>6} {'p95 s':>6} "
        f"{'max s':>6} {'budget':>6} {'in?':>4} {'iter p50':>8} {'iter/s':>7} {'capped':>6}",
        file=out,
    )
    for (key, level, scale, how), values in sorted(timing.items()):
        seconds = [v for v, _, _ in values]
        its = [i for _, i, _ in values]
        capped = sum(c for _, _, c in values)
        cap = SECONDS[level] * scale
        p95 = percentile(seconds, 0.95)
        rate = sum(its) / max(sum(seconds), 1e-9)
        print(
            f"{key:>8} {level:>6} {scale:>5.2f} {len(values):>9} "
            f"{statistics.median(seconds):>6.3f} {p95:>6.3f} {max(seconds):>6.3f} "
            f"{cap:>6.2f} {'yes' if p95 <= cap else 'NO':>4} {statistics.median(its):>8.0f} "
            f"{rate:>7.0f} {capped / len(values):>6.0%}" + (f"  (playouts: {how})" if how else ""),
            file=out,
        )
    print(
        "\nscale: the levels' time budgets were multiplied by it (1.00: the real budgets; easy "
        "is iteration-bound). Fair share = 1/players; a shared win counts a share. 'met': the "
        "95% interval's lower end reaches the target; 'point': only the rate does. capped: the "
        "decisions the time cap ended before their iteration budget (not reproducible).",
        file=out,
    )


def playouts(match: Match) -> str:
    """How the match's playouts were chosen: "" for the levels' own choice."""
    greed = "" if match.greed is None else f"greed {match.greed:g}"
    if match.full_playouts is None:
        return greed
    full = set(match.full_playouts.split(",")) - {""}
    how = (
        "full"
        if full >= {"normal", "hard"}
        else f"full: {','.join(sorted(full))}"
        if full
        else "depth"
    )
    return f"{how}, {greed}" if greed else how


def save(results: Iterable[Result], path: str) -> None:
    with open(path, "a", encoding="utf-8") as f:
        for r in results:
            f.write(json.dumps({"match": asdict(r.match), "share": r.share, "times": r.times}))
            f.write("\n")


def load(paths: Iterable[str]) -> list[Result]:
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                times = tuple(
                    (str(t[0]), float(t[1]), int(t[2]), bool(t[3]) if len(t) > 3 else False)
                    for t in row["times"]
                )
                out.append(Result(Match(**row["match"]), float(row["share"]), times))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="matches per pairing and count")
    parser.add_argument("--games-only", nargs="*", default=None, metavar="KEY")
    parser.add_argument(
        "--counts", default="all", help="all, min, max, or player counts such as 3,5"
    )
    parser.add_argument("--pairings", default=",".join(f"{a}:{b}" for a, b in PAIRINGS))
    parser.add_argument("--time-scale", type=float, default=None, help="multiplies time budgets")
    parser.add_argument("--quick", action="store_true", help=f"time budgets x{QUICK_SCALE}")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--exploration", type=float, default=None, help="UCB1 constant (tuning)")
    parser.add_argument(
        "--playouts",
        default="levels",
        help="levels (their own choice), full (every search plays to the end on fast_playout), "
        "depth (none does), or the levels that do, such as hard",
    )
    parser.add_argument(
        "--greed",
        type=float,
        default=None,
        help="share of goal-directed playout moves for every searching level, where a game has "
        "them (0: uniform; default: the levels' own, ai.levels.GREED)",
    )
    parser.add_argument("--save", default=None, help="append each result to this JSON-lines file")
    parser.add_argument("--report", nargs="*", default=None, metavar="FILE")
    args = parser.parse_args()
    if args.report:
        report(load(args.report))
        return
    scale = args.time_scale or (QUICK_SCALE if args.quick else 1.0)
    games = args.games or (QUICK_GAMES if args.quick else 200)
    keys = args.games_only or list(GAMES)
    pairings = [tuple(p.split(":")) for p in args.pairings.split(",")]
    full = {"levels": None, "full": "normal,hard", "depth": ""}.get(args.playouts, args.playouts)
    todo = matches(
        keys,
        games,
        args.counts,
        scale,
        pairings,
        args.first_seed,
        args.exploration,
        full,  # type: ignore[arg-type]
        args.greed,
    )
    random.Random(0).shuffle(todo)  # mix long and short matches over the jobs
    load_avg = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(play, todo):
            results.append(result)
            if args.save:
                save([result], args.save)
    report(results)
    print(
        f"{len(results)} matches in {time.perf_counter() - start:.0f} s, {args.jobs} job(s), "
        f"load average {load_avg:.1f} at the start on {os.cpu_count()} cores."
    )


if __name__ == "__main__":
    main()
