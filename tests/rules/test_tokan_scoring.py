"""TOKAN final scoring: standard towers and the "Every Head Counts" variant, with tie rules.

The rulebook's final-position pictures are lost; these positions are built to give the totals
its captions state, using exactly the box's tiles (per colour 3 mice, 7 jackals, 5 lions).
"""

from __future__ import annotations

from collections import Counter

from rules.tokan import Tokan
from rules.tokan.board import full_set
from rules.tokan.diagram import position

GAME = Tokan()

# Twelve isolated stacks (no orthogonal neighbours), so the player on turn cannot move.
TOWERS_FINAL = """
RM+RJ+RL+BJ+BL  .  RJ+RJ+BM+BL  .  RJ+BJ+BL  .
.  RL+RM+BJ  .  BJ+BJ+BM+RJ+RL  .  BL+BJ+RM+RL
RJ  .  RJ  .  RL  .
.  BM  .  BJ  .  BL
.  .  .  .  .  .
"""

HEADS_FINAL = """
BM+BL+RL  .  BL+BJ+RL  .  RM+RL  .
.  BJ+RL  .  RM+BL+RJ  .  BJ+RJ
RL+BL  .  RJ+BL  .  RJ+RJ+BJ  .
.  RJ+BJ  .  BJ+RJ+RM+BM  .  BJ+BM
.  .  .  .  .  .
"""


def test_the_built_final_positions_use_exactly_the_box():
    for text in (TOWERS_FINAL, HEADS_FINAL):
        state = position(text)
        assert Counter(t for s in state.board for t in s) == Counter(full_set())
        assert state.over and position(text, turn=1).over


def test_example_for_final_position_black_15_red_9():
    """'Example for final position: black 15 points, red 9 points.' A tower belongs to whoever
    owns its highest tile; each player stacks all their towers; single tiles are not scored."""
    outcome = GAME.outcome(position(TOWERS_FINAL))
    red, black = outcome.scores
    assert (red.total, black.total) == (9, 15)
    assert [(line.label, line.points) for line in red.breakdown] == [("Towers 5+4", 9)]
    assert [(line.label, line.points) for line in black.breakdown] == [("Towers 5+4+3+3", 15)]
    assert outcome.winners == (1,)


def test_example_for_final_scores_red_16_black_12():
    """'Example for final scores: red 16 points, black 12 points.' Every Head Counts: 'All the
    animals still visible at the end are scored depending on their range. A mouse scores 1
    point, a jackal 2 points and a lion 3 points. (Single tiles are also scored.)'"""
    outcome = GAME.outcome(position(HEADS_FINAL, scoring="every-head-counts"))
    red, black = outcome.scores
    assert (red.total, black.total) == (16, 12)
    assert [(line.label, line.points) for line in red.breakdown] == [
        ("Lions on top x4", 12),
        ("Jackals on top x2", 4),
    ]
    assert [(line.label, line.points) for line in black.breakdown] == [
        ("Lions on top x2", 6),
        ("Jackals on top x2", 4),
        ("Mice on top x2", 2),
    ]
    assert outcome.winners == (0,)


def test_singles_score_nothing_under_towers_scoring():
    """'Single tiles are not scored.'"""
    state = position(
        """
        RL .  RL .  BM+RM .
        .  .  .  .  .  .
        BL .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    red, black = GAME.outcome(state).scores
    assert red.total == 2 and black.total == 0
    assert [(line.label, line.points) for line in black.breakdown] == [
        ("No towers (single tiles score 0)", 0)
    ]


def test_equal_stacks_are_a_tie():
    """'If both stacks are the same height, the game ends in a tie.'"""
    state = position(
        """
        BM+RM .  RM+BJ .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    outcome = GAME.outcome(state)
    assert [s.total for s in outcome.scores] == [2, 2]
    assert outcome.winners == ()
    assert outcome.extra == ("Both stacks are 2 tiles high: the game is a tie.",)


def test_every_head_counts_tie_goes_to_the_highest_tower():
    """'In case of a draw, tower sizes are compared and the winner is whoever has the highest
    tower.'"""
    state = position(
        """
        BM+BM+RL .  RM+BJ .  BL .
        .  .  .  .  .  .
        RJ .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """,
        scoring="every-head-counts",
    )
    outcome = GAME.outcome(state)
    assert [s.total for s in outcome.scores] == [5, 5]
    assert outcome.winners == (0,)
    assert outcome.extra == (
        "Tied on 5 points; towers tallest first: red 3 vs black 2. "
        "Red wins on the tallest tower (3 against 2).",
    )


def test_every_head_counts_tie_then_second_tower_a_missing_one_counting_zero():
    """'In case of a tie, the second highest towers are compared, etc.' games.md: 'compare
    each player's towers (2+ tiles) tallest first, a missing tower counting 0'."""
    state = position(
        """
        BM+BM+RL .  BM+RM .  RM+RM+BJ .
        .  .  .  .  .  .
        BJ .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """,
        scoring="every-head-counts",
    )
    outcome = GAME.outcome(state)
    assert [s.total for s in outcome.scores] == [4, 4]
    assert outcome.winners == (0,)
    assert outcome.extra[0].endswith("Red wins on the 2nd tallest tower (2 against 0).")


def test_every_head_counts_equal_tower_lists_are_a_draw():
    """games.md: 'equal lists are a draw'."""
    state = position(
        """
        BM+RL .  RM+BL .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """,
        scoring="every-head-counts",
    )
    outcome = GAME.outcome(state)
    assert [s.total for s in outcome.scores] == [3, 3]
    assert outcome.winners == ()
    assert outcome.extra == (
        "Tied on 3 points with equal towers (red 2 vs black 2): the game is a draw.",
    )


def test_the_towers_scoring_ignores_tower_sizes_on_a_tie():
    """Standard scoring: equal stacks are a tie even if one player has the taller tower."""
    state = position(
        """
        BM+BM+BM+RL .  RM+BJ .  RM+BJ .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        """
    )
    outcome = GAME.outcome(state)
    assert [s.total for s in outcome.scores] == [4, 4]
    assert outcome.winners == ()


def test_scores_so_far_appear_in_the_view_under_the_chosen_scoring():
    start = GAME.setup(2, {"scoring": "every-head-counts"}, 3)
    tallies = GAME.view(start, None).tallies
    # every tile is a single at the start: 3 mice + 7 jackals x2 + 5 lions x3 = 32 each
    assert [t.total for t in tallies] == [32, 32]
    assert tallies[0].lines == (
        "Lions on top x5 = 15",
        "Jackals on top x7 = 14",
        "Mice on top x3 = 3",
    )
    towers = GAME.view(GAME.setup(2, {}, 3), None).tallies
    assert [t.total for t in towers] == [0, 0]
