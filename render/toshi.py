"""The Toshi Tōshi pictures: the city grid (``render``) and a player's own hand (``render_hand``).

Pure functions of a ``ToshiView``. Each card space is labelled with its name (a1..e5) as the
notation writes it, and the column letters and row numbers run along the edges; a spot is named
by its card plus ``.c`` (centre), ``.n .e .s .w`` (sides) or ``.ne .nw .se .sw`` (corners), which
the legend repeats. Buildings show value and colour as text, face-down cards a hatched back
(or, for the one who placed it, its value marked "face-down"). Tokens are white discs with the
seat letter and the holder badges white squares with it: neutral, so no token is mistaken for a
building's colour. Green rings mark the spots a token may be placed on or moved to now, gold
ones what the last move touched. The right panel holds the round and phase (Trick, Nature,
Construction, Influence), the Monument's side, the trick, each player's tokens and cards, the
awaited decision, the last move and, at the end, the scores. ``alt_text`` says it in words.
"""

from __future__ import annotations

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
    SEAT_LETTERS,
    centred_text,
    clip_alt,
    contrast_ink,
    drop_actor,
    font_for,
    name_seats,
    paste_mask,
    seat_label,
    sentences,
    text_mask,
    text_width,
    tidy,
)
from render.hexboard import wrap
from render.palette import drawn_with, tagged
from render.phone import TEXTS_KEY, Drawn, Label, Status, compose, text_height
from rules.toshi.data import COLOUR_NAMES
from rules.toshi.grid import geometry
from rules.toshi.model import Card, CellView, ToshiView

CARD_COLOURS: dict[str, tuple[int, int, int]] = {
    "R": (216, 0, 7),
    "B": (8, 149, 255),
    "G": (45, 128, 88),
    "P": (87, 43, 117),
    "Y": (251, 237, 50),
}
PARK_FILL = (170, 214, 150)
MONUMENT_HIGH = (60, 110, 210)  # the blue "10 > 1" side
MONUMENT_LOW = (205, 60, 60)  # the red "1 > 10" side
BACK_FILL = (96, 84, 72)
EMPTY_FILL = (236, 230, 214)
GRID_LINE = (200, 190, 170)
HATCH = (120, 106, 92)  # the lines across a face-down card

CELL = 180  # one card space
MARGIN = 56  # room for the coordinates and for tokens on the outer edge
PANEL = 430
TOKEN_R = 16
INSET = 12  # card edge inside its space
TITLE = "Toshi Tōshi"  # drawn in the fallback font, which has the "ō"
OPEN = (30, 150, 60)  # the ring around a spot a token may go to now
TOKEN_FILL = (255, 255, 255)
EDGE_LABEL = 22  # the column letters and row numbers around the grid
SPACE_LABEL = 18  # a space's name in its corner (17 read 8.5 px on a phone)


def render(
    view: ToshiView,
    *,
    names: Sequence[str] | None = None,
    scale: float = 1.0,
    layout: str = "desktop",
) -> Image.Image:
    """The city grid and the panel, for the public or for one seat (``layout="phone"``: the
    phone-first picture, ``render.phone``)."""
    if layout == "phone":
        return phone(view, names)
    k = scale
    grid_w, grid_h = round(CELL * view.cols * k), round(CELL * view.rows * k)
    panel_lines = _panel_lines(view, names)
    panel_h = round((68 + sum(size + 8 for _, size, _ in panel_lines) + 20) * k)
    width = round(MARGIN * k) * 2 + grid_w + round(PANEL * k)
    height = max(round(MARGIN * k) * 2 + grid_h, panel_h)
    image = Image.new("RGB", (width, height), BACKGROUND)
    image.paste(_background(view.rows, view.cols, k), (0, 0))
    draw = ImageDraw.Draw(image)
    for index, cell in enumerate(view.cells):
        _draw_cell(image, draw, view, index, cell, k)
    _draw_spots(image, draw, view, k)
    _draw_panel(image, view, panel_lines, k)
    return tagged(image, palette())


@cache
def palette() -> Image.Image:
    """The fixed palette every Toshi Tōshi picture is encoded with (``render.palette``)."""
    return common.game_palette(globals())


def phone(view: ToshiView, names: Sequence[str] | None = None) -> Image.Image:
    """The phone-first picture: the round and phase, who acts on what, every player's tokens
    and cards (scores at the end), the city around the spots open now at full size, and the
    whole picture at half size."""
    title = f"{TITLE} · " + (
        "Game over" if view.over else f"round {view.round} of 10, {phase_name(view)}"
    )
    if view.over:
        winners = ", ".join(seat_label(s, names) for s in view.winners) or "nobody"
        lines = [f"Winner: {winners}"]
        scores = [f"{seat_label(s.seat, names)}: {s.score} NP" for s in view.seats]
    else:
        acting = ", ".join(seat_label(s, names) for s in view.to_act)
        lines = [f"To act: {acting}", tidy(name_seats(drop_actor(view.pending), names))]
        scores = [
            f"{seat_label(s.seat, names)}: {_count(s.tokens, 'token')}, {_count(s.cards, 'card')}"
            for s in view.seats
        ]
    m = MARGIN
    board = (0.0, 0.0, 2.0 * m + CELL * view.cols, 2.0 * m + CELL * view.rows)
    return compose(
        render(view, names=names),
        Status(title, lines, scores),
        board=board,
        focus=_focus(view),
        caption="Where a token may go (full size):"
        if view.open_spots
        else "Around the last move (full size):",
        labels=coordinate_labels(view.rows, view.cols),
    )


def _focus(view: ToshiView) -> tuple[float, float] | None:
    """The middle of the spots open now (or, while playing, of the last move's marks)."""
    points = [_spot_xy(view, spot, 1.0) for spot in view.open_spots]
    if not points and not view.over:
        points = [_spot_xy(view, spot, 1.0) for spot in view.mark_spots]
        for index in view.mark_cells:
            x0, y0, x1, y1 = _cell_box(view, index, 1.0)
            points.append(((x0 + x1) / 2, (y0 + y1) / 2))
    if not points:
        return None
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


@cache
def coordinate_labels(rows: int, cols: int) -> tuple[Label, ...]:
    """The column letters and row numbers around the grid and every space's name, where the
    desktop picture prints them at scale 1 (both are drawn from this list)."""
    m, c = MARGIN, CELL
    found = []
    for j in range(cols):
        x = m + (j + 0.5) * c
        found.append(Label("abcdefghij"[j], EDGE_LABEL, x, m * 0.3))
        found.append(Label("abcdefghij"[j], EDGE_LABEL, x, m + rows * c + m * 0.7))
    for i in range(rows):
        y = m + (i + 0.5) * c
        found.append(Label(str(i + 1), EDGE_LABEL, m * 0.3, y))
        found.append(Label(str(i + 1), EDGE_LABEL, m + cols * c + m * 0.7, y))
    for i in range(rows):
        for j in range(cols):
            name = f"{'abcdefghij'[j]}{i + 1}"
            width = text_width(name, SPACE_LABEL)
            x0, y0 = m + j * c, m + i * c
            found.append(Label(name, SPACE_LABEL, x0 + 24 + width / 2, y0 + 20 + SPACE_LABEL / 2))
    return tuple(found)


@drawn_with(lambda: palette())
def render_hand(
    view: ToshiView, *, names: Sequence[str] | None = None, scale: float = 1.0
) -> Image.Image:
    """The viewer's own hand and face-down cards, value and colour written out on each card;
    at most HAND_ROW cards a row, so the picture stays 720 px wide and its words (18 px and
    more) read at chat size, 380 px wide (recorded as ``render.phone`` records them)."""
    k = scale
    w, h, gap = round(96 * k), round(136 * k), round(10 * k)
    cards = max(len(view.hand), 1)
    rows = -(-cards // HAND_ROW)
    width = max(round(40 * k) + min(cards, HAND_ROW) * (w + gap), round(720 * k))
    extra = len(view.my_face_down)
    height = round((70 + 136 * rows + 14 * (rows - 1) + 40 + 30 * extra + 30) * k)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    drawn: list[Drawn] = []

    def note(text: str, size: int) -> None:
        drawn.append(Drawn(text, size, text_height(text, size), "hand"))

    who = "the public" if view.viewer is None else seat_label(view.viewer, names)
    title = f"{TITLE}: hand of {who}"
    draw.text((round(20 * k), round(18 * k)), title, font=font_for(title, round(24 * k)), fill=INK)
    note(title, round(24 * k))
    top = round(60 * k)
    if not view.hand:
        empty = "No cards in hand." if view.viewer is not None else "Hands are private."
        draw.text(
            (round(20 * k), top + round(50 * k)),
            empty,
            font=font_for("No cards in hand.", round(20 * k)),
            fill=MUTED,
        )
        note(empty, round(20 * k))
    for i, card in enumerate(view.hand):
        row, column = divmod(i, HAND_ROW)
        x = round(20 * k) + column * (w + gap)
        y0 = top + row * (h + round(14 * k))
        _draw_card_face(
            draw, (x, y0, x + w, y0 + h), card, k, big=round(44 * k), note_size=round(18 * k)
        )
        note(str(card.value), round(44 * k))
        note(COLOUR_NAMES[card.colour], round(18 * k))
        note(str(card), round(18 * k))
    y = top + rows * h + (rows - 1) * round(14 * k) + round(24 * k)
    if view.my_face_down:
        draw.text(
            (round(20 * k), y),
            "Your face-down cards (only you know them):",
            font=font_for("Your face-down cards", round(20 * k)),
            fill=INK,
        )
        for fd in view.my_face_down:
            y += round(30 * k)
            text = f"{fd.space}: {fd.card} ({_card_words(fd.card)})"
            draw.text((round(40 * k), y), text, font=font_for(text, round(20 * k)), fill=INK)
            note(text, round(20 * k))
    image.info[TEXTS_KEY] = tuple(drawn)
    return image


HAND_ROW = 6  # cards a row in the hand picture


# -- private helpers -------------------------------------------------------------------------------
@bounded(8 * MB)
def _background(rows: int, cols: int, k: float) -> Image.Image:
    """The grid with its coordinates: everything that never changes."""
    m = round(MARGIN * k)
    image = Image.new(
        "RGB", (2 * m + round(CELL * cols * k), 2 * m + round(CELL * rows * k)), BACKGROUND
    )
    draw = ImageDraw.Draw(image)
    m, c = round(MARGIN * k), CELL * k
    for label in coordinate_labels(rows, cols)[: 2 * (rows + cols)]:
        centred_text(draw, (label.x * k, label.y * k), label.text, round(label.size * k))
    for i in range(rows):
        for j in range(cols):
            x0, y0 = m + j * c, m + i * c
            draw.rectangle((x0, y0, x0 + c, y0 + c), outline=GRID_LINE, width=max(1, round(k)))
    return image


def _cell_box(view: ToshiView, index: int, k: float) -> tuple[float, float, float, float]:
    i, j = divmod(index, view.cols)
    m, c = round(MARGIN * k), CELL * k
    return (m + j * c, m + i * c, m + (j + 1) * c, m + (i + 1) * c)


def _draw_cell(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: ToshiView,
    index: int,
    cell: CellView,
    k: float,
) -> None:
    x0, y0, x1, y1 = _cell_box(view, index, k)
    inset = round(INSET * k)
    if cell.kind == "empty":
        draw.rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=EMPTY_FILL)
    else:
        face_down = cell.card is not None and not cell.face_up
        sprite = _cell_sprite(cell.kind, cell.card, face_down, view.over, view.monument_high, k)
        image.paste(sprite, (round(x0) + inset, round(y0) + inset), sprite)
    if index in view.mark_cells:
        draw.rectangle(
            (x0 + 3 * k, y0 + 3 * k, x1 - 3 * k, y1 - 3 * k),
            outline=HIGHLIGHT,
            width=max(3, round(6 * k)),
        )
    # The space name, top left, as the notation writes it.
    label_fill = contrast_ink(_cell_fill(view, cell)) if cell.kind != "empty" else MUTED
    _text(image, (x0 + 24 * k, y0 + 20 * k), cell.name, round(SPACE_LABEL * k), label_fill)
    if cell.holder >= 0:
        # A badge in the top-right corner: who holds the card now (at the end: who won it).
        badge = _holder_badge(cell.holder, k)
        image.paste(badge, (round(x1 - 22 * k) - badge.width, round(y0 + 17 * k)), badge)


@bounded(4 * MB)
def _cell_sprite(
    kind: str, card: Card | None, face_down: bool, over: bool, high: bool, k: float
) -> Image.Image:
    """A filled space's card (Park, Monument, building face or back), drawn once and pasted."""
    side = round((CELL - 2 * INSET) * k)
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    box = (0, 0, side - 1, side - 1)
    cx = side / 2
    top = -INSET * k  # texts are placed relative to the space's top edge
    line = max(2, round(3 * k))
    if kind == "park":
        draw.rounded_rectangle(box, radius=round(10 * k), fill=PARK_FILL, outline=INK, width=line)
        centred_text(draw, (cx, top + 48 * k), "PARK", round(26 * k))
    elif kind == "monument":
        fill = MONUMENT_HIGH if high else MONUMENT_LOW
        ink = contrast_ink(fill)
        draw.rounded_rectangle(box, radius=round(10 * k), fill=fill, outline=INK, width=line)
        centred_text(draw, (cx, top + 44 * k), "10 > 1" if high else "1 > 10", round(30 * k), ink)
        centred_text(draw, (cx, top + 124 * k), "MONUMENT", round(17 * k), ink)
    elif card is None:
        _draw_back(draw, box, k)
    else:
        _draw_card_face(draw, box, card, k, big=round(40 * k), face_down=face_down, over=over)
    return sprite


def _cell_fill(view: ToshiView, cell: CellView) -> tuple[int, int, int]:
    if cell.kind == "park":
        return PARK_FILL
    if cell.kind == "monument":
        return MONUMENT_HIGH if view.monument_high else MONUMENT_LOW
    if cell.card is None:
        return BACK_FILL
    return CARD_COLOURS[cell.card.colour]


@bounded(1 * MB)
def _holder_badge(seat: int, k: float) -> Image.Image:
    """A small white square with the seat's letter (neutral: never a building's colour)."""
    side = round(26 * k)
    badge = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(badge)
    draw.rounded_rectangle(
        (0, 0, side - 1, side - 1),
        radius=round(4 * k),
        fill=TOKEN_FILL,
        outline=INK,
        width=max(1, round(2 * k)),
    )
    centred_text(draw, (side / 2, side / 2), SEAT_LETTERS[seat], round(17 * k), INK)
    return badge


def _draw_back(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], k: float) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        box, radius=round(10 * k), fill=BACK_FILL, outline=INK, width=max(2, round(3 * k))
    )
    step = 18 * k
    offset = 0.0
    while offset < (x1 - x0) + (y1 - y0):
        # Diagonal hatching clipped to the card.
        ax, ay = x0 + offset, y0
        bx, by = x0, y0 + offset
        if ax > x1:
            ay += ax - x1
            ax = x1
        if by > y1:
            bx += by - y1
            by = y1
        draw.line((ax, ay, bx, by), fill=HATCH, width=max(1, round(2 * k)))
        offset += step
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    centred_text(draw, (cx, cy - 42 * k), "FACE", round(20 * k), (255, 255, 255), stroke=BACK_FILL)
    centred_text(draw, (cx, cy + 42 * k), "DOWN", round(20 * k), (255, 255, 255), stroke=BACK_FILL)


def _draw_card_face(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    card: Card,
    k: float,
    big: int,
    face_down: bool = False,
    over: bool = False,
    note_size: int | None = None,
) -> None:
    x0, y0, x1, y1 = box
    fill = CARD_COLOURS[card.colour]
    ink = contrast_ink(fill)
    outline = BACK_FILL if face_down else INK
    draw.rounded_rectangle(
        box,
        radius=round(10 * k),
        fill=fill,
        outline=outline,
        width=max(2, round(4 * k if face_down else 3 * k)),
    )
    cx, h = (x0 + x1) / 2, y1 - y0
    centred_text(draw, (cx, y0 + h * 0.22), str(card.value), big, ink)
    centred_text(draw, (cx, y0 + h * 0.68), COLOUR_NAMES[card.colour], round(18 * k), ink)
    note = str(card)
    if face_down:
        note = "revealed" if over else "face-down"
    centred_text(draw, (cx, y0 + h * 0.84), note, note_size or round(16 * k), ink)


def _spot_xy(view: ToshiView, spot: int, k: float) -> tuple[float, float]:
    y, x = divmod(spot, 2 * view.cols + 1)
    m, half = round(MARGIN * k), CELL * k / 2
    return (m + x * half, m + y * half)


@bounded(1 * MB)
def _token_sprite(seat: int, k: float) -> Image.Image:
    """A seat's token: a white disc with a black rim and its letter (drawn once, then pasted).
    Neutral on purpose: a coloured token on a building would read as the building's colour."""
    r = TOKEN_R * k
    size = round(2 * r) + 2
    sprite = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    draw.ellipse(
        (1, 1, size - 2, size - 2), fill=TOKEN_FILL, outline=INK, width=max(2, round(3 * k))
    )
    centred_text(draw, (size / 2, size / 2), SEAT_LETTERS[seat], round(19 * k), INK)
    return sprite


def _draw_spots(image: Image.Image, draw: ImageDraw.ImageDraw, view: ToshiView, k: float) -> None:
    geo = geometry(view.rows, view.cols)
    r = TOKEN_R * k
    dot = 3 * k
    open_spots = set(view.open_spots)
    for spot, owner in enumerate(view.spots):
        x, y = _spot_xy(view, spot, k)
        if spot in open_spots:
            draw.ellipse(
                (x - r + 2 * k, y - r + 2 * k, x + r - 2 * k, y + r - 2 * k),
                outline=OPEN,
                width=max(2, round(4 * k)),
            )
        if spot in view.mark_spots:
            draw.ellipse(
                (x - r - 6 * k, y - r - 6 * k, x + r + 6 * k, y + r + 6 * k),
                outline=HIGHLIGHT,
                width=max(3, round(5 * k)),
            )
        if owner >= 0:
            sprite = _token_sprite(owner, k)
            half = sprite.width // 2
            image.paste(sprite, (round(x) - half, round(y) - half), sprite)
        elif not geo.boundary[spot]:
            draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=MUTED)


def _card_words(card: Card) -> str:
    return f"{COLOUR_NAMES[card.colour]} {card.value}"


def phase_name(view: ToshiView) -> str:
    """The phase as the rulebook names it: "Trick phase", "Nature phase", "Construction phase"
    or "Influence phase" (the view already names each step by the phase it belongs to)."""
    return "Game over" if view.over else f"{view.phase} phase"


def _panel_lines(
    view: ToshiView, names: Sequence[str] | None
) -> list[tuple[str, int, tuple[int, int, int]]]:
    """The panel's text as (line, size, colour), wrapped to the panel width."""
    out: list[tuple[str, int, tuple[int, int, int]]] = []

    def add(text: str, size: int = 18, fill: tuple[int, int, int] = INK) -> None:
        # Wrapped by measured width: names come in any script and length.
        lead = text[: len(text) - len(text.lstrip())]
        room = PANEL - 24 - text_width(lead + "    ", size)
        for k, part in enumerate(wrap(text, room, size) if text else [""]):
            out.append((lead + ("    " if k else "") + part, size, fill))

    status = "Game over" if view.over else f"Round {view.round} of 10: {phase_name(view)}"
    add(status, 22)
    if view.over:
        winners = ", ".join(seat_label(s, names) for s in view.winners) or "nobody"
        add(f"Winner: {winners}", 20)
    side = (
        '"10 > 1": high cards strongest' if view.monument_high else '"1 > 10": low cards strongest'
    )
    add(f"Monument: {side}")
    add("")
    if view.trick:
        led = COLOUR_NAMES[view.trick[0].card.colour]
        add(f"Trick (led {led}):", 20)
        for play in view.trick:
            won = "  wins" if play.seat == view.winner else ""
            who = seat_label(play.seat, names)
            add(f"  {who}: {play.card} {_card_words(play.card)}{won}", 18, INK)
    elif not view.over:
        lead = seat_label(view.leader, names)
        add(f"Trick: not started ({lead} leads)", 20)
    add("")
    add("Players:" if view.over else "Players (tokens left, cards in hand):", 20)
    for seat in view.seats:
        turn = "> " if seat.seat in view.to_act else "  "
        name = f"{turn}{seat_label(seat.seat, names)}"
        text = f"{name}: {_count(seat.tokens, 'token')}, {_count(seat.cards, 'card')}"
        if view.over:
            tokens = _count(seat.tokens, "token")
            text = f"{name}: {seat.score} NP ({tokens} left, {seat.gained} won)"
        add(text, 18, INK)
        if seat.specialisation:
            state = "bonus side" if seat.bonus_side else "power side"
            add(f"      {seat.specialisation} ({state})", 16, MUTED)
    add("")
    if view.over:
        add("Scores:", 20)
        for line in view.score_lines:
            add(tidy(name_seats(line, names)), 16, INK)
    else:
        acting = ", ".join(seat_label(s, names) for s in view.to_act)
        add(f"Now: {acting}" if acting else "Now:", 20)
        # The backticks mark commands in chat (Discord shows them as code); drawn, they are noise.
        add(tidy(name_seats(drop_actor(view.pending), names)), 17)
    if view.last_text:
        add("")
        add(tidy(f"Last: {name_seats(view.last_text, names)}"), 16, MUTED)
    add("")
    add("Spots: b2.c centre; b2.n .e .s .w sides;", 16, MUTED)
    add("b2.ne .nw .se .sw corners. White discs: tokens;", 16, MUTED)
    badge = "who won the card" if view.over else "who holds the card now"
    add(f"white squares: {badge}.", 16, MUTED)
    if view.open_spots:
        add("Green rings: where a token may go now.", 16, MUTED)
    return out


def alt_text(view: ToshiView, *, names: Sequence[str] | None = None) -> str:
    """The position in words, from the view only (a public view holds no hand and no face-down
    card, so neither does this): the phase and who acts, the trick, each player, the city."""
    parts = [f"Toshi Tōshi, {view.players} players"]
    if view.over:
        winners = ", ".join(seat_label(s, names) for s in view.winners) or "nobody"
        parts.append(f"Game over, winner {winners}")
        parts += [name_seats(line, names) for line in view.score_lines]
    else:
        acting = ", ".join(seat_label(s, names) for s in view.to_act)
        parts.append(f"Round {view.round} of 10, {phase_name(view)}")
        parts.append(f"{acting} to act: {name_seats(drop_actor(view.pending), names)}")
    side = "high cards strongest" if view.monument_high else "low cards strongest"
    parts.append(f"Monument: {side}")
    if view.trick:
        plays = ", ".join(f"{seat_label(p.seat, names)} {_card_words(p.card)}" for p in view.trick)
        parts.append(f"Trick: {plays}")
    if not view.over:
        parts.append(
            "; ".join(
                f"{seat_label(seat.seat, names)} {_count(seat.tokens, 'token')}, "
                f"{_count(seat.cards, 'card')}"
                for seat in view.seats
            )
        )
    city = []
    for cell in view.cells:
        if cell.kind == "empty":
            continue
        if cell.kind == "building":
            what = _card_words(cell.card) if cell.card is not None and cell.face_up else "face-down"
        else:
            what = cell.kind
        held = f" held by {SEAT_LETTERS[cell.holder]}" if cell.holder >= 0 else ""
        city.append(f"{cell.name} {what}{held}")
    parts.append("City: " + (", ".join(city) or "empty"))
    tokens: dict[int, list[str]] = {}
    for spot, owner in enumerate(view.spots):
        if owner >= 0:
            tokens.setdefault(owner, []).append(spot_name(view, spot))
    if tokens:
        parts.append(
            "Tokens: "
            + "; ".join(f"{SEAT_LETTERS[s]} {' '.join(at)}" for s, at in sorted(tokens.items()))
        )
    if view.open_spots:
        parts.append("Open spots: " + " ".join(spot_name(view, s) for s in view.open_spots))
    return clip_alt(sentences(*parts))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def spot_name(view: ToshiView, spot: int) -> str:
    """A spot as the notation writes it (b2.c, b2.ne), from the grid's own names."""
    return geometry(view.rows, view.cols).spot_names[spot]


def _draw_panel(
    image: Image.Image,
    view: ToshiView,
    lines: list[tuple[str, int, tuple[int, int, int]]],
    k: float,
) -> None:
    x = round(MARGIN * k) * 2 + round(CELL * view.cols * k)
    y = round(20 * k)
    _text(image, (x, y), TITLE, round(30 * k), INK)  # the fallback font draws its "ō"
    y += round(48 * k)
    for text, size, fill in lines:
        if text:
            _text(image, (x, y), text, round(size * k), fill)
        y += round((size + 8) * k)


def _text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    anchor: str = "la",
) -> None:
    """Draw ``text`` by pasting a cached sprite (rendering glyphs is the slow part of a picture)."""
    paste_mask(image, xy, text_mask(text, size, anchor), fill)
