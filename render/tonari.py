"""The Tonari picture: the hex board with labels, tokens, the boat, the last move, every pile.

A pure function of ``TonariView``. Each token is a coloured disc with letters (skills are light
squares); a legend names them. The last boat move is an arrow with a gold ring, drawn over the
boat; hexes the boat may move to now have a green ring. The right panel names each player with
their pile and how their score adds up ("fish 10 + left neighbour C 6 = 16"); the header says who
acts and what is awaited. ``alt_text`` says the same in words for a screen reader.
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
    text_width,
    word,
)
from render.palette import tagged
from render.phone import Status, compose
from rules.fishing_common import left_of
from rules.tonari import FISH, Token, TonariView

STYLE: dict[Token, tuple[tuple[int, int, int], str, str]] = {
    Token.RED: ((212, 11, 0), "R", N_("Red (set)")),
    Token.BLUE: ((32, 23, 207), "B", N_("Blue (set)")),
    Token.GREEN: ((36, 131, 87), "G", N_("Green (set)")),
    Token.YELLOW: ((250, 212, 37), "Y", N_("Yellow (set)")),
    Token.ORANGE: ((240, 126, 30), "O", N_("Orange: most = 8")),
    Token.PURPLE: ((61, 14, 81), "X", N_("Purple debris -5")),
    Token.PINK: ((192, 133, 177), "P", N_("Pink +5 (jump only)")),
    Token.SENSE: ((235, 235, 235), "SS", N_("Sense the Schools")),
    Token.ROUGH: ((235, 235, 235), "RW", N_("Rough Waters")),
    Token.SCARE: ((235, 235, 235), "SO", N_("Scare it Off")),
    Token.SEASON: ((235, 235, 235), "IS", N_("In Season")),
}
SKILL_TOKENS = (Token.SENSE, Token.ROUGH, Token.SCARE, Token.SEASON)
# The fish as the alt text names them (said in the viewer's language).
FISH_WORDS: dict[Token, str] = {
    Token.RED: N_("red"),
    Token.BLUE: N_("blue"),
    Token.GREEN: N_("green"),
    Token.YELLOW: N_("yellow"),
    Token.ORANGE: N_("orange"),
    Token.PURPLE: N_("purple"),
    Token.PINK: N_("pink"),
}

MARGIN = 20
HEADER = 104
PANEL = 500
ROW = 118  # one seat's rows in the panel: name, score sum, pile


def render(
    view: TonariView,
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
    panel_h = 34 + ROW * view.players + 6 + 30 + 6 * 36 + 30
    height = round(HEADER * s) + max(board_h + round(2 * MARGIN * s), round(panel_h * s))
    origin = (MARGIN * s, HEADER * s + MARGIN * s)
    panel_left = origin[0] + board_w + MARGIN * s
    image = _background(
        view.rows, view.islands, s, (width, height), view.players, panel_left, language
    )
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
    hexboard.island_label(draw, centres, view.islands, ISLAND, s, below=True)

    title, text = _header(view, names, language)
    hexboard.header(image, title, text, s, MARGIN * s, width)
    _panel(image, view, names, s, panel_left, HEADER * s + 8 * s, language)
    return tagged(image, palette())


@cache
def palette() -> Image.Image:
    """The fixed palette every Tonari picture is encoded with (``render.palette``)."""
    return common.game_palette(vars(hexboard), globals())


def _header(view: TonariView, names: Sequence[str] | None, language: str) -> tuple[str, str]:
    return hexboard.header_texts(
        "Tonari",
        view.turn,
        view.winners,
        view.pending,
        view.note,
        names,
        headline(view, names, language),
        language,
    )


def phone(
    view: TonariView, names: Sequence[str] | None = None, language: str = ENGLISH
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
        focus=hexboard.focus_of(view, points, view.turn is not None, view.islands),
        labels=hexboard.hex_labels(view.rows, view.islands, 1.0, origin, True),
        language=language,
    )


ISLAND = "Kuchinoshima"  # a place's name, as the board prints it


def headline(view: TonariView, names: Sequence[str] | None, language: str = ENGLISH) -> str:
    """The result first: "alice (A) wins with 31 points" (or who share it); "" before the end."""
    if view.turn is not None:
        return ""
    return hexboard.points_headline(view.winners, view.totals, names, language)


def score_words(view: TonariView, seat: int, language: str = ENGLISH) -> str:
    """How a seat's score adds up: "fish 10 + left neighbour C 6 = 16" (3-4 players), or
    "fish 10 = 10" with 2 players, where each scores only their own fish."""
    own = view.fish_values[seat]
    if view.players == 2:
        return said(T("fish {own} = {total}", own=own, total=view.totals[seat]), language)
    left = left_of(seat, view.players)
    text = T(
        "fish {own} + left neighbour {seat} {neighbour} = {total}",
        own=own,
        seat=SEAT_LETTERS[left],
        neighbour=view.fish_values[left],
        total=view.totals[seat],
    )
    return said(text, language)


def alt_text(
    view: TonariView, *, names: Sequence[str] | None = None, language: str = ENGLISH
) -> str:
    """The position in words (in ``language``): who acts and on what, each score, the boat
    and every token."""
    players = TN("{game}, {count} player", "{game}, {count} players", view.players, game="Tonari")
    parts = [said(players, language)]
    parts += hexboard.alt_turn(
        view.turn, headline(view, names, language), view.note, view.pending, names, language
    )
    parts.append(season_label(view, language))
    for seat in range(view.players):
        held = hexboard.alt_pile(FISH, view.piles[seat], lambda t: _word(t, language), language)
        line = T(
            "{person}: {score}; holds {pile}",
            person=seat_label(seat, names, language=language),
            score=score_words(view, seat, language),
            pile=held or said(T("no fish"), language),
        )
        parts.append(said(line, language))
    away = said(T("The boat is not on the board yet"), language)
    parts += hexboard.alt_boat(view, names, away, language)
    tokens = hexboard.alt_places(view.tokens, view.labels, lambda token: _word(token, language))
    parts.append(said(T("Tokens: {tokens}", tokens=tokens or said(T("none"), language)), language))
    return clip_alt(sentences(*parts))


def season_label(view: TonariView, language: str = ENGLISH) -> str:
    """The In Season line of the panel and the alt text, from the rules' words for it (which
    never say "none yet" once the token has been collected, even when it was then discarded)."""
    return said(T("In Season: {season}", season=said(view.season_text, language)), language)


def _fitting(text: str, width: float, size: int) -> int:
    """``size``, or the largest smaller size (down to three quarters of it) at which ``text``
    fits ``width``: the longest In Season line, "none (token discarded or removed without
    effect)", is a little wider than the panel at the usual size."""
    least = round(size * 0.75)
    while size > least and text_width(text, size) > width:
        size -= 1
    return size


def _word(token: Token, language: str = ENGLISH) -> str:
    """A token's name in the alt text: the fish colour, or the skill's name."""
    return word(STYLE[token][2] if token in SKILL_TOKENS else FISH_WORDS[token], language)


@bounded(12 * MB)
def _background(
    rows: tuple[tuple[int, int, int], ...],
    islands: tuple[int, ...],
    s: float,
    size: tuple[int, int],
    players: int,
    left: float,
    language: str = ENGLISH,
) -> Image.Image:
    """The water with its labels and the legend: the same for every picture of a table size
    and language."""
    origin = (MARGIN * s, HEADER * s + MARGIN * s)
    image = hexboard.water_layer(rows, islands, s, origin, size).copy()
    entries = [
        (c, letters, word(name, language), t in SKILL_TOKENS)
        for t, (c, letters, name) in STYLE.items()
    ]
    top = HEADER * s + 8 * s + (34 + ROW * players + 6) * s
    note = said(T("Green ring: the boat may go there. Gold ring/arrow: the last move."), language)
    title = said(T("Legend (letters on tokens)"), language)
    hexboard.legend(image, title, entries, note, s, left, top, 240, 36)
    return image


def _panel(
    image: Image.Image,
    view: TonariView,
    names: Sequence[str] | None,
    s: float,
    left: float,
    top: float,
    language: str = ENGLISH,
) -> None:
    y = top
    season = view.season
    label = season_label(view, language)
    paste_text(image, (left, y), label, _fitting(label, (PANEL - 24) * s, round(20 * s)))
    y += 34 * s
    for seat in range(view.players):
        person = seat_label(seat, names, language=language)
        if view.last_seat == seat and view.boat is not None:
            person = said(T("{person}  (moved last)", person=person), language)
        lines = (person, score_words(view, seat, language))
        box = (PANEL * s - 24 * s, (ROW - 12) * s)
        hexboard.seat_row(image, seat, lines, view.turn == seat, s, left, y, box)
        x = left + 16 * s
        held = [(t, n) for t, n in zip(FISH, view.piles[seat], strict=True) if n]
        if not held:
            none = said(T("no fish yet"), language)
            paste_text(image, (x - 10 * s, y + 66 * s), none, round(17 * s), MUTED)
        for token, count in held:
            colour_t, letters, _ = STYLE[token]
            hexboard.chip(image, (x, y + 78 * s), s, colour_t, letters)
            tag = f"x{count}" + ("*2" if token == season else "")
            paste_text(image, (x + 19 * s, y + 69 * s), tag, round(17 * s))
            x += (62 if token != season else 80) * s
        y += ROW * s
