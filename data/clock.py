"""The one clock of the bot. Everything that asks "what time is it?" or waits for a moment in the
future (outbox retries, and later deadlines and reminders) goes through a ``Clock``, so tests drive
time by hand and never sleep.

Times are POSIX seconds (floats, UTC). ``iso`` gives the text form stored beside rows for people.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch, UTC."""

    async def sleep_until(self, when: float, wake: asyncio.Event) -> None:
        """Return once ``when`` has come, or earlier as soon as ``wake`` is set."""


def iso(seconds: float) -> str:
    """The stored text form of a time: ISO 8601 in UTC, to the second."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


class SystemClock:
    """The real time."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float, wake: asyncio.Event) -> None:
        delay = when - self.now()
        if delay <= 0:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), timeout=delay)


class ManualClock:
    """A clock that moves only when told to (tests). Sleepers wake when ``advance`` reaches
    their moment, or when their wake event is set."""

    def __init__(self, start: float = 1_767_225_600.0) -> None:  # 2026-01-01 00:00 UTC
        self._now = start
        self._moved = asyncio.Event()

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds
        self._moved.set()

    def set(self, when: float) -> None:
        self._now = when
        self._moved.set()

    async def sleep_until(self, when: float, wake: asyncio.Event) -> None:
        while self._now < when and not wake.is_set():
            self._moved.clear()
            waiters = [
                asyncio.ensure_future(self._moved.wait()),
                asyncio.ensure_future(wake.wait()),
            ]
            try:
                await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for waiter in waiters:
                    waiter.cancel()
