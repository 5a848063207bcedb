"""Tonga Bonga: a run of one player's decisions as one move (issue 11 "Readable at a glance"):
routes (`go k15 l15 m15`), several placements (`place 4 on B, 3 on C`), the routes autocomplete
offers, and the public words for them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import rng
from rules.errors import IllegalMove, InvalidMove
from rules.tonga.state import (
    SEASICK,
    Camp,
    Die,
    End,
    Phase,
    Place,
    Places,
    Route,
    Step,
    TongaState,
    decisions,
)
from tests.rules.test_tonga_navigation import CAMPS_ON_COCOA_BY_B, tiles
from tests.rules.test_tonga_support import GAME, crew_step, navigation, play, sp


def same_game(a: TongaState, b: TongaState) -> bool:
    """Equal states but for the texts of the latest move."""
    return replace(a, last="", events=()) == replace(b, last="", events=())


def route(*names: str) -> Route:
    return Route(
        tuple(Camp() if n == "camp" else End() if n == "end" else Step(sp(n)) for n in names)
    )


# -- routes: one move, the rules step by step -------------------------------------------------
def test_the_rulebook_camp_example_in_one_route():
    """Rulebook: "(1) I use 3 movement points to arrive at the island. (2) I receive 25 coins as
    income and establish a camp. Since there is already an orange camp on this island, I give 5
    coins to the orange player. (3) Then, with the remaining 2 movement points, I move 2
    spaces." Typed as one route, it is the same as the six single moves."""
    state = navigation(at="n4", mp=5, camps=CAMPS_ON_COCOA_BY_B)
    move = GAME.parse(state, "go m4 m3 cocoa camp l3 k4")
    assert move == route("m4", "m3", "cocoa", "camp", "l3", "k4")
    after = GAME.apply(state, 0, move)
    one_by_one = play(state, "go m4", "go m3", "go cocoa", "camp", "go l3", "go k4")
    assert same_game(after, one_by_one)
    assert after.camps[1] == (1, 0) and after.money[:2] == (40, 25)
    # No points left: the turn ended by itself, no `end` needed.
    assert GAME.to_act(after) == (1,)
    assert GAME.describe(state, 0, move, after).startswith(
        "Seat 1 (A) sails n4 → m4 → m3 → Cocoa (3 points), reaching the Cocoa harbour, and "
        "sets up a camp on Cocoa, then sails Cocoa → l3 → k4 (2 points). +25 from the bank, "
        "pays 5 to Seat 2 (B). Seat 2 (B) navigates"
    )


def test_a_route_with_points_left_keeps_the_turn_and_tells_the_points_once():
    state = navigation(at="g7", mp=5)
    move = GAME.parse(state, "go f7 e7")
    after = GAME.apply(state, 0, move)
    assert GAME.to_act(after) == (0,) and after.mp == 3 and after.ships[0] == sp("e7")
    words = GAME.describe(state, 0, move, after)
    assert words == "Seat 1 (A) sails g7 → f7 → e7 (2 points). 3 movement points left."
    ended = GAME.apply(state, 0, GAME.parse(state, "go f7 e7 end"))
    assert GAME.to_act(ended) == (1,) and ended.ships[0] == sp("e7")


def test_a_route_is_checked_step_by_step_and_the_refusal_names_the_step():
    state = navigation(at="g7", mp=5)
    with pytest.raises(
        IllegalMove,
        match=r"^`i7`, action 2 of your route \(after `go f7`\): i7 is not next to your ship "
        r"at f7: move one space at a time\.",
    ):
        GAME.apply(state, 0, GAME.parse(state, "go f7 i7"))
    with pytest.raises(IllegalMove, match=r"^`camp`, action 2 of your route .*: You may camp only"):
        GAME.apply(state, 0, GAME.parse(state, "go f7 camp"))
    # Two points cannot pay for three steps: the turn ends after the second.
    short = navigation(at="g7", mp=2)
    with pytest.raises(
        IllegalMove, match=r"^Your turn ends by itself after `e7`.*cannot go on with `d7`\."
    ):
        GAME.apply(short, 0, GAME.parse(short, "go f7 e7 d7"))


def test_a_route_may_pass_through_a_ship_but_not_stop_on_it():
    """Rulebook: "you can pass through it ... you must spend an additional 1 movement point"."""
    state = navigation(at="g7", mp=4, others={1: "h7"})
    move = GAME.parse(state, "go h7 i7")
    after = GAME.apply(state, 0, move)
    assert after.mp == 1 and after.ships[0] == sp("i7") and not after.passing
    assert GAME.describe(state, 0, move, after).startswith(
        "Seat 1 (A) sails g7 → h7 → i7 (3 points, passing ship B)."
    )
    with pytest.raises(IllegalMove, match="may not stop there"):
        GAME.apply(state, 0, GAME.parse(state, "go h7 end"))


def test_a_wind_met_on_the_way_pays_for_the_rest_of_the_route():
    """Rulebook: "When you arrive at a space with a wind tile, you gain additional movement
    points equal to the number shown." A route may use them at once."""
    state = navigation(at="i4", mp=3, tiles=tiles(h3="wind3"))
    after = GAME.apply(state, 0, GAME.parse(state, "go i3 h3 g3 f3 e3 d4"))
    assert after.ships[0] == sp("d4") and GAME.to_act(after) == (1,)
    assert "Wind: +3 movement points." in after.events


def test_sunken_treasure_by_route_pays_where_the_route_ends():
    """Rulebook: "When a ship ends its movement on a space with a treasure tile, you gain the
    amount of money shown on the tile." """
    state = navigation(at="f10", mp=3, tiles=tiles(g10="treasure10"))
    after = GAME.apply(state, 0, GAME.parse(state, "go g10 end"))
    assert after.money[0] == 30
    passing = GAME.apply(state, 0, GAME.parse(state, "go g10 g11 end"))
    assert passing.money[0] == 20


def test_route_texts_parse_in_many_spellings_and_format_back():
    state = navigation(at="n4", mp=5, camps=CAMPS_ON_COCOA_BY_B)
    expected = route("m4", "m3", "cocoa", "camp", "l3")
    for text in (
        "go m4 m3 cocoa camp l3",
        "GO M4, M3, Cocoa, camp, l3",
        "m4 → m3 → cocoa → camp → l3",
        "sail m4 -> m3 -> cocoa camp go l3",
        "go m4 m3 cocoa camp l3 (3 points, 2 left: camp on Cocoa +20)",  # a suggestion's note
    ):
        assert GAME.parse(state, text) == expected, text
    assert GAME.format(state, expected) == "go m4 m3 cocoa camp l3"
    home = navigation(at="g9", mp=3)
    assert GAME.parse(home, "go tonga bonga j10") == route("tonga", "j10")
    assert GAME.format(home, route("tonga", "j10")) == "go tonga j10"
    there = play(navigation(at="m4", mp=5), "go m3", "go cocoa")
    assert GAME.parse(there, "camp go l3 k4") == route("camp", "l3", "k4")
    assert GAME.format(there, route("camp", "l3", "k4")) == "camp go l3 k4"
    assert GAME.parse(there, "camp, end") == route("camp", "end")


def test_a_legal_route_is_in_the_legal_moves_and_an_illegal_one_is_not():
    state = navigation(at="g7", mp=5)
    legal = GAME.legal_moves(state, 0)
    assert route("f7", "e7") in legal and route("f7", "i7") not in legal
    assert all(isinstance(m, Step | End) for m in legal)  # the list holds single decisions


# -- several placements -------------------------------------------------------------------------
def test_several_dice_placed_in_one_move():
    """Rulebook: "With 3 players ... you may place up to 2 dice on the same ship"; typed at
    once, they go on in turn with the same checks."""
    state = crew_step(players=3, seat=0, roll=(5, 3, 1))
    move = GAME.parse(state, "place 5 on B, 3 on C and 1 on B")
    assert move == Places((Place(5, 1), Place(3, 2), Place(1, 1)))
    assert GAME.format(state, move) == "place 5 on B, 3 on C, 1 on B"
    after = GAME.apply(state, 0, move)
    assert same_game(after, play(state, "place 5 on B", "place 3 on C", "place 1 on B"))
    assert after.crews[1] == (Die(0, 5), Die(0, 1)) and GAME.to_act(after) == (1,)
    assert GAME.describe(state, 0, move, after).startswith(
        "Seat 1 (A) places a 5 on ship B, a 3 on ship C and a 1 on ship B. Seat 2 (B) rolls"
    )


def test_placements_are_checked_one_by_one():
    state = crew_step(players=3, seat=0, roll=(5, 3, 1))
    with pytest.raises(IllegalMove, match=r"^`1 on B`, placement 3 of yours: Ship B already"):
        GAME.apply(state, 0, GAME.parse(state, "place 5 on B, 3 on B, 1 on B"))
    with pytest.raises(IllegalMove, match=r"^`4 on C`, placement 2 of yours: None of your dice"):
        GAME.apply(state, 0, GAME.parse(state, "place 5 on B, 4 on C"))
    two = crew_step(players=3, seat=0, roll=(5, 3, SEASICK))
    with pytest.raises(IllegalMove, match=r"^All your dice are placed before `5 on C`"):
        GAME.apply(two, 0, GAME.parse(two, "place 5 on B, 3 on C, 5 on C"))
    with pytest.raises(InvalidMove, match=r"several pairs at once, e.g. `place 4 on B, 3 on C`"):
        GAME.parse(state, "place 5 on B, 3")


# -- autocomplete ---------------------------------------------------------------------------------
def test_autocomplete_offers_routes_to_the_places_worth_reaching_with_their_cost():
    state = navigation(at="m4", mp=5, maps=(("map_cocoa",), (), (), ()), camps=CAMPS_A_COCOA)
    offered = GAME.suggest(state, 0, "")
    assert offered[:2] == [
        "go n5 n6 o7 o8 bigboa camp (5 points, 0 left: camp on Bigboa +25)",
        "go m3 cocoa (2 points, 3 left: Cocoa harbour, treasure map +10)",
    ]
    assert "go m5 l6 l7 k8 k9 (5 points, 0 left: towards Palmoa, 8 spaces short)" in offered
    assert offered[-1] == "end" and "go m3" in offered
    treasure = navigation(at="f10", mp=3, tiles=tiles(g10="treasure10"))
    assert GAME.suggest(treasure, 0, "")[0] == (
        "go g10 end (1 point, 2 left: end on sunken treasure +10)"
    )
    chart = navigation(at="i4", mp=4, tiles=tiles(h3="map_cocoa"))
    assert "go i3 h3 (2 points, 2 left: take the treasure map to Cocoa)" in GAME.suggest(
        chart, 0, "map"
    )
    wind = navigation(at="i4", mp=3, tiles=tiles(h3="wind3"))
    assert "go i3 h3 (2 points, 4 left: wind +3)" in GAME.suggest(wind, 0, "")


def test_every_route_offered_is_legal_and_costs_what_it_says():
    for state in (
        navigation(at="n4", mp=5, camps=CAMPS_ON_COCOA_BY_B),
        navigation(at="g7", mp=4, others={1: "h7", 2: "f7"}),
        navigation(at="i4", mp=3, tiles=tiles(h3="wind3"), ghost="m5"),
        navigation(at="f10", mp=3, tiles=tiles(g10="treasure10")),
    ):
        offered = GAME.suggest(state, 0, "")
        assert 0 < len(offered) <= 25
        for text in offered:
            move = GAME.parse(state, text)
            assert move in GAME.legal_moves(state, 0), text
            after = GAME.apply(state, 0, move)
            if "left:" in text and GAME.to_act(after) == (0,):
                assert f"{after.mp} left:" in text, text


def test_autocomplete_narrows_by_what_is_typed_and_carries_a_route_on():
    state = navigation(at="n4", mp=5, camps=CAMPS_ON_COCOA_BY_B)
    assert GAME.suggest(state, 0, "cocoa")[0].startswith("go n3 m3 cocoa camp (3 points")
    # A route being typed: the next steps and the routes onward from where it has got to.
    onward = GAME.suggest(state, 0, "go m4 m3 cocoa camp ")
    assert onward[0] == "go m4 m3 cocoa camp"  # what was typed is itself legal
    assert "go m4 m3 cocoa camp l3" in onward and "go m4 m3 cocoa camp end" in onward
    assert "go m4 m3 cocoa camp m3 m4 (5 points, 0 left: towards Bigboa, 5 spaces short)" in (
        onward
    )
    half = GAME.suggest(state, 0, "go m4 m3 co")
    assert "go m4 m3 cocoa" in half
    # Typed in full, a legal route comes first, exactly as the game writes it.
    assert GAME.suggest(state, 0, "GO m4, m3, cocoa, camp, l3")[0] == "go m4 m3 cocoa camp l3"
    assert GAME.suggest(state, 0, "go m4 x") == []


def test_autocomplete_offers_all_dice_at_once_and_any_order_typed():
    state = crew_step(players=3, seat=0, roll=(5, 3, 1))
    offered = GAME.suggest(state, 0, "")
    assert offered[:2] == ["place 5 on B, 3 on B, 1 on C", "place 5 on B, 3 on C, 1 on B"]
    assert "place 5 on B" in offered and "reroll 5" in offered
    assert "place 1 on C, 5 on B, 3 on B" in GAME.suggest(state, 0, "place 1 on C, 5")
    four = crew_step(players=4, seat=0, roll=(4, 4, 2))
    assert GAME.suggest(four, 0, "")[:4] == [  # equal dice: each way once
        "place 4 on B, 4 on C, 2 on D",
        "place 4 on B, 4 on D, 2 on C",
        "place 4 on C, 4 on D, 2 on B",
        "place 4 on B",
    ]


# -- the policy and the game it plays -------------------------------------------------------------
def test_the_policy_plays_whole_turns_and_they_are_the_decisions_one_by_one():
    """Routes and placements are shorthands: playing each decision of a policy game one by
    one gives the very same game."""
    for players, seed in ((3, 0), (4, 1)):
        state = GAME.setup(players, {}, seed)
        single = state
        draw = rng.stream(seed, "playout")
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            move = GAME.playout_move(state, seat, draw)
            assert move in GAME.legal_moves(state, seat)
            text = GAME.format(state, move)
            assert GAME.parse(state, text) == move
            assert text in GAME.suggest(state, seat, text)  # autocomplete offers it typed
            state = GAME.apply(state, seat, move)
            for decision in decisions(move):
                single = GAME.apply(single, seat, decision)
            assert same_game(state, single)
        assert state.phase is Phase.OVER


CAMPS_A_COCOA = ((), (0,), (), (), (), ())
