"""The chart of an analysis: every player's chances of winning after each decision.

A line per player, each with its own marker shape and named in the legend (never told apart
by colour alone), the decisions along the x-axis, 0-100 % up the y-axis, and the largest
swings marked by numbered dashed lines that the post's text explains.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from i18n.catalogue import ENGLISH
from i18n.text import TN, T, Text
from render.common import BACKGROUND, INK, MUTED, font, font_for, player_name, said

WIDTH, HEIGHT_PLOT = 1000, 380
MARGIN, TITLE, SMALL, TEXT = 24, 26, 15, 18
Y_AXIS_W = 60
LEGEND_ROW = 30
# Distinct in hue and in lightness, with a marker shape each (a reader who cannot tell the
# colours apart tells the shapes).
COLOURS = ((200, 40, 40), (30, 30, 30), (30, 100, 200), (40, 150, 70), (150, 70, 170))
SHAPES = ("circle", "square", "triangle", "diamond", "cross")
SWING_INK = (120, 120, 120)


def chances_chart(
    chances: Sequence[Sequence[float]],
    names: Sequence[str],
    swings: Sequence[int] = (),
    *,
    title: Text | str | None = None,
    language: str = ENGLISH,
) -> Image.Image:
    """``chances``: by decision, by seat (the start, fair shares, is drawn before the first);
    ``swings``: indexes of decisions to mark, numbered in that order. The words are in
    ``language`` (``title`` too, when it is a text; by default "Chances of winning")."""
    title = said(T("Chances of winning") if title is None else title, language)
    players = len(names)
    rows = [[1.0 / players] * players, *[list(row) for row in chances]]
    legend_rows = (players + 2) // 3
    height = MARGIN + TITLE + 16 + HEIGHT_PLOT + 56 + legend_rows * LEGEND_ROW + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN), title, font=font_for(title, TITLE), fill=INK)
    top = MARGIN + TITLE + 16
    left, right, bottom = MARGIN + Y_AXIS_W, WIDTH - MARGIN - 10, top + HEIGHT_PLOT
    draw.rectangle((left, top, right, bottom), outline=INK, width=1)
    last = max(1, len(rows) - 1)

    def at(x: float, y: float) -> tuple[float, float]:
        return left + 10 + x / last * (right - left - 20), bottom - y * (bottom - top)

    for tick in range(0, 101, 25):
        _, py = at(0, tick / 100)
        draw.line((left, py, right, py), fill=(215, 210, 200), width=1)
        draw.text((left - 8, py), f"{tick}%", font=font(SMALL), fill=MUTED, anchor="rm")
    for x in _x_ticks(last):
        px, _ = at(x, 0)
        draw.text((px, bottom + 8), str(x), font=font(SMALL), fill=MUTED, anchor="mt")
    caption = said(T("decision ({start}: the start)", start=0), language)
    draw.text(
        ((left + right) / 2, bottom + 30),
        caption,
        font=font_for(caption, SMALL),
        fill=MUTED,
        anchor="mt",
    )
    for number, index in enumerate(swings, start=1):
        px, _ = at(index + 1, 0)
        for y in range(int(top), int(bottom), 12):
            draw.line((px, y, px, min(y + 6, bottom)), fill=SWING_INK, width=2)
        draw.text((px + 4, top + 4), str(number), font=font(TEXT), fill=INK, anchor="lt")
    for seat in range(players):
        colour = COLOURS[seat % len(COLOURS)]
        xy = [at(x, row[seat]) for x, row in enumerate(rows)]
        if len(xy) > 1:
            draw.line(xy, fill=colour, width=3, joint="curve")
        every = max(1, len(xy) // 30)
        for point in [*xy[::every], xy[-1]]:
            _marker(draw, point, SHAPES[seat % len(SHAPES)], colour, 5)
    y = bottom + 56
    for seat in range(players):
        column, line = seat % 3, seat // 3
        cx, cy = MARGIN + column * (WIDTH - 2 * MARGIN) // 3, y + line * LEGEND_ROW
        colour = COLOURS[seat % len(COLOURS)]
        draw.line((cx, cy + 11, cx + 30, cy + 11), fill=colour, width=3)
        _marker(draw, (cx + 15, cy + 11), SHAPES[seat % len(SHAPES)], colour, 5)
        # Drawable in any script, at most a name's width, isolated when it reads right to
        # left; a computer's name (and "a former player") said in the language first.
        label = f"{player_name(seat, names, language)}  {round(rows[-1][seat] * 100)}%"
        draw.text((cx + 40, cy + 11), label, font=font_for(label, SMALL), fill=INK, anchor="lm")
    return image


def chances_alt(
    chances: Sequence[Sequence[float]],
    names: Sequence[str],
    swings: Sequence[int] = (),
    language: str = ENGLISH,
) -> str:
    """The chart in words, in ``language``: how many decisions, everyone's chances at the end,
    the decisions marked as swings (numbered from 1, as the post counts them)."""
    final = ", ".join(
        f"{said(names[s], language)} {round(c * 100)}%" for s, c in enumerate(chances[-1])
    )
    text = TN(
        "Chart of each player's chances of winning over {count} decisions. At the end: {final}. "
        "Marked swings at decisions {swings}.",
        "Chart of each player's chances of winning over {count} decisions. At the end: {final}. "
        "Marked swings at decisions {swings}.",
        len(chances),
        final=final,
        swings=", ".join(str(index + 1) for index in swings),
    )
    return said(text, language)


def _x_ticks(last: int) -> list[int]:
    """About six whole, distinct decision numbers from 0 to ``last``."""
    step = max(1, round(last / 5))
    ticks = list(range(0, last + 1, step))
    if ticks[-1] != last:
        if last - ticks[-1] < step / 2:
            ticks[-1] = last
        else:
            ticks.append(last)
    return ticks


def _marker(
    draw: ImageDraw.ImageDraw,
    point: tuple[float, float],
    shape: str,
    colour: tuple[int, int, int],
    r: float,
) -> None:
    x, y = point
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK)
    elif shape == "square":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=colour, outline=INK)
    elif shape == "triangle":
        draw.polygon([(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)], fill=colour)
    elif shape == "diamond":
        draw.polygon([(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)], fill=colour)
    else:
        draw.line((x - r, y - r, x + r, y + r), fill=colour, width=4)
        draw.line((x - r, y + r, x + r, y - r), fill=colour, width=4)
