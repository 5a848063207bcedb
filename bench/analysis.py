"""What an analysis costs: CPU seconds per match, per game, and whether a computer seat's move
waits on one.

    .venv/bin/python -m bench.analysis                # 3 matches a game, then the delay check
    .venv/bin/python -m bench.analysis --matches 1 --no-delay

Per game, at its largest table (the longest matches), it plays ``--matches`` matches between
easy computer players and analyses each as the bot does (``ai.analysis``: the chances after
every decision, then what the search preferred at the three largest swings), on one core,
measuring CPU time (``time.process_time``). Target (issue 26): a long game's analysis within a
few minutes on one core.

The delay check times ``--decisions`` normal-level decisions of a computer seat in the bot's
decision pool (one worker), first alone, then while a Tonga Bonga match is analysed in the
niced analysis worker: the two medians side by side. On a machine whose cores are all busy the
kernel gives the niced worker what the search leaves. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time

from ai.analysis import Decision, analyse, preferences
from ai.player import ComputerPlayer
from ai.pool import AnalysisPool, DecisionPool
from ai.publiclog import extended
from rules.registry import GAMES
from table.analysis import largest_swings

KEYS = ("tokan", "tonari", "fishing", "toshi", "tonga")


def a_match(key: str, seed: int) -> list[Decision]:
    game = GAMES[key]
    players = game.spec.max_players
    state = game.setup(players, game.spec.resolve_options({}), seed)
    agents = [ComputerPlayer("easy", seed * 10 + s) for s in range(players)]
    log: tuple[tuple[int, str], ...] = ()
    out = []
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        text = agents[seat].decide(key, view, seat, log)
        out.append(Decision(seat, view, log, text))
        state = game.apply(state, seat, game.parse(state, text))
        log = extended(log, key, seat, text)
    return out


def cost(key: str, matches: int) -> None:
    seconds, lengths = [], []
    for seed in range(matches):
        made = a_match(key, 900 + seed)
        started = time.process_time()
        chances = analyse(key, made[:-1], seed)
        swings = largest_swings(chances)
        preferences(key, [made[i] for i, _ in swings], seed)
        seconds.append(time.process_time() - started)
        lengths.append(len(made))
    print(
        f"{GAMES[key].spec.name:18} {GAMES[key].spec.max_players} players, "
        f"{statistics.mean(lengths):5.0f} decisions: {statistics.mean(seconds):6.1f} s CPU "
        f"a match (max {max(seconds):.1f}; {1000 * sum(seconds) / sum(lengths):.0f} ms a "
        "decision)",
        flush=True,
    )


async def delay(decisions: int) -> None:
    game = GAMES["tonari"]
    state = game.setup(2, game.spec.resolve_options({}), 1)
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    pool = DecisionPool(1)
    analysis = AnalysisPool()

    async def timed() -> list[float]:
        out = []
        for seed in range(decisions):
            started = time.perf_counter()
            await pool.decide("normal", seed, "tonari", view, seat, (), 0.5)
            out.append(time.perf_counter() - started)
        return out

    try:
        await timed()  # the worker started
        alone = await timed()
        long = a_match("tonga", 1)
        busy = asyncio.ensure_future(analysis.chances("tonga", long[:-1], 1))
        await asyncio.sleep(2.0)  # the analysis worker started and searching
        beside = await timed()
        running = not busy.done()
        await busy
    finally:
        pool.close()
        analysis.close()
    print(
        f"\nA normal decision (Tonari, cap 0.5 s), median of {decisions}: alone "
        f"{statistics.median(alone):.3f} s, beside an analysis {statistics.median(beside):.3f} s "
        f"(p95 {sorted(beside)[int(0.95 * len(beside)) - 1]:.3f} s; the analysis "
        f"{'still ran' if running else 'had ended'} when the last one was timed)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--no-delay", action="store_true")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    print(f"load at start {os.getloadavg()[0]:.1f} (2 shared cores)", flush=True)
    for key in [k for k in args.only.split(",") if k] or KEYS:
        cost(key, args.matches)
    if not args.no_delay:
        asyncio.run(delay(args.decisions))


if __name__ == "__main__":
    main()
