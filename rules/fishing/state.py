"""Friendly Fishing plain data: the phases, the moves of its own, the state and the tables the
reference rules (``game.py``) and the compact simulator (``fast.py``) share."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rules.fishing.data import BASIC, KIND_INDEX, Tile
from rules.fishing_common import Double, MoveBoat, RemovePiece, SwapSpaces, Trade

TRADABLE: tuple[int, ...] = tuple(KIND_INDEX[t] for t in BASIC)  # Swap 2 Fish trades basic fish


class Phase(Enum):
    MOVE = "move"
    DINKER = "dinker"  # take the Dinker under the boat or leave it and move on
    SWAP_FISH = "swap fish"
    SWAP_TILES = "swap tiles"
    SLIDE = "slide"
    REMOVE = "remove"
    DOUBLE = "double"
    OVER = "over"


ACTION_PHASE: dict[Tile, Phase] = {
    Tile.SWAP_FISH: Phase.SWAP_FISH,
    Tile.SWAP_TILES: Phase.SWAP_TILES,
    Tile.SLIDE: Phase.SLIDE,
    Tile.REMOVE: Phase.REMOVE,
    Tile.DOUBLE: Phase.DOUBLE,
}


# -- moves beyond the shared MoveBoat / SwapSpaces / RemovePiece -------------------------------
@dataclass(frozen=True)
class TakeDinker:
    """Keep the Dinker the boat landed on (the turn ends)."""


@dataclass(frozen=True)
class LeaveDinker:
    """Leave the Dinker in place and move the boat again."""


@dataclass(frozen=True)
class Slide:
    """Slide a Tile: move the tile at ``start`` to the empty water space ``end``."""

    start: int
    end: int


FishingMove = (
    MoveBoat | TakeDinker | LeaveDinker | SwapSpaces | Slide | RemovePiece | Trade | Double
)


@dataclass(frozen=True)
class FishingState:
    players: int
    seed: int
    side: str  # "small" or "large": the side actually played
    sets: tuple[str, ...]  # the special sets in play
    tiles: tuple[Tile | None, ...]  # per board hex; the island and emptied spaces hold None
    boat: int | None  # None: on the central island
    turn: int
    phase: Phase
    visited: tuple[int, ...]  # spaces the boat entered this turn (a Dinker chain)
    piles: tuple[tuple[int, ...], ...]  # per seat, a count per kind of tile (data.KINDS)
    doubled: Tile | None  # the colour Double Points doubles
    kingfish_winner: int | None
    last_hexes: tuple[int, ...]
    last_seat: int | None
    note: str  # what happened on its own after the last move
