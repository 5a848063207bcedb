"""SQLite storage for matches: tables, migrations and version-checked saves. Knows no Discord.

Three tables in the spirit of boardgame.io's storage split: ``matches`` (one row per match with its
full current state as JSON and a version), ``seats`` (who joined, and their seat once it started)
and ``moves`` (an append-only log). A move is saved as ``UPDATE … WHERE version = ?`` together
with its log row in one transaction, so a second, concurrent move on the same match changes
nothing and is reported as stale. WAL mode lets readers (autocomplete) run beside a writer.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

# Each entry migrates the schema from version i to i + 1; PRAGMA user_version records how far
# a database has come. Never edit an entry once released: append a new one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE matches (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        game        TEXT    NOT NULL,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        creator_id  INTEGER NOT NULL,
        status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        options     TEXT    NOT NULL,
        seed        INTEGER NOT NULL,
        state       TEXT,
        version     INTEGER NOT NULL DEFAULT 0,
        result      TEXT,
        created_at  TEXT    NOT NULL,
        updated_at  TEXT    NOT NULL
    );
    CREATE UNIQUE INDEX one_open_match_per_channel
        ON matches (channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        match_id   INTEGER NOT NULL REFERENCES matches (id),
        user_id    INTEGER NOT NULL,
        joined     INTEGER NOT NULL,
        seat       INTEGER,
        PRIMARY KEY (match_id, user_id)
    );
    CREATE TABLE moves (
        match_id   INTEGER NOT NULL REFERENCES matches (id),
        version    INTEGER NOT NULL,
        seat       INTEGER,
        move       TEXT    NOT NULL,
        at         TEXT    NOT NULL,
        PRIMARY KEY (match_id, version)
    );
    """,
)

OPEN_STATUSES = ("lobby", "active")


class VersionConflict(Exception):
    """The match changed since it was read (another move, or another process, came first)."""


class ChannelTaken(Exception):
    """The channel already has an open match."""


@dataclass(frozen=True)
class MatchRow:
    """One match as stored. ``state_json`` is the raw saved state (decoded by the service only
    when it is not cached); ``result`` is decoded JSON (or None)."""

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


@dataclass(frozen=True)
class MoveRow:
    version: int
    seat: int | None
    move: str
    at: str


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    """One aiosqlite connection. Writes are serialised by a lock (SQLite has one writer)."""

    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], str] = utc_now) -> None:
        self._db = db
        self._clock = clock
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, clock: Callable[[], str] = utc_now) -> Store:
        """Open (creating if needed) the database at ``path`` and bring its schema up to date."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        store = cls(db, clock)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self) -> None:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        for version in range(current, len(MIGRATIONS)):
            await self._db.executescript(
                f"BEGIN; {MIGRATIONS[version]}; PRAGMA user_version = {version + 1}; COMMIT;"
            )

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    # -- reading -----------------------------------------------------------------------
    async def open_match_in(self, channel_id: int) -> MatchRow | None:
        async with self._db.execute(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        ) as cursor:
            row = await cursor.fetchone()
        return await self._with_players(row) if row else None

    async def match(self, match_id: int) -> MatchRow | None:
        async with self._db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)) as cursor:
            row = await cursor.fetchone()
        return await self._with_players(row) if row else None

    async def moves(self, match_id: int) -> list[MoveRow]:
        async with self._db.execute(
            "SELECT version, seat, move, at FROM moves WHERE match_id = ? ORDER BY version",
            (match_id,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [MoveRow(r["version"], r["seat"], r["move"], r["at"]) for r in rows]

    async def _with_players(self, row: aiosqlite.Row) -> MatchRow:
        async with self._db.execute(
            "SELECT user_id FROM seats WHERE match_id = ? ORDER BY COALESCE(seat, joined), joined",
            (row["id"],),
        ) as cursor:
            players = tuple(int(r[0]) for r in await cursor.fetchall())
        return MatchRow(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            creator_id=row["creator_id"],
            status=row["status"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            state_json=row["state"],
            version=row["version"],
            result=json.loads(row["result"]) if row["result"] else None,
            players=players,
        )

    # -- writing -----------------------------------------------------------------------
    async def create_match(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        options: dict[str, str],
        seed: int,
    ) -> int:
        """A new lobby with its creator seated; ChannelTaken if the channel has an open match."""
        now = self._clock()
        async with self._write_lock:
            try:
                cursor = await self._db.execute(
                    "INSERT INTO matches (game, guild_id, channel_id, creator_id, status, options,"
                    " seed, created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (game, guild_id, channel_id, creator_id, json.dumps(options), seed, now, now),
                )
            except aiosqlite.IntegrityError:
                await self._db.rollback()
                raise ChannelTaken(channel_id) from None
            match_id = int(cursor.lastrowid or 0)
            await self._db.execute(
                "INSERT INTO seats (match_id, user_id, joined) VALUES (?, ?, 0)",
                (match_id, creator_id),
            )
            await self._db.commit()
        return match_id

    async def set_lobby(self, match_id: int, version: int, players: Sequence[int]) -> None:
        """Replace the lobby's players (join order kept as given), version-checked."""
        async with self._write_lock:
            await self._bump(match_id, version, status="lobby")
            await self._db.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
            await self._db.executemany(
                "INSERT INTO seats (match_id, user_id, joined) VALUES (?, ?, ?)",
                [(match_id, user, order) for order, user in enumerate(players)],
            )
            await self._db.commit()

    async def start(
        self, match_id: int, version: int, seated: Sequence[int], state: dict[str, Any]
    ) -> int:
        """Seat the players in ``seated`` order and store the first state; the new version."""
        async with self._write_lock:
            new_version = await self._bump(match_id, version, status="active", state=state)
            for seat, user in enumerate(seated):
                await self._db.execute(
                    "UPDATE seats SET seat = ? WHERE match_id = ? AND user_id = ?",
                    (seat, match_id, user),
                )
            await self._db.commit()
        return new_version

    async def save_move(
        self,
        match_id: int,
        version: int,
        seat: int | None,
        move: str,
        state: dict[str, Any] | None,
        status: str = "active",
        result: dict[str, Any] | None = None,
    ) -> int:
        """Save the state after a move and append it to the log, atomically; the new version.

        Raises VersionConflict (and changes nothing) if the match is no longer at ``version``.
        """
        async with self._write_lock:
            new_version = await self._bump(
                match_id, version, status=status, state=state, result=result
            )
            await self._db.execute(
                "INSERT INTO moves (match_id, version, seat, move, at) VALUES (?, ?, ?, ?, ?)",
                (match_id, new_version, seat, move, self._clock()),
            )
            await self._db.commit()
        return new_version

    async def _bump(
        self,
        match_id: int,
        version: int,
        *,
        status: str,
        state: dict[str, Any] | None = None,
        result: dict[str, Any] | None = None,
    ) -> int:
        """The version-checked UPDATE that every write begins with (inside the caller's
        transaction). Rolls back and raises VersionConflict when another write came first."""
        sets = ["version = version + 1", "status = ?", "updated_at = ?"]
        values: list[Any] = [status, self._clock()]
        if state is not None:
            sets.append("state = ?")
            values.append(json.dumps(state, separators=(",", ":")))
        if result is not None:
            sets.append("result = ?")
            values.append(json.dumps(result))
        cursor = await self._db.execute(
            f"UPDATE matches SET {', '.join(sets)} WHERE id = ? AND version = ?",
            (*values, match_id, version),
        )
        if cursor.rowcount != 1:
            await self._db.rollback()
            raise VersionConflict(match_id)
        return version + 1
