"""The replay to step through: `/<game> replay` opens a private viewer of a match.

The viewer is one ephemeral message: the board at a position, the move that led there in the
channel's words, buttons for the first position, one back, one forward and the last, and a
select to jump to any position (25 options a page: paged with its own "earlier" and "later"
options past that). Every position is the log replayed up to it (``table.history``): the start,
then the state after each log entry, undos and resignations included, as the channel saw them;
during a match, the moves so far. The whole state of the viewer is in its custom ids (match,
position, kind), so it keeps working after a restart, as the other buttons do.

A player of a game with hidden information sees, below the board, their *own* private view as
it was at that position: the seat is looked up from whoever clicks, never carried in the custom
id, and the message is ephemeral: nobody else ever sees it, and nobody sees another's view.
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

from cogs import messages
from cogs.bounds import MatchNumber
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
from cogs.replies import answer, report
from rules.base import Game
from table import history
from table.errors import NoMatchHere
from table.match import Match
from table.service import MatchService

PUBLIC_VIEW, OWN_VIEW = "p", "o"
PAGE = 23  # positions a page of the select lists (with "earlier" and "later": Discord's 25)
NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(frozen=True)
class Frame:
    """One position of the replay."""

    state: Any
    position: int  # 0: the start; i: after log entry i
    count: int  # positions in all (log entries + 1)
    caption: str  # what led here, in the channel's words


def frames(
    match: Match, entries: Sequence[Any], viewer: int | None, names: messages.Names
) -> list[Frame]:
    """Every position of the match's replay (CPU-bound: run it in a thread). ``viewer``: the
    seat whose own moves read in their own words (the asker's seat, or None)."""
    game = match.game
    steps = history.replay_steps(game, match.row.seed, len(match.players), match.options, entries)
    start = game.setup(
        len(match.players), history.game_options(game, match.options), match.row.seed
    )
    lines = log_lines(match, entries, viewer, names)
    count = len(steps) + 1
    out = [Frame(start, 0, count, "The start, before anyone moved.")]
    for index, step in enumerate(steps):
        out.append(Frame(step.after, index + 1, count, lines[index]))
    return out


def clamp(position: int, count: int) -> int:
    return min(max(position, 0), count - 1)


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:rv:(?P<match>\d+):(?P<pos>\d+):(?P<kind>[po]):(?P<slot>[fbnl])",
):
    """Show position ``pos`` of match ``match``'s replay in the viewer it is under. ``slot``
    tells the four buttons apart (their targets may coincide)."""

    LABELS: ClassVar[dict[str, str]] = {
        "f": "⏮ First",
        "b": "◀ Back",
        "n": "Forward ▶",
        "l": "Last ⏭",
    }

    def __init__(
        self, match_id: int, position: int, kind: str, slot: str, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[slot],
                style=discord.ButtonStyle.secondary,
                custom_id=f"tt:rv:{match_id}:{position}:{kind}:{slot}",
                disabled=disabled,
            )
        )
        self.match_id, self.position, self.kind = match_id, position, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StepButton:
        return cls(int(match["match"]), int(match["pos"]), match["kind"], match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_position(interaction, self.match_id, self.position, self.kind)


class JumpSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"tt:rvj:(?P<match>\d+):(?P<pos>\d+):(?P<page>\d+):(?P<kind>[po])",
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
    ) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder="Jump to a move…",
                options=list(options) or [discord.SelectOption(label="start", value="pos:0")],
                custom_id=f"tt:rvj:{match_id}:{position}:{page}:{kind}",
            )
        )
        self.match_id, self.position, self.page, self.kind = match_id, position, page, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JumpSelect:
        return cls(int(match["match"]), int(match["pos"]), int(match["page"]), match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = cast(dict[str, Any], interaction.data or {})
        values: list[str] = data.get("values", [])
        chosen = values[0] if values else ""
        found = re.fullmatch(r"(pos|page):(\d{1,6})", chosen)
        if found is None:
            await interaction.response.send_message(
                "Choose one of the listed moves.", ephemeral=True
            )
            return
        if found[1] == "page":
            await show_position(interaction, self.match_id, self.position, self.kind, int(found[2]))
        else:
            await show_position(interaction, self.match_id, int(found[2]), self.kind)


def jump_options(
    position: int, page: int, count: int, captions: Sequence[str]
) -> list[discord.SelectOption]:
    """A page of positions (the current one marked), with page turners where there are more."""
    first = page * PAGE
    options: list[discord.SelectOption] = []
    if page > 0:
        options.append(discord.SelectOption(label="« earlier moves", value=f"page:{page - 1}"))
    for index in range(first, min(first + PAGE, count)):
        label = "Start" if index == 0 else f"{index}. {captions[index]}"
        options.append(
            discord.SelectOption(
                label=messages.fit_choice(label)[:100],
                value=f"pos:{index}",
                default=index == position,
            )
        )
    if first + PAGE < count:
        options.append(discord.SelectOption(label="later moves »", value=f"page:{page + 1}"))
    return options


def viewer_controls(
    match_id: int, position: int, count: int, kind: str, page: int, captions: Sequence[str]
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    last = count - 1
    view.add_item(StepButton(match_id, 0, kind, "f", disabled=position == 0))
    view.add_item(StepButton(match_id, max(position - 1, 0), kind, "b", disabled=position == 0))
    view.add_item(StepButton(match_id, min(position + 1, last), kind, "n", position >= last))
    view.add_item(StepButton(match_id, last, kind, "l", disabled=position >= last))
    view.add_item(
        JumpSelect(match_id, position, page, kind, jump_options(position, page, count, captions))
    )
    return view


async def viewer_message(
    bot: Host, match: Match, position: int, kind: str, asker: int, page: int | None = None
) -> tuple[str, list[discord.File], discord.ui.View]:
    """The viewer at ``position``: its text, its pictures (the board; the asker's own private
    view too, when it is theirs to see) and its controls."""
    entries = await bot.service.store.moves(match.id)
    names = await bot.people.names(match.row.guild_id, match.players)
    seat = match.seat_of(asker) if kind == OWN_VIEW else None
    own = seat is not None and match.game.spec.hidden_information
    every = await asyncio.to_thread(frames, match, entries, seat if own else None, names)
    position = clamp(position, len(every))
    frame = every[position]
    then = dataclasses.replace(match, state=frame.state)
    cog = bot.game_cog(match.row.game)
    files = [await cog.board_file(then, names, f"{match.row.game}-{match.id}-at-{position}.png")]
    head = f"**{match.game.spec.name}** match #{match.id}, replay: position {position} of "
    head += f"{frame.count - 1}" + (" (the moves so far)" if match.status == "active" else "")
    text = f"{head}\n{frame.caption}"
    if position == frame.count - 1 and match.status != "active":
        final = history.final_caption(match.game, frame.state)
        drawn = [name or match.game.seat_name(s) for s, name in enumerate(names)]
        text += "\n" + messages.people(last_caption(match, final, drawn), match, names)
    if own and seat is not None:
        private, hand = await cog.private_view(then, seat, names)
        text += f"\n\n**Your own view then** (only you see this): {private}"
        if hand is not None:
            files.append(hand)
    captions = [f.caption for f in every]
    shown = page if page is not None else position // PAGE
    shown = min(max(shown, 0), (len(every) - 1) // PAGE)
    view = viewer_controls(match.id, position, len(every), kind, shown, captions)
    return messages.clip(text), files, view


async def open_viewer(
    bot: Host, interaction: discord.Interaction, match: Match, public_only: bool
) -> None:
    """Answer `replay` with the viewer at the last position (the interaction is deferred)."""
    seat = match.seat_of(interaction.user.id)
    kind = OWN_VIEW if seat is not None and not public_only else PUBLIC_VIEW
    last = len(await bot.service.store.moves(match.id))
    content, files, view = await viewer_message(bot, match, last, kind, interaction.user.id)
    await interaction.followup.send(
        content, files=files, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
    )


async def show_position(
    interaction: discord.Interaction,
    match_id: int,
    position: int,
    kind: str,
    page: int | None = None,
) -> None:
    """A click in the viewer: the message shows ``position`` (or another page of the select)."""
    try:
        bot = cast(Host, interaction.client)
        found = await bot.service.by_id(match_id)
        if found.row.guild_id != interaction.guild_id:
            raise NoMatchHere(f"Match #{match_id} was not played on this server.")
        if found.status == "lobby" or found.state is None:
            raise NoMatchHere(f"Match #{match_id} has not started: nothing to replay yet.")
        content, files, view = await viewer_message(
            bot, found, position, kind, interaction.user.id, page
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
            content: str,
            *,
            posted: str,
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
            await answer(interaction, f"Match #{found.id} has not started: nothing to replay yet.")
            return
        if not gif and not public:
            await open_viewer(self.bot, interaction, found, public_only=False)
            return
        entries = await self.service.store.moves(found.id)
        names = await display_names(self.bot, found.row.guild_id, found.players, seat_names(found))
        renderer = type(self).board_renderer
        gate = GATES.get(self.bot)
        if gate is None:
            gate = GATES[self.bot] = asyncio.Semaphore(1)
        async with gate:  # one GIF at a time per bot: each keeps a core busy for seconds
            data, note, count = await asyncio.to_thread(
                render_replay, found, entries, names, renderer
            )
        moves = "1 log entry" if count == 2 else f"{count - 1} log entries"
        text = f"**{self.game.spec.name}** match #{found.id}: {moves}, a frame each, then the end."
        if found.status == "active":
            text = f"**{self.game.spec.name}** match #{found.id} so far: {moves}, a frame each."
        if note:
            text += f" {note}"
        file = discord.File(io.BytesIO(data), filename=f"{self.game_key}-{found.id}-replay.gif")
        await self._show(interaction, public, text, file=file, posted="Posted the replay.")
