"""Secrets in Toshi Tōshi's error messages: an illegal move must not tell a player where a card
they do not hold is (in someone's hand, out of the game, or already played)."""

from __future__ import annotations

import re

import pytest

from rules import rng
from rules.errors import PlayerError
from rules.registry import GAMES
from rules.toshi.model import Card, Phase

GAME = GAMES["toshi"]
ALL_CARDS = [Card(colour, value) for colour in "RBGPY" for value in range(1, 11)]
CARD_NAME = re.compile(r"\b[RBGPY]\d{1,2}\b")


def refusal(state, seat: int, text: str) -> str:
    with pytest.raises(PlayerError) as caught:
        GAME.apply(state, seat, GAME.parse(state, text))
    return str(caught.value)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3)])
def test_playing_a_card_you_do_not_hold_says_the_same_wherever_it_is(players: int, seed: int):
    state = GAME.setup(players, GAME.spec.resolve_options({}), seed)
    draw = rng.stream(seed, "secrets")
    checked = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        if state.phase is Phase.TRICK:
            mine = set(state.hands[seat])
            shapes = set()
            for card in ALL_CARDS:
                if card in mine:
                    continue
                message = refusal(state, seat, f"play {card}")
                # The only card named may be the one typed; the rest must read the same
                # whether the card is in another hand, out of the game or already played.
                named = set(CARD_NAME.findall(message)) - {str(card)}
                others = {str(c) for s in range(players) if s != seat for c in state.hands[s]}
                assert not named & others, message
                shapes.add(re.sub(rf"\b{card}\b", "<card>", message))
            assert len(shapes) == 1, shapes
            checked += 1
        move = GAME.playout_move(state, seat, draw)
        state = GAME.apply(state, seat, move)
    assert checked >= 10
