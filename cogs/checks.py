"""Checks made before anything is saved: can the bot announce what an action would change?"""

from __future__ import annotations

import discord

from i18n.text import N_, T, Text, joined
from rules.errors import PlayerError


class CannotPost(PlayerError):
    """The bot may not post in the match's channel (missing permissions): nothing is saved."""


# What the bot needs in a match's channel to announce what happens there.
NEEDED = ("view_channel", "send_messages", "attach_files")
# Each permission as Discord's settings name it (translated as Discord translates them).
PERMISSION_NAMES = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "attach_files": N_("Attach Files"),
    "create_public_threads": N_("Create Public Threads"),
    "send_messages_in_threads": N_("Send Messages In Threads"),
}


def permission_name(name: str) -> Text:
    """A permission (``send_messages``) as Discord's settings name it, said in the reader's
    language."""
    return Text(PERMISSION_NAMES[name])


def require_posting(interaction: discord.Interaction, *, thread: bool = False) -> None:
    """Refuse, before anything is saved, an action whose announcement the bot could not post:
    Discord tells each interaction what the bot may do in its channel."""
    if interaction.guild_id is None:
        return
    allowed = interaction.app_permissions
    needed = [*NEEDED, "create_public_threads"] if thread else list(NEEDED)
    if isinstance(interaction.channel, discord.Thread):  # threads have their own permission
        needed = ["send_messages_in_threads" if n == "send_messages" else n for n in needed]
    missing = [name for name in needed if not getattr(allowed, name, False)]
    if missing:
        names = joined((permission_name(name) for name in missing), ", ")
        raise CannotPost(
            T(
                "I cannot post in this channel, so nothing was saved: a server admin must give "
                "me {permissions} here.",
                permissions=names,
            )
        )
