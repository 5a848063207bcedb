"""TOKAN board data: the 5 x 6 grid, its coordinates, the tile mix, and precomputed lines.

Spaces are numbered row-major from the bottom-left: index = (row - 1) * COLUMNS + column, with
columns a-f (left to right) and rows 1-5 (bottom to top, as in chess), so "up" means towards
row 5. A stack is a tuple of tile codes from the bottom tile to the top tile.
"""

from __future__ import annotations

from i18n.text import N_, Text

ROWS = 5
COLUMNS = 6
SPACES = ROWS * COLUMNS
COLUMN_LETTERS = "abcdef"

# Tile codes: colour letter then animal letter ("RJ" = red jackal). Readable in saved JSON.
COLOURS = ("red", "black")  # index = seat: seat 0 plays red and moves first
COLOUR_CODES = ("R", "B")
ANIMALS = ("mouse", "jackal", "lion")
ANIMAL_CODES = {"mouse": "M", "jackal": "J", "lion": "L"}

# Per animal: how far it moves (exactly), how many tiles it may carry, its head value in the
# "Every Head Counts" variant.
RANGE = {"mouse": 1, "jackal": 2, "lion": 3}
MAX_CARRY = {"mouse": 0, "jackal": 1, "lion": 2}
HEAD_POINTS = {"mouse": 1, "jackal": 2, "lion": 3}

# The components: per colour 3 mice, 7 jackals, 5 lions (15 tiles each, 30 in all).
MIX = {"mouse": 3, "jackal": 7, "lion": 5}

# Directions: name -> (column step, row step). Order here is the order moves are listed in.
DIRECTIONS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


# The words players read (said in their language where they are used, ``Text(entry)``). A
# capitalised colour ("Red moved…") names a seat, not a colour: the bot writes the person there,
# so it stays plain (``seat_colour``).
COLOUR_WORDS = (N_("red"), N_("black"))
ANIMAL_WORDS = {"mouse": N_("mouse"), "jackal": N_("jackal"), "lion": N_("lion")}
# Whole names of the six tiles, so a language can inflect colour and animal together.
TILE_WORDS = {
    "RM": N_("red mouse"),
    "RJ": N_("red jackal"),
    "RL": N_("red lion"),
    "BM": N_("black mouse"),
    "BJ": N_("black jackal"),
    "BL": N_("black lion"),
}


def colour_word(colour: int) -> Text:
    """The colour as a word ("red"), said in the reader's language."""
    return Text(COLOUR_WORDS[colour])


def animal_word(animal: str) -> Text:
    """The animal as a word ("jackal"), said in the reader's language."""
    return Text(ANIMAL_WORDS[animal])


def seat_colour(colour: int) -> str:
    """The seat playing ``colour`` as texts name it ("Red"): a seat reference, which the bot
    rewrites as the person after the text is said, so it is never translated."""
    return COLOURS[colour].capitalize()


def tile_code(colour: int, animal: str) -> str:
    return COLOUR_CODES[colour] + ANIMAL_CODES[animal]


TILES = tuple(tile_code(c, a) for c in range(len(COLOURS)) for a in ANIMALS)
OWNER = {tile_code(c, a): c for c in range(len(COLOURS)) for a in ANIMALS}
ANIMAL = {tile_code(c, a): a for c in range(len(COLOURS)) for a in ANIMALS}


def full_set() -> tuple[str, ...]:
    """Every tile in the box, red first, in a fixed order (shuffled at setup)."""
    return tuple(
        tile_code(colour, animal)
        for colour in range(len(COLOURS))
        for animal in ANIMALS
        for _ in range(MIX[animal])
    )


def space_name(index: int) -> str:
    row, column = divmod(index, COLUMNS)
    return f"{COLUMN_LETTERS[column]}{row + 1}"


NAMES = tuple(space_name(i) for i in range(SPACES))
INDEX = {name: i for i, name in enumerate(NAMES)}


def step(index: int, direction: str) -> int | None:
    """The neighbouring space in ``direction``, or None off the board."""
    dc, dr = DIRECTIONS[direction]
    row, column = divmod(index, COLUMNS)
    row, column = row + dr, column + dc
    if 0 <= row < ROWS and 0 <= column < COLUMNS:
        return row * COLUMNS + column
    return None


def _ray(index: int, direction: str) -> tuple[int, ...]:
    out: list[int] = []
    here = index
    while True:
        beyond = step(here, direction)
        if beyond is None:
            return tuple(out)
        out.append(beyond)
        here = beyond


# RAYS[index][direction]: the spaces from ``index`` (exclusive) to the board edge.
RAYS: tuple[dict[str, tuple[int, ...]], ...] = tuple(
    {d: _ray(i, d) for d in DIRECTIONS} for i in range(SPACES)
)
