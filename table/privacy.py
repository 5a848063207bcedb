"""Privacy: forgetting a person who asks for it, and deleting the data of a server that removed
the bot once its grace period is over. Knows no Discord.

**Forgetting** (``forget``) happens in two steps, each exactly once. First one transaction
(``ErasureStore.erase_person``) replaces the person by a placeholder of their own everywhere
(finished matches keep every seat, move and score, and replay as before; texts and pictures
show the placeholder as "a former player") and deletes their own rows; it also writes an
erasure row for the open seats the placeholder still holds. Then those seats are closed through
the match service, each change with its announcements in the outbox as any other: a running
match is resigned (with three or more players the table plays the seat, with two the other
wins), a lobby is left (one they created is cancelled: nobody else may start it). The
announcements therefore name "a former player", never the person. When every seat is closed
the erasure row goes; after a crash the eraser (``table/eraser.py``) finishes the job, and
each step skips what is done already (a seat resigned is not resigned again).

**A server** that removed the bot (``removed``) gets an erasure row due after the grace period;
the bot's return (``back``) deletes it; at start-up ``reconcile`` does both for the servers the
bot was removed from, or came back to, while it was down.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from data.erasures import Erasure, ErasureStore, Footprint
from data.store import StorageError
from rules.errors import PlayerError
from table.errors import StaleMove
from table.service import MatchService
from table.turnclock import DAY

log = logging.getLogger("tidetable.privacy")

GRACE_DAYS = 30.0  # how long a server's data is kept after the bot was removed (the default)
CLOSE_TRIES = 5  # a seat's change is tried this often when moves keep landing first
SOON = 5.0  # seconds before the eraser tries again what the database refused just now


@dataclass
class Closed:
    """What closing a former player's open seats did, by match id, and its announcements."""

    resigned: list[int] = field(default_factory=list)
    left: list[int] = field(default_factory=list)
    cancelled: list[int] = field(default_factory=list)
    entries: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Forgotten:
    """A person forgotten (``former`` is None when the bot kept nothing about them)."""

    former: int | None
    closed: Closed
    unfinished: bool = False  # some open seats are closed later, by the eraser


class Privacy:
    """Forgetting people and servers, over the match service."""

    def __init__(self, service: MatchService, grace_days: float = GRACE_DAYS) -> None:
        self.service = service
        self.erasures = ErasureStore(service.store)
        self.grace = grace_days * DAY
        self.clock = service.store.clock
        # Wakes the eraser when a deletion was scheduled (app/application.py sets it).
        self.changed: Callable[[], None] = lambda: None

    # -- a person ---------------------------------------------------------------------------
    async def footprint(self, user_id: int) -> Footprint:
        """What ``forget`` would change, for the question asked before it."""
        return await self.erasures.footprint(user_id)

    async def forget(self, user_id: int) -> Forgotten:
        """Forget ``user_id``: their identity replaced and their own data deleted at once, then
        their open seats closed (see the module's text)."""
        before = await self.erasures.footprint(user_id)
        async with contextlib.AsyncExitStack() as held:
            # No move of this process lands between the rewrite and the caches dropped: a
            # match in memory would still name the person.
            for match_id in sorted({*before.running, *before.lobbies}):
                await held.enter_async_context(self.service._lock(match_id))
            erased = await self.erasures.erase_person(user_id)
            if erased is not None:
                self.service.drop_cached(erased.open_matches)
        if erased is None:
            return Forgotten(None, Closed())
        log.info("a person was forgotten (now former player %s)", erased.former)
        try:
            closed = await self.close_seats(erased.former)
            await self.erasures.finish(erased.erasure)
        except StorageError as error:
            # They are forgotten (that is committed); the eraser closes the seats left.
            log.warning("former player %s: open seats left for later (%s)", erased.former, error)
            with contextlib.suppress(StorageError):
                await self.erasures.postpone(erased.erasure, self.clock.now() + SOON)
            self.changed()
            return Forgotten(erased.former, Closed(), unfinished=True)
        return Forgotten(erased.former, closed)

    async def close_seats(self, former: int) -> Closed:
        """Resign or leave every open match in which ``former`` still holds a seat. Each is a
        change of its own, through the same path (and announcements) as the commands; one
        done already is skipped, so this may run again after a crash."""
        closed = Closed()
        for match_id in await self.service.clocks.open_matches_of(former):
            for _ in range(CLOSE_TRIES):
                try:
                    await self._close_one(match_id, former, closed)
                except StaleMove:
                    continue  # a move landed first: look at the match again
                except StorageError:
                    raise  # the seat is still open: the erasure row stays for another try
                except PlayerError as refused:  # damaged, or over meanwhile: nothing to do
                    log.info("match %s: former player's seat left as it is (%s)", match_id, refused)
                break
        return closed

    async def _close_one(self, match_id: int, former: int, closed: Closed) -> None:
        service = self.service
        match = await service.by_id(match_id)
        channel, game = match.row.channel_id, match.row.game
        if match.status == "lobby" and match.creator_id == former:
            done = await service.cancel(channel, game, former, is_admin=False)
            closed.cancelled.append(match_id)
        elif match.status == "lobby":
            done = await service.leave(channel, game, former)
            closed.left.append(match_id)
        elif match.status == "active":
            seat = match.seat_of(former)
            if seat is None or (match.row.table and match.row.table[seat] == 2):
                return  # resigned already: the table plays the seat to the end
            done = await service.resign(channel, game, former)
            closed.resigned.append(match_id)
        else:
            return
        closed.entries += done.entries

    # -- servers ----------------------------------------------------------------------------
    async def removed(self, guild_id: int) -> None:
        """The bot was removed from ``guild_id``: its data goes after the grace period."""
        if await self.erasures.schedule_guild(guild_id, self.clock.now() + self.grace):
            days = self.grace / DAY
            log.info("removed from server %s: its data goes in %.0f days", guild_id, days)
            self.changed()

    async def back(self, guild_id: int) -> None:
        """The bot is in ``guild_id`` (again): nothing of it is deleted."""
        if await self.erasures.cancel_guild(guild_id):
            log.info("back in server %s: the deletion of its data is called off", guild_id)

    async def reconcile(self, present: Iterable[int], mine: Callable[[int], bool]) -> None:
        """At start-up: the servers this process watches (``mine``: of its shards) that hold
        data and that the bot is no longer in were left while it was down; those it is in
        keep their data."""
        here = set(present)
        for guild_id in await self.erasures.guilds_with_data():
            if mine(guild_id) and guild_id not in here:
                await self.removed(guild_id)
        for erasure in await self.erasures.pending("guild"):
            if erasure.subject in here:
                await self.back(erasure.subject)

    async def carry_out(self, erasure: Erasure) -> None:
        """One due erasure (the eraser calls this): a server's data deleted, or a former
        player's open seats closed."""
        if erasure.kind == "guild":
            gone = await self.erasures.delete_guild(erasure)
            if gone is not None:
                self.service.drop_cached(gone)
                log.info("server %s: its data is deleted (%d matches)", erasure.subject, len(gone))
            return
        await self.close_seats(erasure.subject)
        await self.erasures.finish(erasure.id)
