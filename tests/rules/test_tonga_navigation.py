"""Tonga Bonga: navigation step by step, special tiles and camps."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import IllegalMove, InvalidMove
from rules.tonga.map import NEIGHBOURS
from rules.tonga.state import Camp, Die, End, Phase, Route, Step
from tests.rules.test_tonga_support import (
    GAME,
    NO_TILES,
    crew_step,
    navigation,
    play,
    sp,
)

CAMPS_ON_COCOA_BY_B = ((), (1,), (), (), (), ())


def tiles(**placed: str) -> tuple[str | None, ...]:
    """Dolphin tiles by dolphin space name, e.g. tiles(h3="wind2")."""
    from rules.tonga.map import DOLPHIN_SPACES

    out = list(NO_TILES)
    for name, key in placed.items():
        out[DOLPHIN_SPACES.index(sp(name))] = key
    return tuple(out)


# -- movement points and steps ------------------------------------------------------------------
def test_movement_points_are_the_sum_of_the_dice_on_your_ship():
    """Rulebook: "You gain movement points equal to the sum of all the dice values placed on
    your hiring board." """
    crews = ((Die(1, 5), Die(2, 4), Die(3, 2)), (), (), ())
    state = crew_step(seat=3, roll=(1,), crews=crews, placed=(1, 2))
    after = play(state, "place 1 on A")
    assert after.phase is Phase.NAVIGATION and GAME.to_act(after) == (0,)
    assert after.crews[0] == (Die(1, 5), Die(2, 4), Die(3, 2))  # the 1 was pushed off
    assert after.mp == 11
    assert "Seat 1 (A) navigates with 11 movement points." in after.events


def test_each_step_is_a_move_and_costs_one_point_on_a_free_small_space():
    """Rulebook: "When moving to a small space with no other ships, you use 1 movement
    point." """
    state = navigation(at="g7", mp=5)
    legal = GAME.legal_moves(state, 0)
    assert {m.space for m in legal if isinstance(m, Step)} == set(NEIGHBOURS[sp("g7")])
    after = play(state, "go f7")
    assert after.ships[0] == sp("f7") and after.mp == 4
    assert after.path == (sp("g7"), sp("f7"))
    assert GAME.describe(state, 0, Step(sp("f7")), after).startswith(
        "Seat 1 (A) sails from g7 to f7. 4 movement points left."
    )


def test_passing_example_of_the_rulebook():
    """Rulebook: "(a) Since I moved two spaces on regular small spaces, I used 2 movement
    points. (b) I used 3 movement points because I passed through a small space with another
    ship. From the initial position to the final position, I used a total of 5 movement points
    while moving." """
    state = navigation(at="e7", mp=6, others={1: "h7"})
    state = play(state, "go f7", "go g7")
    assert state.mp == 4  # (a) two points
    state = play(state, "go h7")
    assert state.passing and state.mp == 2
    state = play(state, "go i7")
    assert not state.passing and state.mp == 1  # (b) three points, five in all
    assert state.ships[:2] == (sp("i7"), sp("h7"))


def test_a_ship_may_not_stop_on_an_occupied_small_space():
    """Rulebook: "You cannot move to a small space occupied by another ship, but you can pass
    through it." """
    state = play(navigation(at="g7", mp=4, others={1: "h7"}), "go h7")
    assert End() not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="may not stop there"):
        GAME.apply(state, 0, End())
    assert GAME.pending(state) == (
        "Seat 1 (A) is passing through a ship at h7 and must sail on (2 movement points left; "
        "e.g. `go g6`)"
    )


def test_passing_needs_a_further_step():
    """games.md clarification: "Passing through an occupied small space is allowed only when a
    further step is possible." """
    short = navigation(at="g7", mp=2, others={1: "h7"})
    assert Step(sp("h7")) not in GAME.legal_moves(short, 0)
    with pytest.raises(IllegalMove, match=r"passing through costs 2 points .* only 2"):
        GAME.apply(short, 0, Step(sp("h7")))
    assert Step(sp("h7")) in GAME.legal_moves(replace(short, mp=3), 0)
    # Two ships in a row: passing the second from the first needs 2 more and then 1.
    chain = play(navigation(at="f7", mp=4, others={1: "g7", 2: "h7"}), "go g7")
    assert chain.mp == 2 and Step(sp("h7")) not in GAME.legal_moves(chain, 0)


def test_a_harbour_is_one_large_space_that_ships_share_for_one_point():
    """Rulebook: "Multiple ships can coexist in a large space" and "When moving to a large
    space, regardless of the presence of other ships, you also use 1 movement point." """
    state = navigation(at="g9", mp=3)  # the other three ships are in the Tonga Bonga harbour
    after = play(state, "go tonga")
    assert after.ships == (sp("tonga"),) * 4 and after.mp == 2 and not after.passing
    assert GAME.parse(state, "go h10") == Step(sp("tonga"))  # any of its hexes names it


def test_no_land_no_reefs_and_one_space_at_a_time():
    """Rulebook: "Ships can only move to adjacent spaces, and they can only move to spaces with
    either ocean or wave patterns. They cannot move onto or through land spaces." """
    state = navigation(at="g7", mp=5)
    with pytest.raises(InvalidMove, match="h8 is land of Tonga Bonga"):
        GAME.parse(state, "go h8")
    with pytest.raises(InvalidMove, match="j6 is a reef"):
        GAME.parse(state, "go j6")
    with pytest.raises(IllegalMove, match="i7 is not next to your ship at g7"):
        GAME.apply(state, 0, Step(sp("i7")))
    with pytest.raises(InvalidMove, match="not a Tonga Bonga move"):
        GAME.parse(state, "sail north")


def test_end_ends_the_turn_early_and_unused_points_are_lost():
    """games.md PROPOSAL 6: "spending MP is optional and unused MP is lost." """
    state = navigation(at="g7", mp=5)
    after = play(state, "end")
    assert GAME.to_act(after) == (1,) and after.ships[0] == sp("g7")
    assert "Seat 1 (A) ends the navigation turn." in GAME.describe(state, 0, End(), after)


def test_the_turn_ends_by_itself_when_the_points_run_out():
    state = navigation(at="g7", mp=1)
    state = replace(state, crews=((), (Die(0, 2),), (), ()))
    after = play(state, "go f7")
    assert GAME.to_act(after) == (1,) and after.phase is Phase.NAVIGATION and after.mp == 2
    # Ships without crew have nothing to do: their turns pass by themselves.
    after = play(after, "end")
    assert "Seat 3 (C) navigates with 0 movement points." in after.events
    assert after.phase is Phase.WAGES and after.round == 2


# -- special tiles ---------------------------------------------------------------------------------
def test_wind_adds_points_once_per_turn():
    """Rulebook: "Wind: When you arrive at a space with a wind tile, you gain additional
    movement points equal to the number shown." games.md clarification: "A wind tile gives its
    points at most once per ship per navigation turn"."""
    state = navigation(at="h4", mp=3, tiles=tiles(h3="wind2"))
    state = play(state, "go h3")
    assert state.mp == 4 and "Wind: +2 movement points." in state.events
    state = play(state, "go h4", "go h3")
    assert state.mp == 2 and state.tiles == tiles(h3="wind2")  # the tile stays


def test_sunken_treasure_pays_only_where_the_movement_ends():
    """Rulebook: "When a ship ends its movement on a space with a treasure tile, you gain the
    amount of money shown on the tile. Then, remove the treasure tile from the game." """
    passing = play(navigation(at="f10", mp=3, tiles=tiles(g10="treasure10")), "go g10", "go g11")
    assert passing.tiles == tiles(g10="treasure10")
    passing = play(passing, "end")
    assert passing.money[0] == 20 and passing.tiles == tiles(g10="treasure10")
    ending = play(navigation(at="f10", mp=1, tiles=tiles(g10="treasure10")), "go g10")
    assert ending.money[0] == 30 and ending.tiles == NO_TILES
    assert ending.ledger[0][7] == 10
    assert "Seat 1 (A) ends on sunken treasure: +10." in ending.events


def test_treasure_map_is_taken_on_entering_and_pays_at_its_island():
    """Rulebook: "As soon as a ship enters a space with a treasure map tile, it acquires the
    tile. The player who acquires the tile gains the amount of money indicated on the tile when
    they arrive at the island marked on the tile, and then the tile is removed from the
    game." """
    state = play(navigation(at="h4", mp=4, tiles=tiles(h3="map_cocoa")), "go h3")
    assert state.maps[0] == ("map_cocoa",) and state.tiles == NO_TILES
    assert GAME.view(state, None).seats[0].maps == ("map_cocoa",)
    there = navigation(at="m3", mp=2, maps=(("map_cocoa",), (), (), ()))
    there = play(there, "go cocoa")
    assert there.money[0] == 30 and there.maps[0] == () and there.ledger[0][7] == 10
    # Camping is not needed for the map to pay.
    assert there.may_camp


def test_the_ghost_ship_is_impassable():
    """Rulebook: "Ghost Ship: Ships cannot move to spaces with a ghost ship tile." """
    state = navigation(at="l4", mp=5, ghost="m5")
    assert Step(sp("m5")) not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="ghost ship lies on m5"):
        GAME.apply(state, 0, Step(sp("m5")))


def test_ghost_ship_extra_wages_once_per_turn_to_the_dice_owners():
    """Rulebook: "if a ship moves to a space adjacent to a ghost ship, the owner of the ship must
    pay an additional wage of 3 coins for each die placed on the ship." games.md PROPOSAL 1:
    "charge it once per Navigation turn ... Pay 3 coins for each die, to that die's owner"."""
    crew = (Die(1, 4), Die(2, 3), Die(3, 1))
    state = navigation(at="k4", mp=8, crew=crew, ghost="m5")
    state = play(state, "go l4")
    assert state.money == (11, 23, 23, 23)
    assert state.ledger[0][8] == -9 and state.ledger[1][9] == 3
    state = play(state, "go m4")  # still next to the ghost ship: no second charge
    assert state.money == (11, 23, 23, 23)


def test_a_debt_that_cannot_be_paid_is_forgiven():
    """games.md PROPOSAL 5: "Money never goes below 0; unpayable debts are forgiven." """
    crew = (Die(1, 4), Die(2, 3), Die(3, 1))
    state = navigation(at="k4", mp=8, crew=crew, ghost="m5", money=(4, 20, 20, 20))
    state = play(state, "go l4")
    assert state.money == (0, 23, 21, 20)


# -- camps -----------------------------------------------------------------------------------------
def test_camp_example_of_the_rulebook():
    """Rulebook: "(1) I use 3 movement points to arrive at the island. (2) I receive 25 coins as
    income and establish a camp. Since there is already an orange camp on this island, I give 5
    coins to the orange player. (3) Then, with the remaining 2 movement points, I move 2
    spaces." """
    state = navigation(at="n4", mp=5, camps=CAMPS_ON_COCOA_BY_B)
    state = play(state, "go m4", "go m3", "go cocoa")
    assert state.mp == 2 and state.may_camp  # (1)
    assert Camp() in GAME.legal_moves(state, 0)
    before = state
    state = play(state, "camp")
    assert state.camps[1] == (1, 0)  # (2)
    assert state.money[:2] == (40, 25)
    words = GAME.describe(before, 0, Camp(), state)
    assert "sets up a camp on Cocoa. +25 from the bank, pays 5 to Seat 2 (B)." in words
    state = play(state, "go l3", "go k4")  # (3)
    assert state.ships[0] == sp("k4") and GAME.to_act(state) == (1,)
    assert GAME.view(state, None).seats[0].camps_left == 3


def test_camping_is_optional_and_only_right_after_entering():
    """games.md clarification: "A camp is set up right after entering a harbour"."""
    state = play(navigation(at="m3", mp=4), "go cocoa", "go m3")
    assert not state.may_camp
    state = play(state, "go cocoa", "end")
    assert state.camps[1] == ()


def test_a_ship_starting_in_a_harbour_must_leave_and_come_back_to_camp():
    """games.md clarification: "a ship that starts its turn in a harbour must leave and
    re-enter to camp there." """
    state = navigation(at="cocoa", mp=3)
    assert Camp() not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="must leave and come back"):
        GAME.apply(state, 0, Camp())
    state = play(state, "go m3", "go cocoa", "camp")
    assert state.camps[1] == (0,)


def test_one_camp_per_island_and_none_on_tonga_bonga():
    """games.md: "Camps: 4 per player, each on a different island. There are no camps on Tonga
    Bonga." """
    own = play(navigation(at="m3", mp=3, camps=((), (0,), (), (), (), ())), "go cocoa")
    assert not own.may_camp
    with pytest.raises(IllegalMove, match="already have a camp on Cocoa"):
        GAME.apply(own, 0, Camp())
    home = play(navigation(at="g9", mp=3), "go tonga")
    assert not home.may_camp and Camp() not in GAME.legal_moves(home, 0)


def test_no_camp_once_all_four_are_set_up():
    camps = ((), (), (0,), (0,), (0,), (0,))
    state = play(navigation(at="m3", mp=3, camps=camps), "go cocoa")
    assert not state.may_camp
    with pytest.raises(IllegalMove, match="All four of your camps"):
        GAME.apply(state, 0, Camp())


def test_the_camp_decision_waits_even_with_no_points_left():
    state = play(navigation(at="m3", mp=1), "go cocoa")
    assert state.mp == 0 and GAME.legal_moves(state, 0) == (Camp(), End())
    assert GAME.pending(state) == (
        "Seat 1 (A) navigates from the Cocoa harbour with 0 movement points: `camp` on Cocoa "
        "or `end`"
    )  # no sailing offered: there are no points left
    after = play(state, "camp")
    assert after.camps[1] == (0,) and GAME.to_act(after) == (1,)


def test_a_wind_on_an_occupied_space_pays_for_the_step_beyond_it():
    """Our reading: "A wind tile gives its points at most once per ship per navigation turn, also
    when passing." With 2 points left, entering an occupied wind space spends both, and the wind
    gives the points for the further step that passing needs."""
    state = navigation(at="h4", mp=2, others={1: "h3"}, tiles=tiles(h3="wind2"))
    assert Step(sp("h3")) in GAME.legal_moves(state, 0)
    state = play(state, "go h3")
    assert state.passing and state.mp == 2 and "Wind: +2 movement points." in state.events
    state = play(state, "go g3")
    assert not state.passing and state.ships[:2] == (sp("g3"), sp("h3"))


def test_a_step_to_a_space_that_does_not_exist_is_refused():
    with pytest.raises(IllegalMove, match="no sea space number 999"):
        GAME.apply(navigation(at="g7", mp=5), 0, Step(999))


def test_steps_parse_from_natural_variants():
    state = navigation(at="g7", mp=5)
    for text in ("go f7", "f7", "F7", "sail f7", "move f7", "to f7"):
        assert GAME.parse(state, text) == Step(sp("f7")), text
    for text in ("end", "end turn", "done", "stop"):
        assert GAME.parse(state, text) == End(), text
    # Several spaces are a route (issue 11: "a move that is a sequence of steps by the same
    # player can be given in one command").
    route = Route((Step(sp("f7")), Step(sp("e7"))))
    for text in ("go f7 e7", "f7 e7", "go f7, e7", "go f7 → e7", "sail f7 -> e7"):
        assert GAME.parse(state, text) == route, text


def test_camp_may_name_the_island_the_ship_is_at():
    state = play(navigation(at="m3", mp=3), "go cocoa")
    for text in ("camp", "camp here", "camp cocoa", "Camp Cocoa"):
        assert GAME.parse(state, text) == Camp(), text
    with pytest.raises(InvalidMove, match="your ship is at the Cocoa harbour, not at Samboa"):
        GAME.parse(state, "camp samboa")
    with pytest.raises(InvalidMove, match="`g7` is not an island"):
        GAME.parse(state, "camp g7")
