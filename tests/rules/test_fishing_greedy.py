"""The search's goal-directed Friendly Fishing playouts (``fast.playout``'s ``greed``): every
move legal, the result the rules' own, each greedy boat move the best catch on offer, and the
uniform playout unchanged when there is no greed."""

from __future__ import annotations

from typing import Any

import pytest

from rules import rng
from rules.fishing import fast
from rules.fishing.data import KIND_INDEX, KINGFISH_TO_WIN, Tile
from rules.fishing.game import FishingState, Phase
from rules.fishing_common import MoveBoat
from rules.registry import GAMES
from tests.support.playouts import reference_playout

GAME = GAMES["fishing"]
SETS = ("kingfish,lunkers", "dinkers,skipjacks", "shiners,junk")


def start(players: int, seed: int) -> FishingState:
    options = {} if players == 5 else {"sets": SETS[seed % len(SETS)]}
    return GAME.setup(players, GAME.spec.resolve_options(options), seed)


def replay(state: FishingState, trace: list[tuple[int, Any]]) -> list[FishingState]:
    """The states before each traced move, each move checked legal on the reference rules."""
    before = []
    for seat, move in trace:
        assert tuple(GAME.to_act(state)) == (seat,)
        assert move in GAME.legal_moves(state, seat)
        before.append(state)
        state = GAME.play(state, seat, move)
    before.append(state)
    return before


def gain_of(state: FishingState, seat: int, at: int) -> int:
    pile = list(state.piles[seat])
    doubled = -1 if state.doubled is None else KIND_INDEX[state.doubled]
    tile = state.tiles[at]
    assert tile is not None
    return fast.catch_gain(KIND_INDEX[tile], pile, doubled, KINGFISH_TO_WIN[state.players])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("greed", [0.5, 1.0])
def test_greedy_playouts_play_legal_moves_to_the_rules_result(players: int, greed: float):
    for seed in range(12):
        state = start(players, seed)
        trace: list[tuple[int, Any]] = []
        totals, winners = fast.playout(state, rng.stream(seed, "g"), trace, False, greed)
        end = replay(state, trace)[-1]
        outcome = GAME.outcome(end)
        assert outcome is not None
        by_seat = sorted(outcome.scores, key=lambda s: s.seat)
        assert totals == tuple(s.total for s in by_seat)
        assert winners == tuple(outcome.winners)


@pytest.mark.parametrize("players", [2, 5])
def test_a_wholly_greedy_boat_move_takes_the_best_catch_on_offer(players: int):
    chosen = 0
    for seed in range(10):
        state = start(players, seed)
        trace: list[tuple[int, Any]] = []
        fast.playout(state, rng.stream(seed, "best"), trace, False, 1.0)
        for (seat, move), before in zip(trace, replay(state, trace), strict=False):
            if before.phase is not Phase.MOVE:
                continue
            offered = [m.to for m in GAME.legal_moves(before, seat) if isinstance(m, MoveBoat)]
            assert isinstance(move, MoveBoat)
            best = max(gain_of(before, seat, at) for at in offered)
            assert gain_of(before, seat, move.to) == best, (seed, move)
            chosen += 1
    assert chosen > 100


def test_no_greed_is_the_reference_playout_move_for_move():
    """At greed 0 the playout is the reference's uniform one, move for move and draw for draw
    (the search's full playouts for every level but hard, and the arena's ``--greed 0``)."""
    for seed in range(20):
        state = start(2 + seed % 4, seed)
        steps, result = reference_playout(GAME, state, rng.stream(seed, "u"), False)
        trace: list[tuple[int, Any]] = []
        assert fast.playout(state, rng.stream(seed, "u"), trace, False, 0.0) == result
        assert trace == steps


def test_what_a_catch_gains_follows_the_scoring_tables():
    """Rulebook: "Common fish (x6 each color): 1 / 3 / 6 / 10 / 15 / 21 points for 1 through 6
    fish", "Shiners (x3): -2 / 5 / 12 for 1 / 2 / 3", "Junk (x3): -3 points each", "Kingfish
    (x3): collect all 3 to win (or 2 for 4+ players)", "Lunkers (x3): 5 points; only the last
    Lunker scores"."""
    pile = [0] * len(fast.KINDS)
    red, shiner = KIND_INDEX[Tile.RED], KIND_INDEX[Tile.SHINER]
    gains = []
    for _ in range(6):
        gains.append(fast.catch_gain(red, pile, -1, 3))
        pile[red] += 1
    assert gains == [1, 2, 3, 4, 5, 6]  # the differences of 1, 3, 6, 10, 15, 21
    two_reds = [0] * len(fast.KINDS)
    two_reds[red] = 2
    assert fast.catch_gain(red, two_reds, red, 3) == 6  # 3 -> 6 points, "worth double points"
    shiners = []
    for _ in range(3):
        shiners.append(fast.catch_gain(shiner, pile, -1, 3))
        pile[shiner] += 1
    assert shiners == [-2, 7, 7]  # -2, then 5, then 12
    assert fast.catch_gain(KIND_INDEX[Tile.JUNK], pile, -1, 3) == -3
    kingfish = KIND_INDEX[Tile.KINGFISH]
    pile[kingfish] = 1
    assert fast.catch_gain(kingfish, pile, -1, KINGFISH_TO_WIN[5]) == fast.KINGFISH_WIN_GAIN
    assert fast.catch_gain(kingfish, pile, -1, KINGFISH_TO_WIN[3]) == fast.KINGFISH_STEP_GAIN
    lunker = KIND_INDEX[Tile.LUNKER]
    assert fast.catch_gain(lunker, pile, -1, 3) == 5
    pile[lunker] = 1
    assert fast.catch_gain(lunker, pile, -1, 3) == 0  # a second one of your own adds nothing
