"""TOKAN move notation: ``<space> <direction>[ carry N]``, e.g. ``b3 right``, ``c2 up carry 1``.

Canonical text is always that form. Also read (case-insensitive): short directions (``b3 r``,
``b3 u``) and compass words, a bare carry count (``b3 right 1``), and the destination form
(``b3-d3``, ``b3 d3``, ``b3 to d3``), whose distance must match the moving animal's range.
"""

from __future__ import annotations

import re

from i18n.text import TN, T
from rules.errors import IllegalMove, InvalidMove
from rules.text_input import guard, number, quote
from rules.tokan.board import ANIMAL, COLUMNS, INDEX, RANGE, animal_word
from rules.tokan.state import Move, Stack

HELP = T(
    "Write `<space> <direction>` to move the top tile of a space its full range "
    "(mouse 1, jackal 2, lion 3), e.g. `b3 right`; add `carry N` to take N tiles from "
    "beneath it along, e.g. `c2 up carry 1`. Short forms: `b3 r`, `b3 right 1`, `b3-d3`."
)
# What a text too long to read was meant to be (``guard``'s refusal names it).
MOVE_WHAT = T("{game} move", game="TOKAN")
SPACE_WHAT = T("{game} space", game="TOKAN")

DIRECTION_WORDS = {
    "up": "up", "u": "up", "n": "up", "north": "up", "↑": "up",
    "down": "down", "d": "down", "s": "down", "south": "down", "↓": "down",
    "left": "left", "l": "left", "w": "left", "west": "left", "←": "left",
    "right": "right", "r": "right", "e": "right", "east": "right", "→": "right",
}  # fmt: skip

# Possessive quantifiers (``++``, ``*+``) never give back what they took, so a text such as
# "a1" + "a" * 3000 + "1" * 3000 + "x" fails in one pass instead of trying every split of the
# digits between the target and the carry (quadratic); the longest text is also refused before
# matching (``guard``). re.ASCII: ``\d`` is 0-9 only, never another script's digits.
_MOVE = re.compile(
    r"^(?P<origin>[a-z]++\d++)\s*+(?:(?:->|-|–|>|to\b)\s*+)?"
    r"(?P<target>[a-z]++\d*+|[↑↓←→])"
    r"(?:\s*+,?\s*+(?:carry(?:ing)?|with|c|\+)?\s*+(?P<carry>\d++)(?:\s*tiles?)?)?$",
    re.ASCII,
)
_SPACE = re.compile(r"^[a-z]+\d+$", re.ASCII)
_GLUED = re.compile(r"^([a-z]+)(\d+)$", re.ASCII)
# A carry count is at most this many digits (a stack holds at most 18 tiles).
_CARRY_DIGITS = 2


def format_move(move: Move) -> str:
    text = f"{move.space} {move.direction}"
    return f"{text} carry {move.carry}" if move.carry else text


def parse_space(text: str) -> int:
    """The index of a space written like ``c4``; InvalidMove if malformed or off the board."""
    name = guard(text, SPACE_WHAT).strip().lower()
    if name in INDEX:
        return INDEX[name]
    if _SPACE.match(name):
        raise InvalidMove(
            T("`{text}` is not on the board: columns are a-f and rows 1-5.", text=quote(text))
        )
    raise InvalidMove(
        T("`{text}` is not a space: write a column a-f and a row 1-5, e.g. `c4`.", text=quote(text))
    )


def parse_move(board: tuple[Stack, ...], text: str) -> Move:
    cleaned = " ".join(guard(text, MOVE_WHAT).strip().lower().rstrip(".!").split())
    match = _MOVE.match(cleaned)
    if not match:
        raise InvalidMove(
            T("`{text}` is not a {game} move. {help}", text=quote(text), game="TOKAN", help=HELP)
        )
    origin_name = match["origin"]
    origin = _space_in(text, origin_name)
    carry = _carry(text, match["carry"]) if match["carry"] else 0
    target = match["target"]
    if target in DIRECTION_WORDS:
        return Move(origin_name, DIRECTION_WORDS[target], carry)
    glued = _GLUED.match(target)
    if glued and target not in INDEX and glued[1] in DIRECTION_WORDS and not match["carry"]:
        return Move(origin_name, DIRECTION_WORDS[glued[1]], _carry(text, glued[2]))  # "b3 r1"
    if not _SPACE.match(target):
        raise InvalidMove(
            T(
                "`{text}`: `{target}` is neither a direction ({directions}) nor a space. {help}",
                text=quote(text),
                directions="up, down, left, right",
                target=quote(target, 20),
                help=HELP,
            )
        )
    landing = _space_in(text, target)
    direction, distance = _line(origin, landing)
    if direction is None:
        raise InvalidMove(
            T(
                "`{text}`: {origin} to {target} is not a straight line up, down, left or right "
                "(diagonal moves are not allowed).",
                text=quote(text),
                origin=origin_name,
                target=target,
            )
        )
    stack = board[origin]
    if stack:
        animal = ANIMAL[stack[-1]]
        reach = RANGE[animal]
        if distance != reach:
            raise IllegalMove(
                TN(
                    "`{text}`: the {animal} on {origin} must move exactly {count} space, but "
                    "{target} is {distance} away.",
                    "`{text}`: the {animal} on {origin} must move exactly {count} spaces, but "
                    "{target} is {distance} away.",
                    reach,
                    text=quote(text),
                    animal=animal_word(animal),
                    origin=origin_name,
                    target=target,
                    distance=distance,
                )
            )
    return Move(origin_name, direction, carry)


def _space_in(text: str, name: str) -> int:
    if name in INDEX:
        return INDEX[name]
    raise InvalidMove(
        T(
            "`{text}`: {space} is not on the board (columns a-f, rows 1-5).",
            text=quote(text),
            space=quote(name, 20),
        )
    )


def _carry(text: str, digits: str) -> int:
    """A carry count of at most two digits (larger ones are refused, never read by ``int``)."""
    count = number(digits, _CARRY_DIGITS)
    if count is None:
        raise InvalidMove(
            T(
                "`{text}`: carry `{digits}` is not a number of tiles; a stack holds at most "
                "{most}.",
                text=quote(text),
                digits=quote(digits, 20),
                most=18,
            )
        )
    return count


def _line(origin: int, landing: int) -> tuple[str | None, int]:
    """The direction and distance from ``origin`` to ``landing`` if they share a row or column."""
    r0, c0 = divmod(origin, COLUMNS)
    r1, c1 = divmod(landing, COLUMNS)
    if r0 == r1 and c0 != c1:
        return ("right" if c1 > c0 else "left"), abs(c1 - c0)
    if c0 == c1 and r0 != r1:
        return ("up" if r1 > r0 else "down"), abs(r1 - r0)
    return None, 0
