"""What Tonari and Friendly Fishing truly share: one boat on a hex board of face-up pieces.

Both games move a single shared boat onto a piece in an adjacent space and give that piece to
the mover; both score each common colour by the triangular set table 1/3/6/10/15/21 (one
colour may be doubled for everyone); both add the left neighbour's catch with 3 or more players
("left" is the next seat in turn order, as play passes clockwise). Both let a collected piece
swap two board spaces or remove one. Everything else (Pink jumps, Skipjack lines, Dinkers,
majorities, tie rules) differs and lives in each game's module.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from rules.base import ScoreLine
from rules.errors import InvalidMove
from rules.hexgrid import HexBoard

T = TypeVar("T")

# Points for 0..6 fish of one common colour; more than 6 (never in the boxes) continues the
# same triangular numbers.
SET_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21)


# -- moves shared by both games --------------------------------------------------------------
@dataclass(frozen=True)
class MoveBoat:
    """Move the boat onto the piece at ``to`` (written as the hex label, e.g. ``c3``)."""

    to: int


@dataclass(frozen=True)
class SwapSpaces:
    """Swap the pieces of two board spaces (``a < b``): ``swap c3 f6``."""

    a: int
    b: int


@dataclass(frozen=True)
class RemovePiece:
    """Remove the piece at ``at`` from the board: ``remove c3``."""

    at: int


# -- scoring -----------------------------------------------------------------------------------
def set_points(count: int) -> int:
    """The set table 1/3/6/10/15/21: the triangular number of ``count``."""
    return count * (count + 1) // 2


def colour_lines(
    counts: Sequence[tuple[str, int]], doubled: str | None, doubler: str
) -> list[ScoreLine]:
    """One score line per collected colour, doubled for the ``doubled`` colour.

    ``counts`` pairs a colour name with how many of it a player holds; ``doubler`` names the
    piece that doubles ("In Season", "Double Points") for the line's label.
    """
    lines: list[ScoreLine] = []
    for name, count in counts:
        if count <= 0:
            continue
        points = set_points(count)
        if name == doubled:
            lines.append(
                ScoreLine(f"{name.title()} x{count} ({points}, doubled by {doubler})", 2 * points)
            )
        else:
            lines.append(ScoreLine(f"{name.title()} x{count}", points))
    return lines


def left_of(seat: int, players: int) -> int:
    """The seat to ``seat``'s left: the next in turn order (play passes clockwise)."""
    return (seat + 1) % players


def with_left_neighbour(catches: Sequence[int]) -> tuple[int, ...]:
    """Each seat's catch plus its left neighbour's (the 3+ player final score)."""
    n = len(catches)
    return tuple(catches[i] + catches[left_of(i, n)] for i in range(n))


# -- board and pile edits ----------------------------------------------------------------------
def evolve(state: T, **changes: object) -> T:
    """A copy of the frozen dataclass ``state`` with ``changes`` (a faster dataclasses.replace:
    playouts build thousands of states per second)."""
    return type(state)(**{**state.__dict__, **changes})


def occupied(pieces: Sequence[object | None]) -> list[int]:
    return [i for i, p in enumerate(pieces) if p is not None]


def swap_pairs(pieces: Sequence[object | None]) -> list[SwapSpaces]:
    """Every swap of two occupied spaces, in a stable order."""
    full = occupied(pieces)
    return [SwapSpaces(a, b) for k, a in enumerate(full) for b in full[k + 1 :]]


def swapped(pieces: tuple[T | None, ...], a: int, b: int) -> tuple[T | None, ...]:
    out = list(pieces)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def pile_add(piles: tuple[tuple[int, ...], ...], seat: int, kind: int, delta: int = 1):
    """Piles (per seat, a count per kind) with ``delta`` of ``kind`` added to ``seat``."""
    pile = piles[seat]
    return replaced(piles, seat, replaced(pile, kind, pile[kind] + delta))


def pile_trade(
    piles: tuple[tuple[int, ...], ...], seat: int, give: int, other: int, take: int
) -> tuple[tuple[int, ...], ...]:
    """``seat`` gives one ``give`` to ``other`` and takes one ``take`` from them."""
    piles = pile_add(piles, seat, give, -1)
    piles = pile_add(piles, other, give, +1)
    piles = pile_add(piles, other, take, -1)
    return pile_add(piles, seat, take, +1)


def trade_options(
    piles: tuple[tuple[int, ...], ...], seat: int, tradable: Sequence[int]
) -> list[tuple[int, int, int]]:
    """Every (give, other, take) trade of one tradable kind for a different one."""
    mine = [k for k in tradable if piles[seat][k] > 0]
    out: list[tuple[int, int, int]] = []
    for give in mine:
        for other in range(len(piles)):
            if other == seat:
                continue
            for take in tradable:
                if take != give and piles[other][take] > 0:
                    out.append((give, other, take))
    return out


# -- notation ----------------------------------------------------------------------------------
WORDS = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """Lower-case words of a move text (punctuation and extra spaces ignored)."""
    return WORDS.findall(text.lower())


def hex_of(board: HexBoard, word: str, text: str, help_text: str) -> int:
    """The cell a label names, or InvalidMove quoting the text and the notation."""
    index = board.find(word)
    if index is None:
        raise InvalidMove(f"`{text}`: `{word}` is not a space on this board. {help_text}")
    return index


def seat_of(word: str, players: int, text: str) -> int:
    """A seat written 1..n (as the pictures show it), returned 0-based."""
    if not word.isdigit() or not 1 <= int(word) <= players:
        raise InvalidMove(f"`{text}`: `{word}` is not a seat number (1-{players}).")
    return int(word) - 1
