"""Friendly Fishing scoring: every scoring rule and the rulebook's 3-player example."""

from __future__ import annotations

import pytest

from rules.base import ScoreLine
from rules.fishing import FriendlyFishing, Phase
from rules.fishing.data import Tile
from rules.fishing.scoring import crayfish_rank, final_scores, fishing_lines
from tests.rules.test_fishing import make, pile

GAME = FriendlyFishing()
F = Tile


def totals(*piles: tuple[int, ...], doubled: Tile | None = None) -> list[int]:
    return [s.total for s in final_scores(piles, doubled)]


def lines(piles: tuple[tuple[int, ...], ...], seat: int, doubled: Tile | None = None):
    return [(line.label, line.points) for line in fishing_lines(piles, seat, doubled)]


def test_scoring_example_three_players():
    """Rulebook Scoring Example (3-Player Game): "Special fish tiles: Skipjacks, Shiners. ...
    Gabrielle has the most crayfish, and Noah and Arden are tied for having the second-most
    crayfish. The double-points tile is on the yellow fish. Fishing scores: Noah 24, Gabrielle
    18, Arden 21. Final scores: Noah 24 + 18 = 42; Gabrielle 18 + 21 = 39; Arden 21 + 24 = 45.
    ... Arden is the winner!" Seats in turn order: Noah, Gabrielle (Noah's left), Arden."""
    noah = pile(crayfish=1, yellow=1, red=3, blue=2, green=1, skipjack=2, shiner=1)
    gabrielle = pile(crayfish=3, yellow=2, green=2, red=1)
    arden = pile(crayfish=1, shiner=2, blue=3, yellow=1, red=2, green=1)
    state = make({}, players=3, phase=Phase.OVER, piles=(noah, gabrielle, arden), doubled=F.YELLOW)
    view = GAME.view(state, None)
    assert view.fishing == (24, 18, 21)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert [s.total for s in outcome.scores] == [42, 39, 45]
    assert outcome.winners == (2,)
    assert ("Crayfish x3 (most)", 8) in lines(state.piles, 1)
    assert ("Crayfish x1 (second most)", 4) in lines(state.piles, 0)
    assert ("Crayfish x1 (second most)", 4) in lines(state.piles, 2)
    assert outcome.scores[0].breakdown[-1] == ScoreLine(
        "Seat 2's fishing score (left neighbour)", 18
    )


def test_scoring_example_the_game_ends_when_even_the_island_has_no_tile_or_skipjack():
    """Rulebook Scoring Example: "On Gabrielle's turn, there are no adjacent tiles and no
    available Skipjacks, so she returns the boat to the central island. Because there are still
    no tiles available (even after checking for Skipjacks again), the game is over and scoring
    begins." Noah takes the last tile next to the boat; the Skipjack on a4 is blocked by the
    Junk on b4 from the boat, and no straight open line joins it to the island either."""
    state = make(
        {"f2": F.RED, "a4": F.SKIPJACK, "b4": F.JUNK, "a1": F.BLUE},
        boat="f3",
        players=3,
    )
    after = GAME.apply(state, 0, GAME.parse(state, "f2"))
    assert after.phase is Phase.OVER and after.boat is None
    assert "returns to the central island" in after.note
    assert "No tile can be reached even from the central island" in after.note
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason.startswith("The boat has no move")


@pytest.mark.parametrize(("count", "points"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21)])
def test_common_fish_score_by_the_set_table(count, points):
    """Rulebook: "Common fish (x6 each color): 1 / 3 / 6 / 10 / 15 / 21 points for 1 through 6
    fish." """
    assert totals(pile(green=count), pile()) == [points, 0]


def test_double_points_doubles_one_colour_for_everyone():
    """Rulebook: "This common fish color is worth double points for all players during
    scoring." """
    assert totals(pile(blue=3, red=1), pile(blue=1), doubled=F.BLUE) == [13, 2]
    assert lines((pile(blue=3), pile()), 0, F.BLUE) == [
        ("Blue x3 (6, doubled by Double Points)", 12)
    ]


def test_crayfish_most_8_second_most_4_ties_score_full():
    """Rulebook: "The two players with the most crayfish score points: Most = 8 points, Second
    Most = 4 points. In the event of a tie in either category, the tied players score full
    points." """
    assert totals(pile(crayfish=3), pile(crayfish=1)) == [8, 4]
    assert totals(pile(crayfish=2), pile(crayfish=2), pile(crayfish=1)) == [8 + 8, 8 + 4, 4 + 8]
    four = totals(pile(crayfish=3), pile(crayfish=1), pile(crayfish=1), pile())
    assert four == [8 + 4, 4 + 4, 4 + 0, 0 + 8]


def test_after_a_tie_for_most_crayfish_the_next_count_is_second():
    """Our reading (games.md #8): with two tied for most, the next distinct count is second."""
    assert crayfish_rank([3, 3, 2, 1], 2) == 2
    assert crayfish_rank([3, 3, 2, 1], 1) == 3


def test_a_player_with_no_crayfish_scores_no_crayfish_points():
    """Clarification: "A player with no crayfish scores no crayfish points" (even when only one
    other player has any, so "second most" would otherwise be nobody's zero)."""
    assert totals(pile(crayfish=2), pile()) == [8, 0]
    assert lines((pile(crayfish=2), pile()), 1) == []


def test_only_the_last_lunker_scores_5_once():
    """Rulebook: "Lunkers (x3): 5 points; only the last Lunker scores." Our reading: a player
    holding two Lunkers (the last caught among them) scores 5 once."""
    assert totals(pile(lunker=2), pile()) == [5, 0]
    assert lines((pile(lunker=1), pile()), 0) == [("Lunker (the last one caught)", 5)]


def test_dinkers_2_skipjacks_5_junk_minus_3_each():
    """Rulebook: "Dinkers (x3): 2 points each", "Skipjacks (x3): 5 points each", "Junk (x3): -3
    points each; always worth negative points." """
    assert totals(pile(dinker=3), pile(skipjack=2), pile(junk=3)) == [6 + 10, 10 - 9, -9 + 6]


@pytest.mark.parametrize(("count", "points"), [(1, -2), (2, 5), (3, 12)])
def test_shiners_score_minus_2_5_12(count, points):
    """Rulebook: "Shiners (x3): -2 / 5 / 12 for 1 / 2 / 3; collect more than one Shiner to score
    points." """
    assert totals(pile(shiner=count), pile()) == [points, 0]


def test_kingfish_and_action_tiles_score_nothing():
    """Rulebook: "Action tiles are not worth any points at the end of the game"."""
    assert totals(pile(kingfish=1, swap_fish=1, double=1), pile()) == [0, 0]
    assert lines((pile(kingfish=1), pile()), 0) == [("Kingfish x1 (no points)", 0)]


def test_two_players_compare_fishing_scores():
    """Rulebook: "In a 2-player game, the player with the higher fishing score is the winner!" """
    state = make({}, phase=Phase.OVER, piles=(pile(red=2), pile(blue=3)))
    outcome = GAME.outcome(state)
    assert outcome is not None and [s.total for s in outcome.scores] == [3, 6]
    assert outcome.winners == (1,) and len(outcome.scores[0].breakdown) == 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_with_3_to_5_players_the_final_score_adds_the_left_neighbours_fishing_score(players):
    """Rulebook: "Your final score is determined by adding your fishing score to the fishing
    score of the player on your left. In a 3-5 player game, the player with the highest final
    score is the winner!" """
    piles = tuple(pile(red=seat + 1) for seat in range(players))
    own = [(seat + 1) * (seat + 2) // 2 for seat in range(players)]
    expected = [own[s] + own[(s + 1) % players] for s in range(players)]
    scores = final_scores(piles, None)
    assert [s.total for s in scores] == expected
    assert all(sum(line.points for line in s.breakdown) == s.total for s in scores)


def test_tied_players_share_the_win():
    """Rulebook: "If there is a tie, the tied players share the win." """
    state = make({}, phase=Phase.OVER, piles=(pile(red=2), pile(blue=2)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)
