"""The city grid's geometry: card spaces, the spot lattice and their names.

Cards sit in R x C spaces named like a board: column letter then row number, ``a1`` top left.
Tokens sit on a (2R+1) x (2C+1) lattice of spots (games.md, section 4): each card owns its
centre, its four sides and its four corners, so a side spot is shared by two cards and an
inner corner by four. A spot is written ``<card>.<where>`` with ``where`` one of ``c`` (centre),
``n e s w`` (sides) or ``ne nw se sw`` (corners); a shared spot has one name per card that owns
it, and its canonical name uses the first of those cards in reading order (so inner spots are
written with ``.c .e .s .se``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Any

from i18n.text import N_
from rules.toshi.data import GRID_SIZE

# Where each of a card's 9 spots lies, as (row offset, column offset) on the lattice from the
# card's north-west corner spot (2i, 2j).
SPOT_OFFSETS: dict[str, tuple[int, int]] = {
    "c": (1, 1),
    "n": (0, 1),
    "s": (2, 1),
    "w": (1, 0),
    "e": (1, 2),
    "nw": (0, 0),
    "ne": (0, 2),
    "sw": (2, 0),
    "se": (2, 2),
}
SIDES: frozenset[str] = frozenset({"n", "s", "e", "w"})
CORNERS: frozenset[str] = frozenset({"nw", "ne", "sw", "se"})
WHERE_WORDS: dict[str, str] = {
    "c": N_("centre"),
    "n": N_("north side"),
    "s": N_("south side"),
    "w": N_("west side"),
    "e": N_("east side"),
    "nw": N_("north-west corner"),
    "ne": N_("north-east corner"),
    "sw": N_("south-west corner"),
    "se": N_("south-east corner"),
}
COLUMN_LETTERS = "abcdefghij"
# The largest grid over all player counts, for move tables built once for every size.
MAX_CELLS = max(rows * cols for rows, cols in GRID_SIZE.values())
MAX_SPOTS = max((2 * rows + 1) * (2 * cols + 1) for rows, cols in GRID_SIZE.values())


@dataclass(frozen=True)
class Geometry:
    """Everything about one grid size that never changes during a game."""

    rows: int
    cols: int
    cell_names: tuple[str, ...]
    cell_spots: tuple[tuple[int, ...], ...]  # the 9 spots of each card
    centre: tuple[int, ...]  # the centre spot of each card
    side_spots: tuple[frozenset[int], ...]  # the 4 side spots of each card
    owners: tuple[tuple[int, ...], ...]  # the cards each spot belongs to
    boundary: tuple[bool, ...]  # spot on the outer edge of the lattice
    spot_names: tuple[str, ...]  # canonical names
    aliases: tuple[tuple[str, ...], ...]  # every name of each spot
    by_name: dict[str, int]  # every spot name -> spot
    cell_by_name: dict[str, int]
    inner: tuple[int, ...]  # spots not on the outer edge
    cell_inner: tuple[frozenset[int], ...]  # each card's spots that are not on the outer edge
    parks: tuple[int, ...]
    monument: int

    @property
    def spot_count(self) -> int:
        return len(self.owners)

    @property
    def width(self) -> int:
        return 2 * self.cols + 1

    def spot_rc(self, spot: int) -> tuple[int, int]:
        return divmod(spot, self.width)


@cache
def geometry(rows: int, cols: int) -> Geometry:
    width = 2 * cols + 1
    height = 2 * rows + 1
    cell_names = tuple(f"{COLUMN_LETTERS[j]}{i + 1}" for i in range(rows) for j in range(cols))
    cell_spots: list[tuple[int, ...]] = []
    owners: list[list[int]] = [[] for _ in range(width * height)]
    names: list[list[str]] = [[] for _ in range(width * height)]
    sides: list[frozenset[int]] = []
    for cell, name in enumerate(cell_names):
        i, j = divmod(cell, cols)
        spots = []
        side = set()
        for where, (dy, dx) in SPOT_OFFSETS.items():
            spot = (2 * i + dy) * width + (2 * j + dx)
            spots.append(spot)
            owners[spot].append(cell)
            names[spot].append(f"{name}.{where}")
            if where in SIDES:
                side.add(spot)
        cell_spots.append(tuple(spots))
        sides.append(frozenset(side))
    boundary = tuple(
        y in (0, height - 1) or x in (0, width - 1) for y in range(height) for x in range(width)
    )
    by_name = {alias: spot for spot, aliases in enumerate(names) for alias in aliases}
    return Geometry(
        rows=rows,
        cols=cols,
        cell_names=cell_names,
        cell_spots=tuple(cell_spots),
        centre=tuple(spots[0] for spots in cell_spots),
        side_spots=tuple(sides),
        owners=tuple(tuple(o) for o in owners),
        boundary=boundary,
        # Cards are visited in reading order, so the first name is the canonical one.
        spot_names=tuple(n[0] for n in names),
        aliases=tuple(tuple(n) for n in names),
        by_name=by_name,
        cell_by_name={name: cell for cell, name in enumerate(cell_names)},
        inner=tuple(s for s in range(width * height) if not boundary[s]),
        cell_inner=tuple(frozenset(s for s in spots if not boundary[s]) for spots in cell_spots),
        parks=(0, cols - 1, (rows - 1) * cols, rows * cols - 1),
        monument=(rows // 2) * cols + cols // 2,
    )


def picker(indexes: tuple[int, ...] | list[int]) -> Callable[[Any], tuple[Any, ...]]:
    """``lambda seq: tuple(seq[i] for i in indexes)`` at C speed (legal move lists are picked
    out of prebuilt move tables with it). ``itemgetter`` of one index returns the item itself,
    not a 1-tuple, and needs at least one index, hence the special cases."""
    if not indexes:
        return lambda values: ()
    if len(indexes) == 1:
        (index,) = indexes
        return lambda values: (values[index],)
    return itemgetter(*indexes)
