"""Tonga Bonga play-test scenarios: what a player who knows the rulebook tries, and the words
(pending decisions, refusals, public descriptions) they read while doing it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import IllegalMove, InvalidMove
from rules.tonga.state import SEASICK, Keep, Reroll, Step, Wages
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


def test_half_typed_or_unknown_spaces_get_a_specific_answer():
    state = navigation(at="g7", mp=5)
    with pytest.raises(InvalidMove, match=r"^`go`: name the space to sail to, e.g. `go f6`"):
        GAME.parse(state, "go")
    with pytest.raises(InvalidMove, match=r"^`go a1`: there is no sea space a1 on the chart"):
        GAME.parse(state, "go a1")
    with pytest.raises(InvalidMove, match=r"one space per move: `go f6` first"):
        GAME.parse(state, "go f6 f5")


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
