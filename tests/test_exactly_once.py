"""Exactly once, below Discord: the store recovers from every failure, a change and its
announcements are one transaction, and the service never applies one submission twice.

Each test names the row of the "Exactly once" issue it reproduces (what happened on the old main).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from data.clock import ManualClock
from data.store import (
    MIGRATIONS,
    StorageBusy,
    StorageUnavailable,
    Store,
)
from rules import rng
from rules.registry import GAMES
from table.errors import LobbyError, MatchDamaged, StaleMove
from table.service import MatchService
from tests.support.locks import hold_lock, release
from tests.support.nim import Nim

GUILD, CHANNEL = 1, 10
ALICE, BOB, CAROL, DAVE, ERIN = 100, 200, 300, 400, 500


@pytest.fixture
async def service(tmp_path: Path):
    store = await Store.open(tmp_path / "t.sqlite3", ManualClock(), busy_timeout_ms=200)
    seeds = iter(range(1000, 2000))
    yield MatchService(store, {"nim": Nim(), **GAMES}, new_seed=lambda: next(seeds))
    await store.close()


async def started(service: MatchService, game: str = "nim", players=(ALICE, BOB)):
    await service.create(game, GUILD, CHANNEL, players[0], {})
    for user in players[1:]:
        await service.join(CHANNEL, game, user)
    return (await service.start(CHANNEL, game, players[0])).match


def on_turn(match) -> int:
    (user,) = match.to_act()
    return user


# -- row 1: a lock held elsewhere ------------------------------------------------------------
async def test_a_lock_held_by_another_process_is_busy_then_the_next_write_works(
    service: MatchService, tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    match = await started(service)
    holder = hold_lock(tmp_path / "t.sqlite3")
    try:
        with caplog.at_level(logging.ERROR, "tidetable.store"):
            for _ in range(3):
                with pytest.raises(StorageBusy, match="busy; nothing was saved"):
                    await service.move(CHANNEL, "nim", on_turn(match), "take 1")
        assert sum("locked" in r.getMessage() for r in caplog.records) == 1, "logged once"
        # Reads do not queue behind the waiting writer: autocomplete still answers.
        moves, reason, _ = await service.suggestions(CHANNEL, "nim", on_turn(match))
        assert moves and reason is None
    finally:
        release(holder)
    unchanged = await service.current(CHANNEL, "nim")
    assert unchanged.version == match.version and await service.store.moves(match.id) == []
    result = await service.move(CHANNEL, "nim", on_turn(match), "take 1")
    assert result.after.version == match.version + 1


# -- row 9: storage that cannot work ---------------------------------------------------------
async def test_a_full_disk_saves_nothing_says_why_and_recovers(
    service: MatchService, caplog: pytest.LogCaptureFixture
):
    match = await started(service)
    writer = service.store._db
    async with writer.execute("PRAGMA page_count") as cursor:
        (pages,) = await cursor.fetchone()
    await writer.execute(f"PRAGMA max_page_count = {pages}")
    outbox_before = len(await service.store.outbox())
    with caplog.at_level(logging.ERROR, "tidetable.store"):
        for _ in range(2):
            with pytest.raises(StorageUnavailable, match="disk of the bot's database is full"):
                # Enough text to need a new page.
                await service.store.announce(None, [_note("x" * 20000)])
    assert sum("full" in r.getMessage() for r in caplog.records) == 1, "the cause logged once"
    assert len(await service.store.outbox()) == outbox_before
    await writer.execute("PRAGMA max_page_count = 1073741823")
    result = await service.move(CHANNEL, "nim", on_turn(match), "take 1")
    assert result.after.version == match.version + 1


async def test_a_read_only_database_saves_nothing_and_says_why(service: MatchService):
    match = await started(service)
    await service.store._db.execute("PRAGMA query_only = 1")
    with pytest.raises(StorageUnavailable, match="read-only"):
        await service.move(CHANNEL, "nim", on_turn(match), "take 1")
    await service.store._db.execute("PRAGMA query_only = 0")
    assert (await service.move(CHANNEL, "nim", on_turn(match), "take 1")).after.version


async def test_storage_that_cannot_work_is_named_at_start_up(tmp_path: Path):
    newer = tmp_path / "newer.sqlite3"
    _set_schema(newer, len(MIGRATIONS) + 3)
    with pytest.raises(StorageUnavailable, match="newer version of the bot"):
        await Store.open(newer)
    read_only = tmp_path / "ro.sqlite3"
    store = await Store.open(read_only)
    await store.close()
    with pytest.raises(StorageUnavailable, match="read-only"):
        await Store.open(f"file:{read_only}?mode=ro")
    not_a_database = tmp_path / "junk.sqlite3"
    not_a_database.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StorageUnavailable):
        await Store.open(not_a_database)


def test_the_bot_refuses_to_start_on_a_newer_database_in_one_line(tmp_path: Path):
    newer = tmp_path / "newer.sqlite3"
    _set_schema(newer, len(MIGRATIONS) + 1)
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "DATABASE_PATH": str(newer)}
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "bot.py"], cwd=root, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "newer version of the bot" in lines[0], result.stderr


# -- the outbox is part of every change -------------------------------------------------------
async def test_every_change_writes_what_it_announces_in_the_same_transaction(
    service: MatchService,
):
    created = await service.create("nim", GUILD, CHANNEL, ALICE, {})
    joined = await service.join(CHANNEL, "nim", BOB)
    begun = await service.start(CHANNEL, "nim", ALICE)
    match = begun.match
    moved = await service.move(CHANNEL, "nim", on_turn(match), "take 1")
    resigned = await service.resign(CHANNEL, "nim", ALICE)
    entries = await service.store.outbox(match.id)
    events = [(e.kind, e.payload.get("event")) for e in entries]
    assert events == [
        ("post", "opened"),
        ("post", "joined"),
        ("post", "start"),
        ("dm", None),
        ("dm", None),
        ("post", "move"),
        ("dm", None),  # the mover's secret changed
        ("post", "resign"),
    ]
    ids = [e.id for e in entries]
    assert list(created.entries + joined.entries + begun.entries) == ids[:5]
    assert list(moved.entries) == ids[5:7] and list(resigned.entries) == ids[7:]
    # Announcements name seats and versions, never what a private view holds.
    assert all("secret" not in json.dumps(e.payload) for e in entries)


async def test_a_refused_or_conflicting_save_announces_nothing(service: MatchService):
    match = await started(service)
    before = len(await service.store.outbox())
    with pytest.raises(StaleMove):
        await service.move(CHANNEL, "nim", on_turn(match), "take 1", expected_version=0)
    store = service.store
    await store.save_move(match.id, match.version, 0, "take 1", {"x": 1})
    from data.store import VersionConflict

    with pytest.raises(VersionConflict):
        await store.save_move(match.id, match.version, 0, "take 1", {"x": 2}, announce=[_note("a")])
    assert len(await service.store.outbox()) == before
    # The failed write was rolled back: the connection takes the next one.
    await store.announce(None, [_note("after")])
    assert len(await service.store.outbox()) == before + 1


# -- row 3: one submission, one move -----------------------------------------------------------
async def test_identical_moves_sent_at_once_apply_once(service: MatchService):
    """Row 3: `/tonga move place 2 on B` sent twice at once (two equal dice) was applied twice."""
    service._new_seed = lambda: 1
    players = (ALICE, BOB, CAROL)
    match = await started(service, "tonga", players)
    game = match.game
    draw = rng.stream(1, "x")
    for _ in range(60):  # play on until a seat could place the same die twice in a row
        seat = game.to_act(match.state)[0]
        repeatable = _repeatable_placement(game, match.state, seat)
        if repeatable:
            break
        text = game.format(match.state, game.playout_move(match.state, seat, draw))
        match = (await service.move(CHANNEL, "tonga", match.user_at(seat), text)).after
    assert repeatable, "no position with two equal dice was reached"
    user = match.user_at(seat)
    receipt = service.receipt(CHANNEL)  # both commands arrived before either was saved
    results = await asyncio.gather(
        service.move(CHANNEL, "tonga", user, repeatable, receipt=receipt),
        service.move(CHANNEL, "tonga", user, repeatable, receipt=receipt),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, StaleMove)]
    assert len(refused) == 1 and "Already played" in str(refused[0])
    after = await service.current(CHANNEL, "tonga")
    log = await service.store.moves(match.id)
    assert [m.move for m in log if m.version > match.version].count(repeatable) == 1
    # Sent again later, on purpose, the same text is a new decision and is played.
    again = await service.move(CHANNEL, "tonga", user, repeatable, receipt=service.receipt(CHANNEL))
    assert again.after.version > after.version


async def test_a_move_sent_before_it_was_your_turn_is_not_played_when_it_comes(
    service: MatchService,
):
    """Row 3: moves sent early by players not on turn were applied once their turn came."""
    match = await started(service, "nim", (ALICE, BOB))
    first = on_turn(match)
    second = BOB if first == ALICE else ALICE
    receipt = service.receipt(CHANNEL)  # the second player sends while the first one's is saved
    await service.move(CHANNEL, "nim", first, "take 1", receipt=receipt)
    with pytest.raises(StaleMove, match="not your turn when you sent"):
        await service.move(CHANNEL, "nim", second, "take 1", receipt=receipt)
    assert len(await service.store.moves(match.id)) == 1


async def test_a_suggestion_chosen_for_an_old_version_is_refused(service: MatchService):
    match = await started(service)
    first = on_turn(match)
    await service.move(CHANNEL, "nim", first, "take 1", expected_version=match.version)
    with pytest.raises(StaleMove, match="Already played"):
        await service.move(CHANNEL, "nim", first, "take 1", expected_version=match.version)


# -- rows 12, 13: lobbies -----------------------------------------------------------------------
async def test_joins_at_once_all_land_and_a_second_start_says_already_started(
    service: MatchService,
):
    created = await service.create("fishing", GUILD, CHANNEL, ALICE, {})
    joined = await asyncio.gather(
        *(service.join_match(created.match.id, u) for u in (BOB, CAROL, DAVE, ERIN))
    )
    assert all(done.match.status == "lobby" for done in joined)
    lobby = await service.current(CHANNEL, "fishing")
    assert sorted(lobby.players) == [ALICE, BOB, CAROL, DAVE, ERIN]
    starts = await asyncio.gather(
        service.start(CHANNEL, "fishing", ALICE),
        service.start(CHANNEL, "fishing", ALICE),
        return_exceptions=True,
    )
    refused = [r for r in starts if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], LobbyError)
    assert "already started" in str(refused[0])


async def test_the_join_button_of_a_cancelled_lobby_never_joins_the_next_one(
    service: MatchService,
):
    old = (await service.create("nim", GUILD, CHANNEL, ALICE, {})).match
    await service.cancel(CHANNEL, "nim", ALICE, is_admin=False)
    new = (await service.create("nim", GUILD, CHANNEL, CAROL, {})).match
    with pytest.raises(LobbyError, match=f"Match #{old.id} is no longer open"):
        await service.join_match(old.id, BOB)
    assert (await service.by_id(new.id)).players == (CAROL,)


# -- row 5: a damaged match ---------------------------------------------------------------------
@pytest.mark.parametrize("column", ["state", "options"])
async def test_a_damaged_match_is_quarantined_and_can_be_cancelled(
    service: MatchService, column: str, caplog: pytest.LogCaptureFixture
):
    match = await started(service)
    await service.store._db.execute(
        f"UPDATE matches SET {column} = '{{not json' WHERE id = ?", (match.id,)
    )
    service._matches.clear()
    with caplog.at_level(logging.ERROR, "tidetable.matches"):
        for _ in range(3):
            with pytest.raises(MatchDamaged, match=f"Match #{match.id} cannot be read"):
                await service.move(CHANNEL, "nim", ALICE, "take 1")
        moves, reason, _ = await service.suggestions(CHANNEL, "nim", ALICE)
        assert moves == [] and "cannot be read" in reason and "cancel" in reason
    quarantined = [r for r in caplog.records if "quarantined" in r.getMessage()]
    assert len(quarantined) == 1 and f"match {match.id}" in quarantined[0].getMessage()
    cancelled = await service.cancel(CHANNEL, "nim", BOB, is_admin=True)
    assert cancelled.match.status == "cancelled"
    fresh = await service.create("nim", GUILD, CHANNEL, ALICE, {})
    assert fresh.match.status == "lobby"


def _note(text: str):
    from data.store import Announcement

    return Announcement("post", {"event": "note", "version": 0, "text": text})


def _repeatable_placement(game, state, seat) -> str | None:
    """A placement text this seat could send twice in a row (two dice of one value)."""
    for move in game.legal_moves(state, seat):
        text = game.format(state, move)
        if not text.startswith("place"):
            continue
        after = game.apply(state, seat, move)
        again = (game.format(after, m) for m in game.legal_moves(after, seat))
        if seat in game.to_act(after) and text in again:
            return text
    return None


def _set_schema(path: Path, version: int) -> None:
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {version}")
    db.close()
