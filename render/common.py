"""Drawing helpers shared by every game's picture.

Pictures must read on a phone and be identical on every machine, so text uses Pillow's bundled
scalable font (``ImageFont.load_default(size=...)``) and never a system font.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

from i18n.catalogue import ENGLISH, PSEUDO_CLOSE, say
from i18n.text import T, Text
from render.bounded import MB, bounded
from render.palette import INFO_KEY, declared_colours, fixed_palette, to_fixed
from rules.base import SEAT_LETTERS as RULES_SEAT_LETTERS

# A calm, high-contrast palette. Seats are never told apart by colour alone: each seat also has
# a letter (see SEAT_LETTERS) that pictures print on its pieces.
BACKGROUND = (246, 241, 229)
INK = (33, 37, 41)
MUTED = (110, 110, 110)
HIGHLIGHT = (255, 196, 0)
SEAT_COLOURS = (
    (212, 0, 8),  # red
    (30, 30, 30),  # black
    (35, 149, 238),  # blue
    (27, 126, 81),  # green
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
    while halving the bytes against a full-colour PNG. The palette is fixed (the one the
    renderer tagged the picture with, else the shared colours': ``render.palette``), so no
    picture pays for an adaptive quantize; a picture already in palette mode is saved as is.
    """
    if image.mode != "P":
        image = to_fixed(image, image.info.get(INFO_KEY) or default_palette())
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


@cache
def default_palette() -> Image.Image:
    """The palette of a picture no renderer tagged: the shared colours, then the cube."""
    return game_palette()


def game_palette(*namespaces: Mapping[str, Any]) -> Image.Image:
    """The fixed palette of pictures drawn with the shared colours and those declared in
    ``namespaces`` (a renderer's module globals): see ``render.palette``."""
    return fixed_palette(declared_colours(globals(), *namespaces), toward=(INK, BACKGROUND))


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
        font=font_for(text, size),
        fill=fill,
        anchor="mm",
        stroke_width=2 if stroke else 0,
        stroke_fill=stroke,
    )


@bounded(8 * MB)
def text_mask(text: str, size: int, anchor: str = "la") -> tuple[Image.Image, int, int]:
    """``text``'s coverage as a one-byte mask (any colour pastes through it: a quarter of an
    RGBA sprite's bytes), and where its corner lies from the anchor point."""
    face = font_for(text, size)
    if "\n" not in text and text.strip():
        found = _from_words(text, face, size, anchor) or _one_line_mask(text, face, size, anchor)
        if found is not None:
            return found
    # Whole pixels (the typing allows fractions): the mask's size and offset are counts.
    left, top, right, bottom = (int(edge) for edge in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left + 2), max(1, bottom - top + 2)), 0)
    ImageDraw.Draw(mask).text((1 - left, 1 - top), text, font=face, fill=255, anchor=anchor)
    return mask, left - 1, top - 1


def _from_words(
    text: str, face: ImageFont.FreeTypeFont | ImageFont.ImageFont, size: int, anchor: str
) -> tuple[Image.Image, int, int] | None:
    """``text_mask`` of a line of several words in the bundled font, put together from its
    words' cached masks: a board's lines change every move ("move 13", the scores, the last
    move) while their words come back, and drawing glyphs is most of a picture's cost.

    The very pixels of drawing the line: the bundled font is laid out without kerning, each
    glyph a whole number of pixels from the last (``text_width`` tells), so a word's glyphs lie
    in the line as in the word drawn alone, on the same baseline; the words' inks do not touch
    (checked: else None, and the line is drawn whole); and the anchor's offset from the
    baseline's start is what Pillow takes (the font's metrics; half the width rounded up)."""
    if " " not in text.strip() or face is not font(size) or anchor[0] not in "lmr":
        return None
    if anchor[1] not in "asdm":
        return None
    space = text_width(" ", size)
    if not space.is_integer():
        return None
    pieces: list[tuple[int, tuple[Image.Image, int, int]]] = []
    pen = 0
    for index, word in enumerate(text.split(" ")):
        pen += int(space) if index else 0
        if not word:
            continue
        wide = text_width(word, size)
        if not wide.is_integer():
            return None
        pieces.append((pen, text_mask(word, size, "ls")))
        pen += int(wide)
    # Each word's ink (its mask less the pixel of margin), left to right: none may touch.
    inks = [(x + dx + 1, x + dx + mask.width - 1) for x, (mask, dx, _) in pieces]
    if any(right >= left for (_, right), (left, _) in pairwise(inks)):
        return None
    left = min(x + dx for x, (_, dx, _) in pieces)
    top = min(dy for _, (_, _, dy) in pieces)
    right = max(x + dx + mask.width for x, (mask, dx, _) in pieces)
    bottom = max(dy + mask.height for _, (mask, _, dy) in pieces)
    line = Image.new("L", (right - left, bottom - top), 0)
    for x, (mask, dx, dy) in pieces:
        box = (x + dx - left, dy - top)
        # A word's margin may lie on its neighbour's: the lighter pixel of the two is ink.
        region = line.crop((*box, box[0] + mask.width, box[1] + mask.height))
        line.paste(ImageChops.lighter(region, mask), box)
    ink = line.getbbox()
    if ink is None:
        return None
    cut = line.crop((ink[0] - 1, ink[1] - 1, ink[2] + 1, ink[3] + 1))
    shift_x = {"l": 0, "m": -((pen + 1) // 2), "r": -pen}[anchor[0]]
    shift_y = _baseline_from(size, anchor[1])
    return cut, left + ink[0] - 1 + shift_x, top + ink[1] - 1 + shift_y


@cache
def _baseline_from(size: int, vertical: str) -> int:
    """How far below an anchor (``a``, ``s``, ``d`` or ``m``) of the bundled font at ``size`` a
    line's baseline lies: the same for every text (the font's metrics)."""
    face = font(size)
    return int(face.getbbox("x", anchor="l" + vertical)[1] - face.getbbox("x", anchor="ls")[1])


def _one_line_mask(
    text: str, face: ImageFont.FreeTypeFont | ImageFont.ImageFont, size: int, anchor: str
) -> tuple[Image.Image, int, int] | None:
    """``text_mask`` of one line laid out once: drawn on a canvas with room to spare, then cut
    to its ink and a pixel more. Measuring it first (``getbbox``) lays every glyph out and
    renders it once more, as long as drawing it; the pixels are the same, since only ink
    pastes. None when the ink reaches the canvas's edge (it may have been cut)."""
    room = 2 * size + 4
    width, height = 2 * size * len(text) + 2 * room, 4 * size + 2 * room
    x = {"l": room, "r": width - room}.get(anchor[0], width // 2)
    y = {"a": room, "t": room, "b": height - room, "d": height - room}.get(anchor[1], height // 2)
    canvas = Image.new("L", (width, height), 0)
    ImageDraw.Draw(canvas).text((x, y), text, font=face, fill=255, anchor=anchor)
    ink = canvas.getbbox()
    if ink is None:
        return None
    left, top, right, bottom = ink
    if left < 1 or top < 1 or right > width - 1 or bottom > height - 1:
        return None
    cut = canvas.crop((left - 1, top - 1, right + 1, bottom + 1))
    return cut, left - 1 - x, top - 1 - y


def paste_mask(
    image: Image.Image,
    xy: tuple[float, float],
    mask: tuple[Image.Image, int, int],
    fill: tuple[int, int, int],
) -> None:
    """Paint ``fill`` through a ``text_mask`` placed at its anchor point ``xy``."""
    coverage, dx, dy = mask
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    image.paste(fill, (x, y, x + coverage.width, y + coverage.height), coverage)


def paste_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int] = INK,
    anchor: str = "la",
) -> None:
    """``draw.text(xy, text, anchor=anchor)`` (top-left by default) from a cached sprite:
    rendering glyphs is most of a picture's cost, and most texts come back picture after
    picture."""
    paste_mask(image, xy, text_mask(text, size, anchor), fill)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> float:
    """The width of ``text`` in pixels (cached: measuring with layout costs ~0.1 ms a call, and
    wrapping measures every trial line). A line of words in the bundled font is its words'
    widths and its spaces' (laid out without kerning, in whole pixels: ``_from_words``)."""
    face = font_for(text, size)
    if " " in text and text != " " and face is font(size):
        words = text.split(" ")
        widths = [text_width(word, size) for word in words if word]
        widths += [text_width(" ", size)] * (len(words) - 1)
        if all(width.is_integer() for width in widths):
            return float(sum(widths))
    return face.getlength(text)


def wrap(text: str, width: float, size: int) -> list[str]:
    """Greedy word wrap of ``text`` to ``width`` pixels at font ``size``, each paragraph
    (``\n``) on new lines. A line's width is its words' widths and its spaces': words come back
    picture after picture and are measured once (measuring every trial line was most of the
    time of a picture with a long pending text)."""
    space = text_width(" ", size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line: list[str] = []
        used = 0.0
        for word in paragraph.split():
            wide = text_width(word, size)
            if line and used + space + wide > width:
                lines.append(" ".join(line))
                line, used = [word], wide
            else:
                used += (space if line else 0.0) + wide
                line.append(word)
        lines.append(" ".join(line))
    return lines


def contrast_ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def column_label(index: int) -> str:
    """Column letters used by board notations: 0 -> 'a', 25 -> 'z'."""
    return "abcdefghijklmnopqrstuvwxyz"[index]


# -- fonts for any text: player names come in every script -------------------------------------
# Pillow's bundled font covers plain ASCII only (no "ō", "é", "→"). Any text that needs more is
# drawn whole in Tidetable Sans (fonts/README.txt): DejaVu Sans merged with Noto Sans CJK and
# Noto Emoji, so Latin, Greek, Cyrillic, Hebrew, Arabic, CJK and emoji share one font and Raqm
# lays a mixed line out in one pass (bidi, Arabic joining). The rare character it lacks is left
# out of a name rather than drawn as a box.
FALLBACK_FONT = Path(__file__).parent / "fonts" / "TidetableSans.woff"
_PROBE = 24  # the size glyph coverage is tested at
_NOWHERE = "\U000f0001"  # a private-use character no font here has: its mask is the "missing" box


@cache
def fallback_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FALLBACK_FONT), size)


@cache
def _missing(which: int) -> bytes:
    face = font(_PROBE) if which == 0 else fallback_font(_PROBE)
    mask = face.getmask(_NOWHERE)
    return bytes(mask.size) + bytes(mask)


@lru_cache(maxsize=8192)
def has_glyph(char: str, which: int = 0) -> bool:
    """Whether the bundled font (0) or the fallback (1) draws ``char`` (not as its empty box)."""
    if char == " ":
        return True
    face = font(_PROBE) if which == 0 else fallback_font(_PROBE)
    mask = face.getmask(char)
    return bytes(mask.size) + bytes(mask) != _missing(which)


@lru_cache(maxsize=4096)
def font_for(text: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The bundled font when it has every character of ``text``, else the fallback font."""
    if all(has_glyph(c) for c in text):
        return font(size)
    return fallback_font(size)


def printable(text: str) -> str:
    """``text`` with only characters one of our fonts draws, in one line (NFC, spaces squeezed)."""
    text = unicodedata.normalize("NFC", text)
    # Format characters (joiners, bidi controls a name may carry) go without a trace: their
    # job is done by isolated() and the font; anything else undrawable becomes a space.
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    kept = (c if c.isprintable() and (has_glyph(c) or has_glyph(c, 1)) else " " for c in text)
    return " ".join("".join(kept).split())


@lru_cache(maxsize=1024)
def ellipsize(text: str, width: float, size: int) -> str:
    """``text`` cut with "…" so it is at most ``width`` pixels wide at font ``size``."""
    if text_width(text, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with its "…"
        mid = (low + high + 1) // 2
        if text_width(text[:mid].rstrip() + "…", size) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


# -- naming people -----------------------------------------------------------------------------
NAME_EMS = 10  # a name is cut to at most this many font sizes wide (about 20 letters)
FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"


def isolated(name: str) -> str:
    """``name`` as a bidi isolate when it holds right-to-left letters (Arabic, Hebrew, ...).

    Inside the isolate the name takes its own direction; outside, it counts as one neutral
    character, so "محمد (B): 113 coins" keeps "(B): 113 coins" after the name, in order,
    instead of the whole line being laid out right to left. Left-to-right names are returned
    as they are: they cannot reorder a left-to-right line."""
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in name):
        return f"{FIRST_STRONG_ISOLATE}{name}{POP_DIRECTIONAL_ISOLATE}"
    return name


@lru_cache(maxsize=4096)
def display_name(name: str) -> str:
    """A person's name made drawable: only characters our fonts have, at most NAME_EMS wide,
    isolated when it reads right to left; "" when nothing of it is left to draw (cached: every
    picture names every player several times)."""
    kept = printable(str(name))
    if not any(c.isalnum() or unicodedata.category(c) == "So" for c in kept):
        return ""
    return isolated(ellipsize(kept, NAME_EMS * _PROBE, _PROBE))


def player_name(seat: int, names: Sequence[str] | None, language: str = ENGLISH) -> str:
    """The seat's display name, drawable and at most NAME_EMS wide; "Seat 2" without one."""
    if names is not None and 0 <= seat < len(names):
        name = display_name(said(names[seat], language))  # a computer's: a text
        if name:
            return name
    return said(T("Seat {number}", number=seat + 1), language)


def seat_label(
    seat: int,
    names: Sequence[str] | None = None,
    tag: str | None = None,
    language: str = ENGLISH,
) -> str:
    """ "alice (A)": the name and the seat's letter (or ``tag``, e.g. TOKAN's "red", said
    already in ``language``)."""
    return f"{player_name(seat, names, language)} ({tag or SEAT_LETTERS[seat]})"


# Bounded by Latin letters and digits, not ``\b``: a Japanese caption's kana are letters too.
_SEAT_IN_TEXT = re.compile(r"(?<![A-Za-z0-9_])Seat (\d)(?: \(([A-Za-z]+)\))?")


def name_seats(
    text: str,
    names: Sequence[str] | None,
    tags: Sequence[str] | None = None,
    language: str = ENGLISH,
) -> str:
    """A rules text with "Seat 2 (B)" and a bare "Seat 2" both written as the person, "bob (B)".

    Without names the text is unchanged, so a picture still reads "Seat 2 (B)" as before."""
    if names is None:
        return text

    def person(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        if seat >= len(names):
            return match.group(0)
        return seat_label(seat, names, tags[seat] if tags else None, language)

    return _SEAT_IN_TEXT.sub(person, text)


# A text said in the pseudo-language opens with its bracket: the actor comes right after it.
_ACTOR_PREFIX = re.compile(r"^\s*(⟦?)\s*Seat \d(?: \([A-Za-z]+\))?:\s*")


def drop_actor(text: str) -> str:
    """A pending text without its leading "Seat 2:" when the picture already names who acts."""
    return _ACTOR_PREFIX.sub(r"\1", text, count=1)


def tidy(text: str) -> str:
    """A chat text made fit to draw: no Discord backticks, no doubled full stops."""
    text = text.replace("`", "")
    text = re.sub(r"(?<![.…])\.\s*\.(?!\.)", ".", text)  # ".." or ". ." but not "..."
    return " ".join(text.split()) if "\n" not in text else text


def to_act_line(labels: Sequence[str], language: str = ENGLISH) -> str:
    """ "To act: alice (A), bob (B)", or "Game over" once nobody is left to act."""
    if not labels:
        return said(T("Game over"), language)
    return said(T("To act: {people}", people=", ".join(labels)), language)


# -- words in the viewer's language ------------------------------------------------------------
def said(text: Text | str, language: str = ENGLISH) -> str:
    """``text`` said in ``language`` (a catalogue language code): a picture is drawn in the
    language of whoever sees it. A plain string (a rules text not made a Text) is as it is."""
    return say(text, language)


def word(entry: str, language: str = ENGLISH) -> str:
    """A word of a rules table (a colour, a tile's name, a ledger line: marked ``N_`` where it
    is defined) said in ``language``."""
    return say(entry if isinstance(entry, Text) else Text(entry), language)


# -- alt text ----------------------------------------------------------------------------------
ALT_LIMIT = 1024  # Discord's limit for an attachment's description


def clip_alt(text: str, limit: int = ALT_LIMIT) -> str:
    """``text`` in one paragraph of at most ``limit`` characters, cut at a word with "…"."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:") + "…"


SENTENCE_ENDS = ".!?…。！？"  # a sentence said in Japanese ends with its own full stop


def sentences(*parts: str) -> str:
    """Non-empty parts joined as sentences, each ending with exactly one full stop (a part
    said in the pseudo-language is read inside its brackets)."""
    out = []
    for part in parts:
        part = part.strip()
        if part:
            ended = part.rstrip(PSEUDO_CLOSE)[-1:] in SENTENCE_ENDS
            out.append(part if ended else part + ".")
    return tidy(" ".join(out))
