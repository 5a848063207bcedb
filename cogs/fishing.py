"""/fishing: Friendly Fishing on the shared lifecycle, with its board side and special sets."""

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
from cogs.bounds import GameOptionText
from cogs.host import Host
from render.fishing import render
from rules.registry import GAMES


class FishingCog(GameCog, group_name="fishing", group_description="Friendly Fishing"):
    game_key = "fishing"
    board_renderer = render

    @app_commands.command(name="new", description="Open a Friendly Fishing match in this channel")
    @app_commands.describe(
        side="Board side: small island (2 special sets) or large island (4 sets)",
        sets="Special sets: random, or names separated by commas (e.g. kingfish,lunkers)",
        thread=THREAD_HELP,
        undo=UNDO_HELP,
        clock=CLOCK_HELP,
        bots=BOTS_HELP,
        level=LEVEL_HELP,
        invite=INVITE_HELP,
        language=LANGUAGE_HELP,
    )
    @app_commands.choices(
        side=option_choices(GAMES["fishing"], "side"),
        clock=CLOCK_CHOICES,
        level=LEVEL_CHOICES,
        language=LANGUAGE_CHOICES,
    )
    # Each game's `new` offers its own options: a slash command of its own, not an override.
    async def new(  # type: ignore[override]
        self,
        interaction: discord.Interaction,
        side: str | None = None,
        sets: GameOptionText | None = None,
        thread: bool = False,
        undo: bool | None = None,
        clock: str = "default",
        bots: Bots = 0,
        level: str = "normal",
        invite: InviteText = "",
        language: str | None = None,
    ) -> None:
        options = {key: value for key, value in (("side", side), ("sets", sets)) if value}
        await self.open_match(
            interaction,
            {**options, "undo": undo_value(undo), **language_option(language)},
            thread,
            clock,
            bots=bots,
            level=level,
            invites=invited_ids(invite),
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(FishingCog(bot))
