"""Tonari determinisation for computer players: an open game without chance after the layout,
so the sample is exact.

The view holds the board, the boat, the piles, the phase and the last move. Two facts only the
move log keeps: how many boat moves were made and each seat's latest one (the tie-break goes to
the tied player who moved the boat most recently; placing the boat, the match's first move,
counts as moving it). They are counted from ``public_log``, the match's ``(seat, move text)``
entries from the start; later boat moves are written as a bare hex label (``d4``) or ``go d4``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.errors import PlayerError
from rules.fishing_common import MoveBoat
from rules.tonari.data import BOARD
from rules.tonari.game import NOTATION, TonariState, TonariView

SEED_RANGE = 2**53  # fresh seeds are drawn with random() alone (see rules/rng.py)


def boat_moves(players: int, public_log: Sequence[tuple[int, str]]) -> tuple[int, list[int]]:
    """(boat moves made, per seat the number of its latest one) read from the log."""
    count = 0
    moved_at = [0] * players
    for index, (seat, text) in enumerate(public_log):
        if index == 0:
            # The first move places the boat (a bare label then names the island), and placing
            # counts as moving it for the tie-break (games.md, Clarifications).
            is_boat_move = True
        else:
            try:
                is_boat_move = isinstance(NOTATION.parse(BOARD, players, text), MoveBoat)
            except PlayerError:
                is_boat_move = False
        if is_boat_move:
            count += 1
            moved_at[seat] = count
    return count, moved_at


def prepare(
    view: TonariView, seat: int, public_log: Sequence[tuple[int, str]]
) -> Callable[[random.Random], TonariState]:
    """A sampler of states consistent with ``view`` and the log (all of them equal but the seed)."""
    count, moved_at = boat_moves(view.players, public_log)
    if view.turn is not None:
        turn = view.turn
    else:  # over: the turn passed to the seat after the last mover, who had no move
        turn = 0 if view.last_seat is None else (view.last_seat + 1) % view.players

    def sample(draw: random.Random) -> TonariState:
        return TonariState(
            players=view.players,
            seed=int(draw.random() * SEED_RANGE),
            tokens=view.tokens,
            boat=view.boat,
            turn=turn,
            phase=view.phase,
            piles=view.piles,
            season=view.season,
            boat_moves=count,
            moved_at=tuple(moved_at),
            last_hexes=view.last_hexes,
            last_seat=view.last_seat,
            note=view.note,
        )

    return sample


def sample_state(
    view: TonariView, seat: int, public_log: Sequence[tuple[int, str]], draw: random.Random
) -> TonariState:
    return prepare(view, seat, public_log)(draw)
