"""Friendly Fishing's scoring: each seat's fishing score as breakdown lines, and the winners.

Common fish sets 1/3/6/10/15/21 (Double Points doubles one colour for everyone), crayfish most 8 /
second most 4 with shared ties (a seat with none scores none; after a tie for most the next
distinct count is second), the last Lunker 5, Dinkers 2 each, Skipjacks 5 each, Shiners
-2/5/12, Junk -3 each; Kingfish score nothing (they win at once). With 3-5 players the final score
adds the left neighbour's fishing score; ties share the win (``best_seats``).
"""

from __future__ import annotations

from collections.abc import Sequence

from i18n.text import T
from rules.base import ScoreLine, SeatScore
from rules.fishing.data import (
    COLOURS,
    CRAYFISH_MOST,
    CRAYFISH_SECOND,
    DINKER_POINTS,
    JUNK_POINTS,
    KIND_INDEX,
    LUNKER_POINTS,
    SHINER_POINTS,
    SKIPJACK_POINTS,
    Tile,
)
from rules.fishing_common import colour_lines, seat_scores

Pile = Sequence[int]


def fishing_lines(piles: Sequence[Pile], seat: int, doubled: Tile | None) -> list[ScoreLine]:
    """The lines of ``seat``'s fishing score (they sum to it)."""
    pile = piles[seat]
    lines = colour_lines(
        [(c.value, pile[KIND_INDEX[c]]) for c in COLOURS],
        doubled.value if doubled else None,
        T("Double Points"),
    )
    crayfish = pile[KIND_INDEX[Tile.CRAYFISH]]
    if crayfish:
        rank = crayfish_rank([p[KIND_INDEX[Tile.CRAYFISH]] for p in piles], crayfish)
        points = {1: CRAYFISH_MOST, 2: CRAYFISH_SECOND}.get(rank, 0)
        if rank == 1:
            label = T("Crayfish x{count} (most)", count=crayfish)
        elif rank == 2:
            label = T("Crayfish x{count} (second most)", count=crayfish)
        else:
            label = T("Crayfish x{count} (not in the top two)", count=crayfish)
        lines.append(ScoreLine(label, points))
    kingfish = pile[KIND_INDEX[Tile.KINGFISH]]
    if kingfish:
        lines.append(ScoreLine(T("Kingfish x{count} (no points)", count=kingfish), 0))
    lunkers = pile[KIND_INDEX[Tile.LUNKER]]
    if lunkers == 1:
        lines.append(ScoreLine(T("Lunker (the last one caught)"), LUNKER_POINTS))
    elif lunkers:
        label = T("Lunker x{count} (only the last caught scores)", count=lunkers)
        lines.append(ScoreLine(label, LUNKER_POINTS))
    for tile, each in (
        (Tile.DINKER, DINKER_POINTS),
        (Tile.SKIPJACK, SKIPJACK_POINTS),
        (Tile.JUNK, JUNK_POINTS),
    ):
        count = pile[KIND_INDEX[tile]]
        if count:
            lines.append(ScoreLine(T("{tile} x{count}", tile=tile.word, count=count), each * count))
    shiners = pile[KIND_INDEX[Tile.SHINER]]
    if shiners:
        points = SHINER_POINTS[min(shiners, len(SHINER_POINTS) - 1)]
        lines.append(ScoreLine(T("Shiner x{count}", count=shiners), points))
    return lines


def crayfish_rank(counts: Sequence[int], count: int) -> int:
    """1 for the most crayfish, 2 for the next distinct count, 3 below that (ties share)."""
    distinct = sorted({c for c in counts if c > 0}, reverse=True)
    return distinct.index(count) + 1


def fishing_scores(piles: Sequence[Pile], doubled: Tile | None) -> tuple[int, ...]:
    return tuple(
        sum(line.points for line in fishing_lines(piles, seat, doubled))
        for seat in range(len(piles))
    )


def final_scores(piles: Sequence[Pile], doubled: Tile | None) -> tuple[SeatScore, ...]:
    """Every seat's final score: its fishing score, plus its left neighbour's with 3-5 players."""
    own = [fishing_lines(piles, seat, doubled) for seat in range(len(piles))]
    return seat_scores(own, T("fishing score"))
