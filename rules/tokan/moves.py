"""TOKAN movement: which moves are legal, why a move is not, and what a move does to the board.

Rules implemented here (rulebook "Play" and "Carrying", with our readings from games.md):
- only the top tile of a stack moves, and only its owner moves it;
- it goes exactly its range (mouse 1, jackal 2, lion 3) up, down, left or right;
- every space passed over and the landing space must hold a tile (stacks of any height may be
  passed over, gaps never); the landing space may not be the taboo space;
- a jackal may carry 0-1 and a lion 0-2 of the tiles directly beneath it (order kept);
- the mover must end higher: level after = height(landing) + carried + 1 > level before;
- when the origin empties, the unbroken line of stacks behind it slides one space forward.
"""

from __future__ import annotations

from functools import lru_cache

from rules.tokan.board import (
    ANIMAL,
    COLOURS,
    DIRECTIONS,
    INDEX,
    MAX_CARRY,
    NAMES,
    OPPOSITE,
    OWNER,
    RANGE,
    RAYS,
)
from rules.tokan.state import LastMove, Move, Stack

Board = tuple[Stack, ...]

# _LINES[space][reach]: every straight move of that reach from that space that stays on the
# board, as (direction, spaces passed over, landing space), in DIRECTIONS order.
_LINES: tuple[dict[int, tuple[tuple[str, tuple[int, ...], int], ...]], ...] = tuple(
    {
        reach: tuple(
            (direction, ray[: reach - 1], ray[reach - 1])
            for direction, ray in RAYS[index].items()
            if len(ray) >= reach
        )
        for reach in set(RANGE.values())
    }
    for index in range(len(RAYS))
)

# Legal-move lists are asked for several times per position (ending check, legal_moves, check),
# so they are cached by position; the few latest positions are all that is ever asked again.
_CACHE_SIZE = 512


def legal_moves(board: Board, colour: int, taboo: int | None) -> tuple[Move, ...]:
    """Every legal move of ``colour`` in a stable order: by space, direction, then carry."""
    return _legal(board, colour, taboo)[0]


def is_legal(board: Board, colour: int, taboo: int | None, move: Move) -> bool:
    return move in _legal(board, colour, taboo)[1]


@lru_cache(maxsize=_CACHE_SIZE)
def _legal(
    board: Board, colour: int, taboo: int | None
) -> tuple[tuple[Move, ...], frozenset[Move]]:
    out: list[Move] = []
    for index, stack in enumerate(board):
        if not stack or OWNER[stack[-1]] != colour:
            continue
        animal = ANIMAL[stack[-1]]
        level = len(stack)
        most = min(MAX_CARRY[animal], level - 1)
        name = NAMES[index]
        for direction, passed, landing in _LINES[index][RANGE[animal]]:
            height = len(board[landing])
            if not height or landing == taboo or height + most + 1 <= level:
                continue
            if any(not board[p] for p in passed):
                continue
            for carry in range(max(0, level - height), most + 1):
                out.append(Move(name, direction, carry))
    moves = tuple(out)
    return moves, frozenset(moves)


def why_illegal(board: Board, colour: int, taboo: int | None, move: Move) -> str:
    """The specific reason ``move`` is not legal, in words for the player."""
    if move.space not in INDEX:
        return f"{move.space} is not a space (columns a-f, rows 1-5)."
    if move.direction not in DIRECTIONS:
        return f"{move.direction} is not a direction (up, down, left or right)."
    origin = INDEX[move.space]
    stack = board[origin]
    if not stack:
        return f"{move.space} is empty (a gap): there is no tile to move."
    top = stack[-1]
    animal = ANIMAL[top]
    if OWNER[top] != colour:
        return (
            f"the top tile of {move.space} is a {tile_words(top)}, not your tile: "
            f"you play {COLOURS[colour]}."
        )
    level = len(stack)
    if move.carry < 0:
        return "the number of carried tiles cannot be negative."
    if move.carry > MAX_CARRY[animal]:
        if animal == "mouse":
            return "a mouse cannot carry tiles; only jackals (1) and lions (up to 2) can."
        most = MAX_CARRY[animal]
        return f"a {animal} can carry at most {most} tile{'s' if most > 1 else ''}."
    if move.carry > level - 1:
        under = level - 1
        lie = "tile lies" if under == 1 else "tiles lie"
        return (
            f"only {under} {lie} under the {animal} on {move.space}: it cannot carry {move.carry}."
        )
    reach = RANGE[animal]
    ray = RAYS[origin][move.direction]
    if len(ray) < reach:
        spaces = "space" if reach == 1 else "spaces"
        return (
            f"a {animal} must move exactly {reach} {spaces}, and {reach} {move.direction} "
            f"from {move.space} is off the board."
        )
    path = ray[:reach]
    for passed in path[:-1]:
        if not board[passed]:
            return f"{NAMES[passed]} is a gap in the way: tiles never pass over empty spaces."
    landing = path[-1]
    name = NAMES[landing]
    if not board[landing]:
        return f"{name} is empty: a tile must land on another tile."
    if landing == taboo:
        return (
            f"{name} is taboo: your opponent's last move landed there, "
            "so you may not cover it on this move."
        )
    height = len(board[landing])
    after = height + move.carry + 1
    if after <= level:
        hint = ""
        for carry in range(move.carry + 1, min(MAX_CARRY[animal], level - 1) + 1):
            if height + carry + 1 > level:
                hint = f" Carrying {carry} would lift it to level {height + carry + 1}."
                break
        return (
            f"the {animal} would not climb: it is on level {level} of {move.space} and would "
            f"land on level {after} of {name}; a tile must end higher than it started.{hint}"
        )
    return "that move is not allowed now."


def play(board: Board, seat: int, move: Move) -> tuple[Board, LastMove]:
    """The board after a legal ``move`` of ``seat``, and the record of what happened."""
    origin = INDEX[move.space]
    stack = board[origin]
    count = move.carry + 1
    moving, rest = stack[-count:], stack[:-count]
    landing = RAYS[origin][move.direction][RANGE[ANIMAL[stack[-1]]] - 1]
    new = list(board)
    covered = board[landing][-1]
    new[landing] = board[landing] + moving
    new[origin] = rest
    shifted: list[str] = []
    gap: str | None = None
    if not rest:
        # Close the gap: the unbroken run of stacks behind the origin slides one space forward.
        here = origin
        for behind in RAYS[origin][OPPOSITE[move.direction]]:
            if not new[behind]:
                break
            new[here] = new[behind]
            new[behind] = ()
            shifted.append(NAMES[behind])
            here = behind
        gap = NAMES[here]
    record = LastMove(
        seat=seat,
        origin=move.space,
        landing=NAMES[landing],
        direction=move.direction,
        carry=move.carry,
        tiles=moving,
        covered=covered,
        shifted=tuple(shifted),
        gap=gap,
        permanent=gap is not None and not shifted,
    )
    return tuple(new), record


def tile_words(tile: str) -> str:
    """ "RJ" -> "red jackal"."""
    return f"{COLOURS[OWNER[tile]]} {ANIMAL[tile]}"
