"""Open tables across a server: `/tidetable tables` (every lobby of the server still taking
players, with its game, options, clock, who is in and a Join button) and the one message a server
may keep in a channel it names (`/league setup tables_channel:`), edited in place as lobbies
open, fill, start and are cancelled: each such change writes an outbox row with itself
(``table/core.py``), delivered here; rows that pile up while one is delivered are coalesced
(only the newest edits). A lobby opened for invited people only (`/<game> new invite:`) is
listed to them alone, never in the kept list.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs import messages
from cogs.components import JoinButton
from cogs.host import Host
from cogs.language import reader
from cogs.replies import answer
from data.dberrors import StorageError
from data.leagues import LeagueStore, newer_in_lane
from data.outbox import Permanent
from data.store import MatchRow, OutboxEntry
from i18n.catalogue import ENGLISH, say
from i18n.text import Param, T, Text, joined
from table.history import UNDO_OPTION
from table.turnclock import clock_name

NOBODY = discord.AllowedMentions.none()
MAX_LISTED = 15  # lines of one message (2000 characters)
MAX_JOIN_BUTTONS = 20  # four rows of five (Discord: five rows of five at most)


def is_listed(row: MatchRow, invited: set[int], viewer: int | None, most: int) -> bool:
    """Whether ``viewer`` (None: the server's kept list, seen by all) sees this lobby."""
    if len(row.players) >= most:
        return False
    if invited:
        return viewer is not None and (viewer in invited or viewer == row.creator_id)
    return True


async def open_tables(bot: Host, guild_id: int, viewer: int | None) -> list[tuple[MatchRow, bool]]:
    """The server's lobbies still taking players that ``viewer`` may join (None: those open to
    anyone), oldest first, each with whether it is for invited people only."""
    rows, invited = await LeagueStore(bot.service.store).open_lobbies(guild_id)
    out = []
    for row in rows:
        game = bot.service.games.get(row.game)
        if game is None:
            continue
        asked = invited.get(row.id, set())
        if is_listed(row, asked, viewer, game.spec.max_players):
            out.append((row, bool(asked)))
    return out


def clock_said(seconds: int) -> Text:
    """A lobby's clock, as its own post says it."""
    if not seconds:
        return T("No clock.")
    return T("Clock: {clock} per decision.", clock=clock_name(seconds))


async def tables_text(
    bot: Host,
    guild_id: int,
    lobbies: list[tuple[MatchRow, bool]],
    heading: Text,
    language: str = ENGLISH,
) -> tuple[str, discord.ui.View | None]:
    """The list said in ``language`` (the reader's, or the server's for its kept list), and
    a Join button for each lobby."""
    if not lobbies:
        empty = T("No lobby is taking players right now. Open one with `/<game> new`.")
        return say(joined([heading, empty]), language), None
    lines: list[Text | str] = [heading]
    view = discord.ui.View(timeout=None)
    for row, invited_only in lobbies[:MAX_LISTED]:
        spec = bot.service.games[row.game].spec
        names = await bot.people.names(guild_id, list(row.players))
        who = ", ".join(n or f"<@{u}>" for n, u in zip(names, row.players, strict=True))
        # Options are notation (the names and values `/<game> new` takes), not words.
        options = ", ".join(f"`{k} {v}`" for k, v in row.options.items() if k != UNDO_OPTION.key)
        values: dict[str, Param] = {
            "game": spec.name,
            "number": row.id,
            "channel": f"<#{row.channel_id}>",
            "players": len(row.players),
            "most": spec.max_players,
            "who": who,
        }
        if options:
            line = T(
                "• **{game}** match #{number} in {channel}: {players}/{most} ({who}); "
                "options: {options}.",
                options=options,
                **values,
            )
        else:
            line = T(
                "• **{game}** match #{number} in {channel}: {players}/{most} ({who}).", **values
            )
        parts: list[Text] = [line, clock_said(row.clock)]
        if invited_only:
            parts.append(T("Invited people only."))
        lines.append(joined(parts, " "))
        if len(view.children) < MAX_JOIN_BUTTONS:
            button = JoinButton(row.id)
            button.item.label = say(T("Join #{number}", number=row.id), language)
            view.add_item(button)
    if len(lobbies) > MAX_LISTED:
        lines.append(T("… and {count} more.", count=len(lobbies) - MAX_LISTED))
    return messages.clip(say(joined(lines), language)), view


class TablesCommands:
    """`/tidetable tables`: mixed into ``TidetableCog`` (its group collects app commands from
    its base classes)."""

    if TYPE_CHECKING:
        bot: Host

    @app_commands.command(  # type: ignore[type-var]
        name="tables", description="Every lobby of this server still taking players"
    )
    async def tables(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.guild_id is None:
            await answer(interaction, T("Open tables are a server's: ask in a server's channel."))
            return
        lobbies = await open_tables(self.bot, interaction.guild_id, interaction.user.id)
        text, view = await tables_text(
            self.bot,
            interaction.guild_id,
            lobbies,
            T("**Open tables on this server**"),
            reader(interaction),
        )
        await answer(interaction, text, view=view)


async def deliver_list(bot: Host, entry: OutboxEntry, nonce: str) -> None:
    """Bring the server's kept list up to date: edit its one message (post it when there is
    none, or it was deleted). A newer row of the same lane will do it: this one does nothing."""
    guild_id = int(entry.payload["guild"])
    if await newer_in_lane(bot.service.store, entry.lane, entry.id):
        return
    store = LeagueStore(bot.service.store)
    places = await store.places(guild_id)
    if places.list_channel is None:
        return
    lobbies = await open_tables(bot, guild_id, None)
    language = await bot.languages.of_server(guild_id)
    heading = T("**Open tables** (kept up to date)")
    text, view = await tables_text(bot, guild_id, lobbies, heading, language)
    channel = bot.get_partial_messageable(places.list_channel)
    if places.list_message is not None:
        try:
            await channel.get_partial_message(places.list_message).edit(
                content=text, view=view, allowed_mentions=NOBODY
            )
            return
        except discord.NotFound:
            pass  # deleted: posted again below
    try:
        sent = await channel.send(
            text, view=view or discord.utils.MISSING, allowed_mentions=NOBODY, nonce=nonce
        )
    except discord.Forbidden:
        raise Permanent(messages.cannot_post(places.list_channel)) from None
    with contextlib.suppress(StorageError):
        await store.set_list_message(guild_id, sent.id)
