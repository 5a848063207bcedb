"""Issue 23, the turn clock's invariant, end to end through the real client and the Discord
stand-in on a manual clock: every row players reported, as they met it. The same rows run
below Discord in tests/test_clock_invariant.py."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

from data.clock import ManualClock
from rules import rng
from table.history import UNDO, CannotUndo, Entry, plan_undo
from table.turnclock import HOUR
from tests.e2e.driver import Table, drain, open_match, send_move
from tests.support.clockcheck import clock_faults

DEADLINE_NOTE = re.compile(r"\(time runs out <t:\d+:R>\)")


def others_move(table: Table, match: Any, user_id: int, draw: Any) -> str:
    seat = match.seat_of(user_id)
    return str(match.game.format(match.state, match.game.playout_move(match.state, seat, draw)))


# -- row 1 ----------------------------------------------------------------------------------------
async def test_row1_after_an_undo_the_reopened_decision_has_its_deadline(fake, make_bot):
    """`/tokan undo`, then nothing for 60 h on a 24 h clock: the undo's post says when her time
    runs out, she is reminded an hour before, and then the table plays for her."""
    users = [fake.add_member(n) for n in ("alice", "bob")]
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, users, clock="24h")
        match = await table.match()
        (late,) = match.to_act()
        clock.advance(HOUR)
        await send_move(table, match, late, rng.stream(1, "row1-e2e"))
        answer = await fake.slash(table.user(late), channel, "tokan undo")
        assert answer.ephemeral and "You took back" in answer.content, answer.content
        await drain(bot, fake)
        (post,) = fake.messages(channel, "took back")
        # "Next: <@…> (red) (time runs out <t:…:R>) — …", as after a move.
        assert re.search(rf"Next: <@{late}> \(\w+\) {DEADLINE_NOTE.pattern}", post.content), (
            post.content
        )
        assert await clock_faults(bot.service) == []
        clock.advance(22 * HOUR)  # 23 h after the start: one hour of her 24 h left
        await drain(bot, fake)
        assert fake.dms(table.user(late), "One hour is left"), fake.dms(table.user(late))
        assert not fake.messages(channel, "Time ran out")
        clock.advance(HOUR)
        await drain(bot, fake)
        (ran_out,) = fake.messages(channel, "Time ran out")
        assert f"<@{late}>" in ran_out.content
        clock.advance(35 * HOUR)  # 60 h: the match went on, on the other player's clock
        await drain(bot, fake)
        assert len(fake.messages(channel, "Time ran out")) == 2
        assert await clock_faults(bot.service) == []
        assert not fake.errors and not fake.unknown_routes


# -- row 2 ----------------------------------------------------------------------------------------
def gate_reads(bot: Any, read: asyncio.Event, opened: asyncio.Event) -> None:
    """The next read of players' settings (the move's) sets ``read``, then waits for
    ``opened``: the `away` sent meanwhile lands between the move's read and its save."""
    clocks = bot.service.turns.clocks
    armed = [True]

    def gated(reader: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            found = await reader(*args, **kwargs)
            if armed[0]:
                armed[0] = False
                read.set()
                await asyncio.wait_for(opened.wait(), 10)
            return found

        return wrapper

    clocks.prefs = gated(clocks.prefs)
    clocks.probe_with_prefs = gated(clocks.probe_with_prefs)


async def test_row2_away_sent_during_the_move_that_makes_it_her_turn(fake, make_bot):
    users = [fake.add_member(n) for n in ("alice", "bob")]
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, users, clock="24h")
        draw = rng.stream(2, "row2-e2e")
        match = await table.match()
        (first,) = match.to_act()
        await send_move(table, match, first, draw)
        match = await table.match()
        (waiting,) = match.to_act()
        await send_move(table, match, waiting, draw)  # now it is `first`'s turn, then hers
        await drain(bot, fake)
        match = await table.match()
        text = others_move(table, match, first, draw)
        read, opened = asyncio.Event(), asyncio.Event()
        gate_reads(bot, read, opened)

        async def away() -> Any:
            await asyncio.wait_for(read.wait(), 10)
            where = fake.dm_channel(table.user(waiting))
            said = await fake.slash(table.user(waiting), where, "tidetable away", days=3)
            opened.set()
            return said

        moved, went = await asyncio.gather(
            fake.slash(table.user(first), channel, "tokan move", move=text), away()
        )
        assert moved.content.startswith("Done"), moved.content
        assert "You are away until" in went.content, went.content
        await drain(bot, fake)
        board = [m for m in fake.messages(channel) if m.attachments][-1]
        assert re.search(rf"Next: <@{waiting}> \(\w+\) \(away until <t:\d+:f>\)", board.content), (
            board.content
        )
        assert not DEADLINE_NOTE.search(board.content), board.content
        assert await clock_faults(bot.service) == []
        clock.advance(48 * HOUR)
        await drain(bot, fake)
        assert not fake.messages(channel, "Time ran out")
        assert await clock_faults(bot.service) == []
        assert not fake.errors and not fake.unknown_routes


# -- row 3 ----------------------------------------------------------------------------------------
async def test_row3_the_same_undo_sent_twice_at_once_takes_back_one_move(fake, make_bot):
    """A Toshi Tōshi player with two moves of their own standing in the turn sends `/toshi
    undo` twice at once: one takes back the last move, the other is answered "already taken
    back"."""
    users = [fake.add_member(n) for n in ("alice", "bob", "carol")]
    async with fake.running(make_bot(new_seed=lambda: 7)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "toshi", channel, users)
        draw = rng.stream(7, "row3-e2e")
        for _ in range(400):
            match = await table.match()
            (user,) = match.to_act()
            await send_move(table, match, user, draw)
            match = await table.match()
            if match.to_act() == (user,) and await two_standing(bot, match, user):
                break
        else:
            raise AssertionError("no seat with two standing moves")
        await drain(bot, fake)
        before = len(await bot.service.store.moves(match.id))
        answers = await asyncio.gather(
            fake.slash(table.user(user), channel, "toshi undo"),
            fake.slash(table.user(user), channel, "toshi undo"),
        )
        said = sorted(a.content for a in answers)
        assert all(a.ephemeral for a in answers)
        assert said[0].startswith("Already taken back"), said
        assert said[1].startswith("You took back"), said
        await drain(bot, fake)
        assert len(fake.messages(channel, "took back")) == 1
        log = await bot.service.store.moves(match.id)
        assert [e.move for e in log[before:]] == [UNDO]
        assert await clock_faults(bot.service) == []
        assert not fake.errors and not fake.unknown_routes


async def two_standing(bot: Any, match: Any, user: int) -> bool:
    """Whether ``user`` has two moves of their own standing that they may take back."""
    seat = match.seat_of(user)
    entries: list[Any] = list(await bot.service.store.moves(match.id))
    how = {"seed": match.row.seed, "players": len(match.players)}
    try:
        first = plan_undo(match.game, entries, seat, match.options, **how)
        entries += [Entry(seat, UNDO)] * first.count
        plan_undo(match.game, entries, seat, match.options, **how)
    except CannotUndo:
        return False
    return True


# -- row 4 ----------------------------------------------------------------------------------------
async def test_row4_nothing_late_is_said_about_a_decision_whose_time_ran_out(fake, make_bot):
    """The bot is down over her reminders and her deadline: when it is back the table plays
    for her, and she gets no reminder (nor "your turn") about a decision that is over: least
    of all one naming the next player's decision."""
    users = [fake.add_member(n) for n in ("alice", "bob")]
    clock = ManualClock()
    channel = fake.channel("games")
    async with fake.running(make_bot(clock=clock)) as bot:
        table = await open_match(fake, bot, "tokan", channel, users, clock="12h")
        match = await table.match()
        (late,) = match.to_act()
        await drain(bot, fake)
    clock.advance(13 * HOUR)
    async with fake.running(make_bot(clock=clock)) as bot:
        await drain(bot, fake)
        (ran_out,) = fake.messages(channel, "Time ran out")
        assert f"<@{late}>" in ran_out.content
        assert fake.dms(table.user(late)) == [], [m.content for m in fake.dms(table.user(late))]
        assert await clock_faults(bot.service) == []
        assert not fake.errors and not fake.unknown_routes


# -- row 15 ---------------------------------------------------------------------------------------
async def test_row15_mine_says_the_awaited_player_is_away(fake, make_bot):
    users = [fake.add_member(n) for n in ("alice", "bob")]
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, users, clock="24h")
        match = await table.match()
        (waiting,) = match.to_act()
        other = next(u for u in users if u.id != waiting)
        went = await fake.slash(table.user(waiting), channel, "tidetable away", days=2)
        assert "You are away until" in went.content
        answer = await fake.slash(other, channel, "tidetable mine")
        (line,) = [line for line in answer.content.splitlines() if line.startswith("•")]
        assert re.search(rf"waiting for <@{waiting}> \(away until <t:\d+:f>\)", line), line
        assert "time runs out" not in line
        assert not fake.errors and not fake.unknown_routes
