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
from cogs.language import reader
from cogs.replies import answer, report
from i18n.catalogue import ENGLISH, say
from i18n.text import T, Text
from rules.errors import PlayerError
from table.computers import is_computer
from table.history import UNDO, undo_enabled
from table.match import Match
from taps.decision import Decision, decision, needs_confirmation, safe_preview
from taps.tree import DIGITS, MAX_OPTIONS, BadPath, Option, Step

# Options shown as buttons up to this many (four rows of five; the fifth row is Back/Cancel),
# as one select menu beyond.
MAX_BUTTONS = 20
PATH = f"[{DIGITS}]*"
# Toshi Tōshi's notation names the next leader by seat number ("lead 2"): on the panel that
# number is a person, named like every seat ("lead bob (B)").
_LEAD = re.compile(r"\blead (\d)\b")
NOT_A_PANEL = T("That is not a button of a tap panel: nothing was changed. Press Play to decide.")


def stale(match_id: int) -> Text:
    return T(
        "This panel is for an older board of match #{number}: nothing was played. "
        "Press Play for the current decision.",
        number=match_id,
    )


def already(match_id: int, move: str) -> Text:
    """A second tap on a panel whose move was saved (a double tap, a retry after a slow
    answer): it must not read "nothing was played" over the answer of the first. (Said of
    "your seat": the table may have played it after the player's time ran out.)"""
    return T(
        "A move for your seat on that board of match #{number} was already saved: `{move}`. "
        "This tap played nothing more. Press Play for the current decision.",
        number=match_id,
        move=move,
    )


# Said after a saved action when its delivery could not be checked (the answer says it is saved).
UNCHECKED = T(" (It is saved; I could not check whether the board was posted.)")


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

    def __init__(self, match_id: int, version: int, path: str, language: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(T("Back"), language),
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
        self,
        match_id: int,
        version: int,
        path: str,
        options: list[discord.SelectOption],
        language: str = ENGLISH,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=say(T("Choose…"), language),
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
            await answer(interaction, T("Choose one of the listed options."))
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

    def __init__(self, match_id: int, version: int, path: str, language: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(T("Confirm"), language),
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

    def __init__(self, match_id: int, language: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(T("Cancel"), language),
                style=discord.ButtonStyle.danger,
                custom_id=f"tt:tx:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CancelButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if not on_a_panel(interaction):
            await answer(interaction, NOT_A_PANEL)
            return
        language = reader(interaction)
        await interaction.response.edit_message(
            content=say(
                T("Closed: nothing was played in match #{number}.", number=self.match_id), language
            ),
            view=play_view(self.match_id, say(T("Play again"), language)),
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


def play_view(match_id: int, label: str | None = None, language: str = ENGLISH) -> discord.ui.View:
    """The Play button alone, labelled ``label`` (said already), else "Play" in ``language``."""
    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton(match_id, label or say(T("Play"), language)))
    return view


def with_play(
    view: discord.ui.View | None, match_id: int, language: str = ENGLISH
) -> discord.ui.View:
    """``view`` (the buttons under a board) with the Play button added after them."""
    view = view or discord.ui.View(timeout=None)
    view.add_item(PlayButton(match_id, say(T("Play"), language)))
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


def on_a_panel(interaction: discord.Interaction) -> bool:
    """Whether the click came from an ephemeral message, as every panel is. The panel's
    answers edit the message clicked: a panel's custom id forged onto a public message (a
    board) must not replace that post."""
    message = interaction.message
    return message is None or message.flags.ephemeral


@dataclass
class Seen:
    """A match as a tap finds it, with the names of its people."""

    match: Match
    names: list[str | None]
    seat: int | None
    language: str = ENGLISH  # the reader's: a panel is seen by its player alone


async def look(bot: Host, match_id: int, user_id: int, language: str = ENGLISH) -> Seen:
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
    return Seen(match, names, seat, language)


def waiting_text(seen: Seen, user_id: int) -> str:
    """For someone who does not decide now: whom the match waits for."""
    match = seen.match
    language = seen.language
    if match.status != "active" or match.state is None:
        return say(
            T("Match #{number} is not running: there is nothing to play.", number=match.id),
            language,
        )
    said = messages.next_line(match, seen.names, notify=False, language=language)
    if match.seat_of(user_id) is not None:
        text = T("Match #{number} is not waiting for you. {next}", number=match.id, next=said)
    else:
        text = T(
            "Match #{number} is not waiting for you. You have no seat in it. {next}",
            number=match.id,
            next=said,
        )
    return say(text, language)


async def open_panel(bot: Host, interaction: discord.Interaction, match_id: int) -> None:
    """The Play button: the decision's first step, for its player alone."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    seen = await look(bot, match_id, interaction.user.id, reader(interaction))
    if seen.seat is None:
        await answer(interaction, waiting_text(seen, interaction.user.id))
        return
    chosen = await asyncio.to_thread(decision, seen.match.game, seen.match.state, seen.seat)
    content, view = panel(seen, chosen, "")
    file = None
    if seen.match.game.spec.hidden_information:  # the private view, for its owner only
        cog = bot.game_cog(seen.match.row.game)
        _, file = await cog.private_view(seen.match, seen.seat, seen.names, seen.language)
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
    if not on_a_panel(interaction):
        await answer(interaction, NOT_A_PANEL)
        return
    language = reader(interaction)
    seen = await look(bot, match_id, interaction.user.id, language)
    if seen.match.version != version:
        said = await stale_text(bot, seen, interaction.user.id, version)
        await interaction.response.edit_message(
            content=say(said, language), view=play_view(match_id, language=language), attachments=[]
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
            content=say(stale(match_id), language),
            view=play_view(match_id, language=language),
            attachments=[],
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


async def stale_text(bot: Host, seen: Seen, user_id: int, version: int) -> Text:
    """Why a panel drawn for ``version`` plays nothing: the move made on that board was this
    player's own (saved by an earlier tap), or the match moved on otherwise."""
    match = seen.match
    seat = match.seat_of(user_id)
    if seat is not None and version < match.version:
        made = [m for m in await bot.service.store.moves(match.id) if m.version == version + 1]
        if made and made[0].seat == seat and made[0].move != UNDO:
            return already(match.id, named(made[0].move, seen))
    return stale(match.id)


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
        reason = error.args[0] if error.args and isinstance(error.args[0], Text) else str(error)
        said = messages.people(reason, match, seen.names, seen.language)
        await interaction.edit_original_response(
            content=say(T("Not played: {reason}", reason=said), seen.language),
            view=play_view(match.id, language=seen.language),
            attachments=[],
        )
        return
    text = say(T("Done: `{move}`.", move=named(result.move_text, seen)), seen.language)
    try:
        settled = await bot.dispatcher.settle(result.entries)
        text += say(messages.delivery_note(settled), seen.language)
    except Exception:  # after the commit nothing may turn into "try again"
        text += say(UNCHECKED, seen.language)
    after = await look(bot, match.id, interaction.user.id, seen.language)
    view: discord.ui.View | None = None
    if after.seat is not None:  # the same player decides again (a step of a longer turn)
        nxt = await asyncio.to_thread(decision, after.match.game, after.match.state, after.seat)
        more, view = panel(after, nxt, "")
        text += "\n" + more
    await interaction.edit_original_response(content=messages.clip(text), view=view, attachments=[])


# -- what a panel shows ------------------------------------------------------------------------
def named(text: str, seen: Seen) -> str:
    """A move's text or label with every seat it names written as the person."""
    said = say(text, seen.language)
    return messages.people(_LEAD.sub(r"lead seat \1", said), seen.match, seen.names, seen.language)


def head(seen: Seen) -> str:
    match, seat = seen.match, seen.seat
    assert seat is not None
    language = seen.language
    pending = messages.people(match.game.pending(match.state), match, seen.names, language)
    lines: list[Text | str] = [
        T(
            "**{game}** match #{number} — your decision: {decision}",
            game=match.game.spec.name,
            number=match.id,
            decision=pending,
        )
    ]
    # Moves name seats by their letter or colour ("place 4 on B", "lead C"): who is who.
    seating = messages.seating(match, seen.names, notify=False, language=language)
    lines.append(T("At the table: {seating}", seating=seating))
    private = match.game.private_text(match.state, seat)
    if private:
        lines.append(private)
    return "\n".join(say(line, language) for line in lines)


def panel(seen: Seen, chosen: Decision, path: str) -> tuple[str, discord.ui.View]:
    """The step at ``path``: its choices as buttons (a select when there are many), with Back
    and Cancel."""
    match = seen.match
    node = chosen.moves.follow(path)
    if path and node.move is not None:  # Back from a confirmation lands on its step
        path = path[:-1]
        node = chosen.moves.follow(path)
    step = chosen.moves.step(node)
    language = seen.language
    content = head(seen)
    if step.so_far:
        so_far = T("Chosen so far: `{moves}`", moves=named(step.so_far, seen))
        content += "\n" + say(so_far, language)
    choose = T("Choose:") if len(step.options) > 1 else T("Your only choice:")
    content += "\n" + say(choose, language)
    view = discord.ui.View(timeout=None)
    labels = [named(o.label, seen)[:80] or "…" for o in step.options]
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
        view.add_item(TapSelect(match.id, match.version, path, options, language))
    nav(view, match.id, match.version, path, language=language)
    return messages.clip(content), view


def nav(
    view: discord.ui.View,
    match_id: int,
    version: int,
    path: str,
    back: str | None = None,
    language: str = ENGLISH,
) -> None:
    """Back (to the step before; none at the first) and Cancel, in the last row."""
    target = path[:-1] if back is None else back
    if path:
        button = BackButton(match_id, version, target, language)
        button.row = 4
        view.add_item(button)
    cancel = CancelButton(match_id, language)
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
    language = seen.language
    shown = named(text, seen)
    content = head(seen) + "\n" + say(T("Send `{move}`?", move=shown), language)
    filename = f"preview-{match.id}.png"
    if after is not None:
        described = game.describe(state, seat, move, after)
        said = messages.people(described, match, seen.names, language)
        content += f" {said}\n" + say(T("The picture shows the board after it."), language)
        drawn = messages.at_version(match, match.version + 1, after)
        file = await cog.board_file(drawn, seen.names, filename, language)
    else:
        revealing = T(
            "It reveals something (a die, a card) that is seen once it is sent: the picture "
            "shows the board as it is now."
        )
        content += "\n" + say(revealing, language)
        file = await cog.board_file(match, seen.names, filename, language)
    view = discord.ui.View(timeout=None)
    confirm = ConfirmButton(match.id, match.version, path, language)
    confirm.row = 0
    view.add_item(confirm)
    nav(view, match.id, match.version, path, language=language)
    return messages.clip(content), view, file


def step_of(chosen: Decision, path: str) -> Step:
    """The step a path shows (for tests and the benchmark)."""
    node: Option = chosen.moves.follow(path)
    return chosen.moves.step(node)
