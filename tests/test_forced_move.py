"""`Game.forced_move`: a decision with exactly one legal choice is found, so the service can play
it for the player and announce it instead of pinging them."""

from __future__ import annotations

from dataclasses import replace

from rules.tonga.state import Place
from tests.rules.test_tonga_support import GAME, crew_step, start
from tests.support.nim import Nim, Take

NIM = Nim()


def test_one_seat_with_one_legal_move_is_forced():
    state = replace(NIM.setup(2, {"pile": "7"}, 1), pile=1, turn=1)
    assert NIM.forced_move(state) == (1, Take(1))


def test_a_real_choice_is_not_forced():
    state = NIM.setup(2, {"pile": "7"}, 1)  # take 1, 2 or 3
    assert len(NIM.legal_moves(state, 0)) == 3
    assert NIM.forced_move(state) is None


def test_nothing_is_forced_once_the_game_is_over():
    state = replace(NIM.setup(2, {"pile": "7"}, 1), pile=0, last_taker=0)
    assert NIM.to_act(state) == ()
    assert NIM.forced_move(state) is None


def test_several_seats_to_act_is_never_forced():
    class Both(Nim):
        def to_act(self, state):  # type: ignore[no-untyped-def]
            return () if state.pile == 0 else (0, 1)

    state = replace(NIM.setup(2, {"pile": "7"}, 1), pile=1)
    assert Both().forced_move(state) is None


def test_tonga_wages_of_a_player_with_one_coin_are_forced():
    state = replace(start(3), money=(1, 20, 20))
    seat, move = GAME.forced_move(state) or (None, None)
    assert seat == 0 and GAME.format(state, move) == "wages 1 0"
    # ...and applying it is an ordinary legal move.
    assert GAME.apply(state, seat, move).wages[0] == (1, 0)


def test_tonga_wages_with_money_to_choose_are_not_forced():
    assert GAME.forced_move(start(3)) is None


def test_tonga_last_die_with_one_ship_left_is_forced():
    # Four players: one die per other ship; A has placed on B and C, so its 3 must go on D.
    state = crew_step(players=4, seat=0, roll=(3,), placed=(1, 2))
    assert GAME.forced_move(state) == (0, Place(3, 3))
    # With two dice left there are choices again.
    assert GAME.forced_move(crew_step(players=4, seat=0, roll=(3, 1), placed=(1,))) is None
