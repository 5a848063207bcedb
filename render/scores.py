"""Two charts for the table's memory: the score breakdown of a finished match (stacked bars per
player) and ratings over time (one line per player).

Colour is never the only cue: every breakdown category has a letter and a hatching pattern, and
each bar has its numbers written under it; every rating line has its own marker shape, and the
legend pairs shape, name and rating. Text uses the bundled font (``render.common.font``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from functools import cache

from PIL import Image, ImageDraw

from i18n.catalogue import ENGLISH
from i18n.text import TN, T, Text
from render import common
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    contrast_ink,
    display_name,
    font,
    font_for,
    player_name,
    said,
    text_width,
)
from render.palette import drawn_with
from rules.base import Outcome

WIDTH = 1000
MARGIN = 24
TITLE = 26
TEXT = 18
SMALL = 15
NAME_W = 230
TOTAL_W = 90
BAR_H = 34
ROW_H = BAR_H + 34  # the bar, its numbers line, a gap
AXIS_H = 34
LEGEND_ROW = 30
# Okabe-Ito's colour-blind-safe set, then a few more; categories cycle through it.
FILLS = (
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (240, 228, 66),
    (0, 114, 178),
    (213, 94, 0),
    (204, 121, 167),
    (150, 150, 150),
    (120, 200, 120),
    (190, 150, 110),
    (160, 160, 220),
    (220, 130, 130),
)
# Categories named after a colour (a fish's, a card's) are drawn in that colour.
NAMED_FILLS = {
    "red": (215, 60, 50),
    "blue": (60, 120, 215),
    "green": (60, 160, 80),
    "yellow": (240, 210, 60),
    "orange": (240, 140, 30),
    "purple": (140, 80, 170),
    "pink": (240, 150, 190),
}
PATTERNS = ("", "/", "\\", "-", "|", "x", "+", ".")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "plus")
LINE_COLOURS = (
    (200, 40, 40),
    (30, 30, 30),
    (30, 100, 200),
    (40, 150, 70),
    (150, 70, 170),
    (230, 140, 0),
    (0, 150, 160),
    (120, 80, 40),
)
PLOT_H = 380
Y_AXIS_W = 70


@cache
def palette() -> Image.Image:
    """The fixed palette the charts are encoded with (``render.palette``)."""
    return common.game_palette(globals())


# -- the score breakdown -------------------------------------------------------------------------
def category(label: str, language: str = ENGLISH) -> str:
    """The category of a breakdown line, without its counts: "Red x2 (3, doubled ...)" and
    "Red x4" are both "Red"; "Towers 6+4+2" is "Towers"; a left neighbour's score is one
    category whoever the neighbour is. Read from the line as said in ``language`` (the
    categories are told apart in English: ``str(label)`` is a text's English)."""
    if "left neighbour" in label:
        return said(T("Left neighbour's score"), language)
    shown = said(label, language)
    head = re.split(r"\s+(?:x\d|\(|[A-Z]?\d)", shown, maxsplit=1)[0].strip()
    return head[:1].upper() + head[1:] if head else shown


@drawn_with(lambda: palette())
def breakdown_chart(
    outcome: Outcome, names: Sequence[str], *, language: str = ENGLISH
) -> Image.Image:
    """Stacked horizontal bars, one per player, of their score breakdown: gains to the right
    of zero, losses to the left, each segment lettered and hatched by category, the numbers
    written under each bar, the total at its end; a legend names the categories (in
    ``language``, as the title and the winner's mark)."""
    cats: list[str] = []  # in English: the fills and letters do not change with the language
    shown: list[str] = []
    for score in outcome.scores:
        for line in score.breakdown:
            if line.points and category(line.label) not in cats:
                cats.append(category(line.label))
                shown.append(category(line.label, language))
    fills = _fills(cats)
    lows = [sum(ln.points for ln in s.breakdown if ln.points < 0) for s in outcome.scores]
    highs = [sum(ln.points for ln in s.breakdown if ln.points > 0) for s in outcome.scores]
    low, high = min([0, *lows]), max([1, *highs])
    step = _nice_step((high - low) / 6)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    left = MARGIN + NAME_W
    right = WIDTH - MARGIN - TOTAL_W
    legend_rows = _legend_layout(shown)
    top = MARGIN + TITLE + 16
    height = top + len(outcome.scores) * ROW_H + AXIS_H + 16 + len(legend_rows) * LEGEND_ROW
    image = Image.new("RGB", (WIDTH, height + MARGIN), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = said(T("Score breakdown"), language)
    draw.text((MARGIN, MARGIN), title, font=font_for(title, TITLE), fill=INK)

    def x(value: float) -> float:
        return left + (value - low) / (high - low) * (right - left)

    bottom = top + len(outcome.scores) * ROW_H
    for tick in range(int(low), int(high) + 1, step):  # the grid and the axis under it
        draw.line((x(tick), top - 4, x(tick), bottom), fill=(210, 205, 195), width=1)
        draw.text((x(tick), bottom + 6), str(tick), font=font(SMALL), fill=MUTED, anchor="mt")
    for row, score in enumerate(outcome.scores):
        y = top + row * ROW_H
        name = player_name(score.seat, names, language)
        if score.seat in outcome.winners:
            name = said(T("{person} (winner)", person=name), language)
        _fit_text(draw, (MARGIN, y + BAR_H / 2), name, NAME_W - 10, TEXT, anchor="lm")
        ahead, behind = 0, 0
        parts = []
        for line in score.breakdown:
            if not line.points:
                continue
            index = cats.index(category(line.label))
            if line.points > 0:
                start, ahead = ahead, ahead + line.points
                box = (x(start), y, x(ahead), y + BAR_H)
            else:
                start, behind = behind, behind + line.points
                box = (x(behind), y, x(start), y + BAR_H)
            _segment(draw, box, index, f"{LETTERS[index % 26]} {line.points:+d}", fills)
            parts.append(f"{LETTERS[index % 26]} {line.points:+d}")
        draw.line((x(0), y - 3, x(0), y + BAR_H + 3), fill=INK, width=2)
        draw.text(
            (right + 10, y + BAR_H / 2), str(score.total), font=font(TEXT), fill=INK, anchor="lm"
        )
        _fit_text(draw, (left, y + BAR_H + 4), "  ".join(parts), right - left, SMALL, MUTED)
    y = bottom + AXIS_H + 16
    for entries in legend_rows:
        cx = MARGIN
        for index, name, width in entries:
            _segment(draw, (cx, y, cx + 34, y + 22), index, LETTERS[index % 26], fills)
            draw.text((cx + 42, y + 11), name, font=font_for(name, SMALL), fill=INK, anchor="lm")
            cx += width
        y += LEGEND_ROW
    return image


def breakdown_alt(outcome: Outcome, people: Sequence[str], language: str = ENGLISH) -> str:
    """The breakdown chart in words, in ``language``: "Score breakdown. alice (A): 30 (Camps
    +40, wages paid -10); bob (B): 20 (Camps +20)", best first (``people``: each seat as the
    post names it). Not cut to the alt text's limit: the caller names the people first."""
    described = "; ".join(
        said(
            T(
                "{person}: {total} ({lines})",
                person=people[score.seat],
                total=score.total,
                lines=", ".join(
                    f"{said(line.label, language)} {line.points:+d}" for line in score.breakdown
                ),
            ),
            language,
        )
        for score in sorted(outcome.scores, key=lambda s: (-s.total, s.seat))
    )
    return said(T("Score breakdown. {players}", players=described), language)


# -- ratings over time -------------------------------------------------------------------------
@drawn_with(lambda: palette())
def rating_chart(
    series: Mapping[str, Sequence[tuple[datetime | int, float]]],
    names: Mapping[str, str] | None = None,
    *,
    title: Text | str | None = None,
    language: str = ENGLISH,
) -> Image.Image:
    """A line per player of their rating after each match (x: when, as datetimes, or match
    numbers), each line with its own marker shape; the legend names each with its last
    rating. ``names`` maps a series key to the name shown (default: the key). The words are
    in ``language`` (``title`` too, when it is a text; by default "Rating over time")."""
    title = said(T("Rating over time") if title is None else title, language)
    names = names or {}
    points = {k: [(_x_value(t), v) for t, v in pts] for k, pts in series.items() if pts}
    legend = _legend_layout(
        [f"{display_name(names.get(k, k)) or k}  {pts[-1][1]:.1f}" for k, pts in points.items()]
    )
    height = MARGIN + TITLE + 16 + PLOT_H + 56 + len(legend) * LEGEND_ROW + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN), title, font=font_for(title, TITLE), fill=INK)
    top = MARGIN + TITLE + 16
    left, right, bottom = MARGIN + Y_AXIS_W, WIDTH - MARGIN - 10, top + PLOT_H
    draw.rectangle((left, top, right, bottom), outline=INK, width=1)
    if not points:
        empty = said(T("No rated matches yet."), language)
        draw.text(
            ((left + right) / 2, (top + bottom) / 2),
            empty,
            font=font_for(empty, TEXT),
            fill=MUTED,
            anchor="mm",
        )
        return image
    xs = [t for pts in points.values() for t, _ in pts]
    ys = [v for pts in points.values() for _, v in pts]
    x0, x1 = min(xs), max(xs)
    if x1 == x0:
        x0, x1 = x0 - 1, x1 + 1
    step = _nice_step((max(ys) - min(ys)) / 5 or 1.0)
    y0, y1 = math.floor(min(ys) / step) * step, math.ceil(max(ys) / step) * step
    if y1 == y0:
        y0, y1 = y0 - step, y1 + step

    def at(t: float, v: float) -> tuple[float, float]:
        px = left + 12 + (t - x0) / (x1 - x0) * (right - left - 24)
        return px, bottom - (v - y0) / (y1 - y0) * (bottom - top)

    tick = y0
    while tick <= y1 + step / 2:
        _, py = at(x0, tick)
        draw.line((left, py, right, py), fill=(215, 210, 200), width=1)
        draw.text((left - 8, py), f"{tick:g}", font=font(SMALL), fill=MUTED, anchor="rm")
        tick += step
    dated = any(isinstance(t, datetime) for pts in series.values() for t, _ in pts)
    # Matches on one day share a date: within two days the ticks give the hour too, and a
    # label the previous tick already printed is left out (no date printed five times).
    short = dated and max(xs) - min(xs) < 2 * 86400
    shown = ""
    for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
        t = x0 + frac * (x1 - x0)
        px, _ = at(t, y0)
        when = datetime.fromtimestamp(t, UTC)
        label = when.strftime("%m-%d %H:%M" if short else "%Y-%m-%d") if dated else f"#{round(t)}"
        if label == shown:
            continue
        shown = label
        draw.text((px, bottom + 8), label, font=font(SMALL), fill=MUTED, anchor="mt")
    if dated:
        caption = said(T("finished on (UTC)") if short else T("finished on"), language)
    else:
        caption = said(T("match number"), language)
    draw.text(
        ((left + right) / 2, bottom + 30),
        caption,
        font=font_for(caption, SMALL),
        fill=MUTED,
        anchor="mt",
    )
    for index, pts in enumerate(points.values()):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        xy = [at(t, v) for t, v in pts]
        if len(xy) > 1:
            draw.line(xy, fill=colour, width=3, joint="curve")
        every = max(1, len(xy) // 40)  # markers stay apart on long histories
        for point in [*xy[::every], xy[-1]]:
            _marker(draw, point, MARKERS[index % len(MARKERS)], colour, 6)
    y = bottom + 56
    for entries in legend:
        cx = MARGIN
        for index, text, width in entries:
            colour = LINE_COLOURS[index % len(LINE_COLOURS)]
            draw.line((cx, y + 11, cx + 30, y + 11), fill=colour, width=3)
            _marker(draw, (cx + 15, y + 11), MARKERS[index % len(MARKERS)], colour, 6)
            draw.text((cx + 40, y + 11), text, font=font_for(text, SMALL), fill=INK, anchor="lm")
            cx += width
        y += LEGEND_ROW
    return image


def rating_alt(
    person: str,
    series: Mapping[str, Sequence[tuple[datetime | int, float]]],
    language: str = ENGLISH,
) -> str:
    """The rating chart in words, in ``language``: "Chart: alice's rating over time. TOKAN: 3
    rated matches, from 25 to 31." (each game's line from its first rating to its last)."""
    described = "; ".join(
        said(
            TN(
                "{game}: {count} rated match, from {first} to {last}",
                "{game}: {count} rated matches, from {first} to {last}",
                len(points),
                game=game,
                first=format(points[0][1], ".0f"),
                last=format(points[-1][1], ".0f"),
            ),
            language,
        )
        for game, points in series.items()
        if points
    )
    text = T("Chart: {person}'s rating over time. {games}.", person=person, games=described)
    return said(text, language)


# -- private helpers ---------------------------------------------------------------------------
def _fills(categories: Sequence[str]) -> list[tuple[int, int, int]]:
    """A fill per category: its own colour if it is named after one, else the next of FILLS
    that is not close to one of those (two oranges side by side would only confuse)."""
    named = [NAMED_FILLS[n.lower()] for n in categories if n.lower() in NAMED_FILLS]
    distinct = [f for f in FILLS if all(_distance(f, n) > 90 for n in named)] or list(FILLS)
    spare = iter(distinct * (1 + len(categories) // len(distinct)))
    return [NAMED_FILLS.get(name.lower()) or next(spare) for name in categories]


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return math.dist(a, b)


def _legend_layout(labels: Sequence[str]) -> list[list[tuple[int, str, int]]]:
    """Legend entries (index, label, width) in rows that fit the picture's width."""
    rows: list[list[tuple[int, str, int]]] = [[]]
    used = 0
    for index, label in enumerate(labels):
        width = 42 + math.ceil(text_width(label, SMALL)) + 26
        if rows[-1] and used + width > WIDTH - 2 * MARGIN:
            rows.append([])
            used = 0
        rows[-1].append((index, label, width))
        used += width
    return [row for row in rows if row]


def _segment(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    index: int,
    label: str,
    fills: Sequence[tuple[int, int, int]],
) -> None:
    """One category's box: its fill, its hatching, its letter (and points) when they fit."""
    x0, y0, x1, y1 = box
    if x1 - x0 < 1:
        return
    fill = fills[index]
    draw.rectangle(box, fill=fill, outline=INK, width=1)
    ink = contrast_ink(fill)
    pattern = PATTERNS[index % len(PATTERNS)]
    shade = tuple((c + i) // 2 for c, i in zip(fill, ink, strict=True))
    _hatch(draw, box, pattern, shade)  # type: ignore[arg-type]
    size = SMALL
    for text in (label, label.split(" ")[0]):
        if text_width(text, size) + 8 <= x1 - x0:
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            tw, th = text_width(text, size) + 6, size + 4
            draw.rectangle((cx - tw / 2, cy - th / 2, cx + tw / 2, cy + th / 2), fill=fill)
            draw.text((cx, cy), text, font=font(size), fill=ink, anchor="mm")
            return


def _hatch(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    pattern: str,
    colour: tuple[int, int, int],
) -> None:
    x0, y0, x1, y1 = (int(v) for v in box)
    gap = 8
    if pattern in ("-", "+"):
        for y in range(y0 + gap // 2, y1, gap):
            draw.line((x0 + 1, y, x1 - 1, y), fill=colour, width=1)
    if pattern in ("|", "+"):
        for x in range(x0 + gap // 2, x1, gap):
            draw.line((x, y0 + 1, x, y1 - 1), fill=colour, width=1)
    if pattern == ".":
        for y in range(y0 + 4, y1 - 2, 7):
            for x in range(x0 + 4, x1 - 2, 7):
                draw.point((x, y), fill=colour)
    for slope in {"/": (1,), "\\": (-1,), "x": (1, -1)}.get(pattern, ()):
        h = y1 - y0
        for start in range(x0 - h, x1, gap):
            a = (start, y1) if slope == 1 else (start, y0)
            b = (start + h, y0) if slope == 1 else (start + h, y1)
            _clipped_line(draw, a, b, (x0 + 1, x1 - 1), colour)


def _clipped_line(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    clip: tuple[int, int],
    colour: tuple[int, int, int],
) -> None:
    """A hatching line from the bottom to the top of its segment, cut to the segment's left
    and right sides ``clip`` (hatching must not spill out of its segment)."""
    (ax, ay), (bx, by) = a, b
    cx0, cx1 = clip
    dx = (bx - ax) or 1e-9
    slope = (by - ay) / dx
    if ax < cx0:
        ay += slope * (cx0 - ax)
        ax = cx0
    if bx > cx1:
        by -= slope * (bx - cx1)
        bx = cx1
    if ax >= bx:
        return
    draw.line((ax, ay, bx, by), fill=colour, width=1)


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
        draw.polygon(
            [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)], fill=colour, outline=INK
        )
    elif shape == "diamond":
        draw.polygon(
            [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)],
            fill=colour,
            outline=INK,
        )
    elif shape == "cross":
        draw.line((x - r, y - r, x + r, y + r), fill=colour, width=4)
        draw.line((x - r, y + r, x + r, y - r), fill=colour, width=4)
    else:  # plus
        draw.line((x - r, y, x + r, y), fill=colour, width=4)
        draw.line((x, y - r, x, y + r), fill=colour, width=4)


def _fit_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    width: float,
    size: int,
    fill: tuple[int, int, int] = INK,
    anchor: str = "la",
) -> None:
    """``text`` at ``xy``, shortened with an ellipsis if it is wider than ``width``."""
    while text and text_width(text, size) > width:
        text = text[:-2] + "…"
    draw.text(xy, text, font=font_for(text, size), fill=fill, anchor=anchor)


def _nice_step(raw: float) -> int:
    """A round tick step (1, 2, 5, 10, 20, 50, ...) near ``raw``, at least 1."""
    if raw <= 1:
        return 1
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return int(m * power)
    return int(10 * power)


def _x_value(t: datetime | int) -> float:
    return t.timestamp() if isinstance(t, datetime) else float(t)
