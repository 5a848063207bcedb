"""TOKAN plain data: the move, the record of the last move, the state and the public view."""

from __future__ import annotations

from dataclasses import dataclass

# A stack from its bottom tile to its top tile; tile codes as in rules.tokan.board ("RJ").
Stack = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """Move the top tile of ``space`` one full range in ``direction``, taking ``carry`` tiles
    from directly beneath it along (their order kept)."""

    space: str  # "b3"
    direction: str  # "up" | "down" | "left" | "right"
    carry: int = 0


@dataclass(frozen=True)
class LastMove:
    """What the previous move did, for the picture, the taboo and the public log."""

    seat: int
    origin: str
    landing: str  # the taboo space for the opponent's next move
    direction: str
    carry: int
    tiles: tuple[str, ...]  # the tiles that moved, bottom to top (the mover last)
    covered: str  # the tile that was on top of the landing space before
    shifted: tuple[str, ...]  # spaces whose stacks slid one space to close the gap, nearest first
    gap: str | None  # the space left empty by the move (after any sliding), if any
    permanent: bool  # True when nothing could slide in: the origin itself stays a gap


@dataclass(frozen=True)
class TokanState:
    players: int
    seed: int
    scoring: str  # "towers" or "every-head-counts"
    board: tuple[Stack, ...]  # 30 stacks, index = (row - 1) * 6 + column
    turn: int  # the seat on turn (0 = red, 1 = black)
    last: LastMove | None
    moves_made: int
    over: bool  # the seat on turn has no legal move


@dataclass(frozen=True)
class SeatTally:
    """One seat's score so far, as the picture and the footer show it."""

    seat: int
    colour: str
    total: int
    lines: tuple[str, ...]  # e.g. ("Towers 5+3+2 = 10",)


@dataclass(frozen=True)
class TokanView:
    """Everything is public in TOKAN: full stacks, the last move, the taboo space, scores."""

    rows: int
    columns: int
    board: tuple[Stack, ...]
    scoring: str
    turn: int | None  # None once the game is over
    last: LastMove | None
    taboo: str | None  # the space the seat on turn may not land on
    tallies: tuple[SeatTally, ...]
    moves_made: int
    pending: str
    result: str | None  # the outcome in words once over
