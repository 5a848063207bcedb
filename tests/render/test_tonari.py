"""Tonari pictures: every kind of position renders quickly, at a phone-friendly size, small PNG."""

from __future__ import annotations

import time

import pytest

from render.common import to_png
from render.tonari import render
from rules import rng
from rules.tonari import Phase, Token, Tonari, TonariState
from tests.rules.test_tonari import make, pile

GAME = Tonari()
T = Token


def played(players: int, steps: int, seed: int = 4) -> TonariState:
    state = GAME.setup(players, {}, seed)
    draw = rng.stream(seed, "render")
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.playout_move(state, seat, draw))
    return state


def skill_pending(token: Token) -> TonariState:
    piles = (pile(red=2, orange=1), pile(blue=1, purple=1), pile(green=3, pink=1))
    state = make({"c4": token, "a1": T.RED, "b4": T.PINK, "e7": T.YELLOW}, piles=piles)
    return GAME.apply(state, 0, GAME.parse(state, "c4"))


POSITIONS = {
    "start": lambda: GAME.setup(4, {}, 1),
    "first move": lambda: played(3, 1),
    "mid-game": lambda: played(4, 14),
    "two players": lambda: played(2, 9),
    "end": lambda: played(4, 500),
    "sense": lambda: skill_pending(T.SENSE),
    "rough": lambda: skill_pending(T.ROUGH),
    "scare": lambda: skill_pending(T.SCARE),
    "season": lambda: skill_pending(T.SEASON),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_position_renders_small_and_fast(name):
    state = POSITIONS[name]()
    view = GAME.view(state, None)
    render(view)  # warm the cached background
    start = time.perf_counter()
    image = render(view)
    elapsed = time.perf_counter() - start
    assert 1000 <= image.width <= 1400 and 600 <= image.height <= 1000
    assert len(to_png(image)) <= 500_000
    assert elapsed < 0.25  # the target is 50 ms; leave room for slow CI machines


def test_the_pending_skill_and_the_end_are_in_the_view():
    assert skill_pending(T.SENSE).phase is Phase.SENSE
    assert "Sense the Schools" in GAME.view(skill_pending(T.SENSE), None).pending
    end = GAME.view(played(3, 500), None)
    assert end.turn is None and end.winners


def test_scale_grows_the_picture():
    view = GAME.view(played(3, 5), None)
    assert render(view, scale=1.5).width > render(view).width * 1.4
