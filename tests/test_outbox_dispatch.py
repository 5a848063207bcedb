"""The dispatcher's loop (data/outbox.py): an entry written while a slow delivery goes out is
claimed and delivered at once, not after it; a lane's own entries still go out in order, each
once; a gentle stop lets a delivery under way finish, an immediate one abandons it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from data.clock import ManualClock
from data.outbox import Dispatcher
from data.store import Announcement, OutboxEntry, Store


@pytest.fixture
async def store(tmp_path: Path):
    opened = await Store.open(tmp_path / "t.sqlite3", ManualClock())
    yield opened
    await opened.close()


class Slow:
    """Delivers at once, except entries named in ``held``: those wait for their release."""

    def __init__(self) -> None:
        self.held: dict[str, asyncio.Event] = {}
        self.began: list[str] = []
        self.done: list[str] = []

    async def deliver(self, entry: OutboxEntry) -> None:
        name = entry.payload["name"]
        self.began.append(name)
        if name in self.held:
            await self.held[name].wait()
        self.done.append(name)

    async def until(self, condition) -> None:
        """Let the dispatcher work until ``condition`` holds (bounded by a count of turns of
        the loop, not by time)."""
        for _ in range(2000):
            if condition():
                return
            await asyncio.sleep(0.001)
        raise AssertionError("never got there")


async def write(store: Store, name: str, lane: str) -> int:
    (made,) = await store.announce(None, [Announcement("post", {"name": name}, lane=lane)])
    return made


async def test_an_entry_written_while_a_slow_one_goes_out_is_delivered_at_once(store: Store):
    slow = Slow()
    slow.held["slow"] = asyncio.Event()
    dispatcher = Dispatcher(store, slow.deliver)
    dispatcher.start()
    try:
        await write(store, "slow", "lane:a")
        dispatcher.nudge()
        await slow.until(lambda: "slow" in slow.began)
        # Written while the slow one is under way: in another lane it goes out now; behind
        # it in its own lane it waits for it.
        await write(store, "behind", "lane:a")
        await write(store, "quick", "lane:b")
        dispatcher.nudge()
        await slow.until(lambda: "quick" in slow.done)
        assert slow.done == ["quick"] and "behind" not in slow.began
        slow.held["slow"].set()
        await slow.until(lambda: "behind" in slow.done)
        assert slow.done == ["quick", "slow", "behind"]
        await slow.until(lambda: not dispatcher._flying)
        assert all(e.status == "sent" for e in await store.outbox())
        assert dispatcher.delivered == 3  # each once
    finally:
        await dispatcher.stop()


async def test_a_notice_claimed_later_waits_for_a_turn_post_under_way(store: Store):
    # A turn post is slow to go out; a reminder written meanwhile in another lane is claimed at
    # once, but not sent before it: a reminder never overtakes a turn post (issue 23's storm).
    slow = Slow()
    slow.held["turn"] = asyncio.Event()
    dispatcher = Dispatcher(store, slow.deliver)
    dispatcher.start()
    try:
        await store.announce(
            None, [Announcement("post", {"name": "turn", "event": "move"}, lane="lane:a")]
        )
        dispatcher.nudge()
        await slow.until(lambda: "turn" in slow.began)
        await store.announce(
            None, [Announcement("post", {"name": "nudge", "reminder": 1}, lane="lane:b")]
        )
        await write(store, "plain", "lane:c")  # as urgent as a post: waits for the turn too
        dispatcher.nudge()
        for _ in range(50):
            await asyncio.sleep(0.001)
        assert slow.began == ["turn"]
        slow.held["turn"].set()
        await slow.until(lambda: len(slow.done) == 3)
        assert slow.done[0] == "turn" and slow.done[-1] == "nudge"
    finally:
        await dispatcher.stop()


async def test_a_gentle_stop_lets_the_delivery_under_way_finish(store: Store):
    slow = Slow()
    slow.held["slow"] = asyncio.Event()
    dispatcher = Dispatcher(store, slow.deliver)
    dispatcher.start()
    await write(store, "slow", "lane:a")
    dispatcher.nudge()
    await slow.until(lambda: "slow" in slow.began)
    stopping = asyncio.create_task(dispatcher.stop(grace=30))
    await asyncio.sleep(0)
    assert not stopping.done()
    slow.held["slow"].set()
    await stopping
    (entry,) = await store.outbox()
    assert slow.done == ["slow"] and entry.status == "sent"


async def test_an_immediate_stop_abandons_the_delivery_under_way(store: Store):
    slow = Slow()
    slow.held["slow"] = asyncio.Event()
    dispatcher = Dispatcher(store, slow.deliver)
    dispatcher.start()
    await write(store, "slow", "lane:a")
    dispatcher.nudge()
    await slow.until(lambda: "slow" in slow.began)
    await dispatcher.stop()
    (entry,) = await store.outbox()
    assert slow.done == [] and entry.status == "pending"  # tried again after the restart
    assert not dispatcher._flying


async def test_a_failures_reason_told_to_people_is_kept_whole(store: Store):
    """A reason the person is told ("I cannot post in …") is a text of the catalogue: kept as
    its message and values, it is said in the reader's language when the failure is reported;
    a reason for the logs stays as written, cut to its column's length."""
    from i18n.catalogue import PSEUDO, say
    from i18n.text import T, Text

    told = await write(store, "told", "lane:a")
    logged = await write(store, "logged", "lane:b")
    reason = T("I cannot post in {channel}", channel=T("this channel"))
    await store.mark_failed(told, reason)
    await store.mark_failed(logged, "Discord refused it (50001: " + "x" * 600)
    kept = {e.id: e.last_error for e in await store.outbox()}
    assert isinstance(kept[told], Text) and kept[told] == reason
    assert say(kept[told], PSEUDO) == say(reason, PSEUDO) != reason
    assert not isinstance(kept[logged], Text) and len(kept[logged] or "") == 500
    # A row whose reason only looks like kept text is read as it is.
    await store.retry_later(await write(store, "odd", "lane:c"), 0.0, '{"$text": [1')
    assert '{"$text": [1' in [e.last_error for e in await store.outbox()]
    # ... and so is one kept in a shape no text has (its message a list).
    odd = '{"$text": [["a"], [], null, null, null, false]}'
    await store.retry_later(await write(store, "odd2", "lane:d"), 0.0, odd)
    assert odd in [e.last_error for e in await store.outbox()]


async def test_a_lane_waiting_for_a_retry_leaves_the_loop_asleep_until_the_retry(store: Store):
    """An entry due behind its lane's head that waits for a retry cannot go before it: the
    loop sleeps until the retry is due instead of looking again and again (it spun, a claim
    attempt each turn, while Discord was away), and then sends both in their order."""
    slow = Slow()
    head = await write(store, "head", "lane:a")
    (claimed,) = await store.claim_due(store.clock.now())
    await store.retry_later(claimed.id, store.clock.now() + 60, "Discord answered 503")
    await write(store, "behind", "lane:a")
    looked = 0
    original = store.claim_due

    async def claim_due(*args, **kwargs):
        nonlocal looked
        looked += 1
        return await original(*args, **kwargs)

    store.claim_due = claim_due  # type: ignore[method-assign]
    dispatcher = Dispatcher(store, slow.deliver)
    dispatcher.start()
    try:
        for _ in range(2000):  # turns of the event loop: time enough to spin
            await asyncio.sleep(0)
        assert slow.began == [] and looked <= 2
        assert await store.next_due() == store.clock.now() + 60
        store.clock.advance(60)  # type: ignore[attr-defined]
        dispatcher.nudge()
        await slow.until(lambda: slow.done == ["head", "behind"])
        assert claimed.id == head
    finally:
        await dispatcher.stop()
