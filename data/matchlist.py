"""A player's finished matches, newest first, a page at a time: three reads whatever the page
holds (how many, the page's matches, their seats). Storage only."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from data.store import Store


@dataclass(frozen=True)
class FinishedMatch:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    finished_at: str  # ISO time of its last change
    result: dict[str, Any]
    players: tuple[int, ...]  # by seat
    final_message: int | None  # the last board posted (the final post)


async def finished_matches(
    store: Store,
    user_id: int,
    *,
    guild_id: int | None,
    game: str | None,
    limit: int,
    offset: int,
) -> tuple[int, list[FinishedMatch]]:
    """How many finished matches ``user_id`` played (on ``guild_id``'s server, or anywhere
    when None; of ``game``, or any), and the page of them from ``offset`` (the last page when
    ``offset`` is past it), newest first."""
    where = "s.user_id = ? AND m.status = 'finished'"
    args: list[Any] = [user_id]
    if guild_id is not None:
        where += " AND m.guild_id = ?"
        args.append(guild_id)
    if game is not None:
        where += " AND m.game = ?"
        args.append(game)
    counted = await store.db.read(
        f"SELECT COUNT(*) FROM matches m JOIN seats s ON s.match_id = m.id WHERE {where}",
        args,
    )
    total = int(counted[0][0]) if counted else 0
    # A page past the end (the list shrank since its buttons were drawn): the last page.
    offset = min(max(offset, 0), max(0, (total - 1) // limit * limit))
    rows = await store.db.read(
        "SELECT m.id, m.game, m.guild_id, m.channel_id, m.updated_at, m.result,"
        f" m.board_message FROM matches m JOIN seats s ON s.match_id = m.id WHERE {where}"
        " ORDER BY m.id DESC LIMIT ? OFFSET ?",
        [*args, limit, offset],
    )
    ids = [int(r[0]) for r in rows]
    seats: dict[int, list[tuple[int, int]]] = {}
    if ids:
        marks = ", ".join("?" for _ in ids)
        for row in await store.db.read(
            "SELECT match_id, user_id, COALESCE(seat, joined) FROM seats"
            f" WHERE match_id IN ({marks})",
            ids,
        ):
            seats.setdefault(int(row[0]), []).append((int(row[2]), int(row[1])))
    out = []
    for r in rows:
        try:
            result = json.loads(r[5]) if r[5] else {}
        except ValueError:
            result = {}
        players = tuple(user for _, user in sorted(seats.get(int(r[0]), [])))
        out.append(
            FinishedMatch(
                int(r[0]),
                str(r[1]),
                None if r[2] is None else int(r[2]),
                int(r[3]),
                str(r[4]),
                result if isinstance(result, dict) else {},
                players,
                None if r[6] is None else int(r[6]),
            )
        )
    return total, out
