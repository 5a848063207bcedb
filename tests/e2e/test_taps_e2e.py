"""Whole games played by taps alone, for every game at every player count (issue 24).

Each player only presses Play under the board, then the buttons and select options of their
ephemeral panel (random among those offered; Tonga Bonga steered by its playout policy among
them), confirming each move that ends a turn, to the final post. Hidden hands included: the
Toshi Tōshi hand is in its owner's panel (checked at every step by the driver).
"""

from __future__ import annotations

import pytest

from rules.registry import GAMES
from tests.e2e.driver import open_match
from tests.e2e.taps import tap_to_end

COUNTS = [
    (key, players)
    for key, game in GAMES.items()
    for players in range(game.spec.min_players, game.spec.max_players + 1)
]


@pytest.mark.parametrize(("key", "players"), COUNTS)
async def test_a_whole_game_by_taps_alone(fake, make_bot, key, players):
    users = [fake.add_member(f"p{i}") for i in range(players)]
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, key, channel, users)
        tally = await tap_to_end(table, seed=players, steer=key == "tonga")
        match = await table.match()
        assert match.status == "finished"
        # Every move of the log was played through the panel, once each.
        log = [m for m in await bot.service.store.moves(match.id) if m.seat is not None]
        assert len(tally.taps) <= len(log)
        if key == "tonga":  # whole routes and several dice at once, in one tap each
            assert any("," in m.move for m in log), [m.move for m in log][:20]
            assert any(m.move.startswith("go ") and len(m.move.split()) > 2 for m in log)
        assert tally.taps and max(tally.taps) <= 10, tally.taps
        # Panels are ephemeral: nothing of them, hands included, reached the channel.
        public = fake.all_public_text()
        assert "your decision" not in public
        assert not any(hand in public for hand in tally.private)
        assert bool(tally.private) == GAMES[key].spec.hidden_information
        assert not fake.errors, fake.errors
