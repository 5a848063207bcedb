"""rules/playout.policy_game: a seeded policy game, move by move, to its end."""

from __future__ import annotations

from itertools import pairwise

import pytest

from rules import rng
from rules.playout import policy_game
from rules.registry import GAMES


@pytest.mark.parametrize("any_seat", [False, True])
def test_a_policy_game_chains_its_states_to_the_end_and_repeats_with_its_seed(any_seat: bool):
    game = GAMES["toshi"]
    start = game.setup(4, game.spec.resolve_options({}), 5)
    steps = list(policy_game(game, start, rng.stream(5, "test"), any_seat=any_seat))
    assert steps[0][0] == start
    for one, two in pairwise(steps):
        assert one[3] == two[0]  # each move starts where the last ended
    for before, seat, move, _ in steps:
        assert seat in game.to_act(before) and move in game.legal_moves(before, seat)
        assert any_seat or seat == game.to_act(before)[0]
    assert game.outcome(steps[-1][3]) is not None
    again = list(policy_game(game, start, rng.stream(5, "test"), any_seat=any_seat))
    assert [m for _, _, m, _ in again] == [m for _, _, m, _ in steps]
