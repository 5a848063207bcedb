"""The Tonga Bonga picture: the sea chart with every hex named, ships, camps, tiles, and a panel
with every hiring board (wages and dice), each seat's money and camps, and the pending decision.

A pure function of ``TongaView``. The chart's water, land, reefs, harbours and hex labels never
change, so they are drawn once and cached; each picture copies that layer and adds the pieces.
For a phone the hex labels are large and every island is named once, on its land (its harbour,
the wavy hexes, is typed by that name); ships sit in the lower half of a hex, under its label.
Ships are discs in the seat colour with the seat letter; camps are small squares with the
letter; special tiles print their symbol and the legend spells them out. The ship that moved
last has its route drawn in gold. ``alt_text`` says the position in words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from render import common
from render.bounded import MB, bounded
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    SEAT_COLOURS,
    SEAT_LETTERS,
    clip_alt,
    contrast_ink,
    drop_actor,
    ellipsize,
    font_for,
    name_seats,
    seat_label,
    sentences,
    text_width,
    tidy,
    to_act_line,
    wrap,
)
from render.palette import tagged
from render.phone import Label, Status, compose
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
R = 31.0  # hex radius (centre to corner): hexes are ~54 px wide
HEX_W = SQRT3 * R
MARGIN = 12
MAP_W = math.ceil(HEX_W * (2 * RADIUS + 1) + 2 * MARGIN)
MAP_H = math.ceil(1.5 * R * 2 * RADIUS + 2 * R + 2 * MARGIN)
PANEL_W = 460
WIDTH = MAP_W + PANEL_W
MAP_H_WITH_KEY = MAP_H + 48  # the key under the chart
HEIGHT = max(MAP_H_WITH_KEY, 950)
HEX_LABEL = 19  # the size of the hex labels (was 16: too small on a phone)
ISLAND_LABEL = 18
WHITE = (255, 255, 255)

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
PENDING_INK = (150, 60, 0)  # the decision awaited, in the panel
BOARD_EDGE = (200, 195, 180)  # a hiring board not acting
EMPTY_DIE = (190, 190, 190)
RESULT_FILL = (240, 234, 218)
# Per island: the land hex that holds its camps (2 x 2 small squares); the name goes on the others.
CAMP_HEX: tuple[tuple[int, int] | None, ...] = (None, (8, -7), (7, 1), (1, 7), (-8, 7), (-7, -1))
DIE_SIZE = 30


def render(
    view: TongaView,
    *,
    names: Sequence[str] | None = None,
    scale: float = 1.0,
    layout: str = "desktop",
) -> Image.Image:
    """The picture of ``view``; ``scale`` resizes the whole (desktop) image. ``layout="phone"``
    is the phone-first picture (``render.phone``), drawn from the desktop one at scale 1."""
    if layout == "phone":
        return phone(view, names)
    image = _chart().copy()
    draw = ImageDraw.Draw(image)
    _draw_tiles(image, draw, view)
    _draw_camps(image, draw, view)
    _draw_route(draw, view)
    _draw_ships(image, draw, view)
    _draw_panel(image, draw, view, names)
    if scale != 1.0:
        size = (round(WIDTH * scale), round(HEIGHT * scale))
        image = image.resize(size, Image.Resampling.LANCZOS)
    return tagged(image, palette())


@cache
def palette() -> Image.Image:
    """The fixed palette every Tonga Bonga picture is encoded with (``render.palette``)."""
    return common.game_palette(globals())


def phone(view: TongaView, names: Sequence[str] | None = None) -> Image.Image:
    """The phone-first picture: the status, the sea around the ship navigating (the decision's
    hexes at full size), the whole picture at half size."""
    focus = None
    if view.acting:
        space = view.path[-1] if view.phase is Phase.NAVIGATION and view.path else None
        space = view.ships[view.acting[0]] if space is None else space
        focus = space_centre(space)
    status = phone_status(view, names)
    return compose(
        render(view, names=names),
        status,
        board=(0, 0, MAP_W, MAP_H),
        focus=focus,
        labels=coordinate_labels(),
    )


def phone_status(view: TongaView, names: Sequence[str] | None) -> Status:
    """The round and step, who acts on what (or the winners), each seat's coins and camps."""
    step = STEP_NAMES[view.phase]
    lines = [to_act_line([seat_label(s, names) for s in view.acting])]
    if view.acting:
        lines.append(tidy(name_seats(drop_actor(view.pending), names)))
        if view.phase is Phase.NAVIGATION:
            lines.append(f"Movement points left: {view.mp}")
    elif view.winners:
        lines.append("Winner: " + ", ".join(seat_label(s, names) for s in view.winners))
    scores = [
        f"{seat_label(seat, names)}: {view.seats[seat].money} coins, "
        f"{view.seats[seat].camps_left} camps left"
        for seat in view.order
    ]
    return Status(f"Tonga Bonga · round {view.round}, {step}", lines, scores)


@cache
def coordinate_labels() -> tuple[Label, ...]:
    """Every sea hex's name and every island's name, where and how large the chart prints them
    (the chart draws from this list)."""
    found = []
    for space in range(HARBOURS, len(SPACE_HEXES)):
        x, y = label_centre(SPACE_HEXES[space][0])
        found.append(Label(SPACE_NAMES[space], HEX_LABEL, x, y))
    for index, island in enumerate(ISLANDS):
        # Named once, on its land: a move types the same name for its harbour (go cocoa).
        xs = [centre(h) for h in island.land if h != CAMP_HEX[index]]
        x = sum(p[0] for p in xs) / len(xs)
        y = sum(p[1] for p in xs) / len(xs)
        found.append(Label(island.name, ISLAND_LABEL, x, y))
    return tuple(found)


# -- text ---------------------------------------------------------------------------------------
@bounded(6 * MB)
def _stamp(
    text: str,
    size: int,
    fill: tuple[int, int, int],
    stroke: tuple[int, int, int] | None,
    from_top: bool = False,
) -> Image.Image:
    """``text`` drawn once on a transparent tile; pictures paste it (drawing text is slow).
    ``from_top`` keeps the room above the letters, so texts placed side by side share a
    baseline whatever their letters ("camps" and "rerolls" in a row of the money table)."""
    face = font_for(text, size)
    pad = 3 if stroke else 1
    left, top, right, bottom = face.getbbox(text, stroke_width=2 if stroke else 0)
    if from_top:
        top = 0
    # Plain text is kept as a one-byte mask the colour is painted through (a quarter of the
    # bytes); outlined text, two colours, as a transparent picture.
    mode = "RGBA" if stroke else "L"
    tile = Image.new(mode, (int(right - left) + 2 * pad, int(bottom - top) + 2 * pad))
    ImageDraw.Draw(tile).text(
        (pad - left, pad - top),
        text,
        font=face,
        fill=fill if stroke else 255,
        stroke_width=2 if stroke else 0,
        stroke_fill=stroke,
    )
    return tile


@cache
def _cap_top(size: int) -> int:
    """How far below a line's top a capital letter starts."""
    return int(font_for("H", size).getbbox("H")[1])


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
    tile = _stamp(text, size, fill if stroke else INK, stroke, not centred)  # a mask: any ink
    x, y = at
    if centred:
        x -= tile.width / 2
        y -= tile.height / 2
    else:
        y -= _cap_top(size)  # ``at`` is where a capital letter's top lands, as before
    corner = (round(x), round(y))
    if tile.mode == "L":
        image.paste(fill, (*corner, corner[0] + tile.width, corner[1] + tile.height), tile)
    else:
        image.paste(tile, corner, tile)


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
@bounded(8 * MB)
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
    for label in coordinate_labels():
        if label.size == HEX_LABEL:
            _text(image, (label.x, label.y), label.text, label.size, LABEL, centred=True)
        else:
            _text(
                image, (label.x, label.y), label.text, label.size, INK, centred=True, stroke=WHITE
            )
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


def label_centre(hex_: tuple[int, int]) -> tuple[float, float]:
    """Where a sea hex's label sits: in the hex's upper half (pieces keep to the lower half)."""
    x, y = centre(hex_)
    return x, y - 0.5 * R


def ship_centre(space: int, k: int, sharing: int) -> tuple[float, float]:
    """The ``k``-th of ``sharing`` ships on ``space``: in the lower half of a hex, under the
    label; ships sharing a harbour spread over its hexes, two side by side per hex."""
    hexes = SPACE_HEXES[space]
    x, y = centre(hexes[(k // 2) % len(hexes)])
    if sharing > 1:
        x += -SHIP_R if k % 2 == 0 else SHIP_R
    return x, y + 0.27 * R


SHIP_R = 12


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
        for k, seat in enumerate(seats):
            x, y = ship_centre(space, k, len(seats))
            colour = SEAT_COLOURS[seat]
            ring = HIGHLIGHT if seat in view.acting else INK
            r = SHIP_R
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=ring, width=3)
            _text(image, (x, y), SEAT_LETTERS[seat], 16, contrast_ink(colour), centred=True)


# -- the panel ---------------------------------------------------------------------------------
PANEL_X = MAP_W + 14
TEXT_W = PANEL_W - 28
PENDING_Y = 68
PENDING_LINES = 3
ROW_Y = 136  # the roll (crew step) or the movement points (navigation)
LAST_Y = 174
BOARDS_Y = 200
BOARD_H = 86
LEGEND_Y = BOARDS_Y + 4 * (BOARD_H + 6) + 6
RESULT_ROW = 24  # the final money table's row pitch: room between the rows
STEP_NAMES = {
    Phase.WAGES: "step 1 of 4: wages",
    Phase.CREW: "step 2 of 4: crew placement",
    Phase.NAVIGATION: "step 3 of 4: navigation",
    Phase.OVER: "game over",
}


def _draw_panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TongaView, names: Sequence[str] | None
) -> None:
    x0 = PANEL_X
    _text(image, (x0, 10), f"Round {view.round}", 22)
    last = " (last round)" if view.ending and view.phase is not Phase.OVER else ""
    if view.phase is not Phase.OVER:
        _text(image, (x0 + 110, 14), STEP_NAMES[view.phase] + last, 18)
    acting = to_act_line([seat_label(s, names) for s in view.acting])
    _text(image, (x0, 42), ellipsize(acting, TEXT_W, 18), 18)
    if view.acting:
        pending = tidy(name_seats(drop_actor(view.pending), names))
        _wrapped(image, (x0, PENDING_Y), pending, 17, PENDING_INK, PENDING_LINES)
    elif view.winners:
        won = "Winner: " + ", ".join(seat_label(s, names) for s in view.winners)
        _wrapped(image, (x0, PENDING_Y), won, 18, INK, 2)
    if view.phase is Phase.CREW and view.roll:
        _roll_line(image, draw, x0, ROW_Y, view)
    elif view.phase is Phase.NAVIGATION and view.acting:
        _text(image, (x0, ROW_Y + 6), f"Movement points left: {view.mp}", 18)
    if view.last:
        last_move = tidy(f"Last move: {name_seats(view.last, names)}")
        _wrapped(image, (x0, LAST_Y), last_move, 16, MUTED, 1)
    y = BOARDS_Y
    for seat in view.order:
        _board(image, draw, x0, y, view, seat, names)
        y += BOARD_H + 6
    if view.result:
        draw.rectangle((MAP_W + 1, LEGEND_Y - 4, WIDTH, HEIGHT), fill=PANEL_BG)
        _results(image, draw, x0, LEGEND_Y, view, names)


def _board(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x0: float,
    y: float,
    view: TongaView,
    seat: int,
    names: Sequence[str] | None,
) -> None:
    """One hiring board: who and their money on the top line; camps left and maps under it on
    the left; the three places with their wages and dice on the right."""
    line = view.seats[seat]
    colour = SEAT_COLOURS[seat]
    acting = seat in view.acting
    draw.rounded_rectangle(
        (x0 - 4, y, x0 + TEXT_W + 4, y + BOARD_H),
        radius=6,
        fill=(255, 255, 255),
        outline=HIGHLIGHT if acting else BOARD_EDGE,
        width=4 if acting else 1,
    )
    draw.ellipse((x0 + 4, y + 6, x0 + 30, y + 32), fill=colour, outline=INK)
    _text(image, (x0 + 17, y + 19), SEAT_LETTERS[seat], 17, contrast_ink(colour), centred=True)
    coins = f": {line.money} coins"
    who = ellipsize(seat_label(seat, names), TEXT_W - 50 - text_width(coins, 18), 18)
    _text(image, (x0 + 38, y + 8), who + coins, 18)
    out = line.worth - line.money
    _text(image, (x0 + 8, y + 40), f"camps left {line.camps_left}", 17)
    if out:
        _text(image, (x0 + 8, y + 62), f"{out} coins on boards", 16, MUTED)
    if line.maps:
        maps = "maps " + " ".join(TILE_BY_KEY[k].symbol for k in line.maps)
        _text(image, (x0 + 130, y + 40), maps, 16)
    captain, helmsman = view.wages[seat]
    crew = view.crews[seat]
    places = (f"capt {captain}", f"helm {helmsman}", "boy 0")
    for slot, name in enumerate(places):
        cx = x0 + 214 + slot * 74
        _text(image, (cx, y + 36), name, 15, MUTED)
        box = (cx + 2, y + 52, cx + 2 + DIE_SIZE, y + 52 + DIE_SIZE)
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
            draw.rounded_rectangle(box, radius=5, outline=EMPTY_DIE, width=1)


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
    y = MAP_H - 4
    key = (
        "Discs: ships (seat letter). Squares on islands: camps. Wavy hexes: an island's harbour, "
        "one space, typed by the island's name (go cocoa; Tonga Bonga: go tonga). Brown: reefs. "
        "Type a sea hex as printed on it (go h5)."
    )
    _wrapped(image, (MARGIN, y), key, 16, INK, 2, MAP_W - 2 * MARGIN)


def _results(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x0: float,
    y: float,
    view: TongaView,
    names: Sequence[str] | None,
) -> None:
    """The money breakdown: one row per ledger line, one column per seat."""
    _text(image, (x0, y), "Money, line by line", 18)
    y += 30
    col, label_w = 62, 180
    for seat in range(view.players):
        _text(
            image,
            (x0 + label_w + col * seat + col / 2, y + 8),
            SEAT_LETTERS[seat],
            17,
            centred=True,
        )
    y += RESULT_ROW
    for index, name in enumerate(LEDGER):
        values = [view.ledger[seat][index] for seat in range(view.players)]
        if index and not any(values):
            continue
        if index % 2:  # a light band on every other line guides the eye along the row
            draw.rectangle(
                (x0 - 4, y - 3, x0 + label_w + col * view.players, y + RESULT_ROW - 5),
                fill=RESULT_FILL,
            )
        _text(image, (x0, y), name, 17)
        for seat, value in enumerate(values):
            at = (x0 + label_w + col * seat + col / 2, y + 7)
            _text(image, at, f"{value:+d}" if index else str(value), 17, centred=True)
        y += RESULT_ROW
    draw.line((x0, y - 2, x0 + label_w + col * view.players, y - 2), fill=INK, width=2)
    _text(image, (x0, y + 3), "money", 18)
    for seat in range(view.players):
        at = (x0 + label_w + col * seat + col / 2, y + 12)
        _text(image, at, str(view.seats[seat].money), 18, centred=True)


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
    lines = [line for line in wrap(" ".join(text.split()), width, size) if line]
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] += " …"
    for k, text_line in enumerate(lines):
        _text(image, (x, y + k * (size + 5)), text_line, size, fill)


# -- what a screen reader says ---------------------------------------------------------------------
def alt_text(view: TongaView, *, names: Sequence[str] | None = None) -> str:
    """The position in words: the step and who acts, money, ships, camps, crews, tiles."""
    parts = [f"Tonga Bonga, {view.players} players, round {view.round}"]
    if view.acting:
        last = " (last round)" if view.ending else ""
        parts.append(STEP_NAMES[view.phase].capitalize() + last)
        acting = ", ".join(seat_label(s, names) for s in view.acting)
        parts.append(f"{acting} to act: {name_seats(drop_actor(view.pending), names)}")
    else:
        won = ", ".join(seat_label(s, names) for s in view.winners) or "nobody"
        parts.append(f"Game over, winner {won}")
    if view.phase is Phase.CREW and view.roll:
        faces = " ".join("seasick" if v == SEASICK else str(v) for v in view.roll)
        parts.append(f"Roll: {faces}")
    elif view.phase is Phase.NAVIGATION and view.acting:
        parts.append(f"Movement points left: {view.mp}")
    for seat in view.order:
        line = view.seats[seat]
        captain, helmsman = view.wages[seat]
        crew = ", ".join(f"{SEAT_LETTERS[d.owner]} {d.value}" for d in view.crews[seat])
        parts.append(
            f"{seat_label(seat, names)}: {line.money} coins, {line.camps_left} camps left, "
            f"ship at {SPACE_NAMES[view.ships[seat]]}, wages captain {captain} helmsman "
            f"{helmsman}, crew {crew or 'none'}"
        )
    camps = [
        f"{island.name} {' '.join(SEAT_LETTERS[s] for s in seats)}"
        for island, seats in zip(ISLANDS, view.camps, strict=True)
        if seats
    ]
    if camps:
        parts.append("Camps: " + "; ".join(camps))
    tiles = [
        f"{TILE_BY_KEY[key].symbol} at {SPACE_NAMES[DOLPHIN_SPACES[i]]}"
        for i, key in enumerate(view.tiles)
        if key is not None
    ]
    if tiles:
        parts.append("Tiles: " + ", ".join(tiles))
    if view.last:
        parts.append(f"Last move: {name_seats(view.last, names)}")
    return clip_alt(sentences(*parts))
