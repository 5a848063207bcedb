"""Computer players: every move legal, decisions from views only, reproducible by seed."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from ai import player as player_module
from ai.mcts import SearchBudget
from ai.player import ComputerPlayer, policy_move
from rules.registry import GAMES
from tests.ai.support import TINY, play_match

MATCHES = [
    ("tokan", 2, {}, 2),
    ("tonari", 2, {}, 2),
    ("tonari", 3, {}, 2),
    ("tonari", 4, {}, 2),
    ("fishing", 2, {}, 2),
    ("fishing", 3, {}, 2),
    ("fishing", 4, {"side": "large"}, 2),
    ("fishing", 5, {}, 2),
    ("tonga", 3, {}, 1),
    ("tonga", 4, {}, 1),
    ("toshi", 3, {}, 1),
    ("toshi", 4, {"variant": "specialisation"}, 1),
    ("toshi", 5, {"variant": "specialisation"}, 1),
]


@pytest.mark.parametrize(("key", "players", "options", "games"), MATCHES)
def test_every_move_of_a_computer_seat_is_legal_to_the_end(key, players, options, games):
    game = GAMES[key]
    for seed in range(games):
        moves = play_match(
            key, players, seed, lambda s: ComputerPlayer("easy", 100 + s, TINY), options
        )
        # play_match applies each text with the rules' checks (an illegal move raises); the
        # match must also have reached its end.
        state = game.setup(players, game.spec.resolve_options(options), seed)
        for seat, text in moves:
            state = game.apply(state, seat, game.parse(state, text))
        assert game.outcome(state) is not None


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_each_level_decides_legally_with_its_own_budget(level):
    # One decision per level in TOKAN, with the level's real budget (hard's is the
    # arena's business: it takes its seconds).
    game = GAMES["tokan"]
    state = game.setup(2, {"scoring": "towers"}, 4)
    text = ComputerPlayer(level, 1).decide("tokan", game.view(state, 0), 0, ())
    assert game.parse(state, text) in game.legal_moves(state, 0)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_player_refuses_a_state(key):
    game = GAMES[key]
    players = game.spec.min_players
    state = game.setup(players, game.spec.resolve_options({}), 1)
    seat = game.to_act(state)[0]
    with pytest.raises(TypeError, match="decides from a"):
        ComputerPlayer("easy", 1, TINY).decide(key, state, seat, ())
    with pytest.raises(TypeError):
        policy_move(key, state, seat, (), 1)
    # Its seat's view, the same position, is accepted.
    text = ComputerPlayer("easy", 1, TINY).decide(key, game.view(state, seat), seat, ())
    assert game.parse(state, text) in game.legal_moves(state, seat)


class Recorder:
    """A game object that notes every state handed to any of its methods."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.states: list[Any] = []
        self.calls: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._game, name)
        if not callable(attribute):
            return attribute
        state_type = self._game.state_type

        def recorded(*args: Any, **kwargs: Any) -> Any:
            self.calls.add(name)
            self.states += [a for a in (*args, *kwargs.values()) if type(a) is state_type]
            return attribute(*args, **kwargs)

        return recorded


@pytest.mark.parametrize(("key", "players"), [("toshi", 4), ("tonga", 3), ("fishing", 3)])
@pytest.mark.parametrize(("full", "greed"), [(False, 0.0), (True, 0.0), (True, 0.7)])
def test_only_the_view_of_the_true_state_reaches_the_player(key, players, full, greed, monkeypatch):
    """The true state carries a seed no sample can have; no state the player's search handles
    carries it, so none was copied from the true state: only ``view`` crossed over. With
    ``full`` the playouts run on ``fast_playout`` (with ``greed``, on ``greedy_playout`` where
    the game has it), on the samples too."""
    game = GAMES[key]
    marked = 987_654_321_987
    state = dataclasses.replace(game.setup(players, game.spec.resolve_options({}), 1), seed=marked)
    recorder = Recorder(game)
    monkeypatch.setattr(player_module, "GAMES", {key: recorder})
    log: tuple[tuple[int, str], ...] = ()
    seat = game.to_act(state)[0]
    for step in range(12):  # a few decisions into the match
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        limits = SearchBudget(30, 60.0, 8, full_playouts=full, greed=greed)
        text = ComputerPlayer("normal", step, limits).decide(key, view, seat, log)
        move = game.parse(state, text)
        log = (*log, (seat, game.format(state, move)))
        state = game.apply(state, seat, move)
    assert recorder.states, "the search ran on sampled states"
    greedy = greed > 0 and hasattr(game, "greedy_playout")
    assert ("greedy_playout" in recorder.calls) is greedy
    assert ("fast_playout" in recorder.calls) is (full and not greedy)
    assert all(s.seed != marked for s in recorder.states)
    assert all(s is not state for s in recorder.states)


def test_toshi_public_log_never_names_a_face_down_card():
    moves = play_match("toshi", 4, 2, lambda s: ComputerPlayer("easy", s, TINY))
    from ai.publiclog import public_log

    downs = [(i, t) for i, (_, t) in enumerate(moves) if " down " in t]
    assert downs, "the match built face-down cards"
    public = public_log("toshi", moves)
    for i, text in downs:
        card = text.split()[1]
        assert card not in public[i][1] and public[i][1].startswith("build card down")


@pytest.mark.parametrize(("key", "players"), [("tokan", 2), ("fishing", 3), ("toshi", 3)])
def test_the_same_seed_gives_the_same_match(key, players):
    budget = SearchBudget(iterations=10, seconds=600.0, playout_depth=4)

    def run(base: int) -> list[tuple[int, str]]:
        return play_match(key, players, 7, lambda s: ComputerPlayer("normal", base + s, budget))

    first = run(10)
    assert run(10) == first
    others = [run(base) for base in (20, 30)]
    assert any(other != first for other in others), "the seed steers the decisions"


def test_a_decision_is_keyed_by_its_position_not_by_history_of_calls():
    game = GAMES["tonari"]
    state = game.setup(3, {}, 3)
    view = game.view(state, 2)
    player = ComputerPlayer("normal", 5, SearchBudget(40, 600.0, 6))
    decisions = {player.decide("tonari", view, 2, ()) for _ in range(3)}
    assert len(decisions) == 1
