"""The moves the search weighs (``ai.candidates``): every one legal, whole decisions in Tonga
Bonga, and the legal moves unchanged in the other games."""

from __future__ import annotations

import random

import pytest

from ai.candidates import TONGA_WAGES, candidates
from rules.playout import policy_game
from rules.registry import GAMES
from rules.tonga.state import SEASICK, Camp, End, Phase, Places, Route, Step


def tonga_positions(players: int, seed: int, every: int = 1):
    game = GAMES["tonga"]
    state = game.setup(players, {}, seed)
    game_moves = policy_game(game, state, random.Random(seed))
    for i, (before, seat, _move, _after) in enumerate(game_moves):
        if i % every == 0:
            yield before, seat


@pytest.mark.parametrize("players", [3, 4])
def test_every_tonga_candidate_is_legal_by_the_rules_own_checks(players):
    game = GAMES["tonga"]
    seen = set()
    for state, seat in tonga_positions(players, seed=players, every=3):
        for root in (True, False):
            moves = candidates(game, state, seat, root)
            assert moves, f"no candidate in {state.phase}"
            for move in moves:
                game.check(state, seat, move)  # raises IllegalMove if not
                after = game.play(state, seat, move)
                assert after != state
                text = game.format(state, move)
                assert game.parse(state, text) == move
        seen.add(state.phase)
    assert seen == {Phase.WAGES, Phase.CREW, Phase.NAVIGATION}


def test_tonga_weighs_whole_turns_not_single_steps():
    game = GAMES["tonga"]
    for state, seat in tonga_positions(3, seed=11):  # noqa: B007 (the seat is used below)
        if state.phase is Phase.NAVIGATION and not state.passing and state.mp >= 3:
            break
    else:
        pytest.fail("no navigation turn with points to spend")
    root = candidates(game, state, seat, root=True)
    deep = candidates(game, state, seat, root=False)
    routes = [m for m in root if isinstance(m, Route)]
    assert routes and all(len(r.actions) >= 2 for r in routes)
    assert not any(isinstance(m, Step) for m in deep[:-1])  # single steps only if that is all
    assert End() in root and set(deep) <= set(root)  # the root weighs more than deeper nodes
    assert len(root) > len(deep)


def test_tonga_places_all_its_dice_at_once_and_weighs_a_few_wages():
    game = GAMES["tonga"]
    placed = wages = False
    for state, seat in tonga_positions(3, seed=5):
        moves = candidates(game, state, seat)
        whole_roll = len(state.roll) == 3 and SEASICK not in state.roll
        if state.phase is Phase.CREW and not state.placed and whole_roll:
            assert any(isinstance(m, Places) and len(m.places) == 3 for m in moves)
            placed = True
        if state.phase is Phase.WAGES and state.money[seat] > 10:
            assert tuple(moves) == TONGA_WAGES
            wages = True
    assert placed and wages


def test_tonga_offers_camp_first_once_the_ship_is_in_a_harbour_it_may_camp_in():
    game = GAMES["tonga"]
    for state, seat in tonga_positions(3, seed=2):
        if state.phase is not Phase.NAVIGATION:
            continue
        for route in candidates(game, state, seat, root=True):
            if isinstance(route, Route) and Camp() in route.actions:
                for action in route.actions[: route.actions.index(Camp())]:
                    state = game.apply(state, seat, action)
                assert state.may_camp
                assert candidates(game, state, seat)[0] == Camp()
                return
    pytest.fail("no route to a camp in a whole game")


@pytest.mark.parametrize("key", ["tokan", "tonari", "fishing", "toshi"])
def test_the_other_games_weigh_their_legal_moves(key):
    game = GAMES[key]
    state = game.setup(game.spec.min_players, game.spec.resolve_options({}), 3)
    seat = game.to_act(state)[0]
    assert list(candidates(game, state, seat, True)) == list(game.legal_moves(state, seat))
