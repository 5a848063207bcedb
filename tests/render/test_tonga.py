"""The Tonga Bonga picture: real positions of every step and decision render within bounds."""

from __future__ import annotations

import time

import pytest
from PIL import Image

from render.common import to_png
from render.tonga import HEIGHT, WIDTH, render
from rules import rng
from rules.tonga import TongaBonga
from rules.tonga.state import Phase, TongaState, decisions

GAME = TongaBonga()
MAX_PNG = 500 * 1024


def positions(players: int, seed: int) -> dict[str, TongaState]:
    """A played game's first position of each kind: every step and pending decision."""
    state = GAME.setup(players, {}, seed)
    draw = rng.stream(seed, "render")
    found = {"start": state}
    # The policy plays whole routes and placements; their decisions one by one pass through
    # every kind of position (a pending camp, a ship passing another...).
    steps = []
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        for decision in decisions(GAME.playout_move(state, seat, draw)):
            state = GAME.apply(state, seat, decision)
            steps.append(state)
    for state in steps:
        kind = state.phase.value
        if state.phase is Phase.NAVIGATION:
            kind = "camp" if state.may_camp else "passing" if state.passing else kind
            if len(state.path) > 2:
                found.setdefault("route", state)
        if state.ending:
            found.setdefault("last round", state)
        if state.round >= 2 and state.camps != ((),) * 6:
            found.setdefault(f"{kind} later", state)
        found.setdefault(kind, state)
    found["end"] = state
    return found


@pytest.mark.parametrize("players", [3, 4])
def test_every_kind_of_position_renders_within_bounds(players: int):
    shots = positions(players, seed=players)
    for kind in ("start", "wages", "crew", "navigation", "camp", "route", "end"):
        assert kind in shots, kind
    for kind, state in shots.items():
        image = render(GAME.view(state, None))
        assert isinstance(image, Image.Image), kind
        assert image.size == (WIDTH, HEIGHT)
        assert 1000 <= image.width <= 1400
        png = to_png(image)
        assert len(png) <= MAX_PNG, (kind, len(png))


def test_render_is_fast_with_the_cached_chart():
    view = GAME.view(positions(4, seed=7)["route"], None)
    render(view)  # warm the cached chart and text stamps
    began = time.perf_counter()
    for _ in range(5):
        render(view)
    assert (time.perf_counter() - began) / 5 < 0.1  # ~15 ms measured; generous on slow CI


def test_the_picture_differs_when_ships_move_and_scales():
    shots = positions(4, seed=2)
    start = render(GAME.view(shots["start"], None))
    later = render(GAME.view(shots["route"], None))
    assert start.tobytes() != later.tobytes()
    small = render(GAME.view(shots["start"], None), scale=0.5)
    assert small.size == (round(WIDTH * 0.5), round(HEIGHT * 0.5))


def test_a_view_for_any_seat_renders_the_same_open_board():
    state = positions(3, seed=5)["crew"]
    public = render(GAME.view(state, None)).tobytes()
    assert render(GAME.view(state, 1)).tobytes() == public


def test_literal_decisions_render_passing_camping_and_all_seasick():
    """The rarer decisions, built directly: passing through a ship, camping with no points left,
    and a crew turn with only seasick dice (keep or reroll)."""
    from tests.rules.test_tonga_support import crew_step, navigation, play

    passing = play(navigation(at="g7", mp=4, others={1: "h7"}), "go h7")
    camping = play(navigation(at="m3", mp=1), "go cocoa")
    seasick = crew_step(seat=0, roll=(6, 6, 6))
    for state in (passing, camping, seasick):
        view = GAME.view(state, None)
        assert view.pending and view.acting == (0,)
        image = render(view)
        assert image.size == (WIDTH, HEIGHT)
        assert len(to_png(image)) <= MAX_PNG
    assert "must sail on" in GAME.view(passing, None).pending
    assert "`camp` on Cocoa" in GAME.view(camping, None).pending
    assert "`keep`" in GAME.view(seasick, None).pending


def test_the_roll_note_offers_a_reroll_only_before_the_first_die_is_placed():
    """games.md PROPOSAL 3: rerolls are "allowed only in your own Crew Placement turn, before
    placing", so the picture stops quoting the reroll cost once a die is on a ship."""
    from render.tonga import roll_note
    from tests.rules.test_tonga_support import crew_step, play

    fresh = crew_step(seat=0, roll=(5, 3, 6))
    assert roll_note(GAME.view(fresh, None)) == "s = seasick; a reroll costs 2"
    placed = play(fresh, "place 5 on B")
    assert roll_note(GAME.view(placed, None)) == "s = seasick; no reroll once a die is placed"
