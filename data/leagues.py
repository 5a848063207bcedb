"""Storage of leagues and of a server's open tables. Knows no Discord.

A league's round is written whole or not at all: its tables, the match of each (a lobby with
its players seated, waiting in no channel until its thread is made: its channel id is the
negative of its table's id), the outbox rows that open them and the round's post, in one
transaction checked against the league's version, so a crash while a round is paired leaves
it paired once or not at all, and two processes pairing it at once pair it once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from data.clock import iso
from data.dberrors import VersionConflict
from data.sql import Row, Tx
from data.store import Announcement, MatchRow, Store, match_row

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"
OPEN_LISTED = 50  # lobbies listed at most (a message holds about that many lines)


@dataclass(frozen=True)
class LeagueRow:
    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    name: str
    game: str
    options: dict[str, str]
    clock: int
    format: str
    size: int
    rounds: int
    signup_until: float
    status: str
    round: int
    version: int
    message_id: int | None


@dataclass(frozen=True)
class Entrant:
    user_id: int
    joined: int
    withdrawn: bool


@dataclass(frozen=True)
class TableRow:
    """One table of one round: its players in seat order and its match (None: a bye), with
    the match's status and result as stored."""

    id: int
    round: int
    number: int
    players: tuple[int, ...]
    match_id: int | None
    status: str | None
    result: dict[str, Any] | None
    channel_id: int | None

    @property
    def bye(self) -> bool:
        return self.match_id is None

    @property
    def over(self) -> bool:
        return self.bye or self.status in ("finished", "cancelled")


@dataclass(frozen=True)
class Places:
    """A server's choices for leagues and the list of open tables."""

    list_channel: int | None = None
    list_message: int | None = None
    league_role: int | None = None


def league_lane(league_id: int) -> str:
    return f"league:{league_id}"


def league_news(league_id: int, what: str, **detail: int) -> Announcement:
    """An outbox entry about a league (``what``: signup, withdrew, cancelled…), in the league's
    lane so that its posts go out in the order they were written."""
    payload: dict[str, object] = {"do": what, "league": league_id, **detail}
    return Announcement("league", payload, lane=league_lane(league_id))


def tables_lane(guild_id: int) -> str:
    return f"tables:{guild_id}"


def _league(row: Row) -> LeagueRow:
    return LeagueRow(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        creator_id=int(row["creator_id"]),
        name=str(row["name"]),
        game=str(row["game"]),
        options={str(k): str(v) for k, v in json.loads(row["options"]).items()},
        clock=int(row["clock"]),
        format=str(row["format"]),
        size=int(row["size"]),
        rounds=int(row["rounds"]),
        signup_until=float(row["signup_until"]),
        status=str(row["status"]),
        round=int(row["round"]),
        version=int(row["version"]),
        message_id=int(row["message_id"]) if row["message_id"] is not None else None,
    )


class LeagueStore:
    """Leagues, their players and tables, over the match store's database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- leagues -------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        name: str,
        game: str,
        options: dict[str, str],
        clock: int,
        fmt: str,
        size: int,
        rounds: int,
        signup_until: float,
    ) -> int:
        """A new league taking sign-ups; its sign-up post written with it."""
        async with self.store._transaction() as db:
            made = await db.fetchone(
                "INSERT INTO leagues (guild_id, channel_id, creator_id, name, game, options,"
                " clock, format, size, rounds, signup_until, status, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    creator_id,
                    name,
                    game,
                    json.dumps(options),
                    clock,
                    fmt,
                    size,
                    rounds,
                    signup_until,
                    self.store.clock.now(),
                ),
            )
            league_id = int(made[0]) if made else 0
            await self.store._announce(
                db,
                None,
                [league_news(league_id, "signup")],
            )
        return league_id

    async def league(self, league_id: int) -> LeagueRow | None:
        rows = await self.store._read("SELECT * FROM leagues WHERE id = ?", (league_id,))
        return _league(rows[0]) if rows else None

    async def leagues_in(self, guild_id: int, statuses: Sequence[str]) -> list[LeagueRow]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self.store._read(
            f"SELECT * FROM leagues WHERE guild_id = ? AND status IN ({marks}) ORDER BY id",
            (guild_id, *statuses),
        )
        return [_league(r) for r in rows]

    async def unfinished(self) -> list[LeagueRow]:
        """Every league taking sign-ups or running (what a start-up looks at)."""
        rows = await self.store._read(
            "SELECT * FROM leagues WHERE status IN ('signup', 'running') ORDER BY id"
        )
        return [_league(r) for r in rows]

    async def set_message(self, league_id: int, message_id: int) -> None:
        async with self.store._transaction() as db:
            await db.execute(
                "UPDATE leagues SET message_id = ? WHERE id = ?", (message_id, league_id)
            )

    async def entrants(self, league_id: int) -> list[Entrant]:
        rows = await self.store._read(
            "SELECT user_id, joined, withdrawn FROM league_players WHERE league_id = ?"
            " ORDER BY joined",
            (league_id,),
        )
        return [Entrant(int(r[0]), int(r[1]), bool(r[2])) for r in rows]

    async def sign_up(self, league_id: int, user_id: int) -> bool:
        """Add the user while the league takes sign-ups; False if it no longer does or they
        are in already. The sign-up message is edited (an outbox row of the same change)."""
        async with self.store._transaction() as db:
            # The version moves with each sign-up: a round one paired from the entrants read
            # before this one is refused (VersionConflict) and paired again with them.
            open_ = await db.execute(
                "UPDATE leagues SET version = version + 1 WHERE id = ? AND status = 'signup'",
                (league_id,),
            )
            if not open_:
                return False
            added = await db.execute(
                "INSERT INTO league_players (league_id, user_id, joined) SELECT ?, ?,"
                " COALESCE(MAX(joined), -1) + 1 FROM league_players WHERE league_id = ?"
                # One who withdrew before the start may sign up again.
                " ON CONFLICT (league_id, user_id) DO UPDATE SET withdrawn = 0"
                " WHERE league_players.withdrawn = 1",
                (league_id, user_id, league_id),
            )
            if added:
                await self.store._announce(
                    db,
                    None,
                    [league_news(league_id, "signup")],
                )
        return bool(added)

    async def withdraw(self, league_id: int, user_id: int) -> bool:
        """Mark the user withdrawn; False if they were not in it (or had withdrawn)."""
        async with self.store._transaction() as db:
            changed = await db.execute(
                "UPDATE league_players SET withdrawn = 1 WHERE league_id = ? AND user_id = ?"
                " AND withdrawn = 0",
                (league_id, user_id),
            )
            if changed:
                await self.store._announce(
                    db,
                    None,
                    [league_news(league_id, "withdrew", user=user_id)],
                )
        return bool(changed)

    async def cancel(self, league_id: int, version: int) -> bool:
        async with self.store._transaction() as db:
            changed = await db.execute(
                "UPDATE leagues SET status = 'cancelled', version = version + 1"
                " WHERE id = ? AND version = ? AND status IN ('signup', 'running')",
                (league_id, version),
            )
            if changed:
                await self.store._announce(
                    db,
                    None,
                    [league_news(league_id, what) for what in ("cancelled", "signup")],
                )
        return bool(changed)

    # -- tables --------------------------------------------------------------------------
    async def tables(self, league_id: int) -> list[TableRow]:
        """Every table of every round with its match's status and result (one statement)."""
        rows = await self.store._read(
            "SELECT t.id, t.round, t.number, t.players, t.match_id, m.status, m.result,"
            " m.channel_id FROM league_tables AS t LEFT JOIN matches AS m ON m.id = t.match_id"
            " WHERE t.league_id = ? ORDER BY t.round, t.number",
            (league_id,),
        )
        out = []
        for r in rows:
            try:
                result = json.loads(r["result"]) if r["result"] else None
            except ValueError:
                result = None
            out.append(
                TableRow(
                    id=int(r["id"]),
                    round=int(r["round"]),
                    number=int(r["number"]),
                    players=tuple(int(p) for p in str(r["players"]).split(",") if p),
                    match_id=int(r["match_id"]) if r["match_id"] is not None else None,
                    status=str(r["status"]) if r["status"] is not None else None,
                    result=result if isinstance(result, dict) else None,
                    channel_id=int(r["channel_id"]) if r["channel_id"] is not None else None,
                )
            )
        return out

    async def table(self, table_id: int) -> tuple[int, TableRow] | None:
        """A table and its league's id."""
        rows = await self.store._read(
            "SELECT league_id, round FROM league_tables WHERE id = ?", (table_id,)
        )
        if not rows:
            return None
        league_id = int(rows[0][0])
        found = [t for t in await self.tables(league_id) if t.id == table_id]
        return (league_id, found[0]) if found else None

    async def league_of_match(self, match_id: int) -> int | None:
        rows = await self.store._read(
            "SELECT league_id FROM league_tables WHERE match_id = ?", (match_id,), small=True
        )
        return int(rows[0][0]) if rows else None

    async def pair(
        self,
        league: LeagueRow,
        round_number: int,
        tables: Sequence[tuple[int, ...]],
        byes: Sequence[int],
        seeds: Sequence[int],
        status: str,
        announce: Sequence[Announcement],
    ) -> list[int]:
        """Write one round: its tables and byes, a match for each table (a lobby with its
        players seated in order, in no channel yet) with the outbox row that opens it, the
        league's new round and status, and ``announce``; all in one transaction, checked
        against the league's version (VersionConflict: another process came first). Returns
        the matches' ids."""
        now = iso(self.store.clock.now())
        made: list[int] = []
        async with self.store._transaction() as db:
            bumped = await db.execute(
                "UPDATE leagues SET version = version + 1, round = ?, status = ?"
                " WHERE id = ? AND version = ?",
                (round_number, status, league.id, league.version),
            )
            if not bumped:
                raise VersionConflict(league.id)
            for number, players in enumerate(tables, start=1):
                row = await db.fetchone(
                    "INSERT INTO league_tables (league_id, round, number, players)"
                    " VALUES (?, ?, ?, ?) RETURNING id",
                    (league.id, round_number, number, ",".join(map(str, players))),
                )
                table_id = int(row[0]) if row else 0
                match = await db.fetchone(
                    "INSERT INTO matches (game, guild_id, channel_id, creator_id, status,"
                    " options, seed, created_at, updated_at, clock)"
                    " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                    (
                        league.game,
                        league.guild_id,
                        -table_id,
                        players[0],
                        json.dumps(league.options),
                        seeds[number - 1],
                        now,
                        now,
                        league.clock,
                    ),
                )
                match_id = int(match[0]) if match else 0
                made.append(match_id)
                await db.executemany(
                    "INSERT INTO seats (match_id, user_id, joined) VALUES (?, ?, ?)",
                    [(match_id, user, order) for order, user in enumerate(players)],
                )
                await db.execute(
                    "UPDATE league_tables SET match_id = ? WHERE id = ?", (match_id, table_id)
                )
                await self.store._announce(
                    db,
                    match_id,
                    [
                        Announcement(
                            "league", {"do": "open", "league": league.id, "table": table_id}
                        )
                    ],
                )
            for offset, player in enumerate(byes, start=len(tables) + 1):
                await db.execute(
                    "INSERT INTO league_tables (league_id, round, number, players)"
                    " VALUES (?, ?, ?, ?)",
                    (league.id, round_number, offset, str(player)),
                )
            await self.store._announce(db, None, announce)
        return made

    async def finish(self, league: LeagueRow, announce: Sequence[Announcement]) -> None:
        """The last round is over: the league is finished, its final results announced."""
        async with self.store._transaction() as db:
            bumped = await db.execute(
                "UPDATE leagues SET version = version + 1, status = 'finished'"
                " WHERE id = ? AND version = ?",
                (league.id, league.version),
            )
            if not bumped:
                raise VersionConflict(league.id)
            await self.store._announce(db, None, announce)

    async def place_match(self, match_id: int, table_id: int, channel_id: int) -> None:
        """The match's thread exists: the match moves into it (once: a retry finds it there)."""
        async with self.store._transaction() as db:
            await db.execute(
                "UPDATE matches SET channel_id = ? WHERE id = ? AND channel_id = ?",
                (channel_id, match_id, -table_id),
            )

    # -- a server's places -----------------------------------------------------------------
    async def places(self, guild_id: int) -> Places:
        rows = await self.store._read(
            "SELECT list_channel, list_message, league_role FROM league_places WHERE guild_id = ?",
            (guild_id,),
            small=True,
        )
        if not rows:
            return Places()
        r = rows[0]
        return Places(
            int(r[0]) if r[0] is not None else None,
            int(r[1]) if r[1] is not None else None,
            int(r[2]) if r[2] is not None else None,
        )

    async def set_places(
        self, guild_id: int, *, list_channel: int | None, league_role: int | None
    ) -> None:
        """Name the channel of the kept list (None: no list) and the role that may open
        leagues; the list is posted anew there (an outbox row of the same change)."""
        async with self.store._transaction() as db:
            await db.execute(
                "INSERT INTO league_places (guild_id, list_channel, league_role)"
                " VALUES (?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " list_channel = excluded.list_channel, league_role = excluded.league_role,"
                " list_message = CASE WHEN league_places.list_channel = excluded.list_channel"
                " THEN league_places.list_message ELSE NULL END",
                (guild_id, list_channel, league_role),
            )
            if list_channel is not None:
                await self.store._announce(db, None, [tables_entry(guild_id)])

    async def set_list_message(self, guild_id: int, message_id: int) -> None:
        async with self.store._transaction() as db:
            await db.execute(
                "UPDATE league_places SET list_message = ? WHERE guild_id = ?",
                (message_id, guild_id),
            )

    # -- open tables ------------------------------------------------------------------------
    async def open_lobbies(self, guild_id: int) -> tuple[list[MatchRow], dict[int, set[int]]]:
        """The server's lobbies (not those of leagues, which seat their own players), oldest
        first, with their players, and who is invited to those open to invited people only:
        three statements whatever the count."""
        where = (
            " FROM matches AS m WHERE m.guild_id = ? AND m.status = 'lobby' AND m.channel_id > 0"
            " AND NOT EXISTS (SELECT 1 FROM league_tables AS t WHERE t.match_id = m.id)"
        )
        rows = await self.store._read(
            f"SELECT m.*{where} ORDER BY m.id LIMIT {OPEN_LISTED}", (guild_id,)
        )
        ids = {int(r["id"]) for r in rows}
        seats: dict[int, list[Row]] = {}
        for s in await self.store._read(
            "SELECT s.match_id, s.user_id, 0, 0 FROM seats AS s WHERE s.match_id IN"
            f" (SELECT m.id{where}) ORDER BY s.match_id, s.joined",
            (guild_id,),
        ):
            if int(s[0]) in ids:
                seats.setdefault(int(s[0]), []).append(s)
        invited: dict[int, set[int]] = {}
        for i in await self.store._read(
            f"SELECT i.match_id, i.user_id FROM lobby_invites AS i WHERE i.match_id IN"
            f" (SELECT m.id{where})",
            (guild_id,),
        ):
            invited.setdefault(int(i[0]), set()).add(int(i[1]))
        lobbies = [
            match_row(r, [(s[1], s[2], s[3]) for s in seats.get(int(r["id"]), [])]) for r in rows
        ]
        return lobbies, invited


async def newer_in_lane(store: Store, lane: str, entry_id: int, like: str = "%") -> bool:
    """Whether a later entry of ``lane`` (whose payload matches ``like``) waits to go out: it
    will show things as they are then, so this one may be skipped."""
    rows = await store._read(
        "SELECT 1 FROM outbox WHERE lane = ? AND status = 'pending' AND id > ?"
        " AND payload LIKE ? LIMIT 1",
        (lane, entry_id, like),
    )
    return bool(rows)


async def invited_to(store: Store, match_id: int) -> set[int]:
    """Who a lobby is open to (empty: anyone)."""
    rows = await store._read(
        "SELECT user_id FROM lobby_invites WHERE match_id = ?", (match_id,), small=True
    )
    return {int(r[0]) for r in rows}


async def in_league(store: Store, match_id: int) -> bool:
    """Whether the match is a league's (its players are seated by the pairing, nobody joins)."""
    rows = await store._read(
        "SELECT 1 FROM league_tables WHERE match_id = ?", (match_id,), small=True
    )
    return bool(rows)


async def list_channel(store: Store, guild_id: int) -> int | None:
    """The channel where the server keeps its list of open tables (None: it keeps none)."""
    rows = await store._read(
        "SELECT list_channel FROM league_places WHERE guild_id = ?", (guild_id,), small=True
    )
    return int(rows[0][0]) if rows and rows[0][0] is not None else None


def tables_entry(guild_id: int) -> Announcement:
    """The outbox row that brings the server's kept list of open tables up to date."""
    return Announcement("tables", {"guild": guild_id}, lane=tables_lane(guild_id))


# -- privacy: forgetting a person, deleting a server ---------------------------------------------
async def names_in_leagues(db: Tx, user_id: int) -> int:
    """How many league rows name the user (their sign-ups, leagues they opened, invites)."""
    row = await db.fetchone(
        "SELECT (SELECT COUNT(*) FROM league_players WHERE user_id = ?)"
        " + (SELECT COUNT(*) FROM leagues WHERE creator_id = ?)"
        " + (SELECT COUNT(*) FROM lobby_invites WHERE user_id = ?)",
        (user_id, user_id, user_id),
    )
    return int(row[0]) if row else 0


async def forget_in_leagues(db: Tx, user_id: int, former: int) -> None:
    """Within a person's erasure: the placeholder ``former`` takes their place in leagues (the
    standings of others stay as they were), and their invites go."""
    await db.execute("UPDATE league_players SET user_id = ? WHERE user_id = ?", (former, user_id))
    await db.execute("UPDATE leagues SET creator_id = ? WHERE creator_id = ?", (former, user_id))
    await db.execute("DELETE FROM lobby_invites WHERE user_id = ?", (user_id,))
    mine = str(user_id)
    for row in await db.fetch(
        "SELECT id, players FROM league_tables WHERE players LIKE ?", (f"%{mine}%",)
    ):
        players = [former if p == mine else int(p) for p in str(row[1]).split(",") if p]
        await db.execute(
            "UPDATE league_tables SET players = ? WHERE id = ?",
            (",".join(map(str, players)), row[0]),
        )


async def delete_guild_leagues(db: Tx, guild_id: int, matches: Sequence[int]) -> None:
    """Within a server's erasure: the invites of ``matches`` (being deleted); once they are
    all gone (``matches`` empty), the server's leagues and its choices."""
    if matches:
        marks = ", ".join("?" for _ in matches)
        await db.execute(f"DELETE FROM lobby_invites WHERE match_id IN ({marks})", matches)
        return
    leagues = "SELECT id FROM leagues WHERE guild_id = ?"
    for table in ("league_tables", "league_players"):
        await db.execute(f"DELETE FROM {table} WHERE league_id IN ({leagues})", (guild_id,))
    await db.execute("DELETE FROM leagues WHERE guild_id = ?", (guild_id,))
    await db.execute("DELETE FROM league_places WHERE guild_id = ?", (guild_id,))
