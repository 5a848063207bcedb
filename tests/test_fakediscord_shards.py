"""Sharding in the stand-in, proven with discord.py's own AutoShardedBot.

Discord sends each gateway session only the events of its shard's guilds (a guild belongs to
shard ``(guild_id >> 22) % count``), DMs to shard 0, and answers REST from anyone. These tests
run one bot with both of two shards, and two bots with one shard each (as two processes would),
against one stand-in.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from discord.ext import commands

from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.gateway import INVALID_SHARD


class ShardBot(commands.AutoShardedBot):
    """A tiny sharded bot: `/where` answers with the bot's name and the guild's shard, and
    every interaction it handles is noted in `handled` as (guild id, shard id of the guild)."""

    def __init__(
        self, name: str, shard_count: int | None = None, shard_ids: list[int] | None = None
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            shard_count=shard_count,
            shard_ids=shard_ids,
        )
        self.name = name
        self.handled: list[tuple[int | None, int | None]] = []

        @self.tree.command(name="where", description="Which bot and shard answer here")
        async def where(interaction: discord.Interaction) -> None:
            guild = interaction.guild
            shard = guild.shard_id if guild is not None else None
            self.handled.append((interaction.guild_id, shard))
            await interaction.response.send_message(f"{self.name} shard {shard}")

    async def setup_hook(self) -> None:
        await self.tree.sync()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet=0.02) as stand_in:
        stand_in.add_member("alice")
        yield stand_in


@pytest.fixture
def guilds(fake: FakeDiscord) -> tuple[int, int]:
    """Two further guilds: one in shard 0 of 2, one in shard 1 of 2."""
    return (
        fake.add_guild("Harbour", shard=(0, 2)),
        fake.add_guild("Lighthouse", shard=(1, 2)),
    )


def alice(fake: FakeDiscord) -> FakeUser:
    return fake.member("alice")


async def test_gateway_bot_recommends_a_shard_count_that_the_bot_follows(
    fake: FakeDiscord, guilds: tuple[int, int]
) -> None:
    async with (
        aiohttp.ClientSession() as http,
        http.get(fake.url + "/api/v10/gateway/bot") as answer,
    ):
        body = await answer.json()
    assert body["shards"] == 1 and body["url"] == fake.gateway_url  # three guilds: one shard
    fake.recommended_shards = 2
    async with fake.running(ShardBot("auto")) as bot:  # no shard count: asks /gateway/bot
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        assert sorted(s.shard for s in fake.gateway.live) == [(0, 2), (1, 2)]


async def test_each_shard_receives_only_its_guilds_and_dms_go_to_shard_0(
    fake: FakeDiscord, guilds: tuple[int, int]
) -> None:
    zero, one = guilds
    async with fake.running(ShardBot("both", shard_count=2)) as bot:
        sessions = {s.shard[0]: s for s in fake.gateway.live}
        assert sorted(sessions) == [0, 1] and all(s.shard[1] == 2 for s in sessions.values())
        everything = [fake.guild_id, zero, one]
        for shard_id, session in sessions.items():
            created = [g for event, g in session.routed if event == "GUILD_CREATE"]
            mine = [g for g in everything if fake.shard_of(g, 2) == shard_id]
            assert created == mine
            assert (zero if shard_id == 0 else one) in created
        # The bot knows every guild, each from its own shard.
        for guild_id in everything:
            guild = bot.get_guild(guild_id)
            assert guild is not None and guild.shard_id == fake.shard_of(guild_id, 2)

        for guild_id, shard_id in ((zero, 0), (one, 1)):
            channel = fake.channel("games", guild=guild_id)
            result = await fake.slash(alice(fake), channel, "where")
            assert result.content == f"both shard {shard_id}"
            assert result.session is sessions[shard_id]
        dm = await fake.slash(alice(fake), fake.dm_channel(alice(fake)), "where")
        assert dm.content == "both shard None" and dm.session is sessions[0]
        interactions = {
            shard_id: [g for event, g in s.routed if event == "INTERACTION_CREATE"]
            for shard_id, s in sessions.items()
        }
        assert interactions == {0: [zero, None], 1: [one]}

        # Other guild events follow the guild too: a thread in shard 1's guild reaches shard 1.
        lighthouse = fake.channel("games", guild=one)
        parent = bot.get_channel(lighthouse.id)
        assert isinstance(parent, discord.TextChannel)
        await parent.create_thread(name="t", type=discord.ChannelType.public_thread)
        assert ("THREAD_CREATE", one) in sessions[1].routed
        assert all(event != "THREAD_CREATE" for event, _ in sessions[0].routed)
        assert not fake.unknown_routes and not fake.errors


async def test_two_bots_on_different_shards_split_the_guilds_and_share_rest(
    fake: FakeDiscord, guilds: tuple[int, int]
) -> None:
    zero, one = guilds
    first, second = ShardBot("first", 2, [0]), ShardBot("second", 2, [1])
    async with fake.running(first), fake.running(second):
        assert {s.shard for s in fake.gateway.live} == {(0, 2), (1, 2)}
        # Each process holds only its own shard's guilds in its cache.
        assert first.get_guild(zero) is not None and first.get_guild(one) is None
        assert second.get_guild(one) is not None and second.get_guild(zero) is None

        harbour, lighthouse = (fake.channel("games", guild=g) for g in guilds)
        assert (await fake.slash(alice(fake), lighthouse, "where")).content == "second shard 1"
        assert (await fake.slash(alice(fake), harbour, "where")).content == "first shard 0"
        dm = await fake.slash(alice(fake), fake.dm_channel(alice(fake)), "where")
        assert dm.content == "first shard None"
        assert first.handled == [(zero, 0), (None, None)] and second.handled == [(one, 1)]

        # REST is not sharded: the first bot posts in, and reads, the second one's guild.
        await first.get_partial_messageable(lighthouse.id).send("from shard 0")
        assert fake.messages(lighthouse)[-1].content == "from shard 0"
        fetched = await first.fetch_channel(lighthouse.id)
        assert fetched.guild.id == one and getattr(fetched, "name", None) == "games"
        assert (await first.fetch_guild(one)).name == "Lighthouse"
        assert not fake.unknown_routes and not fake.errors


async def test_a_guild_whose_shard_nobody_runs_gets_no_events(
    fake: FakeDiscord, guilds: tuple[int, int]
) -> None:
    zero, one = guilds
    async with fake.running(ShardBot("half", 2, [0])) as bot:
        lost = await fake.slash(alice(fake), fake.channel("games", guild=one), "where")
        assert lost.undelivered and lost.expired  # "This interaction failed", as on Discord
        answered = await fake.slash(alice(fake), fake.channel("games", guild=zero), "where")
        assert answered.content == "half shard 0"
        assert bot.handled == [(zero, 0)]


async def test_an_invalid_shard_is_closed_with_4010(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10
        identify = {"token": "fake-token", "intents": 1, "properties": {}, "shard": [2, 2]}
        await ws.send_str(json.dumps({"op": 2, "d": identify}))
        closed = await ws.receive()
        assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == INVALID_SHARD
    assert fake.gateway.sessions == []
