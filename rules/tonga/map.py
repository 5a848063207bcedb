"""The Tonga Bonga sea chart as data, and the tables derived from it once at import.

The real board was never published in text, so this is games.md's proposed map (a PROPOSAL):
a hexagon of radius 8 in axial coordinates ``(q, r)`` (pointy-top hexes), six islands, each with
one harbour (a *large* space of 2-3 wave hexes that ships may share), reefs, and seven dolphin
spaces that take the special tiles. Every other hex is a *small* ocean space for one ship.

Spaces are numbered: the six harbours first (their number is also the island's number, Tonga
Bonga being 0), then every small space in reading order. Hexes are named for players as a column
letter and a row number of the offset layout (row 1 at the top, column ``a`` at the far left),
e.g. ``d5``; harbours go by their island's name, e.g. ``cocoa``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

from i18n.text import N_

RADIUS = 8
Hex = tuple[int, int]

# The six neighbours of a hex, clockwise from east (pointy-top axial coordinates).
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True)
class Island:
    name: str  # display name
    key: str  # how a move names its harbour
    land: tuple[Hex, ...]
    harbour: tuple[Hex, ...]


# Index 0 is the home island; camps go only on the five others. The five invented names are
# words a translation may adapt (marked for the catalogue); the home island bears the game's
# published name, which stays as it is.
ISLANDS: tuple[Island, ...] = (
    Island("Tonga Bonga", "tonga", ((0, 0), (1, -1), (0, -1), (1, 0)), ((-1, 0), (-1, 1), (0, 1))),
    Island(N_("Cocoa"), "cocoa", ((8, -8), (7, -8), (8, -7)), ((7, -7), (6, -7))),
    Island(N_("Bigboa"), "bigboa", ((8, 0), (8, -1), (7, 1)), ((7, 0), (6, 1))),
    Island(N_("Samboa"), "samboa", ((0, 8), (1, 7), (-1, 8)), ((0, 7), (-1, 7))),
    Island(N_("Palmoa"), "palmoa", ((-8, 8), (-7, 8), (-8, 7)), ((-7, 7), (-6, 7))),
    Island(N_("Mamboa"), "mamboa", ((-8, 0), (-8, 1), (-7, -1)), ((-7, 0), (-6, -1))),
)
HOME = 0  # Tonga Bonga: where ships start and where the game ends; no camps there

REEFS: tuple[Hex, ...] = (
    (3, -3), (3, -2), (4, -4), (4, -5), (4, 1), (4, 2), (3, 3), (2, 4), (-3, 4), (-4, 5), (-3, 3),
    (-2, 5), (-3, -1), (-4, 0), (-5, 1), (0, -4), (-1, -4), (1, -5), (-3, 7), (-4, 7), (5, -1),
)  # fmt: skip

# Dolphin spaces, in the order the shuffled special tiles are dealt onto them.
DOLPHINS: tuple[Hex, ...] = ((2, -6), (6, -4), (5, 3), (1, 5), (-6, 4), (-2, 1), (-4, -3))


def all_hexes() -> tuple[Hex, ...]:
    """Every hex of the board, row by row from the top, left to right."""
    return tuple(
        (q, r)
        for r in range(-RADIUS, RADIUS + 1)
        for q in range(-RADIUS, RADIUS + 1)
        if max(abs(q), abs(r), abs(q + r)) <= RADIUS
    )


def label(hex_: Hex) -> str:
    """The player's name of a hex: column letter + row number (offset layout, odd rows shifted)."""
    q, r = hex_
    column = q + (r - (r & 1)) // 2 + RADIUS
    return f"{'abcdefghijklmnopqrstuvwxyz'[column]}{r + RADIUS + 1}"


def _build() -> tuple[
    tuple[tuple[Hex, ...], ...], dict[Hex, int], frozenset[Hex], tuple[tuple[int, ...], ...]
]:
    land = {h for island in ISLANDS for h in island.land} | set(REEFS)
    space_hexes: list[tuple[Hex, ...]] = [island.harbour for island in ISLANDS]
    harbour_hexes = {h for island in ISLANDS for h in island.harbour}
    for h in all_hexes():
        if h not in land and h not in harbour_hexes:
            space_hexes.append((h,))
    space_of = {h: i for i, hexes in enumerate(space_hexes) for h in hexes}
    neighbours: list[tuple[int, ...]] = []
    for i, hexes in enumerate(space_hexes):
        found: set[int] = set()
        for q, r in hexes:
            for dq, dr in DIRECTIONS:
                other = space_of.get((q + dq, r + dr))
                if other is not None and other != i:
                    found.add(other)
        neighbours.append(tuple(sorted(found)))
    return tuple(space_hexes), space_of, frozenset(land), tuple(neighbours)


SPACE_HEXES, SPACE_OF, LAND, NEIGHBOURS = _build()
SPACES = len(SPACE_HEXES)  # 170: 6 harbours + 164 small spaces
HARBOURS = len(ISLANDS)  # spaces 0..5 are the harbours (large spaces)
DOLPHIN_SPACES: tuple[int, ...] = tuple(SPACE_OF[h] for h in DOLPHINS)
# The name a move uses for each space: a hex label, or the island's key for a harbour.
SPACE_NAMES: tuple[str, ...] = tuple(
    ISLANDS[i].key if i < HARBOURS else label(hexes[0]) for i, hexes in enumerate(SPACE_HEXES)
)
# Every name a player may type for a space: hex labels (harbour hexes too) and island keys.
NAME_TO_SPACE: dict[str, int] = {
    **{label(h): s for h, s in SPACE_OF.items()},
    **{island.key: i for i, island in enumerate(ISLANDS)},
    **{island.name.lower().replace(" ", ""): i for i, island in enumerate(ISLANDS)},
    "tonga bonga": HOME,
    "tb": HOME,
}


def is_large(space: int) -> bool:
    return space < HARBOURS


@cache
def distances(target: int, blocked: int = -1) -> tuple[int, ...]:
    """Steps from every space to ``target`` (1 per space entered), avoiding ``blocked``.

    Unreachable spaces get a large number. Ships are ignored: these tables guide the playout
    policy, and the ghost ship (the one permanent obstacle) is passed as ``blocked``.
    """
    far = 10_000
    dist = [far] * SPACES
    dist[target] = 0
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for other in NEIGHBOURS[here]:
            if other != blocked and dist[other] == far:
                dist[other] = dist[here] + 1
                queue.append(other)
    return tuple(dist)
