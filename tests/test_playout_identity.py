"""Speed work on the rules' hot paths changes nothing a game does.

Seeded random playouts (the ones ``bench.playouts`` times) are recorded step by step: who may
act, the chosen seat's legal moves, the move's text, and at the end the final state as JSON and
the outcome. Each playout is summed up by a hash; ``tests/data/playout_identity.json`` holds the
hashes recorded before the hot paths were optimised, and every later run must give the same.

A game with a compact playout simulator (``fast_playout``, what ``bench.playouts`` times) must
play the very same games: the same seats and moves step by step, drawing the same numbers, and
the same totals and winners at the end, for every configuration and seed here.

After a *deliberate* change of the rules (never to make this pass after a speed-up), write the
fixture anew and say so in the commit:

    .venv/bin/python -m tests.test_playout_identity --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from rules import rng, serial
from rules.base import Game
from rules.registry import GAMES
from tests.support.playouts import reference_playout

FIXTURE = Path(__file__).parent / "data" / "playout_identity.json"
PLAYOUTS = 30  # seeded playouts per configuration
MAX_STEPS = 5000  # a playout that runs longer is a fault of its own
# Every player count of every game, and each non-default option at some count.
CONFIGURATIONS: list[tuple[str, int, dict[str, str]]] = [
    ("tokan", 2, {"scoring": "towers"}),
    ("tokan", 2, {"scoring": "every-head-counts"}),
    ("tonari", 2, {}),
    ("tonari", 3, {}),
    ("tonari", 4, {}),
    ("fishing", 2, {}),
    ("fishing", 3, {}),
    ("fishing", 4, {}),
    ("fishing", 5, {}),
    ("fishing", 3, {"side": "large"}),
    ("fishing", 5, {"side": "large"}),
    ("tonga", 3, {}),
    ("tonga", 4, {}),
    ("toshi", 3, {}),
    ("toshi", 4, {}),
    ("toshi", 5, {}),
    ("toshi", 3, {"variant": "specialisation"}),
    ("toshi", 5, {"variant": "specialisation"}),
]


def as_english(data: Any) -> Any:
    """Dumped state data with each text of the catalogue (kept whole since issue 25) as its
    English, as the recorded hashes saw it: the game's play, not its words' storage, is compared."""
    if isinstance(data, dict):
        if serial.TEXT_KEY in data:
            return str.__str__(serial.load(str, data))
        return {key: as_english(value) for key, value in data.items()}
    if isinstance(data, list):
        return [as_english(value) for value in data]
    return data


def label(key: str, players: int, options: dict[str, str]) -> str:
    return "-".join([key, f"{players}p", *(f"{k}={v}" for k, v in sorted(options.items()))])


def playout_hash(game: Game, players: int, options: dict[str, str], seed: int) -> str:
    """The hash of one seeded playout, as ``bench.playouts`` plays it, recorded step by step."""
    digest = hashlib.sha256()
    state: Any = game.setup(players, game.spec.resolve_options(options), seed)
    draw = rng.stream(seed, "playout")
    steps = 0
    while game.outcome(state) is None:
        steps += 1
        assert steps <= MAX_STEPS, f"{game.spec.key} seed {seed} did not end"
        seats = game.to_act(state)
        seat = seats[rng.below(draw, len(seats))]
        legal = tuple(game.legal_moves(state, seat))  # lazy lists (Tonga) would print ids
        move = game.playout_move(state, seat, draw)
        text = game.format(state, move)
        digest.update(f"{seats}|{seat}|{len(legal)}|{legal!r}|{text}\n".encode())
        state = game.play(state, seat, move)
    final = json.dumps(as_english(game.dump_state(state)), sort_keys=True, separators=(",", ":"))
    digest.update(f"{final}\n{game.outcome(state)!r}\n{game.to_act(state)}".encode())
    return digest.hexdigest()[:20]


def record() -> dict[str, list[str]]:
    return {
        label(key, players, options): [
            playout_hash(GAMES[key], players, options, seed) for seed in range(PLAYOUTS)
        ]
        for key, players, options in CONFIGURATIONS
    }


@pytest.mark.parametrize(
    ("key", "players", "options"),
    CONFIGURATIONS,
    ids=[label(*configuration) for configuration in CONFIGURATIONS],
)
def test_seeded_playouts_are_identical_to_the_recorded_ones(key, players, options):
    expected = json.loads(FIXTURE.read_text())[label(key, players, options)]
    got = [playout_hash(GAMES[key], players, options, seed) for seed in range(PLAYOUTS)]
    differing = [seed for seed, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b]
    assert not differing, f"seeds whose playout changed: {differing}"


FAST = [c for c in CONFIGURATIONS if hasattr(GAMES[c[0]], "fast_playout")]


@pytest.mark.parametrize(("key", "players", "options"), FAST, ids=[label(*c) for c in FAST])
def test_the_fast_simulator_plays_the_reference_games_move_for_move(key, players, options):
    game = GAMES[key]
    for seed in range(PLAYOUTS):
        start = game.setup(players, game.spec.resolve_options(options), seed)
        steps, result = reference_playout(game, start, rng.stream(seed, "playout"))
        trace: list[tuple[int, Any]] = []
        draw = rng.stream(seed, "playout")
        assert game.fast_playout(start, draw, trace) == result, f"seed {seed}"
        assert trace == steps, f"seed {seed}"
        # Both drew the same numbers: the streams are at the same place afterwards.
        after = rng.stream(seed, "playout")
        reference_playout(game, start, after)
        assert draw.random() == after.random(), f"seed {seed}"


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.test_playout_identity --write")
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(record(), indent=1) + "\n")
    print(f"wrote {FIXTURE}")
