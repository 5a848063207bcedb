"""The TOKAN picture: the 5 x 6 grid with every stack, the last move, the taboo space and scores.

Pure function of a ``TokanView``. Red tiles are discs and black tiles are rounded squares, each
with its animal letter (M, J, L), so colour is never the only cue. A stack shows its top tile
large, the tiles beneath as layered edges, a height badge, and a strip of small chips listing
the whole stack from bottom (left) to top (right).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from render.common import BACKGROUND, INK, MUTED, SEAT_LETTERS, centred_text, font
from rules.tokan.board import ANIMAL, ANIMAL_CODES, COLUMN_LETTERS, INDEX, OWNER
from rules.tokan.state import TokanView

CELL = 170
MARGIN = 56  # room for the coordinate labels on each side
TITLE = 64
FOOTER = 190
ROWS, COLUMNS = 5, 6

BOARD_FILL = (196, 160, 112)
SPACE_FILL = (238, 226, 200)
GAP_FILL = (92, 78, 64)
GAP_HATCH = (120, 104, 86)
RED = (200, 40, 40)
RED_EDGE = (120, 16, 16)
BLACK = (34, 34, 34)
BLACK_EDGE = (150, 150, 150)
TILE_INK = (255, 255, 255)
ARROW = (255, 150, 0, 215)
ARROW_EDGE = (60, 40, 0, 215)
TABOO = (170, 20, 150)
ORIGIN = (255, 196, 0)

TILE_SIZE = 86  # the top tile's width at scale 1
LAYER_STEP = 5  # how far each tile beneath peeks out
MAX_LAYERS = 4
CHIP = 22  # the stack strip's chip size


def render(view: TokanView, *, scale: float = 1.0) -> Image.Image:
    """The board as an RGB image, about 1140 px wide at scale 1."""
    image = _base(scale).copy()
    draw = ImageDraw.Draw(image)
    s = scale
    for index, stack in enumerate(view.board):
        if not stack:
            _draw_gap(image, _cell_box(index, s), s)
    if view.last is not None:
        # Under the tiles: the arrow shows between them and never hides a letter.
        _mark_last_move(image, view, s)
        draw = ImageDraw.Draw(image)
    for index, stack in enumerate(view.board):
        if stack:
            _draw_stack(image, draw, _cell_box(index, s), stack, s)
    if view.taboo is not None:
        _mark_taboo(draw, _cell_box(INDEX[view.taboo], s), s)
    _draw_title(draw, view, s)
    _draw_footer(draw, view, s)
    return image


# -- static background --------------------------------------------------------------------------


@cache
def _base(scale: float) -> Image.Image:
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
    label = _px(30, s)
    for column in range(COLUMNS):
        x = left + (column + 0.5) * CELL * s
        for y in (top - MARGIN * s / 2 - 4 * s, top + ROWS * CELL * s + MARGIN * s / 2 + 4 * s):
            centred_text(draw, (x, y), COLUMN_LETTERS[column], label)
    for row in range(ROWS):
        y = top + (ROWS - row - 0.5) * CELL * s
        for x in (
            left - MARGIN * s / 2 - 4 * s,
            left + COLUMNS * CELL * s + MARGIN * s / 2 + 4 * s,
        ):
            centred_text(draw, (x, y), str(row + 1), label)
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


def _centre(index: int, s: float) -> tuple[float, float]:
    x0, y0, x1, y1 = _cell_box(index, s)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _px(size: float, s: float) -> int:
    return max(16, round(size * s))


# -- stacks and gaps ----------------------------------------------------------------------------


def _draw_gap(image: Image.Image, box: tuple[float, float, float, float], s: float) -> None:
    image.paste(_gap_sprite(s), (round(box[0]), round(box[1])))


@cache
def _gap_sprite(s: float) -> Image.Image:
    """One empty space (a gap), drawn once per scale and pasted where needed."""
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
    centred_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "gap", _px(26, s), (235, 225, 210))
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
) -> None:
    x0, y0, x1, _ = box
    cx, cy = (x0 + x1) / 2, y0 + 68 * s
    layers = min(len(stack) - 1, MAX_LAYERS)
    # Tiles beneath peek out below-left, one step each: taller stacks look thicker.
    for depth in range(layers, 0, -1):
        tile = stack[-1 - depth]
        dx, dy = -depth * LAYER_STEP * s * 0.6, depth * LAYER_STEP * s
        _paste(image, _tile_sprite(tile, s, False), (cx + dx, cy + dy))
    _paste(image, _tile_sprite(stack[-1], s, True), (cx, cy))
    if len(stack) > 1:
        _badge(draw, (x1 - 24 * s, y0 + 24 * s), str(len(stack)), s)
    _strip(image, box, stack, s)


def _paste(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    w, h = sprite.size
    image.paste(sprite, (round(centre[0] - w / 2), round(centre[1] - h / 2)), sprite)


@cache
def _tile_sprite(tile: str, s: float, letter: bool) -> Image.Image:
    """A tile drawn once per scale: red disc or black square, with its animal letter."""
    size = TILE_SIZE * s
    side = round(size) + 4
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    _tile_shape(ImageDraw.Draw(sprite), (side / 2, side / 2), size, tile, s, letter=letter)
    return sprite


@cache
def _chip_sprite(tile: str, chip: float, s: float) -> Image.Image:
    """A small chip of the stack strip."""
    side = round(chip) + 6
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    cx = cy = side / 2
    half = chip / 2 - chip * 0.12
    shape = (cx - half, cy - half - 2 * s, cx + half, cy + half + 2 * s)
    if OWNER[tile] == 0:
        draw.ellipse(shape, fill=RED)
    else:
        draw.rounded_rectangle(shape, radius=half * 0.3, fill=BLACK)
    centred_text(draw, (cx, cy), ANIMAL_CODES[ANIMAL[tile]], _px(14, s), TILE_INK)
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
        centred_text(draw, centre, ANIMAL_CODES[ANIMAL[tile]], _px(54, s), TILE_INK)


def _badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, s: float) -> None:
    r = 19 * s
    cx, cy = centre
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255), outline=INK, width=2)
    centred_text(draw, centre, text, _px(24, s), INK)


def _strip(
    image: Image.Image,
    box: tuple[float, float, float, float],
    stack: tuple[str, ...],
    s: float,
) -> None:
    """Small chips for the whole stack, bottom tile on the left, top tile on the right."""
    if len(stack) < 2:
        return
    x0, _, x1, y1 = box
    room = (x1 - x0) - 20 * s
    chip = round(min(CHIP * s, room / len(stack)), 1)
    total = chip * len(stack)
    left = (x0 + x1) / 2 - total / 2
    cy = y1 - 20 * s
    for i, tile in enumerate(stack):
        _paste(image, _chip_sprite(tile, chip, s), (left + (i + 0.5) * chip, cy))


# -- last move and taboo --------------------------------------------------------------------------


def _mark_last_move(image: Image.Image, view: TokanView, s: float) -> None:
    assert view.last is not None
    origin, landing = INDEX[view.last.origin], INDEX[view.last.landing]
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    x0, y0, x1, y1 = _cell_box(origin, s)
    inset = 6 * s
    draw.rounded_rectangle(
        (x0 + inset, y0 + inset, x1 - inset, y1 - inset), 10 * s, outline=ORIGIN, width=int(6 * s)
    )
    lx0, ly0, lx1, ly1 = _cell_box(landing, s)
    draw.rounded_rectangle(
        (lx0 + inset, ly0 + inset, lx1 - inset, ly1 - inset),
        10 * s,
        outline=ARROW,
        width=int(6 * s),
    )
    (ax, ay), (bx, by) = _centre(origin, s), _centre(landing, s)
    ay, by = ay - 10 * s, by - 10 * s
    length = max(abs(bx - ax), abs(by - ay))
    ux, uy = (bx - ax) / length, (by - ay) / length
    # The head stops at the landing space's edge, clear of its tile and its stack strip.
    tip = (bx - ux * (CELL / 2 - 2) * s, by - uy * (CELL / 2 - 2) * s)
    start = (ax + ux * 20 * s, ay + uy * 20 * s)
    head = 30 * s
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = (-uy * head * 0.7, ux * head * 0.7)
    draw.line((*start, *base), fill=ARROW_EDGE, width=int(16 * s))
    draw.line((*start, *base), fill=ARROW, width=int(10 * s))
    triangle = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    draw.polygon(triangle, fill=ARROW, outline=ARROW_EDGE)
    draw.ellipse((start[0] - 9 * s, start[1] - 9 * s, start[0] + 9 * s, start[1] + 9 * s), ARROW)
    bounds = overlay.getbbox()
    if bounds is not None:
        region = overlay.crop(bounds)
        image.paste(region, bounds[:2], region)


def _mark_taboo(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], s: float
) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        (x0 + 2 * s, y0 + 2 * s, x1 - 2 * s, y1 - 2 * s), 10 * s, outline=TABOO, width=int(7 * s)
    )
    tag = _px(18, s)
    width = font(tag).getlength("TABOO") + 14 * s
    cx = (x0 + x1) / 2
    draw.rounded_rectangle(
        (cx - width / 2, y0 - 4 * s, cx + width / 2, y0 + 20 * s), 6 * s, fill=TABOO
    )
    centred_text(draw, (cx, y0 + 8 * s), "TABOO", tag, (255, 255, 255))


# -- title and footer ------------------------------------------------------------------------------


def _draw_title(draw: ImageDraw.ImageDraw, view: TokanView, s: float) -> None:
    scoring = "Towers scoring" if view.scoring == "towers" else "Every Head Counts scoring"
    text = f"TOKAN  ·  {scoring}  ·  move {view.moves_made}"
    draw.text((20 * s, TITLE * s / 2), text, font=font(_px(30, s)), fill=INK, anchor="lm")


def _draw_footer(draw: ImageDraw.ImageDraw, view: TokanView, s: float) -> None:
    width, height = _size(s)
    top = height - FOOTER * s + 6 * s
    size = _px(22, s)
    line = 32 * s
    x = 20 * s
    for n, tally in enumerate(view.tallies):
        y = top + n * line + line / 2
        marker = (x + 14 * s, y)
        _tile_marker(draw, marker, tally.seat, s)
        on_turn = "   (to move)" if view.turn == tally.seat else ""
        head = f"Seat {tally.seat + 1} ({SEAT_LETTERS[tally.seat]}) {tally.colour}: {tally.total}"
        detail = "   " + "; ".join(tally.lines) if tally.lines else ""
        draw.text((x + 36 * s, y), head + detail + on_turn, font=font(size), fill=INK, anchor="lm")
    y = top + 2 * line + line / 2
    if view.last is not None:
        last = view.last
        carry = f" carrying {last.carry}" if last.carry else ""
        gap = ""
        if last.permanent:
            gap = f"; {last.origin} is a permanent gap"
        elif last.shifted:
            gap = f"; stacks slid {last.direction} to close the gap"
        taboo = f"; {view.taboo} is taboo" if view.taboo else ""
        text = (
            f"Last move: {last.origin} to {last.landing} ({last.direction}{carry}) by Seat "
            f"{last.seat + 1}{gap}{taboo}"
        )
    else:
        text = "No move yet."
    draw.text((x, y), text, font=font(size), fill=MUTED, anchor="lm")
    y += line
    if view.result is not None:
        status = f"Game over. {view.result}"
    else:
        seat = view.turn if view.turn is not None else 0
        status = f"To move: Seat {seat + 1} ({SEAT_LETTERS[seat]}): {view.pending}"
    for part in _wrap(status, size, width - 40 * s)[:2]:
        draw.text((x, y), part, font=font(size), fill=INK, anchor="lm")
        y += line


def _tile_marker(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], seat: int, s: float
) -> None:
    cx, cy = centre
    r = 12 * s
    box = (cx - r, cy - r, cx + r, cy + r)
    if seat == 0:
        draw.ellipse(box, fill=RED)
    else:
        draw.rounded_rectangle(box, radius=4 * s, fill=BLACK)


def _wrap(text: str, size: int, width: float) -> list[str]:
    words, lines, current = text.split(), [], ""
    for word in words:
        trial = f"{current} {word}".strip()
        if font(size).getlength(trial) <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines
