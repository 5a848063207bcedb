"""The stand-in's state and its REST API (an aiohttp app under /api/v10, files under /attachments).

Every route answers like Discord for the cases a bot meets; refusals are recorded in
`errors` (and on the interaction concerned). Routes the stand-in does not know are logged as
warnings, recorded in `unknown_routes` and answered 404 so tests reveal them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import mimetypes
import os
import re
import time
from typing import Any

from aiohttp import web

from . import payloads
from .faults import Fault, FaultEvent, Faults, error_body
from .gateway import INTENT_DM_MESSAGES, INTENT_GUILD_MESSAGES, Gateway
from .languages import PUBLISHED, is_pseudo, plain_words, read_back, shown_texts, words_of
from .limits import Limits, global_headers
from .places import Places
from .records import (
    EPHEMERAL,
    LOADING,
    MENTION,
    ApiError,
    FakeChannel,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionResult,
    StoredAttachment,
    public_texts,
    snowflake,
    walk_components,
)

log = logging.getLogger("fakediscord")

_SERVER = web.AppKey("server", object)  # the FakeServer an app serves (its locale, its leaks)

API = "/api/v10"
COMPONENTS_V2 = 1 << 15
# Interaction type -> callback types Discord accepts for it.
ALLOWED_CALLBACKS = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}


def _invalid_body(
    body: dict[str, Any], files: dict[int, tuple[str, bytes, str]], *, create: bool
) -> tuple[int, str] | None:
    """Discord's checks on a message body that bots trip over; (code, message) or None."""
    content = body.get("content") or ""
    embeds = body.get("embeds") or []
    components = body.get("components") or []
    v2 = bool((body.get("flags") or 0) & COMPONENTS_V2)
    problems = []
    if len(content) > 2000:
        problems.append("content: Must be 2000 or fewer in length.")
    if len(embeds) > 10:
        problems.append("embeds: Must be 10 or fewer in length.")
    for embed in embeds:
        texts = public_texts("", [embed], [])
        if len(embed.get("title") or "") > 256 or len(embed.get("description") or "") > 4096:
            problems.append("embeds: title or description too long.")
        fields = embed.get("fields", [])
        if len(fields) > 25 or any(
            len(f.get("name") or "") > 256 or len(f.get("value") or "") > 1024 for f in fields
        ):
            problems.append("embeds: too many fields or a field too long.")
        if sum(map(len, texts)) > 6000:
            problems.append("embeds: Embed size exceeds maximum size of 6000.")
    if not v2 and len(components) > 5:
        problems.append("components: Must be 5 or fewer in length.")
    custom_ids = [c["custom_id"] for c in walk_components(components) if "custom_id" in c]
    if len(set(custom_ids)) != len(custom_ids):
        problems.append("components: Component custom id cannot be duplicated.")
    for comp in walk_components(components):
        if len(comp.get("custom_id") or "") > 100 or len(comp.get("label") or "") > 80:
            problems.append("components: custom_id or label too long.")
        if len(comp.get("options", [])) > 25:
            problems.append("components: Must be 25 or fewer options.")
        if comp.get("type") == 1 and len(comp.get("components", [])) > 5:
            problems.append("components: An action row holds at most 5 components.")
    if len(files) > 10:
        problems.append("files: Must be 10 or fewer.")
    problems += _allowed_mentions_problems(body.get("allowed_mentions"))
    if problems:
        return 50035, "Invalid Form Body (" + " ".join(problems) + ")"
    if create and not (content or embeds or components or files or body.get("poll")):
        return 50006, "Cannot send an empty message"
    return None


def snowflake_of(value: Any) -> int | None:
    """``value`` as a snowflake (a positive 64-bit integer, as a number or its digits), or None
    when Discord would refuse it as one."""
    text = str(value)
    if isinstance(value, bool) or not re.fullmatch(r"[0-9]{1,20}", text):
        return None
    return int(text) if 0 < int(text) < 2**64 else None


def _allowed_mentions_problems(allowed: Any) -> list[str]:
    """Discord's checks on ``allowed_mentions``: known parse types, at most 100 users, and
    ``parse: ["users"]`` never together with a list of users."""
    if allowed is None:
        return []
    parse = allowed.get("parse") or []
    users = allowed.get("users") or []
    problems = []
    if any(kind not in ("users", "roles", "everyone") for kind in parse):
        problems.append("allowed_mentions.parse: Value is not a valid enum value.")
    if "users" in parse and users:
        problems.append("allowed_mentions: parse users and a users list are mutually exclusive.")
    if len(users) > 100:
        problems.append("allowed_mentions.users: Must be 100 or fewer in length.")
    return problems


def pinged_by(content: str, allowed: dict[str, Any] | None, author_id: int) -> list[int]:
    """The users a new message notifies by mention, as Discord decides: those mentioned in its
    content that ``allowed_mentions`` lets through (all of them when it is absent), never its
    author."""
    mentioned = [int(found) for found in MENTION.findall(content)]
    if allowed is not None:
        parse = allowed.get("parse") or []
        listed = {int(u) for u in allowed.get("users") or []}
        mentioned = [u for u in mentioned if "users" in parse or u in listed]
    return [u for u in dict.fromkeys(mentioned) if u != author_id]


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON response with the bare content type discord.py checks for (no charset)."""
    body = json.dumps(data).encode()
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(body=body, status=status, headers=all_headers)


# Where a parsed body is kept on its request (aiohttp >= 3.12 wants typed keys).
_BODY: Any = web.RequestKey("fakediscord.body", tuple) if hasattr(web, "RequestKey") else "body"


def _nonce_problem(nonce: Any) -> str | None:
    """Why Discord would refuse this message nonce, or None (a string or integer, 25 chars)."""
    if isinstance(nonce, bool) or not isinstance(nonce, str | int):
        return "Invalid Form Body (nonce: Must be a string or an integer.)"
    if len(str(nonce)) > 25:
        return "Invalid Form Body (nonce: Must be 25 or fewer in length.)"
    return None


async def _read_body(
    request: web.Request,
) -> tuple[dict[str, Any], dict[int, tuple[str, bytes, str]]]:
    """JSON body or multipart (payload_json + files[n]); files map index -> (name, bytes, type).

    The result is kept on the request: a fault's body predicate and the handler both read it.
    """
    if _BODY in request:
        return request[_BODY]
    parsed = await _parse_body(request)
    server = request.app.get(_SERVER)
    if server is not None and is_pseudo(server.locale) and "/commands" not in request.path:
        parsed = (server.read_said(request, parsed[0]), parsed[1])
    request[_BODY] = parsed
    return parsed


async def _parse_body(
    request: web.Request,
) -> tuple[dict[str, Any], dict[int, tuple[str, bytes, str]]]:
    if not request.body_exists:
        return {}, {}
    if not request.content_type.startswith("multipart/"):
        return await request.json(), {}
    body: dict[str, Any] = {}
    files: dict[int, tuple[str, bytes, str]] = {}
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        name = part.name or ""  # type: ignore[union-attr]
        if name == "payload_json":
            body = json.loads(await part.text())  # type: ignore[union-attr]
        elif name.startswith("files["):
            filename = part.filename or f"file{len(files)}"  # type: ignore[union-attr]
            ctype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
            files[int(name[6:-1])] = (filename, bytes(await part.read()), ctype)  # type: ignore[union-attr]
    return body, files


class FakeServer(Places):
    """State of one fake guild plus the REST routes that read and change it."""

    def __init__(
        self, *, guild_name: str = "Tidetable Test", channels: tuple[str, ...] = ("games", "other")
    ) -> None:
        self.bot_user = FakeUser(snowflake(), "Tidetable", bot=True, joined_at=payloads.now_iso())
        self.application_id = self.bot_user.id  # modern apps share the bot user's id
        self.guild_id = snowflake()
        self.guild_name = guild_name
        # Further guilds (`add_guild`): id -> name. Every member belongs to every guild.
        self.more_guilds: dict[int, str] = {}
        # Guilds the bot was removed from (`remove_bot`): they are no longer the bot's.
        self.left_guilds: set[int] = set()
        self.roles: list[FakeRole] = []  # roles added with `add_role` (in every guild)
        # Command name -> ids of members a server's admins let use it whatever its
        # default_member_permissions (Server Settings -> Integrations).
        self.command_overrides: dict[str, set[int]] = {}
        self.recommended_shards: int | None = None  # GET /gateway/bot's "shards" (see shards)
        self.owner_id = snowflake()
        self.manager_role_id = snowflake()
        self.bot_role_id = snowflake()
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.members: list[FakeUser] = []
        self.channels: dict[int, FakeChannel] = {}
        self.deleted_channels: dict[int, FakeChannel] = {}  # (places.py) by id, as they were
        for name in channels:
            ch = FakeChannel(snowflake(), name)
            self.channels[ch.id] = ch
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.interactions: dict[int, InteractionResult] = {}
        self.errors: list[ApiError] = []
        self.unknown_routes: list[str] = []
        self.requests: list[str] = []  # "METHOD /path" of every REST request, in order
        self.public_log: list[str] = []
        # The locale of every member and server (``x-pseudo``: the pseudo-language run, in
        # which any plain English word the bot sends is a leak, ``languages.py``).
        self.locale = "en-US"
        self.language_leaks: list[str] = []
        self.faults = Faults()
        # Discord's global rate limit and invalid-request budget (limits.py), on real time.
        self.limits = Limits()
        self.ack_timeout = 3.0
        # Discord checks an enforced nonce for uniqueness "in the past few minutes".
        self.nonce_window = 300.0
        # An interaction token takes follow-ups and edits for 15 minutes, from any process.
        self.token_lifetime = 15 * 60.0
        self.clock: Any = time.monotonic  # tests may replace it to step past the nonce window
        self.url = ""
        self._messages: dict[int, list[FakeMessage]] = {}
        self._by_token: dict[str, InteractionResult] = {}
        self._dm_channels: dict[int, FakeChannel] = {}
        self._closed_dms: set[int] = set()
        self._muted_channels: set[int] = set()  # the bot lacks Send Messages there
        # (channel, author, nonce) -> the message created with it and when
        self._nonces: dict[tuple[int, int, str], tuple[FakeMessage, float]] = {}
        self._login_epoch = 0
        self._synced_epoch = 0
        self._inflight = 0
        self._last_activity = 0.0
        self.gateway = Gateway(self._ready_payload, self._guild_payloads, lambda: self.gateway_url)

    @property
    def gateway_url(self) -> str:
        return self.url.replace("http://", "ws://") + "/gateway/"

    # ----- payload helpers ---------------------------------------------------------------

    def _roles_of(self, u: FakeUser) -> list[int]:
        if u.bot:
            return [self.bot_role_id]
        return ([self.manager_role_id] if u.manage_guild else []) + list(u.roles)

    def _permissions_of(self, u: FakeUser) -> int:
        """The member's permissions: @everyone's and those of each of their roles."""
        if u.bot:
            return payloads.BOT_PERMISSIONS
        perms = payloads.EVERYONE_PERMISSIONS | (payloads.MANAGE_GUILD if u.manage_guild else 0)
        for role in self.roles:
            if role.id in u.roles:
                perms |= role.permissions
        return perms

    def read_said(self, request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
        """A body the bot sent in the pseudo-language: its plain English words kept as leaks,
        then every text read back as English for the rest of the stand-in and the tests."""
        allowed = PUBLISHED | words_of(
            [u.name for u in self.users.values()]
            + [u.nick for u in self.users.values()]
            + [c.name for c in self.channels.values()]
            + [self.guild_name, *self.more_guilds.values()]
        )
        for where, text in shown_texts(body):
            if words := plain_words(text, allowed):
                leak = f"{request.method} {request.path} {where}: {words} in {text[:300]!r}"
                self.language_leaks.append(leak)
                if log_to := os.environ.get("TIDETABLE_LEAK_LOG"):  # a whole run's, as it goes
                    with open(log_to, "a", encoding="utf-8") as leaks:
                        leaks.write(f"{where}: {words} in {text[:200]!r}\n")
        said: dict[str, Any] = read_back(body)
        return said

    def _member_payload(self, u: FakeUser, with_permissions: bool = False) -> dict[str, Any]:
        perms = self._permissions_of(u) if with_permissions else None
        return payloads.member(u, self._roles_of(u), perms)

    def is_member(self, user: FakeUser, guild_id: int | None) -> bool:
        """Whether ``user`` is a member of ``guild_id`` (the bot is of every guild)."""
        if user == self.bot_user:
            return True
        if user not in self.members:
            return False
        return user.guilds is None or (guild_id or self.guild_id) in user.guilds

    def guild_of(self, ch: FakeChannel) -> int:
        """The guild a channel or thread belongs to."""
        if ch.guild_id is not None:
            return ch.guild_id
        parent = self.channels.get(ch.parent_id or 0)
        return parent.guild_id or self.guild_id if parent is not None else self.guild_id

    def event_guild(self, ch: FakeChannel | None) -> int | None:
        """The guild whose shard receives events of `ch`; None for a DM (shard 0 gets those)."""
        return None if ch is None or ch.is_dm else self.guild_of(ch)

    def _channel_payload(self, ch: FakeChannel) -> dict[str, Any]:
        denied = payloads.SEND_TO_CHANNEL if ch.id in self._muted_channels else 0
        return payloads.channel(ch, self.guild_of(ch), self.bot_user, denied)

    def _bot_muted_in(self, ch: FakeChannel) -> bool:
        """Whether the bot lacks Send Messages in `ch` (a thread follows its parent)."""
        return ch.id in self._muted_channels or ch.parent_id in self._muted_channels

    def _app_permissions(self, ch: FakeChannel) -> int:
        """The bot's permissions in `ch`, as an interaction's app_permissions carries them."""
        perms = payloads.BOT_PERMISSIONS
        return perms & ~payloads.SEND_TO_CHANNEL if self._bot_muted_in(ch) else perms

    def _message_payload(
        self, m: FakeMessage, gateway: bool = False, created: bool = False
    ) -> dict[str, Any]:
        """A message object; `created` for the answer to its create and its MESSAGE_CREATE,
        the only places Discord echoes the nonce (a fetched message has none)."""
        author = self.users.get(m.author_id, self.bot_user)
        ch = self.channels.get(m.channel_id)
        guild_id = self.guild_of(ch) if gateway and ch is not None and not ch.is_dm else None
        data = payloads.message(m, author, self.users, self.url, guild_id)
        if created and m.nonce is not None:
            data["nonce"] = m.nonce
        if guild_id is not None:
            data["member"] = self._member_payload(author)
            del data["member"]["user"]
        return data

    def _ready_payload(self, session_id: str, resume_url: str) -> dict[str, Any]:
        return {
            "v": 10,
            "user": {**payloads.user(self.bot_user), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in self.guild_ids],
            "session_id": session_id,
            "session_type": "normal",
            "resume_gateway_url": resume_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth_session_id_hash": "",
        }

    def _guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        guild_id = guild_id or self.guild_id
        roles = [
            payloads.role(guild_id, "@everyone", payloads.EVERYONE_PERMISSIONS, 0),
            payloads.role(self.manager_role_id, "Manager", payloads.MANAGE_GUILD, 1),
            payloads.role(self.bot_role_id, self.bot_user.name, payloads.BOT_PERMISSIONS, 2, True),
        ]
        roles += [payloads.role(r.id, r.name, r.permissions, 1) for r in self.roles]
        mine = [c for c in self.channels.values() if not c.is_dm and self.guild_of(c) == guild_id]
        channels = [self._channel_payload(c) for c in mine if c.type == 0]
        members = [
            self._member_payload(u)
            for u in [self.bot_user, *self.members]
            if self.is_member(u, guild_id)
        ]
        name = self.more_guilds.get(guild_id, self.guild_name)
        guild = payloads.guild(guild_id, name, self.owner_id, roles, channels, members)
        guild["preferred_locale"] = self.locale
        guild["threads"] = [self._channel_payload(c) for c in mine if c.type == 11]
        return guild

    def _guild_payloads(self) -> list[dict[str, Any]]:
        """GUILD_CREATE of every guild, the first one first."""
        return [self._guild_payload(g) for g in self.guild_ids]

    def _app_payload(self) -> dict[str, Any]:
        owner = FakeUser(self.owner_id, "owner")
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "description": "",
            "icon": None,
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": payloads.user(owner),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "bot": payloads.user(self.bot_user),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "approximate_guild_count": 1,
        }

    # ----- responses and records -----------------------------------------------------------

    def _error(
        self,
        request: web.Request,
        status: int,
        code: int,
        message: str,
        rec: InteractionResult | None = None,
    ) -> web.Response:
        err = ApiError(request.method, request.path, status, code, message)
        self.errors.append(err)
        if rec is not None:
            rec.errors.append(err)
            rec.attempted.set()
        log.warning("fakediscord refused: %s", err)
        body: dict[str, Any] = {"code": code, "message": message}
        if code == 50035:
            body["errors"] = {}
        return _json(body, status=status)

    def _new_attachment(
        self,
        file: tuple[str, bytes, str],
        filename: str | None = None,
        description: str | None = None,
    ) -> StoredAttachment:
        name, data, ctype = file
        return StoredAttachment(snowflake(), filename or name, data, ctype, description)

    def _attachments(
        self,
        body: dict[str, Any],
        files: dict[int, tuple[str, bytes, str]],
        keep: list[StoredAttachment],
    ) -> list[StoredAttachment]:
        """The attachment list after a create or edit: listed existing ones plus uploads."""
        listed = body.get("attachments")
        if listed is None:
            return keep + [self._new_attachment(files[i]) for i in sorted(files)]
        existing = {a.id: a for a in keep}
        out, used = [], set()
        for entry in listed:
            aid = int(entry["id"])
            if aid in files:
                used.add(aid)
                out.append(
                    self._new_attachment(
                        files[aid], entry.get("filename"), entry.get("description")
                    )
                )
            elif aid in existing:
                out.append(existing[aid])
        return out + [self._new_attachment(files[i]) for i in sorted(files) if i not in used]

    def _publish(self, m: FakeMessage) -> None:
        ch = self.channels.get(m.channel_id)
        if ch is not None and not ch.is_dm and not m.flags & EPHEMERAL:
            self.public_log.extend(public_texts(m.content, m.embeds, m.components))

    async def _store_message(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        files: dict[int, tuple[str, bytes, str]],
        *,
        author: FakeUser | None = None,
        flags: int = 0,
        msg_type: int = 0,
        interaction: InteractionResult | None = None,
        nonce: str | int | None = None,
        nonce_key: tuple[int, int, str] | None = None,
    ) -> FakeMessage:
        author = author or self.bot_user
        m = FakeMessage(
            id=snowflake(),
            channel_id=channel.id,
            author_id=author.id,
            content=body.get("content") or "",
            embeds=body.get("embeds") or [],
            components=body.get("components") or [],
            stored_attachments=self._attachments(body, files, []),
            flags=flags | ((body.get("flags") or 0) & ~(EPHEMERAL | LOADING)),
            type=msg_type,
            interaction_id=interaction.id if interaction else None,
            webhook_id=self.application_id if interaction else None,
            reference=body.get("message_reference"),
            nonce=nonce,
        )
        if not m.flags & EPHEMERAL:
            m.pinged = pinged_by(m.content, body.get("allowed_mentions"), author.id)
        if nonce is not None and nonce_key is not None:
            # Registered before the first await: a concurrent repeat finds it, as on Discord.
            self._nonces[nonce_key] = (m, self.clock())
        if not m.flags & EPHEMERAL:
            self._touched(channel)
            self._messages.setdefault(channel.id, []).append(m)
            self._publish(m)
            intent = INTENT_DM_MESSAGES if channel.is_dm else INTENT_GUILD_MESSAGES
            payload = self._message_payload(m, gateway=True, created=True)
            guild = self.event_guild(channel)
            await self.gateway.dispatch("MESSAGE_CREATE", payload, intent, guild=guild)
        return m

    async def _edit_message(
        self, m: FakeMessage, body: dict[str, Any], files: dict[int, tuple[str, bytes, str]]
    ) -> None:
        if "content" in body:
            m.content = body["content"] or ""
        if "embeds" in body:
            m.embeds = body["embeds"] or []
        if "components" in body:
            m.components = body["components"] or []
        if body.get("flags") is not None:
            kept = m.flags & (EPHEMERAL | LOADING)
            m.flags = kept | (body["flags"] & ~(EPHEMERAL | LOADING))
        if "attachments" in body or files:
            m.stored_attachments = self._attachments(body, files, m.stored_attachments)
        if m.flags & LOADING:
            m.flags &= ~LOADING  # the deferred "thinking" message becomes the reply
        else:
            m.edited = True
        self._publish(m)
        if not m.flags & EPHEMERAL:
            ch = self.channels.get(m.channel_id)
            intent = INTENT_DM_MESSAGES if ch and ch.is_dm else INTENT_GUILD_MESSAGES
            payload = self._message_payload(m, True)
            guild = self.event_guild(ch)
            await self.gateway.dispatch("MESSAGE_UPDATE", payload, intent, guild=guild)

    def _find_message(self, channel_id: int, message_id: int) -> FakeMessage | None:
        return next(
            (m for m in self._messages.get(channel_id, []) if m.id == message_id and not m.deleted),
            None,
        )

    # ----- app ---------------------------------------------------------------------------

    def _build_app(self) -> web.Application:
        app = web.Application(middlewares=[self._track], client_max_size=64 * 1024 * 1024)
        app[_SERVER] = self
        r = app.router
        r.add_get("/gateway/", self.gateway.handle)
        r.add_get(f"{API}/gateway", self._get_gateway)
        r.add_get(f"{API}/gateway/bot", self._get_gateway)
        r.add_get(f"{API}/users/@me", self._get_me)
        r.add_get(f"{API}/oauth2/applications/@me", self._get_app)
        r.add_get(f"{API}/applications/@me", self._get_app)
        for path in ("/applications/{app}/commands", "/applications/{app}/guilds/{guild}/commands"):
            r.add_get(API + path, self._get_commands)
            r.add_put(API + path, self._put_commands)
            r.add_post(API + path, self._post_command)
        r.add_post(API + "/interactions/{id}/{token}/callback", self._interaction_callback)
        r.add_post(API + "/webhooks/{app}/{token}", self._webhook_execute)
        wmsg = API + "/webhooks/{app}/{token}/messages/{mid}"
        r.add_get(wmsg, self._webhook_message)
        r.add_patch(wmsg, self._webhook_message)
        r.add_delete(wmsg, self._webhook_message)
        r.add_get(API + "/channels/{cid}", self._get_channel)
        r.add_patch(API + "/channels/{cid}", self._patch_channel)
        r.add_get(API + "/channels/{cid}/messages", self._get_messages)
        r.add_post(API + "/channels/{cid}/messages", self._post_message)
        cmsg = API + "/channels/{cid}/messages/{mid}"
        r.add_get(cmsg, self._channel_message)
        r.add_patch(cmsg, self._channel_message)
        r.add_delete(cmsg, self._channel_message)
        r.add_put(cmsg + "/reactions/{emoji}/@me", self._react)
        r.add_delete(cmsg + "/reactions/{emoji}/@me", self._react)
        r.add_post(API + "/channels/{cid}/typing", self._no_content)
        r.add_post(API + "/channels/{cid}/threads", self._create_thread)
        r.add_post(cmsg + "/threads", self._create_thread)
        r.add_put(API + "/channels/{cid}/thread-members/@me", self._no_content)
        r.add_post(API + "/users/@me/channels", self._create_dm)
        r.add_get(API + "/users/{uid}", self._get_user)
        r.add_get(API + "/guilds/{gid}", self._get_guild)
        r.add_get(API + "/guilds/{gid}/channels", self._get_guild_channels)
        r.add_get(API + "/guilds/{gid}/roles", self._get_roles)
        r.add_get(API + "/guilds/{gid}/members", self._get_members)
        r.add_get(API + "/guilds/{gid}/members/{uid}", self._get_member)
        r.add_get("/attachments/{cid}/{aid}/{name}", self._get_attachment)
        r.add_route("*", "/{tail:.*}", self._unknown)
        return app

    @web.middleware
    async def _track(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Counts requests in flight and stamps activity, so interactions can wait for quiet."""
        loop_time = asyncio.get_running_loop().time
        self.requests.append(f"{request.method} {request.path}")
        if request.path == "/gateway/":
            return await handler(request)  # the websocket lives on; it is not a REST request
        self._inflight += 1
        self._last_activity = loop_time()
        try:
            refused = self._over_limits(request)
            if refused is not None:
                response: web.StreamResponse = refused
            else:
                fault = await self._fault_for(request)
                if fault is None:
                    response = await handler(request)
                else:
                    response = await self._inject(request, handler, fault)
            scope = response.headers.get("X-RateLimit-Scope")
            self.limits.answered(request.method, request.path, response.status, scope)
            return response
        finally:
            self._inflight -= 1
            self._last_activity = loop_time()

    def _over_limits(self, request: web.Request) -> web.Response | None:
        """Discord's answer when the bot is over its limits (an edge ban after too many invalid
        requests; the global rate limit), else None."""
        if not request.path.startswith(API + "/"):
            return None
        if self.limits.banned():  # Cloudflare's, not Discord's: plain text and no Via header
            return web.Response(status=429, text="error code: 1015")
        if not self.limits.bound(request.path[len(API) :]):
            return None
        retry = self.limits.take()
        if retry is None:
            return None
        self.limits.rate_limited.append(f"{request.method} {request.path}")
        log.warning("fakediscord: global rate limit, %s %s", request.method, request.path)
        body = {"message": "You are being rate limited.", "retry_after": retry, "global": True}
        return _json(body, status=429, headers=global_headers(retry))

    async def _fault_for(self, request: web.Request) -> Fault | None:
        """The armed fault that fires on this request, if any. Every matching fault counts
        the request; the first that fires wins."""
        if not request.path.startswith(API + "/"):
            return None
        candidates = self.faults.candidates(request.method, request.path[len(API) :])
        fired: Fault | None = None
        for fault in candidates:
            if fault.when is not None:
                body, _ = await _read_body(request)
                if not fault.when(body):
                    continue
            if fired is None:
                fired = fault if fault.take() else None
            else:
                fault.seen += 1
        return fired

    async def _inject(self, request: web.Request, handler: Any, fault: Fault) -> web.Response:
        """Carry out a fault: maybe apply the request, then answer an error, drop the
        connection, or kill the bot's process (and drop)."""
        if fault.apply_first:
            await handler(request)  # Discord did it; the answer is lost or replaced
        event = FaultEvent(
            request.method, request.path, fault.action, None, fault.apply_first, None
        )
        self.faults.log.append(event)
        log.warning("fakediscord fault: %s %s -> %s", request.method, request.path, fault.action)
        if fault.action == "fail":
            event.status = fault.status
            body, headers = error_body(fault)
            return _json(body, status=fault.status, headers=headers)
        if fault.action == "kill":
            event.pid = self.faults.kill(fault)
        if fault.action == "hold":
            while not fault.released.is_set() and _connected(request):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(fault.released.wait(), 0.05)
        if request.transport is not None:
            request.transport.close()  # the client sees the connection close, no answer
        return web.Response(status=204)

    async def _unknown(self, request: web.Request) -> web.Response:
        route = f"{request.method} {request.path_qs}"
        self.unknown_routes.append(route)
        log.warning("fakediscord: UNKNOWN ROUTE %s (answered 404)", route)
        return _json({"code": 0, "message": "404: Not Found"}, status=404)

    async def _no_content(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    # ----- login, gateway, application ---------------------------------------------------------

    async def _get_gateway(self, request: web.Request) -> web.Response:
        if request.path.endswith("/gateway"):  # the unauthenticated form: only the URL
            return _json({"url": self.gateway_url})
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        body = {"url": self.gateway_url, "shards": self.shards, "session_start_limit": limit}
        return _json(body)

    @property
    def shards(self) -> int:
        """The shard count GET /gateway/bot recommends: `recommended_shards` when a test set
        it, else one per 1,000 guilds as Discord does."""
        if self.recommended_shards is not None:
            return self.recommended_shards
        return max(1, math.ceil(len(self.guild_ids) / 1000))

    @property
    def guild_ids(self) -> list[int]:
        """Every guild the bot is in, the first one first."""
        return [g for g in (self.guild_id, *self.more_guilds) if g not in self.left_guilds]

    async def _get_me(self, request: web.Request) -> web.Response:
        self._login_epoch += 1  # discord.py's login starts with GET /users/@me
        return _json({**payloads.user(self.bot_user), "verified": True})

    async def _get_app(self, request: web.Request) -> web.Response:
        return _json(self._app_payload())

    def _command_list(self, request: web.Request) -> list[dict[str, Any]]:
        guild = request.match_info.get("guild")
        if guild is None:
            return self.global_commands
        return self.guild_commands.setdefault(int(guild), [])

    def _store_command(self, cmd: dict[str, Any], old: list[dict[str, Any]], guild: str | None):
        prev = next(
            (c for c in old if (c["name"], c["type"]) == (cmd["name"], cmd.get("type", 1))), None
        )
        stored = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            **cmd,
            "id": prev["id"] if prev else str(snowflake()),
            "application_id": str(self.application_id),
            "version": str(snowflake()),
        }
        if guild is not None:
            stored["guild_id"] = guild
        if stored["default_member_permissions"] is not None:  # Discord answers a string
            stored["default_member_permissions"] = str(stored["default_member_permissions"])
        return stored

    async def _get_commands(self, request: web.Request) -> web.Response:
        return _json(self._command_list(request))

    async def _put_commands(self, request: web.Request) -> web.Response:
        body, _ = await _read_body(request)
        if problems := [p for c in body for p in payloads.command_problems(c)]:
            return self._error(request, 400, 50035, f"Invalid Form Body ({' '.join(problems)})")
        old = self._command_list(request)
        guild = request.match_info.get("guild")
        new = [self._store_command(c, old, guild) for c in body]
        old[:] = new
        self._synced_epoch = self._login_epoch
        return _json(new)

    async def _post_command(self, request: web.Request) -> web.Response:
        body, _ = await _read_body(request)
        if problems := payloads.command_problems(body):
            return self._error(request, 400, 50035, f"Invalid Form Body ({' '.join(problems)})")
        old = self._command_list(request)
        stored = self._store_command(body, old, request.match_info.get("guild"))
        old[:] = [c for c in old if c["id"] != stored["id"]] + [stored]
        return _json(stored)

    # ----- interactions ------------------------------------------------------------------

    async def _interaction_callback(self, request: web.Request) -> web.Response:
        rec = self.interactions.get(int(request.match_info["id"]))
        if rec is None or rec.token != request.match_info["token"]:
            return self._error(request, 404, 10062, "Unknown interaction")
        body, files = await _read_body(request)
        if rec.expired or time.monotonic() - rec.created > self.ack_timeout:
            rec.expired = True
            return self._error(request, 404, 10062, "Unknown interaction", rec)
        if rec.acked:
            return self._error(
                request, 400, 40060, "Interaction has already been acknowledged.", rec
            )
        ctype, data = body.get("type"), body.get("data") or {}
        if ctype not in ALLOWED_CALLBACKS.get(rec.kind, set()):
            msg = f"Invalid Form Body (type: callback {ctype} not valid for interaction {rec.kind})"
            return self._error(request, 400, 50035, msg, rec)
        if ctype in (4, 7) and (problem := _invalid_body(data, files, create=ctype == 4)):
            return self._error(request, 400, *problem, rec)
        if ctype == 8:
            choices = data.get("choices") or []
            if len(choices) > 25 or any(len(c.get("name", "")) > 100 for c in choices):
                msg = "Invalid Form Body (data.choices: Must be 25 or fewer in length.)"
                return self._error(request, 400, 50035, msg, rec)
            rec.choices = choices
        rec.type = ctype
        flags = (data.get("flags") or 0) & EPHEMERAL
        msg_type = 20 if rec.kind == 2 else 0  # CHAT_INPUT_COMMAND reply, else DEFAULT
        if ctype == 4:
            rec.original = await self._store_message(
                rec.channel, data, files, flags=flags, msg_type=msg_type, interaction=rec
            )
        elif ctype == 5:  # the "thinking..." message, filled by the first follow-up or an edit
            rec.original = await self._store_message(
                rec.channel, {}, {}, flags=flags | LOADING, msg_type=msg_type, interaction=rec
            )
        elif ctype in (6, 7):
            rec.original = rec.source
            if ctype == 7 and rec.source is not None:
                await self._edit_message(rec.source, data, files)
        elif ctype == 9:
            rec.modal = data
        rec.attempted.set()
        if ctype != 5:
            rec.replied.set()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        msg = rec.original if ctype in (4, 5, 7) else None
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(rec.id),
                "type": rec.kind,
                "response_message_id": str(msg.id) if msg else None,
                "response_message_loading": ctype == 5,
                "response_message_ephemeral": bool(msg and msg.flags & EPHEMERAL),
            }
        }
        if msg is not None:
            answer["resource"] = {"type": ctype, "message": self._message_payload(msg)}
        elif ctype == 6:
            answer["resource"] = {"type": ctype}
        return _json(answer)

    def _webhook_interaction(self, request: web.Request) -> InteractionResult | None:
        rec = self._by_token.get(request.match_info["token"])
        if rec is None or request.match_info["app"] != str(self.application_id) or not rec.acked:
            return None
        return rec

    async def _webhook_execute(self, request: web.Request) -> web.Response:
        rec = self._webhook_interaction(request)
        if rec is None:
            return self._error(request, 404, 10015, "Unknown Webhook")
        if time.monotonic() - rec.created > self.token_lifetime:
            return self._error(request, 401, 50027, "Invalid Webhook Token", rec)
        body, files = await _read_body(request)
        if problem := _invalid_body(body, files, create=True):
            return self._error(request, 400, *problem, rec)
        original = rec.original
        if rec.type == 5 and original is not None and original.flags & LOADING:
            # The first follow-up after a deferral fills the "thinking" message (its flags win).
            await self._edit_message(original, {**body, "flags": None}, files)
            msg = original
        else:
            flags = (body.get("flags") or 0) & EPHEMERAL
            msg = await self._store_message(rec.channel, body, files, flags=flags, interaction=rec)
        rec.followups.append(msg)
        rec.replied.set()
        if request.query.get("wait") in ("1", "true", "True"):
            return _json(self._message_payload(msg))
        return web.Response(status=204)

    async def _webhook_message(self, request: web.Request) -> web.Response:
        rec = self._webhook_interaction(request)
        if rec is None:
            return self._error(request, 404, 10015, "Unknown Webhook")
        if time.monotonic() - rec.created > self.token_lifetime:
            return self._error(request, 401, 50027, "Invalid Webhook Token", rec)
        mid = request.match_info["mid"]
        if mid == "@original":
            msg = rec.original
        else:
            msg = next((m for m in rec.messages if str(m.id) == mid), None)
        if msg is None or msg.deleted:
            return self._error(request, 404, 10008, "Unknown Message", rec)
        if request.method == "DELETE":
            msg.deleted = True
            return web.Response(status=204)
        if request.method == "PATCH":
            body, files = await _read_body(request)
            if problem := _invalid_body(body, files, create=False):
                return self._error(request, 400, *problem, rec)
            await self._edit_message(msg, body, files)
            rec.replied.set()
        return _json(self._message_payload(msg))

    # ----- channels and messages ---------------------------------------------------------------

    def _channel(self, request: web.Request) -> FakeChannel | None:
        return self.channels.get(int(request.match_info["cid"]))

    async def _get_channel(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if ch is None:
            return self._error(request, 404, 10003, "Unknown Channel")
        if not ch.is_dm and self.guild_of(ch) in self.left_guilds:
            return self._error(request, 403, 50001, "Missing Access")
        return _json(self._channel_payload(ch))

    async def _get_messages(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if ch is None:
            return self._error(request, 404, 10003, "Unknown Channel")
        query = request.query
        try:
            limit = int(query.get("limit", 50))
            before, after, around = (
                int(query[k]) if k in query else None for k in ("before", "after", "around")
            )
        except ValueError:
            return self._error(request, 400, 50035, "Invalid Form Body (not a snowflake)")
        if not 1 <= limit <= 100:
            return self._error(request, 400, 50035, "Invalid Form Body (limit: 1 to 100)")
        # Oldest first here; Discord answers newest first, `limit` of those nearest the anchor
        # (the latest ones, those just before `before`, just after `after`, around `around`).
        live = [m for m in self._messages.get(ch.id, []) if not m.deleted and not m.ephemeral]
        if around is not None:
            older = [m for m in live if m.id < around][-(limit // 2) :] if limit > 1 else []
            newer = [m for m in live if m.id >= around][: limit - len(older)]
            chosen = older + newer
        elif after is not None:
            chosen = [m for m in live if m.id > after][:limit]
        else:
            chosen = [m for m in live if before is None or m.id < before][-limit:]
        return _json([self._message_payload(m) for m in reversed(chosen)])

    async def _post_message(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if ch is None:
            return self._error(request, 404, 10003, "Unknown Channel")
        if ch.is_dm and ch.recipient is not None and ch.recipient.id in self._closed_dms:
            return self._error(request, 403, 50007, "Cannot send messages to this user")
        if not ch.is_dm and self.guild_of(ch) in self.left_guilds:
            return self._error(request, 403, 50001, "Missing Access")
        if self._bot_muted_in(ch):
            return self._error(request, 403, 50013, "Missing Permissions")
        body, files = await _read_body(request)
        if problem := _invalid_body(body, files, create=True):
            return self._error(request, 400, *problem)
        if closed := await self._closed_to_post(request, ch):
            return closed
        nonce = body.get("nonce")
        if nonce is not None and (problem := _nonce_problem(nonce)):
            return self._error(request, 400, 50035, problem)
        key = (ch.id, self.bot_user.id, str(nonce))
        if nonce is not None and body.get("enforce_nonce") is True:
            earlier = self._nonces.get(key)
            if earlier is not None and self.clock() - earlier[1] <= self.nonce_window:
                original = earlier[0]
                if original.deleted:  # discord.py documents NotFound for this case
                    return self._error(request, 404, 10008, "Unknown Message")
                original.nonce_repeats += 1
                return _json(self._message_payload(original, created=True))
        msg = await self._store_message(ch, body, files, nonce=nonce, nonce_key=key)
        return _json(self._message_payload(msg, created=True))

    async def _channel_message(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        msg = ch and self._find_message(ch.id, int(request.match_info["mid"]))
        if msg is None:
            return self._error(request, 404, 10008, "Unknown Message")
        if request.method == "DELETE":
            msg.deleted = True
            return web.Response(status=204)
        if request.method == "PATCH":
            if msg.author_id != self.bot_user.id:
                return self._error(
                    request, 403, 50005, "Cannot edit a message authored by another user"
                )
            body, files = await _read_body(request)
            if problem := _invalid_body(body, files, create=False):
                return self._error(request, 400, *problem)
            await self._edit_message(msg, body, files)
        return _json(self._message_payload(msg))

    async def _react(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        msg = ch and self._find_message(ch.id, int(request.match_info["mid"]))
        if msg is None:
            return self._error(request, 404, 10008, "Unknown Message")
        emoji = request.match_info["emoji"]
        if request.method == "PUT" and emoji not in msg.reactions:
            msg.reactions.append(emoji)
        elif request.method == "DELETE" and emoji in msg.reactions:
            msg.reactions.remove(emoji)
        return web.Response(status=204)

    async def _create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        if parent is None or parent.is_dm:
            return self._error(request, 404, 10003, "Unknown Channel")
        body, _ = await _read_body(request)
        duration = self._archive_duration(body)
        if duration is None:
            problem = "Invalid Form Body (auto_archive_duration: Value must be 60, 1440, 4320…)"
            return self._error(request, 400, 50035, problem)
        # A thread started from a message takes the message's id (as on Discord), and a
        # message has one thread at most (Discord answers 160004 to a second).
        started_from = request.match_info.get("mid")
        if started_from is not None and int(started_from) in self.channels:
            problem = "A thread has already been created for this message"
            return self._error(request, 400, 160004, problem)
        thread = FakeChannel(
            int(started_from) if started_from is not None else snowflake(),
            body.get("name", "thread"),
            body.get("type", 11),
            parent.id,
        )
        thread.auto_archive_duration, thread.active_at = duration, self.clock()
        thread.owner_id = self.bot_user.id
        thread.guild_id = self.guild_of(parent)
        self.channels[thread.id] = thread
        data = self._channel_payload(thread)
        created = {**data, "newly_created": True}
        await self.gateway.dispatch("THREAD_CREATE", created, guild=thread.guild_id)
        return _json(data, status=201)

    async def _get_attachment(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["aid"])
        for msgs in self._messages.values():
            for m in msgs:
                for a in m.stored_attachments:
                    if a.id == aid:
                        return web.Response(body=a.data, content_type=a.content_type)
        return web.Response(status=404)

    # ----- users, DMs, guild ---------------------------------------------------------------

    async def _create_dm(self, request: web.Request) -> web.Response:
        body, _ = await _read_body(request)
        if refused := self._not_snowflake(request, "recipient_id", body.get("recipient_id")):
            return refused
        user = self.users.get(int(body["recipient_id"]))
        if user is None or user.bot:
            return self._error(request, 400, 50033, "Invalid Recipient(s)")
        return _json(self._channel_payload(self.dm_channel(user)))

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and `user` (created on first use, like Discord)."""
        if user.id not in self._dm_channels:
            ch = FakeChannel(snowflake(), f"dm-{user.name}", type=1, recipient=user)
            self._dm_channels[user.id] = ch
            self.channels[ch.id] = ch
        return self._dm_channels[user.id]

    def _not_snowflake(self, request: web.Request, field: str, value: Any) -> web.Response | None:
        """Discord's answer to an id that is no snowflake (a negative number, a word): 400,
        Invalid Form Body, before it looks anything up; None for a valid id."""
        if snowflake_of(value) is not None:
            return None
        problem = f'Invalid Form Body ({field}: Value "{value}" is not snowflake.)'
        return self._error(request, 400, 50035, problem)

    async def _get_user(self, request: web.Request) -> web.Response:
        if refused := self._not_snowflake(request, "user_id", request.match_info["uid"]):
            return refused
        user = self.users.get(int(request.match_info["uid"]))
        if user is None:
            return self._error(request, 404, 10013, "Unknown User")
        return _json(payloads.user(user))

    def _check_guild(self, request: web.Request) -> bool:
        return request.match_info["gid"] in {str(g) for g in self.guild_ids}

    async def _get_guild(self, request: web.Request) -> web.Response:
        if not self._check_guild(request):
            return self._error(request, 404, 10004, "Unknown Guild")
        guild = self._guild_payload(int(request.match_info["gid"]))
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
            guild.pop(key)
        return _json(guild)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        if not self._check_guild(request):
            return self._error(request, 404, 10004, "Unknown Guild")
        return _json(self._guild_payload(int(request.match_info["gid"]))["channels"])

    async def _get_roles(self, request: web.Request) -> web.Response:
        if not self._check_guild(request):
            return self._error(request, 404, 10004, "Unknown Guild")
        return _json(self._guild_payload(int(request.match_info["gid"]))["roles"])

    async def _get_members(self, request: web.Request) -> web.Response:
        if not self._check_guild(request):
            return self._error(request, 404, 10004, "Unknown Guild")
        return _json(self._guild_payload(int(request.match_info["gid"]))["members"])

    async def _get_member(self, request: web.Request) -> web.Response:
        if refused := self._not_snowflake(request, "user_id", request.match_info["uid"]):
            return refused
        user = self.users.get(int(request.match_info["uid"]))
        if not self._check_guild(request):
            return self._error(request, 404, 10004, "Unknown Guild")
        if user is None or not self.is_member(user, int(request.match_info["gid"])):
            return self._error(request, 404, 10007, "Unknown Member")
        return _json(self._member_payload(user))


def _connected(request: web.Request) -> bool:
    """Whether the client still waits for this answer."""
    return request.transport is not None and not request.transport.is_closing()
