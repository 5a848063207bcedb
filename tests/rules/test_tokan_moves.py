"""TOKAN movement rules, each from a literal position (rules/tokan; rulebook "Play", "Carrying")."""

from __future__ import annotations

import pytest

from rules import rng
from rules.errors import IllegalMove
from rules.tokan import Move, Tokan
from rules.tokan.board import DIRECTIONS, INDEX, NAMES
from rules.tokan.diagram import position
from rules.tokan.moves import has_legal_move, legal_moves, why_illegal

GAME = Tokan()


def moves_from(state, space: str, *, carry: int | None = None) -> set[str]:
    """The canonical texts of the legal moves of the tile on ``space``."""
    return {
        GAME.format(state, m)
        for m in GAME.legal_moves(state, state.turn)
        if m.space == space and (carry is None or m.carry == carry)
    }


def refused(state, text: str) -> str:
    """The reason the seat on turn may not play ``text`` (check() is what apply() asks)."""
    with pytest.raises(IllegalMove) as caught:
        GAME.check(state, state.turn, GAME.parse(state, text))
    return str(caught.value)


def test_each_animal_moves_exactly_its_range():
    """'The mouse advances 1 space, the jackal 2 spaces, the lion 3 spaces. The animals must
    always be moved the full distance.'"""
    state = position(
        """
        BM BM BM BM BM BM
        BJ BJ BJ BJ BJ BJ
        BJ RM BJ RJ BJ RL
        BL BL BL BL BL BL
        BL BJ BL BJ BL BJ
        """
    )
    assert moves_from(state, "b3") == {"b3 up", "b3 down", "b3 left", "b3 right"}
    assert moves_from(state, "d3") == {"d3 up", "d3 down", "d3 left", "d3 right"}
    assert moves_from(state, "f3") == {"f3 left"}  # 3 up, 3 down and 3 right leave the board
    after = GAME.apply(state, 0, GAME.parse(state, "f3 left"))
    assert after.board[2 * 6 + 2] == ("BJ", "RL")  # landed on c3, exactly 3 spaces away
    assert "must move exactly 3 spaces" in refused(state, "f3 up")


def test_no_diagonal_moves_and_only_four_directions():
    """'The move can be completed horizontally or vertically. Diagonal moves are not allowed.'"""
    state = position(
        """
        BM BM BM BM BM BM
        BJ BJ BJ BJ BJ BJ
        BJ BJ RM BJ BJ BJ
        BL BL BL BL BL BL
        BL BJ BL BJ BL BJ
        """
    )
    assert {m.direction for m in GAME.legal_moves(state, 0)} == {"up", "down", "left", "right"}
    assert moves_from(state, "c3") == {"c3 up", "c3 down", "c3 left", "c3 right"}


def test_only_the_owner_moves_a_tile_and_only_the_top_tile():
    """'Players take turns moving one tile of their own colour.' A covered tile is eaten."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        RM RM+BJ RJ .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    assert moves_from(state, "b3") == set()
    message = refused(state, "b3 right")
    assert "the top tile of b3 is a black jackal, not your tile: you play red" in message
    assert {m.space for m in GAME.legal_moves(state, 0)} == {"a3", "c3"}


def test_example_for_3_no_tile_on_the_target_space():
    """'Example for 3: The black jackal is not allowed to move up or down, because there is no
    tile on the target space.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  RM .  .  .  .
        .  BJ RM RL .  .
        .  RJ .  .  .  .
        .  .  .  .  .  .
        """,
        turn=1,
    )
    assert moves_from(state, "b3") == {"b3 right"}
    assert "b5 is empty: a tile must land on another tile" in refused(state, "b3 up")
    assert "b1 is empty: a tile must land on another tile" in refused(state, "b3 down")


def test_example_for_4_the_jackal_must_end_higher():
    """'Example for 4: The jackal is on the 2nd level and is hence only allowed to move (as
    usual, 2 spaces) to the right. After the move, the jackal is higher (3rd level) than
    before. With the move to the left, the level stays the same (2nd level).'
    (Example for 5 shows the same middle row from the side.) Carrying, a later rule, is left
    out here: without it only the move to the right climbs."""
    state = position(
        """
        .  .  BM .  .  .
        .  .  BJ .  .  .
        BL BM BM+RJ BL BJ+BM BJ
        .  .  BJ .  .  .
        .  .  BL .  .  .
        """
    )
    assert moves_from(state, "c3", carry=0) == {"c3 right"}
    after = GAME.apply(state, 0, GAME.parse(state, "c3 right"))
    assert after.board[2 * 6 + 4] == ("BJ", "BM", "RJ")  # the jackal now on the 3rd level
    message = refused(state, "c3 left")
    assert "would not climb: it is on level 2 of c3 and would land on level 2 of a3" in message
    assert "Carrying 1 would lift it to level 3" in message


def test_example_for_5_the_same_middle_row_seen_from_the_side():
    """'Example for 5: Same example as above (middle row), side view.' The side view shows
    the levels: the jackal starts on the 2nd level of c3 and ends on the 3rd level of e3. We
    show a side view as /tokan stack's list, bottom to top."""
    state = position(
        """
        .  .  BM .  .  .
        .  .  BJ .  .  .
        BL BM BM+RJ BL BJ+BM BJ
        .  .  BJ .  .  .
        .  .  BL .  .  .
        """
    )
    assert GAME.stack_text(state, "c3") == "c3 (2 tiles, bottom to top): black mouse, red jackal"
    assert GAME.stack_text(state, "e3") == "e3 (2 tiles, bottom to top): black jackal, black mouse"
    after = GAME.apply(state, 0, GAME.parse(state, "c3 right"))
    assert GAME.stack_text(after, "e3") == (
        "e3 (3 tiles, bottom to top): black jackal, black mouse, red jackal"
    )
    assert GAME.stack_text(after, "c3") == "c3 (1 tile): black mouse"


def test_a_tile_never_descends():
    """'A tile is not allowed to move on the same level or descend to a lower level.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        BL+BJ+RM BJ .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    assert GAME.legal_moves(state, 0) == ()
    assert "on level 3 of a3 and would land on level 2 of b3" in refused(state, "a3 right")
    assert state.over  # red has no other tile: the game ends


def test_jumping_over_higher_stacks_is_allowed():
    """'Jumping over higher stacks is allowed.' The heights passed over do not matter."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        RL BJ+BL+RM+BM+BJ BL+BJ+BM BJ .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    after = GAME.apply(state, 0, GAME.parse(state, "a3 right"))
    assert after.board[2 * 6 + 3] == ("BJ", "RL")
    assert after.board[2 * 6 + 1] == ("BJ", "BL", "RM", "BM", "BJ")  # untouched


def test_gaps_cannot_be_jumped_over():
    """'Gaps cannot be jumped over.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        RL BM .  BJ .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    assert moves_from(state, "a3") == set()
    assert "c3 is a gap in the way: tiles never pass over empty spaces" in refused(
        state, "a3 right"
    )


def test_the_move_may_finish_on_either_colour():
    """'The move must always finish on another tile. This tile can belong to either the player
    or the opponent.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        RJ RM .  .  .  .
        RJ .  .  .  .  .
        BJ .  .  .  .  .
        """
    )
    own = GAME.apply(state, 0, GAME.parse(state, "a3 down"))
    assert own.board[0] == ("BJ", "RJ")
    mouse = GAME.apply(state, 0, GAME.parse(state, "b3 left"))
    assert mouse.board[2 * 6] == ("RJ", "RM")  # a mouse onto its own jackal


def test_moving_off_the_board_is_refused():
    state = position(
        """
        .  .  .  .  .  RJ
        .  .  .  .  .  BM
        .  .  .  .  .  BM
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    message = refused(state, "f5 right")
    assert "a jackal must move exactly 2 spaces, and 2 right from f5 is off the board" in message
    assert "`f5 down`" in message  # the tile's legal moves are quoted


def test_moving_is_compulsory_there_is_no_pass():
    """'If a move is possible, the player on turn must make this move, even if it is
    disadvantageous for them.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        RM BJ .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    assert [GAME.format(state, m) for m in GAME.legal_moves(state, 0)] == ["a3 right"]
    assert not state.over
    assert GAME.to_act(state) == (0,)


# -- carrying ----------------------------------------------------------------------------------


def test_carrying_lets_a_high_tile_climb_onto_a_lower_stack():
    """'Carrying makes it possible for a tile to ascend to a higher level, even though it is
    initially on a higher level than the tile it is moving to.'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM+BJ+RL BM BM BJ .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    # The lion is on level 3; d3 is 1 high. Alone it would land on level 2, carrying one tile
    # on level 3 (not higher), carrying two on level 4.
    assert moves_from(state, "a3") == {"a3 right carry 2"}
    assert "Carrying 2 would lift it to level 4" in refused(state, "a3 right")
    after = GAME.apply(state, 0, GAME.parse(state, "a3 right carry 2"))
    assert after.board[2 * 6 + 3] == ("BJ", "BM", "BJ", "RL")  # carried tiles keep their order


def test_a_jackal_carries_at_most_one_and_a_lion_at_most_two():
    """'The jackal can carry one underlying tile when moving. The lion can carry one or two
    underlying tiles when moving.'"""
    state = position(
        """
        .  .  .  .  .  .
        BM+BM+BM+RJ BM BJ+BM+BJ .  .  .
        BM+BM+BM+RL BM BM BJ+BM+BJ+BL+BM .  .
        BM+RM BM .  .  .  .
        .  .  .  .  .  .
        """
    )
    assert "a jackal can carry at most 1 tile." in refused(state, "a4 right carry 2")
    assert "a lion can carry at most 2 tiles." in refused(state, "a3 right carry 3")
    assert "a mouse cannot carry tiles" in refused(state, "a2 right carry 1")
    assert moves_from(state, "a4") == {"a4 right carry 1"}
    assert moves_from(state, "a3") == {"a3 right", "a3 right carry 1", "a3 right carry 2"}


def test_a_tile_cannot_carry_more_tiles_than_lie_under_it():
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM+RL BM BM BJ .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    assert "only 1 tile lies under the lion on a3: it cannot carry 2." in refused(
        state, "a3 right carry 2"
    )


def test_carrying_is_never_compulsory():
    """'(Note: moving tiles as a stack is never compulsory, unless the player can only move his
    last tile by carrying one or two tiles with it.)'"""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM+RJ BM BJ+BM .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    assert moves_from(state, "a3") == {"a3 right", "a3 right carry 1"}
    alone = GAME.apply(state, 0, GAME.parse(state, "a3 right"))
    assert alone.board[2 * 6] == ("BM",)  # the mouse stayed behind
    assert alone.board[2 * 6 + 2] == ("BJ", "BM", "RJ")


def test_carrying_is_compulsory_when_it_is_the_only_move():
    """'...unless the player can only move his last tile by carrying one or two tiles with
    it.' With only carrying moves left, the player must carry (moving is compulsory)."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM+RJ BM BJ .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    assert [GAME.format(state, m) for m in GAME.legal_moves(state, 0)] == ["a3 right carry 1"]
    assert not state.over


def test_the_level_rule_with_carrying():
    """Level after = landing height + carried + 1 must exceed the level before (games.md)."""
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        BM+BM+BM+RL BM BM BJ+BJ .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    # level 4, landing 2 high: alone 3, carry 1 -> 4 (same), carry 2 -> 5 (higher)
    assert moves_from(state, "a3") == {"a3 right carry 2"}
    assert "would land on level 4 of d3" in refused(state, "a3 right carry 1")


def test_illegal_move_objects_are_refused_with_a_reason():
    state = position(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        RM BJ .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    with pytest.raises(IllegalMove, match="c3 is empty \\(a gap\\): there is no tile to move"):
        GAME.apply(state, 0, Move("c3", "left", 0))
    with pytest.raises(IllegalMove, match="z9 is not a space"):
        GAME.apply(state, 0, Move("z9", "left", 0))
    with pytest.raises(IllegalMove, match="sideways is not a direction"):
        GAME.apply(state, 0, Move("a3", "sideways", 0))


def test_check_and_the_legal_move_list_always_agree():
    """check() tests one move on its own (no list is built), so it must accept exactly the
    moves legal_moves lists, in every position of many seeded games and for every move that
    can be written (each space, direction and carry 0-3), with and without the taboo."""
    candidates = [Move(s, d, c) for s in NAMES for d in DIRECTIONS for c in range(4)]
    positions = 0
    for seed in range(12):
        state = GAME.setup(2, {}, seed)
        draw = rng.stream(seed, "agree")
        while True:
            taboo = None if state.last is None else INDEX[state.last.landing]
            for colour in (0, 1):
                listed = set(legal_moves(state.board, colour, taboo))
                accepted = {
                    m for m in candidates if why_illegal(state.board, colour, taboo, m) is None
                }
                assert accepted == listed
                assert has_legal_move(state.board, colour, taboo) == bool(listed)
            positions += 1
            if state.over:
                break
            state = GAME.apply(state, state.turn, GAME.playout_move(state, state.turn, draw))
    assert positions > 200
