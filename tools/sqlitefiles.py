"""What the backup and restore commands share: which database is the bot's, and opening a
SQLite file only once it is known to be a sound database of this bot."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from dotenv import load_dotenv

from app.settings import ROOT, Settings
from data.schema import MIGRATIONS

POSTGRES_HINT = (
    "the bot uses PostgreSQL (DATABASE_URL): back it up with pg_dump and restore it with "
    "pg_restore, as the README says."
)


class Refused(Exception):
    """The command cannot be carried out; the message is one line for the operator."""


def bot_database(given: str | None) -> Path:
    """The SQLite file to work on: ``given``, else the bot's own from its settings."""
    if given:
        return Path(given)
    load_dotenv(ROOT / ".env")
    database = Settings.from_env().database
    if isinstance(database, str):  # a postgresql:// URL
        raise Refused(POSTGRES_HINT)
    return database


@contextmanager
def open_checked(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection to ``path`` once it has passed SQLite's integrity check and holds a
    schema this bot knows (it has matches, and no migration newer than this code's)."""
    try:
        # As a URI (read-only), escaped: a path may hold "?", "#" or "%".
        connection = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise Refused(f"{path} cannot be opened: {error}.") from None
    try:
        try:
            verdict = connection.execute("PRAGMA integrity_check").fetchone()[0]
            schema = int(connection.execute("PRAGMA user_version").fetchone()[0])
            tables = {
                str(row[0])
                for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
        except sqlite3.Error as error:
            raise Refused(f"{path} is not a readable SQLite database: {error}.") from None
        if verdict != "ok":
            raise Refused(f"{path} fails SQLite's integrity check: {verdict}.")
        if "matches" not in tables or schema == 0:
            raise Refused(f"{path} is not a Tidetable database.")
        if schema > len(MIGRATIONS):
            raise Refused(
                f"{path} was written by a newer version of the bot (schema {schema}; this "
                f"version knows {len(MIGRATIONS)})."
            )
        yield connection
    finally:
        connection.close()
