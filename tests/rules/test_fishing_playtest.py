"""Friendly Fishing play-test scenarios: edge cases a rulebook-savvy player would try, played
through the public API (parse/apply/describe/pending/outcome) from literal positions."""

from __future__ import annotations

import pytest

from rules.errors import InvalidMove
from rules.fishing import Phase
from rules.fishing.options import check_options
from tests.rules.test_fishing import GAME, F, at, legal, make, pile, play


def said(before, text: str):  # type: ignore[no-untyped-def]
    """(state after, describe() text) for the seat on turn playing ``text``."""
    (seat,) = GAME.to_act(before)
    move = GAME.parse(before, text)
    after = GAME.apply(before, seat, move)
    return after, GAME.describe(before, seat, move, after)


def lines(state, seat: int) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    outcome = GAME.outcome(state)
    assert outcome is not None
    return [(line.label, line.points) for line in outcome.scores[seat].breakdown]


# -- Dinker chains --------------------------------------------------------------------------------
def test_a_chain_through_three_dinkers_ends_on_a_skipjack_line():
    """Rulebook: "Each time you move onto a Dinker, you may choose to leave the Dinker in place
    and move again". games.md: "Landing on another Dinker repeats the choice." From the third
    Dinker (a5) the only move left is the Skipjack down the open line a6-a7."""
    state = make(
        {"b4": F.DINKER, "a4": F.DINKER, "a5": F.DINKER, "a7": F.SKIPJACK, "h4": F.RED},
        boat="c4",
    )
    state = play(state, "b4", "leave", "a4", "leave", "a5")
    assert state.phase is Phase.DINKER and legal(state) == ["take", "leave"]
    state = play(state, "leave")
    assert legal(state) == ["a7"]  # b4, a4 were visited; a5 is where the boat floats
    after, text = said(state, "a7")
    assert after.piles[0] == pile(skipjack=1)
    assert [after.tiles[at(h)] for h in ("b4", "a4", "a5")] == [F.DINKER] * 3
    assert "straight line" in text


def test_a_dinker_left_behind_offers_the_same_choice_on_a_later_turn():
    """games.md: "A Dinker left behind stays a normal target later." The next seat lands on it
    and chooses again."""
    state = make({"b4": F.DINKER, "a4": F.RED, "a5": F.BLUE}, boat="c4")
    state = play(state, "b4", "leave", "a4")
    assert GAME.to_act(state) == (1,) and legal(state) == ["b4", "a5"]
    state = play(state, "b4")
    assert state.phase is Phase.DINKER and GAME.to_act(state) == (1,)
    assert play(state, "take").piles[1] == pile(dinker=1)


def test_a_dinker_whose_only_way_on_is_a_skipjack_line_may_be_left():
    """Rulebook: "(as long as there is a possible move to another tile from there)" — a Skipjack
    line counts as a possible move (games.md: the test "includes Skipjack lines")."""
    state = make({"b4": F.DINKER, "b1": F.SKIPJACK}, boat="c4")
    state = play(state, "b4")
    assert legal(state) == ["take", "leave"]
    assert play(state, "leave", "b1").piles[0] == pile(skipjack=1)


# -- returning to the island and the end ----------------------------------------------------------
def test_a_stuck_boat_returns_to_the_island_because_a_skipjack_line_starts_there():
    """Rulebook: "The Skipjack tile adds a special boat move (see Skipjacks). If it is in play,
    double-check if the boat can move." Nothing is next to the island, but h4 is a Skipjack at
    the end of the open line f4-g4."""
    state = make({"a1": F.RED, "h4": F.SKIPJACK}, boat="b2")
    state = play(state, "a1")
    assert state.phase is Phase.MOVE and state.boat is None and legal(state) == ["h4"]
    assert "returns to the central island" in state.note
    assert "Seat 2" in state.note
    over = play(state, "h4")
    assert over.phase is Phase.OVER


def test_an_action_tile_that_empties_the_boats_reach_ends_the_game():
    """Rulebook: "The game ends as soon as the boat has no possible moves at the start of a
    player's turn, even after returning the boat to the central island." Remove a Tile takes the
    last reachable tile; the next turn finds nothing even from the island."""
    state = make({"b4": F.REMOVE, "b3": F.RED, "a7": F.BLUE}, boat="c4")
    state = play(state, "b4")
    assert legal(state) == ["remove b3", "remove a7"]
    after, text = said(state, "remove b3")
    assert after.phase is Phase.OVER and GAME.to_act(after) == ()
    assert "Red fish on b3 went back to the box" in text and "the game is over" in text
    assert after.tiles[at("a7")] is F.BLUE  # the unreachable fish stays, worth nothing


# -- Kingfish -------------------------------------------------------------------------------------
def test_a_kingfish_win_is_not_shared_even_when_another_seat_scores_more():
    """Rulebook: "In a 4- or 5-player game, you only need to collect 2 Kingfish. (This win is not
    shared with any other player.)" Seat 3 holds six red fish (21) yet seat 1 wins at once."""
    piles = (pile(kingfish=1), pile(), pile(red=6), pile(), pile())
    state = make({"c4": F.KINGFISH, "a1": F.BLUE}, boat="b4", players=5, side="large", piles=piles)
    after, text = said(state, "c4")
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0,)
    assert "wins at once" in text and "not shared" in outcome.extra[0]
    assert after.tiles[at("a1", "large")] is F.BLUE  # the game stopped with tiles left


# -- Lunkers --------------------------------------------------------------------------------------
def test_lunkers_change_hands_and_only_the_last_catcher_scores():
    """Rulebook: "When you collect a Lunker, any other player with a Lunker must discard it ...
    only the last Lunker that is collected scores." Seat 1 catches two, seat 2 the third."""
    state = make({"b4": F.LUNKER, "a4": F.LUNKER, "a5": F.LUNKER, "a1": F.RED}, boat="c4")
    state = play(state, "b4", "a4")  # seat 1 then seat 2
    assert state.piles == (pile(), pile(lunker=1))
    assert "Seat 1 discards their Lunker" in state.note
    state = play(state, "a5")  # seat 1 again
    assert state.piles == (pile(lunker=1), pile())


def test_a_seat_holding_two_lunkers_scores_five_once():
    """Our reading: "Lunkers: only the holder of the last Lunker caught scores 5, once." """
    state = make({}, phase=Phase.OVER, piles=(pile(lunker=2), pile()))
    assert lines(state, 0) == [("Lunker x2 (only the last caught scores)", 5)]


# -- scoring through play -------------------------------------------------------------------------
def test_double_points_chosen_in_play_doubles_that_colour_for_every_seat():
    """Rulebook: "This common fish color is worth double points for all players during
    scoring." """
    piles = (pile(yellow=2), pile(yellow=3, red=1))
    state = make({"b4": F.DOUBLE, "a1": F.RED}, boat="c4", piles=piles)
    after, text = said(play(state, "b4"), "double yellow")
    assert after.doubled is F.YELLOW and "Yellow fish score double" in text
    over = make({}, phase=Phase.OVER, piles=after.piles, doubled=after.doubled)
    assert lines(over, 0) == [("Yellow x2 (3, doubled by Double Points)", 6)]
    assert ("Yellow x3 (6, doubled by Double Points)", 12) in lines(over, 1)


def test_crayfish_second_place_is_shared_by_a_three_way_tie_with_five_players():
    """Rulebook: "In the event of a tie in either category, the tied players score full
    points." Counts 3 / 2 / 2 / 2 / 0: 8 for the most, 4 for each of the three tied seconds,
    nothing for the seat without crayfish."""
    piles = tuple(pile(crayfish=n) for n in (3, 2, 2, 2, 0))
    state = make({}, players=5, side="large", phase=Phase.OVER, piles=piles)
    outcome = GAME.outcome(state)
    assert outcome is not None
    own = [sum(p for name, p in lines(state, s) if "left" not in name) for s in range(5)]
    assert own == [8, 4, 4, 4, 0]
    # Final = own + left neighbour's: seat 5's left is seat 1.
    assert [s.total for s in outcome.scores] == [12, 8, 8, 4, 8]
    assert outcome.winners == (0,)


def test_equal_final_scores_share_the_win_with_four_players():
    """Rulebook: "If there is a tie, the tied players share the win." Fishing scores 3/3/3/3
    give every seat 6."""
    piles = tuple(pile(red=2) for _ in range(4))
    outcome = GAME.outcome(make({}, players=4, phase=Phase.OVER, piles=piles))
    assert outcome is not None and outcome.winners == (0, 1, 2, 3)


# -- texts a player reads -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tiles", "phase", "example"),
    [
        ({"a1": F.RED, "b1": F.BLUE}, Phase.SWAP_TILES, "`swap a1 b1`"),
        ({"a1": F.RED, "e7": F.BLUE}, Phase.REMOVE, "`remove a1`"),
        ({"a1": F.RED}, Phase.SLIDE, "`slide a1 b1`"),
        ({}, Phase.SWAP_FISH, "`trade blue for crayfish seat 2`"),
    ],
)
def test_action_decisions_give_an_example_that_can_really_be_played(tiles, phase, example):
    piles = (pile(blue=1), pile(crayfish=1))
    state = make(tiles, boat="c4", phase=phase, piles=piles)
    assert example in GAME.pending(state)
    GAME.check(state, 0, GAME.parse(state, example.strip("`")))


def test_an_unknown_set_is_quoted_as_typed():
    with pytest.raises(InvalidMove, match="`Lobsters` is not a special set"):
        check_options(3, {"sets": "kingfish, Lobsters"})
