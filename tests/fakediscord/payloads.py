"""JSON payloads shaped like Discord's (API v10), built from the stand-in's records."""

from __future__ import annotations

import datetime
import re
from typing import Any

from .records import (
    DISCORD_EPOCH_MS,
    FakeChannel,
    FakeMessage,
    FakeRole,
    FakeUser,
    StoredAttachment,
)

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
ADD_REACTIONS = 1 << 6
MANAGE_GUILD = 1 << 5
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38

EVERYONE_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES
# What a server takes away to stop the bot posting in a channel (and in its threads).
SEND_TO_CHANNEL = SEND_MESSAGES | SEND_MESSAGES_IN_THREADS


def now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


def snowflake_iso(snowflake_id: int) -> str:
    """The creation time encoded in a snowflake, as Discord's ISO 8601 timestamp."""
    ms = (snowflake_id >> 22) + DISCORD_EPOCH_MS
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.UTC).isoformat()


def user(u: FakeUser) -> dict[str, Any]:
    return {
        "id": str(u.id),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.name,
        "avatar": None,
        "bot": u.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
    }


def role(
    role_id: int, name: str, permissions: int, position: int, managed: bool = False
) -> dict[str, Any]:
    return {
        "id": str(role_id),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": position,
        "permissions": str(permissions),
        "managed": managed,
        "mentionable": False,
        "flags": 0,
    }


def member(u: FakeUser, roles: list[int], permissions: int | None = None) -> dict[str, Any]:
    """A guild member; with `permissions` it is the interaction form (computed permissions)."""
    data: dict[str, Any] = {
        "user": user(u),
        "nick": u.nick,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in roles],
        "joined_at": u.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def channel(
    ch: FakeChannel, guild_id: int, bot_user: FakeUser, bot_denied: int = 0
) -> dict[str, Any]:
    """A channel object; `bot_denied` becomes a member overwrite denying the bot those bits."""
    if ch.is_dm:
        assert ch.recipient is not None
        return {
            "id": str(ch.id),
            "type": 1,
            "last_message_id": None,
            "flags": 0,
            "recipients": [user(ch.recipient)],
        }
    data: dict[str, Any] = {
        "id": str(ch.id),
        "type": ch.type,
        "guild_id": str(guild_id),
        "name": ch.name,
        "position": 0,
        "permission_overwrites": [
            {"id": str(bot_user.id), "type": 1, "allow": "0", "deny": str(bot_denied)}
        ]
        if bot_denied
        else [],
        "nsfw": False,
        "parent_id": str(ch.parent_id) if ch.parent_id else None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }
    if ch.type in (10, 11, 12):
        data.pop("permission_overwrites")
        data.update(
            owner_id=str(ch.owner_id or bot_user.id),
            member_count=1,
            message_count=0,
            total_message_sent=0,
            thread_metadata={
                "archived": ch.archived,
                "auto_archive_duration": ch.auto_archive_duration,
                "archive_timestamp": now_iso(),
                "locked": ch.locked,
                "create_timestamp": now_iso(),
            },
        )
    return data


def attachment(a: StoredAttachment, base_url: str, channel_id: int) -> dict[str, Any]:
    url = f"{base_url}/attachments/{channel_id}/{a.id}/{a.filename}"
    data: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": len(a.data),
        "url": url,
        "proxy_url": url,
        "content_type": a.content_type,
    }
    if a.description:
        data["description"] = a.description
    if a.data.startswith(b"\x89PNG") and len(a.data) >= 24:
        data["width"] = int.from_bytes(a.data[16:20], "big")
        data["height"] = int.from_bytes(a.data[20:24], "big")
    return data


def message(
    m: FakeMessage,
    author: FakeUser,
    known_users: dict[int, FakeUser],
    base_url: str,
    guild_id: int | None = None,
) -> dict[str, Any]:
    """A message object; `guild_id` is added for gateway events in guild channels."""
    data: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "author": user(author),
        "content": m.content,
        "timestamp": snowflake_iso(m.id),
        "edited_timestamp": now_iso() if m.edited else None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [user(known_users[i]) for i in m.mentions if i in known_users],
        "mention_roles": [],
        "attachments": [attachment(a, base_url, m.channel_id) for a in m.stored_attachments],
        "embeds": m.embeds,
        "components": m.components,
        "pinned": False,
        "type": m.type,
        "flags": m.flags,
    }
    if m.webhook_id:
        data["webhook_id"] = str(m.webhook_id)
        data["application_id"] = str(m.webhook_id)
    if m.reference:
        data["message_reference"] = m.reference
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    return data


def guild(
    guild_id: int,
    name: str,
    owner_id: int,
    roles: list[dict[str, Any]],
    channels: list[dict[str, Any]],
    members: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "id": str(guild_id),
        "name": name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "system_channel_id": channels[0]["id"] if channels else None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "features": [],
        "roles": roles,
        "emojis": [],
        "stickers": [],
        "max_members": 500000,
        "application_id": None,
        "premium_progress_bar_enabled": False,
        # GUILD_CREATE-only fields
        "joined_at": now_iso(),
        "large": False,
        "unavailable": False,
        "member_count": len(members),
        "members": members,
        "channels": channels,
        "threads": [],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


# Discord's integer and number options take values between -2^53 and 2^53 (what a JavaScript
# number holds exactly); the client refuses anything else, and so does a declared min or max.
DISCORD_INT_LIMIT = 2**53


# The locales Discord accepts as keys of name_localizations and description_localizations.
_LOCALES_AS_LISTED = (
    "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg "
    "ru uk hi th zh-CN ja zh-TW ko"
)
DISCORD_LOCALES = frozenset(_LOCALES_AS_LISTED.split())
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def localization_problems(definition: dict[str, Any], where: str) -> list[str]:
    """What Discord refuses in a definition's localizations: an unknown locale, a localized name
    that is not a valid (lower-case) command name, a description of 0 or over 100 characters."""
    problems = []
    for key in ("name_localizations", "description_localizations"):
        for locale, text in (definition.get(key) or {}).items():
            if locale not in DISCORD_LOCALES:
                problems.append(f"{where}.{key}: unknown locale {locale!r}")
            elif key == "name_localizations" and (
                not COMMAND_NAME.match(text) or text != text.lower()
            ):
                problems.append(f"{where}.{key}.{locale}: invalid name {text!r}")
            elif key == "description_localizations" and not 1 <= len(text) <= 100:
                problems.append(f"{where}.{key}.{locale}: must be 1-100 characters")
    for choice in definition.get("choices", []):
        for locale, text in (choice.get("name_localizations") or {}).items():
            if locale not in DISCORD_LOCALES or not 1 <= len(text) <= 100:
                problems.append(f"{where}.choices.{choice.get('name')}: bad localization")
    return problems


def command_problems(definition: dict[str, Any]) -> list[str]:
    """What Discord refuses in a command's definition: option bounds (a min_value or max_value
    outside -2^53..2^53, a min_length or max_length outside 0..6000) and localizations."""
    problems = localization_problems(definition, str(definition.get("name")))
    for option in definition.get("options", []):
        name = option.get("name")
        for key in ("min_value", "max_value"):
            if key in option and not -DISCORD_INT_LIMIT <= option[key] <= DISCORD_INT_LIMIT:
                problems.append(f"options.{name}.{key}: out of range")
        for key in ("min_length", "max_length"):
            if key in option and not 0 <= option[key] <= 6000:
                problems.append(f"options.{name}.{key}: out of range")
        problems += command_problems(option)
    return problems


def command_options(
    definition: dict[str, Any], values: dict[str, Any], focused: str | None
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Typed interaction options for a leaf command, and the `resolved` data they need.

    `values` maps option names to Python values: str/int/bool/float, a FakeUser (type 6),
    a FakeChannel (type 7), a FakeRole (type 8), or a raw id. Raises ValueError where the
    Discord client would not let a user submit.
    """
    defs = {o["name"]: o for o in definition.get("options", [])}
    options: list[dict[str, Any]] = []
    resolved: dict[str, Any] = {}
    for name, value in values.items():
        if name not in defs:
            raise ValueError(f"{definition['name']!r} has no option {name!r}; has {sorted(defs)}")
        opt_def = defs[name]
        otype = opt_def["type"]
        option: dict[str, Any] = {"name": name, "type": otype}
        if name == focused:
            option["value"] = str(value)
            option["focused"] = True
        elif otype in (6, 7, 8, 9, 11):
            option["value"] = str(getattr(value, "id", value))
            if isinstance(value, FakeUser):
                resolved.setdefault("users", {})[str(value.id)] = user(value)
            elif isinstance(value, FakeRole):
                resolved.setdefault("roles", {})[str(value.id)] = role(
                    value.id, value.name, value.permissions, 1
                )
            elif isinstance(value, FakeChannel):
                resolved.setdefault("channels", {})[str(value.id)] = {
                    "id": str(value.id),
                    "name": value.name,
                    "type": value.type,
                    "permissions": str(EVERYONE_PERMISSIONS),
                }
        else:
            option["value"] = _check_scalar(opt_def, value)
        options.append(option)
    if focused is None:
        missing = [n for n, d in defs.items() if d.get("required") and n not in values]
        if missing:
            raise ValueError(f"required option(s) missing: {missing}")
    elif focused not in values:
        raise ValueError(f"the focused option {focused!r} needs a value")
    return options, resolved


def _check_scalar(opt_def: dict[str, Any], value: Any) -> Any:
    name, otype = opt_def["name"], opt_def["type"]
    expected = {3: str, 4: int, 5: bool, 10: (int, float)}.get(otype)
    if expected is None:
        return value
    if not isinstance(value, expected) or (otype in (4, 10) and isinstance(value, bool)):
        raise ValueError(f"option {name!r} (type {otype}) cannot take {value!r}")
    choices = opt_def.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"option {name!r} must be one of its choices, not {value!r}")
    if otype in (4, 10):
        # Discord's own range for integers and numbers, narrowed by the option's declared one.
        low = max(opt_def.get("min_value", -DISCORD_INT_LIMIT), -DISCORD_INT_LIMIT)
        high = min(opt_def.get("max_value", DISCORD_INT_LIMIT), DISCORD_INT_LIMIT)
        if not low <= value <= high:
            raise ValueError(f"option {name!r} out of range: {value!r}")
    if otype == 3:
        low, high = opt_def.get("min_length", 0), opt_def.get("max_length", 6000)
        if not low <= len(value) <= high:
            raise ValueError(f"option {name!r} length out of range: {value!r}")
    return value
