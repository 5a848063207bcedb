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

from i18n.text import TN, T, Text
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
    TILE_WORDS,
    TILES,
    animal_word,
    colour_word,
)
from rules.tokan.state import LastMove, Move, Stack

Board = tuple[Stack, ...]

_CARRIES = range(max(MAX_CARRY.values()) + 1)

# _LINES[space][reach]: every straight move of that reach from that space that stays on the
# board, as (spaces passed over, landing space, the Move objects for carrying 0, 1 and 2), in
# DIRECTIONS order. The moves are built once here because legal_moves is asked for the same
# positions again and again (the end test, autocomplete, the buttons, check), and building
# fresh Move objects was most of its cost.
_LINES: tuple[dict[int, tuple[tuple[tuple[int, ...], int, tuple[Move, ...]], ...]], ...] = tuple(
    {
        reach: tuple(
            (
                ray[: reach - 1],
                ray[reach - 1],
                tuple(Move(NAMES[index], direction, carry) for carry in _CARRIES),
            )
            for direction, ray in RAYS[index].items()
            if len(ray) >= reach
        )
        for reach in set(RANGE.values())
    }
    for index in range(len(RAYS))
)

# Per tile code: its owner, its range and how many tiles it may carry.
_TILE_FACTS = {tile: (OWNER[tile], RANGE[ANIMAL[tile]], MAX_CARRY[ANIMAL[tile]]) for tile in TILES}


# The latest answer of ``legal_moves``: a move asks whether the next player can move, and that
# player's turn then asks for the moves of the same board. Keyed by the identity of the board
# tuple, which the entry keeps alive (so the identity cannot be reused), the colour and the
# taboo; one immutable tuple, read and replaced whole (threads may share this module).
_last_answer: tuple[object, int, int | None, tuple[Move, ...]] = (None, -1, None, ())


def legal_moves(board: Board, colour: int, taboo: int | None) -> tuple[Move, ...]:
    """Every legal move of ``colour`` in a stable order: by space, direction, then carry."""
    global _last_answer
    known_board, known_colour, known_taboo, answer = _last_answer
    if known_board is board and known_colour == colour and known_taboo == taboo:
        return answer
    answer = _scan(board, colour, taboo)
    _last_answer = (board, colour, taboo, answer)
    return answer


def has_legal_move(board: Board, colour: int, taboo: int | None) -> bool:
    """Whether ``colour`` can move at all (asked after every move, to detect the end): the
    whole list is built and kept, as that player's turn asks for it next."""
    return bool(legal_moves(board, colour, taboo))


def why_illegal(board: Board, colour: int, taboo: int | None, move: Move) -> Text | None:
    """The specific reason ``move`` is not legal, in words for the player; None if it is legal.
    Checks the same conditions as ``_generate``, one move at a time (a test keeps them equal)."""
    if move.space not in INDEX:
        return T("{space} is not a space (columns a-f, rows 1-5).", space=move.space)
    if move.direction not in DIRECTIONS:
        return T(
            "{direction} is not a direction ({up}, {down}, {left} or {right}).",
            direction=move.direction,
            up="up",
            down="down",
            left="left",
            right="right",
        )
    origin = INDEX[move.space]
    stack = board[origin]
    if not stack:
        return T("{space} is empty (a gap): there is no tile to move.", space=move.space)
    top = stack[-1]
    animal = ANIMAL[top]
    if OWNER[top] != colour:
        return T(
            "the top tile of {space} is a {tile}, not your tile: you play {colour}.",
            space=move.space,
            tile=tile_words(top),
            colour=colour_word(colour),
        )
    level = len(stack)
    if move.carry < 0:
        return T("the number of carried tiles cannot be negative.")
    if move.carry > MAX_CARRY[animal]:
        if animal == "mouse":
            return T("a mouse cannot carry tiles; only jackals (1) and lions (up to 2) can.")
        return TN(
            "a {animal} can carry at most {count} tile.",
            "a {animal} can carry at most {count} tiles.",
            MAX_CARRY[animal],
            animal=animal_word(animal),
        )
    if move.carry > level - 1:
        return TN(
            "only {count} tile lies under the {animal} on {space}: it cannot carry {carry}.",
            "only {count} tiles lie under the {animal} on {space}: it cannot carry {carry}.",
            level - 1,
            animal=animal_word(animal),
            space=move.space,
            carry=move.carry,
        )
    reach = RANGE[animal]
    ray = RAYS[origin][move.direction]
    if len(ray) < reach:
        return TN(
            "a {animal} must move exactly {count} space, and {count} {direction} from {space} "
            "is off the board.",
            "a {animal} must move exactly {count} spaces, and {count} {direction} from {space} "
            "is off the board.",
            reach,
            animal=animal_word(animal),
            direction=move.direction,
            space=move.space,
        )
    path = ray[:reach]
    for passed in path[:-1]:
        if not board[passed]:
            return T(
                "{space} is a gap in the way: tiles never pass over empty spaces.",
                space=NAMES[passed],
            )
    landing = path[-1]
    name = NAMES[landing]
    if not board[landing]:
        return T("{space} is empty: a tile must land on another tile.", space=name)
    if landing == taboo:
        return T(
            "{space} is taboo: your opponent's last move landed there, "
            "so you may not cover it on this move.",
            space=name,
        )
    height = len(board[landing])
    after = height + move.carry + 1
    if after <= level:
        for carry in range(move.carry + 1, min(MAX_CARRY[animal], level - 1) + 1):
            if height + carry + 1 > level:
                return T(
                    "the {animal} would not climb: it is on level {level} of {space} and would "
                    "land on level {after} of {landing}; a tile must end higher than it started. "
                    "Carrying {carry} would lift it to level {lifted}.",
                    animal=animal_word(animal),
                    level=level,
                    space=move.space,
                    after=after,
                    landing=name,
                    carry=carry,
                    lifted=height + carry + 1,
                )
        return T(
            "the {animal} would not climb: it is on level {level} of {space} and would "
            "land on level {after} of {landing}; a tile must end higher than it started.",
            animal=animal_word(animal),
            level=level,
            space=move.space,
            after=after,
            landing=name,
        )
    return None


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
    # Every field set at once, past the frozen __init__'s one object.__setattr__ per field
    # (a hot path in playouts; LastMove has no __post_init__ or defaults to apply).
    record = object.__new__(LastMove)
    record.__dict__.update(
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


def tile_words(tile: str) -> Text:
    """ "RJ" -> "red jackal", said in the reader's language."""
    return Text(TILE_WORDS[tile])


def _scan(board: Board, colour: int, taboo: int | None) -> tuple[Move, ...]:
    """The legal moves of ``colour`` (see ``legal_moves``).

    The hottest loop of a playout: the bounds are plain comparisons rather than min()/max()
    calls, and the colour's own tiles are found with one look-up (``_OWN_FACTS``)."""
    out: list[Move] = []
    extend = out.extend
    own = _OWN_FACTS[colour]
    lines = _LINES
    for index, stack in enumerate(board):
        if not stack:
            continue
        facts = own.get(stack[-1])
        if facts is None:  # the other colour's tile on top
            continue
        reach, most = facts
        level = len(stack)
        if most >= level:
            most = level - 1  # only the tiles beneath can be carried
        for passed, landing, by_carry in lines[index][reach]:
            height = len(board[landing])
            # A gap or the taboo space cannot be landed on; skip too a landing so low that
            # even carrying the most would not lift the mover above its level.
            if not height or landing == taboo or height + most < level:
                continue
            for p in passed:  # (a loop, not all(...): no generator per line, a hot path)
                if not board[p]:
                    break  # a gap in the way
            else:
                # Carrying c lands the mover on level height + c + 1, which must exceed level.
                least = level - height
                extend(by_carry[least if least > 0 else 0 : most + 1])
    return tuple(out)


# Per colour, its own tile codes' (range, most carried): one look-up finds and describes them.
_OWN_FACTS: tuple[dict[str, tuple[int, int]], ...] = tuple(
    {tile: (reach, most) for tile, (owner, reach, most) in _TILE_FACTS.items() if owner == colour}
    for colour in range(len(COLOURS))
)
