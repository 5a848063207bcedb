"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse
2012) over determinised states.

Every iteration draws a fresh determinisation (a full state the deciding seat cannot tell from
the true one: other hands, face-down cards and future dice sampled), walks one shared tree with
UCB1 over the moves legal in *that* sample (a child's availability count stands in for its
parent's visits, since a move is not legal in every sample), adds one node, plays the playout
policy for a few dozen moves and scores the position with ``ai.evaluate``. Each node keeps the
reward of the seat that made its move, so the same tree serves games of 2 to 5 (max-n).

Large move lists (Tonari's swaps, Toshi's builds, Tonga's wages) are widened progressively: a
node may have about 3 + 2·sqrt(visits) children, the policy's choice tried first.

Budget and reproducibility: the search stops after ``iterations`` iterations (when given) or
at the ``seconds`` deadline, whichever comes first. Its result depends only on the seed when the
iteration budget is what stops it, as every level's does on an ordinary core (``ai.levels``);
the deadline is a safety stop for a slow or overloaded machine (``SearchResult.capped``).

Playouts: ``playout_depth`` policy moves on the reference rules, then ``ai.evaluate``; or, with
``full_playouts``, the game played to its end on its compact simulator (``Game.fast_playout``,
proven move for move the same as the reference path) and its real result scored as a finished
game is; with ``greed``, a game that has goal-directed playouts (``Game.greedy_playout``:
Friendly Fishing's boat taking the best catch on offer) plays those instead. Either way on the
sample the tree walk reached, never on the true state.

Tonga Bonga weighs whole decisions (a route, all the dice placed) rather than single steps:
see ``ai.candidates``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.candidates import candidates
from ai.evaluate import evaluate, final_values, result_values
from rules import rng
from rules.base import Game


@dataclass(frozen=True)
class SearchBudget:
    iterations: int | None  # the reproducible budget; None: the time budget alone
    seconds: float  # the time budget, and the hard cap
    playout_depth: int  # policy moves per playout before the evaluation
    exploration: float = 0.7  # UCB1's constant (values lie in [0, 1])
    # Play each playout to the end on the game's compact simulator (``Game.fast_playout``) and
    # score the real result, instead of ``playout_depth`` moves and the evaluation. Ignored by
    # a game without one.
    full_playouts: bool = False
    # With full playouts, the share of playout moves that are goal-directed rather than uniform
    # (games with ``greedy_playout`` only; 0: uniform, the reference policy).
    greed: float = 0.0


@dataclass(frozen=True)
class SearchResult:
    move: Any
    iterations: int
    seconds: float
    capped: bool  # the deadline stopped a search that had an iteration budget
    # With ``track_wins``: each of the root seat's moves tried, its visits and, by seat, the
    # sum of the win shares of the playouts through it (an analysis reads chances from them).
    root: tuple[RootChild, ...] = ()


@dataclass(frozen=True)
class RootChild:
    move: Any
    visits: int
    wins: tuple[float, ...]  # by seat: win shares summed over the playouts through the move

    def chances(self) -> tuple[float, ...]:
        """Each seat's share of the wins of the playouts through this move."""
        return tuple(w / self.visits for w in self.wins) if self.visits else self.wins


class Node:
    __slots__ = ("avail", "children", "move", "mover", "total", "visits", "wins")

    def __init__(self, mover: int, move: Any) -> None:
        self.mover = mover
        self.move = move
        self.children: dict[tuple[int, Any], Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.wins: list[float] | None = None  # root children of a search tracking wins


def widening(visits: int) -> int:
    """How many children a node visited ``visits`` times may have."""
    return 3 + int(2.0 * math.sqrt(visits))


def search(
    game: Game[Any, Any, Any],
    sampler: Callable[[random.Random], Any],
    seat: int,
    budget: SearchBudget,
    draw: random.Random,
    clock: Callable[[], float] = time.perf_counter,
    *,
    root_moves: Sequence[Any] | None = None,
    track_wins: bool = False,
) -> SearchResult:
    """The move of ``seat`` the search likes best (visited most at the root).

    ``root_moves`` replaces the root's candidates (an analysis searches below the move that
    was played); ``track_wins`` sums, per root move, who won each playout through it (a share
    each on a shared win; a playout cut short counts the seats its evaluation puts ahead)."""
    key = game.spec.key
    start = clock()
    deadline = start + budget.seconds
    root = Node(-1, None)
    done = 0
    capped = False
    c = budget.exploration
    limit = budget.iterations
    # On the sample the tree walk reached (a determinisation, never the true state).
    fast = getattr(game, "fast_playout", None) if budget.full_playouts else None
    greedy = getattr(game, "greedy_playout", None) if fast is not None and budget.greed else None
    while limit is None or done < limit:
        if done and clock() >= deadline:
            capped = limit is not None
            break
        state = sampler(draw)
        node = root
        path = [root]
        while True:
            seats = game.to_act(state)
            if not seats:
                break
            if node is root:
                mover = seat
            else:
                mover = seats[0] if len(seats) == 1 else seats[rng.below(draw, len(seats))]
            legal: Sequence[Any]
            if node is root and root_moves is not None:
                legal = root_moves
            else:
                legal = candidates(game, state, mover, node is root)
            children = node.children
            present: list[Node] = []
            untried: list[Any] = []
            for move in legal:
                child = children.get((mover, move))
                if child is None:
                    untried.append(move)
                else:
                    present.append(child)
            if untried and len(present) < widening(node.visits):
                preferred = game.playout_move(state, mover, draw)
                if (mover, preferred) in children or (
                    node is root and root_moves is not None and preferred not in untried
                ):
                    preferred = untried[rng.below(draw, len(untried))]
                child = Node(mover, preferred)
                children[(mover, preferred)] = child
                for other in present:
                    other.avail += 1
                path.append(child)
                state = game.play(state, mover, preferred)
                break
            best: Node | None = None
            best_score = -1.0
            for child in present:
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best, best_score = child, score
                child.avail += 1
            assert best is not None
            path.append(best)
            node = best
            state = game.play(state, mover, best.move)
        winners: Sequence[int] = ()
        if greedy is not None:
            totals, winners = greedy(state, draw, budget.greed)
            values = result_values(key, totals, winners)
        elif fast is not None:
            # draw_single_seat=False: the acting seat drawn as above (no draw for a lone seat).
            totals, winners = fast(state, draw, None, False)
            values = result_values(key, totals, winners)
        else:
            for _ in range(budget.playout_depth):
                seats = game.to_act(state)
                if not seats:
                    break
                mover = seats[0] if len(seats) == 1 else seats[rng.below(draw, len(seats))]
                state = game.play(state, mover, game.playout_move(state, mover, draw))
            outcome = game.outcome(state)
            if outcome is not None:
                values = final_values(key, outcome, game.players(state))
                winners = outcome.winners
            else:
                values = evaluate(key, state)
                top = max(values)
                winners = [s for s, v in enumerate(values) if v == top]
        if track_wins and len(path) > 1:
            _tally(path[1], len(values), winners)
        root.visits += 1
        for visited in path[1:]:
            visited.visits += 1
            visited.total += values[visited.mover]
        done += 1
    mine = [child for (mover, _), child in root.children.items() if mover == seat]
    chosen = max(mine, key=lambda n: (n.visits, n.total / n.visits))
    tried = (
        tuple(RootChild(n.move, n.visits, tuple(n.wins or ())) for n in mine) if track_wins else ()
    )
    return SearchResult(chosen.move, done, clock() - start, capped, tried)


def _tally(child: Node, players: int, winners: Sequence[int]) -> None:
    """Add one playout's winners to a root child's wins (a share each on a shared win)."""
    if child.wins is None:
        child.wins = [0.0] * players
    for seat in winners:
        child.wins[seat] += 1.0 / len(winners)
