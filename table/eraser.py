"""The eraser: one task that sleeps until the next erasure falls due (a server's data at the end
of its grace period, or a forgotten person's open seats left to close after a crash), then
carries it out through ``table/privacy.py``. Knows no Discord.

Erasures are rows (``data/erasures.py``), so a deletion scheduled thirty days ahead survives
any number of restarts; time comes from the store's clock, so tests move it by hand and never
sleep. A row is claimed for a lease before it is carried out, and the change that carries it
out deletes it: two processes never do the same one, and a crash in the middle leaves it to be
done again (each step of it skips what is done already).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from data.background import SHARED_POLL, WakeableTask
from data.erasures import Erasure
from data.store import StorageError
from table.privacy import Privacy

log = logging.getLogger("tidetable.erasures")

BATCH = 16  # due rows claimed at once
RETRY = 60.0  # seconds before a row whose work failed unexpectedly is tried again
STORAGE_PAUSE = 2.0  # seconds to wait when the database does not answer


class Eraser(WakeableTask):
    """Carries out due erasures; ``handled`` counts them (tests)."""

    task_name = "eraser"

    def __init__(self, privacy: Privacy, nudge: Callable[[], None] = lambda: None) -> None:
        super().__init__(SHARED_POLL if privacy.service.store.shared else None)
        self.privacy = privacy
        self.erasures = privacy.erasures
        self.clock = privacy.clock
        self._nudge = nudge  # the outbox's: closing seats writes announcements
        self._passes = asyncio.Condition()
        self.checked_at = float("-inf")  # the clock time up to which every due row was handled
        self.handled = 0

    async def caught_up(self, timeout: float = 10.0) -> None:
        """Wait until every erasure due at the clock's current time was carried out (tests
        move a manual clock, then wait for this instead of sleeping)."""
        target = self.clock.now()
        self.nudge()
        async with asyncio.timeout(timeout), self._passes:
            await self._passes.wait_for(lambda: self.checked_at >= target)

    async def _run(self) -> None:
        with contextlib.suppress(StorageError):  # else the claims run out with their lease
            await self.erasures.free_claims()
        while not self.stopping:
            self._wake.clear()
            try:
                while not self.stopping and await self.run_once():
                    pass
                upcoming = self.until(await self.erasures.next_due(), self.clock.now())
            except StorageError:
                await self.clock.sleep_until(self.clock.now() + STORAGE_PAUSE, self._wake)
                continue
            except Exception:
                log.exception("the eraser failed; it carries on")
                upcoming = self.clock.now() + RETRY
            if upcoming is None:
                await self._wake.wait()
            else:
                await self.clock.sleep_until(upcoming, self._wake)

    async def run_once(self) -> bool:
        """Carry out the erasures due now; True if there may be more."""
        now = self.clock.now()
        due = await self.erasures.claim_due(now, BATCH)
        for erasure in due:
            if self.stopping:  # a gentle stop: the rest is given back for another process
                return False
            await self.handle(erasure)
        if len(due) < BATCH:
            async with self._passes:
                self.checked_at = now
                self._passes.notify_all()
            return False
        return True

    async def handle(self, erasure: Erasure) -> None:
        """One due erasure; an unexpected failure (a bug) is logged and the row tried again
        later, never in a tight loop."""
        try:
            await self.privacy.carry_out(erasure)
        except StorageError:
            raise
        except Exception:
            log.exception("erasure %s (%s %s) failed", erasure.id, erasure.kind, erasure.subject)
            await self.erasures.postpone(erasure.id, self.clock.now() + RETRY)
            return
        self.handled += 1
        self._nudge()
