"""The store's contract on both back-ends (SQLite always; PostgreSQL when TEST_DATABASE_URL is
set): several processes on one database (here: several stores on one place) never double a
move, a lobby, an outbox entry or a timer, and what a dead process held is taken over once its
lease runs out. The match service's own tests (tests/test_matches.py, tests/test_timers.py) run
on both back-ends too, through the same ``place`` fixture."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from data.clock import ManualClock
from data.clockrows import Prefs
from data.clockstore import ClockStore
from data.store import (
    LEASE_SECONDS,
    MIGRATIONS,
    Announcement,
    ChannelTaken,
    StorageBusy,
    StorageUnavailable,
    Store,
    VersionConflict,
    match_lane,
)
from rules.registry import GAMES
from table.errors import StaleMove
from table.service import MatchService
from table.turnclock import HOUR
from tests.support.backends import TEST_DATABASE_URL, Place, needs_postgres
from tests.support.nim import Nim
from tests.support.reads import counted_reads

GUILD, CHANNEL = 1, 10
ALICE, BOB = 100, 200


def service_on(store: Store) -> MatchService:
    seeds = iter(range(1000, 2000))
    return MatchService(store, {"nim": Nim(), **GAMES}, new_seed=lambda: next(seeds))


async def started(service: MatchService, channel: int = CHANNEL, game: str = "nim"):
    await service.create(game, GUILD, channel, ALICE, {})
    await service.join(channel, game, BOB)
    return (await service.start(channel, game, ALICE)).match


async def test_two_processes_see_one_instance_id(place: Place):
    first, second = await place.open(), await place.open()
    assert first.instance and first.instance == second.instance  # one nonce space


async def test_conflicting_saves_from_two_processes_keep_one(place: Place):
    """Two processes save a move on the same version at once: one is saved, the other is told
    nothing happened, and the log has one entry for that version."""
    a, b = service_on(await place.open()), service_on(await place.open())
    match = await started(a)
    version = match.version
    store_a, store_b = a.store, b.store
    state = match.game.dump_state(match.state)
    results = await asyncio.gather(
        store_a.save_move(match.id, version, 0, "take 1", state),
        store_b.save_move(match.id, version, 0, "take 2", state),
        return_exceptions=True,
    )
    assert sum(isinstance(r, VersionConflict) for r in results) == 1
    moves = await store_a.moves(match.id)
    assert [m.version for m in moves].count(version + 1) == 1
    assert await store_b.version_of(match.id) == version + 1


async def test_a_move_through_another_process_is_seen_at_once(place: Place):
    """A process's cache never serves a version another process replaced."""
    a, b = service_on(await place.open()), service_on(await place.open())
    match = await started(a)
    mover = match.to_act()[0]
    assert (await b.current(CHANNEL)).version == match.version  # b caches it now
    await a.move(CHANNEL, "nim", mover, "take 1")
    seen = await b.current(CHANNEL)
    assert seen.version == match.version + 1
    with pytest.raises(StaleMove):  # b's player chose from the old board
        await b.move(CHANNEL, "nim", mover, "take 1", expected_version=match.version)


async def test_one_lobby_per_channel_across_processes(place: Place):
    a, b = await place.open(), await place.open()
    results = await asyncio.gather(
        a.create_match("nim", GUILD, CHANNEL, ALICE, {}, 1),
        b.create_match("nim", GUILD, CHANNEL, BOB, {}, 2),
        return_exceptions=True,
    )
    assert sum(isinstance(r, ChannelTaken) for r in results) == 1
    assert (await a.open_match_in(CHANNEL)) is not None


async def announce_lanes(store: Store, lanes: int, per_lane: int) -> None:
    for lane in range(lanes):
        await store.announce(
            None,
            [Announcement("post", {"n": i}, lane=f"lane:{lane}") for i in range(per_lane)],
        )


async def test_outbox_claims_are_disjoint_and_keep_lane_order(place: Place):
    clock = ManualClock()
    a, b = await place.open(clock), await place.open(clock)
    await announce_lanes(a, lanes=6, per_lane=3)
    got_a, got_b = await asyncio.gather(a.claim_due(clock.now()), b.claim_due(clock.now()))
    ids_a, ids_b = {e.id for e in got_a}, {e.id for e in got_b}
    assert not ids_a & ids_b
    heads = {e.lane: e for e in await a.due_entries(clock.now())}
    assert ids_a | ids_b == {e.id for e in heads.values()}  # every lane's first, once
    # Nothing behind a claimed head goes out before it, whoever asks. A process asking again
    # gets back only its own claims (its dispatcher excludes those it is delivering).
    # On SQLite a process's own claims come back to it (its dispatcher excludes those it is
    # delivering); on PostgreSQL only once their lease ran out.
    for store, own in ((a, ids_a), (b, ids_b)):
        again = {e.id for e in await store.claim_due(clock.now())}
        assert again == (own if store.own_claims else set())
        assert await store.claim_due(clock.now(), exclude=own) == []
    for entry in got_a:
        await a.mark_sent(entry.id)
    again = await b.claim_due(clock.now(), exclude=ids_b)
    assert {e.lane for e in again} == {e.lane for e in got_a}
    assert all(e.payload == {"n": 1} for e in again)


async def test_an_entry_a_process_may_send_at_once_is_written_claimed_by_it_on_sqlite(
    place: Place,
):
    """On SQLite (one write transaction at a time: what is pending in a lane is known exactly
    as an entry is written) the first entry of a lane, due at once, is written claimed by the
    process that writes it, so its dispatcher sends it without a claim of its own; nothing
    else is, and on PostgreSQL nothing is. Another process passes over it as over any claim;
    the writer finds it again unless it is delivering it."""
    clock = ManualClock()
    writer, other = await place.open(clock), await place.open(clock)
    sqlite = writer.db.dialect == "sqlite"
    first, behind, later = await writer.announce(
        None,
        [
            Announcement("post", {"event": "move", "n": 0}, lane="lane:a"),
            Announcement("post", {"event": "move", "n": 1}, lane="lane:a"),  # behind the first
            Announcement("think", {"n": 2}, lane="lane:b", delay=2.0),  # due later
        ],
    )
    (queued,) = await writer.announce(
        None, [Announcement("post", {"event": "move", "n": 3}, lane="lane:a")]
    )
    (free,) = await writer.announce(
        None, [Announcement("post", {"event": "move", "n": 4}, lane="lane:c")]
    )
    rows = {e.id: e for e in await writer.entries([first, behind, later, queued, free])}
    held = {i for i, e in rows.items() if e.claimed_by == writer.process}
    assert held == ({first, free} if sqlite else set())
    assert all(rows[i].first_tried == clock.now() for i in held)
    # Another process leaves them to their writer (until the lease runs out).
    assert {e.id for e in await other.claim_due(clock.now())} == {first, free} - held
    if sqlite:
        assert {e.id for e in await writer.claim_due(clock.now())} == {first, free}
        assert await writer.claim_due(clock.now(), exclude={first, free}) == []


async def test_only_what_changes_whose_turn_it_is_is_written_claimed_and_due_for_its_writer(
    place: Place,
):
    """A post that changes whose turn it is (a move's), not a notice: written claimed, it
    overtakes nothing more urgent waiting in the database. Alone in the database, it is due
    at once for its writer and when the lease runs out for another process."""
    clock = ManualClock()
    writer, other = await place.open(clock), await place.open(clock)
    sqlite = writer.db.dialect == "sqlite"
    turn, notice = await writer.announce(
        None,
        [
            Announcement("post", {"event": "move", "version": 2}, lane="lane:a"),
            Announcement("dm", {"reminder": "half", "user": 1}, lane="lane:b"),
        ],
    )
    rows = {e.id: e for e in await writer.entries([turn, notice])}
    assert rows[turn].claimed_by == (writer.process if sqlite else None)
    assert rows[notice].claimed_by is None
    await other.mark_sent(notice)
    now = clock.now()
    assert await writer.next_due() == pytest.approx(now, abs=1e-3)
    expected = now + LEASE_SECONDS if sqlite else now
    assert await other.next_due() == pytest.approx(expected, abs=1e-3)


async def test_an_entry_due_later_holds_up_no_post_written_after_it(place: Place):
    """A computer seat's "think" waits out its readable pause without holding up the posts
    written after it (they waited for the pause, and a player's `rejoin` went unanswered);
    it still waits for the posts written before it, and once due it keeps its place."""
    clock = ManualClock()
    store = await place.open(clock)
    match_id, created = await store.create_match("nim", GUILD, CHANNEL, ALICE, {}, 1)
    for entry_id in created.entries:  # the lobby's own post
        await store.mark_sent(entry_id)
    await store.announce(match_id, [Announcement("post", {"n": 0})])
    await store.announce(match_id, [Announcement("think", {"n": 1}, delay=2.0)])
    await store.announce(match_id, [Announcement("post", {"n": 2})])
    await store.announce(match_id, [Announcement("think", {"n": 3}, delay=2.0)])
    lane = {match_lane(match_id)}

    async def claim() -> list[dict[str, int]]:
        got = await store.claim_due(clock.now())
        assert {e.lane for e in got} <= lane
        for entry in got:
            await store.mark_sent(entry.id)
        return [e.payload for e in got]

    assert await claim() == [{"n": 0}]  # post 2 waits for post 0, written before it
    assert await claim() == [{"n": 2}]  # but not for think 1, not due yet
    assert await claim() == []
    clock.advance(2.0)
    assert await claim() == [{"n": 1}]  # due: in the order they were written
    assert await claim() == [{"n": 3}]


async def test_a_dead_process_outbox_claim_is_taken_over_after_its_lease(place: Place):
    clock = ManualClock()
    dead, survivor = await place.open(clock), await place.open(clock)
    await announce_lanes(dead, lanes=1, per_lane=2)
    (held,) = await dead.claim_due(clock.now())
    assert await survivor.claim_due(clock.now()) == []
    assert await survivor.next_due() == pytest.approx(clock.now() + LEASE_SECONDS, abs=1e-3)
    clock.advance(LEASE_SECONDS + 1)
    (taken,) = await survivor.claim_due(clock.now())
    assert taken.id == held.id  # the same entry: its nonce makes a repeat post show once
    await survivor.mark_sent(taken.id)
    await dead.mark_sent(held.id)  # the dead process's late mark changes nothing
    (entry,) = await survivor.entries([held.id])
    assert entry.status == "sent" and entry.attempts == 1


async def test_timer_claims_are_disjoint_and_taken_over_after_a_lease(place: Place):
    clock = ManualClock()
    a, b = service_on(await place.open(clock)), service_on(await place.open(clock))
    for channel in range(20, 24):
        await a.create("tokan", GUILD, channel, ALICE, {}, clock="12h")
        await a.join(channel, "tokan", BOB)
        await a.start(channel, "tokan", ALICE)
    clock.advance(7 * HOUR)  # half time: a reminder each
    clocks_a, clocks_b = ClockStore(a.store), ClockStore(b.store)
    got_a, got_b = await asyncio.gather(
        clocks_a.claim_due(clock.now()), clocks_b.claim_due(clock.now())
    )
    assert got_a or got_b
    assert not {t.id for t in got_a} & {t.id for t in got_b}
    assert await clocks_a.claim_due(clock.now()) == []
    clock.advance(LEASE_SECONDS + 1)
    retaken = await clocks_b.claim_due(clock.now())
    assert {t.id for t in retaken} == {t.id for t in got_a} | {t.id for t in got_b}


async def test_a_failed_statement_rolls_back_the_whole_change(place: Place):
    store = await place.open()
    match_id, _ = await store.create_match("nim", GUILD, CHANNEL, ALICE, {}, 1)
    with pytest.raises(RuntimeError):
        async with store._transaction() as tx:
            await tx.execute("UPDATE matches SET creator_id = ? WHERE id = ?", (BOB, match_id))
            raise RuntimeError("a bug halfway through a change")
    assert (await store.match(match_id)).creator_id == ALICE
    await store.set_board_message(match_id, 5)  # the connection is clean again
    assert await store.board_message(match_id) == 5


async def test_a_newer_schema_is_refused(place: Place):
    store = await place.open()
    async with store._transaction() as tx:
        if place.backend == "sqlite":
            await tx.execute("PRAGMA user_version = 99")
        else:
            await tx.execute("UPDATE tidetable_schema SET version = 99")
    await store.close()
    with pytest.raises(StorageUnavailable, match="newer version"):
        await place.open()


async def hold_match_row(place: Place, store: Store, match_id: int):
    """Another process holding the match's row (PostgreSQL) or the write lock (SQLite)."""
    if place.backend == "postgresql":
        conn = await asyncpg.connect(
            TEST_DATABASE_URL, server_settings={"search_path": place.schema}
        )
        await conn.execute("BEGIN")
        await conn.execute("SELECT * FROM matches WHERE id = $1 FOR UPDATE", match_id)
        return conn
    conn = sqlite3.connect(place.path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    return conn


async def test_a_lock_held_too_long_is_busy_and_saves_nothing(place: Place):
    store = await place.open(busy_timeout_ms=200)
    service = service_on(store)
    match = await started(service)
    holder = await hold_match_row(place, store, match.id)
    try:
        with pytest.raises(StorageBusy, match="nothing was saved"):
            await service.move(CHANNEL, "nim", match.to_act()[0], "take 1")
    finally:
        if isinstance(holder, sqlite3.Connection):
            holder.execute("ROLLBACK")
            holder.close()
        else:
            await holder.execute("ROLLBACK")
            await holder.close()
    assert await store.version_of(match.id) == match.version
    await service.move(CHANNEL, "nim", match.to_act()[0], "take 1")  # works again
    assert await store.version_of(match.id) == match.version + 1


@needs_postgres
async def test_an_unreachable_server_is_one_line_without_the_password():
    with pytest.raises(StorageUnavailable) as refused:
        await Store.open("postgresql://tide:s3cret@127.0.0.1:1/test")
    assert "s3cret" not in str(refused.value) and "\n" not in str(refused.value)


@needs_postgres
async def test_both_back_ends_have_the_same_tables_and_columns(tmp_path: Path):
    sqlite = Place("sqlite", tmp_path)
    postgres = Place("postgresql", tmp_path)
    try:
        lite, pg = await sqlite.open(), await postgres.open()
        assert await lite.schema_version() == await pg.schema_version() == len(MIGRATIONS)
        lite_tables = {
            r[0]
            for r in await lite._read(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        pg_tables = {
            r[0]
            for r in await pg._read(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = ?",
                (postgres.schema,),
            )
        } - {"tidetable_schema"}
        assert lite_tables == pg_tables
        for table in sorted(lite_tables):
            lite_columns = [r["name"] for r in await lite._read(f"PRAGMA table_info({table})")]
            pg_columns = [
                r[0]
                for r in await pg._read(
                    "SELECT column_name FROM information_schema.columns WHERE table_schema = ?"
                    " AND table_name = ? ORDER BY ordinal_position",
                    (postgres.schema, table),
                )
            ]
            assert lite_columns == pg_columns, table
    finally:
        await sqlite.close()
        await postgres.close()


@needs_postgres
async def test_processes_starting_together_migrate_once(tmp_path: Path):
    place = Place("postgresql", tmp_path)
    try:
        stores = await asyncio.gather(*(place.open() for _ in range(4)))
        assert {await s.schema_version() for s in stores} == {len(MIGRATIONS)}
        assert len({s.instance for s in stores}) == 1
    finally:
        await place.close()


async def test_a_read_after_a_committed_write_sees_it_while_other_reads_overlap(place: Place):
    """Reads overlapping each other on one connection must not keep an old snapshot open: a
    move read right after it was saved (under load from other players' autocomplete) is the
    saved one, else a legal move is refused as "not your turn"."""
    store = await place.open()
    async with store._transaction() as tx:
        await tx.execute("INSERT INTO meta (key, value) VALUES ('n', '0')")
    stop = False

    async def keystrokes() -> None:
        while not stop:
            await store._read("SELECT value FROM meta WHERE key = 'n'")

    readers = [asyncio.create_task(keystrokes()) for _ in range(5)]
    stale = []
    try:
        for n in range(1, 201):
            async with store._transaction() as tx:
                await tx.execute("UPDATE meta SET value = ? WHERE key = 'n'", (str(n),))
            seen = int((await store._read("SELECT value FROM meta WHERE key = 'n'"))[0][0])
            if seen != n:
                stale.append((n, seen))
    finally:
        stop = True
        await asyncio.gather(*readers)
    assert stale == []


async def test_a_receipt_from_a_process_that_was_behind_does_not_refuse_a_fair_move(
    place: Place,
):
    """Process B last saw the match before process A (its turn clock, say) moved it on; the
    player saw A's board and sends their move to B. B's memory was behind, not the player: the
    move is played, not refused as sent before their turn."""
    a, b = service_on(await place.open()), service_on(await place.open())
    match = await started(a)
    await b.current(CHANNEL, "nim")  # B caches the match at this version
    first = match.to_act()[0]
    await a.move(CHANNEL, "nim", first, "take 1")  # A moves it on (B is not told)
    second = next(u for u in (ALICE, BOB) if u != first)
    receipt = b.receipt(CHANNEL)
    assert receipt is not None and receipt.version == match.version  # B is behind
    played = await b.move(CHANNEL, "nim", second, "take 1", receipt=receipt)
    assert played.after.version == match.version + 2


# -- a move raced by another process between its read and its save ---------------------------
class Raced:
    """Process ``a``'s move is held at its lock (it has read the match and checked the
    submission); process ``b`` changes the match meanwhile; then ``a``'s move goes on. Its
    save's version check sees the change, and the move is judged again on the newer match."""

    def __init__(self, a: MatchService) -> None:
        self.arrived = asyncio.Event()
        self.held = asyncio.Lock()
        self.service = a
        a._lock = self._lock  # type: ignore[method-assign]

    def _lock(self, _match_id: int) -> asyncio.Lock:
        self.arrived.set()
        return self.held

    async def run(self, move, meanwhile):
        await self.held.acquire()
        task = asyncio.create_task(move)
        arrived = asyncio.create_task(self.arrived.wait())
        await asyncio.wait({task, arrived}, return_when=asyncio.FIRST_COMPLETED)
        arrived.cancel()
        assert not task.done(), "the move ended before reaching its lock"
        try:
            await meanwhile
        finally:
            self.held.release()
        return await asyncio.gather(task, return_exceptions=True)


async def test_a_move_raced_by_the_same_move_in_another_process_is_already_played(place: Place):
    a, b = service_on(await place.open()), service_on(await place.open())
    match = await started(a)
    mover = match.to_act()[0]
    receipt = a.receipt(CHANNEL)
    (result,) = await Raced(a).run(
        a.move(CHANNEL, "nim", mover, "take 1", receipt=receipt),
        b.move(CHANNEL, "nim", mover, "take 1"),
    )
    assert isinstance(result, StaleMove) and "Already played" in str(result)
    assert [m.version for m in await a.store.moves(match.id)] == [match.version + 1]
    assert (await a.current(CHANNEL)).version == match.version + 1


async def test_a_move_raced_by_a_change_that_is_no_move_is_played_on_the_newer_match(
    place: Place,
):
    a, b = service_on(await place.open()), service_on(await place.open())
    match = await started(a)
    mover = match.to_act()[0]
    (result,) = await Raced(a).run(
        a.move(CHANNEL, "nim", mover, "take 1"),
        b.store.change_seats(match.id, match.version, timers=None),
    )
    assert not isinstance(result, BaseException), result
    assert result.before.version == match.version + 1
    assert result.after.version == match.version + 2
    fresh = await b.current(CHANNEL)
    assert fresh.version == match.version + 2 and fresh.state == result.after.state
    assert [m.version for m in await a.store.moves(match.id)] == [match.version + 2]


async def test_a_chosen_suggestion_raced_by_another_process_is_out_of_date(place: Place):
    a, b = service_on(await place.open()), service_on(await place.open())
    match = await started(a)
    mover = match.to_act()[0]
    (result,) = await Raced(a).run(
        a.move(CHANNEL, "nim", mover, "take 1", expected_version=match.version),
        b.store.change_seats(match.id, match.version, timers=None),
    )
    assert isinstance(result, StaleMove) and "out of date" in str(result)
    assert await a.store.moves(match.id) == []


async def test_a_move_that_conflicts_twice_is_stale_and_saves_nothing(place: Place):
    a = service_on(await place.open())
    match = await started(a)
    tries = []

    async def always_first(*args, **kwargs):
        tries.append(args[1])
        raise VersionConflict(match.id)

    a.store.save_move = always_first  # type: ignore[method-assign]
    with pytest.raises(StaleMove, match="at the same moment"):
        await a.move(CHANNEL, "nim", match.to_act()[0], "take 1")
    assert len(tries) == 2  # the move was tried once more on the match read again
    assert await a.store.moves(match.id) == []


async def test_an_uncontended_move_reads_once(place: Place):
    """The lock's re-read costs nothing when no change landed (the cache holds the very match
    read before the lock), and the players' settings come with the channel's probe: a move's
    one read. What it plans from those settings is what a separate read gave (quiet hours of
    the player to act next move their reminder)."""
    service = service_on(await place.open())
    await service.create("tokan", GUILD, CHANNEL, ALICE, {}, clock="12h")
    await service.join(CHANNEL, "tokan", BOB)
    match = (await service.start(CHANNEL, "tokan", ALICE)).match
    mover = match.to_act()[0]
    waiting = BOB if mover == ALICE else ALICE
    clocks = service.turns.clocks
    # Quiet all day but one minute: the half-time reminder moves out of them.
    await clocks.set_prefs(waiting, quiet=(0, 23 * 60 + 59), tz="UTC")
    read = service.store.db.read  # put back below
    reads = counted_reads(service.store)
    seat = match.seat_of(mover)
    text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
    moved = await service.move(CHANNEL, "tokan", mover, text)
    assert len(reads) == 1, reads
    assert "FROM matches" in reads[0] and "users" in reads[0]
    service.store.db.read = read  # type: ignore[method-assign]
    prefs = (await clocks.prefs([waiting]))[waiting]
    timers = [
        t
        for t in await clocks.timers(match.id)
        if t.decision == moved.after.version and t.status == "pending"
    ]
    planned = plan_for(prefs, moved.after.seat_of(waiting), moved.after.version, timers)
    assert sorted((t.kind, t.detail, t.due_at) for t in timers) == planned
    default = plan_for(Prefs(waiting), moved.after.seat_of(waiting), moved.after.version, timers)
    assert planned != default  # the settings made a difference


def plan_for(prefs, seat: int, version: int, timers) -> list:
    """The rows ``decision_timers`` plans for ``prefs`` at the moment the timers began."""
    from table.turnclock import decision_timers

    (begun,) = {t.begun for t in timers}
    rows = decision_timers(seat, prefs, version, begun, 12 * 3600, False, notify=True)
    return sorted((r.kind, r.detail, r.due_at) for r in rows)


async def test_a_change_announcements_get_their_ids_in_order_in_one_statement(place: Place):
    """A change's outbox entries are written by one INSERT (more than one only past its row
    limit); the ids come back in the order the announcements were given, on both engines."""
    store = await place.open()
    a, b = await asyncio.gather(
        store.announce(None, [Announcement("post", {"n": n}, lane="x") for n in range(320)]),
        store.announce(None, [Announcement("post", {"n": n}, lane="y") for n in range(3)]),
    )
    assert len(a) == 320 and len(b) == 3
    assert list(a) == sorted(a) and list(b) == sorted(b)
    for ids in (a, b):
        entries = await store.entries(ids)
        assert [e.id for e in entries] == list(ids)
        assert [e.payload["n"] for e in entries] == list(range(len(ids)))
    assert await store.announce(None, []) == ()
