"""A backup taken while the real bot plays (against the Discord stand-in), restored with the
bot stopped: a new bot plays the match on from the backup's position to its end."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import rng
from tests.e2e.driver import open_match, play_one, play_to_end
from tools.backup import backup
from tools.restore import restore

GAME = "tokan"


@pytest.fixture
def players(fake):
    return [fake.add_member("alice"), fake.add_member("bob")]


async def test_a_backup_taken_while_the_real_bot_plays_is_restored_and_played_on(
    fake, make_bot, players, tmp_path: Path
):
    database, copy = tmp_path / "e2e.sqlite3", tmp_path / "copy.sqlite3"
    draw = rng.stream(7, "backup")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, GAME, channel, players)
        for _ in range(3):
            await play_one(table, draw)
        at_backup = (await table.match()).version
        backup(database, copy)  # while the bot runs
        for _ in range(2):
            await play_one(table, draw)
    restore(copy, database)  # the bot stopped
    async with fake.running(make_bot()) as bot:
        table.bot = bot
        assert (await table.match()).version == at_backup
        match = await play_to_end(table, seed=11)
        assert match.status == "finished"
        replayed = await bot.service.replay(match.id)
        assert match.game.dump_state(replayed) == match.game.dump_state(match.state)
        assert not fake.errors
