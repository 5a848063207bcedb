"""The Friendly Fishing picture: either board side with labels, tiles, the boat and every pile.

A pure function of ``FishingView``. Fish are coloured discs with letters, action tiles light
squares with letters; a legend names them. The four colour icons sit in the board's corners,
the Double Points marker beside the doubled one. The last boat move is an arrow with gold rings,
spaces the boat may move to have green rings. The right panel names each player with their pile
and how their score adds up; seats are white squares with their letter, never a fish's colour.
The header says who acts and what is awaited; at the end it says first how the game was won (a
Kingfish win says so before any points). The legend lists only the special sets in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from render import common, hexboard
from render.bounded import MB, bounded
from render.common import (
    MUTED,
    SEAT_LETTERS,
    clip_alt,
    paste_text,
    seat_label,
    sentences,
)
from render.palette import tagged
from render.phone import Status, compose
from rules.fishing import FishingView
from rules.fishing.data import ACTIONS, COLOURS, KIND_INDEX, KINDS, SPECIAL_SETS, Tile
from rules.fishing_common import left_of

STYLE: dict[Tile, tuple[tuple[int, int, int], str, str]] = {
    Tile.RED: ((166, 0, 50), "R", "Red"),
    Tile.BLUE: ((39, 49, 136), "B", "Blue"),
    Tile.YELLOW: ((252, 212, 10), "Y", "Yellow"),
    Tile.GREEN: ((31, 173, 110), "G", "Green"),
    Tile.CRAYFISH: ((220, 0, 0), "C", "Crayfish 8/4"),
    Tile.KINGFISH: ((197, 156, 31), "K", "Kingfish (win)"),
    Tile.LUNKER: ((0, 130, 142), "L", "Lunker 5 (last)"),
    Tile.DINKER: ((92, 185, 255), "D", "Dinker 2"),
    Tile.SKIPJACK: ((74, 82, 183), "SJ", "Skipjack 5 (line)"),
    Tile.SHINER: ((202, 189, 215), "SH", "Shiner -2/5/12"),
    Tile.JUNK: ((100, 94, 90), "J", "Junk -3"),
    Tile.SWAP_FISH: ((238, 232, 214), "SF", "Swap 2 Fish"),
    Tile.SWAP_TILES: ((238, 232, 214), "ST", "Swap 2 Tiles"),
    Tile.SLIDE: ((238, 232, 214), "SL", "Slide a Tile"),
    Tile.REMOVE: ((238, 232, 214), "RM", "Remove a Tile"),
    Tile.DOUBLE: ((238, 232, 214), "DP", "Double Points"),
}

MARGIN = 20
HEADER = 104
PANEL = 480
ROW = 108  # one seat in the panel: name, score sum, pile
BASICS = (Tile.RED, Tile.BLUE, Tile.YELLOW, Tile.GREEN, Tile.CRAYFISH)


def render(
    view: FishingView,
    *,
    names: Sequence[str] | None = None,
    scale: float = 1.0,
    layout: str = "desktop",
) -> Image.Image:
    """The picture of ``view`` (``layout="phone"``: the phone-first one, ``render.phone``)."""
    if layout == "phone":
        return phone(view, names)
    s = scale
    board_w, board_h = hexboard.board_size(view.rows, s)
    width = round(MARGIN * s) * 3 + board_w + round(PANEL * s)
    rows = -(-len(legend_tiles(view.sets)) // 2)
    seats_h = (8 + 56 + ROW * view.players + 28 + rows * 34 + 34) * s
    height = round(HEADER * s) + max(board_h + round(2 * MARGIN * s), round(seats_h))
    origin = (MARGIN * s, HEADER * s + MARGIN * s)
    panel_left = origin[0] + board_w + MARGIN * s
    image = _background(
        view.rows, view.island, view.sets, s, (width, height), view.players, panel_left
    ).copy()
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
        boat_at = (sum(xs) / len(xs), centres[view.island[0]][1] + 6 * s)
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
    hexboard.island_label(draw, centres, view.island, "Island", s, below=False)

    title, text = hexboard.header_texts(
        "Friendly Fishing",
        view.turn,
        view.winners,
        view.pending,
        view.note,
        names,
        headline(view, names),
    )
    hexboard.header(image, title, text, s, MARGIN * s, width)
    _panel(image, view, names, s, panel_left, HEADER * s + 8 * s)
    return tagged(image, palette())


@cache
def palette() -> Image.Image:
    """The fixed palette every Friendly Fishing picture is encoded with (``render.palette``)."""
    return common.game_palette(vars(hexboard), globals())


def phone(view: FishingView, names: Sequence[str] | None = None) -> Image.Image:
    """The phone-first picture: who acts on what and every score, the water around the boat
    (or the hexes it may go to) at full size, the whole picture at half size."""
    board_w, board_h = hexboard.board_size(view.rows, 1.0)
    origin = (MARGIN, HEADER + MARGIN)
    points = hexboard.centres(view.rows, 1.0, origin)
    title, text = hexboard.header_texts(
        "Friendly Fishing",
        view.turn,
        view.winners,
        view.pending,
        view.note,
        names,
        headline(view, names),
    )
    scores = [
        f"{seat_label(seat, names)}: {score_words(view, seat)}" for seat in range(view.players)
    ]
    return compose(
        render(view, names=names),
        Status(title, [text], scores),
        board=(origin[0], origin[1], origin[0] + board_w, origin[1] + board_h),
        focus=hexboard.focus_of(view, points, view.turn is not None, view.island),
        labels=hexboard.hex_labels(view.rows, view.island, 1.0, origin, False),
    )


def legend_tiles(sets: Sequence[str]) -> tuple[Tile, ...]:
    """The tiles the legend explains: the basic fish, the special sets in play, the actions."""
    return (*BASICS, *(SPECIAL_SETS[name] for name in sets), *ACTIONS)


def kingfish_winner(view: FishingView) -> int | None:
    """The seat that won at once with the Kingfish, or None. Catching the last Kingfish needed
    ends the game on the spot, so a finished game's sole winner holding that many won so."""
    if view.turn is not None or len(view.winners) != 1 or "kingfish" not in view.sets:
        return None
    seat = view.winners[0]
    held = view.piles[seat][KIND_INDEX[Tile.KINGFISH]]
    return seat if held >= view.kingfish_needed else None


def headline(view: FishingView, names: Sequence[str] | None) -> str:
    """How the game was won, first: "carol (C) wins with 2 Kingfish", else by points."""
    if view.turn is not None:
        return ""
    king = kingfish_winner(view)
    if king is not None:
        held = view.piles[king][KIND_INDEX[Tile.KINGFISH]]
        return f"{seat_label(king, names)} wins with {held} Kingfish"
    scores = view.totals if view.players > 2 else view.fishing
    return hexboard.points_headline(view.winners, scores, names)


def score_words(view: FishingView, seat: int) -> str:
    """How a seat's score adds up: "fishing 17 + left neighbour D 24 = 41" with 3-5 players
    (their final score), "fishing 17" with 2."""
    own = view.fishing[seat]
    if view.players == 2:
        return f"fishing score {own}"
    left = left_of(seat, view.players)
    return (
        f"fishing {own} + left neighbour {SEAT_LETTERS[left]} {view.fishing[left]}"
        f" = {view.totals[seat]}"
    )


def alt_text(view: FishingView, *, names: Sequence[str] | None = None) -> str:
    """The position in words: the result or who acts, each score and pile, the boat, the tiles."""
    parts = [f"Friendly Fishing, {view.side} side, {view.players} players"]
    parts += hexboard.alt_turn(view.turn, headline(view, names), view.note, view.pending, names)
    doubled = view.doubled.value if view.doubled else "not placed"
    sets = ", ".join(view.sets)
    parts.append(f"Sets: {sets}; {view.kingfish_needed} Kingfish win; Double Points: {doubled}")
    for seat in range(view.players):
        held = hexboard.alt_pile(KINDS, view.piles[seat])
        score = score_words(view, seat)
        parts.append(f"{seat_label(seat, names)}: {score}; holds {held or 'nothing'}")
    parts += hexboard.alt_boat(view, names, "Boat on the island")
    tiles = hexboard.alt_places(view.tiles, view.labels, lambda tile: tile.value)
    parts.append(f"Tiles: {tiles or 'none left'}")
    return clip_alt(sentences(*parts))


@bounded(12 * MB)
def _background(
    rows: tuple[tuple[int, int, int], ...],
    island: tuple[int, ...],
    sets: tuple[str, ...],
    s: float,
    size: tuple[int, int],
    players: int,
    left: float,
) -> Image.Image:
    """The water with its labels and the legend: the same for every picture of a table size."""
    origin = (MARGIN * s, HEADER * s + MARGIN * s)
    image = hexboard.water_layer(rows, island, s, origin, size, False).copy()
    entries = [(*STYLE[t][:3], t in ACTIONS) for t in legend_tiles(sets)]
    top = HEADER * s + 8 * s + (56 + ROW * players) * s
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


def _panel(
    image: Image.Image,
    view: FishingView,
    names: Sequence[str] | None,
    s: float,
    left: float,
    top: float,
) -> None:
    y = top
    doubled = view.doubled.value.title() if view.doubled else "not placed"
    info = f"{view.side.title()} side. Double Points (DP): {doubled}."
    paste_text(image, (left, y), info, round(17 * s))
    y += 24 * s
    sets = ", ".join(view.sets)
    info = f"Sets: {sets}. Kingfish to win: {view.kingfish_needed}"
    paste_text(image, (left, y), info, round(17 * s))
    y += 32 * s
    king = kingfish_winner(view)
    for seat in range(view.players):
        won = "  - wins with the Kingfish" if seat == king else ""
        lines = (seat_label(seat, names) + won, score_words(view, seat))
        box = (PANEL * s - 12 * s, (ROW - 10) * s)
        hexboard.seat_row(image, seat, lines, view.turn == seat, s, left, y, box)
        held = [(t, n) for t, n in zip(KINDS, view.piles[seat], strict=True) if n]
        x = left + 16 * s
        if not held:
            paste_text(image, (x - 10 * s, y + 62 * s), "nothing yet", round(17 * s), MUTED)
        for tile, count in held:
            fill, letters, _ = STYLE[tile]
            hexboard.chip(image, (x, y + 74 * s), s * 0.9, fill, letters, square=tile in ACTIONS)
            paste_text(image, (x + 16 * s, y + 65 * s), f"x{count}", round(16 * s))
            x += 56 * s
        y += ROW * s
