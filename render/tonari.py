"""The Tonari picture: the hex board with labels, tokens, the boat, the last move, every pile.

A pure function of ``TonariView``. Each token is a coloured disc with letters (skills are light
squares); a legend names them. The last boat move is an arrow with a gold ring; hexes the boat
may move to now have a green ring. The right panel lists each seat's pile, fish value and score so
far; the header says who acts and what is awaited.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from render import hexboard
from render.common import INK, MUTED, font
from rules.tonari import FISH, Token, TonariView

STYLE: dict[Token, tuple[tuple[int, int, int], str, str]] = {
    Token.RED: ((214, 48, 49), "R", "Red (set)"),
    Token.BLUE: ((40, 96, 214), "B", "Blue (set)"),
    Token.GREEN: ((46, 150, 70), "G", "Green (set)"),
    Token.YELLOW: ((245, 205, 50), "Y", "Yellow (set)"),
    Token.ORANGE: ((245, 140, 30), "O", "Orange: most = 8"),
    Token.PURPLE: ((110, 60, 150), "X", "Purple debris -5"),
    Token.PINK: ((245, 150, 200), "P", "Pink +5 (jump only)"),
    Token.SENSE: ((235, 235, 235), "SS", "Sense the Schools"),
    Token.ROUGH: ((235, 235, 235), "RW", "Rough Waters"),
    Token.SCARE: ((235, 235, 235), "SO", "Scare it Off"),
    Token.SEASON: ((235, 235, 235), "IS", "In Season"),
}
SKILL_TOKENS = (Token.SENSE, Token.ROUGH, Token.SCARE, Token.SEASON)

MARGIN = 20
HEADER = 104
PANEL = 500


def render(view: TonariView, *, scale: float = 1.0) -> Image.Image:
    s = scale
    board_w, board_h = hexboard.board_size(view.rows, s)
    width = round(MARGIN * s) * 3 + board_w + round(PANEL * s)
    height = round(HEADER * s) + max(board_h + round(2 * MARGIN * s), round(700 * s))
    origin = (MARGIN * s, HEADER * s + MARGIN * s)
    panel_left = origin[0] + board_w + MARGIN * s
    image = _background(view.rows, view.islands, s, (width, height), view.players, panel_left)
    image = image.copy()
    draw = ImageDraw.Draw(image)
    centres = hexboard.centres(view.rows, s, origin)

    for index in view.targets:
        hexboard.outline(draw, centres[index], s, hexboard.TARGET, 3)
    for index in view.last_hexes:
        hexboard.outline(draw, centres[index], s)
    for index, token in enumerate(view.tokens):
        if token is not None:
            colour, letters, _ = STYLE[token]
            hexboard.piece(image, centres[index], s, colour, letters, square=token in SKILL_TOKENS)
    if view.boat is not None:
        hexboard.boat(draw, centres[view.boat], s)
        last = view.last_hexes
        if len(last) == 2 and last[1] == view.boat and last[0] != last[1]:
            hexboard.arrow(draw, centres[last[0]], centres[last[1]], s)

    hexboard.header(
        draw, "Tonari", view.turn, view.winners, view.pending, view.note, s, MARGIN * s, width
    )
    _panel(image, view, s, panel_left, HEADER * s + 8 * s)
    return image


@cache
def _background(
    rows: tuple[tuple[int, int, int], ...],
    islands: tuple[int, ...],
    s: float,
    size: tuple[int, int],
    players: int,
    left: float,
) -> Image.Image:
    """The water with its labels and the legend: the same for every picture of a table size."""
    origin = (MARGIN * s, HEADER * s + MARGIN * s)
    image = hexboard.water_layer(rows, islands, s, origin, size, "Kuchinoshima").copy()
    entries = [(c, letters, name, t in SKILL_TOKENS) for t, (c, letters, name) in STYLE.items()]
    top = HEADER * s + 8 * s + (34 + 96 * players + 6) * s
    note = "Green ring: the boat may go there. Gold ring/arrow: the last move."
    hexboard.legend(image, "Legend (letters on tokens)", entries, note, s, left, top, 240, 36)
    return image


def _panel(image: Image.Image, view: TonariView, s: float, left: float, top: float) -> None:
    draw = ImageDraw.Draw(image)
    y = top
    season = view.season
    label = "In Season: none yet" if season is None else f"In Season: {season.value.title()} x2"
    draw.text((left, y), label, font=font(round(20 * s)), fill=INK)
    y += 34 * s
    for seat in range(view.players):
        mover = "  (moved last)" if view.last_seat == seat and view.boat is not None else ""
        score = f"Seat {seat + 1}: fish {view.fish_values[seat]}, score {view.totals[seat]}{mover}"
        box = (PANEL * s - 24 * s, 84 * s)
        hexboard.seat_row(draw, seat, score, view.turn == seat, s, left, y, box)
        x = left + 16 * s
        held = [(t, n) for t, n in zip(FISH, view.piles[seat], strict=True) if n]
        if not held:
            draw.text((x - 10 * s, y + 44 * s), "no fish yet", font=font(round(17 * s)), fill=MUTED)
        for token, count in held:
            colour_t, letters, _ = STYLE[token]
            hexboard.chip(image, (x, y + 54 * s), s, colour_t, letters)
            tag = f"x{count}" + ("*2" if token == season else "")
            draw.text((x + 19 * s, y + 45 * s), tag, font=font(round(17 * s)), fill=INK)
            x += (62 if token != season else 80) * s
        y += 96 * s
