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

from i18n.catalogue import ENGLISH
from i18n.text import N_, TN, T
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
    said,
    seat_label,
    sentences,
    text_width,
    tidy,
    to_act_line,
    word,
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
from rules.tonga.tiles import TILE_BY_KEY, TILES, Kind, Tile

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
    language: str = ENGLISH,
) -> Image.Image:
    """The picture of ``view``; ``scale`` resizes the whole (desktop) image. ``layout="phone"``
    is the phone-first picture (``render.phone``), drawn from the desktop one at scale 1. Its
    words are in ``language``."""
    if layout == "phone":
        return phone(view, names, language)
    image = _chart(language).copy()
    draw = ImageDraw.Draw(image)
    _draw_tiles(image, draw, view, language)
    _draw_camps(image, draw, view)
    _draw_route(draw, view)
    _draw_ships(image, draw, view)
    _draw_panel(image, draw, view, names, language)
    if scale != 1.0:
        size = (round(WIDTH * scale), round(HEIGHT * scale))
        image = image.resize(size, Image.Resampling.LANCZOS)
    return tagged(image, palette())


@cache
def palette() -> Image.Image:
    """The fixed palette every Tonga Bonga picture is encoded with (``render.palette``)."""
    return common.game_palette(globals())


def phone(
    view: TongaView, names: Sequence[str] | None = None, language: str = ENGLISH
) -> Image.Image:
    """The phone-first picture: the status, the sea around the ship navigating (the decision's
    hexes at full size), the whole picture at half size."""
    focus = None
    if view.acting:
        space = view.path[-1] if view.phase is Phase.NAVIGATION and view.path else None
        space = view.ships[view.acting[0]] if space is None else space
        focus = space_centre(space)
    status = phone_status(view, names, language)
    return compose(
        render(view, names=names, language=language),
        status,
        board=(0, 0, MAP_W, MAP_H),
        focus=focus,
        labels=coordinate_labels(),
        language=language,
    )


def phone_status(view: TongaView, names: Sequence[str] | None, language: str = ENGLISH) -> Status:
    """The round and step, who acts on what (or the winners), each seat's coins and camps."""
    step = word(STEP_NAMES[view.phase], language)
    lines = [to_act_line(_labels(view.acting, names, language), language)]
    if view.acting:
        lines.append(_pending(view, names, language))
        if view.phase is Phase.NAVIGATION:
            lines.append(said(T("Movement points left: {count}", count=view.mp), language))
    elif view.winners:
        lines.append(_winners(view, names, language))
    scores = []
    for seat in view.order:
        line = T(
            "{person}: {coins} coins, {camps} camps left",
            person=seat_label(seat, names, language=language),
            coins=view.seats[seat].money,
            camps=view.seats[seat].camps_left,
        )
        scores.append(said(line, language))
    title = T("{game} · round {round}, {step}", game="Tonga Bonga", round=view.round, step=step)
    return Status(said(title, language), lines, scores)


def _labels(seats: Sequence[int], names: Sequence[str] | None, language: str) -> list[str]:
    return [seat_label(s, names, language=language) for s in seats]


def _pending(view: TongaView, names: Sequence[str] | None, language: str) -> str:
    """The decision awaited (the rules' words, said), without its actor, people named."""
    return tidy(name_seats(drop_actor(said(view.pending, language)), names, language=language))


def _winners(view: TongaView, names: Sequence[str] | None, language: str) -> str:
    people = ", ".join(_labels(view.winners, names, language))
    return said(T("Winner: {people}", people=people), language)


def _symbol(tile: Tile, language: str) -> str:
    """The mark a tile prints: a word for the ghost ship, signs and numbers for the rest."""
    return said(T("GHOST"), language) if tile.kind is Kind.GHOST else tile.symbol


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
def _chart(language: str = ENGLISH) -> Image.Image:
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
    _legend(image, draw, language)
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
def _draw_tiles(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TongaView, language: str = ENGLISH
) -> None:
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
        symbol = _symbol(tile, language)
        size = 13 if len(symbol) > 3 else 16
        _text(image, (x, y + 7), symbol, size, contrast_ink(fill), centred=True)


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
    Phase.WAGES: N_("step 1 of 4: wages"),
    Phase.CREW: N_("step 2 of 4: crew placement"),
    Phase.NAVIGATION: N_("step 3 of 4: navigation"),
    Phase.OVER: N_("game over"),
}


def _step(view: TongaView, language: str) -> str:
    """The step (and "(last round)" in the last one), said in ``language``."""
    step = word(STEP_NAMES[view.phase], language)
    if view.ending and view.phase is not Phase.OVER:
        return said(T("{step} (last round)", step=step), language)
    return step


def _draw_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: TongaView,
    names: Sequence[str] | None,
    language: str = ENGLISH,
) -> None:
    x0 = PANEL_X
    heading = said(T("Round {round}", round=view.round), language)
    _text(image, (x0, 10), heading, 22)
    if view.phase is not Phase.OVER:
        # After the round, however long a language says it ("Round 12" fits English's 110 px).
        step_x = x0 + max(110, text_width(heading, 22) + 8)
        _text(image, (step_x, 14), _step(view, language), 18)
    acting = to_act_line(_labels(view.acting, names, language), language)
    _text(image, (x0, 42), ellipsize(acting, TEXT_W, 18), 18)
    if view.acting:
        pending = _pending(view, names, language)
        _wrapped(image, (x0, PENDING_Y), pending, 17, PENDING_INK, PENDING_LINES)
    elif view.winners:
        _wrapped(image, (x0, PENDING_Y), _winners(view, names, language), 18, INK, 2)
    if view.phase is Phase.CREW and view.roll:
        _roll_line(image, draw, x0, ROW_Y, view, language)
    elif view.phase is Phase.NAVIGATION and view.acting:
        points = said(T("Movement points left: {count}", count=view.mp), language)
        _text(image, (x0, ROW_Y + 6), points, 18)
    if view.last:
        last = name_seats(said(view.last, language), names, language=language)
        last_move = tidy(said(T("Last move: {move}", move=last), language))
        _wrapped(image, (x0, LAST_Y), last_move, 16, MUTED, 1)
    y = BOARDS_Y
    for seat in view.order:
        _board(image, draw, x0, y, view, seat, names, language)
        y += BOARD_H + 6
    if view.result:
        draw.rectangle((MAP_W + 1, LEGEND_Y - 4, WIDTH, HEIGHT), fill=PANEL_BG)
        _results(image, draw, x0, LEGEND_Y, view, names, language)


def _board(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x0: float,
    y: float,
    view: TongaView,
    seat: int,
    names: Sequence[str] | None,
    language: str = ENGLISH,
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

    def coins(person: str) -> str:
        return said(T("{person}: {count} coins", person=person, count=line.money), language)

    # The name is cut to leave room for its money, measured without a name.
    room = TEXT_W - 50 - text_width(coins(""), 18)
    who = ellipsize(seat_label(seat, names, language=language), room, 18)
    _text(image, (x0 + 38, y + 8), coins(who), 18)
    out = line.worth - line.money
    camps = said(T("camps left {count}", count=line.camps_left), language)
    _text(image, (x0 + 8, y + 40), camps, 17)
    if out:
        aboard = said(T("{count} coins on boards", count=out), language)
        _text(image, (x0 + 8, y + 62), aboard, 16, MUTED)
    if line.maps:
        symbols = " ".join(_symbol(TILE_BY_KEY[k], language) for k in line.maps)
        _text(image, (x0 + 130, y + 40), said(T("maps {maps}", maps=symbols), language), 16)
    captain, helmsman = view.wages[seat]
    crew = view.crews[seat]
    places = (
        said(T("capt {wage}", wage=captain), language),
        said(T("helm {wage}", wage=helmsman), language),
        said(T("boy {wage}", wage=0), language),
    )
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
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x0: float,
    y: float,
    view: TongaView,
    language: str = ENGLISH,
) -> None:
    fill = SEAT_COLOURS[view.acting[0]]
    _text(image, (x0, y + 6), said(T("Roll:"), language), 17)
    for k, value in enumerate(view.roll):
        bx = x0 + 52 + k * 40
        draw.rounded_rectangle(
            (bx, y, bx + DIE_SIZE, y + DIE_SIZE), radius=5, fill=fill, outline=INK, width=2
        )
        face = "s" if value == SEASICK else str(value)
        _text(image, (bx + 15, y + 15), face, 18, contrast_ink(fill), centred=True)
    note = roll_note(view, language)
    _text(image, (x0 + 62 + len(view.roll) * 40, y + 7), note, 16, MUTED)


def roll_note(view: TongaView, language: str = ENGLISH) -> str:
    """The words beside the roll: the reroll cost, while a reroll is still allowed."""
    # Placed dice leave the roll, so a roll of fewer than three means one is on a ship.
    if len(view.roll) < DICE_PER_PLAYER:
        return said(T("s = seasick; no reroll once a die is placed"), language)
    return said(T("s = seasick; a reroll costs {cost}", cost=view.reroll_cost), language)


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, language: str = ENGLISH) -> None:
    """The tile legend (static: part of the cached chart) and the map's marks."""
    x0, y = PANEL_X, LEGEND_Y
    _text(image, (x0, y), said(T("Special tiles (on dolphin spaces)"), language), 16, MUTED)
    y += 22
    for tile in TILES:
        fill = TILE_FILLS[tile.kind]
        draw.rounded_rectangle((x0, y, x0 + 44, y + 20), radius=4, fill=fill, outline=INK)
        symbol = _symbol(tile, language)
        _text(image, (x0 + 22, y + 10), symbol, 13, contrast_ink(fill), centred=True)
        _text(image, (x0 + 52, y + 1), word(tile.text, language), 16)
        y += 24
    marks = said(
        T("~ emptied dolphin space · gold line: the route of the ship moving now or last"),
        language,
    )
    _wrapped(image, (x0, y + 2), marks, 16, MUTED, 2)
    # Under the chart: how to read it. The moves in it are notation (typed as they are).
    y = MAP_H - 4
    key = T(
        "Discs: ships (seat letter). Squares on islands: camps. Wavy hexes: an island's harbour, "
        "one space, typed by the island's name ({example}; {game}: {home}). Brown: reefs. "
        "Type a sea hex as printed on it ({hex}).",
        example="go cocoa",
        game="Tonga Bonga",
        home="go tonga",
        hex="go h5",
    )
    _wrapped(image, (MARGIN, y), said(key, language), 16, INK, 2, MAP_W - 2 * MARGIN)


def _results(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x0: float,
    y: float,
    view: TongaView,
    names: Sequence[str] | None,
    language: str = ENGLISH,
) -> None:
    """The money breakdown: one row per ledger line, one column per seat."""
    _text(image, (x0, y), said(T("Money, line by line"), language), 18)
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
        _text(image, (x0, y), word(name, language), 17)
        for seat, value in enumerate(values):
            at = (x0 + label_w + col * seat + col / 2, y + 7)
            _text(image, at, f"{value:+d}" if index else str(value), 17, centred=True)
        y += RESULT_ROW
    draw.line((x0, y - 2, x0 + label_w + col * view.players, y - 2), fill=INK, width=2)
    _text(image, (x0, y + 3), said(T("money"), language), 18)
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
def alt_text(
    view: TongaView, *, names: Sequence[str] | None = None, language: str = ENGLISH
) -> str:
    """The position in words (in ``language``): the step and who acts, money, ships, camps,
    crews, tiles."""
    head = TN(
        "{game}, {count} player, round {round}",
        "{game}, {count} players, round {round}",
        view.players,
        game="Tonga Bonga",
        round=view.round,
    )
    parts = [said(head, language)]
    if view.acting:
        step = word(STEP_NAMES[view.phase], language)
        step = step[:1].upper() + step[1:]  # as str.capitalize(), the rest left as said
        if view.ending:
            step = said(T("{step} (last round)", step=step), language)
        parts.append(step)
        acting = ", ".join(_labels(view.acting, names, language))
        pending = name_seats(drop_actor(said(view.pending, language)), names, language=language)
        parts.append(
            said(T("{people} to act: {pending}", people=acting, pending=pending), language)
        )
    else:
        won = ", ".join(_labels(view.winners, names, language)) or said(T("nobody"), language)
        parts.append(said(T("Game over, winner {people}", people=won), language))
    if view.phase is Phase.CREW and view.roll:
        seasick = said(T("seasick"), language)
        faces = " ".join(seasick if v == SEASICK else str(v) for v in view.roll)
        parts.append(said(T("Roll: {faces}", faces=faces), language))
    elif view.phase is Phase.NAVIGATION and view.acting:
        parts.append(said(T("Movement points left: {count}", count=view.mp), language))
    for seat in view.order:
        line = view.seats[seat]
        captain, helmsman = view.wages[seat]
        crew = ", ".join(f"{SEAT_LETTERS[d.owner]} {d.value}" for d in view.crews[seat])
        text = T(
            "{person}: {coins} coins, {camps} camps left, ship at {space}, wages captain "
            "{captain} helmsman {helmsman}, crew {crew}",
            person=seat_label(seat, names, language=language),
            coins=line.money,
            camps=line.camps_left,
            space=SPACE_NAMES[view.ships[seat]],
            captain=captain,
            helmsman=helmsman,
            crew=crew or said(T("none"), language),
        )
        parts.append(said(text, language))
    camps = [
        f"{island.name} {' '.join(SEAT_LETTERS[s] for s in seats)}"
        for island, seats in zip(ISLANDS, view.camps, strict=True)
        if seats
    ]
    if camps:
        parts.append(said(T("Camps: {camps}", camps="; ".join(camps)), language))
    tiles = [
        said(
            T(
                "{tile} at {space}",
                tile=_symbol(TILE_BY_KEY[key], language),
                space=SPACE_NAMES[DOLPHIN_SPACES[i]],
            ),
            language,
        )
        for i, key in enumerate(view.tiles)
        if key is not None
    ]
    if tiles:
        parts.append(said(T("Tiles: {tiles}", tiles=", ".join(tiles)), language))
    if view.last:
        last = name_seats(said(view.last, language), names, language=language)
        parts.append(said(T("Last move: {move}", move=last), language))
    return clip_alt(sentences(*parts))
