"""Where Friendly Fishing's boat may go, where Slide a Tile may take a tile, and why not.

The boat moves onto a tile in an adjacent water space, or onto a Skipjack at the end of a
straight line of open water (empty water spaces; never across the island or another tile). From
the central island, which is one space, every island hex is a starting point. A Dinker chain may
not re-enter a space the boat already visited this turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from i18n.text import T
from rules.fishing.data import SIDES, Tile


@cache
def _geometry(
    side: str,
) -> tuple[tuple[bool, ...], tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]]:
    """(is_island per hex, island hexes, rays per hex) for a side, computed once."""
    data = SIDES[side]
    grid = data.board
    island = data.island
    flags = tuple(i in island for i in range(grid.size))
    return flags, island, grid.rays


@cache
def _open_rays(side: str) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per hex, its rays cut before the first island hex (the boat never crosses the island)."""
    is_island, _, rays = _geometry(side)
    out = []
    for hex_rays in rays:
        cut = []
        for ray in hex_rays:
            stop = next((k for k, here in enumerate(ray) if is_island[here]), len(ray))
            cut.append(tuple(ray[:stop]))
        out.append(tuple(cut))
    return tuple(out)


# The latest answer of ``targets``: the rules ask the same question several times per move
# (legal moves, the legality check, the next turn's start). Keyed by the identity of the tiles
# tuple, which the entry itself keeps alive, so the identity cannot be reused. The entry is one
# immutable tuple read and replaced whole: the bot builds views in a worker thread while the event
# loop answers autocomplete, and a list updated in place could pair one board's key with
# another board's answer.
_last_answer: tuple[object, object, object, str, tuple[int, ...]] = (None, None, None, "", ())


def targets(
    side: str,
    tiles: tuple[Tile | None, ...],
    boat: int | None,
    visited: tuple[int, ...] = (),
) -> tuple[int, ...]:
    """The spaces the boat may move to from ``boat`` (None: the central island), sorted."""
    global _last_answer
    known_tiles, known_boat, known_visited, known_side, answer = _last_answer
    if (
        known_tiles is tiles
        and known_boat == boat
        and known_visited == visited
        and known_side == side
    ):
        return answer
    sources = _geometry(side)[1] if boat is None else (boat,)
    rays = _open_rays(side)
    skipjack = Tile.SKIPJACK
    out: set[int] = set()
    for source in sources:
        for ray in rays[source]:
            for here in ray:
                tile = tiles[here]
                if tile is None:
                    continue
                # Any adjacent tile; a farther one only if it is a Skipjack.
                if (here == ray[0] or tile is skipjack) and here not in visited:
                    out.add(here)
                break
    result = tuple(sorted(out))
    _last_answer = (tiles, boat, visited, side, result)
    return result


def is_straight_skipjack_line(
    side: str, tiles: Sequence[Tile | None], boat: int | None, to: int
) -> bool:
    """Whether ``to`` lies on a straight line from the boat (blocked or not)."""
    _, island, rays = _geometry(side)
    sources = island if boat is None else (boat,)
    return any(to in ray for s in sources for ray in rays[s])


def slide_map(
    side: str, tiles: Sequence[Tile | None], boat: int | None
) -> dict[int, tuple[int, ...]]:
    """For every tile that can slide, the empty water spaces it may slide to.

    A tile slides through connected open water: the pools of empty water (never the island, a
    tile or the boat's space, per the clarification) that touch it.
    """
    is_island, _, _ = _geometry(side)
    grid = SIDES[side].board
    pool = [-1] * grid.size
    members: list[list[int]] = []
    for seed in range(grid.size):
        if pool[seed] >= 0 or is_island[seed] or seed == boat or tiles[seed] is not None:
            continue
        number = len(members)
        pool[seed] = number
        found = [seed]
        frontier = [seed]
        while frontier:
            here = frontier.pop()
            for n in grid.neighbours[here]:
                if pool[n] < 0 and not is_island[n] and n != boat and tiles[n] is None:
                    pool[n] = number
                    found.append(n)
                    frontier.append(n)
        members.append(found)
    out: dict[int, tuple[int, ...]] = {}
    for start, tile in enumerate(tiles):
        if tile is None:
            continue
        touching = {pool[n] for n in grid.neighbours[start] if pool[n] >= 0}
        if touching:
            out[start] = tuple(sorted(h for p in touching for h in members[p]))
    return out


def boat_reason(
    side: str, tiles: tuple[Tile | None, ...], boat: int | None, visited: tuple[int, ...], to: int
) -> str:
    """Why the boat may not move to ``to`` now, or "" when it may."""
    data = SIDES[side]
    label = data.board.label(to)
    if to in data.island:
        return T(
            "{space} is part of the central island: the boat returns there only when stuck.",
            space=label,
        )
    tile = tiles[to]
    if tile is None:
        return T("{space} is empty: the boat moves onto a tile.", space=label)
    if to in visited:
        return T("The boat already visited {space} this turn.", space=label)
    if to in targets(side, tiles, boat, visited):
        return ""
    near = data.board.neighbours
    adjacent = any(to in near[s] for s in ((boat,) if boat is not None else data.island))
    if tile is Tile.SKIPJACK and is_straight_skipjack_line(side, tiles, boat, to):
        return T(
            "The straight line to the Skipjack on {space} is not open water: it may not cross "
            "the island or another tile.",
            space=label,
        )
    if not adjacent:
        if boat is not None:
            return T("{space} is not next to the boat.", space=label)
        return T("{space} is not next to the central island.", space=label)
    return T("{space} cannot be reached now.", space=label)


def slide_reason(
    side: str, tiles: Sequence[Tile | None], boat: int | None, start: int, end: int
) -> str:
    """Why the tile on ``start`` may not slide to ``end``, or "" when it may."""
    label = SIDES[side].board.label
    if tiles[start] is None:
        return T("{space} holds no tile to slide.", space=label(start))
    to = label(end)
    if end in SIDES[side].island:
        return T("{space} is part of the central island: a tile slides to open water.", space=to)
    if end == boat:
        return T(
            "{space} is the boat's space: a tile may not pass through or stop there.", space=to
        )
    if tiles[end] is not None:
        return T("{space} holds a tile: a tile slides to an empty water space.", space=to)
    reach = slide_map(side, tiles, boat).get(start, ())
    if end not in reach:
        return T(
            "{space} cannot be reached from {start} through connected "
            "open water (tiles, the island and the boat block the way).",
            space=to,
            start=label(start),
        )
    return ""


def island_exit(side: str, to: int) -> int:
    """The island hex a move from the island leaves from (for the last-move arrow)."""
    data = SIDES[side]
    for hex_ in data.island:
        if to in data.board.neighbours[hex_]:
            return hex_
    for hex_ in data.island:
        if any(to in ray for ray in data.board.rays[hex_]):
            return hex_
    return data.island[0]
