"""The bot sharded, end to end: AutoShardedBot with two shards against the stand-in, on SQLite.

Each shard's gateway session receives only its own servers' events (the stand-in routes as
Discord does), so a command in a server reaches the bot over that server's shard, while every
post goes out over REST, once. A process that runs only some of the shards still announces and
lists matches of the other shards' servers: their names come over REST, not from its cache.
"""

from __future__ import annotations

import re

from data.clock import ManualClock
from rules import rng
from table.turnclock import HOUR
from tests.e2e.driver import drain, open_match, play_one


async def test_players_in_two_shards_servers_play_and_every_post_goes_out_once(fake, make_bot):
    harbour = fake.add_guild("Harbour", shard=(0, 2))
    lighthouse = fake.add_guild("Lighthouse", shard=(1, 2))
    alice, bob, carol, dave = (fake.add_member(n) for n in ("alice", "bob", "carol", "dave"))
    async with fake.running(make_bot(shard_count=2)) as bot:
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        sessions = {s.shard: s for s in fake.gateway.live}
        assert sorted(sessions) == [(0, 2), (1, 2)]
        channels = [fake.channel("games", guild=g) for g in (harbour, lighthouse)]
        tables = [
            await open_match(fake, bot, "tokan", channels[0], [alice, bob]),
            await open_match(fake, bot, "tokan", channels[1], [carol, dave]),
        ]
        draw = rng.stream(11, "shards")
        for _ in range(4):  # turn about, so both shards carry commands at once in the run
            for table in tables:
                await play_one(table, draw)  # asserts one board post per move

        # Every command of a server came over that server's shard, and only there.
        for shard, session in sessions.items():
            guilds = {g for event, g in session.routed if event == "INTERACTION_CREATE"}
            assert guilds == {(harbour, lighthouse)[shard[0]]}, (shard, guilds)
        for table, guild in zip(tables, (harbour, lighthouse), strict=True):
            match = await table.match()
            assert match.row.guild_id == guild and match.version >= 4
            posts = fake.messages(table.channel)
            # Each announcement once: nonces are unique, none was sent twice, nothing is owed.
            nonces = [m.nonce for m in posts if m.nonce is not None]
            assert nonces and len(nonces) == len(set(nonces))
            assert all(m.nonce_repeats == 0 for m in posts)
            boards = [m for m in posts if m.attachments]
            assert len(boards) == 1 + 4  # the start, then one per move
        other = {harbour: lighthouse, lighthouse: harbour}
        for table, guild in zip(tables, (harbour, lighthouse), strict=True):
            # Nothing of one server was said in the other's channel.
            there = fake.channel("games", guild=other[guild])
            assert not fake.messages(there, f"match #{table.match_id}\\b")
        assert not await bot.store.due_entries(bot.clock.now())  # type: ignore[union-attr]
        assert not fake.errors and not fake.unknown_routes


async def test_a_process_of_shard_0_serves_a_match_of_shard_1s_server(fake, make_bot):
    lighthouse = fake.add_guild("Lighthouse", channels=("tables",), shard=(1, 2))
    carol = fake.add_member("carol", nick="Captain Carol")
    dave = fake.add_member("dave", nick="Deckhand Dave")
    clock = ManualClock()
    channel = fake.channel("tables", guild=lighthouse)
    async with fake.running(make_bot(clock=clock, shard_count=2)) as bot:
        table = await open_match(fake, bot, "tokan", channel, [carol, dave], clock="12h")
        await play_one(table, rng.stream(2, "shard-0"))

    # Another process, running shard 0 alone, on the same database: the match's server is
    # not in its cache, yet what it owes that match goes out, with the right names.
    async with fake.running(make_bot(clock=clock, shard_count=2, shard_ids=[0])) as bot:
        assert bot.shards.keys() == {0} and bot.get_guild(lighthouse) is None
        assert bot.get_channel(channel.id) is None
        assert [s.shard for s in fake.gateway.live] == [(0, 2)]
        match = await bot.service.by_id(table.match_id)
        (on_turn,) = match.to_act()
        player = carol if on_turn == carol.id else dave

        # `/tidetable mine` in a DM (shard 0 receives DMs) names the server and the channel.
        answer = await fake.slash(player, fake.dm_channel(player), "tidetable mine")
        assert "Lighthouse, [#tables]" in answer.content, answer.content
        # A reminder DM at half time names the server (fetched over REST).
        clock.advance(6 * HOUR + 1)
        await drain(bot, fake)
        (reminder,) = fake.dms(player, "Half of your time")
        assert "**Lighthouse**" in reminder.content, reminder.content
        # The time runs out: the post lands in shard 1's server, once, with the server
        # nicknames in the picture's alt text.
        clock.advance(6 * HOUR)
        await drain(bot, fake)
        (timeout,) = fake.messages(channel, "Time ran out")
        assert player.mention in timeout.content
        board = next(m for m in reversed(fake.messages(channel)) if m.attachments)
        described = " ".join(a.description or "" for a in board.stored_attachments)
        assert "Captain Carol" in described and "Deckhand Dave" in described, described
        assert not await bot.store.due_entries(clock.now())  # type: ignore[union-attr]
        assert re.search(r"GET /api/v10/guilds/\d+/members/\d+", "\n".join(fake.requests))
        assert not fake.errors and not fake.unknown_routes
