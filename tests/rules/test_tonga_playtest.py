"""Tonga Bonga play-test scenarios: what a player who knows the rulebook tries, and the words
(pending decisions, refusals, public descriptions) they read while doing it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import IllegalMove, InvalidMove
from rules.tonga.state import SEASICK, Die, Keep, Phase, Reroll, Step, Wages
from tests.rules.test_tonga_support import GAME, crew_step, navigation, play, sp, start

S = SEASICK


# -- wages --------------------------------------------------------------------------------------
def test_the_wage_example_in_the_pending_text_is_affordable():
    """Rulebook: "You must place at least 1 coin on each." A player with exactly 2 coins can
    only put 1 + 1, so the pending text may not suggest `wages 2 1` (3 coins)."""
    two = replace(start(), money=(2, 20, 20, 20))
    pending = GAME.pending(two)
    assert "`wages 1 1`" in pending and "`wages 2 1`" not in pending
    assert "2 coins in hand" in pending
    assert "`wages 2 1`" in GAME.pending(start())


def test_a_poor_player_reads_one_coin_not_one_coins():
    """games.md PROPOSAL 5: "A player who cannot afford this places what they have." """
    poor = replace(start(), money=(1, 20, 20, 20))
    assert GAME.pending(poor) == (
        "Seat 1 (A) to set wages: only `wages 1 0` is possible (1 coin in hand)"
    )
    with pytest.raises(IllegalMove, match=r"^You have 1 coin: put down what you have"):
        GAME.apply(poor, 0, Wages(1, 1))
    broke = replace(start(), money=(0, 20, 20, 20))
    assert GAME.pending(broke).endswith("only `wages 0 0` is possible (0 coins in hand)")


# -- the order of the hiring boards ------------------------------------------------------------
def test_every_step_of_a_later_round_starts_with_the_board_moved_left():
    """Rulebook: "At each step, starting with the player whose hiring board is placed furthest
    left and proceeding clockwise, each player takes their turn once." and "The leftmost hiring
    board is moved to the rightmost position, and a new round begins." In round 2 of a 3-player
    game the boards read B, C, A in the wages, crew and navigation steps alike."""
    state = replace(start(3), round=2)
    seen = []
    for _ in range(3):
        seat = GAME.to_act(state)[0]
        seen.append(seat)
        state = GAME.apply(state, seat, Wages(1, 1))
    assert seen == [1, 2, 0] and state.phase is Phase.CREW
    crew_order = []
    while state.phase is Phase.CREW:
        seat = GAME.to_act(state)[0]
        if not crew_order or crew_order[-1] != seat:
            crew_order.append(seat)
        legal = GAME.legal_moves(state, seat)
        state = GAME.apply(state, seat, next(m for m in legal if not isinstance(m, Reroll)))
    assert crew_order == [1, 2, 0]
    navigation_order = []
    while state.phase is Phase.NAVIGATION:
        seat = GAME.to_act(state)[0]
        navigation_order.append(seat)
        state = GAME.apply(state, seat, GAME.parse(state, "end"))
    assert navigation_order == [1, 2, 0]
    assert state.round == 3 and GAME.to_act(state) == (2,)


# -- crew ---------------------------------------------------------------------------------------
def test_a_reroll_names_each_die_once():
    """Rulebook: "choose to reroll 1 to 3 dice": naming a value twice needs two such dice."""
    state = crew_step(seat=0, roll=(5, 3, S))
    with pytest.raises(IllegalMove, match=r"^You have only one die showing 5 \(your dice: 5, 3, "):
        GAME.apply(state, 0, Reroll((5, 5)))
    twice = play(crew_step(seat=0, roll=(2, 2, 1)), "reroll 2 2")
    assert twice.rerolls == 1 and twice.money[0] == 18


def test_keep_is_refused_naming_only_the_dice_that_can_be_placed():
    """Rulebook: a seasick die "cannot be employed on a ship this round", so it is not one of
    the dice still to place."""
    with pytest.raises(IllegalMove, match=r"^You still have dice to place: 5, 3 \(a seasick"):
        GAME.apply(crew_step(seat=0, roll=(5, 3, S)), 0, Keep())


# -- navigation ---------------------------------------------------------------------------------
def test_a_harbour_out_of_reach_is_named_as_a_harbour():
    state = navigation(at="g7", mp=5)
    with pytest.raises(IllegalMove, match=r"^The Cocoa harbour is not next to your ship at g7"):
        GAME.apply(state, 0, Step(sp("cocoa")))
    with pytest.raises(IllegalMove, match=r"^g8 is not next to your ship at the Cocoa harbour"):
        GAME.apply(navigation(at="cocoa", mp=5), 0, Step(sp("g8")))


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("go", r"^`go`: name the space to sail to, e.g. `go f6`"),
        ("go a1", r"^`go a1`: there is no sea space a1 on the chart"),
        ("go f7 z99", r"^`go f7 z99`: there is no sea space z99"),
        ("go f6 f5", r"^`go f6 f5`: f5 is a reef; ships sail only on sea"),
        ("go f7 h8", r"^`go f7 h8`: h8 is land of Tonga Bonga"),
        ("go f6 nowhere", r"^`go f6 nowhere`: `nowhere` is not a sea space; a"),
        ("go f7 end e7", r"^`go f7 end e7`: `end` ends your turn, so it can"),
    ],
)
def test_half_typed_unknown_or_impossible_routes_get_a_specific_answer(text: str, answer: str):
    with pytest.raises(InvalidMove, match=answer):
        GAME.parse(navigation(at="g7", mp=5), text)


def test_the_public_post_says_when_a_ship_passes_another():
    """Rulebook: "You cannot move to a small space occupied by another ship, but you can pass
    through it. Since you need to maneuver to avoid the other ship, you must spend an
    additional 1 movement point to do so." The channel reads why 2 points went."""
    state = navigation(at="g7", mp=5, others={1: "h7"})
    after = play(state, "go h7")
    words = GAME.describe(state, 0, Step(sp("h7")), after)
    assert words.startswith(
        "Seat 1 (A) sails from g7 to h7, passing ship B (2 points). 3 movement points left."
    )


def test_passing_a_ship_on_the_last_points_to_reach_a_harbour():
    """Rulebook example (b): passing costs 2 and the step beyond 1. With exactly 3 points a
    ship passes and enters the harbour beyond, where it may still camp with 0 points left."""
    state = navigation(at="l3", mp=3, others={1: "m3"})
    state = play(state, "go m3")
    legal = GAME.legal_moves(state, 0)
    assert state.passing and state.mp == 1 and Step(sp("cocoa")) in legal
    assert all(isinstance(move, Step) for move in legal)  # no `end` on another ship's space
    state = play(state, "go cocoa")
    assert state.mp == 0 and state.may_camp and not state.passing
    state = play(state, "camp")
    assert state.camps[1] == (0,) and GAME.to_act(state) == (1,)


# -- the last round -----------------------------------------------------------------------------
def test_the_last_round_still_pays_wages_before_the_bonus_and_the_sums_add_up():
    """Rulebook: "the game ends after this round" (its wage payment included) and "Each player
    who has reached Tonga Bonga in this round receives 10 coins." Seat 1 (A) came home with four
    camps earlier this round; Seat 4 (D), the last board, enters Tonga Bonga with no camps."""
    four = ((), (0,), (0,), (0,), (0,), ())
    state = navigation(seat=3, at="g9", mp=1, camps=four)
    state = replace(
        state,
        crews=((), (), (), (Die(0, 1),)),
        wages=((0, 0), (0, 0), (0, 0), (4, 2)),
        money=(20, 20, 20, 14),
        ending=True,
        home=(0,),
    )
    after = play(state, "go tonga")
    assert after.phase is Phase.OVER and after.home == (0,)
    assert after.money == (34, 20, 20, 16)  # A: wage 4 + bonus 10; D takes back 2, no bonus
    outcome = GAME.outcome(after)
    assert outcome.winners == (0,)
    for score in outcome.scores:
        assert sum(line.points for line in score.breakdown) == score.total
    assert [(line.label, line.points) for line in outcome.scores[3].breakdown] == [
        ("start money", 20),
        ("wages paid", -4),
    ]


# -- money never below 0 ------------------------------------------------------------------------
def test_the_ghost_ship_post_says_which_extra_wages_were_forgiven():
    """Rulebook: "the owner of the ship must pay an additional wage of 3 coins for each die
    placed on the ship." games.md PROPOSAL 5: "Money never goes below 0; unpayable debts are
    forgiven." With 4 coins A pays B 3, C 1 and D nothing, and the post says so."""
    crew = (Die(1, 4), Die(2, 3), Die(3, 1))
    state = navigation(at="k4", mp=8, crew=crew, ghost="m5", money=(4, 20, 20, 20))
    after = play(state, "go l4")
    assert after.money == (0, 23, 21, 20)
    assert (
        "Next to the ghost ship: Seat 1 (A) pays extra wages: 3 to Seat 2 (B), 1 to Seat 3 (C), "
        "0 to Seat 4 (D); the other 5 coins are forgiven (no money left)."
    ) in after.events


def test_the_public_post_of_a_reroll_gives_its_cost_once_and_the_new_dice():
    """Rulebook: "Initially, they pay 2 coins to the bank and choose to reroll 1 to 3 dice." """
    state = crew_step(seat=0, roll=(5, 3, S))
    after = play(state, "reroll s")
    words = GAME.describe(state, 0, Reroll((S,)), after)
    assert words.startswith("Seat 1 (A) pays 2 to reroll seasick. New roll: ")
    assert words.count("Seat 1 (A)") == 1 and after.money[0] == 18
    now = ", ".join("seasick" if v == S else str(v) for v in after.roll)
    assert words.endswith(f"; dice now {now}.")
