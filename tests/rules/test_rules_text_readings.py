"""Issue 15 item 5: readings the engines follow are stated in the `/rules` text, and the engines
do what the text says."""

from __future__ import annotations

import dataclasses

import pytest

from rules.errors import IllegalMove
from rules.registry import GAMES
from rules.toshi.model import Lead, Phase
from tests.rules.test_toshi_helpers import after_trick, play, state


def test_toshi_rules_text_says_the_winner_may_not_name_themself_as_next_leader():
    """Rulebook: "Choose which player becomes first player (if this action is not chosen, the
    winner of the trick is the next first player by default)." Our reading: naming oneself is
    refused (it would be the default anyway); `pass` keeps the lead."""
    text = GAMES["toshi"].spec.rules_text
    assert "The trick's winner leads next by default and may not name themself" in text
    s = after_trick(state(4), [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 0, Phase.INFLUENCE)
    game = GAMES["toshi"]
    assert Lead(0) not in game.legal_moves(s, 0)
    with pytest.raises(IllegalMove, match="You lead next anyway as trick winner"):
        play(s, 0, "lead 1")
    assert play(s, 0, "pass").leader == 0


def test_tonga_rules_text_says_a_single_coin_goes_on_the_captains_wage():
    """games.md (Clarifications): "A player who cannot pay 1 coin on each wage places what they
    have on the captain's wage first." With 1 coin the only wage is `wages 1 0`."""
    game = GAMES["tonga"]
    assert "a single coin goes on the captain's wage (`wages 1 0`)" in game.spec.rules_text
    start = game.setup(4, {}, 1)
    poor = dataclasses.replace(start, money=(1, 20, 20, 20))
    (seat,) = game.to_act(poor)
    assert [game.format(poor, m) for m in game.legal_moves(poor, seat)] == ["wages 1 0"]
