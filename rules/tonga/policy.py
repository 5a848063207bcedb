"""The goal-directed playout policy for Tonga Bonga (tests, benchmarks, end-to-end games).

Uniformly random steps almost never complete a tour of four islands (games.md), so playouts
use this: small random wages, random placements, rerolls of seasick dice half the time, and
greedy steps towards the nearest island without our camp (camping on arrival), then home.

It decides as a player typing few commands would: a whole crew turn's placements in one move
(`place 4 on B, 3 on C`) and a whole navigation turn in one route (`go k15 l15 cocoa camp m3`).
Each is found by trying the single decisions one after another on a scratch copy of the state
with the ordinary rules, so the compound move is legal by construction.

That scratch copy, once the move is chosen, is exactly the draft ``play`` would build from the
same state: ``play`` takes it over (``played``) instead of playing the move a second time.
"""

from __future__ import annotations

import random
import threading
from functools import cache, lru_cache

from rules import rng
from rules.tonga.common import Draft, acting_in, reroll_cost, thaw
from rules.tonga.crew import place, placements_in
from rules.tonga.map import HOME, ISLANDS, distances
from rules.tonga.navigation import STEPS, steps_in
from rules.tonga.routes import as_move, play_action, tell_points_once
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
    Route,
    TongaState,
    Wages,
)

# The draft of the latest move the policy chose, per thread: (state, seat, move, draft).
_scratch = threading.local()


def played(state: TongaState, seat: int, move: Move) -> Draft | None:
    """The draft ``play(state, seat, move)`` would build, if the policy just chose ``move`` in
    this very ``state`` object (states are immutable, and the entry keeps it alive, so its
    identity cannot be reused); else None. Each draft is handed out once: ``play`` edits it."""
    kept: tuple[TongaState, int, Move, Draft] | None = getattr(_scratch, "kept", None)
    if kept is None:
        return None
    _scratch.kept = None
    kept_state, kept_seat, kept_move, draft = kept
    if kept_state is state and kept_seat == seat and kept_move == move:
        return draft
    return None


def _keep(state: TongaState, seat: int, move: Move, draft: Draft) -> Move:
    _scratch.kept = (state, seat, move, draft)
    return move


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
    while d["phase"] is Phase.CREW and acting_in(d) == seat:
        places = placements_in(d, seat)  # crew_moves' placements (or `keep`), in its order
        pick = places[rng.below(draw, len(places))]
        if isinstance(pick, Keep):
            return pick
        assert isinstance(pick, Place)  # placements_in offers no reroll
        chosen.append(pick)
        place(d, seat, pick)
    # ``play`` places each die in turn just so (``place``, ``place_all``).
    return _keep(state, seat, chosen[0] if len(chosen) == 1 else Places(tuple(chosen)), d)


def _route(state: TongaState, seat: int) -> Move:
    """The whole navigation turn: greedy steps towards the goal, camping on arrival, until the
    turn ends by itself or no step gets closer (then `end`)."""
    d = thaw(state)
    actions: list[Action] = []
    while d["phase"] is Phase.NAVIGATION and acting_in(d) == seat:
        action = _next_action(d, seat)
        actions.append(action)
        play_action(d, seat, action)
        if isinstance(action, End):
            break
    # ``play`` plays each action in turn just so (``play_action``, ``sail``).
    move = as_move(tuple(actions))
    if isinstance(move, Route):
        tell_points_once(d, seat)
    return _keep(state, seat, move, d)


_CAMP = Camp()
_END = End()


def _next_action(d: Draft, seat: int) -> Action:
    if d["may_camp"]:
        return _CAMP
    here = d["ships"][seat]
    dist = _distance_rows(d["ghost"])[_goal(d, seat)]
    legal = steps_in(d)
    if legal:
        best = min(legal, key=dist.__getitem__)
        if d["passing"] or dist[best] < dist[here]:
            return STEPS[best]
    return _END


def _goal(d: Draft, seat: int) -> int:
    """The target: the nearest island without our camp, or home."""
    islands = _islands_to_visit(d["camps"], seat)
    if not islands:
        return HOME
    here = d["ships"][seat]
    rows = _distance_rows(d["ghost"])
    return min(islands, key=lambda i: rows[i][here])


@lru_cache(maxsize=4096)
def _islands_to_visit(camps: tuple[tuple[int, ...], ...], seat: int) -> tuple[int, ...]:
    """The islands without our camp, in order; none once all four camps stand (then: home)."""
    if sum(seat in camp for camp in camps) == CAMPS_PER_PLAYER:
        return ()
    return tuple(i for i in range(1, len(ISLANDS)) if seat not in camps[i])


@cache
def _distance_rows(ghost: int) -> tuple[tuple[int, ...], ...]:
    """Distances to every harbour, with the ghost ship at ``ghost``."""
    return tuple(distances(harbour, ghost) for harbour in range(len(ISLANDS)))
