"""The alt-text parts Tonari and Friendly Fishing share (render/hexboard.py)."""

from __future__ import annotations

from types import SimpleNamespace

from render import hexboard
from rules.fishing.data import Tile
from rules.tonari import Token
from tests.render.support import NAMES

LABELS = ("a1", "b1", "c1", "d1")


def test_points_headline_names_the_winners_or_nobody():
    one = hexboard.points_headline((1,), (10, 31), NAMES)
    assert one == "Bartholomew-Maxi… (B) wins with 31 points"
    assert hexboard.points_headline((0, 2), (9, 1, 9), None) == (
        "Seat 1 (A), Seat 3 (C) share the win with 9 points"
    )
    assert hexboard.points_headline((), (0, 0), None) == "Nobody wins"


def test_alt_turn_says_who_acts_on_what_or_the_result_and_the_last_note():
    acting = hexboard.alt_turn(2, "", "", "Seat 3: move the boat (e.g. d5)", NAMES)
    assert acting == ["Дмитрий (C) to act: move the boat (e.g. d5)"]
    over = hexboard.alt_turn(None, "alice (A) wins", "Seat 2 caught the last fish.", "", NAMES)
    assert over == ["Game over, alice (A) wins", "Bartholomew-Maxi… (B) caught the last fish."]


def test_alt_pile_lists_only_what_is_held():
    assert hexboard.alt_pile((Token.RED, Token.BLUE, Token.PINK), (2, 0, 1)) == "red 2, pink 1"
    assert hexboard.alt_pile((Token.RED, Token.BLUE), (0, 0)) == ""


def test_alt_boat_says_from_where_and_by_whom_it_was_moved_and_where_it_may_go():
    def boat(at: int | None, last: tuple[int, ...], seat: int | None, targets: tuple[int, ...]):
        return hexboard.alt_boat(
            SimpleNamespace(
                labels=LABELS, boat=at, last_hexes=last, last_seat=seat, targets=targets
            ),
            NAMES,
            "Away",
        )

    assert boat(None, (), None, ()) == ["Away"]
    assert boat(2, (2,), None, (1, 3)) == ["Boat on c1", "It may go to b1, d1"]  # just placed
    assert boat(2, (0, 2), 3, ()) == ["Boat on c1, moved there from a1 by Zoë 🎣 (D)"]


def test_alt_places_groups_each_kind_in_the_order_first_met():
    tiles = (Tile.RED, None, Tile.JUNK, Tile.RED)
    assert hexboard.alt_places(tiles, LABELS, lambda t: t.value) == "red a1 d1; junk c1"
    assert hexboard.alt_places((None, None), LABELS, str) == ""
