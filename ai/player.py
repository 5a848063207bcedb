"""A computer player: it decides from what its seat knows and nothing else.

``ComputerPlayer.decide`` is handed the seat's *view* (the same object the seat's picture and
hand are drawn from), the public log and a budget; it never sees a state. It rebuilds full
states the seat cannot tell from the true one with the game's sampler
(``rules/<key>/sample.py``, behind ``Game.sample_state``) and searches over them. Pure: no
Discord, no I/O; the same level, seed, view and log give the same move, since every level ends
on an iteration budget (``ai.levels``) unless a slow machine meets its time cap first
(``Decision.capped``).
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.candidates import candidates
from ai.levels import LEVELS, budget
from ai.mcts import SearchBudget, search
from rules.base import Game
from rules.fishing.game import FishingView
from rules.registry import GAMES
from rules.tokan.state import TokanView
from rules.tonari.game import TonariView
from rules.tonga.state import TongaView
from rules.toshi.model import ToshiView

DEADLINE_MARGIN = 0.1  # of the time cap, kept for the last iteration and the way back

# The only thing a player may be handed about the table, per game.
VIEW_TYPES: dict[str, type] = {
    "tokan": TokanView,
    "tonari": TonariView,
    "fishing": FishingView,
    "toshi": ToshiView,
    "tonga": TongaView,
}


@dataclass(frozen=True)
class Decision:
    text: str  # the move as the seat would type it
    iterations: int
    seconds: float
    capped: bool  # the time cap, not the iteration budget, ended the search


def sampler_for(
    game: Game[Any, Any, Any], view: Any, seat: int, public_log: Sequence[tuple[int, str]]
) -> Callable[[random.Random], Any]:
    """The game's determiniser, prepared once for many samples (``Game.sample_state`` does the
    same work for a single sample)."""
    module = importlib.import_module(f"rules.{game.spec.key}.sample")
    prepared: Callable[[random.Random], Any] = module.prepare(view, seat, public_log)
    return prepared


def check_view(game_key: str, view: Any) -> None:
    """Refuse anything but the game's view type: a state would carry other seats' secrets."""
    expected = VIEW_TYPES.get(game_key)
    if expected is None:
        raise ValueError(f"no computer player for game {game_key!r}")
    if type(view) is not expected:
        raise TypeError(
            f"a computer player decides from a {expected.__name__}, not a {type(view).__name__}"
        )


class ComputerPlayer:
    """A computer seat of one level; ``seed`` keys its random stream (reproducible matches)."""

    def __init__(self, level: str, seed: int, limits: SearchBudget | None = None) -> None:
        """``limits`` replaces the level's search budget (tests and the arena's quick runs)."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
        self.level = level
        self.seed = seed
        self.limits = limits

    def decide(
        self,
        game_key: str,
        view: Any,
        seat: int,
        public_log: Sequence[tuple[int, str]],
        budget_seconds: float | None = None,
    ) -> str:
        """The move text ``seat`` plays now."""
        return self.decide_with_stats(game_key, view, seat, public_log, budget_seconds).text

    def decide_with_stats(
        self,
        game_key: str,
        view: Any,
        seat: int,
        public_log: Sequence[tuple[int, str]],
        budget_seconds: float | None = None,
    ) -> Decision:
        check_view(game_key, view)
        game = GAMES[game_key]
        limits = self.limits or budget(game_key, self.level, budget_seconds)
        return decide_from_view(
            game, view, seat, public_log, limits, self.draw(game_key, seat, public_log)
        )

    def draw(
        self, game_key: str, seat: int, public_log: Sequence[tuple[int, str]]
    ) -> random.Random:
        """The decision's random stream: keyed by the player's seed and the decision point."""
        return random.Random(f"{self.seed}:{self.level}:{game_key}:{seat}:{len(public_log)}")


def decide_from_view(
    game: Game[Any, Any, Any],
    view: Any,
    seat: int,
    public_log: Sequence[tuple[int, str]],
    limits: SearchBudget,
    draw: random.Random,
) -> Decision:
    """Search from the view; a single legal move is played at once."""
    start = time.perf_counter()
    sampler = sampler_for(game, view, seat, public_log)
    first = sampler(draw)
    if seat not in game.to_act(first):
        raise ValueError(f"seat {seat} has no decision to make now")
    legal = candidates(game, first, seat, root=True)
    if len(legal) == 1:
        return Decision(game.format(first, legal[0]), 0, 0.0, False)
    # The cap covers the whole decision: what preparing the sampler took, and a margin for
    # the last iteration and the answer's way back, come off the search's share.
    spent = time.perf_counter() - start
    limits = dataclasses.replace(
        limits, seconds=max(0.0, limits.seconds * (1.0 - DEADLINE_MARGIN) - spent)
    )
    result = search(game, sampler, seat, limits, draw)
    return Decision(
        game.format(first, result.move), result.iterations, result.seconds, result.capped
    )


def policy_move(
    game_key: str, view: Any, seat: int, public_log: Sequence[tuple[int, str]], seed: int
) -> str:
    """The playout policy's move on one sample: the instant fallback when a search overruns."""
    check_view(game_key, view)
    game = GAMES[game_key]
    draw = random.Random(f"{seed}:policy:{game_key}:{seat}:{len(public_log)}")
    state = sampler_for(game, view, seat, public_log)(draw)
    return game.format(state, game.playout_move(state, seat, draw))
