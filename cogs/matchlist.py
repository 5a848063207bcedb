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
from cogs.language import reader
from cogs.replies import answer, report
from data.matchlist import FinishedMatch, finished_matches
from i18n.catalogue import ENGLISH, say
from i18n.text import T, Text, joined
from table.errors import NoMatchHere

PAGE_SIZE = 10
NO_MENTIONS = discord.AllowedMentions.none()
GAME_CHOICES = ("tokan", "tonari", "fishing", "toshi", "tonga")
ACCOUNT_ID_MAX = 2**63 - 1  # Discord's ids (and storage's integers) fit in 64 signed bits


def result_for(match: FinishedMatch, user_id: int) -> Text:
    """ "won", "shared the win", "lost" (or "nobody won"), with the scores by seat."""
    winners = [int(s) for s in match.result.get("winners", []) if isinstance(s, int)]
    seat = match.players.index(user_id) if user_id in match.players else None
    if not winners:
        said = T("nobody won")
    elif seat in winners:
        said = T("won") if len(winners) == 1 else T("shared the win")
    else:
        said = T("lost")
    scores = match.result.get("scores") or {}
    if scores:
        shown = []
        for index, user in enumerate(match.players):
            shown.append(
                joined([messages.mention_text(user), str(scores.get(str(index), "–"))], " ")
            )
        return T("{result} ({scores})", result=said, scores=joined(shown, ", "))
    quitter = match.result.get("resigned")
    if isinstance(quitter, int) and 0 <= quitter < len(match.players):
        # The stored reason names a seat ("seat 2 resigned"): the line names the person.
        return T(
            "{result} ({who} resigned)",
            result=said,
            who=messages.mention_text(match.players[quitter]),
        )
    if match.result.get("reason"):
        # The reason is the table's words, kept with the result: said in the reader's language.
        reason = messages.stored_reason(match.result)
        return T("{result} ({reason})", result=said, reason=reason)
    return said


def history_line(bot: Host, match: FinishedMatch, user_id: int, everywhere: bool) -> Text:
    game = bot.service.games.get(match.game)
    name = game.spec.name if game else match.game
    when = match.finished_at[:10]
    try:
        stamp = messages.timestamp(datetime.fromisoformat(match.finished_at).timestamp(), "d")
    except ValueError:
        stamp = when
    place: Text | str = f"<#{match.channel_id}>"
    if everywhere:
        guild = bot.get_guild(match.guild_id) if match.guild_id else None
        place = T("on {server}", server=guild.name) if guild else T("on a server")
    link = messages.channel_link(match.guild_id, match.channel_id, match.final_message)
    return T(
        "{date} · **{game}** #{number} {place}: {result} · [final post]({link})",
        date=stamp,
        game=name,
        number=match.id,
        place=place,
        result=result_for(match, user_id),
        link=link,
    )


class HistoryPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:mh:(?P<user>\d+):(?P<where>\d+):(?P<game>[a-z]*):(?P<page>\d+)",
):
    """Turn the page of a history: ``where`` is the server (0: every server, a DM's list)."""

    def __init__(
        self, user: int, where: int, game: str, page: int, label: str, disabled: bool = False
    ) -> None:  # ``label``: said in the reader's language already
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
            refused = page_refusal(self.user, self.where, interaction.user.id, interaction.guild_id)
            if refused:
                raise NoMatchHere(refused)
            language = reader(interaction)
            content, view = await history_page(
                bot, self.user, self.where or None, self.game or None, self.page, language
            )
            await interaction.response.edit_message(
                content=messages.clip(say(content, language)),
                view=view,
                allowed_mentions=NO_MENTIONS,
            )
        except Exception as error:
            await report(interaction, error)


def page_refusal(owner: int, where: int, asker: int, guild_id: int | None) -> Text | None:
    """Why a click on a history page is refused, or None. A page turns only where its list was
    asked for; every server's list (``where`` 0, a DM's) is its owner's alone, as the command
    allows, whatever a custom id says; an id no account has (past 64 bits) is refused before
    it reaches storage."""
    if (guild_id or 0) != where:
        return T("This list belongs to another place: ask for it here.")
    if where == 0 and owner != asker:
        return T("This list is another player's: ask for your own with `/tidetable history`.")
    if owner > ACCOUNT_ID_MAX or where > ACCOUNT_ID_MAX:
        return T("This list is not one the bot made: ask again with `/tidetable history`.")
    return None


async def history_page(
    bot: Host,
    user_id: int,
    guild_id: int | None,
    game: str | None,
    page: int,
    language: str = ENGLISH,
) -> tuple[Text, discord.ui.View | None]:
    """A page of the list, and its buttons (their labels said in ``language``)."""
    everywhere = guild_id is None
    total, rows = await finished_matches(
        bot.service.store,
        user_id,
        guild_id=guild_id,
        game=game,
        limit=PAGE_SIZE,
        offset=max(page, 0) * PAGE_SIZE,
    )
    where = T("on every server") if everywhere else T("on this server")
    known = bot.service.games.get(game or "")
    named = known.spec.name if known else T("any game")
    whose = messages.mention(user_id)
    if total == 0:
        empty = T(
            "{player} has no finished match of {game} {where} yet.",
            player=whose,
            game=named,
            where=where,
        )
        return empty, None
    pages = (total + PAGE_SIZE - 1) // PAGE_SIZE
    page = min(max(page, 0), pages - 1)
    if pages > 1:
        head = T(
            "**Finished matches** of {player}, {game}, {where}: {total} (page {page} of {pages})",
            player=whose,
            game=named,
            where=where,
            total=total,
            page=page + 1,
            pages=pages,
        )
    else:
        head = T(
            "**Finished matches** of {player}, {game}, {where}: {total}",
            player=whose,
            game=named,
            where=where,
            total=total,
        )
    lines = [head, *(history_line(bot, m, user_id, everywhere) for m in rows)]
    view = None
    if pages > 1:
        view = discord.ui.View(timeout=None)
        key, there = game or "", guild_id or 0
        # Each button names the page it shows (the two never share a custom id).
        newer, older = max(page - 1, 0), min(page + 1, pages - 1)
        view.add_item(
            HistoryPage(user_id, there, key, newer, say(T("◀ Newer"), language), page == 0)
        )
        view.add_item(
            HistoryPage(user_id, there, key, older, say(T("Older ▶"), language), page >= pages - 1)
        )
    return joined(lines), view


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
                T(
                    "In a DM the bot lists your own matches only: ask for another player's on a "
                    "server you share with them."
                ),
            )
            return
        language = reader(interaction)
        content, view = await history_page(
            self.bot, target.id, interaction.guild_id, game, 0, language
        )
        await answer(interaction, messages.clip(say(content, language)), view=view)


HISTORY_PAGE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (HistoryPage,)
