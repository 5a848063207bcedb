"""Board pictures drawn ahead (cogs/sketches.py): used only for the very match, version, names
and file name they were drawn from; anything else is discarded and drawn afresh; a picture
that could not be drawn fails as the herald's own drawing would; few wait at once."""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace
from pathlib import Path

import discord
import pytest

from cogs.pictures import RenderFailed
from cogs.sketches import Drawn, Sketches
from data.clock import ManualClock
from data.store import Store
from rules.registry import GAMES
from table.match import Match
from table.service import MatchService

GUILD, CHANNEL, ALICE, BOB = 1, 10, 100, 200
NAMES = ("alice", "bob")


@pytest.fixture
async def match(tmp_path: Path):
    store = await Store.open(tmp_path / "t.sqlite3", ManualClock())
    service = MatchService(store, GAMES, new_seed=lambda: 7)
    await service.create("tokan", GUILD, CHANNEL, ALICE, {})
    await service.join(CHANNEL, "tokan", BOB)
    yield (await service.start(CHANNEL, "tokan", ALICE)).match
    await store.close()


def a_file(name: str = "tokan-1-1.png") -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG drawn ahead"), filename=name)


def drawing(
    match: Match, calls: list[str], names=NAMES, filename="tokan-1-1.png", *, reads_row=True
):
    """A sketch of ``match``'s board; ``reads_row``: a picture whose words depend on the row
    (else on the state alone, as every game's board with an alt text of its own)."""

    async def draw() -> Drawn:
        calls.append(filename)
        row = match.row if reads_row else None
        return Drawn(match.state, tuple(names), filename, a_file(filename), row=row)

    return draw


async def test_a_picture_drawn_ahead_is_used_for_the_same_match_version_and_names(match: Match):
    sketches, calls = Sketches(), []
    sketches.start(match.id, match.version, drawing(match, calls))
    sketches.start(match.id, match.version, drawing(match, calls))  # the same picture: kept
    taken = await sketches.take(match, list(NAMES), "tokan-1-1.png")
    assert taken is not None and taken.fp.read() == b"\x89PNG drawn ahead"
    assert calls == ["tokan-1-1.png"]  # drawn once
    assert (sketches.used, sketches.discarded, len(sketches)) == (1, 0, 0)
    # Taken once: the next post of that version (a retry) draws its own.
    assert await sketches.take(match, list(NAMES), "tokan-1-1.png") is None


async def test_a_picture_drawn_from_anything_else_is_discarded(match: Match):
    sketches, calls = Sketches(), []
    later = replace(match, row=replace(match.row, version=match.version + 1))
    # Nothing was drawn for that version.
    assert await sketches.take(later, list(NAMES), "tokan-1-1.png") is None
    # Drawn for the version, but from another row (the match changed without a new version),
    # with other names, or under another file name: not the picture the post would draw.
    other_row = replace(match, row=replace(match.row, status="finished"))
    for composing, names, filename in (
        (other_row, NAMES, "tokan-1-1.png"),
        (match, ("alice", "carol"), "tokan-1-1.png"),
        (match, NAMES, "tokan-1-2.png"),
    ):
        sketches.start(match.id, match.version, drawing(match, calls))
        assert await sketches.take(composing, list(names), filename) is None
    assert (sketches.used, sketches.discarded, len(sketches)) == (0, 3, 0)
    # A sketch that found nothing to draw (the match had moved on) is discarded too.

    async def nothing() -> None:
        return None

    sketches.start(match.id, match.version, nothing)
    assert await sketches.take(match, list(NAMES), "tokan-1-1.png") is None
    assert sketches.discarded == 4
    # Drawn in English for a match whose posts are now said in German (its server's language
    # changed meanwhile): its words are not the post's.
    sketches.start(match.id, match.version, drawing(match, calls))
    assert await sketches.take(match, list(NAMES), "tokan-1-1.png", "de") is None
    assert sketches.discarded == 5


async def test_a_picture_of_the_state_alone_is_used_whatever_the_row(match: Match):
    """A move's board is drawn before its save, from the match as it will stand: the saved
    row then differs (its clock, its update), yet the picture depends on the state, names,
    file name and language only; another state (another move was saved first) is not it."""
    sketches, calls = Sketches(), []
    saved = replace(match, row=replace(match.row, clock=3600, paused=True))
    sketches.start(match.id, match.version, drawing(match, calls, reads_row=False))
    assert await sketches.take(saved, list(NAMES), "tokan-1-1.png") is not None
    game, seat = match.game, match.seat_of(match.to_act()[0])
    other = game.apply(match.state, seat, game.legal_moves(match.state, seat)[0])
    sketches.start(match.id, match.version, drawing(match, calls, reads_row=False))
    assert await sketches.take(replace(saved, state=other), list(NAMES), "tokan-1-1.png") is None
    assert (sketches.used, sketches.discarded) == (1, 1)


async def test_an_equal_state_read_back_is_the_same_picture(match: Match):
    sketches, calls = Sketches(), []
    sketches.start(match.id, match.version, drawing(match, calls))
    state = match.game.load_state(match.game.dump_state(match.state))
    assert state is not match.state
    read_back = replace(match, state=state)
    assert await sketches.take(read_back, list(NAMES), "tokan-1-1.png") is not None


async def test_a_sketch_that_failed_is_drawn_again_by_the_post(match: Match):
    """Whatever the failure, even a picture that could not be drawn (it may have been drawn
    from a move whose save failed): the post draws its own, which fails as it must, should
    the pictures be failing (the outbox then tries the entry again later)."""
    sketches = Sketches()

    async def render_failed() -> Drawn:
        raise RenderFailed("a picture's worker process died")

    async def broken() -> Drawn:
        raise ValueError("not a picture problem")

    for failing in (render_failed, broken):
        sketches.start(match.id, match.version, failing)
        assert await sketches.take(match, list(NAMES), "tokan-1-1.png") is None  # drawn afresh
    assert sketches.discarded == 2 and not sketches


async def test_at_most_a_few_wait_and_the_oldest_goes_first(match: Match):
    sketches, started = Sketches(most=2), asyncio.Event()

    async def forever() -> Drawn:
        started.set()
        await asyncio.Event().wait()
        raise AssertionError("never finishes")

    sketches.start(match.id, 1, forever)
    await started.wait()
    first = next(iter(sketches._waiting.values()))
    sketches.start(match.id, 2, forever)
    sketches.start(match.id, 3, forever)
    await asyncio.sleep(0)
    assert len(sketches) == 2 and first.cancelled()
    assert sketches.discarded == 1
    sketches.clear()
    await asyncio.sleep(0)
    assert not sketches and sketches.discarded == 3


async def test_a_moves_board_is_foreseen_before_its_save_as_it_will_be_saved(tmp_path: Path):
    """The service tells of a move's board before its transaction (the picture is drawn while
    the save runs): the match at its new version and state, while the database still holds
    the version before; once per move."""
    store = await Store.open(tmp_path / "t.sqlite3", ManualClock())
    service = MatchService(store, GAMES, new_seed=lambda: 7)
    await service.create("tokan", GUILD, CHANNEL, ALICE, {})
    await service.join(CHANNEL, "tokan", BOB)
    started = (await service.start(CHANNEL, "tokan", ALICE)).match
    foreseen: list[tuple[Match, int]] = []

    def foresee(match: Match) -> None:
        (stored,) = store.db.inline.execute(
            "SELECT version FROM matches WHERE id = ?", (match.id,)
        ).fetchone()
        foreseen.append((match, int(stored)))

    service.foresee_board = foresee
    user = started.to_act()[0]
    seat = started.seat_of(user)
    text = started.game.suggest(started.state, seat, "")[0]
    result = await service.move(CHANNEL, "tokan", user, text)
    ((board, stored),) = foreseen
    assert stored == started.version  # not saved yet
    assert board.version == result.after.version == started.version + 1
    assert board.state == result.after.state and board.id == started.id
    assert board.row.players == result.after.row.players
    await store.close()


async def test_a_board_that_reads_the_row_is_not_drawn_before_the_save(match: Match):
    """Its alt text reads the saved row, which the move's foreseen match cannot have: drawn
    then, it would never be the post's, so it waits for the settle; a board of the state
    alone starts at once."""
    from types import SimpleNamespace

    from cogs.herald import Herald
    from data.clock import ManualClock

    for reads_row, waiting in ((True, 0), (False, 1)):
        cog = SimpleNamespace(board_reads_row=reads_row)
        bot = SimpleNamespace(
            service=SimpleNamespace(store=None), clock=ManualClock(), game_cog={"tokan": cog}.get
        )
        herald = Herald(bot)  # type: ignore[arg-type]
        herald._draw_ahead = lambda _match: asyncio.sleep(0)  # type: ignore[method-assign]
        herald.foresee_board(match)
        assert len(herald.sketches) == waiting
        herald.sketches.clear()
