"""Rebuild the ratings from a database's stored results and print every leaderboard.

    .venv/bin/python -m tools.ratings [data/tidetable.sqlite3]

Ratings are derived data (``table.ratings``): nothing of them is stored, the bot recomputes them
from the finished matches whenever another one finishes. This script does the same from a
database file (opened as the bot opens it), so an operator can check them or compare.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from data.store import Store
from table.ratings import GLOBAL, RatingTable, rate


async def rebuild(database: str | Path) -> RatingTable:
    """The rating table rebuilt from every finished match stored in ``database``."""
    store = await Store.open(database)
    try:
        return rate(await store.finished_results())
    finally:
        await store.close()


def report(table: RatingTable) -> str:
    lines = []
    for game, scope in sorted(table.tables, key=lambda key: (key[0], str(key[1]))):
        where = "all servers" if scope == GLOBAL else f"server {scope}"
        lines.append(f"{game}, {where}:")
        for row in table.leaderboard(game, scope):
            lines.append(
                f"  {row.place}. user {row.user_id}: {row.rating:.2f} (mu {row.mu:.2f}, "
                f"sigma {row.sigma:.2f}), {row.matches} matches, {row.wins} wins"
            )
    return "\n".join(lines) or "No rated matches."


def main(args: list[str]) -> None:
    database = Path(args[0]) if args else Path("data/tidetable.sqlite3")
    print(report(asyncio.run(rebuild(database))))


if __name__ == "__main__":
    main(sys.argv[1:])
