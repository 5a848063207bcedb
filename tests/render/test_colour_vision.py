"""Colours that matter stay apart under the three common colour-vision deficiencies (issue 24,
item 4): per game, the smallest CAM02-UCS distance between any two seat or tile colours a
decision depends on, simulated with colorspacious; and colour is never the only cue."""

from __future__ import annotations

import pytest

from render import common, tokan
from tests.render.colour_vision import BEFORE, VISIONS, closest, current
from tests.render.pictures import moments, renderer
from tests.render.support import NAMES

FLOOR = 12.0  # CAM02-UCS: clearly different side by side (before: as little as 2.6)


@pytest.mark.parametrize("game", list(BEFORE))
def test_the_colours_a_decision_depends_on_stay_apart_in_every_vision(game: str):
    colours = current()[game]
    assert set(colours) == set(BEFORE[game]) or game == "tonga"
    worst_before = min(closest(BEFORE[game], vision)[0] for vision in VISIONS)
    for vision in VISIONS:
        after, a, b = closest(colours, vision)
        # Never closer than the worst case was (some pairs gave up slack they had in one
        # vision, e.g. Tonga Bonga's seats with normal vision 43 -> 40, to gain in another).
        assert after >= worst_before - 0.05, (game, vision, worst_before, after, a, b)
        assert after >= FLOOR, (game, vision, after, a, b)


def test_seats_are_told_by_letter_or_shape_not_by_colour():
    # Seat colours (Tonga Bonga's ships, camps and dice) are drawn with the seat's letter; in
    # TOKAN red tiles are discs and black ones squares, and the sides are named in words.
    assert len(set(common.SEAT_LETTERS[:5])) == 5
    view = moments("tokan", 2)["middle"]
    image = renderer("tokan").render(view, names=NAMES)
    assert tokan.RED != tokan.BLACK and image.size[0] > 1000
    for key in ("tonga", "tonari", "fishing", "toshi", "tokan"):
        alt = renderer(key).alt_text(moments(key, 3 if key != "tokan" else 2)["middle"])
        assert "(A)" in alt or "(red)" in alt  # people by letter or side, never by colour
