"""What can go wrong with the database, in words for the player and in a short cause for the log.
Shared by both back-ends (``data/sql.py``): a player hears the same sentence whether SQLite's
file or PostgreSQL's server is the trouble."""

from __future__ import annotations

import logging

from i18n.text import T
from rules.errors import PlayerError

log = logging.getLogger("tidetable.store")


class VersionConflict(Exception):
    """The match changed since it was read (another move, or another process, came first)."""


class ChannelTaken(Exception):
    """The channel already has an open match."""


class UniqueViolation(Exception):
    """A row broke a unique index (both back-ends raise this one, inside a transaction)."""


class StorageError(PlayerError):
    """The database could not do what was asked; nothing was saved. The message says why, in
    words for the player; ``cause`` is the short cause for the log."""

    def __init__(self, message: str, cause: str) -> None:
        super().__init__(message)
        self.cause = cause


class StorageBusy(StorageError):
    """Another connection or process held the lock for longer than the busy timeout."""


class StorageUnavailable(StorageError):
    """The storage cannot work (read-only, disk full, damaged, unreachable, newer schema)."""


BUSY = (
    T("The database is busy; nothing was saved. Try again in a moment."),
    "database locked by another writer",
)
READ_ONLY = (
    T(
        "Nothing was saved: the bot's database is read-only. A server admin must tell the bot's "
        "operator."
    ),
    "database is read-only",
)
DISK_FULL = (
    T(
        "Nothing was saved: the disk of the bot's database is full. A server admin must tell the "
        "bot's operator."
    ),
    "database or disk is full",
)
UNREACHABLE = (
    T(
        "Nothing was saved: the bot cannot reach its database right now. Try again in a moment; "
        "if it lasts, a server admin must tell the bot's operator."
    ),
    "database unreachable",
)
BROKEN = (
    T(
        "Nothing was saved: the bot's database cannot be written right now. A server admin must "
        "tell the bot's operator."
    ),
    "database error",
)


class CauseLog:
    """Logs each storage failure's cause once until a write succeeds again: a database that is
    down for an hour must not write a line per keystroke."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def once(self, cause: str) -> None:
        if cause not in self._seen:
            self._seen.add(cause)
            log.error("storage: %s", cause)

    def reset(self) -> None:
        self._seen.clear()
