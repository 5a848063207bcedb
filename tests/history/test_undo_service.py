"""The fair undo through the match service, on a real database with every game: allowed for a
quiet last move (the state saved is the replay of the moves that stand, which is the state
before that move), refused once another seat acted, after a reveal, when the option is off, and
after the end; the log stays append-only and the channel is told; the ``undo`` option is the
table's (stored beside the game's options, never handed to the game's setup)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from data.store import Store
from rules import rng
from rules.errors import GameOver, InvalidMove
from rules.registry import GAMES
from table.errors import NotAPlayer
from table.history import UNDO, CannotUndo, Entry, plan_undo, replay_state
from table.match import Match
from table.service import MatchService
from tests.history.support import playout

GUILD, CHANNEL = 1, 10
USERS = (101, 102, 103, 104, 105)
REVEALED = "revealed something new"
SEED = 7


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    store = await Store.open(tmp_path / "u.sqlite3")
    yield MatchService(store, GAMES, new_seed=lambda: SEED)
    await store.close()


async def started(service: MatchService, key: str, players: int, **options: str) -> Match:
    await service.create(key, GUILD, CHANNEL, USERS[0], options)
    for user in USERS[1:players]:
        await service.join(CHANNEL, key, user)
    return (await service.start(CHANNEL, key, USERS[0])).match


async def play(service: MatchService, match: Match, draw: Any) -> tuple[Match, int, Any, Any]:
    """One playout move by the first seat to act: (match after, seat, move, state before)."""
    game, state = match.game, match.state
    seat = game.to_act(state)[0]
    move = game.playout_move(state, seat, draw)
    result = await service.move(
        CHANNEL, match.row.game, match.user_at(seat), game.format(state, move)
    )
    return result.after, seat, move, state


async def undo_posts(service: MatchService, match_id: int) -> list[dict[str, Any]]:
    return [
        e.payload
        for e in await service.store.outbox(match_id)
        if e.kind == "post" and e.payload["event"] == "undo"
    ]


@pytest.mark.parametrize("key", list(GAMES))
async def test_a_quiet_move_is_taken_back_and_play_goes_on(service: MatchService, key: str):
    game = GAMES[key]
    match = await started(service, key, game.spec.max_players)
    draw = rng.stream(SEED, "undo-service")
    for _ in range(400):
        before_version = match.version
        match, seat, move, before = await play(service, match, draw)
        quiet = not game.reveals(before, seat, move, match.state)
        if quiet and match.status == "active" and match.version == before_version + 1:
            break
    else:
        raise AssertionError("no quiet move in 400")
    done, taken = await service.undo(CHANNEL, key, match.user_at(seat))
    after = done.match
    assert taken == game.format(before, move)
    assert after.state == before  # the state before that move ...
    assert await service.replay(after.id) == after.state  # ... is the replay of the log
    assert await service.state_at(after, after.version) == before
    log = await service.store.moves(after.id)
    assert (log[-2].move, log[-1].move, log[-1].seat) == (taken, UNDO, seat)  # append-only
    assert after.version == before_version + 2
    (post,) = await undo_posts(service, after.id)
    # The decision is the player's again, and the post says when its time runs out.
    assert list(post.pop("clock")["deadlines"]) == [str(seat)]
    assert post == {
        "event": "undo",
        "version": after.version,
        "seat": seat,
        "user": after.user_at(seat),
        "move": taken,
    }
    # The same move again gives the same position as before the undo.
    again = await service.move(CHANNEL, key, after.user_at(seat), taken)
    assert again.after.state == match.state
    assert await service.replay(after.id) == again.after.state


@pytest.mark.parametrize("key", list(GAMES))
async def test_refused_once_another_seat_acted(service: MatchService, key: str):
    game = GAMES[key]
    match = await started(service, key, game.spec.min_players)
    draw = rng.stream(SEED, "acted")
    for _ in range(400):
        match, first, _, _ = await play(service, match, draw)
        if match.status == "active" and game.to_act(match.state)[0] != first:
            break
    match, other, _, _ = await play(service, match, draw)
    assert other != first
    with pytest.raises(CannotUndo, match="has acted since your last move"):
        await service.undo(CHANNEL, key, match.user_at(first))
    assert (await service.by_id(match.id)).version == match.version  # nothing saved
    assert await undo_posts(service, match.id) == []


@pytest.mark.parametrize("key", list(GAMES))
async def test_refused_when_the_match_says_undo_off(service: MatchService, key: str):
    game = GAMES[key]
    match = await started(service, key, game.spec.min_players, undo="off")
    assert match.options["undo"] == "off"
    assert match.state == game.setup(
        game.spec.min_players, game.spec.resolve_options({}), SEED
    )  # the game's setup never saw the table's option
    match, seat, _, _ = await play(service, match, rng.stream(SEED, "off"))
    with pytest.raises(CannotUndo, match="Undo is off in this match"):
        await service.undo(CHANNEL, key, match.user_at(seat))


@pytest.mark.parametrize(("key", "wanted"), [("tonga", "any"), ("toshi", "play")])
async def test_refused_after_a_move_that_revealed(service: MatchService, key: str, wanted: str):
    """Tonga Bonga rolls dice; Toshi Tōshi plays cards from hidden hands."""
    game = GAMES[key]
    match = await started(service, key, game.spec.max_players)
    draw = rng.stream(SEED, "reveal")
    for _ in range(400):
        match, seat, move, before = await play(service, match, draw)
        shown = game.reveals(before, seat, move, match.state)
        if (
            shown
            and match.status == "active"
            and (wanted == "any" or game.format(before, move).startswith(wanted))
        ):
            break
    else:
        raise AssertionError("no revealing move in 400")
    version = match.version
    with pytest.raises(CannotUndo, match=REVEALED):
        await service.undo(CHANNEL, key, match.user_at(seat))
    assert (await service.by_id(match.id)).version == version


async def test_toshi_a_build_taken_back_sends_the_builder_their_hand_again(service: MatchService):
    game = GAMES["toshi"]
    match = await started(service, "toshi", 3)
    draw = rng.stream(SEED, "build")
    for _ in range(400):
        match, seat, move, before = await play(service, match, draw)
        if game.format(before, move).startswith("build") and match.status == "active":
            break
    else:
        raise AssertionError("no build in 400")
    done, _ = await service.undo(CHANNEL, "toshi", match.user_at(seat))
    dms = [e.payload for e in await service.store.entries(done.entries) if e.kind == "dm"]
    # ("call": whether the DM may notify: not here, the builder was deciding already.)
    views = [{k: v for k, v in dm.items() if k != "call"} for dm in dms]
    assert {"seat": seat, "user": match.user_at(seat), "version": done.match.version} in views
    assert game.private_text(done.match.state, seat) == game.private_text(before, seat)


async def test_refused_to_strangers_and_after_the_end(service: MatchService):
    match = await started(service, "tokan", 2)
    with pytest.raises(NotAPlayer):
        await service.undo(CHANNEL, "tokan", 999)
    with pytest.raises(CannotUndo, match="no move to take back"):
        await service.undo(CHANNEL, "tokan", match.user_at(0))
    await service.resign(CHANNEL, "tokan", match.user_at(1))
    with pytest.raises(Exception) as refused:
        await service.undo(CHANNEL, "tokan", match.user_at(0))
    assert "no open match" in str(refused.value).lower() or isinstance(refused.value, GameOver)


async def test_a_bad_undo_option_is_refused(service: MatchService):
    with pytest.raises(InvalidMove, match="undo is on or off"):
        await service.create("tokan", GUILD, CHANNEL, USERS[0], {"undo": "maybe"})
    on = (await service.create("tokan", GUILD, CHANNEL, USERS[0], {"undo": "on"})).match
    assert on.options == {"scoring": "towers"}  # on is the default: nothing stored


# -- forced moves go with the move that led to them ------------------------------------------
def test_a_forced_move_of_the_same_seat_is_taken_back_with_the_move() -> None:
    """Tonari: a card placed, then the only trade left, played by the table for that seat."""
    game = GAMES["tonari"]
    played = playout(game, 2, seed=3)
    index = 4  # found by search: entries[3] chosen, entries[4] forced, both by seat 1
    assert game.forced_move(played.states[index]) == (0, played.moves[index])
    assert game.forced_move(played.states[index - 1]) is None
    log = played.entries[: index + 1]
    plan = plan_undo(game, log, 0, played.options, seed=3, players=2)
    assert (plan.count, plan.move) == (2, played.entries[index - 1].move)
    assert plan.state == played.states[index - 1]
    undone = [*log, Entry(0, UNDO), Entry(0, UNDO)]
    assert replay_state(game, 3, 2, played.options, undone) == plan.state


def test_a_forced_move_that_revealed_keeps_the_move() -> None:
    """Toshi Tōshi: a move, then the only card left played from the hand (a reveal)."""
    game = GAMES["toshi"]
    played = playout(game, 3, seed=0)
    index = 63
    assert game.forced_move(played.states[index]) == (0, played.moves[index])
    with pytest.raises(CannotUndo, match=REVEALED):
        plan_undo(game, played.entries[: index + 1], 0, played.options, seed=0, players=3)
