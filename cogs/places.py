"""The places matches live in, as Discord changes them: deleted channels and threads, and
threads Discord archives.

* A channel or thread deleted (CHANNEL_DELETE, THREAD_DELETE: no privileged intent needed;
  discord.py turns the deletion of a channel into a THREAD_DELETE of each of its threads it
  knows) hands its open match to ``table.places.channel_gone``: paused, its creator told by
  DM, cancelled after its clock's length. The herald reports the same when Discord answers a
  post with 404 Unknown Channel (the event may have been missed: the bot was down).
* Discord archives a thread after a week at most without a message, and nobody can use a
  command in an archived thread: with a one-week clock, a paused match or a player away for
  two weeks, a match's thread would close under its players. While its match is open the bot
  reopens it at once (THREAD_UPDATE archived), which needs Send Messages in Threads alone. A
  thread a moderator *locked* stays closed: that is a decision, not inactivity. A thread
  archived while the bot was down is reopened by its next post (Discord reopens an archived
  thread for a message), or by a member writing in it.

The "place" entries ``table.places`` writes are delivered here (the herald hands them over):
the creator's DM, and the cancellation once the wait is over.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from cogs import messages
from cogs.host import Host
from data.outbox import Permanent
from data.store import OutboxEntry, StorageError
from i18n.catalogue import say
from i18n.text import Param, T
from table import places

log = logging.getLogger("tidetable.places")

UNKNOWN_CHANNEL = 10003  # Discord's code for a channel (or thread) that does not exist
PLACE = places.PLACE  # the outbox kind delivered here


class Places(commands.Cog):
    """Listens for the deletion of channels and threads and for archived match threads."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await channel_gone(self.bot, channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await channel_gone(self.bot, payload.thread_id)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        metadata: dict[str, Any] = dict(payload.data.get("thread_metadata") or {})
        if not metadata.get("archived") or metadata.get("locked"):
            return
        try:
            if await self.bot.service.store.open_match_in(payload.thread_id) is None:
                return
            # Reopened with the archive duration it had: Discord counts the week afresh.
            await self.bot.http.edit_channel(payload.thread_id, archived=False)
        except (discord.HTTPException, StorageError) as error:
            # It stays archived until the match's next post (which reopens it) or a member's
            # message; nothing else depends on it.
            log.warning("could not reopen match thread %s: %s", payload.thread_id, error)
            return
        log.info("reopened match thread %s, archived by Discord", payload.thread_id)


async def channel_gone(bot: Host, channel_id: int) -> None:
    """Hand the open match of ``channel_id`` (if any) to the table: its place is gone."""
    try:
        done = await places.channel_gone(bot.service, channel_id)
    except StorageError as error:  # the next post to the channel reports it again
        log.warning("channel %s is gone, but its match could not be paused: %s", channel_id, error)
        return
    if done is not None:
        bot.dispatcher.nudge()  # the creator's DM is due


async def gone_from_post(bot: Host, channel_id: int, error: discord.NotFound) -> Permanent:
    """What the herald raises when a post met 404: a channel Discord does not know is gone
    (its match handed to the table first); any other 404 only fails the post."""
    if error.code == UNKNOWN_CHANNEL:
        await channel_gone(bot, channel_id)
        return Permanent(messages.channel_gone(error.code, error.text))
    return Permanent(messages.no_such_place(error.text))


async def deliver(bot: Host, entry: OutboxEntry, nonce: str) -> None:
    """Deliver a "place" entry: the DM to a match's creator saying its channel is gone, or
    the cancellation after the wait (``table.places``)."""
    event = entry.payload.get("event")
    if event == places.EXPIRE:
        await places.expire(bot.service, entry)
        return
    if event != places.GONE:
        raise Permanent(f"unknown place event {event!r}")
    match = await bot.service.by_id(entry.match_id or 0, allow_damaged=True)
    user = int(entry.payload["user"])
    server = await bot.people.server(match.row.guild_id)
    values: dict[str, Param] = {
        "game": match.game.spec.name,
        "number": match.id,
        "command": match.row.game,
    }
    where = T("on **{server}**", server=server) if server else T("on its server")
    if entry.payload.get("cancelled"):
        text = T(
            "The channel of your **{game}** match #{number} {where} was deleted before the "
            "match started: it is cancelled. Open a new one with `/{command} new` in another "
            "channel.",
            where=where,
            **values,
        )
    else:
        text = T(
            "The channel of your **{game}** match #{number} {where} was deleted, so the match "
            "cannot go on there: its clock is paused, and the table cancels it {until}. Its "
            "moves stay readable with `/{command} log match:{number}` on that server. (Should "
            "the channel be there after all, a move or `resume` in it keeps the match.)",
            where=where,
            until=messages.timestamp(float(entry.payload["until"])),
            **values,
        )
    channel = await bot.create_dm(discord.Object(id=user))
    await channel.send(say(text, await bot.languages.of_person(user)), nonce=nonce)


async def setup(bot: Host) -> None:
    await bot.add_cog(Places(bot))
