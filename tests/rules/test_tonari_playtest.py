"""Tonari play-test scenarios: edge cases a rulebook-savvy player would try, played through the
public API (parse/apply/describe/pending/outcome) from literal positions."""

from __future__ import annotations

import random

import pytest

from rules.tonari import Phase, TonariState
from tests.rules.test_tonari import GAME, T, at, labels, make, over, pile, play


def said(before: TonariState, text: str) -> tuple[TonariState, str]:
    """(state after, describe() text) for the seat on turn playing ``text``."""
    (seat,) = GAME.to_act(before)
    move = GAME.parse(before, text)
    after = GAME.apply(before, seat, move)
    return after, GAME.describe(before, seat, move, after)


# -- the boat -------------------------------------------------------------------------------------
def test_the_first_move_may_jump_from_one_island_hex_over_the_other_to_a_pink():
    """Rulebook: "The Boat marker may jump over an island space during this move." Placed on
    e4, the boat jumps west over the island hex d4 to the Pink on c4."""
    state = make({"c4": T.PINK, "d3": T.RED, "e3": T.BLUE}, boat="e4", players=2)
    assert labels(state) == ["d3", "e3", "c4"]
    after, text = said(state, "c4")
    assert after.piles[0] == pile(pink=1)
    assert text.startswith("Seat 1 moved the boat to c4 with a jump and caught a Pink fish.")


def test_the_player_right_of_the_starter_places_the_boat_and_seat_1_moves_first():
    """Rulebook: "the player to their right takes the Boat marker and places it on either of the
    two Kuchinoshima island spaces" then "each player, with the starting player going first,
    must move the Boat marker". With 4 players seat 4 places, seat 1 moves."""
    state = GAME.setup(4, {}, seed=3)
    assert GAME.to_act(state) == (3,) and "boat" in GAME.pending(state)
    placed = play(state, "d4")  # a bare label answers the placement
    assert placed.boat == at("d4") and GAME.to_act(placed) == (0,)
    assert placed.moved_at == (0, 0, 0, 1)  # placing counts as moving (games.md, Clarifications)


# -- skills with no legal use ---------------------------------------------------------------------
def test_sense_the_schools_with_one_token_left_is_discarded():
    """Rulebook: "the player must swap the tokens on any 2 spaces on the board" — with one token
    left no swap exists, so the skill is discarded (games.md #2)."""
    state = make({"c4": T.SENSE, "a1": T.RED}, players=2)
    after, text = said(state, "c4")
    assert "Sense the Schools is discarded with no effect" in text
    assert after.tokens[at("a1")] is T.RED


def test_scare_it_off_as_the_last_token_is_discarded_and_the_game_ends():
    """Rulebook: "Remove any 1 token from the board." Nothing is left to remove; the next player
    has no legal move, so the game ends ("Play continues until a player has no legal move")."""
    state = make({"c4": T.SCARE}, players=2, piles=(pile(red=1), pile()))
    after, text = said(state, "c4")
    assert "Scare it Off is discarded with no effect" in text and "game is over" in text
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "Seat 2 has no adjacent token and no Pink jump from c4."


def test_scare_it_off_may_remove_another_skill_token():
    state = make({"c4": T.SCARE, "b4": T.ROUGH}, players=2)
    after, text = said(play(state, "c4"), "remove b4")
    assert after.tokens[at("b4")] is None
    assert text.startswith("Seat 1 used Scare it Off: removed the skill token Rough Waters from b4")


# -- Rough Waters and Orange ----------------------------------------------------------------------
def test_rough_waters_can_take_the_orange_majority_from_the_only_opponent():
    """Rulebook: "Swap 1 Fish from your pile with 1 from an opponent's pile." With 2 players the
    opponent is the other seat; taking an Orange turns a 1-2 deficit into a 2-1 majority."""
    piles = (pile(red=1, orange=1), pile(orange=2, blue=1))
    state = make({"c4": T.ROUGH, "a1": T.RED}, players=2, piles=piles)
    state = play(state, "c4")
    assert labels(state) == [
        "trade red for blue seat 2",
        "trade red for orange seat 2",
        "trade orange for blue seat 2",
        "trade orange for orange seat 2",  # like for like: allowed (games.md, Clarifications)
    ]
    after, text = said(state, "trade red for orange seat 2")
    assert after.piles == (pile(orange=2), pile(red=1, orange=1, blue=1))
    assert "took their Orange fish" in text
    scores = GAME.outcome(over(after.piles))
    assert scores is not None
    assert [line.label for line in scores.scores[0].breakdown] == ["Orange x2 (the most)"]


def test_an_orange_fish_is_written_with_an():
    state = make({"c4": T.ORANGE}, players=2)
    assert said(state, "c4")[1].startswith("Seat 1 moved the boat to c4 and caught an Orange fish.")


# -- In Season and the left neighbour -------------------------------------------------------------
def test_in_season_doubles_the_colour_in_the_left_neighbours_part_too():
    """Rulebook: "That type of Fish is worth double points for all players" and "players then add
    the value of their Fish to the value of the Fish caught by the player to their left." Seat 3
    holds three Blue (6, doubled 12); seat 2 (to whose left seat 3 sits) adds those 12."""
    piles = (pile(), pile(red=1), pile(blue=3))
    state = make({"c4": T.SEASON, "a1": T.RED}, players=3, piles=piles)
    state = play(state, "c4", "double blue")
    assert state.season is T.BLUE
    outcome = GAME.outcome(over(state.piles, season=state.season))
    assert outcome is not None
    assert [s.total for s in outcome.scores] == [1, 13, 12]


# -- ties -----------------------------------------------------------------------------------------
def test_a_four_player_tie_goes_to_the_tied_seat_that_moved_last_not_to_the_last_mover():
    """Rulebook: "In the case of a tie, the player who last moved the boat wins." Clarification:
    the tie goes to the tied player who moved the boat most recently. Seats 1 and 2 tie on 7;
    seat 4 made the last boat move but is not tied; seat 1 moved after seat 2."""
    piles = (pile(red=3), pile(blue=1), pile(red=3), pile())
    outcome = GAME.outcome(over(piles, moved_at=(11, 10, 9, 12)))
    assert outcome is not None
    assert [s.total for s in outcome.scores] == [7, 7, 6, 6]
    assert outcome.winners == (0,)
    assert outcome.extra == (
        "Seat 1, Seat 2 tie on 7; Seat 1 moved the boat most recently and wins.",
    )


def test_a_four_way_tie_goes_to_the_last_mover():
    piles = (pile(red=3), pile(), pile(red=3), pile())  # totals 6 / 6 / 6 / 6
    outcome = GAME.outcome(over(piles, moved_at=(9, 10, 11, 12)))
    assert outcome is not None and outcome.winners == (3,)


# -- texts a player reads -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("phase", "example"),
    [
        (Phase.SENSE, "`swap a1 b1`"),
        (Phase.SCARE, "`remove a1`"),
        (Phase.ROUGH, "`trade green for orange seat 2`"),
        (Phase.SEASON, "`double green`"),
    ],
)
def test_skill_decisions_give_an_example_that_can_really_be_played(phase, example):
    piles = (pile(green=1), pile(orange=1), pile())
    state = make({"a1": T.RED, "b1": T.BLUE}, boat="c4", phase=phase, piles=piles)
    assert example in GAME.pending(state)
    GAME.check(state, 0, GAME.parse(state, example.strip("`")))


# -- issue 11: the picture's texts ---------------------------------------------------------------
def test_the_in_season_panel_does_not_say_none_yet_after_the_token_was_discarded():
    """In Season collected on move 2 with no set colour collected is discarded with no effect;
    at the end the panel must not say "none yet" (wrong information: it will never come)."""
    state = make({"c4": T.ORANGE, "b4": T.SEASON, "a4": T.RED}, players=2)
    assert GAME.view(state, None).season_text == "none yet"
    mid = play(state, "c4", "b4")  # move 1 catches an Orange; move 2 collects In Season
    assert "In Season is discarded with no effect" in mid.note
    assert GAME.view(mid, None).season_text == "none (token discarded or removed without effect)"
    end = play(mid, "a4")
    assert end.phase is Phase.OVER
    assert GAME.view(end, None).season_text == "none (token discarded or removed without effect)"


def test_the_in_season_panel_while_choosing_and_once_chosen():
    piles = (pile(red=1), pile())
    state = make({"c4": T.SEASON, "b4": T.RED, "a4": T.BLUE}, players=2, piles=piles)
    choosing = play(state, "c4")
    assert GAME.view(choosing, None).season_text == "collected, colour being chosen"
    assert GAME.view(play(choosing, "double red"), None).season_text == "Red fish x2"


def test_an_in_season_token_never_collected_is_said_so_at_the_end():
    state = make({"c4": T.RED, "a1": T.SEASON}, players=2)
    end = play(state, "c4")
    assert end.phase is Phase.OVER
    assert GAME.view(end, None).season_text == "none (never collected)"


def test_picture_texts_hold_no_backticks():
    """The view's texts are drawn in the picture, where Markdown backticks would show as they
    are; the channel texts (pending, describe) keep them for Discord."""
    for seed in range(3):
        state = GAME.setup(2 + seed, {}, seed)
        draw = random.Random(seed)
        while True:
            view = GAME.view(state, None)
            assert "`" not in view.pending and "`" not in view.note and "`" not in view.season_text
            if state.phase is Phase.OVER:
                break
            (seat,) = GAME.to_act(state)
            state = GAME.apply(state, seat, GAME.playout_move(state, seat, draw))
    assert "`boat d4`" in GAME.pending(GAME.setup(2, {}, 1))
    assert "boat d4 or boat e4" in GAME.view(GAME.setup(2, {}, 1), None).pending
