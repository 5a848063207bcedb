"""The desktop picture drawn at half size (render/halved.py): the same picture to the eye,
cached apart from pictures drawn at a plain scale 0.5."""

from __future__ import annotations

import pickle

from PIL import Image, ImageDraw

from render import tokan
from render.halved import HALF, halve, is_half, text_size
from rules.registry import GAMES
from tests.render.pictures import moments
from tests.render.support import NAMES
from tests.render.test_phone import looks_the_same

GAME = GAMES["tokan"]


def test_half_is_a_half_in_arithmetic_but_a_scale_of_its_own():
    assert HALF * 170 == 85.0 and is_half(HALF) and not is_half(0.5)
    assert HALF != 0.5 and not 0.5 == HALF and HALF == HALF  # noqa: SIM201, SIM300
    assert len({HALF, 0.5}) == 2  # a cache keyed by scale keeps them apart
    assert pickle.loads(pickle.dumps(HALF)) is not None
    assert is_half(pickle.loads(pickle.dumps(HALF)))  # it travels to a picture worker


def test_a_text_is_drawn_at_half_its_size_with_no_floor():
    assert [text_size(size) for size in (30, 28, 22, 21, 19, 18)] == [15, 14, 11, 11, 10, 9]
    # A plain scale 0.5 keeps the renderer's floor of 16 px.
    assert tokan._px(22, 0.5) == 16 and tokan._px(22, HALF) == 11


def test_a_sprite_is_halved_without_darkening_its_edges():
    sprite = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).ellipse((3, 3, 36, 36), fill=(200, 40, 40, 255))
    small = halve(sprite)
    assert small.size == (20, 20) and small.mode == "RGBA"
    for x in range(20):
        for y in range(20):
            red, green, blue, alpha = small.getpixel((x, y))
            if alpha:  # an edge pixel is partly transparent, never a darker red
                assert abs(red - 200) <= 1 and abs(green - 40) <= 1, (x, y, red, green, blue)


def test_the_tokan_whole_drawn_halved_is_the_desktop_picture_halved_to_the_eye():
    for players in (2,):
        for moment, view in moments("tokan", players).items():
            desktop = tokan.render(view, names=NAMES[:players])
            drawn = tokan.render(view, names=NAMES[:players], scale=HALF)
            assert drawn.size == desktop.reduce(2).size, moment
            assert looks_the_same(drawn, desktop.reduce(2)), moment


def test_a_picture_at_scale_half_keeps_its_texts_floor():
    """A replay draws at 0.5 with texts of 16 px at least: never the halved picture's sprites."""
    view = GAME.view(GAME.setup(2, GAME.spec.resolve_options({}), 4), None)
    halved = tokan.render(view, scale=HALF)
    plain = tokan.render(view, scale=0.5)
    assert halved.size == plain.size
    assert halved.tobytes() != plain.tobytes()
    assert tokan.render(view, scale=0.5).tobytes() == plain.tobytes()
