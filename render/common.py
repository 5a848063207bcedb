"""Drawing helpers shared by every game's picture.

Pictures must read on a phone and be identical on every machine, so text uses Pillow's bundled
scalable font (``ImageFont.load_default(size=...)``) and never a system font.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from rules.base import SEAT_LETTERS as RULES_SEAT_LETTERS

# A calm, high-contrast palette. Seats are never told apart by colour alone: each seat also has
# a letter (see SEAT_LETTERS) that pictures print on its pieces.
BACKGROUND = (246, 241, 229)
INK = (33, 37, 41)
MUTED = (110, 110, 110)
HIGHLIGHT = (255, 196, 0)
SEAT_COLOURS = (
    (200, 40, 40),  # red
    (30, 30, 30),  # black
    (30, 100, 200),  # blue
    (40, 150, 70),  # green
    (150, 70, 170),  # purple
)
SEAT_LETTERS = tuple(RULES_SEAT_LETTERS)  # the letters messages use too


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font at ``size`` pixels (cached: loading costs a few ms)."""
    return ImageFont.load_default(size=size)


def to_png(image: Image.Image) -> bytes:
    """PNG bytes of a picture posted after every move.

    Boards are flat colours and antialiased text, which a 256-colour palette keeps intact
    (measured: no visible change) while halving the bytes and the encoding time against a
    full-colour PNG; no dithering, which would only add noise to flat areas.
    """
    palette = image.convert("RGB").quantize(
        colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    buffer = io.BytesIO()
    palette.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def centred_text(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int] = INK,
    stroke: tuple[int, int, int] | None = None,
) -> None:
    """Draw ``text`` centred on ``centre``; an optional outline keeps it legible on any fill."""
    draw.text(
        centre,
        text,
        font=font(size),
        fill=fill,
        anchor="mm",
        stroke_width=2 if stroke else 0,
        stroke_fill=stroke,
    )


def text_width(text: str, size: int) -> float:
    return font(size).getlength(text)


def contrast_ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def column_label(index: int) -> str:
    """Column letters used by board notations: 0 -> 'a', 25 -> 'z'."""
    return "abcdefghijklmnopqrstuvwxyz"[index]
