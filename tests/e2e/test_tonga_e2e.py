"""Tonga Bonga end to end: full games with 3 and 4 players, every decision from autocomplete."""

from __future__ import annotations

import pytest

from tests.e2e.driver import open_match, play_to_end


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
async def test_a_whole_game(fake, make_bot, players: int, seed: int):
    users = [fake.add_member(f"player{i}") for i in range(players)]
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tonga", channel, users)
        offered_step_and_end = False

        async def watch_navigation() -> None:
            nonlocal offered_step_and_end
            match = await table.match()
            for user_id in match.to_act():
                choices = await fake.autocomplete(
                    table.user(user_id), channel, "tonga move", focused="move", move=""
                )
                values = [c["name"] for c in choices]
                if "end" in values and any(v.startswith("go ") for v in values):
                    offered_step_and_end = True

        match = await play_to_end(table, seed=seed, before_each=watch_navigation)
        assert offered_step_and_end, "a navigation step and `end` were offered together"
        text = fake.all_public_text()
        assert "rolls" in text or "rolled" in text  # dice rolls are announced publicly
        final = fake.messages(channel)[-1].content
        assert "Game over" in final
        for seat in range(players):
            assert f"<@{match.user_at(seat)}>" in final
        replayed = await bot.service.replay(match.id)
        assert match.game.dump_state(replayed) == match.game.dump_state(match.state)
        assert not fake.errors and not fake.unknown_routes
