"""What the cogs may use of the application: discord.py's bot plus the table's services.

The application (``app/application.py``) is the one subclass. Cogs are written against this
class, never against the application, whose wiring imports every cog: so no cog imports back
the module that loads it. Each game's cog registers itself here when it is loaded
(``game_cogs``), and the buttons and selects under boards, registered once for the whole bot,
are routed to it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from cogs import messages
from cogs.language import Languages
from cogs.people import People
from cogs.replies import acknowledging, answer, report
from data.clock import Clock
from data.outbox import Dispatcher
from data.store import OutboxEntry
from i18n.catalogue import ENGLISH
from i18n.text import T
from rules.errors import PlayerError
from table.computer_turns import ComputerTable
from table.match import Match, MoveResult
from table.privacy import Privacy
from table.service import MatchService

log = logging.getLogger("tidetable.host")


class GameTable(Protocol):
    """What the rest of the bot asks of one game's cog (``cogs.base.GameCog``)."""

    @property
    def game_key(self) -> str: ...

    async def choose(
        self, interaction: discord.Interaction, match_id: int, version: int, index: int
    ) -> MoveResult: ...

    async def after_move(self, interaction: discord.Interaction, result: MoveResult) -> None: ...

    async def join_by_button(self, interaction: discord.Interaction, match_id: int) -> None: ...

    async def show_hand(self, interaction: discord.Interaction, match_id: int) -> None: ...

    @property
    def board_reads_row(self) -> bool: ...

    async def board_file(
        self, match: Match, names: messages.Names, filename: str, language: str = ENGLISH
    ) -> discord.File: ...

    def choices_for(
        self, match: Match, names: messages.Names = None, language: str = ENGLISH
    ) -> discord.ui.View | None: ...

    async def private_view(
        self, match: Match, seat: int, names: messages.Names = None, language: str = ENGLISH
    ) -> tuple[str, discord.File | None]: ...


# The answer to anything sent while the bot stops: nothing was done, so it can be sent again.
RESTARTING = T("The bot is restarting: nothing was done. Send it again in a moment.")


class Host(commands.AutoShardedBot):
    """The bot as the cogs see it. Its services are set up by the application before any cog
    is loaded.

    Every interaction that may change something registers the task handling it (``taking``),
    so that a gentle stop can let those finish; once the bot is ``stopping`` it takes none."""

    stopping = False  # a gentle stop began: new interactions are answered RESTARTING

    service: MatchService  # the match service: lobby, moves, endings, the turn clock
    clock: Clock  # the one clock of the whole bot
    dispatcher: Dispatcher  # the outbox's delivery: nudge it after a commit
    people: People  # display names of players, for texts and pictures
    languages: Languages  # the language of each text: the reader's, the match's, the server's
    computers: ComputerTable  # computer seats' decisions, in a pool of worker processes
    game_cogs: dict[str, GameTable]  # by game key, as each game's cog is loaded
    privacy: Privacy  # forgetting people, and the data of servers that removed the bot

    @property
    def outbox_kinds(self) -> dict[str, Callable[[OutboxEntry, str], Awaitable[None]]]:
        """Deliverers of outbox kinds that cogs bring (a league's posts, the list of open
        tables), by kind: each gets the entry and its nonce."""
        kinds: dict[str, Callable[[OutboxEntry, str], Awaitable[None]]] | None = self.__dict__.get(
            "_outbox_kinds"
        )
        if kinds is None:
            kinds = self.__dict__["_outbox_kinds"] = {}
        return kinds

    @property
    def match_over_hooks(self) -> list[Callable[[int], Awaitable[None]]]:
        """Called with a match's id once a post of it is delivered and it has ended (a
        league's round may be over); each is called once per such post, and must not fail."""
        hooks: list[Callable[[int], Awaitable[None]]] | None = self.__dict__.get("_over_hooks")
        if hooks is None:
            hooks = self.__dict__["_over_hooks"] = []
        return hooks

    async def match_over(self, match_id: int) -> None:
        for hook in self.match_over_hooks:
            try:
                await hook(match_id)
            except Exception:  # the post went out; the hook's work is looked at again later
                log.exception("after match %s ended", match_id)

    def game_cog(self, key: str) -> GameTable:
        return self.game_cogs[key]

    @property
    def in_flight(self) -> set[asyncio.Task[Any]]:
        """The tasks handling interactions right now."""
        tasks: set[asyncio.Task[Any]] | None = self.__dict__.get("_in_flight")
        if tasks is None:
            tasks = self.__dict__["_in_flight"] = set()
        return tasks

    async def taking(self, interaction: discord.Interaction) -> bool:
        """Take ``interaction`` on (its task is counted as in flight), or answer it
        RESTARTING when the bot is stopping; False then, and nothing is to be done."""
        if self.stopping:
            await answer(interaction, RESTARTING)
            return False
        task = asyncio.current_task()
        if task is not None:
            self.in_flight.add(task)
            task.add_done_callback(self.in_flight.discard)
        # Their locale, if new, is written with the first change this task commits.
        languages: Languages | None = getattr(self, "languages", None)  # None: not set up yet
        if languages is not None:
            languages.speaking(interaction)
        return True

    # Buttons and selects are registered once for the whole bot; they route to the game's cog.
    # Each acknowledges first: the database may be slow, Discord's window is 3 seconds.
    async def play_choice(
        self, interaction: discord.Interaction, match_id: int, version: int, index: int
    ) -> None:
        if not await self.taking(interaction):
            return
        try:
            # Acknowledged while the move is saved (cogs/replies.py), as ``/<game> move`` is.
            async with acknowledging(interaction):
                match = await self.service.by_id(match_id)
                cog = self.game_cog(match.row.game)
                result = await cog.choose(interaction, match_id, version, index)
            await cog.after_move(interaction, result)
        except Exception as error:  # one handler for every error, as for slash commands
            await report(interaction, error)

    async def join_by_button(self, interaction: discord.Interaction, match_id: int) -> None:
        if not await self.taking(interaction):
            return
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            match = await self.service.by_id(match_id)
            if match.row.guild_id != interaction.guild_id:  # a forged id: another server's
                raise PlayerError(T("There is no match #{number} to join here.", number=match_id))
            await self.game_cog(match.row.game).join_by_button(interaction, match_id)
        except Exception as error:
            await report(interaction, error)

    async def show_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        if not await self.taking(interaction):
            return
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            match = await self.service.by_id(match_id)
            await self.game_cog(match.row.game).show_hand(interaction, match_id)
        except Exception as error:
            await report(interaction, error)


class TableTree(app_commands.CommandTree[Host]):
    """The bot's slash commands: each is taken on by the host (counted in flight, or refused
    while the bot stops). Autocomplete only reads, and goes on while the bot stops."""

    async def interaction_check(self, interaction: discord.Interaction[Host], /) -> bool:
        if interaction.type is discord.InteractionType.autocomplete:
            return True
        return await interaction.client.taking(interaction)
