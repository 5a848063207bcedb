"""The tap panel: a Play button under every board awaiting a person (and in the turn DM) opens
an ephemeral panel for the player who must decide, where the decision is made by taps alone.

The panel is built from the rules' own legal moves, narrowed step by step (``taps.tree``); a
move chosen there goes through the match service exactly as a button under the board does
(``move_by_index``, version-checked, saved and announced once). A move that ends the player's
turn or cannot be taken back is first shown with a preview and must be confirmed.

Everything the panel knows is in its custom ids: the match, the board's version and the choices
made so far (one character each), so a panel keeps working after a restart, and one drawn for
an older board is refused like a stale button.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import discord

from cogs import messages
from cogs.checks import require_posting
from cogs.host import Host
from cogs.replies import answer, report
from rules.errors import PlayerError
from table.computers import is_computer
from table.history import undo_enabled
from table.match import Match
from taps.decision import Decision, decision, needs_confirmation, safe_preview
from taps.tree import DIGITS, MAX_OPTIONS, BadPath, Option, Step

# Options shown as buttons up to this many (four rows of five; the fifth row is Back/Cancel),
# as one select menu beyond.
MAX_BUTTONS = 20
PATH = f"[{DIGITS}]*"
STALE = (
    "This panel is for an older board of match #{id}: nothing was played. "
    "Press Play for the current decision."
)


# -- the components ----------------------------------------------------------------------------
class PlayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:play:(?P<match>\d+)"):
    """Open the tap panel of match ``match`` for the one who presses it."""

    def __init__(self, match_id: int, label: str = "Play") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"tt:play:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PlayButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda bot: open_panel(bot, interaction, self.match_id))


class TapButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"tt:tap:(?P<match>\d+):(?P<version>\d+):(?P<path>{PATH})",
):
    """One choice of a step (``path`` holds it as its last character), or Back (the path of
    the step to go back to)."""

    def __init__(self, match_id: int, version: int, path: str, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"tt:tap:{match_id}:{version}:{path}",
            )
        )
        self.match_id, self.version, self.path = match_id, version, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TapButton:
        return cls(int(match["match"]), int(match["version"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction, lambda bot: tap(bot, interaction, self.match_id, self.version, self.path)
        )


class BackButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"tt:tb:(?P<match>\d+):(?P<version>\d+):(?P<path>{PATH})",
):
    """Back to the step at ``path``."""

    def __init__(self, match_id: int, version: int, path: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="Back",
                style=discord.ButtonStyle.secondary,
                custom_id=f"tt:tb:{match_id}:{version}:{path}",
            )
        )
        self.match_id, self.version, self.path = match_id, version, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["match"]), int(match["version"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction,
            lambda bot: tap(bot, interaction, self.match_id, self.version, self.path, back=True),
        )


class TapSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"tt:ts:(?P<match>\d+):(?P<version>\d+):(?P<path>{PATH})",
):
    """A step with more choices than buttons: each option's value is its character."""

    def __init__(
        self, match_id: int, version: int, path: str, options: list[discord.SelectOption]
    ) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder="Choose…",
                options=options or [discord.SelectOption(label="…", value=DIGITS[0])],
                custom_id=f"tt:ts:{match_id}:{version}:{path}",
            )
        )
        self.match_id, self.version, self.path = match_id, version, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TapSelect:
        return cls(int(match["match"]), int(match["version"]), match["path"], [])

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, Any] = interaction.data or {}
        values: list[str] = data.get("values", [])
        chosen = values[0] if len(values) == 1 else ""
        if len(chosen) != 1 or chosen not in DIGITS:
            await answer(interaction, "Choose one of the listed options.")
            return
        path = self.path + chosen
        await guarded(
            interaction, lambda bot: tap(bot, interaction, self.match_id, self.version, path)
        )


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"tt:tgo:(?P<match>\d+):(?P<version>\d+):(?P<path>{PATH})",
):
    """Send the move the path chose."""

    def __init__(self, match_id: int, version: int, path: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="Confirm",
                style=discord.ButtonStyle.success,
                custom_id=f"tt:tgo:{match_id}:{version}:{path}",
            )
        )
        self.match_id, self.version, self.path = match_id, version, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        return cls(int(match["match"]), int(match["version"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction,
            lambda bot: tap(bot, interaction, self.match_id, self.version, self.path, sure=True),
        )


class CancelButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:tx:(?P<match>\d+)"):
    """Close the panel: nothing is played."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Cancel", style=discord.ButtonStyle.danger, custom_id=f"tt:tx:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CancelButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=f"Closed: nothing was played in match #{self.match_id}.",
            view=play_view(self.match_id, "Play again"),
            attachments=[],
        )


PANEL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PlayButton,
    TapButton,
    BackButton,
    TapSelect,
    ConfirmButton,
    CancelButton,
)


def play_view(match_id: int, label: str = "Play") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton(match_id, label))
    return view


def with_play(view: discord.ui.View | None, match_id: int) -> discord.ui.View:
    """``view`` (the buttons under a board) with the Play button added after them."""
    view = view or discord.ui.View(timeout=None)
    view.add_item(PlayButton(match_id))
    return view


# -- what a tap does ---------------------------------------------------------------------------
async def guarded(interaction: discord.Interaction, act: Callable[[Host], Awaitable[None]]) -> None:
    """Take the interaction on (or refuse it while the bot stops) and answer any error
    privately, as every button does."""
    bot: Host = interaction.client  # type: ignore[assignment]
    if not await bot.taking(interaction):
        return
    try:
        await act(bot)
    except Exception as error:
        await report(interaction, error)


@dataclass
class Seen:
    """A match as a tap finds it, with the names of its people."""

    match: Match
    names: list[str | None]
    seat: int | None


async def look(bot: Host, match_id: int, user_id: int) -> Seen:
    match = await bot.service.by_id(match_id)
    names = await bot.people.names(match.row.guild_id, match.players)
    deciding = match.status == "active" and match.state is not None
    seat = match.seat_of(user_id) if deciding else None
    if seat is not None and (
        seat not in match.game.to_act(match.state)
        or seat in match.row.table_seats()
        or is_computer(match.user_at(seat))
    ):
        seat = None
    return Seen(match, names, seat)


def waiting_text(seen: Seen, user_id: int) -> str:
    """For someone who does not decide now: whom the match waits for."""
    match = seen.match
    if match.status != "active" or match.state is None:
        return f"Match #{match.id} is not running: there is nothing to play."
    who = "" if match.seat_of(user_id) is not None else " You have no seat in it."
    said = messages.next_line(match, seen.names, notify=False)
    return f"Match #{match.id} is not waiting for you.{who} {said}"


async def open_panel(bot: Host, interaction: discord.Interaction, match_id: int) -> None:
    """The Play button: the decision's first step, for its player alone."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    seen = await look(bot, match_id, interaction.user.id)
    if seen.seat is None:
        await answer(interaction, waiting_text(seen, interaction.user.id))
        return
    chosen = await asyncio.to_thread(decision, seen.match.game, seen.match.state, seen.seat)
    content, view = panel(seen, chosen, "")
    file = None
    if seen.match.game.spec.hidden_information:  # the private view, for its owner only
        cog = bot.game_cog(seen.match.row.game)
        _, file = await cog.private_view(seen.match, seen.seat, seen.names)
    await answer(interaction, content, view=view, file=file)


async def tap(
    bot: Host,
    interaction: discord.Interaction,
    match_id: int,
    version: int,
    path: str,
    back: bool = False,
    sure: bool = False,
) -> None:
    """A choice, Back or Confirm on a panel drawn for ``version``: the next step, the
    confirmation of a move, or the move itself."""
    seen = await look(bot, match_id, interaction.user.id)
    if seen.match.version != version:
        await interaction.response.edit_message(
            content=STALE.format(id=match_id), view=play_view(match_id), attachments=[]
        )
        return
    if seen.seat is None:  # an answer of its own: the panel stays as its owner left it
        await answer(interaction, waiting_text(seen, interaction.user.id))
        return
    match, seat = seen.match, seen.seat
    chosen = await asyncio.to_thread(decision, match.game, match.state, seat)
    try:
        node = chosen.moves.follow(path)
    except BadPath:
        await interaction.response.edit_message(
            content=STALE.format(id=match_id), view=play_view(match_id), attachments=[]
        )
        return
    if back or not path or node.move is None:
        content, view = panel(seen, chosen, path)
        await interaction.response.edit_message(content=content, view=view, attachments=[])
        return
    move = chosen.legal[node.move]
    undo = undo_enabled(match.options)
    if not sure and needs_confirmation(match.game, match.state, seat, move, undo):
        await interaction.response.defer()
        content, view, file = await confirmation(bot, seen, chosen, path, move)
        await interaction.edit_original_response(content=content, view=view, attachments=[file])
        return
    await play(bot, interaction, seen, chosen, node.move)


async def play(
    bot: Host, interaction: discord.Interaction, seen: Seen, chosen: Decision, index: int
) -> None:
    """The chosen move through the match service (as a button under the board, or as typed
    for a compound move), then the panel says it is done and, when the same player decides
    again, shows that decision."""
    await interaction.response.defer()
    match = seen.match
    require_posting(interaction)
    try:
        if chosen.compound(index):
            result = await bot.service.move_by_text(
                match.id, interaction.user.id, match.version, chosen.moves.texts[index]
            )
        else:
            result = await bot.service.move_by_index(
                match.id, interaction.user.id, match.version, index
            )
    except PlayerError as error:
        said = messages.people(str(error), match, seen.names)
        await interaction.edit_original_response(
            content=f"Not played: {said}", view=play_view(match.id), attachments=[]
        )
        return
    text = f"Done: `{result.move_text}`."
    try:
        settled = await bot.dispatcher.settle(result.entries)
        text += messages.delivery_note(settled)
    except Exception:  # after the commit nothing may turn into "try again"
        text += " (It is saved; I could not check whether the board was posted.)"
    after = await look(bot, match.id, interaction.user.id)
    view: discord.ui.View | None = None
    if after.seat is not None:  # the same player decides again (a step of a longer turn)
        nxt = await asyncio.to_thread(decision, after.match.game, after.match.state, after.seat)
        more, view = panel(after, nxt, "")
        text += "\n" + more
    await interaction.edit_original_response(content=messages.clip(text), view=view, attachments=[])


# -- what a panel shows ------------------------------------------------------------------------
def head(seen: Seen) -> str:
    match, seat = seen.match, seen.seat
    assert seat is not None
    pending = messages.people(match.game.pending(match.state), match, seen.names)
    lines = [f"**{match.game.spec.name}** match #{match.id} — your decision: {pending}"]
    private = match.game.private_text(match.state, seat)
    if private:
        lines.append(private)
    return "\n".join(lines)


def panel(seen: Seen, chosen: Decision, path: str) -> tuple[str, discord.ui.View]:
    """The step at ``path``: its choices as buttons (a select when there are many), with Back
    and Cancel."""
    match = seen.match
    node = chosen.moves.follow(path)
    if path and node.move is not None:  # Back from a confirmation lands on its step
        path = path[:-1]
        node = chosen.moves.follow(path)
    step = chosen.moves.step(node)
    content = head(seen)
    if step.so_far:
        content += f"\nChosen so far: `{messages.people(step.so_far, match, seen.names)}`"
    content += "\nChoose:" if len(step.options) > 1 else "\nYour only choice:"
    view = discord.ui.View(timeout=None)
    labels = [messages.people(o.label, match, seen.names)[:80] or "…" for o in step.options]
    if len(step.options) <= MAX_BUTTONS:
        for index, label in enumerate(labels):
            button = TapButton(match.id, match.version, path + DIGITS[index], label)
            button.row = index // 5
            view.add_item(button)
    else:
        options = [
            discord.SelectOption(label=label, value=DIGITS[index])
            for index, label in enumerate(labels[:MAX_OPTIONS])
        ]
        view.add_item(TapSelect(match.id, match.version, path, options))
    nav(view, match.id, match.version, path)
    return messages.clip(content), view


def nav(
    view: discord.ui.View, match_id: int, version: int, path: str, back: str | None = None
) -> None:
    """Back (to the step before; none at the first) and Cancel, in the last row."""
    target = path[:-1] if back is None else back
    if path:
        button = BackButton(match_id, version, target)
        button.row = 4
        view.add_item(button)
    cancel = CancelButton(match_id)
    cancel.row = 4
    view.add_item(cancel)


async def confirmation(
    bot: Host, seen: Seen, chosen: Decision, path: str, move: Any
) -> tuple[str, discord.ui.View, discord.File]:
    """The move in words with a preview of the board after it, Confirm, Back and Cancel."""
    match = seen.match
    seat = seen.seat
    assert seat is not None
    game, state = match.game, match.state
    text = game.format(state, move)
    after = await asyncio.to_thread(safe_preview, game, state, seat, move)
    cog = bot.game_cog(match.row.game)
    shown = messages.people(text, match, seen.names)
    content = head(seen) + f"\nSend `{shown}`?"
    if after is not None:
        said = messages.people(game.describe(state, seat, move, after), match, seen.names)
        content += f" {said}\nThe picture shows the board after it."
        drawn = messages.at_version(match, match.version + 1, after)
        file = await cog.board_file(drawn, seen.names, f"preview-{match.id}.png")
    else:
        content += (
            "\nIt reveals something (a die, a card) that is seen once it is sent: the picture "
            "shows the board as it is now."
        )
        file = await cog.board_file(match, seen.names, f"preview-{match.id}.png")
    view = discord.ui.View(timeout=None)
    confirm = ConfirmButton(match.id, match.version, path)
    confirm.row = 0
    view.add_item(confirm)
    nav(view, match.id, match.version, path)
    return messages.clip(content), view, file


def step_of(chosen: Decision, path: str) -> Step:
    """The step a path shows (for tests and the benchmark)."""
    node: Option = chosen.moves.follow(path)
    return chosen.moves.step(node)
