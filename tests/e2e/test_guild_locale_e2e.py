"""A process that starts after an outage delivers what waited before Discord has sent it its
servers: READY names them, unavailable, and their GUILD_CREATE comes later (as under load). A
DM about a match that falls due between the two, to one whose own locale is not kept, is said
in the server's language all the same (asked of Discord), not in the locale discord.py gives a
server it does not know yet (en-US)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from app.application import Tidetable
from data.clock import ManualClock
from data.store import Store
from table.turnclock import HOUR
from tests.e2e.driver import open_match
from tests.fakediscord import FakeDiscord

GERMAN_REMINDER = "⏰ Die Hälfte deiner Zeit"


async def test_a_dm_sent_before_the_gateway_delivered_the_server_is_in_its_language(
    make_bot: Callable[..., Tidetable], tmp_path: Path
) -> None:
    clock = ManualClock()
    async with FakeDiscord(quiet=0.02, locale="en-US") as fake:
        alice, bob = fake.add_member("alice"), fake.add_member("bob")
        async with fake.running(make_bot(clock=clock)) as bot:
            table = await open_match(
                fake, bot, "tokan", fake.channel("games"), [alice, bob], clock="24h"
            )
            (waiting,) = (await table.match()).to_act()
        player = alice if waiting == alice.id else bob
        before = len(fake.dms(player))
        # Seated as a league seats people who never used the bot: no locale of theirs kept.
        store = await Store.open(tmp_path / "e2e.sqlite3", clock)
        async with store._transaction() as tx:
            await tx.execute("UPDATE users SET locale = NULL")
        await store.close()

        fake.locale = "de"  # the server is German now (its admins chose no language)
        held = fake.gateway.guilds_held = asyncio.Event()
        bot = make_bot(clock=clock)
        fake.tune(bot)
        task = asyncio.create_task(bot.start("fake-token", reconnect=False))
        try:
            for _ in range(2000):  # READY came: the server is known, unavailable
                if bot.get_guild(fake.guild_id) is not None or task.done():
                    break
                await asyncio.sleep(0.01)
            guild = bot.get_guild(fake.guild_id)
            assert guild is not None and guild.unavailable
            clock.advance(13 * HOUR)  # past half of the day's clock: a reminder falls due
            for _ in range(2000):  # the stand-in's time: nobody waits on the bot's clock
                if len(fake.dms(player)) > before or task.done():
                    break
                await asyncio.sleep(0.01)
            assert not held.is_set() and fake.gateway.current is not None
            dms = fake.dms(player)[before:]
            assert dms, "no reminder went out before the server was delivered"
            assert dms[0].content.startswith(GERMAN_REMINDER), dms[0].content
        finally:
            held.set()
            await bot.close()
            await asyncio.gather(task, return_exceptions=True)
        assert not fake.errors and not fake.unknown_routes
