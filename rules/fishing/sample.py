"""Friendly Fishing determinisation for computer players: an open game without chance after the
layout, so the sample is exact.

The view holds the board, the boat, the piles and the phase. The spaces the boat entered this
turn (a Dinker chain may not go back) are read from ``public_log``, the match's
``(seat, move text)`` entries from the start: the boat moves at the end of the log made by the
seat on turn. The Kingfish winner, once over, is the seat holding enough Kingfish.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.errors import PlayerError
from rules.fishing.data import KIND_INDEX, KINGFISH_TO_WIN, SIDES, Tile
from rules.fishing.game import NOTATION, FishingState, FishingView, Phase
from rules.fishing_common import MoveBoat

SEED_RANGE = 2**53  # fresh seeds are drawn with random() alone (see rules/rng.py)


def visited(view: FishingView, turn: int, public_log: Sequence[tuple[int, str]]) -> tuple[int, ...]:
    """The spaces the boat entered in the current turn of ``turn``, in order (kept through an
    action tile's decision, until the turn passes)."""
    board = SIDES[view.side].board
    run: list[int] = []
    for seat, text in reversed(public_log):
        if seat != turn:
            break
        try:
            move = NOTATION.parse(board, view.players, text)
        except PlayerError:
            continue
        if isinstance(move, MoveBoat):
            run.append(move.to)
    return tuple(reversed(run))


def prepare(
    view: FishingView, seat: int, public_log: Sequence[tuple[int, str]]
) -> Callable[[random.Random], FishingState]:
    """A sampler of states consistent with ``view`` and the log (all equal but the seed)."""
    over = view.phase is Phase.OVER
    kingfish = KIND_INDEX[Tile.KINGFISH]
    need = KINGFISH_TO_WIN[view.players]
    winner = next((s for s, pile in enumerate(view.piles) if pile[kingfish] >= need), None)
    if view.turn is not None:
        turn = view.turn
    elif view.last_seat is None:
        turn = 0
    elif winner is not None:  # a Kingfish win stops the game in the winner's turn
        turn = view.last_seat
    else:  # the turn was handed on, and even the island had no move
        turn = (view.last_seat + 1) % view.players
    entered = () if over else visited(view, turn, public_log)

    def sample(draw: random.Random) -> FishingState:
        return FishingState(
            players=view.players,
            seed=int(draw.random() * SEED_RANGE),
            side=view.side,
            sets=view.sets,
            tiles=view.tiles,
            boat=view.boat,
            turn=turn,
            phase=view.phase,
            visited=entered,
            piles=view.piles,
            doubled=view.doubled,
            kingfish_winner=winner if over else None,
            last_hexes=view.last_hexes,
            last_seat=view.last_seat,
            note=view.note,
        )

    return sample


def sample_state(
    view: FishingView, seat: int, public_log: Sequence[tuple[int, str]], draw: random.Random
) -> FishingState:
    return prepare(view, seat, public_log)(draw)
