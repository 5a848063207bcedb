"""The stand-in enforces Discord's own limits on places and people, proven against a bare
discord.py client: an id that is no snowflake is refused, a deleted channel is gone (and the
bot told), a thread archives after its auto-archive duration on the stand-in's clock (and the
bot told), takes no command while archived, and reopens for a message or PATCH unless locked.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands

from tests.fakediscord import FakeDiscord


class Watcher(discord.Client):
    """A bot with the guilds intent only (no privileged one) that notes what it hears."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.heard: list[tuple[str, Any]] = []
        self.tree = app_commands.CommandTree(self)

        @self.tree.command(description="Pong")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        self.heard.append(("channel_delete", channel.id))

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        self.heard.append(("thread_delete", payload.thread_id))

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        archived = payload.data["thread_metadata"]["archived"]
        self.heard.append(("thread_update", (payload.thread_id, archived)))


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(ack_timeout=0.3) as stand_in:
        yield stand_in


async def heard(bot: Watcher, fake: FakeDiscord, count: int) -> list[tuple[str, Any]]:
    """What the bot heard once it heard ``count`` events (bounded turns of the loop)."""
    for _ in range(200):
        await fake.settle()
        if len(bot.heard) >= count:
            return bot.heard
        await asyncio.sleep(0.01)  # the event is on its way over the websocket
    raise AssertionError(f"heard {bot.heard}, wanted {count} events")


async def test_an_id_that_is_no_snowflake_is_refused_as_discord_does(fake):
    async with fake.running(Watcher()) as bot:
        for bad in (-101, 0):
            with pytest.raises(discord.HTTPException) as refused:
                await bot.fetch_user(bad)
            assert refused.value.status == 400 and refused.value.code == 50035
            assert "is not snowflake" in refused.value.text
        with pytest.raises(discord.NotFound) as unknown:
            await bot.fetch_user(123456789)
        assert unknown.value.code == 10013
        with pytest.raises(discord.HTTPException) as dm:
            await bot.create_dm(discord.Object(id=-102))
        assert dm.value.status == 400 and dm.value.code == 50035
        with pytest.raises(discord.HTTPException):
            await bot.http.get_member(fake.guild_id, -103)
    assert fake.count("GET", r"/users/-\d+") == 1 and fake.count("GET", r"/users/0") == 1


async def test_a_deleted_channel_is_gone_with_its_threads_and_the_bot_is_told(fake):
    games, other = fake.channel("games"), fake.channel("other")
    alice = fake.add_member("alice")
    async with fake.running(Watcher()) as bot:
        made = await bot.get_channel(games.id).create_thread(  # type: ignore[union-attr]
            name="match", type=discord.ChannelType.public_thread
        )
        await made.send("in the thread")
        thread = fake.channel("match")
        await fake.delete_channel(games)
        assert await heard(bot, fake, 2) == [
            ("channel_delete", games.id),
            ("thread_delete", thread.id),  # discord.py's, from its cache of the threads
        ]
        for gone in (games.id, thread.id):
            with pytest.raises(discord.NotFound) as refused:
                await bot.get_partial_messageable(gone).send("anyone?")
            assert refused.value.code == 10003
        assert fake.deleted_channels.keys() == {games.id, thread.id}
        with pytest.raises(KeyError):
            fake.channel("games")
        assert [m.content for m in fake.messages(thread)] == ["in the thread"]  # kept, to read
        await fake.delete_channel(fake.channel("other"))
        await heard(bot, fake, 3)
        assert ("channel_delete", other.id) in bot.heard
        assert (await fake.slash(alice, fake.dm_channel(alice), "ping")).content == "pong"


async def test_a_thread_archives_on_the_stand_ins_clock_and_reopens_as_on_discord(fake):
    fake.clock = clock = Clock()
    alice = fake.add_member("alice")
    async with fake.running(Watcher()) as bot:
        parent = bot.get_channel(fake.channel("games").id)
        made = await parent.create_thread(  # type: ignore[union-attr]
            name="slow", type=discord.ChannelType.public_thread, auto_archive_duration=10080
        )
        thread = fake.channel("slow")
        assert thread.auto_archive_duration == 10080 and made.auto_archive_duration == 10080
        clock.now += 10080 * 60 - 1
        assert await fake.archive_idle_threads() == []
        clock.now += 1  # a week without a message
        assert await fake.archive_idle_threads() == [thread]
        assert await heard(bot, fake, 1) == [("thread_update", (thread.id, True))]
        assert fake.idle_until(thread) == clock.now

        # Nobody can use a command in it (the client does not even send one).
        refused = await fake.slash(alice, thread, "ping")
        assert refused.refused and "archived" in (refused.error or "") and not refused.acked
        # The bot's message reopens it; a week later it archives again.
        await made.send("still here")
        assert not thread.archived
        assert (await heard(bot, fake, 2))[-1] == ("thread_update", (thread.id, False))
        assert (await fake.slash(alice, thread, "ping")).content == "pong"
        clock.now += 10080 * 60
        assert await fake.archive_idle_threads() == [thread]
        # PATCH archived=false reopens it (Send Messages in Threads is enough) …
        await bot.http.edit_channel(thread.id, archived=False)
        assert not thread.archived and clock.now < fake.idle_until(thread)
        # … but not once a moderator locked it; nor may the bot lock it or post in it.
        await fake.archive(thread, locked=True)
        with pytest.raises(discord.Forbidden):
            await bot.http.edit_channel(thread.id, archived=False)
        with pytest.raises(discord.HTTPException) as closed:
            await made.send("let me in")
        assert closed.value.code == 50083 and thread.archived
        with pytest.raises(discord.HTTPException) as bad:
            await bot.http.edit_channel(thread.id, auto_archive_duration=5)
        assert bad.value.code == 50035
