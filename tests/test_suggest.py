"""Autocomplete suggestions: what `narrow` keeps, and that every game's `suggest` offers only
legal moves, at most 25, and always the move a player has typed in full."""

from __future__ import annotations

import pytest

from rules import rng
from rules.base import SUGGESTIONS, narrow
from rules.registry import GAMES


def test_narrow_puts_prefix_matches_first_then_word_matches():
    texts = ["b3 up", "a1 right", "b3 right carry 1", "c3 right"]
    assert narrow(texts, "") == texts
    assert narrow(texts, "b3") == ["b3 up", "b3 right carry 1"]
    assert narrow(texts, "right") == ["a1 right", "b3 right carry 1", "c3 right"]
    assert narrow(texts, "B3 RIGHT") == ["b3 right carry 1"]
    assert narrow(texts, "zz") == []
    assert narrow([f"m{i}" for i in range(40)], "m") == [f"m{i}" for i in range(SUGGESTIONS)]


@pytest.mark.parametrize("key", list(GAMES))
def test_suggestions_are_legal_and_find_what_was_typed(key: str):
    game = GAMES[key]
    state = game.setup(game.spec.max_players, game.spec.resolve_options({}), 5)
    draw = rng.stream(5, "suggest")
    checked = 0
    while game.outcome(state) is None and checked < 60:
        seat = game.to_act(state)[0]
        move = game.playout_move(state, seat, draw)
        text = game.format(state, move)
        legal = game.legal_moves(state, seat)
        for typed in ("", text[: len(text) // 2], text):
            offered = game.suggest(state, seat, typed)
            assert len(offered) <= SUGGESTIONS
            assert all(game.parse(state, t) in legal for t in offered[:5])
        assert text in game.suggest(state, seat, text)
        state = game.apply(state, seat, move)
        checked += 1
