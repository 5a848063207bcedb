"""The stand-in's servers as a tiny real discord.py bot meets them: roles (given to members,
carried by interactions, resolved as options), commands Discord offers only to members with a
permission, and the bot removed from a server and added again (GUILD_DELETE, GUILD_CREATE)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord
from tests.fakediscord.payloads import MANAGE_GUILD


class Watcher(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents(guilds=True))
        self.events: list[tuple[str, int]] = []

    async def setup_hook(self) -> None:
        @self.tree.command(description="My roles and whether I manage")
        async def whoami(
            interaction: discord.Interaction, role: discord.Role | None = None
        ) -> None:
            member = interaction.user
            assert isinstance(member, discord.Member)
            names = sorted(r.name for r in member.roles if not r.is_default())
            asked = f" asked {role.name}" if role else ""
            manage = interaction.permissions.manage_guild
            await interaction.response.send_message(f"{names} {manage}{asked}", ephemeral=True)

        @self.tree.command(description="For managers")
        @app_commands.default_permissions(manage_guild=True)
        async def managers(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("ok", ephemeral=True)

        await self.tree.sync()

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        self.events.append(("remove", guild.id))

    async def on_guild_join(self, guild: discord.Guild) -> None:
        self.events.append(("join", guild.id))


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as stand_in:
        yield stand_in


async def heard(bot: Watcher, count: int) -> None:
    for _ in range(200):  # turns of the loop: the gateway event is on its way
        if len(bot.events) >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"events: {bot.events}")


async def test_roles_reach_interactions_and_options(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with fake.running(Watcher()):
        games = fake.channel("games")
        helpers = fake.add_role("Helpers", permissions=MANAGE_GUILD)
        plain = fake.add_role("Plain")
        await fake.settle()
        assert (await fake.slash(alice, games, "whoami")).content == "[] False"
        fake.give_role(alice, helpers)
        said = await fake.slash(alice, games, "whoami", role=plain)
        assert said.content == "['Helpers'] True asked Plain", said.content


async def test_a_command_is_offered_only_to_members_with_its_permission(fake: FakeDiscord) -> None:
    alice, boss = fake.add_member("alice"), fake.add_member("boss", manage_guild=True)
    async with fake.running(Watcher()):
        games = fake.channel("games")
        (managers,) = [c for c in fake.commands if c["name"] == "managers"]
        assert managers["default_member_permissions"] == str(MANAGE_GUILD)
        assert (await fake.slash(boss, games, "managers")).content == "ok"
        with pytest.raises(PermissionError):
            await fake.slash(alice, games, "managers")
        fake.allow_command("managers", alice)  # Server Settings → Integrations
        assert (await fake.slash(alice, games, "managers")).content == "ok"


async def test_the_bot_removed_from_a_server_and_added_again(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    second = fake.add_guild("Harbour Club", channels=("tables",))
    async with fake.running(Watcher()) as bot:
        tables = fake.channel("tables", guild=second)
        await fake.remove_bot(second)
        await heard(bot, 1)
        assert bot.events == [("remove", second)] and bot.get_guild(second) is None
        with pytest.raises(discord.Forbidden):  # 403 Missing Access
            await bot.get_partial_messageable(tables.id).send("still here?")
        with pytest.raises(PermissionError):  # nobody there can reach the bot
            await fake.slash(alice, tables, "whoami")
        await fake.add_bot(second)
        await heard(bot, 2)
        assert bot.events[-1] == ("join", second) and bot.get_guild(second) is not None
        assert (await fake.slash(alice, tables, "whoami")).content == "[] False"
