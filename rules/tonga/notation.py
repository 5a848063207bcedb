"""Tonga Bonga's move notation: what players type, and the canonical text of every move.

`wages 3 2` · `reroll 1 s` · `place 4 on B` · `keep` · `go d5` / `go cocoa` · `camp` · `end`.
A space is named by the hex label printed on the picture, or a harbour by its island's name.
"""

from __future__ import annotations

from rules.errors import InvalidMove
from rules.tonga.common import face
from rules.tonga.map import ISLANDS, LAND, NAME_TO_SPACE, SPACE_NAMES, label
from rules.tonga.state import (
    DICE_PER_PLAYER,
    SEASICK,
    SEAT_LETTERS,
    Camp,
    End,
    Keep,
    Move,
    Place,
    Reroll,
    Step,
    TongaState,
    Wages,
)
from rules.tonga.text import MOVE_HELP


def parse_move(state: TongaState, text: str) -> Move:
    words = text.lower().replace(",", " ").split()
    if not words:
        raise InvalidMove(f"Empty move. {MOVE_HELP}")
    head, rest = words[0], words[1:]
    if head in ("wages", "wage") and len(rest) == 2 and all(w.isdigit() for w in rest):
        return Wages(int(rest[0]), int(rest[1]))
    if head == "reroll" and 1 <= len(rest) <= DICE_PER_PLAYER:
        return Reroll(tuple(sorted((_die_value(text, w) for w in rest), reverse=True)))
    if head == "place":
        if rest[1:2] == ["on"]:
            rest = [rest[0], *rest[2:]]
        if len(rest) == 2:
            return Place(_die_value(text, rest[0]), _ship(state, text, rest[1]))
    if words == ["keep"]:
        return Keep()
    if words == ["camp"]:
        return Camp()
    if words in (["end"], ["end", "turn"]):
        return End()
    if head in ("go", "to"):
        words = rest
    name = " ".join(words)
    if name in NAME_TO_SPACE:
        return Step(NAME_TO_SPACE[name])
    land = _land_name(name)
    if land:
        raise InvalidMove(f"`{text}`: {name} is {land}; ships sail only on sea spaces.")
    raise InvalidMove(f"`{text}` is not a Tonga Bonga move. Moves: {MOVE_HELP}")


def format_move(move: Move) -> str:
    if isinstance(move, Wages):
        return f"wages {move.captain} {move.helmsman}"
    if isinstance(move, Reroll):
        return "reroll " + " ".join(face(v) for v in move.dice)
    if isinstance(move, Place):
        return f"place {face(move.value)} on {SEAT_LETTERS[move.ship]}"
    if isinstance(move, Keep):
        return "keep"
    if isinstance(move, Step):
        return f"go {SPACE_NAMES[move.space]}"
    if isinstance(move, Camp):
        return "camp"
    return "end"


def _die_value(text: str, word: str) -> int:
    if word in ("s", "sick", "seasick", "6"):
        return SEASICK
    if word.isdigit() and 1 <= int(word) <= 5:
        return int(word)
    raise InvalidMove(f"`{text}`: `{word}` is not a die face (1-5, or s for seasick).")


def _ship(state: TongaState, text: str, word: str) -> int:
    letters = [letter.lower() for letter in SEAT_LETTERS[: state.players]]
    if word in letters:
        return letters.index(word)
    if word.isdigit() and 1 <= int(word) <= state.players:
        return int(word) - 1
    raise InvalidMove(
        f"`{text}`: `{word}` is not a ship; ships are {', '.join(SEAT_LETTERS[: state.players])}."
    )


def _land_name(name: str) -> str:
    """'land of Cocoa' / 'a reef' if ``name`` labels such a hex, else ''."""
    for hex_ in LAND:
        if label(hex_) == name:
            for island in ISLANDS:
                if hex_ in island.land:
                    return f"land of {island.name}"
            return "a reef"
    return ""
