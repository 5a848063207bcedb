"""/tokan: TOKAN on the shared lifecycle, plus its scoring option and `/tokan stack`."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs import messages
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
from cogs.bounds import SpaceText
from cogs.host import Host
from cogs.language import reader
from cogs.replies import answer
from i18n.catalogue import say
from i18n.text import T
from render.tokan import render
from rules.base import narrow
from rules.registry import GAMES
from rules.tokan.board import NAMES


class TokanCog(GameCog, group_name="tokan", group_description="TOKAN: climb, carry and eat"):
    game_key = "tokan"
    board_renderer = render

    @app_commands.command(name="new", description="Open a TOKAN match in this channel")
    @app_commands.describe(
        scoring="Final scoring: towers (standard) or every-head-counts",
        thread=THREAD_HELP,
        undo=UNDO_HELP,
        clock=CLOCK_HELP,
        bots=BOTS_HELP,
        level=LEVEL_HELP,
        invite=INVITE_HELP,
        language=LANGUAGE_HELP,
    )
    @app_commands.choices(
        scoring=option_choices(GAMES["tokan"], "scoring"),
        clock=CLOCK_CHOICES,
        level=LEVEL_CHOICES,
        language=LANGUAGE_CHOICES,
    )
    # Each game's `new` offers its own options: a slash command of its own, not an override.
    async def new(  # type: ignore[override]
        self,
        interaction: discord.Interaction,
        scoring: str = "towers",
        thread: bool = False,
        undo: bool | None = None,
        clock: str = "default",
        bots: Bots = 0,
        level: str = "normal",
        invite: InviteText = "",
        language: str | None = None,
    ) -> None:
        options = {"scoring": scoring, "undo": undo_value(undo), **language_option(language)}
        await self.open_match(
            interaction, options, thread, clock, bots=bots, level=level, invites=invited_ids(invite)
        )

    @app_commands.command(name="stack", description="See which tiles lie inside a stack")
    @app_commands.describe(space="A space such as c3")
    async def stack(self, interaction: discord.Interaction, space: SpaceText) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.current(self._channel(interaction), self.game_key)
        if match.state is None:
            await answer(interaction, T("Match #{number} has not started yet.", number=match.id))
            return
        await answer(interaction, self.game.stack_text(match.state, space))  # type: ignore[attr-defined]

    @stack.autocomplete("space")
    async def stack_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = narrow(list(NAMES), current)
        if not found:  # say what can be typed instead of an empty list
            nothing = T(
                "No space matches “{typed}”: type {first} to {last}",
                typed=messages.quote(current, 20),
                first=NAMES[0],
                last=NAMES[-1],
            )
            said = messages.fit_choice(say(nothing, reader(interaction)))
            return [app_commands.Choice(name=said, value=current[:100] or said)]
        return [app_commands.Choice(name=s, value=s) for s in found]


async def setup(bot: Host) -> None:
    await bot.add_cog(TokanCog(bot))
