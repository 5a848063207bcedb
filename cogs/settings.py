"""`/tidetable-admin settings`: a server's settings, for members with Manage Server; and the
check every `/<game> new` makes against them (``opening_options``).

Discord lets a command be hidden from members without a permission (``default_member_
permissions``) only on a top-level command, never on a subcommand: the admins' command is a
group of its own, `/tidetable-admin`, so that members who cannot use it do not see it. A
server's admins may still grant it to others (Server Settings → Integrations), so the bot
checks Manage Server itself, too.

The settings: the channels where matches may be opened (default: anywhere; a thread of an
allowed channel is allowed), the role that may open them (default: everyone; a member with
Manage Server may always), the clock and the undo new matches get unless their creator chooses
(the clock is the one `/tidetable clockdefault` sets), the server's language and its
announcements channel (kept for the features that will use them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import babel
import discord
from discord import app_commands
from discord.ext import commands

from cogs.bounds import LanguageText
from cogs.host import Host
from cogs.language import reader
from cogs.replies import answer
from data.serversettings import ServerSettings, SettingsStore
from i18n.catalogue import ENGLISH, PSEUDO, pseudo, say
from i18n.catalogue import LANGUAGES as CATALOGUE_LANGUAGES
from i18n.text import T, Text, joined
from rules.errors import PlayerError
from table.opening import DEFAULT, check_opening, undo_for
from table.turnclock import CLOCKS, DEFAULT_CLOCK

SERVER_LANGUAGE = "server"  # the language option's value for "the server's own language"
# The languages a server may choose: those the catalogue speaks first, then Discord's locales
# (their posts are said in English until the catalogue speaks them, ``i18n.catalogue``).
LANGUAGES = (
    *CATALOGUE_LANGUAGES,
    *(locale.value for locale in discord.Locale if locale.value not in CATALOGUE_LANGUAGES),
)


def language_name(code: str, language: str) -> str:
    """The name of the language ``code`` ("fr", "en-GB") in ``language`` (Babel knows the
    names of languages in every language; the pseudo-language's are the English ones dotted)."""
    shown_in = ENGLISH if language == PSEUDO else language
    try:
        name = babel.Locale.parse(code.replace("-", "_")).get_display_name(shown_in) or code
    except (ValueError, babel.UnknownLocaleError):
        name = code
    return pseudo(name) if language == PSEUDO else name


class SettingsRefused(PlayerError):
    """A settings change that cannot be made (not an admin, contradicting options…)."""


def store_of(bot: Host) -> SettingsStore:
    return SettingsStore(bot.service.store)


async def opening_options(
    bot: Host, interaction: discord.Interaction, options: Mapping[str, str]
) -> dict[str, str]:
    """Refuse, before anything is saved, a match the server's settings do not allow here or
    for this member; else the match's options with the server's defaults filled in."""
    if interaction.guild_id is None:
        return {**options, "undo": undo_for(ServerSettings(0), options.get("undo", DEFAULT))}
    settings = await store_of(bot).get(interaction.guild_id)
    channel = interaction.channel
    parent = channel.parent_id if isinstance(channel, discord.Thread) else None
    roles = [role.id for role in getattr(interaction.user, "roles", ())]
    check_opening(
        settings,
        channel_id=interaction.channel_id or 0,
        parent_id=parent,
        role_ids=roles,
        admin=interaction.permissions.manage_guild,
    )
    return {**options, "undo": undo_for(settings, options.get("undo", DEFAULT))}


def described(settings: ServerSettings, language: str) -> Text:
    """The settings in words, as `/tidetable-admin settings` shows them (in ``language``: the
    names of languages are Babel's, not the catalogue's)."""
    where = ", ".join(f"<#{c}>" for c in settings.channels)
    channels = T("{channels} and their threads", channels=where) if where else T("any channel")
    mention = f"<@&{settings.role}>"
    role = T("members with {role}", role=mention) if settings.role else T("everyone")
    clock: Text | str = (
        settings.clock
        if settings.clock in CLOCKS
        else T("{clock} (the bot's default)", clock=DEFAULT_CLOCK)
    )
    undo = settings.undo or "on"
    chosen: Text = (
        T(
            "{name} ({code})",
            name=language_name(settings.language, language),
            code=settings.language,
        )
        if settings.language
        else T("the server's own")
    )
    announce = f"<#{settings.announcements}>" if settings.announcements else T("none")
    return joined(
        [
            T("**This server's settings**"),
            T("• Matches are opened in: {channels}", channels=channels),
            T("• Matches are opened by: {role} (and members with Manage Server)", role=role),
            T(
                "• New matches get: clock **{clock}**, undo **{undo}** (their creator may choose)",
                clock=clock,
                undo=undo,
            ),
            T("• Language: {language}", language=chosen),
            T("• Announcements channel: {channel}", channel=announce),
        ]
    )


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class SettingsCog(
    commands.GroupCog,
    group_name="tidetable-admin",
    group_description="This server's Tidetable settings (Manage Server)",
):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="settings", description="Where and by whom matches are opened, and their defaults"
    )
    @app_commands.describe(
        allow="Allow opening matches in this channel (and its threads); the first one limits "
        "matches to the channels allowed",
        disallow="No longer allow opening matches in this channel",
        anywhere="Allow opening matches in every channel again",
        role="Only members with this role open matches (@everyone: anyone)",
        clock="The clock new matches get unless their creator chooses",
        undo="Whether new matches allow undo unless their creator chooses",
        language="The language of this server's posts (the catalogue's languages first)",
        announcements="The channel for the bot's announcements on this server",
        no_announcements="No announcements channel",
    )
    @app_commands.choices(clock=[app_commands.Choice(name=c, value=c) for c in CLOCKS])
    async def settings(
        self,
        interaction: discord.Interaction,
        allow: discord.TextChannel | None = None,
        disallow: discord.TextChannel | None = None,
        anywhere: bool | None = None,
        role: discord.Role | None = None,
        clock: str | None = None,
        undo: bool | None = None,
        language: LanguageText | None = None,
        announcements: discord.TextChannel | None = None,
        no_announcements: bool | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.guild_id is None:  # guild_only: Discord does not offer it in DMs
            raise SettingsRefused(T("Run this in a server: it changes that server's settings."))
        # Discord hides the command from members without Manage Server, but a server may
        # grant it to others: the permission is checked here too, before anything changes.
        if not interaction.permissions.manage_guild:
            raise SettingsRefused(
                T(
                    "Only members with Manage Server change this server's settings: nothing was "
                    "changed."
                )
            )
        store = store_of(self.bot)
        current = await store.get(interaction.guild_id)
        changes = self.changes(
            interaction.guild_id,
            current,
            allow=allow,
            disallow=disallow,
            anywhere=anywhere,
            role=role,
            clock=clock,
            undo=undo,
            language=language,
            announcements=announcements,
            no_announcements=no_announcements,
        )
        language_here = reader(interaction)
        if not changes:
            await answer(interaction, described(current, language_here))
            return
        after = await store.change(interaction.guild_id, **changes)
        if "language" in changes:  # the server's posts are said in its new language at once
            self.bot.languages.forget_server(interaction.guild_id)
        await answer(interaction, joined([T("Saved."), described(after, language_here)]))

    @staticmethod
    def changes(
        guild_id: int,
        current: ServerSettings,
        *,
        allow: discord.TextChannel | None,
        disallow: discord.TextChannel | None,
        anywhere: bool | None,
        role: discord.Role | None,
        clock: str | None,
        undo: bool | None,
        language: str | None,
        announcements: discord.TextChannel | None,
        no_announcements: bool | None,
    ) -> dict[str, Any]:
        """The options as changes to the settings; refused (nothing changed) when they
        contradict each other or name what cannot be."""
        changes: dict[str, Any] = {}
        if anywhere and (allow or disallow):
            raise SettingsRefused(
                T(
                    "Choose either `anywhere` or channels to allow or disallow, not both: "
                    "nothing was changed."
                )
            )
        if allow and disallow and allow.id == disallow.id:
            raise SettingsRefused(
                T(
                    "{channel} cannot be allowed and disallowed at once: nothing was changed.",
                    channel=allow.mention,
                )
            )
        if anywhere:
            changes["channels"] = ()
        elif allow or disallow:
            if disallow and not allow and disallow.id not in current.channels:
                if not current.channels:
                    refusal = T(
                        "{channel} cannot be taken away: every channel is allowed now. Allow "
                        "the channels you want instead. Nothing was changed.",
                        channel=disallow.mention,
                    )
                else:
                    refusal = T(
                        "{channel} cannot be taken away: it is not allowed now. Allow the "
                        "channels you want instead. Nothing was changed.",
                        channel=disallow.mention,
                    )
                raise SettingsRefused(refusal)
            if disallow and not allow and list(current.channels) == [disallow.id]:
                raise SettingsRefused(
                    T(
                        "{channel} is the only channel allowed: taking it away would allow "
                        "every channel. Allow another first, or choose `anywhere: True`. "
                        "Nothing was changed.",
                        channel=disallow.mention,
                    )
                )
            channels = [c for c in current.channels if not disallow or c != disallow.id]
            if allow and allow.id not in channels:
                channels.append(allow.id)
            changes["channels"] = tuple(channels)
        if role is not None:
            changes["role"] = None if role.id == guild_id else role.id  # @everyone's id
        if clock is not None:
            if clock not in CLOCKS:
                raise SettingsRefused(
                    T("Choose a clock: {clocks}. Nothing was changed.", clocks=", ".join(CLOCKS))
                )
            changes["clock"] = clock
        if undo is not None:
            changes["undo"] = "on" if undo else "off"
        if language is not None:
            if language != SERVER_LANGUAGE and language not in LANGUAGES:
                raise SettingsRefused(
                    T(
                        "Choose a language from the suggestions (a Discord language such as `fr` "
                        "or `en-GB`), or `{server}`: nothing was changed.",
                        server=SERVER_LANGUAGE,
                    )
                )
            changes["language"] = None if language == SERVER_LANGUAGE else language
        if announcements and no_announcements:
            raise SettingsRefused(
                T(
                    "Choose either an announcements channel or `no_announcements`: nothing was "
                    "changed."
                )
            )
        if announcements:
            changes["announcements"] = announcements.id
        elif no_announcements:
            changes["announcements"] = None
        return changes

    @settings.autocomplete("language")
    async def language_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return language_choices(current, reader(interaction))


def language_choices(current: str, language: str) -> list[app_commands.Choice[str]]:
    """The languages a server may choose, named in ``language``: the catalogue's first (its
    posts are said in them), then the server's own, then every other Discord language."""
    own = say(T("The server's own language"), language)
    spoken = [(f"{language_name(code, language)} ({code})", code) for code in CATALOGUE_LANGUAGES]
    others = sorted(
        (f"{language_name(code, language)} ({code})", code)
        for code in LANGUAGES
        if code not in CATALOGUE_LANGUAGES
    )
    named = [*spoken, (own, SERVER_LANGUAGE), *others]
    typed = current.strip().lower()
    shown = [(name, code) for name, code in named if typed in name.lower() or typed in code.lower()]
    return [app_commands.Choice(name=name[:100], value=code) for name, code in shown[:25]]


async def setup(bot: Host) -> None:
    await bot.add_cog(SettingsCog(bot))
