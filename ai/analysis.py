"""Where a game turned: every seat's chances of winning after a decision, estimated by the
computer player's search from what the deciding seat could see.

For one decision the search starts from the deciding seat's *view* before it (never a state:
``ai.player.check_view`` refuses anything else), samples full states that seat cannot tell from
the true one, plays the move actually chosen at the root of every sample, and below it searches
as a computer player does (ISMCTS, each seat choosing its best). Every playout runs to the end of
the game on the compact simulator, and the share of those playouts each seat won is its chance.
So an estimate knows the deciding seat's hand and nothing else: an analysis never reveals one.

"What the search preferred" is the same search without the restriction: the move it visited
most, with that move's chances.

Pure: no Discord, no I/O, no clock beyond the search's safety cap; the same inputs and seed give
the same estimates.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.levels import GREED
from ai.mcts import RootChild, SearchBudget, search
from ai.player import check_view, sampler_for
from rules.registry import GAMES

# Iterations per estimate, by game: each is one playout to the end (the rates in ``ai.levels``:
# some 1,000-4,000 a second on one core), so a match of 100 decisions costs well under a
# minute of one core (``bench/analysis.py`` measures it).
ITERATIONS: dict[str, int] = {
    "tokan": 1000,
    "tonari": 600,
    "fishing": 600,
    "tonga": 400,
    "toshi": 600,
}
# A safety cap per estimate (seconds): a loaded machine ends a search early rather than late.
SECONDS_CAP = 5.0
# How far an estimate is trusted. The search plays every seat as well as its tree can, so it
# sees a lead as safer than a table keeps it: each seat's share of the wins is raised to the
# power ``TEMPERATURE`` (below 1: flatter), the shares made to sum to 1 again, then pulled toward
# the fair share (1 / players) by ``SHRINK`` (1: not at all). Fitted per game on the even seeds
# of 200 computer-v-computer matches and checked on the odd ones (``bench/calibration.py
# --fit``; README, "Where the game turned").
TEMPERATURE: dict[str, float] = {
    "tokan": 0.7,
    "tonari": 1.0,  # 0.7 fitted better on the even seeds, worse on the odd ones: as searched
    "fishing": 0.7,
    "tonga": 0.5,
    "toshi": 0.7,
}
SHRINK: dict[str, float] = {
    "tokan": 1.0,
    "tonari": 1.0,
    "fishing": 1.0,
    "tonga": 0.95,
    "toshi": 1.0,
}
FLOOR = 1e-4  # a share no playout won still counts a little before the power


@dataclass(frozen=True)
class Decision:
    """One decision of a match as the deciding seat saw it."""

    seat: int
    view: Any  # the seat's view just before it decided
    public_log: tuple[tuple[int, str], ...]  # what every seat had read before it
    move: str  # the move as logged


@dataclass(frozen=True)
class Preference:
    move: str  # the move the search liked best
    chances: tuple[float, ...]  # by seat, after that move
    played: tuple[float, ...] | None  # by seat, after the move played, when the search tried it


def analysis_budget(game_key: str, iterations: int | None = None) -> SearchBudget:
    """The analysis' search: full playouts (their winners are the estimate), a fixed count."""
    return SearchBudget(
        iterations=iterations or ITERATIONS[game_key],
        seconds=SECONDS_CAP,
        playout_depth=40,
        full_playouts=True,
        greed=GREED["hard"].get(game_key, 0.0),
    )


def _draw(seed: int, game_key: str, decision: Decision, purpose: str) -> random.Random:
    key = f"analysis:{purpose}:{seed}:{game_key}:{decision.seat}:{len(decision.public_log)}"
    return random.Random(key)


def calibrated(
    game_key: str,
    chances: Sequence[float],
    temperature: float | None = None,
    shrink: float | None = None,
) -> tuple[float, ...]:
    """The search's shares of the wins as chances (``TEMPERATURE``, ``SHRINK``; the two may
    be given instead, for fitting them)."""
    t = TEMPERATURE.get(game_key, 1.0) if temperature is None else temperature
    k = SHRINK.get(game_key, 1.0) if shrink is None else shrink
    powered = [max(c, FLOOR) ** t for c in chances]
    total = sum(powered)
    fair = 1.0 / len(chances)
    return tuple(fair + k * (c / total - fair) for c in powered)


def chances_after(
    game_key: str,
    decision: Decision,
    seed: int,
    iterations: int | None = None,
    *,
    raw: bool = False,
) -> tuple[float, ...]:
    """Each seat's chance of winning once ``decision`` is played, from the deciding seat's view
    (``raw``: the search's share of the wins, before ``calibrated``)."""
    check_view(game_key, decision.view)
    game = GAMES[game_key]
    draw = _draw(seed, game_key, decision, "chances")
    sampler = sampler_for(game, decision.view, decision.seat, decision.public_log)
    first = sampler(draw)
    move = game.parse(first, decision.move)
    result = search(
        game,
        sampler,
        decision.seat,
        analysis_budget(game_key, iterations),
        draw,
        root_moves=[move],
        track_wins=True,
    )
    players = game.players(first)
    root = result.root[0] if result.root else RootChild(move, 0, (0.0,) * players)
    shares = normalised(root.chances(), players)
    return shares if raw else calibrated(game_key, shares)


def preference(
    game_key: str, decision: Decision, seed: int, iterations: int | None = None
) -> Preference:
    """The move the search would have played at ``decision``, with its chances."""
    check_view(game_key, decision.view)
    game = GAMES[game_key]
    draw = _draw(seed, game_key, decision, "preference")
    sampler = sampler_for(game, decision.view, decision.seat, decision.public_log)
    first = sampler(draw)
    players = game.players(first)
    played = game.parse(first, decision.move)
    result = search(
        game, sampler, decision.seat, analysis_budget(game_key, iterations), draw, track_wins=True
    )
    best = next(c for c in result.root if c.move == result.move)
    same = [c for c in result.root if c.move == played and c.visits]
    return Preference(
        game.format(first, result.move),
        calibrated(game_key, normalised(best.chances(), players)),
        calibrated(game_key, normalised(same[0].chances(), players)) if same else None,
    )


def normalised(chances: Sequence[float], players: int) -> tuple[float, ...]:
    """Chances that sum to 1 (fair shares when no playout was counted)."""
    values = list(chances) + [0.0] * (players - len(chances))
    total = sum(values)
    if total <= 0:
        return tuple(1.0 / players for _ in range(players))
    return tuple(v / total for v in values)


def analyse(
    game_key: str,
    decisions: Sequence[Decision],
    seed: int,
    iterations: int | None = None,
) -> list[tuple[float, ...]]:
    """The chances after each of ``decisions`` in turn (what a worker runs for a match)."""
    return [chances_after(game_key, d, seed, iterations) for d in decisions]


def preferences(
    game_key: str,
    decisions: Sequence[Decision],
    seed: int,
    iterations: int | None = None,
) -> list[Preference]:
    return [preference(game_key, d, seed, iterations) for d in decisions]
