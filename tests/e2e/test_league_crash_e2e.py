"""A SIGKILL while a league's round is being paired: the bot process dies inside the
transaction that writes round two (its tables and matches written, nothing committed). After
the restart the round is paired once, and only once: two tables, two matches, each opened in
one thread by one post, one round post; the league then plays to its final standings, which
equal a recomputation from the stored results."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from data.leagues import LeagueStore, TableRow
from tests.e2e.leagues import posted_points, recomputed_points
from tests.fakediscord import FakeDiscord
from tests.support.bot_process import BotProcess
from tests.support.db_view import reading

HOOK = "tests.support.league_hooks:kill_while_pairing"


async def wait_for(check, what: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(1500):
        if await check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never: {what}")


async def test_sigkill_while_a_round_is_paired(tmp_path: Path) -> None:
    database = tmp_path / "bot.sqlite3"
    flag = tmp_path / "kill-when-pairing"
    flag.write_text("armed")
    async with (
        FakeDiscord(quiet=0.02) as fake,
        BotProcess(fake, database, hooks=[HOOK], env={"LEAGUE_KILL_FLAG": str(flag)}) as bot,
        reading(database) as view,
    ):
        admin = fake.add_member("admin", manage_guild=True)
        people = [fake.add_member(n) for n in ("ada", "bo", "cy", "di")]
        by_id = {p.id: p for p in people}
        leagues = LeagueStore(view.service.store)
        channel = fake.channel("games")
        opened = await fake.slash(
            admin, channel, "league open", game="tokan", format="swiss", rounds=2
        )
        assert "League #1" in opened.content, opened.content

        async def signup_posted() -> bool:
            return bool(fake.messages(channel, r"\(league #1\)"))

        await wait_for(signup_posted, "the sign-up post")
        (signup,) = fake.messages(channel, r"\(league #1\)")
        for person in people:
            said = await fake.click(person, signup, "tt:lg:1")
            assert "You signed up" in said.content, said.content
        await fake.slash(admin, channel, "league start", league=1)

        async def round_open(number: int) -> list[TableRow]:
            league = await leagues.league(1)
            assert league is not None
            tables = [t for t in await leagues.tables(1) if t.round == number]
            return tables if tables and all((t.channel_id or 0) > 0 for t in tables) else []

        async def first_ready() -> bool:
            tables = await round_open(1)
            if not tables:
                return False
            return [(await view.service.by_id(t.match_id)).status for t in tables] == [
                "active"
            ] * len(tables)

        await wait_for(first_ready, "round one's matches")
        first = await round_open(1)
        for t in first:  # seat 0 wins; the last resignation's post pairs round two: killed
            await fake.slash(by_id[t.players[1]], fake.channels[t.channel_id], "tokan resign")
        assert await bot.wait_exit() == -9
        assert not flag.exists()
        # Nothing of round two was committed.
        league = await leagues.league(1)
        assert league is not None and league.round == 1
        assert [t for t in await leagues.tables(1) if t.round == 2] == []
        assert len(await view.service.store.open_match_counts()) == 0

        await bot.start()  # the new process finds round one over and pairs round two, once

        async def second_ready() -> bool:
            tables = await round_open(2)
            if len(tables) != 2:
                return False
            return [(await view.service.by_id(t.match_id)).status for t in tables] == [
                "active"
            ] * len(tables)

        await wait_for(second_ready, "round two's matches")

        async def announced() -> bool:  # the other process delivered what is due (its posts)
            store = view.service.store
            return not await store.due_entries(store.clock.now(), limit=1)

        # A quiet moment of the stand-in is not the end of another process's work (under load
        # it may be asking Discord for the server's locale then): the posts are waited for.
        await wait_for(announced, "round two's posts")
        await fake.settle()
        second = [t for t in await leagues.tables(1) if t.round == 2]
        assert len(second) == 2 and len({t.match_id for t in second}) == 2
        assert len(fake.messages(channel, "round 2 is paired")) == 1
        for t in second:
            assert len(fake.messages(channel, f"Match #{t.match_id} is played")) == 1
        assert sum(1 for c in fake.channels.values() if c.type == 11) == 4  # a thread a match
        for t in second:
            await fake.slash(by_id[t.players[0]], fake.channels[t.channel_id], "tokan resign")

        async def finished() -> bool:
            league = await leagues.league(1)
            return (
                league is not None
                and league.status == "finished"
                and bool(fake.messages(channel, "is over"))
            )

        await wait_for(finished, "the final standings")
        await fake.settle()
        (final,) = fake.messages(channel, "is over")
        everything = await leagues.tables(1)
        expected = recomputed_points(everything, 2)
        assert posted_points(final.content, {p.name: p.id for p in people}) == expected
        posts = Counter(m.nonce for m in fake.posts() if m.nonce)
        assert all(count == 1 for count in posts.values()), posts
