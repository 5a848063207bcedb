"""Issue 23, the turn clock's invariant, below Discord on a manual clock: every decision a
player must make has exactly one running deadline whatever made it theirs, none while they are
away or the match is paused, none at all without a clock (``tests/support/clockcheck.py``).
Each test names the row of the issue it reproduces; the same rows run end to end in
``tests/e2e/test_clock_invariant_e2e.py``, and every kind of change and race at random in
``tests/test_clock_properties.py``."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from data.clock import ManualClock
from data.store import Store
from rules import rng
from rules.registry import GAMES
from table.errors import StaleMove
from table.history import UNDO, CannotUndo, Entry, plan_undo
from table.match import Match
from table.scheduler import Scheduler
from table.service import MatchService
from table.turnclock import HOUR
from tests.support.backends import Place
from tests.support.clockcheck import clock_faults
from tests.support.nim import Nim

GUILD, CHANNEL = 1, 10
ALICE, BOB, CAROL = 100, 200, 300
DAY = 24 * HOUR


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def service(place: Place, clock: ManualClock) -> MatchService:
    store = await place.open(clock)
    return MatchService(store, {"nim": Nim(), **GAMES}, new_seed=lambda: 7)


@pytest.fixture
def scheduler(service: MatchService) -> Scheduler:
    return Scheduler(service.turns)


async def due(scheduler: Scheduler) -> None:
    while await scheduler.run_once():
        pass


async def advance(clock: ManualClock, scheduler: Scheduler, seconds: float) -> None:
    clock.advance(seconds)
    await due(scheduler)


async def started(
    service: MatchService, game: str, players: tuple[int, ...], clock: str = "24h"
) -> Match:
    await service.create(game, GUILD, CHANNEL, players[0], {}, clock=clock)
    for user in players[1:]:
        await service.join(CHANNEL, game, user)
    return (await service.start(CHANNEL, game, players[0])).match


async def play(service: MatchService, match: Match, user: int, draw: Any) -> Match:
    seat = match.seat_of(user)
    assert seat is not None
    text = match.game.format(match.state, match.game.playout_move(match.state, seat, draw))
    return (await service.move(CHANNEL, match.row.game, user, text)).after


def on_turn(match: Match) -> int:
    (user,) = match.to_act()
    return user


async def posts(service: MatchService, event: str) -> list[dict[str, Any]]:
    return [
        e.payload
        for e in await service.store.outbox()
        if e.kind == "post" and e.payload.get("event") == event
    ]


async def deadline_of(service: MatchService, match: Match, user: int) -> Any:
    seat = match.seat_of(user)
    return (await service.turns.clocks.deadlines([match.id])).get(match.id, {}).get(seat)


# -- row 1: an undo reopens a decision, with its deadline ---------------------------------------
async def test_row1_an_undo_reopens_the_decision_with_the_time_it_had_left(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    """She moves 5 h into her 24 h and takes it back an hour later: the decision is hers
    again with the 19 h it had left (the hour in between ran on the other player's clock, not
    hers), the undo's post says when it runs out, and the table plays for her when it does."""
    match = await started(service, "tokan", (ALICE, BOB))
    begun = clock.now()
    late = on_turn(match)
    draw = rng.stream(1, "row1")
    await advance(clock, scheduler, 5 * HOUR)
    moved = await play(service, match, late, draw)
    await advance(clock, scheduler, HOUR)
    done, _ = await service.undo(CHANNEL, "tokan", late)
    assert await clock_faults(service) == []
    seat = match.seat_of(late)
    (post,) = await posts(service, "undo")
    assert post["clock"]["deadlines"] == {str(seat): int(begun + DAY + HOUR)}
    assert post["clock"]["call"] == []  # the one who took it back decides again: no ping
    deadline = await deadline_of(service, done.match, late)
    assert deadline.status == "pending" and deadline.due_at == begun + DAY + HOUR
    assert deadline.decision == done.match.version
    assert await deadline_of(service, done.match, on_turn(moved)) is None
    await advance(clock, scheduler, 19 * HOUR - 1)  # 25 h - 1 s after the start
    assert await posts(service, "timeout") == []
    hour = [e for e in await service.store.outbox() if e.payload.get("reminder") == "hour"]
    assert [e.payload["deadline"] for e in hour] == [begun + DAY + HOUR]
    await advance(clock, scheduler, 1)
    (timeout,) = await posts(service, "timeout")
    assert timeout["seat"] == seat
    assert await clock_faults(service) == []


async def test_row1_an_undo_in_a_match_without_a_clock_writes_no_deadline(
    service: MatchService,
):
    match = await started(service, "tokan", (ALICE, BOB), clock="none")
    user = on_turn(match)
    await play(service, match, user, rng.stream(2, "none"))
    await service.undo(CHANNEL, "tokan", user)
    assert await clock_faults(service) == []
    assert not [t for t in await service.turns.clocks.timers(match.id) if t.kind == "deadline"]


async def test_row1_an_undo_while_away_reopens_the_decision_paused(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    match = await started(service, "tokan", (ALICE, BOB))
    user = on_turn(match)
    await advance(clock, scheduler, 2 * HOUR)
    await play(service, match, user, rng.stream(3, "away"))
    await service.turns.away(user, 2)
    done, _ = await service.undo(CHANNEL, "tokan", user)
    assert await clock_faults(service) == []
    deadline = await deadline_of(service, done.match, user)
    assert deadline.status == "paused" and deadline.remaining == DAY - 2 * HOUR
    (post,) = await posts(service, "undo")
    assert post["clock"]["away"] == {str(match.seat_of(user)): int(clock.now() + 2 * DAY)}


# -- row 2: away while a move makes it the away player's turn -----------------------------------
def gate_reads(service: MatchService, read: asyncio.Event, opened: asyncio.Event) -> None:
    """The next read of players' settings (a move's) sets ``read`` once it has read, then
    waits until ``opened`` is set: whatever commits meanwhile commits between the move's read
    and its save, as when `/tidetable away` lands during an opponent's move."""
    clocks = service.turns.clocks
    armed = [True]

    def gated(reader: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            found = await reader(*args, **kwargs)
            if armed[0]:
                armed[0] = False
                read.set()
                await asyncio.wait_for(opened.wait(), 10)
            return found

        return wrapper

    clocks.prefs = gated(clocks.prefs)  # type: ignore[method-assign]
    clocks.probe_with_prefs = gated(clocks.probe_with_prefs)  # type: ignore[method-assign]


async def test_row2_away_landing_during_the_move_that_makes_it_her_turn_stops_her_clock(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    match = await started(service, "tokan", (ALICE, BOB))
    mover = on_turn(match)
    waiting = ALICE if mover == BOB else BOB
    seat = match.seat_of(waiting)
    draw = rng.stream(4, "row2")
    # The settings and the match are cached, as in a running bot.
    match = await play(service, match, mover, draw)
    match = await play(service, match, waiting, draw)
    read, opened = asyncio.Event(), asyncio.Event()
    gate_reads(service, read, opened)

    async def away() -> float:
        await asyncio.wait_for(read.wait(), 10)  # the move has read her settings
        until = await service.turns.away(waiting, 3)
        opened.set()
        return until

    moved, until = await asyncio.gather(play(service, match, mover, draw), away())
    assert moved.to_act() == (waiting,)
    assert await clock_faults(service) == []
    deadline = await deadline_of(service, moved, waiting)
    assert deadline.status == "paused"
    # The post says she is away, not when her time runs out.
    last = (await posts(service, "move"))[-1]
    assert last["version"] == moved.version
    assert last["clock"]["away"] == {str(seat): int(until)}
    assert "deadlines" not in last["clock"]  # no clock runs while she is away
    await advance(clock, scheduler, 2 * DAY)
    assert await posts(service, "timeout") == []
    assert await clock_faults(service) == []


async def test_row2_back_landing_during_a_move_starts_her_clock(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    """The other way round: she comes back while the move that makes it her turn is saved;
    the move read her as away, but her deadline runs."""
    match = await started(service, "tokan", (ALICE, BOB))
    mover = on_turn(match)
    waiting = ALICE if mover == BOB else BOB
    draw = rng.stream(5, "row2-back")
    match = await play(service, match, mover, draw)
    match = await play(service, match, waiting, draw)
    await service.turns.away(waiting, 3)
    read, opened = asyncio.Event(), asyncio.Event()
    gate_reads(service, read, opened)

    async def back() -> None:
        await asyncio.wait_for(read.wait(), 10)
        await service.turns.back(waiting)
        opened.set()

    moved, _ = await asyncio.gather(play(service, match, mover, draw), back())
    assert await clock_faults(service) == []
    deadline = await deadline_of(service, moved, waiting)
    assert deadline.status == "pending" and deadline.due_at == clock.now() + DAY


async def test_row2_a_deadline_claimed_as_its_player_goes_away_is_not_carried_out(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    """The scheduler took the due deadline; `away` lands before it is carried out: the table
    does not play for her while she is away (her clock stopped at nothing left)."""
    match = await started(service, "tokan", (ALICE, BOB))
    late = on_turn(match)
    clock.advance(DAY)
    claimed = [t for t in await service.turns.clocks.claim_due(clock.now()) if t.kind == "deadline"]
    await service.turns.away(late, 1)
    for timer in claimed:
        await scheduler.handle(timer)
    assert await posts(service, "timeout") == []
    assert await clock_faults(service) == []


# -- row 3: the same undo twice at once -----------------------------------------------------------
async def two_standing(service: MatchService) -> tuple[Match, int]:
    """A Toshi Tōshi match in which the seat on turn has two moves of its own standing that
    it may take back (nobody acted since, and neither revealed anything)."""
    match = await started(service, "toshi", (ALICE, BOB, CAROL))
    draw = rng.stream(7, "two-standing")
    game = match.game
    for _ in range(400):
        (user,) = match.to_act()
        match = await play(service, match, user, draw)
        seat = match.seat_of(user)
        if match.status != "active" or match.to_act() != (user,):
            continue
        entries: list[Any] = list(await service.store.moves(match.id))
        how = {"seed": match.row.seed, "players": len(match.players)}
        try:
            first = plan_undo(game, entries, seat, match.options, **how)
            entries += [Entry(seat, UNDO)] * first.count
            plan_undo(game, entries, seat, match.options, **how)
        except CannotUndo:
            continue
        return match, user
    raise AssertionError("no seat with two standing moves in 400")


async def test_row3_the_same_undo_sent_twice_at_once_takes_back_one_move(service: MatchService):
    match, user = await two_standing(service)
    # Both commands arrive before either is saved: each carries what the player saw.
    receipts = [service.receipt(CHANNEL), service.receipt(CHANNEL)]
    assert receipts[0] is not None and receipts[0].version == match.version
    results = await asyncio.gather(
        *(service.undo(CHANNEL, "toshi", user, receipt=r) for r in receipts),
        return_exceptions=True,
    )
    done = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(done) == 1 and len(refused) == 1, results
    assert isinstance(refused[0], StaleMove) and "Already taken back" in str(refused[0])
    log = await service.store.moves(match.id)
    assert [e.move for e in log].count(UNDO) == 1
    after = await service.by_id(match.id)
    assert after.version == done[0][0].match.version
    assert await clock_faults(service) == []
    # Sent again on the board after it, an undo is a new request: it takes back the other.
    again, _ = await service.undo(CHANNEL, "toshi", user, receipt=service.receipt(CHANNEL))
    assert [e.move for e in await service.store.moves(match.id)].count(UNDO) == 2
    assert await clock_faults(service) == []
    assert again.match.version > after.version


# -- row 4: reminders that fall due after their decision ended ----------------------------------
async def test_row4_reminders_falling_due_after_the_deadline_are_dropped(tmp_path: Path):
    """The bot was down over the reminders and the deadline: when it starts again the
    decision is over (its time ran out), so its reminders are dropped, never sent about the
    next player's decision; the timeout is carried out once."""
    clock = ManualClock()
    path = tmp_path / "down.sqlite3"
    store = await Store.open(path, clock)
    service = MatchService(store, {"nim": Nim()}, new_seed=lambda: 7)
    match = await started(service, "nim", (ALICE, BOB), clock="12h")
    await store.close()
    clock.advance(12 * HOUR + HOUR)
    store = await Store.open(path, clock)
    service = MatchService(store, {"nim": Nim()})
    await due(Scheduler(service.turns))
    assert [e for e in await store.outbox() if e.payload.get("reminder")] == []
    assert len([e for e in await store.outbox() if e.payload.get("event") == "timeout"]) == 1
    assert [m.seat for m in await store.moves(match.id)] == [match.seat_of(on_turn(match))]
    assert await clock_faults(service) == []
    await store.close()


async def test_row4_a_turn_notice_falling_due_after_the_deadline_is_dropped(tmp_path: Path):
    clock = ManualClock()
    path = tmp_path / "down.sqlite3"
    store = await Store.open(path, clock)
    service = MatchService(store, GAMES, new_seed=lambda: 7)
    for player in (ALICE, BOB):  # turn notices are DMs: only players who chose them get one
        await service.turns.clocks.set_prefs(player, turn_by="dm")
    match = await started(service, "tokan", (ALICE, BOB), clock="12h")
    assert any(t.kind == "turn" for t in await service.turns.clocks.timers(match.id))
    await store.close()
    clock.advance(12 * HOUR + HOUR)
    store = await Store.open(path, clock)
    service = MatchService(store, GAMES)
    await due(Scheduler(service.turns))
    assert [e for e in await store.outbox() if "turns" in e.payload] == []
    assert len([e for e in await store.outbox() if e.payload.get("event") == "timeout"]) == 1
    await store.close()


# -- row 15: `mine` names the awaited player's time away ----------------------------------------
async def test_row15_mine_says_the_awaited_player_is_away(
    service: MatchService, clock: ManualClock
):
    match = await started(service, "tokan", (ALICE, BOB))
    waiting = on_turn(match)
    other = ALICE if waiting == BOB else BOB
    until = await service.turns.away(waiting, 2)
    (entry,) = await service.turns.mine(other)
    assert entry.waiting == (waiting,) and not entry.awaiting_me
    assert entry.waiting_away == {waiting: until}
    assert entry.away_until is None  # the one asking is not away
    (own,) = await service.turns.mine(waiting)
    assert own.away_until == until and own.awaiting_me
