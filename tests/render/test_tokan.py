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


# -- issue 11: readable at a glance ----------------------------------------------------------------
def test_the_key_says_how_far_each_animal_moves_and_carries():
    from render.tokan import key_text

    assert key_text("mouse") == "mouse: moves 1, carries none"
    assert key_text("jackal") == "jackal: moves 2, carries up to 1"
    assert key_text("lion") == "lion: moves 3, carries up to 2"


def test_the_last_move_arrow_never_covers_a_tile_or_a_stack_column():
    """Every move a rule allows (1 to 3 spaces along a row or column), against every space's
    tiles and chip column at every height: the arrow runs in lanes they leave free."""
    from render.tokan import (
        ARROW_WIDTH,
        ARROW_WING,
        COLUMNS,
        ROWS,
        arrow_points,
        strip_area,
        tile_area,
    )

    def overlaps(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    half = max(ARROW_WING, ARROW_WIDTH / 2 + 2, 8) + 1
    for origin in range(ROWS * COLUMNS):
        row, column = divmod(origin, COLUMNS)
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            for distance in (1, 2, 3):
                r, c = row + dr * distance, column + dc * distance
                if not (0 <= r < ROWS and 0 <= c < COLUMNS):
                    continue
                points = arrow_points(origin, r * COLUMNS + c, 1.0)
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                box = (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
                for cell in range(ROWS * COLUMNS):
                    for height in (1, 2, 4, 8):
                        assert not overlaps(box, tile_area(cell, height, 1.0)), (origin, cell)
                        if height > 1:
                            assert not overlaps(box, strip_area(cell, height, 1.0))


def test_stack_chips_are_large_and_run_from_the_bottom_tile_up():
    """Chips keep 32 px up to four tiles and stay readable for tall stacks; in the column the
    bottom tile is the lowest chip (here red under black, so red below black)."""
    from render.tokan import CHIP, RED, STRIP_BOTTOM, STRIP_X, _cell_box, chip_size

    assert chip_size(2, 1.0) == chip_size(4, 1.0) == CHIP == 32
    assert chip_size(7, 1.0) >= 18
    two = position(
        """
        RM+BJ  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    image = render(GAME.view(two, None)).convert("RGB")
    x0, y0, _, _ = _cell_box(24, 1.0)  # a5: the top-left space
    x = round(x0 + STRIP_X - CHIP * 0.3)  # beside the chip's letter
    lower = image.getpixel((x, round(y0 + STRIP_BOTTOM - CHIP / 2)))
    upper = image.getpixel((x, round(y0 + STRIP_BOTTOM - 1.5 * CHIP)))
    assert lower == RED
    assert sum(upper) < 200  # black


def test_pictures_and_alt_text_name_the_people_in_their_colours():
    from render.tokan import alt_text
    from tests.render.support import NAMES, check_alt

    view = GAME.view(STATES["mid"], None)
    assert render(view, names=NAMES).tobytes() != render(view).tobytes()
    alt = alt_text(view, names=NAMES)
    check_alt(alt)
    assert "alice (red)" in alt and "Bartholomew-Maxi" in alt and "Seat 1" not in alt
    assert "Seat 1 (red)" in alt_text(view)  # without names, as today
    end = alt_text(GAME.view(STATES["end"], None), names=NAMES)
    check_alt(end)
    assert end.count("Game over") == 1 and "wins" in end


def test_alt_text_of_a_full_board_stays_within_the_limit():
    from render.tokan import alt_text
    from tests.render.support import NAMES, check_alt

    alt = alt_text(GAME.view(STATES["start"], None), names=NAMES)
    check_alt(alt)
    assert "a1 " in alt and "f5 " in alt  # every stack is listed
