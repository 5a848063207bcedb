"""One long-running task that sleeps until it is woken: the shape the outbox dispatcher and the
turn clock's scheduler share (start it, stop it, nudge it when there is new work).

A gentle stop sets ``stopping``: the loop claims no new work, finishes what it has under way,
and ends; what is still unfinished when the grace runs out is cancelled."""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod
from typing import ClassVar

# With a database other processes share, work appears that nobody here wakes us for (rows a
# dead process held, whose claims ran out): look at least this often (clock seconds).
SHARED_POLL = 5.0


class WakeableTask(ABC):
    """Subclasses implement ``_run`` (their loop, waiting on ``self._wake``) and name the task."""

    task_name: ClassVar[str]

    def __init__(self, poll: float | None = None) -> None:
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._poll = poll
        self.stopping = False  # set by a gentle stop: claim nothing new

    def until(self, upcoming: float | None, now: float) -> float | None:
        """When to look again: at ``upcoming`` (None: only when nudged), but no later than
        the poll interval when other processes share the work."""
        if self._poll is None:
            return upcoming
        latest = now + self._poll
        return latest if upcoming is None else min(upcoming, latest)

    @abstractmethod
    async def _run(self) -> None: ...

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=self.task_name)

    async def stop(self, grace: float = 0.0) -> None:
        """End the task; with ``grace`` (seconds), first let the work under way finish (the
        loop sees ``stopping`` and ends once it is done), then cancel whatever is left."""
        task, self._task = self._task, None
        self.stopping = True
        if task is None:
            return
        if grace > 0:
            self._wake.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), grace)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    def nudge(self) -> None:
        """New work was written: look again now."""
        self._wake.set()
