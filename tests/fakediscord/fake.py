"""FakeDiscord: the test-facing side of the stand-in (lifecycle, people, interactions, logs)."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord
import discord.asset
import discord.gateway
import discord.http
import yarl
from aiohttp import web

from . import languages, payloads
from .gateway import INTENT_GUILD_MEMBERS, shard_of
from .records import (
    Choices,
    FakeChannel,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionResult,
    snowflake,
    walk_components,
)
from .server import API, FakeServer

log = logging.getLogger("fakediscord")


async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
    """A bot's before_identify_hook that does not wait (see `FakeDiscord.tune`)."""


class FakeDiscord(FakeServer):
    """A local Discord (REST + gateway) on 127.0.0.1 for the real, unpatched discord.py client.

    One guild with text channels "games" and "other" (by default), a bot user whose id is the
    application id, and the members you add. `ack_timeout` is Discord's 3 s limit to acknowledge
    an interaction; `quiet` is how long the bot must stay silent before an interaction result is
    returned; `reply_timeout` bounds the wait for a follow-up after a deferral.
    """

    def __init__(
        self,
        *,
        guild_name: str = "Tidetable Test",
        channels: tuple[str, ...] = ("games", "other"),
        ack_timeout: float = 3.0,
        quiet: float = 0.05,
        reply_timeout: float = 5.0,
        guild_ready_timeout: float = 0.05,
        locale: str | None = None,
    ) -> None:
        super().__init__(guild_name=guild_name, channels=channels)
        # Every server's locale, and every member's unless given their own (None: the
        # suite's, ``languages.SUITE``: the end-to-end suite runs in the pseudo-language).
        self.locale = locale or languages.SUITE.locale
        languages.SUITE.stand_ins.append(self)
        self.ack_timeout = ack_timeout
        self.quiet = quiet
        self.reply_timeout = reply_timeout
        self.guild_ready_timeout = guild_ready_timeout
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL, str] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    # ----- lifecycle -----------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        """Serve on a free loopback port and point discord.py's base URLs at it."""
        self._runner = web.AppRunner(self._build_app(), shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        host, port = self._runner.addresses[0][:2]
        self.url = f"http://{host}:{port}"
        self._saved = (
            discord.http.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
            discord.asset.Asset.BASE,
        )
        discord.http.Route.BASE = self.url + "/api/v10"
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        discord.asset.Asset.BASE = self.url
        return self

    async def close(self) -> None:
        """Restore discord.py's URLs, drop websockets and stop serving."""
        if self._saved is not None:
            (
                discord.http.Route.BASE,
                discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
                discord.asset.Asset.BASE,
            ) = self._saved
            self._saved = None
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def tune(self, bot: discord.Client) -> None:
        """Make the bot stop waiting 2 s for more guilds after READY (we send them at once),
        and let its shards IDENTIFY one after the other without discord.py's 5 s pause (Discord
        allows one IDENTIFY per 5 s; the stand-in does not limit them)."""
        bot._connection.guild_ready_timeout = self.guild_ready_timeout
        bot.before_identify_hook = identify_at_once  # type: ignore[method-assign]

    async def wait_ready(
        self,
        bot: discord.Client,
        *,
        sync: bool = True,
        timeout: float = 5.0,
        task: asyncio.Task[Any] | None = None,
    ) -> None:
        """Wait until `bot` is READY and (with `sync`) has PUT its commands since it logged in."""
        self.tune(bot)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (bot.is_ready() and (not sync or self._synced_epoch == self._login_epoch > 0)):
            if task is not None and task.done():
                task.result()  # raises the bot's startup error, if any
                raise RuntimeError("the bot stopped before it was ready")
            if bot.is_closed():
                raise RuntimeError("the bot was closed before it was ready")
            if loop.time() > deadline:
                raise TimeoutError(
                    f"bot not ready after {timeout}s: ready={bot.is_ready()}, "
                    f"synced={self._synced_epoch == self._login_epoch > 0}, "
                    f"unknown routes={self.unknown_routes}"
                )
            await asyncio.sleep(0.01)

    @asynccontextmanager
    async def running(
        self, bot: discord.Client, token: str = "fake-token", *, sync: bool = True
    ) -> AsyncIterator[Any]:
        """Start `bot` against the stand-in, wait until ready, and close it on exit."""
        self.tune(bot)
        task = asyncio.create_task(bot.start(token, reconnect=False))
        try:
            await self.wait_ready(bot, sync=sync, task=task)
            yield bot
        finally:
            await bot.close()
            done, _ = await asyncio.wait({task}, timeout=5.0)
            if not done:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
            elif not task.cancelled() and task.exception() is not None:
                log.warning("fakediscord: bot task ended with %r", task.exception())

    # ----- the world -----------------------------------------------------------------------

    def add_member(
        self,
        name: str,
        *,
        manage_guild: bool = False,
        bot: bool = False,
        nick: str | None = None,
        guilds: tuple[int, ...] | None = None,
        locale: str | None = None,
    ) -> FakeUser:
        """A new guild member (sent as GUILD_MEMBER_ADD if a bot with that intent is connected);
        `nick` is their nickname on the servers (their display name there); `guilds` the
        guilds they are a member of (default: every one)."""
        user = FakeUser(snowflake(), name, bot=bot, manage_guild=manage_guild, nick=nick)
        user.locale = locale  # None: the stand-in's locale (Discord's client sends the user's)
        user.guilds = frozenset(guilds) if guilds is not None else None
        user.joined_at = payloads.now_iso()
        self.users[user.id] = user
        self.members.append(user)
        if self.gateway.current is not None and self.is_member(user, self.guild_id):
            data = {**self._member_payload(user), "guild_id": str(self.guild_id)}
            self._spawn(
                self.gateway.dispatch(
                    "GUILD_MEMBER_ADD", data, INTENT_GUILD_MEMBERS, guild=self.guild_id
                )
            )
        return user

    def member(self, name: str) -> FakeUser:
        return next(u for u in self.members if u.name == name)

    def add_role(self, name: str, permissions: int = 0) -> FakeRole:
        """A new role in every guild (sent as GUILD_ROLE_CREATE to a connected bot), granting
        `permissions` (bits of `payloads`) to the members given it."""
        role = FakeRole(snowflake(), name, permissions)
        self.roles.append(role)
        if self.gateway.current is not None:
            for guild in self.guild_ids:
                data = {
                    "guild_id": str(guild),
                    "role": payloads.role(role.id, name, permissions, 1),
                }
                self._spawn(self.gateway.dispatch("GUILD_ROLE_CREATE", data, guild=guild))
        return role

    def give_role(self, user: FakeUser, role: FakeRole) -> None:
        """`user` has `role` from now on (GUILD_MEMBER_UPDATE goes only to a bot with the
        privileged members intent, as on Discord; interactions carry the member's roles)."""
        if role.id not in user.roles:
            user.roles.append(role.id)
        if self.gateway.current is not None:
            for guild in self.guild_ids:
                data = {**self._member_payload(user), "guild_id": str(guild)}
                self._spawn(
                    self.gateway.dispatch(
                        "GUILD_MEMBER_UPDATE", data, INTENT_GUILD_MEMBERS, guild=guild
                    )
                )

    def allow_command(self, name: str, user: FakeUser) -> None:
        """A server's admins let `user` use the command `name` whatever permissions it asks
        for by default (Server Settings → Integrations): Discord then offers it to them."""
        self.command_overrides.setdefault(name, set()).add(user.id)

    async def remove_bot(self, guild_id: int | None = None) -> None:
        """The bot is removed from the guild (kicked, or the guild deleted): GUILD_DELETE
        without `unavailable` reaches the session of its shard; from now on the guild is not
        the bot's (no READY lists it, its channels answer 403 Missing Access, no member can
        use the bot's commands there)."""
        guild_id = guild_id or self.guild_id
        receivers = self.gateway.receivers(guild_id)
        self.left_guilds.add(guild_id)
        for session in receivers:
            await session.dispatch("GUILD_DELETE", {"id": str(guild_id)}, guild_id)

    async def add_bot(self, guild_id: int | None = None) -> None:
        """The bot is added to the guild again: GUILD_CREATE (of a guild joined, without
        `unavailable`) reaches the session of its shard."""
        guild_id = guild_id or self.guild_id
        self.left_guilds.discard(guild_id)
        data = self._guild_payload(guild_id)
        del data["unavailable"]  # a guild joined, not one coming back from an outage
        await self.gateway.dispatch("GUILD_CREATE", data, guild=guild_id)

    def add_channel(self, name: str) -> FakeChannel:
        """A new text channel (sent as CHANNEL_CREATE if a bot is connected)."""
        ch = FakeChannel(snowflake(), name)
        self.channels[ch.id] = ch
        if self.gateway.current is not None:
            data = self._channel_payload(ch)
            self._spawn(self.gateway.dispatch("CHANNEL_CREATE", data, guild=self.guild_id))
        return ch

    def add_guild(
        self,
        name: str,
        channels: tuple[str, ...] = ("games",),
        *,
        shard: tuple[int, int] | None = None,
    ) -> int:
        """A further guild the bot is in, with its own text channels (every member belongs to
        it too); its id. Add it before the bot connects: it arrives with READY. With `shard`
        (id, count), its id falls in that shard of a bot run with `count` shards."""
        guild_id = snowflake(shard)
        self.more_guilds[guild_id] = name
        for channel in channels:
            ch = FakeChannel(snowflake(), channel, guild_id=guild_id)
            self.channels[ch.id] = ch
        return guild_id

    @staticmethod
    def shard_of(guild_id: int | None, count: int) -> int:
        """Which of `count` shards receives the events of `guild_id` (None: DMs, shard 0)."""
        return shard_of(guild_id, count)

    def channel(self, name: str, guild: int | None = None) -> FakeChannel:
        """A guild text channel or thread by name (in ``guild``, default the first one)."""
        for ch in self.channels.values():
            if ch.name == name and not ch.is_dm and self.guild_of(ch) == (guild or self.guild_id):
                return ch
        raise KeyError(f"no channel {name!r}; have {[c.name for c in self.channels.values()]}")

    def advance_clock(self, seconds: float) -> None:
        """Move the stand-in's clock on by `seconds` (what it keeps for a while, such as message
        nonces, then looks that much older), without waiting."""
        base = self.clock
        self.clock = lambda: base() + seconds

    def close_dms(self, user: FakeUser) -> None:
        """From now on, messages into `user`'s DM channel get 403 code 50007."""
        self._closed_dms.add(user.id)

    def open_dms(self, user: FakeUser) -> None:
        self._closed_dms.discard(user.id)

    def mute(self, channel: FakeChannel) -> None:
        """From now on, the bot's posts into `channel` (and its threads) get 403 code 50013
        (Missing Permissions), as when a server takes Send Messages away from it: the channel
        gets an overwrite denying it (sent as CHANNEL_UPDATE) and interactions there carry
        app_permissions without it. Interaction replies still work, as on Discord."""
        self._muted_channels.add(channel.id)
        self._channel_changed(channel)

    def unmute(self, channel: FakeChannel) -> None:
        """Give the bot its Send Messages permission in `channel` back."""
        self._muted_channels.discard(channel.id)
        self._channel_changed(channel)

    def _channel_changed(self, channel: FakeChannel) -> None:
        if self.gateway.current is not None and not channel.is_dm:
            data = self._channel_payload(channel)
            guild = self.guild_of(channel)
            self._spawn(self.gateway.dispatch("CHANNEL_UPDATE", data, guild=guild))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ----- logs ------------------------------------------------------------------------------

    @property
    def commands(self) -> list[dict[str, Any]]:
        """Application commands as synced by the bot: guild ones (with guild_id), then global."""
        return [c for cmds in self.guild_commands.values() for c in cmds] + self.global_commands

    def messages(
        self,
        channel: FakeChannel,
        pattern: str | re.Pattern[str] | None = None,
        *,
        nonce: str | int | None = None,
        author: FakeUser | None = None,
    ) -> list[FakeMessage]:
        """Non-deleted, non-ephemeral messages in a channel (bot posts and interaction replies),
        in order; only those whose text() matches `pattern` (re.search), whose nonce is
        `nonce` (compared as text) or whose author is `author`, when given."""
        found = [m for m in self._messages.get(channel.id, []) if not m.deleted]
        if pattern is not None:
            found = [m for m in found if re.search(pattern, m.text())]
        if nonce is not None:
            found = [m for m in found if m.nonce is not None and str(m.nonce) == str(nonce)]
        if author is not None:
            found = [m for m in found if m.author_id == author.id]
        return found

    def posts(
        self, pattern: str | re.Pattern[str] | None = None, *, nonce: str | int | None = None
    ) -> list[FakeMessage]:
        """Like `messages`, over every channel, thread and DM (in creation order)."""
        found = [
            m for ch in self.channels.values() for m in self.messages(ch, pattern, nonce=nonce)
        ]
        return sorted(found, key=lambda m: m.id)

    def deleted(self, channel: FakeChannel) -> list[FakeMessage]:
        """Messages of `channel` that were deleted (a retraction is also an announcement)."""
        return [m for m in self._messages.get(channel.id, []) if m.deleted]

    def count(self, method: str, path: str) -> int:
        """How many REST requests matched `method` ("*" for any) and the regular expression
        `path`, matched in full against the path after /api/v10 (faults' syntax)."""
        compiled = re.compile(path)
        total = 0
        for entry in self.requests:
            verb, _, full = entry.partition(" ")
            if method.upper() in ("*", verb) and full.startswith(API + "/"):
                total += compiled.fullmatch(full[len(API) :]) is not None
        return total

    def dms(
        self, user: FakeUser, pattern: str | re.Pattern[str] | None = None
    ) -> list[FakeMessage]:
        """Messages delivered to `user` by DM (those whose text() matches `pattern`, if given)."""
        ch = self._dm_channels.get(user.id)
        return self.messages(ch, pattern) if ch else []

    def notified(self, user: FakeUser) -> list[FakeMessage]:
        """The bot's messages that notified `user`, in order: channel posts whose mentions
        pinged them (Discord's allowed_mentions decide; edits ping nobody) and DMs to them,
        except those sent silently (SUPPRESS_NOTIFICATIONS). Deleted ones count: they rang."""
        dm = self._dm_channels.get(user.id)
        found = []
        for ch in self.channels.values():
            for m in self._messages.get(ch.id, []):
                if m.author_id != self.bot_user.id or m.silent or m.ephemeral:
                    continue
                if (dm is not None and ch.id == dm.id) or (not ch.is_dm and user.id in m.pinged):
                    found.append(m)
        return sorted(found, key=lambda m: m.id)

    def all_public_text(self) -> str:
        """Every text that reached a guild channel or a non-ephemeral reply, edits included."""
        return "\n".join(self.public_log)

    async def say(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """A member writes a message in a channel (MESSAGE_CREATE reaches the bot)."""
        return await self._store_message(channel, {"content": content}, {}, author=user)

    async def settle(self, quiet: float | None = None) -> None:
        """Wait until no REST request is in flight and none arrived for `quiet` seconds."""
        quiet = self.quiet if quiet is None else quiet
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reply_timeout
        while loop.time() < deadline:
            idle = loop.time() - self._last_activity
            if self._inflight == 0 and idle >= quiet:
                return
            await asyncio.sleep(max(quiet - idle, 0.005))

    # ----- interactions ----------------------------------------------------------------------

    async def slash(
        self, user: FakeUser, channel: FakeChannel, path: str, **options: Any
    ) -> InteractionResult:
        """Run a slash command: "ping", "group sub" or "group subgroup sub", options by name.
        Raises PermissionError where Discord would not offer the command to `user` (it asks
        for permissions they lack by default, and the server made no exception for them)."""
        self._check_offered(user, channel, path)
        data = self._command_data(path, options, focused=None, channel=channel)
        rec = self._new_interaction(2, user, channel)
        return await self._run(rec, data)

    async def autocomplete(
        self, user: FakeUser, channel: FakeChannel, path: str, *, focused: str, **options: Any
    ) -> Choices:
        """Ask the bot for choices while `user` types `options[focused]`."""
        self._check_offered(user, channel, path)
        data = self._command_data(path, options, focused=focused, channel=channel)
        rec = self._new_interaction(4, user, channel)
        await self._dispatch_interaction(rec, data)
        if (
            not rec.undelivered
            and not rec.refused
            and not await self._wait(rec, rec.attempted, self.ack_timeout)
        ):
            rec.expired = True
        result = Choices(rec.choices or [])
        result.error = rec.error
        return result

    async def click(
        self, user: FakeUser, message: FakeMessage, custom_id: str
    ) -> InteractionResult:
        """Press the button `custom_id` on `message`."""
        comp = self._component(message, custom_id, (2,))
        data = {"custom_id": custom_id, "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        rec = self._new_interaction(3, user, self.channels[message.channel_id], message)
        return await self._run(rec, data)

    async def select(
        self, user: FakeUser, message: FakeMessage, custom_id: str, values: list[Any]
    ) -> InteractionResult:
        """Pick `values` in the select menu `custom_id` on `message`."""
        comp = self._component(message, custom_id, (3, 5, 6, 7, 8))
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {values!r}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            if bad := [v for v in values if v not in allowed]:
                raise ValueError(f"select {custom_id!r} has no option(s) {bad}; has {allowed}")
            data["values"] = list(values)
        else:
            data["values"] = [str(getattr(v, "id", v)) for v in values]
            users = [v for v in values if isinstance(v, FakeUser)]
            if users:
                data["resolved"] = {"users": {str(u.id): payloads.user(u) for u in users}}
        rec = self._new_interaction(3, user, self.channels[message.channel_id], message)
        return await self._run(rec, data)

    def _component(
        self, message: FakeMessage, custom_id: str, types: tuple[int, ...]
    ) -> dict[str, Any]:
        for comp in walk_components(message.components):
            if comp.get("custom_id") == custom_id and comp.get("type") in types:
                if comp.get("disabled"):
                    raise ValueError(f"component {custom_id!r} is disabled")
                return comp
        raise ValueError(f"no component {custom_id!r} of type {types}; has {message.custom_ids()}")

    def _check_offered(self, user: FakeUser, channel: FakeChannel, path: str) -> None:
        """Discord offers a command only where the bot is, and in a guild only to members with
        the permissions its `default_member_permissions` names (administrators always), unless
        the server's admins made an exception for the member."""
        if channel.is_dm:
            return
        if self.guild_of(channel) in self.left_guilds:
            raise PermissionError(f"the bot is no longer in the guild of #{channel.name}")
        name = path.split()[0]
        needed = self._find_command(name).get("default_member_permissions")
        if needed is None or user.id in self.command_overrides.get(name, set()):
            return
        held = self._permissions_of(user)
        if held & payloads.ADMINISTRATOR or held & int(needed) == int(needed):
            return
        raise PermissionError(
            f"Discord does not offer /{name} to {user.name}: it needs permissions {needed}"
        )

    def _find_command(self, name: str) -> dict[str, Any]:
        for cmd in self.guild_commands.get(self.guild_id, []) + self.global_commands:
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd
        raise ValueError(
            f"no synced slash command {name!r}; have {[c['name'] for c in self.commands]}"
        )

    def _command_data(
        self,
        path: str,
        values: dict[str, Any],
        focused: str | None,
        channel: FakeChannel | None = None,
    ) -> dict[str, Any]:
        """Interaction `data` for a command path, typed from the synced definition (a user
        option resolves to a member too when they are one of the channel's guild)."""
        top_name, *sub_names = path.split()
        top = self._find_command(top_name)
        chain, node = [], top
        for name in sub_names:
            subs = [o for o in node.get("options", []) if o["type"] in (1, 2)]
            node = next((o for o in subs if o["name"] == name), None)
            if node is None:
                raise ValueError(
                    f"no subcommand {name!r} in {path!r}; have {[o['name'] for o in subs]}"
                )
            chain.append(node)
        if any(o["type"] in (1, 2) for o in node.get("options", [])):
            raise ValueError(f"{path!r} is a group; name one of its subcommands")
        options, resolved = payloads.command_options(node, values, focused)
        for sub in reversed(chain):
            options = [{"name": sub["name"], "type": sub["type"], "options": options}]
        data: dict[str, Any] = {"id": top["id"], "name": top["name"], "type": 1, "options": options}
        if "guild_id" in top:
            data["guild_id"] = top["guild_id"]
        if resolved:
            if "users" in resolved:
                guild = None if channel is None or channel.is_dm else self.guild_of(channel)
                known = {uid: self.users.get(int(uid)) for uid in resolved["users"]}
                resolved["members"] = {
                    uid: self._member_payload(user, True)
                    for uid, user in known.items()
                    if user is not None and guild is not None and self.is_member(user, guild)
                }
                for member in resolved["members"].values():
                    del member["user"]
            data["resolved"] = resolved
        return data

    def _new_interaction(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        source: FakeMessage | None = None,
    ) -> InteractionResult:
        rec = InteractionResult(
            id=snowflake(),
            token=f"aW50ZXJhY3Rpb24.{secrets.token_urlsafe(24)}",
            kind=kind,
            channel=channel,
            user=user,
            source=source,
        )
        self.interactions[rec.id] = rec
        self._by_token[rec.token] = rec
        return rec

    async def _dispatch_interaction(self, rec: InteractionResult, data: dict[str, Any]) -> None:
        if await self._closed_to_interactions(rec):  # Discord's client does not send it
            return
        # Sent over the session of the shard that holds the channel's guild (DMs: shard 0).
        guild = self.event_guild(rec.channel)
        session = self.gateway.session_for(guild)
        if session is None:  # Discord tells the user "This interaction failed" after 3 s
            rec.undelivered = rec.expired = True
            log.warning("fakediscord: interaction %s sent while no bot is connected", rec.id)
            return
        rec.session = session
        ch = rec.channel
        payload: dict[str, Any] = {
            "id": str(rec.id),
            "application_id": str(self.application_id),
            "type": rec.kind,
            "data": data,
            "token": rec.token,
            "version": 1,
            "locale": rec.user.locale or self.locale,
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "app_permissions": str(self._app_permissions(ch)),
            "channel_id": str(ch.id),
            "channel": self._channel_payload(ch),
        }
        if ch.is_dm:
            payload.update(
                user=payloads.user(rec.user),
                context=1,
                authorizing_integration_owners={"0": str(self.guild_id)},
            )
        else:
            guild_id = self.guild_of(ch)
            payload.update(
                guild_id=str(guild_id),
                guild_locale=self.locale,
                guild={"id": str(guild_id), "locale": self.locale, "features": []},
                member=self._member_payload(rec.user, with_permissions=True),
                context=0,
                authorizing_integration_owners={"0": str(guild_id)},
            )
        if rec.source is not None:
            payload["message"] = self._message_payload(rec.source)
        await session.dispatch("INTERACTION_CREATE", payload, guild)

    async def _run(self, rec: InteractionResult, data: dict[str, Any]) -> InteractionResult:
        """Send the interaction, then wait for the acknowledgement, the reply and quiet."""
        await self._dispatch_interaction(rec, data)
        if rec.undelivered or rec.refused:
            return rec
        if not await self._wait(rec, rec.attempted, self.ack_timeout):
            rec.expired = True
            return rec
        if rec.type == 5 and not await self._wait(rec, rec.replied, self.reply_timeout):
            rec.incomplete = True
        await self.settle()
        return rec

    async def _wait(self, rec: InteractionResult, event: asyncio.Event, timeout: float) -> bool:
        """Wait for `event`; False on timeout, or at once when the bot that received `rec`
        disconnected (a killed bot answers nothing, and a new process never saw `rec`)."""
        if event.is_set():
            return True
        waits = [asyncio.ensure_future(event.wait())]
        if rec.session is not None:
            waits.append(asyncio.ensure_future(rec.session.gone.wait()))
        try:
            await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in waits:
                waiter.cancel()
            await asyncio.gather(*waits, return_exceptions=True)
        if not event.is_set() and rec.session is not None and rec.session.gone.is_set():
            rec.lost_bot = True
            await self.settle()  # requests the dying bot still had in flight
        return event.is_set()
