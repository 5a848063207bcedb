"""Leagues below Discord, on both back-ends: refusals that leave everything unchanged, a
round paired once when two calls race, withdrawals, standings with their named tie-breaks,
and the open-tables read (a constant number of statements, whatever the count of lobbies)."""

from __future__ import annotations

import asyncio

import pytest

from data.dberrors import VersionConflict
from data.leagues import LeagueStore
from rules.errors import InvalidMove
from rules.registry import GAMES
from table.errors import NotAllowed
from table.leagues import LeagueError, Leagues
from table.service import MatchService
from table.standings import ROUND_ROBIN, SWISS, Played, standings
from tests.support.backends import Place

GUILD, CHANNEL = 1, 10
ADMIN = 99


@pytest.fixture
async def leagues(place: Place) -> Leagues:
    store = await place.open()
    seeds = iter(range(1000, 9000))
    service = MatchService(store, GAMES, new_seed=lambda: next(seeds))
    return Leagues(service, LeagueStore(store), new_seed=lambda: next(seeds))


async def opened(leagues: Leagues, fmt: str = SWISS, game: str = "tokan", **more) -> int:
    league = await leagues.open(
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator_id=ADMIN,
        game_key=game,
        fmt=fmt,
        options={},
        rounds=more.pop("rounds", 2),
        **more,
    )
    return league.id


async def test_bad_requests_are_refused_and_change_nothing(leagues: Leagues) -> None:
    with pytest.raises(LeagueError, match="no game"):
        await opened(leagues, game="chess")
    with pytest.raises(LeagueError, match="Choose a format"):
        await opened(leagues, fmt="ladder")
    with pytest.raises(LeagueError, match="2 to 2"):
        await opened(leagues, size=3)
    with pytest.raises(LeagueError, match="rounds"):
        await opened(leagues, rounds=0)
    league_id = await opened(leagues)
    await leagues.sign_up(league_id, 1)
    with pytest.raises(LeagueError, match="already signed up"):
        await leagues.sign_up(league_id, 1)
    with pytest.raises(LeagueError, match="needs at least 2"):
        await leagues.begin(league_id, ADMIN, False)
    await leagues.sign_up(league_id, 2)
    with pytest.raises(NotAllowed, match="Only <@99>"):
        await leagues.begin(league_id, 2, False)
    with pytest.raises(LeagueError, match="not playing"):
        await leagues.withdraw(league_id, 3)
    assert (await leagues.get(league_id)).status == "signup"
    await leagues.begin(league_id, ADMIN, False)
    with pytest.raises(LeagueError, match="no longer takes sign-ups"):
        await leagues.sign_up(league_id, 3)
    with pytest.raises(LeagueError, match="already begun"):
        await leagues.begin(league_id, ADMIN, False)
    with pytest.raises(LeagueError, match="does not exist"):
        await leagues.get(12345)


async def test_a_round_is_paired_once_when_two_calls_race(leagues: Leagues) -> None:
    league_id = await opened(leagues)
    for user in (1, 2, 3, 4):
        await leagues.sign_up(league_id, user)
    await leagues.begin(league_id, ADMIN, False)
    store = leagues.store
    for table in await store.tables(league_id):  # every round-one match cancelled: over
        await store.place_match(table.match_id, table.id, 5000 + table.id)
        await leagues.service.cancel(5000 + table.id, "tokan", ADMIN, True)
    begun = (await leagues.get(league_id)).version
    results = await asyncio.gather(*(leagues.advance(league_id) for _ in range(4)))
    assert sum(results) == 1
    league = await leagues.get(league_id)
    assert league.round == 2 and league.version == begun + 1
    second = [t for t in await store.tables(league_id) if t.round == 2]
    assert len(second) == 2
    # A stale league row is refused whole: nothing of a third round is written.
    with pytest.raises(VersionConflict):
        await store.pair(
            league.__class__(**{**league.__dict__, "version": 0}),
            3,
            [(1, 2)],
            [],
            [7],
            "running",
            [],
        )
    assert [t for t in await store.tables(league_id) if t.round == 3] == []


async def test_withdrawn_players_leave_later_pairings(leagues: Leagues) -> None:
    league_id = await opened(leagues, fmt=ROUND_ROBIN, game="toshi", size=3)
    for user in range(1, 7):
        await leagues.sign_up(league_id, user)
    await leagues.begin(league_id, ADMIN, False)
    await leagues.withdraw(league_id, 6)  # before its match has a thread: nothing to resign
    store = leagues.store
    for table in await store.tables(league_id):
        await store.place_match(table.match_id, table.id, 7000 + table.id)
        await leagues.service.cancel(7000 + table.id, "toshi", ADMIN, True)
    assert await leagues.advance(league_id)
    second = [t for t in await store.tables(league_id) if t.round == 2]
    assert all(6 not in t.players for t in second)
    picture = await leagues.picture(league_id)
    assert [r.player for r in picture.rows if r.withdrawn] == [6]


def test_swiss_ties_break_by_buchholz_then_round_robin_by_head_to_head() -> None:
    # A beats B, C beats D; then A beats C, D beats B: A 2, C 1, D 1, B 0.
    played = [
        Played(1, (1, 2), (1, 2)),
        Played(1, (3, 4), (1, 2)),
        Played(2, (1, 3), (1, 2)),
        Played(2, (4, 2), (1, 2)),
    ]
    rows = standings(SWISS, [1, 2, 3, 4], played, {}, 2)
    assert [r.player for r in rows] == [1, 3, 4, 2]
    # C and D both have 1 point: C met A (2) and D (1): Buchholz 3; D met C and B: 1.
    assert rows[1].tiebreaks == (2.0, 3.0) and rows[2].tiebreaks == (1.0, 1.0)
    # Round robin: equal points are split by the game between them (head to head).
    rr = [
        Played(1, (1, 2, 3), (1, 2, 3), (30, 20, 10)),
        Played(2, (1, 2, 3), (3, 1, 2), (5, 40, 20)),
    ]
    rows = standings(ROUND_ROBIN, [1, 2, 3], rr, {}, 3)
    points = {r.player: r.points for r in rows}
    assert points == {1: 2.0, 2: 3.0, 3: 1.0}
    ties = [
        Played(1, (1, 2), (1, 2)),
        Played(1, (3, 4), (1, 2)),
        Played(2, (3, 1), (1, 2)),
        Played(2, (2, 4), (1, 2)),
        Played(3, (1, 4), (1, 2)),
        Played(3, (2, 3), (1, 2)),
    ]
    rows = standings(ROUND_ROBIN, [1, 2, 3, 4], ties, {}, 2)
    # 1, 2, 3 have 2 points each; within them each beat one other: head to head 1 each.
    assert [r.points for r in rows[:3]] == [2.0, 2.0, 2.0] and rows[3].player == 4


async def test_open_lobbies_read_in_three_statements(leagues: Leagues) -> None:
    store = leagues.store
    service = leagues.service
    reads: list[str] = []
    original = service.store.db.read

    async def counted(sql, args=(), *, small=False):  # type: ignore[no-untyped-def]
        reads.append(sql)
        return await original(sql, args, small=small)

    service.store.db.read = counted  # type: ignore[method-assign]
    counts = []
    for channel in range(20, 32):
        await service.create("fishing", GUILD, channel, 500 + channel, {})
        reads.clear()
        lobbies, _ = await store.open_lobbies(GUILD)
        counts.append(len(reads))
        assert len(lobbies) == channel - 19
    assert set(counts) == {3}


async def test_forgetting_a_person_and_deleting_a_server_reach_leagues(leagues: Leagues) -> None:
    from data.erasures import ErasureStore

    league_id = await opened(leagues)
    for user in (1, 2, 3):
        await leagues.sign_up(league_id, user)
    await leagues.begin(league_id, ADMIN, False)
    erasures = ErasureStore(leagues.service.store)
    assert not (await erasures.footprint(3)).empty
    erased = await erasures.erase_person(3)
    assert erased is not None
    entrants = [e.user_id for e in await leagues.store.entrants(league_id)]
    assert 3 not in entrants and erased.former in entrants
    tables = await leagues.store.tables(league_id)
    assert all(3 not in t.players for t in tables)
    assert any(erased.former in t.players for t in tables)
    await erasures.schedule_guild(GUILD, 0.0)
    (erasure,) = await erasures.pending("guild")
    await erasures.delete_guild(erasure)
    assert await leagues.store.league(league_id) is None
    assert await leagues.store.tables(league_id) == []
    assert await leagues.store.entrants(league_id) == []


async def test_a_kept_list_edit_waits_for_none_behind_it(leagues: Leagues) -> None:
    """Coalescing: an edit of the list (or of a sign-up message) with a newer one pending in
    its lane is skipped; the newest is not."""
    from data.leagues import newer_in_lane, tables_entry, tables_lane

    store = leagues.service.store
    first, second = await store.announce(None, [tables_entry(GUILD), tables_entry(GUILD)])
    lane = tables_lane(GUILD)
    assert await newer_in_lane(store, lane, first)
    assert not await newer_in_lane(store, lane, second)
    assert not await newer_in_lane(store, lane, first, '%"do": "signup"%')
    await store.mark_sent(second)
    assert not await newer_in_lane(store, lane, first)


async def test_withdrawals_that_leave_too_few_for_a_final_end_the_tournament(
    leagues: Leagues,
) -> None:
    """Four in a two-player elimination: both players of table 1 withdraw after it ended (a
    withdrawn player never goes through; their tablemate would); when table 2 ends, a final of
    one cannot be seated: the tournament is over instead (no match of one player, which could
    never start, holding the league for ever)."""
    league_id = await opened(leagues, fmt="elimination")
    for user in (1, 2, 3, 4):
        await leagues.sign_up(league_id, user)
    await leagues.begin(league_id, ADMIN, False)
    store = leagues.store
    first, second = await store.tables(league_id)
    await store.place_match(first.match_id, first.id, 8000 + first.id)
    await leagues.service.cancel(8000 + first.id, "tokan", ADMIN, True)  # a draw: seat 0 on
    assert not await leagues.advance(league_id)  # table 2 still plays
    for user in first.players:
        await leagues.withdraw(league_id, user)
    await store.place_match(second.match_id, second.id, 8000 + second.id)
    await leagues.service.cancel(8000 + second.id, "tokan", ADMIN, True)
    assert await leagues.advance(league_id)
    league = await leagues.get(league_id)
    assert league.status == "finished" and league.round == 1
    assert [t for t in await store.tables(league_id) if t.round == 2] == []


async def test_withdrawing_twice_or_from_a_finished_league_is_refused(leagues: Leagues) -> None:
    league_id = await opened(leagues, rounds=1)
    for user in (1, 2):
        await leagues.sign_up(league_id, user)
    await leagues.withdraw(league_id, 2)
    with pytest.raises(LeagueError, match="already withdrawn"):
        await leagues.withdraw(league_id, 2)
    await leagues.cancel(league_id, ADMIN, False)
    with pytest.raises(LeagueError, match="cancelled"):
        await leagues.withdraw(league_id, 1)
    assert [e.withdrawn for e in await leagues.store.entrants(league_id)] == [False, True]


@pytest.mark.parametrize("seconds", [float("inf"), float("nan"), 721 * 3600.0])
async def test_a_sign_up_time_out_of_bounds_is_refused(leagues: Leagues, seconds: float) -> None:
    with pytest.raises(LeagueError, match="hours at most"):
        await opened(leagues, signup_seconds=seconds)
    assert await leagues.store.unfinished() == []


def test_options_that_do_not_parse_are_refused() -> None:
    from cogs.leagues import parse_options

    assert parse_options("variant=base, size: 3") == {"variant": "base", "size": "3"}
    assert parse_options("  ") == {}
    for junk in ("variant", "base please", "variant=base extra"):
        with pytest.raises(LeagueError, match="key=value"):
            parse_options(junk)


async def test_a_sign_up_while_round_one_is_paired_is_paired_too(leagues: Leagues) -> None:
    """Someone signs up after the start read the entrants, before it wrote round one: that
    pairing is refused whole and made again with them (nobody signed up and left unpaired)."""
    league_id = await opened(leagues, rounds=1)
    for user in (1, 2, 3):
        await leagues.sign_up(league_id, user)
    store = leagues.store
    pair = store.pair
    calls = []

    async def late_sign_up(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(args[1])
        if len(calls) == 1:
            await leagues.sign_up(league_id, 4)
        return await pair(*args, **kwargs)

    store.pair = late_sign_up  # type: ignore[method-assign]
    await leagues.begin(league_id, ADMIN, False)
    assert len(calls) == 2
    tables = await store.tables(league_id)
    assert sorted(p for t in tables for p in t.players) == [1, 2, 3, 4]
    assert all(not t.bye for t in tables)


async def test_options_that_do_not_fit_the_leagues_tables_are_refused(leagues: Leagues) -> None:
    """Friendly Fishing at five always plays the large side (four sets): two sets named for
    the small side fit tables of four, not of five."""
    with pytest.raises(InvalidMove, match="5 players always play the large side"):
        await leagues.open(
            guild_id=GUILD,
            channel_id=CHANNEL,
            creator_id=ADMIN,
            game_key="fishing",
            fmt=ROUND_ROBIN,
            options={"side": "small", "sets": "kingfish lunkers"},
            size=5,
        )
    assert await leagues.store.unfinished() == []


async def test_one_who_withdrew_before_the_start_may_sign_up_again(leagues: Leagues) -> None:
    league_id = await opened(leagues, rounds=1)
    for user in (1, 2):
        await leagues.sign_up(league_id, user)
    await leagues.withdraw(league_id, 2)
    await leagues.sign_up(league_id, 2)
    with pytest.raises(LeagueError, match="already signed up"):
        await leagues.sign_up(league_id, 2)
    assert [e.withdrawn for e in await leagues.store.entrants(league_id)] == [False, False]
    await leagues.begin(league_id, ADMIN, False)
    (table,) = await leagues.store.tables(league_id)
    assert sorted(table.players) == [1, 2]


async def test_a_cancel_read_before_a_sign_up_still_cancels(leagues: Leagues) -> None:
    league_id = await opened(leagues, rounds=1)
    store = leagues.store
    cancel = store.cancel

    async def after_a_sign_up(league: int, version: int) -> bool:
        await leagues.sign_up(league_id, 5)  # lands between the read and the write
        store.cancel = cancel  # type: ignore[method-assign]
        return await cancel(league, version)

    store.cancel = after_a_sign_up  # type: ignore[method-assign]
    assert (await leagues.cancel(league_id, ADMIN, False)).status == "cancelled"
    with pytest.raises(LeagueError, match="is cancelled: it cannot be cancelled"):
        await leagues.cancel(league_id, ADMIN, False)
