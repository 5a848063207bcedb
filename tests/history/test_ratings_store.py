"""Ratings derived from the stored matches: the store's finished results read as the ratings
need them (players by seat, winners, scores, resignations, seats whose time ran out, finish
time, server); the ratings equal openskill's own computation over them; cancelled matches do not
count; rebuilding from the store gives the same table as adding the matches one by one; the
bot's cached table is rebuilt when another match finishes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from cogs.history import RatingBook, ratings
from data.clock import ManualClock
from data.store import Store
from table.ratings import GLOBAL, RatingTable, rate
from table.service import MatchService
from tests.support.nim import Nim
from tools.ratings import rebuild, report

ALICE, BOB, CAROL = 100, 200, 300


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    clock = ManualClock()
    store = await Store.open(tmp_path / "r.sqlite3", clock)
    seeds = iter(range(1000, 2000))
    yield MatchService(store, {"nim": Nim()}, new_seed=lambda: next(seeds))
    await store.close()


async def a_match(
    service: MatchService, guild: int, channel: int, players: tuple[int, ...], takes: list[int]
) -> int:
    """A Nim match (pile 7) played with ``takes`` in turn; returns its id."""
    await service.create("nim", guild, channel, players[0], {})
    for user in players[1:]:
        await service.join(channel, "nim", user)
    match = (await service.start(channel, "nim", players[0])).match
    for stones in takes:
        if match.status != "active":  # the last stone is the only choice: played for them
            break
        (user,) = match.to_act()
        match = (await service.move(channel, "nim", user, f"take {stones}")).after
    service.store.clock.advance(60)  # type: ignore[attr-defined]
    return match.id


async def test_finished_results_are_read_from_the_store(service: MatchService):
    store = service.store
    first = await a_match(service, 1, 10, (ALICE, BOB), [3, 3, 1])  # seat 0 takes the last
    # Two players: a resignation ends the match (with three or more the table takes the seat).
    second = await a_match(service, 2, 20, (ALICE, BOB), [2, 2])
    await service.resign(20, "nim", BOB)
    third = await a_match(service, 1, 10, (BOB, CAROL), [1])
    await service.cancel(10, "nim", BOB, is_admin=False)
    results = await store.finished_results()
    assert [r.match_id for r in results] == [first, second]  # the cancelled one is not read
    one, two = results
    row = await store.match(first)
    assert row is not None
    assert one.players == row.players and one.guild_id == 1 and one.game == "nim"
    assert one.winners == (0,) and one.scores == (1, 0)
    assert one.finished < two.finished
    played = (await store.match(second)).players  # type: ignore[union-attr]
    assert two.resigned == (played.index(BOB),)
    assert set(two.winners) == {played.index(ALICE)}
    assert await store.finished_count() == 2
    assert third not in [r.match_id for r in results]


async def test_a_seat_whose_time_ran_out_counts_as_played_by_the_computer(service: MatchService):
    store = service.store
    await store.create_match("nim", 1, 10, ALICE, {"pile": "7"}, 5)
    await store.set_lobby(1, 0, [ALICE, BOB])
    await store.start(1, 1, [ALICE, BOB], {"schema": 1, "state": {}})
    await store.save_move(1, 2, 1, "timeout", None)
    await store.save_move(1, 3, 0, "take 1", None, status="finished", result={"winners": [1]})
    (result,) = await store.finished_results()
    assert result.computer_played == (1,)
    assert result.winners == (1,)


async def test_ratings_from_the_store_equal_openskill_and_a_rebuild(service: MatchService):
    await a_match(service, 1, 10, (ALICE, BOB), [3, 3, 1])  # alice (seat ?) takes the last
    await a_match(service, 1, 10, (BOB, CAROL, ALICE), [1, 1, 1, 1, 1, 1, 1])
    await a_match(service, 2, 20, (CAROL, BOB), [2, 2, 3])
    results = await service.store.finished_results()
    table = rate(results)

    model = PlackettLuce()
    expected: dict[tuple[object, int], object] = {}
    for r in results:
        seats = [1 if seat in r.winners else 2 for seat in range(len(r.players))]
        for scope in (r.guild_id, GLOBAL):
            teams = [[expected.get((scope, u)) or model.rating()] for u in r.players]
            for user, [rating] in zip(r.players, model.rate(teams, ranks=seats), strict=True):
                expected[(scope, user)] = rating
    got = {
        (scope, user): (p.mu, p.sigma)
        for (_, scope), people in table.tables.items()
        for user, p in people.items()
    }
    assert got == pytest.approx(
        {key: (r.mu, r.sigma) for key, r in expected.items()}  # type: ignore[attr-defined]
    )

    one_by_one = RatingTable()
    for r in results:
        one_by_one.add(r)
    rebuilt = rate(reversed(await service.store.finished_results()))
    assert rebuilt == one_by_one == table
    assert rebuilt.leaderboard("nim", 1) == one_by_one.leaderboard("nim", 1)


async def test_the_bot_rebuilds_its_table_when_another_match_finishes(service: MatchService):
    store = service.store
    await a_match(service, 1, 10, (ALICE, BOB), [3, 3, 1])
    first = await ratings(store)
    assert await ratings(store) is first  # nothing new: the same table
    await a_match(service, 1, 10, (ALICE, CAROL), [3, 3, 1])
    second = await ratings(store)
    assert second is not first
    assert second == rate(await store.finished_results())
    assert second.rating("nim", CAROL, 1) is not None
    book = RatingBook()
    assert await book.table(store) == second  # a fresh start rebuilds the same table


async def test_the_script_rebuilds_the_same_table_from_the_file(
    service: MatchService, tmp_path: Path
):
    await a_match(service, 1, 10, (ALICE, BOB), [3, 3, 1])
    await a_match(service, 2, 20, (BOB, CAROL), [2, 2, 2])
    live = await ratings(service.store)
    rebuilt = await rebuild(tmp_path / "r.sqlite3")
    assert rebuilt == live
    text = report(rebuilt)
    assert "nim, server 1:" in text and "nim, all servers:" in text
    assert f"user {ALICE}" in text


async def test_a_match_with_a_computer_seat_is_not_rated(tmp_path):
    """Issue 12: matches with computer players do not count."""
    from data.store import Store
    from rules.registry import GAMES
    from table.computers import computer_id
    from table.service import MatchService

    store = await Store.open(tmp_path / "bots.sqlite3")
    try:
        service = MatchService(store, GAMES, computer_pause=0.0)
        await service.create("tokan", 1, 10, 100, {})
        await service.add_computer(10, "tokan", 100, "easy")
        match = (await service.start(10, "tokan", 100)).match
        await service.resign(10, "tokan", 100)
        (result,) = await store.finished_results()
        assert result.match_id == match.id
        bot_seat = match.seat_of(computer_id("easy", 1))
        assert result.computer_players == (bot_seat,)
        from table.ratings import rated

        assert not rated(result)
    finally:
        await store.close()
