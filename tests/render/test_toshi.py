"""Toshi Tōshi pictures: real positions of every decision kind render in time and size."""

from __future__ import annotations

import dataclasses
import time

import pytest

from render.common import to_png
from render.toshi import render, render_hand
from rules import rng
from rules.toshi import ToshiToshi
from rules.toshi.model import Phase, ToshiState

GAME = ToshiToshi()
MAX_PNG = 500 * 1024


def positions(players: int, variant: str, seed: int) -> list[ToshiState]:
    state = GAME.setup(players, {"variant": variant}, seed)
    draw = rng.stream(seed, "render")
    out = [state]
    while GAME.outcome(state) is None:
        seats = GAME.to_act(state)
        seat = seats[rng.below(draw, len(seats))]
        state = GAME.apply(state, seat, GAME.playout_move(state, seat, draw))
        out.append(state)
    return out


def one_per_phase(players: int, variant: str) -> dict[Phase, ToshiState]:
    found: dict[Phase, ToshiState] = {}
    for seed in range(6):
        for state in positions(players, variant, seed):
            found.setdefault(state.phase, state)
    return found


@pytest.mark.parametrize(("players", "variant"), [(3, "standard"), (5, "specialisation")])
def test_every_decision_kind_renders_for_public_and_owner(players: int, variant: str):
    found = one_per_phase(players, variant)
    expected = {Phase.TRICK, Phase.NATURE, Phase.BUILD, Phase.INFLUENCE, Phase.OVER}
    if variant == "specialisation":
        expected |= {Phase.SECOND, Phase.PAWN, Phase.SPECIALISE}
        # Random play rarely leaves the Influenstar's owed token to the very end: set it up.
        base = found[Phase.INFLUENCE]
        influenstar = base.specs.index("Influenstar")
        found[Phase.OWED] = dataclasses.replace(base, phase=Phase.OWED, owed=influenstar)
    assert expected <= set(found)
    for state in found.values():
        for viewer in (None, 0):
            view = GAME.view(state, viewer)
            image = render(view)
            assert 1000 <= image.width <= 1500 and 600 <= image.height <= 1700
            assert len(to_png(image)) < MAX_PNG


def test_render_is_fast_once_warm():
    states = positions(5, "standard", 2)
    render(GAME.view(states[60], None))
    view = GAME.view(states[90], None)
    start = time.perf_counter()
    render(view)
    assert time.perf_counter() - start < 0.25  # target 50 ms; loose for busy test machines


def test_public_view_renders_without_secrets_and_hand_picture_needs_the_owner():
    state = positions(4, "standard", 1)[70]
    public = GAME.view(state, None)
    assert public.hand == () and public.my_face_down == ()
    assert render(public).width > 0
    owner = GAME.view(state, state.winner if state.winner >= 0 else 0)
    hand = render_hand(owner)
    assert hand.width >= 700 and len(to_png(hand)) < MAX_PNG
    assert render_hand(public).width >= 700  # says hands are private


def test_scale_changes_the_picture_size():
    view = GAME.view(positions(3, "standard", 0)[0], None)
    assert render(view, scale=0.5).width < render(view).width
