"""The pure and stored pieces of looking back (issue 26): the largest swings of an analysis, a
rematch's turned seats (computer players kept), the ratings as people read them, and the
history of finished matches read with the same number of statements whatever a page holds."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data.clock import ManualClock
from data.matchlist import finished_matches
from data.store import Store
from render.chances import _x_ticks, chances_chart
from table.analysis import largest_swings
from table.computers import computer_id
from table.ratings import PROVISIONAL_BELOW, SHOWN_START, rating_words, shown_rating
from table.rematch import clock_choice, rematch, rotated_seating
from table.service import MatchService
from tests.history.test_ratings_store import a_match
from tests.support.nim import Nim

ALICE, BOB, CAROL = 100, 200, 300


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    store = await Store.open(tmp_path / "l.sqlite3", ManualClock())
    seeds = iter(range(1000, 2000))
    yield MatchService(store, {"nim": Nim()}, new_seed=lambda: next(seeds))
    await store.close()


def test_the_largest_swings_are_measured_from_the_estimate_before():
    chances = [[0.5, 0.5], [0.65, 0.35], [0.1, 0.9], [0.2, 0.8], [1.0, 0.0]]
    swings = largest_swings(chances)
    assert [index for index, _ in swings] == [4, 2, 1]
    assert [size for _, size in swings] == pytest.approx([0.8, 0.55, 0.15])
    assert largest_swings([[0.9, 0.1]], 3) == [(0, pytest.approx(0.4))]
    assert largest_swings([]) == []


def test_a_rematch_turns_the_seats_and_renumbers_its_computers():
    easy, hard = computer_id("easy", 2), computer_id("hard", 1)
    assert rotated_seating([ALICE, easy, BOB, hard]) == [
        computer_id("easy", 1),
        BOB,
        computer_id("hard", 2),
        ALICE,
    ]
    assert clock_choice(3 * 24 * 3600) == "72h" and clock_choice(12345) == "default"


async def test_a_rematch_opens_a_lobby_that_starts_in_the_turned_order(service):
    old_id = await a_match(service, 1, 10, (ALICE, BOB), [3, 3, 1])
    old = await service.by_id(old_id)
    assert old.status == "finished"
    with pytest.raises(Exception, match="Only a player"):
        await rematch(service, old, CAROL)
    done = await rematch(service, old, BOB)
    lobby = done.match
    assert lobby.status == "lobby" and lobby.players == (BOB,) and lobby.creator_id == BOB
    await service.join(10, "nim", ALICE)
    started = (await service.start(10, "nim", BOB)).match
    assert started.players == (old.players[1], old.players[0])


async def test_a_rematch_keeps_its_computer_players(service):
    await service.create("nim", 1, 11, ALICE, {})
    await service.add_computer(11, "nim", ALICE, "hard")
    match = (await service.start(11, "nim", ALICE)).match
    while match.status == "active":
        (seat,) = match.game.to_act(match.state)
        text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
        if match.user_at(seat) < 0:
            match = await service.move_for_computer(match.id, seat, text, match.version)
            match = match.after
        else:
            match = (await service.move(11, "nim", ALICE, text)).after
    done = await rematch(service, match, ALICE)
    assert sorted(done.match.players) == sorted([ALICE, computer_id("hard", 1)])
    started = (await service.start(11, "nim", ALICE)).match
    assert started.players == (match.players[1], match.players[0])


def test_ratings_read_from_a_round_number():
    assert shown_rating(0.0) == SHOWN_START
    assert shown_rating(-4.8) < SHOWN_START < shown_rating(3.0)
    assert rating_words(0.0, PROVISIONAL_BELOW - 1).endswith("(provisional)")
    assert rating_words(2.0, PROVISIONAL_BELOW) == f"{shown_rating(2.0):,}"


def test_the_chances_chart_and_its_ticks():
    assert _x_ticks(1) == [0, 1]
    assert _x_ticks(70) == [0, 14, 28, 42, 56, 70]
    assert len(set(_x_ticks(7))) == len(_x_ticks(7))
    image = chances_chart([[0.6, 0.4], [0.2, 0.8], [0.0, 1.0]], ["alice", "bob"], [1])
    assert image.width == 1000


class Counting:
    """The database, counting the statements a reader runs."""

    def __init__(self, db) -> None:
        self.db = db
        self.reads = 0

    async def read(self, *args, **kwargs):
        self.reads += 1
        return await self.db.read(*args, **kwargs)


async def test_a_history_page_takes_three_reads_whatever_it_holds(service):
    ids = [await a_match(service, 1, 20 + i, (ALICE, BOB), [3, 3, 1]) for i in range(12)]
    await a_match(service, 2, 40, (ALICE, CAROL), [3, 3, 1])  # another server
    counted = Counting(service.store.db)

    class Wrapped:
        db = counted

    reads = []
    for limit in (1, 10):
        counted.reads = 0
        total, rows = await finished_matches(
            Wrapped(),
            ALICE,
            guild_id=1,
            game=None,
            limit=limit,
            offset=0,  # type: ignore[arg-type]
        )
        reads.append(counted.reads)
        assert total == 12 and [r.id for r in rows] == ids[::-1][:limit]
    assert reads == [3, 3]
    total, rows = await finished_matches(
        service.store, ALICE, guild_id=None, game="nim", limit=20, offset=0
    )
    assert total == 13 and rows[0].guild_id == 2
    assert all(set(r.players) <= {ALICE, BOB, CAROL} and len(r.players) == 2 for r in rows)
    total, rows = await finished_matches(
        service.store, CAROL, guild_id=1, game=None, limit=20, offset=0
    )
    assert total == 0 and rows == []


async def test_a_history_is_paged_with_buttons_that_carry_their_page(service):
    from types import SimpleNamespace

    from cogs.matchlist import PAGE_SIZE, history_page

    ids = [await a_match(service, 1, 50 + i, (ALICE, BOB), [3, 3, 1]) for i in range(12)]
    bot = SimpleNamespace(service=service, get_guild=lambda _: None)
    first, view = await history_page(bot, ALICE, 1, None, 0)  # type: ignore[arg-type]
    assert "on this server: 12 (page 1 of 2)" in first
    assert len(first.splitlines()) == 1 + PAGE_SIZE
    assert f"#{ids[-1]} " in first.splitlines()[1]
    assert view is not None
    newer, older = view.children
    assert newer.item.disabled and not older.item.disabled  # type: ignore[attr-defined]
    assert older.item.custom_id == f"tt:mh:{ALICE}:1::1"  # type: ignore[attr-defined]
    second, view = await history_page(bot, ALICE, 1, None, 1)  # type: ignore[arg-type]
    assert len(second.splitlines()) == 1 + 2 and f"#{ids[0]} " in second
    everywhere, _ = await history_page(bot, ALICE, None, "nim", 5)  # type: ignore[arg-type]
    assert "on every server: 12 (page 2 of 2)" in everywhere and "on a server" in everywhere


async def test_an_analysis_is_saved_with_its_post_once_however_many_save_it(service):
    """The post of an analysis is an outbox row written in the transaction that keeps it: it
    goes out even if the bot stops right after, and a second save (a race) posts nothing."""
    from data.analyses import ANALYSIS, AnalysisStore

    store = service.store
    analyses = AnalysisStore(store)
    match_id = await a_match(service, 1, 12, (ALICE, BOB), [3, 3, 1])
    kept, posted = await analyses.save(match_id, [[0.5, 0.5], [1.0, 0.0]], [], 0.1)
    assert kept.chances == [[0.5, 0.5], [1.0, 0.0]] and len(posted) == 1
    again, posted_again = await analyses.save(match_id, [[0.2, 0.8], [0.0, 1.0]], [], 0.2)
    assert again.chances == kept.chances and posted_again == ()
    rows = await store.db.read("SELECT id, payload FROM outbox WHERE kind = ?", (ANALYSIS,))
    assert [(int(r[0]), json.loads(r[1])) for r in rows] == [(posted[0], {"match": match_id})]
