"""The goal-directed playout policy for Tonga Bonga (tests, benchmarks, end-to-end games).

Uniformly random steps almost never complete a tour of four islands (games.md), so playouts
use this: small random wages, random placements, rerolls of seasick dice half the time, and
greedy steps towards the nearest island without our camp, then home.
"""

from __future__ import annotations

import random
from functools import cache

from rules import rng
from rules.tonga.common import camps_left, reroll_cost
from rules.tonga.crew import crew_moves
from rules.tonga.map import HOME, ISLANDS, distances
from rules.tonga.navigation import STEPS, steps
from rules.tonga.state import (
    SEASICK,
    Camp,
    End,
    Keep,
    Move,
    Phase,
    Place,
    Reroll,
    TongaState,
    Wages,
)


def playout_move(state: TongaState, seat: int, draw: random.Random) -> Move:
    """One legal move for ``seat`` (the acting seat), drawn from ``draw``."""
    if state.phase is Phase.WAGES:
        money = state.money[seat]
        if money < 2:
            return Wages(money, 0)
        captain = 1 + rng.below(draw, min(3, money - 1))
        return Wages(captain, 1 + rng.below(draw, min(3, money - captain)))
    if state.phase is Phase.CREW:
        sick = state.roll.count(SEASICK)
        if (
            sick
            and not state.placed
            and state.money[seat] >= reroll_cost(state.rerolls)
            and draw.random() < 0.5
        ):
            return Reroll((SEASICK,) * sick)
        moves = crew_moves(state, seat)
        places = [m for m in moves if isinstance(m, Place | Keep)]
        return places[rng.below(draw, len(places))]
    if state.may_camp:
        return Camp()
    here = state.ships[seat]
    dist = _distance_rows(state.ghost)[_goal(state, seat)]
    legal = steps(state)
    if legal:
        best = min(legal, key=dist.__getitem__)
        if state.passing or dist[best] < dist[here]:
            return STEPS[best]
    return End()


def _goal(state: TongaState, seat: int) -> int:
    """The target: the nearest island without our camp, or home."""
    if camps_left(state, seat) == 0:
        return HOME
    here = state.ships[seat]
    rows = _distance_rows(state.ghost)
    islands = [i for i in range(1, len(ISLANDS)) if seat not in state.camps[i]]
    return min(islands, key=lambda i: rows[i][here])


@cache
def _distance_rows(ghost: int) -> tuple[tuple[int, ...], ...]:
    """Distances to every harbour, with the ghost ship at ``ghost``."""
    return tuple(distances(harbour, ghost) for harbour in range(len(ISLANDS)))
