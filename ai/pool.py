"""Computer decisions off the event loop: a process pool with a deadline per decision.

``DecisionPool.decide`` is a coroutine: the search runs in a worker process (started with
``spawn``, so no state of the bot's process, sockets or threads is inherited), the event loop
only awaits it. The search stops itself at its time cap (``ai.mcts``); should a worker still
overrun (a loaded machine, a slow start), the coroutine stops waiting after the budget plus a
grace period and answers with the playout policy's move, computed in a thread. Ten matches
may have computer seats thinking at once: the pool queues their searches over the cores.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ai.player import ComputerPlayer, check_view, policy_move

GRACE_SECONDS = 0.5  # beyond the budget, before the policy move is played instead


@dataclass(frozen=True)
class PoolAnswer:
    text: str
    fallback: bool  # the worker overran: this is the playout policy's move


def run_decision(
    level: str,
    seed: int,
    game_key: str,
    view: Any,
    seat: int,
    public_log: Sequence[tuple[int, str]],
    budget_seconds: float | None,
) -> str:
    """What a worker process runs (module level, so it pickles)."""
    return ComputerPlayer(level, seed).decide(game_key, view, seat, public_log, budget_seconds)


class DecisionPool:
    """A pool of worker processes for computer seats, sized by the cores by default."""

    def __init__(
        self,
        workers: int | None = None,
        *,
        work: Callable[..., str] = run_decision,
        grace: float = GRACE_SECONDS,
    ) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._work = work
        self._grace = grace
        self._executor: Executor = ProcessPoolExecutor(
            max_workers=self.workers, mp_context=multiprocessing.get_context("spawn")
        )

    async def decide(
        self,
        level: str,
        seed: int,
        game_key: str,
        view: Any,
        seat: int,
        public_log: Sequence[tuple[int, str]],
        budget_seconds: float,
    ) -> PoolAnswer:
        """The move ``seat`` plays, within ``budget_seconds`` (plus the grace period)."""
        check_view(game_key, view)  # refuse a state before it reaches any process
        log = tuple(public_log)
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(
            self._executor, self._work, level, seed, game_key, view, seat, log, budget_seconds
        )
        try:
            text = await asyncio.wait_for(future, timeout=budget_seconds + self._grace)
        except TimeoutError:
            text = await asyncio.to_thread(policy_move, game_key, view, seat, log, seed)
            return PoolAnswer(text, fallback=True)
        return PoolAnswer(text, fallback=False)

    def close(self) -> None:
        """Stop the workers (a search still running is abandoned)."""
        self._executor.shutdown(wait=False, cancel_futures=True)
