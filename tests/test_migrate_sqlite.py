"""tools/migrate_sqlite.py: a SQLite database of the bot copied into an empty PostgreSQL one.

A real TOKAN match is played on SQLite through the match service, the file is migrated into a
PostgreSQL schema of the test's own (``Place``), and then every table must hold the same rows,
the match must go on with a legal move there, and new rows must get ids after the copied ones.
A target that already holds matches is refused, with nothing changed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from data.clock import ManualClock
from data.erasures import ErasureStore
from data.leagues import LeagueStore
from data.store import Store
from rules.registry import GAMES
from table.leagues import Leagues
from table.service import MatchService
from tests.support.backends import TEST_DATABASE_URL, Place, needs_postgres
from tools import migrate_sqlite
from tools.migrate_sqlite import TABLES, Refused, migrate

CHANNEL, OTHER, GUILD = 7, 8, 1
ALICE, BOB, CAROL = 101, 102, 103
GAME = "tokan"
# The primary key of each table: rows are compared in this order on both sides.
ORDER = {
    "matches": "id",
    "seats": "match_id, user_id",
    "moves": "match_id, version",
    "outbox": "id",
    "timers": "id",
    "users": "user_id",
    "guild_settings": "guild_id",
    "erasures": "id",
    "leagues": "id",
    "league_players": "league_id, user_id",
    "league_tables": "id",
    "league_places": "guild_id",
    "lobby_invites": "match_id, user_id",
    "meta": "key",
}


@pytest.fixture
async def target(tmp_path: Path) -> AsyncIterator[Place]:
    place = Place("postgresql", tmp_path)
    yield place
    await place.close()


def service_on(store: Store) -> MatchService:
    seeds = iter(range(11, 1000))
    return MatchService(store, {GAME: GAMES[GAME]}, new_seed=lambda: next(seeds))


async def first_suggestion(service: MatchService, channel: int) -> tuple[int, str]:
    """The player on turn and the first of their suggested (legal) moves."""
    match = await service.current(channel, GAME)
    user = match.to_act()[0]
    moves, why, _ = await service.suggestions(channel, GAME, user)
    assert moves, why
    return user, moves[0]


async def played_sqlite(path: Path, clock: ManualClock) -> None:
    """A SQLite database with something in every table: a match five moves in (its log,
    outbox entries, turn-clock timers), a cancelled one, a player's settings, a server's, and
    another server's data waiting to be deleted."""
    store = await Store.open(path, clock)
    service = service_on(store)
    await service.create(GAME, GUILD, CHANNEL, ALICE, {})
    await service.join(CHANNEL, GAME, BOB)
    await service.start(CHANNEL, GAME, ALICE)
    for _ in range(5):
        user, move = await first_suggestion(service, CHANNEL)
        await service.move(CHANNEL, GAME, user, move)
        clock.advance(60)
    await service.create(GAME, GUILD, OTHER, CAROL, {})
    await service.cancel(OTHER, GAME, CAROL, is_admin=False)
    await store.set_dm_closed(BOB, True)
    await service.turns.clocks.set_guild_clock(GUILD, "24h")
    await ErasureStore(store).schedule_guild(GUILD + 1, clock.now() + 30 * 86400)
    # A league begun (its players, its first round's table and match), a server's list
    # channel, and a lobby for invited people only.
    leagues = Leagues(service, LeagueStore(store), new_seed=lambda: 5)
    league = await leagues.open(
        guild_id=GUILD,
        channel_id=OTHER,
        creator_id=ALICE,
        game_key=GAME,
        fmt="swiss",
        options={},
        rounds=1,
    )
    for user in (ALICE, BOB):
        await leagues.sign_up(league.id, user)
    await leagues.begin(league.id, ALICE, True)
    await LeagueStore(store).set_places(GUILD, list_channel=OTHER + 1, league_role=None)
    await service.create(GAME, GUILD, OTHER + 2, CAROL, {}, invites=[BOB])
    await store.close()


def sqlite_rows(path: Path, table: str) -> list[tuple[Any, ...]]:
    """The rows as stored (read with sqlite3, so no opening of the store writes to it)."""
    conn = sqlite3.connect(path)
    try:
        return [tuple(r) for r in conn.execute(f"SELECT * FROM {table} ORDER BY {ORDER[table]}")]
    finally:
        conn.close()


async def postgres_rows(store: Store, table: str) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in await store._read(f"SELECT * FROM {table} ORDER BY {ORDER[table]}")]


@needs_postgres
async def test_every_row_is_copied_and_the_match_goes_on(
    tmp_path: Path, target: Place, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = ManualClock()
    path = tmp_path / "bot.sqlite3"
    await played_sqlite(path, clock)
    assert await migrate_sqlite.run([str(path), TEST_DATABASE_URL, "--schema", target.schema]) == 0
    printed = capsys.readouterr().out
    before = {table: sqlite_rows(path, table) for table in TABLES}
    for table in TABLES:
        if table == "meta":
            continue
        assert before[table], f"the played database has rows in {table}"
        assert f"{table} " in printed and f" {len(before[table])}\n" in printed

    store = await target.open(clock)
    for table in TABLES:
        after = await postgres_rows(store, table)
        if table == "meta":  # opening a store notes when; the instance id must come along
            assert dict(after)["instance"] == dict(before[table])["instance"]
            continue
        assert after == before[table], table

    # The match goes on: the player on turn makes a legal move on PostgreSQL.
    service = service_on(store)
    match = await service.current(CHANNEL, GAME)
    user, move = await first_suggestion(service, CHANNEL)
    result = await service.move(CHANNEL, GAME, user, move)
    assert result.after.version == match.version + 1
    log = await store.moves(match.id)
    copied = [row[1] for row in before["moves"] if row[0] == match.id]
    assert [m.version for m in log] == [*copied, match.version + 1]
    assert log[-1].move == move

    # New rows get ids after the copied ones: no collision with what was migrated.
    max_outbox = max(row[0] for row in before["outbox"])
    max_timer = max(row[0] for row in before["timers"])
    assert min(result.entries) == max_outbox + 1
    timer_ids = [row[0] for row in await postgres_rows(store, "timers")]
    assert max(timer_ids) > max_timer and len(timer_ids) == len(set(timer_ids))
    made = await service.create(GAME, GUILD, 9, CAROL, {})
    assert made.match.id == max(row[0] for row in before["matches"]) + 1


@needs_postgres
async def test_a_target_holding_matches_is_refused(
    tmp_path: Path, target: Place, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = ManualClock()
    path = tmp_path / "bot.sqlite3"
    await played_sqlite(path, clock)
    store = await target.open(clock)
    await service_on(store).create(GAME, GUILD, 99, CAROL, {})
    before = {table: await postgres_rows(store, table) for table in TABLES if table != "meta"}

    assert await migrate_sqlite.run([str(path), TEST_DATABASE_URL, "--schema", target.schema]) == 1
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.count("\n") == 1
    assert "already holds 1 matches" in said.err

    for table, rows in before.items():  # nothing was copied
        assert await postgres_rows(store, table) == rows


async def test_a_missing_sqlite_file_is_refused_before_connecting(tmp_path: Path) -> None:
    # No PostgreSQL is needed: the file is looked for first (Store.open would make one).
    missing = tmp_path / "nothing.sqlite3"
    with pytest.raises(Refused, match="no SQLite database"):
        await migrate(missing, "postgresql://nobody@127.0.0.1:1/none")
    assert not missing.exists()
