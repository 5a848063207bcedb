"""Channels and threads that change under the bot: deleted, archived after inactivity, reopened.

What Discord does, and the stand-in with it:

* A deleted channel is gone: every request about it is answered 404 Unknown Channel (10003),
  the threads made in it go with it, and the bot hears CHANNEL_DELETE (a thread deleted on its
  own: THREAD_DELETE). Neither event needs a privileged intent.
* A thread is archived after ``auto_archive_duration`` minutes (60, 1440, 4320 or 10080: a
  week at most) without a message, on the stand-in's clock (``clock``, which tests may share
  with the bot's manual clock); the bot hears THREAD_UPDATE. Nobody can run a command or press
  a button in an archived thread (the client does not send them). A message the bot sends
  reopens an archived thread, unless a moderator locked it (then 400, code 50083); PATCH
  archived=false reopens it with Send Messages in Threads alone, unless it is locked (which
  needs Manage Threads: the bot lacks it).

Discord archives on its own schedule; the stand-in does it when asked (``archive_idle_threads``)
and whenever it is about to read a thread (a post into it, an interaction in it), so a thread's
state always follows the clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .records import FakeChannel, InteractionResult

if TYPE_CHECKING:
    from collections.abc import Callable

    from .gateway import Gateway

ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)  # minutes Discord accepts
UNKNOWN_CHANNEL = 10003
ARCHIVED = 50083  # "Thread is archived": an operation on a locked, archived thread
MISSING_PERMISSIONS = 50013


class Places:
    """The stand-in's side of channels that are deleted and threads that archive (a mixin of
    ``FakeServer``)."""

    if TYPE_CHECKING:
        channels: dict[int, FakeChannel]
        gateway: Gateway
        clock: Callable[[], float]

        def guild_of(self, ch: FakeChannel) -> int: ...
        def _channel_payload(self, ch: FakeChannel) -> dict[str, Any]: ...
        def _bot_muted_in(self, ch: FakeChannel) -> bool: ...
        def _error(
            self,
            request: web.Request,
            status: int,
            code: int,
            message: str,
            rec: InteractionResult | None = None,
        ) -> web.Response: ...
        def _channel(self, request: web.Request) -> FakeChannel | None: ...

    deleted_channels: dict[int, FakeChannel]

    # ----- tests' side ----------------------------------------------------------------------

    async def delete_channel(self, channel: FakeChannel) -> None:
        """A member deletes ``channel`` (with its threads) or a thread: Discord forgets it and
        tells the bot (CHANNEL_DELETE, or THREAD_DELETE for a thread)."""
        gone = [channel, *(c for c in self.channels.values() if c.parent_id == channel.id)]
        guild = self.guild_of(channel)
        payload = self._channel_payload(channel)
        for ch in gone:
            self.deleted_channels[ch.id] = self.channels.pop(ch.id)
        if channel.is_thread:
            data = {
                "id": str(channel.id),
                "guild_id": str(guild),
                "parent_id": str(channel.parent_id),
                "type": channel.type,
            }
            await self.gateway.dispatch("THREAD_DELETE", data, guild=guild)
        else:
            await self.gateway.dispatch("CHANNEL_DELETE", payload, guild=guild)

    async def archive_idle_threads(self) -> list[FakeChannel]:
        """Archive every thread idle for its auto-archive duration by the clock now (each
        announced with THREAD_UPDATE); the threads archived."""
        archived = []
        for ch in list(self.channels.values()):
            if await self._archive_if_idle(ch):
                archived.append(ch)
        return archived

    async def archive(self, thread: FakeChannel, *, locked: bool = False) -> None:
        """A moderator archives ``thread`` now (and locks it, with ``locked``)."""
        thread.archived, thread.locked = True, locked
        await self._thread_changed(thread)

    def idle_until(self, thread: FakeChannel) -> float:
        """When ``thread`` is archived if nobody writes in it (the stand-in's clock)."""
        return thread.active_at + thread.auto_archive_duration * 60

    # ----- the server's side ------------------------------------------------------------------

    async def _archive_if_idle(self, ch: FakeChannel) -> bool:
        if not ch.is_thread or ch.archived or self.clock() < self.idle_until(ch):
            return False
        ch.archived = True
        await self._thread_changed(ch)
        return True

    async def _thread_changed(self, thread: FakeChannel) -> None:
        data = self._channel_payload(thread)
        await self.gateway.dispatch("THREAD_UPDATE", data, guild=self.guild_of(thread))

    def _touched(self, ch: FakeChannel) -> None:
        """A message in ``ch``: a thread's inactivity starts again."""
        if ch.is_thread:
            ch.active_at = self.clock()

    async def _closed_to_post(self, request: web.Request, ch: FakeChannel) -> web.Response | None:
        """Before a message into ``ch``: an archived thread is reopened by it, unless locked
        (refused, as Discord does); None when the message may go in."""
        await self._archive_if_idle(ch)
        if not ch.is_thread or not ch.archived:
            return None
        if ch.locked:
            return self._error(request, 400, ARCHIVED, "Thread is archived")
        ch.archived = False
        await self._thread_changed(ch)
        return None

    async def _closed_to_interactions(self, rec: InteractionResult) -> bool:
        """Whether Discord's client would refuse to send ``rec`` (a command, a click, an
        autocomplete) where it is: an archived thread takes none."""
        ch = rec.channel
        await self._archive_if_idle(ch)
        if ch.is_thread and ch.archived:
            rec.refused = f"the thread {ch.name!r} is archived: nobody can use commands in it"
            return True
        return False

    def _archive_duration(self, body: dict[str, Any]) -> int | None:
        duration = body.get("auto_archive_duration", 1440)
        return duration if duration in ARCHIVE_DURATIONS else None

    async def _patch_channel(self, request: web.Request) -> web.Response:
        """PATCH /channels/{id}: a thread's name, archive duration, archived and locked."""
        from .server import _json, _read_body  # (server.py imports this module)

        ch = self._channel(request)
        if ch is None:
            return self._error(request, 404, UNKNOWN_CHANNEL, "Unknown Channel")
        body, _ = await _read_body(request)
        if "auto_archive_duration" in body and self._archive_duration(body) is None:
            problem = (
                "Invalid Form Body (auto_archive_duration: Value must be one of "
                f"{ARCHIVE_DURATIONS}.)"
            )
            return self._error(request, 400, 50035, problem)
        if ch.is_thread and (
            body.get("locked") is not None or (ch.locked and body.get("archived") is False)
        ):
            # Locking, or reopening a locked thread, needs Manage Threads.
            return self._error(request, 403, MISSING_PERMISSIONS, "Missing Permissions")
        if ch.is_thread and body.get("archived") is False and self._bot_muted_in(ch):
            return self._error(request, 403, MISSING_PERMISSIONS, "Missing Permissions")
        if "name" in body:
            ch.name = str(body["name"])
        if ch.is_thread:
            if "auto_archive_duration" in body:
                ch.auto_archive_duration = int(body["auto_archive_duration"])
            if "archived" in body:
                ch.archived = bool(body["archived"])
                if not ch.archived:
                    ch.active_at = self.clock()  # reopened: its inactivity starts again
            await self._thread_changed(ch)
        return _json(self._channel_payload(ch))
