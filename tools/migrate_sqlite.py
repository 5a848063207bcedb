"""Copy a SQLite database of the bot into an empty PostgreSQL database.

    python -m tools.migrate_sqlite SQLITE_PATH POSTGRES_URL [--schema NAME]

The SQLite file is first opened as the bot opens it (``Store.open``), which brings it to the
current schema, whatever version wrote it (back it up first: that upgrade is in place). The
PostgreSQL side is opened the same way, so its tables are made by the same migrations. Then
every table is copied in one transaction, ids kept, and each identity sequence (matches,
outbox, timers) is moved past the largest copied id, so rows the bot writes afterwards never
collide with copied ones. Nothing is copied, and the command says so in one line, if the
target already holds matches or any other data. The database's instance id (``meta``) comes
along: it is part of every message's nonce, so posts left undelivered in the outbox are still
recognised by Discord if they were already sent once.

Stop the bot before migrating; start it afterwards with ``DATABASE_URL`` set to the target.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from data.dberrors import StorageError
from data.sql import PostgresDatabase, SqliteDatabase, Tx
from data.store import Store, is_postgres_url

# Parents before children (the foreign keys point at matches). ``meta`` replaces the rows the
# target's own opening wrote (its new instance id and opening time).
TABLES = (
    "matches",
    "seats",
    "moves",
    "outbox",
    "timers",
    "users",
    "guild_settings",
    "erasures",
    "leagues",
    "league_players",
    "league_tables",
    "league_places",
    "lobby_invites",
    "meta",
)
# Rows read from SQLite and written to PostgreSQL at a time: memory stays bounded on a big file.
PAGE = 2000


class Refused(Exception):
    """The copy cannot be made; the message is one line for the operator."""


async def sqlite_columns(db: SqliteDatabase, table: str) -> list[str]:
    rows = await db.read(f"PRAGMA table_info({table})")
    return [str(row["name"]) for row in rows]


async def postgres_columns(tx: Tx, table: str) -> dict[str, str]:
    """The target table's columns and their types (in the schema the store uses)."""
    rows = await tx.fetch(
        "SELECT column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = ?",
        (table,),
    )
    return {str(row[0]): str(row[1]) for row in rows}


def converter(pg_type: str) -> Any:
    """What a SQLite value becomes in a PostgreSQL column: SQLite stores by value, not by
    column, so a REAL column may hold an integer and a TEXT column a number."""

    def to_int(value: Any) -> Any:
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value

    def to_float(value: Any) -> Any:
        return float(value) if isinstance(value, int) and not isinstance(value, bool) else value

    def to_text(value: Any) -> Any:
        return value if value is None or isinstance(value, str) else str(value)

    if pg_type in ("bigint", "integer", "smallint"):
        return to_int
    if pg_type in ("double precision", "real", "numeric"):
        return to_float
    if pg_type in ("text", "character varying"):
        return to_text
    return lambda value: value


async def held_data(tx: Tx) -> dict[str, int]:
    """The target's tables that already hold rows (``meta`` aside: opening writes it)."""
    found = {}
    for table in TABLES:
        if table == "meta":
            continue
        row = await tx.fetchone(f"SELECT COUNT(*) FROM {table}")
        count = int(row[0]) if row else 0
        if count:
            found[table] = count
    return found


async def copy_table(source: SqliteDatabase, tx: Tx, table: str) -> int:
    columns = await sqlite_columns(source, table)
    target = await postgres_columns(tx, table)
    missing = [c for c in columns if c not in target]
    if missing:
        raise Refused(
            f"The PostgreSQL table {table} has no column {', '.join(missing)}: the two databases"
            " are not at the same schema version (is the bot on PostgreSQL newer or older?)."
        )
    convert = [converter(target[c]) for c in columns]
    names = ", ".join(columns)
    insert = f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' for _ in columns)})"
    copied, last = 0, -(2**63)
    while True:
        # Paged by rowid (every table has one in SQLite), in the order the rows were written.
        rows = await source.read(
            f"SELECT rowid, {names} FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT ?",
            (last, PAGE),
        )
        if not rows:
            return copied
        await tx.executemany(
            insert,
            [tuple(f(row[i + 1]) for i, f in enumerate(convert)) for row in rows],
        )
        copied += len(rows)
        last = rows[-1][0]


async def move_sequences(tx: Tx) -> list[str]:
    """Each identity column's sequence set to the largest copied id (the next row gets the
    one after it; an empty table's sequence starts at 1 as before)."""
    identities = await tx.fetch(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name"
    )
    moved = []
    for table, column in ((str(r[0]), str(r[1])) for r in identities):
        await tx.execute(
            f"SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(MAX({column}), 1),"
            f" MAX({column}) IS NOT NULL) FROM {table}",
            (table, column),
        )
        moved.append(table)
    return moved


async def migrate(
    sqlite_path: str | Path, postgres_url: str, schema: str | None = None
) -> dict[str, int]:
    """Copy every table of the SQLite database into the empty PostgreSQL one; the rows copied
    by table. Raises Refused (nothing copied) with one line saying why."""
    if not Path(sqlite_path).is_file():
        raise Refused(f"There is no SQLite database at {sqlite_path}.")
    if not is_postgres_url(postgres_url):
        raise Refused(f"The target must be a postgresql:// URL, not {postgres_url!r}.")
    source = await Store.open(sqlite_path)
    try:
        target = await Store.open(postgres_url, schema=schema)
        try:
            source_db, target_db = source.db, target.db
            assert isinstance(source_db, SqliteDatabase)
            assert isinstance(target_db, PostgresDatabase)
            counts: dict[str, int] = {}
            async with target_db.transaction() as tx:
                held = await held_data(tx)
                if held:
                    what = ", ".join(f"{table}: {count}" for table, count in held.items())
                    first = f"{held['matches']} matches" if "matches" in held else "data"
                    raise Refused(
                        f"Refused: the PostgreSQL database already holds {first} ({what});"
                        " migrate only into an empty one."
                    )
                await tx.execute("DELETE FROM meta")
                for table in TABLES:
                    counts[table] = await copy_table(source_db, tx, table)
                await move_sequences(tx)
                for table in TABLES:  # read back in the same transaction before committing
                    row = await tx.fetchone(f"SELECT COUNT(*) FROM {table}")
                    if (int(row[0]) if row else 0) != counts[table]:
                        raise Refused(f"The copy of {table} came out short; nothing was saved.")
        finally:
            await target.close()
    finally:
        await source.close()
    return counts


async def run(argv: Sequence[str] | None = None) -> int:
    """The command: its exit status (0 copied, 1 refused or failed, nothing copied)."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.migrate_sqlite",
        description="Copy the bot's SQLite database into an empty PostgreSQL database.",
    )
    parser.add_argument("sqlite_path", help="the SQLite file (DATABASE_PATH)")
    parser.add_argument("postgres_url", help="postgresql://user:password@host:port/database")
    parser.add_argument(
        "--schema",
        help="the PostgreSQL schema to put the tables in (default: the server's search path,"
        " normally public)",
    )
    args = parser.parse_args(argv)
    try:
        counts = await migrate(args.sqlite_path, args.postgres_url, args.schema)
    except Refused as refused:
        print(refused, file=sys.stderr)
        return 1
    except StorageError as error:
        print(f"Nothing was copied: {error}", file=sys.stderr)
        return 1
    width = max(len(table) for table in counts)
    for table, count in counts.items():
        print(f"{table:<{width}}  {count:>8}")
    where = args.postgres_url.split("@")[-1]  # never the password
    print(
        f"copied {sum(counts.values())} rows into {where}"
        + (f" (schema {args.schema})" if args.schema else "")
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return asyncio.run(run(argv))


if __name__ == "__main__":
    sys.exit(main())
