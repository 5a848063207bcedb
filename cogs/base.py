"""The lifecycle every game shares, as one GroupCog base: new, join, leave, start, move (with
autocomplete of legal moves), board, hand, rules, resign, cancel.

A game's cog is a thin subclass naming its game and its renderers, and overriding ``new`` when
the game has setup options. The cog parses Discord options, defers, calls the match service
(which knows no Discord), renders off the event loop, and chooses the words.
"""

from __future__ import annotations

import asyncio
import importlib
import io
import logging
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

from cogs import messages
from cogs.analysis import AnalysisCommands
from cogs.bounds import MOVE_LENGTH, MatchNumber, MoveText
from cogs.checks import require_posting
from cogs.components import MAX_SELECT, hand_view, move_choices
from cogs.computers import ComputerCommands
from cogs.history import HistoryCommands
from cogs.host import Host
from cogs.language import reader
from cogs.panel import UNCHECKED, with_play
from cogs.pictures import board_png, draw_board_png
from cogs.replies import acknowledging, answer
from cogs.settings import opening_options
from cogs.viewer import ViewerCommands
from data.clockrows import MENTION
from data.store import OutboxEntry
from i18n.catalogue import ENGLISH, LANGUAGES, NAMES, say
from i18n.text import TN, T, Text
from render.common import clip_alt
from rules.base import Game
from rules.errors import NotYourTurn, PlayerError
from table import turnclock
from table.computer_turns import seat_computers
from table.computers import LEVELS, check_computers, computer_name, is_computer
from table.errors import LobbyError, NoMatchHere
from table.lobby import LANGUAGE
from table.match import Match, MoveResult
from table.service import MatchService

log = logging.getLogger("tidetable")

INVITE_HELP = "Mention the people it is open to (none: anyone may join)"
InviteText = app_commands.Range[str, 0, 200]  # about eight mentions
THREAD_HELP = "Make a thread for this match (default: play in this channel)"
UNDO_HELP = (
    "Let players take back a move that revealed nothing, before others act (default: this "
    "server's, on unless changed)"
)
CLOCK_HELP = "Time each decision may take (default: this server's, 72h unless changed)"
BOTS_HELP = "Computer players to seat at once (default: none; one seat always stays yours)"
LEVEL_HELP = "How strong those computer players are: easy, normal or hard"
LANGUAGE_HELP = "Language of the match's posts (default: this server's)"
# The level option of every `new` (and of `addbot`).
LEVEL_CHOICES = [app_commands.Choice(name=lv, value=lv) for lv in LEVELS]
# The language option of every `new`: the catalogue's languages, each by its own name.
LANGUAGE_CHOICES = [app_commands.Choice(name=NAMES[code], value=code) for code in LANGUAGES]


# Discord's own bound on `bots`: the largest table (5) less the creator's seat. Each game
# refuses more than its own table holds, with a specific answer (``check_computers``).
MOST_BOTS = 4
Bots = app_commands.Range[int, 0, MOST_BOTS]
# The clock option of every `new`: none, 12h … 1w, or the server's default.
CLOCK_CHOICES = [app_commands.Choice(name=c, value=c) for c in turnclock.CLOCK_CHOICES]


def option_choices(game: Game, key: str) -> list[app_commands.Choice[str]]:
    """The choices of one of ``game``'s setup options, for a ``new`` command's parameter."""
    return [app_commands.Choice(name=c, value=c) for c in game.spec.option(key).choices]


# Game commands are for servers: Discord does not offer them in DMs (`/hands` is the one that
# makes sense there, see cogs/hands.py). Subclasses inherit this from the class attributes.
@app_commands.guild_only()
class GameCog(
    HistoryCommands, ViewerCommands, AnalysisCommands, ComputerCommands, commands.GroupCog
):
    """Shared commands of one game. Subclasses set ``game_key`` and ``board_renderer``.

    Every command that changes a match follows one shape: defer (privately) before touching
    storage (a move: while it is saved, ``cogs.replies.acknowledging``), check that the bot can
    post where the match lives, ask the match service (which commits the change and what must
    be announced about it in one transaction), then let the outbox deliver and answer the
    player from the commit: from that moment the answer says the action is saved, whatever
    Discord does next. Errors are answered once, by the tree's handler.
    """

    game_key: ClassVar[str]
    board_renderer: ClassVar[Callable[[Any], Image.Image]]
    hand_renderer: ClassVar[Callable[[Any], Image.Image] | None] = None

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.service: MatchService = bot.service
        self.game: Game = bot.service.games[self.game_key]
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.game_cogs[self.game_key] = self  # buttons and the herald find it there

    async def cog_unload(self) -> None:
        if self.bot.game_cogs.get(self.game_key) is self:  # not a newer cog of the same game
            del self.bot.game_cogs[self.game_key]

    # -- lifecycle -----------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a match of this game in this channel")
    @app_commands.describe(
        thread=THREAD_HELP,
        undo=UNDO_HELP,
        clock=CLOCK_HELP,
        bots=BOTS_HELP,
        level=LEVEL_HELP,
        invite=INVITE_HELP,
        language=LANGUAGE_HELP,
    )
    @app_commands.choices(clock=CLOCK_CHOICES, level=LEVEL_CHOICES, language=LANGUAGE_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        thread: bool = False,
        undo: bool | None = None,
        clock: str = "default",
        bots: Bots = 0,
        level: str = "normal",
        invite: InviteText = "",
        language: str | None = None,
    ) -> None:
        await self.open_match(
            interaction,
            {"undo": undo_value(undo), **language_option(language)},
            thread,
            clock,
            bots=bots,
            level=level,
            invites=invited_ids(invite),
        )

    async def open_match(
        self,
        interaction: discord.Interaction,
        options: Mapping[str, str],
        thread: bool = False,
        clock: str = "default",
        *,
        bots: int = 0,
        level: str = "normal",
        invites: Sequence[int] = (),
    ) -> None:
        """A lobby bound to this channel, or to a new thread of it made for the match, with
        ``bots`` computer players of ``level`` seated beside the creator; ``invites``: the
        people it is open to (none: anyone)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        require_posting(interaction, thread=thread)
        options = await opening_options(self.bot, interaction, options)  # the server's settings
        # Refuse bad options before making a thread (``undo`` and ``language`` are the
        # table's, not the game's).
        table_keys = ("undo", LANGUAGE)
        self.game.spec.resolve_options({k: v for k, v in options.items() if k not in table_keys})
        check_computers(self.game.spec, bots, level)
        home = None
        if thread:  # named in the match's language, else the server's
            public = options.get(LANGUAGE) or await self.bot.languages.public(interaction)
            home = await self.thread_for_match(interaction, public)
        done = await self.service.create(
            self.game_key,
            interaction.guild_id,
            home.id if home else self._channel(interaction),
            interaction.user.id,
            options,
            clock,
            invites=invites,
        )
        if bots:
            done = await seat_computers(self.service, done, interaction.user.id, level, bots)
        number = done.match.id
        if not bots:
            opened = (
                T(
                    "Match #{number} is open in {thread}; others can join now.",
                    number=number,
                    thread=home.mention,
                )
                if home
                else T("Match #{number} is open; others can join now.", number=number)
            )
        else:
            seated = TN(
                "{count} {level} computer player",
                "{count} {level} computer players",
                bots,
                level=messages.level_word(level),
            )
            count, spec = len(done.match.players), self.game.spec
            then = (
                T("others can join now.")
                if count < spec.min_players
                else T("start it when you are ready.")
                if count >= spec.max_players
                else T("others can join, or you can start it.")
            )
            opened = (
                T(
                    "Match #{number} is open in {thread} with {computers}; {then}",
                    number=number,
                    thread=home.mention,
                    computers=seated,
                    then=then,
                )
                if home
                else T(
                    "Match #{number} is open with {computers}; {then}",
                    number=number,
                    computers=seated,
                    then=then,
                )
            )
        await self.conclude(interaction, done.entries, opened)

    async def thread_for_match(
        self, interaction: discord.Interaction, language: str = ENGLISH
    ) -> discord.Thread:
        """A thread of the channel for a new match, named in the match's language."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise LobbyError(
                T(
                    "A thread can only be made from a text channel: run `new` in one, or run "
                    "it inside this thread without `thread`."
                )
            )
        return await channel.create_thread(
            name=say(T("{game} match", game=self.game.spec.name), language),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,  # a week: matches are slow, and posting reopens it
        )

    @app_commands.command(name="join", description="Join the match waiting in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        require_posting(interaction)
        done = await self.service.join(
            self._channel(interaction), self.game_key, interaction.user.id
        )
        await self.conclude(
            interaction, done.entries, T("You joined match #{number}.", number=done.match.id)
        )

    async def join_by_button(self, interaction: discord.Interaction, match_id: int) -> None:
        """The Join button under a lobby: it names its match, and joins only that one."""
        require_posting(interaction)
        done = await self.service.join_match(match_id, interaction.user.id)
        await self.conclude(
            interaction, done.entries, T("You joined match #{number}.", number=done.match.id)
        )

    @app_commands.command(name="leave", description="Leave the match before it starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        require_posting(interaction)
        user = interaction.user.id
        before = await self.service.current(self._channel(interaction), self.game_key)
        done = await self.service.leave(self._channel(interaction), self.game_key, user)
        await self.conclude(interaction, done.entries, left_text(before, done.match, user))

    @app_commands.command(name="start", description="Start the match (creator only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        require_posting(interaction)
        done = await self.service.start(
            self._channel(interaction), self.game_key, interaction.user.id
        )
        await self.conclude(
            interaction,
            done.entries,
            T("Match #{number} started: the board is posted.", number=done.match.id),
        )

    @app_commands.command(name="resign", description="Give up this match")
    async def resign(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        require_posting(interaction)
        done = await self.service.resign(
            self._channel(interaction), self.game_key, interaction.user.id
        )
        await self.conclude(
            interaction, done.entries, T("You resigned from match #{number}.", number=done.match.id)
        )

    @app_commands.command(
        name="cancel", description="Cancel the match (its creator, or Manage Server)"
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        permissions = getattr(interaction.user, "guild_permissions", None)
        is_admin = bool(permissions and permissions.manage_guild)
        done = await self.service.cancel(
            self._channel(interaction), self.game_key, interaction.user.id, is_admin
        )
        await self.conclude(
            interaction, done.entries, T("Match #{number} is cancelled.", number=done.match.id)
        )

    @app_commands.command(
        name="rejoin", description="Take your seat back from the table after timeouts"
    )
    async def rejoin(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        require_posting(interaction)
        done = await self.service.turns.rejoin(
            self._channel(interaction), self.game_key, interaction.user.id
        )
        await self.conclude(
            interaction,
            done.entries,
            T("You play your seat in match #{number} again.", number=done.match.id),
        )

    @app_commands.command(
        name="pause", description="Stop this match's clock (its creator, or Manage Server)"
    )
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._pause(interaction, True)

    @app_commands.command(
        name="resume", description="Start this match's clock again (its creator, or Manage Server)"
    )
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._pause(interaction, False)

    async def _pause(self, interaction: discord.Interaction, paused: bool) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        require_posting(interaction)
        permissions = getattr(interaction.user, "guild_permissions", None)
        done = await self.service.turns.pause(
            self._channel(interaction),
            self.game_key,
            interaction.user.id,
            bool(permissions and permissions.manage_guild),
            paused,
        )
        said = (
            T("The clock of match #{number} is paused.", number=done.match.id)
            if paused
            else T("The clock of match #{number} is running again.", number=done.match.id)
        )
        await self.conclude(interaction, done.entries, said)

    # -- looking -------------------------------------------------------------------------
    @app_commands.command(name="board", description="See the board (only you, unless public)")
    @app_commands.describe(
        public="Post it in the channel for everyone (default: only you see it)",
        match="A match number (default: this channel's latest match)",
    )
    async def board(
        self,
        interaction: discord.Interaction,
        public: bool = False,
        match: MatchNumber | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.match_to_show(interaction, match)
        if found.status == "lobby" or found.state is None:
            await answer(interaction, messages.lobby_line(found, language=reader(interaction)))
            return
        # Said to the reader alone, or to the match's channel in its language.
        language = await self.bot.languages.of_match(found) if public else reader(interaction)
        names = await self.names_for(found)
        # Names, not mentions: a look at the board notifies nobody, wherever it is shown.
        clock = await self.service.turns.clock_now(found)
        said = messages.next_line(found, names, notify=False, clock=clock, language=language)
        number = say(T("Match #{number}.", number=found.id), language)
        content = messages.clip(f"{number}\n{said}")
        file = await self.board_file(found, names, f"{self.game_key}-{found.id}.png", language)
        if not public:
            await answer(interaction, content, file=file)
            return
        require_posting(interaction)
        channel = self.bot.get_partial_messageable(self._channel(interaction))
        # A copy of the board for the table: it names people without pinging them.
        await channel.send(content, file=file, allowed_mentions=discord.AllowedMentions.none())
        await answer(interaction, T("Posted the board."))

    async def match_to_show(self, interaction: discord.Interaction, match_id: int | None) -> Match:
        """The match a looking command means: the numbered one, or the channel's latest."""
        if match_id is not None:
            found = await self.service.by_id(match_id)
            if found.row.game != self.game_key:
                raise NoMatchHere(
                    T(
                        "Match #{number} is {game}: use `/{command}`.",
                        number=match_id,
                        game=found.game.spec.name,
                        command=found.row.game,
                    )
                )
            if found.row.guild_id != interaction.guild_id:
                raise NoMatchHere(
                    T("Match #{number} was not played on this server.", number=match_id)
                )
            return found
        try:
            return await self.service.current(self._channel(interaction), self.game_key)
        except NoMatchHere:
            latest = await self.service.latest(self._channel(interaction))
            if latest is None or latest.row.game != self.game_key or latest.damaged:
                raise
            return latest

    @app_commands.command(name="hand", description="See your private view (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.current(self._channel(interaction), self.game_key)
        seat = match.seat_of(interaction.user.id)
        if seat is None or match.state is None:
            await answer(interaction, no_seat(match.id))
            return
        names = await self.names_for(match)
        text, file = await self.private_view(match, seat, names, reader(interaction))
        await answer(interaction, text, file=file)

    async def show_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        """The "Your hand" button under a board: the clicker's private view of that match."""
        match = await self.service.by_id(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None or match.state is None or match.status != "active":
            await answer(interaction, no_seat(match.id))
            return
        names = await self.names_for(match)
        text, file = await self.private_view(match, seat, names, reader(interaction))
        await answer(interaction, text, file=file)

    @app_commands.command(name="rules", description="How to play, and the readings we chose")
    async def rules(self, interaction: discord.Interaction) -> None:
        spec = self.game.spec
        language = reader(interaction)
        embed = discord.Embed(
            title=say(T("{game} — how to play", game=spec.name), language),
            description=say(spec.rules_text, language)[:4000],
        )
        embed.add_field(
            name=say(T("Moves"), language), value=say(spec.move_help, language)[:1024], inline=False
        )
        players = (
            f"{spec.min_players}–{spec.max_players}"
            if spec.max_players > spec.min_players
            else str(spec.min_players)
        )
        embed.add_field(name=say(T("Players"), language), value=players)
        await answer(interaction, "", embed=embed)

    # -- playing -------------------------------------------------------------------------
    @app_commands.command(
        name="move", description="Make your move (suggestions list your legal moves)"
    )
    @app_commands.describe(move="Your move; start typing to see the legal ones")
    async def move(self, interaction: discord.Interaction, move: MoveText) -> None:
        # What the player was looking at when they sent this, read before any await: a second,
        # identical command sent at once is then recognised as sent for the same board.
        receipt = self.service.receipt(self._channel(interaction))
        async with acknowledging(interaction):  # while the move is saved (cogs/replies.py)
            text, version = unpack_choice(move)
            require_posting(interaction)
            try:
                result = await self.service.move(
                    self._channel(interaction),
                    self.game_key,
                    interaction.user.id,
                    text,
                    expected_version=version,
                    receipt=receipt,
                )
            except NotYourTurn as error:  # "waiting for …" names the person, not a seat
                language = reader(interaction)
                said = say(refusal(error), language)
                channel = self._channel(interaction)
                raise NotYourTurn(await self.named(said, channel, language)) from None
        await self.after_move(interaction, result)

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        channel, user = self._channel(interaction), interaction.user.id
        current = current[:MOVE_LENGTH]  # what was typed, bounded before use
        moves, reason, version = await self.service.suggestions(
            channel, self.game_key, user, current
        )
        if reason is not None:
            # One entry that explains instead of an empty list; sending it back gets the same
            # explanation as an error, because the reason is checked before the move is read.
            reason = say(reason, reader(interaction))
            said = messages.fit_choice(await self.named(reason, channel, reader(interaction)))
            return [app_commands.Choice(name=said, value=said)]
        if not moves:
            # The player may have typed a name where the notation has a seat ("trade blue for
            # red bob"): the suggestions show names, so they are read back as seats.
            typed = await self.seats_for_names(current, channel)
            if typed != current:
                moves, _, version = await self.service.suggestions(
                    channel, self.game_key, user, typed
                )
        if not moves:
            # Nothing legal starts so: say what can be typed. Sent as it is, the typed text gets
            # the game's own answer (what the notation is, or why that move is not allowed).
            examples, _, _ = await self.service.suggestions(channel, self.game_key, user, "")
            shown = await self.named_all(examples, channel, reader(interaction))
            nothing = say(messages.nothing_matches(current, shown), reader(interaction))
            said = messages.fit_choice(nothing)
            return [app_commands.Choice(name=said, value=current[:100] or said)]
        # The value carries the version the move was offered for: choosing it after the match
        # moved on (or twice) is refused instead of played on a board the player never saw.
        # The name shown names people where the notation names a seat ("trade blue for red
        # bob (B)"); the value keeps the notation the game reads.
        shown = await self.named_all(moves, channel, reader(interaction))
        return [
            app_commands.Choice(name=messages.fit_choice(said), value=pack_choice(m, version))
            for m, said in zip(moves, shown, strict=True)
        ]

    async def choose(
        self, interaction: discord.Interaction, match_id: int, version: int, index: int
    ) -> MoveResult:
        """A move chosen with a button or a select posted under a board, saved (announced
        by ``after_move``, once the interaction is acknowledged: ``cogs.host``)."""
        require_posting(interaction)
        try:
            result = await self.service.move_by_index(match_id, interaction.user.id, version, index)
        except NotYourTurn as error:
            found = await self.service.by_id(match_id)
            names = await self.names_for(found)
            language = reader(interaction)
            said = say(refusal(error), language)
            raise NotYourTurn(messages.people(said, found, names, language)) from None
        return result

    async def after_move(self, interaction: discord.Interaction, result: MoveResult) -> None:
        log.info(
            "match %s: seat %s moved (version %s)",
            result.after.id,
            result.seat,
            result.after.version,
        )
        saved = T("Done: `{move}`.", move=result.move_text)

        async def private(entries: list[OutboxEntry]) -> tuple[str, discord.File | None]:
            # The mover's own view changed and goes on deciding: when its DM could not be
            # delivered, or their turns reach them by mention (no DM at every decision), the
            # new view comes with the answer.
            mine = [e for e in entries if e.kind == "dm" and e.payload.get("seat") == result.seat]
            if not mine:
                return "", None
            user = interaction.user.id
            prefs = (await self.service.turns.clocks.prefs([user]))[user]
            if prefs.turn_by != MENTION and not any(e.status == "failed" for e in mine):
                return "", None
            names = await self.names_for(result.after)
            language = reader(interaction)
            text, file = await self.private_view(result.after, result.seat, names, language)
            return f"\n{text}", file

        await self.conclude(interaction, result.entries, saved, extra=private)

    async def conclude(
        self,
        interaction: discord.Interaction,
        entries: tuple[int, ...],
        saved: Text | str,
        extra: Callable[[list[OutboxEntry]], Awaitable[tuple[str, discord.File | None]]]
        | None = None,
    ) -> None:
        """Answer a player whose action is committed: it is saved, whatever follows. Waits for
        the outbox to try what the action announces, and says if the board could not be
        posted (yet), so the player never reads "try again" for a saved action. Said in the
        reader's language (``extra`` is said already)."""
        language = reader(interaction)
        text, file = say(saved, language), None
        try:
            settled = await self.bot.dispatcher.settle(entries)
            text += say(messages.delivery_note(settled), language)
            if extra is not None:
                more, file = await extra(settled)
                text += more
        except Exception:  # after the commit nothing may turn into "try again"
            log.exception("after saving an action, its delivery could not be checked")
            text += say(UNCHECKED, language)
        try:
            await answer(interaction, messages.clip(text), file=file)
        except discord.HTTPException:
            log.warning("could not answer interaction %s after saving", interaction.id)

    # -- drawing -------------------------------------------------------------------------
    async def names_for(self, match: Match) -> list[str | None]:
        """The players' display names on the match's server, by seat (None where unknown)."""
        return await self.bot.people.names(match.row.guild_id, match.players)

    async def named(self, text: str, channel_id: int, language: str = ENGLISH) -> str:
        """A reason (said in ``language``) with the seats of the channel's match named as
        people ("waiting for bob (B): …"); unchanged when there is no match to name them from."""
        try:
            match = await self.service.current(channel_id, self.game_key)
        except PlayerError:
            return text
        return messages.people(text, match, await self.names_for(match), language)

    async def named_all(
        self, texts: list[str], channel_id: int, language: str = ENGLISH
    ) -> list[str]:
        """``named`` for several texts of the channel's match, reading it once (and not at
        all when none of them names a seat: the common case of a suggestion list), each said in
        ``language`` (a suggestion's description is a text of the catalogue)."""
        texts = [say(text, language) for text in texts]
        if not any(messages.names_a_seat(text) for text in texts):
            return texts
        try:
            match = await self.service.current(channel_id, self.game_key)
        except PlayerError:
            return texts
        names = await self.names_for(match)
        return [messages.people(text, match, names, language) for text in texts]

    async def seats_for_names(self, text: str, channel_id: int) -> str:
        """``text`` with the names of the channel's match's players written as their seats
        ("bob (B)" -> "seat 2"), the notation the game reads."""
        try:
            match = await self.service.current(channel_id, self.game_key)
        except PlayerError:
            return text
        return messages.seats_for_names(text, match, await self.names_for(match))

    async def draw_public_png(
        self, match: Match, names: messages.Names = None, language: str = ENGLISH
    ) -> bytes:
        """The public picture (no secret), naming the players, its words in ``language``: the
        phone-first layout where the renderer has one (legible at chat size, ``render.phone``).
        Drawn by a picture worker, handed over from the event loop with no thread between
        (``cogs.pictures.draw_board_png``)."""
        view = self.game.view(match.state, None)
        return await draw_board_png(
            self.game_key, type(self).board_renderer, view, names, layout="phone", language=language
        )

    def alt_text(self, match: Match, names: messages.Names = None, language: str = ENGLISH) -> str:
        """The public picture in words, for screen readers (the attachment's description)."""
        view = self.game.view(match.state, None)
        describe = alt_text_of(type(self).board_renderer)
        if describe is not None:
            return clip_alt(
                say(describe(view, names=picture_names(names), language=language), language)
            )
        said = messages.next_line(match, names, notify=False, language=language)
        text = T(
            "{game} match #{number}. {next}", game=self.game.spec.name, number=match.id, next=said
        )
        return clip_alt(say(text, language).replace("*", ""))

    @property
    def board_reads_row(self) -> bool:
        """Whether the board's attachment depends on the match row, not only on its state,
        names and language: its alt text does when the renderer has none of its own (it says
        whose turn it is from the row). A picture drawn ahead is then used only for that row."""
        return alt_text_of(type(self).board_renderer) is None

    async def board_file(
        self, match: Match, names: messages.Names, filename: str, language: str = ENGLISH
    ) -> discord.File:
        """The public picture as an attachment with its alt text (in ``language``)."""

        # The alt text is written while a worker draws the picture.
        picture = asyncio.ensure_future(self.draw_public_png(match, names, language))
        try:
            alt = await asyncio.to_thread(self.alt_text, match, names, language)
        except BaseException:
            picture.cancel()
            raise
        png = await picture
        return discord.File(io.BytesIO(png), filename=filename, description=alt)

    def choices_for(
        self, match: Match, names: messages.Names = None, language: str = ENGLISH
    ) -> discord.ui.View | None:
        """What goes under a board awaiting a person, and only then (a computer seat, or one
        the table plays, decides without buttons: anyone's click would be refused): in a game
        with secrets, the "Your hand" button; in an open game, buttons or a select for a small
        choice, labelled with the moves (people named where a move names a seat); and always
        the Play button of the tap panel."""
        if match.status != "active" or match.state is None:
            return None
        seats = self.game.to_act(match.state)
        table = match.row.table_seats()
        people = [s for s in seats if not is_computer(match.user_at(s)) and s not in table]
        if not people:
            return None
        # The Play button opens the tap panel of whoever must decide (cogs/panel.py).
        if self.game.spec.hidden_information:
            return with_play(hand_view(match.id, language), match.id, language)
        if len(seats) != 1:
            return with_play(None, match.id, language)
        legal = self.game.legal_moves(match.state, seats[0])
        if len(legal) > MAX_SELECT:  # before formatting: some move lists hold thousands
            return with_play(None, match.id, language)
        labels = [
            messages.people(self.game.button_label(match.state, m), match, names, language)
            for m in legal
        ]
        return with_play(
            move_choices(match.id, match.version, labels, language), match.id, language
        )

    async def private_view(
        self, match: Match, seat: int, names: messages.Names = None, language: str = ENGLISH
    ) -> tuple[str, discord.File | None]:
        """The seat's private text and picture (their hand), for a DM or an ephemeral reply,
        said in ``language``."""
        private = self.game.private_text(match.state, seat)
        if private is None:
            open_game = T(
                "{game} has no hidden information: everything is on the board. You are {person}.",
                game=self.game.spec.name,
                person=messages.person(match, seat, names, language),
            )
            return say(open_game, language), None
        text = say(private, language)
        renderer = type(self).hand_renderer
        if renderer is None:
            return text, None
        view = self.game.view(match.state, seat)
        png = await asyncio.to_thread(
            board_png, self.game_key, renderer, view, names, language=language
        )
        # The picture holds what the text says: the text is its alt text.
        hand = T(
            "Your hand in match #{number}: {hand}", number=match.id, hand=text.replace("*", "")
        )
        alt = clip_alt(say(hand, language))
        return text, discord.File(io.BytesIO(png), filename=f"hand-{match.id}.png", description=alt)

    # -- helpers -------------------------------------------------------------------------
    @staticmethod
    def _channel(interaction: discord.Interaction) -> int:
        return interaction.channel_id or 0


def left_text(before: Match, after: Match, user_id: int) -> Text:
    """The answer to `leave`: the player left, or (the creator) a computer player was taken
    out of the lobby, named."""
    if user_id not in after.players:
        return T("You left match #{number}.", number=after.id)
    gone = [u for u in before.players if u not in after.players]
    if gone and is_computer(gone[0]):
        return T(
            "You took {computer} out of match #{number}; {seated} seated now.",
            computer=computer_name(gone[0]),
            number=after.id,
            seated=len(after.players),
        )
    return T("Match #{number} did not change.", number=after.id)


def no_seat(match_id: int) -> Text:
    return T("You have no seat in a running match #{number}.", number=match_id)


def refusal(error: BaseException) -> Text | str:
    """A player's error as it was raised: its Text (to be said in the reader's language)."""
    message = error.args[0] if error.args else ""
    return message if isinstance(message, Text) else str(error)


def language_option(language: str | None) -> dict[str, str]:
    """The ``language`` match option when the creator chose one (else the server's holds)."""
    return {LANGUAGE: language} if language else {}


MENTIONED = re.compile(r"<@!?(\d{15,20})>")
MAX_INVITES = 20


def invited_ids(text: str) -> list[int]:
    """The people mentioned in ``invite:`` (at most twenty, each once, in order)."""
    return list(dict.fromkeys(int(found) for found in MENTIONED.findall(text or "")))[:MAX_INVITES]


def undo_value(undo: bool | None) -> str:
    """The stored value of the ``undo`` match option ("default": the server's)."""
    return "default" if undo is None else "on" if undo else "off"


CHOICE = re.compile(r"v(\d{1,12})\|(.+)", re.DOTALL)


def pack_choice(move: str, version: int) -> str:
    """An autocomplete value: the move and the version it was offered for (Discord shows the
    choice's name; the value comes back). Too long to carry both: the move alone."""
    packed = f"v{version}|{move}"
    return packed if len(packed) <= 100 else move[:100]


def unpack_choice(value: str) -> tuple[str, int | None]:
    """The move and, if it was chosen from the suggestions, the version it was offered for."""
    found = CHOICE.fullmatch(value)
    if found is None:
        return value, None
    return found[2], int(found[1])


def picture_names(names: messages.Names) -> list[str] | None:
    """Names for a picture: an unknown one is left empty, and the picture says "Seat 2"."""
    return None if names is None else [name or "" for name in names]


def alt_text_of(renderer: Callable[..., Image.Image]) -> Callable[..., str] | None:
    """The ``alt_text(view, names=...)`` living beside a renderer (render/<game>.py), if any."""
    module = importlib.import_module(renderer.__module__)
    found = getattr(module, "alt_text", None)
    return found if callable(found) else None
