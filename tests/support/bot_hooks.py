"""Hooks for `BotProcess(hooks=["tests.support.bot_hooks:<name>"])`: each is called with the built
bot in the child process before it starts, to adjust it for a test without touching bot.py."""

from __future__ import annotations

import os

import discord


def announce_start(client: discord.Client) -> None:
    """On ready, post "bot process <pid> is up" in the guild's channel named "other" (a visible
    sign that hooks ran, and which incarnation is connected)."""

    async def post() -> None:
        for guild in client.guilds:
            channel = discord.utils.get(guild.text_channels, name="other")
            if channel is not None:
                await channel.send(f"bot process {os.getpid()} is up")

    client.add_listener(post, "on_ready")
