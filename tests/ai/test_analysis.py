"""The analysis' estimates (``ai.analysis``): chances from the deciding seat's view only, a
search below the move actually played, the worker niced below the computer seats'."""

from __future__ import annotations

import os

import pytest

from ai.analysis import Decision, calibrated, chances_after, normalised, preference
from ai.mcts import SearchBudget, search
from ai.player import ComputerPlayer, sampler_for
from ai.pool import AnalysisPool
from ai.publiclog import extended
from rules import rng
from rules.registry import GAMES

GAMES_AND_PLAYERS = (("tokan", 2), ("tonari", 3), ("fishing", 2), ("toshi", 3), ("tonga", 3))


def decisions(key: str, players: int, seed: int) -> tuple[list[Decision], object]:
    game = GAMES[key]
    state = game.setup(players, game.spec.resolve_options({}), seed)
    player = ComputerPlayer("easy", seed)
    log: tuple[tuple[int, str], ...] = ()
    out = []
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        text = player.decide(key, view, seat, log)
        out.append(Decision(seat, view, log, text))
        state = game.apply(state, seat, game.parse(state, text))
        log = extended(log, key, seat, text)
    return out, state


@pytest.mark.parametrize(("key", "players"), GAMES_AND_PLAYERS)
def test_chances_are_shares_that_sum_to_one_and_repeat_with_the_seed(key, players):
    made, _ = decisions(key, players, seed=3)
    middle = made[len(made) // 2]
    chances = chances_after(key, middle, seed=9, iterations=40)
    assert len(chances) == players and abs(sum(chances) - 1) < 1e-9
    assert all(0 <= c <= 1 for c in chances)
    assert chances_after(key, middle, seed=9, iterations=40) == chances
    preferred = preference(key, middle, seed=9, iterations=40)
    game = GAMES[key]
    first = sampler_for(game, middle.view, middle.seat, middle.public_log)(rng.stream(1, "t"))
    assert game.parse(first, preferred.move) in game.legal_moves(first, middle.seat)
    assert abs(sum(preferred.chances) - 1) < 1e-9


def test_a_decided_game_is_estimated_as_decided():
    """TOKAN has no hidden information: before its last move, the estimate of the move that
    ends it is the result."""
    made, final = decisions("tokan", 2, seed=4)
    winners = GAMES["tokan"].outcome(final).winners
    chances = chances_after("tokan", made[-1], seed=1, iterations=30, raw=True)
    assert chances == tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(2))
    shown = chances_after("tokan", made[-1], seed=1, iterations=30)
    assert shown[winners[0]] > 0.99


def test_calibration_flattens_a_lead_and_keeps_the_order():
    searched = (0.8, 0.15, 0.05)
    shown = calibrated("tonga", searched)
    assert abs(sum(shown) - 1) < 1e-9
    assert shown[0] < searched[0] and shown[2] > searched[2]
    assert shown[0] > shown[1] > shown[2]
    assert calibrated("tonga", searched, temperature=1.0, shrink=1.0) == pytest.approx(searched)


def test_an_estimate_refuses_a_state_it_would_read_hands_from():
    game = GAMES["toshi"]
    state = game.setup(3, game.spec.resolve_options({}), 1)
    seat = game.to_act(state)[0]
    legal = game.legal_moves(state, seat)
    with pytest.raises(TypeError):
        chances_after("toshi", Decision(seat, state, (), game.format(state, legal[0])), 1)


def test_the_restricted_search_goes_below_the_played_move_only():
    made, _ = decisions("tonari", 2, seed=5)
    decision = made[3]
    game = GAMES["tonari"]
    sampler = sampler_for(game, decision.view, decision.seat, decision.public_log)
    draw = rng.stream(2, "restricted")
    move = game.parse(sampler(rng.stream(3, "first")), decision.move)
    budget = SearchBudget(iterations=50, seconds=60.0, playout_depth=5, full_playouts=True)
    result = search(game, sampler, decision.seat, budget, draw, root_moves=[move], track_wins=True)
    assert result.move == move and [c.move for c in result.root] == [move]
    (root,) = result.root
    assert root.visits == 50 and abs(sum(root.wins) - 50) < 1e-9  # every playout has a winner


def test_normalised_shares():
    assert normalised([0.0, 0.0], 2) == (0.5, 0.5)
    assert normalised([3.0, 1.0], 2) == (0.75, 0.25)


def niceness() -> int:
    return os.nice(0)


async def test_the_analysis_worker_runs_below_the_bot():
    pool = AnalysisPool()
    try:
        mine = os.nice(0)
        theirs = await pool._run(niceness)
        assert theirs > mine
        made, _ = decisions("tokan", 2, seed=6)
        chances, cpu = await pool.chances("tokan", made[:3], seed=1, iterations=10)
        assert len(chances) == 3 and cpu >= 0
        with pytest.raises(TypeError):  # a state never reaches the worker
            game = GAMES["tokan"]
            state = game.setup(2, {}, 1)
            await pool.chances("tokan", [Decision(0, state, (), "x")], seed=1)
    finally:
        pool.close()
