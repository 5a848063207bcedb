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


# -- issue 11: readable at a glance ----------------------------------------------------------------
def test_the_panel_explains_each_score_with_the_left_neighbour():
    from render.tonari import score_words

    view = GAME.view(played(4, 14), None)
    for seat in range(4):
        left = (seat + 1) % 4
        words = score_words(view, seat)
        assert words == (
            f"fish {view.fish_values[seat]} + left neighbour {'ABCD'[left]} "
            f"{view.fish_values[left]} = {view.totals[seat]}"
        )
        assert view.fish_values[seat] + view.fish_values[left] == view.totals[seat]
    two = GAME.view(played(2, 9), None)
    assert score_words(two, 0) == f"fish {two.fish_values[0]} = {two.totals[0]}"


def test_the_last_move_arrow_is_drawn_over_the_boat():
    """The arrow is drawn after the boat: its gold shows along its whole length, tip included,
    even where it crosses the boat."""
    from render import hexboard
    from render.common import HIGHLIGHT
    from render.tonari import HEADER, MARGIN

    state = played(3, 6)
    view = GAME.view(state, None)
    first, last = view.last_hexes
    assert first != last and last == view.boat
    centres = hexboard.centres(view.rows, 1.0, (MARGIN, HEADER + MARGIN))
    base, tip = hexboard.arrow_ends(centres[first], centres[last], 1.0)
    image = render(view).convert("RGB")
    length = ((tip[0] - base[0]) ** 2 + (tip[1] - base[1]) ** 2) ** 0.5
    for back in (length * 0.7, length * 0.4, 7):  # along the shaft, then inside the head
        x = tip[0] - (tip[0] - base[0]) * back / length
        y = tip[1] - (tip[1] - base[1]) * back / length
        assert image.getpixel((round(x), round(y))) == HIGHLIGHT, back


def test_no_boat_position_hides_the_island_name():
    from PIL import Image, ImageDraw

    from render import hexboard
    from render.tonari import HEADER, ISLAND, MARGIN

    view = GAME.view(played(3, 6), None)
    centres = hexboard.centres(view.rows, 1.0, (MARGIN, HEADER + MARGIN))
    scratch = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    label = hexboard.island_label(scratch, centres, view.islands, ISLAND, 1.0, below=True)
    for index, centre in enumerate(centres):
        if index in view.islands:
            continue
        box = hexboard.boat_box(centre, 1.0)
        clear = box[2] <= label[0] or label[2] <= box[0] or box[3] <= label[1]
        assert clear or label[3] <= box[1], view.labels[index]


def test_the_header_has_no_backticks_and_names_who_acts():
    from render import hexboard
    from tests.render.support import NAMES

    state = played(4, 3)
    view = GAME.view(state, None)
    assert "`" in GAME.pending(state)  # the chat text marks commands...
    title, text = hexboard.header_texts(
        "Tonari", view.turn, view.winners, view.pending, view.note, NAMES
    )
    assert "`" not in title + text  # ...the picture does not
    assert title.startswith("Tonari - ") and title.endswith("to act") and "Seat" not in text


def test_alt_text_names_players_scores_and_tokens():
    from render.tonari import alt_text
    from tests.render.support import NAMES, check_alt, named

    for name, make_state in POSITIONS.items():
        view = GAME.view(make_state(), None)
        alt = alt_text(view, names=NAMES)
        check_alt(alt)
        named(alt, view.players)
        assert "left neighbour" in alt or view.players == 2, name
    end = alt_text(GAME.view(played(4, 500), None), names=NAMES)
    assert "Game over, " in end and " points" in end and "to act" not in end


def test_in_season_collected_and_discarded_never_reads_none_yet(monkeypatch):
    """In Season collected with no set colour collected is discarded with no effect: from then
    on, to the end, neither the picture nor the alt text may say "none yet" (it will never
    come); both say what the rules' ``season_text`` says, and the line fits the panel."""
    from render import tonari
    from render.common import text_width
    from render.tonari import PANEL, alt_text, season_label
    from tests.rules.test_tonari import play

    start = make({"c4": T.ORANGE, "b4": T.SEASON, "a4": T.RED}, players=2)
    assert season_label(GAME.view(start, None)) == "In Season: none yet"  # still on the board
    mid = play(start, "c4", "b4")  # move 1 catches an Orange; move 2 collects In Season
    assert "In Season is discarded with no effect" in mid.note
    end = play(mid, "a4")
    assert end.phase is Phase.OVER
    drawn: list[tuple[str, int]] = []
    monkeypatch.setattr(
        tonari, "paste_text", lambda image, at, text, size, *a: drawn.append((text, size))
    )
    for state in (mid, end):
        view = GAME.view(state, None)
        drawn.clear()
        render(view)
        season = [(text, size) for text, size in drawn if text.startswith("In Season")]
        assert season == [(season_label(view), season[0][1])]
        text, size = season[0]
        assert text == "In Season: none (token discarded or removed without effect)"
        assert text_width(text, size) <= PANEL - 24 and size >= 15
        assert not any("none yet" in text for text, _ in drawn)
        alt = alt_text(view)
        assert "In Season: none (token discarded or removed without effect)" in alt
        assert "none yet" not in alt
