"""Positions every picture test can share: a seeded random playout's start, middle and end."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from rules import rng
from rules.base import Game
from rules.registry import GAMES


def moments(key: str, players: int, seed: int = 1) -> dict[str, Any]:
    """The start, middle and end views (public) of one seeded random playout."""
    game: Game = GAMES[key]
    state = game.setup(players, game.spec.resolve_options({}), seed)
    draw = rng.stream(seed, "pictures")
    seen = [state]
    while game.outcome(state) is None:
        seats = game.to_act(state)
        seat = seats[rng.below(draw, len(seats))]
        state = game.apply(state, seat, game.playout_move(state, seat, draw))
        seen.append(state)
    picked = {"start": seen[0], "middle": seen[len(seen) // 2], "end": seen[-1]}
    return {moment: game.view(state, None) for moment, state in picked.items()}


def renderer(key: str) -> ModuleType:
    return importlib.import_module(f"render.{key}")


def counts(key: str) -> tuple[int, ...]:
    """The fewest and the most players of a game."""
    spec = GAMES[key].spec
    return tuple(sorted({spec.min_players, spec.max_players}))
