"""Friendly Fishing's components as data: tiles, the tile mix, the six special sets, both sides.

The board geometry is games.md's PROPOSAL derived from the rulebook's numbers: the small side is
Tonari's 44-hex board (a 2-hex island touching 8 water spaces, 42 water spaces); the large side
has rows 6-7-8-9-8-7-6 (a 3-hex straight island touching 10, 48 water spaces).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from i18n.text import N_, Text
from rules.hexgrid import ROWS_44, ROWS_51, HexBoard, board, touching


class Tile(Enum):
    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    GREEN = "green"
    CRAYFISH = "crayfish"
    KINGFISH = "kingfish"
    LUNKER = "lunker"
    DINKER = "dinker"
    SKIPJACK = "skipjack"
    SHINER = "shiner"
    JUNK = "junk"
    SWAP_FISH = "swap 2 fish"
    SWAP_TILES = "swap 2 tiles"
    SLIDE = "slide a tile"
    REMOVE = "remove a tile"
    DOUBLE = "double points"

    @property
    def label(self) -> Text:
        """The tile as players read it: "Red fish", "Crayfish", "Remove a Tile tile"."""
        return Text(LABELS[self])

    @property
    def word(self) -> Text:
        """The tile's name alone, capitalised: "Red", "Swap 2 fish" (a button's label)."""
        return Text(WORDS[self])


# A pile counts every kind of tile, in this order (action tiles are kept for the record).
KINDS: tuple[Tile, ...] = tuple(Tile)
KIND_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(KINDS)}
COLOURS: tuple[Tile, ...] = (Tile.RED, Tile.BLUE, Tile.YELLOW, Tile.GREEN)
BASIC: tuple[Tile, ...] = (*COLOURS, Tile.CRAYFISH)  # what Swap 2 Fish may trade
ACTIONS: tuple[Tile, ...] = (
    Tile.SWAP_FISH,
    Tile.SWAP_TILES,
    Tile.SLIDE,
    Tile.REMOVE,
    Tile.DOUBLE,
)
ACTION_NAMES: dict[Tile, str] = {
    Tile.SWAP_FISH: N_("Swap 2 Fish"),
    Tile.SWAP_TILES: N_("Swap 2 Tiles"),
    Tile.SLIDE: N_("Slide a Tile"),
    Tile.REMOVE: N_("Remove a Tile"),
    Tile.DOUBLE: N_("Double Points"),
}
# Each tile as the texts name it (``Tile.label``): a fish's colour says "fish", an action tile
# says "tile".
LABELS: dict[Tile, str] = {
    Tile.RED: N_("Red fish"),
    Tile.BLUE: N_("Blue fish"),
    Tile.YELLOW: N_("Yellow fish"),
    Tile.GREEN: N_("Green fish"),
    Tile.CRAYFISH: N_("Crayfish"),
    Tile.KINGFISH: N_("Kingfish"),
    Tile.LUNKER: N_("Lunker"),
    Tile.DINKER: N_("Dinker"),
    Tile.SKIPJACK: N_("Skipjack"),
    Tile.SHINER: N_("Shiner"),
    Tile.JUNK: N_("Junk"),
    Tile.SWAP_FISH: N_("Swap 2 Fish tile"),
    Tile.SWAP_TILES: N_("Swap 2 Tiles tile"),
    Tile.SLIDE: N_("Slide a Tile tile"),
    Tile.REMOVE: N_("Remove a Tile tile"),
    Tile.DOUBLE: N_("Double Points tile"),
}
# Each tile's name alone, capitalised as its value reads ("Swap 2 fish"): buttons name the tile
# a boat move lands on.
WORDS: dict[Tile, str] = {
    Tile.RED: N_("Red"),
    Tile.BLUE: N_("Blue"),
    Tile.YELLOW: N_("Yellow"),
    Tile.GREEN: N_("Green"),
    Tile.CRAYFISH: N_("Crayfish"),
    Tile.KINGFISH: N_("Kingfish"),
    Tile.LUNKER: N_("Lunker"),
    Tile.DINKER: N_("Dinker"),
    Tile.SKIPJACK: N_("Skipjack"),
    Tile.SHINER: N_("Shiner"),
    Tile.JUNK: N_("Junk"),
    Tile.SWAP_FISH: N_("Swap 2 fish"),
    Tile.SWAP_TILES: N_("Swap 2 tiles"),
    Tile.SLIDE: N_("Slide a tile"),
    Tile.REMOVE: N_("Remove a tile"),
    Tile.DOUBLE: N_("Double points"),
}

# 31 basic fish (6 per common colour + 7 crayfish) and one of each action tile.
BASIC_MIX: tuple[tuple[Tile, int], ...] = (
    (Tile.RED, 6),
    (Tile.BLUE, 6),
    (Tile.YELLOW, 6),
    (Tile.GREEN, 6),
    (Tile.CRAYFISH, 7),
    *((action, 1) for action in ACTIONS),
)
# The six special sets, 3 tiles each, by the name the `sets` option uses.
SPECIAL_SETS: dict[str, Tile] = {
    "kingfish": Tile.KINGFISH,
    "lunkers": Tile.LUNKER,
    "dinkers": Tile.DINKER,
    "skipjacks": Tile.SKIPJACK,
    "shiners": Tile.SHINER,
    "junk": Tile.JUNK,
}
SET_SIZE = 3

# Points.
CRAYFISH_MOST = 8
CRAYFISH_SECOND = 4
LUNKER_POINTS = 5
DINKER_POINTS = 2
SKIPJACK_POINTS = 5
SHINER_POINTS: tuple[int, ...] = (0, -2, 5, 12)  # for 0..3 Shiners
JUNK_POINTS = -3
# Kingfish needed for the instant win, by player count.
KINGFISH_TO_WIN: dict[int, int] = {2: 3, 3: 3, 4: 2, 5: 2}


@dataclass(frozen=True)
class Side:
    """One side of the board: its hexes, its central island and how many special sets."""

    name: str
    rows: tuple[tuple[int, int, int], ...]
    island_cells: tuple[tuple[int, int], ...]
    special_sets: int

    def __post_init__(self) -> None:
        # Derived geometry, computed once (the rules ask for it on every move).
        grid = board(self.rows)
        object.__setattr__(self, "board", grid)
        object.__setattr__(self, "island", tuple(grid.index(c) for c in self.island_cells))

    board: HexBoard = field(init=False, repr=False, compare=False)
    island: tuple[int, ...] = field(init=False, compare=False)

    @property
    def shore(self) -> tuple[int, ...]:
        """The water spaces adjacent to the central island."""
        return touching(self.board, self.island)


SIDES: dict[str, Side] = {
    "small": Side("small", ROWS_44, ((0, 0), (1, 0)), 2),
    "large": Side("large", ROWS_51, ((0, 0), (1, 0), (2, 0)), 4),
}
LARGE_ONLY_PLAYERS = 5  # "For a 5-player game, use the side with the LARGE central island."
