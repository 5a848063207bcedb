"""Decisions the game leaves no choice in: played at once by the table, and only told."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from i18n.text import text_data
from rules.base import AnyGame, Seat

# A game cannot leave more than this many decisions in a row without a choice; a bound, so a
# rules bug can never loop forever inside a save.
MAX_FORCED = 200


def forced_details(forced: Sequence[tuple[Seat, str, str]]) -> list[dict[str, Any]]:
    """The moves ``play_forced`` played, as an announcement's ``forced`` list."""
    return [{"seat": s, "move": t, "description": text_data(d)} for s, t, d in forced]


def play_forced(game: AnyGame, state: Any) -> tuple[list[tuple[Seat, str, str]], Any]:
    """Play every decision that has exactly one legal choice, in order: (seat, move text,
    public description) of each, and the state after them."""
    played: list[tuple[Seat, str, str]] = []
    for _ in range(MAX_FORCED):
        found = game.forced_move(state)
        if found is None:
            break
        seat, move = found
        after = game.apply(state, seat, move)
        played.append((seat, game.format(state, move), game.describe(state, seat, move, after)))
        state = after
    return played, state
