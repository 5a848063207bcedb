"""The goal-directed playout policy for Tonga Bonga (tests, benchmarks, end-to-end games).

Uniformly random steps almost never complete a tour of four islands (games.md), so playouts
use this: small random wages, random placements, rerolls of seasick dice half the time, and
greedy steps towards the nearest island without our camp (camping on arrival), then home.

It decides as a player typing few commands would: a whole crew turn's placements in one move
(`place 4 on B, 3 on C`) and a whole navigation turn in one route (`go k15 l15 cocoa camp m3`).
Each is found by trying the single decisions one after another on a scratch copy of the state
with the ordinary rules, so the compound move is legal by construction.
"""

from __future__ import annotations

import random
from functools import cache

from rules import rng
from rules.tonga.common import Draft, acting_in, freeze, reroll_cost, thaw
from rules.tonga.crew import crew_moves, place
from rules.tonga.map import HOME, ISLANDS, distances
from rules.tonga.navigation import steps_in
from rules.tonga.routes import as_move, play_action
from rules.tonga.state import (
    CAMPS_PER_PLAYER,
    SEASICK,
    Action,
    Camp,
    End,
    Keep,
    Move,
    Phase,
    Place,
    Places,
    Reroll,
    Step,
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
        return _placements(state, seat, draw)
    return _route(state, seat)


def _placements(state: TongaState, seat: int, draw: random.Random) -> Move:
    """Random placements of every die left (or `keep`), as one move."""
    d = thaw(state)
    chosen: list[Place] = []
    current = state
    while current.phase is Phase.CREW and acting_in(d) == seat:
        moves = crew_moves(current, seat)
        places = [m for m in moves if isinstance(m, Place | Keep)]
        pick = places[rng.below(draw, len(places))]
        if isinstance(pick, Keep):
            return pick
        chosen.append(pick)
        place(d, seat, pick)
        current = freeze(dict(d))  # a copy: ``d`` goes on being edited
    return chosen[0] if len(chosen) == 1 else Places(tuple(chosen))


def _route(state: TongaState, seat: int) -> Move:
    """The whole navigation turn: greedy steps towards the goal, camping on arrival, until the
    turn ends by itself or no step gets closer (then `end`)."""
    d = thaw(state)
    actions: list[Action] = []
    while d["phase"] is Phase.NAVIGATION and acting_in(d) == seat:
        action = _next_action(d, seat)
        actions.append(action)
        if isinstance(action, End):
            break
        play_action(d, seat, action)
    return as_move(tuple(actions))


def _next_action(d: Draft, seat: int) -> Action:
    if d["may_camp"]:
        return Camp()
    here = d["ships"][seat]
    dist = _distance_rows(d["ghost"])[_goal(d, seat)]
    legal = steps_in(d)
    if legal:
        best = min(legal, key=dist.__getitem__)
        if d["passing"] or dist[best] < dist[here]:
            return Step(best)
    return End()


def _goal(d: Draft, seat: int) -> int:
    """The target: the nearest island without our camp, or home."""
    camps = d["camps"]
    if sum(seat in camp for camp in camps) == CAMPS_PER_PLAYER:
        return HOME
    here = d["ships"][seat]
    rows = _distance_rows(d["ghost"])
    islands = [i for i in range(1, len(ISLANDS)) if seat not in camps[i]]
    return min(islands, key=lambda i: rows[i][here])


@cache
def _distance_rows(ghost: int) -> tuple[tuple[int, ...], ...]:
    """Distances to every harbour, with the ghost ship at ``ghost``."""
    return tuple(distances(harbour, ghost) for harbour in range(len(ISLANDS)))
