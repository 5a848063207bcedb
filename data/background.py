"""One long-running task that sleeps until it is woken: the shape the outbox dispatcher and the
turn clock's scheduler share (start it, stop it, nudge it when there is new work)."""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod
from typing import ClassVar


class WakeableTask(ABC):
    """Subclasses implement ``_run`` (their loop, waiting on ``self._wake``) and name the task."""

    task_name: ClassVar[str]

    def __init__(self) -> None:
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @abstractmethod
    async def _run(self) -> None: ...

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=self.task_name)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def nudge(self) -> None:
        """New work was written: look again now."""
        self._wake.set()
