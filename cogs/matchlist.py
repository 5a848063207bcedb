"""`/tidetable history [game] [player]`: finished matches, newest first, ten a page.

Each line: the date it finished, the game and number, where it was played, the result for the
player, and a link to its final post. In a server: that server's matches; in a DM: every
server's, and only the asker's own (as `/tidetable stats` across servers). The page lives in
the buttons' custom ids (who, where, which game, which page), so the pages turn after a
restart too. Three reads a page whatever it holds (``data.matchlist``).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from cogs import messages
from cogs.host import Host
from cogs.replies import answer, report
from data.matchlist import FinishedMatch, finished_matches
from table.computers import computer_name, is_computer
from table.errors import NoMatchHere

PAGE_SIZE = 10
NO_MENTIONS = discord.AllowedMentions.none()
GAME_CHOICES = ("tokan", "tonari", "fishing", "toshi", "tonga")


def result_for(match: FinishedMatch, user_id: int) -> str:
    """ "won", "shared the win", "lost" (or "nobody won"), with the scores by seat."""
    winners = [int(s) for s in match.result.get("winners", []) if isinstance(s, int)]
    seat = match.players.index(user_id) if user_id in match.players else None
    if not winners:
        said = "nobody won"
    elif seat in winners:
        said = "won" if len(winners) == 1 else "shared the win"
    else:
        said = "lost"
    scores = match.result.get("scores") or {}
    if scores:
        shown = []
        for index, user in enumerate(match.players):
            who = computer_name(user) if is_computer(user) else messages.mention(user)
            shown.append(f"{who} {scores.get(str(index), '–')}")
        said += f" ({', '.join(shown)})"
    elif match.result.get("reason"):
        said += f" ({str(match.result['reason'])[:60]})"
    return said


def history_line(bot: Host, match: FinishedMatch, user_id: int, everywhere: bool) -> str:
    game = bot.service.games.get(match.game)
    name = game.spec.name if game else match.game
    when = match.finished_at[:10]
    try:
        stamp = messages.timestamp(datetime.fromisoformat(match.finished_at).timestamp(), "d")
    except ValueError:
        stamp = when
    place = f"<#{match.channel_id}>"
    if everywhere:
        guild = bot.get_guild(match.guild_id) if match.guild_id else None
        place = f"on {guild.name}" if guild else "on a server"
    link = messages.channel_link(match.guild_id, match.channel_id, match.final_message)
    return (
        f"{stamp} · **{name}** #{match.id} {place}: {result_for(match, user_id)} · "
        f"[final post]({link})"
    )


class HistoryPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:mh:(?P<user>\d+):(?P<where>\d+):(?P<game>[a-z]*):(?P<page>\d+)",
):
    """Turn the page of a history: ``where`` is the server (0: every server, a DM's list)."""

    def __init__(
        self, user: int, where: int, game: str, page: int, label: str, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"tt:mh:{user}:{where}:{game}:{page}",
                disabled=disabled,
            )
        )
        self.user, self.where, self.game, self.page = user, where, game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryPage:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(
            int(match["user"]), int(match["where"]), match["game"], int(match["page"]), label or ""
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            bot = cast(Host, interaction.client)
            if (interaction.guild_id or 0) != self.where:
                raise NoMatchHere("This list belongs to another place: ask for it here.")
            content, view = await history_page(
                bot, self.user, self.where or None, self.game or None, self.page
            )
            await interaction.response.edit_message(
                content=content, view=view, allowed_mentions=NO_MENTIONS
            )
        except Exception as error:
            await report(interaction, error)


async def history_page(
    bot: Host, user_id: int, guild_id: int | None, game: str | None, page: int
) -> tuple[str, discord.ui.View | None]:
    everywhere = guild_id is None
    total, rows = await finished_matches(
        bot.service.store,
        user_id,
        guild_id=guild_id,
        game=game,
        limit=PAGE_SIZE,
        offset=max(page, 0) * PAGE_SIZE,
    )
    where = "on every server" if everywhere else "on this server"
    known = bot.service.games.get(game or "")
    named = known.spec.name if known else "any game"
    whose = messages.mention(user_id)
    if total == 0:
        return f"{whose} has no finished match of {named} {where} yet.", None
    pages = (total + PAGE_SIZE - 1) // PAGE_SIZE
    page = min(max(page, 0), pages - 1)
    head = f"**Finished matches** of {whose}, {named}, {where}: {total}"
    if pages > 1:
        head += f" (page {page + 1} of {pages})"
    lines = [head, *(history_line(bot, m, user_id, everywhere) for m in rows)]
    view = None
    if pages > 1:
        view = discord.ui.View(timeout=None)
        key, there = game or "", guild_id or 0
        # Each button names the page it shows (the two never share a custom id).
        newer, older = max(page - 1, 0), min(page + 1, pages - 1)
        view.add_item(HistoryPage(user_id, there, key, newer, "◀ Newer", page == 0))
        view.add_item(HistoryPage(user_id, there, key, older, "Older ▶", page >= pages - 1))
    return messages.clip("\n".join(lines)), view


class MatchHistoryCommands:
    """`/tidetable history`: mixed into the `tidetable` group's cog."""

    if TYPE_CHECKING:
        bot: Host

    @app_commands.command(  # type: ignore[type-var]
        name="history", description="Your finished matches: when, where, the result, a link"
    )
    @app_commands.describe(
        game="Only this game (default: every game)",
        player="Whose matches (default: yours; on a server only)",
    )
    @app_commands.choices(game=[app_commands.Choice(name=g, value=g) for g in GAME_CHOICES])
    async def history(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        player: discord.User | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = player or interaction.user
        if interaction.guild_id is None and target.id != interaction.user.id:
            await answer(
                interaction,
                "In a DM the bot lists your own matches only: ask for another player's on a "
                "server you share with them.",
            )
            return
        content, view = await history_page(self.bot, target.id, interaction.guild_id, game, 0)
        await answer(interaction, content, view=view)


HISTORY_PAGE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (HistoryPage,)
