"""Fast evaluations for the search: each seat's score so far, turned into a value in [0, 1].

A playout is cut off after a few dozen moves (see ``ai.levels``); the position it reached is
then judged by each seat's lead over its best opponent on the game's own running score, squashed
by a logistic curve whose scale is about one good turn's worth of points. A finished game is
judged by its outcome instead: winning counts most, the margin a little (so the search still
prefers a bigger win, and in games of 3-5 a second place over a last).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from rules.base import Outcome
from rules.fishing.scoring import fishing_scores
from rules.fishing_common import with_left_neighbour
from rules.tokan import scoring as tokan_scoring
from rules.tonari.scoring import fish_values
from rules.tonga.map import HOME, ISLANDS, distances
from rules.tonga.state import CAMPS_PER_PLAYER
from rules.toshi.scoring import final_outcome as toshi_outcome

# Points worth about one good turn, per game: the logistic scale of a lead.
SCALE = {"tokan": 3.0, "tonari": 6.0, "fishing": 6.0, "tonga": 15.0, "toshi": 8.0}
TONGA_COINS_PER_SPACE = 1.5  # a camp pays 25; an island is some 8-15 spaces away
WIN_WEIGHT = 0.75  # of a finished game's value; the rest follows the score margin


def _tokan(state: Any) -> list[float]:
    return [tokan_scoring.total(state.board, c, state.scoring) for c in range(2)]


def _tonari(state: Any) -> list[float]:
    fish = fish_values(state.piles, state.season)
    return list(fish if state.players == 2 else with_left_neighbour(fish))


def _fishing(state: Any) -> list[float]:
    fish = fishing_scores(state.piles, state.doubled)
    return list(fish if state.players == 2 else with_left_neighbour(fish))


def _tonga(state: Any) -> list[float]:
    # Money in hand plus wages lying on boards (what the ledger books for each seat), less a
    # little per space the ship still has to sail to its next goal (an island without its camp,
    # or home once all four camps stand): a round's progress shows before its money does.
    rows = _harbour_distances(state.ghost)
    out = []
    for seat, line in enumerate(state.ledger):
        here = state.ships[seat]
        if sum(seat in camp for camp in state.camps) == CAMPS_PER_PLAYER:
            to_go = rows[HOME][here]
        else:
            to_go = min(rows[i][here] for i in range(1, len(ISLANDS)) if seat not in state.camps[i])
        out.append(float(sum(line)) - TONGA_COINS_PER_SPACE * to_go)
    return out


@cache
def _harbour_distances(ghost: int) -> tuple[tuple[int, ...], ...]:
    return tuple(distances(harbour, ghost) for harbour in range(len(ISLANDS)))


def _toshi(state: Any) -> list[float]:
    return [float(s.total) for s in toshi_outcome(state).scores]


SCORES: dict[str, Callable[[Any], list[float]]] = {
    "tokan": _tokan,
    "tonari": _tonari,
    "fishing": _fishing,
    "tonga": _tonga,
    "toshi": _toshi,
}


def margins(scores: Sequence[float]) -> list[float]:
    """Each seat's lead over the best of the others (negative when behind)."""
    out = []
    for seat, mine in enumerate(scores):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        out.append(mine - best_other)
    return out


def squash(margin: float, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, margin / scale))))


def evaluate(key: str, state: Any) -> list[float]:
    """Each seat's value in [0, 1] for an unfinished position (0.5: level with the best)."""
    scale = SCALE[key]
    return [squash(m, scale) for m in margins(SCORES[key](state))]


def final_values(key: str, outcome: Outcome, players: int) -> list[float]:
    """Each seat's value in [0, 1] for a finished game: a share of the win, plus the margin."""
    totals = [0.0] * players
    for score in outcome.scores:
        totals[score.seat] = float(score.total)
    return result_values(key, totals, outcome.winners)


def result_values(key: str, totals: Sequence[float], winners: Sequence[int]) -> list[float]:
    """``final_values`` from each seat's final total (by seat) and the winners: what
    ``Game.fast_playout`` returns for a playout played to the end."""
    scale = SCALE[key]
    share = 1.0 / len(winners) if winners else 0.0
    return [
        WIN_WEIGHT * (share if seat in winners else 0.0)
        + (1.0 - WIN_WEIGHT) * squash(margin, scale)
        for seat, margin in enumerate(margins(totals))
    ]
