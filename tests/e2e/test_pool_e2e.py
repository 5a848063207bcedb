"""The computer players' worker processes live and die with the bot.

The real bot runs as its own OS process against the stand-in (tests/support/bot_process.py); a
match of one person and three hard computer players starts, and while a computer seat thinks in
the pool the bot is SIGKILLed: nothing runs its pool's shutdown. Every process of that pool,
the workers and multiprocessing's resource tracker, must end with it (a worker left waiting on
its queue holds its memory for ever: 75 MiB per crash, 1.4 GiB after a campaign of them). The
restarted bot starts a pool of its own, and its computer seats play on.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from rules import rng
from tests.fakediscord import FakeDiscord
from tests.support.bot_process import BotProcess
from tests.support.db_view import reading
from tests.support.processes import pool_of, reap, survivors


async def test_a_sigkilled_bot_leaves_no_pool_process_and_a_restart_starts_a_fresh_pool(
    tmp_path: Path,
) -> None:
    database = tmp_path / "bot.sqlite3"
    async with (
        FakeDiscord(quiet=0.02) as fake,
        BotProcess(fake, database) as bot,
        reading(database) as view,
    ):
        alice = fake.add_member("alice")
        channel = fake.channel("games")
        created = await fake.slash(alice, channel, "tonari new", bots=3, level="hard")
        assert "is open" in created.content, created.content
        started = await fake.slash(alice, channel, "tonari start")
        assert "started" in started.content, started.content
        match = await view.service.current(channel.id, "tonari")
        if alice.id in match.to_act():  # she opens: her move hands the turn to a computer
            seat = match.seat_of(alice.id)
            move = match.game.playout_move(match.state, seat, rng.stream(1, "pool"))
            text = match.game.format(match.state, move)
            answer = await fake.slash(alice, channel, "tonari move", move=text)
            assert answer.content.startswith("Done"), answer.content

        first = bot.pid
        assert first is not None
        pool = await pool_of(first)  # a computer seat thinks in a worker now
        assert any(p.tracker for p in pool), pool
        try:
            await bot.kill()
            left = await survivors(pool)
        finally:
            reap(pool)
        assert not left, f"the killed bot's pool lives on: {left}"

        await bot.start()
        second = bot.pid
        assert second is not None and second != first
        fresh = await pool_of(second)  # the restarted bot thinks in a pool of its own
        assert not {p.pid for p in fresh} & {p.pid for p in pool}
        version = (await view.service.by_id(match.id)).version
        for _ in range(3000):  # the computer seats play on (each thinks for up to 2 s)
            if (await view.service.by_id(match.id)).version > version:
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("the computer seats did not play after the restart")
        try:
            await bot.kill()
            left = await survivors(fresh)
        finally:
            reap(fresh)
        assert not left, f"the restarted bot's pool lives on: {left}"
