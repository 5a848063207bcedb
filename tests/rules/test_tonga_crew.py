"""Tonga Bonga: the crew step (rolls, rerolls, seasick dice, placing dice on ships)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import rng
from rules.errors import IllegalMove, InvalidMove
from rules.tonga.crew import insert_die
from rules.tonga.state import SEASICK, Die, Keep, Phase, Place, Reroll
from tests.rules.test_tonga_support import GAME, crew_step, play, turn_of

S = SEASICK


def test_dice_placement_example_of_the_rulebook():
    """Rulebook: "The yellow player placed 4 dice on the orange boat. These dice are placed on
    the captain space (far left). The red player placed 3 dice. Since the number on the red dice
    is smaller than that on the yellow dice, they are placed on the helmsman space. The white
    player placed 3 dice on the orange boat. Since the number matches the helmsman space, the
    existing red dice are moved to the far right space, and the white dice are placed on the
    helmsman space." """
    yellow, red, white = 1, 2, 3
    crew, bumped = insert_die((), Die(yellow, 4))
    assert crew == (Die(yellow, 4),) and bumped is None
    crew, _ = insert_die(crew, Die(red, 3))
    assert crew == (Die(yellow, 4), Die(red, 3))
    crew, _ = insert_die(crew, Die(white, 3))
    assert crew == (Die(yellow, 4), Die(white, 3), Die(red, 3))


def test_a_placed_die_joins_the_ship_in_value_order():
    """Rulebook: "If the ship has no dice: The dice are placed in the leftmost space (Captain's
    space)." and "arrange the dice values in descending order from the leftmost position." """
    state = crew_step(seat=0, roll=(5, 3, 1), crews=((), (Die(2, 4),), (), ()))
    after = play(state, "place 5 on B")
    assert after.crews[1] == (Die(0, 5), Die(2, 4))
    assert after.roll == (3, 1) and after.placed == (1,)
    assert "Seat 1 (A) places a 5 on ship B." in GAME.describe(state, 0, Place(5, 1), after)


def test_with_four_players_one_die_goes_on_each_other_ship():
    """Rulebook: "You should place only one die on each ship other than your own ship." """
    state = play(crew_step(seat=0, roll=(5, 3, 1)), "place 5 on B")
    assert Place(3, 1) not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="Ship B already has one of your dice"):
        GAME.apply(state, 0, Place(3, 1))
    with pytest.raises(IllegalMove, match="not your own"):
        GAME.apply(state, 0, Place(3, 0))
    state = play(state, "place 3 on C", "place 1 on D")
    assert [len(c) for c in state.crews] == [0, 1, 1, 1]
    assert GAME.to_act(state) == (1,)  # the next board's crew turn began


def test_with_three_players_one_or_two_dice_go_on_a_ship():
    """Rulebook: "In a game with three players, you can place either one or two dice on other
    ships." games.md clarification: "with 3 players at most 2 dice go on one ship"."""
    state = play(crew_step(players=3, seat=0, roll=(5, 3, 1)), "place 5 on B", "place 3 on B")
    assert state.crews[1] == (Die(0, 5), Die(0, 3))
    assert GAME.legal_moves(state, 0) == (Place(1, 2),)
    with pytest.raises(IllegalMove, match="Ship B already has two of your dice"):
        GAME.apply(state, 0, Place(1, 1))


def test_a_fourth_die_pushes_the_lowest_off_and_it_earns_nothing():
    """games.md clarification: "a ship holds 3 dice and a 4th inserted die pushes the lowest
    off (it earns nothing)"."""
    crews = ((), (Die(2, 4), Die(2, 2), Die(0, 1)), ())
    state = crew_step(players=3, seat=0, roll=(3, S, S), crews=crews)
    after = play(state, "place 3 on B")
    assert after.crews[1] == (Die(2, 4), Die(0, 3), Die(2, 2))
    assert "Seat 1 (A)'s 1 is pushed off ship B and earns nothing." in after.events


def test_seasick_dice_stay_home():
    """Rulebook: "If the side with "leaning against the railing and feeling seasick" comes up on
    any of the dice, that die cannot be employed on a ship this round." """
    state = crew_step(seat=0, roll=(4, S, S), money=(0, 20, 20, 20))
    assert {m for m in GAME.legal_moves(state, 0)} == {Place(4, 1), Place(4, 2), Place(4, 3)}
    with pytest.raises(IllegalMove, match="seasick die stays home"):
        GAME.apply(state, 0, Place(S, 1))
    after = play(state, "place 4 on C")
    assert GAME.to_act(after) == (1,) and after.roll != ()  # seat 2 rolled; seat 1 is done


def test_all_seasick_keep_or_reroll():
    """games.md PROPOSAL 4: "Seasick dice are never placed, even after rerolls run out." """
    state = crew_step(seat=0, roll=(S, S, S))
    legal = GAME.legal_moves(state, 0)
    assert Keep() in legal and Reroll((S, S, S)) in legal
    assert "keep" in GAME.pending(state)
    after = play(state, "keep")
    assert GAME.to_act(after) == (1,)
    with pytest.raises(IllegalMove, match="still have dice to place"):
        GAME.apply(crew_step(seat=0, roll=(2, S, S)), 0, Keep())


def test_all_seasick_without_money_for_a_reroll_passes_by_itself():
    state = play(crew_step(seat=0, roll=(5, 3, 1)), "place 5 on B", "place 3 on C")
    # Find a seed-free way: put seat 1 (next) at 0 coins and force an all-seasick roll by
    # searching the seeds for one (the roll comes from the match seed).
    for seed in range(500):
        if rng.roll(seed, "crew:1:1", 3) == (6, 6, 6):
            break
    else:
        pytest.fail("no all-seasick roll in 500 seeds")
    state = replace(state, seed=seed, money=(20, 1, 20, 20))
    after = play(state, "place 1 on D")
    assert "Seat 2 (B) rolls seasick, seasick, seasick." in after.events
    assert "Seat 2 (B) keeps every die home (all seasick)." in after.events
    assert GAME.to_act(after) == (2,)


def test_rerolls_cost_two_then_three_then_four():
    """Rulebook: "Initially, they pay 2 coins to the bank and choose to reroll 1 to 3 dice.
    Subsequent rerolls cost 3 coins, then 4 coins, with the cost increasing gradually." """
    state = crew_step(seat=0, roll=(5, 3, 1))
    state = play(state, "reroll 1")
    assert state.money[0] == 18 and state.rerolls == 1 and len(state.roll) == 3
    fresh = rng.roll(state.seed, "reroll:1:0:1", 1)
    assert fresh[0] in state.roll and 5 in state.roll and 3 in state.roll
    state = play(state, f"reroll {' '.join('s' if v == S else str(v) for v in state.roll)}")
    assert state.money[0] == 15 and state.ledger[0][3] == -5
    assert "a reroll costs 4" not in GAME.pending(state) and "for 4" in GAME.pending(state)


def test_rerolls_come_before_placing_and_need_the_money():
    """games.md PROPOSAL 3: "allowed only in your own Crew Placement turn, before placing." """
    placed = play(crew_step(seat=0, roll=(5, 3, 1)), "place 5 on B")
    with pytest.raises(IllegalMove, match="before you place your first die"):
        GAME.apply(placed, 0, Reroll((1,)))
    poor = crew_step(seat=0, roll=(5, 3, 1), money=(3, 20, 20, 20), rerolls=2)
    with pytest.raises(IllegalMove, match="costs 4 coins and you have 3"):
        GAME.apply(poor, 0, Reroll((1,)))
    with pytest.raises(IllegalMove, match="no die showing 2"):
        GAME.apply(crew_step(seat=0, roll=(5, 3, 1)), 0, Reroll((2,)))


def test_the_reroll_count_starts_again_every_round():
    """games.md PROPOSAL 3: "the count resets each round"."""
    state = crew_step(seat=0, roll=(1,), rerolls=2, placed=(1, 2))
    after = play(state, "place 1 on D")
    assert GAME.to_act(after) == (1,) and after.rerolls == 0
    if any(v != S for v in after.roll):
        assert "reroll 1-3 dice for 2" in GAME.pending(after)
    last = crew_step(seat=3, roll=(1,), rerolls=1, placed=(0, 1))
    assert play(last, "place 1 on C").phase is Phase.NAVIGATION


def test_crew_moves_parse_and_format():
    state = crew_step(seat=0, roll=(5, 3, S))
    assert GAME.parse(state, "place 5 on b") == Place(5, 1)
    assert GAME.parse(state, "place 5 2") == Place(5, 1)
    assert GAME.parse(state, "reroll s 3") == Reroll((S, 3))
    assert GAME.format(state, Reroll((S, 3))) == "reroll s 3"
    with pytest.raises(InvalidMove, match="ships are A, B, C, D"):
        GAME.parse(state, "place 5 on e")
    with pytest.raises(InvalidMove, match="not a die face"):
        GAME.parse(state, "reroll 7")
    assert GAME.pending(state) == (
        "Seat 1 (A) rolled 5, 3, seasick: place a die on ship B or C or D (`place 5 on B`, or "
        "all at once: `place 5 on B, 3 on C`) or reroll 1-3 dice for 2 (`reroll s`)"
    )
    assert GAME.parse(state, "place 5 on ship B") == Place(5, 1)
    assert GAME.parse(state, "place 3 on seat 3") == Place(3, 2)
    assert GAME.parse(state, "reroll all") == Reroll((S, 5, 3))
    with pytest.raises(InvalidMove, match="name a die value and a ship"):
        GAME.parse(state, "place 5")
    with pytest.raises(InvalidMove, match=r"name the 1 to 3 dice to reroll"):
        GAME.parse(state, "reroll")
    with pytest.raises(InvalidMove, match="captain then helmsman"):
        GAME.parse(state, "wages 3")


def test_pending_examples_are_moves_the_seat_can_make():
    state = play(crew_step(players=3, seat=0, roll=(4, 2, 1)), "place 4 on B", "place 2 on B")
    # Once dice are on ships the pending text names the dice still in hand, not the roll.
    assert GAME.pending(state) == "Seat 1 (A) has 1 left: place a die on ship C (`place 1 on C`)"
    assert GAME.pending(crew_step(seat=0, roll=(5, 3, 1))).endswith("(`reroll 1`)")


def test_each_crew_roll_comes_from_the_seed_by_round_and_seat():
    """Dice are rolled from the match seed keyed by round and seat, so replays match."""
    state = crew_step(seat=2, roll=(1, 1, 1))
    state = replace(state, placed=(0, 1), roll=(1,))
    after = play(state, "place 1 on D")
    assert after.roll == tuple(sorted(rng.roll(state.seed, "crew:1:3", 3), reverse=True))
    assert GAME.to_act(after) == (3,) and turn_of(4, 3) == after.turn


def test_crew_dice_show_one_to_five_or_seasick():
    """games.md: "Faces: 1, 2, 3, 4, 5 and one seasick face, which replaces the 6." """
    faces = set()
    for seed in range(60):
        state = GAME.setup(4, {}, seed)
        state = play(state, "wages 1 1", "wages 1 1", "wages 1 1", "wages 1 1")
        faces.update(state.roll)
    assert faces == {1, 2, 3, 4, 5, S}
    assert "seasick" in GAME.pending(crew_step(roll=(S, 2, 1)))


def test_check_refuses_moves_no_text_can_name():
    """check() and legal_moves() agree even on moves built by hand, not parsed."""
    state = crew_step(seat=0, roll=(5, 3, 1))
    with pytest.raises(IllegalMove, match="1 to 3 of your dice"):
        GAME.apply(state, 0, Reroll(()))
    with pytest.raises(IllegalMove, match="no ship number 5"):
        GAME.apply(state, 0, Place(5, 4))
    with pytest.raises(IllegalMove, match="no ship number 0"):
        GAME.apply(state, 0, Place(5, -1))


def test_wage_suggestions_are_built_only_as_far_as_they_match():
    """A rich player has thousands of wage choices; autocomplete builds only matching ones."""
    from rules.tonga.wages import WageChoices, wage_suggestions

    assert wage_suggestions(150, "", 3) == ["wages 1 1", "wages 1 2", "wages 1 3"]
    assert wage_suggestions(150, "wages 12 3", 3) == ["wages 12 3", "wages 12 30", "wages 12 31"]
    assert wage_suggestions(150, "wa 7 9", 2) == ["wages 7 9", "wages 7 90"]
    assert wage_suggestions(5, "4", 25) == ["wages 4 1"]  # 4 + 1 = all 5 coins
    assert wage_suggestions(5, "wages 4 2", 25) == []  # 6 coins: more than the 5 held
    assert wage_suggestions(1, "", 25) == ["wages 1 0"]  # a poor player puts what they have
    assert wage_suggestions(150, "reroll", 25) == []
    everything = wage_suggestions(9, "", 1000)
    assert everything == [f"wages {w.captain} {w.helmsman}" for w in WageChoices(9)]
