"""One place that answers an interaction, whatever state its response is in, and one place that
turns any error into a short private reply (after Red-DiscordBot's central tree error handler).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator
from typing import Any

import discord
from discord import app_commands

from cogs.language import reader
from cogs.messages import FORMER_NAME
from cogs.pictures import RenderFailed
from data.former import is_former
from i18n.catalogue import say
from i18n.text import T, Text
from rules.errors import PlayerError

log = logging.getLogger("tidetable")

MENTION = re.compile(r"<@!?(\d+)>")

# Only a picture asked for on its own gets this (a board, a hand, a chart): after a saved
# action a picture that fails is retried by the outbox, and the player told it is saved.
PICTURE_FAILED = T(
    "The picture could not be drawn just now (the bot is busy): ask again in a moment."
)
UNEXPECTED = T(
    "Something went wrong on our side while handling that. It has been logged; "
    "please try again, or use `board` to see the current position."
)
NOT_HERE = T("You cannot use this command here.")


@contextlib.asynccontextmanager
async def acknowledging(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Acknowledge ``interaction`` (deferred privately) while the body works, instead of
    before it: the acknowledgement's round trip to Discord (tens of milliseconds there) and a
    move's transaction overlap, and the board is posted that much sooner. The acknowledgement
    leaves at the body's first await, well within Discord's 3 seconds, and is waited for when
    the body ends, so an answer (or the error handler's) always follows it. When it fails
    after the body committed (the interaction expired on its way), the body's work stands and
    is announced as usual (the player's answer cannot reach them, and is logged so); when the
    body failed, its error is what the handler answers."""
    deferring = asyncio.ensure_future(interaction.response.defer(ephemeral=True, thinking=True))
    try:
        yield
    finally:
        try:
            await deferring
        except discord.HTTPException:
            log.warning("could not acknowledge interaction %s", interaction.id)


async def language_for(interaction: discord.Interaction, ephemeral: bool) -> str:
    """The language of an answer to ``interaction``: its sender's when only they see it, the
    server's (``cogs/language.py``) when the channel does."""
    languages = getattr(interaction.client, "languages", None)
    if ephemeral or languages is None:
        return reader(interaction)
    return str(await languages.public(interaction))


async def answer(
    interaction: discord.Interaction,
    content: Text | str,
    *,
    ephemeral: bool = True,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
    embed: discord.Embed | None = None,
) -> None:
    """Reply through the initial response if it is still open, else through a follow-up; a
    Text is said in the reader's language (the server's when the reply is public)."""
    content = say(content, await language_for(interaction, ephemeral))
    if len(content) > 2000:  # Discord's limit: a reply that breaks it would never arrive
        content = content[:1999] + "…"
    kwargs: dict[str, Any] = {"content": content, "ephemeral": ephemeral}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    if embed is not None:
        kwargs["embed"] = embed
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


def _named(found: re.Match[str], language: str) -> str:
    return say(FORMER_NAME, language) if is_former(int(found.group(1))) else found.group(0)


def explain(error: BaseException) -> Text | str:
    """The text a player sees for ``error``: its own message if they caused it (a Text, to be
    said in their language, or a plain string)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, PlayerError):
        message = error.args[0] if error.args else ""
        return message if isinstance(message, Text) else str(error)
    if isinstance(error, app_commands.CheckFailure):
        return NOT_HERE
    if isinstance(error, RenderFailed):  # the picture pool logged why
        return PICTURE_FAILED
    return UNEXPECTED


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``error`` privately; log it with its traceback unless a player caused it. A
    refusal from a game's command names people where the rules named seats ("bob (B) has
    acted since your last move"): the game's cog knows the channel's match and its names."""
    explained = explain(error)
    if explained is UNEXPECTED:
        command = interaction.command.qualified_name if interaction.command else "component"
        log.error("error in %s", command, exc_info=error)
    # Said in the reader's language first; then the table's words, which mention people by id,
    # name one who was forgotten as such, and the game's cog names seats as people.
    language = reader(interaction)
    text = MENTION.sub(lambda found: _named(found, language), say(explained, language))
    if explained is not UNEXPECTED:
        text = await named(interaction, text)
    try:
        await answer(interaction, text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error reply for interaction %s", interaction.id)


async def named(interaction: discord.Interaction, text: str) -> str:
    """``text`` with seats named as people by the cog of the command, when it can (a game's
    cog has ``named``); unchanged otherwise, or if naming fails (the refusal still goes)."""
    cog = getattr(interaction.command, "binding", None)
    namer = getattr(cog, "named", None)
    if namer is None or not interaction.channel_id:
        return text
    try:
        said = await namer(text, interaction.channel_id, reader(interaction))
    except Exception:
        log.warning("could not name the players in a refusal", exc_info=True)
        return text
    return said if isinstance(said, str) else text
