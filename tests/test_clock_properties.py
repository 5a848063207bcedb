"""Issue 23: the turn clock's invariant (``tests/support/clockcheck.py``) holds after any
sequence of changes, on the match service over a real SQLite store and a manual clock: moves,
undos, time passing (the scheduler carries out timeouts, reminders, the end of a time away),
away, back, pause, resume, rejoin, resign and the table's computer player deciding, and any
two of them started at once (``asyncio.gather``). Random sequences by hypothesis; a refusal
(not your turn, nothing to take back, already paused…) is part of the game and checked like
any other outcome.

Two matches share their players, so that time away reaches across them: Nim for three (a
clock of 12 h or none, drawn) and TOKAN for two (24 h)."""

from __future__ import annotations

import asyncio
import logging
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from data.clock import ManualClock
from data.store import Store
from rules import rng
from rules.errors import PlayerError
from rules.registry import GAMES
from table.scheduler import Scheduler
from table.service import MatchService
from table.turnclock import HOUR
from tests.support.clockcheck import clock_faults
from tests.support.nim import Nim
from tests.support.thinking import think_all

GUILD = 1
ALICE, BOB, CAROL = 100, 200, 300
NIM, TOKAN = 10, 11  # the matches' channels
KEYS = {NIM: "nim", TOKAN: "tokan"}

channels = st.sampled_from([NIM, TOKAN])
users = st.sampled_from([ALICE, BOB, CAROL])
# Whose presence changes: a player by name, or one who waits in a match ("waiting", channel):
# the player whose turn the next move there may make it.
absent = st.one_of(users, st.tuples(st.just("waiting"), channels))
presence = st.one_of(
    st.tuples(st.just("away"), absent, st.integers(1, 2)),
    st.tuples(st.just("back"), absent),
)
match_change = st.one_of(
    st.tuples(st.just("move"), channels),
    st.tuples(st.just("undo"), channels),
    st.tuples(st.just("wait"), st.sampled_from([1, 5, 11, 12, 13, 23, 30])),
    st.tuples(st.just("pause"), channels),
    st.tuples(st.just("resume"), channels),
    st.tuples(st.just("rejoin"), channels, users),
    st.tuples(st.just("resign"), channels, users),
    st.tuples(st.just("think"), channels),
)
change = st.one_of(match_change, presence)
step = st.one_of(
    change,
    st.tuples(st.just("race"), change, change),
    # The races players met most: a player's presence changing while a change of a match
    # (a move, a timeout…) is being saved, either one started first.
    st.tuples(st.just("race"), presence, match_change),
    st.tuples(st.just("race"), match_change, presence),
)


class Table:
    """The two matches, their service and scheduler, and a log of every step."""

    def __init__(self, service: MatchService, clock: ManualClock) -> None:
        self.service = service
        self.clock = clock
        self.scheduler = Scheduler(service.turns)
        self.draw = rng.stream(23, "clock-properties")
        self.said: list[str] = []

    async def drain(self) -> None:
        """What the scheduler's task does: carry out every row due now (a row released after
        a change came first is due again at once). Two drains may run at once (a race of two
        waits): the rows the other one has claimed are its to carry out, and this one gives
        it turns of the loop (no time passes) until they are done."""
        again = 0
        for _ in range(5000):
            while await self.scheduler.run_once():
                pass
            now = self.clock.now()
            leases = await self.service.store._read(
                "SELECT lease_until FROM timers WHERE status = 'pending' AND due_at <= ?", (now,)
            )
            if not leases:
                return
            if all(row[0] is not None and row[0] > now for row in leases):
                await asyncio.sleep(0)  # held by the other drain, still at work
                continue
            again += 1
            if again > 20:
                break
        raise AssertionError("due timers keep coming back")

    async def person(self, who: int | tuple[str, int]) -> int:
        """A user id; or ("waiting", channel): the player seated after the one on turn in
        that match (whose turn its next move makes it, in both games here)."""
        if isinstance(who, int):
            return who
        match = await self.service.current(who[1], KEYS[who[1]])
        seats = match.game.to_act(match.state) or (0,)
        return match.players[(seats[0] + 1) % len(match.players)]

    async def run(self, op: tuple[Any, ...]) -> None:
        try:
            said = await self._run(op)
        except PlayerError as refused:
            said = f"refused: {refused}"
        self.said.append(f"{op} -> {said}")

    async def _run(self, op: tuple[Any, ...]) -> str:
        service, turns = self.service, self.service.turns
        kind = op[0]
        if kind == "race":
            await asyncio.gather(self.run(op[1]), self.run(op[2]))
            return "raced"
        if kind == "wait":
            self.clock.advance(op[1] * HOUR)
            await self.drain()
            return "waited"
        if kind == "away":
            await turns.away(await self.person(op[1]), op[2])
            return "away"
        if kind == "back":
            await turns.back(await self.person(op[1]))
            return "back"
        channel = op[1]
        key = KEYS[channel]
        match = await service.current(channel, key)
        if kind == "move":
            table = match.row.table_seats()
            people = [s for s in match.game.to_act(match.state) if s not in table]
            if not people:
                return "the table's computer player is to decide"
            seat = people[0]
            move = match.game.playout_move(match.state, seat, self.draw)
            text = match.game.format(match.state, move)
            await service.move(channel, key, match.user_at(seat), text)
            return text
        if kind == "undo":
            log = await service.store.moves(match.id)
            seat = next((e.seat for e in reversed(log) if e.seat is not None), 0)
            receipt = service.receipt(channel)
            await service.undo(channel, key, match.user_at(seat), receipt=receipt)
            return "taken back"
        if kind in ("pause", "resume"):
            await turns.pause(channel, key, match.creator_id, False, kind == "pause")
            return kind
        if kind == "rejoin":
            await turns.rejoin(channel, key, op[2])
            return "rejoined"
        if kind == "resign":
            await service.resign(channel, key, op[2])
            return "resigned"
        assert kind == "think"
        return f"{len(await think_all(service, match.id, limit=3))} decided"


@contextmanager
def failures_logged() -> Iterator[list[logging.LogRecord]]:
    """Errors the scheduler or the service log (a handler that failed is a bug here)."""
    found: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            found.append(record)

    handler = Keep(logging.ERROR)
    logger = logging.getLogger("tidetable")
    logger.addHandler(handler)
    try:
        yield found
    finally:
        logger.removeHandler(handler)


async def scenario(folder: Path, nim_clock: str, steps: list[tuple[Any, ...]]) -> None:
    clock = ManualClock()
    store = await Store.open(folder / "p.sqlite3", clock)
    try:
        service = MatchService(store, {"nim": Nim(), "tokan": GAMES["tokan"]}, lambda: 5)
        await service.create("nim", GUILD, NIM, ALICE, {"pile": "12"}, clock=nim_clock)
        await service.join(NIM, "nim", BOB)
        await service.join(NIM, "nim", CAROL)
        await service.start(NIM, "nim", ALICE)
        await service.create("tokan", GUILD, TOKAN, BOB, {}, clock="24h")
        await service.join(TOKAN, "tokan", ALICE)
        await service.start(TOKAN, "tokan", BOB)
        table = Table(service, clock)
        assert await clock_faults(service) == []
        with failures_logged() as failures:
            for op in steps:
                await table.run(op)
                await table.drain()
                faults = await clock_faults(service)
                assert not faults and not failures, (faults, failures, table.said)
    finally:
        await store.close()


@settings(
    max_examples=60,
    deadline=None,
    database=None,  # no .hypothesis folder in the work tree; a failure prints its example
    suppress_health_check=[HealthCheck.too_slow],
)
@given(nim_clock=st.sampled_from(["12h", "none"]), steps=st.lists(step, min_size=1, max_size=14))
# The rows players reported, always tried besides the random sequences: an undo (row 1), `away`
# or `back` landing while the move that makes it that player's turn is saved (row 2), the same
# undo twice at once (row 3), `away` sent as the scheduler carries out that player's deadline
# (the window between its claim and its save is tested exactly in test_clock_invariant.py).
@example(nim_clock="12h", steps=[("move", TOKAN), ("undo", TOKAN), ("wait", 30)])
@example(nim_clock="12h", steps=[("race", ("away", ("waiting", TOKAN), 1), ("move", TOKAN))])
@example(nim_clock="12h", steps=[("race", ("away", ("waiting", NIM), 2), ("move", NIM))])
@example(
    nim_clock="12h",
    steps=[
        ("away", ("waiting", TOKAN), 2),
        ("race", ("back", ("waiting", TOKAN)), ("move", TOKAN)),
    ],
)
@example(nim_clock="none", steps=[("move", NIM), ("race", ("undo", NIM), ("undo", NIM))])
@example(nim_clock="12h", steps=[("race", ("wait", 24), ("away", ALICE, 1))])
@example(nim_clock="12h", steps=[("race", ("wait", 24), ("away", BOB, 1))])
def test_every_decision_has_exactly_one_running_deadline(
    nim_clock: str, steps: list[tuple[Any, ...]]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(scenario(Path(folder), nim_clock, steps))
