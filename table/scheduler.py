"""The scheduler: one task that sleeps until the next timer row falls due, then carries out every
due row through the match service (``table/turns.py``). Knows no Discord.

Timers are rows (``data/clockstore.py``), so nothing lives only in memory: after a restart the
scheduler finds what fell due while the bot was down and carries it out then. Each row is carried
out in one transaction with its effect (a timeout's move, a reminder's outbox entry) and only if
it is still pending, so a crash anywhere neither loses nor repeats one; whatever it announces goes
through the outbox (``nudge`` wakes its dispatcher). Time comes from the store's clock, so tests
move it by hand and never sleep.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from data.background import SHARED_POLL, WakeableTask
from data.clockrows import BACK, DEADLINE, REMINDER, TURN
from data.clockstore import Timer
from data.store import StorageError
from metrics.instruments import TIMER_LATENESS_SECONDS
from table.turns import Turns

log = logging.getLogger("tidetable.timers")

BATCH = 64  # due rows read at once
RETRY = 60.0  # seconds before a row whose handling failed unexpectedly is tried again
STORAGE_PAUSE = 2.0  # seconds to wait when the database does not answer


class Scheduler(WakeableTask):
    """Carries out due timers; ``wakeups`` and ``handled`` count its work (benchmarks)."""

    task_name = "turn-clock"

    def __init__(self, turns: Turns, nudge: Callable[[], None] = lambda: None) -> None:
        super().__init__(SHARED_POLL if turns.store.shared else None)
        self.turns = turns
        self.clocks = turns.clocks
        self.clock = turns.store.clock
        self._nudge = nudge
        self._passes = asyncio.Condition()
        self.checked_at = float("-inf")  # the clock time up to which every due row was handled
        self.wakeups = 0
        self.handled = 0

    # -- running ----------------------------------------------------------------------------
    async def caught_up(self, timeout: float = 10.0) -> None:
        """Wait until every row due at the clock's current time has been carried out (tests
        move a manual clock, then wait for this instead of sleeping)."""
        target = self.clock.now()
        self.nudge()
        async with asyncio.timeout(timeout), self._passes:
            await self._passes.wait_for(lambda: self.checked_at >= target)

    async def _run(self) -> None:
        while not self.stopping:
            self._wake.clear()
            try:
                while not self.stopping and await self.run_once():
                    pass
                upcoming = self.until(await self.clocks.next_due(), self.clock.now())
            except StorageError:
                await self.clock.sleep_until(self.clock.now() + STORAGE_PAUSE, self._wake)
                continue
            except Exception:
                log.exception("the turn clock failed; it carries on")
                upcoming = self.clock.now() + RETRY
            if upcoming is None:
                await self._wake.wait()
            else:
                await self.clock.sleep_until(upcoming, self._wake)
            self.wakeups += 1

    async def run_once(self) -> bool:
        """Carry out the rows due now; True if there may be more."""
        now = self.clock.now()
        due = await self.clocks.claim_due(now, BATCH)
        for timer in due:
            if self.stopping:  # a gentle stop: the rest is released for another process
                return False
            await self.handle(timer)
        if len(due) < BATCH:
            async with self._passes:
                self.checked_at = now
                self._passes.notify_all()
            return False
        return True

    async def handle(self, timer: Timer) -> None:
        """One due row, through the match service; an unexpected failure (a bug) is logged
        and the row tried again later, never in a tight loop."""
        late = max(0.0, self.clock.now() - timer.due_at)
        try:
            if timer.kind == DEADLINE:
                await self.turns.timeout(timer)
            elif timer.kind == REMINDER:
                await self.turns.remind(timer)
            elif timer.kind == TURN:
                await self.turns.notify_turns(timer)
            elif timer.kind == BACK:
                await self.clocks.come_back(timer.id, timer.user_id)
            else:
                await self.clocks.drop(timer.id)
        except StorageError:
            raise
        except Exception:
            log.exception("timer %s (%s of match %s) failed", timer.id, timer.kind, timer.match_id)
            await self.clocks.postpone(timer.id, self.clock.now() + RETRY)
            return
        # Still pending (a move came first and the row must be looked at again): free it now
        # rather than when the claim runs out.
        if await self.clocks.still_pending(timer.id):
            await self.clocks.release(timer.id)
        TIMER_LATENESS_SECONDS.observe(late)  # once, when it was carried out
        self.handled += 1
        self._nudge()
