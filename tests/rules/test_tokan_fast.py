"""rules/tokan/fast.py: the compact playout simulator plays exactly the reference game.

Beyond the seeded playouts of tests/test_playout_identity.py: many more seeds under both
scorings (ties and the Every Head Counts tie-break occur), and playouts from positions in the
middle of games (a taboo space set), under the search's convention of drawing a seat only when
several may act.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import rng
from rules.registry import GAMES
from rules.tokan.scoring import SCORINGS
from tests.support.playouts import reference_playout

GAME = GAMES["tokan"]


@pytest.mark.parametrize("scoring", SCORINGS)
def test_seeded_games_agree_move_for_move(scoring: str):
    options = GAME.spec.resolve_options({"scoring": scoring})
    tied = 0
    for seed in range(400, 600):
        start = GAME.setup(2, options, seed)
        steps, result = reference_playout(GAME, start, rng.stream(seed, "p"), True)
        trace: list[Any] = []
        assert GAME.fast_playout(start, rng.stream(seed, "p"), trace) == result, seed
        assert trace == steps, seed
        tied += result[0][0] == result[0][1]
    assert tied  # equal scores (a draw, or the tie-break) are among them


def test_playouts_from_positions_in_the_middle_agree_without_single_seat_draws():
    options = GAME.spec.resolve_options({"scoring": "every-head-counts"})
    for seed in range(20):
        state = GAME.setup(2, options, seed)
        walk = rng.stream(seed, "walk")
        step = 0
        while GAME.outcome(state) is None:
            if step % 3 == 1:
                steps, result = reference_playout(GAME, state, rng.stream(step, "q"), False)
                trace: list[Any] = []
                got = GAME.fast_playout(state, rng.stream(step, "q"), trace, False)
                assert (got, trace) == (result, steps), (seed, step)
            seat = GAME.to_act(state)[0]
            state = GAME.play(state, seat, GAME.playout_move(state, seat, walk))
            step += 1
