"""Deliver "think" entries below Discord, as ``table.computer_turns.ComputerTable`` does, in this
process: the computer player of a seat (a computer seat, or a person's seat the table plays)
decides from the seat's view and the public log and plays through the match service.

The decision is the real computer player's (``ai.player.ComputerPlayer`` at the entry's level)
for the five games; the test game Nim has no computer player, so its seat takes one stone (always
legal while the pile lasts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.player import VIEW_TYPES, ComputerPlayer
from table.computer_turns import take_turn
from table.errors import StaleMove
from table.match import MoveResult
from table.service import MatchService


async def decide_here(
    level: str, seed: int, key: str, view: Any, seat: int, seen: Sequence[tuple[int, str]]
) -> str:
    if key in VIEW_TYPES:
        return ComputerPlayer(level, seed).decide(key, view, seat, seen)
    return "take 1"


async def think_all(service: MatchService, match_id: int, limit: int = 50) -> list[MoveResult]:
    """Deliver the match's pending "think" entries, and those their moves write, until none is
    left (at most ``limit`` moves). What each delivery played, in order (stale entries, whose
    match moved on, play nothing, as with the bot)."""
    handled: set[int] = set()
    played: list[MoveResult] = []
    while len(played) < limit:
        pending = [
            e
            for e in await service.store.outbox(match_id)
            if e.kind == "think" and e.status == "pending" and e.id not in handled
        ]
        if not pending:
            return played
        for entry in pending:
            handled.add(entry.id)
            seat, version = int(entry.payload["seat"]), int(entry.payload["version"])
            try:
                result = await take_turn(service, match_id, seat, version, decide_here)
            except StaleMove:
                continue
            if result is not None:
                played.append(result)
    return played
