"""The desktop picture at half size, drawn so instead of drawn whole and then halved.

The phone layout shows the whole desktop picture at half size (``render.phone``). Drawing it at
full size only to halve it (``Image.reduce(2)``) cost a third of a TOKAN phone picture: the
full-size background copied, every sprite pasted over four times the area, then the halving.
A renderer given ``HALF`` as its scale draws the same picture at half size directly:

- its cached background and sprites are its full-size ones halved once (``halve``), so shapes
  keep the antialiased edges the halving gave them (Pillow draws shapes without antialiasing);
- its texts are laid out at full size and their full-size masks halved (``paste_text``): drawn
  at half size, hinting narrows a small font's spaces until words run together, and a
  renderer's floor for small scales would make them larger than the halved picture had them;
- lines are drawn at half their width, where they are already antialiased enough.

``HALF`` is 0.5 in arithmetic but hashes and compares apart from a plain 0.5, so a cache keyed
by scale never hands a halved sprite to a picture drawn at scale 0.5 (a replay, say), whose
texts keep their floor.
"""

from __future__ import annotations

from PIL import Image

from render.bounded import MB, bounded
from render.common import text_mask


class Halved(float):
    """The scale of a picture drawn as its full-size self halved (``HALF``)."""

    def __new__(cls) -> Halved:
        return super().__new__(cls, 0.5)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Halved)

    def __ne__(self, other: object) -> bool:
        return not isinstance(other, Halved)

    def __hash__(self) -> int:
        return hash((Halved, 0.5))

    def __repr__(self) -> str:
        return "HALF"

    def __reduce__(self) -> tuple[type[Halved], tuple[()]]:  # pickles (to a picture worker)
        return (Halved, ())


HALF = Halved()


def is_half(scale: float) -> bool:
    return isinstance(scale, Halved)


def halve(image: Image.Image) -> Image.Image:
    """``image`` at half size, each pixel the mean of the 2 x 2 it stands for (Pillow averages
    a sprite with transparency premultiplied, so its edge does not darken toward the
    transparent black around it)."""
    return image.reduce(2)


def text_size(size: float) -> int:
    """The size a text of ``size`` px at full size has in the halved picture."""
    return max(1, int(size / 2 + 0.5))


def layout_scale(scale: float) -> float:
    """The scale a picture at ``scale`` lays its texts out at (measures, wraps, shortens them):
    the halved picture lays them out at full size, as the picture it halves."""
    return 1.0 if is_half(scale) else scale


def paste_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    anchor: str = "la",
) -> None:
    """``render.common.paste_text`` of ``text`` at its full ``size`` anchored at the full-size
    point ``2 * xy``, into the halved ``image``: the pixels the full-size picture halved
    would have there (each 2 x 2 block of the full mask averaged, on the picture's own grid)."""
    _, dx, dy = text_mask(text, size, anchor)
    left, top = round(xy[0] * 2) + dx, round(xy[1] * 2) + dy
    odd_x, odd_y = left % 2, top % 2
    mask = _halved_mask(text, size, anchor, odd_x, odd_y)
    x, y = (left - odd_x) // 2, (top - odd_y) // 2
    image.paste(fill, (x, y, x + mask.width, y + mask.height), mask)


@bounded(4 * MB)
def _halved_mask(text: str, size: int, anchor: str, odd_x: int, odd_y: int) -> Image.Image:
    """A text's full-size mask halved, shifted a pixel right or down first when its corner
    falls on an odd full-size pixel (so its 2 x 2 blocks are the picture's)."""
    coverage, _, _ = text_mask(text, size, anchor)
    if odd_x or odd_y:
        shifted = Image.new("L", (coverage.width + odd_x, coverage.height + odd_y), 0)
        shifted.paste(coverage, (odd_x, odd_y))
        coverage = shifted
    return coverage.reduce(2)
