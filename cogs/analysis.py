"""Looking back on a finished match, and playing it again: `/<game> analysis`, and the
Analysis and Rematch buttons of the final post.

The analysis (``table.analysis``) runs in the niced analysis worker, never on the event loop;
once computed it is kept, and posted for the table with its chart: every player's chances
after each decision, and the three largest swings in words (who decided what, what the search
preferred there). Asked again, it is shown privately from what was kept.

Rematch (``table.rematch``): a new lobby in the same place, the same options, seats turned by
one, the same computer players, the old table's people invited; it goes through the outbox as
any lobby does (its post has the Join button).
"""

from __future__ import annotations

import asyncio
import io
import re
import weakref
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord
from discord import app_commands

from cogs import messages
from cogs.bounds import MatchNumber
from cogs.checks import require_posting
from cogs.history import MATCH_HELP, display_names, seat_names
from cogs.host import Host
from cogs.language import reader
from cogs.pictures import rendered
from cogs.replies import answer, report
from cogs.viewer import clicked_match
from data.analyses import AnalysisStore, StoredAnalysis
from data.outbox import Permanent
from data.store import OutboxEntry
from i18n.catalogue import ENGLISH, say
from i18n.text import N_, Param, T, Text, joined
from render.chances import chances_alt, chances_chart
from render.common import clip_alt
from table.analysis import Analyst
from table.errors import NoMatchHere
from table.match import Match
from table.rematch import rematch

NO_MENTIONS = discord.AllowedMentions.none()
_ANALYSTS: weakref.WeakKeyDictionary[discord.Client, Analyst] = weakref.WeakKeyDictionary()


def analyst(bot: Host) -> Analyst:
    """The bot's analyst: its store, and the computer table's analysis worker."""
    found = _ANALYSTS.get(bot)
    if found is None:
        found = _ANALYSTS[bot] = Analyst(AnalysisStore(bot.service.store), bot.computers.analysis)
    return found


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def analysis_text(
    match: Match, analysis: StoredAnalysis, names: messages.Names, language: str = ENGLISH
) -> str:
    """The post's words, said in ``language``: what the chart is, and the three largest swings
    (each move in the words the rules gave it, kept whole with the analysis)."""
    game = match.game
    lines: list[Text] = [
        T(
            "**{game}** match #{number}: where it turned. The chart shows each player's chances "
            "of winning after every decision, as the computer player's search estimated them "
            "from what the deciding player could see then (never anyone's hidden cards).",
            game=game.spec.name,
            number=match.id,
        )
    ]
    chances = analysis.chances
    players = len(match.players)
    for number, swing in enumerate(analysis.swings, start=1):
        index, seat = int(swing["index"]), int(swing["seat"])
        before = chances[index - 1] if index > 0 else [1.0 / players] * players
        after = chances[index]
        moved = max(range(players), key=lambda s: abs(after[s] - before[s]))
        who = messages.person(match, seat, names, language)
        # The move's words are the rules' text, kept with the analysis: said now, in the
        # reader's language (an analysis kept before texts were holds its English).
        did = messages.told(match, seat, swing["move"], names, language).rstrip(". 。")
        values: dict[str, Param] = {
            "number": number,
            "decision": index + 1,
            "move": did,
            "before": percent(before[moved]),
            "after": percent(after[moved]),
        }
        if moved == seat:
            turned = T(
                "{number}. Decision {decision}: {move}: their chances {before} → {after}.",
                **values,
            )
        else:
            turned = T(
                "{number}. Decision {decision}: {move}: {player}'s chances {before} → {after}.",
                player=messages.person(match, moved, names, language),
                **values,
            )
        preferred = swing.get("preferred")
        theirs = percent(swing["preferred_chances"][seat]) if preferred else ""
        if isinstance(preferred, Text):  # words: the kind of a move whose card stays hidden
            instead = T(
                "The search preferred {move} ({player}'s chances {chances} after it).",
                move=preferred,
                player=who,
                chances=theirs,
            )
        elif preferred:  # the move's notation, its seats written as people
            said = messages.people(str(preferred), match, names, language)
            instead = T(
                "The search preferred `{move}` ({player}'s chances {chances} after it).",
                move=messages.quote(said),
                player=who,
                chances=theirs,
            )
        else:
            instead = T("The search would have played the same.")
        lines.append(joined([turned, instead], " "))
    if match.status == "finished" and match.outcome() is None:  # a resignation ended it
        lines.append(
            T(
                "The match ended early after decision {count}: the chart's last point is the "
                "estimate then, not the result.",
                count=len(chances),
            )
        )
    return say(joined(lines), language)


async def analysis_post(
    bot: Host, match: Match, analysis: StoredAnalysis, language: str
) -> tuple[str, discord.File]:
    """The analysis's words and chart, said in ``language``."""
    names = await bot.people.names(match.row.guild_id, match.players)
    drawn = await display_names(bot, match.row.guild_id, match.players, seat_names(match))
    swings = [int(s["index"]) for s in analysis.swings]
    title = say(
        T("{game} match #{number}: chances of winning", game=match.game.spec.name, number=match.id),
        language,
    )
    png = await asyncio.to_thread(
        rendered,
        "chances",
        chances_chart,
        analysis.chances,
        drawn,
        swings,
        title=title,
        language=language,
    )
    alt = chances_alt(analysis.chances, drawn, swings, language)
    file = discord.File(
        io.BytesIO(png),
        filename=f"{match.row.game}-{match.id}-analysis.png",
        description=clip_alt(alt),
    )
    return messages.clip(analysis_text(match, analysis, names, language)), file


async def answer_analysis(bot: Host, interaction: discord.Interaction, match: Match) -> None:
    """Analyse ``match`` (or read the kept analysis) and post it; the interaction is deferred
    privately. The first analysis is posted for the table; asked again, shown privately."""
    if match.row.guild_id != interaction.guild_id:
        raise NoMatchHere(T("Match #{number} was not played on this server.", number=match.id))
    if match.status != "finished":
        raise NoMatchHere(
            T(
                "Match #{number} is not finished: an analysis looks back on a finished match.",
                number=match.id,
            )
        )
    kept = await AnalysisStore(bot.service.store).get(match.id)
    if kept is not None:  # shown to the asker alone: in their language
        text, file = await analysis_post(bot, match, kept, reader(interaction))
        await interaction.followup.send(
            text, file=file, ephemeral=True, allowed_mentions=NO_MENTIONS
        )
        return
    require_posting(interaction)
    entries = await bot.service.store.moves(match.id)
    done, posted = await analyst(bot).analysis(match, entries)
    if not posted:  # another request computed it meanwhile: that one posts it
        text, file = await analysis_post(bot, match, done, reader(interaction))
        await interaction.followup.send(
            text, file=file, ephemeral=True, allowed_mentions=NO_MENTIONS
        )
        return
    # Saved with its post in one transaction: the outbox posts it once, even after a crash.
    try:
        settled = await bot.dispatcher.settle(posted)
    except Exception:  # after the commit nothing may turn into "try again"
        settled = []
    failed = [e for e in settled if e.status == "failed"]
    if failed:
        said = T(
            "The analysis of match #{number} is saved, but it could not be posted in the "
            "channel: {error}. `/{game} analysis` shows it to you.",
            number=match.id,
            error=messages.failure_reason(failed[0]),
            game=match.row.game,
        )
    elif settled and all(e.status == "sent" for e in settled):
        said = T("Posted the analysis of match #{number}.", number=match.id)
    else:
        said = T(
            "The analysis of match #{number} is saved; it will appear in the match's "
            "channel as soon as Discord answers.",
            number=match.id,
        )
    await answer(interaction, said)


async def deliver(bot: Host, entry: OutboxEntry, nonce: str) -> None:
    """Post a kept analysis in its match's channel (an outbox entry of kind ``analysis``)."""
    match = await bot.service.by_id(int(entry.payload["match"]), allow_damaged=True)
    kept = await AnalysisStore(bot.service.store).get(match.id)
    if kept is None:
        raise Permanent(f"no analysis of match #{match.id} is kept")
    text, file = await analysis_post(bot, match, kept, await bot.languages.of_match(match))
    channel = bot.get_partial_messageable(match.row.channel_id)
    await channel.send(text, file=file, allowed_mentions=NO_MENTIONS, nonce=nonce)


class FinalPostButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A button of a final post naming its match (each kind: its ``prefix``, ``label``,
    ``style`` and what a click does, ``act``). This base is never registered: its template
    matches nothing."""

    prefix: ClassVar[str]
    label: ClassVar[str]
    style: ClassVar[discord.ButtonStyle]

    def __init__(self, match_id: int, language: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(Text(self.label), language),
                style=self.style,
                custom_id=f"{self.prefix}:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FinalPostButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast(Host, interaction.client)
        if not await bot.taking(interaction):
            return
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.act(bot, interaction)
        except Exception as error:
            await report(interaction, error)

    async def act(self, bot: Host, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class AnalysisButton(FinalPostButton, template=r"tt:an:(?P<match>\d+)"):
    """On a final post: analyse that match."""

    prefix, label, style = "tt:an", N_("Analysis"), discord.ButtonStyle.secondary

    async def act(self, bot: Host, interaction: discord.Interaction) -> None:
        await answer_analysis(bot, interaction, await clicked_match(bot, self.match_id))


class RematchButton(FinalPostButton, template=r"tt:rm:(?P<match>\d+)"):
    """On a final post: the same table again (a player of it asks)."""

    prefix, label, style = "tt:rm", N_("Rematch"), discord.ButtonStyle.success

    async def act(self, bot: Host, interaction: discord.Interaction) -> None:
        require_posting(interaction)
        old = await clicked_match(bot, self.match_id)
        done = await rematch(bot.service, old, interaction.user.id, guild_id=interaction.guild_id)
        try:
            settled = await bot.dispatcher.settle(done.entries)
        except Exception:  # the lobby is saved: nothing may turn into "try again" now
            settled = []
        text = T(
            "Match #{number} is open: the rematch of #{old}, seats turned by one. The others "
            "are invited; start it with `/{game} start` once they joined.",
            number=done.match.id,
            old=old.id,
            game=old.row.game,
        )
        await answer(interaction, joined([text, messages.delivery_note(settled)], ""))


def final_view(match_id: int, language: str = ENGLISH) -> discord.ui.View:
    """The buttons of a final post: Analysis and Rematch (labelled in the post's language)."""
    view = discord.ui.View(timeout=None)
    view.add_item(AnalysisButton(match_id, language))
    view.add_item(RematchButton(match_id, language))
    return view


class AnalysisCommands:
    """`analysis` for one game: mixed into ``GameCog``."""

    if TYPE_CHECKING:
        bot: Host
        game_key: ClassVar[str]

        async def match_to_show(
            self, interaction: discord.Interaction, match_id: int | None
        ) -> Match: ...

    @app_commands.command(  # type: ignore[type-var]
        name="analysis", description="Where a finished match turned: everyone's chances, charted"
    )
    @app_commands.describe(match=MATCH_HELP)
    async def analysis(
        self, interaction: discord.Interaction, match: MatchNumber | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.match_to_show(interaction, match)
        await answer_analysis(self.bot, interaction, found)


ANALYSIS_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (AnalysisButton, RematchButton)
