"""Determinisation (``Game.sample_state``): a sample is a state the seat cannot tell from the
true one. For the open games it is the true state but for its seed; for Toshi Tōshi the seat's
own view of the sample equals its view of the true state, and the hidden cards vary."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from ai.publiclog import extended
from rules import rng
from rules.base import Game
from rules.registry import GAMES
from rules.toshi.sample import public_text

CASES = [
    ("tokan", 2, {}),
    ("tonari", 2, {}),
    ("tonari", 4, {}),
    ("fishing", 2, {}),
    ("fishing", 5, {}),
    ("fishing", 3, {"side": "large"}),
    ("tonga", 3, {}),
    ("tonga", 4, {}),
    ("toshi", 3, {}),
    ("toshi", 5, {"variant": "specialisation"}),
    ("toshi", 4, {"variant": "specialisation"}),
]
OPEN = {"tokan", "tonari", "fishing", "tonga"}


def playout(game: Game, players: int, options: dict[str, str], seed: int):
    """Every (state, public log) along one seeded random playout, the end included."""
    state = game.setup(players, game.spec.resolve_options(options), seed)
    draw = rng.stream(seed, "sample-test")
    log: tuple[tuple[int, str], ...] = ()
    yield state, log
    while game.outcome(state) is None:
        seats = game.to_act(state)
        seat = seats[rng.below(draw, len(seats))]
        move = game.playout_move(state, seat, draw)
        log = extended(log, game.spec.key, seat, game.format(state, move))
        state = game.apply(state, seat, move)
        yield state, log


def blank(state: Any, key: str, seed: int) -> Any:
    """``state`` with the seed of the sample (and, in Tonga Bonga, no event texts)."""
    changes: dict[str, Any] = {"seed": seed}
    if key == "tonga":
        changes["events"] = ()
    return dataclasses.replace(state, **changes)


@pytest.mark.parametrize(("key", "players", "options"), CASES)
def test_the_seat_cannot_tell_a_sample_from_the_true_state(key, players, options):
    game = GAMES[key]
    draw = random.Random(5)
    checked = 0
    for state, log in playout(game, players, options, seed=11):
        for seat in game.to_act(state) or range(players):
            view = game.view(state, seat)
            sample = game.sample_state(view, seat, log, draw)
            assert game.view(sample, seat) == view
            assert list(game.legal_moves(sample, seat)) == list(game.legal_moves(state, seat))
            if key in OPEN:  # no secrets: the sample is exact, but for the (fresh) seed
                assert sample == blank(state, key, sample.seed)
            checked += 1
    assert checked > 15


def test_open_samples_get_a_fresh_seed_so_future_dice_are_drawn_not_known():
    game = GAMES["tonga"]
    state = game.setup(3, {}, 99)
    view = game.view(state, 0)
    seeds = {game.sample_state(view, 0, (), random.Random(i)).seed for i in range(20)}
    assert state.seed not in seeds and len(seeds) == 20


def test_toshi_samples_vary_the_hidden_cards_and_keep_the_known_ones():
    game = GAMES["toshi"]
    states = list(playout(game, 4, {"variant": "standard"}, seed=3))
    # A position mid-game, with face-down cards of other seats on the table.
    state, log = next((s, lg) for s, lg in states[len(states) // 2 :] if s.phase.value == "trick")
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    hidden_cells = [
        i
        for i, cell in enumerate(state.cells)
        if cell is not None and cell.card is not None and view.cells[i].card is None
    ]
    assert hidden_cells, "the position has another seat's face-down card"
    samples = [game.sample_state(view, seat, log, random.Random(i)) for i in range(30)]
    for sample in samples:
        assert sample.hands[seat] == state.hands[seat]
        played = {e for _, t in log for e in [t] if t.startswith("play ")}
        for other in range(4):
            assert len(sample.hands[other]) == len(state.hands[other])
            assert not {f"play {c}" for c in sample.hands[other]} & played
    assert len({s.hands for s in samples}) > 1
    assert len({tuple(s.cells[i] for i in hidden_cells) for s in samples}) > 1


def test_a_face_down_build_is_redacted_in_the_public_log():
    assert public_text("build G3 down c4") == "build card down c4"
    assert public_text("build G3 up c4") == "build G3 up c4"
    assert public_text("play G3") == "play G3"


def test_tonga_samples_are_exact_through_routes_placements_and_round_ends():
    """Routes (`go k15 l15 cocoa camp`) and several placements in one move count decision by
    decision; a round's end leaves the last ship's ghost payment in the state (a round's
    start clears path and winds only) and the game's end keeps the last turn's winds."""
    game = GAMES["tonga"]
    seen = {"route": 0, "places": 0, "camp in a route": 0, "stale payment": 0, "over": 0}
    for players in (3, 4):
        for seed in range(6):
            draw = random.Random(seed)
            for state, log in playout(game, players, {}, seed):
                text = log[-1][1] if log else ""
                seen["route"] += text.startswith(("go ", "camp go")) and len(text.split()) > 2
                seen["places"] += text.startswith("place") and "," in text
                seen["camp in a route"] += " camp" in text or text.startswith("camp go")
                seen["stale payment"] += state.ghost_paid and state.phase.value != "navigation"
                seen["over"] += state.phase.value == "over"
                seat = (game.to_act(state) or (0,))[0]
                sample = game.sample_state(game.view(state, seat), seat, log, draw)
                assert sample == blank(state, "tonga", sample.seed), (players, seed, text)
    assert all(seen.values()), seen


def test_tonari_placing_the_boat_counts_as_moving_it_for_the_tie_break():
    # games.md, Clarifications: "Placing the boat counts as moving it for the tie-break (the
    # placer moved it onto the board)".
    game = GAMES["tonari"]
    state = game.setup(3, {}, 4)
    placer = game.to_act(state)[0]
    move = game.legal_moves(state, placer)[0]
    log = ((placer, game.format(state, move)),)
    state = game.apply(state, placer, move)
    sample = game.sample_state(game.view(state, 0), 0, log, random.Random(1))
    assert (sample.boat_moves, sample.moved_at[placer]) == (1, 1)
    assert sample == blank(state, "tonari", sample.seed)


def test_toshi_samples_read_the_rulebook_phase_names_of_the_view():
    # The view names phases as the rulebook does ("Trick", "Nature", "Construction",
    # "Influence", "End"); several steps of the rules share one name.
    game = GAMES["toshi"]
    names = set()
    for state, log in playout(game, 3, {}, seed=2):
        seat = (game.to_act(state) or (0,))[0]
        view = game.view(state, seat)
        names.add(view.phase)
        sample = game.sample_state(view, seat, log, random.Random(0))
        assert sample.phase is state.phase
    assert names == {"Trick", "Nature", "Construction", "Influence", "End"}
