"""A playout through the reference rules, step by step: what the compact simulators
(``rules/<game>/fast.py``) must play move for move."""

from __future__ import annotations

from typing import Any

from rules import rng
from rules.base import Game

MAX_STEPS = 5000  # no game lasts this long; a playout that does is a bug, not a long game


def reference_playout(
    game: Game, state: Any, draw: Any, draw_single_seat: bool = True
) -> tuple[list[tuple[int, Any]], tuple[tuple[int, ...], tuple[int, ...]]]:
    """The (seat, move) steps and the (totals by seat, winners) of a playout played with
    ``to_act``/``playout_move``/``play``, as ``bench.playouts --reference`` plays it. With
    ``draw_single_seat`` False a seat is drawn only when several may act (the search's way)."""
    steps = []
    while game.outcome(state) is None:
        assert len(steps) < MAX_STEPS
        seats = game.to_act(state)
        if draw_single_seat or len(seats) > 1:
            seat = seats[rng.below(draw, len(seats))]
        else:
            seat = seats[0]
        move = game.playout_move(state, seat, draw)
        steps.append((seat, move))
        state = game.play(state, seat, move)
    outcome = game.outcome(state)
    totals = [0] * game.players(state)
    for score in outcome.scores:
        totals[score.seat] = score.total
    return steps, (tuple(totals), outcome.winners)
