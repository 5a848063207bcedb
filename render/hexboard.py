"""Hex-board drawing shared by Tonari and Friendly Fishing, and the alt-text parts they share.

Pointy-top hexes in axial coordinates (the rules' ``rules.hexgrid`` convention). Every hex prints
its label (``d4``) near its top edge, exactly as the move notation writes it; pieces sit a little
below the label as a coloured disc or square with letters, never colour alone. The water with its
labels is drawn once per board and scale and cached; each picture copies it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from enum import Enum
from functools import lru_cache
from typing import Protocol, TypeVar

from PIL import Image, ImageDraw

from i18n.catalogue import ENGLISH
from i18n.text import TN, T
from render.bounded import MB, bounded
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    SEAT_LETTERS,
    centred_text,
    contrast_ink,
    drop_actor,
    ellipsize,
    font_for,
    name_seats,
    paste_text,
    said,
    seat_label,
    tidy,
)
from render.common import wrap as common_wrap
from render.phone import Label
from rules.hexgrid import board as hex_board

SQRT3 = math.sqrt(3)
WATER = (170, 208, 230)
WATER_EDGE = (96, 140, 170)
ISLAND = (222, 196, 140)
ISLAND_EDGE = (150, 120, 70)
BOAT_HULL = (120, 72, 36)
TARGET = (30, 150, 60)
LABEL_SIZE = 17  # a hex label's size at scale 1
ISLAND_STROKE = (250, 240, 215)  # the outline keeping the island's name legible

Colour = tuple[int, int, int]
Point = tuple[float, float]
Names = Sequence[str] | None  # people's names by seat, or None for "Seat 2 (B)"
P = TypeVar("P", bound=Hashable)  # a kind of piece on the board (a tile, a token)
K = TypeVar("K", bound=Enum)  # a kind of piece in a pile


def hex_radius(scale: float) -> float:
    return 50 * scale


def centres(
    rows: tuple[tuple[int, int, int], ...], scale: float, origin: Point
) -> tuple[Point, ...]:
    """The pixel centre of every hex, in the board's cell order."""
    radius = hex_radius(scale)
    grid = hex_board(rows)
    min_x = min(q + r / 2 for q, r in grid.cells)
    min_r = min(r for _, r in grid.cells)
    ox, oy = origin
    return tuple(
        (
            ox + SQRT3 * radius * (q + r / 2 - min_x) + SQRT3 * radius / 2,
            oy + 1.5 * radius * (r - min_r) + radius,
        )
        for q, r in grid.cells
    )


def board_size(rows: tuple[tuple[int, int, int], ...], scale: float) -> tuple[int, int]:
    """Width and height in pixels of the hex area."""
    radius = hex_radius(scale)
    grid = hex_board(rows)
    xs = [q + r / 2 for q, r in grid.cells]
    width = SQRT3 * radius * (max(xs) - min(xs) + 1)
    height = 1.5 * radius * (len(rows) - 1) + 2 * radius
    return math.ceil(width), math.ceil(height)


def polygon(centre: Point, radius: float) -> list[Point]:
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(math.radians(60 * k - 30)),
            cy + radius * math.sin(math.radians(60 * k - 30)),
        )
        for k in range(6)
    ]


@bounded(12 * MB)
def water_layer(
    rows: tuple[tuple[int, int, int], ...],
    islands: tuple[int, ...],
    scale: float,
    origin: Point,
    size: tuple[int, int],
    label_islands: bool = True,
) -> Image.Image:
    """The static picture: background, water hexes with labels, the island (its name is drawn
    later, above the boat: see ``island_label``). Copy before use."""
    image = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    radius = hex_radius(scale)
    points = centres(rows, scale, origin)
    for index, centre in enumerate(points):
        island = index in islands
        draw.polygon(
            polygon(centre, radius - 1.5 * scale),
            fill=ISLAND if island else WATER,
            outline=ISLAND_EDGE if island else WATER_EDGE,
            width=max(1, round(2 * scale)),
        )
    for label in hex_labels(rows, islands, scale, origin, label_islands):
        centred_text(draw, (label.x, label.y), label.text, label.size)
    return image


@lru_cache(maxsize=64)
def hex_labels(
    rows: tuple[tuple[int, int, int], ...],
    islands: tuple[int, ...],
    scale: float,
    origin: Point,
    label_islands: bool = True,
) -> tuple[Label, ...]:
    """Every hex's label (``d4``) where the water layer prints it: near the hex's top edge."""
    grid = hex_board(rows)
    lift = 0.62 * hex_radius(scale)
    return tuple(
        Label(grid.labels[index], round(LABEL_SIZE * scale), cx, cy - lift)
        for index, (cx, cy) in enumerate(centres(rows, scale, origin))
        if label_islands or index not in islands
    )


def focus_of(
    view: BoatView, points: Sequence[Point], playing: bool, waiting: Sequence[int] = ()
) -> Point | None:
    """Where the decision is while ``playing``: the boat, else the middle of the hexes it may
    go to, else of ``waiting`` (the island the boat is to be placed on); None once over."""
    if not playing:
        return None
    if view.boat is not None:
        return points[view.boat]
    hexes = view.targets or tuple(waiting)
    if not hexes:
        return None
    xs = [points[i][0] for i in hexes]
    ys = [points[i][1] for i in hexes]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def island_label(
    draw: ImageDraw.ImageDraw,
    points: Sequence[Point],
    islands: Sequence[int],
    text: str,
    scale: float,
    below: bool,
) -> tuple[float, float, float, float]:
    """The island's name, outlined so it reads over anything, drawn after the boat so the boat
    never hides it; returns the box it covers (the boat keeps clear of it)."""
    xs = [points[i][0] for i in islands]
    y = points[islands[0]][1] + (0.55 if below else -0.5) * hex_radius(scale)
    x = sum(xs) / len(xs)
    size = round(18 * scale)
    centred_text(draw, (x, y), text, size, stroke=ISLAND_STROKE)
    left, top, right, bottom = font_for(text, size).getbbox(text, anchor="mm", stroke_width=2)
    return (x + left, y + top, x + right, y + bottom)


def piece(
    image: Image.Image,
    centre: Point,
    scale: float,
    fill: Colour,
    text: str,
    square: bool = False,
) -> None:
    """A token or tile: a disc (fish) or rounded square (action), with its letters."""
    cx, cy = centre
    size = round((22 if len(text) <= 2 else 17) * scale)
    _stamp(image, (cx, cy + 8 * scale), _sprite(fill, text, square, 25 * scale, size, 2 * scale))


def chip(
    image: Image.Image,
    centre: Point,
    scale: float,
    fill: Colour,
    text: str,
    square: bool = False,
) -> None:
    """A small piece for piles and legends (radius 16 px at scale 1)."""
    size = round((17 if len(text) <= 2 else 14) * scale)
    _stamp(image, centre, _sprite(fill, text, square, 16 * scale, size, 1))


def _stamp(image: Image.Image, centre: Point, sprite: Image.Image) -> None:
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


@bounded(2 * MB)
def _sprite(
    fill: Colour, text: str, square: bool, radius: float, text_size: int, line: float
) -> Image.Image:
    """A piece drawn once and cached: text rendering is most of a picture's cost."""
    side = math.ceil(2 * radius) + 4
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    c = side / 2
    box = (c - radius, c - radius, c + radius, c + radius)
    width = max(1, round(line))
    if square:
        draw.rounded_rectangle(box, radius=radius * 0.28, fill=fill, outline=INK, width=width)
    else:
        draw.ellipse(box, fill=fill, outline=INK, width=width)
    centred_text(draw, (c, c), text, text_size, fill=contrast_ink(fill))
    return sprite


def boat_box(centre: Point, scale: float) -> tuple[float, float, float, float]:
    """The box the boat drawn at ``centre`` covers (hull, mast and sail)."""
    cx, cy = centre
    return (cx - 30 * scale, cy - 17 * scale, cx + 30 * scale, cy + 33 * scale)


def boat(draw: ImageDraw.ImageDraw, centre: Point, scale: float) -> None:
    """The shared boat: a hull with a mast and a white sail, in the hex's lower part."""
    cx, cy = centre
    cy += 18 * scale
    s = scale
    draw.polygon(
        [
            (cx - 30 * s, cy),
            (cx + 30 * s, cy),
            (cx + 20 * s, cy + 14 * s),
            (cx - 20 * s, cy + 14 * s),
        ],
        fill=BOAT_HULL,
        outline=INK,
    )
    draw.line([(cx, cy), (cx, cy - 34 * s)], fill=INK, width=max(1, round(3 * s)))
    draw.polygon(
        [(cx + 2 * s, cy - 32 * s), (cx + 2 * s, cy - 6 * s), (cx + 24 * s, cy - 6 * s)],
        fill=(255, 255, 255),
        outline=INK,
    )


def outline(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    scale: float,
    colour: Colour = HIGHLIGHT,
    width: float = 5,
) -> None:
    """A ring around a hex: the last move (gold) or a legal target (green, thinner)."""
    draw.polygon(
        polygon(centre, hex_radius(scale) - 4 * scale),
        outline=colour,
        width=max(1, round(width * scale)),
    )


def arrow_ends(start: Point, end: Point, scale: float) -> tuple[Point, Point] | None:
    """Where the last-move arrow starts (the hex the boat left, empty now) and where its tip is
    (short of the boat): both a little below the hexes' centres, clear of their labels."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return None
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    drop = 6 * scale
    tip = (x1 - ux * 24 * scale, y1 - uy * 24 * scale + drop)
    base = (x0, y0 + drop)
    return base, tip


def arrow(draw: ImageDraw.ImageDraw, start: Point, end: Point, scale: float) -> None:
    """The last boat move as an arrow from where it left to where it landed, drawn after the
    boat so the boat never hides it (an outline keeps it visible on the sail)."""
    ends = arrow_ends(start, end, scale)
    if ends is None:
        return
    base, tip = ends
    length = math.hypot(tip[0] - base[0], tip[1] - base[1])
    ux, uy = (tip[0] - base[0]) / length, (tip[1] - base[1]) / length
    head = 16 * scale
    draw.line([base, tip], fill=INK, width=max(3, round(9 * scale)))
    draw.line([base, tip], fill=HIGHLIGHT, width=max(2, round(6 * scale)))
    left = (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)
    right = (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)
    draw.polygon([tip, left, right], fill=HIGHLIGHT, outline=INK)


def wrap(text: str, width: float, size: int) -> list[str]:
    """Greedy word wrap of ``text`` to ``width`` pixels at font ``size`` (``common.wrap``)."""
    return common_wrap(text, width, size)


def text_lines(
    image: Image.Image,
    left: float,
    top: float,
    lines: Sequence[str],
    size: int,
    fill: Colour = INK,
    spacing: float = 1.3,
) -> float:
    """Draw lines from ``(left, top)``; returns the y below the last."""
    y = top
    for line in lines:
        paste_text(image, (left, y), line, size, fill)
        y += size * spacing
    return y


# -- the frame both pictures share: header, seat rows, legend --------------------------------------
def header_texts(
    game: str,
    turn: int | None,
    winners: Sequence[int],
    pending: str,
    note: str,
    names: Sequence[str] | None,
    headline: str = "",
    language: str = ENGLISH,
) -> tuple[str, str]:
    """The title (who acts, or the result) and the text under it, people named, said in
    ``language`` (``headline`` comes said already; ``pending`` and ``note`` are the rules')."""
    note = said(note, language)
    if turn is None:
        won = ", ".join(seat_label(w, names, language=language) for w in winners)
        result = headline or said(
            T("Winner: {people}", people=won or said(T("nobody"), language)), language
        )
        title = said(T("{game} - Game over. {result}", game=game, result=result), language)
        text = note
    else:
        person = seat_label(turn, names, language=language)
        title = said(T("{game} - {person} to act", game=game, person=person), language)
        pending = drop_actor(said(pending, language))
        now = (
            T("{note} Now: {pending}", note=note, pending=pending)
            if note
            else T("Now: {pending}", pending=pending)
        )
        text = said(now, language).strip()
    return tidy(title), tidy(name_seats(text, names, language=language))


def header(
    image: Image.Image,
    title: str,
    text: str,
    scale: float,
    left: float,
    width: float,
) -> None:
    """The title and up to three lines of note and pending decision."""
    s = scale
    size = round(26 * s)
    title = ellipsize(title, width - 2 * left, size)
    paste_text(image, (left, 12 * s), title, size)
    lines = wrap(text, width - 2 * left, round(18 * s))[:3]
    text_lines(image, left, 46 * s, lines, round(18 * s))


# -- the alt text's parts both games share --------------------------------------------------------
def points_headline(
    winners: Sequence[int], points: Sequence[int], names: Names, language: str = ENGLISH
) -> str:
    """The result by points: "alice (A) wins with 31 points", "alice (A), bob (B) share the win
    with 31 points", or "Nobody wins"."""
    if not winners:
        return said(T("Nobody wins"), language)
    won = ", ".join(seat_label(w, names, language=language) for w in winners)
    score = points[winners[0]]
    # One plural form in English, as the picture always wrote it; other languages have theirs.
    if len(winners) == 1:
        text = TN(
            "{people} wins with {count} points",
            "{people} wins with {count} points",
            score,
            people=won,
        )
    else:
        text = TN(
            "{people} share the win with {count} points",
            "{people} share the win with {count} points",
            score,
            people=won,
        )
    return said(text, language)


def alt_turn(
    turn: int | None,
    headline: str,
    note: str,
    pending: str,
    names: Names,
    language: str = ENGLISH,
) -> list[str]:
    """The alt text's opening: the result and the last move's note once the game is over, else
    who acts and on what (``headline`` said already; ``note`` and ``pending`` the rules')."""
    if turn is None:
        return [
            said(T("Game over, {result}", result=headline), language),
            name_seats(said(note, language), names, language=language),
        ]
    pending = name_seats(drop_actor(said(pending, language)), names, language=language)
    person = seat_label(turn, names, language=language)
    return [said(T("{person} to act: {pending}", person=person, pending=pending), language)]


def alt_pile(
    kinds: Sequence[K],
    counts: Sequence[int],
    name: Callable[[K], str] | None = None,
    language: str = ENGLISH,
) -> str:
    """What a pile holds, by the kinds' names (``name``, said in ``language``; the kinds'
    values without it): "red 2, orange 1" ("" when it is empty)."""
    held = zip(kinds, counts, strict=True)
    return ", ".join(
        said(T("{kind} {count}", kind=name(kind) if name else kind.value, count=count), language)
        for kind, count in held
        if count
    )


class BoatView(Protocol):
    """What the boat's sentences read from a Tonari or Friendly Fishing view."""

    @property
    def labels(self) -> tuple[str, ...]: ...
    @property
    def boat(self) -> int | None: ...
    @property
    def last_hexes(self) -> tuple[int, ...]: ...
    @property
    def last_seat(self) -> int | None: ...
    @property
    def targets(self) -> tuple[int, ...]: ...


def alt_boat(view: BoatView, names: Names, away: str, language: str = ENGLISH) -> list[str]:
    """Where the boat is (``away``, said already, while it is off the board: each game says
    where it waits), from where and by whom it was moved there, and where it may go now."""
    labels, last = view.labels, view.last_hexes
    if view.boat is None:
        text = away
    elif len(last) == 2 and last[0] != last[1] and view.last_seat is not None:
        person = seat_label(view.last_seat, names, language=language)
        text = said(
            T(
                "Boat on {space}, moved there from {origin} by {person}",
                space=labels[view.boat],
                origin=labels[last[0]],
                person=person,
            ),
            language,
        )
    else:
        text = said(T("Boat on {space}", space=labels[view.boat]), language)
    spaces = ", ".join(labels[i] for i in view.targets)
    targets = [said(T("It may go to {spaces}", spaces=spaces), language)] if view.targets else []
    return [text, *targets]


def alt_places(pieces: Sequence[P | None], labels: Sequence[str], word: Callable[[P], str]) -> str:
    """Where each kind of piece lies, kinds in the order first met on the board: "red a1 b2;
    Rough Waters c4" ("" when the board is empty)."""
    where: dict[P, list[str]] = {}
    for index, piece in enumerate(pieces):
        if piece is not None:
            where.setdefault(piece, []).append(labels[index])
    return "; ".join(f"{word(piece)} {' '.join(at)}" for piece, at in where.items())


SEAT_MARK = (255, 255, 255)  # seat squares are white with a black letter: no fish's colour


def seat_row(
    image: Image.Image,
    seat: int,
    lines: Sequence[str],
    acting: bool,
    scale: float,
    left: float,
    top: float,
    box: tuple[float, float],
) -> None:
    """A seat's lettered square, its name and score lines (each cut to fit), gold-framed
    (``box``: width, height) if acting. The square is neutral: seats are told by letter."""
    s = scale
    draw = ImageDraw.Draw(image)
    if acting:
        frame = (left - 6 * s, top - 4 * s, left + box[0], top + box[1])
        draw.rectangle(frame, outline=HIGHLIGHT, width=max(1, round(4 * s)))
    draw.rectangle(
        (left, top, left + 28 * s, top + 28 * s),
        fill=SEAT_MARK,
        outline=INK,
        width=max(1, round(2 * s)),
    )
    centred_text(draw, (left + 14 * s, top + 14 * s), SEAT_LETTERS[seat], round(20 * s))
    y = top + 2 * s
    for k, line in enumerate(lines):
        size = round((19 if k == 0 else 17) * s)
        line = ellipsize(line, box[0] - 48 * s, size)
        paste_text(image, (left + 38 * s, y), line, size)
        y += 24 * s


def legend(
    image: Image.Image,
    title: str,
    entries: Sequence[tuple[Colour, str, str, bool]],
    footnote: str,
    scale: float,
    left: float,
    top: float,
    column: float,
    row: float,
) -> None:
    """A two-column legend of (fill, letters, name, square) pieces under ``title``."""
    s = scale
    draw = ImageDraw.Draw(image)
    draw.text((left, top), title, font=font_for(title, round(18 * s)), fill=INK)
    y = top + 30 * s
    for k, (fill, letters, name, square) in enumerate(entries):
        cx = left + 16 * s + (k % 2) * column * s
        cy = y + (k // 2) * row * s + 14 * s
        chip(image, (cx, cy), s, fill, letters, square=square)
        draw.text((cx + 22 * s, cy - 10 * s), name, font=font_for(name, round(16 * s)), fill=INK)
    y += math.ceil(len(entries) / 2) * row * s
    draw.text((left, y), footnote, font=font_for(footnote, round(16 * s)), fill=MUTED)
