"""Put a backup of the bot's SQLite database back in place, with the bot stopped.

    python -m tools.restore BACKUP [--database PATH]

The backup is checked first (SQLite's integrity check; a database of this bot, of a schema
this version knows). The database in place is then taken with an exclusive lock, which SQLite
grants only when no other program has it open: a running bot is refused, in one line, and
nothing changes. What was in place is kept beside it, as its files were under that lock
(``<database>.before-restore``, with its ``-wal`` when it has one; kept even if it is damaged,
which may be why it is being replaced), and the backup is copied in with SQLite's backup API,
in one transaction; ids handed out since the backup (outbox entries, matches, timers) are not
handed out again, so no new post can pass for an old one. The bot then starts on the restored
database: every match plays on from the moment of the backup. Announcements that were still
waiting then go out, unless the replaced database had delivered them since (they are marked as
it had them: Discord itself drops a repeated post only for a few minutes). ``--database``
defaults to the bot's own.
"""

from __future__ import annotations

import argparse
import secrets
import shutil
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from tools.sqlitefiles import Refused, bot_database, open_checked

KEPT_SUFFIX = ".before-restore"


def restore(copy: Path, database: Path) -> str:
    """Put ``copy`` in place of ``database``; one line saying what was done."""
    if not copy.is_file():
        raise Refused(f"There is no backup at {copy}.")
    with open_checked(copy) as source:
        schema = int(source.execute("PRAGMA user_version").fetchone()[0])
        kept = None
        if database.exists():
            target = _exclusive(database)
            try:
                kept = _keep(database)  # under the lock: nobody writes the files meanwhile
                used = _ids_used(target)
                done = _delivered(target)
                source.backup(target, pages=-1)
                _never_reuse(target, used)
                _not_again(target, done)
            finally:
                target.close()
        else:
            database.parent.mkdir(parents=True, exist_ok=True)
            target = sqlite3.connect(database)
            try:
                source.backup(target, pages=-1)
            finally:
                target.close()
    before = f"; what was there is kept at {kept}" if kept else ""
    return f"Restored {copy} to {database} (schema {schema}){before}."


def _exclusive(database: Path) -> sqlite3.Connection:
    """The database, locked for this process alone, or Refused while another program (the
    bot) has it open: in WAL mode SQLite refuses an exclusive lock to a second connection."""
    connection = sqlite3.connect(database, timeout=0)
    try:
        connection.execute("PRAGMA locking_mode = EXCLUSIVE")
        connection.execute("BEGIN EXCLUSIVE")
        connection.execute("COMMIT")  # the lock stays: exclusive locking mode keeps it
    except sqlite3.OperationalError:
        connection.close()
        raise Refused(
            f"{database} is open in another program (is the bot running?): stop the bot "
            "first, then restore."
        ) from None
    return connection


def _ids_used(connection: sqlite3.Connection) -> dict[str, int] | None:
    """The last id each table handed out in the database being replaced (None when it cannot
    be read: it may be damaged)."""
    try:
        rows = connection.execute("SELECT name, seq FROM sqlite_sequence").fetchall()
    except sqlite3.Error:
        return None
    return {str(name): int(seq) for name, seq in rows}


def _delivered(connection: sqlite3.Connection) -> tuple[str, dict[int, tuple[str, float]]]:
    """The instance id of the database being replaced, and the outbox entries it had
    delivered or given up on (status, when): empty when it cannot be read."""
    try:
        instance = connection.execute("SELECT value FROM meta WHERE key = 'instance'").fetchone()
        rows = connection.execute(
            "SELECT id, status, done_at FROM outbox WHERE status IN ('sent', 'failed')"
        ).fetchall()
    except sqlite3.Error:
        return "", {}
    return (str(instance[0]) if instance else ""), {
        int(i): (str(status), float(at or 0.0)) for i, status, at in rows
    }


def _not_again(
    connection: sqlite3.Connection, done: tuple[str, dict[int, tuple[str, float]]]
) -> None:
    """An announcement still waiting at the moment of the backup that went out since is not
    posted again (Discord forgets a message's nonce after a few minutes): the same database
    (its instance id) said it was delivered, or given up on, under the same id."""
    instance, delivered = done
    with connection:
        row = connection.execute("SELECT value FROM meta WHERE key = 'instance'").fetchone()
        if not delivered or row is None or str(row[0]) != instance:
            return
        waiting = connection.execute("SELECT id FROM outbox WHERE status = 'pending'").fetchall()
        for (entry_id,) in waiting:
            found = delivered.get(int(entry_id))
            if found is not None:
                connection.execute(
                    "UPDATE outbox SET status = ?, done_at = ?, claimed_by = NULL,"
                    " lease_until = NULL WHERE id = ? AND status = 'pending'",
                    (found[0], found[1], entry_id),
                )


def _never_reuse(connection: sqlite3.Connection, used: dict[str, int] | None) -> None:
    """Ids handed out after the backup was taken are not handed out again: a message's nonce
    is made of the database's instance and the outbox entry's id, and a button names its
    match, so a reused id would make Discord drop a new post as a repeat of an old one, or an
    old button act on a new match. When the ids used cannot be read, the database takes a new
    instance id instead, which makes every new nonce new."""
    with connection:
        if used is None:
            connection.execute(
                "UPDATE meta SET value = ? WHERE key = 'instance'", (secrets.token_hex(4),)
            )
            return
        for table, last in used.items():
            connection.execute(
                "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?", (last, table)
            )
            # A table empty at the backup has no row here yet: its ids would start again at 1.
            connection.execute(
                "INSERT INTO sqlite_sequence (name, seq) SELECT ?, ? WHERE NOT EXISTS"
                " (SELECT 1 FROM sqlite_sequence WHERE name = ?)",
                (table, last, table),
            )


def _keep(database: Path) -> Path:
    """What is in place now, its files copied beside it before it is overwritten (the caller
    holds the exclusive lock, so the database file and its write-ahead log agree)."""
    kept = database.with_name(database.name + KEPT_SUFFIX)
    number = 1
    while kept.exists():
        number += 1
        kept = database.with_name(f"{database.name}{KEPT_SUFFIX}.{number}")
    shutil.copyfile(database, kept)
    log = database.with_name(database.name + "-wal")
    if log.exists():
        shutil.copyfile(log, kept.with_name(kept.name + "-wal"))
    return kept


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.restore",
        description="Put a backup of the bot's SQLite database back in place (bot stopped).",
    )
    parser.add_argument("backup", type=Path, help="the backup file to restore")
    parser.add_argument("--database", help="the SQLite file to replace (default: the bot's own)")
    args = parser.parse_args(argv)
    try:
        said = restore(args.backup, bot_database(args.database))
    except Refused as why:
        print(f"Nothing was restored: {why}", file=sys.stderr)
        return 2
    print(said)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
