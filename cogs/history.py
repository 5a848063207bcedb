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
import inspect
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
from cogs.language import reader
from cogs.pictures import rendered
from cogs.replies import answer, report
from data.erasures import ErasureStore
from data.store import Store
from i18n.catalogue import ENGLISH, say
from i18n.text import TN, T, Text, joined
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


def matches_counted(number: int) -> Text:
    """ "1 match", "3 matches"."""
    return TN("{count} match", "{count} matches", number)


def wins_counted(number: int) -> Text:
    """ "1 win", "0 wins"."""
    return TN("{count} win", "{count} wins", number)


async def shown_in(bot: Host, interaction: discord.Interaction, public: bool) -> str:
    """The language of an answer that is posted for the channel (``public``) or only for
    the asker."""
    return await bot.languages.public(interaction) if public else reader(interaction)


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
    # The final post's picture: said in the match's language, as the post.
    language = await bot.languages.of_match(match)
    png = await asyncio.to_thread(
        rendered, "scores", breakdown_chart, outcome, names, language=language
    )

    # The picture's alt text: each player's points by category, as the bars show them.
    def who(seat: int) -> str:  # "carol (C)", "alice (red)": the name and the seat's letter
        name = say(names[seat], language)  # a computer's name is a text of the catalogue
        if "(" not in match.game.seat_name(seat):
            return name
        return f"{name} ({messages.seat_tag(match, seat, language)})"

    described = joined(
        (
            T(
                "{player}: {total} ({lines})",
                player=who(s.seat),
                total=s.total,
                lines=joined(
                    (joined([line.label, f"{line.points:+d}"], " ") for line in s.breakdown),
                    ", ",
                ),
            )
            for s in sorted(outcome.scores, key=lambda s: (-s.total, s.seat))
        ),
        "; ",
    )
    said = say(T("Score breakdown. {scores}", scores=described), language)
    return discord.File(
        io.BytesIO(png),
        filename=f"{match.row.game}-{match.id}{SCORES_SUFFIX}",
        description=clip_alt(messages.people(said, match, names, language)),
    )


# -- the log in words ------------------------------------------------------------------------
def log_lines(
    match: Match,
    entries: Sequence[Any],
    viewer: int | None,
    names: messages.Names = None,
    language: str = ENGLISH,
) -> list[str]:
    """Each log entry as the channel saw it, said in ``language``: the mover named, then the
    move's public words (``viewer``'s own moves in their private words). A move later taken
    back is marked."""
    lines = history.public_log(
        match.game, match.row.seed, len(match.players), match.options, entries, viewer
    )
    out = []
    for line in lines:
        # Said first, then the seats named as people (on the said words, as every post).
        said = say(line.text, language)
        if line.seat is not None and line.seat < len(match.players):
            said = messages.told(match, line.seat, said, names, language)
        entry = T("{number}. {move}", number=line.number, move=said)
        if line.undone:
            entry = T("{number}. {move} *(taken back)*", number=line.number, move=said)
        out.append(say(entry, language))
    return out


def log_pages(
    match: Match,
    entries: Sequence[Any],
    viewer: int | None,
    names: messages.Names = None,
    language: str = ENGLISH,
) -> list[str]:
    return history.pages(log_lines(match, entries, viewer, names, language), limit=LOG_PAGE_LIMIT)


class LogButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:log:(?P<match>\d+):(?P<page>\d+):(?P<kind>[po])(?::(?P<owner>\d{1,20}))?",
):
    """Show page ``page`` of match ``match``'s log in the message the button is under. The
    kind says whose words: public, or its owner's own (their own face-down cards named; only
    ever on a message that player alone sees, and turned by them alone: the owner is in the
    id, so a click by anyone else can never put their words in the owner's message)."""

    def __init__(
        self,
        match_id: int,
        page: int,
        kind: str,
        label: str = "page",
        disabled: bool = False,
        owner: int | None = None,
    ) -> None:
        mark = f":{owner}" if kind == OWN_VIEW and owner is not None else ""
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"tt:log:{match_id}:{page}:{kind}{mark}",
                disabled=disabled,
            )
        )
        self.match_id, self.page, self.kind, self.owner = match_id, page, kind, owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LogButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        owner = int(match["owner"]) if match["owner"] else None
        return cls(int(match["match"]), int(match["page"]), match["kind"], label or "", owner=owner)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.kind == OWN_VIEW and self.owner not in (None, interaction.user.id):
                await answer(
                    interaction,
                    T(
                        "These pages are another player's own copy of the log: nothing "
                        "changed. Ask for the log yourself to read yours."
                    ),
                )
                return
            bot = cast(Host, interaction.client)  # the application is the one client
            found = await bot.service.by_id(self.match_id)
            viewer = found.seat_of(interaction.user.id) if self.kind == OWN_VIEW else None
            entries = await bot.service.store.moves(found.id)
            names = await bot.people.names(found.row.guild_id, found.players)
            # A page turned is read by whoever turns it (a public log's buttons too).
            content, view = await log_message(
                found,
                entries,
                self.page,
                viewer,
                self.kind,
                names,
                interaction.user.id,
                reader(interaction),
            )
            # The page replaces the one shown, as the answer itself: reading a log and
            # putting its lines into pages takes milliseconds, well inside Discord's 3 seconds.
            await interaction.response.edit_message(
                content=content, view=view, allowed_mentions=NO_MENTIONS
            )
        except Exception as error:  # one handler for every error, as for slash commands
            await report(interaction, error)


def log_view(
    match_id: int,
    page: int,
    count: int,
    kind: str,
    owner: int | None = None,
    language: str = ENGLISH,
) -> discord.ui.View | None:
    """Previous and next buttons (each names the page it shows), when there is more than one."""
    if count <= 1:
        return None
    view = discord.ui.View(timeout=None)
    back, onward = max(page - 1, 0), min(page + 1, count - 1)
    previous, following = say(T("◀ Previous"), language), say(T("Next ▶"), language)
    view.add_item(LogButton(match_id, back, kind, previous, page == 0, owner))
    view.add_item(LogButton(match_id, onward, kind, following, page >= count - 1, owner))
    return view


async def log_message(
    match: Match,
    entries: Sequence[Any],
    page: int,
    viewer: int | None,
    kind: str,
    names: messages.Names = None,
    owner: int | None = None,
    language: str = ENGLISH,
) -> tuple[str, discord.ui.View | None]:
    """One page of the log with its header, and the buttons to turn pages (``owner``: who
    reads an own copy, the only one its buttons answer), said in ``language``."""
    book = await asyncio.to_thread(log_pages, match, entries, viewer, names, language)
    page = min(max(page, 0), len(book) - 1)  # a page asked for on a log that changed since
    values: dict[str, str | int] = {"game": match.game.spec.name, "number": match.id}
    if len(book) > 1:
        values.update(page=page + 1, pages=len(book))
        if kind == OWN_VIEW:
            head = T(
                "**{game}** match #{number} — the log, with your own moves in your words, "
                "page {page} of {pages}",
                **values,
            )
        else:
            head = T("**{game}** match #{number} — the log, page {page} of {pages}", **values)
    elif kind == OWN_VIEW:
        head = T(
            "**{game}** match #{number} — the log, with your own moves in your words", **values
        )
    else:
        head = T("**{game}** match #{number} — the log", **values)
    body: Text | str = book[page] or T("No moves yet.")
    view = log_view(match.id, page, len(book), kind, owner, language)
    return messages.clip(say(T("{head}:\n{body}", head=head, body=body), language), 2000), view


GATES: weakref.WeakKeyDictionary[discord.Client, asyncio.Semaphore] = weakref.WeakKeyDictionary()

HISTORY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (LogButton,)


# -- the replay ------------------------------------------------------------------------------
def replay_captions(
    match: Match, entries: Sequence[Any], names: Sequence[str], language: str = ENGLISH
) -> list[str]:
    """The caption of each log entry's frame: its log line in public words, with the mover's
    name (``render_replay`` adds the last frame's: the final scores and who played which seat)."""
    lines = history.public_log(
        match.game, match.row.seed, len(match.players), match.options, entries
    )
    captions = []
    for line in lines:
        said = say(line.text, language)
        seat = line.seat
        if seat is not None and seat < len(match.players):
            said = messages.told(match, seat, said, names)
        caption = T("{number}. {move}", number=line.number, move=said)
        if line.undone:
            caption = T("{number}. {move} (taken back)", number=line.number, move=said)
        captions.append(say(caption, language))
    return captions


def last_caption(
    match: Match, caption: Text | str, names: Sequence[str], language: str = ENGLISH
) -> str:
    """The last frame's words (``history.final_caption``), with who won when the match ended
    before its game did (the log alone cannot tell: a resignation may have ended it or not),
    and who played which seat, said in ``language``."""
    game: Game = match.game
    said: Text | str = caption
    if match.status == "finished" and match.outcome() is None:
        winners = [int(s) for s in (match.result or {}).get("winners", [])]
        if not winners:
            said = T("{caption} Nobody wins.", caption=caption)
        elif len(winners) > 1:
            won = joined([game.seat_name(s) for s in winners], " and ")
            said = T("{caption} Winners: {seats}.", caption=caption, seats=won)
        else:
            said = T("{caption} Winner: {seat}.", caption=caption, seat=game.seat_name(winners[0]))
    seating = joined(
        (
            T("{name} is {seat}", name=names[s], seat=game.seat_name(s))
            for s in range(len(match.players))
        ),
        ", ",
    )
    return say(T("{caption} ({seating}.)", caption=said, seating=seating), language)


def render_replay(
    match: Match,
    entries: Sequence[Any],
    names: Sequence[str],
    renderer: Callable[[Any], Image.Image],
    max_bytes: int | None = None,
    language: str = ENGLISH,
) -> tuple[bytes, str, int]:
    """The GIF of the match (CPU-bound: run it in a thread), the note on how it was shrunk,
    and how many frames the replay has (one per log entry, then the final scores)."""
    game: Game = match.game
    frames = history.replay_frames(game, match.row.seed, len(match.players), match.options, entries)
    captions = replay_captions(match, entries, names, language)
    captions.append(last_caption(match, frames[-1][1], names, language))
    # Every frame names the people, as the boards posted during the match did.
    named = {"names": list(names)} if "names" in inspect.signature(renderer).parameters else {}
    pictures = [renderer(game.view(state, None), **named) for state, _ in frames]
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
ELSEWHERE = T("*a player on another server*")
HIDDEN_NOTE = T("Players who are not members of this server are not named.")


async def shares_here(bot: Host, guild_id: int | None, asker: int, user_id: int) -> bool:
    """Whether a list asked by ``asker`` in ``guild_id`` (None: a DM) may name ``user_id``."""
    return user_id == asker or await bot.people.is_member(guild_id, user_id)


async def listed_names(
    bot: Host, guild_id: int | None, asker: int, users: Sequence[int], everywhere: bool
) -> list[Text | str]:
    """How a list names each of ``users``: a mention (lists are sent pinging nobody); on a
    list across servers, ``ELSEWHERE`` for whoever the asker shares no server with here."""
    if not everywhere:  # this server's list: its players played here
        return [messages.mention(u) for u in users]
    named: list[Text | str] = [
        messages.mention(u) if await shares_here(bot, guild_id, asker, u) else ELSEWHERE
        for u in users
    ]
    return named


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
    language = reader(interaction)
    who = messages.mention(target.id)
    if scope == GLOBAL and not await may_see_everywhere(bot, interaction, target):
        if interaction.guild_id is None:
            said = T(
                "In a DM the bot shows your own record across servers only: ask for "
                "{player}'s on a server you share with them.",
                player=who,
            )
        else:
            said = T(
                "{player} is not a member of this server: their record on other servers is not "
                "yours to see. Without `everywhere`, you see their record on this server.",
                player=who,
            )
        await answer(interaction, said)
        return
    table = await ratings(bot.service.store)
    rows = table.stats(target.id, scope)
    where = T("on all servers") if scope == GLOBAL else T("on this server")
    if not rows:
        await answer(
            interaction,
            T(
                "{player} has no rated matches {where} yet: every finished match between people "
                "counts (not cancelled ones, nor those with computer players).",
                player=who,
                where=where,
            ),
        )
        return
    names = {key: game.spec.name for key, game in bot.service.games.items()}
    lines: list[Text | str] = [T("{player}'s record {where}:", player=who, where=where)]
    for row in rows:
        lines.append(
            T(
                "**{game}**: {matches}, {wins}, rating **{rating}** (#{place} of {players})",
                game=names.get(row.game, row.game),
                matches=matches_counted(row.matches),
                wins=wins_counted(row.wins),
                rating=rating_words(row.rating, row.matches),
                place=row.place,
                players=row.players,
            )
        )
    lines.append(joined(["-# ", RATING_NOTE], ""))
    series = {
        names.get(row.game, row.game): [
            (when, float(shown_rating(value)))
            for when, value in table.series(row.game, [target.id], scope)[target.id]
        ]
        for row in rows
    }
    title = say(T("Rating over time — {player}", player=target.display_name), language)
    png = await asyncio.to_thread(
        rendered, "ratings", rating_chart, series, title=title, language=language
    )
    # The chart in words, like the boards: each game's line from its first rating to its last.
    described = joined(
        (
            TN(
                "{game}: {count} rated match, from {first} to {last}",
                "{game}: {count} rated matches, from {first} to {last}",
                len(points),
                game=game,
                first=format(points[0][1], ".0f"),
                last=format(points[-1][1], ".0f"),
            )
            for game, points in series.items()
            if points
        ),
        "; ",
    )
    alt = T(
        "Chart: {player}'s rating over time. {described}.",
        player=target.display_name,
        described=described,
    )
    file = discord.File(
        io.BytesIO(png), filename=f"stats-{target.id}.png", description=clip_alt(say(alt, language))
    )
    await answer(interaction, messages.clip(say(joined(lines), language)), file=file)


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
            await answer(
                interaction,
                T("Match #{number} has not started: nothing to log yet.", number=found.id),
            )
            return
        entries = await self.service.store.moves(found.id)
        # Privately, a player reads their own moves in their own words (the card they built
        # face down is named for them); a public log says only what the channel saw.
        seat = None if public else found.seat_of(interaction.user.id)
        own = seat is not None and self.game.spec.hidden_information
        kind = OWN_VIEW if own else PUBLIC_VIEW
        names = await self.bot.people.names(found.row.guild_id, found.players)
        language = await shown_in(self.bot, interaction, public)
        content, view = await log_message(
            found, entries, 0, seat if own else None, kind, names, interaction.user.id, language
        )
        await self._show(interaction, public, content, view=view, posted=T("Posted the log."))

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
        await self.conclude(
            interaction, done.entries, T("You took back `{move}`.", move=messages.quote(move))
        )

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
        where = T("all servers") if scope == GLOBAL else T("this server")
        name = self.game.spec.name
        text: Text
        if not rows:
            text = T(
                "No rated {game} matches on {where} yet: every finished match between people "
                "counts (not cancelled ones, nor those with computer players).",
                game=name,
                where=where,
            )
        else:
            lines: list[Text | str] = [
                T("**{game}** leaderboard, {where}:", game=name, where=where)
            ]
            users = [row.user_id for row in rows]
            named = await listed_names(
                self.bot, interaction.guild_id, interaction.user.id, users, scope == GLOBAL
            )
            lines += [
                T(
                    "{place}. {player} **{rating}** · {matches}, {wins}",
                    place=row.place,
                    player=who,
                    rating=rating_words(row.rating, row.matches),
                    matches=matches_counted(row.matches),
                    wins=wins_counted(row.wins),
                )
                for row, who in zip(rows, named, strict=True)
            ]
            if ELSEWHERE in named:
                lines.append(HIDDEN_NOTE)
            text = joined(lines)
        language = await shown_in(self.bot, interaction, public)
        await self._show(
            interaction,
            public,
            messages.clip(say(text, language)),
            posted=T("Posted the leaderboard."),
        )

    async def _show(
        self,
        interaction: discord.Interaction,
        public: bool,
        content: Text | str,
        *,
        posted: Text,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
    ) -> None:
        """Answer privately, or post in the channel (naming people without pinging them): a
        Text said in the reader's language, or the server's when posted."""
        if not public:
            await answer(interaction, content, file=file, view=view)
            return
        require_posting(interaction)
        channel = self.bot.get_partial_messageable(self._channel(interaction))
        await channel.send(
            say(content, await self.bot.languages.public(interaction)),
            file=file or discord.utils.MISSING,
            view=view or discord.utils.MISSING,
            allowed_mentions=NO_MENTIONS,
        )
        await answer(interaction, posted)
