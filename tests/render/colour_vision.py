"""The smallest distance between the colours a decision depends on, per game, as seen with
normal colour vision and with the three common deficiencies (colorspacious: CAM02-UCS, with
deuteranomaly, protanomaly and tritanomaly simulated at severity 100, i.e. the -opias).

    .venv/bin/python -m tests.render.colour_vision     # prints the table (before and after)

"Before" are the colours the pictures used until issue 24; "after" are read from the renderers.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import numpy as np
from colorspacious import cspace_convert

from render import common, fishing, tokan, tonari, toshi
from rules.fishing.data import Tile
from rules.tonari import Token

Colour = tuple[int, int, int]
VISIONS = ("normal", "deuteranomaly", "protanomaly", "tritanomaly")
FISH = (Tile.RED, Tile.BLUE, Tile.YELLOW, Tile.GREEN, Tile.CRAYFISH, Tile.KINGFISH)
FISH += (Tile.LUNKER, Tile.DINKER, Tile.SKIPJACK, Tile.SHINER, Tile.JUNK, Tile.SWAP_FISH)
TOKENS = (Token.RED, Token.BLUE, Token.GREEN, Token.YELLOW, Token.ORANGE, Token.PURPLE)
TOKENS += (Token.PINK, Token.SENSE)

BEFORE: dict[str, dict[str, Colour]] = {
    "tokan": {"red tiles": (200, 40, 40), "black tiles": (34, 34, 34)},
    "tonari": {
        "RED": (214, 48, 49), "BLUE": (40, 96, 214), "GREEN": (46, 150, 70),
        "YELLOW": (245, 205, 50), "ORANGE": (245, 140, 30), "PURPLE": (110, 60, 150),
        "PINK": (245, 150, 200), "SENSE": (235, 235, 235),
    },
    "fishing": {
        "RED": (214, 48, 49), "BLUE": (40, 96, 214), "YELLOW": (245, 205, 50),
        "GREEN": (46, 150, 70), "CRAYFISH": (168, 74, 40), "KINGFISH": (212, 170, 30),
        "LUNKER": (24, 110, 110), "DINKER": (150, 205, 245), "SKIPJACK": (120, 130, 150),
        "SHINER": (235, 215, 250), "JUNK": (80, 80, 80), "SWAP_FISH": (238, 232, 214),
    },
    "toshi": {
        "R": (214, 64, 58), "B": (52, 104, 200), "G": (58, 148, 78), "P": (138, 76, 168),
        "Y": (236, 196, 48),
    },
    "tonga": {
        "seat A": (200, 40, 40), "seat B": (30, 30, 30), "seat C": (30, 100, 200),
        "seat D": (40, 150, 70),
    },
}  # fmt: skip


def current() -> dict[str, dict[str, Colour]]:
    """The colours each game's decisions depend on, as the renderers draw them now: TOKAN's two
    sides, Tonari's fish tokens (and the skills' one colour), Friendly Fishing's tiles (and the
    actions' one colour), Toshi Tōshi's building colours, Tonga Bonga's seats (ships, camps,
    dice)."""
    return {
        "tokan": {"red tiles": tokan.RED, "black tiles": tokan.BLACK},
        "tonari": {token.name: tonari.STYLE[token][0] for token in TOKENS},
        "fishing": {tile.name: fishing.STYLE[tile][0] for tile in FISH},
        "toshi": dict(toshi.CARD_COLOURS),
        "tonga": {f"seat {common.SEAT_LETTERS[k]}": common.SEAT_COLOURS[k] for k in range(4)},
    }


def _seen(colour: Colour, vision: str) -> np.ndarray:
    rgb = np.array(colour, dtype=float) / 255
    if vision != "normal":
        space = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
        rgb = np.clip(cspace_convert(rgb, space, "sRGB1"), 0, 1)
    return np.asarray(cspace_convert(rgb, "sRGB1", "CAM02-UCS"))


def closest(colours: Mapping[str, Colour], vision: str) -> tuple[float, str, str]:
    """The smallest CAM02-UCS distance between two of ``colours`` seen with ``vision``, and
    which two."""
    seen = {name: _seen(colour, vision) for name, colour in colours.items()}
    return min(
        (float(np.linalg.norm(seen[a] - seen[b])), a, b)
        for a, b in itertools.combinations(colours, 2)
    )


def table() -> list[str]:
    """One line per game: the smallest distance per vision, before -> after."""
    after = current()
    lines = ["game     | " + " | ".join(f"{vision:>22}" for vision in VISIONS)]
    for game, colours in after.items():
        cells = []
        for vision in VISIONS:
            was, now = closest(BEFORE[game], vision), closest(colours, vision)
            cells.append(f"{was[0]:5.1f} -> {now[0]:5.1f} {now[1][:4]}/{now[2][:4]}")
        lines.append(f"{game:8} | " + " | ".join(f"{cell:>22}" for cell in cells))
    return lines


if __name__ == "__main__":
    print("\n".join(table()))
