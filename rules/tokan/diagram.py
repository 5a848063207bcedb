"""TOKAN boards as text diagrams, for tests, logs and debugging.

A diagram has one line per row, row 5 first (top), each with six tokens for columns a-f: ``.``
for an empty space, else the stack's tile codes from bottom to top joined by ``+``
(``RM+BJ`` = a red mouse under a black jackal).
"""

from __future__ import annotations

from rules.tokan.board import COLUMNS, INDEX, ROWS, TILES
from rules.tokan.moves import has_legal_move
from rules.tokan.state import LastMove, Stack, TokanState

EMPTY = "."


def parse_diagram(text: str) -> tuple[Stack, ...]:
    """The board drawn by ``text`` (row 5 on the first line)."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(lines) != ROWS or any(len(tokens) != COLUMNS for tokens in lines):
        raise ValueError(f"a diagram needs {ROWS} lines of {COLUMNS} tokens")
    board: list[Stack] = [()] * (ROWS * COLUMNS)
    for depth, tokens in enumerate(lines):
        row = ROWS - 1 - depth
        for column, token in enumerate(tokens):
            stack: Stack = () if token == EMPTY else tuple(token.upper().split("+"))
            unknown = [tile for tile in stack if tile not in TILES]
            if unknown:
                raise ValueError(f"unknown tile codes {unknown} (use e.g. RM, BJ, RL)")
            board[row * COLUMNS + column] = stack
    return tuple(board)


def diagram(board: tuple[Stack, ...]) -> str:
    """The text diagram of ``board`` (inverse of ``parse_diagram``), columns aligned."""
    cells = [EMPTY if not stack else "+".join(stack) for stack in board]
    width = max(len(cell) for cell in cells)
    return "\n".join(
        " ".join(cells[row * COLUMNS + c].ljust(width) for c in range(COLUMNS)).rstrip()
        for row in reversed(range(ROWS))
    )


def position(
    text: str,
    *,
    turn: int = 0,
    last: LastMove | None = None,
    scoring: str = "towers",
    seed: int = 0,
) -> TokanState:
    """A state with the board drawn by ``text``: ``turn`` on move, ``last`` as the previous
    move (its landing space is then taboo). ``over`` is derived, as after a real move."""
    board = parse_diagram(text)
    taboo = None if last is None else INDEX[last.landing]
    return TokanState(
        players=2,
        seed=seed,
        scoring=scoring,
        board=board,
        turn=turn,
        last=last,
        moves_made=0 if last is None else 1,
        over=not has_legal_move(board, turn, taboo),
    )
