"""Random playouts per second per game, on one core, beside the issue's target of 2,000/s.

    .venv/bin/python -m bench.playouts              # every game, at its largest player count
    .venv/bin/python -m bench.playouts tonga toshi  # some games
    .venv/bin/python -m bench.playouts --seconds 5

A playout is a whole game from a seeded setup to its end with ``playout_move`` (uniform, or the
game's goal-directed policy where uniform play would not end), applied with ``play`` (no
legality re-check), as the search's playouts run. A game with a compact playout simulator
(``fast_playout``: the same moves, draws and result, proved move for move by
tests/test_playout_identity.py) is timed on it; ``--reference`` times ``play`` step by step for
every game. Prints figures; asserts nothing.

Rates are per second of this process's CPU time (``time.process_time``), so other work on the
machine does not count against a game; ``--wall`` times by the wall clock instead.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from rules import rng
from rules.base import Game
from rules.registry import GAMES

TARGET = 2000  # playouts per second on one core (issue 13)


def rate(
    game: Game,
    players: int,
    seconds: float,
    clock: Callable[[], float] = time.process_time,
    reference: bool = False,
) -> tuple[float, float | None]:
    """(complete playouts per second, moves per second), seeds 0, 1, 2... in turn. On a game's
    ``fast_playout`` (unless ``reference``) moves are not counted: the second figure is None."""
    fast = None if reference else getattr(game, "fast_playout", None)
    done = moves = seed = 0
    options = game.spec.resolve_options({})
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = game.setup(players, options, seed)
        draw = rng.stream(seed, "playout")
        if fast is not None:
            fast(state, draw)
            done += 1
            seed += 1
            continue
        while game.outcome(state) is None:
            seats = game.to_act(state)
            seat = seats[rng.below(draw, len(seats))]
            state = game.play(state, seat, game.playout_move(state, seat, draw))
            moves += 1
        done += 1
        seed += 1
    spent = clock() - start
    return done / spent, None if fast is not None else moves / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game keys (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and player count")
    parser.add_argument("--all-counts", action="store_true", help="every player count")
    parser.add_argument("--wall", action="store_true", help="time by the wall clock, not CPU")
    parser.add_argument(
        "--reference", action="store_true", help="play step by step, not on fast_playout"
    )
    args = parser.parse_args()
    clock = time.perf_counter if args.wall else time.process_time
    print(f"{'game':>8} {'players':>7} {'playouts/s':>11} {'moves/s':>9} {'target':>7}  ok  path")
    for key in args.games or list(GAMES):
        game = GAMES[key]
        counts = range(game.spec.min_players, game.spec.max_players + 1)
        for players in counts if args.all_counts else [game.spec.max_players]:
            playouts, moves = rate(game, players, args.seconds, clock, args.reference)
            ok = "yes" if playouts >= TARGET else "no "
            per_move = "-" if moves is None else f"{moves:.0f}"
            path = "reference" if moves is not None else "fast"
            print(f"{key:>8} {players:>7} {playouts:>11.0f} {per_move:>9} {TARGET:>7}  {ok} {path}")


if __name__ == "__main__":
    main()
