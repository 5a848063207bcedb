"""Tonga Bonga: the map as data, the setup, hiring-board order and the wages step."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from rules import rng
from rules.errors import IllegalMove, InvalidMove
from rules.tonga.common import order
from rules.tonga.map import (
    DOLPHIN_SPACES,
    HARBOURS,
    ISLANDS,
    LAND,
    NAME_TO_SPACE,
    NEIGHBOURS,
    REEFS,
    SPACE_HEXES,
    SPACE_NAMES,
    SPACES,
    distances,
    label,
)
from rules.tonga.state import Phase, Wages
from rules.tonga.tiles import TILES
from rules.tonga.wages import WageChoices
from tests.rules.test_tonga_support import GAME, play, sp, start


# -- the map (games.md "Proposed hex map") -------------------------------------------------------
def test_the_map_has_170_sea_spaces_six_harbours_and_seven_dolphins():
    """games.md: "all other hexes: open ocean, small spaces (164). All 170 sea spaces are
    connected." """
    assert SPACES == 170
    assert HARBOURS == len(ISLANDS) == 6
    assert sum(len(hexes) == 1 for hexes in SPACE_HEXES) == 164
    assert len(REEFS) == 21 and len(LAND) == 4 + 5 * 3 + 21
    assert len(DOLPHIN_SPACES) == 7 and all(s >= HARBOURS for s in DOLPHIN_SPACES)
    assert max(distances(0)) < 20  # every sea space reaches Tonga Bonga


def test_island_names_and_harbours_follow_games_md():
    """games.md: "1998 island names: Cocoa, Bigboa, Samboa, Palmoa, Mamboa (plus Tonga
    Bonga)"; each harbour is ONE large wave space that ships may share."""
    assert [i.name for i in ISLANDS] == [
        "Tonga Bonga", "Cocoa", "Bigboa", "Samboa", "Palmoa", "Mamboa",
    ]  # fmt: skip
    assert ISLANDS[0].harbour == ((-1, 0), (-1, 1), (0, 1))
    assert ISLANDS[1].harbour == ((7, -7), (6, -7))
    for index, island in enumerate(ISLANDS):
        assert SPACE_HEXES[index] == island.harbour
        assert all(NAME_TO_SPACE[label(h)] == index for h in island.harbour)


def test_harbour_distances_match_the_games_md_table():
    """games.md: "Harbour-to-harbour MP, shortest path, with no ships or tiles on the board"."""
    table = [
        [0, 8, 7, 6, 7, 7],
        [8, 0, 7, 13, 15, 12],
        [7, 7, 0, 6, 12, 14],
        [6, 13, 6, 0, 6, 13],
        [7, 15, 12, 6, 0, 7],
        [7, 12, 14, 13, 7, 0],
    ]
    assert [[distances(b)[a] for b in range(6)] for a in range(6)] == table


def test_hex_labels_are_column_letter_and_row_number():
    # Row 1 is the top row (r = -8); column a is the far left of the offset layout.
    assert label((0, -8)) == "e1"
    assert label((-8, 0)) == "a9"
    assert label((8, 0)) == "q9"
    assert label((-8, 8)) == "e17"  # the bottom row is shifted like the top one
    assert len(set(SPACE_NAMES)) == SPACES
    assert sp("g7") in NEIGHBOURS[sp("h7")] and sp("g7") in NEIGHBOURS[sp("f7")]


def test_dolphin_spaces_are_where_games_md_puts_them():
    """games.md: "dolphin spaces (ocean, small): (2,-6) (6,-4) (5,3) (1,5) (-6,4) (-2,1)
    (-4,-3)"."""
    assert [SPACE_NAMES[s] for s in DOLPHIN_SPACES] == [
        "h3", "m5", "o12", "l14", "e13", "g10", "c6",
    ]  # fmt: skip


# -- setup ------------------------------------------------------------------------------------
def test_setup_gives_20_coins_ships_at_home_four_camps():
    """Rulebook: "Each player receives 20 ducat ... as starting funds." and "Their ship is
    placed on a space filled with the wave pattern of the Tonga Bonga island." """
    for players in (3, 4):
        state = start(players)
        assert state.money == (20,) * players
        assert state.ships == (sp("tonga"),) * players
        assert all(GAME.view(state, None).seats[s].camps_left == 4 for s in range(players))
        assert state.phase is Phase.WAGES and state.round == 1


def test_seven_of_the_eight_tiles_are_dealt_at_random():
    """Rulebook: "The 8 special tiles are flipped over, shuffled, and then 7 of them are placed
    ... on the spaces with dolphin icons ... The remaining one is returned to the game box." """
    deals = set()
    left_out = Counter()
    for seed in range(40):
        state = start(4, seed)
        assert len(state.tiles) == 7 and None not in state.tiles
        assert len(set(state.tiles)) == 7
        (missing,) = {t.key for t in TILES} - set(state.tiles)
        left_out[missing] += 1
        deals.add(state.tiles)
        if "ghost" in state.tiles:
            assert state.ghost == DOLPHIN_SPACES[state.tiles.index("ghost")]
        else:
            assert state.ghost == -1
    assert len(deals) == 40 and len(left_out) >= 5


def test_only_three_or_four_players():
    """games.md: "Player count: 3–4. No official 2-player mode"."""
    assert (GAME.spec.min_players, GAME.spec.max_players) == (3, 4)


# -- hiring-board order ----------------------------------------------------------------------
def test_each_step_follows_the_boards_and_the_leftmost_board_moves_right_each_round():
    """Rulebook: "The leftmost hiring board is moved to the rightmost position, and a new round
    begins." """
    state = start(4)
    assert order(state) == (0, 1, 2, 3)
    assert order(replace(state, round=2)) == (1, 2, 3, 0)
    assert order(replace(state, round=5)) == (0, 1, 2, 3)
    seen = []
    for _ in range(4):
        seat = GAME.to_act(state)[0]
        seen.append(seat)
        state = GAME.apply(state, seat, Wages(1, 1))
    assert seen == [0, 1, 2, 3]
    assert state.phase is Phase.CREW and GAME.to_act(state) == (0,)


# -- wages ---------------------------------------------------------------------------------------
def test_wages_go_on_the_board_at_least_one_coin_each():
    """Rulebook: "You place the amount of money you'll give to each of them on the icons of the
    captain and helmsman ... You must place at least 1 coin on each." """
    state = play(start(), "wages 3 2")
    assert state.wages[0] == (3, 2)
    assert state.money[0] == 15
    with pytest.raises(IllegalMove, match="at least 1 coin"):
        GAME.apply(state, 1, Wages(0, 2))
    with pytest.raises(IllegalMove, match="more than your 20 coins"):
        GAME.apply(state, 1, Wages(15, 6))


def test_a_player_who_cannot_pay_two_coins_puts_down_what_they_have():
    """games.md PROPOSAL 5: "A player who cannot afford this places what they have." """
    state = replace(start(), money=(1, 20, 20, 20))
    assert list(GAME.legal_moves(state, 0)) == [Wages(1, 0)]
    assert "wages 1 0" in GAME.pending(state)
    with pytest.raises(IllegalMove, match="wages 1 0"):
        GAME.apply(state, 0, Wages(1, 1))
    broke = replace(start(), money=(0, 20, 20, 20))
    assert play(broke, "wages 0 0").wages[0] == (0, 0)


def test_every_affordable_wage_pair_is_listed_lazily():
    choices = WageChoices(5)
    assert list(choices) == [
        Wages(1, 1), Wages(1, 2), Wages(1, 3), Wages(1, 4),
        Wages(2, 1), Wages(2, 2), Wages(2, 3), Wages(3, 1), Wages(3, 2), Wages(4, 1),
    ]  # fmt: skip
    assert len(choices) == 10 and [choices[i] for i in range(10)] == list(choices)
    assert choices[-1] == Wages(4, 1) and choices[:2] == (Wages(1, 1), Wages(1, 2))
    assert Wages(2, 3) in choices and Wages(3, 3) not in choices and Wages(0, 5) not in choices
    big = WageChoices(150)
    assert len(big) == 150 * 149 // 2 and big[len(big) - 1] == Wages(149, 1)


def test_wages_parse_and_refuse_in_other_steps():
    state = start()
    assert GAME.parse(state, "Wages 4 1") == Wages(4, 1)
    with pytest.raises(InvalidMove, match="`wages four`"):
        GAME.parse(state, "wages four")
    crew = play(state, "wages 1 1", "wages 1 1", "wages 1 1", "wages 1 1")
    with pytest.raises(IllegalMove, match="wages step; now it is the crew step"):
        GAME.apply(crew, 0, Wages(1, 1))


def test_the_first_crew_roll_is_announced_when_the_last_wage_is_set():
    """The crew step begins by rolling the first player's three dice, publicly."""
    state = play(start(4, seed=9), "wages 1 1", "wages 1 1", "wages 1 1")
    after = play(state, "wages 2 2")
    expected = sorted(rng.roll(9, "crew:1:0", 3), reverse=True)
    assert after.roll == tuple(expected)
    words = GAME.describe(state, 3, Wages(2, 2), after)
    assert "Seat 4 (D) sets wages: captain 2, helmsman 2." in words
    assert "Seat 1 (A) rolls" in words


def test_rules_text_states_our_readings():
    """Every PROPOSAL we implement is stated under "Our readings:"."""
    text = GAME.spec.rules_text
    readings = text.split("**Our readings:**", 1)[1]
    for phrase in (
        "map is our own proposal",
        "wind +1, +2, +3; sunken treasure 5 and 10; treasure maps to Cocoa and Palmoa",
        "at most once per ship per navigation turn",
        "A treasure map is taken by the first ship to enter its space",
        "only when a further step is possible",
        "must leave and come back",
        "3 coins per die",
        "Rerolls only before placing",
        "at most 2 of your dice go on one ship",
        "a 4th die pushes the lowest off",
        "a debt that cannot be paid is forgiven",
        "with 4 camps who enters Tonga Bonga in the last round",
        "Equal money shares the win",
        "unused points are lost",
    ):
        assert phrase in readings.replace("\n", " "), phrase
