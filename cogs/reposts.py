"""Posting once across a long outage: a post left over from a crash is looked for before it is
sent again.

Every post and DM of the outbox carries a nonce of its own (``enforce_nonce``): Discord answers
a repeated create with the message it already made, so a retry after a lost answer, or after a
crash between Discord taking the post and the outbox marking it sent, is not shown twice. But
Discord keeps a nonce only for "a few minutes". Past ``NONCE_TRUST`` after an entry was first
tried (a crash, then a restart hours later; a long run of retries) the nonce alone is not
trusted: the channel's latest messages are read first (``GET /channels/{id}/messages``), and if
one of the bot's own carries the entry's mark, the entry was delivered: it is marked sent, not
posted again.

Message history does not show the nonce, so each post also carries its mark where history does
show it, without being seen: a few invisible characters (zero-width code points, which clients
and screen readers skip) at the end of its text, made from the nonce,
and the nonce in the name of its first attached file (``tokan-12-5-tt1a2b3c4d57.png``). Either
one is enough: only the bot's own messages count, so a player who copies a post (invisible
characters included) cannot stop one.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable
from pathlib import PurePosixPath
from typing import Any

import discord

from data.store import OutboxEntry

log = logging.getLogger("tidetable.herald")

# Seconds after an entry's first try during which Discord's nonce alone keeps a repeat from
# showing twice. Discord promises "a few minutes"; trusting it for one costs a history read
# only on the rare entries tried longer ago than that.
NONCE_TRUST = 60.0
LOOK_BACK = 100  # the channel's latest messages read (Discord's most for one request)

# The mark: 26 base-3 digits (41 bits of the nonce's hash) in characters that show nothing and
# that screen readers skip (the texts already use the first one to make mentions inert).
DIGITS = ("\u200b", "\u200c", "\u2060")  # ZERO WIDTH SPACE, ZERO WIDTH NON-JOINER, WORD JOINER
MARK_DIGITS = 26


def mark(nonce: str) -> str:
    """The invisible mark of a post made with ``nonce``."""
    value = int.from_bytes(hashlib.blake2b(nonce.encode(), digest_size=8).digest(), "big")
    digits = []
    for _ in range(MARK_DIGITS):
        value, digit = divmod(value, 3)
        digits.append(DIGITS[digit])
    return "".join(digits)


def marked(content: str, nonce: str) -> str:
    """``content`` with the mark of ``nonce`` at its end."""
    return content + mark(nonce)


def tagged(filename: str, nonce: str) -> str:
    """A file name carrying the nonce: ``tokan-12-5.png`` -> ``tokan-12-5-tt1a2b3c4d57.png``."""
    path = PurePosixPath(filename)
    return f"{path.stem}-{nonce}{path.suffix}"


def tag_files(files: Any, nonce: str) -> None:
    """Rename the first of the files about to be sent (a ``discord.File``, a list of them, or
    nothing) so that its name carries the nonce."""
    found: Iterable[Any] = files if isinstance(files, list | tuple) else [files]
    first = next((f for f in found if isinstance(f, discord.File)), None)
    if first is not None:
        first.filename = tagged(first.filename, nonce)


def bears(message: discord.Message, nonce: str) -> bool:
    """Whether a message shows the mark of ``nonce``, in its text or its first file's name."""
    if mark(nonce) in message.content:
        return True
    ending = f"-{nonce}"
    return any(PurePosixPath(a.filename).stem.endswith(ending) for a in message.attachments[:1])


def may_have_landed(entry: OutboxEntry, now: float) -> bool:
    """Whether a try of ``entry`` may have reached Discord so long ago that its nonce may be
    forgotten: it was claimed for delivery before, more than ``NONCE_TRUST`` seconds ago."""
    return entry.first_tried is not None and now - entry.first_tried > NONCE_TRUST


async def landed(channel: Any, me: int, nonce: str) -> discord.Message | None:
    """The bot's own message among the channel's latest that bears the mark of ``nonce``, or
    None. A channel whose history the bot may not read is taken as not holding it (the post is
    then sent, with its nonce, as before)."""
    try:
        async for message in channel.history(limit=LOOK_BACK):
            if message.author.id == me and bears(message, nonce):
                return message
    except discord.Forbidden:
        log.info("cannot read the history of channel %s to look for %s", channel.id, nonce)
    return None
