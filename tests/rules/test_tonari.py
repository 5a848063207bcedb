"""Tonari: one test per rule, built from literal positions; rulebook sentences quoted."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.errors import IllegalMove, InvalidMove
from rules.fishing_common import Double, MoveBoat, RemovePiece, SwapSpaces, Trade
from rules.tonari import BOARD, FISH, ISLANDS, Phase, PlaceBoat, Token, Tonari, TonariState

GAME = Tonari()
T = Token


def at(label: str) -> int:
    index = BOARD.find(label)
    assert index is not None
    return index


def pile(**counts: int) -> tuple[int, ...]:
    return tuple(counts.get(t.name.lower(), 0) for t in FISH)


def make(
    tokens: dict[str, Token],
    boat: str | None = "d4",
    players: int = 3,
    turn: int = 0,
    phase: Phase = Phase.MOVE,
    piles: tuple[tuple[int, ...], ...] | None = None,
    season: Token | None = None,
    moved_at: tuple[int, ...] | None = None,
) -> TonariState:
    board = [None] * BOARD.size
    for label, token in tokens.items():
        board[at(label)] = token
    return TonariState(
        players=players,
        seed=1,
        tokens=tuple(board),
        boat=None if boat is None else at(boat),
        turn=turn,
        phase=phase,
        piles=piles or tuple(pile() for _ in range(players)),
        season=season,
        boat_moves=max(moved_at) if moved_at else 0,
        moved_at=moved_at or (0,) * players,
        last_hexes=(),
        last_seat=None,
        note="",
    )


def play(state: TonariState, *texts: str) -> TonariState:
    for text in texts:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.parse(state, text))
    return state


def labels(state: TonariState) -> list[str]:
    (seat,) = GAME.to_act(state)
    return [GAME.format(state, m) for m in GAME.legal_moves(state, seat)]


def over(piles: tuple[tuple[int, ...], ...], **kw: object) -> TonariState:
    """A finished game with these piles."""
    return make({}, players=len(piles), phase=Phase.OVER, piles=piles, **kw)  # type: ignore[arg-type]


# -- board and setup ----------------------------------------------------------------------------
def test_board_has_44_hexes_42_token_spaces_and_two_island_hexes():
    """Rulebook: "Fill all of the spaces on the game board except for the two Kuchinoshima
    island spaces in the center." 35 fish + 7 skill tokens fill 42 spaces (games.md)."""
    assert BOARD.size == 44
    assert [last - first + 1 for _, first, last in BOARD.rows] == [5, 6, 7, 8, 7, 6, 5]
    assert [BOARD.label(i) for i in ISLANDS] == ["d4", "e4"]
    around = {n for i in ISLANDS for n in BOARD.neighbours[i]} - set(ISLANDS)
    assert len(around) == 8


def test_setup_deals_35_fish_and_7_skills_at_random_leaving_the_islands_empty():
    """Rulebook: "Take all Fish and Skill tokens ... shuffle them together ... place one in each
    space"."""
    state = GAME.setup(3, {}, 5)
    dealt = Counter(t for t in state.tokens if t is not None)
    assert sum(dealt.values()) == 42
    assert sum(dealt[t] for t in FISH) == 35
    assert dealt[T.RED] == dealt[T.BLUE] == dealt[T.GREEN] == dealt[T.YELLOW] == 6
    assert (dealt[T.ORANGE], dealt[T.PURPLE], dealt[T.PINK]) == (7, 2, 2)
    assert (dealt[T.SENSE], dealt[T.ROUGH], dealt[T.SCARE], dealt[T.SEASON]) == (2, 2, 2, 1)
    assert all(state.tokens[i] is None for i in ISLANDS)
    assert GAME.setup(3, {}, 6).tokens != state.tokens
    assert GAME.setup(3, {}, 5) == state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_player_right_of_the_starting_player_places_the_boat_on_either_island_hex(players):
    """Rulebook: "the player to their right takes the Boat marker and places it on either of the
    two Kuchinoshima island spaces." Seat 1 starts; the last seat sits to its right."""
    state = GAME.setup(players, {}, 2)
    assert GAME.to_act(state) == (players - 1,)
    assert labels(state) == ["boat d4", "boat e4"]
    assert "choose which island hex gets the boat" in GAME.pending(state)
    placed = play(state, "boat e4")
    assert placed.boat == at("e4") and GAME.to_act(placed) == (0,)
    assert "placed the boat on the island hex e4" in GAME.describe(
        state, players - 1, PlaceBoat(at("e4")), placed
    )


def test_the_boat_cannot_be_placed_off_the_island():
    state = GAME.setup(3, {}, 2)
    with pytest.raises(IllegalMove, match="c3 is not an island hex"):
        GAME.apply(state, 2, PlaceBoat(at("c3")))


# -- moving ------------------------------------------------------------------------------------
def test_the_boat_moves_into_an_adjacent_space_with_a_token_and_collects_it():
    """Rulebook: "must move the Boat marker from its current space into an adjacent space that
    contains a token ... After they move the Boat marker, they collect the token in the new
    space." """
    state = make({"c4": T.RED, "d3": T.BLUE, "b4": T.GREEN, "e2": T.YELLOW})
    assert labels(state) == ["d3", "c4"]
    after = play(state, "c4")
    assert after.boat == at("c4") and after.tokens[at("c4")] is None
    assert after.piles[0] == pile(red=1)


def test_play_passes_clockwise_and_the_next_player_moves_from_where_the_boat_is():
    """Rulebook: "play passes clockwise. The next player must always take control of the Boat
    marker at its current location and determine their move from there." """
    state = make({"c4": T.RED, "b4": T.BLUE, "a4": T.GREEN}, players=3, turn=2)
    after = play(state, "c4")
    assert GAME.to_act(after) == (0,)
    assert labels(after) == ["b4"]
    assert GAME.to_act(play(after, "b4")) == (1,)


def test_an_empty_or_distant_space_is_refused_with_the_reason():
    state = make({"c4": T.RED, "a4": T.BLUE, "b4": None})  # type: ignore[dict-item]
    with pytest.raises(IllegalMove, match="c5 is empty: the boat only moves onto a token"):
        GAME.apply(state, 0, MoveBoat(at("c5")))
    with pytest.raises(IllegalMove, match=r"a4 is not next to the boat \(d4\).*Legal now: `c4`"):
        GAME.apply(state, 0, MoveBoat(at("a4")))


def test_the_boat_never_stops_on_an_island_hex_again():
    state = make({"c4": T.RED})
    assert "e4" not in labels(state)
    with pytest.raises(IllegalMove, match="e4 is an island hex"):
        GAME.apply(state, 0, MoveBoat(at("e4")))


def test_pink_cannot_be_caught_from_an_adjacent_space():
    """Rulebook: "players cannot catch them by moving directly into their space from an adjacent
    space." Clarification: an adjacent Pink that cannot be jumped to is not a move."""
    state = make({"c4": T.PINK, "d3": T.RED})
    assert labels(state) == ["d3"]
    with pytest.raises(IllegalMove, match="c4 holds a Pink token, which cannot be caught from an"):
        GAME.apply(state, 0, MoveBoat(at("c4")))


def test_pink_is_caught_by_a_two_space_jump_over_an_empty_space():
    """Rulebook: "a player must move the Boat marker 2 spaces in a straight line, jumping over an
    empty space to land on the PINK TOKEN." From c4 over the emptied b4 to a4."""
    state = make({"a4": T.PINK, "c3": T.RED}, boat="c4")
    assert labels(state) == ["c3", "a4"]
    after = play(state, "a4")
    assert after.piles[0] == pile(pink=1)
    assert "with a jump" in GAME.describe(state, 0, MoveBoat(at("a4")), after)


def test_pink_may_be_jumped_to_over_an_island_space():
    """Rulebook: "The Boat marker may jump over an island space during this move." From d3 over
    the island hex e4 to e5, and from the island hex e4 over the island hex d4 to c4."""
    state = make({"e5": T.PINK}, boat="d3")
    assert labels(state) == ["e5"]
    assert labels(make({"c4": T.PINK}, boat="e4")) == ["c4"]


def test_a_pink_jump_over_a_token_is_refused():
    state = make({"a4": T.PINK, "b4": T.RED}, boat="c4")
    assert labels(state) == ["b4"]
    with pytest.raises(IllegalMove, match="still holds a token"):
        GAME.apply(state, 0, MoveBoat(at("a4")))


def test_a_pink_two_spaces_away_off_a_straight_line_is_refused():
    state = make({"b4": T.PINK, "d5": T.RED}, boat="c5")
    assert labels(state) == ["d5"]
    with pytest.raises(IllegalMove, match="not two hexes away in a straight line"):
        GAME.apply(state, 0, MoveBoat(at("b4")))


def test_the_game_ends_when_the_player_on_turn_has_no_adjacent_token_and_no_pink_jump():
    """Rulebook: "Play continues until a player has no legal move (i.e. all neighbouring spaces
    being empty and no Pink token jump being possible)." The only token left next to c4 is a
    Pink, which cannot be taken from next door."""
    state = make({"b4": T.RED, "a4": T.PINK, "a5": T.PINK}, boat="c4", players=2)
    after = play(state, "b4")
    assert after.phase is Phase.OVER and GAME.to_act(after) == ()
    assert "Seat 2 has no adjacent token and no Pink jump from b4" in after.note
    assert GAME.outcome(after) is not None


# -- skills ------------------------------------------------------------------------------------
def test_sense_the_schools_swaps_the_tokens_of_two_spaces_before_play_passes():
    """Rulebook: "When collecting this token, the player must swap the tokens on any 2 spaces on
    the board with each other." and "All Skill tokens are used immediately when collected,
    before play passes to the next player." """
    state = make({"c4": T.SENSE, "a1": T.RED, "e7": T.PINK, "b4": T.BLUE})
    mid = play(state, "c4")
    assert mid.phase is Phase.SENSE and GAME.to_act(mid) == (0,)
    assert "Sense the Schools" in GAME.pending(mid)
    after = play(mid, "swap B4 a1")
    assert after.tokens[at("a1")] is T.BLUE and after.tokens[at("b4")] is T.RED
    assert GAME.to_act(after) == (1,)
    assert "swapped a1 (Red fish) and b4 (Blue fish)" in GAME.describe(
        mid, 0, SwapSpaces(at("a1"), at("b4")), after
    )


def test_sense_the_schools_needs_a_token_on_both_spaces():
    mid = play(make({"c4": T.SENSE, "a1": T.RED, "b4": T.BLUE}), "c4")
    with pytest.raises(IllegalMove, match="c5 holds no token"):
        GAME.apply(mid, 0, SwapSpaces(at("a1"), at("c5")))


def test_rough_waters_swaps_one_of_your_fish_with_an_opponents():
    """Rulebook: "Swap 1 Fish from your pile with 1 from an opponent's pile." """
    piles = (pile(red=1), pile(blue=2), pile(orange=1))
    mid = play(make({"c4": T.ROUGH, "a1": T.RED}, piles=piles), "c4")
    assert mid.phase is Phase.ROUGH
    assert labels(mid) == [
        "trade red for blue seat 2",
        "trade red for orange seat 3",
    ]
    after = play(mid, "Trade R for B with 2")
    assert after.piles == (pile(blue=1), pile(red=1, blue=1), pile(orange=1))


def test_rough_waters_never_swaps_purple_or_pink():
    """Rulebook: "You cannot swap any PURPLE or PINK Fish tokens." """
    piles = (pile(purple=1, red=1), pile(pink=1, blue=1), pile())
    mid = play(make({"c4": T.ROUGH, "a1": T.RED}, piles=piles), "c4")
    assert labels(mid) == ["trade red for blue seat 2"]
    with pytest.raises(IllegalMove, match="cannot trade Purple fish: only Red fish, Blue"):
        GAME.apply(mid, 0, Trade(T.PURPLE, 1, T.BLUE))
    with pytest.raises(IllegalMove, match="Seat 3 has no Blue fish"):
        GAME.apply(mid, 0, Trade(T.RED, 2, T.BLUE))


def test_scare_it_off_removes_a_token_from_the_board():
    """Rulebook: "Remove any 1 token from the board." """
    mid = play(make({"c4": T.SCARE, "a1": T.RED, "b4": T.BLUE}), "c4")
    assert labels(mid) == ["remove a1", "remove b4"]
    after = play(mid, "scare a1")
    assert after.tokens[at("a1")] is None and GAME.to_act(after) == (1,)
    with pytest.raises(IllegalMove, match="c5 holds no token to remove"):
        GAME.apply(mid, 0, RemovePiece(at("c5")))


def test_in_season_doubles_a_collected_colour_for_all_players():
    """Rulebook: "Place the In Season token next to a collected Fish token of one of the following
    types of Fish: BLUE, RED, YELLOW, or GREEN. That type of Fish is worth double points for all
    players." Any player's pile counts (games.md)."""
    piles = (pile(orange=1), pile(green=2), pile(red=1))
    mid = play(make({"c4": T.SEASON, "a1": T.RED}, piles=piles), "c4")
    assert labels(mid) == ["double red", "double green"]
    with pytest.raises(IllegalMove, match="Nobody has collected a Blue fish yet"):
        GAME.apply(mid, 0, Double(T.BLUE))
    after = play(mid, "season GREEN")
    assert after.season is T.GREEN
    assert GAME.view(after, None).fish_values[1] == 6  # two Greens: 3, doubled


def test_in_season_is_discarded_when_nobody_has_a_set_colour():
    """Rulebook: "If there are no collected Fish tokens of these four types, discard the In
    Season token with no effect." """
    state = make({"c4": T.SEASON, "b4": T.RED}, piles=(pile(orange=1), pile(), pile()))
    after = play(state, "c4")
    assert after.phase is Phase.MOVE and GAME.to_act(after) == (1,)
    said = GAME.describe(state, 0, MoveBoat(at("c4")), after)
    assert "In Season is discarded with no effect" in said


def test_a_skill_with_no_legal_use_is_discarded():
    """Rough Waters with no tradable pair: nothing happens and play passes (games.md #3)."""
    state = make({"c4": T.ROUGH, "b4": T.RED}, piles=(pile(pink=1), pile(red=1), pile()))
    after = play(state, "c4")
    assert after.phase is Phase.MOVE and GAME.to_act(after) == (1,)
    assert "Rough Waters is discarded with no effect" in after.note


def test_a_skill_move_does_not_fit_a_boat_move_decision():
    state = make({"c4": T.RED})
    with pytest.raises(IllegalMove, match="does not fit now: Seat 1: move the boat"):
        GAME.apply(state, 0, Double(T.RED))


# -- scoring -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("count", "points"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21)])
def test_sets_of_one_colour_score_by_the_chart(count, points):
    """Rulebook chart: Count 1..6 -> VP 1 / 3 / 6 / 10 / 15 / 21."""
    outcome = GAME.outcome(over((pile(red=count), pile())))
    assert outcome is not None and outcome.scores[0].total == points


def test_orange_gives_8_to_the_single_player_with_the_most():
    """Rulebook: "The player with the most Orange tokens scores a flat 8 points. All other Orange
    Fish are not worth any points." """
    outcome = GAME.outcome(over((pile(orange=3), pile(orange=2), pile())))
    assert outcome is not None
    assert [s.total for s in outcome.scores] == [8, 0, 8]  # seat 3 adds seat 1's fish


def test_tied_orange_majority_scores_nothing():
    """Rulebook: "If there is a tie for the most Orange tokens, no points are awarded for Orange
    tokens." """
    outcome = GAME.outcome(over((pile(orange=2), pile(orange=2))))
    assert outcome is not None and [s.total for s in outcome.scores] == [0, 0]


def test_purple_is_minus_five_and_pink_plus_five_each():
    """Rulebook: "Purple tokens are worth -5 (negative five) points each" and "Each PINK TOKEN is
    worth 5 points when scoring"."""
    outcome = GAME.outcome(over((pile(purple=2, pink=1), pile())))
    assert outcome is not None and outcome.scores[0].total == -5
    assert [(line.label, line.points) for line in outcome.scores[0].breakdown] == [
        ("Purple x2", -10),
        ("Pink x1", 5),
    ]


def test_three_or_four_players_add_the_fish_of_the_player_to_their_left():
    """Rulebook: "In a 3-4 player game, players then add the value of their Fish to the value of
    the Fish caught by the player to their left." Left = the next seat clockwise."""
    outcome = GAME.outcome(over((pile(red=1), pile(blue=2), pile(green=3), pile(pink=1))))
    assert outcome is not None
    assert [s.total for s in outcome.scores] == [1 + 3, 3 + 6, 6 + 5, 5 + 1]
    assert outcome.scores[3].breakdown[-1].label == "Seat 1's fish (left neighbour)"
    assert all(sum(line.points for line in s.breakdown) == s.total for s in outcome.scores)
    assert outcome.winners == (2,)


def test_two_players_score_only_their_own_fish():
    """Rulebook: "In a 2 player game, the player with the highest total score wins"."""
    outcome = GAME.outcome(over((pile(red=2), pile(blue=1))))
    assert outcome is not None
    assert [s.total for s in outcome.scores] == [3, 1] and outcome.winners == (0,)


def test_a_tie_goes_to_the_tied_player_who_moved_the_boat_most_recently():
    """Rulebook: "In the case of a tie, the player who last moved the boat wins." Clarification:
    among the tied players, the one who moved it most recently. Seats 1 and 2 tie on 4; seat 3
    made the very last move (8) but is not tied, so seat 2 (move 7) wins."""
    piles = (pile(red=1), pile(blue=2), pile(green=1))
    outcome = GAME.outcome(over(piles, moved_at=(6, 7, 8)))
    assert outcome is not None
    assert [s.total for s in outcome.scores] == [4, 4, 2]
    assert outcome.winners == (1,)
    assert outcome.extra == (
        "Seat 1, Seat 2 tie on 4; Seat 2 moved the boat most recently and wins.",
    )


def test_a_two_player_tie_goes_to_the_last_mover():
    outcome = GAME.outcome(over((pile(red=2), pile(blue=2)), moved_at=(9, 8)))
    assert outcome is not None and outcome.winners == (0,)


def test_a_tie_between_players_who_never_moved_the_boat_is_shared():
    """Our reading: placing the boat is not moving it; without a mover the tied players share."""
    outcome = GAME.outcome(over((pile(red=2), pile(blue=2))))
    assert outcome is not None and outcome.winners == (0, 1)


def test_every_breakdown_sums_to_its_total_and_names_in_season():
    piles = (pile(red=2, orange=2, purple=1), pile(red=1, blue=3, pink=1), pile(orange=1))
    outcome = GAME.outcome(over(piles, season=T.RED))
    assert outcome is not None
    for score in outcome.scores:
        assert sum(line.points for line in score.breakdown) == score.total
    first = [(line.label, line.points) for line in outcome.scores[0].breakdown]
    assert first == [
        ("Red x2 (3, doubled by In Season)", 6),
        ("Orange x2 (the most)", 8),
        ("Purple x1", -5),
        ("Seat 2's fish (left neighbour)", 2 + 6 + 5),
    ]


# -- notation and view -------------------------------------------------------------------------
def test_parse_accepts_case_insensitive_variants_and_format_is_canonical():
    state = make({"c4": T.RED})
    assert GAME.parse(state, " C4 ") == GAME.parse(state, "go c4") == MoveBoat(at("c4"))
    assert GAME.parse(state, "SWAP f6 c3") == SwapSpaces(at("c3"), at("f6"))
    assert GAME.format(state, SwapSpaces(at("c3"), at("f6"))) == "swap c3 f6"
    assert GAME.parse(state, "Remove C3") == RemovePiece(at("c3"))
    assert GAME.parse(state, "double Yellow") == Double(T.YELLOW)
    assert GAME.parse(state, "trade orange for red seat 3") == Trade(T.ORANGE, 2, T.RED)
    assert GAME.parse(state, "boat D4") == PlaceBoat(at("d4"))
    placing = GAME.setup(2, {}, 1)
    assert GAME.parse(placing, "e4") == PlaceBoat(at("e4"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("z9", "`z9` is not a space on this board"),
        ("fly away", "`fly away` is not a Tonari move"),
        ("swap c3 q9", "`q9` is not a space on this board"),
        ("trade red for blue seat 7", "`7` is not a seat number"),
        ("double purple", "`purple` is not one of: red, blue, green, yellow"),
        ("", "is not a Tonari move"),
    ],
)
def test_unreadable_moves_quote_the_text_and_the_notation(text, message):
    with pytest.raises(InvalidMove, match=message):
        GAME.parse(make({"c4": T.RED}), text)


def test_the_view_shows_targets_scores_and_the_pending_decision():
    state = make({"c4": T.RED, "a4": T.PINK}, piles=(pile(red=1), pile(), pile(blue=1)))
    view = GAME.view(state, None)
    assert view.targets == (at("c4"),)
    assert view.fish_values == (1, 0, 1) and view.totals == (1, 1, 2)
    assert view.pending.startswith("Seat 1: move the boat") and view.turn == 0


def test_kinds_may_be_written_by_a_prefix_no_other_kind_shares():
    """Notation shared with Friendly Fishing: "pu" is Purple, "pi" Pink, but "p" could be
    either and is refused with the list of names."""
    state = make({"c4": T.RED})
    assert GAME.parse(state, "trade pu for o seat 2") == Trade(T.PURPLE, 1, T.ORANGE)
    assert GAME.parse(state, "rough my pinks for their reds with seat 3") == Trade(T.PINK, 2, T.RED)
    with pytest.raises(InvalidMove, match="`p` could be several of: red, blue, green"):
        GAME.parse(state, "trade p for red seat 2")
    assert GAME.parse(state, "swap c3 and f6") == SwapSpaces(at("c3"), at("f6"))


def test_a_swap_of_one_space_with_itself_is_refused():
    mid = play(make({"c4": T.SENSE, "a1": T.RED, "b4": T.BLUE}), "c4")
    with pytest.raises(IllegalMove, match="A swap needs two different spaces holding a token"):
        GAME.apply(mid, 0, GAME.parse(mid, "swap a1 a1"))


# -- issue 15: placement ends the turn, like-for-like swaps, placing counts as moving -----------
def test_placing_the_boat_where_it_has_no_move_ends_the_game():
    """Rulebook: "Play continues until a player has no legal move." Placing passes through the
    same end-of-turn check as any move: only a Red on a1 is left, and from d4 it is out of reach,
    so seat 1 (next to move) has no move and the game is over, with views that do not crash."""
    state = make({"a1": T.RED}, boat=None, players=2, turn=1, phase=Phase.PLACE)
    after = play(state, "boat d4")
    assert after.phase is Phase.OVER and GAME.to_act(after) == ()
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.reason == "Seat 1 has no adjacent token and no Pink jump from d4."
    assert GAME.pending(after) == "nothing: the game is over"
    view = GAME.view(after, None)
    assert view.turn is None and view.targets == () and view.boat == at("d4")
    assert "the game is over" in GAME.describe(state, 1, PlaceBoat(at("d4")), after)


def test_placing_the_boat_counts_as_moving_it_for_the_tie_break():
    """games.md (Clarifications): "Placing the boat counts as moving it (the placer moved it onto
    the board), so a tie in which nobody else moved the boat goes to the placer if they are among
    the tied." Seat 2 places on d4; seat 1's only token is out of reach, so nobody else moves it,
    and the 0-0 tie goes to seat 2."""
    state = make({"a1": T.RED}, boat=None, players=2, turn=1, phase=Phase.PLACE)
    after = play(state, "boat d4")
    assert after.moved_at == (0, 1)
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.extra == (
        "Seat 1, Seat 2 tie on 0; Seat 2 moved the boat most recently and wins.",
    )


def test_a_later_boat_move_beats_the_placement_in_the_tie_break():
    """Counting the placement as a move does not outrank a real move made after it."""
    state = make({"c4": T.RED, "a1": T.BLUE}, boat=None, players=2, turn=1, phase=Phase.PLACE)
    after = play(state, "boat d4", "c4")  # seat 2 places, seat 1 catches the Red
    assert after.moved_at == (2, 1)


def test_rough_waters_offers_like_for_like_swaps_beside_the_others():
    """games.md (Clarifications): "Rough Waters may swap like for like (red for red): allowed, it
    changes nothing, and so is the way to decline the swap." Seat 2 holds a Red and a Blue: both
    swaps are offered, the Red for Red too, and playing it leaves every pile as it was."""
    piles = (pile(red=1), pile(red=1, blue=1), pile())
    mid = play(make({"c4": T.ROUGH, "b4": T.RED}, piles=piles), "c4")
    assert labels(mid) == ["trade red for red seat 2", "trade red for blue seat 2"]
    after = play(mid, "trade red for red seat 2")
    assert after.piles == piles and GAME.to_act(after) == (1,)
    said = GAME.describe(mid, 0, Trade(T.RED, 1, T.RED), after)
    assert said == (
        "Seat 1 used Rough Waters: swapped a Red fish for Seat 2's Red fish, like for like: "
        "nothing changes."
    )


def test_rough_waters_with_only_like_for_like_swaps_is_played_not_discarded():
    """The same clarification: with only a Red each, Rough Waters is not discarded; the one
    legal use is the like-for-like swap, which keeps the fish."""
    piles = (pile(red=1), pile(red=2), pile(purple=1))
    state = make({"c4": T.ROUGH, "a1": T.RED}, piles=piles)
    mid = play(state, "c4")
    assert mid.phase is Phase.ROUGH and mid.note == ""
    assert labels(mid) == ["trade red for red seat 2"]
    assert play(mid, "trade red for red 2").piles == piles


def test_a_held_state_without_a_move_does_not_crash_its_texts_or_view():
    """Issue 15: "a state the engine can hold must never crash a view". Play never leaves a
    turn without a move (the game ends), but a state built that way still gets texts."""
    stuck = make({"a1": T.RED}, boat="d4", players=2)
    assert GAME.legal_moves(stuck, 0) == []
    assert GAME.pending(stuck) == "Seat 1: no legal move"
    assert GAME.view(stuck, None).targets == ()
