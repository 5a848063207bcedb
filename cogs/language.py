"""Which language a text is said in: the reader's, the server's, or the match's.

- An ephemeral answer is read by the person who asked: their Discord locale
  (``interaction.locale``), sent with every interaction.
- A public post is read by the whole channel: the match's own language when its creator chose
  one (``language:`` when opening), else the server's as its admins set it (``/tidetable-admin
  settings language:``), else the server's locale as Discord reports it (``guild_locale``).
- A DM is read by one person who is not interacting now: the locale they last used with the bot,
  remembered (``users.locale``) whenever it changes.

Languages are catalogue codes ("en", "de", "ja"; ``x-pseudo`` in the tests): anything else is
said in English (``i18n.catalogue.language_of``).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable

import discord
from discord.ext import commands

from data.clock import Clock
from data.lru import Lru
from data.serversettings import SettingsStore
from data.store import SPEAKER, Speaker, StorageError, Store
from i18n.catalogue import ENGLISH, language_of, say
from i18n.text import Text
from table.lobby import LANGUAGE
from table.match import Match

log = logging.getLogger("tidetable.language")

SERVER_TTL = 60.0  # seconds a server's chosen language is trusted from memory
SAVE_AFTER = 10.0  # seconds a new locale waits in memory before it is written
REMEMBERED = 50_000  # people whose last locale is held in memory (others are read)


def reader(interaction: discord.Interaction) -> str:
    """The language of the person who sent ``interaction``: their answers are said in it."""
    return language_of(interaction.locale)


def server_locale_of(interaction: discord.Interaction) -> str | None:
    """The server's locale as Discord reports it with an interaction (None in DMs)."""
    locale = interaction.guild_locale
    return str(getattr(locale, "value", locale)) if locale is not None else None


class Languages:
    """The languages of servers, matches and people, as the rest of the bot says its texts.

    ``guild_locale`` tells a server's locale (``Guild.preferred_locale``) as the bot's cache
    has it, or as Discord says when asked (a restarted bot delivers what waited before Discord
    sent it its servers); None when unknown."""

    def __init__(
        self, store: Store, clock: Clock, guild_locale: Callable[[int], Awaitable[str | None]]
    ) -> None:
        self.store = store
        self.settings = SettingsStore(store)
        self.clock = clock
        self.guild_locale = guild_locale
        self._servers: dict[int, tuple[float, str | None]] = {}
        self._people: Lru[int, str] = Lru(REMEMBERED)
        self._unsaved: dict[int, str] = {}  # locales kept in memory, not yet in the database
        self._saving: asyncio.Task[None] | None = None

    # -- servers and matches -------------------------------------------------------------
    async def of_server(self, guild_id: int | None, seen: str | None = None) -> str:
        """The language of ``guild_id``'s public texts; ``seen`` is its locale as an interaction
        just reported it (used when its admins chose none). English in DMs."""
        if guild_id is None:
            return ENGLISH
        chosen = await self._chosen(guild_id)
        if chosen:
            return language_of(chosen)
        return language_of(seen or await self.guild_locale(guild_id))

    async def _chosen(self, guild_id: int) -> str | None:
        now = self.clock.now()
        held = self._servers.get(guild_id)
        if held is not None and now - held[0] < SERVER_TTL:
            return held[1]
        try:
            chosen = (await self.settings.get(guild_id)).language
        except StorageError:  # a post is better said in the server's own locale than not at all
            log.warning("could not read the language of server %s", guild_id, exc_info=True)
            return held[1] if held is not None else None
        self._servers[guild_id] = (now, chosen)
        return chosen

    def forget_server(self, guild_id: int) -> None:
        """``guild_id``'s settings changed: read its language again."""
        self._servers.pop(guild_id, None)

    async def of_match(self, match: Match) -> str:
        """The language of ``match``'s public posts: its own, else its server's; a match played
        in DMs is said in its creator's."""
        own = match.row.options.get(LANGUAGE)
        if own:
            return language_of(own)
        if match.row.guild_id is None:
            return await self.of_person(match.row.creator_id)
        return await self.of_server(match.row.guild_id)

    async def public(self, interaction: discord.Interaction) -> str:
        """The language of a public answer to ``interaction`` (in its server's language)."""
        if interaction.guild_id is None:
            return reader(interaction)
        return await self.of_server(interaction.guild_id, server_locale_of(interaction))

    # -- people ----------------------------------------------------------------------------
    async def of_person(self, user_id: int, match: Match | None = None) -> str:
        """The language of a DM to ``user_id``: the locale they last used; for one who never
        used the bot (seated by a rematch, a league) or whose locale was never written, the
        language of the match the DM is about (a match in DMs: its creator's), else English."""
        held = self._people.get(user_id)
        if held is not None:
            return language_of(held)
        try:
            locale = await self.store.locale_of(user_id)
        except StorageError:
            log.warning("could not read the locale of a person", exc_info=True)
            locale = None
        if locale is not None:
            self._people[user_id] = locale
            return language_of(locale)
        if match is not None:  # their own too: a creator's locale may not be written yet
            return await self.of_match(match)
        return ENGLISH

    async def remember(self, interaction: discord.Interaction) -> None:
        """Keep the locale ``interaction``'s sender uses when it is new: at once in memory,
        and in the database a little later, with the others then (a write at the interaction
        itself would wait behind, or hold up, the interaction's own when the database is busy)."""
        self._keep(interaction)

    def speaking(self, interaction: discord.Interaction) -> None:
        """The running task handles ``interaction``: its sender's locale, when not yet written,
        goes into the first transaction the task commits (``data.store.SPEAKER``), so an
        action of theirs that is saved keeps it, even if the process dies before the write a
        little later (a DM about it, from a process started after a crash, is in their
        language), and the interaction waits for no write of its own."""
        locale = self._keep(interaction)
        user_id = interaction.user.id
        if locale is not None and self._unsaved.get(user_id) == locale:
            # Asked again at the write: the task (or one it started) may commit after they
            # were forgotten, by another interaction of theirs, or after they used another
            # locale; then nothing is written.
            unsaved = functools.partial(self._is_unsaved, user_id, locale)
            SPEAKER.set(Speaker(user_id, locale, unsaved=unsaved))

    def _is_unsaved(self, user_id: int, locale: str) -> bool:
        """Whether ``locale`` is the one of ``user_id``'s that waits to be written."""
        return self._unsaved.get(user_id) == locale

    def _keep(self, interaction: discord.Interaction) -> str | None:
        locale = str(getattr(interaction.locale, "value", interaction.locale) or "")
        user_id = interaction.user.id
        if not locale:
            return None
        if self._people.get(user_id) == locale:
            return locale
        self._people[user_id] = locale
        self._unsaved[user_id] = locale
        if self._saving is None or self._saving.done():
            self._saving = asyncio.get_running_loop().create_task(self._save_later())
        return locale

    async def _save_later(self) -> None:
        await self.clock.sleep_until(self.clock.now() + SAVE_AFTER, asyncio.Event())
        await self.save()

    async def save(self) -> None:
        """Write the locales kept in memory only (a gentle stop calls it too)."""
        unsaved, self._unsaved = self._unsaved, {}
        for user_id, locale in unsaved.items():
            try:
                if await self.store.locale_of(user_id) != locale:
                    await self.store.remember_locale(user_id, locale)
            except StorageError:  # kept for the next try; their DMs use memory meanwhile
                log.warning("could not keep the locale of a person", exc_info=True)
                self._unsaved.setdefault(user_id, locale)

    async def close(self) -> None:
        """Stop waiting and write what is unsaved (the bot stops)."""
        saving, self._saving = self._saving, None
        if saving is not None and not saving.done() and saving is not asyncio.current_task():
            saving.cancel()
            await asyncio.gather(saving, return_exceptions=True)
        await self.save()

    def forget_person(self, user_id: int) -> None:
        """``user_id`` asked to be forgotten: nothing of them stays in memory either, and the
        task forgetting them writes their locale in none of its transactions."""
        self._people.pop(user_id, None)
        self._unsaved.pop(user_id, None)
        speaker = SPEAKER.get()
        if speaker is not None and speaker.user_id == user_id:
            speaker.written = True


def said(text: Text | str, language: str) -> str:
    """``text`` in ``language`` (a plain string as it is)."""
    return say(text, language)


class LanguageCog(commands.Cog):
    """Keeps each person's locale as they use the bot, for the DMs they are sent later."""

    def __init__(self, languages: Languages) -> None:
        self.languages = languages

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.languages.remember(interaction)
