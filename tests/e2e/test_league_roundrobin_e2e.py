"""A 9-person Toshi Tōshi round robin of tables of three, end to end: four rounds in which
everyone meets everyone exactly once (the schedule spreads the meetings), each match in its own
thread, ended by two of its three players resigning in turn (the table takes the first one's
seat, the second's resignation ends it). Standings with head to head and score after every
round; the final standings equal a recomputation from the stored results."""

from __future__ import annotations

import itertools

from tests.e2e.driver import drain
from tests.e2e.leagues import (
    current_tables,
    league_store,
    open_league,
    posted_points,
    recomputed_points,
    resign_all_but,
)

NAMES = ("ada", "bo", "cy", "di", "ed", "flo", "gus", "hal", "ivy")


async def test_nine_person_toshi_round_robin(fake, make_bot):
    admin = fake.add_member("admin", manage_guild=True)
    people = [fake.add_member(n) for n in NAMES]
    by_id = {p.id: p for p in people}
    by_name = {p.name: p.id for p in people}
    async with fake.running(make_bot(computer_pause=0.0)) as bot:
        channel = fake.channel("games")
        league_id = await open_league(
            fake, bot, admin, channel, people, game="toshi", format="roundrobin", seats=3
        )
        started = await fake.slash(admin, channel, "league start", league=league_id)
        assert "round one is paired" in started.content, started.content
        await drain(bot, fake)
        for number in range(1, 5):
            tables = await current_tables(bot, league_id)
            assert len(tables) == 3 and all(len(t.players) == 3 for t in tables), tables
            assert len(fake.messages(channel, f"round {number} is paired")) == 1
            for index, t in enumerate(tables):
                await resign_all_but(fake, bot, "toshi", t, (number + index) % 3, by_id)
            await drain(bot, fake)
        store = league_store(bot)
        league = await store.league(league_id)
        assert league is not None and league.status == "finished" and league.round == 4
        everything = await store.tables(league_id)
        met = {frozenset(pair) for t in everything for pair in itertools.combinations(t.players, 2)}
        assert len(met) == 36  # every pair of the nine met, each exactly once (36 pairs)
        (final,) = fake.messages(channel, "is over")
        assert "Head to head" in final.content
        assert posted_points(final.content, by_name) == recomputed_points(everything, 3)
        assert final.stored_attachments[0].description
        assert not fake.errors and not fake.unknown_routes
