"""The outbox dispatcher: delivers what the store's outbox holds, once, in order, whatever fails.
Knows no Discord: it is handed a ``deliver`` function that raises ``Transient`` (try again later)
or ``Permanent`` (give up, say why).

Entries of one lane (a match) go out in the order they were written; an entry waiting for a retry
holds back the entries behind it in its lane, never those of other lanes. Failures are retried
with exponential backoff (or after the ``retry_after`` Discord asked for). On start the
dispatcher simply delivers whatever is pending: what a crash left undelivered goes out then.
The delivery is idempotent on the far side (a Discord message nonce per entry, and for a try
older than Discord keeps nonces, a look at the channel first: cogs/reposts.py), so an entry that
was delivered just before a crash, but not yet marked, is not posted twice.

When much is due at once (a storm of timers after an outage), lanes whose next entry changes
whose turn it is go first, then other posts and private views, then reminders and notices
(``Announcement.priority``; the store claims in that order, and a claimed batch is delivered one
priority after the other, so a reminder never overtakes a turn post claimed with it). The pace
of the requests themselves is the transport's (``app/pacing.py``: every REST request waits for
its turn under Discord's global rate limit); ``concurrency`` only bounds how many deliveries
wait for it at once.

The loop does not wait for a claimed batch to go out before it claims again: what an action
writes while a slow delivery is under way (a board being drawn, a post the transport retries)
is claimed and delivered at once, in its own batch; its lane's order is kept by the claims
(an entry claimed and not yet marked holds its lane back).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field

from data.background import SHARED_POLL, WakeableTask
from data.store import Announcement, OutboxEntry, StorageError, Store
from metrics.instruments import DELIVERIES

log = logging.getLogger("tidetable.outbox")

FIRST_RETRY = 2.0  # seconds before the first retry; doubled after each failure
MAX_RETRY = 300.0  # never wait longer than this between tries
CONCURRENCY = 8  # lanes delivered at once
UNEXPECTED_TRIES = 5  # an unexpected error (a bug) is retried this often, then given up
SETTLE_LOOK = 0.5  # seconds between looks at the rows while settling, on a shared database


class Transient(Exception):
    """Delivery failed for a reason that may pass (5xx, 429, network): try again later."""

    def __init__(self, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.retry_after = retry_after


@dataclass
class Permanent(Exception):
    """Delivery can never work (missing permissions, a deleted channel, closed DMs): give up,
    and announce ``follow_ups`` instead (written in the same transaction as the failure)."""

    reason: str
    follow_ups: Sequence[Announcement] = field(default=())

    def __str__(self) -> str:
        return self.reason


Deliver = Callable[[OutboxEntry], Awaitable[None]]
# Told of entries an action just wrote, before they are claimed: a deliverer may begin slow
# work for them ahead (the herald draws a board's picture: cogs/sketches.py). Must not raise.
Foresee = Callable[[Sequence[OutboxEntry]], None]


def backoff(attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th failed try."""
    doublings: int = 2 ** max(0, attempts)
    return min(MAX_RETRY, FIRST_RETRY * doublings)


class Dispatcher(WakeableTask):
    """One task that delivers due outbox entries and sleeps until the next one is due."""

    task_name = "outbox-dispatcher"

    def __init__(
        self,
        store: Store,
        deliver: Deliver,
        *,
        concurrency: int = CONCURRENCY,
        foresee: Foresee | None = None,
    ) -> None:
        super().__init__(SHARED_POLL if store.shared else None)
        self.store = store
        self.clock = store.clock
        self._deliver = deliver
        self._foresee = foresee
        self._concurrency = concurrency
        self._attempted: dict[int, asyncio.Event] = {}
        self._follow_ups: dict[int, tuple[int, ...]] = {}  # failed entry -> what it wrote
        self._blocked: dict[str, int] = {}  # lane -> the entry holding it up (awaiting a retry)
        self._progress = asyncio.Event()  # set after every attempt
        self._gate = asyncio.Semaphore(concurrency)  # deliveries at once, of every batch
        self._under_way: set[int] = set()  # entries claimed by the loop, not yet tried
        self._flying: set[asyncio.Task[None]] = set()  # the loop's deliveries under way
        # Entries the loop claimed and has not tried yet, by priority: a batch claimed later
        # holds its entries of a priority back until every entry of a more urgent one, in
        # every batch under way, was tried (a reminder never overtakes a turn post).
        self._untried: Counter[int] = Counter()
        self._untried_ids: set[int] = set()
        self._tried = asyncio.Condition()
        self.delivered = 0  # entries sent since start (for benchmarks and health)

    # -- running -------------------------------------------------------------------------
    async def stop(self, grace: float = 0.0) -> None:
        """Stop (gently with ``grace``); answers waiting in ``settle`` return at once: this
        process tries nothing more (what is left goes out from another process or after the
        restart)."""
        self.stopping = True
        self._progress.set()
        await super().stop(grace)

    async def settle(self, ids: Sequence[int], timeout: float = 8.0) -> list[OutboxEntry]:
        """Wait until each entry has been tried at least once (or ``timeout`` passed), and
        return them as they are then: what the player's answer reports (posted, failed, or
        still waiting for a retry)."""
        if not ids:
            return []
        events = {i: self._attempted.setdefault(i, asyncio.Event()) for i in ids}
        try:
            entries = await self.store.entries(ids)
            self._ahead(entries)
            # Written claimed by this process (``Store._held_at_birth``): delivered at once,
            # with no claim of their own; their lanes held nothing waiting for a retry.
            taken = self._take_own(entries)
            for lane in {e.lane for e in entries if e.status == "pending"} - taken:
                await self.store.hurry(lane)  # new activity: don't leave it behind a backoff
        except StorageError:
            entries = []  # the dispatcher will still find them when the database answers
        self.nudge()
        # Only entries not yet tried: one tried before its event existed has already settled;
        # and not those due later by design (a computer seat's pause before it plays).
        now = self.clock.now()
        waiting = {
            e.id: e.lane
            for e in entries
            if e.status == "pending" and e.attempts == 0 and e.due_at <= now
        }
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while waiting and not self.stopping:
                    self._progress.clear()
                    # Settled: tried, or held back behind an entry of its lane that failed
                    # and waits for a retry (it cannot go out before that one).
                    for entry_id, lane in list(waiting.items()):
                        held_by = self._blocked.get(lane, entry_id)
                        if events[entry_id].is_set() or held_by < entry_id:
                            del waiting[entry_id]
                    if waiting and self._poll is None:
                        await self._progress.wait()
                    elif waiting:
                        # Another process sharing the database may claim and deliver one of
                        # them: look at the rows too, now and then, not only at our own tries.
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(self._progress.wait(), SETTLE_LOOK)
                        try:
                            looked = await self.store.entries(list(waiting))
                        except StorageError:
                            looked = []
                        for entry in looked:
                            if entry.status != "pending" or entry.attempts > 0:
                                waiting.pop(entry.id, None)
        for i in ids:
            self._attempted.pop(i, None)
        # What a failure wrote instead (a note that DMs are closed) belongs to this action too.
        follow_ups = [f for i in ids for f in self._follow_ups.pop(i, ())]
        if follow_ups:
            await self.settle(follow_ups, timeout)
        try:
            return await self.store.entries(ids)
        except StorageError:
            return entries

    def _take_own(self, entries: Sequence[OutboxEntry]) -> set[str]:
        """Begin delivering those of ``entries`` this process claimed as it wrote them and
        has not tried, while the loop has room for them (else the loop claims them again in
        their turn). The loop may have claimed one already: it is under way then, or was
        tried since ``settle`` began (its event is set: the rows read may be older than
        that try), and is left alone. Their lanes."""
        if not self.store.own_claims or self.stopping:
            return set()
        room = self._concurrency * 4 - len(self._under_way)
        own = [
            e
            for e in entries
            if e.status == "pending"
            and e.attempts == 0
            and e.claimed_by == self.store.process
            and e.id not in self._under_way
            and not self._tried_since(e.id)
            and e.due_at <= self.clock.now()
        ][: max(0, room)]
        heads: dict[str, OutboxEntry] = {}
        for entry in own:  # one per lane as written; the first, should there be more
            heads.setdefault(entry.lane, entry)
        if heads:
            self._begin(heads.values())
        return set(heads)

    def _tried_since(self, entry_id: int) -> bool:
        event = self._attempted.get(entry_id)
        return event is not None and event.is_set()

    def _ahead(self, entries: Sequence[OutboxEntry]) -> None:
        if self._foresee is None:
            return
        try:
            self._foresee(entries)
        except Exception:  # a head start only: the delivery does the work anyway
            log.exception("preparing outbox entries ahead failed")

    async def _run(self) -> None:
        try:
            while not self.stopping:
                # Cleared before looking: a nudge that comes while it looks is kept.
                self._wake.clear()
                try:
                    worked = await self._launch()
                except StorageError:
                    worked = False  # logged by the store; try again after a pause
                    await self.clock.sleep_until(self.clock.now() + FIRST_RETRY, self._wake)
                    continue
                except Exception:
                    log.exception("outbox dispatcher failed; it carries on")
                    worked = False
                if worked:
                    continue
                if self.stopping:
                    break
                upcoming, now = await self._next_due(), self.clock.now()
                if self._flying and upcoming is not None and upcoming <= now:
                    # Due, yet not claimed: behind a delivery under way in its lane (or no
                    # room left); that delivery's end wakes the loop.
                    upcoming = None
                upcoming = self.until(upcoming, now)
                if upcoming is None:
                    await self._wake.wait()
                else:
                    await self.clock.sleep_until(upcoming, self._wake)
        except asyncio.CancelledError:  # stopped at once: what is under way is abandoned
            for task in self._flying:
                task.cancel()
            await asyncio.gather(*self._flying, return_exceptions=True)
            raise
        # A gentle stop lets the deliveries under way finish (``stop`` waits for this task
        # within its grace; cancelled then, the gather cancels them).
        if self._flying:
            await asyncio.gather(*self._flying, return_exceptions=True)

    async def _next_due(self) -> float | None:
        try:
            return await self.store.next_due()
        except StorageError:
            return self.clock.now() + FIRST_RETRY

    async def _launch(self) -> bool:
        """Claim what is due now and begin delivering it, without waiting for the deliveries
        under way: an entry written while a slow one goes out (a board being drawn, a post
        retried by the transport) is claimed at once, not after it. True if any was claimed.
        A lane's order holds as in ``run_once``: the store claims only the first pending
        entry of a lane, and one under way (claimed, not yet marked) holds its lane back; the
        entries claimed together go out one priority after the other."""
        if self.stopping:
            return False
        room = self._concurrency * 4 - len(self._under_way)
        if room <= 0:
            return False  # a delivery that ends wakes the loop
        entries = await self.store.claim_due(
            self.clock.now(), limit=room, exclude=frozenset(self._under_way)
        )
        heads: dict[str, OutboxEntry] = {}
        for entry in entries:
            # Not one under way here already (its claim ran out on a clock stepped forward,
            # or ``settle`` took it meanwhile).
            if entry.id not in self._under_way:
                heads.setdefault(entry.lane, entry)
        if not heads:
            return False
        self._begin(heads.values())
        return True

    def _begin(self, heads: Iterable[OutboxEntry]) -> None:
        """Deliver ``heads`` (claimed by this process, one per lane) in a task of their own."""
        batch = list(heads)
        self._under_way.update(e.id for e in batch)
        self._untried.update(e.priority for e in batch)
        self._untried_ids.update(e.id for e in batch)
        task = asyncio.create_task(self._deliver_batch(batch), name="outbox-delivery")
        self._flying.add(task)
        task.add_done_callback(self._flying.discard)

    async def _deliver_batch(self, batch: list[OutboxEntry]) -> None:
        try:
            await self._deliver_all(batch)
        except Exception:
            log.exception("outbox delivery failed; it carries on")
        finally:
            for entry in batch:  # those a stop or a failure left untried hold nothing back
                await self._was_tried(entry)
            self._under_way.difference_update(e.id for e in batch)
            self.nudge()  # the lanes' next entries, and what waited for room

    async def run_once(self) -> bool:
        """Deliver every entry that is due now (the first of each lane); True if any was.
        Each is claimed first, so a process sharing the database never delivers it too."""
        if self.stopping:  # a gentle stop: nothing new is claimed
            return False
        entries = await self.store.claim_due(self.clock.now(), limit=self._concurrency * 4)
        heads: dict[str, OutboxEntry] = {}
        for entry in entries:
            heads.setdefault(entry.lane, entry)
        if not heads:
            return False
        await self._deliver_all(list(heads.values()))
        return True

    async def _deliver_all(self, heads: list[OutboxEntry]) -> None:
        """Deliver entries of distinct lanes, ``concurrency`` at once, one priority after the
        other (a reminder never overtakes a turn post claimed with it)."""

        async def one(entry: OutboxEntry) -> None:
            try:
                async with self._gate:
                    await self._attempt(entry)
            finally:
                await self._was_tried(entry)

        for priority in sorted({e.priority for e in heads}):
            async with self._tried:  # the more urgent entries of the other batches first
                await self._tried.wait_for(functools.partial(self._more_urgent_tried, priority))
            await asyncio.gather(*(one(e) for e in heads if e.priority == priority))

    async def _was_tried(self, entry: OutboxEntry) -> None:
        if entry.id in self._untried_ids:  # claimed by the loop (not by ``run_once``)
            self._untried_ids.discard(entry.id)
            self._untried[entry.priority] -= 1
        async with self._tried:
            self._tried.notify_all()

    def _more_urgent_tried(self, priority: int) -> bool:
        return all(count <= 0 for urgent, count in self._untried.items() if urgent < priority)

    async def _attempt(self, entry: OutboxEntry) -> None:
        try:
            await self._deliver(entry)
        except Transient as error:
            wait = error.retry_after if error.retry_after is not None else backoff(entry.attempts)
            log.warning("outbox entry %s: %s; retrying in %.0f s", entry.id, error, wait)
            await self.store.retry_later(entry.id, self.clock.now() + wait, str(error))
            DELIVERIES.labels("retry").inc()
            self._blocked[entry.lane] = entry.id
        except Permanent as error:
            self._unblock(entry)
            log.warning("outbox entry %s not delivered: %s", entry.id, error.reason)
            ids = await self.store.mark_failed(entry.id, error.reason, error.follow_ups)
            DELIVERIES.labels("failed").inc()
            if ids:
                if entry.id in self._attempted:
                    self._follow_ups[entry.id] = ids
                self.nudge()
        except Exception as error:  # a bug in composing the message: never block the lane
            DELIVERIES.labels("unexpected").inc()
            log.exception("outbox entry %s failed unexpectedly", entry.id)
            if entry.attempts + 1 >= UNEXPECTED_TRIES:
                self._unblock(entry)
                await self.store.mark_failed(entry.id, f"unexpected: {error!r}")
            else:
                await self.store.retry_later(
                    entry.id, self.clock.now() + backoff(entry.attempts), f"unexpected: {error!r}"
                )
                self._blocked[entry.lane] = entry.id
        else:
            self._unblock(entry)
            await self.store.mark_sent(entry.id)
            DELIVERIES.labels("sent").inc()
            self.delivered += 1
        finally:
            event = self._attempted.get(entry.id)
            if event is not None:
                event.set()
            self._progress.set()

    def _unblock(self, entry: OutboxEntry) -> None:
        if self._blocked.get(entry.lane) == entry.id:
            del self._blocked[entry.lane]
