"""A finished (or cancelled) match as the ratings read it: what storage hands the ratings
(``Store.finished_results``) and the ratings rank (``table/ratings.py``). Plain data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

FINISHED = "finished"
Moment = datetime | int  # when a match finished: a timestamp, or any increasing number


@dataclass(frozen=True)
class MatchResult:
    """What the ratings need of one ended match. Seats are indexes into ``players``."""

    match_id: int
    game: str
    guild_id: int | None
    finished: Moment  # orders the results (ties: by match id)
    players: tuple[int, ...]  # user id per seat
    winners: tuple[int, ...] = ()  # seats; several on a shared win, none on a draw
    scores: tuple[int | None, ...] = ()  # per seat; empty or None where unknown (a resignation)
    resigned: tuple[int, ...] = ()  # seats that gave up
    computer_played: tuple[int, ...] = ()  # people's seats the computer played for
    computer_players: tuple[int, ...] = ()  # seats that were computer players: not rated
    status: str = FINISHED  # or "cancelled"

    @property
    def order(self) -> tuple[Moment, int]:
        return (self.finished, self.match_id)

    @classmethod
    def from_record(
        cls,
        *,
        match_id: int,
        game: str,
        guild_id: int | None,
        finished: Moment | str,
        players: Sequence[int],
        status: str,
        result: Mapping[str, Any] | None,
        computer_played: Sequence[int] = (),
        computer_players: Sequence[int] = (),
    ) -> MatchResult:
        """From a stored match: its ``result`` as ``table.service`` records it (``winners``,
        ``scores`` keyed by seat text, ``resigned`` seat), ``finished`` as a datetime or an ISO
        text (the store's timestamps)."""
        result = result or {}
        stored = result.get("scores") or {}
        scores = tuple(
            int(stored[str(seat)]) if str(seat) in stored else None for seat in range(len(players))
        )
        resigned = result.get("resigned")
        when = datetime.fromisoformat(finished) if isinstance(finished, str) else finished
        return cls(
            match_id=match_id,
            game=game,
            guild_id=guild_id,
            finished=when,
            players=tuple(players),
            winners=tuple(int(w) for w in result.get("winners", ())),
            scores=scores,
            resigned=() if resigned is None else (int(resigned),),
            computer_played=tuple(computer_played),
            computer_players=tuple(computer_players),
            status=status,
        )
