"""Tonari end to end: full games with 2, 3 and 4 players through the real client."""

from __future__ import annotations

import pytest

from tests.e2e.driver import open_match, play_to_end, preferring


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
async def test_a_whole_game(fake, make_bot, players: int, seed: int):
    users = [fake.add_member(f"player{i}") for i in range(players)]
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tonari", channel, users)
        first = fake.messages(channel)[-1]
        assert "boat" in first.content  # the first decision: where the boat starts
        # Take a skill token whenever the boat can reach one, so every game uses skills.
        match = await play_to_end(table, seed=seed, policy=preferring("collected the skill"))
        text = fake.all_public_text()
        assert "collected the skill" in text, "a skill token was collected in this game"
        final = fake.messages(channel)[-1].content
        assert "Game over" in final
        for seat in range(players):
            assert f"<@{match.user_at(seat)}>" in final
        assert not fake.errors and not fake.unknown_routes
