"""The real bot in a separate OS process against the stand-in: SIGKILL, restart, play on.

The stand-in runs here; the bot runs as ``python -m tests.support.bot_process`` on a SQLite
file this test reads through its own Store. A kill is a real SIGKILL: no ``close()``, no
flush, the gateway socket dropped by the kernel. The restarted process IDENTIFYs afresh.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from rules import rng
from table.match import Match
from tests.e2e.driver import Table, open_match, play_one
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.faults import MESSAGE_CREATE, KillPoint, kill_points
from tests.support.bot_process import BotProcess
from tests.support.db_view import reading


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet=0.02) as stand_in:
        yield stand_in


@pytest.fixture
def players(fake: FakeDiscord) -> list[FakeUser]:
    return [fake.add_member("alice"), fake.add_member("bob")]


def a_legal_move(match: Match) -> tuple[int, str]:
    """The user on turn and the text of their first legal move."""
    (user_id,) = match.to_act()
    seat = match.seat_of(user_id)
    assert seat is not None
    return user_id, match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])


async def test_a_killed_bot_process_restarts_on_its_database_and_plays_on(
    fake: FakeDiscord, players: list[FakeUser], tmp_path: Path
) -> None:
    channel = fake.channel("games")
    draw = rng.stream(4, "crash")
    hooks = ["tests.support.bot_hooks:announce_start"]
    async with (
        BotProcess(fake, tmp_path / "bot.sqlite3", hooks=hooks) as bot,
        reading(bot.database) as view,
    ):
        table = await open_match(fake, view, "tokan", channel, players)  # type: ignore[arg-type]
        for _ in range(3):
            await play_one(table, draw)
        before = await table.match()
        first_pid = bot.pid

        assert await bot.kill() == -9
        user_id, text = a_legal_move(before)
        lost = await fake.slash(table.user(user_id), channel, "tokan move", move=text)
        assert lost.undelivered and lost.type is None  # nobody was there to receive it

        await bot.start()
        assert bot.pid != first_pid and len(fake.gateway.sessions) == 2
        after = await table.match()
        assert (after.version, after.state) == (before.version, before.state)
        for _ in range(3):
            await play_one(table, draw)

        final = await table.match()
        assert final.version == before.version + 3
        log = await view.service.store.moves(final.id)
        versions = [entry.version for entry in log]
        assert versions == list(range(versions[0], final.version + 1))  # no gap, no repeat
        replayed = await view.service.replay(final.id)
        assert final.game.dump_state(replayed) == final.game.dump_state(final.state)
        ups = [m.content for m in fake.messages(fake.channel("other"), "is up")]
        assert ups == [f"bot process {first_pid} is up", f"bot process {bot.pid} is up"]
    assert bot.exit_codes == [-9, -9]


async def test_kill_points_recorded_from_a_move_fire_at_that_request(
    fake: FakeDiscord, players: list[FakeUser], tmp_path: Path
) -> None:
    channel = fake.channel("games")
    async with BotProcess(fake, tmp_path / "bot.sqlite3") as bot, reading(bot.database) as view:
        table: Table = await open_match(fake, view, "tokan", channel, players)  # type: ignore[arg-type]
        # Record the requests of one move sent as the kill tests send it (no autocomplete).
        mark = len(fake.requests)
        user_id, text = a_legal_move(await table.match())
        done = await fake.slash(table.user(user_id), channel, "tokan move", move=text)
        assert done.content.startswith("Done"), done.content
        points = kill_points(fake.requests[mark:])
        # A move acknowledges, posts the board and answers privately: each is a point.
        assert KillPoint("POST", MESSAGE_CREATE, 1, False) in points
        assert {p.path for p in points} >= {MESSAGE_CREATE, r"/interactions/\d+/[^/]+/callback"}

        # One point drawn from a seeded stream, and dying just before the board post.
        draw = rng.stream(7, "kill points")
        chosen = [points[rng.below(draw, len(points))]]
        chosen.append(KillPoint("POST", MESSAGE_CREATE, 1, False))
        for point in chosen:
            match = await table.match()
            posted = len(fake.messages(channel))
            fault = point.arm(fake.faults, bot.pid_getter)
            user_id, text = a_legal_move(match)
            pid = bot.pid
            result = await fake.slash(table.user(user_id), channel, "tokan move", move=text)
            assert await bot.wait_exit() == -9, point
            assert fault.killed == [pid], point
            # Unless it died after the last answer went out, no "Done" reached the player.
            assert result.lost_bot or (result.content or "").startswith("Done"), point
            if point == KillPoint("POST", MESSAGE_CREATE, 1, False):
                assert len(fake.messages(channel)) == posted  # died before the board
            await bot.start()
            # The new process serves the match as the database has it.
            match = await table.match()
            user_id, text = a_legal_move(match)
            done = await fake.slash(table.user(user_id), channel, "tokan move", move=text)
            assert done.ephemeral and done.content.startswith("Done"), done.content
            assert (await table.match()).version == match.version + 1
    assert bot.exit_codes == [-9] * (len(chosen) + 1)


async def test_two_bot_processes_on_different_shards_share_one_stand_in(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """Shard 0 and shard 1 run in two processes (each on its own SQLite file here: sharing one
    database is PostgreSQL's part). Each receives only its own server's commands; killing one
    leaves the other serving, and a restart takes its shard back."""
    harbour = fake.add_guild("Harbour", shard=(0, 2))
    lighthouse = fake.add_guild("Lighthouse", shard=(1, 2))
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    carol, dave = fake.add_member("carol"), fake.add_member("dave")
    first = BotProcess(fake, tmp_path / "first.sqlite3", shard_count=2, shard_ids=[0])
    second = BotProcess(fake, tmp_path / "second.sqlite3", shard_count=2, shard_ids=[1])
    try:
        await asyncio.gather(first.start(), second.start())  # both at once, as a deploy would
        assert [s.shard for s in first.sessions] == [(0, 2)]
        assert [s.shard for s in second.sessions] == [(1, 2)]
        draw = rng.stream(9, "two processes")
        async with reading(first.database) as zero, reading(second.database) as one:  # type: ignore[arg-type]
            here, there = (fake.channel("games", guild=g) for g in (harbour, lighthouse))
            ours = await open_match(fake, zero, "tokan", here, [alice, bob])  # type: ignore[arg-type]
            theirs = await open_match(fake, one, "tokan", there, [carol, dave])  # type: ignore[arg-type]
            for table in (ours, theirs):
                await play_one(table, draw)
            assert {s.shard for s in fake.gateway.live} == {(0, 2), (1, 2)}

            assert await second.kill() == -9
            assert first.running and [s.shard for s in fake.gateway.live] == [(0, 2)]
            user_id, text = a_legal_move(await theirs.match())
            lost = await fake.slash(theirs.user(user_id), there, "tokan move", move=text)
            assert lost.undelivered  # shard 1 has nobody: its server's commands fail
            await play_one(ours, draw)  # shard 0 serves on

            await second.start()
            await play_one(theirs, draw)
            assert (await theirs.match()).version == (await ours.match()).version
        assert not fake.errors and not fake.unknown_routes
    finally:
        await asyncio.gather(first.stop(), second.stop())
    assert first.exit_codes == [-9] and second.exit_codes == [-9, -9]
