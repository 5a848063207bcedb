"""A storm of due work after an outage, against Discord's limits. Prints figures beside their
limits and targets; asserts nothing (tests/e2e/test_storm_e2e.py asserts a small storm).

    .venv/bin/python -m bench.storm [--timers 5000]

The bot was down for three days. Meanwhile every timer of its clocked matches fell due: in most
matches a whole decision (the half-time reminder, the one-hour reminder and the deadline), in
some only a half-time reminder (a week's clock). Of every 50 timers: 12 TOKAN matches and 3
Toshi Tōshi matches (a game with private hands, one player of each with closed DMs) whose
deadline passed, 3 timers each, and 5 TOKAN matches reminded, 1 timer each (every fifth of those
players with closed DMs). The bot starts (the real bot, its scheduler, outbox and herald, on the
local Discord stand-in, which enforces Discord's global rate limit of 50 requests per second
and counts invalid requests) and the storm goes out. Measured:

* requests per second to Discord (bound by the global limit: interactions are not), mean over
  the storm and in its busiest second, against Discord's 50;
* the time until every turn post (the table's timeout moves) is out, beside the floor: the
  requests made until then at 50 a second;
* requests answered 429 or 403 (target 0: a storm must not spend Discord's budget of 10,000
  invalid requests in 10 minutes), and whether every turn post went out before the first
  reminder and every deadline was played exactly once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from app.application import build_bot
from data.clock import ManualClock
from data.clockrows import Prefs
from data.store import Store
from rules.registry import GAMES
from table.turnclock import CLOCKS, DAY, HOUR, decision_timers
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.limits import GLOBAL_LIMIT

OUTAGE = 3 * DAY
TIMERS = 5000
# Of every 50 timers: matches by kind, and the timers each brings.
PER_50 = {"timed out": ("tokan", 12, 3), "hidden": ("toshi", 3, 3), "reminded": ("tokan", 5, 1)}
OPTIONS = {"tokan": {"scoring": "towers"}, "toshi": {"variant": "standard"}}
TIMEOUT_TEXT = "Time ran out"
REMINDER_TEXT = "Half of your time has passed"


@dataclass
class StormMatch:
    match_id: int
    kind: str
    channel: FakeChannel
    users: list[FakeUser]


@dataclass
class Storm:
    """What was filled in: the matches and how many timers fell due."""

    matches: list[StormMatch] = field(default_factory=list)
    timers: int = 0
    closed: list[FakeUser] = field(default_factory=list)

    def of(self, *kinds: str) -> list[StormMatch]:
        return [m for m in self.matches if m.kind in kinds]


@dataclass
class Outcome:
    """What the storm did, as the stand-in saw it."""

    storm: Storm
    seconds: float  # from the bot's start until the outbox was empty
    requests: int  # bound by Discord's global limit, during the storm
    busiest: int  # requests in the busiest second
    turn_posts_out: float  # seconds from the start until the last turn post
    requests_until_turns: int  # requests made until the last turn post
    rate_limited: int
    forbidden: int
    invalid: int
    turn_posts: list[FakeMessage]
    reminders: list[FakeMessage]
    played_once: int  # timed-out matches whose deadline was played once, and posted once
    fake: FakeDiscord  # the stand-in, closed, with what it recorded


async def fill(store: Store, clock: ManualClock, fake: FakeDiscord, timers: int) -> Storm:
    """Matches written straight into the tables (starting thousands through the service would
    take minutes), each with the timers of its current decision that fell due in the outage,
    and as many channels and members in the stand-in."""
    now = clock.now()
    down = now - OUTAGE  # when the bot went down
    storm = Storm()
    rounds = max(1, timers // 50)
    async with store._transaction() as db:
        for kind, (key, count, _) in PER_50.items():
            game, options = GAMES[key], OPTIONS[key]
            players = 3 if key == "toshi" else 2
            for i in range(count * rounds):
                users = [fake.add_member(f"{kind[0]}{i}-{n}") for n in range(players)]
                channel = fake.add_channel(f"{kind[0]}-{i}")
                state = game.setup(players, options, i + 1)
                (seat,) = game.to_act(state)
                closed = set()
                if key == "toshi":
                    closed = {users[(seat + 1) % players].id}  # the next to act: a hand by DM
                elif kind == "reminded" and i % 5 == 0:
                    closed = {users[seat].id}
                # A day's clock begun two hours before the outage: all of its decision fell due.
                # A week's begun a day before: its half-time reminder only.
                length = CLOCKS["1w"] if kind == "reminded" else CLOCKS["24h"]
                begun = down - (DAY if kind == "reminded" else 2 * HOUR)
                row = await db.fetchone(
                    "INSERT INTO matches (game, guild_id, channel_id, creator_id, status, options,"
                    " seed, state, version, created_at, updated_at, clock) VALUES"
                    " (?, ?, ?, ?, 'active', ?, ?, ?, 2, '2026-01-01', '2026-01-01', ?)"
                    " RETURNING id",
                    (
                        key,
                        fake.guild_id,
                        channel.id,
                        users[0].id,
                        json.dumps(options),
                        i + 1,
                        json.dumps(game.dump_state(state), separators=(",", ":")),
                        length,
                    ),
                )
                match_id = int(row[0])
                await db.executemany(
                    "INSERT INTO seats (match_id, user_id, joined, seat) VALUES (?, ?, ?, ?)",
                    [(match_id, u.id, s, s) for s, u in enumerate(users)],
                )
                for user in users:
                    if user.id in closed:
                        fake.close_dms(user)
                        storm.closed.append(user)
                prefs = Prefs(users[seat].id, dm_closed=users[seat].id in closed)
                # What fell due before the outage was carried out then; the rest is pending.
                pending = [
                    t
                    for t in decision_timers(seat, prefs, 2, begun, length, False, False)
                    if t.due_at > down
                ]
                await db.executemany(
                    "INSERT INTO timers (match_id, user_id, seat, kind, detail, decision, due_at,"
                    " begun) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (match_id, t.user_id, t.seat, t.kind, t.detail, 2, t.due_at, begun)
                        for t in pending
                    ],
                )
                storm.timers += sum(1 for t in pending if t.due_at <= now)
                storm.matches.append(StormMatch(match_id, kind, channel, users))
    clock.set(down - DAY)  # their DMs were found closed the day before the outage
    for user in storm.closed:
        await store.set_dm_closed(user.id, True)
    clock.set(now)
    return storm


async def run(timers: int, folder: Path) -> Outcome:
    """Fill the database, start the bot on it, and wait until the storm is out."""
    clock = ManualClock()  # the table's time stands still: nothing new falls due meanwhile
    path = folder / "storm.sqlite3"
    async with FakeDiscord(quiet=0.05) as fake:
        store = await Store.open(path, clock)
        storm = await fill(store, clock, fake, timers)
        await store.close()
        bot = build_bot(database=path, clock=clock)
        began = time.monotonic()
        async with fake.running(bot):
            while True:  # the bot works; look now and then whether it is done
                await asyncio.sleep(0.25)
                await bot.scheduler.caught_up(timeout=600)
                if not await bot.store.due_entries(clock.now(), limit=1):  # type: ignore[union-attr]
                    break
            await fake.settle()
            ended = time.monotonic()
            played = 0
            for match in storm.of("timed out", "hidden"):
                played += await played_once(bot.store, fake, match)  # type: ignore[arg-type]
        turn_posts = sorted(
            (m for s in storm.of("timed out", "hidden") for m in fake.messages(s.channel)),
            key=lambda m: m.at,
        )
        turn_posts = [m for m in turn_posts if TIMEOUT_TEXT in m.content]
        reminders = sorted(fake.posts(REMINDER_TEXT), key=lambda m: m.at)
        last_turn = turn_posts[-1].at if turn_posts else began
        accepted = [t for t in fake.limits.accepted if began <= t <= ended]
        counts = fake.limits.counts()
        return Outcome(
            storm=storm,
            seconds=ended - began,
            requests=len(accepted),
            busiest=busiest_second(accepted),
            turn_posts_out=last_turn - began,
            requests_until_turns=sum(1 for t in accepted if t <= last_turn),
            rate_limited=counts.get(429, 0),
            forbidden=counts.get(403, 0),
            invalid=len(fake.limits.invalid),
            turn_posts=turn_posts,
            reminders=reminders,
            played_once=played,
            fake=fake,
        )


async def played_once(store: Store, fake: FakeDiscord, match: StormMatch) -> bool:
    """Whether the match's deadline was played exactly once: its timer done, one timeout saved
    (the seat's decisions in one change: its moves all follow the version the clock began at)
    and one post of it in the channel."""
    timers = await store._read(
        "SELECT status FROM timers WHERE match_id = ? AND kind = 'deadline' AND decision = 2",
        (match.match_id,),
    )
    moves = await store.moves(match.match_id)
    timeouts = [
        e for e in await store.outbox(match.match_id) if e.payload.get("event") == "timeout"
    ]
    posts = fake.messages(match.channel, TIMEOUT_TEXT)
    return (
        [tuple(t) for t in timers] == [("done",)]
        and len(timeouts) == 1
        and [m.version for m in moves] == list(range(3, 3 + len(moves)))
        and len(posts) == 1
    )


def busiest_second(times: list[float]) -> int:
    """The most of ``times`` in any one second."""
    best, start = 0, 0
    for end, moment in enumerate(times):
        while moment - times[start] >= 1.0:
            start += 1
        best = max(best, end - start + 1)
    return best


def report(outcome: Outcome) -> None:
    storm = outcome.storm
    timed_out = storm.of("timed out", "hidden")
    print(
        f"storm: {storm.timers} timers fell due in a {OUTAGE / DAY:.0f}-day outage: "
        f"{len(storm.of('timed out'))} TOKAN and {len(storm.of('hidden'))} Toshi Tōshi matches "
        f"timed out, {len(storm.of('reminded'))} reminded; {len(storm.closed)} players with "
        "closed DMs"
    )
    mean = outcome.requests / outcome.seconds if outcome.seconds else 0.0
    verdict = "ok" if outcome.busiest <= GLOBAL_LIMIT else "OVER"
    print(
        f"requests to Discord: {outcome.requests} in {outcome.seconds:.1f} s, {mean:.1f}/s mean, "
        f"{outcome.busiest} in the busiest second (Discord's limit: {GLOBAL_LIMIT}/s): {verdict}"
    )
    floor = outcome.requests_until_turns / GLOBAL_LIMIT
    print(
        f"every turn post out after {outcome.turn_posts_out:.1f} s "
        f"({len(outcome.turn_posts)} posts; floor at {GLOBAL_LIMIT} requests/s for the "
        f"{outcome.requests_until_turns} requests until then: {floor:.1f} s)"
    )
    refused = outcome.rate_limited + outcome.forbidden
    print(
        f"answered 429: {outcome.rate_limited}, 403: {outcome.forbidden} (target 0): "
        f"{'ok' if refused == 0 else 'OVER'}; invalid requests in all: {outcome.invalid}"
    )
    last_turn = outcome.turn_posts[-1].at if outcome.turn_posts else 0.0
    first_reminder = outcome.reminders[0].at if outcome.reminders else float("inf")
    in_order = last_turn <= first_reminder
    print(
        f"every turn post before the first of {len(outcome.reminders)} reminders: "
        f"{'ok' if in_order else 'NO'}; deadlines played exactly once: "
        f"{outcome.played_once} of {len(timed_out)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timers", type=int, default=TIMERS)
    args = parser.parse_args()
    # The herald logs each DM it does not try (closed DMs): not a figure.
    logging.basicConfig(level=logging.ERROR)
    with tempfile.TemporaryDirectory() as folder:
        report(asyncio.run(run(args.timers, Path(folder))))


if __name__ == "__main__":
    main()
