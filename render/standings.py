"""A league's standings as a picture, with its alt text: one row per person, the columns the
caller names (place, person, points, the format's tie-breaks, the record). Plain text in, a
picture out. Nothing relies on colour: rows alternate in shade for the eye only; a withdrawn
player is marked by words in the cell, not by a colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from i18n.catalogue import ENGLISH
from i18n.text import T, Text
from render.common import BACKGROUND, INK, MUTED, ellipsize, font_for, printable, said

SIZE = 18
ROW_HEIGHT = 30
MARGIN = 16
PLACE_WIDTH = 44
NAME_WIDTH = 250
COLUMN = 130
SHADE = (232, 226, 212)
ALT_LIMIT = 1024  # Discord's alt text


Cell = Text | str  # a column's name or a cell: a text is said in the picture's language


def draw_standings(
    title: Cell,
    head: Sequence[Cell],
    lines: Sequence[Sequence[Cell]],
    *,
    language: str = ENGLISH,
) -> Image.Image:
    """The table: ``head`` names the columns (the first two: place and person), ``lines``
    the rows, best first; every text said in ``language`` (names and numbers as they are)."""
    title = said(title, language)
    head = [said(h, language) for h in head]
    lines = [[said(cell, language) for cell in line] for line in lines]
    widths = [PLACE_WIDTH, NAME_WIDTH] + [COLUMN] * (len(head) - 2)
    width = MARGIN * 2 + sum(widths)
    height = MARGIN * 2 + ROW_HEIGHT * (len(lines) + 2)
    image = Image.new("RGB", (width, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    shown_title = printable(title)
    pen.text((MARGIN, MARGIN), shown_title, fill=INK, font=font_for(shown_title, SIZE + 2))
    y = MARGIN + ROW_HEIGHT
    for index, line in enumerate([head, *lines]):
        if index and index % 2 == 0:
            pen.rectangle((MARGIN, y, width - MARGIN, y + ROW_HEIGHT - 1), fill=SHADE)
        x = MARGIN
        for column, text in enumerate(line):
            shown = ellipsize(printable(text), widths[column] - 8, SIZE)
            ink = MUTED if index == 0 else INK
            pen.text((x + 4, y + 5), shown, fill=ink, font=font_for(shown, SIZE))
            x += widths[column]
        y += ROW_HEIGHT
    return image


def alt_text(
    title: Cell,
    head: Sequence[Cell],
    lines: Sequence[Sequence[Cell]],
    *,
    language: str = ENGLISH,
) -> str:
    """The picture in words (in ``language``): "1. Ada: 3 points, Buchholz Cut 1 4, …"."""
    parts = [f"{said(title, language)}."]
    for line in lines:
        place, person, points = (said(cell, language) for cell in line[:3])
        rest = ", ".join(
            f"{said(h, language)} {said(v, language)}"
            for h, v in zip(head[3:], line[3:], strict=False)
        )
        if rest:
            text = T(
                "{place}. {person}: {points} points, {rest}.",
                place=place,
                person=person,
                points=points,
                rest=rest,
            )
        else:
            text = T(
                "{place}. {person}: {points} points.", place=place, person=person, points=points
            )
        parts.append(said(text, language))
    whole = " ".join(parts)
    return whole if len(whole) <= ALT_LIMIT else whole[: ALT_LIMIT - 1] + "…"
