"""The lobby, end to end (issue 23, row 7): one message, edited as it changes, pinging nobody.

Players reported: every join re-posted the lobby mentioning everyone seated; `new bots:2` posted
three lobby messages; a full lobby still showed an enabled Join button; the creator's `leave`
that took a computer player out answered "You left match #1".
"""

from __future__ import annotations

import pytest


@pytest.fixture
def people(fake):
    return [fake.add_member(name) for name in ("alice", "bob", "carol", "dave")]


async def test_joins_and_leaves_edit_the_one_lobby_message_and_ping_nobody(fake, make_bot, people):
    alice, bob, carol, dave = people
    async with fake.running(make_bot()):
        channel = fake.channel("games")
        await fake.slash(alice, channel, "fishing new")
        (lobby,) = fake.messages(channel)
        for user in (bob, carol, dave):
            joined = await fake.click(user, lobby, "tt:join:1")
            assert joined.ephemeral and "You joined match #1" in joined.content
        left = await fake.slash(dave, channel, "fishing leave")
        assert left.ephemeral and left.content == "You left match #1."
        joined = await fake.slash(dave, channel, "fishing join")
        assert joined.ephemeral and "You joined match #1" in joined.content
        await fake.slash(carol, channel, "fishing leave")
        # One message, showing the lobby as it is now; nobody was notified of anything.
        assert fake.messages(channel) == [lobby] and lobby.edited
        assert "3/5 players" in lobby.content
        for user in (alice, bob, dave):
            assert f"<@{user.id}>" in lobby.content
        assert f"<@{carol.id}>" not in lobby.content
        assert all(fake.notified(user) == [] for user in people)
        assert lobby.custom_ids() == ["tt:join:1"]
        # The start closes it: no Join button any more, and it says the match began.
        await fake.slash(alice, channel, "fishing start")
        assert lobby.custom_ids() == [] and "has started" in lobby.content
        assert not fake.errors


async def test_new_with_bots_posts_one_lobby(fake, make_bot, people):
    alice = people[0]
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        opened = await fake.slash(alice, channel, "tonga new", bots=2, level="easy")
        assert opened.ephemeral and "with 2 easy computer players" in opened.content
        (lobby,) = fake.messages(channel)
        assert lobby.content.count("Bot (easy)") == 2 and "3/4 players" in lobby.content
        assert lobby.pinged == [] and fake.notified(alice) == []
        match = await bot.service.current(channel.id, "tonga")
        assert len(match.players) == 3


async def test_a_full_lobby_disables_its_join_button(fake, make_bot, people):
    alice, bob, carol = people[:3]
    async with fake.running(make_bot()):
        channel = fake.channel("games")
        await fake.slash(alice, channel, "tokan new")
        (lobby,) = fake.messages(channel)
        await fake.click(bob, lobby, "tt:join:1")
        (button,) = [c for row in lobby.components for c in row["components"]]
        assert button["disabled"] is True and button["label"] == "Full", button
        with pytest.raises(ValueError, match="disabled"):  # Discord does not let carol click
            await fake.click(carol, lobby, "tt:join:1")
        refused = await fake.slash(carol, channel, "tokan join")
        assert refused.ephemeral and "is full (2 players)" in refused.content
        assert "Full:" in lobby.content and "`/tokan join` to play" not in lobby.content
        # A seat frees up: the button works again.
        await fake.slash(bob, channel, "tokan leave")
        (button,) = [c for row in lobby.components for c in row["components"]]
        assert not button.get("disabled") and button["label"] == "Join"
        joined = await fake.click(carol, lobby, "tt:join:1")
        assert "You joined" in joined.content


async def test_the_creators_leave_that_takes_a_computer_out_says_so(fake, make_bot, people):
    alice = people[0]
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        await fake.slash(alice, channel, "tonari new", bots=2, level="hard")
        answer = await fake.slash(alice, channel, "tonari leave")
        assert answer.ephemeral
        assert answer.content == "You took Bot (hard) out of match #1; 2 seated now.", (
            answer.content
        )
        match = await bot.service.current(channel.id, "tonari")
        assert alice.id in match.players and len(match.players) == 2
        (lobby,) = fake.messages(channel)
        assert lobby.content.count("Bot (hard)") == 1
