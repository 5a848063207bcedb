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

from i18n.catalogue import ENGLISH
from i18n.text import N_, TN, T, Text
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
    said,
    seat_label,
    sentences,
    text_mask,
    text_width,
    tidy,
    word,
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
# The non-building spaces as the alt text names them (said in the viewer's language).
KIND_WORDS = {"park": N_("park"), "monument": N_("monument")}


def render(
    view: ToshiView,
    *,
    names: Sequence[str] | None = None,
    scale: float = 1.0,
    layout: str = "desktop",
    language: str = ENGLISH,
) -> Image.Image:
    """The city grid and the panel, for the public or for one seat (``layout="phone"``: the
    phone-first picture, ``render.phone``), its words in ``language``."""
    if layout == "phone":
        return phone(view, names, language)
    k = scale
    grid_w, grid_h = round(CELL * view.cols * k), round(CELL * view.rows * k)
    panel_lines = _panel_lines(view, names, language)
    panel_h = round((68 + sum(size + 8 for _, size, _ in panel_lines) + 20) * k)
    width = round(MARGIN * k) * 2 + grid_w + round(PANEL * k)
    height = max(round(MARGIN * k) * 2 + grid_h, panel_h)
    image = Image.new("RGB", (width, height), BACKGROUND)
    image.paste(_background(view.rows, view.cols, k), (0, 0))
    draw = ImageDraw.Draw(image)
    for index, cell in enumerate(view.cells):
        _draw_cell(image, draw, view, index, cell, k, language)
    _draw_spots(image, draw, view, k)
    _draw_panel(image, view, panel_lines, k)
    return tagged(image, palette())


@cache
def palette() -> Image.Image:
    """The fixed palette every Toshi Tōshi picture is encoded with (``render.palette``)."""
    return common.game_palette(globals())


def phone(
    view: ToshiView, names: Sequence[str] | None = None, language: str = ENGLISH
) -> Image.Image:
    """The phone-first picture: the round and phase, who acts on what, every player's tokens
    and cards (scores at the end), the city around the spots open now at full size, and the
    whole picture at half size."""
    if view.over:
        title = T("{game} · Game over", game=TITLE)
    else:
        title = T(
            "{game} · round {round} of 10, {phase}",
            game=TITLE,
            round=view.round,
            phase=phase_name(view, language),
        )
    if view.over:
        lines = [said(T("Winner: {people}", people=_winners(view, names, language)), language)]
        scores = [
            said(
                T("{person}: {score} NP", person=_label(s.seat, names, language), score=s.score),
                language,
            )
            for s in view.seats
        ]
    else:
        acting = ", ".join(_label(s, names, language) for s in view.to_act)
        lines = [
            said(T("To act: {people}", people=acting), language),
            _pending(view, names, language),
        ]
        scores = [
            f"{_label(s.seat, names, language)}: {_holdings(s.tokens, s.cards, language)}"
            for s in view.seats
        ]
    m = MARGIN
    board = (0.0, 0.0, 2.0 * m + CELL * view.cols, 2.0 * m + CELL * view.rows)
    caption = (
        T("Where a token may go (full size):")
        if view.open_spots
        else T("Around the last move (full size):")
    )
    return compose(
        render(view, names=names, language=language),
        Status(said(title, language), lines, scores),
        board=board,
        focus=_focus(view),
        caption=said(caption, language),
        labels=coordinate_labels(view.rows, view.cols),
        language=language,
    )


def _label(seat: int, names: Sequence[str] | None, language: str) -> str:
    return seat_label(seat, names, language=language)


def _winners(view: ToshiView, names: Sequence[str] | None, language: str) -> str:
    """The winners named, or "nobody"."""
    won = ", ".join(_label(s, names, language) for s in view.winners)
    return won or said(T("nobody"), language)


def _pending(view: ToshiView, names: Sequence[str] | None, language: str) -> str:
    """The decision awaited (the rules' words, said), without its actor, people named."""
    return tidy(name_seats(drop_actor(said(view.pending, language)), names, language=language))


def _holdings(tokens: int, cards: int, language: str) -> str:
    """ "3 tokens, 1 card": what a player has left."""
    return f"{_count(tokens, 'token', language)}, {_count(cards, 'card', language)}"


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
    view: ToshiView,
    *,
    names: Sequence[str] | None = None,
    scale: float = 1.0,
    language: str = ENGLISH,
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

    who = (
        said(T("the public"), language)
        if view.viewer is None
        else _label(view.viewer, names, language)
    )
    title = said(T("{game}: hand of {who}", game=TITLE, who=who), language)
    draw.text((round(20 * k), round(18 * k)), title, font=font_for(title, round(24 * k)), fill=INK)
    note(title, round(24 * k))
    top = round(60 * k)
    if not view.hand:
        empty = said(
            T("No cards in hand.") if view.viewer is not None else T("Hands are private."),
            language,
        )
        draw.text(
            (round(20 * k), top + round(50 * k)),
            empty,
            font=font_for(empty, round(20 * k)),
            fill=MUTED,
        )
        note(empty, round(20 * k))
    for i, card in enumerate(view.hand):
        row, column = divmod(i, HAND_ROW)
        x = round(20 * k) + column * (w + gap)
        y0 = top + row * (h + round(14 * k))
        _draw_card_face(
            draw,
            (x, y0, x + w, y0 + h),
            card,
            k,
            big=round(44 * k),
            note_size=round(18 * k),
            language=language,
        )
        note(str(card.value), round(44 * k))
        note(word(COLOUR_NAMES[card.colour], language), round(18 * k))
        note(str(card), round(18 * k))
    y = top + rows * h + (rows - 1) * round(14 * k) + round(24 * k)
    if view.my_face_down:
        heading = said(T("Your face-down cards (only you know them):"), language)
        draw.text((round(20 * k), y), heading, font=font_for(heading, round(20 * k)), fill=INK)
        for fd in view.my_face_down:
            y += round(30 * k)
            text = f"{fd.space}: {fd.card} ({_card_words(fd.card, language)})"
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
    language: str = ENGLISH,
) -> None:
    x0, y0, x1, y1 = _cell_box(view, index, k)
    inset = round(INSET * k)
    if cell.kind == "empty":
        draw.rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=EMPTY_FILL)
    else:
        face_down = cell.card is not None and not cell.face_up
        sprite = _cell_sprite(
            cell.kind, cell.card, face_down, view.over, view.monument_high, k, language
        )
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
    kind: str,
    card: Card | None,
    face_down: bool,
    over: bool,
    high: bool,
    k: float,
    language: str = ENGLISH,
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
        centred_text(draw, (cx, top + 48 * k), said(T("PARK"), language), round(26 * k))
    elif kind == "monument":
        fill = MONUMENT_HIGH if high else MONUMENT_LOW
        ink = contrast_ink(fill)
        draw.rounded_rectangle(box, radius=round(10 * k), fill=fill, outline=INK, width=line)
        centred_text(draw, (cx, top + 44 * k), "10 > 1" if high else "1 > 10", round(30 * k), ink)
        monument = said(T("MONUMENT"), language)
        centred_text(draw, (cx, top + 124 * k), monument, round(17 * k), ink)
    elif card is None:
        _draw_back(draw, box, k, language)
    else:
        _draw_card_face(
            draw,
            box,
            card,
            k,
            big=round(40 * k),
            face_down=face_down,
            over=over,
            language=language,
        )
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


def _draw_back(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    k: float,
    language: str = ENGLISH,
) -> None:
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
    # Two lines, above and below the middle; a language that says it in one line draws it once.
    lines = said(T("FACE\nDOWN"), language).split("\n")
    spots = (-42, 42) if len(lines) > 1 else (0,)
    for line, dy in zip(lines, spots, strict=False):
        white = (255, 255, 255)
        centred_text(draw, (cx, cy + dy * k), line, round(20 * k), white, stroke=BACK_FILL)


def _draw_card_face(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    card: Card,
    k: float,
    big: int,
    face_down: bool = False,
    over: bool = False,
    note_size: int | None = None,
    language: str = ENGLISH,
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
    colour = word(COLOUR_NAMES[card.colour], language)
    centred_text(draw, (cx, y0 + h * 0.68), colour, round(18 * k), ink)
    note = str(card)
    if face_down:
        note = said(T("revealed") if over else T("face-down"), language)
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


def _card_words(card: Card, language: str = ENGLISH) -> str:
    """ "Red 7": a card's colour (said) and value."""
    colour = word(COLOUR_NAMES[card.colour], language)
    return said(T("{colour} {value}", colour=colour, value=card.value), language)


def phase_name(view: ToshiView, language: str = ENGLISH) -> str:
    """The phase as the rulebook names it: "Trick phase", "Nature phase", "Construction phase"
    or "Influence phase" (the view already names each step by the phase it belongs to)."""
    if view.over:
        return said(T("Game over"), language)
    return said(T("{phase} phase", phase=word(view.phase, language)), language)


def _panel_lines(
    view: ToshiView, names: Sequence[str] | None, language: str = ENGLISH
) -> list[tuple[str, int, tuple[int, int, int]]]:
    """The panel's text as (line, size, colour), wrapped to the panel width."""
    out: list[tuple[str, int, tuple[int, int, int]]] = []

    def add(text: str, size: int = 18, fill: tuple[int, int, int] = INK) -> None:
        # Wrapped by measured width: names come in any script and length.
        lead = text[: len(text) - len(text.lstrip())]
        room = PANEL - 24 - text_width(lead + "    ", size)
        for k, part in enumerate(wrap(text, room, size) if text else [""]):
            out.append((lead + ("    " if k else "") + part, size, fill))

    def say(text: Text) -> str:
        return said(text, language)

    if view.over:
        add(say(T("Game over")), 22)
    else:
        phase = phase_name(view, language)
        add(say(T("Round {round} of 10: {phase}", round=view.round, phase=phase)), 22)
    if view.over:
        add(say(T("Winner: {people}", people=_winners(view, names, language))), 20)
    if view.monument_high:
        side = T('"{order}": high cards strongest', order="10 > 1")
    else:
        side = T('"{order}": low cards strongest', order="1 > 10")
    add(say(T("Monument: {side}", side=side)))
    add("")
    if view.trick:
        led = word(COLOUR_NAMES[view.trick[0].card.colour], language)
        add(say(T("Trick (led {colour}):", colour=led)), 20)
        for play in view.trick:
            who = _label(play.seat, names, language)
            card = f"{play.card} {_card_words(play.card, language)}"
            line = f"{who}: {card}"
            if play.seat == view.winner:
                line = say(T("{play}  wins", play=line))
            add(f"  {line}", 18, INK)
    elif not view.over:
        lead = _label(view.leader, names, language)
        add(say(T("Trick: not started ({person} leads)", person=lead)), 20)
    add("")
    add(say(T("Players:") if view.over else T("Players (tokens left, cards in hand):")), 20)
    for seat in view.seats:
        turn = "> " if seat.seat in view.to_act else "  "
        name = f"{turn}{_label(seat.seat, names, language)}"
        text = f"{name}: {_holdings(seat.tokens, seat.cards, language)}"
        if view.over:
            score = T(
                "{score} NP ({tokens} left, {gained} won)",
                score=seat.score,
                tokens=_count(seat.tokens, "token", language),
                gained=seat.gained,
            )
            text = f"{name}: {say(score)}"
        add(text, 18, INK)
        if seat.specialisation:
            state = T("bonus side") if seat.bonus_side else T("power side")
            special = word(seat.specialisation, language)
            add("      " + say(T("{card} ({side})", card=special, side=state)), 16, MUTED)
    add("")
    if view.over:
        add(say(T("Scores:")), 20)
        for line in view.score_lines:
            add(tidy(name_seats(said(line, language), names, language=language)), 16, INK)
    else:
        acting = ", ".join(_label(s, names, language) for s in view.to_act)
        add(say(T("Now: {people}", people=acting)) if acting else say(T("Now:")), 20)
        # The backticks mark commands in chat (Discord shows them as code); drawn, they are noise.
        add(_pending(view, names, language), 17)
    if view.last_text:
        add("")
        last = name_seats(said(view.last_text, language), names, language=language)
        add(tidy(say(T("Last: {move}", move=last))), 16, MUTED)
    add("")
    # The spots are notation (as typed): the words around them are the message.
    add(
        say(T("Spots: {centre} centre; {sides} sides;", centre="b2.c", sides="b2.n .e .s .w")),
        16,
        MUTED,
    )
    corners = T("{corners} corners. White discs: tokens;", corners="b2.ne .nw .se .sw")
    add(say(corners), 16, MUTED)
    if view.over:
        badge = T("white squares: who won the card.")
    else:
        badge = T("white squares: who holds the card now.")
    add(say(badge), 16, MUTED)
    if view.open_spots:
        add(say(T("Green rings: where a token may go now.")), 16, MUTED)
    return out


def alt_text(
    view: ToshiView, *, names: Sequence[str] | None = None, language: str = ENGLISH
) -> str:
    """The position in words (in ``language``), from the view only (a public view holds no
    hand and no face-down card, so neither does this): the phase and who acts, the trick, each
    player, the city."""

    def say(text: Text) -> str:
        return said(text, language)

    head = TN("{game}, {count} player", "{game}, {count} players", view.players, game=TITLE)
    parts = [say(head)]
    if view.over:
        parts.append(say(T("Game over, winner {people}", people=_winners(view, names, language))))
        parts += [
            name_seats(said(line, language), names, language=language) for line in view.score_lines
        ]
    else:
        acting = ", ".join(_label(s, names, language) for s in view.to_act)
        phase = phase_name(view, language)
        parts.append(say(T("Round {round} of 10, {phase}", round=view.round, phase=phase)))
        pending = name_seats(drop_actor(said(view.pending, language)), names, language=language)
        parts.append(say(T("{people} to act: {pending}", people=acting, pending=pending)))
    side = T("high cards strongest") if view.monument_high else T("low cards strongest")
    parts.append(say(T("Monument: {side}", side=side)))
    if view.trick:
        plays = ", ".join(
            f"{_label(p.seat, names, language)} {_card_words(p.card, language)}" for p in view.trick
        )
        parts.append(say(T("Trick: {plays}", plays=plays)))
    if not view.over:
        holdings = [
            f"{_label(s.seat, names, language)} {_holdings(s.tokens, s.cards, language)}"
            for s in view.seats
        ]
        parts.append("; ".join(holdings))
    city = []
    for cell in view.cells:
        if cell.kind == "empty":
            continue
        if cell.kind == "building":
            if cell.card is not None and cell.face_up:
                what = _card_words(cell.card, language)
            else:
                what = say(T("face-down"))
        else:
            what = word(KIND_WORDS.get(cell.kind, cell.kind), language)
        if cell.holder >= 0:
            held = T(
                "{space} {what} held by {seat}",
                space=cell.name,
                what=what,
                seat=SEAT_LETTERS[cell.holder],
            )
            city.append(say(held))
        else:
            city.append(f"{cell.name} {what}")
    parts.append(say(T("City: {spaces}", spaces=", ".join(city) or T("empty"))))
    tokens: dict[int, list[str]] = {}
    for spot, owner in enumerate(view.spots):
        if owner >= 0:
            tokens.setdefault(owner, []).append(spot_name(view, spot))
    if tokens:
        where = "; ".join(f"{SEAT_LETTERS[s]} {' '.join(at)}" for s, at in sorted(tokens.items()))
        parts.append(say(T("Tokens: {spots}", spots=where)))
    if view.open_spots:
        spots = " ".join(spot_name(view, s) for s in view.open_spots)
        parts.append(say(T("Open spots: {spots}", spots=spots)))
    return clip_alt(sentences(*parts))


def _count(n: int, noun: str, language: str = ENGLISH) -> str:
    """ "1 token", "3 cards" (``noun``: "token" or "card")."""
    if noun == "token":
        return said(TN("{count} token", "{count} tokens", n), language)
    return said(TN("{count} card", "{count} cards", n), language)


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
