"""The herald: turns one outbox entry into what Discord shows, and sends it, once.

The match service writes *what* must be announced (an event and the match version it is about);
the herald chooses the words and draws the picture at delivery time, from the state at that
version, and sends it with a nonce unique to the entry, so that a retry after a lost answer, or
after a crash between posting and marking it delivered, is dropped by Discord instead of posted
twice. Its errors are sorted for the dispatcher: worth retrying (Transient) or not (Permanent).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from cogs import messages
from cogs.components import join_view
from cogs.history import breakdown_file
from data.matches import Match
from data.outbox import Permanent, Transient
from data.store import Announcement, OutboxEntry

if TYPE_CHECKING:
    from bot import Tidetable
    from cogs.base import GameCog

log = logging.getLogger("tidetable.herald")

DM_CLOSED = 50007  # Discord's "Cannot send messages to this user"
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
LATE_AFTER = 60.0  # seconds: an announcement older than this says it was posted late
CLOSED = "dm_closed"  # the failure reason of a DM to a user whose DMs are closed


class Herald:
    """Delivers outbox entries through the bot's Discord connection."""

    def __init__(self, bot: Tidetable) -> None:
        self.bot = bot
        self.store = bot.service.store
        self.started_at = bot.clock.now()

    async def deliver(self, entry: OutboxEntry) -> None:
        try:
            if entry.kind == "dm":
                await self._dm(entry)
            elif entry.kind == "think":  # a computer seat's turn
                await self.bot.computers.think(entry)
            elif entry.kind == "post":
                await self._post(entry)
            else:
                raise Permanent(f"unknown outbox kind {entry.kind!r}")
        except discord.Forbidden as error:
            raise Permanent(f"Discord refused it ({error.code}: {error.text})") from None
        except discord.NotFound as error:
            raise Permanent(f"Discord has no such channel or user ({error.text})") from None
        except discord.HTTPException as error:
            if error.status >= 500 or error.status == 429:
                retry = _retry_after(error)
                raise Transient(f"Discord answered {error.status}", retry) from None
            raise Permanent(f"Discord refused it ({error.status}: {error.text})") from None
        except (aiohttp.ClientError, OSError, TimeoutError) as error:
            raise Transient(f"network: {type(error).__name__}") from None

    # -- public posts ---------------------------------------------------------------------
    async def _post(self, entry: OutboxEntry) -> None:
        payload = entry.payload
        match = await self.bot.service.by_id(entry.match_id or 0, allow_damaged=True)
        cog = self.bot.game_cog(match.row.game)
        content, files, view = await self._compose(cog, match, payload)
        pinged = self._pinged(match, payload)
        if self._late(entry):
            content = f"*(posted late: this happened <t:{int(entry.created_at)}:R>)*\n{content}"
        channel = self.bot.get_partial_messageable(match.row.channel_id)
        try:
            await channel.send(
                messages.clip(content),
                files=files or discord.utils.MISSING,
                view=view or discord.utils.MISSING,
                allowed_mentions=pinged,
                nonce=self._nonce(entry),
            )
        except discord.Forbidden:
            raise Permanent(messages.cannot_post(match.row.channel_id)) from None

    async def _compose(
        self, cog: GameCog, match: Match, payload: dict[str, Any]
    ) -> tuple[str, list[discord.File], discord.ui.View | None]:
        event, version = payload["event"], int(payload["version"])
        if match.damaged and event != "cancel":
            raise Permanent(f"match {match.id} cannot be read: {match.damaged}")
        user = payload.get("user")
        who = messages.mention(user) if user else ""
        if event in ("opened", "joined", "left"):
            lobby = messages.lobby_line(match)
            view = join_view(match.id) if match.status == "lobby" else None
            lead = {"opened": "", "joined": f"{who} joined. ", "left": f"{who} left. "}[event]
            return lead + lobby, [], view
        if event == "cancel":
            return f"{who} cancelled match #{match.id}.", [], None
        if event == "dm_closed":
            return messages.closed_dms([int(payload["user"])], match.row.game), [], None
        # People are named by their display name on the server, in the texts and the picture.
        names = await self.bot.people.names(match.row.guild_id, match.players)
        if event == "resign":
            return messages.final_text(match, names), [], None
        state = await self.bot.service.state_at(match, version)
        then = messages.at_version(match, version, state)
        if event == "start":
            headline = f"**{match.game.spec.name}** match #{match.id} begins. "
            headline += messages.seating(then, names)
            closed = [u for u in then.players if await self.store.dm_closed(u)]
            if closed:
                headline += "\n" + messages.closed_dms(closed, match.row.game)
        elif event == "move":
            headline = self._move_lines(then, payload, names)
        elif event == "undo":
            move = messages.quote(str(payload["move"]))
            who = messages.person(then, int(payload["seat"]), names)
            headline = f"{who} took back `{move}`."
        else:
            raise Permanent(f"unknown event {event!r}")
        content = f"{headline}\n{messages.next_line(then, names)}"
        filename = f"{match.row.game}-{match.id}-{version}.png"
        files = [await cog.board_file(then, names, filename)]
        if event == "move" and then.status != "active":  # the end: the scores as a picture too
            files += [f for f in [await breakdown_file(self.bot, then)] if f is not None]
        current = version == match.version and match.status == "active"
        return content, files, cog.choices_for(then) if current else None

    @staticmethod
    def _move_lines(then: Match, payload: dict[str, Any], names: messages.Names) -> str:
        """What was played, naming people; at the end without the sentence saying the game is
        over (the final text that follows says why, once)."""
        over = then.status != "active"
        lines = []
        moves = [payload, *payload.get("forced", ())]
        for index, played in enumerate(moves):
            seat = int(played["seat"])
            said = str(played["description"])
            if over and index == len(moves) - 1:
                said = messages.without_end(said)  # before naming: it splits at capitals
            said = messages.people(said, then, names)
            who = messages.person(then, seat, names)
            if index == 0:
                lines.append(said if said.startswith(who) else f"{who}: {said}")
            else:  # "The only choice, played for bob (B): moved the boat to a3 …"
                said = said[len(who) :].lstrip(" :") if said.startswith(who) else said
                lines.append(f"The only choice, played for {who}: {said}")
        return "\n".join(lines)

    @staticmethod
    def _pinged(match: Match, payload: dict[str, Any]) -> discord.AllowedMentions:
        """Who this post notifies: everyone it mentions, except a mover who simply goes on
        deciding (they just acted; a ping would only repeat what they know)."""
        if payload.get("event") not in ("move", "undo"):
            return MENTION_USERS
        mover = match.user_at(int(payload["seat"])) if match.players else None
        others = [
            discord.Object(id=u)
            for u in dict.fromkeys(match.to_act() or match.players)
            if u != mover and u > 0  # computer seats (negative ids) are not Discord users
        ]
        if match.status != "active":  # the final post: everyone hears the result
            others = [discord.Object(id=u) for u in match.players if u > 0]
        return discord.AllowedMentions(users=others, roles=False, everyone=False)

    # -- private views ----------------------------------------------------------------------
    async def _dm(self, entry: OutboxEntry) -> None:
        payload = entry.payload
        match = await self.bot.service.by_id(entry.match_id or 0, allow_damaged=True)
        if match.damaged:
            raise Permanent(f"match {match.id} cannot be read: {match.damaged}")
        cog = self.bot.game_cog(match.row.game)
        version, seat, user = int(payload["version"]), int(payload["seat"]), int(payload["user"])
        state = await self.bot.service.state_at(match, version)
        then = messages.at_version(match, version, state)
        names = await self.bot.people.names(match.row.guild_id, match.players)
        text, file = await cog.private_view(then, seat, names)
        # One DM per decision (data/matches.py private_views): it says so, and links the match.
        header = f"**{match.game.spec.name}** match #{match.id}"
        header += " — your turn" if seat in then.game.to_act(state) else " — your private view"
        if self._late(entry):
            header += f" (sent late: as it was <t:{int(entry.created_at)}:R>)"
        header += f"\n{messages.match_link(match)}"
        try:
            channel = await self.bot.create_dm(discord.Object(id=user))
            await channel.send(
                messages.clip(f"{header}:\n{text}"),
                file=file or discord.utils.MISSING,
                nonce=self._nonce(entry),
            )
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise Permanent(f"Discord refused the DM ({error.code})") from None
            # Said in the channel once when DMs are found closed, not once per private view.
            if await self.store.dm_closed(user):
                raise Permanent(CLOSED) from None
            await self.store.set_dm_closed(user, True)
            notice = Announcement("post", {"event": "dm_closed", "user": user, "version": version})
            raise Permanent(CLOSED, [notice]) from None
        if await self.store.dm_closed(user):
            await self.store.set_dm_closed(user, False)

    # -- helpers ----------------------------------------------------------------------------
    def _late(self, entry: OutboxEntry) -> bool:
        """Left over from before this start (a crash), or held up for a while (an outage)."""
        now = self.bot.clock.now()
        return entry.created_at < self.started_at or now - entry.created_at > LATE_AFTER

    def _nonce(self, entry: OutboxEntry) -> str:
        # Discord keeps a nonce for a few minutes: a retried create with the same one returns
        # the message already made. Unique per database and entry; at most 25 characters.
        return f"tt{self.bot.service.store.instance}{entry.id}"[:25]


def _retry_after(error: discord.HTTPException) -> float | None:
    response = getattr(error, "response", None)
    header = response.headers.get("Retry-After") if response is not None else None
    try:
        return float(header) if header else None
    except ValueError:
        return None
