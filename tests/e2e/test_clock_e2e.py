"""The asynchronous table end to end, through the real client and the Discord stand-in, on a
manual clock: `/tidetable mine` across two servers (in a server and in a DM), and a match with a
short clock in which one player runs out of time three times, the table's computer player
takes her seat over, and the others finish it."""

from __future__ import annotations

import re

from data.clock import ManualClock
from rules import rng
from table.computers import THINK_PAUSE
from table.turnclock import HOUR
from tests.e2e.driver import drain, moved_on, open_match, send_move


async def test_mine_lists_matches_of_two_servers_in_a_server_and_in_a_dm(fake, make_bot):
    second = fake.add_guild("Harbour Club", channels=("tables",))
    alice, bob, carol = (fake.add_member(n) for n in ("alice", "bob", "carol"))
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock)) as bot:
        here, there = fake.channel("games"), fake.channel("tables", guild=second)
        first = await open_match(fake, bot, "tokan", here, [alice, bob], clock="24h")
        clock.advance(HOUR)
        other = await open_match(fake, bot, "tokan", there, [carol, alice], clock="12h")
        # Make it her turn in the first match only: whoever must act in the other plays.
        draw = rng.stream(3, "mine")
        for table, wanted in ((first, True), (other, False)):
            match = await table.match()
            if (alice.id in match.to_act()) != wanted:
                (user_id,) = match.to_act()
                await send_move(table, match, user_id, draw)
        mine, theirs = [first.match_id], [other.match_id]
        assert alice.id in (await first.match()).to_act()
        assert alice.id not in (await other.match()).to_act()

        for where in (here, fake.dm_channel(alice)):
            answer = await fake.slash(alice, where, "tidetable mine")
            assert answer.ephemeral, answer.content
            text = answer.content
            lines = [line for line in text.splitlines() if line.startswith("•")]
            assert len(lines) == 2, text
            order = [int(re.search(r"#(\d+)", line).group(1)) for line in lines]  # type: ignore[union-attr]
            assert order == mine + theirs, text  # her turns first
            assert "Tidetable Test" in text and "Harbour Club" in text
            assert f"https://discord.com/channels/{fake.guild_id}/{here.id}" in text
            assert f"https://discord.com/channels/{second}/{there.id}" in text
            for line in lines:
                assert re.search(r"time runs out <t:\d+:R>", line), line
                assert ("your turn" in line) == (int(re.search(r"#(\d+)", line).group(1)) in mine)  # type: ignore[union-attr]
            for match_id in theirs:
                assert any(f"#{match_id}" in line and "waiting for" in line for line in lines)
        answer = await fake.slash(carol, fake.dm_channel(carol), "tidetable mine")
        assert "Harbour Club" in answer.content and "Tidetable Test" not in answer.content
        assert not fake.errors and not fake.unknown_routes


SEED = 5


async def test_a_player_times_out_three_times_and_the_others_finish(fake, make_bot):
    users = [fake.add_member(n) for n in ("alice", "bob", "carol")]
    alice = users[0]
    fake.close_dms(alice)  # her reminders come as mentions in the channel
    clock = ManualClock()
    # A fixed match seed: a Tonari match ends when the boat has nowhere to go, and on this one
    # it lasts long enough for the table to decide for her several times.
    async with fake.running(make_bot(clock=clock, new_seed=lambda: SEED)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tonari", channel, users, clock="12h")
        assert "Clock: 12h per decision" in fake.messages(channel, "match #")[0].content
        board = next(m for m in reversed(fake.messages(channel)) if m.attachments)
        assert re.search(r"\(time runs out <t:\d+:R>\)", board.content), board.content
        draw = rng.stream(5, "clock-e2e")
        timeouts = table_turns = 0
        for _ in range(400):
            match = await table.match()
            if match.status != "active":
                break
            if alice.id in match.to_act() and match.row.table[match.seat_of(alice.id)]:
                # The table's computer player decides for her after its pause, in the pool.
                clock.advance(THINK_PAUSE)
                await moved_on(bot, fake, table, match.version)
                table_turns += 1
                continue
            if alice.id in match.to_act():
                # Half her time, then all but an hour, then the rest: the bot is up, so each
                # reminder goes out when due (rows that fall due together, as after an outage,
                # are carried out deadlines first: a reminder of a played decision is void).
                for step in (6 * HOUR, 5 * HOUR, HOUR):
                    clock.advance(step)
                    await drain(bot, fake)
                timeouts += 1
                said = fake.messages(channel, "Time ran out")
                assert len(said) == timeouts and f"<@{alice.id}>" in said[-1].content
                continue
            await send_move(table, match, match.to_act()[0], draw)
        await drain(bot, fake)
        final = await table.match()
        assert final.status == "finished"
        assert timeouts == 3  # then the table played her seat, and nobody waited for her
        assert table_turns > 0
        taken = fake.messages(channel, "The table played for")
        assert len(taken) >= table_turns and all("alice" in m.content for m in taken)
        # Once the table has her seat she is not waited for: no post names her as next.
        posts = fake.messages(channel)
        third_at = max(i for i, m in enumerate(posts) if "third automatic decision" in m.content)
        later = [m.content for m in posts[third_at + 1 :] if "Next:" in m.content]
        assert later and all(f"Next: <@{alice.id}>" not in t for t in later)
        assert any("the table for alice" in t for t in later)
        third = fake.messages(channel, "Time ran out")[-1].content
        assert "third automatic decision" in third and "/tonari rejoin" in third
        assert "normal computer player" in third
        seat = final.seat_of(alice.id)
        assert final.result is not None and seat not in final.result["winners"]
        last = fake.messages(channel)[-1].content
        assert "Game over" in last and "Played by the table (cannot win)" in last
        # Reminders reached her in the channel (her DMs are closed): half time, one hour left.
        half = fake.messages(channel, "Half of your time has passed")
        hour = fake.messages(channel, "One hour is left")
        assert half and hour and all(f"<@{alice.id}>" in m.content for m in half + hour)
        assert len(half) == len(hour) == 3  # one each per decision she let run out
        assert not fake.unknown_routes


async def test_she_rejoins_on_her_turn_and_the_post_says_when_her_time_runs_out(fake, make_bot):
    """After three timeouts the table has her seat; she takes it back on her own turn before
    the table's computer player decides: her clock starts again, the post says when it runs
    out, and the move is hers to make."""
    users = [fake.add_member(n) for n in ("alice", "bob", "carol")]
    alice = users[0]
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, new_seed=lambda: SEED)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tonari", channel, users, clock="12h")
        draw = rng.stream(5, "rejoin-e2e")
        for _ in range(100):
            match = await table.match()
            assert match.status == "active"
            if alice.id in match.to_act() and match.row.table[match.seat_of(alice.id)]:
                break
            if alice.id in match.to_act():
                # Half her time, then all but an hour, then the rest: the bot is up, so each
                # reminder goes out when due (rows that fall due together, as after an outage,
                # are carried out deadlines first: a reminder of a played decision is void).
                for step in (6 * HOUR, 5 * HOUR, HOUR):
                    clock.advance(step)
                    await drain(bot, fake)
                continue
            await send_move(table, match, match.to_act()[0], draw)
        else:
            raise AssertionError("the table never had her seat on her turn")
        # Answered at once: the table's pending decision (due after its pause) does not hold
        # up the post (it did: the reply never came).
        answer = await fake.slash(alice, channel, "tonari rejoin")
        assert answer.ephemeral and "You play your seat" in answer.content, answer.content
        await drain(bot, fake)
        (post,) = fake.messages(channel, "takes their seat back")
        assert re.fullmatch(
            rf"<@{alice.id}> takes their seat back from the table \(time runs out <t:\d+:R>\)\.",
            post.shown,
        ), post.content
        # The table's pause passes: nobody plays for her; the decision waits for her.
        clock.advance(THINK_PAUSE)
        await drain(bot, fake)
        match = await table.match()
        assert alice.id in match.to_act() and not match.row.table[match.seat_of(alice.id)]
        await send_move(table, match, alice.id, draw)
        assert not fake.errors and not fake.unknown_routes
