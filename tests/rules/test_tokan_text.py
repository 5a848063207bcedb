"""TOKAN setup, notation, error messages, stack look-ups, views and words for the channel."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.errors import IllegalMove, InvalidMove
from rules.tokan import Move, Tokan
from rules.tokan.board import INDEX, MIX, full_set
from rules.tokan.diagram import position

GAME = Tokan()

MIXED = """
.  .  .  .  .  .
.  .  .  .  .  .
BM+RL BM BM BJ .  .
.  .  .  .  .  .
.  .  .  .  .  .
"""


def test_setup_lays_out_the_box_at_random_as_single_tiles():
    """'The 30 tiles are shuffled face down and arranged, slightly apart, into a 5 x 6 grid.'"""
    state = GAME.setup(2, {"scoring": "towers"}, 5)
    assert len(state.board) == 30 and all(len(stack) == 1 for stack in state.board)
    assert Counter(t for s in state.board for t in s) == Counter(full_set())
    assert MIX == {"mouse": 3, "jackal": 7, "lion": 5}
    assert state.turn == 0 and GAME.to_act(state) == (0,)  # seat 0 = red moves first
    assert GAME.setup(2, {}, 5) == state
    assert GAME.setup(2, {}, 6).board != state.board


def test_only_two_players():
    assert (GAME.spec.min_players, GAME.spec.max_players) == (2, 2)
    with pytest.raises(InvalidMove, match="exactly 2 players"):
        GAME.setup(3, {}, 1)


def test_the_scoring_option():
    option = GAME.spec.option("scoring")
    assert option.choices == ("towers", "every-head-counts") and option.default == "towers"
    assert GAME.setup(2, {"scoring": "every-head-counts"}, 1).scoring == "every-head-counts"


def test_rules_text_names_seats_and_readings():
    text = GAME.spec.rules_text
    assert "Seat 1 plays red and moves first" in text
    assert "Our readings:" in text and "permanent gap" in text and "taboo" in text.lower()
    assert "when every legal move carries, you must make one of them" in text
    assert "as soon as the player on turn cannot move" in text
    assert "a missing tower counting 0" in text


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("a3 right", Move("a3", "right", 0)),
        ("A3 RIGHT", Move("a3", "right", 0)),
        ("a3 r", Move("a3", "right", 0)),
        ("a3 right carry 2", Move("a3", "right", 2)),
        ("a3 right 2", Move("a3", "right", 2)),
        ("a3 r2", Move("a3", "right", 2)),
        ("a3-d3", Move("a3", "right", 0)),
        ("a3 to d3 carry 1", Move("a3", "right", 1)),
        ("a3d3", Move("a3", "right", 0)),
        ("b3 up", Move("b3", "up", 0)),
        ("b3 u", Move("b3", "up", 0)),
        ("b3 north", Move("b3", "up", 0)),
        ("b3 d", Move("b3", "down", 0)),
        ("b3 l", Move("b3", "left", 0)),
        ("  c3   left  ", Move("c3", "left", 0)),
    ],
)
def test_parse_accepts_short_forms(text: str, move: Move):
    assert GAME.parse(position(MIXED), text) == move


def test_format_is_canonical_and_round_trips():
    state = position(MIXED)
    assert GAME.format(state, Move("a3", "right", 2)) == "a3 right carry 2"
    assert GAME.format(state, Move("b3", "left", 0)) == "b3 left"
    for move in GAME.legal_moves(state, 0):
        assert GAME.parse(state, GAME.format(state, move)) == move


def test_typing_a_space_finds_that_tiles_moves():
    """Autocomplete narrows the suggestions by prefix: every canonical move starts with its
    origin space and a space, so typing "b3" lists b3's moves and nothing else, and typing on
    ("b3 r", "b3 right c") keeps narrowing to the same canonical texts."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  RM .  .  .
        BJ BM+RL BM BM BJ+BM .
        .  .  BJ .  .  .
        .  .  .  .  .  .
        """
    )
    texts = [GAME.format(state, m) for m in GAME.legal_moves(state, 0)]
    assert texts == ["b3 right", "b3 right carry 1", "c4 down"]
    assert [m for m in texts if m.startswith("b3")] == ["b3 right", "b3 right carry 1"]
    assert [m for m in texts if m.startswith("b3 right c")] == ["b3 right carry 1"]
    for seed in range(5):
        start = GAME.setup(2, {}, seed)
        for move in GAME.legal_moves(start, 0):
            assert GAME.format(start, move).startswith(f"{move.space} {move.direction}")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("pass", "is not a TOKAN move"),
        ("", "is not a TOKAN move"),
        ("g3 up", "g3 is not on the board"),
        ("a9 up", "a9 is not on the board"),
        ("a3 sideways", "`sideways` is neither a direction"),
        ("a3-b4", "not a straight line"),
        ("a3-a3", "not a straight line"),
    ],
)
def test_parse_errors_quote_the_text(text: str, needle: str):
    with pytest.raises(InvalidMove) as caught:
        GAME.parse(position(MIXED), text)
    message = str(caught.value)
    assert needle in message and f"`{text}`" in message


def test_destination_form_must_match_the_animals_range():
    with pytest.raises(IllegalMove, match="the lion on a3 must move exactly 3 spaces, but c3 is 2"):
        GAME.parse(position(MIXED), "a3-c3")


def test_illegal_moves_list_the_legal_moves_of_that_tile():
    state = position(MIXED)
    with pytest.raises(IllegalMove) as caught:
        GAME.check(state, 0, GAME.parse(state, "a3 right"))
    message = str(caught.value)
    assert message.startswith("`a3 right` is not allowed: the lion would not climb")
    assert message.endswith("Carrying 1 would lift it to level 3. Legal now: `a3 right carry 1`.")


def test_stack_text_lists_a_stack_bottom_to_top():
    """'It is allowed to lift up the tiles of a stack to check which animals are underneath.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  RM+BL+RJ .  .  .
        .  .  BM .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    assert GAME.stack_text(state, "c4") == (
        "c4 (3 tiles, bottom to top): red mouse, black lion, red jackal"
    )
    assert GAME.stack_text(state, " C3 ") == "c3 (1 tile): black mouse"
    with pytest.raises(InvalidMove, match="a1 is empty"):
        GAME.stack_text(state, "a1")
    with pytest.raises(InvalidMove, match="not on the board"):
        GAME.stack_text(state, "h9")
    with pytest.raises(InvalidMove, match="not a space"):
        GAME.stack_text(state, "top")


def test_describe_tells_the_move_the_carry_and_the_gap():
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        BJ BM+RL BM BM BJ .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    move = GAME.parse(state, "b3 right carry 1")
    after = GAME.apply(state, 0, move)
    assert GAME.describe(state, 0, move, after) == (
        "Red moved the lion from b3 right to e3, carrying the black mouse, covering a black "
        "jackal (that stack is now 3 high). To close the gap, the stacks on a3 slid one space "
        "right; a3 is now empty."
    )


def test_describe_mentions_a_permanent_gap_and_the_end():
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        RM BM .  .  .  .
        """
    )
    move = GAME.parse(state, "a1 right")
    after = GAME.apply(state, 0, move)
    words = GAME.describe(state, 0, move, after)
    assert "a1 stays a permanent gap" in words
    assert words.endswith("The game is over: Black is on turn and cannot move any tile.")


def test_pending_names_the_colour_and_the_taboo():
    start = GAME.setup(2, {}, 2)
    assert GAME.pending(start) == "a move of a red tile"
    after = GAME.apply(start, 0, GAME.legal_moves(start, 0)[0])
    assert GAME.pending(after) == f"a move of a black tile ({after.last.landing} is taboo)"


def test_the_view_shows_everything_public():
    start = GAME.setup(2, {}, 4)
    move = GAME.legal_moves(start, 0)[0]
    after = GAME.apply(start, 0, move)
    view = GAME.view(after, None)
    assert view.board == after.board  # full stacks: nothing is hidden in TOKAN
    assert view.last == after.last and view.taboo == after.last.landing
    assert view.turn == 1 and view.pending == GAME.pending(after)
    assert [t.colour for t in view.tallies] == ["red", "black"]
    assert view.tallies[0].lines == ("Towers 2 = 2",)
    assert view.result is None
    assert GAME.view(after, 0) == view == GAME.view(after, 1)


def test_the_view_of_a_finished_game_has_the_result():
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM+RM .  RM+BJ+BL .  .  .
        """
    )
    view = GAME.view(state, None)
    assert view.turn is None and view.taboo is None
    assert view.result == "Black wins (red 2, black 3)."


def test_state_round_trips_through_json():
    state = GAME.setup(2, {"scoring": "every-head-counts"}, 9)
    for _ in range(6):
        state = GAME.apply(state, state.turn, GAME.legal_moves(state, state.turn)[-1])
    data = json.loads(json.dumps(GAME.dump_state(state)))
    assert GAME.load_state(data) == state


def test_every_game_ends_because_levels_only_rise():
    """Each move lifts the moved tiles and leaves every other tile's level alone, so the sum
    of all levels rises every move and a game cannot go on for ever (seeded playouts)."""
    for seed in range(30):
        state = GAME.setup(2, {}, seed)
        before = _level_sum(state.board)
        while not state.over:
            state = GAME.apply(state, state.turn, GAME.legal_moves(state, state.turn)[seed % 2 - 1])
            after = _level_sum(state.board)
            assert after > before
            before = after
        assert GAME.outcome(state) is not None


def _level_sum(board) -> int:
    return sum(len(s) * (len(s) + 1) // 2 for s in board)


def test_positions_index_spaces_from_a1_bottom_left():
    assert INDEX["a1"] == 0 and INDEX["f1"] == 5 and INDEX["a2"] == 6 and INDEX["f5"] == 29


def test_seats_are_named_by_their_colour():
    from rules.tokan import Tokan

    assert Tokan().seat_name(0) == "Seat 1 (red)"
    assert Tokan().seat_name(1) == "Seat 2 (black)"
