"""Matches between computer players for the tests: the table keeps the true state, players get
only their seat's view and the public log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ai.mcts import SearchBudget
from ai.player import ComputerPlayer
from ai.publiclog import extended
from rules import rng
from rules.registry import GAMES

# Tiny searches: the tests check legality and plumbing, not strength.
TINY = SearchBudget(iterations=6, seconds=60.0, playout_depth=3)


def play_match(
    key: str,
    players: int,
    seed: int,
    make: Callable[[int], ComputerPlayer],
    options: dict[str, str] | None = None,
    max_decisions: int = 10_000,
) -> list[tuple[int, str]]:
    """Every (seat, move text) of a match in which every seat is a computer player. Each move is
    parsed and applied with the rules' own checks, so an illegal one raises."""
    game = GAMES[key]
    state: Any = game.setup(players, game.spec.resolve_options(options or {}), seed)
    seats = [make(seat) for seat in range(players)]
    order = rng.stream(seed, "who acts first")  # several seats may act at once (Toshi's owed token)
    log: tuple[tuple[int, str], ...] = ()
    moves: list[tuple[int, str]] = []
    while game.outcome(state) is None and len(moves) < max_decisions:
        acting = game.to_act(state)
        seat = acting[rng.below(order, len(acting))]
        text = seats[seat].decide(key, game.view(state, seat), seat, log)
        state = game.apply(state, seat, game.parse(state, text))
        log = extended(log, key, seat, text)
        moves.append((seat, text))
    return moves
