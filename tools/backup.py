"""Copy the bot's SQLite database while the bot runs: a consistent snapshot, checked.

    python -m tools.backup DEST [--database PATH]

The copy is made with SQLite's online backup API in one step, inside one read transaction of
the source: in WAL mode the bot keeps writing meanwhile (a write never waits for a reader), and
the copy is the database exactly as it stood at one moment, every match with its log, outbox and
timers. The copy is then checked (``PRAGMA integrity_check``) and its tables counted. ``DEST``
must not exist yet; ``--database`` defaults to the bot's own (``DATABASE_PATH`` in the
environment or ``.env``). A PostgreSQL database is backed up with ``pg_dump`` instead (see the
README); this command says so and copies nothing.

Put a copy back with ``python -m tools.restore``.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tools.sqlitefiles import Refused, bot_database, open_checked

# What a backup reports: the tables that hold the matches and their history.
COUNTED = ("matches", "seats", "moves", "outbox", "timers", "users")


@dataclass(frozen=True)
class Copied:
    """What was copied: the schema version and the rows of the main tables."""

    path: Path
    schema: int
    rows: dict[str, int]

    def summary(self) -> str:
        counts = ", ".join(f"{table} {count}" for table, count in self.rows.items())
        return f"Backed up to {self.path} (schema {self.schema}): {counts}."


def backup(source: Path, dest: Path) -> Copied:
    """Copy ``source`` to the new file ``dest`` and check the copy; Refused says why not."""
    if dest.exists():
        raise Refused(f"{dest} already exists: choose a new file for the backup.")
    if not source.is_file():
        raise Refused(f"There is no database at {source}.")
    dest.parent.mkdir(parents=True, exist_ok=True)
    with open_checked(source) as original:
        target = sqlite3.connect(dest)
        try:
            # One step (pages=-1): the whole copy inside one read transaction of the source,
            # so it is one moment of the database however the bot writes meanwhile.
            original.backup(target, pages=-1)
        except sqlite3.Error as error:  # the disk filled up, say: no half copy is left
            target.close()
            dest.unlink(missing_ok=True)
            raise Refused(f"The copy to {dest} failed: {error}.") from None
        finally:
            target.close()
    try:
        with open_checked(dest) as copy:
            schema = int(copy.execute("PRAGMA user_version").fetchone()[0])
            rows = {
                table: int(copy.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
                for table in COUNTED
            }
    except Refused:
        dest.unlink(missing_ok=True)  # never leave a copy that does not check out
        raise
    return Copied(dest, schema, rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.backup", description="Copy the bot's SQLite database while it runs."
    )
    parser.add_argument("dest", type=Path, help="the new file to write the copy to")
    parser.add_argument("--database", help="the SQLite file (default: the bot's own)")
    args = parser.parse_args(argv)
    try:
        copied = backup(bot_database(args.database), args.dest)
    except Refused as why:
        print(f"Nothing was backed up: {why}", file=sys.stderr)
        return 2
    print(copied.summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
