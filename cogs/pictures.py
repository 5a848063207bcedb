"""Pictures drawn and encoded off the bot's process, and how long that took
(``tidetable_picture_render_seconds``): every picture the bot posts passes here.

Drawing and encoding a board is the costliest thing the bot does for a move; in a thread of
the bot's own process it shares one core and the interpreter's lock with the event loop, and
twenty boards at once slow every other answer. So ``rendered`` hands the renderer (a module
level function of ``render/``, which pickles by name) and its arguments to a small pool of
worker processes and waits for the PNG's bytes, in the thread that asked (callers run it with
``asyncio.to_thread``): the event loop never holds a render. Each worker draws a few sample
boards as it starts (``PicturePool.prime``), so its caches are warm before a player waits.

The pool is the process's (``configure`` sizes it from the RENDER_WORKERS setting; 0 workers
draws in the calling thread, as the test suite does for speed, while tests of their own drive
the pool end to end). Its workers start one at a time as pictures are asked for, not at boot,
and die with the bot (``ai.pool.die_with_parent``, as the computer players' do). A worker is
started by the thread that asked for a picture, one of the event loop's default executor,
whose threads live as long as the loop; should one end, its workers go with it and the next
picture renews the pool. A picture not done within ``RENDER_DEADLINE``, or whose worker died,
raises ``RenderFailed``: the outbox entry that asked for it is tried again later, as when
drawing failed in the bot's process; the pool is started afresh (a stuck worker is killed),
never left broken.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from PIL import Image

from ai.pool import die_with_parent
from metrics.instruments import RENDER_SECONDS
from render.common import to_png

log = logging.getLogger("tidetable.pictures")

RENDER_DEADLINE = 10.0  # seconds a picture may take in a worker (a board takes ~50 ms)

Renderer = Callable[..., Image.Image]
Work = Callable[[Renderer, tuple[Any, ...], dict[str, Any]], bytes]
Sample = tuple[Renderer, tuple[Any, ...], dict[str, Any]]  # a picture drawn to prime a worker
R = TypeVar("R")


class RenderFailed(RuntimeError):
    """A picture was not drawn: its worker overran the deadline or died."""


def png_of(renderer: Renderer, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bytes:
    """What a worker runs (module level, so it pickles): the renderer's picture as PNG."""
    return to_png(renderer(*args, **kwargs))


def _ready() -> bool:
    """A worker's first task when warming (the worker has started and imported this module)."""
    return True


def _begin(parent: int, samples: Sequence[Sample]) -> None:
    """A worker's start: it dies with the bot, and draws each sample once, so that its
    fonts, backgrounds and sprites are cached before the first board it is asked for (a
    worker's first board took ~120 ms, the next ones a quarter of that). A sample that fails
    is skipped: priming only saves time."""
    die_with_parent(parent)
    for renderer, args, kwargs in samples:
        try:
            png_of(renderer, args, kwargs)
        except Exception:
            log.debug("priming a picture worker with %r failed", renderer, exc_info=True)


class PicturePool:
    """Worker processes that draw pictures; safe to call from several threads at once."""

    def __init__(
        self, workers: int, deadline: float = RENDER_DEADLINE, work: Work = png_of
    ) -> None:
        self.workers = workers  # 0: draw in the calling thread
        self.deadline = deadline
        self._work = work
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self.samples: tuple[Sample, ...] = ()  # drawn by each worker as it starts (``prime``)
        self.restarts = 0  # pools started again after a failure (for tests and health)

    def render(self, renderer: Renderer, *args: Any, **kwargs: Any) -> bytes:
        """The renderer's picture as PNG bytes, drawn in a worker (blocks the calling thread,
        never an event loop: call it through ``asyncio.to_thread``)."""
        if self.workers <= 0:
            return self._work(renderer, args, kwargs)
        return self._in_worker(self._work, (renderer, args, kwargs), self.deadline)

    def call(self, work: Callable[..., R], *args: Any, deadline: float) -> R:
        """``work(*args)`` in a worker (a module-level function, pickled by name, whose result
        pickles), within ``deadline`` seconds: for drawings longer than a board, such as a
        replay's GIF (seconds of CPU that would otherwise hold the bot's interpreter). Blocks
        the calling thread, as ``render`` does; fails as it does (``RenderFailed``)."""
        if self.workers <= 0:
            return work(*args)
        return self._in_worker(work, args, deadline)

    def _in_worker(self, work: Callable[..., R], args: tuple[Any, ...], deadline: float) -> R:
        executor = self._current()
        try:
            future: Future[R] = executor.submit(work, *args)
        except (BrokenProcessPool, RuntimeError):  # broke (or closed) while nobody waited
            executor = self._renew(executor)
            future = executor.submit(work, *args)
        try:
            return future.result(timeout=deadline)
        except FutureTimeout:
            future.cancel()
            self._renew(executor)  # its worker may be stuck for good: kill it
            raise RenderFailed(f"a picture took longer than {deadline:g} s") from None
        except BrokenProcessPool:
            self._renew(executor)
            raise RenderFailed("a picture's worker process died") from None

    def prime(self, samples: Sequence[Sample]) -> None:
        """Every worker started from now on draws these pictures first (``_begin``)."""
        self.samples = tuple(samples)

    def warm(self) -> None:
        """Start one worker now, so that the first board after a start does not wait for a
        process to start and import the picture code (from a thread: it blocks until ready).
        A failure is only logged: the first picture starts the pool again."""
        if self.workers <= 0:
            return
        try:
            self._current().submit(_ready).result(timeout=self.deadline)
        except Exception:
            log.warning(
                "the picture pool did not start; the first picture will try again", exc_info=True
            )

    def pids(self) -> list[int]:
        """The ids of the worker processes running now (for tests and health)."""
        executor = self._executor
        found = getattr(executor, "_processes", None) or {}
        return sorted(int(pid) for pid in found)

    def close(self) -> None:
        """Stop the workers (a picture being drawn is abandoned); the next picture starts a
        fresh pool."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            _stop(executor)

    def _current(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = _start(self.workers, self.samples)
            return self._executor

    def _renew(self, failed: ProcessPoolExecutor) -> ProcessPoolExecutor:
        """The pool to use instead of ``failed``: a fresh one, started once however many
        pictures the failed one let down."""
        with self._lock:
            if self._executor is failed or self._executor is None:
                log.warning("a picture's worker failed; starting a fresh picture pool")
                _stop(failed)
                self._executor = _start(self.workers, self.samples)
                self.restarts += 1
            return self._executor


def _start(workers: int, samples: Sequence[Sample] = ()) -> ProcessPoolExecutor:
    # "spawn": a worker inherits nothing of the bot (its sockets, its threads, its caches).
    # Workers start as pictures are asked for (one per picture while none is idle).
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_begin,
        initargs=(os.getpid(), tuple(samples)),
    )


def _stop(executor: ProcessPoolExecutor) -> None:
    """Shut ``executor`` down without waiting, killing its workers (one may be stuck)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()


# The process's pool: the application sizes it from its settings (RENDER_WORKERS).
_pool = PicturePool(0)


def configure(workers: int, deadline: float = RENDER_DEADLINE, work: Work = png_of) -> PicturePool:
    """Draw the process's pictures in ``workers`` processes from now on (0: in the calling
    thread); the previous pool is closed."""
    global _pool
    old, _pool = _pool, PicturePool(workers, deadline, work)
    old.close()
    return _pool


def pool() -> PicturePool:
    return _pool


def rendered(kind: str, renderer: Renderer, *args: Any, **kwargs: Any) -> bytes:
    """``renderer(*args, **kwargs)`` as PNG bytes, drawn by the process's picture pool; the
    time it took is recorded under ``kind`` (a game's key, or the kind of chart)."""
    started = time.perf_counter()
    try:
        return _pool.render(renderer, *args, **kwargs)
    finally:
        RENDER_SECONDS.labels(kind).observe(time.perf_counter() - started)


def board_png(
    kind: str,
    renderer: Renderer,
    view: Any,
    names: Sequence[str | None] | None,
    **options: Any,
) -> bytes:
    """The renderer's picture of ``view``, naming the players when it can name them (an
    unknown name left empty: the picture says "Seat 2"); each of ``options``
    (``layout="phone"``, ``language="de"``: the language of whoever sees the picture) is
    passed only to a renderer that takes it."""
    return rendered(kind, renderer, view, **board_arguments(renderer, names, options))


def board_arguments(
    renderer: Renderer, names: Sequence[str | None] | None, options: dict[str, Any]
) -> dict[str, Any]:
    """The keyword arguments ``board_png`` passes ``renderer``: the options it takes, and the
    names when it takes names."""
    accepted = inspect.signature(renderer).parameters
    given = {key: value for key, value in options.items() if key in accepted}
    if names is not None and "names" in accepted:
        given["names"] = [name or "" for name in names]
    return given
