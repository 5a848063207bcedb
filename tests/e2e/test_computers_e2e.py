"""One person against computer players, in every game, from `new bots:<n>` to the final post,
through the real discord.py client and the Discord stand-in. The computer seats think in worker
processes and play through the same service path as a person (checked, saved, announced)."""

from __future__ import annotations

import asyncio

import pytest

from data.clock import ManualClock
from rules import rng
from table.computers import THINK_PAUSE
from tests.e2e.driver import Table, drain, moved_on, play_one

GAMES = (("tokan", 2), ("tonari", 3), ("fishing", 4), ("toshi", 3), ("tonga", 4))


@pytest.mark.parametrize(("key", "players"), GAMES)
async def test_one_person_plays_a_whole_match_against_computers(fake, make_bot, key, players):
    alice = fake.add_member("alice")
    async with fake.running(make_bot(computer_pause=0.0)) as bot:
        channel = fake.channel("games")
        # Easy seats keep the suite quick; TOKAN's single computer seat searches (normal).
        level = "normal" if players == 2 else "easy"
        created = await fake.slash(alice, channel, f"{key} new", bots=players - 1, level=level)
        assert created.ephemeral and "is open" in created.content, created.content
        assert f"with {players - 1} {level} computer player" in created.content
        match = await bot.service.current(channel.id, key)
        assert match.players[0] == alice.id and len(match.players) == players
        assert all(u < 0 for u in match.players[1:])
        lobby = fake.messages(channel)[-1].content
        assert f"Bot ({level})" in lobby and "<@-" not in lobby
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
        # She took a computer player out; she did not leave (row 7 of issue 23).
        assert left.ephemeral and "You took Bot (easy) out of match" in left.content
        match = await bot.service.current(channel.id, "tonari")
        assert match.players == (alice.id, -301)


@pytest.mark.parametrize(
    ("key", "bots", "said"),
    (("tokan", 2, "at most 1 bot."), ("tonari", 4, "at most 3 bots."), ("tonga", 4, "at most 3")),
)
async def test_new_refuses_more_bots_than_the_table_leaves_beside_its_creator(
    fake, make_bot, key, bots, said
):
    alice = fake.add_member("alice")
    async with fake.running(make_bot(computer_pause=0.0)) as bot:
        channel = fake.channel("games")
        refused = await fake.slash(alice, channel, f"{key} new", bots=bots, level="hard")
        assert refused.ephemeral and said in refused.content, refused.content
        assert "one seat stays yours" in refused.content
        assert await bot.service.store.open_match_in(channel.id) is None  # nothing was made
        assert not fake.messages(channel)  # and nothing announced


async def test_new_with_bots_leaves_room_for_people_and_the_creator_removes_one(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(computer_pause=0.0)) as bot:
        channel = fake.channel("games")
        created = await fake.slash(alice, channel, "toshi new", bots=1, level="hard")
        assert "with 1 hard computer player; others can join now." in created.content
        joined = await fake.slash(bob, channel, "toshi join")
        assert "You joined" in joined.content
        match = await bot.service.current(channel.id, "toshi")
        assert match.players == (alice.id, -301, bob.id)
        await fake.slash(alice, channel, "toshi leave")  # the creator's leave takes a bot away
        match = await bot.service.current(channel.id, "toshi")
        assert match.players == (alice.id, bob.id)


async def test_a_computer_seat_keeps_its_readable_pause_and_the_players_answer_does_not_wait(
    fake, make_bot
):
    """The pause before a computer plays runs on the bot's one clock: the person's answer comes
    at once ("Done"), and nothing the person does (their answer's delivery hurries the match's
    waiting posts) makes the computer play before its pause is over."""
    alice = fake.add_member("alice")
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, computer_pause=THINK_PAUSE)) as bot:
        channel = fake.channel("games")
        await fake.slash(alice, channel, "tokan new", bots=1, level="easy")
        await fake.slash(alice, channel, "tokan start")
        match = await bot.service.current(channel.id, "tokan")
        table = Table(fake, bot, channel, "tokan", [alice], match.id)
        if alice.id not in match.to_act():  # the computer opens, after its pause
            clock.advance(THINK_PAUSE)
            await moved_on(bot, fake, table, match.version)
            match = await table.match()
        seat = match.seat_of(alice.id)
        text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
        answer = await fake.slash(alice, channel, "tokan move", move=text)
        assert answer.content.startswith("Done"), answer.content
        await drain(bot, fake)
        waiting = await table.match()
        assert waiting.version == match.version + 1 and alice.id not in waiting.to_act()
        clock.advance(THINK_PAUSE - 0.5)
        await drain(bot, fake)
        assert (await table.match()).version == waiting.version  # still within its pause
        clock.advance(0.5)
        await moved_on(bot, fake, table, waiting.version)
        assert alice.id in (await table.match()).to_act()
