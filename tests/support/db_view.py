"""Reading a bot process's database from the test process: what the e2e driver needs of a bot
(``.service``), over the same SQLite file the bot writes."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from data.store import Store
from rules.base import Game
from rules.registry import GAMES
from table.service import MatchService


@dataclass
class DatabaseView:
    service: MatchService


@asynccontextmanager
async def reading(database: Path, games: Mapping[str, Game] = GAMES) -> AsyncIterator[DatabaseView]:
    store = await Store.open(database)  # the bot created and migrated it already
    try:
        yield DatabaseView(MatchService(store, games))
    finally:
        await store.close()
