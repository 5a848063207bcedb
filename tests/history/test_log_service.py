"""The log and the replay of a finished match of every game, as the bot builds them from the
stored log (``cogs.history``), equal what was posted during play: each line is the move post's
words (mover and public description, forced moves included), each replay frame is the state the
post at that version showed, the last frame the final state with the final scores. In the log,
a face-down card is named only to its owner."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.herald import description_of
from cogs.history import last_caption, log_lines, log_pages, replay_captions
from cogs.messages import told
from data.store import Store
from rules import rng
from rules.registry import GAMES
from table.history import replay_frames
from table.match import Match
from table.service import MatchService

GUILD, CHANNEL = 1, 10
USERS = (101, 102, 103, 104, 105)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    store = await Store.open(tmp_path / "l.sqlite3")
    yield MatchService(store, GAMES, new_seed=lambda: 11)
    await store.close()


async def finished(service: MatchService, key: str, players: int) -> Match:
    await service.create(key, GUILD, CHANNEL, USERS[0], {})
    for user in USERS[1:players]:
        await service.join(CHANNEL, key, user)
    match = (await service.start(CHANNEL, key, USERS[0])).match
    draw = rng.stream(11, "log-service")
    while match.status == "active":
        game, state = match.game, match.state
        seat = game.to_act(state)[0]
        move = game.playout_move(state, seat, draw)
        text = game.format(state, move)
        match = (await service.move(CHANNEL, key, match.user_at(seat), text)).after
    return match


def posted_lines(match: Match, payloads: list[dict], names=None) -> list[str]:
    """What the move posts said, one line per log entry (a forced move has its own entry)."""
    lines = []
    for post in payloads:
        lines.append(told(match, post["seat"], description_of(post), names))
        for forced in post.get("forced", ()):
            lines.append(told(match, forced["seat"], description_of(forced), names))
    return lines


@pytest.mark.parametrize("key", list(GAMES))
async def test_log_and_replay_equal_what_was_posted(service: MatchService, key: str):
    game = GAMES[key]
    match = await finished(service, key, game.spec.min_players)
    entries = await service.store.moves(match.id)
    posts = [
        e.payload
        for e in await service.store.outbox(match.id)
        if e.kind == "post" and e.payload["event"] == "move"
    ]
    said = posted_lines(match, posts)
    lines = log_lines(match, entries, None)
    assert [line.split(". ", 1)[1] for line in lines] == said
    assert [int(line.split(".", 1)[0]) for line in lines] == list(range(1, len(entries) + 1))
    book = log_pages(match, entries, None)
    assert all(len(page) <= 1800 for page in book)
    assert "\n".join(book).split("\n") == lines

    frames = replay_frames(game, match.row.seed, len(match.players), match.options, entries)
    assert len(frames) == len(entries) + 1
    for (state, _), entry in zip(frames, entries, strict=False):
        assert state == await service.state_at(match, entry.version)  # what that post drew
    assert frames[-1][0] == match.state
    assert frames[-1][1].startswith("Final scores: ")
    names = [f"player{i}" for i in range(len(match.players))]
    captions = replay_captions(match, entries, names)
    assert [c.split(". ", 1)[1] for c in captions] == posted_lines(match, posts, names)


async def test_toshi_log_names_face_down_cards_to_their_owner_only(service: MatchService):
    match = await finished(service, "toshi", 3)
    entries = await service.store.moves(match.id)
    public = log_lines(match, entries, None)
    assert any("a card face down" in line for line in public)
    for seat in range(3):
        own = log_lines(match, entries, seat)
        for entry, shown, mine in zip(entries, public, own, strict=True):
            if entry.seat != seat:
                assert mine == shown  # others' moves read as the channel saw them
            elif "a card face down" in shown:
                assert "a card face down" not in mine  # their own card is named to them


async def test_a_replay_of_a_match_a_resignation_ended_says_who_won(service: MatchService):
    """Two of three resign: the first hands the seat to the table and play goes on, the
    second ends the match. The log tells the two apart only by what followed; the replay's last
    caption names the winner from the stored result, and the ratings count the seat the table
    played as the computer's."""
    key = "fishing"
    await service.create(key, GUILD, CHANNEL, USERS[0], {})
    for user in USERS[1:3]:
        await service.join(CHANNEL, key, user)
    match = (await service.start(CHANNEL, key, USERS[0])).match
    first, second = match.user_at(0), match.user_at(1)
    await service.resign(CHANNEL, key, first)
    match = await service.by_id(match.id)
    for _ in range(3):  # play goes on, the table playing the first seat
        (seat,) = match.game.to_act(match.state)
        text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
        if seat == 0:
            await service.move_for_computer(match.id, 0, text, match.version)
        else:
            await service.move(CHANNEL, key, match.user_at(seat), text)
        match = await service.by_id(match.id)
    await service.resign(CHANNEL, key, second)
    match = await service.by_id(match.id)
    assert match.status == "finished" and match.result is not None
    assert match.result["winners"] == [2] and match.result["table"] == [0]
    entries = await service.store.moves(match.id)
    names = ["ann", "ben", "cat"]
    lines = log_lines(match, entries, None, names)
    assert lines[0] == "1. ann (A) resigned: the table played their seat from then on."
    assert lines[-1] == "5. ben (B) resigned."
    frames = replay_frames(GAMES[key], match.row.seed, 3, match.options, entries)
    caption = last_caption(match, frames[-1][1], names)
    assert caption == (
        "Seat 2 (B) resigned. Winner: Seat 3 (C). "
        "(ann is Seat 1 (A), ben is Seat 2 (B), cat is Seat 3 (C).)"
    )
    (rated,) = await service.store.finished_results()
    assert rated.computer_played == (0,)
