"""The stand-in's message nonces and scripted faults, proven against the real discord.py client.

What these tests pin down about discord.py 2.7.1 (read in discord/abc.py and discord/http.py):
``Messageable.send`` always sends ``nonce`` (a random 64-bit number unless one is given) with
``enforce_nonce: true``; ``HTTPClient.request`` retries a 429 after ``retry_after`` and a
500/502/504/524 after sleeping 1 + 2·try seconds, with the same body, so the same nonce; it
does not retry a 503 (DiscordServerError) or a dropped connection (aiohttp's
ServerDisconnectedError, which is not a discord.HTTPException).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.http import Route, handle_message_parameters

from tests.fakediscord import FakeDiscord, FakeUser

MESSAGES = r"/channels/\d+/messages"


class Plain(discord.Client):
    """A bot with two commands; tests mostly call its REST methods directly."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.tree = app_commands.CommandTree(self)
        self.release = asyncio.Event()
        self.tokens: list[str] = []

        @self.tree.command(description="May I post here?")
        async def perms(interaction: discord.Interaction) -> None:
            can = interaction.app_permissions.send_messages
            await interaction.response.send_message(f"send_messages={can}", ephemeral=True)

        @self.tree.command(description="Two follow-ups with one nonce")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            route = Route(
                "POST",
                "/webhooks/{webhook_id}/{webhook_token}",
                webhook_id=interaction.application_id,
                webhook_token=interaction.token,
            )
            body = {"content": "follow-up", "nonce": "same", "enforce_nonce": True}
            for _ in range(2):
                await self.http.request(route, json=body, params={"wait": "true"})

        @self.tree.command(description="Slow to answer")
        async def slow(interaction: discord.Interaction) -> None:
            await self.release.wait()  # answers nothing; the test closes the bot meanwhile

        @self.tree.command(description="Defer, then die before the follow-up")
        async def hang(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            self.tokens.append(interaction.token)  # as an outbox would store it
            await self.release.wait()

    async def setup_hook(self) -> None:
        await self.tree.sync()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet=0.02) as stand_in:
        stand_in.add_member("alice")
        yield stand_in


@pytest.fixture
async def bot(fake: FakeDiscord) -> AsyncIterator[Plain]:
    async with fake.running(Plain()) as client:
        yield client


@pytest.fixture
def games(fake: FakeDiscord, bot: Plain) -> discord.TextChannel:
    channel = bot.get_channel(fake.channel("games").id)
    assert isinstance(channel, discord.TextChannel)
    return channel


@pytest.fixture
def alice(fake: FakeDiscord) -> FakeUser:
    return fake.member("alice")


def raw_create(channel_id: int) -> Route:
    return Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)


# ----- nonces ---------------------------------------------------------------------------------


async def test_send_with_a_nonce_twice_returns_the_original(fake, games) -> None:
    first = await games.send("board 1", nonce="move-7-1")
    again = await games.send("board 1 (retry)", nonce="move-7-1")
    assert again.id == first.id and again.content == "board 1"
    assert first.nonce == "move-7-1"
    [stored] = fake.messages(fake.channel("games"))
    assert stored.nonce == "move-7-1" and stored.nonce_repeats == 1
    assert fake.count("POST", MESSAGES) == 2  # two creates reached Discord, one message exists
    fetched = await games.fetch_message(first.id)
    assert fetched.nonce is None  # Discord echoes a nonce only to the create


async def test_concurrent_creates_with_one_nonce_make_one_message(fake, games) -> None:
    sent = await asyncio.gather(*(games.send(f"try {i}", nonce="race") for i in range(3)))
    assert len({m.id for m in sent}) == 1
    [stored] = fake.messages(fake.channel("games"))
    assert stored.nonce_repeats == 2


async def test_discord_py_always_enforces_a_random_nonce(fake, games) -> None:
    a = await games.send("same text")
    b = await games.send("same text")
    assert a.id != b.id  # different random nonces: two messages
    stored = fake.messages(fake.channel("games"))
    assert len(stored) == 2 and all(m.nonce and m.nonce_repeats == 0 for m in stored)
    assert stored[0].nonce != stored[1].nonce


async def test_a_raw_create_dedupes_only_with_enforce_nonce(fake, bot, games) -> None:
    route = lambda: raw_create(games.id)  # noqa: E731 - a Route is single use per request
    body = {"content": "announce", "nonce": 12345, "enforce_nonce": True}  # an integer nonce
    first = await bot.http.request(route(), json=body)
    second = await bot.http.request(route(), json=body)
    assert first["id"] == second["id"] and first["nonce"] == 12345
    loose = {"content": "loose", "nonce": "n-1"}  # no enforce_nonce: Discord creates both
    await bot.http.request(route(), json=loose)
    await bot.http.request(route(), json=loose)
    channel = fake.channel("games")
    assert len(fake.messages(channel, "announce")) == 1
    assert len(fake.messages(channel, nonce="n-1")) == 2
    assert len(fake.messages(channel, nonce=12345)) == 1


async def test_handle_message_parameters_carries_the_nonce(fake, bot, games) -> None:
    for _ in range(2):
        with handle_message_parameters(content="via params", nonce="p-1") as params:
            await bot.http.send_message(games.id, params=params)
    [stored] = fake.messages(fake.channel("games"), "via params")
    assert stored.nonce == "p-1" and stored.nonce_repeats == 1


async def test_nonces_are_per_channel_and_expire(fake, bot, games) -> None:
    other = bot.get_channel(fake.channel("other").id)
    assert isinstance(other, discord.TextChannel)
    a = await games.send("x", nonce="k")
    b = await other.send("x", nonce="k")
    assert a.id != b.id
    now = [1000.0]
    fake.clock = lambda: now[0]
    c = await games.send("y", nonce="k2")
    now[0] += fake.nonce_window - 1
    assert (await games.send("y", nonce="k2")).id == c.id
    now[0] += 2  # past Discord's "few minutes"
    assert (await games.send("y", nonce="k2")).id != c.id


async def test_a_long_nonce_is_refused_and_a_deleted_original_is_not_found(fake, games) -> None:
    with pytest.raises(discord.HTTPException) as refused:
        await games.send("x", nonce="n" * 26)
    assert refused.value.code == 50035 and fake.errors[-1].code == 50035
    sent = await games.send("to delete", nonce="gone")
    await sent.delete()
    with pytest.raises(discord.NotFound):
        await games.send("to delete", nonce="gone")
    assert fake.messages(fake.channel("games")) == []
    assert [m.content for m in fake.deleted(fake.channel("games"))] == ["to delete"]


async def test_follow_ups_ignore_nonces(fake, bot, alice) -> None:
    # Execute Webhook documents no nonce, and discord.py's followup.send passes none: a
    # repeated follow-up is a second message.
    res = await fake.slash(alice, fake.channel("games"), "twice")
    assert res.error is None
    assert [m.content for m in res.messages] == ["follow-up", "follow-up"]


# ----- faults -----------------------------------------------------------------------------


async def test_a_503_is_raised_and_nothing_is_created(fake, games) -> None:
    fault = fake.faults.fail("POST", MESSAGES, status=503)
    with pytest.raises(discord.DiscordServerError) as failed:
        await games.send("lost")
    assert failed.value.status == 503
    assert fake.messages(fake.channel("games")) == [] and fault.fired == 1
    await games.send("kept")  # times=1: the next one passes
    assert [m.content for m in fake.messages(fake.channel("games"))] == ["kept"]
    assert not fake.errors  # injected faults are logged apart from the bot's mistakes
    assert [(e.action, e.status, e.applied) for e in fake.faults.log] == [("fail", 503, False)]


async def test_a_500_after_applying_is_retried_by_discord_py_and_deduped(fake, games) -> None:
    # Discord created the message but answered 500; discord.py sleeps 1 s and sends the same
    # body again, with the same nonce: the retry gets the original, so one message exists.
    fake.faults.fail("POST", MESSAGES, status=500, apply_first=True)
    sent = await games.send("announce once")
    [stored] = fake.messages(fake.channel("games"))
    assert stored.id == sent.id and stored.nonce_repeats == 1
    assert fake.count("POST", MESSAGES) == 2


async def test_rate_limits_are_retried_after_retry_after(fake, games) -> None:
    limit = fake.faults.rate_limit("POST", MESSAGES, retry_after=0.01, times=2)
    await games.send("after two 429s")
    assert limit.fired == 2 and fake.count("POST", MESSAGES) == 3
    fake.faults.rate_limit("POST", MESSAGES, retry_after=0.01, is_global=True)
    await games.send("after a global 429")
    assert [m.content for m in fake.messages(fake.channel("games"))] == [
        "after two 429s",
        "after a global 429",
    ]


async def test_dropped_connections(fake, games) -> None:
    fake.faults.drop("POST", MESSAGES)
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await games.send("never arrives")
    assert fake.messages(fake.channel("games")) == []

    # Applied, but the answer never came: only a retry with the same nonce is safe.
    fake.faults.drop("POST", MESSAGES, apply_first=True)
    with pytest.raises(aiohttp.ClientError):
        await games.send("arrived", nonce="retry-me")
    assert len(fake.messages(fake.channel("games"), "arrived")) == 1
    await games.send("arrived", nonce="retry-me")
    [stored] = fake.messages(fake.channel("games"))
    assert stored.content == "arrived" and stored.nonce_repeats == 1


async def test_faults_pick_requests_by_order_and_body(fake, games) -> None:
    fake.faults.fail("POST", MESSAGES, status=503, after=1)  # the 2nd create only
    fake.faults.fail("POST", MESSAGES, status=503, when=lambda b: "board" in b.get("content", ""))
    await games.send("one")
    with pytest.raises(discord.DiscordServerError):
        await games.send("two")
    with pytest.raises(discord.DiscordServerError):
        await games.send("the board")
    await games.send("three")
    await games.send("the board again")  # the body fault fired once already
    texts = [m.content for m in fake.messages(fake.channel("games"))]
    assert texts == ["one", "three", "the board again"]
    assert len(fake.messages(fake.channel("games"), r"^the board")) == 1


async def test_dm_faults_and_closed_dms(fake, bot, alice) -> None:
    user = await bot.fetch_user(alice.id)
    fake.faults.fail("POST", r"/users/@me/channels", status=503)
    with pytest.raises(discord.DiscordServerError):
        await user.send("hello")
    dm = fake.dm_channel(alice)
    fake.faults.drop("POST", rf"/channels/{dm.id}/messages", apply_first=True)
    with pytest.raises(aiohttp.ClientError):
        await user.send("hello", nonce="dm-1")
    await user.send("hello", nonce="dm-1")
    assert [(m.content, m.nonce_repeats) for m in fake.dms(alice)] == [("hello", 1)]
    assert len(fake.dms(alice, "^hello$")) == 1 and fake.dms(alice, "bye") == []
    fake.close_dms(alice)
    with pytest.raises(discord.Forbidden) as closed:
        await user.send("again")
    assert closed.value.code == 50007
    assert len(fake.posts("hello")) == 1 and fake.posts("again") == []


async def test_muting_takes_send_messages_away_as_discord_does(fake, bot, games, alice) -> None:
    channel = fake.channel("games")
    fake.mute(channel)
    res = await fake.slash(alice, channel, "perms")
    assert res.content == "send_messages=False"
    assert not games.permissions_for(games.guild.me).send_messages  # CHANNEL_UPDATE arrived
    with pytest.raises(discord.Forbidden) as refused:
        await games.send("x")
    assert refused.value.code == 50013
    fake.unmute(channel)
    assert (await fake.slash(alice, channel, "perms")).content == "send_messages=True"
    assert games.permissions_for(games.guild.me).send_messages
    await games.send("back")
    assert [m.content for m in fake.messages(channel)] == ["back"]


async def test_kill_on_sigkills_the_given_process(fake, games) -> None:
    victim = await asyncio.create_subprocess_exec("sleep", "60")
    try:
        fault = fake.faults.kill_on("POST", MESSAGES, 2, lambda: victim.pid, apply_first=True)
        await games.send("first")
        with pytest.raises(aiohttp.ClientError):  # the victim is another process here
            await games.send("second")
        assert await victim.wait() == -9 and fault.killed == [victim.pid]
        assert [m.content for m in fake.messages(fake.channel("games"))] == ["first", "second"]
        assert [(e.action, e.pid) for e in fake.faults.log] == [("kill", victim.pid)]
    finally:
        if victim.returncode is None:
            victim.kill()
            await victim.wait()


async def test_an_interaction_with_no_bot_connected_is_lost(fake, alice) -> None:
    async with fake.running(Plain()):
        pass  # synced its commands, then went away
    res = await fake.slash(alice, fake.channel("games"), "perms")
    assert res.undelivered and res.expired and res.type is None
    assert "no bot was connected" in (res.error or "")


async def test_a_bot_that_disconnects_before_answering_loses_the_interaction(fake, alice) -> None:
    client = Plain()
    async with fake.running(client):
        waiting = asyncio.create_task(fake.slash(alice, fake.channel("games"), "slow"))
        while not fake.interactions:
            await asyncio.sleep(0.005)
        await client.close()  # its gateway socket closes; the stand-in stops waiting at once
        res = await waiting
        client.release.set()
    assert res.lost_bot and res.expired and "disconnected" in (res.error or "")


async def test_a_new_process_can_follow_up_on_a_stored_token_for_15_minutes(fake, alice) -> None:
    first = Plain()
    async with fake.running(first):
        waiting = asyncio.create_task(fake.slash(alice, fake.channel("games"), "hang"))
        while not first.tokens:
            await asyncio.sleep(0.005)
        await first.close()
        res = await waiting
        first.release.set()
    assert res.type == 5 and res.incomplete and res.lost_bot
    async with fake.running(Plain()) as second:
        hook = discord.Webhook.partial(fake.application_id, first.tokens[0], client=second)
        await hook.send("announced by the next process")
        assert [m.content for m in res.messages] == ["announced by the next process"]
        fake.token_lifetime = 0.0  # fifteen minutes later
        with pytest.raises(discord.HTTPException) as expired:
            await hook.send("too late")
        assert expired.value.status == 401 and expired.value.code == 50027
