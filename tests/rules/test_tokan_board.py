"""TOKAN gap closing, the taboo, and the end of the game, each from a literal position."""

from __future__ import annotations

import pytest

from rules.errors import GameOver, IllegalMove
from rules.tokan import Tokan
from rules.tokan.board import INDEX
from rules.tokan.diagram import diagram, position

GAME = Tokan()


def play(state, *texts: str):
    for text in texts:
        state = GAME.apply(state, state.turn, GAME.parse(state, text))
    return state


def board_text(state) -> str:
    return diagram(state.board)


# -- gap closing (games.md PROPOSAL) -----------------------------------------------------------


def test_the_line_behind_slides_forward_to_close_the_gap():
    """'If a move creates a gap, all the tiles and/or towers behind move forward in this
    direction, so the gap is closed again.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM BL+BJ RJ BM BL RM
        """
    )
    after = play(state, "c1 right")
    assert board_text(after).splitlines()[-1] == ".     BM    BL+BJ BM    BL+RJ RM"
    assert after.last.shifted == ("b1", "a1")
    assert after.last.gap == "a1" and not after.last.permanent


def test_the_slide_stops_at_the_first_gap():
    """PROPOSAL: only the unbroken run behind the origin slides; a gap stops it."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BJ .  BM RJ BM BM
        """
    )
    after = play(state, "d1 right")
    assert board_text(after).splitlines()[-1] == "BJ    .     .     BM    BM    BM+RJ"
    assert after.last.shifted == ("c1",)
    assert after.last.gap == "c1"


def test_vertical_moves_slide_the_column_behind():
    state = position(
        """
        BM .  .  .  .  .
        BJ .  .  .  .  .
        RJ .  .  .  .  .
        BL .  .  .  .  .
        BM .  .  .  .  .
        """
    )
    after = play(state, "a3 up")
    assert [after.board[INDEX[f"a{r}"]] for r in range(1, 6)] == [
        (),
        ("BM",),
        ("BL",),
        ("BJ",),
        ("BM", "RJ"),
    ]
    assert after.last.shifted == ("a2", "a1")


def test_a_permanent_gap_at_the_board_edge():
    """'If no tile can move forward (e.g., spaces at the edge), a permanent gap can be
    created.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        RJ BM BM .  .  .
        """
    )
    after = play(state, "a1 right")
    assert after.board[INDEX["a1"]] == ()
    assert after.last.permanent and after.last.gap == "a1" and after.last.shifted == ()


def test_a_permanent_gap_when_a_gap_lies_behind():
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM .  RJ BM BM .
        """
    )
    after = play(state, "c1 right")
    assert after.board[INDEX["c1"]] == () and after.board[INDEX["a1"]] == ("BM",)
    assert after.last.permanent


def test_no_gap_when_tiles_stay_on_the_origin():
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM BM+RJ BM BM+BM .  .
        """
    )
    after = play(state, "b1 right")
    assert after.board[INDEX["b1"]] == ("BM",) and after.board[INDEX["a1"]] == ("BM",)
    assert after.last.gap is None and after.last.shifted == ()


def test_a_gap_created_by_a_move_then_blocks_passing():
    """'Gaps cannot be jumped over': a permanent gap blocks every later move across it."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  BM .  .  .
        .  .  BM .  .  .
        BL BM RJ BM .  .
        """
    )
    black_first = position(board_text(state), turn=1)
    assert "a1 right" in {GAME.format(black_first, m) for m in GAME.legal_moves(black_first, 1)}
    after = play(state, "c1 up")  # nothing lies below row 1: c1 stays a permanent gap
    assert after.last.permanent and after.board[INDEX["c1"]] == ()
    assert "c1 is a gap in the way" in str(_refusal(after, "a1 right"))


# -- taboo (games.md clarification) ------------------------------------------------------------


def test_taboo_forbids_landing_where_the_opponent_just_landed():
    """'Taboo: covering the tile just moved by the opponent is not allowed.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM BM .  .  .  BM
        RM RM BM BM .  RM
        """
    )
    after = play(state, "b1 right")  # the red mouse lands on c1; a1 slides to b1
    assert after.last.landing == "c1" and after.last.shifted == ("a1",)
    message = str(_refusal(after, "d1 left"))
    assert "c1 is taboo: your opponent's last move landed there" in message
    assert all(not _lands_on(after, m, "c1") for m in GAME.legal_moves(after, 1))


def test_stacks_shifted_by_gap_closing_are_not_taboo():
    """games.md: 'stacks shifted by gap closing are not taboo'."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM BM .  .  .  BM
        RM RM BM BM .  RM
        """
    )
    after = play(state, "b1 right")  # the red mouse from a1 slid onto b1
    landed = play(after, "b2 down")
    assert landed.board[INDEX["b1"]] == ("RM", "BM")


def test_taboo_lasts_for_the_next_move_only():
    """games.md: the taboo is the opponent's last landing space, 'for your next move only'."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM BM .  .  .  BM
        RM RM BM BM .  RM
        """
    )
    after = play(state, "b1 right", "a2 right", "f1 up")
    assert after.last.landing == "f2"
    final = play(after, "d1 left")  # c1 was taboo two moves ago; now black may cover it
    assert final.board[INDEX["c1"]] == ("BM", "RM", "BM")


def test_passing_over_the_taboo_space_is_allowed():
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BJ BM RM BM .  .
        """
    )
    after = play(state, "c1 left")  # red lands on b1; d1 slides left onto c1
    assert after.last.landing == "b1"
    passed = play(after, "a1 right")  # the black jackal passes over the taboo b1
    assert passed.board[INDEX["c1"]] == ("BM", "BJ")


def test_the_game_ends_when_the_taboo_leaves_no_move():
    """games.md: 'If the taboo leaves the player on turn with no move, the game ends.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        RM RM BM .  .  .
        """
    )
    after = play(state, "b1 left")  # red lands on a1; black's c1 mouse slides to b1
    assert after.board[INDEX["b1"]] == ("BM",)
    assert after.over and GAME.to_act(after) == ()
    outcome = GAME.outcome(after)
    assert outcome.reason == "Black cannot move: the only moves would land on the taboo space a1."
    assert outcome.scores[0].total == 2 and outcome.winners == (0,)


def test_the_game_ends_when_the_player_on_turn_cannot_move():
    """'The game carries on for as long as the players can move tiles according to the
    rules. [...] The game is finished when either player can no longer move any tile.'
    PROPOSAL (stated in rules_text): it ends as soon as the player on turn has no legal move,
    even if the other player still could move."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM BM .  RM .  BL+BJ
        """
    )
    assert GAME.legal_moves(state, 0) == () and state.over
    assert GAME.outcome(state).reason == "Red is on turn and cannot move any tile."
    # black could still move a1 -> b1, yet the game is over
    black_to_move = position(board_text(state), turn=1)
    assert not black_to_move.over
    assert "as soon as the player on turn cannot move" in GAME.spec.rules_text


def test_the_other_player_being_stuck_does_not_end_the_game():
    """Our reading of 'when either player can no longer move': only the player on turn
    counts. Here red could not move if it were red's turn, but black is on turn and can."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM BM .  RM .  BL+BJ
        """,
        turn=1,
    )
    assert not state.over and GAME.to_act(state) == (1,)
    assert position(board_text(state), turn=0).over
    after = play(state, "a1 right")  # black plays on; now red is on turn and stuck
    assert after.over


def test_a_finished_game_refuses_moves():
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM BM .  RM .  .
        """
    )
    with pytest.raises(GameOver):
        GAME.apply(state, 0, GAME.parse(state, "d1 left"))
    assert GAME.pending(state) == "nothing: the game is over"


def _lands_on(state, move, space: str) -> bool:
    after = GAME.play(state, state.turn, move)
    return after.last.landing == space


def _refusal(state, text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        GAME.check(state, state.turn, GAME.parse(state, text))
    return caught.value
