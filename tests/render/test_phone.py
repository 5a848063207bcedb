"""The phone-first picture (render/phone.py): what the next decision needs reads at chat size.

Every informative text of the posted picture (the title, who acts and on what, each player's
score, the coordinates of the board's region of the decision) is recorded as it is drawn, with
its font size and its glyphs' box in the final picture; at a phone's 380 px those must be at
least 9 px tall. Measured per game, player count, moment and layout (with or without the
region: each game's phone picture is one or the other depending on the position)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from cogs.pictures import board_png
from render.common import seat_label, text_width, to_png
from render.phone import CHAT_WIDTH, MIN_TEXT, PAD, drawn_texts
from rules.registry import GAMES
from tests.render.pictures import counts, moments, renderer
from tests.render.support import NAMES
from tests.support.nim import NimView
from tests.support.nim_cog import render_nim

KEYS = list(GAMES)
DRAWN_HALVED = {"tokan"}  # games whose phone picture draws its whole at half size directly


def looks_the_same(drawn: Image.Image, halved: Image.Image) -> bool:
    """Whether a picture drawn at half size is its full-size self halved, to the eye: on
    average within 1.5 of 255, and at most 1% of its pixels far off (the edge of a line drawn
    at half width, a pixel over)."""
    difference = ImageChops.difference(drawn.convert("RGB"), halved.convert("RGB")).convert("L")
    histogram = difference.histogram()
    pixels = drawn.width * drawn.height
    mean = sum(level * count for level, count in enumerate(histogram)) / pixels
    far = sum(histogram[65:]) / pixels
    return mean < 1.5 and far < 0.01


def phone_pictures(key: str):
    for players in counts(key):
        for moment, view in moments(key, players).items():
            image = renderer(key).render(view, names=NAMES[:players], layout="phone")
            yield players, moment, view, image


@pytest.mark.parametrize("key", KEYS)
def test_every_informative_text_is_at_least_9_px_tall_at_chat_width(key: str):
    kinds = set()
    for players, moment, _view, image in phone_pictures(key):
        texts = drawn_texts(image)
        where = {text.where for text in texts}
        kinds.add(frozenset(where))
        assert "status" in where, (players, moment)
        for text in texts:
            shown = text.at(image.width)
            assert shown >= MIN_TEXT, (players, moment, text, shown)
            # The glyphs as drawn: a word's box is most of its size, never a speck.
            assert text.height * CHAT_WIDTH / image.width >= 0.5 * MIN_TEXT, (text, moment)
    # The board's coordinates are among them when the board holds the decision: in the region
    # cut out at full size, or (on TOKAN's small board) in the whole picture at half size.
    assert any(kind & {"region", "whole"} for kind in kinds), kinds


@pytest.mark.parametrize("key", KEYS)
def test_the_status_names_who_acts_and_scores_every_player(key: str):
    for players, moment, _view, image in phone_pictures(key):
        status = " ".join(t.text for t in drawn_texts(image) if t.where == "status")
        for seat in range(players):
            label = seat_label(seat, NAMES, "red" if seat == 0 else "black")
            plain = seat_label(seat, NAMES)
            assert plain[:12] in status or label[:12] in status, (moment, plain, status)
        if moment != "end":
            assert "act" in status.lower() or "to move" in status.lower(), status


@pytest.mark.parametrize("key", KEYS)
def test_the_whole_picture_is_in_the_phone_picture_at_half_size(key: str):
    view = moments(key, counts(key)[-1])["middle"]
    module = renderer(key)
    desktop = module.render(view, names=NAMES)
    phone = module.render(view, names=NAMES, layout="phone")
    assert phone.width == -(-desktop.width // 2) and desktop.width > 1000
    half = desktop.reduce(2)
    bottom = phone.crop((0, phone.height - half.height, phone.width, phone.height))
    if key in DRAWN_HALVED:
        # Drawn at half size directly (render/halved.py): the same picture to the eye.
        assert bottom.size == half.size
        assert looks_the_same(bottom, half), key
    else:
        assert ImageChops.difference(bottom, half).getbbox() is None
    # At chat width the desktop picture's coordinates would be too small: that is the point.
    assert module.render(view, names=NAMES).size == desktop.size


@pytest.mark.parametrize("key", ["tonga", "tonari", "fishing", "toshi"])
def test_the_region_is_cut_where_the_decision_is(key: str):
    view = moments(key, counts(key)[-1])["middle"]
    image = renderer(key).render(view, names=NAMES, layout="phone")
    region = [t.text for t in drawn_texts(image) if t.where == "region"]
    assert region, "a position in mid-game has a region with coordinates"


def test_the_posted_picture_is_the_phone_one_and_other_renderers_are_left_alone():
    key = "tonari"
    view = moments(key, 3)["middle"]
    module = renderer(key)
    posted = Image.open(io.BytesIO(board_png(key, module.render, view, NAMES[:3], layout="phone")))
    assert posted.width == -(-module.render(view, names=NAMES[:3]).width // 2)
    # A renderer without layouts (a test game's) is called as before.
    nim = NimView(pile=3, turn=0, my_secret=None)
    assert Image.open(io.BytesIO(board_png("nim", render_nim, nim, None, layout="phone"))).size == (
        240,
        80,
    )


def test_phone_pictures_are_small_enough_to_post():
    for key in KEYS:
        view = moments(key, counts(key)[-1])["middle"]
        png = to_png(renderer(key).render(view, names=NAMES, layout="phone"))
        assert len(png) < 500 * 1024
        assert Image.open(io.BytesIO(png)).mode == "P"


def test_the_hand_reads_at_chat_width_in_rows_of_six_cards():
    from render.toshi import HAND_ROW, render_hand

    for players in counts("toshi"):
        game = GAMES["toshi"]
        state = game.setup(players, game.spec.resolve_options({}), 1)
        view = game.view(state, 0)
        image = render_hand(view, names=NAMES)
        texts = drawn_texts(image)
        assert len(view.hand) > HAND_ROW and image.width <= 720
        assert {str(card) for card in view.hand} <= {t.text for t in texts}
        for text in texts:
            assert text.at(image.width) >= MIN_TEXT, text


@pytest.mark.parametrize("key", KEYS)
def test_every_status_line_fits_in_the_picture(key: str):
    """A status line is drawn in one font, the fallback one when a name needs it (Cyrillic,
    CJK): the line, measured whole in that font, stays inside the picture, never cut at its
    right edge ("sail a route (e.g. g")."""
    for players, moment, _view, image in phone_pictures(key):
        for text in drawn_texts(image):
            if text.where == "status":
                wide = text_width(text.text, round(text.size))
                assert PAD + wide <= image.width, (players, moment, text.text, wide, image.width)
