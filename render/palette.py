"""The fixed palette each game's picture is encoded with: no adaptive quantizing per picture.

An adaptive 256-colour quantize cost 12-26 ms a board, more than drawing it. Every flat colour a
renderer draws with is declared as a module constant, so the palette is known before any
picture: those colours exactly, then, for the antialiased edges of text and
shapes, blends of those colours toward the ink and the paper (antialiased text) and a 5x5x5 cube
(each edge pixel lands on its nearest colour; measured closer on average than the adaptive
palette was: tests/render/test_palette.py). Mapping to it without dithering is a table
look-up (~2 ms a board).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import wraps
from typing import Any, ParamSpec

from PIL import Image

Colour = tuple[int, int, int]
INFO_KEY = "tidetable.palette"  # where a picture carries its palette until it is encoded
GUARD = 11  # no extra entry this near a flat colour (Euclidean, in RGB units)
CUBE_LEVELS = 5  # 0, 64, 128, 191, 255 a channel: the cube takes 125 slots
P = ParamSpec("P")


def _collect(value: Any, out: dict[Colour, None], depth: int = 0) -> None:
    if depth > 4:
        return
    if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
        if all(0 <= v <= 255 for v in value):
            out[value] = None
        return
    if isinstance(value, tuple | list):
        for item in value:
            _collect(item, out, depth + 1)
    elif isinstance(value, Mapping):
        for item in value.values():
            _collect(item, out, depth + 1)


def declared_colours(*namespaces: Mapping[str, Any]) -> tuple[Colour, ...]:
    """Every RGB colour held by an upper-case constant of the namespaces (a module's globals),
    in the order met: ``BACKGROUND``, ``SEAT_COLOURS``, a ``STYLE`` table's colours, ..."""
    found: dict[Colour, None] = {(255, 255, 255): None, (0, 0, 0): None}
    for namespace in namespaces:
        for name, value in namespace.items():
            if name.isupper():
                _collect(value, found)
    return tuple(found)


def fixed_palette(colours: Iterable[Colour], toward: Sequence[Colour] = ()) -> Image.Image:
    """A palette image: ``colours`` first (at most 256); then each of them a quarter, half and
    three quarters of the way to each colour of ``toward`` (the ink and the paper: where text
    and lines are antialiased), as room allows; then a colour cube in the slots left."""
    chosen: dict[Colour, None] = dict.fromkeys(colours)
    flat = list(chosen)

    def add(colour: Colour) -> None:
        # Pillow looks a pixel's nearest entry up for its value rounded down to 4 units a
        # channel (up to 3 off each): an extra entry within twice that of a flat colour could
        # take its pixels.
        if all(sum((a - b) ** 2 for a, b in zip(colour, c, strict=True)) > GUARD**2 for c in flat):
            chosen.setdefault(colour, None)

    room = 256 - CUBE_LEVELS**3
    for target in toward:
        for colour in flat:
            for share in (0.25, 0.5, 0.75):
                if len(chosen) < room:
                    red, green, blue = (
                        round(a + (b - a) * share) for a, b in zip(colour, target, strict=True)
                    )
                    add((red, green, blue))
    levels = [round(k * 255 / (CUBE_LEVELS - 1)) for k in range(CUBE_LEVELS)]
    for red in levels:
        for green in levels:
            for blue in levels:
                if len(chosen) < 256:
                    add((red, green, blue))
    channels = [channel for colour in list(chosen)[:256] for channel in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(channels + [0] * (768 - len(channels)))
    return palette


def tagged(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` marked with the palette it is to be encoded with (see ``common.to_png``)."""
    image.info[INFO_KEY] = palette
    return image


def to_fixed(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` mapped to ``palette``: each pixel its nearest colour, no dithering."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def drawn_with(
    palette: Callable[[], Image.Image],
) -> Callable[[Callable[P, Image.Image]], Callable[P, Image.Image]]:
    """``@drawn_with(palette)`` on a function returning a picture: the picture is tagged with
    ``palette()`` for its encoding."""

    def wrap(function: Callable[P, Image.Image]) -> Callable[P, Image.Image]:
        @wraps(function)
        def drawn(*args: P.args, **kwargs: P.kwargs) -> Image.Image:
            return tagged(function(*args, **kwargs), palette())

        return drawn

    return wrap
