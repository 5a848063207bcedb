"""Computer decisions off the event loop: a process pool with a deadline per decision.

``DecisionPool.decide`` is a coroutine: the search runs in a worker process (started with
``spawn``, so no state of the bot's process, sockets or threads is inherited), the event loop
only awaits it. The search stops itself at its time cap (``ai.mcts``); should a worker still
overrun (a loaded machine, a slow start), the coroutine stops waiting after the budget plus a
grace period and answers with the playout policy's move, computed in a thread. Ten matches
may have computer seats thinking at once: the pool queues their searches over the cores.

The workers die with the bot. A bot killed outright (SIGKILL, the OOM killer, a crash) runs no
shutdown, and a worker waits on its queue for ever: every other worker holds that queue's
writing end too, so it never reads an end of file. Each worker therefore asks the kernel to kill
it when its parent dies (Linux's ``PR_SET_PDEATHSIG``), or, where there is no such call, watches
its parent id from a thread. multiprocessing's resource tracker (the process that unlinks the
pool's named semaphores) ends by itself once the bot and every worker, which hold its pipe,
are gone. A pool whose worker died anyway (killed on its own) is broken for good: the next
decision starts a fresh one.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ai.analysis import Decision, Preference, analyse, preferences
from ai.player import ComputerPlayer, check_view, policy_move

log = logging.getLogger("tidetable.pool")

GRACE_SECONDS = 0.5  # beyond the budget, before the policy move is played instead
PR_SET_PDEATHSIG = 1  # prctl option (linux/prctl.h): a signal for when the parent dies
WATCH_SECONDS = 1.0  # how often a worker without that option looks whether its parent lives


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


def die_with_parent(parent: int) -> None:
    """A worker's initializer: end this worker when ``parent`` (the bot) dies.

    On Linux the kernel sends SIGKILL the moment the parent goes (it is a killed process'
    search, nobody waits for its answer, and nothing in a worker needs cleaning up). The
    kernel ties the signal to the parent's *thread* that started the worker: the pool starts
    its workers from the event loop's thread, which lives as long as the bot. Elsewhere, or
    if the call fails, a daemon thread compares the parent id with the bot's every
    ``WATCH_SECONDS`` (an orphan is adopted by another process). Either way, a parent that
    died before this ran is noticed at once."""
    if not _ask_kernel():
        threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    if os.getppid() != parent:
        os._exit(0)


def _ask_kernel() -> bool:
    """Linux's prctl(PR_SET_PDEATHSIG, SIGKILL); False where it is not to be had."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        done: int = libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        return False
    return done == 0


def _watch(parent: int) -> None:
    """The portable fallback: end the worker once its parent is no longer ``parent``."""
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(0)


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
        self._executor: Executor = self._start()
        self.restarts = 0  # pools started again after a worker died (for health and tests)

    def _start(self) -> Executor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=die_with_parent,
            initargs=(os.getpid(),),
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
        seen = tuple(public_log)
        args = (level, seed, game_key, view, seat, seen, budget_seconds)
        loop = asyncio.get_running_loop()
        executor = self._executor
        try:
            future = loop.run_in_executor(executor, self._work, *args)
        except BrokenProcessPool:  # it broke while no decision was waiting on it
            executor = self._renew(executor)
            future = loop.run_in_executor(executor, self._work, *args)
        try:
            text = await asyncio.wait_for(future, timeout=budget_seconds + self._grace)
        except TimeoutError:
            text = await asyncio.to_thread(policy_move, game_key, view, seat, seen, seed)
            return PoolAnswer(text, fallback=True)
        except BrokenProcessPool:
            # A worker died (killed on its own): this executor takes no more work, ever.
            self._renew(executor)
            text = await asyncio.to_thread(policy_move, game_key, view, seat, seen, seed)
            return PoolAnswer(text, fallback=True)
        return PoolAnswer(text, fallback=False)

    def _renew(self, broken: Executor) -> Executor:
        """The pool to use instead of ``broken``: a fresh one, started once however many
        decisions the broken one failed."""
        if self._executor is broken:
            log.warning("a computer player's worker process died; starting a fresh pool")
            broken.shutdown(wait=False, cancel_futures=True)
            self._executor = self._start()
            self.restarts += 1
        return self._executor

    def close(self) -> None:
        """Stop the workers (a search still running is abandoned)."""
        self._executor.shutdown(wait=False, cancel_futures=True)


# How much lower than the bot's a worker analysing finished matches runs (``os.nice``): the
# kernel then gives a computer seat's search the core first whenever both want one.
ANALYSIS_NICENESS = 15


def analysis_worker_start(parent: int) -> None:
    """An analysis worker's initializer: die with the bot, and yield the core to any search."""
    die_with_parent(parent)
    with contextlib.suppress(OSError):
        os.nice(ANALYSIS_NICENESS)


def run_analysis(
    game_key: str, decisions: Sequence[Decision], seed: int, iterations: int | None
) -> tuple[list[tuple[float, ...]], float]:
    """What an analysis worker runs: the chances after each decision, and the CPU seconds."""
    started = time.process_time()
    chances = analyse(game_key, decisions, seed, iterations)
    return chances, time.process_time() - started


def run_preferences(
    game_key: str, decisions: Sequence[Decision], seed: int, iterations: int | None
) -> list[Preference]:
    return preferences(game_key, decisions, seed, iterations)


class AnalysisPool:
    """One worker process, niced, for analyses of finished matches: never a decision pool's
    worker (a computer seat's move never queues behind an analysis), never the event loop.
    Analyses queue here one after another."""

    def __init__(self, work: Callable[..., Any] = run_analysis) -> None:
        self._work = work
        self._executor: Executor = self._start()

    @staticmethod
    def _start() -> Executor:
        return ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=analysis_worker_start,
            initargs=(os.getpid(),),
        )

    async def _run(self, work: Callable[..., Any], *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor, work, *args)
        except BrokenProcessPool:  # a worker died: a fresh pool for this and what follows
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._start()
            return await loop.run_in_executor(self._executor, work, *args)

    async def chances(
        self, game_key: str, decisions: Sequence[Decision], seed: int, iterations: int | None = None
    ) -> tuple[list[tuple[float, ...]], float]:
        check_views(game_key, decisions)
        result: tuple[list[tuple[float, ...]], float] = await self._run(
            self._work, game_key, tuple(decisions), seed, iterations
        )
        return result

    async def preferences(
        self, game_key: str, decisions: Sequence[Decision], seed: int, iterations: int | None = None
    ) -> list[Preference]:
        check_views(game_key, decisions)
        result: list[Preference] = await self._run(
            run_preferences, game_key, tuple(decisions), seed, iterations
        )
        return result

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


def check_views(game_key: str, decisions: Sequence[Decision]) -> None:
    """Refuse a state before it reaches any process: a decision carries a seat's view only."""
    for decision in decisions:
        check_view(game_key, decision.view)
