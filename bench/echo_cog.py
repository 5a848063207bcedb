"""A slash command that answers at once, for bench/autocomplete.py only: `/echo` is the
yardstick of what any interaction costs through discord.py, the gateway and the event loop,
measured under the same load as autocomplete. Never loaded by the bot itself."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands


class Echo(commands.Cog):
    @app_commands.command(name="echo", description="Answers at once (benchmark only)")
    async def echo(self, interaction: discord.Interaction, text: str = "echo") -> None:
        await interaction.response.send_message(text[:100], ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Echo())
