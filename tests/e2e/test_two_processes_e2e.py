"""Several processes, one truth (issue 14): two bot processes, each running one of two shards,
on one PostgreSQL database and one Discord stand-in.

Players in both shards' servers play TOKAN. Then the deadlines of every match fall due at once
while their players move: both processes' turn clocks race each other for the due rows and the
players' moves race the timeouts. Then the process of shard 1 is SIGKILLed in the middle of a
move, after saving it and before its board post: the survivor (shard 0) takes over what the
dead one had claimed once the claim's lease runs out, and posts it. Afterwards: every outbox
entry appeared in Discord exactly once (by its nonce), every saved move was announced once, no
version was skipped or repeated and every log replays to its saved state.

Skipped without TEST_DATABASE_URL (CI sets it).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from pathlib import Path

from rules import rng
from rules.registry import GAMES
from table.service import MatchService
from tests.fakediscord import FakeDiscord
from tests.fakediscord.faults import MESSAGE_CREATE
from tests.support.backends import TEST_DATABASE_URL, Place, needs_postgres
from tests.support.bot_process import BotProcess

pytestmark = needs_postgres

LEASE = 2.0  # seconds; the survivor takes over a dead process's claims after this
TABLES_PER_SERVER = 2


async def wait_for(condition, seconds: float = 30.0) -> None:
    """Poll the database (the bots run on the system clock, in other processes)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if await condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"not reached within {seconds} s: {condition.__doc__}")


async def test_two_shard_processes_on_one_postgresql_double_and_lose_nothing(
    tmp_path: Path,
) -> None:
    place = Place("postgresql", tmp_path)
    store = await place.open()  # makes the schema and migrates it, as a deployment would
    view = MatchService(store, GAMES)
    url = f"{TEST_DATABASE_URL}?search_path={place.schema}"
    env = {"LEASE_SECONDS": str(LEASE)}
    try:
        async with FakeDiscord(quiet=0.02) as fake:
            servers = [
                fake.add_guild("Harbour", ("t0", "t1"), shard=(0, 2)),
                fake.add_guild("Lighthouse", ("t0", "t1"), shard=(1, 2)),
            ]
            people = [fake.add_member(name) for name in ("ann", "ben", "cat", "dan")]
            first = BotProcess(fake, None, shard_count=2, shard_ids=[0], database_url=url, env=env)
            second = BotProcess(fake, None, shard_count=2, shard_ids=[1], database_url=url, env=env)
            async with first, second:
                # -- players in both shards' servers -------------------------------------
                tables = []  # (channel, players)
                for index, server in enumerate(servers):
                    for name in ("t0", "t1"):
                        channel = fake.channel(name, guild=server)
                        pair = people[2 * index : 2 * index + 2]
                        await fake.slash(pair[0], channel, "tokan new", clock="12h")
                        lobby = fake.messages(channel)[-1]
                        await fake.click(pair[1], lobby, lobby.custom_ids()[0])
                        started = await fake.slash(pair[0], channel, "tokan start")
                        assert "started" in started.content, started.content
                        tables.append((channel, pair))
                draw = rng.stream(14, "two processes")

                async def move(channel, players):
                    match = await view.current(channel.id, "tokan")
                    seat = match.game.to_act(match.state)[0]
                    user = next(p for p in players if p.id == match.user_at(seat))
                    text = match.game.format(
                        match.state, match.game.playout_move(match.state, seat, draw)
                    )
                    return await fake.slash(user, channel, "tokan move", move=text)

                for _ in range(3):
                    await asyncio.gather(*(move(c, p) for c, p in tables))

                # -- deadlines due at once, racing the players' moves ----------------------
                async with store._transaction() as tx:
                    due = await tx.execute(
                        "UPDATE timers SET due_at = ? WHERE kind = 'deadline'"
                        " AND status = 'pending'",
                        (time.time() - 1,),
                    )
                assert due == len(tables)
                # One table of each server races its deadline with a move; the others leave
                # theirs to the turn clocks of both processes, which claim the rows at once.
                await asyncio.gather(*(move(c, p) for c, p in (tables[0], tables[3])))

                async def deadlines_handled() -> bool:
                    """every deadline that fell due was carried out or dropped"""
                    rows = await store._read(
                        "SELECT COUNT(*) FROM timers WHERE kind = 'deadline'"
                        " AND status = 'pending' AND due_at < ?",
                        (time.time() - 0.5,),
                    )
                    return rows[0][0] == 0

                await wait_for(deadlines_handled)

                # -- shard 1's process dies mid-move: saved, not yet posted ----------------
                channel, players = tables[2]  # a table of Lighthouse, shard 1's server
                assert fake.shard_of(servers[1], 2) == 1
                await wait_for(outbox_drained(store))
                before = await view.current(channel.id, "tokan")
                fault = fake.faults.kill_on("POST", MESSAGE_CREATE, 1, second.pid_getter)
                answer = await move(channel, players)
                assert fault.killed, ("the kill was armed on the board post", answer.content)
                assert await second.wait_exit() == -9
                fake.faults.clear()
                after = await view.current(channel.id, "tokan")
                assert after.version > before.version, "the move was saved before the kill"
                # The survivor, running shard 0 only, posts what the dead process held (shard
                # 1 has no process until the restart below).
                await wait_for(outbox_drained(store), seconds=LEASE + 20)
                await fake.settle()
                assert not second.running

                # -- shard 1 comes back, and its players go on -------------------------------
                await second.start()
                await move(channel, players)
                await wait_for(outbox_drained(store))
                await fake.settle()

            # -- nothing doubled, nothing lost ----------------------------------------------
            timeouts = Counter()
            for channel, _ in tables:
                match = await view.latest(channel.id)
                timeouts[channel.id] = sum(
                    e.payload.get("event") == "timeout" for e in await store.outbox(match.id)
                )
            assert timeouts[tables[1][0].id] == timeouts[tables[2][0].id] == 1, timeouts
            instance = store.instance
            posts = Counter(m.nonce for m in fake.posts() if m.nonce)
            for channel, _ in tables:
                match = await view.latest(channel.id)
                assert match is not None
                entries = await store.outbox(match.id)
                assert entries and all(e.status == "sent" for e in entries), [
                    (e.id, e.status, e.last_error) for e in entries if e.status != "sent"
                ]
                for entry in entries:  # each announcement in Discord exactly once
                    # A lobby change edits the lobby's one message: it posts nothing of its own.
                    edits = entry.payload.get("event") in ("joined", "left")
                    assert posts[f"tt{instance}{entry.id}"] == (0 if edits else 1), entry
                log = await store.moves(match.id)
                versions = [m.version for m in log]
                assert versions == list(range(versions[0], versions[-1] + 1)), "no gap"
                replayed = await view.replay(match.id)
                assert match.game.dump_state(replayed) == match.game.dump_state(match.state)
                # A move post tells one move (and the forced ones after it); a timeout post
                # tells the moves the table played for the seat (and the forced ones).
                told = 0
                for entry in entries:
                    event = entry.payload.get("event")
                    if event == "move":
                        told += 1 + len(entry.payload.get("forced", ()))
                    elif event == "timeout":
                        told += len(entry.payload["moves"]) + len(entry.payload.get("forced", ()))
                assert told == len(log), "every saved move announced once"
            assert not fake.errors
    finally:
        await place.close()


def outbox_drained(store):
    async def drained() -> bool:
        """every outbox entry went out"""
        return all(e.status != "pending" for e in await store.outbox())

    return drained
