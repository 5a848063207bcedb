"""Literal Toshi Tōshi positions shared by the Toshi rule tests (no tests of its own)."""

from __future__ import annotations

import dataclasses
from typing import Any

from rules.toshi import ToshiToshi
from rules.toshi.grid import geometry
from rules.toshi.model import Card, Cell, Phase, Play, ToshiState
from rules.toshi.scoring import holder

GAME = ToshiToshi()
# The rulebook's scoring example names its players by their token symbols.
MUSHROOM, BEEHIVE, LEAF = 0, 1, 2
TWENTY = [f"{c}{v}" for c in "RBGPY" for v in (1, 2, 3, 4)]


def card(text: str) -> Card:
    return Card(text[0], int(text[1:]))


def state(players: int = 4, variant: str = "standard", seed: int = 0, **changes: Any) -> ToshiState:
    s = GAME.setup(players, {"variant": variant}, seed)
    return dataclasses.replace(s, **changes)


def spot(s: ToshiState, name: str) -> int:
    return geometry(s.rows, s.cols).by_name[name]


def cell(s: ToshiState, name: str) -> int:
    return geometry(s.rows, s.cols).cell_by_name[name]


def with_tokens(s: ToshiState, tokens: dict[str, int]) -> ToshiState:
    """Put tokens (spot name -> seat) on the grid, taking them from the seats' supplies."""
    spots = list(s.spots)
    supply = list(s.supply)
    for name, seat in tokens.items():
        spots[spot(s, name)] = seat
        supply[seat] -= 1
    return dataclasses.replace(s, spots=tuple(spots), supply=tuple(supply))


def with_cards(s: ToshiState, cards: dict[str, str | Cell]) -> ToshiState:
    """Build cards (space -> "R7" face up, or a Cell) on the grid."""
    cells = list(s.cells)
    for name, value in cards.items():
        cells[cell(s, name)] = Cell("building", card(value)) if isinstance(value, str) else value
    return dataclasses.replace(s, cells=tuple(cells))


def fill_grid(s: ToshiState, cards: list[str]) -> ToshiState:
    """Fill every empty space, in reading order, with the given face-up cards."""
    cells = list(s.cells)
    queue = list(cards)
    for i, c in enumerate(cells):
        if c is None:
            cells[i] = Cell("building", card(queue.pop(0)))
    return dataclasses.replace(s, cells=tuple(cells))


def after_trick(
    s: ToshiState, plays: list[tuple[int, str]], winner: int, phase: Phase, **changes: Any
) -> ToshiState:
    """A position after a trick: its cards played (and gone from the hands)."""
    trick = tuple(Play(seat, card(c)) for seat, c in plays)
    hands = tuple(tuple(c for c in hand if c not in {p.card for p in trick}) for hand in s.hands)
    return dataclasses.replace(
        s, trick=trick, hands=hands, winner=winner, next_leader=winner, phase=phase, **changes
    )


def play(s: ToshiState, seat: int, text: str) -> ToshiState:
    return GAME.apply(s, seat, GAME.parse(s, text))


def holder_of(tokens: dict[str, int], builder: int = -1) -> int:
    """Who gains c2 (the 3-player Monument's space) with these tokens on its spots."""
    s = with_tokens(state(3), tokens)
    geo = geometry(s.rows, s.cols)
    return holder(s.spots, geo, cell(s, "c2"), 3, builder)


def over(players: int = 3, **changes: Any) -> ToshiState:
    """A finished game's state (empty hands), to be filled by the test."""
    s = state(players, **changes)
    return dataclasses.replace(s, phase=Phase.OVER, round=10, hands=((),) * players)
