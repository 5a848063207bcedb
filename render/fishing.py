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

from i18n.catalogue import ENGLISH
from i18n.text import N_, TN, T
from render import common, hexboard
from render.bounded import MB, bounded
from render.common import (
    MUTED,
    SEAT_LETTERS,
    clip_alt,
    paste_text,
    said,
    seat_label,
    sentences,
    word,
)
from render.palette import tagged
from render.phone import Status, compose
from rules.fishing import FishingView
from rules.fishing.data import ACTIONS, COLOURS, KIND_INDEX, KINDS, SPECIAL_SETS, Tile
from rules.fishing_common import left_of

STYLE: dict[Tile, tuple[tuple[int, int, int], str, str]] = {
    Tile.RED: ((166, 0, 50), "R", N_("Red")),
    Tile.BLUE: ((39, 49, 136), "B", N_("Blue")),
    Tile.YELLOW: ((252, 212, 10), "Y", N_("Yellow")),
    Tile.GREEN: ((31, 173, 110), "G", N_("Green")),
    Tile.CRAYFISH: ((220, 0, 0), "C", N_("Crayfish 8/4")),
    Tile.KINGFISH: ((197, 156, 31), "K", N_("Kingfish (win)")),
    Tile.LUNKER: ((0, 130, 142), "L", N_("Lunker 5 (last)")),
    Tile.DINKER: ((92, 185, 255), "D", N_("Dinker 2")),
    Tile.SKIPJACK: ((74, 82, 183), "SJ", N_("Skipjack 5 (line)")),
    Tile.SHINER: ((202, 189, 215), "SH", N_("Shiner -2/5/12")),
    Tile.JUNK: ((100, 94, 90), "J", N_("Junk -3")),
    Tile.SWAP_FISH: ((238, 232, 214), "SF", N_("Swap 2 Fish")),
    Tile.SWAP_TILES: ((238, 232, 214), "ST", N_("Swap 2 Tiles")),
    Tile.SLIDE: ((238, 232, 214), "SL", N_("Slide a Tile")),
    Tile.REMOVE: ((238, 232, 214), "RM", N_("Remove a Tile")),
    Tile.DOUBLE: ((238, 232, 214), "DP", N_("Double Points")),
}

# The tiles and the sides as the alt text and the panel name them (said in the viewer's
# language); the special sets' names are the option's values, typed as they are (notation).
TILE_WORDS: dict[Tile, str] = {
    Tile.RED: N_("red"),
    Tile.BLUE: N_("blue"),
    Tile.YELLOW: N_("yellow"),
    Tile.GREEN: N_("green"),
    Tile.CRAYFISH: N_("crayfish"),
    Tile.KINGFISH: N_("kingfish"),
    Tile.LUNKER: N_("lunker"),
    Tile.DINKER: N_("dinker"),
    Tile.SKIPJACK: N_("skipjack"),
    Tile.SHINER: N_("shiner"),
    Tile.JUNK: N_("junk"),
    Tile.SWAP_FISH: N_("swap 2 fish"),
    Tile.SWAP_TILES: N_("swap 2 tiles"),
    Tile.SLIDE: N_("slide a tile"),
    Tile.REMOVE: N_("remove a tile"),
    Tile.DOUBLE: N_("double points"),
}
SIDE_WORDS = {"small": N_("small"), "large": N_("large")}

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
    language: str = ENGLISH,
) -> Image.Image:
    """The picture of ``view`` (``layout="phone"``: the phone-first one, ``render.phone``),
    its words in ``language``."""
    if layout == "phone":
        return phone(view, names, language)
    s = scale
    board_w, board_h = hexboard.board_size(view.rows, s)
    width = round(MARGIN * s) * 3 + board_w + round(PANEL * s)
    rows = -(-len(legend_tiles(view.sets)) // 2)
    seats_h = (8 + 56 + ROW * view.players + 28 + rows * 34 + 34) * s
    height = round(HEADER * s) + max(board_h + round(2 * MARGIN * s), round(seats_h))
    origin = (MARGIN * s, HEADER * s + MARGIN * s)
    panel_left = origin[0] + board_w + MARGIN * s
    image = _background(
        view.rows, view.island, view.sets, s, (width, height), view.players, panel_left, language
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
    island = said(T("Island"), language)
    hexboard.island_label(draw, centres, view.island, island, s, below=False)

    title, text = _header(view, names, language)
    hexboard.header(image, title, text, s, MARGIN * s, width)
    _panel(image, view, names, s, panel_left, HEADER * s + 8 * s, language)
    return tagged(image, palette())


@cache
def palette() -> Image.Image:
    """The fixed palette every Friendly Fishing picture is encoded with (``render.palette``)."""
    return common.game_palette(vars(hexboard), globals())


def _header(view: FishingView, names: Sequence[str] | None, language: str) -> tuple[str, str]:
    return hexboard.header_texts(
        "Friendly Fishing",
        view.turn,
        view.winners,
        view.pending,
        view.note,
        names,
        headline(view, names, language),
        language,
    )


def phone(
    view: FishingView, names: Sequence[str] | None = None, language: str = ENGLISH
) -> Image.Image:
    """The phone-first picture: who acts on what and every score, the water around the boat
    (or the hexes it may go to) at full size, the whole picture at half size."""
    board_w, board_h = hexboard.board_size(view.rows, 1.0)
    origin = (MARGIN, HEADER + MARGIN)
    points = hexboard.centres(view.rows, 1.0, origin)
    title, text = _header(view, names, language)
    scores = [
        f"{seat_label(seat, names, language=language)}: {score_words(view, seat, language)}"
        for seat in range(view.players)
    ]
    return compose(
        render(view, names=names, language=language),
        Status(title, [text], scores),
        board=(origin[0], origin[1], origin[0] + board_w, origin[1] + board_h),
        focus=hexboard.focus_of(view, points, view.turn is not None, view.island),
        labels=hexboard.hex_labels(view.rows, view.island, 1.0, origin, False),
        language=language,
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


def headline(view: FishingView, names: Sequence[str] | None, language: str = ENGLISH) -> str:
    """How the game was won, first: "carol (C) wins with 2 Kingfish", else by points."""
    if view.turn is not None:
        return ""
    king = kingfish_winner(view)
    if king is not None:
        held = view.piles[king][KIND_INDEX[Tile.KINGFISH]]
        person = seat_label(king, names, language=language)
        text = TN(
            "{person} wins with {count} Kingfish",
            "{person} wins with {count} Kingfish",
            held,
            person=person,
        )
        return said(text, language)
    scores = view.totals if view.players > 2 else view.fishing
    return hexboard.points_headline(view.winners, scores, names, language)


def score_words(view: FishingView, seat: int, language: str = ENGLISH) -> str:
    """How a seat's score adds up: "fishing 17 + left neighbour D 24 = 41" with 3-5 players
    (their final score), "fishing 17" with 2."""
    own = view.fishing[seat]
    if view.players == 2:
        return said(T("fishing score {own}", own=own), language)
    left = left_of(seat, view.players)
    text = T(
        "fishing {own} + left neighbour {seat} {neighbour} = {total}",
        own=own,
        seat=SEAT_LETTERS[left],
        neighbour=view.fishing[left],
        total=view.totals[seat],
    )
    return said(text, language)


def alt_text(
    view: FishingView, *, names: Sequence[str] | None = None, language: str = ENGLISH
) -> str:
    """The position in words (in ``language``): the result or who acts, each score and pile,
    the boat, the tiles."""
    head = TN(
        "{game}, {side} side, {count} player",
        "{game}, {side} side, {count} players",
        view.players,
        game="Friendly Fishing",
        side=_side(view, language),
    )
    parts = [said(head, language)]
    parts += hexboard.alt_turn(
        view.turn, headline(view, names, language), view.note, view.pending, names, language
    )
    doubled = _tile(view.doubled, language) if view.doubled else T("not placed")
    sets = ", ".join(view.sets)
    line = TN(
        "Sets: {sets}; {count} Kingfish win; Double Points: {doubled}",
        "Sets: {sets}; {count} Kingfish win; Double Points: {doubled}",
        view.kingfish_needed,
        sets=sets,
        doubled=doubled,
    )
    parts.append(said(line, language))
    for seat in range(view.players):
        held = hexboard.alt_pile(
            KINDS, view.piles[seat], lambda tile: _tile(tile, language), language
        )
        text = T(
            "{person}: {score}; holds {pile}",
            person=seat_label(seat, names, language=language),
            score=score_words(view, seat, language),
            pile=held or T("nothing"),
        )
        parts.append(said(text, language))
    parts += hexboard.alt_boat(view, names, said(T("Boat on the island"), language), language)
    tiles = hexboard.alt_places(view.tiles, view.labels, lambda tile: _tile(tile, language))
    parts.append(said(T("Tiles: {tiles}", tiles=tiles or T("none left")), language))
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
    language: str = ENGLISH,
) -> Image.Image:
    """The water with its labels and the legend: the same for every picture of a table size
    and language."""
    origin = (MARGIN * s, HEADER * s + MARGIN * s)
    image = hexboard.water_layer(rows, island, s, origin, size, False).copy()
    entries = [
        (STYLE[t][0], STYLE[t][1], word(STYLE[t][2], language), t in ACTIONS)
        for t in legend_tiles(sets)
    ]
    top = HEADER * s + 8 * s + (56 + ROW * players) * s
    note = said(T("Green ring: the boat may go there. Gold: the last move."), language)
    title = said(T("Legend (letters on tiles)"), language)
    hexboard.legend(image, title, entries, note, s, left, top, 230, 34)
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
    language: str = ENGLISH,
) -> None:
    y = top
    doubled = (
        _tile(view.doubled, language).title() if view.doubled else said(T("not placed"), language)
    )
    side = _side(view, language).title()
    info = said(
        T("{side} side. Double Points (DP): {doubled}.", side=side, doubled=doubled), language
    )
    paste_text(image, (left, y), info, round(17 * s))
    y += 24 * s
    sets = ", ".join(view.sets)
    info = said(
        T("Sets: {sets}. Kingfish to win: {count}", sets=sets, count=view.kingfish_needed),
        language,
    )
    paste_text(image, (left, y), info, round(17 * s))
    y += 32 * s
    king = kingfish_winner(view)
    for seat in range(view.players):
        person = seat_label(seat, names, language=language)
        if seat == king:
            person = said(T("{person}  - wins with the Kingfish", person=person), language)
        lines = (person, score_words(view, seat, language))
        box = (PANEL * s - 12 * s, (ROW - 10) * s)
        hexboard.seat_row(image, seat, lines, view.turn == seat, s, left, y, box)
        held = [(t, n) for t, n in zip(KINDS, view.piles[seat], strict=True) if n]
        x = left + 16 * s
        if not held:
            none = said(T("nothing yet"), language)
            paste_text(image, (x - 10 * s, y + 62 * s), none, round(17 * s), MUTED)
        for tile, count in held:
            fill, letters, _ = STYLE[tile]
            hexboard.chip(image, (x, y + 74 * s), s * 0.9, fill, letters, square=tile in ACTIONS)
            paste_text(image, (x + 16 * s, y + 65 * s), f"x{count}", round(16 * s))
            x += 56 * s
        y += ROW * s


def _tile(tile: Tile, language: str) -> str:
    return word(TILE_WORDS[tile], language)


def _side(view: FishingView, language: str) -> str:
    return word(SIDE_WORDS.get(view.side, view.side), language)
