"""The replay to step through: `/<game> replay` opens a private viewer of a match.

The viewer is one ephemeral message: the board at a position, the move that led there in the
channel's words, buttons for the first position, one back, one forward and the last, and a
select to jump to any position (25 options a page: paged with its own "earlier" and "later"
options past that). Every position is the log replayed up to it (``table.history``): the start,
then the state after each log entry, undos and resignations included, as the channel saw them;
during a match, the moves so far. The whole state of the viewer is in its custom ids (match,
position, kind, owner), so it keeps working after a restart, as the other buttons do.

A player of a game with hidden information sees, below the board, their *own* private view as
it was at that position: the seat is looked up from whoever clicks, never carried in the custom
id, and the message is ephemeral: nobody else ever sees it, and nobody sees another's view.
The custom ids also name the viewer's owner (who asked for it): a click by anyone else (a
forged one: Discord shows the message to its owner alone) is answered on its own, and the
viewer, which would otherwise show the clicker's own view to its owner, stays as it was.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord
from discord import app_commands
from PIL import Image

from cogs import messages, pictures
from cogs.bounds import DISCORD_INT_MAX, MatchNumber
from cogs.history import (
    GATES,
    MATCH_HELP,
    display_names,
    last_caption,
    log_lines,
    render_replay,
    seat_names,
)
from cogs.host import Host
from cogs.language import reader
from cogs.replies import answer, report
from i18n.catalogue import ENGLISH, say
from i18n.text import N_, TN, Param, T, Text, joined
from render.common import clip_alt
from rules.base import Game
from table import history
from table.errors import NoMatchHere, NotAPlayer
from table.match import Match
from table.service import MatchService

PUBLIC_VIEW, OWN_VIEW = "p", "o"
PAGE = 23  # positions a page of the select lists (with "earlier" and "later": Discord's 25)
NO_MENTIONS = discord.AllowedMentions.none()
# Seconds a replay's GIF may take in a picture worker: the longest match of any game (Toshi
# Tōshi at five, 121 frames) takes about 8 s on a loaded 2-core machine (``bench.replay``).
REPLAY_DEADLINE = 90.0


@dataclass(frozen=True)
class Frame:
    """One position of the replay."""

    state: Any
    position: int  # 0: the start; i: after log entry i
    count: int  # positions in all (log entries + 1)
    caption: str  # what led here, in the channel's words (said in the viewer's language)
    # The last position's: how the match ended (the final scores, or the resignation that
    # ended it early); empty on the others.
    ending: Text | str = ""


def frames(
    match: Match,
    entries: Sequence[Any],
    viewer: int | None,
    names: messages.Names,
    language: str = ENGLISH,
) -> list[Frame]:
    """Every position of the match's replay (CPU-bound: run it in a thread). ``viewer``: the
    seat whose own moves read in their own words (the asker's seat, or None)."""
    game = match.game
    steps = history.replay_steps(game, match.row.seed, len(match.players), match.options, entries)
    start = game.setup(
        len(match.players), history.game_options(game, match.options), match.row.seed
    )
    lines = log_lines(match, entries, viewer, names, language)
    count = len(steps) + 1
    out = [Frame(start, 0, count, say(T("The start, before anyone moved."), language))]
    for index, step in enumerate(steps):
        out.append(Frame(step.after, index + 1, count, lines[index]))
    # With the steps: a match a resignation ended is not "still running" at its last position.
    ending = history.final_caption(game, out[-1].state, steps)
    out[-1] = dataclasses.replace(out[-1], ending=ending)
    return out


def clamp(position: int, count: int) -> int:
    return min(max(position, 0), count - 1)


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:rv:(?P<match>\d+):(?P<pos>\d+):(?P<kind>[po])(?P<owner>\d*):(?P<slot>[fbnl])",
):
    """Show position ``pos`` of match ``match``'s replay in the viewer it is under. ``slot``
    tells the four buttons apart (their targets may coincide). ``owner`` follows the kind (a
    viewer drawn before owners were named has none: its clicks are taken as its owner's)."""

    LABELS: ClassVar[dict[str, str]] = {
        "f": N_("⏮ First"),
        "b": N_("◀ Back"),
        "n": N_("Forward ▶"),
        "l": N_("Last ⏭"),
    }

    def __init__(
        self,
        match_id: int,
        position: int,
        kind: str,
        slot: str,
        disabled: bool = False,
        owner: int | None = None,
        language: str = ENGLISH,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(Text(self.LABELS[slot]), language),
                style=discord.ButtonStyle.secondary,
                custom_id=f"tt:rv:{match_id}:{position}:{kind}{owner or ''}:{slot}",
                disabled=disabled,
            )
        )
        self.match_id, self.position, self.kind, self.owner = match_id, position, kind, owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StepButton:
        return cls(
            int(match["match"]),
            int(match["pos"]),
            match["kind"],
            match["slot"],
            owner=owner_of(match["owner"]),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_position(interaction, self.match_id, self.position, self.kind, self.owner)


class JumpSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"tt:rvj:(?P<match>\d+):(?P<pos>\d+):(?P<page>\d+):(?P<kind>[po])(?P<owner>\d*)",
):
    """Jump to any position: a page of positions, with "earlier" and "later" entries that
    turn the select's page (the position shown stays)."""

    def __init__(
        self,
        match_id: int,
        position: int,
        page: int,
        kind: str,
        options: Sequence[discord.SelectOption] = (),
        owner: int | None = None,
        language: str = ENGLISH,
    ) -> None:
        start = discord.SelectOption(label=say(T("start"), language), value="pos:0")
        super().__init__(
            discord.ui.Select(
                placeholder=say(T("Jump to a move…"), language),
                options=list(options) or [start],
                custom_id=f"tt:rvj:{match_id}:{position}:{page}:{kind}{owner or ''}",
            )
        )
        self.match_id, self.position, self.page, self.kind = match_id, position, page, kind
        self.owner = owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JumpSelect:
        return cls(
            int(match["match"]),
            int(match["pos"]),
            int(match["page"]),
            match["kind"],
            owner=owner_of(match["owner"]),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = cast(dict[str, Any], interaction.data or {})
        values: list[str] = data.get("values", [])
        chosen = values[0] if values else ""
        found = re.fullmatch(r"(pos|page):(\d{1,6})", chosen)
        if found is None:
            await interaction.response.send_message(
                say(T("Choose one of the listed moves."), reader(interaction)), ephemeral=True
            )
            return
        if found[1] == "page":
            await show_position(
                interaction, self.match_id, self.position, self.kind, self.owner, int(found[2])
            )
        else:
            await show_position(interaction, self.match_id, int(found[2]), self.kind, self.owner)


def owner_of(digits: str) -> int | None:
    """The owner a custom id names (None: none, from a viewer drawn before owners were)."""
    return int(digits) if digits else None


def jump_options(
    position: int, page: int, count: int, captions: Sequence[str], language: str = ENGLISH
) -> list[discord.SelectOption]:
    """A page of positions (the current one marked), with page turners where there are more:
    ``captions`` said already, the rest said in ``language``."""
    first = page * PAGE
    options: list[discord.SelectOption] = []
    if page > 0:
        earlier = say(T("« earlier moves"), language)
        options.append(discord.SelectOption(label=earlier, value=f"page:{page - 1}"))
    for index in range(first, min(first + PAGE, count)):
        # A caption is the log's line, led by its number (the position): said once.
        label = say(T("Start"), language) if index == 0 else captions[index]
        options.append(
            discord.SelectOption(
                label=messages.fit_choice(label)[:100],
                value=f"pos:{index}",
                default=index == position,
            )
        )
    if first + PAGE < count:
        later = say(T("later moves »"), language)
        options.append(discord.SelectOption(label=later, value=f"page:{page + 1}"))
    return options


def viewer_controls(
    match_id: int,
    position: int,
    count: int,
    kind: str,
    page: int,
    captions: Sequence[str],
    owner: int | None = None,
    language: str = ENGLISH,
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    last = count - 1
    targets = {"f": 0, "b": max(position - 1, 0), "n": min(position + 1, last), "l": last}
    for slot, target in targets.items():
        stuck = position == 0 if slot in "fb" else position >= last
        step = StepButton(match_id, target, kind, slot, stuck, owner, language)
        view.add_item(step)
    options = jump_options(position, page, count, captions, language)
    view.add_item(JumpSelect(match_id, position, page, kind, options, owner, language))
    return view


async def viewer_message(
    bot: Host,
    match: Match,
    position: int,
    kind: str,
    asker: int,
    page: int | None = None,
    language: str = ENGLISH,
) -> tuple[str, list[discord.File], discord.ui.View]:
    """The viewer at ``position``: its text, its pictures (the board; the asker's own private
    view too, when it is theirs to see) and its controls, said in ``language`` (the asker's:
    the viewer is theirs alone)."""
    entries = await bot.service.store.moves(match.id)
    names = await bot.people.names(match.row.guild_id, match.players)
    seat = match.seat_of(asker) if kind == OWN_VIEW else None
    own = seat is not None and match.game.spec.hidden_information
    every = await asyncio.to_thread(frames, match, entries, seat if own else None, names, language)
    position = clamp(position, len(every))
    frame = every[position]
    then = dataclasses.replace(match, state=frame.state)
    cog = bot.game_cog(match.row.game)
    filename = f"{match.row.game}-{match.id}-at-{position}.png"
    files = [await cog.board_file(then, names, filename, language)]
    values: dict[str, Param] = {
        "game": match.game.spec.name,
        "number": match.id,
        "position": position,
    }
    if match.status == "active":
        head = T(
            "**{game}** match #{number}, replay: position {position} of {last} (the moves so far)",
            last=frame.count - 1,
            **values,
        )
    else:
        head = T(
            "**{game}** match #{number}, replay: position {position} of {last}",
            last=frame.count - 1,
            **values,
        )
    parts: list[Text | str] = [head, frame.caption]
    if position == frame.count - 1 and match.status != "active":
        final = frame.ending
        drawn = [name or match.game.seat_name(s) for s, name in enumerate(names)]
        caption = last_caption(match, final, drawn, language)
        parts.append(messages.people(caption, match, names, language))
    if own and seat is not None:
        private, hand = await cog.private_view(then, seat, names, language)
        parts.append("")
        parts.append(T("**Your own view then** (only you see this): {view}", view=private))
        if hand is not None:
            files.append(hand)
    captions = [f.caption for f in every]
    shown = page if page is not None else position // PAGE
    shown = min(max(shown, 0), (len(every) - 1) // PAGE)
    view = viewer_controls(match.id, position, len(every), kind, shown, captions, asker, language)
    return messages.clip(say(joined(parts), language)), files, view


async def open_viewer(
    bot: Host, interaction: discord.Interaction, match: Match, public_only: bool
) -> None:
    """Answer `replay` with the viewer at the last position (the interaction is deferred)."""
    seat = match.seat_of(interaction.user.id)
    kind = OWN_VIEW if seat is not None and not public_only else PUBLIC_VIEW
    last = len(await bot.service.store.moves(match.id))
    content, files, view = await viewer_message(
        bot, match, last, kind, interaction.user.id, language=reader(interaction)
    )
    await interaction.followup.send(
        content, files=files, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
    )


async def clicked_match(bot: Host, match_id: int) -> Match:
    """The match a button's custom id names. A number past any match's (one storage could not
    even look up: a forged id) is refused in words, as a number that names no match."""
    if match_id > DISCORD_INT_MAX:
        raise NoMatchHere(T("That match does not exist."))
    return await bot.service.by_id(match_id)


async def show_position(
    interaction: discord.Interaction,
    match_id: int,
    position: int,
    kind: str,
    owner: int | None = None,
    page: int | None = None,
) -> None:
    """A click in the viewer: the message shows ``position`` (or another page of the select).
    Only its owner's: anyone else is answered on their own, the viewer left as it was."""
    try:
        bot = cast(Host, interaction.client)
        if owner is not None and owner != interaction.user.id:
            raise NotAPlayer(
                T("This replay viewer is someone else's: open your own with the game's `replay`.")
            )
        found = await clicked_match(bot, match_id)
        if found.row.guild_id != interaction.guild_id:
            raise NoMatchHere(T("Match #{number} was not played on this server.", number=match_id))
        if found.status == "lobby" or found.state is None:
            raise NoMatchHere(
                T("Match #{number} has not started: nothing to replay yet.", number=match_id)
            )
        content, files, view = await viewer_message(
            bot, found, position, kind, interaction.user.id, page, reader(interaction)
        )
        # The position replaces the one shown, as the answer itself: replaying a log and
        # drawing a board take a fraction of a second, well inside Discord's 3 seconds.
        await interaction.response.edit_message(
            content=content, attachments=files, view=view, allowed_mentions=NO_MENTIONS
        )
    except Exception as error:  # one handler for every error, as for slash commands
        await report(interaction, error)


VIEWER_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (StepButton, JumpSelect)


class ViewerCommands:
    """`replay` for one game: mixed into ``GameCog`` (as ``cogs.history.HistoryCommands``)."""

    if TYPE_CHECKING:
        bot: Host
        service: MatchService
        game: Game
        game_key: ClassVar[str]
        board_renderer: ClassVar[Callable[[Any], Image.Image]]

        async def match_to_show(
            self, interaction: discord.Interaction, match_id: int | None
        ) -> Match: ...

        async def _show(
            self,
            interaction: discord.Interaction,
            public: bool,
            content: Text | str,
            *,
            posted: Text,
            view: discord.ui.View | None = None,
            file: discord.File | None = None,
        ) -> None: ...

    @app_commands.command(  # type: ignore[type-var]
        name="replay", description="Step through the match move by move (or export a GIF)"
    )
    @app_commands.describe(
        match=MATCH_HELP,
        gif="An animated picture of the whole match instead (default: the step-by-step viewer)",
        public="Post the animated picture in the channel for everyone (the viewer is yours only)",
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        match: MatchNumber | None = None,
        gif: bool = False,
        public: bool = False,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.match_to_show(interaction, match)
        if found.status == "lobby" or found.state is None:
            await answer(
                interaction,
                T("Match #{number} has not started: nothing to replay yet.", number=found.id),
            )
            return
        if not gif and not public:
            await open_viewer(self.bot, interaction, found, public_only=False)
            return
        entries = await self.service.store.moves(found.id)
        names = await display_names(self.bot, found.row.guild_id, found.players, seat_names(found))
        renderer = type(self).board_renderer
        # The captions are drawn in the language of whoever sees the picture.
        language = await self.bot.languages.public(interaction) if public else reader(interaction)
        gate = GATES.get(self.bot)
        if gate is None:
            gate = GATES[self.bot] = asyncio.Semaphore(1)
        async with gate:  # one GIF at a time per bot: each keeps a core busy for seconds
            # Drawn in a picture worker: seconds of CPU in a thread of the bot would hold its
            # interpreter, and every other answer with it (issue 29).
            data, note, count = await asyncio.to_thread(
                pictures.pool().call,
                render_replay,
                found,
                entries,
                names,
                renderer,
                None,
                language,
                deadline=REPLAY_DEADLINE,
            )
        moves = TN("{count} log entry", "{count} log entries", count - 1)
        values: dict[str, Param] = {"game": self.game.spec.name, "number": found.id, "moves": moves}
        if found.status == "active":
            text = T("**{game}** match #{number} so far: {moves}, a frame each.", **values)
        else:
            text = T("**{game}** match #{number}: {moves}, a frame each, then the end.", **values)
        if note:
            text = joined([text, note], " ")
        alt = T(
            "Animated replay of {game} match #{number} between {players}: {moves}, a frame each "
            "with the move in words under the board, then the final scores.",
            players=joined(names, ", "),  # a computer's name is a text of the catalogue
            **values,
        )
        file = discord.File(
            io.BytesIO(data),
            filename=f"{self.game_key}-{found.id}-replay.gif",
            description=clip_alt(say(alt, language)),
        )
        await self._show(interaction, public, text, file=file, posted=T("Posted the replay."))
