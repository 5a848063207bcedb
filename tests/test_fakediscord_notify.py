"""The stand-in decides who a message notifies as Discord does, and bounds options as Discord
does (issue 23): a tiny real discord.py bot sends what the tests ask for.

* A channel message notifies the users it mentions that its ``allowed_mentions`` lets through
  (all of them without it), never its author; an edit notifies nobody; ``parse: ["users"]``
  together with a list of users is refused (400, 50035).
* A DM notifies its recipient unless it is sent silently (SUPPRESS_NOTIFICATIONS).
* An integer option holds -2^53..2^53 unless the command declares narrower bounds (the client
  sends nothing else), and a command declaring bounds past that is refused at sync.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord

MODES = {
    "none": discord.AllowedMentions.none(),
    "users": discord.AllowedMentions(users=True, roles=False, everyone=False),
    "first": None,  # set per call: only the first user mentioned
    "default": None,
}


class Notify(commands.GroupCog, group_name="notify", group_description="Notifications"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.sent: list[discord.Message] = []

    @app_commands.command(description="Mention two members")
    async def mention(
        self, interaction: discord.Interaction, a: discord.Member, b: discord.Member, mode: str
    ) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        text = f"{a.mention} and {b.mention} and {interaction.user.mention}"
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        if mode == "first":
            allowed = discord.AllowedMentions(users=[a], roles=False, everyone=False)
            self.sent.append(await channel.send(text, allowed_mentions=allowed))
        elif mode == "default":
            self.sent.append(await channel.send(text))
        else:
            self.sent.append(await channel.send(text, allowed_mentions=MODES[mode]))

    @app_commands.command(description="Edit the last message to mention someone")
    async def edit(self, interaction: discord.Interaction, who: discord.Member) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        await self.sent[-1].edit(content=f"now {who.mention}")

    @app_commands.command(description="Both ways at once (Discord refuses it)")
    async def clash(self, interaction: discord.Interaction, who: discord.Member) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        # discord.py never sends this shape itself: the raw route does.
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
        body = {
            "content": who.mention,
            "allowed_mentions": {"parse": ["users"], "users": [str(who.id)]},
        }
        try:
            await self.bot.http.request(route, json=body)
        except discord.HTTPException as error:
            self.bot.refused.append(error.code)  # type: ignore[attr-defined]

    @app_commands.command(description="DM the caller")
    async def dm(self, interaction: discord.Interaction, silent: bool) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        await interaction.user.send("psst", silent=silent)

    @app_commands.command(description="A number without declared bounds")
    async def number(self, interaction: discord.Interaction, n: int) -> None:
        await interaction.response.send_message(str(n), ephemeral=True)

    @app_commands.command(description="A number with declared bounds")
    async def small(
        self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 10]
    ) -> None:
        await interaction.response.send_message(str(n), ephemeral=True)


class NotifyBot(commands.Bot):
    def __init__(self, extra: bool = False) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.extra = extra
        self.refused: list[int] = []
        self.sync_error: discord.HTTPException | None = None

    async def setup_hook(self) -> None:
        await self.add_cog(Notify(self))
        if self.extra:

            @self.tree.command(description="Bounds past Discord's range")
            async def huge(
                interaction: discord.Interaction, n: app_commands.Range[int, 0, 2**60]
            ) -> None:
                await interaction.response.send_message(str(n))

        try:
            await self.tree.sync()
        except discord.HTTPException as error:
            self.sync_error = error


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet=0.02) as stand_in:
        for name in ("alice", "bob", "carol"):
            stand_in.add_member(name)
        yield stand_in


async def test_who_a_channel_message_notifies(fake: FakeDiscord) -> None:
    alice, bob, carol = (fake.member(n) for n in ("alice", "bob", "carol"))
    channel = fake.channel("games")
    async with fake.running(NotifyBot()) as bot:
        for mode in ("none", "users", "first", "default"):
            await fake.slash(carol, channel, "notify mention", a=alice, b=bob, mode=mode)
        posts = fake.messages(channel)
        assert [m.pinged for m in posts] == [
            [],
            [alice.id, bob.id, carol.id],
            [alice.id],
            [alice.id, bob.id, carol.id],
        ]
        # An edit that adds a mention notifies nobody.
        await fake.slash(carol, channel, "notify edit", who=carol)
        assert posts[-1].content == f"now <@{carol.id}>" and posts[-1].pinged != [carol.id]
        assert [len(fake.notified(u)) for u in (alice, bob, carol)] == [3, 2, 2]
        await fake.slash(carol, channel, "notify clash", who=alice)
        assert bot.refused == [50035] and len(fake.messages(channel)) == 4


async def test_a_silent_dm_notifies_nobody(fake: FakeDiscord) -> None:
    alice = fake.member("alice")
    async with fake.running(NotifyBot()):
        await fake.slash(alice, fake.channel("games"), "notify dm", silent=False)
        await fake.slash(alice, fake.channel("games"), "notify dm", silent=True)
        loud, quiet = fake.dms(alice)
        assert not loud.silent and quiet.silent
        assert fake.notified(alice) == [loud]


async def test_integer_options_hold_discords_range(fake: FakeDiscord) -> None:
    alice = fake.member("alice")
    channel = fake.channel("games")
    async with fake.running(NotifyBot()):
        said = await fake.slash(alice, channel, "notify number", n=2**53)
        assert said.content == str(2**53)
        for n in (2**53 + 1, -(2**53) - 1, 2**63):
            with pytest.raises(ValueError, match="out of range"):
                await fake.slash(alice, channel, "notify number", n=n)
        for n in (0, 11):
            with pytest.raises(ValueError, match="out of range"):
                await fake.slash(alice, channel, "notify small", n=n)
        assert (await fake.slash(alice, channel, "notify small", n=10)).content == "10"


async def test_a_command_declaring_bounds_past_discords_range_is_refused(
    fake: FakeDiscord,
) -> None:
    bot = NotifyBot(extra=True)
    async with fake.running(bot, sync=False):
        assert bot.sync_error is not None and bot.sync_error.code == 50035
        assert "options.n.max_value: out of range" in fake.errors[-1].message
