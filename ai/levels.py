"""The three levels: how much each may search, per game.

easy:   the goal-directed playout policy with a little lookahead (a few dozen short
        iterations: it avoids blunders the next moves show, little more).
normal: a short search.
hard:   a longer and deeper search, within 2 s per decision on one core.

Iteration budgets (the reproducible part, see ``ai.mcts``) are set per game from measured
iteration rates so that on one ordinary core the iterations, not the time cap, end a search.
"""

from __future__ import annotations

from ai.mcts import SearchBudget

LEVELS = ("easy", "normal", "hard")

# Seconds per decision: the hard caps (hard: 2 s on one core, the deadline).
SECONDS = {"easy": 0.3, "normal": 1.0, "hard": 2.0}
# Playout depth (policy moves before the evaluation) per level.
DEPTH = {"easy": 4, "normal": 20, "hard": 40}
# Iterations per decision, per game and level.
ITERATIONS: dict[str, dict[str, int]] = {
    # Measured on one idle core (hard): TOKAN ~500-1300 iterations/s (slowest at the start),
    # Tonari ~500, Friendly Fishing ~430, Tonga Bonga ~830, Toshi Tōshi ~580; hard aims at
    # about 1.3 s of its 2 s.
    "tokan": {"easy": 24, "normal": 250, "hard": 900},
    "tonari": {"easy": 24, "normal": 200, "hard": 650},
    "fishing": {"easy": 24, "normal": 180, "hard": 560},
    "tonga": {"easy": 24, "normal": 300, "hard": 1000},
    "toshi": {"easy": 24, "normal": 220, "hard": 750},
}


def budget(game_key: str, level: str, seconds: float | None = None) -> SearchBudget:
    """The search budget of ``level`` in ``game_key``; ``seconds`` overrides the time cap."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    return SearchBudget(
        iterations=ITERATIONS[game_key][level],
        seconds=SECONDS[level] if seconds is None else seconds,
        playout_depth=DEPTH[level],
    )
