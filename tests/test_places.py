"""A match whose channel is gone, below Discord (``table/places.py``), on both back-ends and a
manual clock: paused with its timers, its creator's DM and its cancellation written in the same
change, done once however often the loss is reported, and the cancellation dropped when the
match changed meanwhile (the channel was there after all)."""

from __future__ import annotations

import pytest

from data.clock import ManualClock
from data.store import OutboxEntry
from rules.registry import GAMES
from table import places
from table.match import Match
from table.service import MatchService
from table.turnclock import HOUR
from tests.support.backends import Place
from tests.support.nim import Nim

GUILD, CHANNEL = 1, 10
ALICE, BOB = 100, 200


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def service(place: Place, clock: ManualClock) -> MatchService:
    store = await place.open(clock)
    seeds = iter(range(1000, 2000))
    return MatchService(store, {"nim": Nim(), **GAMES}, new_seed=lambda: next(seeds))


async def started(service: MatchService, clock: str = "12h") -> Match:
    await service.create("nim", GUILD, CHANNEL, ALICE, {}, clock=clock)
    await service.join(CHANNEL, "nim", BOB)
    return (await service.start(CHANNEL, "nim", ALICE)).match


async def place_entries(service: MatchService, match_id: int) -> list[OutboxEntry]:
    return [e for e in await service.store.outbox(match_id) if e.kind == places.PLACE]


async def test_a_gone_channel_pauses_the_match_once_and_writes_the_dm_and_the_cancellation(
    service: MatchService, clock: ManualClock
) -> None:
    match = await started(service)
    done = await places.channel_gone(service, CHANNEL)
    assert done is not None and done.match.row.paused
    assert done.match.version == match.version + 1 and done.match.status == "active"
    dm, cancel = await place_entries(service, match.id)
    assert dm.payload == {
        "event": places.GONE,
        "version": match.version + 1,
        "user": ALICE,
        "until": round(clock.now() + 12 * HOUR),
    }
    assert cancel.payload == {"event": places.EXPIRE, "version": match.version + 1}
    assert cancel.due_at == clock.now() + 12 * HOUR
    deadlines = (await service.clocks.deadlines([match.id]))[match.id]
    assert {t.status for t in deadlines.values()} == {"paused"}
    # Reported again (the next post's 404, the gateway's event): nothing more is done.
    assert await places.channel_gone(service, CHANNEL) is None
    assert len(await place_entries(service, match.id)) == 2
    assert (await service.by_id(match.id)).version == match.version + 1

    cancelled = await places.expire(service, cancel)
    assert cancelled is not None and cancelled.match.status == "cancelled"
    assert cancelled.match.result == {"reason": places.REASON, "winners": []}
    assert await service.store.open_match_in(CHANNEL) is None
    assert await places.expire(service, cancel) is None  # delivered twice: once


async def test_the_cancellation_is_dropped_when_the_match_moved_on_in_its_channel(
    service: MatchService,
) -> None:
    match = await started(service, clock="none")
    await places.channel_gone(service, CHANNEL)
    (_, cancel) = await place_entries(service, match.id)
    assert cancel.due_at == cancel.created_at + places.DEFAULT_WAIT  # no clock: 72h
    (mover,) = (await service.by_id(match.id)).to_act()
    await service.move(CHANNEL, "nim", mover, "take 1")  # the channel was there after all
    assert await places.expire(service, cancel) is None
    assert (await service.by_id(match.id)).status == "active"


async def test_a_lobby_whose_channel_is_gone_is_cancelled_at_once(service: MatchService) -> None:
    lobby = (await service.create("nim", GUILD, CHANNEL, ALICE, {}, clock="12h")).match
    done = await places.channel_gone(service, CHANNEL)
    assert done is not None and done.match.status == "cancelled"
    (dm,) = await place_entries(service, lobby.id)
    assert dm.payload["cancelled"] is True and dm.payload["user"] == ALICE
    assert await places.channel_gone(service, CHANNEL) is None  # no open match any more
    assert await places.channel_gone(service, 999) is None  # a channel without a match
