"""Who the players are called on their server: display names for the texts and the pictures.

The bot asks for no privileged intent, so Discord does not send it the member list; a name is
read from the cache when the member is there, else fetched once (GET guild member needs no
intent) and kept for a while, so a match's posts do not each cost a request per player. A name
that cannot be had (the member left, Discord is slow) is None: texts then mention the user and
pictures say "Seat 2"; looking a name up never stops a post.

A sharded bot holds in its cache only the servers of the shards it runs, yet it may announce a
match of any server (the outbox is shared) or list one (`/tidetable mine`): names of members,
servers and channels it does not hold are read over REST, which is not sharded.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp
import discord

from cogs.messages import FORMER_NAME
from data.clock import Clock
from data.former import is_former
from data.lru import Lru
from table.computers import computer_name, is_computer

log = logging.getLogger("tidetable.people")

KEEP_FOR = 600.0  # seconds a fetched name is trusted: a renamed member shows within minutes
NAMES_KEPT = 20_000  # (server, person) pairs
PLACES_KEPT = 5_000  # servers and channels
MISSING_KEEP_FOR = 60.0  # a lookup that failed is not retried on every post
LOOKUP_ERRORS = (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError)


class People:
    """Display names by (guild, user), from the cache or fetched and kept for a while."""

    def __init__(self, bot: discord.Client, clock: Clock) -> None:
        self.bot = bot
        self.clock = clock
        # Bounded (the least recently asked forgotten first): names are fetched again.
        self._known: Lru[tuple[int, int], tuple[str | None, float]] = Lru(NAMES_KEPT)
        self._places: Lru[tuple[str, int], tuple[str | None, float]] = Lru(PLACES_KEPT)

    async def names(self, guild_id: int | None, users: Sequence[int]) -> list[str | None]:
        """The display name of each user in ``guild_id`` (None where it cannot be had)."""
        return [await self.name(guild_id, user) for user in users]

    async def name(self, guild_id: int | None, user_id: int) -> str | None:
        if is_computer(user_id):  # a computer seat is no Discord user: it has its own name
            return computer_name(user_id)
        if is_former(user_id):  # nor is a person who asked to be forgotten
            return FORMER_NAME
        now = self.clock.now()
        key = (guild_id or 0, user_id)
        kept = self._known.get(key)
        if kept is not None and now < kept[1]:
            return kept[0]
        name = self._cached(guild_id, user_id)
        if name is None:
            name = await self._fetched(guild_id, user_id)
        self._known[key] = (name, now + (KEEP_FOR if name else MISSING_KEEP_FOR))
        return name

    async def is_member(self, guild_id: int | None, user_id: int) -> bool:
        """Whether ``user_id`` is a member of the server ``guild_id``, as its name there says
        (from the cache, else GET guild member, which needs no intent; kept as names are).
        False when it cannot be told (no server, a computer seat, Discord not answering):
        what rests on it is privacy, and in doubt a player is not named."""
        if not guild_id or is_computer(user_id):
            return False
        return await self.name(guild_id, user_id) is not None

    def _cached(self, guild_id: int | None, user_id: int) -> str | None:
        guild = self.bot.get_guild(guild_id) if guild_id else None
        member = guild.get_member(user_id) if guild is not None else None
        return member.display_name if member is not None else None

    async def _fetched(self, guild_id: int | None, user_id: int) -> str | None:
        try:
            if guild_id:
                guild = self.bot.get_guild(guild_id)
                if guild is not None:
                    return (await guild.fetch_member(user_id)).display_name
                # A server of another shard: GET guild member needs no Guild object.
                return _display_name(await self.bot.http.get_member(guild_id, user_id))
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            return user.display_name
        except LOOKUP_ERRORS as error:
            log.info("no display name for user %s in guild %s: %s", user_id, guild_id, error)
            return None

    async def server(self, guild_id: int | None) -> str | None:
        """A server's name: from the cache, else fetched (its shard may run elsewhere) and kept
        for a while; None when it cannot be had."""
        if not guild_id:
            return None
        guild = self.bot.get_guild(guild_id)
        if guild is not None and guild.name:
            return guild.name

        async def fetch() -> str | None:
            return (await self.bot.fetch_guild(guild_id)).name

        return await self._place("guild", guild_id, fetch)

    async def channel(self, channel_id: int) -> str | None:
        """A channel's (or thread's) name: from the cache, else fetched and kept for a while;
        None when it cannot be had."""
        channel = self.bot.get_channel(channel_id)
        name = getattr(channel, "name", None)
        if name:
            return name

        async def fetch() -> str | None:
            return getattr(await self.bot.fetch_channel(channel_id), "name", None)

        return await self._place("channel", channel_id, fetch)

    async def _place(
        self, kind: str, place_id: int, fetch: Callable[[], Awaitable[str | None]]
    ) -> str | None:
        now = self.clock.now()
        kept = self._places.get((kind, place_id))
        if kept is not None and now < kept[1]:
            return kept[0]
        try:
            name = await fetch()
        except LOOKUP_ERRORS as error:
            log.info("no name for %s %s: %s", kind, place_id, error)
            name = None
        self._places[(kind, place_id)] = (name, now + (KEEP_FOR if name else MISSING_KEEP_FOR))
        return name


def _display_name(member: Any) -> str:
    """What discord.py's Member.display_name says, from a member payload: the server nickname,
    else the global display name, else the user name."""
    user = member.get("user") or {}
    return member.get("nick") or user.get("global_name") or user["username"]
