"""The fixed palette each game's picture is encoded with: no adaptive quantizing per picture.

An adaptive 256-colour quantize cost 12-26 ms a board, more than drawing it. Every flat colour a
renderer draws with is declared as a module constant, so the palette is known before any
picture: those colours exactly, then a 6x6x6 colour cube for the antialiased edges of text and
shapes (each edge pixel lands on its nearest colour; measured closer on average than the
adaptive palette was). Mapping to it without dithering is a table look-up (~2 ms a board).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import wraps
from typing import Any, ParamSpec

from PIL import Image

Colour = tuple[int, int, int]
INFO_KEY = "tidetable.palette"  # where a picture carries its palette until it is encoded
CUBE_STEP = 51  # 0, 51, ..., 255: six levels a channel
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


def fixed_palette(colours: Iterable[Colour]) -> Image.Image:
    """A palette image: ``colours`` first (at most 256), the colour cube in the slots left."""
    chosen: dict[Colour, None] = dict.fromkeys(colours)
    levels = range(0, 256, CUBE_STEP)
    for red in levels:
        for green in levels:
            for blue in levels:
                if len(chosen) >= 256:
                    break
                chosen.setdefault((red, green, blue), None)
    flat = [channel for colour in list(chosen)[:256] for channel in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [0] * (768 - len(flat)))
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
