"""`/<game> new bots:<n> level:<…>` at the service level: which counts are refused before a
lobby exists, and how the seats are filled (through `add_computer`, as `addbot` does)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data.store import Store
from rules.registry import GAMES
from table.computer_turns import seat_computers, take_turn
from table.computers import ComputersRefused, check_computers, computer_id
from table.history import effective_moves
from table.service import MatchService
from tests.support.thinking import decide_here, think_all

GUILD, CHANNEL, ALICE, BOB = 1, 10, 100, 200


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    store = await Store.open(tmp_path / "bots.sqlite3")
    yield MatchService(store, GAMES, computer_pause=0.0)
    await store.close()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_count_that_leaves_the_creator_a_seat_is_accepted(key):
    spec = GAMES[key].spec
    for count in range(spec.max_players):
        check_computers(spec, count, "hard")
    with pytest.raises(ComputersRefused) as refused:
        check_computers(spec, spec.max_players, "hard")
    most = spec.max_players - 1
    assert f"{spec.name} seats at most {spec.max_players} players" in str(refused.value)
    assert f"choose at most {most} bot" in str(refused.value)


def test_tokan_leaves_room_for_one_bot_only_and_says_so_in_the_singular():
    with pytest.raises(ComputersRefused, match=r"choose at most 1 bot\.$"):
        check_computers(GAMES["tokan"].spec, 2, "easy")


def test_a_negative_count_and_an_unknown_level_are_refused():
    spec = GAMES["tonari"].spec
    with pytest.raises(ComputersRefused, match="cannot be negative"):
        check_computers(spec, -1, "easy")
    with pytest.raises(ComputersRefused, match="easy, normal, hard"):
        check_computers(spec, 1, "brutal")


async def test_seated_computers_follow_the_creator_numbered_and_announced(service):
    opened = await service.create("fishing", GUILD, CHANNEL, ALICE, {})
    done = await seat_computers(service, opened, ALICE, "hard", 3)
    assert done.match.status == "lobby"
    assert done.match.players == (ALICE, *(computer_id("hard", n) for n in (1, 2, 3)))
    # Every step is announced: the opening post and one "joined" per computer seat.
    assert set(opened.entries) < set(done.entries)
    assert len(done.entries) > len(opened.entries)
    posts = [e.payload for e in await service.store.outbox(done.match.id) if e.kind == "post"]
    assert [p["event"] for p in posts] == ["opened", "joined", "joined", "joined"]
    assert [p["user"] for p in posts[1:]] == list(done.match.players[1:])
    started = await service.start(CHANNEL, "fishing", ALICE)
    assert sorted(started.match.players) == sorted(done.match.players)


async def test_a_person_may_still_join_beside_the_bots_until_the_table_is_full(service):
    opened = await service.create("tonga", GUILD, CHANNEL, ALICE, {})
    done = await seat_computers(service, opened, ALICE, "easy", 2)
    joined = await service.join(CHANNEL, "tonga", BOB)
    assert joined.match.players == (ALICE, computer_id("easy", 1), computer_id("easy", 2), BOB)
    assert len(done.match.players) == 3


async def test_a_computer_seat_never_plays_on_a_board_its_opponent_took_back(service):
    """ALICE moves, which leaves the computer seat to decide (a think entry for that board);
    she takes the move back before it decides: the entry finds the board gone and plays
    nothing; on her next move the computer seat decides on the board as it stands."""
    opened = await service.create("tokan", GUILD, CHANNEL, ALICE, {})
    await seat_computers(service, opened, ALICE, "easy", 1)
    match = (await service.start(CHANNEL, "tokan", ALICE)).match
    if ALICE not in match.to_act():
        (first,) = await think_all(service, match.id)
        match = first.after
    seat = match.seat_of(ALICE)
    text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
    moved = (await service.move(CHANNEL, "tokan", ALICE, text)).after
    assert ALICE not in moved.to_act()
    _, taken_back = await service.undo(CHANNEL, "tokan", ALICE)
    assert taken_back == text
    assert await think_all(service, match.id) == []
    assert ALICE in (await service.by_id(match.id)).to_act()
    moved = (await service.move(CHANNEL, "tokan", ALICE, text)).after
    # It reads the moves that stand: neither the undo nor the move it took back.
    seen_logs = []

    async def decide(level, seed, key, view, seat, seen):
        seen_logs.append(seen)
        return await decide_here(level, seed, key, view, seat, seen)

    (entry,) = [
        e
        for e in await service.store.outbox(match.id)
        if e.kind == "think" and e.payload["version"] == moved.version
    ]
    reply = await take_turn(service, match.id, entry.payload["seat"], moved.version, decide)
    assert reply is not None and reply.before.version == moved.version
    assert reply.after.to_act() == (ALICE,)
    logged = await service.store.moves(match.id)
    assert [text for _, text in seen_logs[0]] == [m.move for m in effective_moves(logged[:-1])]
    assert "undo" in [m.move for m in logged] and "undo" not in [t for _, t in seen_logs[0]]


async def test_the_last_resort_of_a_computer_seat_plays_a_seeded_legal_move(service):
    """When the search's and the policy's moves are refused (they should not be), a seeded
    pick among the legal moves keeps the match going."""
    opened = await service.create("fishing", GUILD, CHANNEL, ALICE, {})
    await seat_computers(service, opened, ALICE, "easy", 2)
    match = (await service.start(CHANNEL, "fishing", ALICE)).match
    while ALICE in match.to_act():
        seat = match.seat_of(ALICE)
        text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
        match = (await service.move(CHANNEL, "fishing", ALICE, text)).after
    (seat,) = match.game.to_act(match.state)
    played = await take_turn(service, match.id, seat, match.version, None)
    assert played is not None and played.seat == seat
    (logged,) = [m for m in await service.store.moves(match.id) if m.version == match.version + 1]
    legal = [match.game.format(match.state, m) for m in match.game.legal_moves(match.state, seat)]
    assert logged.seat == seat and logged.move in legal
