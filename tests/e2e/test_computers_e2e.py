"""One person against computer players, in every game, from `new` to the final post, through
the real discord.py client and the Discord stand-in. The computer seats think in worker
processes and play through the same service path as a person (checked, saved, announced)."""

from __future__ import annotations

import asyncio

import pytest

from rules import rng
from tests.e2e.driver import Table, play_one

GAMES = (("tokan", 2), ("tonari", 3), ("fishing", 4), ("toshi", 3), ("tonga", 4))


@pytest.mark.parametrize(("key", "players"), GAMES)
async def test_one_person_plays_a_whole_match_against_computers(
    fake, make_bot, key, players
):
    alice = fake.add_member("alice")
    async with fake.running(make_bot(computer_pause=0.0)) as bot:
        channel = fake.channel("games")
        created = await fake.slash(alice, channel, f"{key} new")
        assert "is open" in created.content
        # Easy seats keep the suite quick; TOKAN's single computer seat searches (normal).
        levels = ("normal",) if players == 2 else ("easy",) * (players - 1)
        for level in levels:
            added = await fake.slash(alice, channel, f"{key} addbot", level=level)
            assert added.ephemeral and f"A {level} computer player joined" in added.content
        lobby = fake.messages(channel)[-1].content
        assert f"Bot ({levels[0]})" in lobby and "<@-" not in lobby
        started = await fake.slash(alice, channel, f"{key} start")
        assert "started" in started.content, started.content
        match = await bot.service.current(channel.id, key)
        table = Table(fake, bot, channel, key, [alice], match.id)
        draw = rng.stream(7, key)
        for _ in range(20000):  # a bound on waiting, counted in turns of the loop, not seconds
            match = await table.match()
            if match.status != "active":
                break
            if alice.id in match.to_act():
                await play_one(table, draw, only=alice.id)
            else:  # a computer seat is thinking: let the bot work
                await asyncio.sleep(0.01)
        assert match.status == "finished"
        for _ in range(500):  # the last computer move's post goes out through the outbox
            if all(e.status != "pending" for e in await bot.service.store.outbox(match.id)):
                break
            await asyncio.sleep(0.01)
        await fake.settle()
        texts = [m.content for m in fake.messages(channel)]
        assert sum("Game over" in t for t in texts) == 1
        assert all("<@-" not in t for t in fake.all_public_text().splitlines())
        log = await bot.service.store.moves(match.id)
        computer_moves = [m for m in log if m.seat is not None and match.user_at(m.seat) < 0]
        assert computer_moves, "the computer seats played"
        replayed = await bot.service.replay(match.id)
        assert match.game.dump_state(replayed) == match.game.dump_state(match.state)


async def test_only_the_creator_seats_computers_and_leave_takes_one_away(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(computer_pause=0.0)) as bot:
        channel = fake.channel("games")
        await fake.slash(alice, channel, "tonari new")
        refused = await fake.slash(bob, channel, "tonari addbot", level="hard")
        assert refused.ephemeral and "Only <@" in refused.content
        await fake.slash(alice, channel, "tonari addbot", level="hard")
        await fake.slash(alice, channel, "tonari addbot", level="easy")
        match = await bot.service.current(channel.id, "tonari")
        assert match.players[1:] == (-301, -102)
        left = await fake.slash(alice, channel, "tonari leave")
        assert left.ephemeral and "left" in left.content
        match = await bot.service.current(channel.id, "tonari")
        assert match.players == (alice.id, -301)
