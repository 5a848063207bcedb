"""The eight special tiles in the box (games.md PROPOSAL; the rulebook names only the four kinds).

Seven of them, drawn at random, lie face up on the dolphin spaces; the eighth stays in the box.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from i18n.text import N_


class Kind(Enum):
    WIND = "wind"  # +value movement points on entering, once per ship per navigation turn
    TREASURE = "treasure"  # value coins to the ship that ENDS its movement there; then removed
    MAP = "map"  # taken on entering; pays value on arriving at the target island's harbour
    GHOST = "ghost"  # impassable; entering a space next to it costs 3 coins per die aboard


@dataclass(frozen=True)
class Tile:
    key: str  # how the state stores it
    kind: Kind
    value: int
    target: int  # the island a treasure map leads to (-1 for the other kinds)
    symbol: str  # a short mark for the picture
    text: str  # what the tile does, in a few words (marked for the catalogue)


TILES: tuple[Tile, ...] = (
    Tile("wind1", Kind.WIND, 1, -1, "W+1", N_("wind +1")),
    Tile("wind2", Kind.WIND, 2, -1, "W+2", N_("wind +2")),
    Tile("wind3", Kind.WIND, 3, -1, "W+3", N_("wind +3")),
    Tile("treasure5", Kind.TREASURE, 5, -1, "$5", N_("sunken treasure 5")),
    Tile("treasure10", Kind.TREASURE, 10, -1, "$10", N_("sunken treasure 10")),
    Tile("map_cocoa", Kind.MAP, 10, 1, "M>C", N_("treasure map: 10 at Cocoa")),
    Tile("map_palmoa", Kind.MAP, 10, 4, "M>P", N_("treasure map: 10 at Palmoa")),
    Tile("ghost", Kind.GHOST, 3, -1, "GHOST", N_("ghost ship: impassable, 3 per die next to it")),
)
TILE_BY_KEY: dict[str, Tile] = {tile.key: tile for tile in TILES}
TILES_USED = 7
GHOST_WAGE = 3  # coins per die on the ship, when it enters a space next to the ghost ship
