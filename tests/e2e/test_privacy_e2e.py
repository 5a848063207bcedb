"""Privacy end to end, through the real client and the Discord stand-in, on a manual clock:
`/tidetable forget` (asked first; another member's click and a late one refused; then no row
names the person, every finished match replays, and the posts say "a former player"), and a
server's data deleted when the bot was removed from it, after the grace period (not when the
bot came back; and for a server left while the bot was down)."""

from __future__ import annotations

import asyncio
import json

from app.application import Tidetable
from data.clock import ManualClock
from table.turnclock import DAY
from tests.e2e.driver import open_match, play_to_end
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionResult
from tests.support.nim import Nim
from tests.support.privacy import naming

NIM = {"games": {"nim": Nim()}, "cog_modules": {"nim": "tests.support.nim_cog"}}


def button(result: InteractionResult, label: str) -> str:
    """The custom id of the button labelled ``label`` under an answer."""
    for row in result.components:
        for item in row.get("components", []):
            if item.get("label") == label:
                return str(item["custom_id"])
    raise AssertionError(f"no button {label!r} under {result.content!r}")


async def edited(message: FakeMessage, start: str) -> None:
    """Wait (a bounded number of turns of the loop) until the bot edited ``message`` to
    begin with ``start``: after a deferred update, Discord waits for the edit without a limit."""
    for _ in range(500):
        if message.content.startswith(start):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"not edited: {message.content!r}")


async def test_forget_asks_first_then_nothing_names_the_person(fake: FakeDiscord, make_bot):
    alice, bob, carol = (fake.add_member(n) for n in ("alice", "bob", "carol"))
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, **NIM)) as bot:
        games, other = fake.channel("games"), fake.channel("other")
        done = await play_to_end(await open_match(fake, bot, "nim", games, [alice, bob]), 4)
        running = await open_match(fake, bot, "nim", other, [alice, bob, carol])
        said = await fake.slash(alice, games, "tidetable notify", quiet="22:00-07:00")
        assert said.ephemeral
        assert await naming(bot.store, alice.id)
        board = await fake.slash(bob, games, "nim leaderboard")  # the ratings, computed now
        assert alice.mention in board.content, board.content

        asked = await fake.slash(alice, fake.dm_channel(alice), "tidetable forget")
        assert asked.ephemeral and "1 running match" in asked.content, asked.content
        assert "1 past match" in asked.content and "a former player" in asked.content
        question = asked.message
        go = button(asked, "Forget me")
        # Another member's click, and one after ten minutes, change nothing.
        foreign = await fake.click(bob, question, go)
        assert foreign.ephemeral and "another member's" in foreign.content, foreign.content
        clock.advance(601)
        late = await fake.click(alice, question, go)
        assert late.ephemeral and "older than 10 minutes" in late.content, late.content
        assert (await bot.privacy.footprint(alice.id)).running == (running.match_id,)
        assert (await running.match()).players[0:3].count(alice.id) == 1

        asked = await fake.slash(alice, fake.dm_channel(alice), "tidetable forget")
        assert await bot.store.locale_of(alice.id) == fake.locale  # kept for her DMs
        posted = len(fake.posts())
        pressed = await fake.click(alice, asked.message, button(asked, "Forget me"))
        assert pressed.error is None and pressed.type == 6, pressed.error  # a deferred update
        await edited(asked.message, "Done")  # the question becomes the answer
        assert "resigned from 1 match" in asked.message.content
        assert asked.message.components == []  # no button left to press twice

        assert await naming(bot.store, alice.id) == []
        # The locale she last used (her DMs' language) is gone too: its row, and from memory.
        assert await bot.store.locale_of(alice.id) is None
        assert alice.id not in bot.languages._people
        # The running match goes on with the table in her seat; the channel is told so, of
        # "a former player".
        match = await running.match()
        former = next(u for u in match.players if u not in (bob.id, carol.id))
        assert match.status == "active" and match.row.table[match.seat_of(former)] == 2
        after = fake.posts()[posted:]
        assert any("a former player" in m.content and "resigned" in m.content for m in after)
        for message in after:
            assert str(alice.id) not in message.content and "alice" not in message.content
        # The finished match replays from its log to the state it saved; its log names her
        # "a former player"; no leaderboard lists her.
        row = await bot.store.match(done.id)
        replayed = await bot.service.replay(done.id)
        assert done.game.dump_state(replayed) == json.loads(row.state_json)
        log = await fake.slash(bob, games, "nim log", match=done.id)
        assert "a former player" in log.content and "alice" not in log.content, log.content
        board = await fake.slash(bob, games, "nim leaderboard")  # computed again: she is gone
        assert "a former player" not in board.content and str(alice.id) not in board.content
        assert bob.mention in board.content and "1. " in board.content, board.content
        again = await fake.slash(alice, games, "tidetable forget")
        assert "nothing to delete" in again.content
        assert not fake.unknown_routes


# -- a server that removed the bot ------------------------------------------------------------
async def rows_of(bot: Tidetable, guild_id: int) -> int:
    rows = await bot.store._read("SELECT COUNT(*) FROM matches WHERE guild_id = ?", (guild_id,))
    return int(rows[0][0])


async def told(bot: Tidetable, expected: int) -> None:
    """Wait (a bounded number of turns of the loop) until the bot handled the gateway event:
    ``expected`` server erasures pending."""
    for _ in range(500):
        if len(await bot.privacy.erasures.pending("guild")) == expected:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"not {expected} pending erasures")


async def test_a_removed_servers_data_goes_after_the_grace_period_unless_the_bot_is_back(
    fake: FakeDiscord, make_bot
):
    second = fake.add_guild("Harbour Club", channels=("tables",))
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, guild_grace_days=30, **NIM)) as bot:
        there = fake.channel("tables", guild=second)
        await open_match(fake, bot, "nim", fake.channel("games"), [alice, bob])
        await open_match(fake, bot, "nim", there, [bob, alice])
        # Removed, then added again ten days later: nothing is deleted.
        await fake.remove_bot(second)
        await told(bot, 1)
        clock.advance(10 * DAY)
        await fake.add_bot(second)
        await told(bot, 0)
        clock.advance(30 * DAY)
        await bot.eraser.caught_up()
        assert await rows_of(bot, second) == 1
        # Removed for good: thirty days later its data is gone, the other server's stays.
        await fake.remove_bot(second)
        await told(bot, 1)
        clock.advance(30 * DAY - 1)
        await bot.eraser.caught_up()
        assert await rows_of(bot, second) == 1
        clock.advance(1)
        await bot.eraser.caught_up()
        assert await rows_of(bot, second) == 0
        assert await rows_of(bot, fake.guild_id) == 1
        assert await bot.privacy.erasures.pending() == []
        assert not fake.unknown_routes


async def test_a_server_left_while_the_bot_was_down_is_found_at_start_up(
    fake: FakeDiscord, make_bot
):
    second = fake.add_guild("Harbour Club", channels=("tables",))
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, **NIM)) as bot:
        await open_match(fake, bot, "nim", fake.channel("games"), [alice, bob])
        await open_match(fake, bot, "nim", fake.channel("tables", guild=second), [bob, alice])
    await fake.remove_bot(second)  # nobody is connected to hear it
    async with fake.running(make_bot(clock=clock, guild_grace_days=3, **NIM)) as bot:
        await told(bot, 1)
        (pending,) = await bot.privacy.erasures.pending()
        assert (pending.subject, pending.due_at) == (second, clock.now() + 3 * DAY)
        clock.advance(3 * DAY)
        await bot.eraser.caught_up()
        assert await rows_of(bot, second) == 0 and await rows_of(bot, fake.guild_id) == 1
