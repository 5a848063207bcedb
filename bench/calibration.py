"""Calibration of the analysis: are its estimated chances of winning right?

    .venv/bin/python -m bench.calibration --games 200 --save runs/calibration.jsonl
    .venv/bin/python -m bench.calibration --report runs/calibration.jsonl

For each game it plays ``--games`` computer-v-computer matches (every seat the ``--level``
computer player, ``easy`` by default: the analysis is measured, not the players; player counts
cycle through the game's), estimates every seat's chances (``ai.analysis.chances_after``) after
``--samples`` decisions drawn at random in each match, and compares them with who won: a
reliability table per decile of the estimate (how many estimates, their mean, how often that
seat won) and the Brier score, beside the Brier score of the fair share (1 / players). A shared
win counts as a share. Results are appended per match to ``--save`` (a run can be stopped and
resumed: matches already saved are skipped). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from ai.analysis import SHRINK, TEMPERATURE, Decision, calibrated, chances_after
from ai.levels import GAME_KEYS
from ai.player import ComputerPlayer
from ai.publiclog import extended
from rules import rng
from rules.registry import GAMES

DECILES = 10


def play_and_estimate(
    key: str, seed: int, samples: int, level: str, iterations: int | None
) -> dict[str, Any]:
    """One match played by computer players, with estimates at ``samples`` decisions."""
    game = GAMES[key]
    counts = list(range(game.spec.min_players, game.spec.max_players + 1))
    players = counts[seed % len(counts)]
    state = game.setup(players, game.spec.resolve_options({}), seed)
    agents = [ComputerPlayer(level, seed * 10 + s) for s in range(players)]
    draw = rng.stream(seed, "calibration")
    log: tuple[tuple[int, str], ...] = ()
    decisions: list[Decision] = []
    while game.outcome(state) is None:
        acting = game.to_act(state)
        seat = acting[rng.below(draw, len(acting))]
        view = game.view(state, seat)
        text = agents[seat].decide(key, view, seat, log)
        decisions.append(Decision(seat, view, log, text))
        state = game.apply(state, seat, game.parse(state, text))
        log = extended(log, key, seat, text)
    outcome = game.outcome(state)
    assert outcome is not None
    won = [1.0 / len(outcome.winners) if s in outcome.winners else 0.0 for s in range(players)]
    # The last decision's estimate is the result itself: sample among the others.
    picks = sorted(
        random.Random(seed).sample(range(len(decisions) - 1), min(samples, len(decisions) - 1))
    )
    started = time.process_time()
    estimates = [
        [round(c, 4) for c in chances_after(key, decisions[i], seed, iterations, raw=True)]
        for i in picks
    ]
    cpu = time.process_time() - started
    return {
        "game": key,
        "seed": seed,
        "players": players,
        "decisions": len(decisions),
        "picked": picks,
        "estimates": estimates,
        "won": won,
        "cpu": round(cpu, 3),
    }


def points(
    rows: Iterable[dict[str, Any]], temperature: float | None = None, shrink: float | None = None
) -> list[tuple[float, float, float]]:
    """(estimate, outcome, fair share) for every seat of every estimate. The saved estimates
    are the search's own (``raw``); they are read as the bot gives them
    (``ai.analysis.calibrated``, the game's factors unless others are given)."""
    out = []
    for row in rows:
        fair = 1.0 / row["players"]
        for estimate in row["estimates"]:
            chances = calibrated(row["game"], estimate, temperature, shrink)
            for seat, chance in enumerate(chances):
                out.append((chance, float(row["won"][seat]), fair))
    return out


def brier(pts: Sequence[tuple[float, float, float]]) -> float:
    return sum((p - o) ** 2 for p, o, _ in pts) / len(pts)


def worst_gap(pts: Sequence[tuple[float, float, float]], least: int = 30) -> float:
    """The largest |won - mean estimate| over the deciles holding ``least`` estimates."""
    gaps = [0.0]
    for decile in range(DECILES):
        inside = [(p, o) for p, o, _ in pts if _decile(p) == decile]
        if len(inside) >= least:
            gaps.append(abs(sum(o for _, o in inside) - sum(p for p, _ in inside)) / len(inside))
    return max(gaps)


def _decile(p: float) -> int:
    return min(int(p * DECILES), DECILES - 1)


def fit(rows: Sequence[dict[str, Any]], out: TextIO = sys.stdout) -> None:
    """Per game, the temperature and shrink with the best Brier score on the even seeds, and
    what they give on the odd ones (held out) beside the search's own shares."""
    grid = [(t / 10, k / 20) for t in range(3, 13) for k in range(10, 21)]
    for key in GAME_KEYS:
        train = [r for r in rows if r["game"] == key and r["seed"] % 2 == 0]
        test = [r for r in rows if r["game"] == key and r["seed"] % 2 == 1]
        if not train or not test:
            continue
        t, k = min(grid, key=lambda tk: brier(points(train, *tk)))
        fitted, raw = points(test, t, k), points(test, 1.0, 1.0)
        print(
            f"{key}: temperature {t:.1f}, shrink {k:.2f}; held out: Brier {brier(fitted):.4f} "
            f"(as searched {brier(raw):.4f}), worst decile gap {worst_gap(fitted):.3f} "
            f"(as searched {worst_gap(raw):.3f})",
            file=out,
        )


def report(
    rows: Sequence[dict[str, Any]], out: TextIO = sys.stdout, *, shrunk: bool = True
) -> None:
    """The reliability table per game, the estimates as the bot gives them (``shrunk``: with
    ``ai.analysis.SHRINK``) or as searched."""
    by_game: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_game.setdefault(row["game"], []).append(row)
    for key in GAME_KEYS:
        games = by_game.get(key, [])
        if not games:
            continue
        t, k = (TEMPERATURE[key], SHRINK[key]) if shrunk else (1.0, 1.0)
        pts = points(games, t, k)
        score = brier(pts)
        fair = sum((f - o) ** 2 for _, o, f in pts) / len(pts)
        cpu = sum(r["cpu"] for r in games) / max(1, sum(len(r["estimates"]) for r in games))
        print(
            f"\n{GAMES[key].spec.name}: {len(games)} matches, {len(pts)} seat estimates, "
            f"temperature {t:.1f}, shrink {k:.2f}: Brier {score:.3f} (fair share {fair:.3f}), "
            f"{cpu:.2f} s CPU an estimate",
            file=out,
        )
        print("| chances | estimates | mean estimate | won | gap |", file=out)
        print("|---|---|---|---|---|", file=out)
        for decile in range(DECILES):
            low, high = decile / DECILES, (decile + 1) / DECILES
            inside = [(p, o) for p, o, _ in pts if _decile(p) == decile]
            if not inside:
                print(f"| {low:.1f}-{high:.1f} | 0 | | | |", file=out)
                continue
            mean = sum(p for p, _ in inside) / len(inside)
            won = sum(o for _, o in inside) / len(inside)
            print(
                f"| {low:.1f}-{high:.1f} | {len(inside)} | {mean:.3f} | {won:.3f} | "
                f"{won - mean:+.3f} |",
                file=out,
            )


def load(paths: Iterable[str]) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        if Path(path).exists():
            rows += [json.loads(line) for line in Path(path).read_text().splitlines() if line]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="matches per game")
    parser.add_argument("--first", type=int, default=0, help="the first seed (split a run)")
    parser.add_argument("--samples", type=int, default=4, help="estimates per match")
    parser.add_argument("--level", default="easy", help="the computer players' level")
    parser.add_argument("--iterations", type=int, default=None, help="replaces the budget")
    parser.add_argument("--only", default="", help="comma-separated game keys")
    parser.add_argument("--save", default="", help="append results here (and resume)")
    parser.add_argument("--report", nargs="*", default=None, help="report saved results")
    parser.add_argument("--raw", action="store_true", help="report the searched estimates")
    parser.add_argument("--fit", nargs="*", default=None, help="fit the shrink factors")
    args = parser.parse_args()
    if args.report is not None:
        report(load(args.report), shrunk=not args.raw)
        return
    if args.fit is not None:
        fit(load(args.fit))
        return
    keys = [k for k in args.only.split(",") if k] or list(GAME_KEYS)
    done = {(r["game"], r["seed"]) for r in load([args.save])} if args.save else set()
    rows = load([args.save]) if args.save else []
    print(f"load at start {os.getloadavg()[0]:.1f}", file=sys.stderr)
    # Round-robin over the games, so a run stopped early has some of each.
    for seed in range(args.first, args.games):
        for key in keys:
            if (key, seed) in done:
                continue
            row = play_and_estimate(key, seed, args.samples, args.level, args.iterations)
            rows.append(row)
            if args.save:
                with open(args.save, "a") as out:
                    out.write(json.dumps(row) + "\n")
    report(rows)


if __name__ == "__main__":
    main()
