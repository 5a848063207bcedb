"""/toshi: Toshi Tōshi on the shared lifecycle; hands go by DM, the variant is an option."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.base import (
    BOTS_HELP,
    CLOCK_CHOICES,
    CLOCK_HELP,
    INVITE_HELP,
    LANGUAGE_CHOICES,
    LANGUAGE_HELP,
    LEVEL_CHOICES,
    LEVEL_HELP,
    THREAD_HELP,
    UNDO_HELP,
    Bots,
    GameCog,
    InviteText,
    invited_ids,
    language_option,
    option_choices,
    undo_value,
)
from cogs.host import Host
from render.toshi import render, render_hand
from rules.registry import GAMES


class ToshiCog(GameCog, group_name="toshi", group_description="Toshi Tōshi: build the city"):
    game_key = "toshi"
    board_renderer = render
    hand_renderer = render_hand

    @app_commands.command(name="new", description="Open a Toshi Tōshi match in this channel")
    @app_commands.describe(
        variant="standard, or specialisation (one power card each)",
        thread=THREAD_HELP,
        undo=UNDO_HELP,
        clock=CLOCK_HELP,
        bots=BOTS_HELP,
        level=LEVEL_HELP,
        invite=INVITE_HELP,
        language=LANGUAGE_HELP,
    )
    @app_commands.choices(
        variant=option_choices(GAMES["toshi"], "variant"),
        clock=CLOCK_CHOICES,
        level=LEVEL_CHOICES,
        language=LANGUAGE_CHOICES,
    )
    # Each game's `new` offers its own options: a slash command of its own, not an override.
    async def new(  # type: ignore[override]
        self,
        interaction: discord.Interaction,
        variant: str = "standard",
        thread: bool = False,
        undo: bool | None = None,
        clock: str = "default",
        bots: Bots = 0,
        level: str = "normal",
        invite: InviteText = "",
        language: str | None = None,
    ) -> None:
        options = {"variant": variant, "undo": undo_value(undo), **language_option(language)}
        await self.open_match(
            interaction, options, thread, clock, bots=bots, level=level, invites=invited_ids(invite)
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(ToshiCog(bot))
