"""Axial hex geometry shared by the hex-board games (Tonari and Friendly Fishing).

Pointy-top hexes in axial coordinates ``(q, r)``; a row is one value of ``r``. A board is a set
of cells built from a row table, numbered in reading order (rows top to bottom, each left to
right). Every cell has a short label: a letter for its place in its row (``a`` = leftmost) and
the row number (``1`` = top), so ``d4`` is the fourth hex of the fourth row. Neighbours and
straight lines ("rays") are precomputed once per board, because the rules ask for them on every
move of every playout.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

Axial = tuple[int, int]

# The six axial directions, clockwise from east (games.md's convention).
DIRECTIONS: tuple[Axial, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

# Board shapes as data: (r, first q, last q) per row.
# Rows 5-6-7-8-7-6-5 (44 hexes): Tonari's board and Friendly Fishing's small side.
ROWS_44: tuple[tuple[int, int, int], ...] = (
    (-3, 0, 4),
    (-2, -1, 4),
    (-1, -2, 4),
    (0, -3, 4),
    (1, -3, 3),
    (2, -3, 2),
    (3, -3, 1),
)
# Rows 6-7-8-9-8-7-6 (51 hexes): Friendly Fishing's large side.
ROWS_51: tuple[tuple[int, int, int], ...] = (
    (-3, 0, 5),
    (-2, -1, 5),
    (-1, -2, 5),
    (0, -3, 5),
    (1, -3, 4),
    (2, -3, 3),
    (3, -3, 2),
)

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class HexBoard:
    """A fixed hex board: cells, labels, neighbours and straight lines, all by cell index."""

    def __init__(self, rows: Sequence[tuple[int, int, int]]) -> None:
        cells: list[Axial] = []
        labels: list[str] = []
        for number, (r, first, last) in enumerate(rows, start=1):
            for place, q in enumerate(range(first, last + 1)):
                cells.append((q, r))
                labels.append(f"{LETTERS[place]}{number}")
        self.rows: tuple[tuple[int, int, int], ...] = tuple(rows)
        self.cells: tuple[Axial, ...] = tuple(cells)
        self.labels: tuple[str, ...] = tuple(labels)
        self.size = len(cells)
        self._index: dict[Axial, int] = {c: i for i, c in enumerate(cells)}
        self._by_label: dict[str, int] = {label: i for i, label in enumerate(labels)}
        # step[i][d]: the neighbour of cell i in direction d, or -1 off the board.
        self.step: tuple[tuple[int, ...], ...] = tuple(
            tuple(self._index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in cells
        )
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(n for n in steps if n >= 0) for steps in self.step
        )
        # rays[i][d]: the cells met walking from cell i in direction d, nearest first.
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(self._ray(i, d) for d in range(len(DIRECTIONS))) for i in range(self.size)
        )

    def index(self, cell: Axial) -> int:
        """The index of axial ``cell`` (KeyError off the board)."""
        return self._index[cell]

    def find(self, label: str) -> int | None:
        """The index of a label such as ``d4`` (any case, spaces ignored), or None."""
        return self._by_label.get(label.strip().lower())

    def label(self, index: int) -> str:
        return self.labels[index]

    def _ray(self, start: int, direction: int) -> tuple[int, ...]:
        out: list[int] = []
        here = start
        while True:
            here = self.step[here][direction]
            if here < 0:
                return tuple(out)
            out.append(here)


@cache
def board(rows: tuple[tuple[int, int, int], ...]) -> HexBoard:
    """The (cached) board for a row table."""
    return HexBoard(rows)


def touching(board: HexBoard, group: Sequence[int]) -> tuple[int, ...]:
    """The cells outside ``group`` adjacent to any of its cells, in index order."""
    inside = set(group)
    return tuple(sorted({n for i in group for n in board.neighbours[i] if n not in inside}))
