"""A league's sign-up deadline, end to end on a manual clock: when it passes, sign-ups close by
themselves and round one is paired; the sign-up message says so and its button is disabled. The
league is opened by a member holding the role the server named for leagues."""

from __future__ import annotations

import asyncio

import pytest

from data.clock import ManualClock
from tests.e2e.driver import drain
from tests.e2e.leagues import current_tables, open_league


async def test_the_deadline_pairs_round_one(fake, make_bot):
    admin = fake.add_member("admin", manage_guild=True)
    organiser = fake.add_member("organiser")
    role = fake.add_role("league runners")
    fake.give_role(organiser, role)
    people = [fake.add_member(n) for n in ("ada", "bo", "cy")]
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock)) as bot:
        channel = fake.channel("games")
        said = await fake.slash(admin, channel, "league setup", role=role)
        assert "leagues opened by" in said.content, said.content
        league_id = await open_league(
            fake,
            bot,
            organiser,
            channel,
            people[:2],
            game="tokan",
            format="swiss",
            rounds=1,
            signup_hours=2.0,
        )
        clock.advance(2 * 3600 + 1)
        for _ in range(500):  # the keeper wakes on the clock and pairs round one
            await drain(bot, fake)
            if fake.messages(channel, "round 1 is paired"):
                break
            await asyncio.sleep(0.01)
        assert len(fake.messages(channel, "round 1 is paired")) == 1
        (table,) = await current_tables(bot, league_id)
        assert sorted(table.players) == sorted(p.id for p in people[:2])
        signup = fake.messages(channel, rf"\(league #{league_id}\)")[0]
        assert "Sign-ups are closed" in signup.content
        with pytest.raises(ValueError, match="disabled"):  # Discord lets nobody click it
            await fake.click(people[2], signup, f"tt:lg:{league_id}")
        assert not fake.errors


async def test_a_channel_the_bot_cannot_post_in_does_not_hold_a_league_forever(fake, make_bot):
    """The league's channel takes the bot's Send Messages away before round one opens: each
    match, which cannot get a thread, is cancelled (a draw at its table), so the round and the
    league still end; nothing is retried for ever and no error escapes."""
    admin = fake.add_member("admin", manage_guild=True)
    people = [fake.add_member(n) for n in ("ada", "bo")]
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        league_id = await open_league(
            fake, bot, admin, channel, people, game="tokan", format="swiss", rounds=1
        )
        fake.mute(channel)
        started = await fake.slash(admin, channel, "league start", league=league_id)
        assert "round one is paired" in started.content
        await drain(bot, fake)
        store = bot.get_cog("LeagueCog").store
        league = await store.league(league_id)
        assert league is not None and league.status == "finished"
        (table,) = await store.tables(league_id)
        assert table.status == "cancelled"
        assert not await bot.store.due_entries(bot.clock.now() + 10**6)


async def test_forged_sign_up_buttons_are_refused(fake, make_bot):
    """A sign-up button whose id names another server's league, or a cancelled one, signs
    nobody up: a short answer to the clicker alone, the leagues unchanged."""
    other = fake.add_guild("Elsewhere", channels=("lounge",))
    admin = fake.add_member("admin", manage_guild=True)
    ada, bo = fake.add_member("ada"), fake.add_member("bo")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        lounge = fake.channel("lounge", guild=other)
        here = await open_league(fake, bot, admin, channel, [], game="tokan", format="swiss")
        there = await open_league(fake, bot, admin, lounge, [], game="tokan", format="swiss")
        (signup,) = fake.messages(lounge, rf"\(league #{there}\)")

        def forge(league_id: int) -> str:
            (button,) = [c for row in signup.components for c in row.get("components", [])]
            button["custom_id"] = f"tt:lg:{league_id}"  # the stand-in sends what it carries
            button["disabled"] = False  # a forged click does not care
            return button["custom_id"]

        said = await fake.click(ada, signup, forge(here))
        assert said.ephemeral and f"no league #{here} on this server" in said.content
        cancelled = await fake.slash(admin, lounge, "league cancel", league=there)
        assert "is cancelled" in cancelled.content, cancelled.content
        await drain(bot, fake)  # the sign-up message closes (its button disabled)
        said = await fake.click(bo, signup, forge(there))
        assert said.ephemeral and "no longer takes sign-ups" in said.content, said.content
        store = bot.get_cog("LeagueCog").store
        assert await store.entrants(here) == [] and await store.entrants(there) == []
        assert not fake.errors


async def test_a_table_its_options_do_not_fit_is_cancelled_and_the_league_ends(fake, make_bot):
    """Five sign up for Friendly Fishing in tables of four with two sets named (the small
    side's): the count seats one table of five, which plays the large side and cannot take
    those options. The match is cancelled (a draw at its table) and the league still ends;
    nothing waits for ever and no error escapes."""
    admin = fake.add_member("admin", manage_guild=True)
    people = [fake.add_member(n) for n in ("ada", "bo", "cy", "di", "ed")]
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        league_id = await open_league(
            fake,
            bot,
            admin,
            channel,
            people,
            game="fishing",
            format="swiss",
            rounds=1,
            seats=4,
            options="side=small, sets=kingfish+lunkers",
        )
        started = await fake.slash(admin, channel, "league start", league=league_id)
        assert "round one is paired" in started.content, started.content
        await drain(bot, fake)
        store = bot.get_cog("LeagueCog").store
        (table,) = await store.tables(league_id)
        assert len(table.players) == 5 and table.status == "cancelled"
        assert (await store.league(league_id)).status == "finished"
        assert fake.messages(channel, "Final standings")
        assert not await bot.store.due_entries(bot.clock.now() + 10**6)
        assert not fake.errors
