"""Pictures drawn and encoded off the bot's process, and how long that took
(``tidetable_picture_render_seconds``): every picture the bot posts passes here.

Drawing and encoding a board is the costliest thing the bot does for a move; in a thread of
the bot's own process it shares one core and the interpreter's lock with the event loop, and
twenty boards at once slow every other answer. So the renderer (a module level function of
``render/``, which pickles by name) and its arguments go to a small pool of worker processes,
and only the PNG's bytes come back: the event loop never holds a render. A board's post asks
from the event loop itself (``draw_board_png``, ``PicturePool.draw``): the loop writes the
request to an idle worker's socket and the answer wakes it, with no thread between (each one
costs a hand-over of the interpreter's lock, and waits for it while the loop is busy: a thread
and the executor's own two made ~1.5 ms of a move's board). Other callers wait in a thread
(``rendered``: callers run it with ``asyncio.to_thread``), as do boards while no worker is
idle. Each worker draws a few sample boards as it starts (``PicturePool.prime``), so its
caches are warm before a player waits.

The pool is the process's (``configure`` sizes it from the RENDER_WORKERS setting; 0 workers
draws in the calling thread, as the test suite does for speed, while tests of their own drive
the pool end to end). Its workers start in the background once the bot is set up
(``PicturePool.warm``), or as pictures are asked for, and die with the bot
(``ai.pool.die_with_parent``, as the computer players' do). A worker is started by a thread of
the event loop's default executor, whose threads live as long as the loop; should one end, its
workers go with it. A picture not done within ``RENDER_DEADLINE``, or whose worker died,
raises ``RenderFailed``: the outbox entry that asked for it is tried again later, as when
drawing failed in the bot's process; that worker is killed and another starts with the next
picture, so the pool is never left broken.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import multiprocessing
import os
import pickle
import select
import socket
import struct
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar, cast

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
    """Worker processes that draw pictures; safe to call from several threads at once, and
    from the event loop (``draw``)."""

    def __init__(
        self, workers: int, deadline: float = RENDER_DEADLINE, work: Work = png_of
    ) -> None:
        self.workers = workers  # 0: draw in the calling thread
        self.deadline = deadline
        self._work = work
        self._lock = threading.Condition()  # guards the lists below; notified when one frees
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._starting = 0  # workers being started by a thread now
        self._generation = 0  # counts ``close``: a worker of an earlier one is not kept
        self._loop_reads = True  # whether the event loop can watch a worker's socket
        self.samples: tuple[Sample, ...] = ()  # drawn by each worker as it starts (``prime``)
        self.restarts = 0  # workers started again after a failure (for tests and health)

    def render(self, renderer: Renderer, *args: Any, **kwargs: Any) -> bytes:
        """The renderer's picture as PNG bytes, drawn in a worker (blocks the calling thread,
        never an event loop: call it through ``asyncio.to_thread``, or use ``draw``)."""
        if self.workers <= 0:
            return self._work(renderer, args, kwargs)
        return self._in_worker(self._work, (renderer, args, kwargs), self.deadline)

    async def draw(self, renderer: Renderer, *args: Any, **kwargs: Any) -> bytes:
        """``render`` for the event loop with no thread in between: the loop writes the
        picture's request to an idle worker's socket and is woken by the answer (each thread
        between would cost a hand-over of the interpreter's lock, waiting for a busy loop),
        with the same deadline and failures. With no idle worker (all busy, or not started:
        starting one blocks for a while, and a worker lives as long as the thread that
        started it, ``ai.pool.die_with_parent``) it goes through a thread, as ``render``.
        A draw cancelled meanwhile (a picture drawn ahead and dropped) leaves its worker to
        finish: it is free again once its answer is read."""
        if self.workers <= 0:
            return await asyncio.to_thread(self.render, renderer, *args, **kwargs)
        request = _request(self._work, (renderer, args, kwargs))
        small = len(request) <= LOOP_REQUEST
        worker = self._take_idle() if small and self._loop_reads else None
        if worker is None:
            return await asyncio.to_thread(self.render, renderer, *args, **kwargs)
        loop = asyncio.get_running_loop()
        fd, reading = worker.fd, _Reading()
        answer: asyncio.Future[bytes] = loop.create_future()

        def readable() -> None:
            try:
                message = reading.feed(worker.end)
            except BlockingIOError:
                return
            except OSError as error:  # its end closed: the worker died
                reading.over = True
                loop.remove_reader(fd)
                if answer.done():
                    self._failed(worker)
                else:
                    answer.set_exception(error)
                return
            reading.over = True
            loop.remove_reader(fd)
            if answer.done():  # nobody waits for it any more: the worker is free again
                self._give_back(worker)
            else:
                answer.set_result(message)

        def overdue() -> None:  # an abandoned picture past its deadline: the worker is stuck
            if not reading.over:
                reading.over = True
                loop.remove_reader(fd)
                self._failed(worker)

        try:
            loop.add_reader(fd, readable)
        except NotImplementedError:  # a loop that cannot watch a socket (Windows' proactor)
            self._loop_reads = False
            self._give_back(worker)
            return await asyncio.to_thread(self.render, renderer, *args, **kwargs)
        try:
            # A request this small fits the socket's buffer, empty while the worker is idle.
            _write_all(worker.end, request, time.monotonic())
        except (OSError, TimeoutError):
            reading.over = True
            loop.remove_reader(fd)
            self._failed(worker)
            raise RenderFailed("a picture's worker process died") from None
        try:
            message = await asyncio.wait_for(asyncio.shield(answer), self.deadline)
        except TimeoutError:
            if not reading.over:
                reading.over = True
                loop.remove_reader(fd)
            self._failed(worker)  # it may be stuck for good: kill it
            raise RenderFailed(f"a picture took longer than {self.deadline:g} s") from None
        except OSError:
            self._failed(worker)
            raise RenderFailed("a picture's worker process died") from None
        except asyncio.CancelledError:
            if not answer.done():
                answer.cancel()  # its answer, when it comes, frees the worker
                loop.call_later(self.deadline, overdue)
            elif answer.exception() is None:
                self._give_back(worker)  # answered just as the wait was cancelled
            else:
                self._failed(worker)
            raise
        self._give_back(worker)
        return cast(bytes, _answer(message))

    def call(self, work: Callable[..., R], *args: Any, deadline: float) -> R:
        """``work(*args)`` in a worker (a module-level function, pickled by name, whose result
        pickles), within ``deadline`` seconds: for drawings longer than a board, such as a
        replay's GIF (seconds of CPU that would otherwise hold the bot's interpreter). Blocks
        the calling thread, as ``render`` does; fails as it does (``RenderFailed``)."""
        if self.workers <= 0:
            return work(*args)
        return self._in_worker(work, args, deadline)

    def _in_worker(self, work: Callable[..., R], args: tuple[Any, ...], deadline: float) -> R:
        until = time.monotonic() + deadline
        request = _request(work, args)
        try:
            worker = self._take(until)
        except (OSError, TimeoutError, EOFError, pickle.UnpicklingError):
            log.warning("a picture worker did not start", exc_info=True)
            raise RenderFailed("a picture's worker process did not start") from None
        if worker is None:
            raise RenderFailed(f"a picture took longer than {deadline:g} s")
        try:
            _write_all(worker.end, request, until)
            message = _read_message(worker.end, until)
        except TimeoutError:
            self._failed(worker)  # it may be stuck for good: kill it
            raise RenderFailed(f"a picture took longer than {deadline:g} s") from None
        except OSError:
            self._failed(worker)
            raise RenderFailed("a picture's worker process died") from None
        self._give_back(worker)
        return cast(R, _answer(message))

    def prime(self, samples: Sequence[Sample]) -> None:
        """Every worker started from now on draws these pictures first (``_serve``)."""
        self.samples = tuple(samples)

    def warm(self) -> None:
        """Start every worker now, so that no board after a start waits for a process to start
        and import the picture code, and boards go to the workers from the event loop itself
        (``draw``). From a thread that lives as long as the bot (a worker dies with the thread
        that started it): it blocks until they are ready. A failure is only logged: the
        first picture starts a worker again."""
        if self.workers <= 0:
            return
        with self._lock:
            wanted = max(0, self.workers - len(self._idle) - len(self._busy) - self._starting)
            self._starting += wanted
        for _ in range(wanted):
            try:
                worker = self._start_one()
            except Exception:
                log.warning(
                    "a picture worker did not start; the first picture will try again",
                    exc_info=True,
                )
                continue
            finally:
                with self._lock:
                    self._starting -= 1
            self._give_back(worker)

    def pids(self) -> list[int]:
        """The ids of the worker processes running now (for tests and health)."""
        with self._lock:
            workers = [*self._idle, *self._busy]
        return sorted(w.process.pid for w in workers if w.process.pid and w.process.is_alive())

    def close(self) -> None:
        """Stop the workers; the next picture starts fresh ones. A picture being drawn fails
        at once: its worker is killed, and whoever waits for it sees its end close (and
        closes this end itself, after the event loop stopped watching it: a socket closed
        under a watching loop would leave its number registered there)."""
        with self._lock:
            idle, busy = list(self._idle), list(self._busy)
            self._idle.clear()
            self._generation += 1
            self._lock.notify_all()
        for worker in idle:
            worker.stop()
        for worker in busy:
            worker.kill()

    # -- the workers -------------------------------------------------------------------
    def _take_idle(self) -> _Worker | None:
        with self._lock:
            while self._idle:
                worker = self._idle.pop()
                if worker.process.is_alive():
                    self._busy.add(worker)
                    return worker
                worker.stop()  # died between pictures: costs nothing
            return None

    def _take(self, until: float) -> _Worker | None:
        """An idle worker, a new one when there is room, else the first to be freed by
        ``until`` (None: none was)."""
        with self._lock:
            while True:
                worker = self._take_idle()
                if worker is not None:
                    return worker
                if len(self._busy) + self._starting < self.workers:
                    self._starting += 1
                    break
                left = until - time.monotonic()
                if left <= 0:
                    return None
                self._lock.wait(left)
        try:
            worker = self._start_one()
        finally:
            with self._lock:
                self._starting -= 1
                self._lock.notify()  # room again for a thread waiting, should this fail
        with self._lock:
            self._busy.add(worker)
        return worker

    def _start_one(self) -> _Worker:
        """A worker started by the calling thread, ready: it has drawn its samples and
        answered a first request."""
        worker = _Worker.start(self.samples, self._generation)
        try:
            _write_all(worker.end, _request(_ready, ()), time.monotonic() + self.deadline)
            _answer(_read_message(worker.end, time.monotonic() + self.deadline))
        except BaseException:
            worker.stop()
            raise
        return worker

    def _give_back(self, worker: _Worker) -> None:
        with self._lock:
            self._busy.discard(worker)
            kept = worker.generation == self._generation
            if kept:
                self._idle.append(worker)
            self._lock.notify()
        if not kept:  # started or drawing as the pool was closed
            worker.stop()

    def _failed(self, worker: _Worker) -> None:
        """A worker that overran its deadline or died: killed; the next picture starts
        another."""
        log.warning("a picture's worker failed; it is replaced")
        worker.stop()
        with self._lock:
            self._busy.discard(worker)
            self.restarts += 1
            self._lock.notify()


LOOP_REQUEST = 16 * 1024  # bytes of a request the event loop writes itself (a board's: ~2 kB)
_HEADER = struct.Struct("!Q")  # a message's length, before it
READ_CHUNK = 1 << 16  # bytes read at a time


@dataclass(eq=False)
class _Worker:
    """A worker process and this process's end of its socket pair."""

    process: BaseProcess
    end: socket.socket
    generation: int = 0  # the pool's count of ``close`` when it started

    @property
    def fd(self) -> int:
        return self.end.fileno()

    @classmethod
    def start(cls, samples: Sequence[Sample], generation: int = 0) -> _Worker:
        # "spawn": a worker inherits nothing of the bot (its sockets, its threads, its caches).
        context = multiprocessing.get_context("spawn")
        mine, theirs = socket.socketpair()
        process = context.Process(
            target=_serve, args=(theirs, os.getpid(), tuple(samples)), daemon=True
        )
        try:
            process.start()
        finally:
            theirs.close()
        mine.setblocking(False)
        return cls(process, mine, generation)

    def kill(self) -> None:
        """End the process at once (its exit is reaped when the next worker starts, or by
        ``stop``'s caller never waiting: nothing here blocks)."""
        with contextlib.suppress(Exception):
            self.process.kill()

    def stop(self) -> None:
        """Kill it and close this end (no event loop may be watching it any more)."""
        self.kill()
        with contextlib.suppress(Exception):
            self.end.close()


def _serve(end: socket.socket, parent: int, samples: Sequence[Sample]) -> None:
    """A worker's life: it dies with the bot, draws its samples, then answers each request
    (a pickled ``(work, args)``) with ``(True, result)`` or ``(False, exception)``, until its
    end of the pair closes."""
    _begin(parent, samples)
    end.setblocking(True)
    while True:
        try:
            request = _read_message(end, None)
        except OSError:
            return  # the bot closed its end (or went)
        try:
            work, args = pickle.loads(request)
            answer: tuple[bool, Any] = (True, work(*args))
        except Exception as error:
            answer = (False, error)
        try:
            message = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # an answer that does not pickle is told as such
            message = pickle.dumps((False, RuntimeError(f"unpicklable answer: {error!r}")))
        try:
            _write_all(end, message, None)
        except OSError:
            return


def _request(work: Callable[..., Any], args: tuple[Any, ...]) -> bytes:
    return pickle.dumps((work, args), pickle.HIGHEST_PROTOCOL)


def _answer(message: bytes) -> Any:
    ok, value = pickle.loads(message)
    if ok:
        return value
    raise value


def _write_all(end: socket.socket, payload: bytes, until: float | None) -> None:
    """Write ``payload`` with its length before it; by ``until`` (TimeoutError), or OSError
    when the other end is gone."""
    data = memoryview(_HEADER.pack(len(payload)) + payload)
    while data:
        try:
            sent = end.send(data)
        except BlockingIOError:
            _wait(end, until, write=True)
            continue
        data = data[sent:]


def _read_message(end: socket.socket, until: float | None) -> bytes:
    """One whole message (blocking the calling thread), by ``until`` (TimeoutError); OSError
    when the other end closed."""
    reading = _Reading()
    while True:
        try:
            return reading.feed(end)
        except BlockingIOError:
            _wait(end, until, write=False)


def _wait(end: socket.socket, until: float | None, *, write: bool) -> None:
    left = None if until is None else until - time.monotonic()
    if left is not None and left <= 0:
        raise TimeoutError
    ready = select.select([], [end], [], left) if write else select.select([end], [], [], left)
    if not any(ready):
        raise TimeoutError


class _Reading:
    """A message read in pieces, as they come (from the event loop: never waits)."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.length: int | None = None
        self.over = False  # read to its end, or failed (set by whoever reads it)

    def feed(self, end: socket.socket) -> bytes:
        """Read what is there: the whole message once it is in. OSError when the other end
        closed; BlockingIOError when the rest is not there yet (read on at the next call)."""
        while True:
            if self.length is None:
                wanted = _HEADER.size - len(self.buffer)
            else:
                wanted = self.length - len(self.buffer)
                if wanted == 0:
                    return bytes(self.buffer)
            chunk = end.recv(min(wanted, READ_CHUNK))
            if not chunk:
                raise ConnectionResetError("the other end closed")
            self.buffer += chunk
            if self.length is None and len(self.buffer) >= _HEADER.size:
                (self.length,) = _HEADER.unpack(self.buffer[: _HEADER.size])
                del self.buffer[: _HEADER.size]


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


async def draw_board_png(
    kind: str,
    renderer: Renderer,
    view: Any,
    names: Sequence[str | None] | None,
    **options: Any,
) -> bytes:
    """``board_png`` from the event loop (``PicturePool.draw``); the time it took is recorded
    under ``kind`` as ``rendered`` records it."""
    arguments = board_arguments(renderer, names, options)
    started = time.perf_counter()
    try:
        return await _pool.draw(renderer, view, **arguments)
    finally:
        RENDER_SECONDS.labels(kind).observe(time.perf_counter() - started)


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
