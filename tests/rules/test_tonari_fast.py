"""rules/tonari/fast.py: the compact playout simulator plays exactly the reference game.

Beyond the seeded playouts of tests/test_playout_identity.py: more seeds at every player count
(so every skill, Pink jumps and the boat-move tie-break occur), and playouts from positions in
the middle of games (a skill awaiting its use), under the search's convention of drawing a seat
only when several may act.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import rng
from rules.registry import GAMES
from rules.tonari.game import Phase

GAME = GAMES["tonari"]


def reference(state: Any, draw: Any, draw_single_seat: bool) -> tuple[list[Any], Any]:
    steps = []
    while GAME.outcome(state) is None:
        seats = GAME.to_act(state)
        if draw_single_seat or len(seats) > 1:
            seat = seats[rng.below(draw, len(seats))]
        else:
            seat = seats[0]
        move = GAME.playout_move(state, seat, draw)
        steps.append((seat, move))
        state = GAME.play(state, seat, move)
    outcome = GAME.outcome(state)
    return steps, (tuple(s.total for s in outcome.scores), outcome.winners)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_agree_move_for_move(players: int):
    options = GAME.spec.resolve_options({})
    for seed in range(300, 400):
        start = GAME.setup(players, options, seed)
        steps, result = reference(start, rng.stream(seed, "p"), True)
        trace: list[Any] = []
        assert GAME.fast_playout(start, rng.stream(seed, "p"), trace) == result, seed
        assert trace == steps, seed


def test_playouts_from_positions_in_the_middle_agree_without_single_seat_draws():
    phases: set[Phase] = set()
    for seed in range(30):
        state = GAME.setup(2 + seed % 3, GAME.spec.resolve_options({}), seed)
        walk = rng.stream(seed, "walk")
        step = 0
        while GAME.outcome(state) is None:
            if step % 4 == 1 or state.phase not in (Phase.MOVE, Phase.PLACE):
                phases.add(state.phase)
                steps, result = reference(state, rng.stream(step, "q"), False)
                trace: list[Any] = []
                got = GAME.fast_playout(state, rng.stream(step, "q"), trace, False)
                assert (got, trace) == (result, steps), (seed, step)
            seat = GAME.to_act(state)[0]
            state = GAME.play(state, seat, GAME.playout_move(state, seat, walk))
            step += 1
    assert {Phase.MOVE, Phase.SENSE, Phase.ROUGH, Phase.SCARE, Phase.SEASON} <= phases
