"""The stand-in behaves as Discord does where a long outage and a storm of posts meet it: nonces
kept only for a few minutes of its clock, message history served as Discord serves it (no
nonce), the global rate limit (50 requests/s, a global 429 past it, interactions exempt) and
the invalid-request budget (401, 403 and 429 answers counted; an edge ban past 10,000 in 10
minutes). Proven against the real discord.py client and raw HTTP."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest

from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.limits import GLOBAL_LIMIT, Limits


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet=0.02) as stand_in:
        stand_in.add_member("alice")
        yield stand_in


@pytest.fixture
async def bot(fake: FakeDiscord) -> AsyncIterator[discord.Client]:
    async with fake.running(discord.Client(intents=discord.Intents(guilds=True)), sync=False) as c:
        yield c


@pytest.fixture
def games(fake: FakeDiscord, bot: discord.Client) -> discord.TextChannel:
    channel = bot.get_channel(fake.channel("games").id)
    assert isinstance(channel, discord.TextChannel)
    return channel


@pytest.fixture
def alice(fake: FakeDiscord) -> FakeUser:
    return fake.member("alice")


# ----- nonces and history -----------------------------------------------------------------------


async def test_a_nonce_is_forgotten_once_the_stand_ins_clock_passed_its_window(fake, games):
    first = await games.send("board", nonce="entry-1")
    fake.advance_clock(fake.nonce_window - 1)
    assert (await games.send("board", nonce="entry-1")).id == first.id
    fake.advance_clock(2)
    assert (await games.send("board", nonce="entry-1")).id != first.id
    assert len(fake.messages(fake.channel("games"), nonce="entry-1")) == 2


async def test_history_serves_what_discord_serves_newest_first_without_the_nonce(fake, games):
    sent = []
    for i in range(5):
        file = discord.File(io.BytesIO(b"\x89PNG" + bytes(20)), f"board-{i}.png", description="alt")
        sent.append(await games.send(f"post {i}", nonce=f"n{i}", file=file))
    history = [m async for m in games.history(limit=3)]
    assert [m.content for m in history] == ["post 4", "post 3", "post 2"]
    assert all(m.nonce is None for m in history), "Discord keeps nonces out of history"
    assert [m.attachments[0].filename for m in history] == [
        "board-4.png",
        "board-3.png",
        "board-2.png",
    ]
    assert history[0].author.id == games.guild.me.id and history[0].attachments[0].description
    older = [m.content async for m in games.history(limit=2, before=sent[2])]
    assert older == ["post 1", "post 0"]
    newer = [m.content async for m in games.history(limit=2, after=sent[1], oldest_first=True)]
    assert newer == ["post 2", "post 3"]
    around = [m.content async for m in games.history(limit=3, around=sent[2])]
    assert sorted(around) == ["post 1", "post 2", "post 3"]
    raw = await games._state.http.logs_from(games.id, 1)
    assert "nonce" not in raw[0] and raw[0]["attachments"][0]["filename"] == "board-4.png"


async def test_history_refuses_a_limit_over_100(fake, bot, games):
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.logs_from(games.id, 101)
    assert refused.value.status == 400 and refused.value.code == 50035


# ----- the global rate limit ----------------------------------------------------------------------


async def raw_posts(fake: FakeDiscord, channel_id: int, count: int) -> list[aiohttp.ClientResponse]:
    """`count` message creates sent at once over plain HTTP (no discord.py to retry them)."""
    url = f"{fake.url}/api/v10/channels/{channel_id}/messages"
    async with aiohttp.ClientSession() as session:

        async def one(i: int) -> aiohttp.ClientResponse:
            async with session.post(url, json={"content": f"burst {i}"}) as response:
                await response.read()
                return response

        return list(await asyncio.gather(*(one(i) for i in range(count))))


async def test_past_50_requests_in_a_second_discord_answers_a_global_429(fake, bot, games):
    now = [100.0]  # one instant: every request falls in the same second
    fake.limits = Limits(clock=lambda: now[0])
    answers = await raw_posts(fake, games.id, GLOBAL_LIMIT + 5)
    statuses = [r.status for r in answers]
    assert statuses.count(200) == GLOBAL_LIMIT and statuses.count(429) == 5
    limited = next(r for r in answers if r.status == 429)
    assert limited.headers["X-RateLimit-Global"] == "true"
    assert limited.headers["X-RateLimit-Scope"] == "global" and limited.headers["Via"]
    assert len(fake.messages(fake.channel("games"), "burst")) == GLOBAL_LIMIT
    assert len(fake.limits.rate_limited) == 5
    assert fake.limits.counts() == {429: 5}, "each 429 is an invalid request"
    # A second later the window has room again; interactions were never bound by it.
    now[0] = 101.5
    assert (await raw_posts(fake, games.id, 1))[0].status == 200


async def test_the_global_429_body_says_when_to_retry_and_discord_py_waits_for_it(fake, games):
    now = [200.0]
    fake.limits = Limits(clock=lambda: now[0])
    await raw_posts(fake, games.id, GLOBAL_LIMIT)
    url = f"{fake.url}/api/v10/channels/{games.id}/messages"
    now[0] += 0.75
    async with aiohttp.ClientSession() as session, session.post(url, json={"content": "x"}) as r:
        body = await r.json()
    assert r.status == 429 and body["global"] is True
    assert body["retry_after"] == pytest.approx(0.25)
    now[0] += 0.3
    await games.send("after the wait")  # the window moved on: accepted
    assert fake.messages(fake.channel("games"), "after the wait")


async def test_interactions_are_not_bound_by_the_global_limit(fake, alice):
    class Echo(discord.Client):
        def __init__(self) -> None:
            super().__init__(intents=discord.Intents(guilds=True))
            self.tree = discord.app_commands.CommandTree(self)

            @self.tree.command(description="echo")
            async def echo(interaction: discord.Interaction) -> None:
                await interaction.response.send_message("echo", ephemeral=True)

        async def setup_hook(self) -> None:
            await self.tree.sync()

    async with fake.running(Echo()):
        fake.limits = Limits(clock=lambda: 300.0)
        await raw_posts(fake, fake.channel("games").id, GLOBAL_LIMIT)  # the window is full
        answer = await fake.slash(alice, fake.channel("games"), "echo")
        assert answer.content == "echo" and not answer.errors


# ----- invalid requests ------------------------------------------------------------------------


async def test_403s_are_counted_and_too_many_get_the_bot_banned_at_the_edge(fake, bot, alice):
    fake.limits.invalid_limit = 3
    fake.close_dms(alice)
    user = await bot.fetch_user(alice.id)
    for _ in range(2):
        with pytest.raises(discord.Forbidden):
            await user.send("closed")
    assert fake.limits.counts() == {403: 2} and fake.limits.invalid_in_window() == 2
    fake.faults.fail("GET", r"/users/\d+", status=401)
    with pytest.raises(discord.HTTPException):
        await bot.fetch_user(alice.id)
    assert fake.limits.banned(), "the third invalid request in ten minutes bans the bot"
    with pytest.raises(discord.HTTPException) as banned:  # no Via: discord.py does not retry
        await bot.fetch_user(alice.id)
    assert banned.value.status == 429 and "1015" in str(banned.value.text)
