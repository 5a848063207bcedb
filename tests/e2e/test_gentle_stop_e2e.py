"""A gentle stop (SIGTERM, SIGINT): nothing new is taken, what is under way finishes, every
claim is given back and the bot closes, within 10 seconds.

In the bot's own process: a move under way while the stop begins is saved and answered, the
board post Discord never answered is given back unclaimed and posted once by the next start;
anything sent while the bot stops is answered "restarting" and changes nothing. With two
processes on one PostgreSQL database (a rolling restart): the process stopped gently exits 0
within 10 seconds, and the other delivers what it had claimed within a second, once.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections import Counter
from pathlib import Path

import pytest

from cogs.host import RESTARTING
from rules import rng
from rules.registry import GAMES
from table.service import MatchService
from tests.e2e.driver import open_match, play_one
from tests.fakediscord import FakeDiscord
from tests.fakediscord.faults import MESSAGE_CREATE
from tests.support.backends import TEST_DATABASE_URL, Place, needs_postgres
from tests.support.bot_process import BotProcess

STOP_WITHIN = 10.0  # seconds, the operator's promise
TAKEN_OVER_WITHIN = 1.0


@pytest.fixture
def players(fake):
    return [fake.add_member("alice"), fake.add_member("bob")]


async def until(condition, what: str, seconds: float = 15.0) -> None:
    """Look again on every turn of the loop, for at most ``seconds`` (never a sleep)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if await condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"not reached within {seconds} s: {what}")


async def test_a_stop_finishes_the_move_under_way_and_gives_its_post_back(
    fake, make_bot, players, tmp_path: Path
):
    draw = rng.stream(3, "stop")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        await play_one(table, draw)
        before = await table.match()
        # Discord hangs on the next board post: the move is saved, its post in flight.
        hold = fake.faults.hold("POST", MESSAGE_CREATE)
        (on_turn,) = before.to_act()
        seat = before.seat_of(on_turn)
        text = before.game.format(before.state, before.game.playout_move(before.state, seat, draw))
        moving = asyncio.create_task(
            fake.slash(table.user(on_turn), channel, "tokan move", move=text)
        )

        async def posting() -> bool:
            return hold.fired == 1

        await until(posting, "the board post reached Discord")
        started = time.monotonic()
        await bot.stop_gently()
        assert time.monotonic() - started < STOP_WITHIN
        answer = await moving  # the player was answered before the bot closed
        assert answer.ephemeral and "saved" in answer.content.lower(), answer.content
        # Nothing is left claimed by the stopped process: another takes it at once.
        with sqlite3.connect(tmp_path / "e2e.sqlite3") as db:  # the bot closed its own
            rows = db.execute("SELECT id, status, claimed_by FROM outbox ORDER BY id").fetchall()
        last = rows[-1]
        assert last[1] == "pending" and last[2] is None, rows
        hold.released.set()

    fake.faults.clear()
    async with fake.running(make_bot()) as bot:
        await until(_sent(bot), "the left-over post went out")
        await fake.settle()
        after = await bot.service.by_id(before.id)
        assert after.version == before.version + 1
        boards = [m for m in fake.messages(channel) if m.nonce]
        assert Counter(m.nonce for m in boards).most_common(1)[0][1] == 1  # none twice


async def test_what_arrives_while_the_bot_stops_changes_nothing(fake, make_bot, players):
    draw = rng.stream(4, "stop")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        await play_one(table, draw)
        before = await table.match()
        bot.stopping = True  # as the stop's first step does
        (on_turn,) = before.to_act()
        moved = await fake.slash(table.user(on_turn), channel, "tokan move", move="a1 up")
        assert moved.ephemeral and moved.content == RESTARTING
        left = await fake.slash(players[1], channel, "tokan resign")
        assert left.content == RESTARTING
        assert (await table.match()).version == before.version
        bot.stopping = False


def _sent(bot):
    async def sent() -> bool:
        return all(e.status == "sent" for e in await bot.store.outbox())

    return sent


@needs_postgres
async def test_a_rolling_restart_hands_the_stopped_process_work_over_at_once(tmp_path: Path):
    place = Place("postgresql", tmp_path)
    store = await place.open()
    view = MatchService(store, GAMES)
    url = f"{TEST_DATABASE_URL}?search_path={place.schema}"
    # A long lease: only the gentle stop can hand the claimed post over within a second.
    env = {"LEASE_SECONDS": "90"}
    try:
        async with FakeDiscord(quiet=0.02) as fake:
            harbour = fake.add_guild("Harbour", ("t0",), shard=(0, 2))
            fake.add_guild("Lighthouse", ("t0",), shard=(1, 2))
            ann, ben = fake.add_member("ann"), fake.add_member("ben")
            first = BotProcess(fake, None, shard_count=2, shard_ids=[0], database_url=url, env=env)
            second = BotProcess(fake, None, shard_count=2, shard_ids=[1], database_url=url, env=env)
            async with first:
                channel = fake.channel("t0", guild=harbour)
                await fake.slash(ann, channel, "tokan new", clock="12h")
                lobby = fake.messages(channel)[-1]
                await fake.click(ben, lobby, lobby.custom_ids()[0])
                started = await fake.slash(ann, channel, "tokan start")
                assert "started" in started.content, started.content
                match = await view.current(channel.id, "tokan")
                # Discord hangs on the next post; the deadline falls due: the first process
                # plays the timeout and claims its post, which it cannot deliver.
                hold = fake.faults.hold("POST", MESSAGE_CREATE)
                async with store._transaction() as tx:
                    due = await tx.execute(
                        "UPDATE timers SET due_at = ? WHERE kind = 'deadline' AND status = ?",
                        (time.time() - 1, "pending"),
                    )
                assert due == 1

                async def held() -> bool:
                    return hold.fired == 1

                await until(held, "the timeout's post reached Discord", seconds=20)
                (claimed,) = [e for e in await store.outbox(match.id) if e.status == "pending"]
                async with second:
                    stopping = time.monotonic()
                    code = await first.terminate()
                    stopped = time.monotonic()
                    assert code == 0, first.output
                    assert stopped - stopping < STOP_WITHIN

                    async def delivered() -> bool:
                        (entry,) = await store.entries([claimed.id])
                        return entry.status == "sent"

                    await until(delivered, "the other process posted it", seconds=5)
                    assert time.monotonic() - stopped < TAKEN_OVER_WITHIN
                    hold.released.set()
                    await fake.settle()
            # Nothing lost, nothing twice: every entry out once; the timeout played once.
            entries = await store.outbox(match.id)
            assert all(e.status == "sent" for e in entries), [(e.id, e.status) for e in entries]
            posts = Counter(m.nonce for m in fake.posts() if m.nonce)
            for entry in entries:
                # A lobby change edits the lobby's one message: it posts nothing of its own.
                if entry.kind == "post" and entry.payload.get("event") not in ("joined", "left"):
                    assert posts[f"tt{store.instance}{entry.id}"] == 1, entry
            timeouts = [e for e in entries if e.payload.get("event") == "timeout"]
            assert len(timeouts) == 1
            assert not fake.errors
    finally:
        await place.close()
