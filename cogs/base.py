"""The lifecycle every game shares, as one GroupCog base: new, join, leave, start, move (with
autocomplete of legal moves), board, hand, rules, resign, cancel.

A game's cog is a thin subclass naming its game and its renderers, and overriding ``new`` when
the game has setup options. The cog parses Discord options, defers, calls the match service
(which knows no Discord), renders off the event loop, and chooses the words.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

from cogs import messages
from cogs.components import MAX_SELECT, join_view, move_choices
from cogs.replies import answer, report
from data.matches import LobbyError, Match, MatchService, MoveResult
from render.common import to_png
from rules.base import Game
from rules.errors import PlayerError

if TYPE_CHECKING:
    from bot import Tidetable

log = logging.getLogger("tidetable")

DM_CLOSED = 50007  # Discord's "Cannot send messages to this user"
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
THREAD_HELP = "Make a thread for this match (default: play in this channel)"


def option_choices(game: Game, key: str) -> list[app_commands.Choice[str]]:
    """The choices of one of ``game``'s setup options, for a ``new`` command's parameter."""
    return [app_commands.Choice(name=c, value=c) for c in game.spec.option(key).choices]


class CannotPost(PlayerError):
    """Discord refused the bot's post in the match's channel (missing permissions)."""


class GameCog(commands.GroupCog):
    """Shared commands of one game. Subclasses set ``game_key`` and ``board_renderer``."""

    game_key: ClassVar[str]
    board_renderer: ClassVar[Callable[[Any], Image.Image]]
    hand_renderer: ClassVar[Callable[[Any], Image.Image] | None] = None

    def __init__(self, bot: Tidetable) -> None:
        self.bot = bot
        self.service: MatchService = bot.service
        self.game: Game = bot.service.games[self.game_key]
        super().__init__()

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report(interaction, error)

    # -- lifecycle -----------------------------------------------------------------------
    # Every command that touches storage defers first, privately: the 3-second window is then
    # safe whatever the database does, and an error stays between the bot and its player.
    # What the table should see is posted to the match's channel; the player gets a receipt.
    @app_commands.command(name="new", description="Open a match of this game in this channel")
    @app_commands.describe(thread=THREAD_HELP)
    async def new(self, interaction: discord.Interaction, thread: bool = False) -> None:
        await self.open_match(interaction, {}, thread)

    async def open_match(
        self, interaction: discord.Interaction, options: Mapping[str, str], thread: bool = False
    ) -> None:
        """A lobby bound to this channel, or to a new thread of it made for the match."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        self.game.spec.resolve_options(options)  # refuse bad options before making a thread
        home = await self.thread_for_match(interaction) if thread else None
        match = await self.service.create(
            self.game_key,
            interaction.guild_id,
            home.id if home else self._channel(interaction),
            interaction.user.id,
            options,
        )
        await self.publish(interaction, match, messages.lobby_line(match), join_view(match.id))
        where = f" in {home.mention}" if home else ""
        await answer(interaction, f"Match #{match.id} is open{where}; others can join now.")

    async def thread_for_match(self, interaction: discord.Interaction) -> discord.Thread:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise LobbyError(
                "A thread can only be made from a text channel: run `new` in one, or run it "
                "inside this thread without `thread`."
            )
        return await channel.create_thread(
            name=f"{self.game.spec.name} match",
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,  # a week: matches are slow, and posting reopens it
        )

    @app_commands.command(name="join", description="Join the match waiting in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.join_channel_match(interaction, self._channel(interaction))

    async def join_channel_match(self, interaction: discord.Interaction, channel_id: int) -> None:
        """Join by command, or by the Join button under a lobby (which names its channel)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.join(channel_id, self.game_key, interaction.user.id)
        who = messages.mention(interaction.user.id)
        await self.publish(interaction, match, f"{who} joined. {messages.lobby_line(match)}")
        await answer(interaction, f"You joined match #{match.id}.")

    @app_commands.command(name="leave", description="Leave the match before it starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.leave(
            self._channel(interaction), self.game_key, interaction.user.id
        )
        who = messages.mention(interaction.user.id)
        await self.publish(interaction, match, f"{who} left. {messages.lobby_line(match)}")
        await answer(interaction, f"You left match #{match.id}.")

    @app_commands.command(name="start", description="Start the match (creator only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.start(
            self._channel(interaction), self.game_key, interaction.user.id
        )
        headline = f"**{self.game.spec.name}** match #{match.id} begins. {messages.seating(match)}"
        # Private views go out first, so the public post can name who must use `hand` instead.
        delivered = await self.send_private_views(match, changed_only=None)
        closed = [match.user_at(seat) for seat, ok in delivered.items() if not ok]
        if closed:
            headline += "\n" + messages.closed_dms(closed, self.game_key)
        await self.post_board(interaction, match, headline)
        await answer(interaction, f"Match #{match.id} started: the board is posted.")

    @app_commands.command(name="resign", description="Give up this match")
    async def resign(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.resign(
            self._channel(interaction), self.game_key, interaction.user.id
        )
        who = messages.mention(interaction.user.id)
        await self.publish(interaction, match, f"{who} resigned.\n{messages.final_text(match)}")
        await answer(interaction, f"You resigned from match #{match.id}.")

    @app_commands.command(
        name="cancel", description="Cancel the match (its creator, or Manage Server)"
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        permissions = getattr(interaction.user, "guild_permissions", None)
        is_admin = bool(permissions and permissions.manage_guild)
        match = await self.service.cancel(
            self._channel(interaction), self.game_key, interaction.user.id, is_admin
        )
        who = messages.mention(interaction.user.id)
        await self.publish(interaction, match, f"{who} cancelled match #{match.id}.")
        await answer(interaction, f"Match #{match.id} is cancelled.")

    # -- looking -------------------------------------------------------------------------
    @app_commands.command(name="board", description="Post the current board again")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.current(self._channel(interaction), self.game_key)
        if match.status == "lobby":
            await answer(interaction, messages.lobby_line(match))
            return
        await self.post_board(interaction, match, f"Match #{match.id}.")
        await answer(interaction, "Posted the current board.")

    @app_commands.command(name="hand", description="See your private view (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.current(self._channel(interaction), self.game_key)
        seat = match.seat_of(interaction.user.id)
        if seat is None or match.state is None:
            await answer(interaction, f"You have no seat in a running match #{match.id}.")
            return
        text, file = await self.private_view(match, seat)
        await answer(interaction, text, file=file)

    @app_commands.command(name="rules", description="How to play, and the readings we chose")
    async def rules(self, interaction: discord.Interaction) -> None:
        spec = self.game.spec
        embed = discord.Embed(
            title=f"{spec.name} — how to play", description=spec.rules_text[:4000]
        )
        embed.add_field(name="Moves", value=spec.move_help[:1024], inline=False)
        players = (
            f"{spec.min_players}–{spec.max_players}"
            if spec.max_players > spec.min_players
            else str(spec.min_players)
        )
        embed.add_field(name="Players", value=players)
        await answer(interaction, "", embed=embed)

    # -- playing -------------------------------------------------------------------------
    @app_commands.command(
        name="move", description="Make your move (suggestions list your legal moves)"
    )
    @app_commands.describe(move="Your move; start typing to see the legal ones")
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.move(
            self._channel(interaction), self.game_key, interaction.user.id, move
        )
        await self.after_move(interaction, result)

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        moves, reason = await self.service.suggestions(
            self._channel(interaction), self.game_key, interaction.user.id, current
        )
        if reason is not None:
            # One entry that explains instead of an empty list; sending it back gets the same
            # explanation as an error, because the reason is checked before the move is read.
            return [app_commands.Choice(name=reason[:100], value=reason[:100])]
        return [app_commands.Choice(name=m[:100], value=m[:100]) for m in moves]

    async def play_choice(
        self, interaction: discord.Interaction, match_id: int, version: int, index: int
    ) -> None:
        """A move chosen with a button or a select posted under a board."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.move_by_index(match_id, interaction.user.id, version, index)
        await self.after_move(interaction, result)

    async def after_move(self, interaction: discord.Interaction, result: MoveResult) -> None:
        match = result.after
        who = messages.mention(match.user_at(result.seat))
        log.info("match %s: seat %s moved (version %s)", match.id, result.seat, match.version)
        try:
            await self.post_board(interaction, match, f"{who}: {result.description}")
        except CannotPost as refused:
            # The move is saved whatever Discord says; tell the player both facts.
            await answer(interaction, f"Your move `{result.move_text}` is saved. {refused}")
            return
        delivered = await self.send_private_views(match, changed_only=result.before)
        confirmation = f"Done: `{result.move_text}`."
        if self.game.spec.hidden_information and not delivered.get(result.seat, True):
            text, file = await self.private_view(match, result.seat)
            await answer(interaction, f"{confirmation}\n{text}", file=file)
        else:
            await answer(interaction, confirmation)

    # -- posting -------------------------------------------------------------------------
    async def post_board(
        self, interaction: discord.Interaction, match: Match, headline: str
    ) -> None:
        """The public picture with the headline and who acts next (or the final scores)."""
        png = await asyncio.to_thread(self.public_png, match)
        content = messages.clip(f"{headline}\n{messages.next_line(match)}")
        file = discord.File(
            io.BytesIO(png), filename=f"{self.game_key}-{match.id}-{match.version}.png"
        )
        await self.publish(interaction, match, content, self.choices_for(match), file)

    async def publish(
        self,
        interaction: discord.Interaction,
        match: Match,
        content: str,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
    ) -> None:
        """A public message in the match's own channel (or thread), mentioning only users."""
        channel = interaction.channel
        if channel is None or channel.id != match.row.channel_id or not hasattr(channel, "send"):
            channel = self.bot.get_channel(match.row.channel_id) or await self.bot.fetch_channel(
                match.row.channel_id
            )
        try:
            await channel.send(  # type: ignore[union-attr]
                messages.clip(content),
                view=view or discord.utils.MISSING,
                file=file or discord.utils.MISSING,
                allowed_mentions=MENTION_USERS,
            )
        except discord.Forbidden:
            raise CannotPost(
                f"I cannot post in <#{match.row.channel_id}>: a server admin must give me View "
                "Channel, Send Messages and Attach Files there (and Send Messages in Threads)."
            ) from None

    def public_png(self, match: Match) -> bytes:
        return to_png(type(self).board_renderer(self.game.view(match.state, None)))

    def choices_for(self, match: Match) -> discord.ui.View | None:
        """Buttons or a select for a small choice, in open games only (labels show moves)."""
        if self.game.spec.hidden_information or match.status != "active" or match.state is None:
            return None
        seats = self.game.to_act(match.state)
        if len(seats) != 1:
            return None
        legal = self.game.legal_moves(match.state, seats[0])
        if len(legal) > MAX_SELECT:  # before formatting: some move lists hold thousands
            return None
        labels = [self.game.format(match.state, m) for m in legal]
        return move_choices(match.id, match.version, labels)

    async def private_view(self, match: Match, seat: int) -> tuple[str, discord.File | None]:
        """The seat's private text and picture (their hand), for a DM or an ephemeral reply."""
        text = self.game.private_text(match.state, seat)
        if text is None:
            return (
                f"{self.game.spec.name} has no hidden information: everything is on the board. "
                f"You are {self.game.seat_name(seat)}.",
                None,
            )
        renderer = type(self).hand_renderer
        if renderer is None:
            return text, None
        view = self.game.view(match.state, seat)
        png = await asyncio.to_thread(lambda: to_png(renderer(view)))
        return text, discord.File(io.BytesIO(png), filename=f"hand-{match.id}.png")

    async def send_private_views(self, match: Match, changed_only: Match | None) -> dict[int, bool]:
        """DM each seat whose private view changed since ``changed_only`` (all seats at the
        start). Returns, per seat DMed, whether Discord delivered it: a closed DM is not fatal."""
        delivered: dict[int, bool] = {}
        if not self.game.spec.hidden_information or match.state is None:
            return delivered
        for seat, user_id in enumerate(match.players):
            text = self.game.private_text(match.state, seat)
            if text is None:
                continue
            before = changed_only.state if changed_only is not None else None
            if before is not None and self.game.private_text(before, seat) == text:
                continue
            delivered[seat] = await self.send_dm(match, seat, user_id)
        return delivered

    async def send_dm(self, match: Match, seat: int, user_id: int) -> bool:
        text, file = await self.private_view(match, seat)
        header = f"**{self.game.spec.name}** match #{match.id} — your private view:\n"
        try:
            channel = await self.bot.create_dm(discord.Object(id=user_id))
            await channel.send(messages.clip(header + text), file=file or discord.utils.MISSING)
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                log.warning("DM to a player of match %s refused (code %s)", match.id, error.code)
            return False
        return True

    # -- helpers -------------------------------------------------------------------------
    @staticmethod
    def _channel(interaction: discord.Interaction) -> int:
        return interaction.channel_id or 0
