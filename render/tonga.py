"""The Tonga Bonga picture: the sea chart with every hex named, ships, camps, tiles, and a panel
with every hiring board (wages and dice), each seat's money and camps, and the pending decision.

A pure function of ``TongaView``. The chart's water, land, reefs, harbours and hex labels never
change, so they are drawn once and cached; each picture copies that layer and adds the pieces.
Ships are discs in the seat colour with the seat letter; camps are small squares with the
letter; special tiles print their symbol and the legend spells them out. The ship that moved
last has its route drawn in gold.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    SEAT_COLOURS,
    SEAT_LETTERS,
    contrast_ink,
    font,
    text_width,
)
from rules.tonga.map import (
    DOLPHIN_SPACES,
    HARBOURS,
    ISLANDS,
    LAND,
    RADIUS,
    REEFS,
    SPACE_HEXES,
    SPACE_NAMES,
    all_hexes,
)
from rules.tonga.state import DICE_PER_PLAYER, LEDGER, SEASICK, Phase, TongaView
from rules.tonga.tiles import TILE_BY_KEY, TILES, Kind

SQRT3 = math.sqrt(3)
R = 28.0  # hex radius (centre to corner): hexes are ~48 px wide
HEX_W = SQRT3 * R
MARGIN = 12
MAP_W = math.ceil(HEX_W * (2 * RADIUS + 1) + 2 * MARGIN)
MAP_H = math.ceil(1.5 * R * 2 * RADIUS + 2 * R + 2 * MARGIN)
PANEL_W = 500
WIDTH = MAP_W + PANEL_W
MAP_H_WITH_KEY = MAP_H + 44  # the key under the chart
HEIGHT = max(MAP_H_WITH_KEY, 820)

SEA = (176, 214, 236)
SEA_EDGE = (120, 165, 195)
HARBOUR = (110, 190, 200)
WAVE = (40, 120, 140)
LAND_FILL = (222, 200, 140)
LAND_EDGE = (160, 130, 80)
REEF = (150, 140, 130)
REEF_EDGE = (100, 90, 80)
LABEL = (40, 70, 100)
TILE_FILLS = {
    Kind.WIND: (235, 245, 255),
    Kind.TREASURE: (250, 215, 90),
    Kind.MAP: (245, 235, 200),
    Kind.GHOST: (70, 70, 80),
}
PANEL_BG = (252, 249, 240)
# Per island: the land hex that holds its camps (2 x 2 small squares); the name goes on the others.
CAMP_HEX: tuple[tuple[int, int] | None, ...] = (None, (8, -7), (7, 1), (1, 7), (-8, 7), (-7, -1))
DIE_SIZE = 30


def render(view: TongaView, *, scale: float = 1.0) -> Image.Image:
    """The picture of ``view``; ``scale`` resizes the whole image."""
    image = _chart().copy()
    draw = ImageDraw.Draw(image)
    _draw_tiles(image, draw, view)
    _draw_camps(image, draw, view)
    _draw_route(draw, view)
    _draw_ships(image, draw, view)
    _draw_panel(image, draw, view)
    if scale != 1.0:
        size = (round(WIDTH * scale), round(HEIGHT * scale))
        image = image.resize(size, Image.Resampling.LANCZOS)
    return image


# -- text ---------------------------------------------------------------------------------------
@cache
def _stamp(
    text: str, size: int, fill: tuple[int, int, int], stroke: tuple[int, int, int] | None
) -> Image.Image:
    """``text`` drawn once on a transparent tile; pictures paste it (drawing text is slow)."""
    face = font(size)
    pad = 3 if stroke else 1
    left, top, right, bottom = face.getbbox(text, stroke_width=2 if stroke else 0)
    tile = Image.new("RGBA", (int(right - left) + 2 * pad, int(bottom - top) + 2 * pad))
    ImageDraw.Draw(tile).text(
        (pad - left, pad - top),
        text,
        font=face,
        fill=fill,
        stroke_width=2 if stroke else 0,
        stroke_fill=stroke,
    )
    return tile


def _text(
    image: Image.Image,
    at: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int] = INK,
    *,
    centred: bool = False,
    stroke: tuple[int, int, int] | None = None,
) -> None:
    """Paste ``text`` with its top-left at ``at`` (or its middle, if ``centred``)."""
    tile = _stamp(text, size, fill, stroke)
    x, y = at
    if centred:
        x -= tile.width / 2
        y -= tile.height / 2
    image.paste(tile, (round(x), round(y)), tile)


# -- geometry --------------------------------------------------------------------------------
def centre(hex_: tuple[int, int]) -> tuple[float, float]:
    q, r = hex_
    return (
        MARGIN + HEX_W * (q + r / 2 + RADIUS) + HEX_W / 2,
        MARGIN + R + 1.5 * R * (r + RADIUS),
    )


def space_centre(space: int) -> tuple[float, float]:
    """A space's middle: the mean of its hexes' centres (a harbour has several)."""
    points = [centre(h) for h in SPACE_HEXES[space]]
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _corners(point: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    cx, cy = point
    return [
        (
            cx + radius * math.cos(math.radians(60 * k - 30)),
            cy + radius * math.sin(math.radians(60 * k - 30)),
        )
        for k in range(6)
    ]


# -- the static chart ------------------------------------------------------------------------------
@cache
def _chart() -> Image.Image:
    """Background, sea, harbours, land, reefs, hex labels and island names. Copy before use."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((MAP_W, 0, WIDTH, HEIGHT), fill=PANEL_BG)
    harbour_of = {h: i for i, island in enumerate(ISLANDS) for h in island.harbour}
    reefs = set(REEFS)
    for hex_ in all_hexes():
        point = centre(hex_)
        if hex_ in LAND:
            fill, edge = (LAND_FILL, LAND_EDGE) if hex_ not in reefs else (REEF, REEF_EDGE)
            draw.polygon(_corners(point, R - 1), fill=fill, outline=edge, width=2)
            if hex_ in reefs:
                _reef_marks(draw, point)
        elif hex_ in harbour_of:
            draw.polygon(_corners(point, R - 1), fill=HARBOUR, outline=WAVE, width=2)
            _waves(draw, point)
        else:
            draw.polygon(_corners(point, R - 1), fill=SEA, outline=SEA_EDGE, width=1)
    for space in range(HARBOURS, len(SPACE_HEXES)):
        x, y = centre(SPACE_HEXES[space][0])
        _text(image, (x, y - 0.52 * R), SPACE_NAMES[space], 16, LABEL, centred=True)
    for index, island in enumerate(ISLANDS):
        xs = [centre(h) for h in island.land if h != CAMP_HEX[index]]
        x = sum(p[0] for p in xs) / len(xs)
        y = sum(p[1] for p in xs) / len(xs)
        _text(image, (x, y), island.name, 16, INK, centred=True, stroke=(255, 255, 255))
        hx, hy = centre(island.harbour[-1])  # ships fill the harbour's other hexes first
        _text(image, (hx, hy - 0.5 * R), island.key, 16, INK, centred=True, stroke=(230, 250, 250))
    _legend(image, draw)
    return image


def _waves(draw: ImageDraw.ImageDraw, point: tuple[float, float]) -> None:
    """The wave pattern that marks a harbour (a large space)."""
    cx, cy = point
    for dy in (4, 14):
        draw.arc((cx - 18, cy + dy - 5, cx - 4, cy + dy + 5), 180, 360, fill=WAVE, width=2)
        draw.arc((cx - 4, cy + dy - 5, cx + 10, cy + dy + 5), 0, 180, fill=WAVE, width=2)


def _reef_marks(draw: ImageDraw.ImageDraw, point: tuple[float, float]) -> None:
    cx, cy = point
    for dx, dy in ((-8, 4), (6, -4), (4, 9)):
        draw.polygon(
            [(cx + dx - 6, cy + dy + 4), (cx + dx, cy + dy - 6), (cx + dx + 6, cy + dy + 4)],
            fill=REEF_EDGE,
        )


# -- pieces on the chart ---------------------------------------------------------------------------
def _draw_tiles(image: Image.Image, draw: ImageDraw.ImageDraw, view: TongaView) -> None:
    for index, key in enumerate(view.tiles):
        x, y = centre(SPACE_HEXES[DOLPHIN_SPACES[index]][0])
        if key is None:
            _text(image, (x, y + 7), "~", 18, LABEL, centred=True)  # an emptied dolphin space
            continue
        tile = TILE_BY_KEY[key]
        fill = TILE_FILLS[tile.kind]
        draw.rounded_rectangle(
            (x - 22, y - 4, x + 22, y + 18), radius=5, fill=fill, outline=INK, width=1
        )
        size = 13 if len(tile.symbol) > 3 else 16
        _text(image, (x, y + 7), tile.symbol, size, contrast_ink(fill), centred=True)


def _draw_camps(image: Image.Image, draw: ImageDraw.ImageDraw, view: TongaView) -> None:
    """Camps sit two by two on the island's camp hex (its name is on the other land hexes)."""
    for index, seats in enumerate(view.camps):
        camp_hex = CAMP_HEX[index]
        if camp_hex is None:
            continue
        cx, cy = centre(camp_hex)
        for k, seat in enumerate(seats):
            x = cx + (-9 if k % 2 == 0 else 9)
            y = cy + (-9 if k < 2 else 9)
            colour = SEAT_COLOURS[seat]
            draw.rectangle((x - 8, y - 8, x + 8, y + 8), fill=colour, outline=INK, width=1)
            _text(image, (x, y), SEAT_LETTERS[seat], 12, contrast_ink(colour), centred=True)


def _draw_route(draw: ImageDraw.ImageDraw, view: TongaView) -> None:
    """The route of the ship navigating now (or last): a gold line, a ring where it is."""
    if len(view.path) < 2:
        return
    points = [space_centre(space) for space in view.path]
    draw.line(points, fill=HIGHLIGHT, width=3, joint="curve")
    for hex_ in SPACE_HEXES[view.path[-1]]:
        draw.polygon(_corners(centre(hex_), R - 3), outline=HIGHLIGHT, width=4)


def _draw_ships(image: Image.Image, draw: ImageDraw.ImageDraw, view: TongaView) -> None:
    by_space: dict[int, list[int]] = {}
    for seat, space in enumerate(view.ships):
        by_space.setdefault(space, []).append(seat)
    for space, seats in by_space.items():
        hexes = SPACE_HEXES[space]
        for k, seat in enumerate(seats):
            # Ships sharing a harbour spread over its hexes, two side by side per hex.
            x, y = centre(hexes[(k // 2) % len(hexes)])
            if len(seats) > 1:
                x += -11 if k % 2 == 0 else 11
            y += 8
            colour = SEAT_COLOURS[seat]
            ring = HIGHLIGHT if seat in view.acting else INK
            draw.ellipse((x - 12, y - 12, x + 12, y + 12), fill=colour, outline=ring, width=3)
            _text(image, (x, y), SEAT_LETTERS[seat], 16, contrast_ink(colour), centred=True)


# -- the panel ---------------------------------------------------------------------------------
PANEL_X = MAP_W + 14
TEXT_W = PANEL_W - 28
PENDING_Y = 66
PENDING_LINES = 3
ROW_Y = 134  # the roll (crew step) or the movement points (navigation)
LAST_Y = 172
BOARDS_Y = 198
BOARD_H = 76
LEGEND_Y = BOARDS_Y + 22 + 4 * (BOARD_H + 6) + 6
STEP_NAMES = {
    Phase.WAGES: "step 1 of 4: wages",
    Phase.CREW: "step 2 of 4: crew placement",
    Phase.NAVIGATION: "step 3 of 4: navigation",
    Phase.OVER: "game over",
}


def _draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, view: TongaView) -> None:
    x0 = PANEL_X
    _text(image, (x0, 12), f"Round {view.round}", 22)
    last = " (last round)" if view.ending and view.phase is not Phase.OVER else ""
    _text(image, (x0 + 120, 16), STEP_NAMES[view.phase] + last, 17)
    _text(image, (x0, 42), "To act: " + _seats(view.acting), 17)
    _wrapped(image, (x0, PENDING_Y), view.pending.replace("`", ""), 16, (150, 60, 0), PENDING_LINES)
    if view.phase is Phase.CREW and view.roll:
        _roll_line(image, draw, x0, ROW_Y, view)
    elif view.phase is Phase.NAVIGATION and view.acting:
        _text(image, (x0, ROW_Y + 6), f"Movement points left: {view.mp}", 17)
    if view.last:
        _wrapped(image, (x0, LAST_Y), f"Last move: {view.last}", 16, MUTED, 1)
    y = BOARDS_Y + 22
    for seat in view.order:
        _board(image, draw, x0, y, view, seat)
        y += BOARD_H + 6
    if view.result:
        draw.rectangle((MAP_W + 1, LEGEND_Y - 4, WIDTH, HEIGHT), fill=PANEL_BG)
        _results(image, draw, x0, LEGEND_Y, view)


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(f"Seat {s + 1} ({SEAT_LETTERS[s]})" for s in seats) or "nobody"


def _board(
    image: Image.Image, draw: ImageDraw.ImageDraw, x0: float, y: float, view: TongaView, seat: int
) -> None:
    """One hiring board: who, money, camps left, maps, and the three places with wages."""
    line = view.seats[seat]
    colour = SEAT_COLOURS[seat]
    acting = seat in view.acting
    draw.rounded_rectangle(
        (x0 - 4, y, x0 + TEXT_W + 4, y + BOARD_H),
        radius=6,
        fill=(255, 255, 255),
        outline=HIGHLIGHT if acting else (200, 195, 180),
        width=4 if acting else 1,
    )
    draw.ellipse((x0 + 4, y + 6, x0 + 30, y + 32), fill=colour, outline=INK)
    _text(image, (x0 + 17, y + 19), SEAT_LETTERS[seat], 17, contrast_ink(colour), centred=True)
    _text(image, (x0 + 38, y + 8), f"Seat {seat + 1}: {line.money} coins", 17)
    out = line.worth - line.money
    camps = f"camps left {line.camps_left}" + (f", {out} on board" if out else "")
    _text(image, (x0 + 8, y + 36), camps, 16)
    if line.maps:
        maps = "maps " + " ".join(TILE_BY_KEY[k].symbol for k in line.maps)
        _text(image, (x0 + 8, y + 55), maps, 16)
    captain, helmsman = view.wages[seat]
    crew = view.crews[seat]
    places = (f"capt {captain}", f"helm {helmsman}", "boy 0")
    for slot, name in enumerate(places):
        cx = x0 + 228 + slot * 82
        _text(image, (cx, y + 6), name, 16, MUTED)
        box = (cx + 2, y + 30, cx + 2 + DIE_SIZE, y + 30 + DIE_SIZE)
        if slot < len(crew):
            die = crew[slot]
            fill = SEAT_COLOURS[die.owner]
            draw.rounded_rectangle(box, radius=5, fill=fill, outline=INK, width=2)
            _text(
                image,
                (box[0] + 15, box[1] + 15),
                str(die.value),
                18,
                contrast_ink(fill),
                centred=True,
            )
            _text(image, (box[2] + 4, box[1] + 7), SEAT_LETTERS[die.owner], 16)
        else:
            draw.rounded_rectangle(box, radius=5, outline=(190, 190, 190), width=1)


def _roll_line(
    image: Image.Image, draw: ImageDraw.ImageDraw, x0: float, y: float, view: TongaView
) -> None:
    fill = SEAT_COLOURS[view.acting[0]]
    _text(image, (x0, y + 6), "Roll:", 17)
    for k, value in enumerate(view.roll):
        bx = x0 + 52 + k * 40
        draw.rounded_rectangle(
            (bx, y, bx + DIE_SIZE, y + DIE_SIZE), radius=5, fill=fill, outline=INK, width=2
        )
        face = "s" if value == SEASICK else str(value)
        _text(image, (bx + 15, y + 15), face, 18, contrast_ink(fill), centred=True)
    _text(image, (x0 + 62 + len(view.roll) * 40, y + 7), roll_note(view), 16, MUTED)


def roll_note(view: TongaView) -> str:
    """The words beside the roll: the reroll cost, while a reroll is still allowed."""
    # Placed dice leave the roll, so a roll of fewer than three means one is on a ship.
    if len(view.roll) < DICE_PER_PLAYER:
        return "s = seasick; no reroll once a die is placed"
    return f"s = seasick; a reroll costs {view.reroll_cost}"


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """The tile legend (static: part of the cached chart) and the map's marks."""
    x0, y = PANEL_X, LEGEND_Y
    _text(image, (x0, y), "Special tiles (on dolphin spaces)", 16, MUTED)
    y += 22
    for tile in TILES:
        fill = TILE_FILLS[tile.kind]
        draw.rounded_rectangle((x0, y, x0 + 44, y + 20), radius=4, fill=fill, outline=INK)
        _text(image, (x0 + 22, y + 10), tile.symbol, 13, contrast_ink(fill), centred=True)
        _text(image, (x0 + 52, y + 1), tile.text, 16)
        y += 24
    marks = "~ emptied dolphin space · gold line: the route of the ship moving now or last"
    _wrapped(image, (x0, y + 2), marks, 16, MUTED, 2)
    # Under the chart: how to read it.
    y = MAP_H - 6
    key = (
        "Discs: ships (seat letter). Squares on islands: camps. Wavy hexes: harbours, one "
        "large space each (type its name, e.g. go cocoa). Brown: reefs. Type a sea hex as "
        "printed on it, e.g. go h5."
    )
    _wrapped(image, (MARGIN, y), key, 16, INK, 2, MAP_W - 2 * MARGIN)


def _results(
    image: Image.Image, draw: ImageDraw.ImageDraw, x0: float, y: float, view: TongaView
) -> None:
    """The money breakdown: one row per ledger line, one column per seat."""
    _text(image, (x0, y), "Winner: " + _seats(view.winners), 18)
    y += 26
    col, label_w = 64, 190
    for seat in range(view.players):
        _text(
            image,
            (x0 + label_w + col * seat + col / 2, y + 8),
            SEAT_LETTERS[seat],
            15,
            centred=True,
        )
    y += 18
    for index, name in enumerate(LEDGER):
        values = [view.ledger[seat][index] for seat in range(view.players)]
        if index and not any(values):
            continue
        _text(image, (x0, y), name, 16)
        for seat, value in enumerate(values):
            at = (x0 + label_w + col * seat + col / 2, y + 8)
            _text(image, at, f"{value:+d}" if index else str(value), 16, centred=True)
        y += 18
    draw.line((x0, y + 1, x0 + label_w + col * view.players, y + 1), fill=INK)
    _text(image, (x0, y + 5), "money", 16)
    for seat in range(view.players):
        at = (x0 + label_w + col * seat + col / 2, y + 13)
        _text(image, at, str(view.seats[seat].money), 16, centred=True)


def _wrapped(
    image: Image.Image,
    at: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    max_lines: int,
    width: float = TEXT_W,
) -> None:
    """``text`` word-wrapped to ``width`` in at most ``max_lines`` lines (the rest cut with …)."""
    x, y = at
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] += " …"
    for k, text_line in enumerate(lines):
        _text(image, (x, y + k * (size + 5)), text_line, size, fill)
