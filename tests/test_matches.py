"""The store and the match service, on real aiosqlite files (no Discord involved)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from data.store import MIGRATIONS, Store, VersionConflict
from rules.errors import GameOver, IllegalMove, InvalidMove, NotYourTurn
from table.errors import ChannelBusy, LobbyError, NoMatchHere, NotAllowed, NotAPlayer, StaleMove
from table.service import MatchService
from tests.support.backends import Place
from tests.support.nim import Nim

GUILD, CHANNEL, OTHER_CHANNEL = 1, 10, 11
ALICE, BOB, CAROL, MALLORY = 100, 200, 300, 666


@pytest.fixture
async def service(place: Place):
    store = await place.open()
    seeds = iter(range(1000, 2000))
    return MatchService(store, {"nim": Nim()}, new_seed=lambda: next(seeds))


async def started(service: MatchService, players=(ALICE, BOB)):
    await service.create("nim", GUILD, CHANNEL, players[0], {})
    for user in players[1:]:
        await service.join(CHANNEL, "nim", user)
    return (await service.start(CHANNEL, "nim", players[0])).match


def on_turn(match) -> int:
    (user,) = match.to_act()
    return user


async def test_schema_is_migrated_in_wal_mode(tmp_path: Path):
    store = await Store.open(tmp_path / "m.sqlite3")
    assert await store.schema_version() == len(MIGRATIONS)
    async with store._db.execute("PRAGMA journal_mode") as cursor:
        assert (await cursor.fetchone())[0] == "wal"
    await store.close()
    again = await Store.open(tmp_path / "m.sqlite3")  # reopening migrates nothing twice
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_lobby_lifecycle(service: MatchService):
    match = (await service.create("nim", GUILD, CHANNEL, ALICE, {"pile": "12"})).match
    assert match.status == "lobby" and match.players == (ALICE,)
    assert match.options == {"pile": "12"}
    match = (await service.join(CHANNEL, "nim", BOB)).match
    assert match.players == (ALICE, BOB)
    with pytest.raises(LobbyError, match="already joined"):
        await service.join(CHANNEL, "nim", BOB)
    match = (await service.leave(CHANNEL, "nim", BOB)).match
    assert match.players == (ALICE,)
    with pytest.raises(LobbyError, match="needs 2–3 players"):
        await service.start(CHANNEL, "nim", ALICE)
    await service.join(CHANNEL, "nim", BOB)
    with pytest.raises(NotAllowed, match="Only <@100>"):
        await service.start(CHANNEL, "nim", BOB)
    match = (await service.start(CHANNEL, "nim", ALICE)).match
    assert match.status == "active" and sorted(match.players) == [ALICE, BOB]
    with pytest.raises(LobbyError, match="already started"):
        await service.join(CHANNEL, "nim", CAROL)


async def test_bad_option_is_refused_with_the_choices(service: MatchService):
    with pytest.raises(InvalidMove, match="choose one of: 7, 12"):
        await service.create("nim", GUILD, CHANNEL, ALICE, {"pile": "99"})
    with pytest.raises(NoMatchHere):
        await service.current(CHANNEL)


async def test_one_open_match_per_channel(service: MatchService):
    first = (await service.create("nim", GUILD, CHANNEL, ALICE, {})).match
    with pytest.raises(ChannelBusy, match=f"#{first.id}"):
        await service.create("nim", GUILD, CHANNEL, BOB, {})
    other = (await service.create("nim", GUILD, OTHER_CHANNEL, BOB, {})).match
    # Ids grow; PostgreSQL's sequence may skip the number the refused lobby drew.
    assert other.id > first.id
    assert (await service.current(CHANNEL)).id == first.id


async def test_a_full_lobby_refuses(service: MatchService):
    await service.create("nim", GUILD, CHANNEL, ALICE, {})
    await service.join(CHANNEL, "nim", BOB)
    await service.join(CHANNEL, "nim", CAROL)
    with pytest.raises(LobbyError, match="full"):
        await service.join(CHANNEL, "nim", MALLORY)


async def test_moves_are_saved_logged_and_replayable(service: MatchService):
    match = await started(service)
    first = on_turn(match)
    result = await service.move(CHANNEL, "nim", first, "take 2")
    assert result.move_text == "take 2" and result.description == "took 2, 5 left"
    assert result.after.version == match.version + 1
    assert result.after.state.pile == 5
    log = await service.store.moves(match.id)
    assert [(m.version, m.seat, m.move) for m in log] == [(result.after.version, 0, "take 2")]
    assert await service.replay(match.id) == result.after.state


async def test_stranger_wrong_turn_and_illegal_moves_change_nothing(service: MatchService):
    match = await started(service)
    first = on_turn(match)
    second = BOB if first == ALICE else ALICE
    with pytest.raises(NotAPlayer, match="not playing"):
        await service.move(CHANNEL, "nim", MALLORY, "take 1")
    with pytest.raises(NotYourTurn):
        await service.move(CHANNEL, "nim", second, "take 1")
    with pytest.raises(InvalidMove, match="`grab 1` is not a move"):
        await service.move(CHANNEL, "nim", first, "grab 1")
    with pytest.raises(IllegalMove, match="Legal now: `take 1`"):
        await service.move(CHANNEL, "nim", first, "take 4")
    again = await service.current(CHANNEL, "nim")
    assert again.version == match.version and again.state == match.state
    assert await service.store.moves(match.id) == []


async def test_a_stale_version_is_refused(service: MatchService):
    match = await started(service)
    first = on_turn(match)
    await service.move_by_index(match.id, first, match.version, 0)
    second = on_turn(await service.current(CHANNEL))
    with pytest.raises(StaleMove, match="out of date"):
        await service.move_by_index(match.id, second, match.version, 0)


async def test_concurrent_moves_one_wins_the_other_is_refused(service: MatchService):
    match = await started(service)
    first = on_turn(match)
    results = await asyncio.gather(
        service.move(CHANNEL, "nim", first, "take 1", expected_version=match.version),
        service.move(CHANNEL, "nim", first, "take 2", expected_version=match.version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleMove) for r in results) == 1
    assert len(await service.store.moves(match.id)) == 1


async def test_the_store_itself_refuses_a_stale_save(service: MatchService):
    match = await started(service)
    await service.store.save_move(match.id, match.version, 0, "take 1", {"x": 1})
    with pytest.raises(VersionConflict):
        await service.store.save_move(match.id, match.version, 0, "take 1", {"x": 2})
    assert len(await service.store.moves(match.id)) == 1


async def test_finishing_frees_the_channel(service: MatchService):
    match = await started(service)
    while match.status == "active":
        match = (await service.move(CHANNEL, "nim", on_turn(match), "take 1")).after
    assert match.status == "finished" and match.result["winners"] == [match.state.last_taker]
    with pytest.raises(NoMatchHere):
        await service.current(CHANNEL)
    with pytest.raises(GameOver):
        await service.move_by_index(match.id, ALICE, match.version, 0)
    await service.create("nim", GUILD, CHANNEL, BOB, {})


async def test_resign_and_cancel(service: MatchService):
    # Two players: a resignation ends the match and the other wins (with three or more, the
    # table takes the seat and the others play on: tests/test_timers.py).
    match = await started(service, (ALICE, BOB))
    with pytest.raises(NotAPlayer):
        await service.resign(CHANNEL, "nim", MALLORY)
    done = (await service.resign(CHANNEL, "nim", BOB)).match
    assert done.status == "finished"
    assert done.result["winners"] == [match.seat_of(ALICE)]
    await service.create("nim", GUILD, CHANNEL, ALICE, {})
    with pytest.raises(NotAllowed, match="Manage Server"):
        await service.cancel(CHANNEL, "nim", BOB, is_admin=False)
    cancelled = (await service.cancel(CHANNEL, "nim", BOB, is_admin=True)).match
    assert cancelled.status == "cancelled"


async def test_a_reopened_database_loses_nothing(tmp_path: Path):
    path = tmp_path / "restart.sqlite3"
    store = await Store.open(path)
    service = MatchService(store, {"nim": Nim()}, new_seed=lambda: 42)
    match = await started(service)
    played = await service.move(CHANNEL, "nim", on_turn(match), "take 3")
    await store.close()

    store = await Store.open(path)
    service = MatchService(store, {"nim": Nim()})
    again = await service.current(CHANNEL, "nim")
    assert again.state == played.after.state and again.version == played.after.version
    assert again.players == match.players
    await service.move(CHANNEL, "nim", on_turn(again), "take 1")
    await store.close()


async def test_wrong_game_command_names_the_right_one(service: MatchService):
    await service.create("nim", GUILD, CHANNEL, ALICE, {})
    with pytest.raises(NoMatchHere, match="is Nim: use `/nim`"):
        await service.current(CHANNEL, "tokan")


async def test_legal_moves_only_for_the_seat_on_turn(service: MatchService):
    match = await started(service)
    first = on_turn(match)
    second = BOB if first == ALICE else ALICE
    # Suggestions carry the version they are offered for (so a stale choice is recognised).
    assert await service.suggestions(CHANNEL, "nim", first) == (
        ["take 1", "take 2", "take 3"],
        None,
        match.version,
    )
    assert await service.suggestions(CHANNEL, "nim", first, "2") == (
        ["take 2"],
        None,
        match.version,
    )
    assert await service.suggestions(CHANNEL, "nim", second) == (
        [],
        "It is not your turn: waiting for take stones.",
        0,
    )
    assert await service.suggestions(CHANNEL, "nim", MALLORY) == (
        [],
        "You are not playing in match #1; you can watch it.",
        0,
    )
    moves, reason, _ = await service.suggestions(OTHER_CHANNEL, "nim", first)
    assert moves == [] and "no open match" in reason
