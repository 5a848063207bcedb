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


# -- issue 11: readable at a glance ----------------------------------------------------------------
def test_every_island_is_named_once_and_hex_labels_are_large(monkeypatch):
    import render.tonga as tonga
    from rules.tonga.map import ISLANDS

    drawn: list[tuple[str, int]] = []
    monkeypatch.setattr(
        tonga, "_text", lambda image, at, text, size, *a, **k: drawn.append((text, size))
    )
    tonga._chart.__wrapped__()  # the static chart, drawn afresh
    texts = [text.lower() for text, _ in drawn]
    for island in ISLANDS:
        name = island.name.lower()
        keyed = texts.count(island.key) if island.key != name else 0
        assert texts.count(name) + keyed == 1, island.name
    labels = [size for text, size in drawn if text == "h5"]
    assert labels == [tonga.HEX_LABEL] and tonga.HEX_LABEL >= 19


def test_ships_never_cover_a_hex_label():
    """Up to four ships on any space (a harbour spreads them over its hexes), against the label
    of every sea hex: ships keep to the hexes' lower half."""
    from render.tonga import HEX_LABEL, SHIP_R, _stamp, label_centre, ship_centre
    from rules.tonga.map import HARBOURS, SPACE_HEXES, SPACE_NAMES

    boxes = []
    for space in range(HARBOURS, len(SPACE_HEXES)):
        tile = _stamp(SPACE_NAMES[space], HEX_LABEL, (0, 0, 0), None)
        x, y = label_centre(SPACE_HEXES[space][0])
        boxes.append(
            (x - tile.width / 2, y - tile.height / 2, x + tile.width / 2, y + tile.height / 2)
        )
    for space in range(len(SPACE_HEXES)):
        for sharing in range(1, 5):
            for k in range(sharing):
                x, y = ship_centre(space, k, sharing)
                ship = (x - SHIP_R, y - SHIP_R, x + SHIP_R, y + SHIP_R)
                for box in boxes:
                    apart = ship[2] <= box[0] or box[2] <= ship[0] or ship[3] <= box[1]
                    assert apart or box[3] <= ship[1], (space, sharing, k)


def test_the_money_table_has_room_between_rows_and_the_end_reads_game_over(monkeypatch):
    from PIL import ImageDraw

    import render.tonga as tonga
    from render.tonga import RESULT_ROW, _draw_panel

    assert RESULT_ROW >= 22
    end = GAME.view(positions(4, seed=1)["end"], None)
    drawn: list[str] = []
    image = render(end)
    monkeypatch.setattr(tonga, "_text", lambda image, at, text, *a, **k: drawn.append(text))
    _draw_panel(image, ImageDraw.Draw(image), end, None)
    assert "Game over" in drawn and not any("nobody" in text for text in drawn)


def test_alt_text_names_players_money_ships_and_the_end():
    from render.tonga import alt_text
    from tests.render.support import NAMES, check_alt, named

    shots = positions(4, seed=4)
    for kind, state in shots.items():
        view = GAME.view(state, None)
        alt = alt_text(view, names=NAMES)
        check_alt(alt)
        named(alt, 4)
        assert " coins" in alt and "ship at" in alt, kind
    end = alt_text(GAME.view(shots["end"], None), names=NAMES)
    assert "Game over, winner" in end and "to act" not in end
