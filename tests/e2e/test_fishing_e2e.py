"""Friendly Fishing end to end: 2 to 5 players, both board sides, every special set in some game."""

from __future__ import annotations

import pytest

from tests.e2e.driver import open_match, play_to_end

# Together these four games use both sides, every player count and all six special sets.
GAMES = [
    (2, {"side": "small", "sets": "kingfish,lunkers"}, 1),
    (3, {"side": "small", "sets": "dinkers,skipjacks"}, 2),
    (4, {"side": "large", "sets": "shiners,junk,kingfish,dinkers"}, 3),
    (5, {"side": "large", "sets": "skipjacks,lunkers,shiners,junk"}, 4),
]


@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
async def test_a_whole_game(fake, make_bot, players: int, options: dict[str, str], seed: int):
    users = [fake.add_member(f"player{i}") for i in range(players)]
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "fishing", channel, users, **options)
        match = await table.match()
        assert match.options == options
        match = await play_to_end(table, seed=seed)
        final = fake.messages(channel)[-1].content
        assert "Game over" in final
        for seat in range(players):
            assert f"<@{match.user_at(seat)}>" in final
        assert not fake.errors and not fake.unknown_routes


async def test_sets_that_do_not_fit_the_player_count_are_refused_at_start(fake, make_bot):
    """Two sets suit the small side, but five players always play the large side (4 sets)."""
    users = [fake.add_member(f"p{i}") for i in range(5)]
    async with fake.running(make_bot()):
        channel = fake.channel("games")
        created = await fake.slash(
            users[0], channel, "fishing new", side="small", sets="junk,kingfish"
        )
        assert created.ephemeral and "is open" in created.content
        for user in users[1:]:
            await fake.slash(user, channel, "fishing join")
        refused = await fake.slash(users[0], channel, "fishing start")
        assert refused.ephemeral and "5 players always play the large side" in refused.content
        assert "kingfish" in refused.content.lower()


async def test_a_misspelt_set_is_refused_at_new(fake, make_bot):
    user = fake.add_member("a")
    async with fake.running(make_bot()):
        channel = fake.channel("games")
        refused = await fake.slash(user, channel, "fishing new", sets="kingfish,lobsters")
        assert refused.ephemeral and "lobsters" in refused.content
        assert "kingfish" in refused.content.lower()  # the message lists the six set names
        assert fake.messages(channel) == [] or "match #" not in fake.messages(channel)[-1].content
