"""Tonga Bonga's move notation: what players type, and the canonical text of every move.

`wages 3 2` · `reroll 1 s` · `place 4 on B` / `place 4 on B, 3 on C` · `keep` · `go d5` /
`go cocoa` / a route `go k15 l15 cocoa camp m3` · `camp` · `end`. A space is named by the hex
label printed on the picture, or a harbour by its island's name. Any text at all gives a move or
an InvalidMove (never another exception): the length is checked first, numbers are read as
ASCII digits only, and refusals quote at most 100 characters of what was typed.
"""

from __future__ import annotations

import re

from i18n.text import T, Text
from rules.errors import InvalidMove
from rules.text_input import SHORT_QUOTE_CHARS, guard, number, quote
from rules.tonga.common import acting, face, island_name, where
from rules.tonga.map import ISLANDS, LAND, NAME_TO_SPACE, SPACE_NAMES, label
from rules.tonga.navigation import steps
from rules.tonga.routes import as_move, route_text
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
    Places,
    Reroll,
    Route,
    Step,
    TongaState,
    Wages,
)
from rules.tonga.text import MOVE_HELP

# The longest Tonga Bonga move is a route: at most 21 spaces (15 points of dice and 6 of wind),
# a few camps and an `end`, under 150 characters even with arrows typed between the spaces. That
# is longer than the shared limit (rules/text_input.MAX_MOVE_CHARS, 100), so Tonga Bonga passes
# its own to the guard.
MAX_MOVE_CHARS = 300

_GO_WORDS = ("go", "to", "sail", "move")
_END_WORDS = ("end", "end turn", "done", "stop")
_FILLER = ("on", "ship", "seat", "to", "and")  # `place 4 on ship B`, `place 4 to seat 2`
_HEX_LABEL = re.compile(r"[a-z][0-9]{1,2}")  # what a hex name looks like, e.g. `d5`
# Between a route's spaces a player may type commas, semicolons or arrows (as describe writes).
_SEPARATORS = str.maketrans({",": " ", ";": " ", "→": " ", "—": " "})


def parse_move(state: TongaState, text: str) -> Move:
    guard(text, "Tonga Bonga move", MAX_MOVE_CHARS)
    # An autocomplete line ends with a note in brackets, "(3 points, 2 left: ...)": not a move.
    words = text.split("(", 1)[0].lower().replace("->", " ").translate(_SEPARATORS).split()
    if not words:
        raise InvalidMove(T("Empty move. {help}", help=MOVE_HELP))
    head, rest = words[0], words[1:]
    if head in ("wages", "wage"):
        values = [number(w) for w in rest]
        if len(rest) == 2 and None not in values:
            return Wages(values[0] or 0, values[1] or 0)
        raise InvalidMove(
            T(
                "`{text}`: wages are two whole numbers, captain then helmsman, e.g. `{example}`.",
                text=quote(text),
                example="wages 3 2",
            )
        )
    if head == "reroll":
        if rest == ["all"]:
            return Reroll(tuple(sorted(state.roll, reverse=True)))
        if 1 <= len(rest) <= DICE_PER_PLAYER:
            return Reroll(tuple(sorted((_die_value(text, w) for w in rest), reverse=True)))
        raise InvalidMove(
            T(
                "`{text}`: name the 1 to {most} dice to reroll by their values, e.g. `{example}` "
                "({seasick} = seasick), or `{all}`.",
                text=quote(text),
                most=DICE_PER_PLAYER,
                example="reroll 1 s",
                seasick="s",
                all="reroll all",
            )
        )
    if head == "place":
        return _places(state, text, [w for w in rest if w not in _FILLER])
    if words == ["keep"]:
        return Keep()
    if head == "camp" and (not rest or rest[0] not in (*_GO_WORDS, "end", "done", "stop")):
        return _camp(state, text, rest)
    if " ".join(words) in _END_WORDS:
        return End()
    return _route(state, text, words)


def format_move(move: Move) -> str:
    if isinstance(move, Wages):
        return f"wages {move.captain} {move.helmsman}"
    if isinstance(move, Reroll):
        return "reroll " + " ".join(face(v) for v in move.dice)
    if isinstance(move, Place):
        return f"place {_placement(move)}"
    if isinstance(move, Places):
        return "place " + ", ".join(_placement(p) for p in move.places)
    if isinstance(move, Keep):
        return "keep"
    if isinstance(move, Step):
        return f"go {SPACE_NAMES[move.space]}"
    if isinstance(move, Camp):
        return "camp"
    if isinstance(move, Route):
        return route_text(move.actions)
    return "end"


def _placement(move: Place) -> str:
    return f"{face(move.value)} on {SEAT_LETTERS[move.ship]}"


def _places(state: TongaState, text: str, rest: list[str]) -> Place | Places:
    """`place 4 on B`, or several dice at once: `place 4 on B, 3 on C` (a value, a ship...)."""
    if len(rest) < 2 or len(rest) % 2 or len(rest) > 2 * DICE_PER_PLAYER:
        raise InvalidMove(
            T(
                "`{text}`: name a die value and a ship, e.g. `{example}`, or several pairs at "
                "once, e.g. `{several}`.",
                text=quote(text),
                example="place 4 on B",
                several="place 4 on B, 3 on C",
            )
        )
    places = tuple(
        Place(_die_value(text, rest[i]), _ship(state, text, rest[i + 1]))
        for i in range(0, len(rest), 2)
    )
    return places[0] if len(places) == 1 else Places(places)


def _route(state: TongaState, text: str, words: list[str]) -> Move:
    """One space (`go d5`, `d5`), or a route of spaces, camps and a final `end`
    (`go k15 l15 cocoa camp m3`)."""
    head = words[0]
    if head in _GO_WORDS and len(words) == 1:
        raise InvalidMove(
            T(
                "`{text}`: name the space to sail to, e.g. `{example}`, or a route of spaces.",
                text=quote(text),
                example=_step_example(state),
            )
        )
    actions: list[Step | Camp | End] = []
    i = 0
    while i < len(words):
        word = words[i]
        pair = " ".join(words[i : i + 2])
        if word in _GO_WORDS:
            pass
        elif pair in NAME_TO_SPACE:  # "tonga bonga"
            actions.append(Step(NAME_TO_SPACE[pair]))
            i += 1
        elif word in NAME_TO_SPACE:
            actions.append(Step(NAME_TO_SPACE[word]))
        elif word == "camp":
            actions.append(Camp())
        elif word in ("end", "done", "stop"):
            if pair == "end turn":
                i += 1
            if i != len(words) - 1:
                raise InvalidMove(
                    T(
                        "`{text}`: `{end}` ends your turn, so it can only come last.",
                        text=quote(text),
                        end="end",
                    )
                )
            actions.append(End())
        else:
            raise InvalidMove(_unknown_word(state, text, word, first=not actions))
        i += 1
    if not actions:
        raise InvalidMove(_not_a_move(text))
    return as_move(tuple(actions))


def _not_a_move(text: str) -> Text:
    return T(
        "`{text}` is not a {game} move. Moves: {help}",
        text=quote(text),
        game="Tonga Bonga",
        help=MOVE_HELP,
    )


def _unknown_word(state: TongaState, text: str, word: str, first: bool) -> Text:
    """Why ``word`` cannot be a space of a route: land, a reef, off the chart, or unknown."""
    shown = quote(word, SHORT_QUOTE_CHARS)
    land = _land_name(word)
    if land:
        return T(
            "`{text}`: {word} is {land}; ships sail only on sea spaces.",
            text=quote(text),
            word=shown,
            land=land,
        )
    if _HEX_LABEL.fullmatch(word):
        return T(
            "`{text}`: there is no sea space {word} on the chart; type a hex as printed on the "
            "picture, e.g. `{example}`.",
            text=quote(text),
            word=shown,
            example=_step_example(state),
        )
    if first:
        return _not_a_move(text)
    return T(
        "`{text}`: `{word}` is not a sea space; a route is spaces (hex labels or island names), "
        "`{camp}` and a final `{end}`, e.g. `{example}`.",
        text=quote(text),
        word=shown,
        camp="camp",
        end="end",
        example="go k15 l15 cocoa camp",
    )


def _camp(state: TongaState, text: str, rest: list[str]) -> Camp:
    """`camp`, or `camp cocoa` naming the island the ship is at (a check that it is)."""
    if rest in ([], ["here"]):
        return Camp()
    name = " ".join(rest)
    space = NAME_TO_SPACE.get(name)
    if space is None or space >= len(ISLANDS):
        raise InvalidMove(
            T(
                "`{text}`: `{name}` is not an island; just type `{camp}` (or `{camp_go}` to sail "
                "on after camping).",
                text=quote(text),
                name=quote(name, SHORT_QUOTE_CHARS),
                camp="camp",
                camp_go="camp go m3 m4",
            )
        )
    ship = state.ships[acting(state)]
    if space != ship:
        raise InvalidMove(
            T(
                "`{text}`: your ship is at {here}, not at {island}; a camp goes on the island "
                "whose harbour you just entered.",
                text=quote(text),
                here=where(ship),
                island=island_name(space),
            )
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
    value = number(word)
    if value is not None and 1 <= value <= 5:
        return value
    raise InvalidMove(
        T(
            "`{text}`: `{word}` is not a die face (1-5, or {seasick} for seasick).",
            text=quote(text),
            word=quote(word, SHORT_QUOTE_CHARS),
            seasick="s",
        )
    )


def _ship(state: TongaState, text: str, word: str) -> int:
    letters = [letter.lower() for letter in SEAT_LETTERS[: state.players]]
    if word in letters:
        return letters.index(word)
    seat = number(word)
    if seat is not None and 1 <= seat <= state.players:
        return seat - 1
    raise InvalidMove(
        T(
            "`{text}`: `{word}` is not a ship; ships are {ships}.",
            text=quote(text),
            word=quote(word, SHORT_QUOTE_CHARS),
            ships=", ".join(SEAT_LETTERS[: state.players]),
        )
    )


def _land_name(name: str) -> Text | None:
    """'land of Cocoa' / 'a reef' if ``name`` labels such a hex, else None."""
    for hex_ in LAND:
        if label(hex_) == name:
            for index, island in enumerate(ISLANDS):
                if hex_ in island.land:
                    return T("land of {island}", island=island_name(index))
            return T("a reef")
    return None
