"""Buttons and selects that survive restarts: their custom_id carries the match and its version.

A click on an old board (an older version) is refused by the match service as stale, so a
button can never play a move on a position its player did not see. Components are built only
for games without hidden information: a public button labelled with a move could reveal a hand.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from cogs.language import reader
from cogs.panel import PANEL_ITEMS
from i18n.catalogue import ENGLISH, say
from i18n.text import T

# Up to this many moves become buttons; up to Discord's 25, a select menu; more, autocomplete only.
MAX_BUTTONS = 5
MAX_SELECT = 25
LABEL_LIMIT = 80


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:mv:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """Play the move at ``index`` of the legal moves of match ``match`` at ``version``."""

    def __init__(self, match_id: int, version: int, index: int, label: str = "move") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:LABEL_LIMIT],
                style=discord.ButtonStyle.primary,
                custom_id=f"tt:mv:{match_id}:{version}:{index}",
            )
        )
        self.match_id, self.version, self.index = match_id, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["match"]), int(match["version"]), int(match["index"]), label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.play_choice(  # type: ignore[attr-defined]
            interaction, self.match_id, self.version, self.index
        )


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"tt:sel:(?P<match>\d+):(?P<version>\d+)",
):
    """A select of legal moves; each option's value is the move's index."""

    def __init__(
        self,
        match_id: int,
        version: int,
        labels: Sequence[str] = (),
        language: str = ENGLISH,
    ) -> None:
        options = [
            discord.SelectOption(label=label[:LABEL_LIMIT], value=str(i))
            for i, label in enumerate(labels)
        ] or [discord.SelectOption(label="move", value="0")]
        super().__init__(
            discord.ui.Select(
                placeholder=say(T("Choose your move…"), language),
                options=options,
                custom_id=f"tt:sel:{match_id}:{version}",
            )
        )
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(int(match["match"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, Any] = interaction.data or {}
        values: list[str] = data.get("values", [])
        if not values or not values[0].isdigit():
            await interaction.response.send_message(
                say(T("Choose one of the listed moves."), reader(interaction)), ephemeral=True
            )
            return
        await interaction.client.play_choice(  # type: ignore[attr-defined]
            interaction, self.match_id, self.version, int(values[0])
        )


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:join:(?P<match>\d+)"):
    """Join the lobby of match ``match``; disabled (and labelled so) once the lobby is full."""

    def __init__(self, match_id: int, full: bool = False, language: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(T("Full") if full else T("Join"), language),
                style=discord.ButtonStyle.secondary if full else discord.ButtonStyle.success,
                custom_id=f"tt:join:{match_id}",
                disabled=full,
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.join_by_button(  # type: ignore[attr-defined]
            interaction, self.match_id
        )


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:hand:(?P<match>\d+)"):
    """Under a board of a game with secrets: the clicker's own private view of match ``match``,
    only for them (an ephemeral answer). Players whose turns reach them by mention get their
    hand here rather than by a DM at every decision."""

    def __init__(self, match_id: int, language: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(T("Your hand"), language),
                style=discord.ButtonStyle.secondary,
                custom_id=f"tt:hand:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.show_hand(  # type: ignore[attr-defined]
            interaction, self.match_id
        )


def move_choices(
    match_id: int, version: int, labels: Sequence[str], language: str = ENGLISH
) -> discord.ui.View | None:
    """Buttons for a handful of moves, a select for up to 25, nothing for more (``labels``
    said already; the select's own words in ``language``)."""
    if not labels or len(labels) > MAX_SELECT:
        return None
    view = discord.ui.View(timeout=None)
    if len(labels) <= MAX_BUTTONS:
        for index, label in enumerate(labels):
            view.add_item(MoveButton(match_id, version, index, label))
    else:
        view.add_item(MoveSelect(match_id, version, labels, language))
    return view


def join_view(match_id: int, full: bool = False, language: str = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(match_id, full, language))
    return view


def hand_view(match_id: int, language: str = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(match_id, language))
    return view


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveButton,
    MoveSelect,
    JoinButton,
    HandButton,
    *PANEL_ITEMS,
)
