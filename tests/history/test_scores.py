"""The score breakdown chart (stacked bars per player, losses left of zero) and the rating
chart (a line per player), read back from their pixels."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from PIL import Image

from render.common import BACKGROUND
from render.scores import (
    BAR_H,
    LINE_COLOURS,
    MARGIN,
    NAME_W,
    TITLE,
    TOTAL_W,
    WIDTH,
    breakdown_chart,
    category,
    rating_chart,
)
from rules.base import Outcome, ScoreLine, SeatScore
from rules.registry import GAMES
from tests.history.support import playout

TOP = MARGIN + TITLE + 16
LEFT, RIGHT = MARGIN + NAME_W, WIDTH - MARGIN - TOTAL_W


def test_categories_drop_the_counts_of_each_line() -> None:
    assert category("Towers 6+4+2+2+2") == "Towers"
    assert category("Red x2 (3, doubled by Double Points)") == "Red"
    assert category("Orange x1 (the most)") == "Orange"
    assert category("Buildings B1 G2 G8 Y10") == "Buildings"
    assert category("Parks+Monument majority (4 gained)") == "Parks+Monument majority"
    assert category("Seat 2's fish (left neighbour)") == category(
        "Seat 5's fishing score (left neighbour)"
    )
    assert category("wages paid") == "Wages paid"


def bar_row(image: Image.Image, row: int) -> list[tuple[int, int, int]]:
    y = TOP + row * (BAR_H + 34) + BAR_H // 2 - 12  # above the centred label
    return [image.getpixel((x, y)) for x in range(LEFT, RIGHT)]  # type: ignore[misc]


def test_gains_go_right_of_zero_and_losses_left() -> None:
    outcome = Outcome(
        scores=(
            SeatScore(0, 30, (ScoreLine("Camps", 40), ScoreLine("wages paid", -10))),
            SeatScore(1, 20, (ScoreLine("Camps", 20),)),
        ),
        winners=(0,),
        reason="test",
    )
    image = breakdown_chart(outcome, ["Alice", "Bob"])
    assert image.width == WIDTH
    # The axis runs from -10 to 40: zero lies at a fifth of the bar area.
    zero = LEFT + (RIGHT - LEFT) // 5
    alice, bob = bar_row(image, 0), bar_row(image, 1)
    assert alice[zero - LEFT - 20] != BACKGROUND  # Alice's loss, left of zero
    assert bob[zero - LEFT - 20] == BACKGROUND  # Bob lost nothing
    assert alice[RIGHT - LEFT - 10] != BACKGROUND  # Alice's 40 reaches the end
    assert bob[RIGHT - LEFT - 10] == BACKGROUND  # Bob's 20 stops halfway
    assert bob[(zero - LEFT + RIGHT - LEFT) // 2 - 10] != BACKGROUND


def test_every_game_s_final_breakdown_draws() -> None:
    for key, game in GAMES.items():
        players = game.spec.max_players
        played = playout(game, players, seed=2)
        outcome = game.outcome(played.final)
        assert outcome is not None
        names = [f"Player {i + 1}" for i in range(players)]
        image = breakdown_chart(outcome, names)
        assert image.width == WIDTH
        assert image.height > TOP + players * (BAR_H + 34), key
        for row, score in enumerate(outcome.scores):
            if any(line.points for line in score.breakdown):
                assert set(bar_row(image, row)) != {BACKGROUND}, (key, row)


def colours_of(image: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.getcolors(maxcolors=1 << 20) or []}


def test_rating_chart_draws_a_line_per_player() -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    series = {
        "1": [(start + timedelta(days=i), 10.0 + i) for i in range(10)],
        "2": [(start + timedelta(days=i), 5.0 - i) for i in range(0, 10, 2)],
    }
    image = rating_chart(series, {"1": "Alice", "2": "Bob"})
    colours = colours_of(image)
    assert LINE_COLOURS[0] in colours and LINE_COLOURS[1] in colours
    by_number = rating_chart({"x": [(1, 0.0), (2, 1.5), (3, -2.0)]})
    assert LINE_COLOURS[0] in colours_of(by_number)


def test_rating_chart_without_matches_says_so() -> None:
    image = rating_chart({})
    assert image.width == WIDTH
    assert not set(LINE_COLOURS) & colours_of(image)
