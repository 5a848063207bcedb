"""The phone-first picture: what the next decision needs, legible at chat size.

Most players first see a posted picture 380 px wide (a phone's chat column). At that width the
desktop pictures (1,150-1,440 px) printed their labels 4-5 px tall. The phone layout is half as
wide as the desktop picture and stacks, top to bottom:

1. the status: the game, who acts, what is awaited and every player's score, in text at least
   9 px tall once the picture is shown 380 px wide;
2. the region of the decision (around the boat, the ship navigating, the spots open), cut from
   the desktop picture at full size, so its coordinates read as large as they are drawn there;
3. the whole desktop picture at half size: the whole board, one tap away (open it to zoom).

Every text the layout counts on is recorded with the size it is drawn at in the final picture
(``TEXTS_KEY`` in the picture's info): the legibility test measures those, per game and layout.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from i18n.catalogue import ENGLISH
from i18n.text import T
from render.bounded import MB, bounded
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    ellipsize,
    font_for,
    paste_text,
    said,
    text_width,
    wrap,
)
from render.palette import INFO_KEY

CHAT_WIDTH = 380  # how wide a phone shows a posted picture
MIN_TEXT = 9  # px: the least height of a text the decision needs, at CHAT_WIDTH
TEXTS_KEY = "tidetable.texts"  # the picture's info entry listing its informative texts
PAD = 14
FOCUS_RATIO = 0.62  # the region's height for its width
DIVIDER = (200, 190, 170)
LAYOUTS = ("desktop", "phone")


@dataclass(frozen=True)
class Label:
    """A coordinate label as the desktop picture draws it: text, size (px) and centre."""

    text: str
    size: int
    x: float
    y: float

    def halved(self) -> Label:
        """The label as the picture halved draws it."""
        return Label(self.text, self.size // 2, self.x / 2, self.y / 2)


@dataclass(frozen=True)
class Status:
    """The words at the top: a title, who acts and on what, then one line per player."""

    title: str
    lines: Sequence[str]
    scores: Sequence[str]


@dataclass(frozen=True)
class Drawn:
    """An informative text as drawn in the final picture: its size and its glyphs' height."""

    text: str
    size: float  # the font's pixel size in the picture
    height: float  # the drawn glyphs' box height in the picture
    where: str  # "status", "region" or "whole"

    def at(self, width: int, shown: int = CHAT_WIDTH) -> float:
        """The font's size once the picture (``width`` px wide) is shown ``shown`` px wide."""
        return self.size * shown / width


def text_size(width: int) -> int:
    """The status's text size for a picture ``width`` px wide: at least MIN_TEXT px at chat
    width, with a pixel to spare for rounding."""
    return math.ceil(width * MIN_TEXT / CHAT_WIDTH) + 1


@lru_cache(maxsize=4096)
def text_height(text: str, size: float) -> float:
    """The height of ``text``'s glyphs drawn at ``size`` (their box, in pixels)."""
    _, top, _, bottom = font_for(text, round(size)).getbbox(text)
    return float(bottom - top)


def compose(
    full: Image.Image | None,
    status: Status,
    *,
    board: tuple[float, float, float, float],
    focus: tuple[float, float] | None,
    labels: Sequence[Label],
    whole_legible: bool = False,
    caption: str | None = None,
    whole: Image.Image | None = None,
    language: str = ENGLISH,
) -> Image.Image:
    """The phone picture from the desktop one (``full``): the status, the region of the
    decision around ``focus`` (clamped to the ``board`` box) when there is one, and the whole
    picture at half size (``whole``, when the renderer drew it so itself, ``render.halved``:
    cheaper than halving the full one, which is then needed only for a region). ``labels``
    are the coordinates the desktop picture draws; those in the region (and, if
    ``whole_legible``, in the whole: ``labels`` then give their sizes as drawn there) are
    recorded as drawn. The captions are said in ``language`` (``caption``, the region's, comes
    said already)."""
    if whole is not None:
        halved = 1
    elif full is not None:
        whole = full.reduce(2)
        halved = 2
    else:
        raise ValueError("a phone picture needs the desktop picture or its whole halved")
    width = whole.width
    size = text_size(width)
    drawn: list[Drawn] = []
    head = _status(status, width, size, drawn)
    parts: list[tuple[Image.Image, str]] = [(head, "status")]
    if focus is not None:
        if full is None:
            raise ValueError("a region of the decision is cut from the desktop picture")
        region, box = _region(full, width, board, focus)
        if caption is None:
            caption = said(T("Around the decision (full size):"), language)
        parts.append((_caption(caption, width, size), ""))
        parts.append((region, "region"))
        for label in labels:
            if _inside(label, box):
                height = text_height(label.text, label.size)
                drawn.append(Drawn(label.text, label.size, height, "region"))
    whole_caption = said(T("The whole board (tap to open, then zoom):"), language)
    parts.append((_caption(whole_caption, width, size), ""))
    parts.append((whole, "whole"))
    if whole_legible:
        for label in labels:
            height = text_height(label.text, label.size) / halved
            drawn.append(Drawn(label.text, label.size / halved, height, "whole"))
    total = sum(part.height for part, _ in parts) + PAD * (len(parts) - 1)
    image = Image.new("RGB", (width, total), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = 0
    for part, _ in parts:
        image.paste(part, (0, y))
        y += part.height + PAD
        if y < total:
            draw.line((0, y - PAD // 2, width, y - PAD // 2), fill=DIVIDER, width=2)
    image.info[INFO_KEY] = (full if full is not None else whole).info.get(INFO_KEY)
    image.info[TEXTS_KEY] = tuple(drawn)
    return image


def _inside(label: Label, box: tuple[int, int, int, int]) -> bool:
    """Whether the label's text (its width measured, its height its size) lies in ``box``."""
    half = text_width(label.text, label.size) / 2
    left, top, right, bottom = box
    return (
        left <= label.x - half
        and label.x + half <= right
        and (top <= label.y - label.size / 2 and label.y + label.size / 2 <= bottom)
    )


def _wrap(text: str, width: float, size: int) -> list[str]:
    text = " ".join(text.split())
    lines = wrap(text, width, size)
    if any(text_width(line, size) > width for line in lines):
        lines = _flow(text, width, size)
    return [ellipsize(line, width, size) for line in lines if line]


def _flow(text: str, width: float, size: int) -> list[str]:
    """``wrap`` measures each word in its own font, but a line is drawn in one: the fallback
    font, wider, as soon as a name in it needs that font (Cyrillic, CJK). Then the text is
    wrapped again measuring each trial line whole, so no line runs past the picture's edge."""
    lines: list[str] = []
    words: list[str] = []
    for word in text.split():
        if words and text_width(" ".join([*words, word]), size) > width:
            lines.append(" ".join(words))
            words = []
        words.append(word)
    lines.append(" ".join(words))
    return lines


def _status(status: Status, width: int, size: int, drawn: list[Drawn]) -> Image.Image:
    room = width - 2 * PAD
    rows: list[tuple[str, int, tuple[int, int, int]]] = []
    rows.append((ellipsize(status.title, room, size + 4), size + 4, INK))
    for text in status.lines:
        rows += [(line, size, INK) for line in _wrap(text, room, size)[:4]]
    for text in status.scores:
        rows.append((ellipsize(text, room, size), size, INK))
    pitch = [round(row[1] * 1.3) for row in rows]
    image = _blank(width, PAD + sum(pitch) + PAD // 2)
    y = PAD
    for (text, px, fill), step in zip(rows, pitch, strict=True):
        paste_text(image, (PAD, y), text, px, fill)
        drawn.append(Drawn(text, px, text_height(text, px), "status"))
        y += step
    return image


def _caption(text: str, width: int, size: int) -> Image.Image:
    image = _blank(width, round(size * 1.4))
    paste_text(image, (PAD, 2), ellipsize(text, width - 2 * PAD, size), size, MUTED)
    return image


def _blank(width: int, height: int) -> Image.Image:
    return _background(width, height).copy()


@bounded(8 * MB)
def _background(width: int, height: int) -> Image.Image:
    return Image.new("RGB", (width, height), BACKGROUND)


def _region(
    full: Image.Image,
    width: int,
    board: tuple[float, float, float, float],
    focus: tuple[float, float],
) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """The box ``width`` wide around ``focus``, kept inside the board (then the picture)."""
    height = round(width * FOCUS_RATIO)
    left = _clamp(focus[0] - width / 2, board[0], board[2] - width, full.width - width)
    top = _clamp(focus[1] - height / 2, board[1], board[3] - height, full.height - height)
    box = (left, top, left + width, top + height)
    return full.crop(box), box


def _clamp(value: float, low: float, high: float, limit: int) -> int:
    """``value`` within [low, high] (low wins if the room is too small), then the picture."""
    value = max(low, min(value, high)) if high >= low else low
    return max(0, min(round(value), limit))


def drawn_texts(image: Image.Image) -> tuple[Drawn, ...]:
    """The informative texts recorded on a phone picture (none on a desktop one)."""
    found: tuple[Drawn, ...] = image.info.get(TEXTS_KEY, ())
    return found
