"""The table's memory on Discord: `log`, `replay`, `undo` and `leaderboard` for every game (a
mixin of the game cogs), the answer of `/tidetable stats`, the paging buttons of a log, and the
score breakdown picture of a final post.

The words and pictures come from the pure pieces: ``table.history`` (the log in the words the
channel saw, the fair undo), ``table.ratings`` (openskill over the stored results),
``render.replay`` and ``render.scores``. Everything slow (replaying a log, drawing a GIF) runs in
a thread, off the event loop.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord
from discord import app_commands
from PIL import Image

from cogs import messages
from cogs.bounds import MatchNumber
from cogs.checks import require_posting
from cogs.host import Host
from cogs.pictures import rendered
from cogs.replies import answer, report
from data.erasures import ErasureStore
from data.store import Store
from render.common import clip_alt
from render.replay import replay_gif
from render.scores import breakdown_chart, rating_chart
from rules.base import Game
from table import history
from table.match import Match
from table.ratings import (
    GLOBAL,
    RATING_NOTE,
    RatingTable,
    Scope,
    rate,
    rating_words,
    shown_rating,
)
from table.service import MatchService

log = logging.getLogger("tidetable.history")

SCORES_SUFFIX = "-scores.png"  # the breakdown picture's file name ends so (beside the board)
LOG_PAGE_LIMIT = 1800  # a page of the log; the header line and Discord's 2000 leave room
LEADERBOARD_ROWS = 20
NO_MENTIONS = discord.AllowedMentions.none()
PUBLIC_HELP = "Post it in the channel for everyone (default: only you see it)"
MATCH_HELP = "A match number (default: this channel's latest match)"
PUBLIC_VIEW, OWN_VIEW = "p", "o"  # a log in public words, or with the viewer's own moves named


# -- names ------------------------------------------------------------------------------------
async def display_names(
    bot: Host, guild_id: int | None, user_ids: Sequence[int], fallback: Sequence[str]
) -> list[str]:
    """What to call each user in a picture (a mention cannot be drawn): their name on the
    server, else ``fallback`` (the seat's name). Through ``People``, as the texts: from the
    cache or fetched once and kept, and a computer seat by its own name ("Bot (easy)"), never
    asked of Discord (its id is negative: no Discord user has it)."""
    found = await bot.people.names(guild_id, user_ids)
    return [name or spare for name, spare in zip(found, fallback, strict=True)]


def counted(number: int, noun: str) -> str:
    """ "1 match", "3 matches", "0 wins"."""
    if number == 1:
        return f"1 {noun}"
    return f"{number} {noun}{'es' if noun.endswith('ch') else 's'}"


def seat_names(match: Match) -> list[str]:
    return [match.game.seat_name(seat) for seat in range(len(match.players))]


# -- the final post's breakdown --------------------------------------------------------------
async def breakdown_file(bot: Host, match: Match) -> discord.File | None:
    """The score breakdown of a finished match as stacked bars per player, or None when the
    match did not end by its rules (a resignation, a cancellation)."""
    outcome = match.outcome()
    if outcome is None:
        return None
    names = await display_names(bot, match.row.guild_id, match.players, seat_names(match))
    png = await asyncio.to_thread(rendered, "scores", breakdown_chart, outcome, names)

    # The picture's alt text: each player's points by category, as the bars show them.
    def who(seat: int) -> str:  # "carol (C)", "alice (red)": the name and the seat's letter
        label = match.game.seat_name(seat)
        return f"{names[seat]} {label[label.find('(') :]}" if "(" in label else names[seat]

    described = "; ".join(
        f"{who(s.seat)}: {s.total} ("
        + ", ".join(f"{line.label} {line.points:+d}" for line in s.breakdown)
        + ")"
        for s in sorted(outcome.scores, key=lambda s: (-s.total, s.seat))
    )
    return discord.File(
        io.BytesIO(png),
        filename=f"{match.row.game}-{match.id}{SCORES_SUFFIX}",
        description=clip_alt(messages.people(f"Score breakdown. {described}", match, names)),
    )


# -- the log in words ------------------------------------------------------------------------
def log_lines(
    match: Match, entries: Sequence[Any], viewer: int | None, names: messages.Names = None
) -> list[str]:
    """Each log entry as the channel saw it: the mover named, then the move's public words
    (``viewer``'s own moves in their private words). A move later taken back is marked."""
    lines = history.public_log(
        match.game, match.row.seed, len(match.players), match.options, entries, viewer
    )
    out = []
    for line in lines:
        mark = " *(taken back)*" if line.undone else ""
        if line.seat is None or line.seat >= len(match.players):
            out.append(f"{line.number}. {line.text}{mark}")
        else:
            said = messages.told(match, line.seat, line.text, names)
            out.append(f"{line.number}. {said}{mark}")
    return out


def log_pages(
    match: Match, entries: Sequence[Any], viewer: int | None, names: messages.Names = None
) -> list[str]:
    return history.pages(log_lines(match, entries, viewer, names), limit=LOG_PAGE_LIMIT)


class LogButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:log:(?P<match>\d+):(?P<page>\d+):(?P<kind>[po])",
):
    """Show page ``page`` of match ``match``'s log in the message the button is under. The
    kind says whose words: public, or the clicking player's own (their own face-down cards
    named; only ever on a message that player alone sees)."""

    def __init__(
        self, match_id: int, page: int, kind: str, label: str = "page", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"tt:log:{match_id}:{page}:{kind}",
                disabled=disabled,
            )
        )
        self.match_id, self.page, self.kind = match_id, page, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LogButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["match"]), int(match["page"]), match["kind"], label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            bot = cast(Host, interaction.client)  # the application is the one client
            found = await bot.service.by_id(self.match_id)
            viewer = found.seat_of(interaction.user.id) if self.kind == OWN_VIEW else None
            entries = await bot.service.store.moves(found.id)
            names = await bot.people.names(found.row.guild_id, found.players)
            content, view = await log_message(found, entries, self.page, viewer, self.kind, names)
            # The page replaces the one shown, as the answer itself: reading a log and
            # putting its lines into pages takes milliseconds, well inside Discord's 3 seconds.
            await interaction.response.edit_message(
                content=content, view=view, allowed_mentions=NO_MENTIONS
            )
        except Exception as error:  # one handler for every error, as for slash commands
            await report(interaction, error)


def log_view(match_id: int, page: int, count: int, kind: str) -> discord.ui.View | None:
    """Previous and next buttons (each names the page it shows), when there is more than one."""
    if count <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LogButton(match_id, max(page - 1, 0), kind, "◀ Previous", page == 0))
    view.add_item(LogButton(match_id, min(page + 1, count - 1), kind, "Next ▶", page >= count - 1))
    return view


async def log_message(
    match: Match,
    entries: Sequence[Any],
    page: int,
    viewer: int | None,
    kind: str,
    names: messages.Names = None,
) -> tuple[str, discord.ui.View | None]:
    """One page of the log with its header, and the buttons to turn pages."""
    book = await asyncio.to_thread(log_pages, match, entries, viewer, names)
    page = min(max(page, 0), len(book) - 1)  # a page asked for on a log that changed since
    whose = ", with your own moves in your words" if kind == OWN_VIEW else ""
    head = f"**{match.game.spec.name}** match #{match.id} — the log{whose}"
    if len(book) > 1:
        head += f", page {page + 1} of {len(book)}"
    body = book[page] or "No moves yet."
    return messages.clip(f"{head}:\n{body}", 2000), log_view(match.id, page, len(book), kind)


GATES: weakref.WeakKeyDictionary[discord.Client, asyncio.Semaphore] = weakref.WeakKeyDictionary()

HISTORY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (LogButton,)


# -- the replay ------------------------------------------------------------------------------
def replay_captions(match: Match, entries: Sequence[Any], names: Sequence[str]) -> list[str]:
    """The caption of each log entry's frame: its log line in public words, with the mover's
    name (``render_replay`` adds the last frame's: the final scores and who played which seat)."""
    lines = history.public_log(
        match.game, match.row.seed, len(match.players), match.options, entries
    )
    captions = []
    for line in lines:
        mark = " (taken back)" if line.undone else ""
        seat = line.seat
        if seat is None or seat >= len(match.players):
            captions.append(f"{line.number}. {line.text}{mark}")
        else:
            captions.append(f"{line.number}. {messages.told(match, seat, line.text, names)}{mark}")
    return captions


def last_caption(match: Match, caption: str, names: Sequence[str]) -> str:
    """The last frame's words (``history.final_caption``), with who won when the match ended
    before its game did (the log alone cannot tell: a resignation may have ended it or not),
    and who played which seat."""
    game: Game = match.game
    if match.status == "finished" and match.outcome() is None:
        winners = [int(s) for s in (match.result or {}).get("winners", [])]
        won = " and ".join(game.seat_name(s) for s in winners)
        label = "Winners" if len(winners) > 1 else "Winner"
        caption += f" {label}: {won}." if winners else " Nobody wins."
    seating = ", ".join(f"{names[s]} is {game.seat_name(s)}" for s in range(len(match.players)))
    return f"{caption} ({seating}.)"


def render_replay(
    match: Match,
    entries: Sequence[Any],
    names: Sequence[str],
    renderer: Callable[[Any], Image.Image],
    max_bytes: int | None = None,
) -> tuple[bytes, str, int]:
    """The GIF of the match (CPU-bound: run it in a thread), the note on how it was shrunk,
    and how many frames the replay has (one per log entry, then the final scores)."""
    game: Game = match.game
    frames = history.replay_frames(game, match.row.seed, len(match.players), match.options, entries)
    captions = replay_captions(match, entries, names)
    captions.append(last_caption(match, frames[-1][1], names))
    pictures = [renderer(game.view(state, None)) for state, _ in frames]
    extra = {} if max_bytes is None else {"max_bytes": max_bytes}
    data, note = replay_gif(pictures, captions, **extra)
    return data, note, len(frames)


# -- the ratings -----------------------------------------------------------------------------
class RatingBook:
    """The rating table rebuilt from the stored results whenever another match has finished
    (ratings are derived data: nothing of them is stored)."""

    def __init__(self) -> None:
        self._count = (-1, -1)
        self._table = RatingTable()
        self._lock = asyncio.Lock()

    async def table(self, store: Store) -> RatingTable:
        async with self._lock:
            # An erasure (a person forgotten, a server's data deleted) changes results
            # without changing how many there are.
            count = (await store.finished_count(), await ErasureStore(store).generation())
            if count != self._count:
                results = await store.finished_results()
                self._table = await asyncio.to_thread(rate, results)
                self._count = count
            return self._table


_BOOKS: weakref.WeakKeyDictionary[Store, RatingBook] = weakref.WeakKeyDictionary()


async def ratings(store: Store) -> RatingTable:
    """The current rating table of the bot's database."""
    book = _BOOKS.get(store)
    if book is None:
        book = _BOOKS[store] = RatingBook()
    return await book.table(store)


def scope_of(guild_id: int | None, everywhere: bool) -> Scope:
    return GLOBAL if everywhere or guild_id is None else guild_id


# -- privacy across servers ------------------------------------------------------------------
# A list across servers names only people the asker shares a server with: the asker, and the
# members of the server the list is asked in (the one server the bot can check for each of
# them without the privileged members intent: one cached lookup per row). Everyone else is
# this, with their record but without a name, a mention or an id: that a person plays on a
# server says something about them, and those servers are none of the asker's business.
ELSEWHERE = "*a player on another server*"
HIDDEN_NOTE = "Players who are not members of this server are not named."


async def shares_here(bot: Host, guild_id: int | None, asker: int, user_id: int) -> bool:
    """Whether a list asked by ``asker`` in ``guild_id`` (None: a DM) may name ``user_id``."""
    return user_id == asker or await bot.people.is_member(guild_id, user_id)


async def listed_names(
    bot: Host, guild_id: int | None, asker: int, users: Sequence[int], everywhere: bool
) -> list[str]:
    """How a list names each of ``users``: a mention (lists are sent pinging nobody); on a
    list across servers, ``ELSEWHERE`` for whoever the asker shares no server with here."""
    if not everywhere:  # this server's list: its players played here
        return [messages.mention(u) for u in users]
    return [
        messages.mention(u) if await shares_here(bot, guild_id, asker, u) else ELSEWHERE
        for u in users
    ]


async def stats_answer(
    bot: Host,
    interaction: discord.Interaction,
    user: discord.abc.User | None,
    *,
    everywhere: bool = False,
) -> None:
    """`/tidetable stats [user]`: matches, wins and rating per game on this server (or
    everywhere), with a picture of the rating over time. Answers privately."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    target = user or interaction.user
    scope = scope_of(interaction.guild_id, everywhere)
    where = "on all servers" if scope == GLOBAL else "on this server"
    who = messages.mention(target.id)
    if scope == GLOBAL and not await may_see_everywhere(bot, interaction, target):
        if interaction.guild_id is None:
            said = (
                "In a DM the bot shows your own record across servers only: ask for "
                f"{who}'s on a server you share with them."
            )
        else:
            said = (
                f"{who} is not a member of this server: their record on other servers is not "
                "yours to see. Without `everywhere`, you see their record on this server."
            )
        await answer(interaction, said)
        return
    table = await ratings(bot.service.store)
    rows = table.stats(target.id, scope)
    if not rows:
        await answer(
            interaction,
            f"{who} has no rated matches {where} yet: every finished match between people "
            "counts (not cancelled ones, nor those with computer players).",
        )
        return
    names = {key: game.spec.name for key, game in bot.service.games.items()}
    lines = [f"{who}'s record {where}:"]
    for row in rows:
        lines.append(
            f"**{names.get(row.game, row.game)}**: {counted(row.matches, 'match')}, "
            f"{counted(row.wins, 'win')}, "
            f"rating **{rating_words(row.rating, row.matches)}** (#{row.place} of {row.players})"
        )
    lines.append(f"-# {RATING_NOTE}")
    series = {
        names.get(row.game, row.game): [
            (when, float(shown_rating(value)))
            for when, value in table.series(row.game, [target.id], scope)[target.id]
        ]
        for row in rows
    }
    title = f"Rating over time — {target.display_name}"
    png = await asyncio.to_thread(rendered, "ratings", rating_chart, series, title=title)
    file = discord.File(io.BytesIO(png), filename=f"stats-{target.id}.png")
    await answer(interaction, messages.clip("\n".join(lines)), file=file)


async def may_see_everywhere(
    bot: Host, interaction: discord.Interaction, target: discord.abc.User
) -> bool:
    """Whether the asker may see ``target``'s record across every server: their own, or a
    member's of the server they ask in (Discord resolves a user option to a member of it)."""
    asker, guild_id = interaction.user.id, interaction.guild_id
    if isinstance(target, discord.Member) and guild_id and target.guild.id == guild_id:
        return True
    return await shares_here(bot, guild_id, asker, target.id)


# -- the commands ----------------------------------------------------------------------------
class HistoryCommands:
    """`log`, `replay`, `undo` and `leaderboard` for one game: mixed into ``GameCog``, whose
    group collects app commands from its base classes."""

    if TYPE_CHECKING:
        bot: Host
        service: MatchService
        game: Game
        game_key: ClassVar[str]
        board_renderer: ClassVar[Callable[[Any], Image.Image]]

        async def match_to_show(
            self, interaction: discord.Interaction, match_id: int | None
        ) -> Match: ...

        async def conclude(
            self, interaction: discord.Interaction, entries: tuple[int, ...], saved: str
        ) -> None: ...

        @staticmethod
        def _channel(interaction: discord.Interaction) -> int: ...

    # Each command below is in a mixin of GameCog, a GroupCog; discord.py's typing wants the
    # class itself to be a Group or a Cog (hence the type-var ignores).
    @app_commands.command(  # type: ignore[type-var]
        name="log", description="The match in words, move by move"
    )
    @app_commands.describe(match=MATCH_HELP, public=PUBLIC_HELP)
    async def log(
        self,
        interaction: discord.Interaction,
        match: MatchNumber | None = None,
        public: bool = False,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.match_to_show(interaction, match)
        if found.status == "lobby" or found.state is None:
            await answer(interaction, f"Match #{found.id} has not started: nothing to log yet.")
            return
        entries = await self.service.store.moves(found.id)
        # Privately, a player reads their own moves in their own words (the card they built
        # face down is named for them); a public log says only what the channel saw.
        seat = None if public else found.seat_of(interaction.user.id)
        own = seat is not None and self.game.spec.hidden_information
        kind = OWN_VIEW if own else PUBLIC_VIEW
        names = await self.bot.people.names(found.row.guild_id, found.players)
        content, view = await log_message(found, entries, 0, seat if own else None, kind, names)
        await self._show(interaction, public, content, view=view, posted="Posted the log.")

    @app_commands.command(  # type: ignore[type-var]
        name="undo",
        description="Take back your last move, while nobody else has acted and it revealed nothing",
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        # What the player was looking at, read before any await (as for a move): the same
        # undo sent twice at once is then answered "already taken back" the second time.
        receipt = self.service.receipt(self._channel(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        require_posting(interaction)
        done, move = await self.service.undo(
            self._channel(interaction), self.game_key, interaction.user.id, receipt=receipt
        )
        await self.conclude(interaction, done.entries, f"You took back `{messages.quote(move)}`.")

    @app_commands.command(  # type: ignore[type-var]
        name="leaderboard", description="The best players of this game"
    )
    @app_commands.rename(everywhere="global")
    @app_commands.describe(
        everywhere="Across all servers (default: this server)", public=PUBLIC_HELP
    )
    async def leaderboard(
        self, interaction: discord.Interaction, everywhere: bool = False, public: bool = False
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        scope = scope_of(interaction.guild_id, everywhere)
        table = await ratings(self.service.store)
        rows = table.leaderboard(self.game_key, scope, LEADERBOARD_ROWS)
        where = "all servers" if scope == GLOBAL else "this server"
        name = self.game.spec.name
        if not rows:
            text = (
                f"No rated {name} matches on {where} yet: every finished match between people "
                "counts (not cancelled ones, nor those with computer players)."
            )
        else:
            lines = [f"**{name}** leaderboard, {where}:"]
            users = [row.user_id for row in rows]
            named = await listed_names(
                self.bot, interaction.guild_id, interaction.user.id, users, scope == GLOBAL
            )
            lines += [
                f"{row.place}. {who} **{rating_words(row.rating, row.matches)}** · "
                f"{counted(row.matches, 'match')}, {counted(row.wins, 'win')}"
                for row, who in zip(rows, named, strict=True)
            ]
            if ELSEWHERE in named:
                lines.append(HIDDEN_NOTE)
            text = "\n".join(lines)
        await self._show(interaction, public, messages.clip(text), posted="Posted the leaderboard.")

    async def _show(
        self,
        interaction: discord.Interaction,
        public: bool,
        content: str,
        *,
        posted: str,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
    ) -> None:
        """Answer privately, or post in the channel (naming people without pinging them)."""
        if not public:
            await answer(interaction, content, file=file, view=view)
            return
        require_posting(interaction)
        channel = self.bot.get_partial_messageable(self._channel(interaction))
        await channel.send(
            content,
            file=file or discord.utils.MISSING,
            view=view or discord.utils.MISSING,
            allowed_mentions=NO_MENTIONS,
        )
        await answer(interaction, posted)
