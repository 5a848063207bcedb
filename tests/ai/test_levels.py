"""The levels' budgets: iteration-bound (reproducible) with a time cap kept as a safety stop,
and playouts played to the end scored as the search scores a finished game."""

from __future__ import annotations

import dataclasses
import random

import pytest

from ai.evaluate import final_values, result_values
from ai.levels import (
    FULL_ITERATIONS,
    FULL_PLAYOUTS,
    GREED,
    ITERATIONS,
    LEVELS,
    SECONDS,
    budget,
)
from ai.player import ComputerPlayer
from ai.publiclog import extended
from rules import rng
from rules.registry import GAMES


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_level_ends_on_iterations_with_its_cap_behind(key):
    counts = []
    for level in LEVELS:
        limits = budget(key, level)
        full = key in FULL_PLAYOUTS[level]
        assert limits.full_playouts is full
        assert limits.iterations == (FULL_ITERATIONS if full else ITERATIONS)[level][key]
        assert limits.seconds == SECONDS[level]
        assert budget(key, level, full_playouts=True).iterations == FULL_ITERATIONS[level][key]
        assert budget(key, level, full_playouts=False).iterations == ITERATIONS[level][key]
        counts.append(limits.iterations)
        # Goal-directed playouts only where a level names the game, and only when they are
        # played to the end (on a game's compact simulator, which has them).
        assert limits.greed == (GREED[level].get(key, 0.0) if full else 0.0)
        assert budget(key, level, full_playouts=False).greed == 0.0
        if limits.greed:
            assert hasattr(GAMES[key], "greedy_playout")
    # The harder the level, the more it searches.
    assert 0 < counts[0] < counts[1] < counts[2]


def test_a_time_scale_scales_normal_and_hard_counts_not_easys():
    assert budget("tonari", "hard", time_scale=0.25).iterations == round(
        budget("tonari", "hard").iterations * 0.25
    )
    assert budget("tonga", "hard", time_scale=0.25).seconds == pytest.approx(0.5)
    assert budget("tonga", "easy", time_scale=0.25).iterations == budget("tonga", "easy").iterations
    assert budget("tokan", "normal", time_scale=1e-9).iterations == 1


def _position(key: str, players: int, moves: int, seed: int) -> tuple[object, int, tuple]:
    """A position ``moves`` playout moves into a seeded match, with its public log: (view of the
    seat to act, that seat, log). Moves go through ``apply`` and the log as at a table."""
    game = GAMES[key]
    state = game.setup(players, game.spec.resolve_options({}), seed)
    draw = rng.stream(seed, "position")
    log: tuple[tuple[int, str], ...] = ()
    for _ in range(moves):
        acting = game.to_act(state)
        seat = acting[rng.below(draw, len(acting))]
        text = game.format(state, game.playout_move(state, seat, draw))
        state = game.apply(state, seat, game.parse(state, text))
        log = extended(log, key, seat, text)
    seat = game.to_act(state)[0]
    return game.view(state, seat), seat, log


POSITIONS = [("tokan", 2, 6), ("tonari", 3, 5), ("fishing", 4, 7), ("tonga", 3, 4), ("toshi", 4, 9)]


@pytest.mark.parametrize(("key", "players", "moves"), POSITIONS)
@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("full", [False, True])
def test_normal_and_hard_decide_the_same_twice_from_one_seed_and_view(
    key, players, moves, level, full
):
    # The level's own budget scaled down (a twentieth: the same code path, a test's time) with a
    # cap no machine meets: the decision depends on the seed and the view alone.
    limits = dataclasses.replace(
        budget(key, level, time_scale=0.05, full_playouts=full), seconds=600.0
    )
    view, seat, log = _position(key, players, moves, 11)
    first = ComputerPlayer(level, 42, limits).decide_with_stats(key, view, seat, log)
    again = ComputerPlayer(level, 42, limits).decide_with_stats(key, view, seat, log)
    assert (again.text, again.iterations) == (first.text, first.iterations)
    assert not first.capped
    assert first.iterations in (0, limits.iterations)  # 0: a single legal move, no search


@pytest.mark.parametrize(("key", "players", "moves"), POSITIONS)
def test_a_full_playout_is_scored_as_the_reference_playout_to_the_end(key, players, moves):
    """``fast_playout`` (draw_single_seat=False) and the search's own playout loop, carried to
    the end with the same draws, reach the same result, and the search values it the same."""
    game = GAMES[key]
    for seed in range(3):
        state = game.setup(players, game.spec.resolve_options({}), seed)
        draw = rng.stream(seed, "opening")
        for _ in range(moves):
            seats = game.to_act(state)
            seat = seats[rng.below(draw, len(seats))]
            state = game.play(state, seat, game.playout_move(state, seat, draw))
        totals, winners = game.fast_playout(state, random.Random(seed), None, False)
        draw = random.Random(seed)
        while (outcome := game.outcome(state)) is None:
            seats = game.to_act(state)
            mover = seats[0] if len(seats) == 1 else seats[rng.below(draw, len(seats))]
            state = game.play(state, mover, game.playout_move(state, mover, draw))
        assert result_values(key, totals, winners) == final_values(key, outcome, players)
