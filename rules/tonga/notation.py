"""Tonga Bonga's move notation: what players type, and the canonical text of every move.

`wages 3 2` · `reroll 1 s` · `place 4 on B` · `keep` · `go d5` / `go cocoa` · `camp` · `end`.
A space is named by the hex label printed on the picture, or a harbour by its island's name.
"""

from __future__ import annotations

import re

from rules.errors import InvalidMove
from rules.tonga.common import acting, face, where
from rules.tonga.map import ISLANDS, LAND, NAME_TO_SPACE, SPACE_NAMES, label
from rules.tonga.navigation import steps
from rules.tonga.state import (
    DICE_PER_PLAYER,
    SEASICK,
    SEAT_LETTERS,
    Camp,
    End,
    Keep,
    Move,
    Phase,
    Place,
    Reroll,
    Step,
    TongaState,
    Wages,
)
from rules.tonga.text import MOVE_HELP

_GO_WORDS = ("go", "to", "sail", "move")
_END_WORDS = ("end", "end turn", "done", "stop")
_FILLER = ("on", "ship", "seat", "to")  # `place 4 on ship B`, `place 4 to seat 2`
_HEX_LABEL = re.compile(r"[a-z][0-9]{1,2}")  # what a hex name looks like, e.g. `d5`


def parse_move(state: TongaState, text: str) -> Move:
    words = text.lower().replace(",", " ").split()
    if not words:
        raise InvalidMove(f"Empty move. {MOVE_HELP}")
    head, rest = words[0], words[1:]
    if head in ("wages", "wage"):
        if len(rest) == 2 and all(w.isdigit() for w in rest):
            return Wages(int(rest[0]), int(rest[1]))
        raise InvalidMove(
            f"`{text}`: wages are two whole numbers, captain then helmsman, e.g. `wages 3 2`."
        )
    if head == "reroll":
        if rest == ["all"]:
            return Reroll(tuple(sorted(state.roll, reverse=True)))
        if 1 <= len(rest) <= DICE_PER_PLAYER:
            return Reroll(tuple(sorted((_die_value(text, w) for w in rest), reverse=True)))
        raise InvalidMove(
            f"`{text}`: name the 1 to {DICE_PER_PLAYER} dice to reroll by their values, "
            "e.g. `reroll 1 s` (s = seasick), or `reroll all`."
        )
    if head == "place":
        rest = [w for w in rest if w not in _FILLER]
        if len(rest) == 2:
            return Place(_die_value(text, rest[0]), _ship(state, text, rest[1]))
        raise InvalidMove(f"`{text}`: name a die value and a ship, e.g. `place 4 on B`.")
    if words == ["keep"]:
        return Keep()
    if head == "camp":
        return _camp(state, text, rest)
    if " ".join(words) in _END_WORDS:
        return End()
    if head in _GO_WORDS:
        if not rest:
            raise InvalidMove(
                f"`{text}`: name the space to sail to, e.g. `{_step_example(state)}`."
            )
        words = rest
    name = " ".join(words)
    if name in NAME_TO_SPACE:
        return Step(NAME_TO_SPACE[name])
    if len(words) > 1 and all(w in NAME_TO_SPACE for w in words):
        raise InvalidMove(
            f"`{text}`: a ship moves one space per move: `go {words[0]}`, then `go {words[1]}`."
        )
    if len(words) > 1 and words[0] in NAME_TO_SPACE:
        raise InvalidMove(
            f"`{text}`: a ship moves one space per move: `go {words[0]}` first, then the next."
        )
    land = _land_name(name)
    if land:
        raise InvalidMove(f"`{text}`: {name} is {land}; ships sail only on sea spaces.")
    if head in _GO_WORDS and _HEX_LABEL.fullmatch(name):
        raise InvalidMove(
            f"`{text}`: there is no sea space {name} on the chart; type a hex as printed on "
            f"the picture, e.g. `{_step_example(state)}`."
        )
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


def _camp(state: TongaState, text: str, rest: list[str]) -> Camp:
    """`camp`, or `camp cocoa` naming the island the ship is at (a check that it is)."""
    if rest in ([], ["here"]):
        return Camp()
    name = " ".join(rest)
    space = NAME_TO_SPACE.get(name)
    if space is None or space >= len(ISLANDS):
        raise InvalidMove(f"`{text}`: `{name}` is not an island; just type `camp`.")
    ship = state.ships[acting(state)]
    if space != ship:
        raise InvalidMove(
            f"`{text}`: your ship is at {where(ship)}, not at {ISLANDS[space].name}; "
            "a camp goes on the island whose harbour you just entered."
        )
    return Camp()


def _step_example(state: TongaState) -> str:
    """A step the acting ship could take now, or a sample one outside navigation."""
    if state.phase is Phase.NAVIGATION:
        legal = steps(state)
        if legal:
            return f"go {SPACE_NAMES[legal[0]]}"
    return "go d5"


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
