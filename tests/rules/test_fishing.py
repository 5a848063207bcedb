"""Friendly Fishing: board, setup, options and moves, one test per rule; rulebook quoted."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.errors import IllegalMove, InvalidMove
from rules.fishing import FishingState, FriendlyFishing, Phase
from rules.fishing.data import KINDS, SIDES, Tile
from rules.fishing.game import LeaveDinker, Slide, TakeDinker
from rules.fishing_common import Double, MoveBoat, RemovePiece, SwapSpaces, Trade

GAME = FriendlyFishing()
F = Tile


def at(label: str, side: str = "small") -> int:
    index = SIDES[side].board.find(label)
    assert index is not None, label
    return index


def pile(**counts: int) -> tuple[int, ...]:
    return tuple(counts.get(t.name.lower(), 0) for t in KINDS)


def make(
    tiles: dict[str, Tile],
    boat: str | None = None,
    players: int = 2,
    side: str = "small",
    turn: int = 0,
    phase: Phase = Phase.MOVE,
    piles: tuple[tuple[int, ...], ...] | None = None,
    doubled: Tile | None = None,
    visited: tuple[str, ...] = (),
) -> FishingState:
    board = [None] * SIDES[side].board.size
    for label, tile in tiles.items():
        board[at(label, side)] = tile
    return FishingState(
        players=players,
        seed=1,
        side=side,
        sets=("dinkers", "skipjacks"),
        tiles=tuple(board),
        boat=None if boat is None else at(boat, side),
        turn=turn,
        phase=phase,
        visited=tuple(at(v, side) for v in visited),
        piles=piles or tuple(pile() for _ in range(players)),
        doubled=doubled,
        kingfish_winner=None,
        last_hexes=(),
        last_seat=None,
        note="",
    )


def play(state: FishingState, *texts: str) -> FishingState:
    for text in texts:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.parse(state, text))
    return state


def legal(state: FishingState) -> list[str]:
    (seat,) = GAME.to_act(state)
    return [GAME.format(state, m) for m in GAME.legal_moves(state, seat)]


# -- the two board sides --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("side", "hexes", "water", "shore"), [("small", 44, 42, 8), ("large", 51, 48, 10)]
)
def test_the_central_island_touches_8_or_10_water_spaces(side, hexes, water, shore):
    """Rulebook: "the central island is either adjacent to 8 water spaces (small) or 10 water
    spaces (large)." Water spaces match the tile counts: 42 (small) and 48 (large)."""
    data = SIDES[side]
    assert data.board.size == hexes
    assert data.board.size - len(data.island) == water
    assert len(data.shore) == shore


def test_the_small_side_is_tonaris_board_and_the_large_island_is_three_hexes_in_a_row():
    small, large = SIDES["small"], SIDES["large"]
    assert [small.board.label(i) for i in small.shore] == [
        "c3",
        "d3",
        "e3",
        "c4",
        "f4",
        "c5",
        "d5",
        "e5",
    ]
    assert [large.board.label(i) for i in large.island] == ["d4", "e4", "f4"]
    assert [last - first + 1 for _, first, last in large.rows] == [6, 7, 8, 9, 8, 7, 6]


# -- setup and options ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("side", "players", "tiles", "sets"), [("small", 3, 42, 2), ("large", 4, 48, 4)]
)
def test_setup_deals_basic_fish_actions_and_the_special_sets_at_random(side, players, tiles, sets):
    """Rulebook: "Choose 2 sets of special fish tiles to use (6 tiles). If you are using the side
    of the board with the LARGE central island, choose 4 sets ... Add the chosen special fish
    tiles to the 31 basic fish tiles and 5 action tiles. Mix up all the tiles face down, then
    place them randomly on the water spaces of the game board." """
    state = GAME.setup(players, {"side": side, "sets": "random"}, 3)
    dealt = Counter(t for t in state.tiles if t is not None)
    assert sum(dealt.values()) == tiles and len(state.sets) == sets
    assert all(dealt[c] == 6 for c in (F.RED, F.BLUE, F.YELLOW, F.GREEN))
    assert dealt[F.CRAYFISH] == 7
    assert all(dealt[a] == 1 for a in (F.SWAP_FISH, F.SWAP_TILES, F.SLIDE, F.REMOVE, F.DOUBLE))
    specials = {F.KINGFISH, F.LUNKER, F.DINKER, F.SKIPJACK, F.SHINER, F.JUNK}
    assert sum(dealt[t] for t in specials) == 3 * sets
    assert state.boat is None  # "Place the boat token on the central island space"
    assert {GAME.setup(players, {"side": side}, s).sets for s in range(12)} != {state.sets}


def test_chosen_sets_are_used():
    state = GAME.setup(2, {"side": "small", "sets": "Kingfish, lunker"}, 3)
    assert state.sets == ("kingfish", "lunkers")
    dealt = Counter(state.tiles)
    assert dealt[F.KINGFISH] == dealt[F.LUNKER] == 3 and dealt[F.JUNK] == 0


def test_five_players_always_play_the_large_side():
    """Rulebook: "For a 5-player game, use the side with the LARGE central island." Our reading:
    a 5-player game set to the small side plays the large side."""
    state = GAME.setup(5, {"side": "small", "sets": "random"}, 1)
    assert state.side == "large" and len(state.sets) == 4
    assert (
        "5 players a game set to the small side is played on the large side" in GAME.spec.rules_text
    )


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (
            3,
            {"side": "small", "sets": "kingfish,lunkers,junk"},
            "The small side uses 2 special sets, but `sets` names 3",
        ),
        (3, {"side": "large", "sets": "kingfish,lunkers"}, "The large side uses 4 special sets"),
        (
            5,
            {"side": "small", "sets": "kingfish,lunkers"},
            r"\(5 players always play the large side\) uses 4",
        ),
        (
            2,
            {"side": "small", "sets": "kingfish,salmon"},
            "`salmon` is not a special set. The six sets: kingfish, lunkers, dinkers, skipjacks, "
            "shiners, junk",
        ),
        (2, {"side": "small", "sets": "junk,junk"}, "`junk` is named twice"),
    ],
)
def test_check_options_refuses_a_wrong_set_list_and_names_the_six_sets(players, options, message):
    with pytest.raises(InvalidMove, match=message):
        GAME.check_options(players, options)


def test_check_options_accepts_random_and_a_right_sized_list():
    five = {"side": "small", "sets": "random"}
    four = {"side": "large", "sets": "dinkers skipjacks shiners junk"}
    assert GAME.check_options(5, five) is None  # accepted: nothing raised
    assert GAME.check_options(4, four) is None
    assert GAME.setup(5, five, 1).side == "large"  # five players always play the large side
    assert set(GAME.setup(4, four, 1).sets) == {"dinkers", "skipjacks", "shiners", "junk"}


# -- moving the boat ------------------------------------------------------------------------------
def test_the_boat_moves_onto_a_tile_in_an_adjacent_water_space_and_collects_it():
    """Rulebook: "you must move the boat from its current space onto a tile in an adjacent water
    space." and "After moving onto a tile, take it from the board and place it face up in front
    of you. Then play passes to the next player." """
    state = make({"b4": F.RED, "a4": F.BLUE, "c3": F.GREEN}, boat="c4")
    assert legal(state) == ["c3", "b4"]
    after = play(state, "b4")
    assert after.piles[0] == pile(red=1) and after.tiles[at("b4")] is None
    assert GAME.to_act(after) == (1,) and legal(after) == ["a4"]


def test_from_the_central_island_any_adjacent_tile_may_be_chosen():
    """Rulebook: "When moving the boat from the central island, you may move to any adjacent
    tile." """
    state = make({"c3": F.RED, "f4": F.BLUE, "e5": F.GREEN, "a1": F.YELLOW})
    assert legal(state) == ["c3", "f4", "e5"]


def test_move_example_a_stuck_boat_returns_to_the_island_and_moves_from_there():
    """Rulebook Move Example: "On Noah's turn, all of the spaces next to the boat are empty.
    Because there are no possible moves, he first returns the boat back to the central island.
    He decides to move to the blue fish and adds it to his collection. Arden's turn is next. She
    can now choose to either move the boat to the adjacent yellow fish or red fish." """
    before = make({"c4": F.CRAYFISH, "d5": F.BLUE, "e5": F.YELLOW, "d6": F.RED}, boat="b4", turn=1)
    noah_starts = play(before, "c4")  # the previous player empties the boat's surroundings
    assert noah_starts.boat is None and GAME.to_act(noah_starts) == (0,)
    assert "returns to the central island" in noah_starts.note
    arden = play(noah_starts, "d5")
    assert arden.piles[0] == pile(blue=1)
    assert legal(arden) == ["e5", "d6"]


def test_the_game_ends_when_even_the_island_has_no_move():
    """Rulebook: "If the boat is on the central island and there are no possible moves, the game
    ends." """
    state = make({"a4": F.RED, "a1": F.BLUE}, boat="b4")
    after = play(state, "a4")
    assert after.phase is Phase.OVER and GAME.to_act(after) == ()
    assert "game is over" in after.note
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0,)


def test_an_empty_distant_or_island_space_is_refused_with_the_reason():
    state = make({"b4": F.RED, "a4": F.BLUE}, boat="c4")
    with pytest.raises(IllegalMove, match="b3 is empty: the boat moves onto a tile"):
        GAME.apply(state, 0, MoveBoat(at("b3")))
    with pytest.raises(IllegalMove, match=r"a4 is not next to the boat.*Legal now: `b4`"):
        GAME.apply(state, 0, MoveBoat(at("a4")))
    with pytest.raises(IllegalMove, match="d4 is part of the central island"):
        GAME.apply(state, 0, MoveBoat(at("d4")))


# -- Skipjacks ------------------------------------------------------------------------------------
def test_skipjack_example_a_straight_line_through_open_water():
    """Rulebook Skipjack Example: "there is only one tile adjacent to the boat, but she sees a
    Skipjack a few open spaces away. Instead of moving to the action tile, she moves in a
    straight line to the Skipjack and adds it to her collection." """
    state = make({"c5": F.REMOVE, "c1": F.SKIPJACK}, boat="c4")
    assert legal(state) == ["c1", "c5"]
    after = play(state, "c1")
    assert after.piles[0] == pile(skipjack=1)


def test_a_skipjack_line_may_not_cross_another_tile_or_the_island():
    """Rulebook: "You may only collect a Skipjack by moving in a straight line through open water
    (empty spaces). You may not move through the central island space or other tiles." """
    state = make({"c2": F.RED, "c1": F.SKIPJACK, "g4": F.SKIPJACK, "b4": F.BLUE}, boat="c4")
    assert legal(state) == ["b4"]
    with pytest.raises(IllegalMove, match="straight line to the Skipjack on c1 is not open water"):
        GAME.apply(state, 0, MoveBoat(at("c1")))
    with pytest.raises(IllegalMove, match="straight line to the Skipjack on g4"):
        GAME.apply(state, 0, MoveBoat(at("g4")))


def test_a_skipjack_next_to_the_boat_and_lines_from_the_island():
    """Our readings: a Skipjack may be taken from an adjacent space; from the island a line may
    start at any island hex (here east from e4 over f4 and g4)."""
    assert legal(make({"b4": F.SKIPJACK}, boat="c4")) == ["b4"]
    assert legal(make({"h4": F.SKIPJACK, "a1": F.RED})) == ["h4"]
    assert legal(make({"h4": F.SKIPJACK, "g4": F.RED})) == []


def test_a_farther_tile_that_is_not_a_skipjack_is_not_reachable():
    assert legal(make({"a4": F.RED, "c3": F.BLUE}, boat="c4")) == ["c3"]


# -- Dinkers --------------------------------------------------------------------------------------
def test_a_dinker_may_be_taken_or_left_to_move_again():
    """Rulebook: "Each time you move onto a Dinker, you may choose to leave the Dinker in place
    and move again (as long as there is a possible move to another tile from there)." """
    state = make({"b4": F.DINKER, "a4": F.RED}, boat="c4")
    mid = play(state, "b4")
    assert mid.phase is Phase.DINKER and legal(mid) == ["take", "leave"]
    assert "`take` the Dinker, or `leave` it" in GAME.pending(mid)
    kept = play(mid, "take")
    assert kept.piles[0] == pile(dinker=1) and GAME.to_act(kept) == (1,)
    left = play(mid, "Leave")
    assert left.tiles[at("b4")] is F.DINKER and GAME.to_act(left) == (0,)
    assert legal(left) == ["a4"]
    moved_on = play(left, "a4")
    assert moved_on.piles[0] == pile(red=1) and moved_on.tiles[at("b4")] is F.DINKER


def test_a_dinker_with_no_further_move_is_kept():
    state = make({"b4": F.DINKER, "e5": F.RED}, boat="c4")
    after = play(state, "b4")
    assert after.piles[0] == pile(dinker=1) and GAME.to_act(after) == (1,)
    assert "No further move from there: the Dinker is kept" in after.note


def test_a_dinker_chain_never_reenters_a_space_visited_this_turn():
    """Clarification: "A Dinker chain may not re-enter a space the boat already visited this
    turn." From the Dinker on a4 the only tile in reach is the Dinker left on b4."""
    state = make({"b4": F.DINKER, "a4": F.DINKER}, boat="c4")
    after = play(state, "b4", "leave", "a4")
    assert after.piles[0] == pile(dinker=1) and after.tiles[at("b4")] is F.DINKER
    assert GAME.to_act(after) == (1,)


def test_leave_is_refused_without_a_further_move():
    state = make({"b4": F.DINKER}, boat="c4", phase=Phase.DINKER, visited=("b4",))
    state = FishingState(**{**state.__dict__, "boat": at("b4")})
    assert legal(state) == ["take"]
    with pytest.raises(IllegalMove, match="no further move from this Dinker"):
        GAME.apply(state, 0, LeaveDinker())


# -- action tiles ---------------------------------------------------------------------------------
def test_swap_2_fish_trades_basic_fish_with_another_player():
    """Rulebook: "Swap 2 Fish: Take a basic fish tile from another player and give them one of
    your basic fish tiles, if possible." """
    piles = (pile(red=1, skipjack=1), pile(crayfish=1, junk=1))
    mid = play(make({"b4": F.SWAP_FISH, "a1": F.RED}, boat="c4", piles=piles), "b4")
    assert mid.phase is Phase.SWAP_FISH and legal(mid) == ["trade red for crayfish seat 2"]
    after = play(mid, "trade r for cray with 2")
    assert after.piles[0] == pile(crayfish=1, skipjack=1, swap_fish=1)
    assert after.piles[1] == pile(red=1, junk=1)
    with pytest.raises(
        IllegalMove, match="Swap 2 Fish cannot trade Skipjack: only Red fish, Blue fish, Yellow"
    ):
        GAME.apply(mid, 0, Trade(F.SKIPJACK, 1, F.CRAYFISH))


def test_swap_2_fish_without_a_possible_trade_is_discarded():
    piles = (pile(red=1), pile(junk=1))
    state = make({"b4": F.SWAP_FISH, "a4": F.RED}, boat="c4", piles=piles)
    after = play(state, "b4")
    assert after.phase is Phase.MOVE and GAME.to_act(after) == (1,)
    assert "Swap 2 Fish is discarded with no effect" in GAME.describe(
        state, 0, MoveBoat(at("b4")), after
    )


def test_swap_2_tiles_swaps_any_two_board_tiles():
    """Rulebook: "Swap 2 Tiles: Choose any 2 tiles on the board and swap their positions." """
    mid = play(make({"b4": F.SWAP_TILES, "a1": F.RED, "g5": F.JUNK}, boat="c4"), "b4")
    assert legal(mid) == ["swap a1 g5"]
    after = play(mid, "SWAP G5 A1")
    assert after.tiles[at("a1")] is F.JUNK and after.tiles[at("g5")] is F.RED
    with pytest.raises(IllegalMove, match="c3 holds no tile"):
        GAME.apply(mid, 0, SwapSpaces(at("a1"), at("c3")))


def test_slide_a_tile_example_through_open_water():
    """Rulebook Slide a Tile Example: "she moves the boat onto the special action tile, Slide a
    Tile. She decides to slide a Shiner tile over open water to a new space where she hopes she
    can get it later." """
    state = make({"c5": F.SLIDE, "b6": F.SHINER, "a1": F.RED}, boat="c4")
    mid = play(state, "c5")
    assert mid.phase is Phase.SLIDE and "slide b6 f6" in legal(mid)
    after = play(mid, "slide b6 to f6")
    assert after.tiles[at("f6")] is F.SHINER and after.tiles[at("b6")] is None
    said = GAME.describe(mid, 0, Slide(at("b6"), at("f6")), after)
    assert "the Shiner slid from b6 to f6" in said


def test_a_slide_never_passes_through_or_stops_on_the_boats_space():
    """Clarification: "Slide a Tile never passes through or stops on the boat's space." The Shiner
    in the corner a4 is walled in by tiles on a3 and a5 and the boat on b4."""
    state = make({"b4": F.SLIDE, "a4": F.SHINER, "a3": F.RED, "a5": F.BLUE}, boat="c4")
    mid = play(state, "b4")
    assert not [m for m in legal(mid) if m.startswith("slide a4")]
    with pytest.raises(IllegalMove, match="b4 is the boat's space"):
        GAME.apply(mid, 0, Slide(at("a4"), at("b4")))
    with pytest.raises(
        IllegalMove, match="c4 cannot be reached from a4 through connected open water"
    ):
        GAME.apply(mid, 0, Slide(at("a4"), at("c4")))
    with pytest.raises(IllegalMove, match="a5 holds a tile"):
        GAME.apply(mid, 0, Slide(at("a3"), at("a5")))
    with pytest.raises(IllegalMove, match="d4 is part of the central island"):
        GAME.apply(mid, 0, Slide(at("a3"), at("d4")))


def test_remove_a_tile_returns_it_to_the_box():
    """Rulebook: "Remove a Tile: Choose 1 tile from anywhere on the board and return it to the
    box." """
    mid = play(make({"b4": F.REMOVE, "a1": F.RED, "e7": F.JUNK}, boat="c4"), "b4")
    assert legal(mid) == ["remove a1", "remove e7"]
    after = play(mid, "remove E7")
    assert after.tiles[at("e7")] is None
    with pytest.raises(IllegalMove, match="c3 holds no tile"):
        GAME.apply(mid, 0, RemovePiece(at("c3")))


def test_double_points_doubles_a_colour_for_all_players():
    """Rulebook: "Double Points: Place this tile beside one of the colored fish icons in the
    corners of the board. This common fish color is worth double points for all players during
    scoring." Any of the four colours may be chosen."""
    piles = (pile(red=2), pile(red=1, green=1))
    mid = play(make({"b4": F.DOUBLE, "a1": F.RED}, boat="c4", piles=piles), "b4")
    assert legal(mid) == ["double red", "double blue", "double yellow", "double green"]
    after = play(mid, "double RED")
    assert after.doubled is F.RED
    assert GAME.view(after, None).fishing == (6, 3)


def test_an_action_decision_refuses_other_moves():
    mid = play(make({"b4": F.REMOVE, "a1": F.RED}, boat="c4"), "b4")
    with pytest.raises(IllegalMove, match="does not fit now: Seat 1: use Remove a Tile"):
        GAME.apply(mid, 0, Double(F.RED))


# -- special fish ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "held"), [(2, 2), (3, 2), (4, 1), (5, 1)])
def test_kingfish_win_at_once_with_3_or_with_2_in_a_4_or_5_player_game(players, held):
    """Rulebook: "If you collect all 3 Kingfish, you immediately win the game! In a 4- or
    5-player game, you only need to collect 2 Kingfish. (This win is not shared with any other
    player.)" """
    side = "large" if players == 5 else "small"
    piles = (pile(kingfish=held), *(pile(blue=6, crayfish=4) for _ in range(players - 1)))
    state = make(
        {"b4": F.KINGFISH, "a1": F.RED, "f6": F.KINGFISH},
        boat="c4",
        players=players,
        side=side,
        piles=piles,
    )
    after = play(state, "b4")
    assert after.phase is Phase.OVER and after.tiles[at("a1", side)] is F.RED
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0,)
    assert "caught" in outcome.reason and "not shared" in outcome.extra[0]


def test_one_kingfish_short_of_the_win_plays_on():
    piles = (pile(kingfish=1), pile())
    state = make({"b4": F.KINGFISH, "a4": F.RED}, boat="c4", piles=piles)
    after = play(state, "b4")
    assert after.phase is Phase.MOVE and after.piles[0] == pile(kingfish=2)


def test_collecting_a_lunker_makes_every_other_player_discard_theirs():
    """Rulebook: "When you collect a Lunker, any other player with a Lunker must discard it
    (return it to the box). In this way, only the last Lunker that is collected scores." """
    piles = (pile(), pile(lunker=1), pile(lunker=1))
    state = make({"b4": F.LUNKER, "a1": F.RED}, boat="c4", players=3, piles=piles)
    after = play(state, "b4")
    assert [p[KINDS.index(F.LUNKER)] for p in after.piles] == [1, 0, 0]
    assert "Seat 2 discards their Lunker. Seat 3 discards their Lunker." in after.note


# -- notation -------------------------------------------------------------------------------------
def test_parse_accepts_variants_and_format_is_canonical():
    state = make({"b4": F.RED}, boat="c4", players=3)
    assert GAME.parse(state, "B4") == GAME.parse(state, "go b4") == MoveBoat(at("b4"))
    assert (
        GAME.parse(state, "TAKE") == TakeDinker() and GAME.parse(state, "leave it") == LeaveDinker()
    )
    assert GAME.parse(state, "swap f6 c3") == SwapSpaces(at("c3"), at("f6"))
    assert GAME.parse(state, "Slide C3 F6") == Slide(at("c3"), at("f6"))
    assert GAME.parse(state, "swap blue for crayfish seat 3") == Trade(F.BLUE, 2, F.CRAYFISH)
    assert GAME.format(state, Trade(F.BLUE, 2, F.CRAYFISH)) == "trade blue for crayfish seat 3"
    large = make({}, side="large")
    assert GAME.parse(large, "i4") == MoveBoat(at("i4", "large"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("i4", "`i4` is not a space on this board"),
        ("fly away", "`fly away` is not a Friendly Fishing move"),
        ("double crayfish", "`crayfish` is not one of: red, blue, yellow, green"),
        (
            "trade red for kingfish seat 2",
            "`kingfish` is not one of: red, blue, yellow, green, crayfish",
        ),
    ],
)
def test_unreadable_moves_quote_the_text(text, message):
    with pytest.raises(InvalidMove, match=message):
        GAME.parse(make({"b4": F.RED}, boat="c4"), text)


def test_the_moves_both_games_share_are_one_notation():
    """Tonari and Friendly Fishing share swap/remove/trade/double: the same words parse."""
    state = make({"c3": F.RED})
    assert GAME.parse(state, "swap c3 and f6") == SwapSpaces(at("c3"), at("f6"))
    assert GAME.parse(state, "swap my red for seat 2's crayfish") == Trade(F.RED, 1, F.CRAYFISH)
    assert GAME.parse(state, "slide c3 to f6") == Slide(at("c3"), at("f6"))
    assert GAME.parse(state, "leave the dinker") == LeaveDinker()
    assert GAME.parse(state, "double b") == Double(F.BLUE)
    with pytest.raises(InvalidMove, match="`k` is not one of: red, blue, yellow, green, crayfish"):
        GAME.parse(state, "trade k for red seat 2")


# -- issue 15: like-for-like swaps ---------------------------------------------------------------
def test_swap_2_fish_offers_like_for_like_beside_the_other_kinds():
    """games.md (Clarifications): "Swap 2 Fish takes any basic fish of another player for any
    basic fish of one's own, whatever their kinds: a swap of like for like (crayfish for
    crayfish) is allowed, changes nothing, and so is the way to keep one's fish." """
    piles = (pile(crayfish=1), pile(crayfish=1, red=1))
    mid = play(make({"b4": F.SWAP_FISH, "a1": F.RED}, boat="c4", piles=piles), "b4")
    assert legal(mid) == ["trade crayfish for red seat 2", "trade crayfish for crayfish seat 2"]
    after = play(mid, "trade crayfish for crayfish seat 2")
    assert after.piles[0] == pile(crayfish=1, swap_fish=1) and after.piles[1] == piles[1]
    said = GAME.describe(mid, 0, Trade(F.CRAYFISH, 1, F.CRAYFISH), after)
    assert said.startswith(
        "Seat 1 used Swap 2 Fish: swapped a Crayfish for Seat 2's Crayfish, like for like: "
        "nothing changes."
    )


def test_swap_2_fish_with_only_like_for_like_swaps_is_played_not_discarded():
    """With a Red each and nothing else basic, the tile is not discarded: its one legal use is
    the like-for-like swap."""
    piles = (pile(red=1), pile(red=1, junk=1))
    mid = play(make({"b4": F.SWAP_FISH, "a1": F.RED}, boat="c4", piles=piles), "b4")
    assert mid.phase is Phase.SWAP_FISH and mid.note == ""
    assert legal(mid) == ["trade red for red seat 2"]
