"""Toshi Tōshi move notation: ``play R7``, ``place b2.ne``, ``build R7 up b2``, ``move b2.ne c3.c``,
``lead 3``, ``flip c3``, ``flip specialisation``, ``pass``."""

from __future__ import annotations

import re

from i18n.text import T
from rules.errors import InvalidMove
from rules.text_input import guard, number, quote
from rules.toshi.data import COLOUR_NAMES, SEAT_LETTERS_LOWER
from rules.toshi.grid import Geometry, geometry
from rules.toshi.model import (
    Build,
    Card,
    Flip,
    FlipSpecialisation,
    Lead,
    Move,
    MoveToken,
    Pass,
    Place,
    PlayCard,
    ToshiState,
)

NOTATION = T(
    "Moves: `{play}` (card = colour letter {letters} + value), `{place}` (spot = card "
    "space + {centre} centre, {sides} side, {corners} corner; `{long}` works too), "
    "`{build_up}` / `{build_down}`, `{move}`, `{lead}`, `{flip}`, `{flip_spec}`, `{pass_word}`.",
    play="play R7",
    letters="R/B/G/P/Y",
    place="place b2.ne",
    centre=".c",
    sides=".n/.e/.s/.w",
    corners=".ne/.nw/.se/.sw",
    long="b2 north-east",
    build_up="build R7 up b2",
    build_down="build G3 down c4",
    move="move b2.ne c3.c",
    lead="lead 3",
    flip="flip c3",
    flip_spec="flip specialisation",
    pass_word="pass",
)

_COLOUR_WORDS = {name.lower(): letter for letter, name in COLOUR_NAMES.items()} | {
    letter.lower(): letter for letter in COLOUR_NAMES
}
# Words a player may write for where on a card a spot lies (after the space: `b2.centre`,
# `b2 north-east`, `b2:top-left`); the canonical letters are those of ``grid.SPOT_OFFSETS``.
_WHERE_WORDS: dict[str, str] = {
    "centre": "c",
    "center": "c",
    "middle": "c",
    "mid": "c",
    "north": "n",
    "top": "n",
    "south": "s",
    "bottom": "s",
    "east": "e",
    "right": "e",
    "west": "w",
    "left": "w",
}
# re.ASCII throughout: ``\d`` is 0-9 and ``\s`` ASCII space only, so no other script's digits
# reach ``int`` (superscripts pass ``str.isdigit`` but not ``int``). Texts longer than any move
# are refused before matching (``guard``).
_CARD = r"(?P<colour>[a-z]+)\s*(?P<value>\d+)"
_PLAY = re.compile(rf"^(?:play\s+)?{_CARD}$", re.ASCII)
_SPOT = r"[a-z]\d+(?:[.:]|[.:]?\s+)[a-z][a-z -]*"
_PLACE = re.compile(rf"^(?:place\s+)?(?:on\s+)?(?P<spot>{_SPOT})$", re.ASCII)
_BUILD = re.compile(
    rf"^build\s+{_CARD}\s+(?:face[\s-]?)?(?P<side>up|down)\s+(?:on\s+)?(?P<cell>[a-z]\d+)$",
    re.ASCII,
)
_MOVE = re.compile(r"^move\s+(?P<src>\S+)\s+(?:to\s+)?(?P<dst>\S+)$", re.ASCII)
_LEAD = re.compile(r"^lead\s+(?:seat\s+)?(?P<seat>\d+|[a-e])$", re.ASCII)
_FLIP = re.compile(r"^flip\s+(?P<cell>[a-z]\d+|monument)$", re.ASCII)
_SPECIALISE = re.compile(
    r"^(?:flip\s+(?:specialisation|specialization|spec)|specialise|specialize)$"
)
_PASS = re.compile(r"^(?:pass|decline|done|skip)$")
_SPOT_PARTS = re.compile(r"^([a-z]\d+)\s*[.:]?\s*(.+)$", re.ASCII)
_WHERE_SPLIT = re.compile(r"[\s-]+", re.ASCII)


def parse(state: ToshiState, text: str) -> Move:
    """The move written as ``text``; InvalidMove quoting it and the notation otherwise."""
    clean = " ".join(guard(text, "Toshi Tōshi move").strip().lower().replace(",", " ").split())
    if _PASS.match(clean):
        return Pass()
    if _SPECIALISE.match(clean):
        return FlipSpecialisation()
    if m := _PLACE.match(clean):
        return Place(*_named_spot(state, m["spot"], text))
    if m := _BUILD.match(clean):
        card = _card(m["colour"], m["value"], text)
        return Build(card, m["side"] == "up", _cell(state, m["cell"], text))
    if m := _MOVE.match(clean):
        src, src_name = _named_spot(state, m["src"], text)
        dst, dst_name = _named_spot(state, m["dst"], text)
        return MoveToken(src, dst, src_name, dst_name)
    if m := _LEAD.match(clean):
        return Lead(_seat(state, m["seat"], text))
    if m := _FLIP.match(clean):
        geo = geometry(state.rows, state.cols)
        cell = geo.monument if m["cell"] == "monument" else _cell(state, m["cell"], text)
        return Flip(cell)
    if m := _PLAY.match(clean):
        return PlayCard(_card(m["colour"], m["value"], text))
    raise InvalidMove(
        T(
            "`{text}` is not a {game} move. {help}",
            text=quote(text),
            game="Toshi Tōshi",
            help=NOTATION,
        )
    )


def format_move(state: ToshiState, move: Move) -> str:
    geo = geometry(state.rows, state.cols)
    match move:
        case PlayCard(card):
            return f"play {card}"
        case Place(spot, name):
            return f"place {name or geo.spot_names[spot]}"
        case Build(card, face_up, cell):
            return f"build {card} {'up' if face_up else 'down'} {geo.cell_names[cell]}"
        case MoveToken(src, dst, src_name, dst_name):
            return f"move {src_name or geo.spot_names[src]} {dst_name or geo.spot_names[dst]}"
        case Lead(seat):
            return f"lead {seat + 1}"
        case Flip(cell):
            return f"flip {geo.cell_names[cell]}"
        case FlipSpecialisation():
            return "flip specialisation"
        case Pass():
            return "pass"
    raise TypeError(f"not a Toshi Tōshi move: {move!r}")


def _card(colour: str, value: str, text: str) -> Card:
    letter = _COLOUR_WORDS.get(colour)
    amount = number(value)
    if letter is None or amount is None or not 1 <= amount <= 10:
        raise InvalidMove(
            T(
                "`{text}`: `{card}` is not a card; a card is a colour letter ({r} Red, {b} Blue, "
                "{g} Green, {p} Purple, {y} Yellow) and a value 1-10, e.g. `{example}`.",
                text=quote(text),
                card=quote(colour + value, 20),
                r="R",
                b="B",
                g="G",
                p="P",
                y="Y",
                example="R7",
            )
        )
    return Card(letter, amount)


def _named_spot(state: ToshiState, name: str, text: str) -> tuple[int, str]:
    """The spot ``name`` names and its short name as written from the card the player named
    (``c3 north`` gives ``c3.n``, the spot also called ``c2.s``); "" when that is the canonical
    name, so a move written canonically equals the one in the legal move list field by field."""
    short = _canonical_spot_name(name)
    spot = _spot(state, name, text)
    geo = geometry(state.rows, state.cols)
    return spot, "" if short == geo.spot_names[spot] else short


def _spot(state: ToshiState, name: str, text: str) -> int:
    geo = geometry(state.rows, state.cols)
    spot = geo.by_name.get(_canonical_spot_name(name))
    if spot is None:
        raise InvalidMove(
            T(
                "`{text}`: `{spot}` is not a spot. A spot is a card space ({first}..{last}) + "
                "`{centre}` centre, `{sides}` side or `{corners}` corner, e.g. `{example}`.",
                text=quote(text),
                spot=quote(name, 20),
                first=geo.cell_names[0],
                last=geo.cell_names[-1],
                centre=".c",
                sides=".n .e .s .w",
                corners=".ne .nw .se .sw",
                example="b2.ne",
            )
        )
    return spot


def _cell(state: ToshiState, name: str, text: str) -> int:
    geo = geometry(state.rows, state.cols)
    cell = geo.cell_by_name.get(name)
    if cell is None:
        raise InvalidMove(
            T(
                "`{text}`: `{space}` is not a space of the city; spaces run {first}..{last}.",
                text=quote(text),
                space=quote(name, 20),
                first=geo.cell_names[0],
                last=geo.cell_names[-1],
            )
        )
    return cell


def _seat(state: ToshiState, name: str, text: str) -> int:
    typed = number(name)
    seat = typed - 1 if typed is not None else SEAT_LETTERS_LOWER.find(name)
    if not 0 <= seat < state.players:
        raise InvalidMove(
            T(
                "`{text}`: there is no seat {seat}; seats are 1-{players}.",
                text=quote(text),
                seat=quote(name, 20),
                players=state.players,
            )
        )
    return seat


def _canonical_spot_name(name: str) -> str:
    """``b2 north-east``, ``b2:top right`` or ``b2.centre`` written as ``b2.ne`` or ``b2.c``."""
    match = _SPOT_PARTS.match(name)
    if match is None:
        return name
    cell, where = match.groups()
    parts = _WHERE_SPLIT.split(where.strip())
    letters = "".join(_WHERE_WORDS.get(part, part) for part in parts)
    # "north-east" and "east-north" both mean ne; the grid writes the north/south letter first.
    if len(letters) == 2 and letters[0] in "ew" and letters[1] in "ns":
        letters = letters[::-1]
    return f"{cell}.{letters}"


# -- suggestions ---------------------------------------------------------------------------------
# Where on a card a spot lies, in the long form players may type (``b2 north-east``).
LONG_WHERE: dict[str, str] = {
    "c": "centre",
    "n": "north",
    "s": "south",
    "e": "east",
    "w": "west",
    "ne": "north-east",
    "nw": "north-west",
    "se": "south-east",
    "sw": "south-west",
}


def long_name(short: str) -> str:
    """``b2.ne`` written the long way: ``b2 north-east``."""
    cell, where = short.split(".")
    return f"{cell} {LONG_WHERE[where]}"


def suggestion_texts(state: ToshiState, legal: list[Move], typed: str) -> list[str]:
    """Every legal move as text for autocomplete: canonical texts first, then each placement
    written from every other card its spot touches (``place c3.n`` beside ``place c2.s``), then
    the long forms (``place b2 north-east``). A token move uses the names the player has typed
    so far for its spots (``move c3.n ...``), as the product of all names would be thousands."""
    geo = geometry(state.rows, state.cols)
    canonical = [format_move(state, m) for m in legal]
    places = [m for m in legal if isinstance(m, Place)]
    aliases = [
        f"place {alias}"
        for m in places
        for alias in geo.aliases[m.spot]
        if alias != geo.spot_names[m.spot]
    ]
    long_forms = [f"place {long_name(alias)}" for m in places for alias in geo.aliases[m.spot]]
    words = typed.lower().split()
    moved: list[str] = []
    if words[:1] == ["move"] and len(words) > 1:
        src_word, dst_word = words[1], words[2] if len(words) > 2 else ""
        for m in legal:
            if isinstance(m, MoveToken):
                src = _preferred(geo, m.src, src_word)
                dst = _preferred(geo, m.dst, dst_word)
                text = f"move {src} {dst}"
                if src != geo.spot_names[m.src] or dst != geo.spot_names[m.dst]:
                    moved.append(text)
    return canonical + moved + aliases + long_forms


def _preferred(geo: Geometry, spot: int, word: str) -> str:
    """The name of ``spot`` the typed ``word`` starts (an alias the player is writing), else its
    canonical name."""
    if word:
        for alias in geo.aliases[spot]:
            if alias.startswith(word):
                return alias
    return geo.spot_names[spot]
