"""The Discord stand-in lets a text made of move notation only through the pseudo-language run
(``tests/fakediscord/languages.py``): its list of the notation's words must hold every word any
game writes in a move."""

from __future__ import annotations

import re

import pytest

from rules import rng
from rules.registry import GAMES
from tests.fakediscord.languages import NOTATION


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_word_of_a_games_notation_is_known_to_the_stand_in(key: str):
    game = GAMES[key]
    seen: set[str] = set()
    for players in (game.spec.min_players, game.spec.max_players):
        state = game.setup(players, game.spec.resolve_options({}), 3)
        draw = rng.stream(3, "notation")
        for _ in range(400):
            if game.outcome(state) is not None:
                break
            for seat in game.to_act(state):
                for move in list(game.legal_moves(state, seat))[:300]:
                    seen |= {
                        w.lower() for w in re.findall(r"[A-Za-z]{2,}", game.format(state, move))
                    }
            seat = game.to_act(state)[0]
            state = game.play(state, seat, game.playout_move(state, seat, draw))
    words = {word for word in seen if not re.fullmatch(r"[a-z]\d*", word)}
    assert words, "a game writes words in its moves"
    assert words <= NOTATION | {"up"}, sorted(words - NOTATION)


def test_friendly_fishings_special_sets_are_typed_as_the_option_names_them():
    from rules.fishing.data import SPECIAL_SETS

    assert set(SPECIAL_SETS) <= NOTATION


def test_tonga_bongas_rarer_moves_are_known_to_the_stand_in():
    """Moves a playout seldom reaches (every die seasick: ``keep``) are notation too."""
    from rules.tonga.notation import format_move
    from rules.tonga.state import Camp, End, Keep

    for move in (Keep(), Camp(), End()):
        words = set(re.findall(r"[a-z]{2,}", format_move(move)))
        assert words and words <= NOTATION, (move, sorted(words - NOTATION))
