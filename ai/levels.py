"""The three levels: how much each may search.

easy:   the goal-directed playout policy with a little lookahead (two dozen short iterations:
        it avoids blunders the next moves show, little more).
normal: a short search (about half a second on one core), playouts of 20 moves (or to the
        end, ``FULL_PLAYOUTS``).
hard:   a longer and deeper search (about 2 s on one core, the issue's deadline), playouts of
        40 moves (or to the end).

Every level ends on an *iteration* budget, per game (``ITERATIONS``): the same seed, view and
public log give the same decision on any machine fast enough to finish it (the issue's
"reproducible matches"). Each level also has a time cap (``SECONDS``, for the whole decision,
sampler and margin included: the search itself stops ``ai.player.DEADLINE_MARGIN`` earlier),
kept as a safety stop: only a slow or overloaded machine meets it, and then the decision is no
longer reproducible (``Decision.capped`` says so, and the arena counts it).

The trade-off: a fixed count does not grow with a faster core, and a count high enough to
use most of the cap on an ordinary core is cut short on a busy one. The counts are about
two thirds of what the search's share of the cap (0.45 s, 1.8 s) buys on one ordinary core in
the slower positions of each game (the early ones, with the most moves), so that the count, not
the cap, ends a search with room to spare. Measured rates, iterations per second of the search
(2 shared cores, load about 2; the slower quarter of positions .. the median; playouts of 20 /
40 moves; ``full``: played to the end on the compact simulator):

    TOKAN             1,650-3,150 / 1,750-3,150    full 2,150-3,900
    Tonari            900-2,250 / 800-2,250        full 1,200-3,400
    Friendly Fishing  880-970 / 680-750            full 1,450-2,000
    Tonga Bonga       440-500 / 290-350            full 1,100-1,350  (whole routes as moves)
    Toshi Tōshi       490-1,000 / 520-710          full 1,430-2,300

Where ``FULL_PLAYOUTS`` names a game for a level, its playouts run to the end of the game on
the game's compact simulator (``Game.fast_playout``) and score the real result instead of
cutting off after ``DEPTH`` moves and evaluating; those searches have their own counts
(``FULL_ITERATIONS``), since a full playout there costs less than 40 reference moves. The
arena chose where (see ``FULL_PLAYOUTS``).

What the arena saw (``python -m bench.arena``, 2 jobs on 2 shared cores): at the real budgets,
in TOKAN and Tonga Bonga, no search was capped: hard's p95 1.46 s and 1.01 s (cap
2.0), normal's 0.39 s and 0.26 s (cap 0.5); at budgets x0.25, where the sampler's fixed cost
weighs four times as much and the machine was busier, 4-14% of searches were capped. Higher
Tonga counts (1,800 / 450) used more of the cap but were capped in 19% of the x0.25 searches
and did not play better (hard v normal 0.38 [0.27, 0.51] against 0.46 [0.34, 0.58], the same
60 seeds), so the counts stay where the slower positions put them. Friendly Fishing (800 /
260) and Toshi Tōshi (hard 600) met their caps at the real budgets in 11-16% and 8% of
searches (p95 1.82 s, load 4 at the start), so they were lowered to 600 / 200 and 500; Tonari
(1,200 / 300: p95 1.51 s and 0.39 s) was not.
"""

from __future__ import annotations

from ai.mcts import SearchBudget

LEVELS = ("easy", "normal", "hard")
GAME_KEYS = ("tokan", "tonari", "fishing", "tonga", "toshi")

# Seconds per decision: the caps, a safety stop (hard: 2 s on one core).
SECONDS = {"easy": 0.3, "normal": 0.5, "hard": 2.0}
# Playout depth (policy moves before the evaluation) per level.
DEPTH = {"easy": 4, "normal": 20, "hard": 40}
# Iterations per decision, by level and game (see the module's docstring for the rates).
ITERATIONS: dict[str, dict[str, int]] = {
    "easy": dict.fromkeys(GAME_KEYS, 24),
    "normal": {"tokan": 500, "tonari": 300, "fishing": 200, "tonga": 130, "toshi": 160},
    "hard": {"tokan": 2400, "tonari": 1200, "fishing": 600, "tonga": 350, "toshi": 500},
}
# The same, for a search whose playouts run to the end (``FULL_PLAYOUTS``).
FULL_ITERATIONS: dict[str, dict[str, int]] = {
    "easy": dict.fromkeys(GAME_KEYS, 24),
    "normal": {"tokan": 750, "tonari": 350, "fishing": 420, "tonga": 320, "toshi": 420},
    "hard": {"tokan": 3000, "tonari": 1400, "fishing": 1700, "tonga": 1300, "toshi": 1700},
}
# The games whose playouts a level plays to the end on the compact simulator.
# Where the arena found full playouts at least as good (budgets x0.25, the same seeds, each
# mode at its own counts): Tonga Bonga (3 players, 30 matches) hard v normal 0.37 [0.22, 0.54]
# with 40/20-move playouts, 0.57 [0.39, 0.73] with full ones; hard v random 0.83 [0.66, 0.93],
# 1.00 [0.89, 1.00]. TOKAN (100 matches) hard v normal 0.71 [0.61, 0.79], 0.77 [0.68, 0.84]
# (full at counts 3,600 / 900, a quarter of the searches capped on a loaded machine; now
# 3,000 / 750; at 2,500 / 600 and 30 matches: 0.73, as with depth). Friendly Fishing (2
# players, 30 matches; 3-5 players not compared) hard v normal 0.70 [0.52, 0.83], 0.75 [0.57,
# 0.87]. Toshi Tōshi (real budgets, 60 matches each): with normal on 20-move playouts, hard v
# normal 0.46 [0.34, 0.58] with hard's 40-move playouts and 0.67 [0.54, 0.77] with full ones
# (3 players, seeds 5000-5059), so hard plays to the end. Normal on full playouts beat easy by
# more (0.72 [0.59, 0.81] against 0.62 [0.49, 0.73]) but left hard too little to add: hard v
# normal with both full 0.38 [0.27, 0.51] at 3 players (seeds 7000-7059; 0.38 and 0.33 at 4
# and 5, fair shares 0.25 and 0.20), so Toshi's normal keeps 20-move playouts: the two levels
# differ in depth as well as in count.
FULL_PLAYOUTS: dict[str, frozenset[str]] = {
    "easy": frozenset(),
    "normal": frozenset({"tokan", "fishing", "tonga"}),
    "hard": frozenset({"tokan", "fishing", "tonga", "toshi"}),
}
# The share of goal-directed moves in a level's full playouts, where a game has them
# (``Game.greedy_playout``; see ``ai.mcts.SearchBudget.greed``). Friendly Fishing has no
# hidden information and no chance after the deal, so what a search learns there is only as
# good as its model of the others: uniform playouts let the next player leave the fish the
# boat was left beside, and at five players (your score adds your left neighbour's catch, and
# the boat passes to that neighbour) hard's four times normal's iterations bought nothing: hard
# v normal 0.19 [0.11, 0.31] (seeds 7000-7059), 0.21 [0.12, 0.33] with normal on 20-move
# playouts (seeds 9000-9056). With the others taking the best catch in hard's playouts: 0.23
# [0.14, 0.35] when seven boat moves in ten do (seeds 9000-9059), 0.28 [0.18, 0.41] when all do
# (the same seeds), and 0.27 [0.21, 0.33] on 200 fresh seeds (11000-11199). With fewer players
# the model matters less, and on the same 200 seeds (12000-12199; uniform, then all boat moves
# goal-directed) it gains a little against normal, hard v normal 0.44 -> 0.48 at three players
# and 0.31 -> 0.35 at four, and costs a little against random players, whom it models wrongly:
# hard v random 0.81 -> 0.77 and 0.69 -> 0.69 (at two players hard v normal 0.88 -> 0.84 on
# the first 60; against random, 80 of 80 won). The table hard meets is people and other
# computer players, who take the good fish in front of them, so hard plays them at every
# count (playing them from five players on only was tried and dropped). Normal keeps uniform
# playouts: the two levels differ in their model of the table as well as in count.
GREED: dict[str, dict[str, float]] = {"easy": {}, "normal": {}, "hard": {"fishing": 1.0}}
# Levels whose iteration counts a time scale multiplies (easy's are its nature, not its time).
SCALED = ("normal", "hard")


def budget(
    game_key: str,
    level: str,
    seconds: float | None = None,
    time_scale: float = 1.0,
    full_playouts: bool | None = None,
) -> SearchBudget:
    """The search budget of ``level`` in ``game_key``: ``seconds`` overrides the cap,
    ``time_scale`` multiplies the cap and (normal, hard) the iteration count (the arena's quick
    runs), ``full_playouts`` overrides ``FULL_PLAYOUTS`` (the arena's comparisons)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    full = game_key in FULL_PLAYOUTS[level] if full_playouts is None else full_playouts
    iterations = (FULL_ITERATIONS if full else ITERATIONS)[level][game_key]
    if level in SCALED:
        iterations = max(1, round(iterations * time_scale))
    cap = SECONDS[level] if seconds is None else seconds
    return SearchBudget(
        iterations=iterations,
        seconds=cap * time_scale,
        playout_depth=DEPTH[level],
        full_playouts=full,
        greed=GREED[level].get(game_key, 0.0) if full else 0.0,
    )
