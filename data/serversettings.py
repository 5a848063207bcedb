"""A server's settings, as its admins chose them (``/tidetable-admin settings``): where matches
may be opened, who may open them, what new matches get unless their creator says otherwise, the
server's language and its announcements channel. One row of ``guild_settings`` per server that
changed anything (migration 5 in ``data/schema.py``); a server without one has the defaults.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from data.sql import Row
from data.store import Store

# What ``default_clock`` holds while the server never chose one: the bot's own default applies
# (``table.turnclock.clock_seconds`` reads anything that is not a clock's name so).
NO_CLOCK = "default"
_KEEP: Any = object()  # an argument left out of ``change``: that setting stays as it is


@dataclass(frozen=True)
class ServerSettings:
    """One server's settings; the defaults are those of a server that changed nothing."""

    guild_id: int
    channels: tuple[int, ...] = ()  # where matches may be opened (and their threads); (): anywhere
    role: int | None = None  # who may open matches (members with this role); None: anyone
    clock: str = NO_CLOCK  # the clock of new matches ("default": the bot's, 72h)
    undo: str | None = None  # "on" or "off" for new matches; None: on
    language: str | None = None  # a Discord locale ("fr"); None: the server's own
    announcements: int | None = None  # the channel for the bot's announcements; None: none


class SettingsStore:
    """Reads and writes of servers' settings, over the match store's connections."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, guild_id: int) -> ServerSettings:
        rows = await self.store._read(
            "SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,), small=True
        )
        return _settings(rows[0]) if rows else ServerSettings(guild_id)

    async def change(
        self,
        guild_id: int,
        *,
        channels: Iterable[int] = _KEEP,
        role: int | None = _KEEP,
        clock: str = _KEEP,
        undo: str | None = _KEEP,
        language: str | None = _KEEP,
        announcements: int | None = _KEEP,
    ) -> ServerSettings:
        """Change the settings given (the others stay), in one transaction; the result."""
        columns: dict[str, Any] = {}
        if channels is not _KEEP:
            columns["match_channels"] = ",".join(str(c) for c in dict.fromkeys(channels))
        if role is not _KEEP:
            columns["opener_role"] = role
        if clock is not _KEEP:
            columns["default_clock"] = clock
        if undo is not _KEEP:
            columns["default_undo"] = undo
        if language is not _KEEP:
            columns["language"] = language
        if announcements is not _KEEP:
            columns["announce_channel"] = announcements
        if columns:
            names = list(columns)
            async with self.store._transaction() as db:
                await db.execute(
                    "INSERT INTO guild_settings (guild_id, default_clock) VALUES (?, ?)"
                    " ON CONFLICT (guild_id) DO NOTHING",
                    (guild_id, NO_CLOCK),
                )
                await db.execute(
                    f"UPDATE guild_settings SET {', '.join(f'{n} = ?' for n in names)}"
                    " WHERE guild_id = ?",
                    (*(columns[n] for n in names), guild_id),
                )
        return await self.get(guild_id)


def _settings(row: Row) -> ServerSettings:
    listed = str(row["match_channels"] or "")
    return ServerSettings(
        guild_id=int(row["guild_id"]),
        channels=tuple(int(c) for c in listed.split(",") if c.strip().isdigit()),
        role=int(row["opener_role"]) if row["opener_role"] is not None else None,
        clock=str(row["default_clock"] or NO_CLOCK),
        undo=str(row["default_undo"]) if row["default_undo"] is not None else None,
        language=str(row["language"]) if row["language"] is not None else None,
        announcements=(
            int(row["announce_channel"]) if row["announce_channel"] is not None else None
        ),
    )
