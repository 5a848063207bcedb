"""Private views through the shared lifecycle, on the test game Nim (each seat holds a secret):
DMs at the start, a DM refused by Discord (error 50007) handled and explained, `hand` as the
ephemeral fallback, and no secret in any public text."""

from __future__ import annotations

import pytest

from tests.e2e.driver import choose_turns, open_match, play_to_end
from tests.support.nim import Nim

NIM = {"games": {"nim": Nim()}, "cog_modules": {"nim": "tests.support.nim_cog"}}


@pytest.fixture
def players(fake):
    return [fake.add_member("alice"), fake.add_member("bob"), fake.add_member("carol")]


async def test_private_views_go_by_dm_and_closed_dms_are_explained(fake, make_bot, players):
    alice, bob, carol = players
    async with fake.running(make_bot(**NIM)) as bot:
        await choose_turns(fake, players)  # private views by DM
        fake.close_dms(bob)
        channel = fake.channel("games")
        table = await open_match(fake, bot, "nim", channel, players)
        match = await table.match()
        secret = {u.id: match.state.secrets[match.seat_of(u.id)] for u in players}

        for user in (alice, carol):
            (dm,) = fake.dms(user)
            assert f"Your secret number is {secret[user.id]}." in dm.content
            assert dm.attachments, "the private picture comes with the DM"
        assert fake.dms(bob) == []
        assert any(e.code == 50007 for e in fake.errors), "Discord refused the DM to bob"

        start = fake.messages(channel)[-1]
        assert f"<@{bob.id}>" in start.content and "/nim hand" in start.content
        hand = await fake.slash(bob, channel, "nim hand")
        assert hand.ephemeral and f"Your secret number is {secret[bob.id]}." in hand.content
        stranger = await fake.slash(fake.add_member("mallory"), channel, "nim hand")
        assert stranger.ephemeral and "no seat" in stranger.content

        await play_to_end(table, seed=2)
        public = fake.all_public_text()
        for user in players:
            assert f"secret number is {secret[user.id]}" not in public


async def test_a_private_view_comes_by_dm_when_its_player_must_decide(fake, make_bot, players):
    alice, bob, _ = players
    async with fake.running(make_bot(**NIM)) as bot:
        await choose_turns(fake, players)  # private views by DM
        fake.close_dms(alice)
        channel = fake.channel("games")
        table = await open_match(fake, bot, "nim", channel, players[:2])
        for _ in range(3):  # the mover's secret changes; the next to decide hears of theirs
            match = await table.match()
            (user_id,) = match.to_act()
            mover = table.user(user_id)
            waiting = bob if mover is alice else alice
            dms_before = len(fake.dms(bob))
            result = await fake.slash(mover, channel, "nim move", move="take 1")
            after = await table.match()
            assert result.ephemeral and result.content.startswith("Done: `take 1`.")
            assert "secret number" not in result.content
            if waiting is bob:  # bob must decide now: his view comes by DM, saying so
                secret = after.state.secrets[after.seat_of(bob.id)]
                assert len(fake.dms(bob)) == dms_before + 1
                assert f"Your secret number is {secret}." in fake.dms(bob)[-1].content
                assert "your turn" in fake.dms(bob)[-1].content
            else:  # bob just moved and does not decide next: no DM until he must
                assert len(fake.dms(bob)) == dms_before
            assert fake.dms(alice) == []  # closed: she uses `/nim hand`
        assert "secret number" not in fake.all_public_text()
