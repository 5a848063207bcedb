"""Privacy on Discord: `/tidetable forget` and its confirmation, and the servers the bot is
removed from (or comes back to). The work is in ``table/privacy.py``; the words are here.

`forget` only asks: what would change, and a button to go ahead, on an answer only the person
sees; nothing changes until the button is pressed. The button names the person and the moment
it was offered, so another member's click, or one after ``CONFIRM_FOR``, is refused and changes
nothing. A press forgets the person at once (``Privacy.forget``), and the answer says what
changed.

Discord tells the bot when it is removed from a server (GUILD_DELETE without ``unavailable``:
discord.py's ``on_guild_remove``) and when it is added again (GUILD_CREATE: ``on_guild_join``,
or ``on_guild_available`` at start-up). At start-up (``on_ready``) the servers this process
watches are compared with those the database holds data of: one the bot left while it was
down has its deletion scheduled then.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs.host import Host
from cogs.language import reader
from cogs.replies import answer, report
from data.erasures import Footprint
from data.store import StorageError
from i18n.catalogue import ENGLISH, say
from i18n.text import TN, T, Text, joined
from table.privacy import Forgotten

log = logging.getLogger("tidetable.privacy")

CONFIRM_FOR = 600.0  # seconds the question's button may be pressed (the bot's clock)


# -- the words ----------------------------------------------------------------------------------
def question(footprint: Footprint) -> Text:
    """What `/tidetable forget` would do, asked before anything changes."""
    lines = [T("**Forget me** deletes what Tidetable keeps about you, for good:")]
    lines.append(T("• your notification settings and any time away;"))
    if footprint.past:
        lines.append(
            TN(
                "• your name in {count} past match: you are shown there as “a former player” "
                "(the games stay whole, every move and score), and your ratings go;",
                "• your name in {count} past matches: you are shown there as “a former player” "
                "(the games stay whole, every move and score), and your ratings go;",
                footprint.past,
            )
        )
    if footprint.running:
        lines.append(
            TN(
                "• you resign from {count} running match (with two players the other wins; "
                "with more, the table plays your seat);",
                "• you resign from {count} running matches (with two players the other wins; "
                "with more, the table plays your seat);",
                len(footprint.running),
            )
        )
    if footprint.lobbies:
        lobbies = TN("{count} lobby", "{count} lobbies", len(footprint.lobbies))
        if footprint.created:
            lines.append(
                T(
                    "• you leave {lobbies}, and the {created} you opened close;",
                    lobbies=lobbies,
                    created=len(footprint.created),
                )
            )
        else:
            lines.append(T("• you leave {lobbies};", lobbies=lobbies))
    lines.append(
        T(
            "Posts the bot already made on Discord stay as they are. Press **Forget me** within "
            "{minutes} minutes to go ahead; nothing changes until you do.",
            minutes=int(CONFIRM_FOR // 60),
        )
    )
    return joined(lines)


def forgotten_text(done: Forgotten) -> Text:
    if done.former is None:
        return T("There was nothing to delete: Tidetable keeps nothing about you.")
    closed = done.closed
    parts: list[Text] = []
    if closed.resigned:
        parts.append(
            TN("resigned from {count} match", "resigned from {count} matches", len(closed.resigned))
        )
    if closed.left:
        parts.append(TN("left {count} lobby", "left {count} lobbies", len(closed.left)))
    if closed.cancelled:
        parts.append(
            TN(
                "closed {count} lobby you opened",
                "closed {count} lobbies you opened",
                len(closed.cancelled),
            )
        )
    done_text = T(
        "Done: Tidetable keeps nothing about you any more. Past matches show you as "
        "“a former player”."
    )
    if done.unfinished:
        did: Text | None = T(
            "Your open matches are resigned or left in a moment (the database was busy)."
        )
    elif parts:
        did = T("You {done}.", done=joined(parts, ", "))
    else:
        did = None
    return done_text if did is None else joined([done_text, did], " ")


# -- the button --------------------------------------------------------------------------------
class ForgetButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:forget:(?P<act>go|keep):(?P<user>\d+):(?P<at>\d+)",
):
    """ "Forget me" (``go``) or "Keep everything" (``keep``) under the question: it names whom
    the question was for and when it was asked."""

    def __init__(self, act: str, user_id: int, at: int, language: str = ENGLISH) -> None:
        go = act == "go"
        super().__init__(
            discord.ui.Button(
                label=say(T("Forget me") if go else T("Keep everything"), language),
                style=discord.ButtonStyle.danger if go else discord.ButtonStyle.secondary,
                custom_id=f"tt:forget:{act}:{user_id}:{at}",
            )
        )
        self.act, self.user_id, self.at = act, user_id, at

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ForgetButton:
        return cls(match["act"], int(match["user"]), int(match["at"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast(Host, interaction.client)  # the application is the one client
        if not await bot.taking(interaction):  # the bot is stopping: nothing is done
            return
        try:
            refusal = self.refusal(interaction.user.id, bot.clock.now())
            if refusal is not None:
                await answer(interaction, refusal)
                return
            if self.act == "keep":
                await interaction.response.edit_message(
                    content=say(
                        T("Nothing was deleted: Tidetable keeps what it had."), reader(interaction)
                    ),
                    view=None,
                )
                return
            await interaction.response.defer()  # forgetting may take more than 3 seconds
            bot.languages.forget_person(self.user_id)  # their locale is not written again
            done = await bot.privacy.forget(self.user_id)
            bot.languages.forget_person(self.user_id)  # their locale's row went with the rest
            try:  # the resignations' posts: tried before the answer, as for any action
                await bot.dispatcher.settle(done.closed.entries)
            except Exception:  # after the commit nothing may turn into "try again"
                log.exception("after forgetting a person, the posts could not be checked")
            await interaction.edit_original_response(
                content=say(forgotten_text(done), reader(interaction)), view=None
            )
        except Exception as error:  # one handler for every error, as for slash commands
            await report(interaction, error)

    def refusal(self, user_id: int, now: float) -> Text | None:
        """Why this click changes nothing, or None when it may go ahead."""
        if user_id != self.user_id:
            return T(
                "This question is another member's: nothing was changed. "
                "`/tidetable forget` asks about you."
            )
        if not self.at - 60 <= now <= self.at + CONFIRM_FOR:
            return T(
                "This question is older than {minutes} minutes: nothing was "
                "changed. Run `/tidetable forget` again.",
                minutes=int(CONFIRM_FOR // 60),
            )
        return None


def question_view(user_id: int, now: float, language: str = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton("go", user_id, int(now), language))
    view.add_item(ForgetButton("keep", user_id, int(now), language))
    return view


# -- the command (a mixin of the /tidetable group) ---------------------------------------------
class ForgetCommands:
    """`/tidetable forget`: mixed into ``TidetableCog``, whose group collects app commands from
    its base classes."""

    if TYPE_CHECKING:
        bot: Host

    @app_commands.command(  # type: ignore[type-var]
        name="forget", description="Delete what the bot keeps about you (asks first)"
    )
    async def forget(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        user_id = interaction.user.id
        footprint = await self.bot.privacy.footprint(user_id)
        if footprint.empty:
            await answer(interaction, T("Tidetable keeps nothing about you: nothing to delete."))
            return
        view = question_view(user_id, self.bot.clock.now(), reader(interaction))
        await answer(interaction, question(footprint), view=view)


# -- servers leaving and coming back -------------------------------------------------------------
class GuildWatch(commands.Cog):
    """Schedules a server's deletion when the bot is removed, and calls it off when it is back."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        try:
            await self.bot.privacy.removed(guild.id)
        except StorageError as error:  # said once by the store; the start-up check redoes it
            log.warning("could not schedule the deletion of server %s: %s", guild.id, error)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self._back(guild)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self._back(guild)

    async def _back(self, guild: discord.Guild) -> None:
        try:
            await self.bot.privacy.back(guild.id)
        except StorageError as error:
            log.warning("could not keep the data of server %s: %s", guild.id, error)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # READY lists every server of this process's shards, those unavailable too.
        try:
            await self.bot.privacy.reconcile([g.id for g in self.bot.guilds], self.watches)
        except StorageError as error:
            log.warning("could not compare the servers with the database: %s", error)

    def watches(self, guild_id: int) -> bool:
        """Whether this process runs the shard of ``guild_id`` (Discord's formula): servers
        of other processes' shards are not missing, only elsewhere."""
        shard_ids = self.bot.shard_ids
        if shard_ids is None:
            return True
        return (guild_id >> 22) % (self.bot.shard_count or 1) in shard_ids


async def setup(bot: Host) -> None:
    bot.add_dynamic_items(ForgetButton)
    await bot.add_cog(GuildWatch(bot))
