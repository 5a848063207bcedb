"""SQLite storage for matches: tables, migrations, version-checked saves and the outbox.
Knows no Discord.

Tables in the spirit of boardgame.io's storage split: ``matches`` (one row per match with its
full current state as JSON and a version), ``seats`` (who joined, and their seat once it
started), ``moves`` (an append-only log) and ``outbox`` (what must be announced about a change,
written in the *same transaction* as the change, so a saved action is never left unannounced).

Every write is one ``BEGIN IMMEDIATE … COMMIT`` on the writer connection; any failure inside it
rolls it back, so the connection is always usable afterwards. A move's save is
``UPDATE … WHERE version = ?`` together with its log row: a second, concurrent move changes
nothing and is reported as stale. Reads use a second connection: in WAL mode they run beside a
writer that waits for a lock held by another process, so autocomplete never queues behind it
(small reads by an index, such as the version probe, run on the event loop's own thread, on a
third, read-only connection that never waits: see ``data/sql.py``).
Failures of the storage itself become ``StorageError``s that say to the player that nothing was
saved and why; each cause is logged once until a write succeeds again.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from data.clock import Clock, SystemClock, iso
from data.clockrows import Plan
from data.dberrors import (
    ChannelTaken,
    StorageBusy,
    StorageError,
    StorageUnavailable,
    UniqueViolation,
    VersionConflict,
)
from data.results import MatchResult
from data.schema import MIGRATIONS
from data.sql import Database, PostgresDatabase, Row, SqliteDatabase, Tx
from data.timerwrites import lock_presence, pause_rows, resume_rows, void_match, write_plan
from i18n.text import TEXT_KEY, Text, text_data, text_from
from metrics.instruments import ACTIONS_SAVED

# How long a write waits for a lock held by another connection or process before giving up.
BUSY_TIMEOUT_MS = 5000
# How long a process may hold a claimed outbox entry or timer before another may take it
# (seconds): far longer than a delivery takes, short enough that a dead process's work is
# picked up within a couple of minutes.
LEASE_SECONDS = 90.0

__all__ = [
    "MIGRATIONS",
    "ChannelTaken",
    "StorageBusy",
    "StorageError",
    "StorageUnavailable",
    "VersionConflict",
]

OPEN_STATUSES = ("lobby", "active")
# Outbox rows written by one INSERT: ten parameters each, under SQLite's oldest limit of
# 999 parameters a statement.
OUTBOX_ROWS_PER_INSERT = 90

# When many entries are due at once (a storm of due work after an outage), lanes whose first
# entry changes whose turn it is go out first, then other posts and private views, then
# reminders and "your turn" notices. A lane's own entries still go out in the order written.
TURN, PLAIN, NOTICE = 0, 1, 2
# Posts that show a new position or hand a decision to someone; a computer seat's "think" leads
# to one.
TURN_EVENTS = frozenset({"start", "move", "undo", "timeout", "resign", "rejoin"})


# -- rows -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchRow:
    """One match as stored. ``state_json`` is the raw saved state (decoded by the service only
    when it is not cached); ``result`` is decoded JSON (or None). ``damaged`` says why a row
    cannot be read (its options or result are not valid JSON), else None."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    creator_id: int
    status: str
    options: dict[str, str]
    seed: int
    state_json: str | None
    version: int
    result: dict[str, Any] | None
    players: tuple[int, ...]  # user ids by seat once started; join order in the lobby
    damaged: str | None = None
    # The turn clock: seconds per decision (0: none), paused, and by seat: automatic
    # decisions in a row and who plays it (0 its player, 1 the table after timeouts, 2 the
    # table after a resignation).
    clock: int = 0
    paused: bool = False
    timeouts: tuple[int, ...] = ()
    table: tuple[int, ...] = ()

    def table_seats(self) -> tuple[int, ...]:
        """The seats the table plays (they cannot win)."""
        return tuple(seat for seat, flag in enumerate(self.table) if flag)


@dataclass(frozen=True)
class MoveRow:
    version: int
    seat: int | None
    move: str
    at: str


@dataclass(frozen=True)
class Announcement:
    """Something to announce about a change: written with the change, delivered later.
    ``lane`` orders delivery (entries of one lane go out in the order they were written)."""

    kind: str
    payload: dict[str, Any]
    lane: str = ""  # default: the match's lane
    delay: float = 0.0  # seconds after the change before it is due

    @property
    def priority(self) -> int:
        """Its place when many entries are due at once (``TURN``, ``PLAIN``, ``NOTICE``)."""
        if self.kind == "think" or self.payload.get("event") in TURN_EVENTS:
            return TURN
        if "reminder" in self.payload or "turns" in self.payload:
            return NOTICE
        return PLAIN


@dataclass(frozen=True)
class OutboxEntry:
    id: int
    lane: str
    match_id: int | None
    kind: str
    payload: dict[str, Any]
    created_at: float
    due_at: float
    attempts: int
    status: str
    last_error: str | None  # a reason told to people is a Text (its string: the English)
    priority: int = PLAIN
    # When a process first claimed it to deliver it (None: never). Earlier than this claim, a
    # try may have reached Discord already, and its nonce may have been forgotten since.
    first_tried: float | None = None
    claimed_by: str | None = None  # the process holding it now (``Store.process``), if any


@dataclass(frozen=True)
class Saved:
    """What a write committed: the match's new version and the outbox entries it wrote."""

    version: int
    entries: tuple[int, ...] = field(default=())
    # The match as the change left it, all but its state (``state_json`` is None): what a
    # move's save returns, so the service need not read the match again.
    row: MatchRow | None = None


def match_lane(match_id: int) -> str:
    return f"match:{match_id}"


# An entry ``o`` waits while an earlier pending entry of its lane is due, or was tried and
# waits for a retry; one due later by design and not tried yet does not hold it back
# (``Store.due_entries``). One parameter: now.
EARLIER_IN_LANE = (
    "SELECT 1 FROM outbox AS p WHERE p.status = 'pending' AND p.lane = o.lane AND p.id < o.id"
    " AND (p.attempts > 0 OR p.due_at <= ?)"
)


def is_postgres_url(target: str | Path) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


# The events of the posts the running transaction writes (the actions it saves), counted when
# it commits.
_ANNOUNCED: ContextVar[list[str] | None] = ContextVar("announced", default=None)


def _still_unsaved() -> bool:
    return True


@dataclass
class Speaker:
    """The person whose interaction the running task handles, and the locale they use, not yet
    written (``cogs/language.py``). Written in the first transaction the task commits: an
    action of theirs that is saved keeps their locale with it, whatever crashes after it,
    without a write of its own in the interaction's way.

    ``unsaved`` is asked at the write: whether that locale still waits to be written. The
    context variable is copied into every task the interaction starts, and another task may
    have changed things meanwhile: the person asked to be forgotten (a row written then would
    name them again), or used another locale since (it would write the older one over it)."""

    user_id: int
    locale: str
    written: bool = False
    unsaved: Callable[[], bool] = field(default=_still_unsaved, compare=False)


SPEAKER: ContextVar[Speaker | None] = ContextVar("speaker", default=None)
_REMEMBER_LOCALE = (
    "INSERT INTO users (user_id, locale) VALUES (?, ?)"
    " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale"
)


# The channel on which processes sharing a PostgreSQL database tell each other that work was
# released (a gentle stop) and may be taken now.
WORK_CHANNEL = "tidetable_work"


class Store:
    """The matches, their log, the outbox and the turn clock's rows, over one ``Database``:
    SQLite (a file, one process) or PostgreSQL (a server, any number of processes)."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock
        self.instance = ""  # a short random id of this database, for idempotency keys
        # This process, in the claims it takes on outbox entries and timers.
        self.process = secrets.token_hex(6)
        self.lease_seconds = LEASE_SECONDS

    @property
    def own_claims(self) -> bool:
        """Whether this process writes entries claimed by itself (``_held_at_birth``) and so
        claims its own claims again (``claim_due``): on SQLite, whose write transactions run
        one at a time. On PostgreSQL a claim is only ever taken over once its lease ran out."""
        return self.db.dialect == "sqlite"

    @property
    def skip_locked(self) -> str:
        """What a claiming SELECT adds so that processes pass over each other's rows instead of
        waiting for them (PostgreSQL; SQLite has one writer at a time, so it needs none)."""
        return " FOR UPDATE SKIP LOCKED" if self.db.dialect == "postgresql" else ""

    @property
    def shared(self) -> bool:
        """Whether other processes may write this database at the same time."""
        return self.db.shared

    @property
    def _db(self) -> aiosqlite.Connection:
        """SQLite's writer connection (tests reach under the store with it)."""
        assert isinstance(self.db, SqliteDatabase), "only SQLite has a single writer connection"
        return self.db.writer

    @classmethod
    async def open(
        cls,
        target: str | Path,
        clock: Clock | None = None,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        *,
        schema: str | None = None,
    ) -> Store:
        """Open the database at ``target`` (a SQLite file, made if needed, or a
        ``postgresql://`` URL) and bring its schema up to date. ``schema``: PostgreSQL only,
        the schema to keep the tables in (tests use one each).

        Raises StorageUnavailable with one line saying why when the database cannot be used:
        unreachable, read-only, full, damaged, or written by a newer version of the bot.
        """
        clock = clock or SystemClock()
        db: Database
        if is_postgres_url(target):
            db = await PostgresDatabase.connect(str(target), busy_timeout_ms, schema=schema)
        else:
            db = await SqliteDatabase.connect(target, busy_timeout_ms)
        store = cls(db, clock)
        try:
            await db.migrate(MIGRATIONS)
            await store._probe()
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        await self.db.close()

    # -- a gentle stop ---------------------------------------------------------------------
    async def release_claims(self) -> int:
        """Give up every claim this process holds on outbox entries and timers (a gentle
        stop): another process takes that work at once instead of when the lease runs out,
        and is told so (PostgreSQL's NOTIFY, heard through ``listen_for_work``). Returns how
        many rows were freed."""
        freed = 0
        async with self._transaction() as db:
            for table in ("outbox", "timers"):
                freed += await db.execute(
                    f"UPDATE {table} SET claimed_by = NULL, lease_until = NULL"
                    " WHERE claimed_by = ? AND status = 'pending'",
                    (self.process,),
                )
            freed += await db.execute(  # an erasure's row goes when it is done: no status
                "UPDATE erasures SET claimed_by = NULL, lease_until = NULL WHERE claimed_by = ?",
                (self.process,),
            )
            # Said even when nothing was claimed: what was saved during the stop and never
            # tried here waits for another process too.
            announce = self.db.notify_sql(WORK_CHANNEL)
            if announce is not None:
                await db.fetch(announce)
        return freed

    async def listen_for_work(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when another process released work this one may take."""
        await self.db.listen(WORK_CHANNEL, callback)

    async def _probe(self) -> None:
        """One write at start-up, so a read-only or full database is named before any player
        meets it; it also reads (or makes) this database's instance id, the same for every
        process that shares the database (it is part of every message's nonce)."""
        async with self._transaction() as tx:
            await tx.execute(
                "INSERT INTO meta (key, value) VALUES ('instance', ?) ON CONFLICT (key) DO NOTHING",
                (secrets.token_hex(4),),
            )
            row = await tx.fetchone("SELECT value FROM meta WHERE key = 'instance'")
            self.instance = str(row[0]) if row else ""
            if not self.shared:
                # One process owns a SQLite file: what an earlier run claimed and did not
                # finish (it crashed) is free again now, not after the lease.
                for table in ("outbox", "timers"):
                    await tx.execute(
                        f"UPDATE {table} SET claimed_by = NULL, lease_until = NULL"
                        " WHERE status = 'pending' AND lease_until IS NOT NULL"
                    )
            await tx.execute(
                "INSERT INTO meta (key, value) VALUES ('opened_at', ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (iso(self.clock.now()),),
            )

    async def schema_version(self) -> int:
        return await self.db.schema_version()

    # -- transactions --------------------------------------------------------------------
    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Tx]:
        """``async with store._transaction() as tx``: one write transaction, committed if the
        body returns, rolled back on any failure, so the connection is always clean. The
        actions it announced are counted once it committed (``ACTIONS_SAVED``)."""
        events: list[str] = []
        token = _ANNOUNCED.set(events)
        speaker = SPEAKER.get()
        try:
            async with self.db.transaction() as tx:
                yield tx
                if (
                    speaker is not None
                    and not speaker.written
                    and getattr(tx, "begun", True)
                    and speaker.unsaved()
                ):
                    await tx.execute(_REMEMBER_LOCALE, (speaker.user_id, speaker.locale))
                else:
                    speaker = None
        finally:
            _ANNOUNCED.reset(token)
        if speaker is not None:
            speaker.written = True
        for event in events:
            ACTIONS_SAVED.labels(event).inc()

    async def _read(self, sql: str, args: Sequence[Any] = (), *, small: bool = False) -> list[Row]:
        return await self.db.read(sql, args, small=small)

    # -- reading -------------------------------------------------------------------------
    async def open_match_in(self, channel_id: int) -> MatchRow | None:
        rows = await self._read(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return await self._with_players(rows[0]) if rows else None

    async def latest_match_in(self, channel_id: int) -> MatchRow | None:
        """The channel's newest match, open or not."""
        rows = await self._read(
            "SELECT * FROM matches WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return await self._with_players(rows[0]) if rows else None

    async def match(self, match_id: int) -> MatchRow | None:
        rows = await self._read("SELECT * FROM matches WHERE id = ?", (match_id,))
        return await self._with_players(rows[0]) if rows else None

    async def matches(self, match_ids: Sequence[int]) -> list[MatchRow]:
        """These matches (those that exist, in the order asked) in two reads whatever their
        number: a list of matches shown at once (``mine``) does not read each on its own."""
        if not match_ids:
            return []
        marks = ", ".join("?" for _ in match_ids)
        rows = await self._read(f"SELECT * FROM matches WHERE id IN ({marks})", tuple(match_ids))
        seats: dict[int, list[tuple[Any, ...]]] = {}
        for seat in await self._read(
            "SELECT match_id, user_id, timeouts, table_seat FROM seats"
            f" WHERE match_id IN ({marks}) ORDER BY match_id, COALESCE(seat, joined), joined",
            tuple(match_ids),
        ):
            seats.setdefault(int(seat[0]), []).append((seat[1], seat[2], seat[3]))
        found = {int(row["id"]): match_row(row, seats.get(int(row["id"]), [])) for row in rows}
        return [found[i] for i in match_ids if i in found]

    async def version_of(self, match_id: int) -> int | None:
        """The match's current version: the cheap probe before trusting a cached state."""
        rows = await self._read("SELECT version FROM matches WHERE id = ?", (match_id,), small=True)
        return int(rows[0][0]) if rows else None

    async def moves(self, match_id: int) -> list[MoveRow]:
        rows = await self._read(
            "SELECT version, seat, move, at FROM moves WHERE match_id = ? ORDER BY version",
            (match_id,),
        )
        return [MoveRow(r["version"], r["seat"], r["move"], r["at"]) for r in rows]

    async def running_matches_of(self, user_id: int) -> list[int]:
        """The ids of the active matches in which ``user_id`` has a seat, oldest first."""
        rows = await self._read(
            "SELECT m.id FROM matches m JOIN seats s ON s.match_id = m.id"
            " WHERE s.user_id = ? AND m.status = 'active' ORDER BY m.id",
            (user_id,),
        )
        return [int(r[0]) for r in rows]

    async def _with_players(self, row: Row) -> MatchRow:
        return match_row(row, await self._read(SEATS, (row["id"],)))

    async def probe_channel(self, channel_id: int) -> tuple[int, int] | None:
        """The id and version of the channel's open match (one small row from the open-match
        index): enough to tell whether a cached match is still the truth."""
        rows = await self._read(
            "SELECT id, version FROM matches WHERE channel_id = ?"
            " AND status IN ('lobby', 'active')",
            (channel_id,),
            small=True,
        )
        return (int(rows[0][0]), int(rows[0][1])) if rows else None

    # -- writing matches -----------------------------------------------------------------
    async def create_match(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        options: dict[str, str],
        seed: int,
        announce: Sequence[Announcement] = (),
        clock: int = 0,
        invites: Sequence[int] = (),
        seated: Sequence[int] = (),
    ) -> tuple[int, Saved]:
        """A new lobby with its creator seated; ChannelTaken if the channel has an open match.
        ``clock``: the seconds each decision may take (0: no clock); ``invites``: the people
        it is open to (none: anyone), written with it; ``seated``: players seated after the
        creator in the same transaction (a rematch's computer players)."""
        now = iso(self.clock.now())
        async with self._transaction() as db:
            try:
                made = await db.fetchone(
                    "INSERT INTO matches (game, guild_id, channel_id, creator_id, status, options,"
                    " seed, created_at, updated_at, clock)"
                    " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                    (
                        game,
                        guild_id,
                        channel_id,
                        creator_id,
                        json.dumps(options),
                        seed,
                        now,
                        now,
                        clock,
                    ),
                )
            except UniqueViolation:
                raise ChannelTaken(channel_id) from None
            match_id = int(made[0]) if made else 0
            await db.executemany(
                "INSERT INTO seats (match_id, user_id, joined) VALUES (?, ?, ?)",
                [(match_id, user, order) for order, user in enumerate([creator_id, *seated])],
            )
            if invites:
                await db.executemany(
                    "INSERT INTO lobby_invites (match_id, user_id) VALUES (?, ?)"
                    " ON CONFLICT (match_id, user_id) DO NOTHING",
                    [(match_id, user) for user in {creator_id, *invites}],
                )
            entries = await self._announce(db, match_id, announce)
        return match_id, Saved(0, entries)

    async def set_lobby(
        self,
        match_id: int,
        version: int,
        players: Sequence[int],
        announce: Sequence[Announcement] = (),
    ) -> Saved:
        """Replace the lobby's players (join order kept as given), version-checked."""
        async with self._transaction() as db:
            bumped = await self._bump(db, match_id, version, status="lobby")
            new_version = int(bumped["version"])
            await db.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
            await db.executemany(
                "INSERT INTO seats (match_id, user_id, joined) VALUES (?, ?, ?)",
                [(match_id, user, order) for order, user in enumerate(players)],
            )
            entries = await self._announce(db, match_id, announce)
        return Saved(new_version, entries)

    async def start(
        self,
        match_id: int,
        version: int,
        seated: Sequence[int],
        state: dict[str, Any],
        announce: Sequence[Announcement] = (),
        timers: Plan | None = None,
    ) -> Saved:
        """Seat the players in ``seated`` order and store the first state (and the first
        decisions' timers)."""
        async with self._transaction() as db:
            bumped = await self._bump(
                db, match_id, version, status="active", state=state, status_changes=True
            )
            new_version = int(bumped["version"])
            await db.executemany(
                "UPDATE seats SET seat = ? WHERE match_id = ? AND user_id = ?",
                [(seat, match_id, user) for seat, user in enumerate(seated)],
            )
            if timers is not None:
                await write_plan(
                    db, match_id, timers, self.clock.now(), paused=bool(bumped["paused"])
                )
            entries = await self._announce(db, match_id, announce)
        return Saved(new_version, entries)

    async def save_move(
        self,
        match_id: int,
        version: int,
        seat: int | None,
        move: str,
        state: dict[str, Any] | None,
        status: str = "active",
        result: dict[str, Any] | None = None,
        announce: Sequence[Announcement] = (),
        also: Sequence[tuple[int | None, str]] = (),
        timers: Plan | None = None,
        before: MatchRow | None = None,
    ) -> Saved:
        """Save the state after a move, append it to the log and write its announcements,
        atomically; ``also`` are moves played right after it in the same change (the only
        choice a game left), each a log entry and a version of its own; ``timers`` the turn
        clock's rows the change starts and ends (a match that ends stops all of its timers).
        Raises VersionConflict (and changes nothing) if the match is no longer at ``version``.

        ``before``: the match as the caller read it at ``version``. Its seats, with the
        plan's seat changes applied, are the saved row's seats, with no read: seats change
        only in a change that also bumps the version, so a save checked against ``version``
        finds them as they were at that version. Without it they are read back."""
        logged = [(seat, move), *also]
        async with self._transaction() as db:
            bumped = await self._bump(
                db,
                match_id,
                version,
                status=status,
                state=state,
                result=result,
                status_changes=status != "active",
                steps=len(logged),
            )
            new_version = int(bumped["version"])
            now = iso(self.clock.now())
            await db.executemany(
                "INSERT INTO moves (match_id, version, seat, move, at) VALUES (?, ?, ?, ?, ?)",
                [
                    (match_id, version + 1 + i, entry_seat, text, now)
                    for i, (entry_seat, text) in enumerate(logged)
                ],
            )
            if timers is not None:
                await write_plan(
                    db, match_id, timers, self.clock.now(), paused=bool(bumped["paused"])
                )
            if status != "active":
                await void_match(db, match_id, self.clock.now())
            entries = await self._announce(db, match_id, announce)
            if before is not None and before.version == version and before.id == match_id:
                seats: Sequence[Row] | Sequence[Sequence[Any]] = seats_after(before, timers)
            else:
                seats = await db.fetch(SEATS, (match_id,))
        return Saved(new_version, entries, match_row(bumped, seats))

    async def _bump(
        self,
        tx: Tx,
        match_id: int,
        version: int,
        *,
        status: str,
        state: dict[str, Any] | None = None,
        result: dict[str, Any] | None = None,
        status_changes: bool = True,
        steps: int = 1,
    ) -> Row:
        """The version-checked UPDATE that every match write begins with (inside the caller's
        transaction); VersionConflict when another write came first. ``status`` is written only
        when it may change, so an ordinary move does not rewrite the open-match index. Returns
        the updated row."""
        sets = ["version = version + ?", "updated_at = ?"]
        values: list[Any] = [steps, iso(self.clock.now())]
        if status_changes:
            sets.append("status = ?")
            values.append(status)
        if state is not None:
            sets.append("state = ?")
            values.append(json.dumps(state, separators=(",", ":")))
        if result is not None:
            sets.append("result = ?")
            values.append(json.dumps(result))
        # The new row comes back with the update (all but its state, which the caller has), so
        # the service caches the truth without reading the match again.
        row = await tx.fetchone(
            f"UPDATE matches SET {', '.join(sets)} WHERE id = ? AND version = ?"
            f" RETURNING {ROW_BUT_STATE}",
            (*values, match_id, version),
        )
        if row is None:
            raise VersionConflict(match_id)
        return row

    # -- the outbox ----------------------------------------------------------------------
    async def _announce(
        self, db: Tx, match_id: int | None, announce: Iterable[Announcement]
    ) -> tuple[int, ...]:
        """Write the announcements, in order, in one statement (one round trip, not one per
        entry); their ids in the same order. Ids grow in the order of the VALUES rows within
        one statement on both engines, so the ids sorted are the entries' order. Those this
        process may deliver at once are written claimed by it (``_held_at_birth``)."""
        now = self.clock.now()
        items = list(announce)
        counted = _ANNOUNCED.get()
        if counted is not None:  # an action is known by the post that tells it
            counted += [str(i.payload.get("event", "other")) for i in items if i.kind == "post"]
        lanes = [
            item.lane or (match_lane(match_id) if match_id is not None else "bot") for item in items
        ]
        held = await self._held_at_birth(db, lanes, items, now)
        lease = (self.process, now + self.lease_seconds, now)
        rows = [
            (
                lane,
                match_id,
                item.kind,
                json.dumps(item.payload),
                now,
                now + item.delay,
                item.priority,
                *(lease if index in held else (None, None, None)),
            )
            for index, (lane, item) in enumerate(zip(lanes, items, strict=True))
        ]
        ids: list[int] = []
        for begin in range(0, len(rows), OUTBOX_ROWS_PER_INSERT):
            chunk = rows[begin : begin + OUTBOX_ROWS_PER_INSERT]
            made = await db.fetch(
                "INSERT INTO outbox (lane, match_id, kind, payload, created_at, due_at, priority,"
                " claimed_by, lease_until, first_tried) VALUES "
                + ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"] * len(chunk))
                + " RETURNING id",
                [value for row in chunk for value in row],
            )
            ids += sorted(int(r[0]) for r in made)
        return tuple(ids)

    async def _held_at_birth(
        self, db: Tx, lanes: Sequence[str], items: Sequence[Announcement], now: float
    ) -> set[int]:
        """Which of the announcements about to be written this process claims as it writes
        them (their positions), so that its dispatcher delivers them at once, without a
        transaction of its own to claim them (``Dispatcher.settle`` takes them): the first of
        each lane, due at once and changing whose turn it is, when nothing pending holds its
        lane up (what ``claim_due`` would claim as soon as this commits). Only on SQLite,
        whose write transactions run one at a time: what is pending in a lane is known exactly
        here. On PostgreSQL another process's transaction may be writing into the same lane
        meanwhile, unseen: the dispatcher claims there, as it always did."""
        if not self.own_claims:
            return set()
        firsts: dict[str, int] = {}
        for index, lane in enumerate(lanes):
            firsts.setdefault(lane, index)
        # Only what changes whose turn it is (a move's post): taken at once, it overtakes no
        # entry more urgent than itself that waits in the database (a storm's backlog).
        due = {
            lane: index
            for lane, index in firsts.items()
            if items[index].delay <= 0 and items[index].priority == TURN
        }
        if not due:
            return set()
        marks = ", ".join("?" for _ in due)
        rows = await db.fetch(
            f"SELECT DISTINCT lane FROM outbox WHERE status = 'pending' AND lane IN ({marks})"
            " AND (attempts > 0 OR due_at <= ?)",
            (*due, now),
        )
        busy = {str(row[0]) for row in rows}
        return {index for lane, index in due.items() if lane not in busy}

    async def announce(
        self, match_id: int | None, announce: Sequence[Announcement]
    ) -> tuple[int, ...]:
        """Write announcements on their own (no match change), e.g. a note the dispatcher adds."""
        async with self._transaction() as db:
            return await self._announce(db, match_id, announce)

    async def due_entries(self, now: float, limit: int = 32) -> list[OutboxEntry]:
        """The pending entries that may go out now: due, and first of their lane (a lane's
        entries go out in order, so one waiting for a retry holds back those behind it). An
        entry not tried yet and due later by design (a computer seat's readable pause) holds
        back nothing until it falls due: the posts written after it go out meanwhile (they
        waited for the pause, and a player's `rejoin` went unanswered behind it), while it
        still waits for every post written before it."""
        rows = await self._read(
            "SELECT * FROM outbox AS o WHERE o.status = 'pending' AND o.due_at <= ?"
            f" AND NOT EXISTS ({EARLIER_IN_LANE}) ORDER BY o.priority, o.id LIMIT ?",
            (now, now, limit),
        )
        return [_entry(r) for r in rows]

    async def claim_due(
        self, now: float, limit: int = 32, exclude: Collection[int] = ()
    ) -> list[OutboxEntry]:
        """The entries that may go out now (as ``due_entries``, and not held by another
        process's live claim), claimed by this process for the lease. Another process sharing
        the database passes over them, and takes them only once the lease has run out (this
        process died holding them; the herald makes sure a repeat does not show twice). When
        more are due than ``limit``, those that change whose turn it is come first (``TURN``,
        then ``PLAIN``, then ``NOTICE``; ids within each); they come back in that order. The
        first claim of an entry stamps ``first_tried``. This process's own claims are claimed
        again, but not those in ``exclude`` (being delivered here now): an entry written
        claimed (``_held_at_birth``) and not taken at once is found here."""
        held = sorted(exclude)
        skip = f" AND o.id NOT IN ({', '.join('?' for _ in held)})" if held else ""
        free = "o.lease_until IS NULL OR o.lease_until <= ?"
        free_args: list[Any] = [now]
        if self.own_claims:
            free += " OR o.claimed_by = ?"
            free_args.append(self.process)
        # Looked for first as the claim will look (its lane's order too), so the common case,
        # and a lane waiting behind a retry, cost a read, not a write.
        claimable = (
            f"o.status = 'pending' AND o.due_at <= ? AND ({free}){skip}"
            f" AND NOT EXISTS ({EARLIER_IN_LANE})"
        )
        arguments = (now, *free_args, *held, now)
        if not await self._read(f"SELECT 1 FROM outbox AS o WHERE {claimable} LIMIT 1", arguments):
            return []
        async with self._transaction() as db:
            rows = await db.fetch(
                "UPDATE outbox SET claimed_by = ?, lease_until = ?, first_tried ="
                f" COALESCE(first_tried, ?) WHERE id IN (SELECT o.id FROM outbox AS o WHERE"
                f" {claimable} ORDER BY o.priority, o.id LIMIT ?{self.skip_locked}) RETURNING *",
                (self.process, now + self.lease_seconds, now, *arguments, limit),
            )
        return sorted((_entry(r) for r in rows), key=lambda e: (e.priority, e.id))

    async def next_due(self) -> float | None:
        """When the next entry may be claimed: it falls due, or another process's claim on
        it runs out (on SQLite this process's own claims are due when the entry is). Not an
        entry held up behind an earlier one of its lane (waiting for a retry, or due): it goes
        only once that one is done, and that one's delivery wakes the dispatcher."""
        held = "o.lease_until > o.due_at" + (" AND o.claimed_by <> ?" if self.own_claims else "")
        rows = await self._read(
            f"SELECT MIN(CASE WHEN {held} THEN o.lease_until ELSE o.due_at END) FROM outbox AS o"
            f" WHERE o.status = 'pending' AND NOT EXISTS ({EARLIER_IN_LANE})",
            (*((self.process,) if self.own_claims else ()), self.clock.now()),
        )
        return float(rows[0][0]) if rows and rows[0][0] is not None else None

    async def entries(self, ids: Sequence[int]) -> list[OutboxEntry]:
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        rows = await self._read(f"SELECT * FROM outbox WHERE id IN ({marks}) ORDER BY id", ids)
        return [_entry(r) for r in rows]

    async def outbox(self, match_id: int | None = None) -> list[OutboxEntry]:
        """Every entry (of one match), oldest first: the record of what was announced."""
        if match_id is None:
            rows = await self._read("SELECT * FROM outbox ORDER BY id")
        else:
            rows = await self._read(
                "SELECT * FROM outbox WHERE match_id = ? ORDER BY id", (match_id,)
            )
        return [_entry(r) for r in rows]

    async def mark_sent(self, entry_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE outbox SET status = 'sent', attempts = attempts + 1, done_at = ?,"
                " last_error = NULL, lease_until = NULL WHERE id = ? AND status = 'pending'",
                (self.clock.now(), entry_id),
            )

    async def mark_failed(
        self, entry_id: int, error: str, follow_ups: Sequence[Announcement] = ()
    ) -> tuple[int, ...]:
        """Give up on an entry for good (Discord refused it for a reason retrying cannot fix),
        writing what must be said instead in the same transaction."""
        async with self._transaction() as db:
            row = await db.fetchone("SELECT match_id FROM outbox WHERE id = ?", (entry_id,))
            await db.execute(
                "UPDATE outbox SET status = 'failed', attempts = attempts + 1, done_at = ?,"
                " last_error = ?, lease_until = NULL WHERE id = ? AND status = 'pending'",
                (self.clock.now(), kept_error(error), entry_id),
            )
            return await self._announce(db, row[0] if row else None, follow_ups)

    async def retry_later(self, entry_id: int, due_at: float, error: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE outbox SET attempts = attempts + 1, due_at = ?, last_error = ?,"
                " claimed_by = NULL, lease_until = NULL WHERE id = ? AND status = 'pending'",
                (due_at, kept_error(error), entry_id),
            )

    async def hurry(self, lane: str) -> None:
        """Make a lane's entries waiting for a retry due now (new activity: Discord may be
        back). Not those due later by design, never tried yet (a computer seat's readable
        pause). Looks first, so the common case (nothing waiting) costs a read, not a write."""
        now = self.clock.now()
        waiting = await self._read(
            "SELECT 1 FROM outbox WHERE lane = ? AND status = 'pending' AND due_at > ?"
            " AND attempts > 0 LIMIT 1",
            (lane, now),
        )
        if not waiting:
            return
        async with self._transaction() as db:
            await db.execute(
                "UPDATE outbox SET due_at = ? WHERE lane = ? AND status = 'pending' AND due_at > ?"
                " AND attempts > 0",
                (now, lane, now),
            )

    # -- the turn clock ------------------------------------------------------------------
    async def change_seats(
        self,
        match_id: int,
        version: int,
        *,
        paused: bool | None = None,
        timers: Plan | None = None,
        announce: Sequence[Announcement] = (),
        players: Sequence[int] = (),
    ) -> Saved:
        """A version-checked change of the match's clock or seats with no move: pause or
        resume it (its timers stop, keeping what they had left, or start again; ``players``:
        its players, whose presence decides which start again), a seat taken back from the
        table (``timers`` sets the seat flags)."""
        async with self._transaction() as db:
            bumped = await self._bump(db, match_id, version, status="active", status_changes=False)
            new_version = int(bumped["version"])
            now = self.clock.now()
            if paused is not None:
                # Whether its timers run also depends on its players' presence (away or not).
                await lock_presence(db, players, exclusive=False)
                await db.execute(
                    "UPDATE matches SET paused = ? WHERE id = ?", (int(paused), match_id)
                )
                change = pause_rows if paused else resume_rows
                await change(db, now, "match_id = ?", (match_id,))
            if timers is not None:
                stopped = bool(bumped["paused"]) if paused is None else paused
                await write_plan(db, match_id, timers, now, paused=stopped)
            entries = await self._announce(db, match_id, announce)
        return Saved(new_version, entries)

    async def set_board_message(self, match_id: int, message_id: int) -> None:
        """The message that shows the match's latest board (reminders link to it)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE matches SET board_message = ? WHERE id = ?", (message_id, match_id)
            )

    async def board_message(self, match_id: int) -> int | None:
        rows = await self._read("SELECT board_message FROM matches WHERE id = ?", (match_id,))
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        """The one message that shows the lobby (edited as it changes, closed at the start)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE matches SET lobby_message = ? WHERE id = ?", (message_id, match_id)
            )

    async def lobby_message(self, match_id: int) -> int | None:
        rows = await self._read("SELECT lobby_message FROM matches WHERE id = ?", (match_id,))
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    # -- users ---------------------------------------------------------------------------
    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        """Whether the user's DMs are closed, as a DM to them just showed (and since when)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO users (user_id, dm_closed, dm_closed_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_closed = excluded.dm_closed,"
                " dm_closed_at = excluded.dm_closed_at",
                (user_id, int(closed), self.clock.now() if closed else None),
            )

    async def dm_closed(self, user_id: int) -> bool:
        rows = await self._read("SELECT dm_closed FROM users WHERE user_id = ?", (user_id,))
        return bool(rows and rows[0][0])

    async def dm_closed_since(self, user_id: int) -> float | None:
        """When a DM to the user was last refused because their DMs are closed; None when they
        are not known closed (0.0: found closed before the time was kept)."""
        rows = await self._read(
            "SELECT dm_closed, dm_closed_at FROM users WHERE user_id = ?", (user_id,)
        )
        if not rows or not rows[0][0]:
            return None
        return float(rows[0][1] or 0.0)

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """The Discord locale ``user_id`` last used ("de", "ja"): their DMs are said in it."""
        async with self._transaction() as db:
            await db.execute(_REMEMBER_LOCALE, (user_id, locale))

    async def locale_of(self, user_id: int) -> str | None:
        """The locale ``user_id`` last used, None when never seen."""
        rows = await self._read("SELECT locale FROM users WHERE user_id = ?", (user_id,))
        return str(rows[0][0]) if rows and rows[0][0] is not None else None

    # -- results, for the ratings --------------------------------------------------------
    # -- what an operator watches ----------------------------------------------------------
    async def outbox_backlog(self, now: float) -> tuple[int, float]:
        """How many entries wait to go out, and how long ago the oldest due one was written."""
        rows = await self._read(
            # Since it was written (a retry's backoff moves its due time, not its age).
            "SELECT COUNT(*), MIN(CASE WHEN due_at <= ? THEN created_at END) FROM outbox"
            " WHERE status = 'pending'",
            (now,),
        )
        count, oldest = rows[0][0], rows[0][1]
        return int(count), (now - float(oldest)) if oldest is not None else 0.0

    async def open_match_counts(self) -> list[tuple[str, str, int]]:
        """(game, status, count) of the matches in a lobby or being played."""
        rows = await self._read(
            "SELECT game, status, COUNT(*) FROM matches WHERE status IN ('lobby', 'active')"
            " GROUP BY game, status ORDER BY game, status"
        )
        return [(str(r[0]), str(r[1]), int(r[2])) for r in rows]

    async def finished_count(self) -> int:
        """How many matches have finished: the ratings are rebuilt when this changes."""
        rows = await self._read("SELECT COUNT(*) FROM matches WHERE status = 'finished'")
        return int(rows[0][0]) if rows else 0

    async def finished_results(self) -> list[MatchResult]:
        """Every finished match as the ratings read it (``table.ratings``): its game, server,
        players by seat, stored result, and when it finished (its last update). Seats whose
        time ran out (a ``timeout`` entry in the log) count as played by the computer."""
        matches = await self._read(
            "SELECT id, game, guild_id, status, result, updated_at FROM matches"
            " WHERE status = 'finished' ORDER BY id"
        )
        seats: dict[int, list[int]] = {}
        for row in await self._read(
            "SELECT s.match_id, s.user_id FROM seats AS s JOIN matches AS m ON m.id = s.match_id"
            " WHERE m.status = 'finished' ORDER BY s.match_id, COALESCE(s.seat, s.joined)"
        ):
            seats.setdefault(row[0], []).append(int(row[1]))
        timed_out: dict[int, set[int]] = {}
        for row in await self._read(
            "SELECT v.match_id, v.seat FROM moves AS v JOIN matches AS m ON m.id = v.match_id"
            " WHERE m.status = 'finished' AND v.move = 'timeout' AND v.seat IS NOT NULL"
        ):
            timed_out.setdefault(row[0], set()).add(int(row[1]))
        results = []
        for row in matches:
            try:
                result = json.loads(row["result"]) if row["result"] else None
            except ValueError:  # a damaged result cannot be rated
                continue
            results.append(
                MatchResult.from_record(
                    match_id=row["id"],
                    game=row["game"],
                    guild_id=row["guild_id"],
                    finished=row["updated_at"],
                    players=seats.get(row["id"], []),
                    status=row["status"],
                    result=result if isinstance(result, dict) else None,
                    # ... and so do the seats the table played to the end (table/turns.py).
                    computer_played=sorted(
                        timed_out.get(row["id"], set()) | set(table_seats_of(result))
                    ),
                    # Computer seats are stored under negative user ids (table/computers.py).
                    computer_players=[
                        seat for seat, user in enumerate(seats.get(row["id"], [])) if user < 0
                    ],
                )
            )
        return results


def table_seats_of(result: Any) -> list[int]:
    """The seats a finished match's result says the table played (after timeouts or a
    resignation), for the ratings."""
    seats = result.get("table", []) if isinstance(result, dict) else []
    return [int(s) for s in seats if isinstance(s, int)]


ERROR_KEPT = 500  # characters of a failure's reason kept


def kept_error(error: str) -> str:
    """A failure's reason as its row keeps it: a :class:`Text` (a reason the person is told,
    "I cannot post in …") whole, as its message and values, so that the answer reporting it
    says it in its reader's language; any other reason (for the logs) as it is, cut."""
    if isinstance(error, Text):
        kept = json.dumps(text_data(error), ensure_ascii=False)
        if len(kept) <= ERROR_KEPT:
            return kept
    return str.__str__(error)[:ERROR_KEPT]


def read_error(kept: str | None) -> str | None:
    """What ``kept_error`` wrote, read back (a Text again, whose string is its English)."""
    if kept is None or not kept.startswith('{"' + TEXT_KEY + '"'):
        return kept
    try:
        said = text_from(json.loads(kept))
    except (ValueError, TypeError, AttributeError, RecursionError):  # not what it wrote
        return kept
    return said if isinstance(said, str) else kept


def _entry(row: Row) -> OutboxEntry:
    return OutboxEntry(
        id=row["id"],
        lane=row["lane"],
        match_id=row["match_id"],
        kind=row["kind"],
        payload=json.loads(row["payload"]),
        created_at=row["created_at"],
        due_at=row["due_at"],
        attempts=row["attempts"],
        status=row["status"],
        last_error=read_error(row["last_error"]),
        priority=row["priority"],
        first_tried=row["first_tried"],
        claimed_by=row["claimed_by"],
    )


# The seats of a match in seat order (join order in the lobby).
SEATS = (
    "SELECT user_id, timeouts, table_seat FROM seats WHERE match_id = ?"
    " ORDER BY COALESCE(seat, joined), joined"
)
# A match row's columns but its state: what a save returns (the service holds the state).
ROW_BUT_STATE = (
    "id, game, guild_id, channel_id, creator_id, status, options, seed, version, result,"
    " clock, paused"
)


def seats_after(before: MatchRow, plan: Plan | None) -> list[tuple[int, int, int]]:
    """The seats' rows (user, timeouts in a row, table flag) once ``plan``'s seat changes are
    written over those of ``before`` (``write_plan`` sets them by seat, as here)."""
    seats = [list(s) for s in zip(before.players, before.timeouts, before.table, strict=True)]
    for seat, timeouts, flag in plan.seats if plan is not None else ():
        seats[seat][1:] = [int(timeouts), int(flag)]
    return [(user, timeouts, flag) for user, timeouts, flag in seats]


def match_row(
    row: Row, seats: Sequence[Row] | Sequence[Sequence[Any]], state_json: str | None = None
) -> MatchRow:
    """A match as stored, from its row and its seats' rows. Never raises: options or a result
    that are not valid JSON make it ``damaged`` (the service quarantines it)."""
    damaged = None
    try:
        options = json.loads(row["options"])
        if not isinstance(options, dict):
            raise ValueError("options are not an object")
    except (ValueError, TypeError) as error:
        options, damaged = {}, f"options: {error}"
    try:
        result = json.loads(row["result"]) if row["result"] else None
    except (ValueError, TypeError) as error:
        result, damaged = None, damaged or f"result: {error}"
    return MatchRow(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        creator_id=row["creator_id"],
        status=row["status"],
        options={str(k): str(v) for k, v in options.items()},
        seed=row["seed"],
        # sqlite3.Row's ``in`` looks at values, not names: ask its keys.
        state_json=row["state"] if "state" in row.keys() else state_json,  # noqa: SIM118
        version=row["version"],
        result=result,
        players=tuple(int(r[0]) for r in seats),
        damaged=damaged,
        clock=int(row["clock"]),
        paused=bool(row["paused"]),
        timeouts=tuple(int(r[1]) for r in seats),
        table=tuple(int(r[2]) for r in seats),
    )
