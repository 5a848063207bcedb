"""Plays matches through the real discord.py client and the local Discord stand-in.

The driver acts like the players: it opens a match with `/<game> new`, joins with the Join
button, starts, then, for each decision, asks autocomplete for suggestions and sends one of them
with `/<game> move`. Which suggestion is chosen comes from the game's playout policy (peeking at
the stored state, as a thinking player would look at the board), and the driver checks that the
chosen move is among the suggestions before sending it.
"""

from __future__ import annotations

import asyncio
import io
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from app.application import Tidetable
from rules import rng
from table.match import Match
from tests.fakediscord import FakeDiscord

MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class Table:
    """One match being played: the stand-in, the bot, the channel and the players."""

    fake: FakeDiscord
    bot: Tidetable
    channel: object
    key: str
    users: list[object]
    match_id: int

    async def match(self) -> Match:
        return await self.bot.service.by_id(self.match_id)

    def user(self, user_id: int) -> object:
        return next(u for u in self.users if u.id == user_id)  # type: ignore[attr-defined]


async def open_match(
    fake: FakeDiscord,
    bot: Tidetable,
    key: str,
    channel: object,
    users: list[object],
    **options: str,
) -> Table:
    """`new` by the first user, Join buttons for the others, then `start`."""
    created = await fake.slash(users[0], channel, f"{key} new", **options)
    assert created.ephemeral and "is open" in created.content, created.content
    lobby = fake.messages(channel)[-1]
    match_id = int(re.search(r"match #(\d+)", lobby.content).group(1))  # type: ignore[union-attr]
    for user in users[1:]:
        joined = await fake.click(user, lobby, f"tt:join:{match_id}")
        assert joined.ephemeral and "You joined" in joined.content, joined.content
        # The lobby's one message now lists them (edited in place, pinging nobody).
        assert f"<@{user.id}>" in lobby.content, lobby.content
        assert fake.messages(channel, f"match #{match_id}")[-1] is lobby
    started = await fake.slash(users[0], channel, f"{key} start")
    assert started.ephemeral and "started" in started.content, started.content
    # The board, then any note that a player's DMs are closed.
    board = next(m for m in reversed(fake.messages(channel)) if m.attachments)
    assert "begins" in board.content, board.content
    assert_png(board.attachments)
    table = Table(fake, bot, channel, key, users, match_id)
    match = await table.match()
    assert match.status == "active"
    return table


async def choose_turns(
    fake: FakeDiscord, users: list[object], way: str = "dm", **more: Any
) -> None:
    """These players choose how their turns reach them (`/tidetable notify turn:`), in a DM
    with the bot; ``more`` sets other options of the command (``dm_after``)."""
    for user in users:
        dm = fake.dm_channel(user)  # type: ignore[arg-type]
        said = await fake.slash(user, dm, "tidetable notify", turn=way, **more)  # type: ignore[arg-type]
        assert said.ephemeral and "Your turns reach you" in said.content, said.content


def assert_png(files: list[tuple[str, bytes]]) -> Image.Image:
    """Exactly one PNG attachment, which Pillow can open (besides a final post's score
    breakdown picture)."""
    pngs = [data for name, data in files if name.endswith(".png") and "-scores" not in name]
    assert len(pngs) == 1, [name for name, _ in files]
    image = Image.open(io.BytesIO(pngs[0]))
    image.load()
    return image


Policy = Callable[[Match, int, random.Random], Any]


def playout_policy(match: Match, seat: int, draw: random.Random) -> Any:
    return match.game.playout_move(match.state, seat, draw)


def preferring(words: str) -> Policy:
    """A policy that takes a move whose public description holds ``words`` when one exists
    (say, collecting a skill token), and otherwise plays as the game's playout policy."""

    def choose(match: Match, seat: int, draw: random.Random) -> Any:
        game, state = match.game, match.state
        for move in game.legal_moves(state, seat):
            if words in game.describe(state, seat, move, game.apply(state, seat, move)):
                return move
        return game.playout_move(state, seat, draw)

    return choose


async def play_one(
    table: Table,
    draw: random.Random,
    policy: Policy = playout_policy,
    only: int | None = None,
) -> None:
    """One decision: a suggestion chosen by the policy, sent with `/<game> move`. With
    ``only``, the decision of that user (others, computer seats, may play meanwhile)."""
    fake, channel, key = table.fake, table.channel, table.key
    match = await table.match()
    seats = match.game.to_act(match.state)
    if only is not None:
        seats = (match.seat_of(only),)
    seat = seats[rng.below(draw, len(seats))]
    user = table.user(match.user_at(seat))
    move = policy(match, seat, draw)
    text = match.game.format(match.state, move)

    # What a player sees while typing: the first letters narrow the suggestions.
    typed = text[: max(1, len(text) // 2)]
    suggestions = await fake.autocomplete(user, channel, f"{key} move", focused="move", move=typed)
    # A suggestion's name is what the player reads (people named where the notation names a
    # seat); its value is what Discord sends: the notation, with the board's version.
    offered = {offered_move(choice["value"]): choice["value"] for choice in suggestions}
    assert 0 < len(offered) <= 25
    if text not in offered:  # more than 25 matched the half-typed text: type it all
        suggestions = await fake.autocomplete(
            user, channel, f"{key} move", focused="move", move=text
        )
        offered = {offered_move(choice["value"]): choice["value"] for choice in suggestions}
    assert text in offered, f"{text!r} not suggested: {list(offered)}"
    chosen = offered[text]

    posted_before = len(fake.messages(channel))
    result = await fake.slash(user, channel, f"{key} move", move=chosen)
    assert result.ephemeral and result.content.startswith("Done"), result.content
    if only is not None:  # computer seats may have moved on already: the move was taken
        return
    posted = fake.messages(channel)[posted_before:]
    boards = [m for m in posted if m.attachments]
    assert len(boards) == 1, [m.content for m in posted]
    assert_png(boards[0].attachments)
    after = await table.match()
    # The move, then any decision the game left no choice in, played in the same save.
    log = await table.bot.service.store.moves(match.id)
    logged = [m for m in log if m.version > match.version]
    assert (logged[0].seat, logged[0].move) == (seat, text)
    assert after.version == match.version + len(logged)
    for waiting in after.to_act():
        assert f"<@{waiting}>" in boards[0].content


def offered_move(value: str) -> str:
    """The move a suggestion's value carries (``v12|take 1`` -> ``take 1``)."""
    found = re.fullmatch(r"v\d{1,12}\|(.+)", value, re.DOTALL)
    return found[1] if found else value


async def send_move(table: Table, match: Match, user_id: int, draw: random.Random) -> None:
    """The playout policy's move for ``user_id`` in ``match``, typed in full with
    `/<game> move` (``play_one`` is the one that also checks the suggestions and the board)."""
    text = match.game.format(match.state, playout_policy(match, match.seat_of(user_id), draw))
    user = table.user(user_id)
    result = await table.fake.slash(user, table.channel, f"{table.key} move", move=text)
    assert result.content.startswith("Done"), result.content


async def play_to_end(
    table: Table,
    seed: int,
    max_decisions: int = 2000,
    before_each: Callable[[], Awaitable[None]] | None = None,
    policy: Policy = playout_policy,
) -> Match:
    """Decisions until the match is over; returns the finished match. ``before_each`` runs
    before every decision (to watch suggestions or check secrets)."""
    draw = rng.stream(seed, "e2e")
    for _ in range(max_decisions):
        match = await table.match()
        if match.status != "active":
            final = table.fake.messages(table.channel)[-1]
            assert "Game over" in final.content, final.content
            return match
        if before_each is not None:
            await before_each()
        await play_one(table, draw, policy)
    raise AssertionError(f"no end after {max_decisions} decisions")


async def a_move(table: Table) -> tuple[Any, str]:
    """Whoever is to act and the first of their legal moves, as they would type it."""
    match = await table.match()
    (user_id,) = match.to_act()
    seat = match.seat_of(user_id)
    return table.user(user_id), match.game.format(
        match.state, match.game.legal_moves(match.state, seat)[0]
    )


async def drain(bot: Tidetable, fake: FakeDiscord) -> None:
    """Let the scheduler carry out what is due at the manual clock's time, and the outbox
    deliver what that wrote (no time passes on the bot's clock)."""
    for _ in range(500):
        await bot.scheduler.caught_up()
        if not await bot.store.due_entries(bot.clock.now()):  # type: ignore[union-attr]
            await fake.settle()
            if not await bot.store.due_entries(bot.clock.now()):  # type: ignore[union-attr]
                return
        await asyncio.sleep(0.01)  # the dispatcher is delivering: give it the loop
    raise AssertionError("the outbox did not drain")


async def moved_on(bot: Tidetable, fake: FakeDiscord, table: Table, version: int) -> None:
    """Wait (a bounded number of turns of the loop) until the match is past ``version``: a
    computer player thinks in a worker process in real time."""
    for _ in range(3000):
        await drain(bot, fake)
        if (await table.match()).version != version:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"nobody played on version {version}")
