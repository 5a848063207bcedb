"""Erasing what the bot keeps: a person who asked to be forgotten, and a server that removed
the bot. Storage only; the table decides when (``table/privacy.py``).

**A person** (``erase_person``) is replaced in one transaction by a placeholder id of their own
(``data/former.py``) in every row that named them: their seats and the matches they created
(so every finished match keeps its players, its log and its scores, and still replays), the
turn clock's timers, and the outbox (payloads, lanes, errors: the record of what was
announced). Their own rows go: their preferences and time away (``users``), the end of a time
away, their pending reminders and "your turn" notices, DMs not yet sent to them. Ratings are
derived from the results at read time, so theirs are gone with their id. The same transaction
writes an erasure row ("former") for the open seats the placeholder still holds: they are
resigned or left through the match service afterwards, and the row, which names nobody, makes
sure that is finished after a crash too.

**A server** (``schedule_guild``): when the bot is removed, an erasure row ("guild") falls due
after the grace period; ``cancel_guild`` (the bot is back) deletes it; ``delete_guild`` carries
it out a few hundred matches per transaction, each first checking that the row still stands,
and the last deleting it with the settings, so it happens once, whichever process gets there
(and a server whose bot came back midway keeps what was not deleted yet).

An erasure row exists only while its work is pending; it is claimed for a lease as timers are
(``data/clockstore.py``), so two processes sharing a database never carry out the same one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from data.dberrors import StorageUnavailable
from data.former import FORMER_FIRST, FORMER_LAST
from data.leagues import delete_guild_leagues, forget_in_leagues, names_in_leagues
from data.sql import Row, Tx
from data.store import Store

GUILD, FORMER = "guild", "former"  # the kinds of erasure
FORGOTTEN = "the person asked to be forgotten"  # why a DM to them was never sent
OPEN = "('lobby', 'active')"
GUILD_CHUNK = 200  # a server's matches deleted per transaction (ids well under SQLite's 999)
IDS_PER_SELECT = 500  # outbox rows read by id at once (SQLite's oldest limit: 999 parameters)
NAMES_LIKE = "lane LIKE ? OR payload LIKE ? OR last_error LIKE ?"  # an outbox row's texts


@dataclass(frozen=True)
class Erasure:
    """Pending erasure work: a server's data (``subject`` its id) or a former player's open
    seats (``subject`` the placeholder)."""

    id: int
    kind: str
    subject: int
    due_at: float


@dataclass(frozen=True)
class Footprint:
    """What the bot keeps about one person: what ``/tidetable forget`` would change."""

    running: tuple[int, ...]  # active matches in which they play their seat
    lobbies: tuple[int, ...]  # lobbies they are in
    created: tuple[int, ...]  # ... of those, the lobbies they created (closed with them)
    past: int  # finished or cancelled matches (and seats they no longer play) naming them
    settings: bool  # preferences, time away, DMs known closed (not the locale alone)
    announced: bool = False  # what the bot posted names them (a lobby they joined and left)
    leagues: bool = False  # league sign-ups, leagues they opened, lobbies they were invited to

    @property
    def empty(self) -> bool:
        return not (
            self.running
            or self.lobbies
            or self.past
            or self.settings
            or self.announced
            or self.leagues
        )


@dataclass(frozen=True)
class Erased:
    """A person erased: their placeholder, their open matches then, and the erasure row that
    stands for closing those (claimed by this process)."""

    former: int
    open_matches: tuple[int, ...]
    erasure: int


class ErasureStore:
    """Erasures over the match store's connections."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.clock = store.clock

    # -- a person -------------------------------------------------------------------------
    async def footprint(self, user_id: int) -> Footprint:
        seats = await self.store._read(
            "SELECT m.id, m.status, m.creator_id, s.table_seat FROM seats AS s"
            " JOIN matches AS m ON m.id = s.match_id WHERE s.user_id = ? ORDER BY m.id",
            (user_id,),
        )
        ended = await self.store._read(
            "SELECT id FROM matches WHERE creator_id = ? AND status NOT IN " + OPEN, (user_id,)
        )
        # The locale a person uses is kept from each of their interactions (their DMs are
        # said in it, ``cogs/language.py``), this one too: a row holding nothing else is not
        # something to forget, or asking twice would never hear "nothing to delete".
        users = await self.store._read(
            "SELECT 1 FROM users WHERE user_id = ? AND NOT (dm_closed = 0"
            " AND dm_closed_at IS NULL AND away_until IS NULL AND notify_turn = 1"
            " AND reminders = 1 AND quiet_start IS NULL AND quiet_end IS NULL AND tz = 'UTC'"
            " AND turn_by = 'mention' AND dm_after = 60)",
            (user_id,),
        )
        like = f"%{user_id}%"  # a row that only looks like it names them costs a button, no more
        announced = await self.store._read(
            f"SELECT 1 FROM outbox WHERE {NAMES_LIKE} LIMIT 1", (like, like, like)
        )
        leagues = await self.store._read(
            "SELECT 1 FROM league_players WHERE user_id = ? UNION ALL SELECT 1 FROM leagues"
            " WHERE creator_id = ? UNION ALL SELECT 1 FROM lobby_invites WHERE user_id = ?",
            (user_id, user_id, user_id),
        )
        running = tuple(int(r[0]) for r in seats if r[1] == "active" and int(r[3]) != 2)
        lobbies = tuple(int(r[0]) for r in seats if r[1] == "lobby")
        mine = tuple(int(r[0]) for r in seats if r[1] == "lobby" and int(r[2]) == user_id)
        # Matches over, and seats the table plays to the end after they resigned.
        past = {int(r[0]) for r in seats if r[1] not in ("active", "lobby") or int(r[3]) == 2}
        return Footprint(
            running=running,
            lobbies=lobbies,
            created=mine,
            past=len(past | {int(r[0]) for r in ended}),
            settings=bool(users),
            announced=bool(announced),
            leagues=bool(leagues),
        )

    async def erase_person(self, user_id: int) -> Erased | None:
        """Replace ``user_id`` by a new placeholder everywhere, delete their own rows, and
        write the erasure that closes their open seats (claimed by this process), in one
        transaction. None, changing nothing, when no row names them (any more)."""
        now = self.clock.now()
        found = re.compile(rf"(?<!\d){user_id}(?!\d)")
        like = f"%{user_id}%"
        # The outbox is kept for ever: it is searched before the transaction, so the writer
        # lock is not held for a scan of all of it. A row's lane and payload never change, so
        # only the rows written since need a look inside it.
        last = await self.store._read("SELECT MAX(id) FROM outbox")
        upto = int(last[0][0]) if last and last[0][0] is not None else 0
        seen = await self.store._read(
            f"SELECT id FROM outbox WHERE id <= ? AND ({NAMES_LIKE})", (upto, like, like, like)
        )
        async with self.store._transaction() as db:
            named = await db.fetchone(
                "SELECT (SELECT COUNT(*) FROM seats WHERE user_id = ?)"
                " + (SELECT COUNT(*) FROM matches WHERE creator_id = ?)"
                " + (SELECT COUNT(*) FROM users WHERE user_id = ?)"
                " + (SELECT COUNT(*) FROM timers WHERE user_id = ?)",
                (user_id, user_id, user_id, user_id),
            )
            columns = "SELECT id, lane, kind, status, payload, last_error FROM outbox"
            announced = await db.fetch(
                f"{columns} WHERE id > ? AND ({NAMES_LIKE})", (upto, like, like, like)
            )
            ids = [int(r[0]) for r in seen]
            for begin in range(0, len(ids), IDS_PER_SELECT):
                chunk = ids[begin : begin + IDS_PER_SELECT]
                marks = ", ".join("?" for _ in chunk)
                announced += await db.fetch(f"{columns} WHERE id IN ({marks})", chunk)
            announced = [r for r in announced if _names(r, found)]
            in_leagues = await names_in_leagues(db, user_id)
            if not (named and int(named[0])) and not announced and not in_leagues:
                return None
            former = await _next_former(db)
            rows = await db.fetch(
                "SELECT DISTINCT m.id FROM matches AS m LEFT JOIN seats AS s ON s.match_id = m.id"
                f" WHERE m.status IN {OPEN} AND (s.user_id = ? OR m.creator_id = ?) ORDER BY m.id",
                (user_id, user_id),
            )
            open_matches = tuple(int(r[0]) for r in rows)
            await db.execute("UPDATE seats SET user_id = ? WHERE user_id = ?", (former, user_id))
            await db.execute(
                "UPDATE matches SET creator_id = ? WHERE creator_id = ?", (former, user_id)
            )
            # Their own clock: the end of a time away goes; reminders and "your turn" notices
            # are for nobody now. A seat's deadline stays with the seat (it is resigned next).
            await db.execute("DELETE FROM timers WHERE user_id = ? AND kind = 'back'", (user_id,))
            await db.execute(
                "UPDATE timers SET status = 'void', done_at = ?, lease_until = NULL"
                " WHERE user_id = ? AND kind IN ('reminder', 'turn')"
                " AND status IN ('pending', 'paused')",
                (now, user_id),
            )
            await db.execute("UPDATE timers SET user_id = ? WHERE user_id = ?", (former, user_id))
            await db.execute("DELETE FROM users WHERE user_id = ?", (user_id,))
            await forget_in_leagues(db, user_id, former)
            for row in announced:
                await _rewrite_entry(db, row, user_id, former, found, now)
            await _bump_generation(db)
            made = await db.fetchone(
                "INSERT INTO erasures (kind, subject, due_at, created_at, claimed_by, lease_until)"
                " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (FORMER, former, now, now, self.store.process, now + self.store.lease_seconds),
            )
        return Erased(former, open_matches, int(made[0]) if made else 0)

    # -- a server -------------------------------------------------------------------------
    async def schedule_guild(self, guild_id: int, due_at: float) -> bool:
        """The bot was removed from ``guild_id``: its data goes at ``due_at`` (an erasure
        already waiting keeps its own, earlier time). True if this wrote a new one."""
        async with self.store._transaction() as db:
            changed = await db.execute(
                "INSERT INTO erasures (kind, subject, due_at, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (kind, subject) DO NOTHING",
                (GUILD, guild_id, due_at, self.clock.now()),
            )
        return bool(changed == 1)

    async def cancel_guild(self, guild_id: int) -> bool:
        """The bot is in ``guild_id`` again: its data stays. True if a deletion was waiting."""
        if not await self.store._read(
            "SELECT 1 FROM erasures WHERE kind = ? AND subject = ?", (GUILD, guild_id)
        ):
            return False  # the common case (every server at every start) costs a read
        async with self.store._transaction() as db:
            changed = await db.execute(
                "DELETE FROM erasures WHERE kind = ? AND subject = ?", (GUILD, guild_id)
            )
        return bool(changed == 1)

    async def guilds_with_data(self) -> set[int]:
        """Every server the database holds something of (matches, settings)."""
        rows = await self.store._read(
            "SELECT guild_id FROM matches WHERE guild_id IS NOT NULL"
            " UNION SELECT guild_id FROM guild_settings"
        )
        return {int(r[0]) for r in rows}

    async def delete_guild(self, erasure: Erasure) -> tuple[int, ...] | None:
        """Carry out a server's erasure: every match played there (seats, log, timers,
        announcements) and its settings. None, changing nothing, when the erasure is gone (the
        bot came back, or another process did it); else the ids of the matches deleted.

        A few hundred matches go per transaction, so that the writer lock is never held for
        long (moves on other servers wait for it); each transaction first checks that the
        erasure still stands, and the last one deletes it with the settings: a crash in
        between leaves it to be carried on."""
        guild_id = erasure.subject
        gone: list[int] = []
        while True:
            async with self.store._transaction() as db:
                if not await db.fetchone(
                    "SELECT 1 FROM erasures WHERE id = ? AND kind = ?", (erasure.id, GUILD)
                ):
                    return tuple(gone) if gone else None
                rows = await db.fetch(
                    "SELECT id FROM matches WHERE guild_id = ? ORDER BY id LIMIT ?",
                    (guild_id, GUILD_CHUNK),
                )
                chunk = [int(r[0]) for r in rows]
                if chunk:
                    marks = ", ".join("?" for _ in chunk)
                    for table in ("outbox", "timers", "moves", "seats", "analyses"):
                        await db.execute(f"DELETE FROM {table} WHERE match_id IN ({marks})", chunk)
                    await delete_guild_leagues(db, guild_id, chunk)
                    await db.execute(f"DELETE FROM matches WHERE id IN ({marks})", chunk)
                    await _forget_matches_in_notices(db, set(chunk))
                    await _bump_generation(db)
                else:
                    await db.execute("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
                    await delete_guild_leagues(db, guild_id, [])
                    await db.execute("DELETE FROM erasures WHERE id = ?", (erasure.id,))
            gone += chunk
            if not chunk:
                return tuple(gone)

    # -- the rows -------------------------------------------------------------------------
    async def pending(self, kind: str | None = None) -> list[Erasure]:
        """Every pending erasure (of one kind), soonest first: for tests and start-up."""
        sql = "SELECT * FROM erasures" + (" WHERE kind = ?" if kind else "")
        rows = await self.store._read(sql + " ORDER BY due_at, id", (kind,) if kind else ())
        return [_erasure(r) for r in rows]

    async def claim_due(self, now: float, limit: int = 16) -> list[Erasure]:
        """The due erasures not held by a live claim, claimed by this process for the lease
        (another process passes over them; see ``ClockStore.claim_due``)."""
        if not await self.store._read(
            "SELECT 1 FROM erasures WHERE due_at <= ? AND (lease_until IS NULL OR lease_until <= ?)"
            " LIMIT 1",
            (now, now),
        ):
            return []
        async with self.store._transaction() as db:
            rows = await db.fetch(
                "UPDATE erasures SET claimed_by = ?, lease_until = ? WHERE id IN (SELECT id FROM"
                " erasures WHERE due_at <= ? AND (lease_until IS NULL OR lease_until <= ?)"
                f" ORDER BY due_at, id LIMIT ?{self.store.skip_locked}) RETURNING *",
                (self.store.process, now + self.store.lease_seconds, now, now, limit),
            )
        return sorted((_erasure(r) for r in rows), key=lambda e: (e.due_at, e.id))

    async def next_due(self) -> float | None:
        """When the next erasure falls due (or another process's claim on one runs out)."""
        rows = await self.store._read(
            "SELECT MIN(CASE WHEN lease_until > due_at THEN lease_until ELSE due_at END)"
            " FROM erasures"
        )
        return float(rows[0][0]) if rows and rows[0][0] is not None else None

    async def finish(self, erasure_id: int) -> None:
        """A former player's open seats are all closed: the work is done."""
        async with self.store._transaction() as db:
            await db.execute("DELETE FROM erasures WHERE id = ?", (erasure_id,))

    async def postpone(self, erasure_id: int, due_at: float) -> None:
        """Try again at ``due_at`` (the work failed for now), claim given back."""
        async with self.store._transaction() as db:
            await db.execute(
                "UPDATE erasures SET due_at = ?, claimed_by = NULL, lease_until = NULL"
                " WHERE id = ?",
                (due_at, erasure_id),
            )

    async def free_claims(self) -> None:
        """One process owns a SQLite file: claims an earlier run held (it crashed) are free
        again at start-up, not only when their lease runs out."""
        if self.store.shared:
            return
        async with self.store._transaction() as db:
            await db.execute(
                "UPDATE erasures SET claimed_by = NULL, lease_until = NULL"
                " WHERE lease_until IS NOT NULL"
            )

    async def generation(self) -> int:
        """How many erasures were carried out: derived data (the ratings) built before a
        change of this number may name people or matches that are gone."""
        rows = await self.store._read("SELECT value FROM meta WHERE key = 'erased'")
        return int(rows[0][0]) if rows else 0


async def _next_former(db: Tx) -> int:
    """A new placeholder id, never handed out before (a counter in ``meta``)."""
    row = await db.fetchone(
        "INSERT INTO meta (key, value) VALUES ('former_players', '1') ON CONFLICT (key)"
        " DO UPDATE SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT) RETURNING value"
    )
    former = FORMER_FIRST + int(row[0] if row else 1) - 1
    if former > FORMER_LAST:  # two million people forgotten: never in practice
        raise StorageUnavailable(
            "No placeholder is left for another former player.", "former players exhausted"
        )
    return former


async def _bump_generation(db: Tx) -> None:
    await db.execute(
        "INSERT INTO meta (key, value) VALUES ('erased', '1') ON CONFLICT (key)"
        " DO UPDATE SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)"
    )


def _names(row: Row, found: re.Pattern[str]) -> bool:
    """Whether an outbox row names the person (LIKE also finds longer numbers)."""
    return any(found.search(str(row[column] or "")) for column in ("lane", "payload", "last_error"))


def _replaced(value: Any, user_id: int, former: int, found: re.Pattern[str]) -> Any:
    """A JSON value with the person's id, as a number or inside a text, made the placeholder."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return former if value == user_id else value
    if isinstance(value, str):
        return found.sub(str(former), value)
    if isinstance(value, list):
        return [_replaced(v, user_id, former, found) for v in value]
    if isinstance(value, dict):
        return {
            _replaced(k, user_id, former, found): _replaced(v, user_id, former, found)
            for k, v in value.items()
        }
    return value


async def _rewrite_entry(
    db: Tx, row: Row, user_id: int, former: int, found: re.Pattern[str], now: float
) -> None:
    """One outbox entry with the person made the placeholder; a DM still waiting for them is
    never sent now (it is marked failed, saying why)."""
    payload = json.loads(row["payload"])
    to_them = row["kind"] == "dm" and payload.get("user") == user_id
    new_payload = json.dumps(_replaced(payload, user_id, former, found))
    lane = found.sub(str(former), str(row["lane"]))
    error = found.sub(str(former), str(row["last_error"])) if row["last_error"] else None
    if to_them and row["status"] == "pending":
        await db.execute(
            "UPDATE outbox SET payload = ?, lane = ?, status = 'failed', last_error = ?,"
            " done_at = ?, lease_until = NULL WHERE id = ?",
            (new_payload, lane, FORGOTTEN, now, row["id"]),
        )
        return
    await db.execute(
        "UPDATE outbox SET payload = ?, lane = ?, last_error = ? WHERE id = ?",
        (new_payload, lane, error, row["id"]),
    )


async def _forget_matches_in_notices(db: Tx, gone: set[int]) -> None:
    """Turn notices list matches of several servers in one DM (``turns``): the deleted matches
    leave them; one that listed nothing else goes (or, not sent yet, is never sent)."""
    rows = await db.fetch(
        "SELECT id, status, payload FROM outbox WHERE match_id IS NULL AND payload LIKE ?",
        ('%"turns"%',),
    )
    for row in rows:
        payload = json.loads(row["payload"])
        turns = payload.get("turns")
        if not isinstance(turns, list):
            continue
        kept = [t for t in turns if not (isinstance(t, dict) and t.get("match") in gone)]
        if len(kept) == len(turns):
            continue
        if kept:
            await db.execute(
                "UPDATE outbox SET payload = ? WHERE id = ?",
                (json.dumps({**payload, "turns": kept}), row["id"]),
            )
        else:
            await db.execute("DELETE FROM outbox WHERE id = ?", (row["id"],))


def _erasure(row: Row) -> Erasure:
    return Erasure(
        id=int(row["id"]),
        kind=str(row["kind"]),
        subject=int(row["subject"]),
        due_at=float(row["due_at"]),
    )
