"""The Friendly Fishing picture: either board side with labels, tiles, the boat and every pile.

A pure function of ``FishingView``. Fish are coloured discs with letters, action tiles light
squares with letters; a legend names them. The four colour icons sit in the board's corners,
the Double Points marker beside the doubled one. The last boat move is an arrow with gold rings,
spaces the boat may move to have green rings. The right panel lists each seat's pile with its
fishing and final score so far; the header says who acts and what is awaited.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from render import hexboard
from render.common import INK, MUTED, font
from rules.fishing import FishingView
from rules.fishing.data import ACTIONS, COLOURS, KINDS, Tile

STYLE: dict[Tile, tuple[tuple[int, int, int], str, str]] = {
    Tile.RED: ((214, 48, 49), "R", "Red"),
    Tile.BLUE: ((40, 96, 214), "B", "Blue"),
    Tile.YELLOW: ((245, 205, 50), "Y", "Yellow"),
    Tile.GREEN: ((46, 150, 70), "G", "Green"),
    Tile.CRAYFISH: ((168, 74, 40), "C", "Crayfish 8/4"),
    Tile.KINGFISH: ((212, 170, 30), "K", "Kingfish (win)"),
    Tile.LUNKER: ((24, 110, 110), "L", "Lunker 5 (last)"),
    Tile.DINKER: ((150, 205, 245), "D", "Dinker 2"),
    Tile.SKIPJACK: ((120, 130, 150), "SJ", "Skipjack 5 (line)"),
    Tile.SHINER: ((235, 215, 250), "SH", "Shiner -2/5/12"),
    Tile.JUNK: ((80, 80, 80), "J", "Junk -3"),
    Tile.SWAP_FISH: ((238, 232, 214), "SF", "Swap 2 Fish"),
    Tile.SWAP_TILES: ((238, 232, 214), "ST", "Swap 2 Tiles"),
    Tile.SLIDE: ((238, 232, 214), "SL", "Slide a Tile"),
    Tile.REMOVE: ((238, 232, 214), "RM", "Remove a Tile"),
    Tile.DOUBLE: ((238, 232, 214), "DP", "Double Points"),
}

MARGIN = 20
HEADER = 104
PANEL = 480


def render(view: FishingView, *, scale: float = 1.0) -> Image.Image:
    s = scale
    board_w, board_h = hexboard.board_size(view.rows, s)
    width = round(MARGIN * s) * 3 + board_w + round(PANEL * s)
    seats_h = (8 + 56 + 88 * view.players + 28 + 8 * 34 + 34) * s
    height = round(HEADER * s) + max(board_h + round(2 * MARGIN * s), round(seats_h))
    origin = (MARGIN * s, HEADER * s + MARGIN * s)
    panel_left = origin[0] + board_w + MARGIN * s
    image = _background(view.rows, view.island, s, (width, height), view.players, panel_left).copy()
    draw = ImageDraw.Draw(image)
    centres = hexboard.centres(view.rows, s, origin)

    _corner_icons(image, view, s, origin, board_w, board_h)
    for index in view.targets:
        hexboard.outline(draw, centres[index], s, hexboard.TARGET, 3)
    for index in view.last_hexes:
        if index not in view.island:
            hexboard.outline(draw, centres[index], s)
    for index, tile in enumerate(view.tiles):
        if tile is not None:
            colour, letters, _ = STYLE[tile]
            hexboard.piece(image, centres[index], s, colour, letters, square=tile in ACTIONS)
    if view.boat is None:
        xs = [centres[i][0] for i in view.island]
        boat_at = (sum(xs) / len(xs), centres[view.island[0]][1])
        hexboard.boat(draw, boat_at, s)
    elif view.tiles[view.boat] is not None:
        # On a Dinker awaiting take/leave: a smaller boat beside the tile keeps its letter legible.
        x, y = centres[view.boat]
        hexboard.boat(draw, (x + 24 * s, y + 8 * s), s * 0.6)
    else:
        hexboard.boat(draw, centres[view.boat], s)
    last = view.last_hexes
    if len(last) == 2 and last[1] == view.boat and last[0] != last[1]:
        hexboard.arrow(draw, centres[last[0]], centres[last[1]], s)

    hexboard.header(
        draw,
        "Friendly Fishing",
        view.turn,
        view.winners,
        view.pending,
        view.note,
        s,
        MARGIN * s,
        width,
    )
    _panel(image, view, s, panel_left, HEADER * s + 8 * s)
    return image


@cache
def _background(
    rows: tuple[tuple[int, int, int], ...],
    island: tuple[int, ...],
    s: float,
    size: tuple[int, int],
    players: int,
    left: float,
) -> Image.Image:
    """The water with its labels and the legend: the same for every picture of a table size."""
    origin = (MARGIN * s, HEADER * s + MARGIN * s)
    image = hexboard.water_layer(rows, island, s, origin, size, "Island", False).copy()
    entries = [(c, letters, name, t in ACTIONS) for t, (c, letters, name) in STYLE.items()]
    top = HEADER * s + 8 * s + (56 + 88 * players) * s
    note = "Green ring: the boat may go there. Gold: the last move."
    hexboard.legend(image, "Legend (letters on tiles)", entries, note, s, left, top, 230, 34)
    return image


def _corner_icons(
    image: Image.Image,
    view: FishingView,
    s: float,
    origin: tuple[float, float],
    board_w: int,
    board_h: int,
) -> None:
    """The four colour icons in the corners; Double Points sits beside the doubled one."""
    left, top = origin
    spots = (
        (left + 34 * s, top + 30 * s),
        (left + board_w - 34 * s, top + 30 * s),
        (left + 34 * s, top + board_h - 30 * s),
        (left + board_w - 34 * s, top + board_h - 30 * s),
    )
    for colour, (x, y) in zip(COLOURS, spots, strict=True):
        fill, letters, _ = STYLE[colour]
        hexboard.chip(image, (x, y), s * 1.2, fill, letters)
        if view.doubled is colour:
            dx = 44 * s if x < left + board_w / 2 else -44 * s
            hexboard.chip(image, (x + dx, y), s * 1.2, STYLE[Tile.DOUBLE][0], "DP", square=True)


def _panel(image: Image.Image, view: FishingView, s: float, left: float, top: float) -> None:
    draw = ImageDraw.Draw(image)
    y = top
    doubled = view.doubled.value.title() if view.doubled else "not placed"
    info = f"{view.side.title()} side. Double Points (DP): {doubled}."
    draw.text((left, y), info, font=font(round(17 * s)), fill=INK)
    y += 24 * s
    sets = ", ".join(view.sets)
    info = f"Sets: {sets}. Kingfish to win: {view.kingfish_needed}"
    draw.text((left, y), info, font=font(round(17 * s)), fill=INK)
    y += 32 * s
    for seat in range(view.players):
        final = "" if view.players == 2 else f", final {view.totals[seat]}"
        score = f"Seat {seat + 1}: fishing {view.fishing[seat]}{final}"
        box = (PANEL * s - 12 * s, 78 * s)
        hexboard.seat_row(draw, seat, score, view.turn == seat, s, left, y, box)
        held = [(t, n) for t, n in zip(KINDS, view.piles[seat], strict=True) if n]
        x = left + 16 * s
        if not held:
            draw.text((x - 10 * s, y + 40 * s), "nothing yet", font=font(round(17 * s)), fill=MUTED)
        for tile, count in held:
            fill, letters, _ = STYLE[tile]
            hexboard.chip(image, (x, y + 52 * s), s * 0.9, fill, letters, square=tile in ACTIONS)
            draw.text((x + 16 * s, y + 43 * s), f"x{count}", font=font(round(16 * s)), fill=INK)
            x += 56 * s
        y += 88 * s
