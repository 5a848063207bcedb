"""A 16-person Tonari single elimination of tables of four, end to end: four tables in round
one (seeds spread so the best meet last), the top of each table goes through to a final table
of four, whose winner wins. One player withdraws in the middle of a round-one match: the table
plays their seat (it cannot win) and they go no further. The final standings rank by the round
reached, and equal a recomputation from the stored results."""

from __future__ import annotations

from tests.e2e.driver import drain
from tests.e2e.leagues import (
    current_tables,
    league_store,
    open_league,
    posted_points,
    recomputed_points,
    resign_all_but,
)


async def test_sixteen_person_tonari_elimination(fake, make_bot):
    admin = fake.add_member("admin", manage_guild=True)
    people = [fake.add_member(f"p{n:02d}") for n in range(16)]
    by_id = {p.id: p for p in people}
    by_name = {p.name: p.id for p in people}
    async with fake.running(make_bot(computer_pause=0.0)) as bot:
        channel = fake.channel("games")
        league_id = await open_league(
            fake, bot, admin, channel, people, game="tonari", format="elimination", seats=4
        )
        await fake.slash(admin, channel, "league start", league=league_id)
        await drain(bot, fake)
        first = await current_tables(bot, league_id)
        assert len(first) == 4 and all(len(t.players) == 4 for t in first)
        # Seeds 1-4 (the first four to sign up) sit at four different tables.
        assert {t.players[0] for t in first} == {p.id for p in people[:4]}
        # Someone withdraws mid-match: the table plays their seat; the others play on.
        quitter = by_id[first[0].players[1]]
        said = await fake.slash(quitter, channel, "league withdraw", league=league_id)
        assert "You withdrew" in said.content and "table plays your seat" in said.content
        await drain(bot, fake)
        match = await bot.service.by_id(first[0].match_id)
        assert match.status == "active" and match.row.table[1] == 2
        winners = []
        for index, t in enumerate(first):
            keep = 2 if index == 0 else index % 4
            winners.append(t.players[keep])
            await resign_all_but(fake, bot, "tonari", t, keep, by_id)
        await drain(bot, fake)
        (final_table,) = await current_tables(bot, league_id)
        assert sorted(final_table.players) == sorted(winners)
        assert quitter.id not in final_table.players
        await resign_all_but(fake, bot, "tonari", final_table, 3, by_id)
        await drain(bot, fake)
        store = league_store(bot)
        league = await store.league(league_id)
        assert league is not None and league.status == "finished" and league.round == 2
        (final,) = fake.messages(channel, "is over")
        lines = [line for line in final.content.splitlines() if line[:1].isdigit()]
        champion = by_id[final_table.players[3]]
        assert lines[0].startswith(f"1. {champion.name}:"), final.content
        assert "Round reached" in final.content
        finalists = {by_id[p].name for p in final_table.players}
        assert {line.split(".")[1].split(":")[0].strip() for line in lines[:4]} == finalists
        everything = await store.tables(league_id)
        assert posted_points(final.content, by_name) == recomputed_points(everything, 4)
        assert not fake.errors and not fake.unknown_routes
