"""The three levels: how much each may search.

easy:   the goal-directed playout policy with a little lookahead (two dozen short iterations:
        it avoids blunders the next moves show, little more). Iteration-bound: it ends in
        milliseconds, and the same seed gives the same move on any machine.
normal: a short search by time (half a second), playouts of 20 moves.
hard:   a longer and deeper search by time, within 2 s per decision on one core (the issue's
        deadline), playouts of 40 moves.

Normal and hard are *time* budgets: a faster playout (or a faster core) buys more iterations
instead of ending sooner. What hard's 1.8 s of search bought per decision (median), measured
by the arena on 2 shared cores (load 3-6; an idle core does better): TOKAN ~3,300, Tonari
~2,000, Friendly Fishing ~1,400, Tonga Bonga ~400 (whole routes as moves, ``ai.candidates``);
Toshi Tōshi ~240 in a quarter of the budget (``iter p50`` and ``iter/s`` in the report).

A level's ``SECONDS`` is its cap for the whole decision, sampler and margin included
(``ai.player``): the search itself stops ``DEADLINE_MARGIN`` earlier.
"""

from __future__ import annotations

from ai.mcts import SearchBudget

LEVELS = ("easy", "normal", "hard")

# Seconds per decision: the caps (hard: 2 s on one core).
SECONDS = {"easy": 0.3, "normal": 0.5, "hard": 2.0}
# Playout depth (policy moves before the evaluation) per level.
DEPTH = {"easy": 4, "normal": 20, "hard": 40}
# Iterations per decision: easy's budget; None lets the time budget alone end the search.
ITERATIONS: dict[str, int | None] = {"easy": 24, "normal": None, "hard": None}


def budget(
    game_key: str, level: str, seconds: float | None = None, time_scale: float = 1.0
) -> SearchBudget:
    """The search budget of ``level`` in ``game_key``: ``seconds`` overrides the cap,
    ``time_scale`` multiplies it (the arena's quick runs)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    cap = SECONDS[level] if seconds is None else seconds
    return SearchBudget(
        iterations=ITERATIONS[level], seconds=cap * time_scale, playout_depth=DEPTH[level]
    )
