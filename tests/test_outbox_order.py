"""When much is due at once (a storm after an outage), on both back-ends: the outbox hands out
what changes whose turn it is before other posts, and those before reminders, while a lane's own
entries keep their order; every claim after the first knows when the entry was first tried (a
re-post check needs it); the scheduler carries out deadlines before the reminders that fell due
with them, so no one is reminded of a decision the table already played."""

from __future__ import annotations

import pytest

from data.clock import ManualClock
from data.store import NOTICE, PLAIN, TURN, Announcement, Store
from rules.registry import GAMES
from table.scheduler import Scheduler
from table.service import MatchService
from table.turnclock import HOUR
from tests.support.backends import Place
from tests.support.nim import Nim

GUILD = 1
ALICE, BOB, CAROL, DAVE = 100, 200, 300, 400


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def store(place: Place, clock: ManualClock) -> Store:
    return await place.open(clock)


def test_each_announcement_knows_its_place() -> None:
    assert Announcement("post", {"event": "timeout"}).priority == TURN
    assert Announcement("post", {"event": "move"}).priority == TURN
    assert Announcement("think", {"seat": 1}).priority == TURN
    assert Announcement("dm", {"seat": 0, "user": 1, "version": 3}).priority == PLAIN
    assert Announcement("post", {"event": "joined"}).priority == PLAIN
    assert Announcement("dm", {"reminder": "half", "user": 1}).priority == NOTICE
    assert Announcement("post", {"event": "reminder", "reminder": "hour"}).priority == NOTICE
    assert Announcement("dm", {"turns": [], "user": 1}).priority == NOTICE


async def test_turn_changing_entries_are_claimed_first_and_lanes_keep_their_order(
    store: Store, clock: ManualClock
) -> None:
    written = [
        ("a", Announcement("dm", {"reminder": "half", "user": 1})),
        ("b", Announcement("dm", {"seat": 0, "user": 2, "version": 1})),
        ("c", Announcement("post", {"event": "timeout", "version": 2})),
        ("d", Announcement("dm", {"turns": [], "user": 3})),
        ("e", Announcement("think", {"seat": 1, "version": 4})),
        # In one lane a reminder written first stays first: the post behind it waits for it.
        ("f", Announcement("dm", {"reminder": "hour", "user": 4})),
        ("f", Announcement("post", {"event": "move", "version": 5})),
    ]
    for lane, item in written:
        await store.announce(None, [Announcement(item.kind, item.payload, lane=f"lane:{lane}")])

    async def claim(limit: int) -> list[str]:
        got = await store.claim_due(clock.now(), limit=limit)
        for entry in got:
            await store.mark_sent(entry.id)
        return [e.lane[-1] for e in got]

    assert [e.lane[-1] for e in await store.due_entries(clock.now())] == list("cebadf")
    assert await claim(2) == ["c", "e"]  # the timeout post and the computer's turn
    assert await claim(1) == ["b"]  # a private view
    assert await claim(3) == ["a", "d", "f"]  # reminders and notices, in the order written
    assert await claim(3) == ["f"]  # the post that waited behind its lane's reminder
    assert await claim(3) == []


async def test_the_first_claim_is_remembered_across_retries(
    store: Store, clock: ManualClock
) -> None:
    (entry_id,) = await store.announce(None, [Announcement("post", {"n": 1}, lane="x")])
    (fresh,) = await store.entries([entry_id])
    assert fresh.first_tried is None
    first_claim = clock.now()
    (claimed,) = await store.claim_due(first_claim)
    assert claimed.first_tried == first_claim  # this very claim: nothing tried before it
    await store.retry_later(entry_id, clock.now() + 10, "Discord answered 503")
    clock.advance(600)
    (again,) = await store.claim_due(clock.now())
    assert again.first_tried == first_claim, "a try may have landed ten minutes ago"


async def test_closed_dms_are_remembered_with_the_time_they_were_found_closed(
    store: Store, clock: ManualClock
) -> None:
    assert await store.dm_closed_since(ALICE) is None
    await store.set_dm_closed(ALICE, True)
    assert await store.dm_closed_since(ALICE) == clock.now()
    assert await store.dm_closed(ALICE)
    clock.advance(HOUR)
    await store.set_dm_closed(ALICE, False)
    assert await store.dm_closed_since(ALICE) is None and not await store.dm_closed(ALICE)


async def test_after_an_outage_deadlines_go_first_and_their_reminders_are_void(
    store: Store, clock: ManualClock
) -> None:
    """Two matches: one whose whole decision (reminders and deadline) fell due while the bot
    was down, one whose half-time reminder fell due but not its deadline. The first is played
    by the table and nobody is reminded of it; the second's reminder goes out, after the
    timeout post."""
    seeds = iter(range(1000, 2000))
    service = MatchService(store, {"nim": Nim(), **GAMES}, new_seed=lambda: next(seeds))
    matches = []
    for channel, players, length in ((10, (ALICE, BOB), "12h"), (20, (CAROL, DAVE), "1w")):
        await service.create("nim", GUILD, channel, players[0], {}, clock=length)
        await service.join(channel, "nim", players[1])
        matches.append((await service.start(channel, "nim", players[0])).match)
    for entry in await store.outbox():
        await store.mark_sent(entry.id)
    clock.advance(4 * 24 * HOUR)  # the outage: past the half of a week, not its end
    scheduler = Scheduler(service.turns)
    while await scheduler.run_once():
        pass

    short, long = matches
    assert len(await store.moves(short.id)) == 1 and await store.moves(long.id) == []
    outbox = await store.outbox()
    said = [
        (e.match_id, e.payload.get("event") or e.kind, e.payload.get("reminder")) for e in outbox
    ]
    assert (short.id, "timeout", None) in said
    assert [r for r in said if r[2]] == [(long.id, "dm", "half")], said
    order = [e.match_id for e in await store.due_entries(clock.now(), limit=100)]
    assert order.index(short.id) < order.index(long.id), "the turn post before the reminder"
