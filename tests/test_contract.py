"""The contract every registered game keeps (in the spirit of OpenSpiel's random_sim_test).

Seeded playouts run each game to its end under every player count and every option value, and
check at every step: ``apply`` never mutates its input; a seat that may not act has no legal
move; the state survives a JSON round trip
exactly; every legal move's text parses back to the same move; no view shows another seat's
secret. Replaying the same seed and moves gives the same game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules import rng
from rules.base import Game, Outcome
from rules.errors import GameOver, InvalidMove, NotYourTurn
from rules.registry import GAMES
from rules.views import walk

MAX_STEPS = 5000


def configurations(game: Game) -> Iterator[tuple[int, dict[str, str]]]:
    """Every player count with the defaults, then each option value once."""
    spec = game.spec
    defaults = {o.key: o.default for o in spec.options}
    for players in range(spec.min_players, spec.max_players + 1):
        try:
            game.check_options(players, spec.resolve_options(defaults))
        except InvalidMove:
            continue
        yield players, dict(defaults)
    for option in spec.options:
        for choice in option.choices:
            if choice != option.default:
                options = {**defaults, option.key: choice}
                yield max_valid_players(game, options), options


def max_valid_players(game: Game, options: dict[str, str]) -> int:
    """The largest player count with which ``options`` may be played."""
    for players in range(game.spec.max_players, game.spec.min_players - 1, -1):
        try:
            game.check_options(players, game.spec.resolve_options(options))
        except InvalidMove:
            continue
        return players
    raise AssertionError(f"{options} cannot be played with any player count")


CASES = [
    pytest.param(key, players, options, id=f"{key}-{players}p-{'-'.join(options.values())}")
    for key, game in GAMES.items()
    for players, options in configurations(game)
]


def assert_no_leak(game: Game, state: Any) -> None:
    players = game.players(state)
    for owner in range(players):
        hidden = game.secrets(state, owner)
        if not hidden:
            continue
        for viewer in [None, *range(players)]:
            if viewer == owner:
                continue
            seen = [v for v in walk(game.view(state, viewer)) if _hashable(v) and v in hidden]
            assert not seen, f"view for {viewer} shows seat {owner}'s secret {seen[:3]}"


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def assert_idle_seats_have_no_moves(game: Game, state: Any, acting: tuple[int, ...]) -> None:
    """The contract: legal moves (and so autocomplete suggestions) are empty for a seat that may
    not act now (issue 15: Toshi Tōshi once offered `pass` to others while an owed token was
    awaited)."""
    for idle in range(game.players(state)):
        if idle in acting:
            continue
        assert list(game.legal_moves(state, idle)) == [], (
            f"seat {idle} may not act ({game.pending(state)}) but has legal moves"
        )
        assert game.suggest(state, idle, "") == [], f"seat {idle} may not act but is suggested"


def playout(
    game: Game,
    players: int,
    options: dict[str, str],
    seed: int,
    checks: bool,
    pick: str = "random",
):
    """A seeded game to its end. When several seats may act, ``pick`` chooses who does: at random,
    or always the first (or last) of ``to_act``, which keeps an optional decision (Toshi Tōshi's
    owed Influenstar token) waiting as long as the rules allow."""
    state = game.setup(players, game.spec.resolve_options(options), seed)
    draw = rng.stream(seed, "playout")
    log: list[tuple[int, str]] = []
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        seats = game.to_act(state)
        assert seats, "a game that is not over must have someone to act"
        if pick == "random":
            seat = seats[rng.below(draw, len(seats))]
        else:
            seat = seats[0] if pick == "first" else seats[-1]
        legal = game.legal_moves(state, seat)
        assert legal, f"seat {seat} is asked to act but has no legal move"
        assert_idle_seats_have_no_moves(game, state, seats)
        if checks:
            for move in legal:
                assert game.parse(state, game.format(state, move)) == move
            before = json.dumps(game.dump_state(state), sort_keys=True)
            assert game.load_state(json.loads(before)) == state
            assert_no_leak(game, state)
        move = game.playout_move(state, seat, draw)
        after = game.apply(state, seat, move)
        if checks:
            assert json.dumps(game.dump_state(state), sort_keys=True) == before, "apply mutated"
            assert isinstance(game.describe(state, seat, move, after), str)
        log.append((seat, game.format(state, move)))
        state = after
    else:
        pytest.fail(f"no end after {MAX_STEPS} decisions")
    return state, log


@pytest.mark.parametrize(("key", "players", "options"), CASES)
def test_seeded_playout_keeps_the_contract(key: str, players: int, options: dict[str, str]):
    game = GAMES[key]
    for seed in range(3):
        final, log = playout(game, players, options, seed, checks=seed == 0)
        outcome = game.outcome(final)
        assert isinstance(outcome, Outcome)
        assert game.to_act(final) == ()
        assert {s.seat for s in outcome.scores} == set(range(players))
        assert all(w in range(players) for w in outcome.winners)
        assert all(sum(line.points for line in s.breakdown) == s.total for s in outcome.scores), (
            "each total must be the sum of its breakdown"
        )
        with pytest.raises(GameOver):
            game.apply(final, 0, game.parse(final, log[-1][1]))

        # Replaying the log from the seed gives the very same game.
        replay = game.setup(players, game.spec.resolve_options(options), seed)
        for seat, text in log:
            replay = game.apply(replay, seat, game.parse(replay, text))
        assert game.dump_state(replay) == game.dump_state(final)


def min_valid_players(game: Game, options: dict[str, str]) -> int:
    """The smallest player count with which ``options`` may be played."""
    for players in range(game.spec.min_players, game.spec.max_players + 1):
        try:
            game.check_options(players, game.spec.resolve_options(options))
        except InvalidMove:
            continue
        return players
    raise AssertionError(f"{options} cannot be played with any player count")


# The playout cases, plus each non-default option value at its smallest player count too (Toshi
# Tōshi's variant with 3 players, where the Influenstar's owed token is awaited more often).
IDLE_CASES = CASES + [
    pytest.param(key, low, options, id=f"{key}-{low}p-{'-'.join(options.values())}")
    for key, game in GAMES.items()
    for players, options in configurations(game)
    if (low := min_valid_players(game, options)) != players
    and options != {o.key: o.default for o in game.spec.options}
]


@pytest.mark.parametrize(("key", "players", "options"), IDLE_CASES)
@pytest.mark.parametrize("pick", ["first", "last"])
def test_a_seat_that_may_not_act_has_no_legal_move_in_any_order(
    key: str, players: int, options: dict[str, str], pick: str
):
    """Every seat at every step: ``legal_moves`` and ``suggest`` are empty for a seat not in
    ``to_act``, also when the seats that may act together always act in one order (so an
    optional decision waits as long as it may)."""
    game = GAMES[key]
    for seed in range(2):
        final, _ = playout(game, players, options, seed, checks=False, pick=pick)
        assert game.outcome(final) is not None


@pytest.mark.parametrize("key", list(GAMES))
def test_a_seat_not_on_turn_is_refused(key: str):
    game = GAMES[key]
    state = game.setup(game.spec.max_players, game.spec.resolve_options({}), 7)
    acting = game.to_act(state)
    waiting = [s for s in range(game.players(state)) if s not in acting]
    if not waiting:
        pytest.skip("every seat may act at the start")
    move = game.legal_moves(state, acting[0])[0]
    with pytest.raises(NotYourTurn):
        game.apply(state, waiting[0], move)


@pytest.mark.parametrize("key", list(GAMES))
def test_same_seed_same_setup(key: str):
    game = GAMES[key]
    opts = game.spec.resolve_options({})
    a = game.setup(game.spec.min_players, opts, 11)
    b = game.setup(game.spec.min_players, opts, 11)
    c = game.setup(game.spec.min_players, opts, 12)
    assert game.dump_state(a) == game.dump_state(b)
    assert game.dump_state(a) != game.dump_state(c)


@pytest.mark.parametrize("key", list(GAMES))
def test_spec_is_complete(key: str):
    spec = GAMES[key].spec
    assert spec.key == key
    assert 1 <= spec.min_players <= spec.max_players <= 5
    assert len(spec.rules_text) > 100 and spec.move_help
    # /<game> rules shows them in one embed: 4096 characters of text, 1024 per field.
    assert len(spec.rules_text) <= 4000 and len(spec.move_help) <= 1024
    assert "Our readings:" in spec.rules_text  # where the rulebook is unclear, say what we chose
    for option in spec.options:
        if option.choices:  # a closed list: Discord shows at most 25 choices
            assert option.default in option.choices
            assert len(option.choices) <= 25
        else:  # free text: the default must be accepted for some player count
            max_valid_players(GAMES[key], {option.key: option.default})


def test_random_helpers_are_stable():
    # These literal values pin the draws: if Python ever changed random(), replays would break.
    assert rng.shuffled(range(5), 1, "x") == rng.shuffled(range(5), 1, "x")
    assert sorted(rng.shuffled(range(10), 3, "y")) == list(range(10))
    assert all(1 <= d <= 6 for d in rng.roll(5, "dice", 100))
    assert random.Random("5:dice").random() == rng.stream(5, "dice").random()
