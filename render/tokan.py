"""The TOKAN picture: the 5 x 6 grid with every stack, the last move, the taboo space and scores.

Pure function of a ``TokanView``. Red tiles are discs and black tiles are rounded squares, each
with its animal letter (M, J, L), so colour is never the only cue; a key under the board says how
far each animal moves. A space has three parts: its top tile large (the tiles beneath peek out
below it), a column of chips at its right listing the whole stack with the bottom tile lowest and
the top tile highest under a height badge, and two empty lanes (along its top and its left edge)
where the last move's arrow runs, so the arrow never covers a tile.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from i18n.catalogue import ENGLISH, PSEUDO_OPEN
from i18n.text import N_, TN, T, Text, joined
from render import common, halved
from render.bounded import MB, bounded
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    centred_text,
    clip_alt,
    ellipsize,
    font_for,
    paste_text,
    said,
    seat_label,
    sentences,
    tidy,
    word,
    wrap,
)
from render.halved import HALF, halve, is_half, layout_scale, text_size
from render.palette import tagged
from render.phone import Label, Status, compose
from rules.tokan.board import (
    ANIMAL,
    ANIMAL_CODES,
    ANIMALS,
    COLOURS,
    INDEX,
    MAX_CARRY,
    NAMES,
    OWNER,
    RANGE,
)
from rules.tokan.state import SeatTally, TokanView

CELL = 170
MARGIN = 56  # room for the coordinate labels on each side
TITLE = 64
FOOTER = 250
ROWS, COLUMNS = 5, 6

BOARD_FILL = (196, 160, 112)
SPACE_FILL = (238, 226, 200)
GAP_FILL = (92, 78, 64)
GAP_HATCH = (120, 104, 86)
GAP_TEXT = (235, 225, 210)
EDGE_LABEL = 30  # the column letters and row numbers
RED = (200, 40, 40)
RED_EDGE = (120, 16, 16)
BLACK = (34, 34, 34)
BLACK_EDGE = (150, 150, 150)
TILE_INK = (255, 255, 255)
ARROW = (255, 150, 0)
ARROW_EDGE = (60, 40, 0)
TABOO = (170, 20, 150)
ORIGIN = (255, 196, 0)

# A space's layout at scale 1, from its top-left corner (the cell is CELL x CELL):
LANE = 18  # the arrow lanes: a horizontal move runs at y = LANE, a vertical one at x = LANE
TILE_SIZE = 80  # the top tile's width
TILE_CENTRE = (82, 76)
LAYER_STEP = 4  # how far each tile beneath peeks out (downwards)
MAX_LAYERS = 3
HEIGHT_Y = 139  # the "3 high" label under the tile
STRIP_X = 146  # the centre of the stack's chip column
STRIP_BOTTOM = 165  # the lowest chip's bottom edge
STRIP_ROOM = 131  # the column's height for chips
CHIP = 32  # a chip's size when the stack is short enough

# The words the picture draws for the rules' colours and animals (said in the viewer's language).
COLOUR_WORDS = (N_("red"), N_("black"))
ANIMAL_WORDS = {"mouse": N_("mouse"), "jackal": N_("jackal"), "lion": N_("lion")}


def render(
    view: TokanView,
    *,
    names: Sequence[str] | None = None,
    scale: float = 1.0,
    layout: str = "desktop",
    language: str = ENGLISH,
) -> Image.Image:
    """The board as an RGB image, about 1140 px wide at scale 1 (``layout="phone"``: the
    phone-first picture, ``render.phone``), its words in ``language``."""
    if layout == "phone":
        return phone(view, names, language)
    image = _base(scale, language).copy()
    draw = ImageDraw.Draw(image)
    s = scale
    for index, stack in enumerate(view.board):
        if not stack:
            _draw_gap(image, _cell_box(index, s), s, language)
    if view.last is not None:
        _mark_last_move(draw, view, s)
    for index, stack in enumerate(view.board):
        if stack:
            _draw_stack(image, draw, _cell_box(index, s), stack, s, language)
    if view.last is not None:
        _draw_arrow(draw, INDEX[view.last.origin], INDEX[view.last.landing], s)
    if view.taboo is not None:
        _mark_taboo(image, draw, _cell_box(INDEX[view.taboo], s), s, language)
    _draw_title(image, view, names, s, language)
    _draw_footer(image, draw, view, names, s, language)
    return tagged(image, palette())


@cache
def palette() -> Image.Image:
    """The fixed palette every TOKAN picture is encoded with (``render.palette``)."""
    return common.game_palette(globals())


def phone(
    view: TokanView, names: Sequence[str] | None = None, language: str = ENGLISH
) -> Image.Image:
    """The phone-first picture: who moves on what and both scores, then the whole picture at
    half size (the 6 x 6 board's coordinates and animal letters are large enough to read
    there, so no region is cut out)."""
    scoring = _scoring(view)
    if view.result is not None:
        title = TN(
            "{game} · game over after {count} moves",
            "{game} · game over after {count} moves",
            view.moves_made,
            game="TOKAN",
        )
        lines = [_result(view.result, names, language)]
    else:
        seat = view.turn if view.turn is not None else 0
        title = T("{game} · {person} to move", game="TOKAN", person=_label(seat, names, language))
        move = T("{scoring} scoring, move {number}", scoring=scoring, number=view.moves_made + 1)
        lines = [tidy(said(view.pending, language)), said(move, language)]
    scores = [_tally(t, names, language) for t in view.tallies]
    width, height = _size(1.0)
    # The whole is the desktop picture halved, drawn at half size directly (``render.halved``):
    # drawn at a plain scale 0.5, its texts (16 px at least) would crowd the stacks and the key
    # would run off the edge.
    return compose(
        None,
        Status(said(title, language), lines, scores),
        board=(0, 0, width, height),
        focus=None,
        labels=[label.halved() for label in coordinate_labels()],
        whole_legible=True,
        whole=render(view, names=names, scale=HALF, language=language),
        language=language,
    )


def _scoring(view: TokanView) -> Text:
    """The scoring rule's name (a text: said where it is drawn)."""
    return T("Towers") if view.scoring == "towers" else T("Every Head Counts")


def _tally(tally: SeatTally, names: Sequence[str] | None, language: str) -> str:
    """ "alice (red): 12 (Towers 5+3+2 = 10; …)": a seat's score and how it adds up."""
    head = f"{_label(tally.seat, names, language)}: {tally.total}"
    if not tally.lines:
        return head
    return f"{head} ({'; '.join(said(line, language) for line in tally.lines)})"


@cache
def coordinate_labels() -> tuple[Label, ...]:
    """The column letters and row numbers on all four sides of the board, where the picture
    prints them at scale 1 (the background draws from this list)."""
    left, top = _origin(1.0)
    found = []
    for column in range(COLUMNS):
        x = left + (column + 0.5) * CELL
        for y in (top - MARGIN / 2 - 4, top + ROWS * CELL + MARGIN / 2 + 4):
            found.append(Label("abcdef"[column], EDGE_LABEL, x, y))
    for row in range(ROWS):
        y = top + (ROWS - row - 0.5) * CELL
        for x in (left - MARGIN / 2 - 4, left + COLUMNS * CELL + MARGIN / 2 + 4):
            found.append(Label(str(row + 1), EDGE_LABEL, x, y))
    return tuple(found)


# -- what a screen reader says ---------------------------------------------------------------------
def alt_text(
    view: TokanView, *, names: Sequence[str] | None = None, language: str = ENGLISH
) -> str:
    """The position in words (in ``language``): who moves, the scores, the last move and
    every stack (compact)."""
    head = TN(
        "{game}, {scoring} scoring, after {count} moves",
        "{game}, {scoring} scoring, after {count} moves",
        view.moves_made,
        game="TOKAN",
        scoring=_scoring(view),
    )
    parts = [said(head, language)]
    if view.result is not None:
        result = _result(view.result, names, language)
        parts.append(said(T("Game over. {result}", result=result), language))
    elif view.turn is not None:
        person = _label(view.turn, names, language)
        pending = tidy(said(view.pending, language))
        parts.append(
            said(T("{person} to move: {pending}", person=person, pending=pending), language)
        )
    for tally in view.tallies:
        person = _label(tally.seat, names, language)
        if tally.lines:
            detail = "; ".join(said(line, language) for line in tally.lines)
            text = TN(
                "{person} {count} points ({detail})",
                "{person} {count} points ({detail})",
                tally.total,
                person=person,
                detail=detail,
            )
        else:
            text = TN(
                "{person} {count} points", "{person} {count} points", tally.total, person=person
            )
        parts.append(said(text, language))
    if view.last is not None:
        parts.append(_last_words(view, names, language))
    stacks = []
    for index, stack in enumerate(view.board):
        if stack:
            stacks.append(f"{NAMES[index]} {'-'.join(stack)}")
    gaps = [NAMES[i] for i, stack in enumerate(view.board) if not stack]
    # The letters are the notation's tile codes: the message says what each one stands for.
    key = T(
        "Stacks bottom to top, R red, B black, M mouse, J jackal, L lion: {stacks}",
        stacks=", ".join(stacks),
    )
    parts.append(said(key, language))
    if gaps:
        parts.append(said(T("Gaps: {spaces}", spaces=", ".join(gaps)), language))
    return clip_alt(sentences(*parts))


def _label(seat: int, names: Sequence[str] | None, language: str = ENGLISH) -> str:
    return seat_label(seat, names, word(COLOUR_WORDS[seat], language), language)


def _result(result: str, names: Sequence[str] | None, language: str = ENGLISH) -> str:
    """The rules' result words (said in ``language``) with the winning colour named as its
    player: the rules write the seat as its capitalised colour, kept as written in every
    language, at the start of the result."""
    result = said(result, language)
    if names is None:
        return result
    for seat, colour in enumerate(COLOURS):
        seat_word = re.escape(colour.capitalize())
        found = re.match(rf"^({PSEUDO_OPEN}?){seat_word}\b", result)
        if found:
            result = found.group(1) + _label(seat, names, language) + result[found.end() :]
    return result


def _last_words(view: TokanView, names: Sequence[str] | None, language: str = ENGLISH) -> str:
    last = view.last
    assert last is not None
    who = _label(last.seat, names, language)
    # The spaces and the direction are notation (the move as typed): placeholders.
    move = {"origin": last.origin, "landing": last.landing, "direction": last.direction}
    if last.carry:
        text = T(
            "Last move: {origin} to {landing} ({direction} carrying {carry}) by {person}",
            carry=last.carry,
            person=who,
            **move,
        )
    else:
        text = T("Last move: {origin} to {landing} ({direction}) by {person}", person=who, **move)
    parts = [text]
    if last.permanent:
        parts.append(T("{space} is a permanent gap", space=last.origin))
    elif last.shifted:
        parts.append(T("stacks slid {direction} to close the gap", direction=last.direction))
    if view.taboo:
        parts.append(T("{space} is taboo", space=view.taboo))
    return said(joined(parts, "; "), language)


# -- static background --------------------------------------------------------------------------
@bounded(12 * MB)
def _base(scale: float, language: str = ENGLISH) -> Image.Image:
    if is_half(scale):
        return halve(_base(1.0, language))
    s = scale
    width, height = _size(s)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    left, top = _origin(s)
    draw.rounded_rectangle(
        (
            left - 8 * s,
            top - 8 * s,
            left + COLUMNS * CELL * s + 8 * s,
            top + ROWS * CELL * s + 8 * s,
        ),
        radius=int(12 * s),
        fill=BOARD_FILL,
    )
    for index in range(ROWS * COLUMNS):
        x0, y0, x1, y1 = _cell_box(index, s)
        draw.rounded_rectangle((x0 + 4 * s, y0 + 4 * s, x1 - 4 * s, y1 - 4 * s), 8 * s, SPACE_FILL)
    for label in coordinate_labels():
        centred_text(draw, (label.x * s, label.y * s), label.text, _px(label.size, s))
    _draw_key(image, draw, s, language)
    return image


def _size(s: float) -> tuple[int, int]:
    width = int((2 * MARGIN + COLUMNS * CELL) * s) + int(16 * s)
    height = int((TITLE + 2 * MARGIN + ROWS * CELL + FOOTER) * s)
    return width, height


def _origin(s: float) -> tuple[float, float]:
    return (MARGIN + 8) * s, (TITLE + MARGIN) * s


def _cell_box(index: int, s: float) -> tuple[float, float, float, float]:
    row, column = divmod(index, COLUMNS)
    left, top = _origin(s)
    x0 = left + column * CELL * s
    y0 = top + (ROWS - 1 - row) * CELL * s  # row 1 at the bottom
    return x0, y0, x0 + CELL * s, y0 + CELL * s


def _px(size: float, s: float) -> int:
    """A text's size at scale ``s``: at least 16 px, except in the halved picture (exactly
    half: ``render.halved``)."""
    if is_half(s):
        return text_size(size)
    return max(16, round(size * s))


def tile_area(index: int, height: int, s: float) -> tuple[float, float, float, float]:
    """The box the stack's tiles (top tile and the layers peeking out) cover on a space."""
    x0, y0, _, _ = _cell_box(index, s)
    cx, cy = x0 + TILE_CENTRE[0] * s, y0 + TILE_CENTRE[1] * s
    half = TILE_SIZE * s / 2 + 2
    depth = min(height - 1, MAX_LAYERS) * LAYER_STEP * s
    return cx - half, cy - half, cx + half, cy + half + depth


def strip_area(index: int, height: int, s: float) -> tuple[float, float, float, float]:
    """The box of the stack's chip column."""
    x0, y0, _, _ = _cell_box(index, s)
    chip = chip_size(height, s)
    top = y0 + STRIP_BOTTOM * s - chip * height - 1
    half = chip / 2 + 1
    return x0 + STRIP_X * s - half, top, x0 + STRIP_X * s + half, y0 + STRIP_BOTTOM * s + 3


def chip_size(height: int, s: float) -> float:
    if is_half(s):  # the full-size chip halved, as its sprite is
        return chip_size(height, 1.0) / 2
    return round(min(CHIP * s, STRIP_ROOM * s / max(height, 1)), 1)


# -- stacks and gaps ----------------------------------------------------------------------------
def _draw_gap(
    image: Image.Image, box: tuple[float, float, float, float], s: float, language: str
) -> None:
    image.paste(_gap_sprite(s, language), (round(box[0]), round(box[1])))


@bounded(2 * MB)
def _gap_sprite(s: float, language: str = ENGLISH) -> Image.Image:
    """One empty space (a gap), drawn once per scale and pasted where needed."""
    if is_half(s):
        return halve(_gap_sprite(1.0, language))
    side = round(CELL * s)
    image = Image.new("RGB", (side, side), SPACE_FILL)
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = 0.0, 0.0, float(side), float(side)
    draw.rectangle((0, 0, side, side), fill=BOARD_FILL)
    draw.rounded_rectangle((4 * s, 4 * s, x1 - 4 * s, y1 - 4 * s), 8 * s, SPACE_FILL)
    inner = (x0 + 10 * s, y0 + 10 * s, x1 - 10 * s, y1 - 10 * s)
    draw.rounded_rectangle(inner, 10 * s, GAP_FILL)
    step = 22 * s
    offset = 0.0
    while offset < (inner[2] - inner[0]) * 2:
        # diagonal hatching, clipped to the hole by hand
        ax, ay = inner[0] + offset, inner[1]
        bx, by = inner[0], inner[1] + offset
        ax2, ay2 = _clip(ax, ay, inner), _clip(bx, by, inner)
        draw.line((*ax2, *ay2), fill=GAP_HATCH, width=max(1, int(3 * s)))
        offset += step
    gap = said(T("gap"), language)
    centred_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), gap, _px(26, s), GAP_TEXT)
    return image


def _clip(x: float, y: float, box: tuple[float, float, float, float]) -> tuple[float, float]:
    """Slide a point of a 45-degree hatch line back inside ``box`` along the line."""
    _, _, x1, y1 = box
    if x > x1:
        y += x - x1
        x = x1
    if y > y1:
        x += y - y1
        y = y1
    return x, y


def _draw_stack(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    stack: tuple[str, ...],
    s: float,
    language: str = ENGLISH,
) -> None:
    x0, y0, _, _ = box
    cx, cy = x0 + TILE_CENTRE[0] * s, y0 + TILE_CENTRE[1] * s
    layers = min(len(stack) - 1, MAX_LAYERS)
    # Tiles beneath peek out below, one step each: taller stacks look thicker.
    for depth in range(layers, 0, -1):
        tile = stack[-1 - depth]
        _paste(image, _tile_sprite(tile, s, False), (cx, cy + depth * LAYER_STEP * s))
    _paste(image, _tile_sprite(stack[-1], s, True), (cx, cy))
    _strip(image, draw, box, stack, s, language)


def _paste(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    w, h = sprite.size
    image.paste(sprite, (round(centre[0] - w / 2), round(centre[1] - h / 2)), sprite)


@bounded(2 * MB)
def _tile_sprite(tile: str, s: float, letter: bool) -> Image.Image:
    """A tile drawn once per scale: red disc or black square, with its animal letter."""
    if is_half(s):
        return halve(_tile_sprite(tile, 1.0, letter))
    size = TILE_SIZE * s
    side = round(size) + 4
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    _tile_shape(ImageDraw.Draw(sprite), (side / 2, side / 2), size, tile, s, letter=letter)
    return sprite


@bounded(2 * MB)
def _chip_sprite(tile: str, chip: float, s: float) -> Image.Image:
    """A chip of the stack column: the tile's shape and colour with its animal letter."""
    if is_half(s):
        return halve(_chip_sprite(tile, chip * 2, 1.0))
    side = round(chip) + 2
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    c = side / 2
    half = chip / 2 - 1
    shape = (c - half, c - half, c + half, c + half)
    if OWNER[tile] == 0:
        draw.ellipse(shape, fill=RED, outline=RED_EDGE)
    else:
        draw.rounded_rectangle(shape, radius=half * 0.3, fill=BLACK, outline=BLACK_EDGE)
    size = max(11, round(chip * 0.68))
    centred_text(draw, (c, c), ANIMAL_CODES[ANIMAL[tile]], size, TILE_INK)
    return sprite


def _tile_shape(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    size: float,
    tile: str,
    s: float,
    *,
    letter: bool,
) -> None:
    cx, cy = centre
    half = size / 2
    box = (cx - half, cy - half, cx + half, cy + half)
    width = max(2, int(4 * s))
    if OWNER[tile] == 0:
        draw.ellipse(box, fill=RED, outline=RED_EDGE, width=width)
    else:
        draw.rounded_rectangle(box, radius=size * 0.16, fill=BLACK, outline=BLACK_EDGE, width=width)
    if letter:
        centred_text(draw, centre, ANIMAL_CODES[ANIMAL[tile]], _px(50, s), TILE_INK)


def _strip(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    stack: tuple[str, ...],
    s: float,
    language: str = ENGLISH,
) -> None:
    """The whole stack as a column of chips, bottom tile lowest; its height under the tile."""
    if len(stack) < 2:
        return
    x0, y0, _, _ = box
    chip = chip_size(len(stack), s)
    x = x0 + STRIP_X * s
    bottom = y0 + STRIP_BOTTOM * s
    for i, tile in enumerate(stack):
        _paste(image, _chip_sprite(tile, chip, s), (x, bottom - (i + 0.5) * chip))
    label = said(TN("{count} high", "{count} high", len(stack)), language)
    # A cached mask: the same few labels come back on every board (drawn anew, a tenth of it).
    _text(image, (x0 + TILE_CENTRE[0] * s, y0 + HEIGHT_Y * s), label, 19, s, INK, "mm")


def _text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: float,
    s: float,
    fill: tuple[int, int, int],
    anchor: str,
) -> None:
    """``text`` at ``size`` (px at scale 1) from a cached mask; in the halved picture its
    full-size mask halved (``render.halved``)."""
    if is_half(s):
        halved.paste_text(image, xy, text, _px(size, 1.0), fill, anchor)
    else:
        paste_text(image, xy, text, _px(size, s), fill, anchor)


# -- last move and taboo --------------------------------------------------------------------------
def _mark_last_move(draw: ImageDraw.ImageDraw, view: TokanView, s: float) -> None:
    """Rings on the space the move left (gold) and the space it landed on (orange)."""
    assert view.last is not None
    inset = 6 * s
    for name, colour in ((view.last.origin, ORIGIN), (view.last.landing, ARROW)):
        x0, y0, x1, y1 = _cell_box(INDEX[name], s)
        draw.rounded_rectangle(
            (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
            10 * s,
            outline=colour,
            width=max(2, int(5 * s)),
        )


def arrow_points(origin: int, landing: int, s: float) -> tuple[tuple[float, float], ...]:
    """The arrow's start, the base of its head and its tip: along the spaces' top lane for a
    move left or right, along their left lane for a move up or down (lanes hold no tile)."""
    ox, oy, _, _ = _cell_box(origin, s)
    lx, ly, _, _ = _cell_box(landing, s)
    lane, middle = LANE * s, CELL * s / 2
    if oy == ly:  # along a row
        sign = 1 if lx > ox else -1
        start = (ox + middle, oy + lane)
        tip = (lx + middle, ly + lane)
        base = (tip[0] - sign * ARROW_HEAD * s, tip[1])
    else:  # along a column
        sign = 1 if ly > oy else -1
        start = (ox + lane, oy + middle)
        tip = (lx + lane, ly + middle)
        base = (tip[0], tip[1] - sign * ARROW_HEAD * s)
    return start, base, tip


ARROW_HEAD = 26
ARROW_WIDTH = 10  # the shaft; the head is 2 * ARROW_WING wide
ARROW_WING = 11


def _draw_arrow(draw: ImageDraw.ImageDraw, origin: int, landing: int, s: float) -> None:
    start, base, tip = arrow_points(origin, landing, s)
    ux, uy = (tip[0] - base[0]) / (ARROW_HEAD * s), (tip[1] - base[1]) / (ARROW_HEAD * s)
    wing = (-uy * ARROW_WING * s, ux * ARROW_WING * s)
    draw.line((*start, *base), fill=ARROW_EDGE, width=max(3, int((ARROW_WIDTH + 4) * s)))
    draw.line((*start, *base), fill=ARROW, width=max(2, int(ARROW_WIDTH * s)))
    triangle = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    draw.polygon(triangle, fill=ARROW, outline=ARROW_EDGE)
    r = 8 * s
    draw.ellipse((start[0] - r, start[1] - r, start[0] + r, start[1] + r), ARROW, ARROW_EDGE)


def _mark_taboo(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    s: float,
    language: str = ENGLISH,
) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        (x0 + 2 * s, y0 + 2 * s, x1 - 2 * s, y1 - 2 * s), 10 * s, outline=TABOO, width=int(7 * s)
    )
    # The tag straddles the bottom edge: the top and left lanes belong to the arrow, the space
    # above the edge to the stack's height.
    m = layout_scale(s)  # measured as at full size in the halved picture
    taboo = said(T("TABOO"), language)
    width = font_for(taboo, _px(18, m)).getlength(taboo) * s / m + 14 * s
    cx = x0 + TILE_CENTRE[0] * s
    draw.rounded_rectangle(
        (cx - width / 2, y1 - 11 * s, cx + width / 2, y1 + 11 * s), 6 * s, fill=TABOO
    )
    _text(image, (cx, y1), taboo, 18, s, (255, 255, 255), "mm")


# -- title, key and footer -------------------------------------------------------------------------
def _draw_title(
    image: Image.Image,
    view: TokanView,
    names: Sequence[str] | None,
    s: float,
    language: str = ENGLISH,
) -> None:
    scoring = _scoring(view)
    if view.turn is None:
        title = TN(
            "{game}  ·  Game over after {count} moves  ·  {scoring} scoring",
            "{game}  ·  Game over after {count} moves  ·  {scoring} scoring",
            view.moves_made,
            game="TOKAN",
            scoring=scoring,
        )
    else:
        title = T(
            "{game}  ·  {person} to move  ·  {scoring}  ·  move {number}",
            game="TOKAN",
            person=_label(view.turn, names, language),
            scoring=scoring,
            number=view.moves_made + 1,
        )
    text = said(title, language)
    m = layout_scale(s)  # shortened as at full size in the halved picture
    shown = ellipsize(text, _size(m)[0] - 40 * m, _px(28, m))
    _text(image, (20 * s, TITLE * s / 2), shown, 28, s, INK, "lm")


def _draw_key(
    image: Image.Image, draw: ImageDraw.ImageDraw, s: float, language: str = ENGLISH
) -> None:
    """What M, J and L are and how far they move (static: drawn into the cached background)."""
    _, height = _size(s)
    y = height - 62 * s
    x = 20 * s
    size = _px(21, s)
    for animal in ANIMALS:
        text = key_text(animal, language)
        _paste(
            image, _chip_sprite("B" + ANIMAL_CODES[animal], round(30 * s, 1), s), (x + 15 * s, y)
        )
        draw.text((x + 36 * s, y), text, font=font_for(text, size), fill=INK, anchor="lm")
        x += 36 * s + font_for(text, size).getlength(text) + 34 * s
    explain = said(
        T("Chips at a stack's right: all its tiles, the bottom one lowest, the top one highest."),
        language,
    )
    draw.text((20 * s, y + 36 * s), explain, font=font_for(explain, size), fill=MUTED, anchor="lm")


def key_text(animal: str, language: str = ENGLISH) -> str:
    """ "jackal: moves 2, carries up to 1" (the key beside each animal's letter)."""
    carry = MAX_CARRY[animal]
    name = word(ANIMAL_WORDS[animal], language)
    if not carry:
        text = T("{animal}: moves {range}, carries none", animal=name, range=RANGE[animal])
    else:
        text = T(
            "{animal}: moves {range}, carries up to {carry}",
            animal=name,
            range=RANGE[animal],
            carry=carry,
        )
    return said(text, language)


def _draw_footer(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: TokanView,
    names: Sequence[str] | None,
    s: float,
    language: str = ENGLISH,
) -> None:
    _, height = _size(s)
    top = height - FOOTER * s + 6 * s
    line = 32 * s
    x = 20 * s
    # Lines are shortened and wrapped as at full size in the halved picture.
    m = layout_scale(s)
    size = _px(22, m)
    room = _size(m)[0] - 40 * m
    for n, tally in enumerate(view.tallies):
        y = top + n * line + line / 2
        _paste(image, _marker_sprite(tally.seat, s), (x + 14 * s, y))
        head = f"{_label(tally.seat, names, language)}: {tally.total}"
        if tally.lines:
            head += "   " + "; ".join(said(line, language) for line in tally.lines)
        if view.turn == tally.seat:
            head = said(T("{score}   (to move)", score=head), language)
        text = ellipsize(head, room - 36 * m, size)
        _text(image, (x + 36 * s, y), text, 22, s, INK, "lm")
    y = top + 2 * line + line / 2
    text = (
        _last_words(view, names, language)
        if view.last is not None
        else said(T("No move yet."), language)
    )
    for part in _wrap(text, size, room)[:2]:
        _text(image, (x, y), part, 22, s, MUTED, "lm")
        y += line
    if view.result is not None:
        status = said(
            T("Game over. {result}", result=_result(view.result, names, language)), language
        )
    else:
        seat = view.turn if view.turn is not None else 0
        person = _label(seat, names, language)
        pending = tidy(said(view.pending, language))
        status = said(T("To move: {person}: {pending}", person=person, pending=pending), language)
    for part in _wrap(tidy(status), size, room)[:2]:
        _text(image, (x, y), part, 22, s, INK, "lm")
        y += line


@bounded(MB)
def _marker_sprite(seat: int, s: float) -> Image.Image:
    """The seat's tile shape beside its score: a red disc or a black square."""
    if is_half(s):  # a disc this small drawn directly would show its corners
        return halve(_marker_sprite(seat, 1.0))
    r = 12 * s
    side = round(2 * r) + 2
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    c = side / 2
    box = (c - r, c - r, c + r, c + r)
    if seat == 0:
        draw.ellipse(box, fill=RED)
    else:
        draw.rounded_rectangle(box, radius=4 * s, fill=BLACK)
    return sprite


def _wrap(text: str, size: int, width: float) -> list[str]:
    return [line for line in wrap(" ".join(text.split()), width, size) if line]
