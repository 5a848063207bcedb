"""What the stand-in remembers: users, channels, messages, interactions and API errors.

These are plain data objects that tests read. The server mutates them as the bot talks to it
(an edited message is edited in place, an interaction result fills up as the bot answers).
"""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12  # "@silent": no push or desktop notification

_counter = itertools.count(1)


def snowflake(shard: tuple[int, int] | None = None) -> int:
    """A new Discord-style id: milliseconds since the Discord epoch, shifted, plus a counter.

    With `shard` (id, count), a guild id that falls in that shard: the timestamp is moved up
    by less than `count` milliseconds so that ``(id >> 22) % count`` is the shard's id."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    if shard is not None:
        shard_id, count = shard
        ms += (shard_id - ms) % count
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


@dataclass(eq=False)
class FakeUser:
    """A Discord user who is a member of the fake guild (or the bot itself)."""

    id: int
    name: str
    bot: bool = False
    manage_guild: bool = False
    joined_at: str = ""
    nick: str | None = None  # the member's nickname on the servers (the same on each)
    guilds: frozenset[int] | None = None  # the guilds they are a member of (None: every one)
    roles: list[int] = field(default_factory=list)  # roles given with `FakeDiscord.give_role`
    locale: str | None = None  # their Discord client's language; None: the stand-in's locale

    def __hash__(self) -> int:
        return self.id

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FakeUser) and other.id == self.id

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(frozen=True)
class FakeRole:
    """A role of the servers (every server of the stand-in has it, as every member belongs
    to every server), with the permissions it grants."""

    id: int
    name: str
    permissions: int = 0

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel (type 0), a public thread (type 11) or a DM channel (type 1)."""

    id: int
    name: str
    type: int = 0
    parent_id: int | None = None
    recipient: FakeUser | None = None
    owner_id: int | None = None
    guild_id: int | None = None  # None: the stand-in's first guild (or no guild, for a DM)
    # A thread's life: Discord archives it after `auto_archive_duration` minutes without a
    # message (`active_at`, on the stand-in's clock); a locked one only moderators reopen.
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    active_at: float = 0.0

    @property
    def is_thread(self) -> bool:
        return self.type in (10, 11, 12)

    def __hash__(self) -> int:
        return self.id

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FakeChannel) and other.id == self.id

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class StoredAttachment:
    """One uploaded file, kept with its bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str = "application/octet-stream"
    description: str | None = None


MENTION = re.compile(r"<@!?(\d+)>")
# Characters that show nothing: zero-width and other default-ignorable format characters.
_INVISIBLE = re.compile("[\u200b-\u200f\u2060-\u2064\ufeff]")


@dataclass(eq=False)
class FakeMessage:
    """A message as the stand-in stored it. Edits change it in place."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    stored_attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    interaction_id: int | None = None
    webhook_id: int | None = None
    reference: dict[str, Any] | None = None
    edited: bool = False
    deleted: bool = False
    reactions: list[str] = field(default_factory=list)
    nonce: str | int | None = None  # as the creating request sent it (channel messages only)
    nonce_repeats: int = 0  # creates with enforce_nonce answered with this message instead
    # Who the message notified by mention when it was created (the mentions its
    # allowed_mentions let through; an edit notifies nobody, as on Discord).
    pinged: list[int] = field(default_factory=list)
    at: float = field(default_factory=time.monotonic)  # when it was stored (real seconds)

    @property
    def attachments(self) -> list[tuple[str, bytes]]:
        """The uploaded files as (filename, bytes)."""
        return [(a.filename, a.data) for a in self.stored_attachments]

    files = attachments

    @property
    def mentions(self) -> list[int]:
        """User ids mentioned in the content as <@id> or <@!id>, in order, without repeats."""
        return list(dict.fromkeys(int(m) for m in MENTION.findall(self.content)))

    @property
    def shown(self) -> str:
        """The content as a person sees it, without the characters that show nothing (a bot
        may mark its posts with some, as Tidetable does: cogs/reposts.py)."""
        return _INVISIBLE.sub("", self.content)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def silent(self) -> bool:
        """Sent with SUPPRESS_NOTIFICATIONS: it notifies nobody."""
        return bool(self.flags & SUPPRESS_NOTIFICATIONS)

    def custom_ids(self) -> list[str]:
        """Every custom_id among this message's components (buttons, selects), in order."""
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def text(self) -> str:
        """Content plus embed titles, descriptions, fields and footers, and component labels."""
        return "\n".join(public_texts(self.content, self.embeds, self.components))


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """All components, depth first (action rows, containers, sections and their children)."""
    out: list[dict[str, Any]] = []
    for comp in components:
        out.append(comp)
        out.extend(walk_components(comp.get("components", [])))
        if isinstance(comp.get("accessory"), dict):
            out.append(comp["accessory"])
    return out


def public_texts(
    content: str, embeds: list[dict[str, Any]], components: list[dict[str, Any]]
) -> list[str]:
    """Every human-readable string in a message body."""
    texts = [content] if content else []
    for embed in embeds:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts += [(embed.get("author") or {}).get("name") or ""]
        texts += [(embed.get("footer") or {}).get("text") or ""]
        for f in embed.get("fields", []):
            texts += [f.get("name") or "", f.get("value") or ""]
    for comp in walk_components(components):
        texts += [comp.get("label") or "", comp.get("placeholder") or "", comp.get("content") or ""]
        for opt in comp.get("options", []):
            texts += [opt.get("label") or "", opt.get("description") or ""]
    return [t for t in texts if t]


@dataclass
class ApiError:
    """A request the stand-in refused, as Discord would have."""

    method: str
    path: str
    status: int
    code: int
    message: str

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status} ({self.code}) {self.message}"


@dataclass(eq=False)
class InteractionResult:
    """One interaction sent to the bot and everything the bot answered to it.

    `type` is the callback type of the accepted acknowledgement (4 message, 5 deferred message,
    6 deferred update, 7 update message, 8 autocomplete, 9 modal), or None if none was accepted.
    """

    id: int
    token: str
    kind: int  # interaction type: 2 command, 3 component, 4 autocomplete
    channel: FakeChannel
    user: FakeUser
    source: FakeMessage | None = None  # the message a clicked component was on
    type: int | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    errors: list[ApiError] = field(default_factory=list)
    expired: bool = False
    incomplete: bool = False  # deferred, but no follow-up or edit came within reply_timeout
    undelivered: bool = False  # no bot was connected: nobody received it (Discord fails it)
    lost_bot: bool = False  # the bot's gateway connection dropped before it answered
    refused: str | None = None  # Discord's client would not send it (say, an archived thread)
    created: float = field(default_factory=time.monotonic)
    session: Any = field(default=None, repr=False)  # the gateway session it was sent over
    attempted: asyncio.Event = field(default_factory=asyncio.Event)
    replied: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def acked(self) -> bool:
        return self.type is not None

    @property
    def error(self) -> str | None:
        """What Discord would have rejected, or None: an expiry or the first refused request."""
        if self.errors:
            return str(self.errors[0])
        if self.refused:
            return f"refused: {self.refused}"
        if self.undelivered:
            return "undelivered: no bot was connected, so the interaction failed"
        if self.lost_bot and not self.acked:
            return "expired: the bot disconnected before acknowledging the interaction"
        if self.expired:
            return "expired: the interaction was not acknowledged in time"
        if self.incomplete:
            return "incomplete: deferred, but no follow-up or edit arrived"
        return None

    @property
    def message(self) -> FakeMessage | None:
        """The visible reply: the original response if it has a body, else the first follow-up."""
        if self.original is not None and not self.original.flags & LOADING:
            return self.original
        return self.followups[0] if self.followups else self.original

    @property
    def messages(self) -> list[FakeMessage]:
        """Original response and follow-ups, without repeats."""
        out = [self.original] if self.original is not None else []
        return out + [m for m in self.followups if m is not self.original]

    @property
    def content(self) -> str | None:
        return self.message.content if self.message else None

    @property
    def shown(self) -> str:
        """The content as a person sees it, without the characters that show nothing (a bot
        may mark its posts with some, as Tidetable does: cogs/reposts.py)."""
        return _INVISIBLE.sub("", self.content)

    @property
    def ephemeral(self) -> bool:
        return bool(self.message and self.message.flags & EPHEMERAL)

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return self.message.attachments if self.message else []

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message else []


class Choices(list):
    """Autocomplete choices the bot answered; `.error` says why Discord refused them, if it did."""

    error: str | None = None
