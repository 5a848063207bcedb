"""The turn clock's rows: timers, players' preferences and servers' default clocks.

Timers are rows indexed by due time (migration 3 in ``data/store.py``). A plan
(``data.clockrows.Plan``) is written by ``data.timerwrites.write_plan`` inside the transaction of
the change that starts or ends decisions (the store's ``start`` and ``save_move`` take
``timers=``), so a saved move always has its deadline and a deadline carried out always has its
move. Everything else here (pause, away, claiming a reminder) is one transaction of its own on
the store's writer connection: the same connection and lock as every other write, so SQLite
sees one writer.

A timer is ``pending`` (waiting for its time), ``paused`` (its match is paused or its player
away: it keeps the seconds it had left), ``done`` (carried out) or ``void`` (its decision was
made, or it no longer applies). Only pending rows are ever due.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from data.clockrows import (
    BACK,
    DEADLINE,
    DEFAULT_TURN_WAY,
    MAX_DM_AFTER,
    TURN_WAYS,
    Prefs,
    Quiet,
)
from data.sql import Row, Tx
from data.store import Announcement, Store
from data.timerwrites import lock_presence, pause_rows, resume_rows

# When a backlog of rows is due at once (the bot was down), deadlines are carried out first:
# they change whose turn it is, and the reminders of a decision whose time ran out meanwhile
# are then void instead of reminding anyone of a decision the table already played. Then the
# ends of time away, then reminders and turn notices. One ordering, for ``due`` and claims.
DUE_ORDER = "CASE kind WHEN 'deadline' THEN 0 WHEN 'back' THEN 1 ELSE 2 END, due_at, id"


@dataclass(frozen=True)
class Timer:
    id: int
    match_id: int | None
    user_id: int
    seat: int | None
    kind: str
    detail: str
    decision: int
    due_at: float
    begun: float
    status: str
    remaining: float | None


class ClockStore:
    """Reads and small writes of the turn clock, over the match store's connections."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.clock = store.clock

    # -- due rows ---------------------------------------------------------------------------
    async def due(self, now: float, limit: int = 64) -> list[Timer]:
        rows = await self.store._read(
            f"SELECT * FROM timers WHERE status = 'pending' AND due_at <= ? ORDER BY {DUE_ORDER}"
            " LIMIT ?",
            (now, limit),
        )
        return [_timer(r) for r in rows]

    async def claim_due(self, now: float, limit: int = 64) -> list[Timer]:
        """The due rows, claimed by this process for the store's lease: another process
        sharing the database passes over them (PostgreSQL: ``SKIP LOCKED``, so two processes
        never wait on each other), and takes them only if this one dies holding them."""
        if not await self.store._read(
            "SELECT 1 FROM timers WHERE status = 'pending' AND due_at <= ?"
            " AND (lease_until IS NULL OR lease_until <= ?) LIMIT 1",
            (now, now),
        ):
            return []  # the common case costs a read, not a write
        async with self.store._transaction() as db:
            rows = await db.fetch(
                "UPDATE timers SET claimed_by = ?, lease_until = ? WHERE id IN (SELECT id FROM"
                " timers WHERE status = 'pending' AND due_at <= ? AND (lease_until IS NULL OR"
                f" lease_until <= ?) ORDER BY {DUE_ORDER} LIMIT ?{self.store.skip_locked})"
                " RETURNING *",
                (self.store.process, now + self.store.lease_seconds, now, now, limit),
            )
        return sorted((_timer(r) for r in rows), key=due_order)

    async def still_pending(self, timer_id: int) -> bool:
        rows = await self.store._read(
            "SELECT 1 FROM timers WHERE id = ? AND status = 'pending'", (timer_id,)
        )
        return bool(rows)

    async def release(self, timer_id: int) -> None:
        """Give back the claim on a row that is still pending after it was handled (a move
        came first and it must be looked at again): due again now, not after the lease."""
        async with self.store._transaction() as db:
            await db.execute(
                "UPDATE timers SET claimed_by = NULL, lease_until = NULL WHERE id = ?"
                " AND status = 'pending' AND claimed_by = ?",
                (timer_id, self.store.process),
            )

    async def next_due(self) -> float | None:
        """When the next row falls due (or the next claim another process holds runs out)."""
        rows = await self.store._read(
            "SELECT MIN(CASE WHEN lease_until > due_at THEN lease_until ELSE due_at END)"
            " FROM timers WHERE status = 'pending'"
        )
        return float(rows[0][0]) if rows and rows[0][0] is not None else None

    async def timer(self, timer_id: int) -> Timer | None:
        rows = await self.store._read("SELECT * FROM timers WHERE id = ?", (timer_id,))
        return _timer(rows[0]) if rows else None

    async def timers(self, match_id: int | None = None, user_id: int | None = None) -> list[Timer]:
        """Every timer (of a match, or of a player), oldest first: for tests and `mine`."""
        where, args = [], []
        if match_id is not None:
            where.append("match_id = ?")
            args.append(match_id)
        if user_id is not None:
            where.append("user_id = ?")
            args.append(user_id)
        sql = "SELECT * FROM timers" + (f" WHERE {' AND '.join(where)}" if where else "")
        rows = await self.store._read(sql + " ORDER BY id", args)
        return [_timer(r) for r in rows]

    async def deadlines(self, match_ids: Sequence[int]) -> dict[int, dict[int, Timer]]:
        """The open deadline (pending or paused) of each seat of these matches."""
        if not match_ids:
            return {}
        marks = ", ".join("?" for _ in match_ids)
        rows = await self.store._read(
            f"SELECT * FROM timers WHERE match_id IN ({marks}) AND kind = 'deadline'"
            " AND status IN ('pending', 'paused')",
            tuple(match_ids),
            small=len(match_ids) == 1,  # one match's: a few rows by the index
        )
        found: dict[int, dict[int, Timer]] = {}
        for row in rows:
            timer = _timer(row)
            found.setdefault(timer.match_id or 0, {})[timer.seat or 0] = timer
        return found

    async def time_left(self, match_id: int, seat: int, before: int) -> float | None:
        """The seconds the seat's decision begun before version ``before`` had left when it
        ended (by the move made at ``before``): what the decision gets back when an undo
        takes that move back. None when it had no deadline."""
        rows = await self.store._read(
            "SELECT due_at, remaining, done_at FROM timers WHERE match_id = ? AND seat = ?"
            " AND kind = 'deadline' AND decision < ? ORDER BY id DESC LIMIT 1",
            (match_id, seat, before),
            small=True,
        )
        if not rows:
            return None
        row = rows[0]
        if row["remaining"] is not None:  # it was paused when it ended (match, or time away)
            return max(0.0, float(row["remaining"]))
        ended = float(row["done_at"]) if row["done_at"] is not None else self.clock.now()
        return max(0.0, float(row["due_at"]) - ended)

    async def fire(self, timer_id: int, announce: Sequence[Announcement]) -> tuple[int, ...]:
        """Carry out a timer that only announces (a reminder, a turn notice): it is marked
        done and its announcements written in one transaction, and only if it is still
        pending, so it goes out once whatever crashes or runs twice."""
        now = self.clock.now()
        async with self.store._transaction() as db:
            changed = await db.execute(
                "UPDATE timers SET status = 'done', done_at = ? WHERE id = ?"
                " AND status = 'pending'",
                (now, timer_id),
            )
            if changed != 1:
                return ()
            timer = await self._one(db, timer_id)
            return await self.store._announce(db, timer.match_id if timer else None, announce)

    async def fire_all(
        self, timer_ids: Sequence[int], announce: Sequence[Announcement]
    ) -> tuple[int, ...]:
        """Several turn notices of one player carried out at once, as one DM or none (see
        ``fire``): nothing is written when another run carried them out first."""
        now = self.clock.now()
        async with self.store._transaction() as db:
            marks = ", ".join("?" for _ in timer_ids)
            changed = await db.execute(
                f"UPDATE timers SET status = 'done', done_at = ? WHERE id IN ({marks})"
                " AND status = 'pending'",
                (now, *timer_ids),
            )
            if changed < 1 or not announce:
                return ()
            return await self.store._announce(db, None, announce)

    async def updated_at(self, match_ids: Sequence[int]) -> dict[int, float]:
        """When each match last changed (POSIX seconds)."""
        if not match_ids:
            return {}
        marks = ", ".join("?" for _ in match_ids)
        rows = await self.store._read(
            f"SELECT id, updated_at FROM matches WHERE id IN ({marks})", tuple(match_ids)
        )
        found = {}
        for row in rows:
            with contextlib.suppress(TypeError, ValueError):
                found[int(row[0])] = datetime.fromisoformat(row[1]).timestamp()
        return found

    async def drop(self, timer_id: int) -> None:
        """A timer that no longer applies (its decision is over, the player opted out)."""
        async with self.store._transaction() as db:
            await db.execute(
                "UPDATE timers SET status = 'void', done_at = ?, lease_until = NULL WHERE id = ?"
                " AND status = 'pending'",
                (self.clock.now(), timer_id),
            )

    async def postpone(self, timer_id: int, due_at: float) -> None:
        async with self.store._transaction() as db:
            await db.execute(
                "UPDATE timers SET due_at = ?, claimed_by = NULL, lease_until = NULL"
                " WHERE id = ? AND status = 'pending'",
                (due_at, timer_id),
            )

    async def pending_turns(self, user_id: int) -> list[Timer]:
        rows = await self.store._read(
            "SELECT * FROM timers WHERE user_id = ? AND kind = 'turn' AND status = 'pending'",
            (user_id,),
        )
        return [_timer(r) for r in rows]

    # -- pausing ----------------------------------------------------------------------------
    async def set_away(self, user_id: int, until: float | None) -> None:
        """The player is away until ``until`` (their clocks stop, and start again then), or
        back now (``None``)."""
        now = self.clock.now()
        async with self.store._transaction() as db:
            await lock_presence(db, [user_id], exclusive=True)
            await self._ensure_user(db, user_id)
            await db.execute("UPDATE users SET away_until = ? WHERE user_id = ?", (until, user_id))
            await db.execute(
                "UPDATE timers SET status = 'void', done_at = ? WHERE user_id = ?"
                " AND kind = 'back' AND status = 'pending'",
                (now, user_id),
            )
            if until is None:
                await resume_rows(db, now, "user_id = ?", (user_id,))
                return
            await pause_rows(db, now, "user_id = ?", (user_id,))
            await db.execute(
                "INSERT INTO timers (match_id, user_id, seat, kind, detail, decision, due_at,"
                " begun) VALUES (NULL, ?, NULL, ?, '', 0, ?, ?)",
                (user_id, BACK, until, now),
            )

    async def come_back(self, timer_id: int, user_id: int) -> bool:
        """The end of a time away (its timer fell due): clocks start again, once."""
        now = self.clock.now()
        async with self.store._transaction() as db:
            await lock_presence(db, [user_id], exclusive=True)
            changed = await db.execute(
                "UPDATE timers SET status = 'done', done_at = ? WHERE id = ?"
                " AND status = 'pending'",
                (now, timer_id),
            )
            if changed != 1:
                return False
            await db.execute(
                "UPDATE users SET away_until = NULL WHERE user_id = ? AND away_until <= ?",
                (user_id, now),
            )
            await resume_rows(db, now, "user_id = ?", (user_id,))
        return True

    # -- preferences ------------------------------------------------------------------------
    async def prefs(self, user_ids: Iterable[int]) -> dict[int, Prefs]:
        users = sorted(set(user_ids))
        if not users:
            return {}
        marks = ", ".join("?" for _ in users)
        rows = await self.store._read(
            f"SELECT * FROM users WHERE user_id IN ({marks})", users, small=True
        )
        return _prefs_of(users, rows)

    async def probe_with_prefs(
        self, channel_id: int, user_ids: Iterable[int]
    ) -> tuple[tuple[int, int] | None, dict[int, Prefs]]:
        """The store's ``probe_channel`` (id and version of the channel's open match) and the
        settings of these players, in one read: a move needs both (its turn clock plans the
        next decision from the settings), and on PostgreSQL a read is a round trip."""
        users = sorted(set(user_ids))
        marks = ", ".join("?" for _ in users)
        rows = await self.store._read(
            "SELECT m.id AS probed_id, m.version AS probed_version, u.* FROM matches AS m"
            f" LEFT JOIN users AS u ON u.user_id IN ({marks or 'NULL'})"
            " WHERE m.channel_id = ? AND m.status IN ('lobby', 'active')",
            (*users, channel_id),
            small=True,
        )
        if not rows:
            return None, {}
        probed = (int(rows[0]["probed_id"]), int(rows[0]["probed_version"]))
        return probed, _prefs_of(users, [r for r in rows if r["user_id"] is not None])

    async def set_prefs(
        self,
        user_id: int,
        *,
        turn_by: str | None = None,
        dm_after: int | None = None,
        reminders: bool | None = None,
        quiet: tuple[int, int] | bool | None = False,
        tz: str | None = None,
    ) -> Prefs:
        """Change what is given (``quiet=None`` turns quiet hours off; ``False`` keeps them).
        The caller has checked the values (``turn_by`` one of ``TURN_WAYS``, ``dm_after`` in
        0..``MAX_DM_AFTER`` minutes, ``tz`` a known time zone)."""
        if turn_by is not None and turn_by not in TURN_WAYS:
            raise ValueError(f"no such way to tell a turn: {turn_by[:20]!r}")
        if dm_after is not None and not 0 <= dm_after <= MAX_DM_AFTER:
            raise ValueError(f"dm_after out of range: {dm_after}")
        sets: list[str] = []
        args: list[Any] = []
        if turn_by is not None:
            sets.append("turn_by = ?")
            args.append(turn_by)
        if dm_after is not None:
            sets.append("dm_after = ?")
            args.append(dm_after)
        if reminders is not None:
            sets.append("reminders = ?")
            args.append(int(reminders))
        if quiet is None:
            sets.append("quiet_start = NULL, quiet_end = NULL")
        elif quiet is not False and not isinstance(quiet, bool):
            sets.append("quiet_start = ?, quiet_end = ?")
            args += [quiet[0], quiet[1]]
        if tz is not None:
            sets.append("tz = ?")
            args.append(tz)
        async with self.store._transaction() as db:
            await self._ensure_user(db, user_id)
            if sets:
                await db.execute(
                    f"UPDATE users SET {', '.join(sets)} WHERE user_id = ?", (*args, user_id)
                )
        return (await self.prefs([user_id]))[user_id]

    @staticmethod
    async def _ensure_user(db: Tx, user_id: int) -> None:
        await db.execute(
            "INSERT INTO users (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING", (user_id,)
        )

    async def guild_clock(self, guild_id: int | None) -> str | None:
        if guild_id is None:
            return None
        rows = await self.store._read(
            "SELECT default_clock FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return str(rows[0][0]) if rows else None

    async def set_guild_clock(self, guild_id: int, name: str) -> None:
        async with self.store._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, default_clock) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET default_clock = excluded.default_clock",
                (guild_id, name),
            )

    async def open_matches_of(self, user_id: int) -> list[int]:
        """The ids of the open matches in which the player has a seat."""
        rows = await self.store._read(
            "SELECT m.id FROM matches AS m JOIN seats AS s ON s.match_id = m.id"
            " WHERE s.user_id = ? AND m.status IN ('lobby', 'active') ORDER BY m.id",
            (user_id,),
        )
        return [int(r[0]) for r in rows]

    async def _one(self, db: Tx, timer_id: int) -> Timer | None:
        row = await db.fetchone("SELECT * FROM timers WHERE id = ?", (timer_id,))
        return _timer(row) if row else None


def due_order(timer: Timer) -> tuple[int, float, int]:
    """``DUE_ORDER`` in Python, for rows already read."""
    rank = {DEADLINE: 0, BACK: 1}.get(timer.kind, 2)
    return rank, timer.due_at, timer.id


def running_deadlines(timers: dict[int, Timer]) -> dict[int, float]:
    """The deadlines by seat of those that run (not paused)."""
    return {seat: t.due_at for seat, t in timers.items() if t.status == "pending"}


def _timer(row: Row) -> Timer:
    return Timer(
        id=row["id"],
        match_id=row["match_id"],
        user_id=row["user_id"],
        seat=row["seat"],
        kind=row["kind"],
        detail=row["detail"],
        decision=row["decision"],
        due_at=row["due_at"],
        begun=row["begun"],
        status=row["status"],
        remaining=row["remaining"],
    )


def _prefs_of(users: Sequence[int], rows: Iterable[Row]) -> dict[int, Prefs]:
    """Each user's settings: their row's, else the defaults."""
    found = {user: Prefs(user) for user in users}
    for row in rows:
        found[row["user_id"]] = _prefs(row)
    return found


def _prefs(row: Row) -> Prefs:
    start, end, tz = row["quiet_start"], row["quiet_end"], row["tz"] or "UTC"
    quiet = Quiet(int(start), int(end), tz) if start is not None and end is not None else None
    turn_by = row["turn_by"]
    return Prefs(
        user_id=row["user_id"],
        turn_by=turn_by if turn_by in TURN_WAYS else DEFAULT_TURN_WAY,
        dm_after=max(0, min(int(row["dm_after"]), MAX_DM_AFTER)),
        reminders=bool(row["reminders"]),
        quiet=quiet,
        tz=tz,
        away_until=row["away_until"],
        dm_closed=bool(row["dm_closed"]),
    )


__all__ = ["DEADLINE", "ClockStore", "Timer", "running_deadlines"]
