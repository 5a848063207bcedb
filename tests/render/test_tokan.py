"""The TOKAN picture renders every kind of position within its size and time budget."""

from __future__ import annotations

import time

import pytest
from PIL import Image

from render.common import to_png
from render.tokan import render
from rules.tokan import Tokan
from rules.tokan.diagram import position

GAME = Tokan()
MAX_PNG = 500 * 1024


def _states():
    start = GAME.setup(2, {}, 3)
    mid = start
    for i in range(8):
        legal = GAME.legal_moves(mid, mid.turn)
        mid = GAME.apply(mid, mid.turn, legal[(i * 7) % len(legal)])
    end = mid
    while not end.over:
        end = GAME.apply(end, end.turn, GAME.legal_moves(end, end.turn)[0])
    heads = GAME.setup(2, {"scoring": "every-head-counts"}, 8)
    heads = GAME.apply(heads, 0, GAME.legal_moves(heads, 0)[-1])
    tall = position(
        """
        BM+RM+BJ+RJ+BL+RL+BM+RM+BJ+RJ+BL+RL  .  RL  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    return {"start": start, "mid": mid, "end": end, "heads": heads, "tall": tall}


STATES = _states()


@pytest.mark.parametrize("name", list(STATES))
def test_renders_within_budget(name: str):
    view = GAME.view(STATES[name], None)
    image = render(view)
    assert isinstance(image, Image.Image)
    assert 1000 <= image.width <= 1400 and image.height <= 1400
    assert len(to_png(image)) <= MAX_PNG


def test_render_is_fast_enough():
    view = GAME.view(STATES["mid"], None)
    render(view)  # warm the caches (background, sprites, fonts)
    began = time.perf_counter()
    for _ in range(5):
        render(view)
    assert (time.perf_counter() - began) / 5 < 0.15  # target 50 ms; lenient on slow CI


def test_the_picture_changes_with_the_position():
    first = render(GAME.view(STATES["start"], None)).tobytes()
    later = render(GAME.view(STATES["mid"], None)).tobytes()
    assert first != later


def test_render_is_a_pure_function_of_the_view():
    view = GAME.view(STATES["end"], None)
    assert render(view).tobytes() == render(view).tobytes()


def test_scale_changes_the_size():
    view = GAME.view(STATES["start"], None)
    assert render(view, scale=0.5).width < render(view).width


def test_the_taboo_and_last_move_are_drawn():
    """The landing space (taboo) gets its magenta ring, which a fresh board does not have."""
    state = STATES["mid"]
    view = GAME.view(state, None)
    assert view.taboo is not None
    image = render(view).convert("RGB")
    magenta = (170, 20, 150)
    assert magenta in _colours(image)
    start = render(GAME.view(STATES["start"], None)).convert("RGB")
    assert magenta not in _colours(start)


def _colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.getcolors(maxcolors=image.width * image.height)}
