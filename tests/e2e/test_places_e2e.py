"""A match's place as Discord changes it: its channel deleted, its thread archived.

A deleted channel used to leave its match active: its clock ran on, its timeouts were played
and posted into a channel that no longer exists (404 each), its computer seats played on. Now
the match is paused, its creator told by DM, nothing more is posted, and the table cancels it
after its clock's length. The bot hears of it from the gateway (CHANNEL_DELETE, THREAD_DELETE)
or, when it missed that (it was down), from Discord's 404 Unknown Channel to its next post.

Discord archives a thread after a week without messages, and nobody can use a command in an
archived thread: a match in a thread with a one-week clock, or whose players are away for two
weeks, used to be locked out of its own thread. Now the bot reopens it while the match runs.

The stand-in shares the bot's manual clock here, so Discord's archiving follows the same time.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable

from data.clock import ManualClock
from table.computers import THINK_PAUSE
from table.turnclock import DAY, HOUR
from tests.e2e.driver import drain, open_match


async def handled(bot, fake, check: Callable[[], Awaitable[bool]]) -> None:
    """Wait until the bot has handled a gateway event (``check`` says so): the event reaches
    it over the websocket and is handled in a task of its own (a bounded number of turns of
    the loop; no time passes on the bot's clock)."""
    for _ in range(500):
        await drain(bot, fake)
        if await check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bot did not handle the event")


def posts_to(fake, channel) -> int:
    return fake.count("POST", rf"/channels/{channel.id}/messages")


def gone_errors(fake) -> list[str]:
    return [str(e) for e in fake.errors if e.code == 10003]


async def test_a_deleted_channel_pauses_its_match_tells_its_creator_and_posts_nothing(
    fake, make_bot
):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock)) as bot:
        channel = fake.add_channel("tonari-table")
        table = await open_match(fake, bot, "tonari", channel, [alice, bob], clock="24h")
        before = await table.match()
        posted = posts_to(fake, channel)

        await fake.delete_channel(channel)

        async def paused() -> bool:
            return (await table.match()).row.paused

        await handled(bot, fake, paused)
        match = await table.match()
        assert match.status == "active" and match.row.paused, match.row
        assert match.version == before.version + 1
        (told,) = fake.dms(alice, "was deleted")
        assert f"match #{match.id}" in told.content and "Tidetable Test" in told.content
        cancel_at = int(re.search(r"cancels it <t:(\d+):R>", told.content).group(1))  # type: ignore[union-attr]
        assert cancel_at == round(clock.now() + DAY)
        assert not fake.dms(bob, "deleted")  # the creator is told, once

        # Its deadline passes: nothing is played, posted or reminded.
        clock.advance(DAY - HOUR)
        await drain(bot, fake)
        assert (await table.match()).version == match.version
        assert posts_to(fake, channel) == posted and not gone_errors(fake)
        assert len(fake.dms(alice, "was deleted")) == 1 and not fake.dms(bob, "remind|Time")
        # After the clock's length the table cancels it, and says nothing more.
        clock.advance(HOUR)
        await drain(bot, fake)
        cancelled = await table.match()
        assert cancelled.status == "cancelled", cancelled.row
        assert cancelled.result == {"reason": "its channel was deleted", "winners": []}
        assert posts_to(fake, channel) == posted and not gone_errors(fake)
        assert await bot.service.store.open_match_in(channel.id) is None
        mine = await fake.slash(alice, fake.dm_channel(alice), "tidetable mine")
        assert "no open match" in mine.content, mine.content


async def test_a_channel_deleted_while_the_bot_was_down_is_found_at_its_next_post(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    clock = ManualClock()
    channel = fake.add_channel("tonari-table")
    async with fake.running(make_bot(clock=clock)) as bot:
        table = await open_match(fake, bot, "tonari", channel, [alice, bob], clock="12h")
    await fake.delete_channel(channel)  # no bot is connected: nobody hears of it
    async with fake.running(make_bot(clock=clock)) as bot:
        table.bot = bot
        before = await table.match()
        clock.advance(12 * HOUR)  # time runs out: the table plays, its post meets 404
        await drain(bot, fake)
        match = await table.match()
        assert match.status == "active" and match.row.paused, match.row
        assert match.version == before.version + 2  # the timeout's move, then the pause
        assert len(gone_errors(fake)) == 1, gone_errors(fake)
        assert len(fake.dms(alice, "was deleted")) == 1
        clock.advance(12 * HOUR)
        await drain(bot, fake)
        assert (await table.match()).status == "cancelled"
        assert len(gone_errors(fake)) == 1  # nothing more was posted into nothing


async def test_a_lobby_whose_thread_went_with_its_channel_is_cancelled_and_a_computer_stops(
    fake, make_bot
):
    """A match in a thread loses it with its parent channel (discord.py reports the thread's
    deletion from its cache); a lobby is cancelled at once; a computer seat about to play
    plays no more."""
    alice = fake.add_member("alice")
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock)) as bot:
        games = fake.add_channel("games-two")
        opened = await fake.slash(alice, games, "tokan new", thread=True, bots=1, level="easy")
        assert "is open in <#" in opened.content, opened.content
        thread = next(c for c in fake.channels.values() if c.parent_id == games.id)
        lobby_channel = fake.add_channel("lobby-table")
        await fake.slash(alice, lobby_channel, "tonari new")
        lobby = await bot.service.current(lobby_channel.id, "tonari")
        started = await fake.slash(alice, thread, "tokan start")
        assert "started" in started.content, started.content
        match = await bot.service.current(thread.id, "tokan")
        if alice.id in match.to_act():  # let the computer be the one about to play
            seat = match.seat_of(alice.id)
            text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
            moved = await fake.slash(alice, thread, "tokan move", move=text)
            assert moved.content.startswith("Done"), moved.content
            match = await bot.service.current(thread.id, "tokan")
        assert alice.id not in match.to_act()
        posted = posts_to(fake, thread)

        await fake.delete_channel(games)
        await fake.delete_channel(lobby_channel)

        async def both() -> bool:
            playing = await bot.service.by_id(match.id)
            waiting = await bot.service.by_id(lobby.id)
            return playing.row.paused and waiting.status == "cancelled"

        await handled(bot, fake, both)
        clock.advance(THINK_PAUSE)  # the computer's pause is over: it does not play
        await drain(bot, fake)
        paused = await bot.service.by_id(match.id)
        assert paused.row.paused and paused.version == match.version + 1
        assert posts_to(fake, thread) == posted and not gone_errors(fake)
        cancelled = await bot.service.by_id(lobby.id)
        assert cancelled.status == "cancelled"
        assert len(fake.dms(alice, "was deleted before the match started")) == 1
        assert len(fake.dms(alice, "its clock is paused")) == 1


async def test_a_match_thread_stays_open_while_its_match_runs(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    clock = ManualClock()
    fake.clock = clock.now  # Discord's archiving on the bot's time
    async with fake.running(make_bot(clock=clock)) as bot:
        games = fake.channel("games")
        opened = await fake.slash(alice, games, "tonari new", thread=True, clock="1w")
        assert "is open in <#" in opened.content, opened.content
        thread = next(c for c in fake.channels.values() if c.parent_id == games.id)
        assert thread.auto_archive_duration == 10080  # a week: Discord's longest
        (lobby,) = fake.messages(thread)
        await fake.click(bob, lobby, lobby.custom_ids()[0])
        await fake.slash(alice, thread, "tonari start")
        match = await bot.service.current(thread.id, "tonari")
        (waiting,) = match.to_act()
        player = alice if waiting == alice.id else bob
        away = await fake.slash(player, thread, "tidetable away", days=14)
        assert "away until" in away.content, away.content

        # Two weeks without a message: Discord archives the thread twice, the bot reopens it.
        async def reopened() -> bool:
            return not thread.archived

        for _ in range(2):
            clock.advance(7 * DAY + HOUR)
            await drain(bot, fake)
            assert await fake.archive_idle_threads() == [thread]
            await handled(bot, fake, reopened)
        assert fake.count("PATCH", rf"/channels/{thread.id}") == 2
        # Back after two weeks, the player moves in the match's thread.
        match = await bot.service.current(thread.id, "tonari")
        seat = match.seat_of(player.id)
        text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
        moved = await fake.slash(player, thread, "tonari move", move=text)
        assert moved.error is None and moved.content.startswith("Done"), moved.error

        # A thread a moderator locks stays closed; once the match is over, Discord may close it.
        cancelled = await fake.slash(alice, thread, "tonari cancel")
        assert "cancelled" in cancelled.content
        clock.advance(7 * DAY + HOUR)
        assert await fake.archive_idle_threads() == [thread]
        await fake.settle()
        assert thread.archived and fake.count("PATCH", rf"/channels/{thread.id}") == 2
        refused = await fake.slash(alice, thread, "tonari board")
        assert refused.refused and "archived" in refused.error
        assert not fake.errors, [str(e) for e in fake.errors]
