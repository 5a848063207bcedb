"""Computer players at the table: the `addbot` command. Their decisions are the table's
(``table/computer_turns.py``)."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.checks import require_posting
from cogs.messages import level_word
from i18n.text import T
from table.computers import LEVELS


class ComputerCommands:
    """`/<game> addbot`: mixed into every game's command group."""

    # A mixin of GameCog, a GroupCog; discord.py's typing wants the class itself to be one.
    @app_commands.command(  # type: ignore[type-var]
        name="addbot", description="Seat a computer player (creator only)"
    )
    @app_commands.describe(level="How strong: easy, normal or hard")
    @app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in LEVELS])
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        require_posting(interaction)
        cog = self  # a GameCog
        done = await cog.service.add_computer(  # type: ignore[attr-defined]
            interaction.channel_id or 0,
            cog.game_key,  # type: ignore[attr-defined]
            interaction.user.id,
            level,
        )
        joined = T(
            "A {level} computer player joined match #{number}.",
            level=level_word(level),
            number=done.match.id,
        )
        await cog.conclude(interaction, done.entries, joined)  # type: ignore[attr-defined]
