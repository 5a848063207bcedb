"""Boards drawn in worker processes, as the real bot draws them (RENDER_WORKERS; the rest of the
suite draws in a thread): the board of a move is posted as usual; a worker that dies under a
board costs a retry by the outbox, never the board; a bot killed outright leaves no worker.
"""

from __future__ import annotations

import asyncio
import functools
import os
import re
from collections.abc import Callable
from pathlib import Path

from cogs.pictures import configure
from data.clock import ManualClock
from tests.e2e.driver import assert_png, open_match
from tests.fakediscord import FakeDiscord
from tests.support.bot_process import BotProcess
from tests.support.picture_work import dies_once
from tests.support.processes import children, reap, survivors


async def until(condition: Callable[[], object], loops: int = 1000) -> None:
    """Let the bot work until ``condition`` holds (bounded: a count of yields, not a time)."""
    for _ in range(loops):
        held = condition()
        if asyncio.iscoroutine(held):
            held = await held
        if held:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bot never got there")


def boards(fake: FakeDiscord, channel: object) -> list:  # type: ignore[type-arg]
    return [m for m in fake.messages(channel) if m.attachments]  # type: ignore[arg-type]


async def test_boards_come_from_a_worker_and_one_that_dies_costs_a_retry_not_the_board(
    fake, make_bot, tmp_path: Path
) -> None:
    clock = ManualClock()
    players = [fake.add_member(name) for name in ("alice", "bob")]
    try:
        async with fake.running(make_bot(clock=clock, render_workers=1)) as bot:
            channel = fake.channel("games")
            table = await open_match(fake, bot, "tokan", channel, players)  # its board: drawn
            assert bot.pictures is not None
            (worker,) = bot.pictures.pids()
            assert any(p.pid == worker and p.worker for p in children(os.getpid()))

            # The next board's worker dies under it: the move is saved and said so, the
            # outbox tries the board again, and it is posted once.
            configure(1, work=functools.partial(dies_once, str(tmp_path / "died")))
            match = await table.match()
            (user_id,) = match.to_act()
            seat = match.seat_of(user_id)
            text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
            shown = len(boards(fake, channel))
            said = await fake.slash(table.user(user_id), channel, "tokan move", move=text)
            assert said.content.startswith(f"Done: `{text}`"), said.content
            assert (tmp_path / "died").exists(), "the board's worker died under it"
            assert (await table.match()).version == match.version + 1
            clock.advance(60)  # the outbox's backoff passes

            async def all_sent() -> bool:
                entries = await bot.service.store.outbox(match.id)
                return all(e.status == "sent" for e in entries)

            await until(all_sent)
            await fake.settle()
            posted = boards(fake, channel)
            assert len(posted) == shown + 1, "the board is posted exactly once"
            assert_png(posted[-1].attachments)
    finally:
        configure(0)  # the rest of the suite draws in a thread


async def test_a_killed_bot_leaves_no_picture_worker(tmp_path: Path) -> None:
    async with (
        FakeDiscord(quiet=0.02) as fake,
        BotProcess(fake, tmp_path / "bot.sqlite3", env={"RENDER_WORKERS": "1"}) as bot,
    ):
        alice, bob = fake.add_member("alice"), fake.add_member("bob")
        channel = fake.channel("games")
        created = await fake.slash(alice, channel, "tokan new")
        assert "is open" in created.content, created.content
        lobby = fake.messages(channel)[-1]
        found = re.search(r"match #(\d+)", lobby.content)
        assert found is not None, lobby.content
        joined = await fake.click(bob, lobby, f"tt:join:{found.group(1)}")
        assert "You joined" in joined.content, joined.content
        started = await fake.slash(alice, channel, "tokan start")
        assert "started" in started.content, started.content
        assert_png(boards(fake, channel)[-1].attachments)  # drawn by the bot's worker
        assert bot.pid is not None
        workers = [p for p in children(bot.pid) if p.worker or p.tracker]
        assert any(p.worker for p in workers), "the board was drawn in a worker process"
        try:
            await bot.kill()
            left = await survivors(workers)
        finally:
            reap(workers)
        assert not left, f"the killed bot's picture workers live on: {left}"
