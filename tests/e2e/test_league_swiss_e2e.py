"""An 8-person TOKAN Swiss of three rounds, end to end through the stand-in: an admin opens it,
eight people sign up with its button, round one is paired by the FIDE Dutch engine and each
match opens in a thread of its own with the league's clock. Matches end by resignation; in round
two a player withdraws mid-match (the table takes the seat: the match ends for the other) and is
paired no more (round three has a bye); in round three one match is decided by timeouts alone.
After each round the standings are posted with a picture and its alt text; the final standings
equal a recomputation from the stored results."""

from __future__ import annotations

from data.clock import ManualClock
from table.turnclock import CLOCKS
from tests.e2e.driver import assert_png, drain
from tests.e2e.leagues import (
    current_tables,
    league_store,
    open_league,
    posted_points,
    recomputed_points,
    resign_all_but,
    thread_of,
)

NAMES = ("ada", "bo", "cy", "di", "ed", "flo", "gus", "hal")


async def test_eight_person_tokan_swiss(fake, make_bot):
    admin = fake.add_member("admin", manage_guild=True)
    people = [fake.add_member(n) for n in NAMES]
    by_id = {p.id: p for p in people}
    by_name = {p.name: p.id for p in people}
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock)) as bot:
        channel = fake.channel("games")
        refused = await fake.slash(people[0], channel, "league open", game="tokan", format="swiss")
        assert refused.ephemeral and "Manage Server" in refused.content
        league_id = await open_league(
            fake, bot, admin, channel, people, game="tokan", format="swiss", rounds=3, clock="12h"
        )
        again = await fake.click(people[0], fake.messages(channel)[0], f"tt:lg:{league_id}")
        assert "already signed up" in again.content
        started = await fake.slash(admin, channel, "league start", league=league_id)
        assert "round one is paired" in started.content, started.content
        await drain(bot, fake)

        # Round one: four tables, each a match in its own thread, started, with the clock.
        tables = await current_tables(bot, league_id)
        assert len(tables) == 4 and all(len(t.players) == 2 for t in tables)
        for t in tables:
            thread = thread_of(fake, t)
            match = await bot.service.by_id(t.match_id)
            assert match.status == "active" and match.row.clock == CLOCKS["12h"]
            assert list(match.players) == list(t.players)  # the pairing's colours kept
            board = next(m for m in fake.messages(thread) if m.attachments)
            assert "begins" in board.content
        round_post = fake.messages(channel, "round 1 is paired")
        assert len(round_post) == 1
        for t in tables:  # seat 0 wins every round-one match
            await resign_all_but(fake, bot, "tokan", t, 0, by_id)
        await drain(bot, fake)

        # Round two is paired by standing: winners meet winners.
        posted = fake.messages(channel, "round 2 is paired")
        assert len(posted) == 1
        (picture,) = posted[0].stored_attachments
        assert_png([(picture.filename, picture.data)])
        assert picture.description and "points" in picture.description
        # Its standings are those of round one's stored results.
        done = await league_store(bot).tables(league_id)
        assert posted_points(posted[0].content, by_name) == recomputed_points(
            [t for t in done if t.round == 1], 2
        )
        assert "after round 1" in posted[0].content
        # Anyone can look at the standings so far, privately, with the picture.
        looked = await fake.slash(people[5], channel, "league standings", league=league_id)
        assert looked.ephemeral and "so far in round 2" in looked.content
        (drawn,) = looked.message.stored_attachments
        assert drawn.description and "Buchholz Cut 1" in drawn.description
        winners = {t.players[0] for t in tables}
        tables2 = await current_tables(bot, league_id)
        assert len(tables2) == 4
        for t in tables2:
            assert (t.players[0] in winners) == (t.players[1] in winners), t
        # One player withdraws mid-match: their opponent wins it at once.
        quitter_table = tables2[0]
        quitter = by_id[quitter_table.players[1]]
        said = await fake.slash(quitter, channel, "league withdraw", league=league_id)
        assert "You withdrew" in said.content and "table plays your seat" in said.content
        await drain(bot, fake)
        assert fake.messages(channel, f"{quitter.name} withdrew")
        ended = await bot.service.by_id(quitter_table.match_id)
        assert ended.status == "finished" and ended.result["winners"] == [0]
        for t in tables2[1:]:
            await resign_all_but(fake, bot, "tokan", t, 1, by_id)
        await drain(bot, fake)

        # Round three: seven players, one bye; the withdrawn player is not paired.
        tables3 = await current_tables(bot, league_id)
        byes = [t for t in tables3 if t.bye]
        assert len(byes) == 1 and quitter.id not in {p for t in tables3 for p in t.players}
        games = [t for t in tables3 if not t.bye]
        assert len(games) == 3
        # One match decided by timeouts alone: neither player moves, three times each.
        timed = games[0]
        for _ in range(12):
            match = await bot.service.by_id(timed.match_id)
            if match.status != "active":
                break
            clock.advance(CLOCKS["12h"] + 1)
            await drain(bot, fake)
        match = await bot.service.by_id(timed.match_id)
        assert match.status == "finished", match.result
        assert "ran out of time" in match.result["reason"]
        assert fake.messages(thread_of(fake, timed), "Time ran out")
        for t in games[1:]:
            await resign_all_but(fake, bot, "tokan", t, 0, by_id)
        await drain(bot, fake)

        # The final standings: posted once, equal to a recomputation from stored results.
        store = league_store(bot)
        league = await store.league(league_id)
        assert league is not None and league.status == "finished" and league.round == 3
        (final,) = fake.messages(channel, "is over")
        assert final.stored_attachments and final.stored_attachments[0].description
        everything = await store.tables(league_id)
        expected = recomputed_points(everything, 2)
        assert posted_points(final.content, by_name) == expected
        assert "(withdrawn)" in final.content and "Buchholz Cut 1" in final.content
        assert sum(expected.values()) == 4 + 4 + 3 + 1  # a point a match, a point a bye
        for number in (2, 3):  # a standings post after every round, pinging nobody
            (post,) = fake.messages(channel, f"round {number} is paired")
            assert post.pinged == [] and post.stored_attachments[0].description
        # Ratings count league matches as any other.
        rated = {r.match_id for r in await bot.store.finished_results()}
        assert {t.match_id for t in everything if t.match_id} <= rated
        # Another server's members cannot reach this league.
        other = fake.add_guild("Elsewhere", channels=("lounge",))
        stranger = fake.add_member("stranger", guilds=(other,))
        lounge = fake.channel("lounge", guild=other)
        refused = await fake.slash(stranger, lounge, "league standings", league=league_id)
        assert refused.ephemeral and "no league #1 on this server" in refused.content
        assert not fake.errors and not fake.unknown_routes
