"""rules/fishing/fast.py: the compact playout simulator plays exactly the reference game.

Beyond the seeded playouts of tests/test_playout_identity.py: more seeds, every special set
chosen in turn (so Kingfish wins, Lunkers, Dinker chains, Skipjack lines, Shiners and Junk all
occur), and playouts from positions in the middle of games (action tiles awaiting their use,
a Dinker awaiting take-or-leave), under the search's convention of drawing a seat only when
several may act.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import rng
from rules.fishing.game import Phase
from rules.registry import GAMES
from tests.support.playouts import reference_playout

GAME = GAMES["fishing"]
SET_PAIRS = [
    "kingfish,lunkers",
    "dinkers,skipjacks",
    "shiners,junk",
    "kingfish,dinkers,skipjacks,shiners",
]


# Five players always play the large side, with four sets.
CASES = [(p, sets) for p in (2, 3, 4, 5) for sets in SET_PAIRS if p < 5 or sets.count(",") == 3]


@pytest.mark.parametrize(("players", "sets"), CASES)
def test_games_with_each_special_set_agree_move_for_move(players: int, sets: str):
    side = "large" if sets.count(",") == 3 else "small"
    options = GAME.spec.resolve_options({"side": side, "sets": sets})
    for seed in range(200, 220):
        start = GAME.setup(players, options, seed)
        steps, result = reference_playout(GAME, start, rng.stream(seed, "p"), True)
        trace: list[Any] = []
        assert GAME.fast_playout(start, rng.stream(seed, "p"), trace) == result, seed
        assert trace == steps, seed


def test_playouts_from_positions_in_the_middle_agree_without_single_seat_draws():
    phases: set[Phase] = set()
    for seed in range(40):
        players = 2 + seed % 4
        options = GAME.spec.resolve_options({"sets": SET_PAIRS[seed % 3]} if players < 5 else {})
        state = GAME.setup(players, options, seed)
        walk = rng.stream(seed, "walk")
        step = 0
        while GAME.outcome(state) is None:
            if step % 3 == 1 or state.phase is not Phase.MOVE:
                phases.add(state.phase)
                steps, result = reference_playout(GAME, state, rng.stream(step, "q"), False)
                trace: list[Any] = []
                got = GAME.fast_playout(state, rng.stream(step, "q"), trace, False)
                assert (got, trace) == (result, steps), (seed, step)
            seat = GAME.to_act(state)[0]
            state = GAME.play(state, seat, GAME.playout_move(state, seat, walk))
            step += 1
    assert {Phase.MOVE, Phase.DINKER, Phase.SWAP_TILES, Phase.SLIDE, Phase.REMOVE} <= phases
    assert {Phase.DOUBLE, Phase.SWAP_FISH} <= phases
