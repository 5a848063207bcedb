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
from tests.support.playouts import reference_playout

GAME = GAMES["tonari"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_agree_move_for_move(players: int):
    options = GAME.spec.resolve_options({})
    for seed in range(300, 400):
        start = GAME.setup(players, options, seed)
        steps, result = reference_playout(GAME, start, rng.stream(seed, "p"), True)
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
                steps, result = reference_playout(GAME, state, rng.stream(step, "q"), False)
                trace: list[Any] = []
                got = GAME.fast_playout(state, rng.stream(step, "q"), trace, False)
                assert (got, trace) == (result, steps), (seed, step)
            seat = GAME.to_act(state)[0]
            state = GAME.play(state, seat, GAME.playout_move(state, seat, walk))
            step += 1
    assert {Phase.MOVE, Phase.SENSE, Phase.ROUGH, Phase.SCARE, Phase.SEASON} <= phases
