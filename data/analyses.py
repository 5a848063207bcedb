"""Stored analyses of finished matches (``table/analysis.py`` computes them): one row per
match, written once. Storage only."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from data.store import Announcement, Store
from i18n.text import TEXT_KEY, Text, text_data, text_from

ANALYSIS = "analysis"  # the outbox kind that posts a kept analysis in its match's channel


@dataclass(frozen=True)
class StoredAnalysis:
    match_id: int
    chances: list[list[float]]  # by decision, by seat
    swings: list[dict[str, Any]]  # a swing's words (its move, what was preferred) as texts
    cpu_seconds: float
    created_at: float


class AnalysisStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, match_id: int) -> StoredAnalysis | None:
        rows = await self.store.db.read(
            "SELECT match_id, chances, swings, cpu_seconds, created_at FROM analyses"
            " WHERE match_id = ?",
            (match_id,),
        )
        if not rows:
            return None
        row = rows[0]
        return StoredAnalysis(
            int(row[0]),
            json.loads(row[1]),
            [_swing_from(swing) for swing in json.loads(row[2])],
            float(row[3]),
            float(row[4]),
        )

    async def save(
        self,
        match_id: int,
        chances: list[list[float]],
        swings: list[dict[str, Any]],
        cpu_seconds: float,
    ) -> tuple[StoredAnalysis, tuple[int, ...]]:
        """Keep an analysis, and in the same transaction the outbox entry that posts it in
        the match's channel (once: posted even if the bot stops right after saving). One
        already kept (a second request raced this one) wins, and nothing more is posted; the
        ids of the entries written are returned with it."""
        async with self.store._transaction() as db:
            made = await db.fetch(
                "INSERT INTO analyses (match_id, chances, swings, cpu_seconds, created_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id) DO NOTHING RETURNING match_id",
                (
                    match_id,
                    json.dumps(chances),
                    json.dumps([_swing_data(swing) for swing in swings]),
                    cpu_seconds,
                    self.store.clock.now(),
                ),
            )
            posted: tuple[int, ...] = ()
            if made:
                posted = await self.store._announce(
                    db, match_id, [Announcement(ANALYSIS, {"match": match_id})]
                )
        stored = await self.get(match_id)
        assert stored is not None
        return stored, posted


# A swing's words (the move as the channel was told it, what the search preferred) are texts of
# the catalogue: kept whole, their message and values, so that a post made from the kept
# analysis (now or after a restart) says them in its reader's language. A plain string (an
# analysis kept before texts were) reads back as it was written: its English.
def _swing_data(swing: dict[str, Any]) -> dict[str, Any]:
    return {
        key: text_data(value) if isinstance(value, Text) else value for key, value in swing.items()
    }


def _swing_from(data: dict[str, Any]) -> dict[str, Any]:
    return {
        key: text_from(value) if isinstance(value, dict) and TEXT_KEY in value else value
        for key, value in data.items()
    }
