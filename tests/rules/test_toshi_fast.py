"""rules/toshi/fast.py: the compact playout simulator plays exactly the reference game.

Beyond the seeded playouts of tests/test_playout_identity.py: playouts from positions in the
middle of games (every phase, an owed Influenstar token pending), under the search's convention
of drawing a seat only when several may act, and many more seeds of the Specialisation variant,
whose powers (Overseer, Builder, Pawnlitician, Octogeek, Influenstar) are the rare paths.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rules import rng
from rules.registry import GAMES
from rules.toshi.model import Phase
from tests.support.playouts import reference_playout

GAME = GAMES["toshi"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_specialisation_games_agree_move_for_move(players: int):
    options = GAME.spec.resolve_options({"variant": "specialisation"})
    for seed in range(100, 160):
        start = GAME.setup(players, options, seed)
        steps, result = reference_playout(GAME, start, rng.stream(seed, "p"), True)
        trace: list[Any] = []
        assert GAME.fast_playout(start, rng.stream(seed, "p"), trace) == result, seed
        assert trace == steps, seed


@pytest.mark.parametrize("variant", ["standard", "specialisation"])
def test_playouts_from_every_phase_agree_without_single_seat_draws(variant: str):
    """Start positions taken along seeded games (so every phase and an owed token occur)."""
    options = GAME.spec.resolve_options({"variant": variant})
    phases: set[Phase] = set()
    owed = 0
    for seed in range(12):
        state = GAME.setup(4 + seed % 2, options, seed)
        walk = rng.stream(seed, "walk")
        step = 0
        while GAME.outcome(state) is None:
            if step % 7 == 3:
                phases.add(state.phase)
                owed += state.owed >= 0
                steps, result = reference_playout(GAME, state, rng.stream(step, "q"), False)
                trace: list[Any] = []
                got = GAME.fast_playout(state, rng.stream(step, "q"), trace, False)
                assert (got, trace) == (result, steps), (seed, step)
            seat = GAME.to_act(state)[0]
            state = GAME.play(state, seat, GAME.playout_move(state, seat, walk))
            step += 1
    assert {Phase.TRICK, Phase.NATURE, Phase.BUILD, Phase.INFLUENCE} <= phases
    if variant == "specialisation":
        assert owed > 0 and Phase.SPECIALISE in phases


@pytest.mark.parametrize("players", [4, 5])
def test_hands_not_sorted_by_colour_agree(players: int):
    """A hand dealt anew for a search need not be in colour order: the led colour's cards are
    then not one run, and the simulator must pick the same card as the reference's filter."""
    options = GAME.spec.resolve_options({})
    for seed in range(20):
        start = GAME.setup(players, options, seed)
        hands = tuple(
            rng.shuffled(hand, seed, f"mix:{seat}") for seat, hand in enumerate(start.hands)
        )
        start = dataclasses.replace(start, hands=hands)
        steps, result = reference_playout(GAME, start, rng.stream(seed, "p"), True)
        trace: list[Any] = []
        assert GAME.fast_playout(start, rng.stream(seed, "p"), trace) == result, seed
        assert trace == steps, seed
