"""TOKAN determinisation for computer players: everything is public, so the sample is exact.

The view shows the whole board, the last move, whose turn it is and the move count; only the
seed is new (TOKAN draws nothing after the layout, so the seed changes nothing that follows).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.tokan.state import TokanState, TokanView

SEED_RANGE = 2**53  # fresh seeds are drawn with random() alone (see rules/rng.py)


def prepare(
    view: TokanView, seat: int, public_log: Sequence[tuple[int, str]]
) -> Callable[[random.Random], TokanState]:
    """A sampler of states consistent with ``view`` (work shared by many samples done once)."""
    over = view.turn is None
    # Over, the seat on turn (the one that could not move) follows the last mover.
    after_last = 0 if view.last is None else 1 - view.last.seat
    turn = after_last if view.turn is None else view.turn

    def sample(draw: random.Random) -> TokanState:
        return TokanState(
            players=2,
            seed=int(draw.random() * SEED_RANGE),
            scoring=view.scoring,
            board=view.board,
            turn=turn,
            last=view.last,
            moves_made=view.moves_made,
            over=over,
        )

    return sample


def sample_state(
    view: TokanView, seat: int, public_log: Sequence[tuple[int, str]], draw: random.Random
) -> TokanState:
    return prepare(view, seat, public_log)(draw)
