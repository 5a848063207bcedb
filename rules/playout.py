"""A seeded policy game, move by move: what tests, benchmarks and tools play to get positions.

Each game's ``playout_move`` picks a move (uniform, or Tonga Bonga's goal-directed policy); this
plays one after another from a state to the end, with the randomness of one stream, so the same
seed always gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rules import rng
from rules.base import Game, Seat


def policy_game(
    game: Game[Any, Any, Any], state: Any, draw: random.Random, *, any_seat: bool = False
) -> Iterator[tuple[Any, Seat, Any, Any]]:
    """(state before, seat, move, state after) for each move from ``state`` to the end of the
    game. The seat is the first that may act, or with ``any_seat`` one drawn among them."""
    while game.outcome(state) is None:
        seats = game.to_act(state)
        seat = seats[rng.below(draw, len(seats))] if any_seat else seats[0]
        move = game.playout_move(state, seat, draw)
        after = game.apply(state, seat, move)
        yield state, seat, move, after
        state = after
