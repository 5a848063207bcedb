"""rules/tonga/fast.py: the compact playout simulator plays exactly the reference game.

Beyond the seeded playouts of tests/test_playout_identity.py: more seeds at both player counts
(so rerolls, `keep`, passing ships, the ghost ship, winds, maps and sunken treasure all occur),
and playouts from positions in the middle of games (every phase), under the search's
convention of drawing a seat only when several may act.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import rng
from rules.registry import GAMES
from rules.tonga.state import Phase
from tests.support.playouts import reference_playout

GAME = GAMES["tonga"]


@pytest.mark.parametrize("players", [3, 4])
def test_seeded_games_agree_move_for_move(players: int):
    options = GAME.spec.resolve_options({})
    for seed in range(100, 140):
        start = GAME.setup(players, options, seed)
        steps, result = reference_playout(GAME, start, rng.stream(seed, "p"), True)
        trace: list[Any] = []
        assert GAME.fast_playout(start, rng.stream(seed, "p"), trace) == result, seed
        assert trace == steps, seed


def test_playouts_from_every_phase_agree_without_single_seat_draws():
    """Start positions taken along seeded games, after single decisions too (a die placed
    alone, one step of a route), so a playout may start in the middle of a crew or
    navigation turn."""
    options = GAME.spec.resolve_options({})
    phases: set[Phase] = set()
    for seed in range(6):
        state = GAME.setup(3 + seed % 2, options, seed)
        walk = rng.stream(seed, "walk")
        step = 0
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            if step % 5 == 2:
                phases.add(state.phase)
                steps, result = reference_playout(GAME, state, rng.stream(step, "q"), False)
                trace: list[Any] = []
                got = GAME.fast_playout(state, rng.stream(step, "q"), trace, False)
                assert (got, trace) == (result, steps), (seed, step)
            # Every third move a single decision (the first of the policy's), so that partly
            # played crew and navigation turns are start positions too.
            legal = GAME.legal_moves(state, seat)
            if step % 3 == 0 and legal:
                move = legal[rng.below(walk, len(legal))]
            else:
                move = GAME.playout_move(state, seat, walk)
            state = GAME.play(state, seat, move)
            step += 1
    assert {Phase.WAGES, Phase.CREW, Phase.NAVIGATION} <= phases
