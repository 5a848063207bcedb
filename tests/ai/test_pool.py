"""The process pool: computer seats of ten matches think at once while the event loop runs."""

from __future__ import annotations

import asyncio
import time

from ai.mcts import SearchBudget
from ai.player import ComputerPlayer
from ai.pool import DecisionPool
from rules.registry import GAMES


def tiny_decision(level, seed, game_key, view, seat, public_log, budget_seconds) -> str:
    """A worker job with a tiny search (module level: it crosses to the worker by pickle)."""
    limits = SearchBudget(iterations=20, seconds=budget_seconds, playout_depth=4)
    return ComputerPlayer(level, seed, limits).decide(game_key, view, seat, public_log)


def overrunning_decision(level, seed, game_key, view, seat, public_log, budget_seconds) -> str:
    """A worker that overruns its budget (stands for a loaded machine)."""
    time.sleep(budget_seconds + 1.0)
    return "never used"


async def test_ten_matches_decide_at_once_without_blocking_the_loop():
    pool = DecisionPool(2, work=tiny_decision)
    ticks = 0
    running = True

    async def heartbeat() -> None:
        nonlocal ticks
        while running:
            ticks += 1
            await asyncio.sleep(0.001)

    beat = asyncio.create_task(heartbeat())
    game = GAMES["fishing"]
    states = [game.setup(3, game.spec.resolve_options({}), seed) for seed in range(10)]
    try:
        before = ticks
        answers = await asyncio.gather(
            *(
                pool.decide("normal", i, "fishing", game.view(s, 0), 0, (), 5.0)
                for i, s in enumerate(states)
            )
        )
        during = ticks - before
    finally:
        running = False
        await beat
        pool.close()
    for state, answer in zip(states, answers, strict=True):
        assert not answer.fallback
        assert game.parse(state, answer.text) in game.legal_moves(state, 0)
    # Each of the ten searches ran in a worker while the loop kept turning: a search on the
    # loop itself would have let the heartbeat tick only between whole searches.
    assert during > 10 * 2


async def test_an_overrunning_worker_is_answered_by_the_policy_move():
    pool = DecisionPool(1, work=overrunning_decision, grace=0.05)
    game = GAMES["tonari"]
    state = game.setup(2, {}, 5)
    try:
        answer = await pool.decide("hard", 1, "tonari", game.view(state, 1), 1, (), 0.05)
    finally:
        pool.close()
    assert answer.fallback
    assert game.parse(state, answer.text) in game.legal_moves(state, 1)


async def test_the_pool_refuses_a_state_before_any_worker_sees_it():
    pool = DecisionPool(1, work=tiny_decision)
    game = GAMES["tokan"]
    state = game.setup(2, {"scoring": "towers"}, 1)
    try:
        try:
            await pool.decide("easy", 1, "tokan", state, 0, (), 1.0)
        except TypeError as error:
            assert "TokanView" in str(error)
        else:
            raise AssertionError("a state was accepted")
    finally:
        pool.close()
