"""The moves the search weighs at a node: the legal moves, or for Tonga Bonga whole decisions.

Most games' legal moves are the decisions a player weighs. Tonga Bonga's are single steps:
a navigation turn of eight steps would be eight searches, each over moves that mean little
alone (a step east), and a rich player has thousands of wage choices. The search there weighs
what a player weighs instead, each legal as one move (the rules check routes and several
placements decision by decision):

* wages: eight sensible pairs (1 to 4 on the captain, 1 to 3 on the helmsman) rather than
  every split of the purse;
* crew: the rerolls, and every way to place all the dice at once;
* navigation: `camp` when allowed, the whole routes a player is offered (to each camp,
  treasure, the way towards each island still to visit, home, winds), and `end`.

The playout policy's own choice is always tried first by the search (``ai.mcts``), so a route
too long for the offered list is still weighed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from rules.base import Game
from rules.tonga.common import Draft, acting_in, thaw
from rules.tonga.crew import crew_moves, full_placements
from rules.tonga.map import DOLPHIN_SPACES, HARBOURS, HOME, distances
from rules.tonga.navigation import STEPS, navigation_moves, steps_in
from rules.tonga.routes import as_move, play_action, route_options
from rules.tonga.state import (
    CAMPS_PER_PLAYER,
    Action,
    Camp,
    End,
    Keep,
    Phase,
    Place,
    Places,
    Reroll,
    TongaState,
    Wages,
)
from rules.tonga.tiles import TILE_BY_KEY, Kind

# Wage pairs worth weighing: low wages keep money, higher ones bid for good dice. Few, so that
# the search's iterations go to telling them apart.
TONGA_WAGES = tuple(
    Wages(c, h) for c, h in ((1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (4, 2))
)
_CAMP, _END = Camp(), End()
# Navigation candidates by what they depend on (see ``_navigation_key``): the samples of one
# decision share the turn being searched, so its routes are built once, not per iteration.
ROUTES_KEPT = 20_000
_ROUTES: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _tonga(game: Game[Any, Any, Any], state: TongaState, seat: int, root: bool) -> Sequence[Any]:
    if state.phase is Phase.WAGES:
        legal = game.legal_moves(state, seat)
        if len(legal) <= len(TONGA_WAGES):
            return legal
        return [w for w in TONGA_WAGES if w in legal]
    if state.phase is Phase.CREW:
        singles = crew_moves(state, seat)
        rerolls = [m for m in singles if isinstance(m, Reroll | Keep)]
        whole = full_placements(state, seat)
        if not whole:  # one die (or none) to place: the single placements are whole decisions
            return [*rerolls, *(m for m in singles if isinstance(m, Place))]
        return [*rerolls, *(Places(p) for p in whole)]
    key = (root, *_navigation_key(state, seat))
    routes = _ROUTES.get(key)
    if routes is None:
        if len(_ROUTES) >= ROUTES_KEPT:
            _ROUTES.clear()
        routes = _ROUTES[key] = _tonga_routes(state, seat, root)
    return routes


def _navigation_key(state: TongaState, seat: int) -> tuple[Any, ...]:
    """What a navigation turn's routes depend on (not the seed, which every sample renews)."""
    return (
        seat,
        state.ships,
        state.mp,
        state.winds,
        state.tiles,
        state.camps,
        state.maps[seat],
        state.ghost,
        state.may_camp,
        state.passing,
        state.ghost_paid,
        state.path,
    )


def _tonga_routes(state: TongaState, seat: int, root: bool) -> tuple[Any, ...]:
    """Whole navigation turns: towards each island still to visit (or home), sailing on
    greedily once there; `camp` and `end`. At the root, where the decision is made, also each
    of those stopping at the island, the treasure and map tiles, and the routes a player is
    offered (deeper nodes keep to the cheap few: they are built anew for most samples)."""
    moves: list[Any] = [_CAMP] if state.may_camp else []
    goals = list(_islands_to_visit(state.camps, seat)) or [HOME]
    if root:
        for index, tile in enumerate(state.tiles):
            if tile is not None and TILE_BY_KEY[tile].kind in (Kind.TREASURE, Kind.MAP):
                goals.append(DOLPHIN_SPACES[index])
    for goal in goals:
        for onward in (True, False) if root else (True,):
            route = _greedy_route(state, seat, goal, onward)
            if route is not None:
                moves.append(route)
    if root:
        moves += [as_move(option.actions) for option in route_options(state)]
    if any(isinstance(m, End) for m in navigation_moves(state)):
        moves.append(_END)
    return tuple(dict.fromkeys(moves))


def _greedy_route(state: TongaState, seat: int, goal: int, onward: bool) -> Any:
    """Greedy steps towards ``goal`` (camping on arrival where allowed); there, with
    ``onward`` on towards the nearest island still to visit (the playout policy's way), else
    `end`. None when the first step gets no closer."""
    d = thaw(state)
    actions: list[Action] = []
    reached = False
    while d["phase"] is Phase.NAVIGATION and acting_in(d) == seat:
        action = _next(d, seat, goal if not reached else _nearest_goal(d, seat))
        if action is None:
            if not reached and d["ships"][seat] == goal:
                reached = True
                action = (_next(d, seat, _nearest_goal(d, seat)) if onward else None) or _END
            else:
                action = _END
        if not actions and action is _END:
            return None
        actions.append(action)
        play_action(d, seat, action)
        if action is _END:
            break
    return as_move(tuple(actions)) if actions else None


def _next(d: Draft, seat: int, goal: int) -> Action | None:
    """Camp when allowed, else the step closest to ``goal`` if it gets closer (or must be
    taken, passing through an occupied space); None when no step helps."""
    if d["may_camp"]:
        return _CAMP
    here = d["ships"][seat]
    dist = _distances(goal, d["ghost"])
    legal = steps_in(d)
    if legal:
        best = min(legal, key=dist.__getitem__)
        if d["passing"] or dist[best] < dist[here]:
            return STEPS[best]
    return None


def _nearest_goal(d: Draft, seat: int) -> int:
    islands = _islands_to_visit(d["camps"], seat)
    if not islands:
        return HOME
    here = d["ships"][seat]
    return min(islands, key=lambda i: _distances(i, d["ghost"])[here])


@lru_cache(maxsize=64)
def _islands_to_visit(camps: tuple[tuple[int, ...], ...], seat: int) -> tuple[int, ...]:
    if sum(seat in camp for camp in camps) == CAMPS_PER_PLAYER:
        return ()
    return tuple(i for i in range(1, HARBOURS) if seat not in camps[i])


@lru_cache(maxsize=1024)
def _distances(target: int, ghost: int) -> tuple[int, ...]:
    return distances(target, ghost)


CANDIDATES: dict[str, Callable[[Game[Any, Any, Any], Any, int, bool], Sequence[Any]]] = {
    "tonga": _tonga
}


def candidates(
    game: Game[Any, Any, Any], state: Any, seat: int, root: bool = False
) -> Sequence[Any]:
    """The moves the search weighs for ``seat`` in ``state`` (``root``: the decision itself,
    which may weigh more), each one legal."""
    special = CANDIDATES.get(game.spec.key)
    if special is None:
        return game.legal_moves(state, seat)
    return special(game, state, seat, root)
