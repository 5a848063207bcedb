"""The process pool: computer seats of ten matches think at once while the event loop runs."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

from ai.mcts import SearchBudget
from ai.player import ComputerPlayer
from ai.pool import DecisionPool
from rules.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]


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


def whose_decision(level, seed, game_key, view, seat, public_log, budget_seconds) -> str:
    """A worker job that answers with the worker's process id."""
    return str(os.getpid())


async def test_a_pool_whose_worker_was_killed_starts_afresh():
    """A worker killed on its own (the OOM killer) breaks a process pool for good: the
    decision that meets it gets the policy's move, and the pool starts fresh workers."""
    pool = DecisionPool(1, work=whose_decision)
    game = GAMES["tonari"]
    state = game.setup(2, {}, 5)
    view = game.view(state, 1)
    try:
        first = await pool.decide("easy", 1, "tonari", view, 1, (), 5.0)
        assert not first.fallback
        os.kill(int(first.text), signal.SIGKILL)
        answers = [await pool.decide("easy", 1, "tonari", view, 1, (), 5.0) for _ in range(2)]
    finally:
        pool.close()
    worked = [a for a in answers if not a.fallback]
    assert worked and int(worked[-1].text) != int(first.text)
    assert pool.restarts == 1
    for answer in answers:
        if answer.fallback:  # the policy's move stood in for the worker
            assert game.parse(state, answer.text) in game.legal_moves(state, 1)


# A worker stand-in with the portable watch only: it runs the initializer as a pool worker
# does, says its process id, and waits for ever; its parent is a middle process the test kills.
ORPHAN = """
import os, sys, time
import ai.pool as pool
pool._ask_kernel = lambda: False  # as on a system without PR_SET_PDEATHSIG
pool.die_with_parent(os.getppid())
print(os.getpid(), flush=True)
time.sleep(120)
"""
MIDDLE = "import subprocess, sys; subprocess.Popen([sys.executable, '-c', sys.argv[1]]).wait()"


async def test_without_the_kernels_help_a_worker_watches_its_parent_and_ends_with_it():
    middle = await asyncio.create_subprocess_exec(
        sys.executable, "-c", MIDDLE, ORPHAN, stdout=asyncio.subprocess.PIPE, cwd=ROOT
    )
    assert middle.stdout is not None
    worker = int(await asyncio.wait_for(middle.stdout.readline(), 30))
    middle.kill()
    await middle.wait()
    for _ in range(1000):  # its watch looks once a second (a bounded wait, not a sleep)
        try:
            state = Path(f"/proc/{worker}/stat").read_text().split(")")[-1].split()[0]
        except OSError:
            return  # gone
        if state == "Z":
            return  # dead, waiting to be reaped by whoever adopted it
        await asyncio.sleep(0.01)
    os.kill(worker, signal.SIGKILL)
    raise AssertionError("the orphaned worker did not end")
